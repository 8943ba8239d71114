"""A short guided lesson: chapters, each an explanation and tasks on prepared positions ("make the move
that ..."), with a check, feedback that names the rule when the try is wrong, and hints."""

from __future__ import annotations

from dataclasses import dataclass, field

from samurai_lab.i18n import N_, Domain

from ..core.board import ANZEN, BOARD, MEKURA, SHIRO
from ..core.moves import Move, parse_move
from ..core.position import START, from_position
from ..core.rules import apply_move, legal_moves, outcome, play, why_illegal
from ..core.state import State
from ..core.text import a_symbol, player_name, square_words
from ..bots.evaluate import stifling_move

T = Domain("ikizumari")


@dataclass(frozen=True)
class Task:
    """``goal``: distance / long / land / legal / win / safe; ``arg``: its parameter."""

    id: str
    prompt: str
    position: str
    goal: str
    arg: str | int | None
    hint: str
    rule: str  # the rule the task is about (shown with wrong tries)

    def start(self) -> State:
        return from_position(self.position)


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    explanation: str
    tasks: tuple[Task, ...] = field(default=())


AFTER_2_DRAGON = "3bb1bb3/11/11/11/11/11/11/11/3r7/11/4r1rr3 b 2D - - 1"

CHAPTERS: tuple[Chapter, ...] = (
    Chapter("moves", N_("1. The board and the moves"), N_(
        "121 squares: 8 SHIRO (forteresse, marked with a cross) where the samurai start, 64 squares with one of "
        "four symbols (dragon: green triangle, ibis: crimson circle, tiger: orange diamond, tortoise: blue hexagon), "
        "the central ANZEN (sécurité) and 48 blank MEKURA (aveugle). A samurai moves along one straight line "
        "(horizontal, vertical or diagonal), at least one square, and never lands on an occupied square. Red "
        "begins; his first move is at most 7 squares."), (
        Task("first-3", N_("Move a samurai exactly 3 squares, along any straight line."), START, "distance", 3,
             N_("Choose a red samurai, then a square three steps away along a row, a column or a diagonal."),
             N_("Rule a: the distance is yours to choose.")),
        Task("first-dragon", N_("Open with a move that lands on a dragon (green triangle)."), START, "land", "dragon",
             N_("d1 to d3 is the rulebook's own '2 dragon'."), N_("Rule a: you announce the symbol you land on.")),
    )),
    Chapter("answer", N_("2. Answering an announcement"), N_(
        "The mover announces the distance and the symbol he landed on: '2 dragon'. The next player must move "
        "one of his samurai exactly that distance, or one more, or one less (here 1, 2 or 3), and the first "
        "square he crosses must bear that symbol."), (
        Task("answer-2-dragon", N_("Red announced 2 dragon. Answer with a legal move."), AFTER_2_DRAGON, "legal",
             None, N_("The first square crossed must be a dragon: look at the squares next to d11 and h11."),
             N_("Rule a: the distance ±1, and the first square crossed bears the symbol.")),
        Task("answer-ibis", N_("Answer 2 dragon so that you announce '2 ibis'."), AFTER_2_DRAGON, "land", "ibis",
             N_("From d11, two squares to the left: c11 is a dragon, b11 an ibis."),
             N_("Rule a: you announce the symbol you land on.")),
    )),
    Chapter("hobo", N_("3. HO BO and SHIRO"), N_(
        "A samurai that lands on a MEKURA only announces the distance: 'QUATRE HO BO'. The opponent then "
        "chooses the direction, but the distance stays imposed. The same holds when a samurai comes back to a "
        "SHIRO of its own camp: the player announces 'SHIRO'."), (
        Task("ho-bo", N_("Black said QUATRE HO BO: move 5 squares, in the direction you like."),
             "6bb3/7b3/11/11/9r1/4b6/10r/11/11/11/1rr8 r 4 - - 12", "distance", 5,
             N_("HO BO: any direction, 3, 4 or 5 squares. b1 to b6 is one answer."),
             N_("Rule e: after HO BO the direction is free, the distance is not.")),
        Task("back-to-shiro", N_("Bring a samurai back to one of your SHIRO squares."),
             "3bb2b3/2b8/11/11/11/11/11/9r1/11/11/1r1r3r3 r 3D - - 4", "land", "own_shiro",
             N_("b1 to e1: 3 squares to the right, the first one (c1) a dragon, over your samurai on d1."),
             N_("Rule 4: a samurai may come back to the SHIRO of its camp.")),
    )),
    Chapter("anzen", N_("4. ANZEN"), N_(
        "A player who lands on the central ANZEN plays again, free to choose both the direction and the "
        "distance. Each player enjoys this only once per game."), (
        Task("reach-anzen", N_("Reach ANZEN, the square in the centre."),
             "11/11/5b5/11/11/2r8/11/3b4r2/3r7/2r8/1b2b6 b 1I - - 65", "land", "anzen",
             N_("From d4, two squares diagonally up and to the right: e5 is an ibis."),
             N_("Rule f: ANZEN gives another move.")),
        Task("use-bonus", N_("Use your extra move: a move of 8 squares or more."),
             "11/11/5b5/11/11/2r2b5/11/8r2/3r7/2r8/1b2b6 b - A2 b 66", "long", 8,
             N_("b1 up to b9 is 8 squares."), N_("Rule f: after ANZEN the distance is free.")),
    )),
    Chapter("iki", N_("5. IKI-ZUMARI"), N_(
        "A player whose samurai cannot move at all under the announcement is in IKI-ZUMARI (asphyxie) and "
        "loses. Look for the landing square whose distance and symbol leave your opponent no move, and avoid "
        "giving him such a chance."), (
        Task("stifle-1", N_("Put Black in IKI-ZUMARI."), "7b1b1/11/9r1/11/6r4/11/1b7b1/11/11/11/r3r6 r 1T - - 26",
             "win", None, N_("Only g7 can move. Which landing leaves Black no answer?"),
             N_("Rule 4: the winner immobilises all four enemy samurai.")),
        Task("stifle-2", N_("Put Red in IKI-ZUMARI."), "2r3b4/11/11/3b2r4/4r6/8b2/11/1r8b/11/11/11 b 7 - - 17",
             "win", None, N_("A long move down the g file."), N_("Rule 4: the winner immobilises all four enemy samurai.")),
        Task("stay-safe", N_("Make the only move after which Red cannot put you in IKI-ZUMARI."),
             "6bb3/11/11/11/11/11/11/1r2b6/11/3b7/4r1rr3 b 6D - - 9", "safe", None,
             N_("Try the samurai on e4."), N_("Rule 4: think of your opponent's answer before moving.")),
    )),
    Chapter("shiro", N_("6. Protected by SHIRO, partie nulle"), N_(
        "A player with three samurai still on his SHIRO cannot be put in IKI-ZUMARI: if he cannot follow the "
        "announcement he moves freely (ruling I3). And if a player's every move would stifle such a protected "
        "opponent, the game is a draw (partie nulle)."), (
        Task("protected", N_("Red cannot follow '5 dragon' but still has three samurai on his SHIRO: make any move."),
             "3b2bb3/11/11/11/11/9b1/11/11/11/11/r2r2rr3 r 5D - - 2", "legal", None,
             N_("Any samurai, any direction, any distance."), N_("Rule 4: no IKI-ZUMARI with three samurai on SHIRO.")),
    )),
)
TASKS: dict[str, Task] = {t.id: t for ch in CHAPTERS for t in ch.tasks}


