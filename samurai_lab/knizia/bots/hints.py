"""Hints for a player: the best actions for his hand, ranked, each with a reason in words."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...i18n import N_, Domain
from ..core.actions import Action, EndTurn, MoveTile, Pass, PlaceTile, Swap
from ..core.influence import preview
from ..core.rules import decide, empty_land_around, influence, legal_actions
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import Caste
from .evaluate import DEFAULT_COSTS, DEFAULT_PARAMS, Costs, Params, win_chances
from .greedy import SCREEN, Scored, rank_in, signature
from .knowledge import Perspective, holding_odds, playable

T = Domain("knizia")


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
        return T.gettext("{action}: {reasons} (chance to win about {chance:.0%}, {gain:+.1f} points)").format(
            action=self.action, reasons=self.text, chance=self.score, gain=self.gain * 100)


def hints(state_or_view: GameState, player: int, k: int = 5, params: Params = DEFAULT_PARAMS,
          costs: Costs = DEFAULT_COSTS) -> list[Hint]:
    """The ``k`` best actions for ``player``'s hand, best first, judged only from his view.

    For the player to move every hint is a legal action now. For another player, the hints are for
    his next turn as the board stands (legal once it is his turn, if nothing changes). Outside the
    play phase there are no hints."""
    state = state_or_view
    if not 0 <= player < state.n_players:
        raise ValueError(T.gettext("player {player} is not at the table: players are 0 to {last}").format(
            player=player, last=state.n_players - 1))
    if state.viewer is None:
        view = state.view(player)
    elif state.viewer == player:
        view = state
    else:
        names = state.ruleset.vocabulary.seat_names(state.seats)
        raise ValueError(T.gettext("this is {viewer}'s view; hints for {player} need his own view or the full "
                                   "state").format(viewer=names[state.viewer], player=names[player]))
    if view.phase is not Phase.PLAY:
        return []
    if view.current != player:
        view = replace(view, current=player, normal_played=False, played_this_turn=0, passes=0, events=())
    board, persp = playable(view)
    ranked = rank_in(board, persp, params, costs, screen=max(SCREEN, 2 * k))
    baseline = _baseline(board, persp, ranked, params)
    sig = {a: signature(board, a) for a in legal_actions(board)}  # the ranked actions are legal ones
    return [Hint(s.action, s.chance, s.chance - baseline, tuple(explain(board, s, persp)),
                 tuple(a for a in sig if sig[a] == sig[s.action] and a != s.action))
            for s in ranked[:max(0, k)]]


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
    vocab = state.ruleset.vocabulary
    names = vocab.seat_names(state.seats)
    names[me] = T.gettext("you")
    board = state.board
    if isinstance(action, Pass):
        return [T.gettext("no tile can be placed: you pass (R1)")]
    if isinstance(action, EndTurn):
        return [T.gettext("keeps your remaining tiles: no further tile improves your position")]
    out: list[str] = []
    pv = preview(state, action)
    captured_here = {r.hex for r in pv.resolutions}
    for r in pv.resolutions:
        text = N_("takes the {caste} of {where} ({tallies})") if r.winner == me else \
            N_("sets the {caste} of {where} aside: tie for the highest influence ({tallies})") if r.winner is None \
            else N_("gives the {caste} of {where} to {player} ({tallies})")
        out.append(T.gettext(text).format(caste=vocab.caste(r.caste), where=board.label(r.hex),
                                          tallies=_tally_text(r.tallies, names),
                                          player=None if r.winner is None else names[r.winner]))
    if isinstance(action, Swap):
        out.extend(_swap_reasons(state, action, names, vocab, me))
    touched: list[int] = []
    if isinstance(action, PlaceTile):
        touched = list(board.adjacent_settlements[board.resolve(action.hex)])
    elif isinstance(action, MoveTile):
        a, b = board.resolve(action.from_hex), board.resolve(action.to_hex)
        lifted = state.tiles[a].tile  # type: ignore[union-attr]
        out.append(T.gettext("moves your {code} from {start} to {end}").format(
            code=lifted.code, start=board.label(a), end=board.label(b)))
        touched = list(dict.fromkeys(board.adjacent_settlements[a] + board.adjacent_settlements[b]))
    after = pv.after
    nxt = (state.current + 1) % state.n_players
    odds = None
    for s in touched:
        if s in captured_here or not state.pieces[s] or not after.pieces[s]:
            continue
        for c in after.pieces[s]:
            out.extend(_lead_change(state, after, s, c, me, names, vocab))
        e_before, e_after = empty_land_around(state, s), empty_land_around(after, s)
        if e_after < e_before and e_after in (1, 2):
            text = T.ngettext("brings {where} to {n} empty land hex from closing",
                              "brings {where} to {n} empty land hexes from closing", e_after).format(
                where=board.label(s), n=e_after)
            if e_after == 1 and nxt != me:
                odds = odds or holding_odds(after, nxt, me)
                threats = [c for c in after.pieces[s] if _can_take(after, s, c, nxt, odds)]
                if threats:
                    text += " — " + T.gettext("careful: {player} may close it and take the {castes}").format(
                        player=names[nxt], castes=T.gettext(" and ").join(vocab.caste(c) for c in threats))
            out.append(text)
    if not out:
        if isinstance(action, PlaceTile) and not any(state.pieces[s] for s in touched):
            out.append(T.gettext("no settlement next to it holds pieces: spends a tile without effect"))
        else:
            out.append(T.gettext("changes no lead nearby"))
    return out


def _tally_text(tallies: tuple[int, ...], names: list[str]) -> str:
    parts = [T.gettext("{player} {value}").format(player=names[p], value=v) for p, v in enumerate(tallies) if v]
    return ", ".join(parts) if parts else T.gettext("nobody has influence")


def _lead_change(before: GameState, after: GameState, s: int, caste: Caste, me: int, names: list[str], vocab) -> list[str]:
    t0, t1 = influence(before, s, caste), influence(after, s, caste)
    if t0 == t1:
        return []
    l0, l1 = decide(t0), decide(t1)
    other, player = max(v for p, v in enumerate(t1) if p != me), l0
    if l1 == me and l0 != me:
        text = N_("takes the lead for the {caste} of {where} ({mine} to {other})") if l0 is None else \
            N_("takes the lead for the {caste} of {where} from {player} ({mine} to {other})")
    elif l0 is not None and l0 != me and l1 is None:
        text = N_("blocks {player}'s lead for the {caste} of {where}: now tied at {mine}")
    elif l0 == me and l1 != me:
        text = N_("loses your lead for the {caste} of {where} ({mine} to {other})")
    elif l1 == me:
        text = N_("strengthens your lead for the {caste} of {where} ({mine} to {other})")
    elif l1 is not None and t1[me] > t0[me]:
        text = N_("closes in on {player} for the {caste} of {where} ({mine} to {other})")
        other, player = t1[l1], l1
    else:
        return []
    return [T.gettext(text).format(caste=vocab.caste(caste), where=before.board.label(s), mine=t1[me], other=other,
                                   player=None if player is None else names[player])]


def _can_take(state: GameState, s: int, caste: Caste, player: int, odds) -> bool:
    t = influence(state, s, caste)
    need = max(v for p, v in enumerate(t) if p != player) - t[player] + 1
    return need <= 0 or (need <= 4 and odds[caste.index][need] >= 0.3)


def _swap_reasons(state: GameState, action: Swap, names: list[str], vocab, me: int) -> list[str]:
    board = state.board
    out = []

    def standing(i: int, caste: Caste) -> str:
        t = influence(state, i, caste)
        lead = decide(t)
        if lead is None:
            return T.gettext("nobody leads") if not any(t) else T.gettext("tied: {tallies}").format(
                tallies=_tally_text(t, names))
        if lead == me:
            return T.gettext("you lead, {tallies}").format(tallies=_tally_text(t, names))
        return T.gettext("{player} leads, {tallies}").format(player=names[lead], tallies=_tally_text(t, names))

    for src, caste, dst in ((action.hex_a, action.caste_a, action.hex_b), (action.hex_b, action.caste_b, action.hex_a)):
        a, b = board.resolve(src), board.resolve(dst)
        out.append(T.gettext("moves the {caste} from {start} ({standing_start}) to {end} ({standing_end})").format(
            caste=vocab.caste(caste), start=board.label(a), standing_start=standing(a, caste), end=board.label(b),
            standing_end=standing(b, caste)))
    return out
