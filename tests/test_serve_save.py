"""Saving on the server goes only into the folder of saved positions, under a checked name, and
replaces a file only when asked; no app shows a server path."""

from __future__ import annotations

import os
from pathlib import Path

import ipywidgets as widgets
import pytest

from samurai_lab.knizia.widgets.explorer import FILES_TAB, Explorer, midgame_state
from samurai_lab.knizia.widgets.files_panel import SAVED_DIR_ENV, check_name, saved_dir

REPO = Path(__file__).resolve().parents[1]


def all_files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def explorer(tmp_path, monkeypatch):
    monkeypatch.delenv(SAVED_DIR_ENV, raising=False)
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "e1.toml").write_text("title = 'bundled'\n")
    app = Explorer(midgame_state(), scenarios_dir=scenarios)
    app.open_tab(FILES_TAB)
    return app


BAD_NAMES = [
    "/tmp/evil.toml", "/etc/passwd", "../outside", "../../outside.toml", "saved/../../x", "a/b", "a\\b",
    "..", ".hidden", "", "   ", "C:\\evil", "naïve", "x" * 65, "name?", "semi;colon", "~/home", "-dash",
    "nul\x00byte",
]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_save_outside_the_folder_or_with_an_odd_name_is_refused_and_writes_nothing(explorer, tmp_path, name):
    before = all_files(tmp_path)
    fp = explorer.files_panel
    fp.path.value = name
    explorer.guard(fp.save)()
    assert explorer.feedback.kind == "error"
    assert explorer.feedback.text.startswith("Not saved: "), explorer.feedback.text
    assert all_files(tmp_path) == before
    assert not (tmp_path / "scenarios" / "saved").exists()
    assert not Path("/tmp/evil.toml").exists()
    assert str(tmp_path) not in explorer.feedback.text


def test_a_refusal_lists_every_problem():
    with pytest.raises(ValueError) as e:
        check_name("../é")
    text = str(e.value)
    assert "cannot contain /" in text and "cannot contain .." in text and "starts with a letter" in text
    assert "'é'" in text
    assert check_name(" Castle rush 2.toml ") == "Castle rush 2.toml"


def test_save_writes_into_the_saved_folder_and_replaces_only_when_asked(explorer, tmp_path):
    fp = explorer.files_panel
    fp.path.value = "my position"
    path = fp.save()
    assert path == tmp_path / "scenarios" / "saved" / "my position.toml" and path.is_file()
    assert explorer.feedback.text == "Saved as “my position.toml” among the saved positions."
    first = path.read_text()

    fp.title.value = "another title"
    assert fp.save() is None  # a file of that name: the user is asked first
    assert explorer.feedback.kind == "warning" and "Replace it" in explorer.feedback.text
    assert fp.replace_button.layout.display == "" and path.read_text() == first
    fp.path.value = "my position "  # changing the name cancels the question
    assert fp.replace_button.layout.display == "none"
    assert fp.save() is None and path.read_text() == first
    assert fp.save(replace=True) == path
    assert "another title" in path.read_text()
    assert fp.replace_button.layout.display == "none"
    assert [p.name for p in path.parent.iterdir()] == ["my position.toml"]  # no temporary file left


def test_the_saved_folder_can_be_set_by_serve(tmp_path, monkeypatch):
    monkeypatch.setenv(SAVED_DIR_ENV, str(tmp_path / "class-2b"))
    assert saved_dir() == tmp_path / "class-2b"
    app = Explorer(midgame_state(), scenarios_dir=REPO / "scenarios")
    fp = app.panel(FILES_TAB)
    fp.path.value = "lesson 3"
    assert fp.save() == tmp_path / "class-2b" / "lesson 3.toml"
    labels = [label for label, _ in fp.choice.options]
    assert any("(saved: lesson 3.toml)" in label for label in labels)
    fp.choice.value = str(tmp_path / "class-2b" / "lesson 3.toml")
    fp.load_selected()
    assert app.state == midgame_state()


def test_a_scenario_link_cannot_read_files_outside_the_scenarios(explorer, tmp_path):
    (tmp_path / "secret.toml").write_text("title = 'secret'\n")
    fp = explorer.files_panel
    explorer.guard(fp.load_named)("../secret")
    assert explorer.feedback.kind == "error" and "no scenario file" in explorer.feedback.text
    assert str(tmp_path) not in explorer.feedback.text


