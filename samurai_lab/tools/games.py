"""The games samurai_lab teaches, as the command line and the servers see them: a name, a title,
where each game's ``check`` and ``simulate`` live, and its app notebook."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class GameEntry:
    """One game: ``name`` (its package and the ``game = "..."`` key of its scenario files)."""

    name: str
    title: str
    source: str
    notebook: str

    def module(self, layer_module: str) -> ModuleType:
        """``samurai_lab.<name>.<layer_module>``, imported on demand."""
        return importlib.import_module(f"samurai_lab.{self.name}.{layer_module}")


GAMES: dict[str, GameEntry] = {
    g.name: g for g in (
        GameEntry("knizia", "Samurai (Reiner Knizia)", "rulebooks 000 (it), 001 (ru), 002 (es)", "explorer.ipynb"),
        GameEntry("katana", "Samurai: challenges across Katana squares", "rulebook 003 (it)", "katana.ipynb"),
        GameEntry("ikizumari", "Samouraï: Iki-zumari", "rulebook 004 (fr)", "ikizumari.ipynb"),
    )
}
DEFAULT_GAME = "knizia"


def game(name: str) -> GameEntry:
    """The game called ``name``; ValueError listing the games otherwise."""
    try:
        return GAMES[name.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}") from None
