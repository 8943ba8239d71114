"""The guided lesson: chapters, each an explanation and tasks on prepared positions ("make the move that ...")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...i18n import Domain, N_
from ..core.board import ARRIVAL_TYPE, BLACK, KIND, SHIRO
from ..core.rules import apply_move, is_tachiojo, outcome, why_illegal
from ..core.ruleset import DEFAULT, Ruleset
from ..core.state import Move, State, from_position, new_game, parse_move

T = Domain("katana")

Goal = Callable[[State, Move, State], bool]


@dataclass(frozen=True)
class Task:
    """One task: its id, the position, what to do, when it is solved, a hint, the not-yet feedback."""

    id: str
    position: str  # a position string, or "new"
    prompt: str  # untranslated (N_), shown with T.gettext
    goal: Goal
    not_yet: str  # feedback for a legal move that misses the goal
    hint: str
    solution: str  # one move that solves it (proved by a test)
    rules: Ruleset = DEFAULT

    def start(self) -> State:
        return new_game(self.rules) if self.position == "new" else from_position(self.position, self.rules)


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    text: str
    tasks: tuple[Task, ...]


@dataclass(frozen=True)
class TaskResult:
    solved: bool
    message: str
    after: State | None = None  # the position after a legal try


def _wins(before: State, move: Move, after: State) -> bool:
    res = outcome(after)
    return res is not None and res.winner == before.to_move


CHAPTERS: tuple[Chapter, ...] = (
    Chapter("free", N_("1. The free move"), N_(
        "Samurai move like the chess queen: any number of squares in a straight line, never over another "
        "samurai, never across or onto a KATANA square. Black begins. After a move onto a BLACK square (or a "
        "vacated SHIRO, which counts as BLACK) the next move is free."), (
        Task("free-1", "new", N_("Black begins: move a samurai onto a BLACK square."),
             lambda b, m, a: m.kind == "move" and ARRIVAL_TYPE[m.to] == BLACK and KIND[m.to] != SHIRO,
             N_("That move is legal, but it does not end on a BLACK (dark) square."),
             N_("The dark square e9 is right next to the samurai on d9."), "d9-e9"),
    )),
    Chapter("constrained", N_("2. The constrained move"), N_(
        "A move that ends on a symbol square (Ryu dragon, Taiyo sun, Wash bird, Mekura moon) binds the next "
        "player: he must move a samurai standing next to a square of that symbol, cross that square first "
        "without stopping on it, then go on in the same line as far as he likes. He may never stop on a "
        "square of that symbol."), (
        Task("constrained-1", "d9,f9,a7,i7 d1,i3,c4,e4 r taiyo 0:0",
             N_("Black stopped on a Taiyo (sun). Make a legal move for Red."), lambda b, m, a: True,
             N_("That move is legal."),
             N_("Only c4 and e4 stand next to a Taiyo square with room behind it: try c4 across b4."), "c4-a4"),
        Task("constrained-2", "d9,f9,a7,i7 d1,i3,c4,e4 r taiyo 0:0",
             N_("Red: cross the Taiyo d5 diagonally and go as far as you can."),
             lambda b, m, a: m.kind == "move" and str(m) == "c4-g8",
             N_("That move is legal, but it does not go as far as it can across d5."),
             N_("From c4 the line through d5 goes on to e6, f7 and g8."), "c4-g8"),
    )),
    Chapter("tachiojo", N_("3. Tachiōjō"), N_(
        "A player who cannot move any samurai within the Sacred Constraints passes: Tachiōjō. The next "
        "move is then free."), (
        Task("tachiojo-1", "new", N_("Black: make a move that leaves Red no legal move."),
             lambda b, m, a: is_tachiojo(a),
             N_("That move is legal, but Red can still answer it."),
             N_("Stop on a Taiyo (sun): every red samurai next to a Taiyo has the edge or a KATANA behind it."),
             "d9-c9"),
        Task("tachiojo-2", "c9,f9,a7,i7 d1,f1,a3,i3 r taiyo 0:0 0 1 -",
             N_("Red cannot move: do what the rules say."), lambda b, m, a: m.kind == "pass",
             N_("Red has no other choice."), N_("Press Pass (Tachiōjō)."), "pass"),
    )),
    Chapter("sfida", N_("4. The Sfida"), N_(
        "Two rival samurai on one line with a KATANA square between them make a challenge area. The samurai "
        "that arrives there attacks, and the attacker always wins: a defender with his sword loses it and "
        "goes back to a free SHIRO square of his side; a defender already without sword is killed. Then the "
        "defeated player moves. Whoever first kills three enemy samurai wins."), (
        Task("sfida-1", "d9,f9,a7,e6 d1,f1,e1,i3 r - 0:0",
             N_("Red: attack the black samurai on e6."), lambda b, m, a: bool(a.challenges),
             N_("That move is legal, but it starts no challenge."),
             N_("Stand on the other side of the KATANA e5, on e4."), "e1-e4"),
        Task("sfida-2", "e6',c6' d1,f1,e1,i3 r - 0:2",
             N_("Red has killed two samurai: win the game in one move."), _wins,
             N_("That move is legal, but it does not kill a third samurai."),
             N_("e6 and c6 have lost their swords: face one of them across a KATANA square."), "e1-e4"),
    )),
)


def all_tasks() -> list[Task]:
    return [t for ch in CHAPTERS for t in ch.tasks]


def task_by_id(task_id: str) -> Task:
    for t in all_tasks():
        if t.id == task_id:
            return t
    raise ValueError(f"no lesson task {task_id!r}")


def check_task(task: Task, move: object) -> TaskResult:
    """Whether ``move`` solves ``task``; the message names the rule when it does not."""
    state = task.start()
    try:
        parsed = parse_move(move)
    except ValueError as e:
        return TaskResult(False, str(e))
    reason = why_illegal(state, parsed)
    if reason is not None:
        return TaskResult(False, reason)
    after = apply_move(state, parsed)
    if task.goal(state, parsed, after):
        return TaskResult(True, T.gettext("Well done!"), after)
    return TaskResult(False, T.gettext(task.not_yet), after)
