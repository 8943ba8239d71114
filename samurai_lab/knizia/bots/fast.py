"""Search's own fast path: Knizia's rules of the play phase on mutable arrays.

``FastGame`` holds a play-phase position in flat lists (tiles by hex index, caste pieces as bit masks, hands
and piles as lists of tile kinds) and keeps each settlement's influence per caste and player, and its count of
empty land hexes, up to date as tiles are laid. It knows every action of a turn and the rulings R1-R4, but
never explains a refusal: it is given only legal actions. ``from_state`` and ``to_state`` convert from and to
``GameState``; ``tests/test_fast_playout.py`` plays random games through both, action by action.

Actions are small tuples: ``(PLACE, kind, hex)``, ``(MOVE, from, to)``, ``(SWAP, a, caste_a, b, caste_b)``,
``(END,)``, ``(PASS,)``; ``to_action`` and ``from_action`` convert.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..core.actions import Action, EndTurn, MoveTile, Pass, PlaceTile, Swap
from ..core.board import LAND, Board, board_for
from ..core.model import Phase, _evolve, placed
from ..core.ruleset import FORBIDDEN, INSTANT, STOP_AT_ONCE, Ruleset
from ..core.rules import SET_ASIDE_LIMIT, decide, end_texts
from ..core.state import GameState
from ..core.tiles import CASTES, HAND_SIZE, TILE_KINDS, TILE_SET, supply_per_caste

PLACE, MOVE, SWAP, END, PASS = 0, 1, 2, 3, 4
FastAction = tuple
_END: FastAction = (END,)
_PASS: FastAction = (PASS,)

K_FAST = tuple(t.fast for t in TILE_KINDS)
K_SEA = tuple(t.on_sea for t in TILE_KINDS)
K_VALUES = tuple(t.per_caste for t in TILE_KINDS)
K_SWAP = next(t.rank for t in TILE_KINDS if t.is_swap)
K_MOVE = next(t.rank for t in TILE_KINDS if t.is_move)
#: Tiles the move tile may lift: not fast, not the move tile itself.
K_MOVABLE = tuple(not t.fast and not t.is_move for t in TILE_KINDS)
FULL_SET = tuple(t.rank for t in TILE_SET)


@dataclass(frozen=True)
class FastBoard:
    """A board's facts as flat tuples, read once from the networkx map (``Board``)."""

    board: Board
    n_players: int
    land: tuple[int, ...]
    sea: tuple[int, ...]
    settlements: tuple[int, ...]
    is_land: tuple[bool, ...]
    adjacent_settlements: tuple[tuple[int, ...], ...]
    land_count: tuple[int, ...]  # land hexes around each settlement (0 elsewhere)
    offset: tuple[int, ...]  # where a settlement's influence starts in the flat influence list (-1 elsewhere)
    #: per tile kind, the (position in a settlement's influence block, value) pairs it adds, by player
    adds: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]


@cache
def fast_board(n_players: int) -> FastBoard:
    """The shared FastBoard of a player count."""
    b = board_for(n_players)
    n = n_players
    offsets = [-1] * len(b)
    for k, s in enumerate(b.settlements):
        offsets[s] = k * 3 * n
    adds = tuple(tuple(tuple((c * n + p, v[c]) for c in range(3) if v[c]) for p in range(n)) for v in K_VALUES)
    return FastBoard(b, n, b.land, b.sea, b.settlements, tuple(k == LAND for k in b.kinds), b.adjacent_settlements,
                     tuple(len(b.land_neighbours[i]) if b.is_settlement[i] else 0 for i in range(len(b))),
                     tuple(offsets), adds)


