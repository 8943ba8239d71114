"""Quick local judgement of candidate actions: how a tile, a move or a swap changes the odds of the
pieces next to it, weighted by how much each caste's pieces move the player's chance to win.

Used to play fast continuations and to pick the few candidates worth a full evaluation. An action
that may end the game (closing a settlement that holds a caste's last pieces, or the fourth tie) is
played out, and judged by the final result if the game does end.
"""

from __future__ import annotations

from itertools import combinations

from ..core.actions import Action, MoveTile, PlaceTile, Swap
from ..core.rules import SET_ASIDE_LIMIT, apply_action, decide, empty_land_around, end_turn
from ..core.ruleset import FORBIDDEN, INSTANT
from ..core.state import GameState
from ..core.tiles import CASTES, Tile
from .evaluate import DEFAULT_PARAMS, Params, held, piece_odds, settlement_tallies, win_chances, win_odds
from .knowledge import Odds, Perspective, holding_odds


class LocalBoard:
    """For one player's turn: per settlement with pieces its empty land hexes, tallies and each piece's
    odds (times its reach), and the weight of each player's expected captures per caste for that player
    (``weights[q][caste]``: change of his chance to win if q captured one more such piece; computed
    unless given, e.g. kept from an earlier position to save time)."""

    __slots__ = ("player", "persp", "n", "params", "mover", "mover_odds", "empty", "tallies", "odds", "weights",
                 "base", "left", "set_aside", "_gains", "_values", "_ends", "_exact")

    def __init__(self, state: GameState, persp: Perspective, params: Params = DEFAULT_PARAMS,
                 weights: list[list[float]] | None = None) -> None:
        n = self.n = state.n_players
        me = self.player = persp.player
        self.persp = persp
        self.params = params
        self.left = list(state.pieces_on_board())
        self.set_aside = sum(state.set_aside)
        self.mover = (state.current + 1) % n
        self.mover_odds: Odds = holding_odds(state, self.mover, me)
        self.empty: dict[int, int] = {}
        self.tallies: dict[int, list[list[int]]] = {}
        self.odds: dict[int, dict[int, list[float]]] = {}
        self._gains: dict[tuple, float] = {}
        self._values: dict[tuple, float] = {}
        self._ends: dict[int, bool] = {}
        self._exact: dict[tuple, float] = {}
        ex = held(state, persp)
        mu, var = ex.mu, ex.var
        for s in state.board.settlements:
            if state.pieces[s]:
                self._scan(state, s)
                for ci, o in self.odds[s].items():
                    for q in range(n):
                        mu[q][ci] += o[q]
                        var[q][ci] += o[q] * (1 - o[q])
        base = self.base = win_odds(ex, params)[me]
        if weights is None:
            weights = []
            for q in range(n):
                row = []
                for ci in range(3):
                    mu[q][ci] += 1.0
                    row.append(win_odds(ex, params)[me] - base)
                    mu[q][ci] -= 1.0
                weights.append(row)
        self.weights = weights

    def _odds(self, tallies: list[int], e: int, ci: int) -> list[float]:
        """Each player's odds of taking a piece of caste ``ci`` with ``e`` empty land hexes around, times its reach."""
        reach = self.params.reach
        r = reach[min(e, len(reach) - 1)]
        return [x * r for x in piece_odds(tallies, e, self.mover, self.mover_odds[ci] if e == 1 else None, self.params)]

    def _scan(self, state: GameState, s: int) -> None:
        e = self.empty[s] = empty_land_around(state, s)
        tl = self.tallies[s] = settlement_tallies(state, s)
        self.odds[s] = {c.index: self._odds(tl[c.index], e, c.index) for c in state.pieces[s]}

    def update(self, state: GameState, settlements) -> None:
        """Refresh settlements whose tiles or pieces just changed (weights are kept for the turn)."""
        self._ends.clear()
        self._exact.clear()
        for s in settlements:
            self._gains = {key: v for key, v in self._gains.items() if key[0] != s}
            self._values = {key: v for key, v in self._values.items() if key[0] != s}
            if state.pieces[s]:
                self._scan(state, s)
            else:
                self.odds.pop(s, None)

    # --- pieces and settlements --------------------------------------------------------------------------
    def piece_value(self, s: int, ci: int) -> float:
        """Weighted odds of a piece of caste ``ci`` if it lay in settlement ``s``."""
        key = (s, ci)
        v = self._values.get(key)
        if v is None:
            e = self.empty[s]
            r = self.params.reach[min(e, len(self.params.reach) - 1)]
            odds = piece_odds(self.tallies[s][ci], e, self.mover, self.mover_odds[ci] if e == 1 else None, self.params)
            v = self._values[key] = sum(self.weights[q][ci] * odds[q] * r for q in range(self.n))
        return v

    def settlement_gain(self, s: int, per_caste: tuple[int, int, int], land: bool) -> float:
        """Change of the weighted odds at settlement ``s`` if the player adds influence ``per_caste``
        next to it (``land``: on a land hex, one fewer empty)."""
        key = (s, per_caste, land)
        g = self._gains.get(key)
        if g is not None:
            return g
        g = 0.0
        per = self.odds.get(s)
        if per:
            e = self.empty[s]
            e2 = e - 1 if land else e
            tl = self.tallies[s]
            w = self.weights
            for ci, old in per.items():
                v = per_caste[ci]
                if v == 0 and e2 == e:
                    continue
                row = list(tl[ci])
                row[self.player] += v
                new = self._odds(row, e2, ci)
                for q in range(self.n):
                    g += w[q][ci] * (new[q] - old[q])
        self._gains[key] = g
        return g

    def may_end(self, state: GameState, hex_: int) -> bool:
        """Could filling ``hex_`` end the game (a caste's last pieces or the fourth set-aside piece)?
        A cheap test; ``ending_gain`` then plays the action out to be sure."""
        known = self._ends.get(hex_)
        if known is None:
            known = self._ends[hex_] = self._may_end(state, hex_)
        return known

    def _may_end(self, state: GameState, hex_: int) -> bool:
        closing = [s for s in state.board.adjacent_settlements[hex_] if s in self.odds and self.empty[s] == 1]
        if not closing:
            return False
        pending = [s for s in self.odds if self.empty[s] == 0] if state.ruleset.capture_timing != INSTANT else []
        me = self.player
        gone = [0, 0, 0]
        ties = 0
        for s in closing + pending:
            for ci in self.odds[s]:
                gone[ci] += 1
                t = self.tallies[s][ci]
                if s in pending:
                    ties += decide(t) is None
                else:  # a tie stays possible unless the player already leads alone
                    ties += t[me] <= max(v for q, v in enumerate(t) if q != me)
        return self.set_aside + ties >= SET_ASIDE_LIMIT or any(g >= l for g, l in zip(gone, self.left))

    def exact_gain(self, state: GameState, action: Action) -> float:
        """Change of the chance to win if ``action`` is played and the turn ended, judged in full
        (remembered for equivalent actions: the same influence next to the same settlements)."""
        key = self._exact_key(state, action)
        g = self._exact.get(key)
        if g is None:
            g = self._exact[key] = self._judge(self._ended(state, action))
        return g

    def ending_gain(self, state: GameState, action: Action) -> float | None:
        """``exact_gain`` if ``action`` ends the game by the end of the turn, else None."""
        key = ("end",) + self._exact_key(state, action)
        if key in self._exact:
            return self._exact[key]
        after = self._ended(state, action)
        g = self._exact[key] = self._judge(after) if after.is_over else None
        return g

    @staticmethod
    def _ended(state: GameState, action: Action) -> GameState:
        after = apply_action(state, action)
        return after if after.is_over else end_turn(after)

    def _judge(self, after: GameState) -> float:
        odds: list = [None] * self.n
        odds[self.mover] = self.mover_odds  # his tiles and hand size are as they were
        return win_chances(after, self.persp, odds, self.params)[self.player] - self.base

    @staticmethod
    def _exact_key(state: GameState, action: Action) -> tuple:
        board = state.board
        adjacent = board.adjacent_settlements
        if isinstance(action, PlaceTile):
            return ("tile", action.tile.per_caste, action.tile.on_sea, adjacent[board.resolve(action.hex)])
        if isinstance(action, MoveTile):
            a = board.resolve(action.from_hex)
            return ("move", state.tiles[a].tile.per_caste, adjacent[a],  # type: ignore[union-attr]
                    adjacent[board.resolve(action.to_hex)])
        return (str(action),)

    # --- candidate actions (gains before the price of the tile) ----------------------------------------
    def tile_gain(self, state: GameState, t: Tile, h: int) -> float:
        """Gain of laying tile ``t`` on the empty hex ``h``."""
        land = not t.on_sea
        if land and self.may_end(state, h):
            g = self.ending_gain(state, PlaceTile(t, state.board.ids[h]))
            if g is not None:
                return g
        g = 0.0
        pc = t.per_caste
        gains = self._gains
        for s in state.board.adjacent_settlements[h]:
            x = gains.get((s, pc, land))
            g += x if x is not None else self.settlement_gain(s, pc, land)
        return g

    def move_gain(self, state: GameState, a: int, h: int) -> float:
        """Gain of lifting the player's tile from hex ``a`` to the empty land hex ``h``."""
        if self.may_end(state, h):
            ids = state.board.ids
            g = self.ending_gain(state, MoveTile(ids[a], ids[h]))
            if g is not None:
                return g
        pc = state.tiles[a].tile.per_caste  # type: ignore[union-attr]
        adjacent = state.board.adjacent_settlements
        lifted = (-pc[0], -pc[1], -pc[2])
        return sum([self.settlement_gain(s, lifted, False) for s in adjacent[a]]
                   + [self.settlement_gain(s, pc, True) for s in adjacent[h]], 0.0)

    def swap_gain(self, sa: int, ca: int, sb: int, cb: int) -> float:
        """Gain of exchanging the piece of caste ``ca`` in ``sa`` with that of caste ``cb`` in ``sb``."""
        value = self.piece_value
        return value(sb, ca) + value(sa, cb) - value(sa, ca) - value(sb, cb)

    def swaps(self, state: GameState) -> list[tuple[int, int, int, int]]:
        """Every useful legal swap as (settlement, caste, settlement, caste) indices (R3 respected)."""
        forbid = state.ruleset.swap_into_surrounded == FORBIDDEN
        pieces = state.pieces
        items = [(s, c.index) for s in self.odds if not (forbid and self.empty[s] == 0) for c in pieces[s]]
        return [(sa, ca, sb, cb) for (sa, ca), (sb, cb) in combinations(items, 2)
                if sa != sb and ca != cb and CASTES[ca] not in pieces[sb] and CASTES[cb] not in pieces[sa]]

    def action_gain(self, state: GameState, action: Action) -> float | None:
        """Gain of a tile, move or swap action (None for ending the turn or passing)."""
        board = state.board
        if isinstance(action, PlaceTile):
            return self.tile_gain(state, action.tile, board.resolve(action.hex))
        if isinstance(action, MoveTile):
            return self.move_gain(state, board.resolve(action.from_hex), board.resolve(action.to_hex))
        if isinstance(action, Swap):
            sa, sb = board.resolve(action.hex_a), board.resolve(action.hex_b)
            both = sa in self.odds and sb in self.odds  # a settlement without pieces has no odds to change
            return self.swap_gain(sa, action.caste_a.index, sb, action.caste_b.index) if both else 0.0
        return None
