"""Reiner Knizia's *Samurai* (1998 Hans im Glück / Rio Grande, 2015 Fantasy Flight), in layers:

* ``core``: the rules engine (standard library + networkx): map, tiles, rulesets, actions, frozen
  states, the one source of legality, influence, scoring, random playouts, plain-text descriptions;
* ``scenarios``: the text formats (scenario files, position strings, game records) and ``check``;
* ``bots``: bots that see only their player's view, hints, simulations;
* ``teaching``: widget-free models of the lesson, of a game being played and of its log;
* ``render``: pictures of states (SVG and ipycanvas), pure drawing from the core's data;
* ``widgets``: the apps (ipywidgets + ipycanvas): event → core call → redraw.

Each layer imports only from the layers listed before it.
"""

from .core import *  # noqa: F401,F403
from .core import __all__  # noqa: F401
