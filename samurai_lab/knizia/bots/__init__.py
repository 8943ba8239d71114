"""Bots that play Samurai from a player's view, hints for the player to move, and bot-versus-bot
simulations, usable without any widget.

Levels (``BOTS``, ``make_bot("greedy")``): ``random``, ``greedy-lite``, ``greedy``, ``search``, ``search-mc``, ``ismcts``.
A bot answers ``choose(view, rng)`` with one action; ``view`` is ``state.view(player)``.
"""

from ...i18n import N_
from .base import BOTS, Bot, make_bot, register
from .greedy import GreedyBot
from .random_bot import RandomBot
from .rollout import FastPolicy, LiteBot
from .search import SearchBot
from .fast_search import FastSearchBot
from .ismcts import ISMCTSBot

# the descriptions in English (``simulate --help``), translated where the apps show them
register("random", N_("plays a random legal action"), RandomBot)
register("greedy-lite", N_("judges each tile by the pieces next to it only: quick"), LiteBot)
register("greedy", N_("plays the action that most raises its estimated chance to win this turn"), GreedyBot)
register("search", N_("Monte Carlo search over sampled hidden information, about 1 s per turn"), SearchBot)
register("search-mc", N_("the search's turns judged by random games to the end over sampled hidden tiles, about "
                         "0.5 s per turn"), FastSearchBot)
register("ismcts", N_("the search's best turns judged further ahead over sampled hidden tiles (the reply, its own "
                      "next turn, the reply to it), about 0.6 s per turn"), ISMCTSBot)

from .hints import Hint, hints  # noqa: E402
from .simulate import GameRecord, SimulationResult, play_game, simulate  # noqa: E402

__all__ = [
    "BOTS", "Bot", "make_bot", "register", "FastPolicy", "GreedyBot", "LiteBot", "RandomBot", "SearchBot", "FastSearchBot", "ISMCTSBot",
    "Hint", "hints", "GameRecord", "SimulationResult", "play_game", "simulate",
]
