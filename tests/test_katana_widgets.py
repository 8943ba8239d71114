"""The SAMURAI app's logic without a browser: clicks, refusals in words, bots, rulings, languages, lesson."""

from __future__ import annotations

from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.widgets.app import KatanaApp


def click(app: KatanaApp, name: str) -> None:
    app.board._callback(square_index(name))


def test_click_select_then_move_then_bot_answers():
    app = KatanaApp(seats=("people", "random"))
    click(app, "d9")
    assert app.board.selected == square_index("d9") and square_index("e9") in app.board.targets
    click(app, "e9")
    assert len(app.session.states) == 3  # Black's move and the bot's answer
    assert app.feedback.kind == "success" and "d9-e9" in app.feedback.text


def test_refusals_are_messages_in_words():
    app = KatanaApp(seats=("people", "people"))
    click(app, "c9")
    assert app.feedback.kind == "warning" and "First click one of your samurai" in app.feedback.text
    click(app, "a7")
    click(app, "c7")  # a KATANA square
    assert app.feedback.kind == "error" and "KATANA" in app.feedback.text
    assert len(app.session.states) == 1


def test_tachiojo_pass_button_and_constraint_words():
    app = KatanaApp(seats=("people", "people"))
    click(app, "d9")
    click(app, "c9")
    assert "Tachiōjō" in app.constraint.value and not app.pass_button.disabled
    app.pass_button.click()
    assert app.session.state.to_move == 0 and "Free move" in app.constraint.value
    app.undo_button.click()
    assert len(app.session.states) == 2


def test_rulings_switch_and_language_switch():
    app = KatanaApp(seats=("people", "people"))
    app.ruling_boxes["K8"].value = "all"
    assert app.session.rules.ban_black == "all" and "K8" in app.feedback.text
    app.language.value = "it"
    assert app.tabs.get_title(0) == "Gioca" and app.new_button.description == "Nuova partita"
    assert "Movimento libero" in app.constraint.value
    assert "Sfida" in app.rules_text.value and "attaccante" in app.rules_text.value
    click(app, "c9")
    assert "Prima clicca" in app.feedback.text
    app.language.value = "en"
    assert app.tabs.get_title(0) == "Play"


def test_lesson_tab_wrong_then_right():
    app = KatanaApp()
    app._open_task(app.tasks.index(next(t for t in app.tasks if t.id == "sfida-1")))
    app.lesson_board._callback(square_index("e1"))
    app.lesson_board._callback(square_index("e3"))
    assert app.lesson_feedback.kind == "error" and "no challenge" in app.lesson_feedback.text
    app.retry_button.click()
    app.lesson_board._callback(square_index("e1"))
    app.lesson_board._callback(square_index("e4"))
    assert app.lesson_feedback.kind == "success"
    app.hint_button.click()
    assert app.lesson_feedback.text


def test_unexpected_errors_become_messages():
    app = KatanaApp()
    handler = app._guard(lambda: 1 / 0)
    handler()
    assert app.feedback.kind == "error" and "Something went wrong" in app.feedback.text


def test_set_a_position_then_the_defender_picks_his_shiro_square():
    app = KatanaApp(seats=("people", "people"))
    app.position_text.value = "a7,e6 d1,f1,e1,i3 r - 0:2"
    app.position_button.click()
    assert app.feedback.text == "Position set." and app.session.state.to_move == 1
    click(app, "e1")
    click(app, "e4")
    assert "Sfida" in app.feedback.text and app.session.state.pending
    assert set(app.board.targets) == {square_index(s) for s in ("d9", "f9", "i7")}
    click(app, "d1")  # not a free SHIRO square of Black
    assert app.feedback.kind == "error" and "SHIRO" in app.feedback.text
    click(app, "i7")
    assert not app.session.state.pending and app.session.state.cells[square_index("i7")] == 2
    assert "@i7" in app.record_text.value
    app.position_text.value = "nonsense"
    app.position_button.click()
    assert app.feedback.kind == "error" and "position" in app.feedback.text