class FastGame:
    """A play-phase position on mutable arrays (see the module text). Make one with ``from_state``."""

    __slots__ = ("fb", "n", "instant", "stop_at_once", "forbid_closed", "ruleset", "owner", "kind", "pieces",
                 "empty", "infl", "hands", "piles", "captured", "set_aside", "on_board", "discarded", "current",
                 "turn", "normal_played", "played", "passes", "over", "end_reason", "texts")

    # --- conversion ---------------------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: GameState) -> FastGame:
        """The fast copy of a full state of the play phase (every hand, pile and capture known)."""
        if state.phase is not Phase.PLAY and state.phase is not Phase.GAME_OVER:
            raise ValueError("the fast path starts once play has begun")
        if any(h is None for h in state.hands) or any(p is None for p in state.piles) or None in state.captured:
            raise ValueError("the fast path needs a full state (sample the hidden parts of a view first)")
        g = object.__new__(cls)
        n = state.n_players
        fb = fast_board(n)
        rs = state.ruleset
        g.fb, g.n, g.ruleset = fb, n, rs
        g.instant = rs.capture_timing == INSTANT
        g.stop_at_once = rs.instant_end == STOP_AT_ONCE
        g.forbid_closed = rs.swap_into_surrounded == FORBIDDEN
        g.texts = end_texts(rs)
        size = len(fb.is_land)
        g.owner = [-1] * size
        g.kind = [-1] * size
        g.empty = list(fb.land_count)
        g.infl = [0] * (len(fb.settlements) * 3 * n)
        for i, p in enumerate(state.tiles):
            if p is not None:
                g.owner[i] = p.owner
                g.kind[i] = p.tile.rank
                g._add(i, p.owner, p.tile.rank, 1)
                if fb.is_land[i]:
                    for s in fb.adjacent_settlements[i]:
                        g.empty[s] -= 1
        g.pieces = [sum(1 << c.index for c in ps) for ps in state.pieces]
        g.on_board = list(state.pieces_on_board())
        g.hands = [[t.rank for t in h] for h in state.hands]  # type: ignore[union-attr]
        g.piles = [[t.rank for t in p] for p in state.piles]  # type: ignore[union-attr]
        g.captured = [list(c) for c in state.captured]  # type: ignore[arg-type]
        g.set_aside = list(state.set_aside)
        g.discarded = [len(d) for d in state.discarded]
        g.current, g.turn = state.current, state.turn
        g.normal_played, g.played, g.passes = state.normal_played, state.played_this_turn, state.passes
        g.over = state.phase is Phase.GAME_OVER
        g.end_reason = state.end_reason
        return g

    def to_state(self, template: GameState) -> GameState:
        """The rules engine's state of this position (seats, seed and ruleset from ``template``; no events)."""
        kinds = TILE_KINDS
        tiles = tuple(None if o < 0 else placed(o, kinds[k]) for o, k in zip(self.owner, self.kind))
        pieces = tuple(tuple(c for c in CASTES if m >> c.index & 1) for m in self.pieces)
        return _evolve(
            template, tiles=tiles, pieces=pieces,
            hands=tuple(tuple(kinds[k] for k in sorted(h)) for h in self.hands),
            piles=tuple(tuple(kinds[k] for k in p) for p in self.piles),
            pile_sizes=tuple(len(p) for p in self.piles),
            captured=tuple((c[0], c[1], c[2]) for c in self.captured),
            set_aside=(self.set_aside[0], self.set_aside[1], self.set_aside[2]),
            discarded=tuple((kinds[K_SWAP],) * d for d in self.discarded),
            current=self.current, turn=self.turn, normal_played=self.normal_played,
            played_this_turn=self.played, passes=self.passes, end_reason=self.end_reason,
            phase=Phase.GAME_OVER if self.over else Phase.PLAY, events=(), viewer=None, hidden_hand_sizes=())

    def copy(self) -> FastGame:
        """An independent copy (for another playout from the same position)."""
        g = object.__new__(FastGame)
        g.fb, g.n, g.ruleset, g.texts = self.fb, self.n, self.ruleset, self.texts
        g.instant, g.stop_at_once, g.forbid_closed = self.instant, self.stop_at_once, self.forbid_closed
        g.owner, g.kind, g.pieces = self.owner[:], self.kind[:], self.pieces[:]
        g.empty, g.infl = self.empty[:], self.infl[:]
        g.hands = [h[:] for h in self.hands]
        g.piles = [p[:] for p in self.piles]
        g.captured = [c[:] for c in self.captured]
        g.set_aside, g.on_board, g.discarded = self.set_aside[:], self.on_board[:], self.discarded[:]
        g.current, g.turn, g.normal_played = self.current, self.turn, self.normal_played
        g.played, g.passes, g.over, g.end_reason = self.played, self.passes, self.over, self.end_reason
        return g

    # --- influence and captures -------------------------------------------------------------------------------
    def _add(self, i: int, player: int, k: int, sign: int) -> None:
        """Add (``sign`` 1) or take away (-1) tile kind ``k`` of ``player`` on hex ``i`` from the influence."""
        infl = self.infl
        offset = self.fb.offset
        pairs = self.fb.adds[k][player]
        for s in self.fb.adjacent_settlements[i]:
            base = offset[s]
            for at, v in pairs:
                infl[base + at] += sign * v

    def _resolve(self, settlements: list[int]) -> None:
        """Capture the pieces of surrounded settlements (one piece at a time; a tie sets it aside)."""
        n = self.n
        infl, pieces, offset = self.infl, self.pieces, self.fb.offset
        captured, set_aside, on_board = self.captured, self.set_aside, self.on_board
        for s in settlements:
            m = pieces[s]
            base = offset[s]
            for c in (0, 1, 2):
                if m >> c & 1:
                    sums = infl[base + c * n: base + c * n + n]
                    best = max(sums)
                    if sums.count(best) > 1:
                        set_aside[c] += 1
                    else:
                        captured[sums.index(best)][c] += 1
                    on_board[c] -= 1
            pieces[s] = 0
        if self.end_reason is None:
            if 0 in on_board:
                self.end_reason = self.texts[0][on_board.index(0)]
                return
            total = sum(set_aside)
            if total >= SET_ASIDE_LIMIT:
                self.end_reason = f"{total} pieces have been set aside by ties"

    def _after_tile(self, closed: list[int]) -> None:
        """Instant capture: resolve the settlements a tile just surrounded (the game may stop at once)."""
        if closed:
            self._resolve(closed)
            if self.end_reason is not None and self.stop_at_once:
                self.over = True

    # --- actions ----------------------------------------------------------------------------------------------
    def place(self, k: int, i: int) -> None:
        """The current player lays tile kind ``k`` from his hand on hex ``i``."""
        p = self.current
        self.owner[i] = p
        self.kind[i] = k
        self.hands[p].remove(k)
        if not K_FAST[k]:
            self.normal_played = True
        self.played += 1
        self.passes = 0
        fb = self.fb
        adjacent = fb.adjacent_settlements[i]
        if not adjacent:
            return
        infl, offset, pairs = self.infl, fb.offset, fb.adds[k][p]
        land = fb.is_land[i]
        empty, pieces = self.empty, self.pieces
        closed = None
        for s in adjacent:
            base = offset[s]
            for at, v in pairs:
                infl[base + at] += v
            if land:
                empty[s] -= 1
            if not empty[s] and pieces[s]:
                closed = [s] if closed is None else closed + [s]
        if closed is not None and self.instant:
            self._after_tile(closed)

    def move(self, a: int, b: int) -> None:
        """The move tile: lift the current player's tile from ``a``, leave the move tile there, lay it on ``b``."""
        p = self.current
        k = self.kind[a]
        self._add(a, p, k, -1)
        self.kind[a] = K_MOVE
        self.owner[b], self.kind[b] = p, k
        self._add(b, p, k, 1)
        for s in self.fb.adjacent_settlements[b]:
            self.empty[s] -= 1
        self.hands[p].remove(K_MOVE)
        self.normal_played = True
        self.played += 1
        self.passes = 0
        if self.instant:
            pieces, empty = self.pieces, self.empty
            self._after_tile([s for s in self.fb.adjacent_settlements[b] if pieces[s] and not empty[s]])

    def swap(self, a: int, ca: int, b: int, cb: int) -> None:
        """The swap tile: exchange the piece of caste ``ca`` in ``a`` with the piece of caste ``cb`` in ``b``."""
        pieces = self.pieces
        pieces[a] = pieces[a] & ~(1 << ca) | (1 << cb)
        pieces[b] = pieces[b] & ~(1 << cb) | (1 << ca)
        p = self.current
        self.hands[p].remove(K_SWAP)
        self.discarded[p] += 1
        self.played += 1
        self.passes = 0

    def end_turn(self) -> None:
        """End the turn: end-of-turn captures, the end of the game, or refill and the next player."""
        if not self.instant:
            pieces, empty = self.pieces, self.empty
            closed = [s for s in self.fb.settlements if pieces[s] and not empty[s]]
            if closed:
                self._resolve(closed)
        if self.end_reason is not None:
            self.over = True
            return
        p = self.current
        hand, pile = self.hands[p], self.piles[p]
        k = HAND_SIZE - len(hand)
        if k > 0 and pile:
            hand.extend(pile[:k])
            del pile[:k]
        self._next(0)

    def pass_turn(self) -> None:
        """R1: the player cannot place a tile; when every player passed in a row the game ends."""
        self.passes += 1
        if self.passes >= self.n:
            self.over = True
            self.end_reason = self.texts[1]
            return
        self._next(self.passes)

    def _next(self, passes: int) -> None:
        self.current = (self.current + 1) % self.n
        self.turn += 1
        self.normal_played = False
        self.played = 0
        self.passes = passes

    def apply(self, action: FastAction) -> None:
        """Apply a legal fast action (see the module text); a chain of tests, the playouts' hot path."""
        kind = action[0]
        if kind == PLACE:
            self.place(action[1], action[2])
        elif kind == END:
            self.end_turn()
        elif kind == SWAP:
            self.swap(action[1], action[2], action[3], action[4])
        elif kind == MOVE:
            self.move(action[1], action[2])
        else:
            self.pass_turn()

    # --- what may be played ---------------------------------------------------------------------------------
    def movable(self) -> list[int]:
        """Hexes holding a tile of the current player that the move tile can lift."""
        p, owner, kind = self.current, self.owner, self.kind
        return [i for i in self.fb.land if owner[i] == p and K_MOVABLE[kind[i]]]

    def empties(self, sea: bool = False) -> list[int]:
        """Empty sea hexes (``sea``) or empty land hexes."""
        owner = self.owner
        return [i for i in (self.fb.sea if sea else self.fb.land) if owner[i] < 0]

    def swappable(self) -> list[tuple[int, int]]:
        """(settlement, caste) of every piece a swap may take part in (R3 may exclude surrounded ones)."""
        pieces, empty, forbid = self.pieces, self.empty, self.forbid_closed
        return [(s, c) for s in self.fb.settlements if pieces[s] and not (forbid and not empty[s])
                for c in (0, 1, 2) if pieces[s] >> c & 1]

    def _apart(self, a: int, ca: int, b: int, cb: int) -> bool:
        pieces = self.pieces
        return ca == cb or (not pieces[b] >> ca & 1 and not pieces[a] >> cb & 1)

    def swaps(self) -> list[FastAction]:
        """Every legal exchange of two pieces in two different settlements."""
        return [(SWAP, a, ca, b, cb) for (a, ca), (b, cb) in combinations(self.swappable(), 2)
                if a != b and self._apart(a, ca, b, cb)]

    def legal_actions(self) -> list[FastAction]:
        """Every legal action now (the same set as the rules engine's ``legal_actions``)."""
        if self.over:
            return []
        out: list[FastAction] = []
        normal_ok = not self.normal_played
        for k in sorted(set(self.hands[self.current])):
            if k == K_SWAP:
                out.extend(self.swaps())
            elif k == K_MOVE and normal_ok:  # (the move tile is not fast: the next test refuses it otherwise)
                targets = self.empties()
                out.extend((MOVE, a, b) for a in self.movable() for b in targets)
            elif normal_ok or K_FAST[k]:
                out.extend((PLACE, k, i) for i in self.empties(K_SEA[k]))
        if self.played:
            out.append(_END)
        elif not out:
            out.append(_PASS)
        return out

    # --- random play ----------------------------------------------------------------------------------------
    def random_action(self, rng: random.Random) -> FastAction:
        """A random legal action: a random playable tile kind (or the end of the turn), then a random target."""
        rnd = rng.random
        hand = self.hands[self.current]
        normal_ok = not self.normal_played
        options = [k for k in set(hand) if normal_ok or K_FAST[k]]
        if self.played:
            options.append(-1)
        fb = self.fb
        while options:
            j = int(rnd() * len(options))
            k = options[j]
            if k < 0:
                return _END
            if k == K_SWAP:
                swap = self._random_swap(rng)
                if swap is not None:
                    return swap
            elif k == K_MOVE:
                sources = self.movable()
                target = self._random_empty(fb.land, rnd) if sources else None
                if target is not None:
                    return (MOVE, sources[int(rnd() * len(sources))], target)
            else:
                i = self._random_empty(fb.sea if K_SEA[k] else fb.land, rnd)
                if i is not None:
                    return (PLACE, k, i)
            options.pop(j)
        return _PASS

    def _random_empty(self, pool: tuple[int, ...], rnd, tries: int = 8) -> int | None:
        owner = self.owner
        n = len(pool)
        for _ in range(tries):
            i = pool[int(rnd() * n)]
            if owner[i] < 0:
                return i
        free = [i for i in pool if owner[i] < 0]
        return free[int(rnd() * len(free))] if free else None

    def _random_swap(self, rng: random.Random) -> FastAction | None:
        items = self.swappable()
        if len(items) >= 2:
            for _ in range(20):
                (a, ca), (b, cb) = rng.sample(items, 2)
                if a != b and self._apart(a, ca, b, cb):
                    return (SWAP, a, ca, b, cb) if a < b else (SWAP, b, cb, a, ca)
        options = self.swaps()
        return options[int(rng.random() * len(options))] if options else None

    def playout(self, rng: random.Random) -> None:
        """Play random legal actions until the game is over (this position changes)."""
        rnd = rng.random
        owner = self.owner
        fb = self.fb
        land, sea = fb.land, fb.sea
        n_land, n_sea = len(land), len(sea)
        hands = self.hands
        while not self.over:
            if self.played and rnd() < 0.5:
                self.end_turn()
                continue
            hand = hands[self.current]
            if self.normal_played and not any(K_FAST[k] for k in hand):
                self.end_turn()  # nothing else can be played this turn
                continue
            if hand:  # the common case inlined: a random tile of the hand laid on a random empty hex
                k = hand[int(rnd() * len(hand))]
                if (not self.normal_played or K_FAST[k]) and k != K_SWAP and k != K_MOVE:
                    pool, m = (sea, n_sea) if K_SEA[k] else (land, n_land)
                    for _ in range(6):
                        i = pool[int(rnd() * m)]
                        if owner[i] < 0:
                            self.place(k, i)
                            break
                    else:
                        self.apply(self.random_action(rng))
                    continue
            self.apply(self.random_action(rng))

    def winners(self) -> list[int]:
        """The winners by the scoring chain (leaders, leaderships, the castes not led, totals)."""
        return winners(self.captured)

    def result(self, player: int) -> float:
        """``player``'s share of the victory (1, a share of a tie, or 0)."""
        w = winners(self.captured)
        return 1.0 / len(w) if player in w else 0.0


