"""The Katana and Iki-zumari apps in every language they speak: no English left after a few moves and the
lesson, nor in the ends of a game; their notebooks (each game's moves, words and allowed terms are in its own
test_<game>_languages)."""

from __future__ import annotations

import json

import pytest

import test_ikizumari_languages as ikizumari
import test_katana_languages as katana
from language_check import english_left
from samurai_lab.i18n import use_language

GAMES = {"katana": katana, "ikizumari": ikizumari}
#: Every game with each language it speaks but English.
TRANSLATED = [(name, lang) for name, g in GAMES.items() for lang in g.APP_LANGUAGES if lang != "en"]


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


@pytest.mark.parametrize(("game", "lang"), TRANSLATED)
def test_every_end_of_a_game_in_words(game: str, lang: str) -> None:
    g = GAMES[game]
    with use_language(lang):
        texts = g.end_texts()
    with use_language("en"):
        english = g.end_texts()
    assert all(t != e for t, e in zip(texts, english))
    assert english_left(texts, allow=g.allowed(lang), language=lang) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_notebook_is_code_only_and_sets_the_page_language_first(game: str) -> None:
    notebook = json.loads(GAMES[game].NOTEBOOK.read_text(encoding="utf-8"))
    assert [cell["cell_type"] for cell in notebook["cells"]] == ["code"]
    cell = notebook["cells"][0]
    assert "build_app()" in "".join(cell["source"]) and cell["outputs"] == []