def _texts(w, seen=None):
    """Every text a widget tree sends to the browser (values, descriptions, labels, tooltips...)."""
    seen = set() if seen is None else seen
    if id(w) in seen:
        return
    seen.add(id(w))
    for attr in ("value", "description", "tooltip", "placeholder", "_options_labels", "_titles", "titles"):
        if attr not in w.keys:  # only what is sent to the browser (a Dropdown's values are not)
            continue
        v = getattr(w, attr, None)
        if isinstance(v, str):
            yield v
        elif isinstance(v, (tuple, list)):
            yield from (x for x in v if isinstance(x, str))
        elif isinstance(v, dict):
            yield from (x for x in v.values() if isinstance(x, str))
    for child in getattr(w, "children", ()) or ():
        if isinstance(child, widgets.Widget):
            yield from _texts(child, seen)


def test_no_app_shows_a_server_path(monkeypatch):
    from samurai_lab.knizia.widgets.from_url import examples_app, game_app, lesson_app, variants_app
    from samurai_lab.knizia.widgets.scoring_explainer import ScoringExplainer

    monkeypatch.delenv(SAVED_DIR_ENV, raising=False)
    explorer = Explorer.from_query("scenario=1998-e1-blue-takes-helmet")
    for tab in range(4):
        explorer.open_tab(tab)
    apps = [explorer.widget, examples_app().widget, lesson_app().widget, variants_app().widget,
            game_app(bot_pause=0).widget, ScoringExplainer().widget]
    roots = {str(REPO), os.path.expanduser("~"), "/work/", "site-packages"}
    for w in apps:
        for text in _texts(w):
            assert not any(r in text for r in roots if r and r != "/"), text[:300]


def test_a_long_title_is_refused_and_long_titles_are_shortened_in_lists(explorer, tmp_path):
    from samurai_lab.knizia.scenarios.save import MAX_TITLE
    from samurai_lab.knizia.widgets.files_panel import LISTED_TITLE

    fp = explorer.files_panel
    fp.path.value = "huge"
    fp.title.value = "x" * 2_000_000
    explorer.guard(fp.save)()
    assert explorer.feedback.kind == "error"
    assert explorer.feedback.text == (f"Not saved: a title is at most {MAX_TITLE} characters long "
                                      f"(this one has 2000000).")
    assert not (tmp_path / "scenarios" / "saved").exists()
    fp.title.value = "A long title " * 9  # within the limit, longer than a list shows
    assert fp.save() is not None
    label = next(label for label, value in fp.choice.options if value.endswith("huge.toml"))
    assert "…" in label and len(label) < LISTED_TITLE + len(" (saved/huge.toml)") + 1


def test_a_folder_of_saved_positions_holds_a_bounded_number_and_size(explorer, tmp_path, monkeypatch):
    from samurai_lab.knizia.widgets import files_panel

    monkeypatch.setattr(files_panel, "MAX_SAVED_FILES", 3)
    fp = explorer.files_panel
    for i in range(3):
        fp.path.value = f"p{i}"
        assert fp.save() is not None
    fp.path.value = "p3"
    explorer.guard(fp.save)()
    assert explorer.feedback.kind == "error" and "the folder of saved positions is full" in explorer.feedback.text
    assert not (tmp_path / "scenarios" / "saved" / "p3.toml").exists()
    fp.path.value = "p0"  # replacing a file takes no more room
    assert fp.save() is None and fp.save(replace=True) is not None
    monkeypatch.setattr(files_panel, "MAX_SAVED_FILES", 100)
    monkeypatch.setattr(files_panel, "MAX_SAVED_BYTES", 3 * (tmp_path / "scenarios" / "saved" / "p0.toml").stat().st_size)
    fp.path.value = "p4"
    explorer.guard(fp.save)()
    assert "the folder of saved positions is full" in explorer.feedback.text


def test_a_bad_scenario_files_message_names_it_without_the_servers_path(explorer, tmp_path):
    (tmp_path / "scenarios" / "broken.toml").write_text("title = 'broken'\nplayers = [\n")
    fp = explorer.files_panel
    fp.scan()
    explorer.guard(fp.load_named)("broken")
    assert explorer.feedback.kind == "error" and "broken.toml" in explorer.feedback.text
    assert str(tmp_path) not in explorer.feedback.text


def test_in_the_static_site_saving_says_the_browser_keeps_it(monkeypatch):
    """Python in the visitor's browser (Pyodide) has no server to save on: the words say where it goes."""
    import sys

    server = Explorer(midgame_state()).panel(FILES_TAB).save_button.description
    monkeypatch.setattr(sys, "platform", "emscripten")
    files = Explorer(midgame_state()).panel(FILES_TAB)
    assert server == "Save on the server"
    assert files.save_button.description == "Keep in this browser"
    assert "on this device only" in files.save_button.tooltip
