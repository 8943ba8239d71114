"""The one source of legality: ``why_illegal``, ``legal_moves``, ``apply_move``, and the end of the game.

A move: one samurai, one straight line (orthogonal or diagonal), at least one square, never onto an
occupied square. The mover announces the distance and the symbol he landed on; the next player moves
exactly that distance or one more or one less, and the first square he crosses must bear that symbol.
MEKURA (HO BO) and one's own SHIRO free the direction, ANZEN gives one extra free move per player per game.
A player who cannot move is in IKI-ZUMARI and loses, unless three of his samurai are still on his SHIRO;
a player whose every move would put such a protected opponent in IKI-ZUMARI makes the game a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator, NamedTuple

from samurai_lab.i18n import Domain

from .board import BOARD, RED, SHIRO, SYMBOL
from .moves import MOVES, PASS, Move, parse_move
from .state import CROSS, State

T = Domain("ikizumari")

FIRST_MOVE_LIMIT = 7
MOVE_LIMIT_PLIES = 200
_FAR = 10  # longer than any line of the board


class IllegalMoveError(ValueError):
    """A move the rules refuse; the message says why, in the rules' words."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` (RED, BLACK or None for a draw) and ``reason``
    (``"iki_zumari"``, ``"draw_rule"`` or ``"move_limit"``)."""

    winner: int | None
    reason: str


@dataclass(frozen=True)
class Window:
    """What the player to move may do now: distances ``dmin``–``dmax``, the ``symbol`` the first square
    crossed must bear (None: any direction), the samurai allowed to move; ``released``: the announcement is
    lifted (ruling I3 = release); ``must_pass``: the only move is a pass (ruling I3 = pass)."""

    dmin: int
    dmax: int
    symbol: str | None
    pieces: tuple[int, ...]
    released: bool = False
    must_pass: bool = False


# --- constraints ----------------------------------------------------------------------------------
def first_turn(state: State) -> bool:
    """True when the move to make is limited to 7 squares (ruling I4)."""
    if state.ruleset.first_move_cap == "red":
        return state.ply == 0 and state.to_move == RED
    return state.ply < 2 and state.ply == state.to_move


def announced_window(state: State) -> Window:
    """The constraint as announced (before any release of a protected player)."""
    if state.bonus or state.distance is None:
        dmin, dmax, symbol = 1, _FAR, None
    else:
        dmin, dmax, symbol = max(1, state.distance - 1), state.distance + 1, state.symbol
    if first_turn(state):
        dmax = min(dmax, FIRST_MOVE_LIMIT)
    pieces = state.pieces(state.to_move)
    if state.bonus and state.ruleset.anzen_piece == "same":
        pieces = tuple(p for p in pieces if p == BOARD.anzen)
    return Window(dmin, dmax, symbol, pieces)


def protected(state: State, player: int) -> bool:
    """Three of ``player``'s samurai still on his SHIRO: he cannot be put in IKI-ZUMARI."""
    return state.on_own_shiro(player) >= 3


def shiro_freed(state: State, player: int) -> int:
    """How many of ``player``'s SHIRO squares are freed, in the sense of ruling I10."""
    home = BOARD.shiro[player]
    if state.ruleset.freed_shiro == "empty":
        return sum(1 for s in home if s not in state.occupied)
    return len(home) - state.on_own_shiro(player)


def _cached(state: State, key: str, compute):  # noqa: ANN001, ANN202 - tiny memo on a frozen state
    d = state.__dict__
    if key not in d:
        d[key] = compute()
    return d[key]


def window(state: State) -> Window:
    """The effective constraint of the player to move (ruling I3 applied when he is stuck but protected)."""
    return _cached(state, "_window", lambda: _effective_window(state))


