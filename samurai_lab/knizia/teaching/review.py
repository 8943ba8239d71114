"""A review of one player's game: the turns that cost the most, the better turn, and why, in words.

Each turn of play and the candidate turns (the search bot's greedy plans) are judged together from the
player's view by Monte Carlo playouts on the fast path (``bots.fast_judge``): the chance *before* the turn is
the best candidate's, *after* it the played turn's; the difference is what the turn cost, marked as lichess
marks moves (``INACCURACY``, ``MISTAKE``, ``BLUNDER``). Random continuations measure the position, not
perfect play. ``review_steps`` yields one turn at a time (a progress bar); ``review_game`` returns it all.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Sequence

from ...common.review_search import BLUNDER, INACCURACY, MISTAKE, Judged
from ...i18n import N_, Domain
from ..bots.fast_judge import judge_plans
from ..bots.knowledge import playable
from ..bots.search import SearchBot
from ..core.actions import Action, EndTurn, Pass
from ..core.model import Phase
from ..core.state import GameState
from .game_text import action_phrase
from .words import resolution_words

T = Domain("knizia")

#: Judgements, worst first: (name, the least loss of chance that earns it, its name in words)
JUDGEMENTS = (("blunder", BLUNDER, N_("Blunder")), ("mistake", MISTAKE, N_("Mistake")),
              ("inaccuracy", INACCURACY, N_("Inaccuracy")))
SAMPLES = 60  # sampled deals per turn: every plan meets each of them
CONFIRM = 120  # fresh deals on which the best plan found and the played one are judged again
PLANS = 8  # candidate turns besides the one played


@dataclass(frozen=True)
class TurnReview(Judged):
    """One turn of the reviewed player: ``states[start]`` began it, ``states[end]`` followed it."""

    start: int
    end: int
    turn: int
    played: tuple[Action, ...]
    best: tuple[Action, ...]
    before: float  # chance to win with the best turn found (the played one included)
    after: float  # chance to win after the turn played


@dataclass(frozen=True)
class GameReview:
    """The reviewed player's turns, in the order of the game."""

    player: int
    turns: tuple[TurnReview, ...]
    samples: int

    @property
    def marked(self) -> tuple[TurnReview, ...]:
        """The turns that cost enough to be marked, in the order of the game."""
        return tuple(t for t in self.turns if t.judgement is not None)


def player_turns(states: Sequence[GameState], actions: Sequence[Action], player: int) -> list[tuple[int, int]]:
    """(start, end) of each turn of play of ``player``: ``actions[start:end]`` are its actions."""
    out: list[tuple[int, int]] = []
    k = 0
    while k < len(actions):
        s = states[k]
        if s.phase is not Phase.PLAY or s.current != player:
            k += 1
            continue
        end = k
        while end < len(actions) and states[end].phase is Phase.PLAY and states[end].turn == s.turn:
            end += 1
        out.append((k, end))
        k = end
    return out


def _complete(plan: tuple[Action, ...], after: GameState) -> tuple[Action, ...]:
    """A turn cut short by the record's end is judged as ended there."""
    if plan and not isinstance(plan[-1], (EndTurn, Pass)) and not after.is_over and after.played_this_turn:
        return plan + (EndTurn(),)
    return plan


