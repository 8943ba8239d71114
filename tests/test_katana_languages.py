"""The SAMURAI (katana) app in every language it speaks: no English left after a few moves, the lesson
and the rules (the first two checked by test_grid_apps_languages with this module's helpers); the page's
language chooses the app's; the live dropdown relabels it."""

from __future__ import annotations

from pathlib import Path

import pytest

from language_check import english_left, widget_texts
from samurai_lab.i18n import use_language
from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.widgets.app import APP_LANGUAGES, KatanaApp, build_app

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "katana.ipynb"
#: The game's own terms (rulebook 003), the same on the board in every language.
GAME_TERMS = ("SAMURAI", "KATANA", "SHIRO", "MEKURA", "RYU", "TAIYO", "WASH", "Tachiōjō", "Iki zumar")
#: Rulebook 003 is Italian and itself says "caselle BLACK" and "player": the Italian catalog keeps its words.
RULEBOOK_WORDS = {"it": ("BLACK", "player")}


def allowed(lang: str) -> tuple[str, ...]:
    return GAME_TERMS + RULEBOOK_WORDS.get(lang, ())


def data_texts(app: KatanaApp) -> set[str]:
    """The position string and the game record: a notation copied in and out, not words."""
    lines = [app.position_text.value, *app.record_text.value.splitlines()]
    return {" ".join(line.split()) for line in lines if line.strip()}


def words_of(app: KatanaApp) -> list[str]:
    data = data_texts(app)
    return [t for t in widget_texts(app.widget) if t not in data]


def click(app: KatanaApp, square: str) -> None:
    app.board._callback(square_index(square))


def lesson_click(app: KatanaApp, square: str) -> None:
    app.lesson_board._callback(square_index(square))


def play_a_little(app: KatanaApp) -> list[str]:
    """Refusals, moves, a bot's answer, undo, a ruling, a position, the lesson: every message shown."""
    messages = []
    click(app, "c9")  # no samurai there
    messages.append(app.feedback.text)
    click(app, "d9")
    messages.append(app.feedback.text)
    click(app, "e9")  # Black's move, then the bot answers
    messages.append(app.feedback.text)
    assert len(app.session.log) == 2  # the record of the game in words: both moves
    messages += app.session.log
    click(app, "c7")  # not one of Black's samurai, nothing selected
    messages.append(app.feedback.text)
    click(app, "a7")
    click(app, "c7")  # a KATANA square: refused
    messages.append(app.feedback.text)
    app.undo_button.click()
    messages.append(app.feedback.text)
    app.ruling_boxes["K8"].value = "all"
    messages.append(app.feedback.text)
    app.position_button.click()
    messages.append(app.feedback.text)
    app.tabs.selected_index = 1
    app._open_task(app.tasks.index(next(t for t in app.tasks if t.id == "sfida-1")))
    lesson_click(app, "e1")
    lesson_click(app, "e3")  # legal, but no challenge
    messages.append(app.lesson_feedback.text)
    app.hint_button.click()
    messages.append(app.lesson_feedback.text)
    app.retry_button.click()
    lesson_click(app, "e1")
    lesson_click(app, "e4")
    assert app.lesson_feedback.kind == "success"
    messages.append(app.lesson_feedback.text)
    app.next_button.click()
    app.tabs.selected_index = 2
    return messages


def message_texts(messages: list[str]) -> list[str]:
    """The texts of ``play_a_little``'s messages (plain text)."""
    return messages


def cursor_words(app: KatanaApp) -> str:
    """What the board's live line says with the keyboard cursor on f9: more than the square's name."""
    words = app.board.describe(square_index("f9"))
    assert words != "f9"
    return words


@pytest.mark.parametrize("lang", [lang for lang in APP_LANGUAGES if lang != "en"])
def test_the_app_opens_in_the_page_language(lang: str) -> None:
    with use_language(lang):
        app = build_app(query=f"lang={lang}")
        texts = words_of(app)
    assert english_left(texts, allow=allowed(lang), language=lang) == []
    assert app.intro.value and app.tabs.titles != ("Play", "Lesson", "Rules")


def test_the_browser_language_when_the_address_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "ru-RU,ru;q=0.9,en;q=0.5")
    app = build_app(query="")
    assert app.lang == "ru" and app.tabs.titles[0] == "Игра"


def test_a_language_the_app_lacks_falls_back_to_english() -> None:
    app = build_app(query="lang=fr")
    assert app.lang == "en" and app.tabs.titles == ("Play", "Lesson", "Rules")


@pytest.mark.parametrize("lang", [lang for lang in APP_LANGUAGES if lang != "en"])
def test_the_dropdown_relabels_the_app_live(lang: str) -> None:
    app = KatanaApp(lang="en", seats=("people", "people"))
    click(app, "d9")
    click(app, "e9")
    app.language.value = lang
    assert f'lang = "{lang}"' in app.header.script.outputs[0]["data"]["application/javascript"]
    data = data_texts(app)
    texts = [t for t in widget_texts(app.widget) if t not in data]  # the header too: it is relabelled
    assert f"lesson.ipynb?lang={lang}" in app.header.nav.value  # the links carry the new language
    assert english_left(texts, allow=allowed(lang), language=lang) == []
    click(app, "c9")
    assert english_left([app.feedback.text], allow=allowed(lang), language=lang) == []
    app.language.value = "en"
    assert app.tabs.titles == ("Play", "Lesson", "Rules")


def end_texts() -> list[str]:
    """Every way a game ends, in words."""
    from samurai_lab.katana.core import describe_outcome
    from samurai_lab.katana.core.state import Outcome

    ends = [Outcome(0, "three_kills"), Outcome(None, "both_stuck"), Outcome(1, "stuck_loses"), Outcome(None, "quiet")]
    return [describe_outcome(end) for end in ends]
