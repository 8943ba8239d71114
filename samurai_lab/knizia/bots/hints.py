"""Hints for a player: the best actions for his hand, ranked, each with a reason in words."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.actions import Action, EndTurn, MoveTile, Pass, PlaceTile, Swap
from ..core.influence import preview
from ..core.rules import decide, influence, legal_actions
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import Caste
from .evaluate import DEFAULT_COSTS, DEFAULT_PARAMS, Costs, Params, empty_land, win_chances
from .greedy import SCREEN, Scored, rank_in, signature
from .knowledge import Perspective, holding_odds, playable


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action: the estimated chance to win once the turn ends after it, the change that
    makes against playing nothing more this turn, why, in words, and the other actions with exactly
    the same effect (the same tile on a hex touching the same settlements)."""

    action: Action
    score: float  # estimated chance to win, 0..1
    gain: float  # change of that chance against ending the turn now (or against the position as it is)
    reasons: tuple[str, ...]
    equivalents: tuple[Action, ...] = ()

    @property
    def text(self) -> str:
        return "; ".join(self.reasons)

    def __str__(self) -> str:
        return f"{self.action}: {self.text} (chance to win about {self.score:.0%}, {self.gain * 100:+.1f} points)"


def hints(state_or_view: GameState, player: int, k: int = 5, params: Params = DEFAULT_PARAMS,
          costs: Costs = DEFAULT_COSTS) -> list[Hint]:
    """The ``k`` best actions for ``player``'s hand, best first, judged only from his view.

    For the player to move every hint is a legal action now. For another player, the hints are for
    his next turn as the board stands (legal once it is his turn, if nothing changes). Outside the
    play phase there are no hints."""
    state = state_or_view
    if not 0 <= player < state.n_players:
        raise ValueError(f"player {player} is not at the table: players are 0 to {state.n_players - 1}")
    if state.viewer is None:
        view = state.view(player)
    elif state.viewer == player:
        view = state
    else:
        raise ValueError(f"this is {state.seats[state.viewer].name}'s view; hints for {state.seats[player].name} "
                         "need his own view or the full state")
    if view.phase is not Phase.PLAY:
        return []
    if view.current != player:
        view = replace(view, current=player, normal_played=False, played_this_turn=0, passes=0, events=())
    board, persp = playable(view)
    ranked = rank_in(board, persp, params, costs, screen=max(SCREEN, 2 * k))
    baseline = _baseline(board, persp, ranked, params)
    groups: dict[tuple, list[Action]] = {}
    for a in legal_actions(board):
        groups.setdefault(signature(board, a), []).append(a)
    out = []
    for scored in ranked[:max(0, k)]:
        same = tuple(a for a in groups.get(signature(board, scored.action), ()) if a != scored.action)
        out.append(Hint(scored.action, scored.chance, scored.chance - baseline, tuple(explain(board, scored, persp)), same))
    return out


def _baseline(state: GameState, persp: Perspective, ranked: list[Scored], params: Params) -> float:
    for s in ranked:
        if isinstance(s.action, (EndTurn, Pass)):
            return s.chance
    nxt = replace(state, current=(state.current + 1) % state.n_players, played_this_turn=0, normal_played=False)
    return win_chances(nxt, persp, None, params)[persp.player]


# --- reasons ----------------------------------------------------------------------------------------------

