"""Each game's short name as the shared apps show it, in the page's language (the ui domain)."""

from __future__ import annotations

from ..common.game import Game
from ..i18n import N_, Domain

T = Domain("ui")
#: The bundled games' labels (``Game.label``) by name, marked for translation here (the pages that list the games
#: by name import no game).
LABELS = {"knizia": N_("Samurai (Reiner Knizia)"), "katana": N_("Katana"), "ikizumari": N_("Iki-zumari")}


def game_label(game: Game) -> str:
    """``game``'s short name in the current language."""
    return T.gettext(game.label)
