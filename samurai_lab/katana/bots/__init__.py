"""Bots for SAMURAI (katana): a random bot and an alpha-beta search bot; ``simulate`` plays them."""

from .base import BOTS, Bot, make_bot
from .search import SearchBot, evaluate

__all__ = ["BOTS", "Bot", "make_bot", "SearchBot", "evaluate"]
