"""Knizia puzzles: one turn, the player's own hand and the public board, one best answer proved by search.

A puzzle file (``puzzles/knizia/*.toml``, see ``puzzles/README.md``) gives a position string, the goal and
the answer (the turn's actions). Goals: ``most`` (take the most figures this turn: the answer takes
``value``, every turn that takes as many takes the same figures, every other turn at least ``margin``
fewer) and ``win`` (win the game now: every winning turn takes the same figures).

:func:`search_turn` goes over every legal turn of the player to move that can change what this turn
captures: every order of the hand's tiles (fast tiles, the swap and the move tile included) on the hexes
next to the settlements the hand can still close, every swap touching such a settlement. The other
players' hands and every pile stay out of it: a turn's captures depend only on the board and the hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from ...common.puzzle_file import PuzzleRecord, read_record
from ...i18n import Domain
from ..core.actions import Action, EndTurn, MoveTile, PlaceTile, Swap, parse_action
from ..core.rules import empty_land_around, is_surrounded, legal_actions, movable_tiles, swap_options
from ..core.ruleset import END_OF_TURN
from ..core.scoring import score_state
from ..core.state import GameState
from ..core.text import tile_name
from ..core.tiles import Caste
from ..scenarios.position import parse_position, position_string
from .words import resolution_words

T = Domain("knizia")
GOALS = ("most", "win")
BUDGET = 400_000  # turns' steps a proof may examine


class OutOfBudget(Exception):
    """The turn has more steps than the budget allows."""


Capture = tuple[int, Caste, int | None]  # settlement, caste, who took it (None: set aside)


@dataclass(frozen=True)
class TurnOutcome:
    """What a whole turn did: the pieces decided, how many the player took, whether he won the game now."""

    captures: frozenset[Capture]
    taken: int
    wins: bool
    actions: tuple[Action, ...]


@dataclass
class TurnSearch:
    """Every distinct outcome of the turns of the player to move, with one turn reaching each."""

    outcomes: dict[frozenset, TurnOutcome] = field(default_factory=dict)
    nodes: int = 0
    budget: int = BUDGET

    def best(self, goal: str) -> list[TurnOutcome]:
        """The outcomes that reach the goal best (``win``: the winning ones)."""
        if goal == "win":
            return [o for o in self.outcomes.values() if o.wins]
        top = max((o.taken for o in self.outcomes.values()), default=0)
        return [o for o in self.outcomes.values() if o.taken == top]

    def second(self, goal: str) -> int:
        """``most``: the figures the best turn that takes other figures takes."""
        best = self.best(goal)
        keys = {o.captures for o in best}
        rest = [o.taken for o in self.outcomes.values() if o.captures not in keys]
        return max(rest, default=0)


def _land_budget(state: GameState) -> int:
    """How many more empty land hexes the hand can fill this turn."""
    hand = state.hands[state.current] or ()
    fast_land = sum(1 for t in hand if t.fast and t.placement == "land")
    normal = not state.normal_played and any(
        (not t.fast and t.placement == "land") or (t.is_move and movable_tiles(state, state.current)) for t in hand)
    return fast_land + int(normal)


def closable(state: GameState) -> set[int]:
    """Settlements this turn's captures can still concern: holding pieces, and either closed but not yet
    resolved (end-of-turn capture) or with no more empty land around than the hand can fill."""
    budget = _land_budget(state)
    pending = state.ruleset.capture_timing == END_OF_TURN
    out = set()
    for s in state.board.settlements:
        if not state.pieces[s]:
            continue
        if is_surrounded(state, s):
            if pending:
                out.add(s)
        elif empty_land_around(state, s) <= budget:
            out.add(s)
    return out


def relevant_actions(state: GameState) -> list[Action]:
    """The legal actions that can change this turn's captures, and ending the turn."""
    near = closable(state)
    board = state.board
    hexes = {o for s in near for o in board.neighbours[s] if state.tiles[o] is None}
    out: list[Action] = []
    lifted: set[str] = set()
    for a in legal_actions(state):
        if isinstance(a, PlaceTile):
            if board.resolve(a.hex) in hexes:
                out.append(a)
        elif isinstance(a, Swap):
            if board.resolve(a.hex_a) in near or board.resolve(a.hex_b) in near:
                out.append(a)
        elif isinstance(a, MoveTile):
            frm, to = board.resolve(a.from_hex), board.resolve(a.to_hex)
            if to not in hexes:
                continue
            if any(s in near for s in board.adjacent_settlements[frm]):
                out.append(a)
            else:  # a tile lifted from far away: one source per tile is enough
                code = (state.tiles[frm].tile.code, a.to_hex)
                if code not in lifted:
                    lifted.add(code)  # type: ignore[arg-type]
                    out.append(a)
        else:
            out.append(a)
    return out


