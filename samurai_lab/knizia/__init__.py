"""Reiner Knizia's *Samurai* (1998 Hans im Glück / Rio Grande, 2015 Fantasy Flight), in layers: ``core``,
``scenarios``, ``bots``, ``teaching``, ``render``, ``widgets`` (``docs/ARCHITECTURE.md`` says what each holds);
each layer imports only from the layers listed before it."""

from .core import *  # noqa: F401,F403
from .core import __all__  # noqa: F401
