"""Knizia puzzles: one turn, the player's own hand and the public board, one best answer proved by search.

A puzzle file (``puzzles/knizia/*.toml``, see ``puzzles/README.md``) gives a position string, the goal and
the answer (the turn's actions). Goals: ``most`` (take the most figures this turn: the answer takes
``value``, every turn that takes as many takes the same figures, every other turn at least ``margin``
fewer), ``win`` (win the game now: every winning turn takes the same figures), ``take`` (take the piece
``target``: among the turns that take it, the answer takes the most figures), ``deny`` (leave the next player
no piece to take on his next turn, whatever tiles he holds, :mod:`.reply`; among the turns that do, the answer
takes the most figures) and ``swap`` (``take``, where only a turn with the swap or the move tile takes it).

Every legal turn is searched by :mod:`.turn_search`; the other players' hands and the piles never enter a proof.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from ...common.puzzle_file import PuzzleRecord, read_record
from ...i18n import N_, Domain
from ..core.actions import Action, EndTurn, MoveTile, PlaceTile, Swap, parse_action
from ..core.rules import legal_actions
from ..core.state import GameState
from ..core.text import tile_name
from ..core.tiles import Caste, caste as parse_caste
from ..scenarios.position import parse_position, position_string
from .reply import next_player, threatened
from .turn_search import BUDGET, Capture, OutOfBudget, TurnOutcome, TurnSearch, search_turn, wins
from .words import hex_words, resolution_words

T = Domain("knizia")
GOALS = ("most", "win", "take", "deny", "swap")
THEMES = {"two settlements": N_("pieces taken in two settlements"),
          "gift": N_("a piece left to another player"), "tie": N_("tie"), "ship": N_("ship"),
          "ronin": N_("ronin"), "samurai": N_("samurai"), "swap": N_("swap"), "move tile": N_("move tile"),
          "win": N_("win the game"), "target": N_("a named piece"), "deny": N_("leave nothing to take")}


# --- puzzles ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Puzzle:
    record: PuzzleRecord
    state: GameState

    @property
    def solver(self) -> int:
        return self.state.current

    @property
    def next_player(self) -> int:
        return next_player(self.state)

    def answer(self) -> list[Action]:
        return [parse_action(a) for a in self.record.answer]

    def target(self) -> Capture | None:
        """Goals ``take``, ``swap``: (settlement, caste, the solver) of the piece to take."""
        return parse_target(self.state, self.record.target) if self.record.target else None

    def title_text(self) -> str:
        return goal_text(self.state, self.record.goal, self.record.value, self.target(), self.uses())

    def uses(self) -> str:
        """``swap`` or ``move``: the special tile the answer plays (goal ``swap``)."""
        return "move" if any(isinstance(a, MoveTile) for a in self.answer()) else "swap"


def parse_target(state: GameState, text: str) -> Capture:
    """``B@HO20`` -> (the hex of HO20, Buddha, the player to move)."""
    caste, _, where = text.partition("@")
    return (state.board.resolve(where), parse_caste(caste), state.current)


def target_text(state: GameState, target: Capture) -> str:
    return f"{target[1].value}@{state.board.ids[target[0]]}"


def piece_words(state: GameState, hex_index: int, caste: Caste) -> dict:
    """The {caste} and {where} of a piece, in the current language and the edition's words."""
    return {"caste": state.ruleset.vocabulary.caste(caste), "where": hex_words(state, hex_index)}


def goal_text(state: GameState, goal: str, value: int, target: Capture | None = None, uses: str = "swap") -> str:
    """'Red to play: take the most figures this turn' in the current language and edition."""
    vocab = state.ruleset.vocabulary
    names = vocab.seat_names(state.seats)
    who = names[state.current]
    if goal == "win":
        return T.gettext("{player} to play: win the game this turn.").format(player=who)
    if goal == "take" and target is not None:
        return T.gettext("{player} to play: take the {caste} of {where} this turn.").format(
            player=who, **piece_words(state, target[0], target[1]))
    if goal == "swap" and target is not None:
        text = (T.gettext("{player} to play: take the {caste} of {where} this turn; only the {move} does it.")
                if uses == "move" else
                T.gettext("{player} to play: take the {caste} of {where} this turn; only the {swap} does it."))
        return text.format(player=who, swap=vocab.swap, move=vocab.move, **piece_words(state, target[0], target[1]))
    if goal == "deny":
        return T.gettext("{player} to play: leave {next} no {piece} to take on the next turn, whatever {tiles} "
                         "he holds.").format(player=who, next=names[next_player(state)],
                                             piece=vocab.piece, tiles=vocab.tiles)
    return T.gettext("{player} to play: take the most {pieces} this turn.").format(player=who, pieces=vocab.pieces)


