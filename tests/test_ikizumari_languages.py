"""The SAMOURAI (ikizumari) app in every language it speaks: no English left after a few moves, the
lesson and the rules (the first two checked by test_grid_apps_languages with this module's helpers); the
page's language chooses the app's; the live dropdown relabels it."""

from __future__ import annotations

from pathlib import Path

import pytest

from language_check import english_left, html_texts, widget_texts
from samurai_lab.ikizumari.core.board import parse_square
from samurai_lab.ikizumari.widgets.app import APP_LANGUAGES, IkizumariApp, build_app

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "ikizumari.ipynb"
#: The game's own terms (rulebook 004), the same on the board in every language.
GAME_TERMS = ("SAMOURAI", "SHIRO", "ANZEN", "MEKURA", "HO BO", "IKI-ZUMARI")


def data_texts(app: IkizumariApp) -> set[str]:
    """The game record: a notation copied in and out, not words."""
    return {" ".join(line.split()) for line in app.record.value.splitlines() if line.strip()}


def words_of(app: IkizumariApp, *, with_header: bool = True) -> list[str]:
    data = data_texts(app)
    parts = [c for c in app.widget.children if with_header or app.header is None or c is not app.header.widget]
    return [t for part in parts for t in widget_texts(part) if t not in data]


def play_a_little(app: IkizumariApp) -> list[str]:
    """Refusals, moves, a bot's answer, a typed move, undo, a ruling, the lesson: every message shown."""
    messages = []
    app.click("g11")  # Black's samurai, Red to move
    messages.append(app.feedback.text)
    app.click("d1")
    messages.append(app.feedback.text)
    app.click("d3")  # Red's move, then the bot answers
    messages += [app.status.value, app.announce.value]
    app.move_input.value = "k1-k9"  # typed, and refused
    messages.append(app.feedback.text)
    app.undo_button.click()
    messages.append(app.feedback.text)
    app.ruling_rows["I1"][1].value = "blocked"
    messages.append(app.feedback.text)
    app.new_button.click()
    messages.append(app.feedback.text)
    app.tabs.selected_index = 1
    app.lesson_click("d1")
    app.lesson_click("d2")  # one square, the task asks for three
    messages.append(app.lesson_feedback.value)
    app.hint_button.click()
    messages.append(app.hint_text.value)
    app.retry_button.click()
    messages.append(app.lesson_feedback.value)
    app.lesson_click("d1")
    app.lesson_click("d4")
    messages.append(app.lesson_feedback.value)
    assert "ikz-right" in app.lesson_feedback.value
    app.next_button.click()
    app.tabs.selected_index = 2
    return messages


def message_texts(messages: list[str]) -> list[str]:
    """The texts of ``play_a_little``'s messages (the lesson's are HTML)."""
    return [t for m in messages for t in html_texts(m)]


def cursor_words(app: IkizumariApp) -> str:
    """What the board's live line says with the keyboard cursor on d1."""
    return app.board.describe(parse_square("d1"))


def allowed(lang: str) -> tuple[str, ...]:
    return GAME_TERMS


def test_the_browser_language_when_the_address_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "es-ES,es;q=0.9")
    app = build_app(query="")
    assert app.lang == "es" and app.tabs.titles == ("Jugar", "Lección", "Reglas")


@pytest.mark.parametrize("lang", [lang for lang in APP_LANGUAGES if lang != "en"])
def test_the_dropdown_relabels_the_app_live(lang: str) -> None:
    app = IkizumariApp(lang="en", seats=("people", "people"))
    app.click("d1")
    app.click("d3")
    app.language.value = lang
    assert english_left(words_of(app, with_header=True), allow=GAME_TERMS, language=lang) == []  # header relabelled
    # its links carry the new language, or English to the Knizia apps, which speak no French
    link_lang = "en" if lang == "fr" else lang
    assert f"lesson.ipynb?lang={link_lang}" in app.header.nav.value
    app.click("g11")
    assert english_left([app.feedback.text], allow=GAME_TERMS, language=lang) == []
    app.language.value = "en"
    assert app.tabs.titles == ("Play", "Lesson", "Rules")


def end_texts() -> list[str]:
    """Every way a game ends, in words."""
    from samurai_lab.ikizumari.core.rules import Outcome
    from samurai_lab.ikizumari.core.text import outcome_text

    ends = [Outcome(0, "iki_zumari"), Outcome(1, "iki_zumari"), Outcome(None, "draw_rule"), Outcome(None, "move_limit")]
    return [outcome_text(end) for end in ends]
