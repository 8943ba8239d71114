"""The Katana and Iki-zumari apps in every language they speak: no English left after a few moves and the
lesson (each game's moves, words and allowed terms are in its own test_<game>_languages)."""

from __future__ import annotations

import pytest

import test_ikizumari_languages as ikizumari
import test_katana_languages as katana
from language_check import english_left
from samurai_lab.i18n import use_language

GAMES = {"katana": katana, "ikizumari": ikizumari}


@pytest.mark.parametrize(("game", "lang"), [(name, lang) for name, g in GAMES.items() for lang in g.APP_LANGUAGES])
def test_no_english_left_after_playing_and_the_lesson(game: str, lang: str) -> None:
    g = GAMES[game]
    with use_language(lang):
        app = g.build_app(query=f"lang={lang}", seats=("people", "random"))
        assert app.lang == lang and app.language.value == lang
        messages = g.play_a_little(app)
    assert all(messages), messages
    if lang != "en":
        for texts in (g.message_texts(messages), g.words_of(app), [g.cursor_words(app)]):
            assert english_left(texts, allow=g.allowed(lang), language=lang) == []
