"""Instructions say "click" with a mouse and "tap" on a touch screen, in every language: the apps send both
(``ui.touch.pointer_html``) and the page shows the one of its device; a study's question says how to answer."""

from __future__ import annotations

import re

import pytest

from samurai_lab.i18n import use_language
from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.widgets.app import KatanaApp
from samurai_lab.ui import study_app as app_module
from samurai_lab.ui.common import Feedback
from samurai_lab.ui.touch import POINTER_CSS, SAY_CLICK_CLASS, SAY_TAP_CLASS, TOUCH_CLASS, PointerError, pointer_html

#: The verb a finger uses, per language.
TAP = {"en": "Tap", "it": "Tocca", "es": "Toca", "ru": "Коснитесь", "fr": "Touchez"}
CLICK = {"en": "Click", "it": "Clicca", "es": "Pulsa", "ru": "Щёлкните", "fr": "Cliquez"}


@pytest.fixture(autouse=True)
def saved_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SAMURAI_SAVED_DIR", str(tmp_path))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)


def said(html: str, css_class: str) -> str:
    """The text of the ``css_class`` span of ``pointer_html``'s output."""
    found = re.search(rf'<span class="{css_class}">(.*?)</span>', html, re.S)
    assert found, html
    return found.group(1)


#: A word of clicking and of tapping, per language (any form: "clicca", "clic"; "щёлкайте", "щелчок").
CLICKING = {"en": r"click", "it": r"clic", "es": r"puls|clic", "ru": r"щ[её]лк|щелч", "fr": r"cliqu|clic"}
TAPPING = {"en": r"\btap", "it": r"tocc", "es": r"\btoca|toque", "ru": r"косн|каса", "fr": r"touch"}


def says_both_ways(message: str, lang: str, what: str = "") -> None:
    """``message`` (``pointer_html``) clicks with a mouse and taps on a touch screen, never clicks there."""
    click, tap = said(message, SAY_CLICK_CLASS).lower(), said(message, SAY_TAP_CLASS).lower()
    assert re.search(CLICKING[lang], click), (what, click)
    assert re.search(TAPPING[lang], tap), (what, tap)
    assert not re.search(CLICKING[lang], tap), (what, tap)


def test_the_page_shows_one_of_the_two() -> None:
    assert f"html.{TOUCH_CLASS} .{SAY_CLICK_CLASS}" in POINTER_CSS
    assert f"html:not(.{TOUCH_CLASS}) .{SAY_TAP_CLASS}" in POINTER_CSS
    assert said(pointer_html("Click <b>", "Tap"), SAY_CLICK_CLASS) == "Click &lt;b&gt;"


def test_a_refusal_that_says_click_says_tap_on_a_touch_screen() -> None:
    feedback = Feedback()

    def refuse() -> None:
        raise PointerError("Click a square.", "Tap a square.")

    feedback.guard(refuse)()
    assert feedback.text == "Click a square." and feedback.kind == "error"
    assert said(feedback.message.value, SAY_TAP_CLASS) == "Tap a square."


@pytest.mark.parametrize("study,lang", [("katana-the-challenge", "en"), ("katana-the-challenge", "it"),
                                        ("ikizumari-announcing-a-distance", "fr"),
                                        ("knizia-taking-a-helmet", "es"), ("knizia-taking-a-helmet", "ru")])
def test_a_study_question_says_how_to_answer_for_either_device(study: str, lang: str) -> None:
    with use_language(lang):
        app = app_module.study_app(query=f"study={study}&lang={lang}")
        player = app.player
        step = next(i for i, s in enumerate(player.play.study.steps) if s.question is not None)
        player.go(step)
        prompt = player.prompt.value
    assert said(prompt, SAY_CLICK_CLASS).startswith((CLICK[lang], "Choose", "Scegli", "Elige", "Выберите"))
    assert TAP[lang].lower() in said(prompt, SAY_TAP_CLASS).lower()
    outside = re.sub(r"<div class=\"samurai-study-how\">.*</div>", "", prompt, flags=re.S)
    assert CLICK[lang].lower() not in outside.lower()  # the question itself says neither


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_katana_asks_for_a_samurai_by_tap_on_a_touch_screen(lang: str) -> None:
    with use_language(lang):
        app = KatanaApp(seats=("people", "people"))
        app.board._callback(square_index("e5"))  # an empty square, no samurai chosen
    message = app.feedback.message.value
    assert TAP[lang].lower() in said(message, SAY_TAP_CLASS).lower()
    assert TAP[lang].lower() not in said(message, SAY_CLICK_CLASS).lower()



def choose_a_land_tile(app) -> int:
    """Choose the first tile of the explorer's hand that goes on land (no sea tile, swap or move); its index."""
    land = next(k for k, t in enumerate(app.state.hand) if not t.on_sea and not t.is_swap and not t.is_move)
    app.choose(land)
    return land

