"""The play apps (Explorer, Game, Tournament, Map) in Italian, Spanish and Russian: built from an
address with ``?lang=``, used through their Python API, and read for English left behind."""

from __future__ import annotations

import pytest

from language_check import english_left, html_texts, widget_texts
from samurai_lab.i18n import get_language, use_language
from samurai_lab.knizia.core.actions import EndTurn, PlaceTile
from samurai_lab.knizia.core.model import Phase
from samurai_lab.knizia.widgets.explorer import EDIT_TAB, FILES_TAB, PLAY_TAB, RULES_TAB, Explorer
from samurai_lab.knizia.widgets.from_url import game_app, map_app, tournament_app
from samurai_lab.knizia.widgets.hand_panel import tile_label
from samurai_lab.knizia.widgets.status_panel import hand_html

LANGUAGES = ("it", "es", "ru")
#: Nothing beyond the checker's own names (which hold "jolly" and the command names).
ALLOW: tuple[str, ...] = ()


def english(widget) -> list[str]:
    """The texts of ``widget`` that are still English, and any placeholder left unfilled. Notation is
    data, not words: the Files tab's position string and a game's record (text to copy) are left out."""
    data = [w.value for w in widgets_of(widget)
            if {"samurai-position", "samurai-record-text"} & set(getattr(w, "_dom_classes", ()))]
    codes = {line.strip() for value in data for line in value.splitlines()}
    texts = [t for t in widget_texts(widget) if t not in codes]
    return english_left(texts, allow=ALLOW) + [t for t in texts if "{" in t and "}" in t]


def widgets_of(widget) -> list:
    """Every widget of the tree under ``widget``."""
    out, todo = [], [widget]
    while todo:
        w = todo.pop()
        out.append(w)
        todo += [c for c in getattr(w, "children", ()) if c not in out]
    return out


def english_in(markup: str) -> list[str]:
    """The English left in an HTML message (a feedback line)."""
    return english_left(html_texts(markup), allow=ALLOW)


