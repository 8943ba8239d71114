"""Bots for SAMURAI (katana): a random bot and an alpha-beta search bot; ``simulate`` plays them."""

from .base import BOTS, Bot, make_bot
from .random_bot import RandomBot
from .search import SearchBot, evaluate

__all__ = ["BOTS", "Bot", "make_bot", "RandomBot", "SearchBot", "evaluate"]
