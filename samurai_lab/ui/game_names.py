"""Each game's short name as the shared apps show it, in the page's language (the ui domain)."""

from __future__ import annotations

from ..common.game import Game
from ..i18n import N_, Domain

T = Domain("ui")
#: The bundled games' labels (``Game.label``), marked for translation here.
LABELS = (N_("Samurai (Reiner Knizia)"), N_("Katana"), N_("Iki-zumari"))


def game_label(game: Game) -> str:
    """``game``'s short name in the current language."""
    return T.gettext(game.label)
