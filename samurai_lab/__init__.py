"""samurai_lab: learn, teach and explore the board games called *Samurai*.

Reiner Knizia's game lives in ``samurai_lab.knizia`` (its rules core in ``samurai_lab.knizia.core``);
the shared widget pieces in ``samurai_lab.ui``; the command line and servers in ``samurai_lab.tools``.
The Knizia core is re-exported here::

    from samurai_lab import new_game, EDITION_1998
    state = new_game(4, EDITION_1998.with_options(setup="random", hands="random"), seed=7)
    action = state.legal_actions()[0]
    state = state.apply(action)          # a new frozen state
"""

from .knizia.core import *  # noqa: F401,F403
from .knizia.core import __all__  # noqa: F401

__version__ = "0.1.0"
