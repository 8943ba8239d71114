"""The SAMOURAI app driven from Python (callbacks directly; the browser test drives it in Chromium)."""

from __future__ import annotations

from samurai_lab.ikizumari.core import Ruleset, from_position, legal_moves, to_position
from samurai_lab.ikizumari.teaching.game_session import GameSession
from samurai_lab.ikizumari.widgets.app import IkizumariApp


def test_hot_seat_moves_refusals_and_undo():
    app = IkizumariApp(seats=("people", "people"))
    app.click("d1")
    assert "Legal moves of the samurai on d1: 24" in app.feedback.text
    app.click("d3")
    assert "Black must move 1, 2 or 3 squares, first crossing a dragon square." in app.status.value
    assert app.announce.value == "Red announces: 2 dragon"
    app.click("d11")
    app.click("d8")
    assert app.feedback.kind == "error" and "first square crossed must bear a dragon" in app.feedback.text
    app.click("f6")
    app.click("e10")
    app.click("d11")
    app.click("b11")
    assert "Black announces: 2 ibis" in app.announce.value
    app.undo_button.click()
    assert len(app.session.states) == 2 and "Black must move" in app.status.value
    assert "d1-d3" in app.record.value


def test_language_switch_rerenders_every_text():
    app = IkizumariApp(seats=("people", "people"))
    app.click("d1")
    app.click("d3")
    app.language.value = "fr"
    assert app.tabs.titles == ("Jouer", "Leçon", "Règles")
    assert "Noir doit se déplacer de 1, 2 ou 3 cases, la première case franchie portant un dragon." in app.status.value
    assert app.announce.value == "Rouge annonce : 2 en dragon"
    assert app.new_button.description == "Nouvelle partie"
    assert "IKI-ZUMARI" in app.rules_text.value and "partie nulle" in app.rules_text.value
    assert "Arbitrage" in app.rulings.titles[0]
    assert "SAMOURAÏ" in app.title.value
    app.click("g11")
    assert "ne peut pas bouger" in app.feedback.text
    app.language.value = "en"
    assert app.tabs.titles == ("Play", "Lesson", "Rules")


def test_against_the_bot_and_rulings():
    app = IkizumariApp(seats=("people", "random"))
    app.click("d1")
    app.click("d3")
    assert len(app.session.states) == 3  # the bot answered at once
    assert app.session.state.to_move == 0
    app.ruling_rows["I1"][1].value = "blocked"
    assert "Ruling I1" in app.feedback.text and app.session.ruleset.jump == "blocked"
    assert "No: every square crossed must be free" in app.ruling_rows["I1"][2].value
    app.undo_button.click()
    assert len(app.session.states) == 1
    app.seat_boxes[0].value = "random"
    app.seat_boxes[1].value = "random"
    app.new_button.click()
    assert not app.bot_button.disabled
    app.bot_button.click()
    assert len(app.session.states) == 2 and "The bot plays" in app.feedback.text


def test_unexpected_errors_never_escape():
    app = IkizumariApp(seats=("people", "people"))

    def boom(_square):
        raise RuntimeError("kaboom")

    app.board.on_click(app.guard(boom))
    app.click("d1")
    assert app.feedback.kind == "error" and "went wrong" in app.feedback.text


def test_lesson_tab():
    app = IkizumariApp()
    app.lesson_click("d1")
    app.lesson_click("d2")
    assert "Not quite" in app.lesson_feedback.value and "Rule a" in app.lesson_feedback.value
    app.retry_button.click()
    app.lesson_click("d1")
    app.lesson_click("d4")
    assert "Well done" in app.lesson_feedback.value and "1 of 12" in app.progress.value
    app.next_button.click()
    assert app.lesson.task.id == "first-dragon"
    app.hint_button.click()
    assert "d1 to d3" in app.hint_text.value
    app.chapter_pick.value = "iki"
    assert app.lesson.task.id == "stifle-1"


def test_game_session_pass_and_ruling_replay():
    s = GameSession(("people", "people"))
    assert s.status_text().startswith("Red moves first")
    s.play("d1-d3")
    assert s.set_ruling("I2", "path") and to_position(s.state).endswith("2D - - 1")
    protected = GameSession(("people", "people"))
    protected.states = [from_position("3bb1bb3/11/11/11/11/11/11/11/11/11/r2r2rr3 b 4 - - 1",
                                      Ruleset(protected_stuck="pass"))]
    protected.play("e11-j6")
    assert "Red passes" in protected.status_text()
    protected.play("pass")
    assert protected.status_text() == "Black moves freely: any direction, any distance."


def test_pass_button_in_the_app():
    app = IkizumariApp(seats=("people", "people"))
    app.session.states = [from_position("3bb1bb3/11/11/11/11/11/11/11/11/11/r2r2rr3 b 4 - - 1",
                                        Ruleset(protected_stuck="pass"))]
    app.click("e11")
    app.click("j6")
    assert not app.pass_button.disabled
    app.click("a1")
    assert "press Pass" in app.feedback.text
    app.pass_button.click()
    assert app.pass_button.disabled and "Black moves freely" in app.status.value


def test_random_clicks_never_break_the_app():
    import random

    rng = random.Random(3)
    app = IkizumariApp(seats=("people", "random"))
    played = 0
    for i in range(300):
        app.click(rng.randrange(121))
        if i % 3 == 0 and not app.session.is_over():
            moves = [m for m in legal_moves(app.session.state) if not m.is_pass]
            if moves:
                m = rng.choice(moves)
                app.click(m.origin)
                app.click(m.target)
                played += 1
        if i % 40 == 39:
            app.undo_button.click()
        if app.session.is_over():
            app.new_button.click()
        assert "went wrong" not in app.feedback.text
    assert played > 50
    for i in range(60):
        app.lesson_click(rng.randrange(121))
        if i % 10 == 9:
            app.retry_button.click()
        assert "went wrong" not in app.feedback.text


def test_moves_can_be_typed():
    app = IkizumariApp(seats=("people", "people"))
    app.move_button.click()
    assert "Type a move" in app.feedback.text
    app.move_input.value = "d1-d9"  # as after Enter
    assert app.feedback.kind == "error" and "more than 7 squares" in app.feedback.text
    app.move_input.value = "nonsense"
    assert "write it like d1-d3" in app.feedback.text
    app.move_input.value = "d1-d3"
    assert app.announce.value == "Red announces: 2 dragon" and app.move_input.value == ""
