"""Every message of the SAMURAI package is translated into the rulebook's language (Italian)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from samurai_lab.i18n import catalog_path, use_language
from samurai_lab.katana.core import describe_constraint, new_game, play, why_illegal
from samurai_lab.katana.core.ruleset import RULINGS

PACKAGE = Path(__file__).resolve().parents[1] / "samurai_lab" / "katana"
KEYWORDS = {"T.gettext": None, "T.ngettext": (1, 2), "T.pgettext": ((1, "c"), 2), "N_": None}


def test_every_message_has_an_italian_translation():
    with catalog_path("katana", "it").open("rb") as f:
        catalog = read_po(f, locale="it")
    missing = []
    for filename, lineno, message, comments, context in extract_from_dir(str(PACKAGE), keywords=KEYWORDS):
        msgid = message[0] if isinstance(message, tuple) else message
        entry = catalog.get(msgid, context=context)
        if entry is None or not entry.string:
            missing.append(f"{filename}:{lineno} {msgid!r}")
    assert not missing, "\n".join(missing)


def test_the_rulebooks_words_in_italian():
    with use_language("it"):
        assert "Movimento vincolato" in describe_constraint(play(new_game(), "d9-e9 d1-d2"))
        assert "Tachiōjō" in describe_constraint(play(new_game(), "d9-c9"))
        assert "Vietato fermarsi su una casella KATANA" in why_illegal(new_game(), "a7-c7")
        assert "Regina degli scacchi" in why_illegal(new_game(), "d9-e7")
        assert "Ryu (drago)" in describe_constraint(play(new_game(), "d9-e9 d1-d2"))
    assert all(r.question and all(e for _, e in r.options) for r in RULINGS)