def load_puzzle(path: Path | str) -> Puzzle:
    return puzzle_from_record(read_record(path))


def puzzle_from_record(record: PuzzleRecord) -> Puzzle:
    if record.goal not in GOALS:
        raise ValueError(f"{record.id}: goal must be one of {', '.join(GOALS)}")
    if (record.goal in ("take", "swap")) != bool(record.target):
        raise ValueError(f"{record.id}: a target (such as 'B@HO20') is given for goals 'take' and 'swap' only")
    puzzle = Puzzle(record, parse_position(record.position))
    puzzle.target()  # a target that names no hex or caste is refused here
    return puzzle


def _themes(state: GameState, outcome: TurnOutcome, goal: str) -> list[str]:
    """The ideas of the answer (:data:`THEMES`); every answer takes something, so taking is no theme."""
    me = state.current
    codes = [a.tile.code for a in outcome.actions if isinstance(a, PlaceTile)]
    themes = {
        "tie": any(c[2] is None for c in outcome.captures),
        "ship": any(c.startswith("W") for c in codes),
        "ronin": "N1" in codes,
        "samurai": any(c.startswith("S") for c in codes),
        "swap": any(isinstance(a, Swap) for a in outcome.actions),
        "move tile": any(isinstance(a, MoveTile) for a in outcome.actions),
        "two settlements": len({c[0] for c in outcome.captures if c[2] == me}) > 1,
        "gift": any(c[2] is not None and c[2] != me for c in outcome.captures),
        "win": outcome.wins,
        "target": goal == "take",
        "deny": goal == "deny",
    }
    return sorted(theme for theme, shown in themes.items() if shown)


def targets(search: TurnSearch, me: int) -> list[Capture]:
    """The pieces some turn takes (for goal ``take``), in board order."""
    return sorted({c for o in search.outcomes.values() for c in o.captures if c[2] == me},
                  key=lambda c: (c[0], c[1].index))


def unique_best(search: TurnSearch, goal: str, target: Capture | None = None,
                min_value: int = 1) -> tuple[TurnOutcome, int] | None:
    """The one best way to reach ``goal`` (its shortest turn) and the figures of the best turn reaching it with
    other figures (-1: there is none), when the search proves one (``most``: at least ``min_value`` figures and
    more than any other turn); None otherwise."""
    best = search.best(goal, target)
    if not best or len({o.captures for o in best}) != 1:
        return None
    answer = min(best, key=lambda o: len(o.actions))
    second = search.second(goal, target)
    if goal == "most" and (answer.taken < min_value or second >= answer.taken):
        return None
    return answer, second


def mistake_puzzle(state: GameState, source: str = "") -> PuzzleRecord | None:
    """A review's marked turn as a puzzle ("Learn from your mistakes") when the search proves one answer best
    (the one turn that wins now, else the one that takes the most pieces); unlike the mined puzzles, the obvious
    answer is kept: the player missed it. None otherwise."""
    try:
        search = search_turn(state)
    except OutOfBudget:
        return None
    for goal in ("win", "most"):
        proved = unique_best(search, goal)
        if proved is None:
            continue
        answer, second = proved
        return PuzzleRecord(
            game="knizia", id="review", title="win now" if goal == "win" else f"take {answer.taken}",
            position=position_string(state), goal=goal, answer=tuple(str(a) for a in answer.actions), themes=(),
            rating=0, source=source or "review", value=answer.taken,
            margin=answer.taken - max(second, 0) if goal == "most" else 0, nodes=search.nodes)
    return None


def goal_answer(search: TurnSearch, goal: str, target: Capture | None = None,
                min_value: int = 1) -> tuple[TurnOutcome, int] | None:
    """The one answer that reaches ``goal`` best and its margin (0: no other turn reaches the goal with other
    figures), when the search proves one (:func:`unique_best`) and no single tile finds it; None otherwise
    (see puzzles/README.md)."""
    proved = unique_best(search, goal, target, min_value)
    if proved is None:
        return None
    answer, second = proved
    if goal == "swap" and (not answer.special or any(target in c for c in search.plain)):
        return None
    pool = search.reaching(goal, target)
    if goal in ("most", "win"):  # the obvious move: one tile does it
        obvious = any(o.captures == answer.captures and len(o.actions) <= 2 for o in search.outcomes.values())
    elif goal == "deny":  # a single tile may be the answer when it is the only way
        obvious = second >= 0 and any(len(o.actions) <= 2 and o.captures == answer.captures for o in pool)
    else:  # take, swap: no single tile takes the piece
        obvious = any(len(o.actions) <= 2 for o in pool)
    if obvious or (goal == "deny" and answer.wins):
        return None
    if goal == "most":
        return answer, answer.taken - max(second, 0)
    return answer, (0 if second < 0 or goal == "win" else answer.taken - second)