def winners(captured: list[list[int]]) -> list[int]:
    """The winners of captured counts by the rulebooks' scoring (as ``core.scoring.score``)."""
    n = len(captured)
    leaders = [decide(col) for col in zip(*captured)]  # None: no leader of that caste
    totals = [sum(c) for c in captured]
    ships = [leaders.count(p) for p in range(n)]
    most = max(ships)
    if most == 0:
        best = max(totals)
        return [p for p in range(n) if totals[p] == best]
    top = [p for p in range(n) if ships[p] == most]
    if len(top) == 1:
        return top
    other = {p: sum(captured[p][c] for c in (0, 1, 2) if leaders[c] != p) for p in top}
    best = max(other.values())
    top = [p for p in top if other[p] == best]
    if len(top) == 1:
        return top
    best = max(totals[p] for p in top)
    return [p for p in top if totals[p] == best]


# --- actions of the rules engine ---------------------------------------------------------------------------

def to_action(board: Board, action: FastAction) -> Action:
    """The rules engine's action of a fast action."""
    kind, ids = action[0], board.ids
    if kind == PLACE:
        return PlaceTile(TILE_KINDS[action[1]], ids[action[2]])
    if kind == MOVE:
        return MoveTile(ids[action[1]], ids[action[2]])
    if kind == SWAP:
        return Swap(ids[action[1]], CASTES[action[2]], ids[action[3]], CASTES[action[4]])
    return EndTurn() if kind == END else Pass()