def review_turn(states: Sequence[GameState], actions: Sequence[Action], start: int, end: int,
                samples: int = SAMPLES, plans: int = PLANS, rng: random.Random | None = None) -> TurnReview:
    """One turn judged against the candidate turns, from its player's view at its start."""
    rng = rng or random.Random(start)
    state = states[start]
    view = state.view(state.current)
    played = _complete(tuple(actions[start:end]), states[end])
    root, persp = playable(view)
    everyone = [played, *(p for p in SearchBot(plans=plans).candidate_plans(root, persp) if p != played)]
    values = judge_plans(view, everyone, samples, rng)
    best = max(range(len(values)), key=lambda i: values[i])
    if best == 0:
        return TurnReview(start, end, state.turn, played, played, values[0], values[0])
    # the best of many noisy values is flattered by its luck: judge the two again on fresh deals
    again = judge_plans(view, [played, everyone[best]], samples * CONFIRM // SAMPLES, rng)
    if again[1] <= again[0]:
        return TurnReview(start, end, state.turn, played, played, again[0], again[0])
    return TurnReview(start, end, state.turn, played, everyone[best], again[1], again[0])


def review_steps(states: Sequence[GameState], actions: Sequence[Action], player: int, samples: int = SAMPLES,
                 plans: int = PLANS, seed: int = 0) -> Iterator[tuple[int, int, TurnReview]]:
    """Review ``player``'s turns one at a time: yields (turns done, turns in all, the turn's review)."""
    turns = player_turns(states, actions, player)
    for k, (start, end) in enumerate(turns):
        rng = random.Random(f"review:{seed}:{start}")
        yield k + 1, len(turns), review_turn(states, actions, start, end, samples, plans, rng)


def review_game(states: Sequence[GameState], actions: Sequence[Action], player: int, samples: int = SAMPLES,
                plans: int = PLANS, seed: int = 0,
                progress: Callable[[int, int], object] | None = None) -> GameReview:
    """Every turn of ``player`` reviewed; ``progress(done, total)`` after each."""
    out = []
    for done, total, turn in review_steps(states, actions, player, samples, plans, seed):
        out.append(turn)
        if progress is not None:
            progress(done, total)
    return GameReview(player, tuple(out), samples)


def review_data(states: Sequence[GameState], actions: Sequence[Action], player: int, options: Mapping[str, Any],
                progress: Callable[[int, int], object] | None = None) -> dict:
    """``player``'s turns reviewed, as data (``samurai-lab review``); ``options``: ``samples`` and ``seed``."""
    return review_json(states, review_game(states, actions, player, samples=options.get("samples") or SAMPLES,
                                           seed=options.get("seed") or 0, progress=progress))


def record_states(text: str) -> tuple[list[GameState], list[Action]]:
    """The states and actions of a game record (``ScenarioError`` names a line the rules refuse)."""
    from ..scenarios import parse_record, replay

    record = parse_record(text)
    return replay(record), list(record.actions)


# --- in words ------------------------------------------------------------------------------------------

def percent(x: float) -> str:
    """A chance in the current language's way: ``42%``, Italian ``42 %``."""
    return T.gettext("{n}%").format(n=round(100 * x))


def judgement_words(name: str | None) -> str:
    """``Blunder``, ``Mistake``, ``Inaccuracy`` (or ``Good turn``) in the current language."""
    words = next((w for key, _, w in JUDGEMENTS if key == name), None)
    return T.gettext(words) if words else T.gettext("Good turn")


def plan_words(state: GameState, plan: Sequence[Action]) -> str:
    """The tiles of a turn in words, ``Samurai 2 on the land north of Kyoto, then Ship 1 on …``."""
    parts = [action_phrase(state, a) for a in plan if not isinstance(a, EndTurn)]
    if not parts:
        return action_phrase(state, plan[-1]) if plan else ""
    return T.gettext(", then ").join(parts)


def _captures(state: GameState, plan: Sequence[Action]) -> tuple[list[str], GameState]:
    """What ``plan`` decides when played on ``state`` (the game's real tiles), in words, and the state after."""
    out = []
    for a in plan:
        if state.is_over:
            break
        state = state.apply(a)
        out.extend(resolution_words(state, r, capital=False) for r in state.events)
    return out, state


def explain(states: Sequence[GameState], turn: TurnReview) -> list[str]:
    """Why the better turn was better, in sentences: what each turn decides, and the chances."""
    state = states[turn.start]
    who = state.ruleset.vocabulary.seat_names(state.seats)[state.current]
    lines = [T.gettext("Turn {turn}: {player}'s estimated chance to win was {before} with the best turn found, "
                       "{after} after the turn played.").format(
        turn=turn.turn, player=who, before=percent(turn.before), after=percent(turn.after))]
    lines.append(T.gettext("Played: {turn}.").format(turn=plan_words(state, turn.played)))
    if turn.best == turn.played:
        return lines
    lines.append(T.gettext("Better: {turn} ({chance}).").format(turn=plan_words(state, turn.best),
                                                                 chance=percent(turn.before)))
    best_caps, best_after = _captures(state, turn.best)
    played_caps, _ = _captures(state, turn.played)
    if best_caps:
        lines.append(T.gettext("The better turn decides: {captures}.").format(captures="; ".join(best_caps)))
    if played_caps:
        lines.append(T.gettext("The turn played decides: {captures}.").format(captures="; ".join(played_caps)))
    elif best_caps:
        lines.append(T.gettext("The turn played decides nothing at once."))
    else:
        lines.append(T.gettext("Neither turn decides anything at once: the better one leaves {player} better placed "
                               "for the captures that follow.").format(player=who))
    if best_after.is_over and not state.is_over:
        lines.append(T.gettext("The better turn ends the game."))
    return lines


def review_json(states: Sequence[GameState], review: GameReview) -> dict:
    """The review as plain data (the ``--json`` output): every turn, the marked ones explained."""
    seats = states[0].seats
    return {
        "player": review.player,
        "player_name": seats[review.player].name,
        "samples": review.samples,
        "thresholds": {name: least for name, least, _ in JUDGEMENTS},
        "turns": [{
            "turn": t.turn, "start": t.start, "end": t.end,
            "played": [str(a) for a in t.played], "best": [str(a) for a in t.best],
            "before": round(t.before, 4), "after": round(t.after, 4), "loss": round(t.loss, 4),
            "judgement": t.judgement,
            "explanation": explain(states, t) if t.judgement else [],
        } for t in review.turns],
    }