def _effective_window(state: State) -> Window:
    w = announced_window(state)
    moves = tuple(_moves_under(state, w))
    if moves or not protected(state, state.to_move):
        state.__dict__["_moves"] = moves
        return w
    if state.ruleset.protected_stuck == "release":
        free = Window(1, min(_FAR, FIRST_MOVE_LIMIT) if first_turn(state) else _FAR, None,
                      state.pieces(state.to_move), released=True)
        moves = tuple(_moves_under(state, free))
        if moves:
            state.__dict__["_moves"] = moves
            return free
    state.__dict__["_moves"] = (PASS,)
    return Window(0, 0, None, (), must_pass=True)


# --- the single legality test ---------------------------------------------------------------------
class _Facts(NamedTuple):
    """What the legality test reads from a state, gathered once per state."""

    occupied: frozenset[int]
    first_only: bool
    jump_blocked: bool
    no_landing: frozenset[int]  # the opponent's SHIRO under ruling I8 = forbidden
    anzen_closed: bool  # ANZEN already used, under ruling I7 = forbidden
    first_turn: bool


def _facts(state: State) -> _Facts:
    def compute() -> _Facts:
        rules, me = state.ruleset, state.to_move
        return _Facts(state.occupied, rules.first_square == "first", rules.jump == "blocked",
                      BOARD.shiro[1 - me] if rules.enemy_shiro == "forbidden" else frozenset(),
                      state.anzen_used[me] and rules.anzen_again == "forbidden", first_turn(state))
    return _cached(state, "_facts", compute)


#: The squares bearing each symbol (and the SHIRO crosses, for ruling I9 = cross).
_BEARING = {**{sym: frozenset(i for i, s in enumerate(BOARD.symbol) if s == sym) for sym in set(BOARD.symbol) if sym},
            CROSS: BOARD.shiro[0] | BOARD.shiro[1]}


def _reason(f: _Facts, w: Window, origin: int, direction: int, k: int) -> str | None:
    """Why moving the samurai on ``origin`` ``k`` squares in ``direction`` breaks the rules (a code), or None.
    Every legality decision of the engine goes through here."""
    ray = BOARD.rays[origin][direction]
    if k < 1:
        return "zero"
    if k > len(ray):
        return "edge"
    if k < w.dmin or k > w.dmax:
        return "first_cap" if k > w.dmax == FIRST_MOVE_LIMIT and f.first_turn else "distance"
    if w.symbol is not None:
        bearing = _BEARING[w.symbol]
        if f.first_only:
            if ray[0] not in bearing:
                return "symbol"
        elif bearing.isdisjoint(ray[:k]):
            return "symbol"
    occupied = f.occupied
    if f.jump_blocked and not occupied.isdisjoint(ray[:k - 1]):
        return "jump"
    target = ray[k - 1]
    if target in occupied:
        return "occupied"
    if target in f.no_landing:
        return "enemy_shiro"
    if f.anzen_closed and target == BOARD.anzen:
        return "anzen_again"
    return None


def _moves_under(state: State, w: Window) -> Iterator[Move]:
    if w.must_pass:
        yield PASS
        return
    f = _facts(state)
    for origin in w.pieces:
        table = MOVES[origin]
        for direction, ray in enumerate(BOARD.rays[origin]):
            for k in range(w.dmin, min(w.dmax, len(ray)) + 1):
                why = _reason(f, w, origin, direction, k)
                if why is None:
                    yield table[ray[k - 1]]
                elif why == "jump" or (why == "symbol" and f.first_only):
                    break  # the same for every longer move along this line


