"""The one source of legality: ``legal_moves``, ``why_illegal``, ``apply_move``, ``outcome``.

Every refusal is an :class:`IllegalMoveError` (a ValueError) whose message names the rule broken,
in the current language of :mod:`samurai_lab.i18n`.
"""

from __future__ import annotations

from dataclasses import replace

from ...i18n import Domain
from .board import (ARRIVAL_TYPE, BLACK, COORDS, DIRECTIONS, IS_KATANA, KATANA, KIND, NAMES, NEIGHBOUR,
                    ORTHOGONAL, RAYS, SHIRO_OF, SYMBOL_NAMES, SYMBOL_OF, SYMBOLS)
from .state import (EMPTY, PASS, PLAYER_NAMES, WIN_KILLS, Challenge, Move, State, is_strong, outcome, owner,
                    parse_move, piece)

T = Domain("katana")


class IllegalMoveError(ValueError):
    """A move the rules forbid; ``str(error)`` says why."""


def banned_type(state: State) -> str:
    """The arrival type the move may not end on ('' for none)."""
    return "" if state.last == BLACK and state.rules.ban_black != "all" else state.last


def targets(state: State, frm: int) -> list[int]:
    """Every square the samurai on ``frm`` may move to now (ignores pending relocations)."""
    return [m.to for m in _moves_from(state, frm, _enemy_shiro(state))]


def _enemy_shiro(state: State) -> tuple[int, ...]:
    """The squares no move may end on: the opponent's SHIRO under ruling reoccupy = owner."""
    return SHIRO_OF[1 - state.to_move] if state.rules.reoccupy == "owner" else ()


#: _STEPS[square][direction]: (square, its arrival type, the move there) along the ray from ``square``, up to
#: its first Katana square (no samurai crosses one)
_STEPS = tuple(tuple(tuple((sq, ARRIVAL_TYPE[sq], Move("move", frm, sq)) for sq in
                           ray[:next((k for k, sq in enumerate(ray) if IS_KATANA[sq]), len(ray))]) for ray in rays)
               for frm, rays in enumerate(RAYS))


def _moves_from(state: State, frm: int, enemy_shiro: tuple[int, ...]) -> list[Move]:
    cells, last, out = state.cells, state.last, []
    ban = banned_type(state)  # a constrained move may not end on its own symbol either
    constrained = last and last != BLACK  # the first square crossed bears the symbol of the last arrival
    diagonals_ok = state.rules.adjacency == "eight"
    for d, steps in enumerate(_STEPS[frm]):
        if constrained:
            ray = RAYS[frm][d]
            if len(ray) < 2 or SYMBOL_OF[ray[0]] != last or cells[ray[0]] != EMPTY:
                continue
            if not diagonals_ok and d not in ORTHOGONAL:
                continue
            steps = steps[1:]
        for sq, arrival, move in steps:
            if cells[sq] != EMPTY:
                break
            if arrival != ban and sq not in enemy_shiro:
                out.append(move)
    return out


def free_shiro(state: State, player: int) -> list[int]:
    """The free SHIRO squares of ``player``."""
    return [s for s in SHIRO_OF[player] if state.cells[s] == EMPTY]


def legal_moves(state: State) -> list[Move]:
    """Every legal move: relocations while one is pending, else samurai moves, else the Tachiōjō pass."""
    if outcome(state) is not None:
        return []
    if state.pending:
        return [Move("place", to=s) for s in free_shiro(state, state.pending[0][0])]
    mine, enemy_shiro = (piece(state.to_move, True), piece(state.to_move, False)), _enemy_shiro(state)
    moves = [m for frm, c in enumerate(state.cells) if c in mine for m in _moves_from(state, frm, enemy_shiro)]
    return moves or [PASS]


def is_tachiojo(state: State) -> bool:
    """True when the player to move cannot move any samurai and must pass."""
    return not state.pending and outcome(state) is None and legal_moves(state) == [PASS]


def _player(p: int) -> str:
    return T.gettext(PLAYER_NAMES[p])


def _symbol(symbol: str) -> str:
    return T.gettext(SYMBOL_NAMES[symbol])