def no_sleep(_seconds: float) -> None:
    """The game app's pause between bot actions, skipped in tests."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_address_chooses_the_language_of_every_app(lang: str) -> None:
    Explorer.from_query(f"lang={lang}")
    assert get_language() == lang
    for build in (lambda: game_app(f"lang={lang}", bot_pause=0, sleep=no_sleep),
                  lambda: tournament_app(f"lang={lang}", games=1, run=False), lambda: map_app(f"lang={lang}")):
        with use_language("en"):
            app = build()
        assert get_language() == lang, "open_page comes first, before any widget is built"
        assert english(app.widget) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explorer_choose_preview_confirm_and_refuse(lang: str) -> None:
    app = Explorer.from_query(f"lang={lang}&players=3&seed=2")
    assert english(app.widget) == []
    state = app.state
    app.choose(0)
    message = app.feedback.message.value
    assert message and english_in(message) == []
    targets = app.input.targets(state)
    app.click_hex(targets[0])  # the first click previews
    assert app.input.sel.pending is not None and "samurai-preview" in app.tally.text
    assert english(app.widget) == []
    app.confirm()
    assert len(app.history) == 2
    played = app.feedback.message.value
    assert english_in(played) == []
    # an illegal try: a land tile on the sea, or any hex the chosen tile may not take
    hand = app.state.hand
    k = next(k for k, t in enumerate(hand) if t.fast or not app.state.normal_played)
    app.choose(k)
    board = app.state.board
    wrong = next(i for i in range(len(board.ids)) if not board.is_settlement[i]
                 and i not in app.input.targets(app.state))
    app.click_hex(wrong)
    refusal = app.feedback.message.value
    assert "samurai-message-error" in refusal or "samurai-message-warning" in refusal
    assert english_in(refusal) == []
    for tab in (EDIT_TAB, RULES_TAB, FILES_TAB, PLAY_TAB):
        app.open_tab(tab)
        assert english(app.widget) == []
    app.undo()
    assert english(app.widget) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explorer_tells_a_scenario_and_its_capture_in_the_language(lang: str) -> None:
    app = Explorer.from_query(f"lang={lang}&scenario=1998-e1-blue-takes-helmet")
    while app.history.can_redo:
        app.redo()
    assert "<li>" in app.captures.value, "the scenario's capture is listed"
    assert english(app.widget) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explorer_edit_tab_speaks_the_language(lang: str) -> None:
    app = Explorer.from_query(f"lang={lang}&players=2")
    app.open_tab(EDIT_TAB)
    board = app.state.board
    land = next(i for i in range(len(board.ids)) if not board.is_settlement[i] and app.state.tiles[i] is None
                and board.info[i].kind == "land")
    app.guard(app.click_hex)(land)  # the piece tool on a land hex: refused in words
    assert english_in(app.feedback.message.value) == []
    app.edit_panel.tool.value = "tile"
    app.click_hex(land)
    assert app.edit_panel.draft is not None
    assert english(app.widget) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_column_names_each_tile_in_the_editions_words(lang: str) -> None:
    app = Explorer.from_query(f"lang={lang}&players=2")
    state = app.state
    for t in state.hand:
        assert f'title="{tile_label(state, t)}"' in app.status.value
    assert hand_html(state, state.hand) in app.status.value
    assert " ".join(t.code for t in state.hand) not in app.status.value, "no tile codes in the table"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_against_a_bot_in_the_language(lang: str) -> None:
    app = game_app(f"lang={lang}&players=2", bot_pause=0, sleep=no_sleep)
    assert english(app.widget) == []
    app.start_from_form()
    session = app.session
    assert session.players[1].is_bot
    for _ in range(3):  # three turns of the person: a tile, the end of the turn; the bot answers each
        state = session.state
        assert state.phase is Phase.PLAY and session.is_person_turn()
        tile_play = next(a for a in state.legal_actions() if isinstance(a, PlaceTile))
        app.act(tile_play)
        assert english(app.widget) == []
        app.show_hints() if session.is_person_turn() and session.state.phase is Phase.PLAY else None
        if session.is_over:
            break
        app.act(EndTurn())
    assert len(session.steps) >= 6
    assert english_left([step.text for step in session.steps], ALLOW) == [], "the log in the language"
    assert english(app.widget) == []
    app.replay_session()
    app.replay.goto(2)
    assert english(app.widget) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_of_bots_to_its_end_and_a_hot_seat_in_the_language(lang: str) -> None:
    app = game_app(f"lang={lang}&players=3&edition=2015", bot_pause=0, sleep=no_sleep)
    for kind in app.form.kinds[:3]:
        kind.value = "bot:greedy-lite"
    app.start_from_form()
    assert app.session.is_over and app.record_export.text.value
    assert english(app.widget) == []
    hot = game_app(f"lang={lang}", bot_pause=0, sleep=no_sleep)
    hot.form.kinds[1].value = "person"
    hot.start_from_form()
    assert hot.pass_screen.layout.display == "" and english(hot.widget) == []
    hot.reveal()
    assert english(hot.widget) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tiny_tournament_in_the_language(lang: str) -> None:
    app = tournament_app(f"lang={lang}&games=2", bots=("random", "greedy-lite"))
    assert app.result is not None and app.result.games == 2
    app.run_more()
    assert app.result.games == 4
    assert english(app.widget) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_map_in_the_language(lang: str) -> None:
    app = map_app(f"lang={lang}&players=3")
    assert app.players.value == 3
    app.set_players(2)
    app.show_hex(app.view.state.board.settlements[0])
    assert app.info.value
    assert english(app.widget) == []


def test_english_stays_english() -> None:
    app = Explorer.from_query("lang=en")
    assert "How to play here" in app.header.value and app.tabs.titles[0] == "Play"
    game = game_app("lang=en", bot_pause=0, sleep=no_sleep)
    assert game.form.start_button.description == "Start the game"


def test_the_hand_column_draws_the_boards_icons_not_font_symbols() -> None:
    """The figures are the board's own icons (SVG): no symbol a computer's fonts may lack (⛑ 🌾 🗡 ⛵ 🏯)."""
    for query in ("players=4", "players=4&edition=2015"):
        app = Explorer.from_query(query)
        value = app.status.value
        assert value.count('class="samurai-figure-icon"') == sum(len(h) for h in app.state.hands)
        assert not [c for c in value if ord(c) >= 0x2600 and c != "⚡"], "a symbol left to the fonts"