@dataclass(frozen=True)
class TryResult:
    ok: bool
    message: str
    state: State  # the position after the try (unchanged when the move was refused)


def _distance(m: Move) -> int:
    return BOARD.line(m.origin, m.target)[1]


def goal_reached(task: Task, state: State, move: Move) -> tuple[bool, str]:
    """(ok, why not) for a legal ``move`` from ``state``."""
    after = play(state, move)
    me = state.to_move
    if task.goal == "legal":
        return True, ""
    if task.goal == "distance":
        k = _distance(move)
        return k == task.arg, T.gettext("This move goes {k} squares; the task asks for {n}.").format(k=k, n=task.arg)
    if task.goal == "long":
        k = _distance(move)
        return k >= int(task.arg), T.gettext("This move goes {k} squares; the task asks for {n} or more.").format(
            k=k, n=task.arg)
    if task.goal == "land":
        target = move.target
        if task.arg == "own_shiro":
            ok = BOARD.kind[target] == SHIRO and target in BOARD.shiro[me]
            want = T.gettext("one of your SHIRO squares")
        elif task.arg in (ANZEN, MEKURA):
            ok, want = BOARD.kind[target] == task.arg, str(task.arg).upper()
        else:
            ok, want = BOARD.symbol[target] == task.arg, a_symbol(str(task.arg))
        return ok, T.gettext("You landed on {what}; the task asks for {want}.").format(
            what=square_words(target), want=want)
    if task.goal == "win":
        end = outcome(after)
        if end is not None and end.winner == me:
            return True, ""
        reply = next(iter(legal_moves(after)), None)
        return False, T.gettext("{player} can still move, for example {move}.").format(
            player=player_name(1 - me), move=str(reply))
    if task.goal == "safe":
        if after.to_move == me or outcome(after) is not None:
            return False, T.gettext("This move does not hand the turn to your opponent.")
        if stifling_move(after):
            killer = next(m for m in legal_moves(after) if outcome(play(after, m)) is not None)
            return False, T.gettext("After this move {player} puts you in IKI-ZUMARI with {move}.").format(
                player=player_name(after.to_move), move=str(killer))
        return True, ""
    raise ValueError(f"unknown goal {task.goal!r}")