def _pick_target(search: TurnSearch, me: int, goal: str,
                 min_value: int) -> tuple[Capture, TurnOutcome, int] | None:
    """Goals ``take``, ``swap``: the first piece (the only way to take it first, then in board order) that
    makes a puzzle (``take``: that the turn taking the most figures does not take)."""
    most = search.best("most")
    taken_anyway = set.intersection(*(set(o.captures) for o in most)) if most and goal == "take" else set()
    found = [(got[1] != 0, t, got) for t in targets(search, me) if t not in taken_anyway
             and (got := goal_answer(search, goal, t)) is not None and got[0].taken >= min_value]
    if not found:
        return None
    _, t, (answer, margin) = min(found, key=lambda f: (f[0], f[1][0], f[1][1].index))
    return t, answer, margin


def puzzle_from_position(state: GameState, goal: str = "most", source: str = "", id: str = "puzzle",
                         budget: int = BUDGET, min_value: int = 2, search: TurnSearch | None = None,
                         target: Capture | None = None) -> PuzzleRecord | None:
    """A puzzle of ``state`` (the player to move, in play) for ``goal`` when it has one (:func:`goal_answer`;
    ``take``: of ``target``, else of the first piece that makes one); None otherwise. A ``deny`` search is
    made when ``search`` is not one."""
    if search is None:
        try:
            search = search_turn(state, budget, deny=goal == "deny")
        except OutOfBudget:
            return None
    take = goal in ("take", "swap")
    if take and target is None:
        picked = _pick_target(search, state.current, goal, min_value=1)
    else:
        got = goal_answer(search, goal, target if take else None, 1 if take else min_value)
        picked = None if got is None else (target, *got)
    if picked is None:
        return None
    target, answer, margin = picked

    def missed(o: TurnOutcome) -> bool:
        """A tempting turn: it takes something, but not what the puzzle asks."""
        if goal == "deny":
            return not o.denies
        return target not in o.captures if take else o.captures != answer.captures

    tempting = sum(1 for o in search.outcomes.values() if o.taken and missed(o))
    rating = int(900 + 120 * (len(answer.actions) - 2) + 50 * math.log10(max(search.nodes, 1))
                 + 15 * min(tempting, 20) + {"win": 150, "deny": 100, "take": 50, "swap": 50}.get(goal, 0))
    titles = {"win": "win now", "take": "take {target}", "deny": "leave nothing to take",
              "swap": "take {target} with the special tile"}
    title = titles.get(goal, "take {n}").format(n=answer.taken, target=target_text(state, target) if target else "")
    return PuzzleRecord(
        game="knizia", id=id, title=title, position=position_string(state), goal=goal,
        answer=tuple(str(a) for a in answer.actions), themes=tuple(_themes(state, answer, goal)), rating=rating,
        source=source or "position", target=target_text(state, target) if target else "", value=answer.taken,
        margin=margin, nodes=search.nodes, tempting=tempting, turns=1,
        plies=sum(1 for a in answer.actions if not isinstance(a, EndTurn)))


def prove(puzzle: Puzzle, budget: int = BUDGET) -> list[str]:
    """Every reason the puzzle is not proved (empty: its answer is the only best turn, as stated)."""
    rec = puzzle.record
    try:
        state = puzzle.state
        for a in puzzle.answer():
            state = state.apply(a)
    except ValueError as e:
        return [f"answer: {e}"]
    if len(legal_actions(puzzle.state)) < 2:
        return ["the solver's first action is his only legal one: nothing to find"]
    again = puzzle_from_position(puzzle.state, rec.goal, rec.source, rec.id, budget, min_value=1,
                                 target=puzzle.target())
    if again is None:
        return ["the search of every legal turn finds no single best turn for this goal (another turn reaches "
                "it as well, or a single tile does)"]
    return [f"{name}: the search gives {getattr(again, name)!r}, the file says {getattr(rec, name)!r}"
            for name in ("answer", "value", "margin", "themes", "target", "turns", "plies")
            if getattr(again, name) != getattr(rec, name)]


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


