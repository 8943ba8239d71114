"""The ``ismcts`` level: information-set search over the tiles the player cannot see, deepened where it
matters. Plans, samples and halving are ``search``'s; every plan of a stage meets the same deals.

1. The screen: every plan followed by one turn of the fast policy (the next player's reply) and
   judged by the evaluation, as ``search`` judges, for ``screen_share`` of the time, until ``keep``
   plans remain. Its choice is settled early: more samples rarely change it.
2. The deep judgement: those few plans followed by ``deep`` turns of the fast policy (the reply, the
   player's own next turn and the reply to it) on fresh deals, then judged, with the rest of the time:
   the turns after the reply show whether a plan prepares captures or leaves them to others.
"""

from __future__ import annotations

import random
import time

from ..core.state import GameState
from .knowledge import Perspective
from .search import Plan, SearchBot

#: Default continuations of the screen and of the deep judgement per turn by player count (together
#: about 0.6 s of one core in mid-game).
SCREEN = {2: 160, 3: 100, 4: 80}
PLAYOUTS = {2: 80, 3: 50, 4: 40}


class ISMCTSBot(SearchBot):
    """Information-set search over whole-turn plans: a screen as ``search`` judges, then a deeper
    judgement of the best few (see the module text).

    ``screen``: continuations of the screen (default ``SCREEN``); ``playouts``: continuations of the deep
    judgement (default ``PLAYOUTS``); ``time_limit``: seconds per turn for both, ``screen_share`` of them
    for the screen (the budgets still cap each stage); ``keep``: plans left for the deep judgement;
    ``deep``: turns of the fast policy after a plan there; the other options are the search's."""

    name = "ismcts"

    def __init__(self, playouts: int | None = None, screen: int | None = None, keep: int = 4, deep: int = 3,
                 screen_share: float = 0.4, time_limit: float | None = None, **options: object) -> None:
        super().__init__(playouts=playouts, time_limit=time_limit, **options)  # type: ignore[arg-type]
        if keep < 1 or deep < 0 or not 0.0 < screen_share < 1.0 or (screen is not None and screen < 1):
            raise ValueError("keep and screen must be at least 1, deep at least 0, screen_share between 0 and 1")
        self.screen = screen
        self.keep = keep
        self.deep = deep
        self.screen_share = screen_share

    def search(self, view: GameState, persp: Perspective, plans: list[Plan], rng: random.Random) -> Plan:
        start = time.perf_counter()
        n = view.n_players
        limit = self.time_limit
        screened = 0
        if len(plans) > self.keep:
            screen = self.screen or (self.playouts if limit is not None and self.playouts else SCREEN[n])
            order = self.rank(view, persp, plans, rng, screen, None if limit is None else limit * self.screen_share,
                              keep=self.keep)
            screened = self.last_stats["playouts"]
            plans = [plans[i] for i in order]
        rest = None if limit is None else max(0.0, limit - (time.perf_counter() - start))
        best = self.rank(view, persp, plans, rng, self.playouts or PLAYOUTS[n], rest, depth=self.deep)[0]
        self.last_stats.update(screened=screened, seconds=time.perf_counter() - start)
        return plans[best]