def check_try(task: Task, state: State, move: object) -> TryResult:
    """Check one try: refused moves name the rule broken; legal moves that miss the goal say why."""
    reason = why_illegal(state, move)
    if reason is not None:
        return TryResult(False, reason, state)
    m = parse_move(move)
    ok, why = goal_reached(task, state, m)
    after = apply_move(state, m)
    if ok:
        return TryResult(True, T.gettext("Well done!"), after)
    return TryResult(False, T.gettext("Not quite. {why} ({rule})").format(why=why, rule=T.gettext(task.rule)), after)


def solutions(task: Task) -> list[Move]:
    """Every move that solves the task (tests prove each task has one)."""
    s = task.start()
    return [m for m in legal_moves(s) if goal_reached(task, s, m)[0]]


class LessonSession:
    """The lesson's progress: the open task, its position, solved tasks."""

    def __init__(self) -> None:
        self.solved: set[str] = set()
        self.task: Task = CHAPTERS[0].tasks[0]
        self.state: State = self.task.start()
        self.moved = False

    @property
    def chapter(self) -> Chapter:
        return next(ch for ch in CHAPTERS if self.task in ch.tasks)

    def open(self, task_id: str) -> Task:
        if task_id not in TASKS:
            raise ValueError(f"no task {task_id!r} in the lesson")
        self.task = TASKS[task_id]
        self.state = self.task.start()
        self.moved = False
        return self.task

    def retry(self) -> None:
        self.open(self.task.id)

    def try_move(self, move: object) -> TryResult:
        """Check a try on the current position (a refused move leaves it as it was)."""
        if self.moved:
            raise ValueError(T.gettext("Press Retry to try this task again."))
        result = check_try(self.task, self.state, move)
        self.moved = result.state is not self.state
        self.state = result.state
        if result.ok:
            self.solved.add(self.task.id)
        return result

    def next_task(self) -> Task | None:
        ids = list(TASKS)
        i = ids.index(self.task.id)
        return self.open(ids[i + 1]) if i + 1 < len(ids) else None

    def progress(self) -> tuple[int, int]:
        return len(self.solved), len(TASKS)
