"""samurai_lab: learn, teach and explore the board games called *Samurai*.

Reiner Knizia's game lives in ``samurai_lab.knizia`` (its rules core in ``samurai_lab.knizia.core``);
the shared widget pieces in ``samurai_lab.ui``; the command line and servers in ``samurai_lab.tools``.
The Knizia core is re-exported here, imported at its first use (an app of another game never loads it)::

    from samurai_lab import new_game, EDITION_1998
    state = new_game(4, EDITION_1998.with_options(setup="random", hands="random"), seed=7)
    action = state.legal_actions()[0]
    state = state.apply(action)          # a new frozen state
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """A name of the Knizia core (``__all__`` included), imported when first asked for."""
    from .knizia import core

    if name == "__all__" or name in core.__all__:
        return getattr(core, name)
    raise AttributeError(f"module 'samurai_lab' has no attribute {name!r}")


def __dir__() -> list[str]:
    from .knizia import core

    return sorted({*globals(), *core.__all__})
