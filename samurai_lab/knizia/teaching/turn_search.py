"""Every outcome of one whole Knizia turn (:func:`search_turn`): what it captures, whether it wins, whether it
leaves the next player anything to take; the puzzles (:mod:`.puzzle`) prove their answers with it. The other
players' hands and every pile stay out of it: a turn's captures depend only on the board and the hand, and the
reply (:mod:`.reply`) only on the board and the tiles the next player has left. :func:`relevant_actions` lists
the actions near the settlements the hand can still close (for the puzzles' board).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.actions import Action, EndTurn, MoveTile, PlaceTile, Swap
from ..core.rules import _apply_legal as apply_legal, empty_land_around, is_surrounded, legal_actions, movable_tiles
from ..core.ruleset import END_OF_TURN
from ..core.scoring import score_state
from ..core.model import Placed
from ..core.state import GameState
from ..core.tiles import Caste
from .reply import next_player, reach, threats

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
    denies: bool = False  # deny search: the next player has no piece to take after it (the game goes on)
    special: bool = False  # it plays the swap or the move tile


@dataclass
class TurnSearch:
    """Every distinct outcome of the turns of the player to move, with one turn reaching each."""

    outcomes: dict[tuple, TurnOutcome] = field(default_factory=dict)
    nodes: int = 0  # the actions played (one of each class)
    budget: int = BUDGET
    legal: int = 0  # the legal actions enumerated, over every state searched
    plain: set[frozenset] = field(default_factory=set)  # what turns without the swap and the move tile take

    def reaching(self, goal: str, target: Capture | None = None) -> list[TurnOutcome]:
        """The outcomes that reach the goal (``most``: all; ``take``, ``swap``: those taking ``target``)."""

        def reached(o: TurnOutcome) -> bool:
            if goal == "win":
                return o.wins
            if goal in ("take", "swap"):
                return target in o.captures
            return o.denies if goal == "deny" else True

        return [o for o in self.outcomes.values() if reached(o)]

    def best(self, goal: str, target: Capture | None = None) -> list[TurnOutcome]:
        """The outcomes that reach the goal best (``win``: the winning ones; else the most figures)."""
        pool = self.reaching(goal, target)
        if goal == "win":
            return pool
        top = max((o.taken for o in pool), default=0)
        return [o for o in pool if o.taken == top]

    def second(self, goal: str, target: Capture | None = None) -> int:
        """The figures the best turn reaching the goal with other figures takes (-1: there is none)."""
        keys = {o.captures for o in self.best(goal, target)}
        rest = [o.taken for o in self.reaching(goal, target) if o.captures not in keys]
        return max(rest, default=-1)


def _land_budget(state: GameState) -> int:
    """How many more empty land hexes the hand can fill this turn."""
    hand = state.hands[state.current] or ()
    fast_land = sum(1 for t in hand if t.fast and t.placement == "land")
    normal = not state.normal_played and any(
        (not t.fast and t.placement == "land") or (t.is_move and movable_tiles(state, state.current)) for t in hand)
    return fast_land + int(normal)


def closable(state: GameState, extra: int = 0) -> set[int]:
    """Settlements this turn's captures can still concern: holding pieces, and either closed but not yet
    resolved (end-of-turn capture) or with no more empty land around than the hand can fill (and ``extra``
    more: what the next player could fill, for ``deny``)."""
    budget = _land_budget(state) + extra
    pending = state.ruleset.capture_timing == END_OF_TURN
    return {s for s in state.board.settlements if state.pieces[s]
            and (pending if is_surrounded(state, s) else empty_land_around(state, s) <= budget)}


def _far_hexes(state: GameState) -> tuple[int | None, int | None]:
    """The first empty land hex and the first empty sea hex next to no settlement holding pieces."""
    board = state.board
    far = [i for i in board.land + board.sea
           if state.tiles[i] is None and not any(state.pieces[s] for s in board.adjacent_settlements[i])]
    return next((i for i in far if not board.is_sea[i]), None), next((i for i in far if board.is_sea[i]), None)


def relevant_actions(state: GameState, extra: int = 0, every_swap: bool = False) -> list[Action]:
    """The legal actions that can change this turn's captures (``extra``: or what the next player, who could
    fill ``extra`` more hexes, could take next), and ending the turn. With ``every_swap``, every swap, and
    one tile of each kind laid far from every piece when no tile is down yet (a turn must lay one)."""
    near = closable(state, extra)
    board = state.board
    hexes = {o for s in near for o in board.neighbours[s] if state.tiles[o] is None}
    out: list[Action] = []
    lifted: set[str] = set()
    for a in legal_actions(state):
        if isinstance(a, PlaceTile):
            if board.resolve(a.hex) in hexes:
                out.append(a)
        elif isinstance(a, Swap):
            if every_swap or board.resolve(a.hex_a) in near or board.resolve(a.hex_b) in near:
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
    if every_swap and state.played_this_turn == 0:
        far_land, far_sea = _far_hexes(state)
        for t in sorted(set(state.hands[state.current] or ()), key=lambda t: t.code):
            where = far_sea if t.on_sea else far_land
            if t.placement in ("land", "sea") and not t.is_move and where is not None:
                out.insert(0, PlaceTile(t, board.ids[where]))
    return out


def _tile(t: Placed | None) -> tuple[int, str] | None:
    """A tile on the board as (owner, code): equal when the tiles are, and quick to hash."""
    return None if t is None else (t.owner, t.tile.code)


class _Projection:
    """What of a state the rest of the turn's outcomes can depend on: the tiles next to the settlements the turn
    can concern (``near``; ``hexes``: the hexes next to them) and their pieces exactly; of every other hex only
    how many are empty (land, sea) and which of the player's own tiles the move tile could lift there (their
    codes). Its board part is carried from a state to the next through the hexes the action changes."""

    def __init__(self, state: GameState, near: set[int]) -> None:
        board = state.board
        hexes = {o for s in near for o in board.neighbours[s]}
        self.near, self.hexes, self.index, self.is_sea = near, hexes, board.index, board.is_sea
        self.slot = {h: k for k, h in enumerate(sorted(hexes))}  # a hex next to them → its place in the key
        self.near_settlements = sorted(near)
        self.far = {i for i in board.land + board.sea if i not in hexes}

    def board(self, state: GameState) -> tuple:
        """(the tiles next to the settlements, empty far land hexes, empty far sea hexes, the sorted codes of
        the own tiles lying far)."""
        empty, own = [0, 0], []
        for i in self.far:
            self._count(state, i, empty, own, 1)
        return tuple(_tile(state.tiles[i]) for i in self.slot), empty[0], empty[1], tuple(sorted(own))

    def _count(self, state: GameState, i: int, empty: list[int], own: list[str], sign: int) -> None:
        t = state.tiles[i]
        if t is None:
            empty[1 if self.is_sea[i] else 0] += sign
        elif t.owner == state.current and not t.tile.fast and not t.tile.is_move:
            if sign > 0:
                own.append(t.tile.code)
            else:
                own.remove(t.tile.code)

    def step(self, board: tuple, before: GameState, action: Action, after: GameState) -> tuple:
        """The board part of ``after``, reached from ``before`` (whose board part is ``board``) by ``action``."""
        if before.current != after.current:
            return self.board(after)
        if isinstance(action, PlaceTile):  # only a tile laid or moved changes the board's tiles
            changed = (self.index[action.hex],)
        elif isinstance(action, MoveTile):
            changed = (self.index[action.from_hex], self.index[action.to_hex])
        else:
            return board
        tiles, empty, own = board[0], [board[1], board[2]], list(board[3])
        for i in changed:
            k = self.slot.get(i)
            if k is not None:
                tiles = tiles[:k] + (_tile(after.tiles[i]),) + tiles[k + 1:]
            elif i in self.far:
                self._count(before, i, empty, own, -1)
                self._count(after, i, empty, own, 1)
        return tiles, empty[0], empty[1], tuple(sorted(own))

    def key(self, state: GameState, board: tuple) -> tuple:
        """The projection of ``state`` (whose board part is ``board``), its hand as codes."""
        cur, hand = state.current, state.hands[state.current]
        return (tuple(map(state.pieces.__getitem__, self.near_settlements)),
                None if hand is None else tuple([t.code for t in hand]), state.normal_played,
                state.played_this_turn > 0, len(state.discarded[cur]), state.captured, state.set_aside,
                state.end_reason is not None, state.phase) + board

    def action_class(self, state: GameState, a: Action) -> tuple:
        """The class of a legal action: actions of one class lead to states of one projection (a tile of one
        kind on any hex next to no settlement the turn can concern; the move tile lifting a tile of one kind
        from, or laying it on, such a hex; a swap that changes the same pieces of those settlements)."""
        index, hexes = self.index, self.hexes
        if isinstance(a, PlaceTile):
            i = index[a.hex]
            return ("place", a.tile.code, i if i in hexes else "far")
        if isinstance(a, MoveTile):
            frm, to = index[a.from_hex], index[a.to_hex]
            return ("move", frm if frm in hexes else ("far", state.tiles[frm].tile.code), to if to in hexes else "far")
        if isinstance(a, Swap):
            sa, sb = index[a.hex_a], index[a.hex_b]
            return ("swap",) + tuple(sorted(x for x in ((sa, a.caste_a, a.caste_b), (sb, a.caste_b, a.caste_a))
                                            if x[0] in self.near))
        return (type(a).__name__,)


def search_turn(state: GameState, budget: int = BUDGET, deny: bool = False) -> TurnSearch:
    """Every outcome of every legal turn of the current player (OutOfBudget past ``budget`` steps). With
    ``deny``, each outcome also says whether it leaves the next player nothing to take.

    Every legal action of every step is enumerated (every tile on every hex, every swap, every move of a
    tile) and sorted into classes (:meth:`_Projection.action_class`); one action of each class is played, and
    states that agree on all the rest of the turn can depend on (:class:`_Projection`) are searched once,
    whatever order of tiles reached them. Why a class stands for all its actions: a settlement the hand cannot
    close this turn never closes (each land tile fills at most one of its hexes and uses up one of the hand's),
    a swap keeps the number of pieces in every settlement, and a tile next to no settlement the turn can
    concern neither closes one nor counts in a tally; ``deny`` widens those settlements to the ones the next
    player could then close. ``tests/test_puzzle_proofs.py`` plays every legal turn one by one on small
    hands and finds the same outcomes."""
    result = TurnSearch(budget=budget)
    me = state.current
    extra = reply_reach(state, "deny" if deny else "")
    proj = _Projection(state, closable(state, extra))
    seen: dict[tuple, int] = {}  # a projection searched, and the fewest actions that reached it

    def visit(s: GameState, board: tuple, path: tuple[Action, ...], taken: tuple[Capture, ...]) -> None:
        key = proj.key(s, board)
        if seen.get(key, 99) <= len(path):
            return
        seen[key] = len(path)
        actions = legal_actions(s)
        result.legal += len(actions)
        classes: set[tuple] = set()
        for a in actions:
            c = proj.action_class(s, a)
            if c in classes:
                continue
            classes.add(c)
            result.nodes += 1
            if result.nodes > budget:
                raise OutOfBudget
            after = apply_legal(s, a)
            caps = taken + tuple((r.hex, r.caste, r.winner) for r in after.events)
            if isinstance(a, EndTurn) or after.is_over:  # a capture may end the game at once (R4)
                _record(result, me, after, frozenset(caps), path + (a,), deny)
            else:
                visit(after, proj.step(board, s, a, after), path + (a,), caps)

    visit(state, proj.board(state), (), ())
    return result


def reply_reach(state: GameState, goal: str) -> int:
    """Goal ``deny``: the empty land hexes around one settlement the next player could fill (else 0)."""
    return reach(state, next_player(state)) if goal == "deny" else 0


def _record(result: TurnSearch, me: int, after: GameState, captures: frozenset, path: tuple[Action, ...],
            deny: bool) -> None:
    """Keep the outcome of one whole turn (the shortest turn reaching it)."""
    special = any(isinstance(a, (Swap, MoveTile)) for a in path)
    if not special:
        result.plain.add(captures)
    denies = deny and not after.is_over and not threats(after, first=True)
    key = (captures, denies)
    old = result.outcomes.get(key)
    if old is None or len(path) < len(old.actions):
        result.outcomes[key] = TurnOutcome(captures, sum(1 for c in captures if c[2] == me), wins(after, me),
                                           path, denies, special)


def wins(state: GameState, player: int) -> bool:
    return state.is_over and tuple(score_state(state).winners) == (player,)