def reply_words(puzzle: Puzzle, after: GameState, answer_after: GameState) -> str:
    """', but then Blue could take the Buddha of Edo ...': a piece the next player could take after this turn
    and not after the answer (empty when there is none)."""
    new = sorted(threatened(after) - threatened(answer_after), key=lambda t: (t[0], t[1].index))
    if not new:
        return ""
    s, caste = new[0]
    names = puzzle.state.ruleset.vocabulary.seat_names(puzzle.state.seats)
    text = T.gettext("but then {player} could take the {caste} of {where} on the next turn").format(
        player=names[puzzle.next_player], **piece_words(puzzle.state, s, caste))
    if len(new) > 1:
        text += T.ngettext(" (and {n} more piece)", " (and {n} more pieces)", len(new) - 1).format(n=len(new) - 1)
    return text


def judge(puzzle: Puzzle, actions: list[Action]) -> Verdict:
    """Judge a whole turn: what it took, in the rules' words, against the goal; a wrong turn also says what
    the next player could then take that the answer leaves him no chance of."""
    before = puzzle.state
    after, events = turn_captures(before, actions)
    me = before.current
    taken = [r for r in events if r.winner == me]
    said = "; ".join(resolution_words(after, r) for r in events) or T.gettext("This turn takes nothing")
    rec = puzzle.record
    answer_after, answer_events = turn_captures(before, puzzle.answer())
    answer = frozenset((r.hex, r.caste, r.winner) for r in answer_events)
    mine = frozenset((r.hex, r.caste, r.winner) for r in events)
    vocab = before.ruleset.vocabulary
    if rec.goal == "win":
        if wins(after, me):
            return Verdict(True, T.gettext("Solved! {what}. The game ends and you win.").format(what=said))
        if after.is_over:
            return Verdict(False, T.gettext("{what}. The game ends, but you do not win it.").format(what=said))
        return _wrong(puzzle, after, answer_after,
                      T.gettext("{what}. The game goes on: this turn does not win it.").format(what=said))
    if rec.goal in ("take", "swap"):
        target = puzzle.target()
        if target in mine and (mine == answer or len(taken) >= rec.value):
            return Verdict(True, T.gettext("Solved! {what}.").format(what=said))
        if target in mine:
            text = T.gettext("{what}. That takes the {caste} of {where}, but the best turn that takes it takes "
                             "more {pieces}.")
        else:
            text = T.gettext("{what}. That does not take the {caste} of {where}.")
        return _wrong(puzzle, after, answer_after, text.format(
            what=said, pieces=vocab.pieces, **piece_words(before, target[0], target[1])))
    if rec.goal == "deny":
        left = threatened(after) if not after.is_over else set()
        nobody = vocab.seat_names(before.seats)[puzzle.next_player]
        if not left and not after.is_over and (mine == answer or len(taken) >= rec.value):
            return Verdict(True, T.gettext("Solved! {what}. {player} has no {piece} to take on the next turn, "
                                           "whatever {tiles} he holds.").format(
                what=said, player=nobody, piece=vocab.piece, tiles=vocab.tiles))
        if not left and not after.is_over:
            return Verdict(False, T.gettext("{what}. That leaves {player} nothing to take, but the best such turn "
                                            "takes more {pieces}.").format(what=said, player=nobody,
                                                                          pieces=vocab.pieces))
        return _wrong(puzzle, after, answer_after, T.gettext("{what}.").format(what=said))
    if mine == answer or len(taken) >= rec.value:
        return Verdict(True, T.gettext("Solved! {what}.").format(what=said))
    return _wrong(puzzle, after, answer_after,
                  T.ngettext("{what}. That takes {n} of the {pieces}; the best turn takes more.",
                             "{what}. That takes {n} of the {pieces}; the best turn takes more.",
                             len(taken)).format(what=said, n=len(taken), pieces=vocab.pieces))


def _wrong(puzzle: Puzzle, after: GameState, answer_after: GameState, text: str) -> Verdict:
    """A wrong try's verdict, with what the next player could then take (when the answer would not let him)."""
    reply = reply_words(puzzle, after, answer_after)
    if reply:
        text = T.gettext("{verdict}, {reply}.").format(verdict=text.rstrip("."), reply=reply)
    return Verdict(False, text)


def hint(puzzle: Puzzle) -> str:
    """Which tile of the hand the answer starts with, and how many actions it has."""
    vocab = puzzle.state.ruleset.vocabulary
    first = puzzle.answer()[0]
    n = len(puzzle.answer()) - 1
    what = (vocab.swap if isinstance(first, Swap) else vocab.move if isinstance(first, MoveTile)
            else tile_name(first.tile, vocab))
    return T.ngettext("Start with {tile}; the answer plays {n} {tile_word}.",
                      "Start with {tile}; the answer plays {n} {tile_word}.", n).format(
        tile=what, n=n, tile_word=vocab.tile if n == 1 else vocab.tiles)