def _key(state: GameState) -> tuple:
    cur = state.current
    return (state.tiles, state.pieces, state.hands[cur], state.normal_played, state.discarded[cur])


def search_turn(state: GameState, budget: int = BUDGET) -> TurnSearch:
    """Every outcome of the current player's turn (OutOfBudget past ``budget`` steps)."""
    result = TurnSearch(budget=budget)
    seen: set[tuple] = set()
    me = state.current

    def visit(s: GameState, path: tuple[Action, ...], taken: tuple[Capture, ...]) -> None:
        key = _key(s)
        if key in seen:
            return
        seen.add(key)
        for a in relevant_actions(s):
            result.nodes += 1
            if result.nodes > budget:
                raise OutOfBudget
            after = s.apply(a)
            caps = taken + tuple((r.hex, r.caste, r.winner) for r in after.events)
            if isinstance(a, EndTurn):
                captures = frozenset(caps)
                if captures not in result.outcomes:
                    result.outcomes[captures] = TurnOutcome(
                        captures, sum(1 for c in caps if c[2] == me), _wins(after, me), path + (a,))
            else:
                visit(after, path + (a,), caps)

    visit(state, (), ())
    return result


def _wins(state: GameState, player: int) -> bool:
    if not state.is_over:
        return False
    report = score_state(state)
    return tuple(report.winners) == (player,)


# --- puzzles ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Puzzle:
    record: PuzzleRecord
    state: GameState

    @property
    def solver(self) -> int:
        return self.state.current

    def answer(self) -> list[Action]:
        return [parse_action(a) for a in self.record.answer]

    def title_text(self) -> str:
        return goal_text(self.state, self.record.goal, self.record.value)


def goal_text(state: GameState, goal: str, value: int) -> str:
    """'Red to play: take the most figures this turn' in the current language and edition."""
    vocab = state.ruleset.vocabulary
    who = vocab.seat_names(state.seats)[state.current]
    if goal == "win":
        return T.gettext("{player} to play: win the game this turn.").format(player=who)
    return T.gettext("{player} to play: take the most {pieces} this turn.").format(player=who, pieces=vocab.pieces)


def load_puzzle(path: Path | str) -> Puzzle:
    return puzzle_from_record(read_record(path))


def puzzle_from_record(record: PuzzleRecord) -> Puzzle:
    if record.goal not in GOALS:
        raise ValueError(f"{record.id}: goal must be one of {', '.join(GOALS)}")
    return Puzzle(record, parse_position(record.position))


def _themes(state: GameState, outcome: TurnOutcome) -> list[str]:
    """The ideas of the answer: capture, tie, ship, ronin, samurai, swap, move tile, fast, win."""
    out = {"capture"} if outcome.taken else set()
    codes = [a.tile.code for a in outcome.actions if isinstance(a, PlaceTile)]
    if any(c[2] is None for c in outcome.captures):
        out.add("tie")
    if any(c.startswith("W") for c in codes):
        out.add("ship")
    if "N1" in codes:
        out.add("ronin")
    if any(c.startswith("S") for c in codes):
        out.add("samurai")
    if any(isinstance(a, Swap) for a in outcome.actions):
        out.add("swap")
    if any(isinstance(a, MoveTile) for a in outcome.actions):
        out.add("move tile")
    if len({c[0] for c in outcome.captures if c[2] is not None}) > 1:
        out.add("double")
    if outcome.wins:
        out.add("win")
    return sorted(out)


