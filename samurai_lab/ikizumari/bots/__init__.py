"""Bots for SAMOURAI: a random bot and an alpha-beta search bot; ``simulate`` pits them against each other."""

from .base import BOTS, Bot, make_bot  # noqa: F401
