"""The study editor of the Katana and Iki-zumari apps, without a browser: buttons pressed and squares
clicked as the widgets do it; a two-step study with a question in each step, saved, read back equal,
and judged as the player judges it."""

from __future__ import annotations

import pytest

from samurai_lab.common.study_format import load_study
from samurai_lab.i18n import use_language
from samurai_lab.ikizumari.widgets.app import IkizumariApp
from samurai_lab.katana.core.board import square_index
from samurai_lab.katana.widgets.app import KatanaApp


@pytest.fixture(autouse=True)
def saved_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SAMURAI_SAVED_DIR", str(tmp_path))
    return tmp_path / "studies"


def katana_app():
    app = KatanaApp("en", seats=("people", "people"))
    return app, lambda name: app.board._select(square_index(name))


def ikizumari_app():
    app = IkizumariApp("en", seats=("people", "people"))
    return app, app.click


# (app, first step's answer, its wrong answer, second step's answer, its wrong answer, the second language)
CASES = {
    "katana": (katana_app, ("d9", "d7"), ("d9", "e9"), ("a3", "a5"), ("a3", "b3"), "it"),
    "ikizumari": (ikizumari_app, ("d1", "d3"), ("d1", "d2"), ("d11", "b9"), ("d11", "c11"), "fr"),
}


def play(click, move):
    click(move[0])
    click(move[1])


def ask(app, click, prompt, right, wrong, feedback):
    """Ask ``prompt`` on the last step: record the right answer, take it back, record a wrong one (taken
    back by the editor), then play the right one again."""
    editor = app.study_editor
    editor.prompt.value = prompt
    editor.hint.value = "Look at the column."
    editor.ask_button.click()
    play(click, right)
    assert "as the answer" in app.feedback.message.value, app.feedback.message.value
    app.undo_button.click()
    editor.wrong_feedback.value = feedback
    editor.wrong_button.click()
    play(click, wrong)
    assert "as a wrong answer" in app.feedback.message.value, app.feedback.message.value
    assert editor.game.position() == editor.steps[-1].position
    play(click, right)


@pytest.mark.parametrize("game", CASES)
def test_a_two_step_study_is_built_saved_and_judged(game, saved_folder):
    make, right1, wrong1, right2, wrong2, other = CASES[game]
    app, click = make()
    ed = app.study_editor
    ed.title.value = "Two questions"
    ed.text.value = "The **first** position."
    ed.mark_toggle.value = True
    click("e5")
    click("f5")
    click("f5")  # a second click removes the mark
    ed.arrow_toggle.value = True
    click(right1[0])
    click(right1[1])
    assert ed.marks == ["e5"] and ed.arrow == right1 and not ed.marking
    ed.add_button.click()
    ask(app, click, "Where should the first player go?", right1, wrong1, "Too short.")
    ed.language.value = other
    ed.prompt.value = "?"
    ed.language.value = "en"
    # the second step is the position after the accepted answer
    ed.text.value = "The second position."
    ed.add_button.click()
    ask(app, click, "And now?", right2, wrong2, "Not that one.")
    assert len(ed.steps) == 2
    ed.name.value = "two questions"
    path = ed.save()
    assert path == saved_folder / "two questions.toml" and "study.ipynb?study=two%20questions" in ed.link.value
    assert load_study(path) == ed.study()
    play_ = ed.check()
    assert play_.judge(0, "-".join(wrong1)).kind == "wrong"
    assert play_.judge(0, "-".join(wrong1)).feedback.get("en") == "Too short."
    assert play_.judge(0, "-".join(right1)).kind == "accepted"
    assert play_.judge(1, "-".join(right2)).kind == "accepted"
    assert play_.study.steps[0].marks.cells == ("e5",) and play_.study.steps[0].marks.arrows == (right1,)
    # saving again under the same name asks first
    assert ed.save() is None and ed.replace_button.layout.display == ""
    ed.replace_button.click()
    assert ed.replace_button.layout.display == "none"
    # uploading it back gives the same steps
    text = ed.make_download()
    app2, _ = make()
    app2.study_editor.open_text(text, "two.toml")
    assert app2.study_editor.steps == ed.steps and app2.study_editor.title.value == "Two questions"


@pytest.mark.parametrize("game", CASES)
def test_switching_language_keeps_the_study_and_relabels_it(game):
    make, *_, other = CASES[game]
    app, _click = make()
    ed = app.study_editor
    ed.text.value = "A step."
    ed.add_button.click()
    app.language.value = other
    assert len(ed.steps) == 1
    with use_language(other):
        assert ed.add_button.description != "Add the position as a step"
    app.language.value = "en"
    assert ed.add_button.description == "Add the position as a step"


@pytest.mark.parametrize("game", CASES)
def test_refusals_are_messages(game):
    make, *_ = CASES[game]
    app, _click = make()
    ed = app.study_editor
    ed.add_button.click()
    assert "Write what this step shows first." in app.feedback.message.value
    ed.ask_button.click()
    assert "Add the position as a step first" in app.feedback.message.value
    ed.text.value = "x"
    ed.add_button.click()
    ed.save_button.click()
    assert "Give the study a title first." in app.feedback.message.value
    ed.title.value = "T"
    ed.name.value = "../x"
    ed.save_button.click()
    assert "Not saved: a name cannot contain" in app.feedback.message.value
