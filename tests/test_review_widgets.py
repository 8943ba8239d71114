"""The review in Knizia's game app: at the end of a game, the marked turns, the chart, the board, and the
positions replayed as puzzles ("Learn from your mistakes")."""

from __future__ import annotations

import pytest

from samurai_lab.i18n import use_language
from samurai_lab.knizia.teaching.puzzle import mistake_puzzle
from samurai_lab.knizia.widgets.game import GameApp
from language_check import english_left, widget_texts
from review_records import FINISHED


def _reviewed(language: str = "en") -> GameApp:
    with use_language(language):
        app = GameApp(sleep=lambda s: None)
        app.resume(FINISHED)
        app.review_panel.start()  # no event loop here: the whole review at once
    return app


@pytest.fixture(scope="module")
def app() -> GameApp:
    return _reviewed()


def test_the_end_of_the_game_offers_a_review_of_the_person(app) -> None:
    panel = app.review_panel
    assert app.end_box.layout.display == ""
    assert panel.widget in app.end_box.children
    assert panel.player.value == 0 and [label for label, _ in panel.player.options] == ["Green", "Yellow (greedy)"]


def test_the_review_marks_the_blunder_and_draws_the_chart(app) -> None:
    panel = app.review_panel
    assert panel.review is not None and panel.review.marked
    assert "Blunder: 1" in panel.summary.value
    texts = [row.children[0].value for row in panel.turns_box.children]
    assert any("Blunder" in t and "Turn 21" in t and "Samurai 1" in t for t in texts)
    assert panel.chart.value.count("samurai-review-dot") == len(panel.review.turns)
    assert "#c62828" in panel.chart.value  # the blunder's dot


def test_a_marked_turn_is_shown_on_the_board(app) -> None:
    panel = app.review_panel
    row = next(r for r in panel.turns_box.children if "Turn 21" in r.children[0].value)
    row.children[1].click()
    assert panel.board is not None and panel.board.state is panel.states[panel.review.marked[-1].start]
    assert "HO13" in [panel.board.state.board.ids[i] for i in panel.board.highlights["warning"]]
    assert "Turn 21" in panel.board_text.value


def test_the_blunder_becomes_a_win_puzzle_and_is_solved(app) -> None:
    panel = app.review_panel
    blunder = panel.review.marked[-1]
    record = mistake_puzzle(panel.states[blunder.start])
    assert record is not None and record.goal == "win"
    panel.learn()
    trainer = panel.trainer
    while trainer.puzzle.record.goal != "win":
        panel.learn_box.children[-1].click()  # the next position
    for action in record.answer[:-1]:
        trainer.play(action)
    trainer.end_turn()
    message = panel.learn_box.children[2].value
    assert "Solved!" in message


def test_a_wrong_try_is_judged_in_the_rules_words(app) -> None:
    panel = app.review_panel
    panel.learn()
    trainer = panel.trainer
    while trainer.puzzle.record.goal != "win":
        panel.learn_box.children[-1].click()
    trainer.play("S1@HO13")
    trainer.end_turn()
    assert "Solved!" not in panel.learn_box.children[2].value and panel.learn_box.children[2].value


@pytest.mark.parametrize("language", ["it", "es", "ru"])
def test_the_review_speaks_every_language(language: str) -> None:
    app = _reviewed(language)
    texts = widget_texts(app.review_panel.widget)
    assert texts
    assert english_left(texts, allow=["HO13"], language=language) == []


def test_katana_app_reviews_a_finished_game_in_italian() -> None:
    from samurai_lab.common.records import parse_record
    from samurai_lab.katana.game import GAME
    from samurai_lab.katana.widgets.app import KatanaApp
    from review_records import KATANA
    from test_review_games import KATANA_TERMS

    app = KatanaApp(lang="it", seats=("people", "search"))
    assert app.review.widget.layout.display == "none"  # no review while the game goes on
    app.session.states = list(parse_record(GAME, KATANA).states)
    app._refresh_play()
    panel = app.review
    assert panel.widget.layout.display == "" and panel.player.value == 0
    panel.start_button.click()  # through the app's guard: in the app's language
    assert "Errore grave: 1" in panel.summary.value and panel.turns_box.children
    assert panel.chart.value.count("samurai-review-dot") == len(panel.reviews)
    panel.learning.button.click()  # no marked position has a forced kill in three moves: it says so
    assert "Nessuna di queste posizioni" in panel.learning.message.value
    assert english_left(widget_texts(panel.widget), allow=KATANA_TERMS, language="it") == []


def test_ikizumari_app_reviews_a_finished_game_in_french_then_speaks_italian() -> None:
    from samurai_lab.common.records import parse_record
    from samurai_lab.ikizumari.game import GAME
    from samurai_lab.ikizumari.widgets.app import IkizumariApp
    from review_records import IKIZUMARI

    app = IkizumariApp(lang="fr", seats=("people", "search"))
    app.session.states = list(parse_record(GAME, IKIZUMARI).states)
    app._refresh_play()
    panel = app.review
    panel.start_button.click()
    assert "Grosse erreur" in panel.summary.value and "IKI-ZUMARI" in panel.turns_box.children[0].value
    allow = ["ANZEN", "SHIRO", "HO BO", "IKI-ZUMARI"]
    assert english_left(widget_texts(panel.widget), allow=allow, language="fr") == []
    panel.learning.button.click()  # the missed IKI-ZUMARI, as a puzzle: its answer solves it
    learning = panel.learning
    assert learning.items and "Position 1 sur 2" in learning.title.value
    record = learning.items[0][1]
    with use_language("fr"):  # as the app's board handler runs it
        for move in record.answer[::2]:
            learning.trainer.try_move(move)
    assert "#1b5e20" in learning.message.value
    app.language.value = "it"
    assert panel.player.options[0][0] == "Rosso" and "Errore grave" in panel.summary.value
    assert english_left(widget_texts(panel.widget), allow=allow, language="it") == []