def _check_state(state: object) -> None:
    if not isinstance(state, State):
        raise ValueError(T.gettext("Not a SAMOURAI position: {text}.").format(text=repr(state)[:60]))


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the player to move (``[PASS]`` when he must pass; ``[]`` when the game is over)."""
    _check_state(state)
    if outcome(state) is not None:
        return []
    window(state)  # computes the moves too
    return list(state.__dict__["_moves"])


def why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` (a Move or its notation) is illegal now, in the rules' words; None when it is legal."""
    from .text import player_name, reason_text  # messages only

    _check_state(state)
    try:
        m = parse_move(move)
    except ValueError as e:
        return str(e)
    if outcome(state) is not None:
        return T.gettext("The game is over.")
    w = window(state)
    me = state.to_move
    if w.must_pass:
        return None if m.is_pass else T.gettext(
            "No samurai of {player} can move: {player} must pass (ruling I3).").format(player=player_name(me))
    if m.is_pass:
        return T.gettext("{player} may not pass: a player must move one of his samurai.").format(
            player=player_name(me))
    if state.owner(m.origin) != me:
        return T.gettext("There is no {player} samurai on {square}.").format(
            player=player_name(me), square=BOARD.name(m.origin))
    if m.origin not in w.pieces:
        return T.gettext("The extra move of ANZEN must be made by the samurai on ANZEN (ruling I6).")
    if m.origin == m.target:
        return T.gettext("A samurai must move at least one square.")
    line = BOARD.line(m.origin, m.target)
    if line is None:
        return T.gettext("A samurai moves along one straight line: horizontal, vertical or diagonal; "
                         "{origin} to {target} is not one.").format(origin=BOARD.name(m.origin),
                                                                    target=BOARD.name(m.target))
    direction, k = line
    code = _reason(_facts(state), w, m.origin, direction, k)
    return None if code is None else reason_text(state, w, code, m, direction, k)


def apply_move(state: State, move: object) -> State:
    """The state after ``move``; IllegalMoveError (a ValueError) saying why when the rules refuse it."""
    reason = why_illegal(state, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return play(state, parse_move(move))


def play(state: State, move: Move) -> State:
    """The state after a move taken from ``legal_moves(state)``, without checking it again (for bots)."""
    me, opp = state.to_move, 1 - state.to_move
    if move.is_pass:
        return replace(state, to_move=opp, distance=None, symbol=None, bonus=False, pending=None,
                       ply=state.ply + 1, last=move)
    pieces = tuple(sorted(move.target if p == move.origin else p for p in state.pieces(me)))
    red, black = (pieces, state.black) if me == RED else (state.red, pieces)
    k = BOARD.line(move.origin, move.target)[1]
    rules = state.ruleset
    if move.target == BOARD.anzen and not state.bonus and not state.anzen_used[me]:
        used = (True, state.anzen_used[1]) if me == RED else (state.anzen_used[0], True)
        return State(red, black, me, None, None, True, k, used, state.ply + 1, rules, move)
    if state.bonus and rules.after_anzen == "anzen":
        distance, symbol = state.pending, None
    else:
        distance, symbol = k, landing_symbol(state, move.target)
    return State(red, black, opp, distance, symbol, False, None, state.anzen_used, state.ply + 1, rules, move)


def landing_symbol(state: State, target: int) -> str | None:
    """The symbol announced after landing on ``target`` (None: HO BO, SHIRO, ANZEN — the direction is free)."""
    kind = BOARD.kind[target]
    if kind == SYMBOL:
        return BOARD.symbol[target]
    if kind == SHIRO and target in BOARD.shiro[1 - state.to_move] and state.ruleset.enemy_shiro_constraint == "cross":
        return CROSS
    return None  # MEKURA, ANZEN, SHIRO


def blocks_opponent(state: State, m: Move) -> bool:
    """True when ``m`` leaves the opponent, to move next, with no move under the announcement."""
    after = play(state, m)
    return after.to_move != state.to_move and next(_moves_under(after, announced_window(after)), None) is None


# --- end of the game ------------------------------------------------------------------------------
def outcome(state: State) -> Outcome | None:
    """How the game ended, or None while it goes on."""
    _check_state(state)
    return _cached(state, "_outcome", lambda: compute_outcome(state))


def compute_outcome(state: State) -> Outcome | None:
    if state.ruleset.move_limit == "200" and state.ply >= MOVE_LIMIT_PLIES:
        return Outcome(None, "move_limit")
    if window(state).must_pass:
        return None
    moves = state.__dict__["_moves"]
    if not moves:
        return Outcome(state.opponent, "iki_zumari")
    if shiro_freed(state, state.opponent) < 2 and all(blocks_opponent(state, m) for m in moves):
        return Outcome(None, "draw_rule")
    return None

