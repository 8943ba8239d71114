"""Puzzles of any game that declares them (``Game.features["puzzles"]``): read, proved, mined from bot games,
made of a review's marked position ("Learn from your mistakes"), a try judged and a hint, in words.

A game of moves (two players, perfect information: Katana, Iki-zumari) declares a :class:`LinePuzzles` and the
proof is the shared one (:mod:`.puzzle_search`: a forced goal in a few moves, the solver's move the only one at
every step). A game whose puzzles need a search of their own (Knizia's: a turn of several actions, hidden
hands) declares :class:`OwnPuzzles`, and the functions here call its functions::

    puzzle = load_puzzle(game, "puzzles/katana/katana-1-0001.toml")
    prove(game, puzzle)                                   # [] when the file's answer is proved
    judge(puzzle, puzzle.state, "g1-d4", puzzle.record.moves).text
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generic, Iterator, Mapping, Sequence

from ..i18n import Domain
from .game import A, Game, S, all_games
from .puzzle_file import PuzzleRecord, read_record
from .puzzle_search import Prover, Solution, check_line, find_solution, judge_try, line_rating

T = Domain("ui")


# --- what a game declares ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Goal(Generic[S]):
    """One goal of a game of moves, its words translated when called (the game's own domain)."""

    text: Callable[[int], str]  #: for n moves: "{player} to move: kill a samurai in {n} moves."
    #: a wrong try's words, with the defence that refutes it (True) or without:
    #: "{what} But then {reply} {player} can no longer kill in time."
    refuted: Callable[[bool], str]
    #: (start, state, solver): the solver has reached the goal in ``state``; None: he has won the game
    reached: Callable[[S, S, int], bool] | None = None


@dataclass(frozen=True)
class LinePuzzles(Generic[S, A]):
    """What a game of moves declares for its puzzles; words are translated when called."""

    goals: Mapping[str, Goal]  #: by the name the files give (``goal = "kill"``), the review's first
    hint: Callable[[S, A], "str | None"]  #: the solver's winning move, told without its arrival (None: no hint)
    themes: Callable[[S, str, Sequence[A]], list[str]] = lambda start, goal, line: [goal]  #: a solution's ideas
    theme_names: Mapping[str, str] = field(default_factory=dict)  #: theme → its name (``N_``-marked)
    translate: Callable[[str], str] = str  #: a marked name in the current language (the game's ``gettext``)
    tempting: Callable[[S, A], int] = lambda start, answer: 0  #: the wrong first moves that look good
    rating: Callable[[int, int, int], int] = line_rating  #: (moves, positions searched, tempting) → difficulty
    most: int = 3  #: the solver's moves a puzzle takes at the most
    budget: int = 60_000  #: the positions a proof may search
    # --- mining bot games
    #: the goal searched for in a bot game's position (None: none there); default: the first goal everywhere
    mine_goal: Callable[[S], "str | None"] | None = None
    mine_bots: tuple[str, ...] = ("random",)  #: the bots of a mined game (``Game.bot``), one drawn for each seat
    random_moves: float = 0.0  #: the share of random moves in a mined game (so that games differ)
    mine_budget: int = 8_000  #: the positions a mined puzzle may need (keeps every later proof quick)
    keep_one_move: int = 0  #: a goal in one move is kept when at least this many other moves are tempting
    plies: int = 160  #: a mined game is cut here
    per_game: int = 2  #: the puzzles one mined game (one seed) may give at the most
    #: (state, move) → what the move costs of the solver's turns (None: ``Game.cost``); Iki-zumari's ANZEN
    #: extra move is part of the turn that lands on ANZEN
    turn_cost: "Callable[[S, A], int] | None" = None

    def keeps(self, solution: Solution) -> bool:
        """Is a mined solution worth a puzzle (two moves or more, or a first move among enough tempting ones)?"""
        return solution.moves > 1 or solution.tempting >= self.keep_one_move


@dataclass(frozen=True)
class OwnPuzzles:
    """What a game whose puzzles need their own search declares (Knizia's: a turn of several actions, hidden
    hands): its functions, which the shared ones call."""

    load: Callable[[PuzzleRecord], Any]  #: a record's puzzle (``.record``, ``.state``, ``.title_text()``); ValueError
    prove: Callable[[Any], list[str]]  #: every reason a puzzle is not proved
    mine: Callable[[int, int, Callable[[int], None]], list[PuzzleRecord]]  #: (count, seed, progress)
    mistake_puzzle: Callable[[Any, str], "PuzzleRecord | None"]  #: (state, source)
    theme_names: Mapping[str, str] = field(default_factory=dict)
    translate: Callable[[str], str] = str
    #: a record made again by its proof (answer, themes, rating, depth; the id, source and goal kept), or None
    remake: Callable[[PuzzleRecord], "PuzzleRecord | None"] = lambda record: None


def puzzle_games() -> list[Game]:
    """Every game that declares puzzles, the bundled ones first."""
    return [g for g in all_games() if "puzzles" in g.features]


def theme_text(game: Game, theme: str) -> str:
    """A theme's name in the current language (the theme itself when the game names it not)."""
    kind = game.feature("puzzles")
    return kind.translate(kind.theme_names[theme]) if theme in kind.theme_names else theme


# --- a puzzle of a game of moves ---------------------------------------------------------------------------
@dataclass(frozen=True)
class LinePuzzle(Generic[S, A]):
    """A puzzle read from its record: the game, the starting state and the solver (the player to move)."""

    game: Game
    record: PuzzleRecord
    state: S

    @property
    def kind(self) -> LinePuzzles:
        return self.game.feature("puzzles")

    @property
    def goal(self) -> Goal:
        return self.kind.goals[self.record.goal]

    @property
    def solver(self) -> int:
        return self.game.to_move(self.state)

    def prover(self, budget: int | None = None) -> Prover:
        return _prover(self.game, self.record.goal, self.state, budget)

    def line(self) -> list[A]:
        """The answer's moves (ValueError when one cannot be read)."""
        return [self.game.parse_action(self.state, m) for m in self.record.answer]

    def title_text(self) -> str:
        """'Black to move: kill a samurai in 2 moves.' in the current language."""
        n = self.record.moves
        return self.goal.text(n).format(player=self.game.player_name(self.state, self.solver), n=n)


def _prover(game: Game, goal: str, start: Any, budget: int | None = None) -> Prover:
    """The search for ``goal`` of the player to move in ``start``."""
    kind: LinePuzzles = game.feature("puzzles")
    solver, reached = game.to_move(start), kind.goals[goal].reached

    def test(state: Any) -> bool:
        if reached is not None:
            return reached(start, state, solver)
        end = game.outcome(state)
        return end is not None and end.winner == solver
    return Prover(game, solver, test, budget or kind.budget, cost=kind.turn_cost)


def load_puzzle(game: Game, record: PuzzleRecord | Path | str) -> Any:
    """The puzzle of a record or a file (PuzzleFileError or ValueError when it makes none)."""
    record = record if isinstance(record, PuzzleRecord) else read_record(record)
    kind = game.feature("puzzles")
    if isinstance(kind, OwnPuzzles):
        return kind.load(record)
    if record.goal not in kind.goals:
        raise ValueError(f"{record.id}: goal must be one of {', '.join(kind.goals)}")
    return LinePuzzle(game, record, game.from_position(record.position))


def prove(game: Game, puzzle: Any) -> list[str]:
    """Every reason ``puzzle`` is not proved (empty: its answer is the only one, as its file states)."""
    kind = game.feature("puzzles")
    if isinstance(kind, OwnPuzzles):
        return kind.prove(puzzle)
    rec = puzzle.record
    try:
        line = puzzle.line()
    except ValueError as e:
        return [f"answer: {e}"]
    problems = []
    if len(game.legal_actions(puzzle.state)) < 2:
        problems.append("the solver's first move is his only legal move: nothing to find")
    if rec.turns != rec.moves or rec.plies != len(rec.answer):
        problems.append(f"depth: the answer takes {rec.moves} turns and {len(rec.answer)} plies, the file says "
                        f"{rec.turns} and {rec.plies}")
    return problems + check_line(
        puzzle.prover(), puzzle.state, rec.moves, rec.answer, kind.most,
        (lambda: kind.themes(puzzle.state, rec.goal, tuple(line)), rec.themes), game.action_text)


def remake(game: Game, record: PuzzleRecord) -> PuzzleRecord | None:
    """``record`` made again from its position by the proof (its answer, themes, rating and depth as the search
    gives them; id, source and goal kept), or None when the position no longer makes a puzzle of its goal (the
    solver without a choice of first move, no unique forced line, or one not worth a puzzle)."""
    kind = game.feature("puzzles")
    if isinstance(kind, OwnPuzzles):
        return kind.remake(record)
    state = game.from_position(record.position)
    if record.goal not in kind.goals or len(game.legal_actions(state)) < 2:
        return None
    sol = solve(game, state, record.goal)
    if sol is None or not sol.unique or not kind.keeps(sol):
        return None
    return solution_record(game, state, record.goal, sol, record.id, record.source)


# --- finding puzzles -------------------------------------------------------------------------------------
def solve(game: Game, state: Any, goal: str, budget: int | None = None) -> Solution | None:
    """The quickest forced ``goal`` of the player to move (None: none within the game's moves, or over budget)."""
    kind: LinePuzzles = game.feature("puzzles")
    return find_solution(_prover(game, goal, state, budget), state, kind.most, kind.tempting)


def solution_record(game: Game, state: Any, goal: str, sol: Solution, id: str, source: str) -> PuzzleRecord:
    """The puzzle file's record of a solved position."""
    kind: LinePuzzles = game.feature("puzzles")
    return PuzzleRecord(
        game=game.name, id=id, title=f"{goal} in {sol.moves}", position=game.to_position(state), goal=goal,
        answer=tuple(map(game.action_text, sol.line)), themes=tuple(kind.themes(state, goal, sol.line)),
        rating=kind.rating(sol.moves, sol.nodes, sol.tempting), source=source, moves=sol.moves, nodes=sol.nodes,
        tempting=sol.tempting, turns=sol.moves, plies=len(sol.line))


def bot_game(game: Game, seed: int) -> Iterator[tuple[int, Any]]:
    """(ply, state) of one seeded game between the bots the puzzles declare, with a share of random moves."""
    kind: LinePuzzles = game.feature("puzzles")
    rng = random.Random(seed)
    bots = [game.bot(rng.choice(kind.mine_bots), seed=seed * 2 + seat) for seat in range(game.seats[0])]
    state = game.new_state()
    for ply in range(kind.plies):
        if game.is_over(state):
            return
        yield ply, state
        moves = game.legal_actions(state)
        move = rng.choice(moves) if rng.random() < kind.random_moves else bots[game.to_move(state)].choose(state)
        state = game.apply_legal(state, move)


def mine(game: Game, count: int, seed: int, progress: Callable[[int], None] = lambda n: None,
         budget: int | None = None) -> list[PuzzleRecord]:
    """``count`` puzzles of games seeded from ``seed`` (``progress(1)`` after each): the same seed gives the
    same puzzles, and a larger count the same ones first. A position is kept when its quickest forced goal
    has the solver's move unique at every step and is worth it (:meth:`LinePuzzles.keeps`)."""
    kind = game.feature("puzzles")
    if isinstance(kind, OwnPuzzles):
        return kind.mine(count, seed, progress)
    found: list[PuzzleRecord] = []
    seen: set[str] = set()
    lines: set[tuple] = set()  # answer lines already found: one puzzle each (the bundle allows three)
    for number in itertools.count() if count > 0 else ():
        game_seed = seed * 10_000 + number
        taken = 0
        for ply, state in bot_game(game, game_seed):
            goal = kind.mine_goal(state) if kind.mine_goal else next(iter(kind.goals))
            if not goal or len(game.legal_actions(state)) < 2 or game.to_position(state) in seen:
                continue  # no goal here, or a first move with no choice (a give-away)
            sol = solve(game, state, goal, budget or kind.mine_budget)
            if sol is None or not sol.unique or not kind.keeps(sol) or sol.line in lines:
                continue
            seen.add(game.to_position(state))
            lines.add(sol.line)
            found.append(solution_record(game, state, goal, sol, f"{game.name}-{seed}-{len(found) + 1:04d}",
                                         f"bot game seed {game_seed}, ply {ply + 1}"))
            progress(1)
            if len(found) >= count:
                return found
            taken += 1
            if taken >= kind.per_game:
                break
    return found


def mistake_puzzle(game: Game, state: Any, source: str = "") -> PuzzleRecord | None:
    """A review's marked position as a puzzle ("Learn from your mistakes"): the position before the move,
    when its player had a goal proved by search (a game of moves: its goals in their order; puzzles are
    read with the default rulings); None otherwise, or when the game declares no puzzles."""
    kind = game.features.get("puzzles")
    if isinstance(kind, OwnPuzzles):
        return kind.mistake_puzzle(state, source)
    if kind is None or game.rulings(state):
        return None
    for goal in kind.goals:
        sol = solve(game, state, goal)
        if sol is not None:
            return solution_record(game, state, goal, sol, "review", source or "review")
    return None


# --- trying ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict(Generic[S]):
    """A try judged: right or wrong, in words, and the position to go on from."""

    ok: bool
    solved: bool
    text: str
    state: S  # after the try and the defence when right; unchanged when wrong
    left: int
    line: str = ""  # the try and the reply in words, without the judgement


def judge(puzzle: LinePuzzle, state: Any, move: Any, left: int) -> Verdict:
    """Judge the solver's ``move`` (an action or its notation) in ``state``, a position of the puzzle's line,
    with ``left`` moves to go: the try and the defence that follows, in the rules' words."""
    game = puzzle.game
    try:
        move = game.parse_action(state, move) if isinstance(move, str) else move
    except ValueError:
        move = None
    if move is None or move not in game.legal_actions(state):
        return Verdict(False, False, T.gettext("That move is not allowed here."), state, left)
    result = judge_try(puzzle.prover(), state, move, left)
    said = game.describe_action(state, move, result.after)
    if result.solved:
        return Verdict(True, True, T.gettext("Solved! {what}").format(what=said), result.after, result.left, said)
    reply = None if result.reply is None else game.describe_action(result.after, result.reply, result.after_reply)
    if result.ok:
        said = said if reply is None else f"{said} {reply}"
        return Verdict(True, False, T.gettext("Right: {what}").format(what=said),
                       result.after_reply or result.after, result.left, said)
    who = game.player_name(puzzle.state, puzzle.solver)
    return Verdict(False, False, puzzle.goal.refuted(reply is not None).format(what=said, reply=reply, player=who),
                   state, left)


def hint(puzzle: LinePuzzle, state: Any, left: int) -> str:
    """Where the solver's next winning move starts, in the game's words."""
    moves = puzzle.prover().winning_moves(state, left) if left > 0 else []
    said = puzzle.kind.hint(state, moves[0]) if moves else None
    return said or T.gettext("No hint: this position no longer leads to the goal.")