@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_knizia_explorer_says_tap_for_a_tile_chosen_on_a_touch_screen(lang: str) -> None:
    from samurai_lab.knizia.widgets.explorer import Explorer

    with use_language(lang):
        app = Explorer()
        choose_a_land_tile(app)
    message = app.feedback.message.value
    assert CLICK[lang].lower() in said(message, SAY_CLICK_CLASS).lower()
    assert TAP[lang].lower() in said(message, SAY_TAP_CLASS).lower()


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_knizia_explorer_how_to_line_says_tap_on_a_touch_screen(lang: str) -> None:
    from samurai_lab.knizia.widgets.explorer import Explorer

    with use_language(lang):
        line = Explorer().header.value
    assert CLICK[lang].lower() in said(line, SAY_CLICK_CLASS).lower()
    assert TAP[lang].lower() in said(line, SAY_TAP_CLASS).lower()
    assert CLICK[lang].lower() not in said(line, SAY_TAP_CLASS).lower()


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru", "fr"])
def test_the_study_editor_marks_and_arrows_by_tap_on_a_touch_screen(lang: str) -> None:
    from samurai_lab.ikizumari.widgets.app import IkizumariApp

    app = IkizumariApp(lang, seats=("people", "people")) if lang == "fr" else KatanaApp(lang, seats=("people", "people"))
    editor = app.study_editor
    with use_language(lang):
        editor.mark_toggle.value = True
        marking = app.feedback.message.value
        editor.arrow_toggle.value = True
        arrow = app.feedback.message.value
        editor.mark("a1")
        arrow_end = app.feedback.message.value
    for message in (marking, arrow, arrow_end):
        says_both_ways(message, lang)


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_knizia_study_editor_edit_mode_and_what_if_say_tap_on_a_touch_screen(lang: str) -> None:
    from samurai_lab.knizia.core.actions import PlaceTile
    from samurai_lab.knizia.widgets.explorer import EDIT_TAB, STUDY_TAB, Explorer

    with use_language(lang):
        app = Explorer()
        messages = {}
        app.open_tab(EDIT_TAB)
        messages["edit hint"] = app.feedback.message.value
        messages["edit line"] = app.edit_panel.widget.children[0].value
        neutral = {"edit tool": app.edit_panel.tool.description}
        app.open_tab(STUDY_TAB)
        app.study_panel.mark_toggle.value = True
        messages["mark hexes"] = app.feedback.message.value
        app.open_tab(0)
        messages["play hint"] = app.feedback.message.value
        neutral["one click"] = app.one_click.description
        land = choose_a_land_tile(app)
        tile = app.state.hand[land]
        hex_id = next(a.hex for a in app.state.legal_actions() if isinstance(a, PlaceTile) and a.tile == tile)
        app.click_hex(app.state.board.ids.index(hex_id))
        messages["what if"] = app.feedback.message.value
    for what, message in messages.items():
        says_both_ways(message, lang, what)


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_knizia_tallies_shown_with_a_tile_chosen_say_tap_to_lay_it_on_a_touch_screen(lang: str) -> None:
    from samurai_lab.knizia.widgets.explorer import Explorer

    with use_language(lang):
        app = Explorer()
        choose_a_land_tile(app)
        app.click_hex(app.state.board.cities[0])
    says_both_ways(app.feedback.message.value, lang)


@pytest.mark.parametrize("game", ["katana", "ikizumari"])
@pytest.mark.parametrize("lang", ["en", "it", "es", "ru", "fr"])
def test_the_lessons_tasks_say_neither_click_nor_tap(game: str, lang: str) -> None:
    """A task names what to choose or which button to press: the same words on every device."""
    import dataclasses
    import importlib

    if game == "katana" and lang == "fr":
        pytest.skip("Katana speaks en, it, es, ru")
    lesson = importlib.import_module(f"samurai_lab.{game}.teaching.lesson")
    texts = [v for chapter in lesson.CHAPTERS for task in chapter.tasks
             for v in dataclasses.astuple(task) if isinstance(v, str)]
    with use_language(lang):
        said_texts = [lesson.T.gettext(t) for t in texts]
    words = r"clic" if lang == "es" else CLICKING[lang]  # Spanish presses ("pulsa") a button on every device
    clicking = [t for t in said_texts if re.search(words, t.lower())]
    assert not clicking


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_knizia_download_link_says_tap_on_a_touch_screen(lang: str, tmp_path) -> None:
    from samurai_lab.knizia.widgets.explorer import FILES_TAB, Explorer

    with use_language(lang):
        app = Explorer(scenarios_dir=tmp_path)
        app.open_tab(FILES_TAB)
        app.files_panel.make_download()
    says_both_ways(app.files_panel.download.value, lang)


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_knizia_pieces_placed_by_hand_are_asked_for_without_click(lang: str) -> None:
    """Placing the pieces: the status and the castes' heading name what to choose, the same on every device."""
    from samurai_lab.knizia.core.ruleset import CHOSEN, RANDOM
    from samurai_lab.knizia.widgets.game import GameApp
    from samurai_lab.knizia.widgets.play_input import PlayInput

    with use_language(lang):
        app = GameApp(sleep=lambda s: None)
        form = app.form
        form.rules.players.value = 2
        form.kinds[0].value, form.kinds[1].value = "person", "bot:greedy"
        form.rules.setup.value, form.rules.hands.value, form.pause.value = CHOSEN, RANDOM, 0.0
        app.start_from_form()
        state = app.session.state
        heading = PlayInput().items(state)[0]
        words = [app.status.value, heading]
    assert state.phase.name == "PLACE_PIECES"
    assert not [w for w in words if re.search(CLICKING[lang], w.lower())], words


@pytest.mark.parametrize("lang", ["en", "it", "es", "ru"])
def test_knizia_setup_choices_name_no_pointer(lang: str) -> None:
    """The options of a new game (hands and pieces chosen by the players) are labels on a button of any device:
    they say who chooses, not how a mouse does it."""
    from samurai_lab.knizia.game import rulings_table
    from samurai_lab.knizia.widgets.ruleset_panel import _setup_options

    with use_language(lang):
        labels = [label for _, _, options in rulings_table() for _, label in options]
        labels += [label for label, _ in _setup_options("1998")]
    assert labels and not [label for label in labels if re.search(r"click|clic|щелч|tap|tocc|toca", label, re.I)], labels