def why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` is illegal now, in the rules' words; None when it is legal.
    Malformed moves raise ValueError (not an IllegalMoveError)."""
    move = parse_move(move)
    if outcome(state) is not None:
        return T.gettext("The game is over.")
    me = state.to_move
    if state.pending:
        owner_, _ = state.pending[0]
        if move.kind != "place":
            return T.gettext("First the defeated samurai of {player} goes back to a free SHIRO square of "
                             "his side: {chooser} picks it (click a free SHIRO square).").format(
                player=_player(owner_), chooser=_player(me))
        if move.to not in free_shiro(state, owner_):
            return T.gettext("The defeated samurai goes back to a free SHIRO square of {player}'s side.").format(
                player=_player(owner_))
        return None
    if move.kind == "place":
        return T.gettext("No defeated samurai is waiting to go back to a SHIRO square.")
    if move.kind == "pass":
        if legal_moves(state) == [PASS]:
            return None
        return T.gettext("{player} can still move a samurai: passing is allowed only in Tachiōjō, "
                         "when no samurai can move.").format(player=_player(me))
    frm, to = move.frm, move.to
    cell = state.cells[frm]
    if cell == EMPTY:
        return T.gettext("There is no samurai on {square}.").format(square=NAMES[frm])
    if owner(cell) != me:
        return T.gettext("The samurai on {square} belongs to {owner}: {player} moves one of his own.").format(
            square=NAMES[frm], owner=_player(owner(cell)), player=_player(me))
    if to == frm:
        return T.gettext("A samurai must move to another square.")
    (c0, r0), (c1, r1) = COORDS[frm], COORDS[to]
    dc, dr = c1 - c0, r1 - r0
    if not (dc == 0 or dr == 0 or abs(dc) == abs(dr)):
        return T.gettext("Samurai move like the chess queen: in a straight line, along a row, a column "
                         "or a diagonal.")
    path = RAYS[frm][DIRECTIONS.index(((dc > 0) - (dc < 0), (dr > 0) - (dr < 0)))][:max(abs(dc), abs(dr))]
    for sq in path[:-1]:
        if IS_KATANA[sq]:
            return T.gettext("A samurai may never cross a KATANA square ({square}).").format(square=NAMES[sq])
        if state.cells[sq] != EMPTY:
            return T.gettext("A samurai may not jump over another samurai ({square}).").format(square=NAMES[sq])
    if KIND[to] == KATANA:
        return T.gettext("A samurai may never stop on a KATANA square.")
    if state.cells[to] != EMPTY:
        return T.gettext("A samurai may not stop on an occupied square ({square}).").format(square=NAMES[to])
    last = state.last
    if last and last != BLACK:
        first = path[0]
        if SYMBOL_OF[first] != last or len(path) < 2:
            return T.gettext("Constrained move: {player} must move a samurai next to a {symbol} square, "
                             "crossing that square first without stopping on it.").format(
                player=_player(me), symbol=_symbol(last))
        if state.rules.adjacency == "orthogonal" and dc != 0 and dr != 0:
            return T.gettext("Under ruling K3 only the squares beside a samurai in its row or column count "
                             "as next to it: the {symbol} square must not be crossed diagonally.").format(
                symbol=_symbol(last))
    if state.rules.reoccupy == "owner" and to in SHIRO_OF[1 - me]:
        return T.gettext("Under ruling K11 only {owner}'s samurai may stop on his SHIRO squares.").format(
            owner=_player(1 - me))
    ban = banned_type(state)
    if ban and ARRIVAL_TYPE[to] == ban:
        name = _symbol(ban) if ban in SYMBOLS else T.gettext("BLACK (or a vacated SHIRO)")
        return T.gettext("A samurai may not stop on a square of the same type as the square the previous "
                         "move ended on: {kind}.").format(kind=name)
    return None  # pragma: no cover - the generator and this check agree (tested)


def check_move(state: State, move: object) -> Move:
    """The parsed move if legal, else IllegalMoveError saying why."""
    parsed = parse_move(move)
    reason = why_illegal(state, parsed)
    if reason is not None:
        raise IllegalMoveError(reason)
    if parsed.kind == "move" and parsed.to not in targets(state, parsed.frm):  # pragma: no cover
        raise IllegalMoveError(T.gettext("This move breaks the Sacred Constraints of Movement."))
    return parsed


def challenge_areas(cells: tuple[int, ...], line: bool) -> set[tuple[int, int, int]]:
    """Every (samurai, katana, samurai) of rivals aligned across one Katana square (first < second)."""
    out: set[tuple[int, int, int]] = set()
    for k in (i for i, kind in enumerate(KIND) if kind == KATANA):
        for d in range(4):  # the first samurai each way, before another Katana square (-1: none)
            a, b = (next((-1 if IS_KATANA[sq] else sq for sq in (ray if line else ray[:1])
                          if IS_KATANA[sq] or cells[sq] != EMPTY), -1)
                    for ray in (RAYS[k][d], RAYS[k][d + 4]))
            if a >= 0 and b >= 0 and owner(cells[a]) != owner(cells[b]):
                out.add((min(a, b), k, max(a, b)))
    return out


def _challenges_of(before: tuple[int, ...], after: tuple[int, ...], moved_to: int, mover: int,
                   state: State) -> list[tuple[int, int, int]]:
    """(attacker square, katana, defender square) of every challenge the move starts."""
    line = state.rules.challenge_line == "line"
    if not line:  # fast path: only the moved samurai can complete a challenge area
        return [(moved_to, k, o) for d, k in enumerate(NEIGHBOUR[moved_to]) if k >= 0 and IS_KATANA[k]
                for o in (NEIGHBOUR[k][d],) if o >= 0 and owner(after[o]) == 1 - mover]
    new = challenge_areas(after, True) - challenge_areas(before, True)
    found = [(a, k, b) if owner(after[a]) == mover else (b, k, a) for a, k, b in sorted(new)]
    return [c for c in found if state.rules.attacker != "moved" or c[0] == moved_to]


def apply_move(state: State, move: object) -> State:
    """The state after ``move``; IllegalMoveError (a ValueError) if the rules forbid it."""
    return apply_legal(state, check_move(state, move))


def apply_legal(state: State, mv: Move) -> State:
    """The state after ``mv``, a move taken from ``legal_moves(state)`` (not checked again: for bots)."""
    if mv.kind == "place":
        cells = list(state.cells)
        owner_, sq = state.pending[0]
        cells[mv.to], cells[sq] = piece(owner_, False), EMPTY
        return _settle(replace(state, cells=tuple(cells), pending=state.pending[1:], last_move=mv, challenges=()),
                      owner_)
    me = state.to_move
    if mv.kind == "pass":
        return replace(state, to_move=1 - me, last="", passes=state.passes + 1, quiet=state.quiet + 1,
                       last_move=mv, challenges=())
    before = state.cells
    cells = list(before)
    cells[mv.to], cells[mv.frm] = cells[mv.frm], EMPTY
    after = tuple(cells)
    arrival = ARRIVAL_TYPE[mv.to]
    found = _challenges_of(before, after, mv.to, me, state)
    if not found:
        return State(after, 1 - me, arrival, state.kills, 0, state.quiet + 1, state.pending, state.rules, mv)
    kills = list(state.kills)
    pending: list[tuple[int, int]] = []
    events: list[Challenge] = []
    seen: set[int] = set()
    for att, k, dfd in found:
        if dfd in seen:
            continue
        seen.add(dfd)
        strong = is_strong(cells[dfd])
        events.append(Challenge(att, k, dfd, killed=not strong))
        if strong:  # he loses his sword and waits on his square to go back to a SHIRO square
            pending.append((owner(cells[dfd]), dfd))
            cells[dfd] = piece(owner(cells[dfd]), False)
        else:
            kills[me] += 1
            cells[dfd] = EMPTY
    last = arrival if state.rules.after_challenge == "usual" else ""
    nxt = replace(state, cells=tuple(cells), to_move=1 - me, last=last, kills=(kills[0], kills[1]), passes=0,
                  quiet=0, pending=tuple(pending), last_move=mv, challenges=tuple(events))
    return _settle(nxt, 1 - me)


def _settle(state: State, defeated: int) -> State:
    """Put defeated samurai back where there is no choice; leave the first real choice pending.
    A defeated samurai waits, without his sword, on the square where he lost until he goes back."""
    cells = list(state.cells)
    kills = list(state.kills)
    pending = list(state.pending)
    while pending:
        owner_, sq = pending[0]
        if kills[1 - owner_] >= WIN_KILLS:
            break
        free = [s for s in SHIRO_OF[owner_] if cells[s] == EMPTY]
        if len(free) >= 2:
            chooser = owner_ if state.rules.relocation_chooser == "defender" else 1 - owner_
            return replace(state, cells=tuple(cells), kills=(kills[0], kills[1]), pending=tuple(pending),
                           to_move=chooser)
        if free:
            cells[free[0]], cells[sq] = piece(owner_, False), EMPTY
        elif state.rules.no_free_shiro == "killed":
            cells[sq] = EMPTY
            kills[1 - owner_] += 1
        # else (K2 = stay): he stays where he is, without his sword
        pending.pop(0)
    return replace(state, cells=tuple(cells), kills=(kills[0], kills[1]), pending=(), to_move=defeated)


def play(state: State, moves: object) -> State:
    """Apply a sequence of moves (a list, or a string of moves separated by spaces or commas)."""
    if isinstance(moves, str):
        moves = [m for m in moves.replace(",", " ").replace(";", " ").split() if m]
        # "d9 - d5" style is not accepted here: write "d9-d5"
    if not isinstance(moves, (list, tuple)):
        raise ValueError(f"moves are a list or a string of moves, not {type(moves).__name__}")
    for m in moves:
        state = apply_move(state, m)
    return state