def from_action(board: Board, action: Action) -> FastAction:
    """The fast action of a rules engine's action of the play phase."""
    if isinstance(action, PlaceTile):
        return (PLACE, action.tile.rank, board.resolve(action.hex))
    if isinstance(action, MoveTile):
        return (MOVE, board.resolve(action.from_hex), board.resolve(action.to_hex))
    if isinstance(action, Swap):
        a, b = board.resolve(action.hex_a), board.resolve(action.hex_b)
        return (SWAP, a, action.caste_a.index, b, action.caste_b.index)
    if isinstance(action, EndTurn):
        return _END
    if isinstance(action, Pass):
        return _PASS
    raise ValueError(f"{action} is not an action of the play phase")


# --- a random game from the start, for the benchmark ------------------------------------------------------

def random_start(n_players: int, ruleset: Ruleset, rng: random.Random) -> FastGame:
    """A fresh game of the play phase dealt at random on the fast path (hands and pieces as the beginner
    options deal them, not the same draws as the rules engine's seeded deal)."""
    g = _template(n_players, ruleset).copy()
    rnd = rng.random
    for p in range(n_players):  # sorting by random keys: a shuffle with one C-level draw per item
        tiles = sorted(FULL_SET, key=lambda _: rnd())
        g.hands[p] = tiles[:HAND_SIZE]
        g.piles[p] = tiles[HAND_SIZE:]
    per = supply_per_caste(n_players) - 1
    supply = sorted((c for c in (0, 1, 2) for _ in range(per)), key=lambda _: rnd())
    board = g.fb.board
    pieces = g.pieces
    for s in board.cities:
        first = supply.pop()
        j = len(supply) - 1
        while supply[j] == first:
            j -= 1
        pieces[s] = (1 << first) | (1 << supply.pop(j))
    for s in board.villages:
        pieces[s] = 1 << supply.pop()
    g.on_board = [per + 1] * 3
    return g


@cache
def _template(n_players: int, ruleset: Ruleset) -> FastGame:
    """An empty play-phase position (no tiles, no pieces but Edo's) to deal fast games from."""
    from ..core.state import new_game

    empty = new_game(n_players, ruleset, 0)
    return FastGame.from_state(_evolve(empty, phase=Phase.PLAY, hands=((),) * n_players,
                                       piles=((),) * n_players, pile_sizes=(0,) * n_players))
