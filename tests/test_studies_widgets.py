"""The study player, the study app and the explorer's Study tab, without a browser: handlers called as
the widgets call them."""

from __future__ import annotations

from pathlib import Path

import pytest

from samurai_lab.common.study_format import load_study
from samurai_lab.i18n import use_language
from samurai_lab.ikizumari.core.board import parse_square
from samurai_lab.katana.core.board import square_index
from samurai_lab.knizia.core.actions import PlaceTile
from samurai_lab.knizia.widgets.explorer import PLAY_TAB, STUDY_TAB, Explorer
from samurai_lab.ui import study_app as app_module
from samurai_lab.ui.study_player import markdown_html

STUDIES = Path(__file__).resolve().parents[1] / "studies"


def study_app(query: str):
    return app_module.study_app(query=query)


@pytest.fixture(autouse=True)
def saved_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SAMURAI_SAVED_DIR", str(tmp_path))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    return tmp_path / "studies"


def test_markdown_is_short_and_escaped():
    assert markdown_html("A **bold** and *italic* `H3`\n\n- one\n- two") == (
        "<p>A <b>bold</b> and <i>italic</i> <code>H3</code></p><ul><li>one</li><li>two</li></ul>")
    assert "<script>" not in markdown_html("<script>alert(1)</script>")


def test_knizia_study_played_step_by_step_in_italian():
    with use_language("it"):
        app = study_app("study=knizia-taking-a-helmet&lang=it")
        player = app.player
        assert player.progress_text() == "Passo 1 di 3 · domande risolte: 0 di 1"
        assert "<b>HO47</b>" in player.text.value and player.back_button.disabled
        player.next()
        board = player.board
        assert board.hand.widget.layout.display == ""  # the question asks for a tile of the hand
        hand = [t.code for t in board.state.hands[board.state.current]]
        with pytest.raises(ValueError, match="Scegli prima"):
            board.click_hex(board.state.board.resolve("HO46"))
        board.choose(hand.index("H2"))
        board.click_hex(board.state.board.resolve("HO46"))
        assert player.feedback.kind == "warning" and "pareggio" in player.feedback.text
        board.choose(hand.index("H3"))
        board.click_hex(board.state.board.resolve("HO45"))
        assert player.feedback.kind == "error" and "tassello" in player.feedback.text
        assert board.selected == hand.index("H3")  # the chosen tile stays chosen for the next try
        board.click_hex(board.state.board.resolve("HO46"))
        assert player.feedback.kind == "success" and player.feedback.text.startswith("Giusto")
        assert board.state.captured[1] == (1, 0, 0)  # the board shows the answer played
        assert player.progress_text().endswith("1 di 1")
        player.next()
        assert player.next_button.disabled and "HO46" in board.arrows.value


def test_katana_and_ikizumari_studies_by_clicks():
    app = study_app("study=katana-the-challenge")
    player, board = app.player, app.player.board
    player.next()
    with pytest.raises(ValueError, match="one of your samurai"):
        board.click_square(square_index("e6"))
    board.click_square(square_index("e1"))
    board.click_square(square_index("e3"))
    assert "e4 and e6" in player.feedback.text
    board.click_square(square_index("f1"))
    board.click_square(square_index("c4"))
    assert player.feedback.kind == "success"
    app = study_app("study=ikizumari-announcing-a-distance&lang=fr")
    player, board = app.player, app.player.board
    player.go(1)
    board.click_square(parse_square("g7"))
    board.click_square(parse_square("g9"))
    assert player.feedback.kind == "error"
    board.click_square(parse_square("g7"))
    board.click_square(parse_square("h7"))
    assert player.feedback.kind == "success" and "IKI-ZUMARI" in player.feedback.text


def test_the_app_reports_a_missing_study_and_a_study_with_problems():
    app = study_app("study=nowhere")
    assert app.feedback.kind == "error" and "nowhere" in app.feedback.text and app.player is None
    app = study_app("game=katana")
    assert [label for label, _ in app.choice.options] == ["The Katana challenge (Katana)"]
    assert app.player is not None and app.player.play.study.game == "katana"
    bad = (STUDIES / "katana-the-challenge.toml").read_text(encoding="utf-8").replace('"e1-e4", ', '"e1-e9", ')
    with pytest.raises(ValueError, match=r"bad.toml:\d+: step 2: question.accept: 'e1-e9'"):
        app.open_text(bad, "bad.toml")
    assert app.player.play.study.title.get("en") == "The Katana challenge"  # the study shown is kept


def test_explorer_study_tab_builds_saves_and_reopens_a_study(saved_folder):
    study = load_study(STUDIES / "knizia-taking-a-helmet.toml")
    app = Explorer()
    from samurai_lab.knizia.scenarios.position import parse_position

    app.load_state(parse_position(study.steps[0].position), "start")
    app.open_tab(STUDY_TAB)
    editor = app.study_panel
    with pytest.raises(ValueError):
        editor.add_step()  # no words yet
    editor.title.value = "Taking a High Helmet"
    editor.text.value = "Red's **High Helmet 2**."
    editor.mark_toggle.value = True
    app.click_hex(app.state.board.resolve("HO47"))  # marks, does not play
    assert editor.marks == ["HO47"] and app.history.index == 0
    editor.add_step()
    editor.prompt.value = "Where should Blue play?"
    editor.record("accept")
    assert app.tabs.selected_index == PLAY_TAB
    app.commit(PlaceTile("H3", "HO46"))
    assert app.tabs.selected_index == STUDY_TAB and app.history.index == 1
    app.undo()
    editor.wrong_feedback.value = "A tie."
    editor.record("wrong")
    app.commit(PlaceTile("H2", "HO46"))
    assert app.history.index == 0  # a wrong answer is undone at once
    app.commit(PlaceTile("H3", "HO46"))
    editor.text.value = "Blue takes it."
    editor.add_step()
    editor.name.value = "my study"
    path = editor.save()
    assert path == saved_folder / "my study.toml" and "study.ipynb?study=my%20study" in editor.link.value
    assert editor.save() is None and editor.replace_button.layout.display == ""  # a replace is asked first
    assert editor.save(replace=True) == path
    with pytest.raises(ValueError, match="Not saved"):
        editor.name.value = "../x"
        editor.save()
    player = study_app("study=my study").player
    assert player.play.judge(0, "H2@HO46").feedback.get("en") == "A tie."
    assert player.play.judge(0, "H3@HO46").accepted
    assert len(player.play) == 2
    again = Explorer()
    again.open_tab(STUDY_TAB)
    again.study_panel.open_text(path.read_text(encoding="utf-8"), path.name)
    assert again.study_panel.steps == list(load_study(path).steps) and again.state == player.play.states[0]
    assert editor.make_download() == path.read_text(encoding="utf-8")
