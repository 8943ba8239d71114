"""SAMURAI, the two-player abstract game of swords and sacred movement constraints (package ``katana``).

The rules engine lives in :mod:`samurai_lab.katana.core`; the layers above it (scenarios, bots,
teaching, render, widgets) build on it in that order.
"""

from .core import *  # noqa: F401,F403
from .core import __all__  # noqa: F401