def puzzle_from_position(state: GameState, goal: str = "most", source: str = "", id: str = "puzzle",
                         budget: int = BUDGET, min_value: int = 2,
                         search: TurnSearch | None = None) -> PuzzleRecord | None:
    """A puzzle of ``state`` (the player to move, in play) when it has one: the best turn for ``goal``
    is unique in what it captures, decisive (``most``: at least ``min_value`` figures, one more than any
    other turn; ``win``: it wins), and not the obvious one (a single tile does not do it). None otherwise."""
    if search is None:
        try:
            search = search_turn(state, budget)
        except OutOfBudget:
            return None
    best = search.best(goal)
    if not best:
        return None
    if len({o.captures for o in best}) != 1:
        return None
    answer = min(best, key=lambda o: len(o.actions))
    second = search.second(goal)
    if goal == "most" and (answer.taken < min_value or second >= answer.taken):
        return None
    single = [o for o in search.outcomes.values() if len(o.actions) <= 2]  # one action, then end
    if any(o.captures == answer.captures for o in single):
        return None  # the obvious move
    tempting = sum(1 for o in search.outcomes.values() if o.taken and o.captures != answer.captures)
    rating = int(900 + 120 * (len(answer.actions) - 2) + 50 * math.log10(max(search.nodes, 1))
                 + 15 * min(tempting, 20) + (150 if goal == "win" else 0))
    return PuzzleRecord(
        game="knizia", id=id, title="win now" if goal == "win" else f"take {answer.taken}",
        position=position_string(state), goal=goal, answer=tuple(str(a) for a in answer.actions),
        themes=tuple(_themes(state, answer)), rating=rating, source=source or "position",
        value=answer.taken, margin=answer.taken - second if goal == "most" else 0, nodes=search.nodes,
        tempting=tempting)


def prove(puzzle: Puzzle, budget: int = BUDGET) -> list[str]:
    """Every reason the puzzle is not proved (empty: its answer is the only best turn, as stated)."""
    rec = puzzle.record
    try:
        actions = puzzle.answer()
        state = puzzle.state
        for a in actions:
            state = state.apply(a)
    except ValueError as e:
        return [f"answer: {e}"]
    again = puzzle_from_position(puzzle.state, rec.goal, rec.source, rec.id, budget, min_value=1)
    if again is None:
        return ["the search finds no single best turn for this goal"]
    problems = []
    for name in ("answer", "value", "margin", "themes"):
        if getattr(again, name) != getattr(rec, name):
            problems.append(f"{name}: the search gives {getattr(again, name)!r}, the file says {getattr(rec, name)!r}")
    return problems


# --- trying -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    ok: bool
    text: str


def turn_captures(before: GameState, actions: list[Action]) -> tuple[GameState, list]:
    """The state after ``actions`` (ending the turn if they do not) and every piece they decided."""
    state, events = before, []
    for a in actions:
        state = state.apply(a)
        events.extend(state.events)
    if state.current == before.current and not state.is_over:
        state = state.apply(EndTurn())
        events.extend(state.events)
    return state, events


def judge(puzzle: Puzzle, actions: list[Action]) -> Verdict:
    """Judge a whole turn: what it took, in the rules' words, against the goal."""
    before = puzzle.state
    after, events = turn_captures(before, actions)
    me = before.current
    taken = [r for r in events if r.winner == me]
    said = "; ".join(resolution_words(after, r) for r in events) or T.gettext("This turn takes nothing")
    rec = puzzle.record
    answer = frozenset(parse_capture(before, rec))
    mine = frozenset((r.hex, r.caste, r.winner) for r in events)
    if rec.goal == "win":
        if _wins(after, me):
            return Verdict(True, T.gettext("Solved! {what}. The game ends and you win.").format(what=said))
        if after.is_over:
            return Verdict(False, T.gettext("{what}. The game ends, but you do not win it.").format(what=said))
        return Verdict(False, T.gettext("{what}. The game goes on: this turn does not win it.").format(what=said))
    if mine == answer or len(taken) >= rec.value:
        return Verdict(True, T.gettext("Solved! {what}.").format(what=said))
    return Verdict(False, T.ngettext("{what}. That takes {n} of the {pieces}; the best turn takes more.",
                                     "{what}. That takes {n} of the {pieces}; the best turn takes more.",
                                     len(taken)).format(what=said, n=len(taken),
                                                        pieces=before.ruleset.vocabulary.pieces))


def parse_capture(state: GameState, record: PuzzleRecord) -> list[Capture]:
    """The captures of the recorded answer."""
    _, events = turn_captures(state, [parse_action(a) for a in record.answer])
    return [(r.hex, r.caste, r.winner) for r in events]


def hint(puzzle: Puzzle) -> str:
    """Which tile of the hand the answer starts with, and how many actions it has."""
    vocab = puzzle.state.ruleset.vocabulary
    first = puzzle.answer()[0]
    n = len(puzzle.answer()) - 1
    if isinstance(first, Swap):
        what = vocab.swap
    elif isinstance(first, MoveTile):
        what = vocab.move
    else:
        what = tile_name(first.tile, vocab)
    return T.ngettext("Start with {tile}; the answer plays {n} {tile_word}.",
                      "Start with {tile}; the answer plays {n} {tile_word}.", n).format(
        tile=what, n=n, tile_word=vocab.tile if n == 1 else vocab.tiles)