def explain(state: GameState, scored: Scored, persp: Perspective) -> list[str]:
    """Why an action is good or bad, in words: captures, leads taken or blocked, settlements near closing."""
    action = scored.action
    me = persp.player
    names = ["you" if p == me else state.seats[p].name for p in range(state.n_players)]
    vocab = state.ruleset.vocabulary
    board = state.board
    if isinstance(action, Pass):
        return ["no tile can be placed: you pass (R1)"]
    if isinstance(action, EndTurn):
        return ["keeps your remaining tiles: no further tile improves your position"]
    out: list[str] = []
    pv = preview(state, action)
    captured_here = set()
    for r in pv.resolutions:
        captured_here.add(r.hex)
        what = f"the {vocab.caste(r.caste)} of {board.label(r.hex)}"
        score_ = _tally_text(r.tallies, names)
        if r.winner == me:
            out.append(f"takes {what} ({score_})")
        elif r.winner is None:
            out.append(f"sets {what} aside: tie for the highest influence ({score_})")
        else:
            out.append(f"gives {what} to {names[r.winner]} ({score_})")
    if isinstance(action, Swap):
        out.extend(_swap_reasons(state, action, names, vocab))
    touched: list[int] = []
    if isinstance(action, PlaceTile):
        touched = list(board.adjacent_settlements[board.resolve(action.hex)])
    elif isinstance(action, MoveTile):
        a, b = board.resolve(action.from_hex), board.resolve(action.to_hex)
        lifted = state.tiles[a].tile  # type: ignore[union-attr]
        out.append(f"moves your {lifted.code} from {board.label(a)} to {board.label(b)}")
        touched = list(dict.fromkeys(board.adjacent_settlements[a] + board.adjacent_settlements[b]))
    after = pv.after
    nxt = (state.current + 1) % state.n_players
    odds = None
    for s in touched:
        if s in captured_here or not state.pieces[s] or not after.pieces[s]:
            continue
        for c in after.pieces[s]:
            out.extend(_lead_change(state, after, s, c, me, names, vocab))
        e_before, e_after = empty_land(state, s), empty_land(after, s)
        if e_after < e_before and e_after in (1, 2):
            text = f"brings {board.label(s)} to {e_after} empty land hex{'es' if e_after > 1 else ''} from closing"
            if e_after == 1 and nxt != me:
                odds = odds or holding_odds(after, nxt, me)
                threats = [c for c in after.pieces[s] if _can_take(after, s, c, nxt, odds)]
                if threats:
                    text += (f" — careful: {names[nxt]} may close it and take the "
                             + " and ".join(vocab.caste(c) for c in threats))
            out.append(text)
    if not out:
        if isinstance(action, PlaceTile) and not any(state.pieces[s] for s in touched):
            out.append("no settlement next to it holds pieces: spends a tile without effect")
        else:
            out.append("changes no lead nearby")
    return out


def _tally_text(tallies: tuple[int, ...], names: list[str]) -> str:
    parts = [f"{names[p]} {v}" for p, v in enumerate(tallies) if v]
    return ", ".join(parts) if parts else "nobody has influence"


def _lead_change(before: GameState, after: GameState, s: int, caste: Caste, me: int, names: list[str], vocab) -> list[str]:
    t0, t1 = influence(before, s, caste), influence(after, s, caste)
    if t0 == t1:
        return []
    l0, l1 = decide(t0), decide(t1)
    what = f"the {vocab.caste(caste)} of {before.board.label(s)}"
    mine, best_other = t1[me], max(v for p, v in enumerate(t1) if p != me)
    if l1 == me and l0 != me:
        if l0 is None:
            return [f"takes the lead for {what} ({mine} to {best_other})"]
        return [f"takes the lead for {what} from {names[l0]} ({mine} to {best_other})"]
    if l0 is not None and l0 != me and l1 is None:
        return [f"blocks {names[l0]}'s lead for {what}: now tied at {mine}"]
    if l0 == me and l1 != me:
        return [f"loses your lead for {what} ({mine} to {best_other})"]
    if l1 == me:
        return [f"strengthens your lead for {what} ({mine} to {best_other})"]
    if l1 is not None and t1[me] > t0[me]:
        return [f"closes in on {names[l1]} for {what} ({mine} to {t1[l1]})"]
    return []


def _can_take(state: GameState, s: int, caste: Caste, player: int, odds) -> bool:
    t = influence(state, s, caste)
    need = max(v for p, v in enumerate(t) if p != player) - t[player] + 1
    return need <= 0 or (need <= 4 and odds[caste.index][need] >= 0.3)


def _swap_reasons(state: GameState, action: Swap, names: list[str], vocab) -> list[str]:
    board = state.board
    out = []

    def standing(i: int, caste: Caste) -> str:
        t = influence(state, i, caste)
        lead = decide(t)
        if lead is None:
            return "nobody leads" if not any(t) else f"tied: {_tally_text(t, names)}"
        verb = "lead" if names[lead] == "you" else "leads"
        return f"{names[lead]} {verb}, {_tally_text(t, names)}"

    for src, caste, dst in ((action.hex_a, action.caste_a, action.hex_b), (action.hex_b, action.caste_b, action.hex_a)):
        a, b = board.resolve(src), board.resolve(dst)
        out.append(f"moves the {vocab.caste(caste)} from {board.label(a)} ({standing(a, caste)}) "
                   f"to {board.label(b)} ({standing(b, caste)})")
    return out
