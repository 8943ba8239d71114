"""Hostile or broken input to the command line and the file readers: every refusal is a message and an exit
status, never a traceback, a flood of lines, raw terminal codes, or the memory of the machine."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from samurai_lab.common.limits import MAX_BYTES, MAX_PROBLEMS, FileTooBig, check_size, loads_toml, read_text
from samurai_lab.tools.cli import main

REPO = Path(__file__).resolve().parents[1]
KNIZIA_SCENARIO = REPO / "scenarios" / "1998-e1-blue-takes-helmet.toml"
DEEP = "a = " + "[" * 5000 + "]" * 5000 + "\n"


def run_cli(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# --- 9: a command piped into head ends quietly --------------------------------------------------------------------
def test_a_command_piped_into_head_ends_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "samurai_lab.tools.cli", "puzzles", "list", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)  # `| head -c 10`: the reader goes away with most of the listing unread
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


# --- 15: sizes capped before parsing -------------------------------------------------------------------------------
BIG = 3 * 1024 * 1024


@pytest.mark.parametrize("name, head", [
    ("record.txt", '[Game "katana"]\n'),
    ("scenario.toml", 'title = "big"\n'),
    ("katana.toml", 'game = "katana"\n'),
    ("study.toml", "study = 1\n"),
    ("puzzle.toml", 'goal = "win"\nanswer = []\nthemes = []\n'),
])
def test_check_refuses_a_file_larger_than_its_kind_may_be(tmp_path, capsys, monkeypatch, name, head):
    import samurai_lab.common.limits as limits

    parsed = []
    monkeypatch.setattr(limits.tomllib, "loads", lambda text: parsed.append(len(text)) or {})
    path = tmp_path / name
    path.write_text(head + "# padding\n" * (BIG // 10), encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", str(path))
    assert status == 2, out
    assert re.search(r"too big \(3 MB; the most a file may hold is (1|2) MB\)", out), out
    assert not parsed, "the file was parsed before its size was checked"


@pytest.mark.parametrize("name, head", [("katana.toml", 'game = "katana"\n'), ("record.txt", '[Game "katana"]\n'),
                                        ("iki.toml", 'game = "ikizumari"\n')])
def test_check_calls_a_file_of_another_game_too_big_invalid(tmp_path, capsys, name, head):
    path = tmp_path / name
    path.write_text(head + "#" * (MAX_BYTES["scenario"] + 1000), encoding="utf-8")  # past its kind's limit, within 2 MB
    status, out, _ = run_cli(capsys, "check", str(path))
    assert status == 2 and "INVALID" in out
    assert re.search(r"too big \(10\d{5} bytes; the most a file may hold is 1 MB\)", out), out


def test_review_refuses_a_record_too_big(tmp_path, capsys):
    path = tmp_path / "huge.txt"
    path.write_text('[Game "katana"]\n' + "d9-d5 " * (BIG // 6), encoding="utf-8")
    status, out, err = run_cli(capsys, "review", str(path))
    assert status == 2 and out == ""
    assert "too big (3 MB; the most a file may hold is 1 MB)" in err, err


def test_the_limits_leave_every_bundled_file_far_inside():
    bundled = [p for folder in ("scenarios", "studies", "puzzles") for p in (REPO / folder).rglob("*")
               if p.is_file() and p.suffix in (".toml", ".txt")]
    assert len(bundled) > 50
    assert max(p.stat().st_size for p in bundled) * 10 < min(MAX_BYTES.values())


def test_the_limit_is_checked_on_text_and_on_files(tmp_path):
    with pytest.raises(FileTooBig, match="too big"):
        check_size("é" * (MAX_BYTES["puzzle"] // 2 + 1), "puzzle", "p.toml")  # counted in UTF-8 bytes
    check_size("é" * (MAX_BYTES["puzzle"] // 2), "puzzle")
    (tmp_path / "ok.toml").write_text("a = 1\n")
    assert read_text(tmp_path / "ok.toml", "puzzle") == "a = 1\n"


def test_a_study_upload_too_big_says_so():
    from samurai_lab.common.study_format import StudyError, loads_study

    with pytest.raises(StudyError) as e:
        loads_study("study = 1\n" + "#\n" * (BIG // 2), "upload.toml")
    assert "upload.toml: the file is too big (3 MB; the most a file may hold is 2 MB)" in str(e.value)


# --- 16: the problems printed are capped ---------------------------------------------------------------------------
@pytest.mark.parametrize("head", ['title = "x"\n', 'game = "katana"\n', 'game = "ikizumari"\n'])
def test_check_prints_the_first_problems_and_counts_the_rest(tmp_path, capsys, head):
    path = tmp_path / "keys.toml"
    path.write_text(head + "".join(f"k{i} = 1\n" for i in range(3000)), encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", str(path))
    assert status in (1, 2)
    assert len(out.splitlines()) < MAX_PROBLEMS + 10, out[-2000:]
    more = re.search(r"\.\.\. and (\d+) more problems", out)
    assert more and int(more[1]) >= 3000 - MAX_PROBLEMS, out[-500:]


def test_a_study_and_a_puzzle_list_at_most_the_first_problems():
    from samurai_lab.common.puzzle_file import PuzzleFileError, record_from_dict
    from samurai_lab.common.study_format import StudyError, loads_study

    with pytest.raises(StudyError) as e:
        loads_study("study = 1\n" + "".join(f"k{i} = 1\n" for i in range(3000)))
    assert len(e.value.problems) == MAX_PROBLEMS + 1 and "more problems" in str(e.value.problems[-1])
    with pytest.raises(PuzzleFileError) as p:
        record_from_dict({f"k{i}": 1 for i in range(3000)})
    assert str(p.value).count("unknown key") < MAX_PROBLEMS and "more problems" in str(p.value)


# --- 17: TOML nested too deeply is an invalid file -----------------------------------------------------------------
@pytest.mark.parametrize("head", ["", 'game = "katana"\n', "study = 1\n"])
def test_check_calls_deeply_nested_toml_invalid(tmp_path, capsys, head):
    path = tmp_path / "deep.toml"
    path.write_text(head + DEEP, encoding="utf-8")
    status, out, err = run_cli(capsys, "check", str(path))
    assert status == 2 and "INVALID" in out, out + err
    assert "not valid TOML: arrays or tables nested too deeply" in out
    assert "RecursionError" not in out + err


def test_the_readers_call_deeply_nested_toml_invalid():
    import tomllib

    from samurai_lab.common.scenario_file import ScenarioError, read_table
    from samurai_lab.common.study_format import StudyError, loads_study
    from samurai_lab.knizia.scenarios.errors import ScenarioError as KniziaScenarioError
    from samurai_lab.knizia.scenarios.load import loads_scenario

    with pytest.raises(tomllib.TOMLDecodeError):
        loads_toml(DEEP)
    with pytest.raises(StudyError, match="nested too deeply"):
        loads_study("study = 1\n" + DEEP, "upload.toml")
    with pytest.raises(ScenarioError, match="nested too deeply"):
        read_table(DEEP, "k.toml")
    with pytest.raises(KniziaScenarioError, match="nested too deeply"):
        loads_scenario(DEEP)


# --- 18: terminal codes from files are escaped ---------------------------------------------------------------------
ESC_TITLE = r"\u001b[2J\u001b]0;owned\u0007\u202e"


def test_check_escapes_the_control_characters_of_a_title(tmp_path, capsys):
    path = tmp_path / "esc.toml"
    path.write_text(re.sub(r'^title = "', lambda m: f'title = "{ESC_TITLE}', KNIZIA_SCENARIO.read_text(encoding="utf-8"),
                           count=1, flags=re.M), encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", str(path))
    assert status == 0, out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert r"\x1b[2J\x1b]0;owned\x07\u202e" in out


def test_review_escapes_a_player_name_in_its_refusal(tmp_path, capsys):
    path = tmp_path / "esc.txt"
    path.write_text('[Game "Samurai"]\n[Rules "1998+Sr+Hr"]\n[Players "\x1b]0;owned\x07Green, Yellow"]\n'
                    '[Seed "2"]\n[Result "*"]\n\n1. Green: S3@HO05; N1@HO08; W2@SEA32; end\n', encoding="utf-8")
    status, out, err = run_cli(capsys, "review", str(path))
    assert status == 2
    assert "\x1b" not in err and "\x07" not in err and r"\x1b]0;owned\x07Green" in err, err


# --- 19: a page's measure cannot make a board's canvas huge --------------------------------------------------------
HUGE = [{"w": 20000, "vw": 20000, "vh": 20000, "top": 0, "dpr": 3},
        {"w": 5000, "vw": 5000, "vh": 5000, "top": 0, "dpr": 1.5},
        {"w": 1e300, "vw": 1e300, "vh": 1e300, "top": -1e300, "dpr": 8}]


@pytest.mark.parametrize("space", HUGE, ids=["20000px-x3", "5000px-x1.5", "1e300"])
def test_a_page_measure_cannot_size_a_canvas_beyond_a_sane_maximum(space):
    import json

    from samurai_lab import EDITION_1998, new_game
    from samurai_lab.katana.core.state import new_game as new_katana_game
    from samurai_lab.katana.widgets.board import KatanaBoard
    from samurai_lab.knizia.widgets import BoardView
    from samurai_lab.ui.board_client import MAX_BACKING_PX

    view = BoardView(new_game(2, EDITION_1998.with_options(setup="random", hands="random"), seed=1))
    view.space.value = json.dumps(space)
    katana = KatanaBoard(new_katana_game())
    katana.frame.space_text.value = json.dumps(space)
    for canvas in (view.canvas, katana.canvas):
        assert 0 < canvas.width <= MAX_BACKING_PX and 0 < canvas.height <= MAX_BACKING_PX
        assert canvas.width * canvas.height <= MAX_BACKING_PX ** 2  # 16.8 million pixels, not 59 million


def test_a_measure_that_is_no_number_is_ignored():
    from samurai_lab.ui.board_client import parse_space

    for text in ('{"w": NaN, "vw": 1, "vh": 1, "top": 0, "dpr": 1}', '{"w": Infinity, "vw": 1, "vh": 1, "top": 0, '
                 '"dpr": 1}', '{"w": 1e999, "vw": 1, "vh": 1, "top": 0, "dpr": 1}', "[]", "1" * 5000):
        assert parse_space(text) is None, text


# --- 19: saving: no .part file left behind, no Windows device names ---------------------------------------------------
def _full_disk(monkeypatch):
    """``Path.write_text`` writing half of the text, then failing as a full disk does."""
    import errno
    import os

    real = Path.write_text

    def write_text(self, data, *args, **kwargs):
        real(self, data[: len(data) // 2], *args, **kwargs)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", write_text)


def test_a_position_saved_on_a_full_disk_leaves_nothing_behind(tmp_path, monkeypatch):
    from samurai_lab.knizia.widgets.explorer import FILES_TAB, Explorer, midgame_state
    from samurai_lab.knizia.widgets.files_panel import SAVED_DIR_ENV

    monkeypatch.setenv(SAVED_DIR_ENV, str(tmp_path / "saved"))
    app = Explorer(midgame_state(), scenarios_dir=tmp_path)
    app.open_tab(FILES_TAB)
    app.files_panel.path.value = "my position"
    _full_disk(monkeypatch)
    app.guard(app.files_panel.save)()
    assert app.feedback.kind == "error" and "No space left on device" in app.feedback.text, app.feedback.text
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == []


def test_a_study_saved_on_a_full_disk_leaves_nothing_behind(tmp_path, monkeypatch):
    from samurai_lab.katana.widgets.app import KatanaApp

    monkeypatch.setenv("SAMURAI_SAVED_DIR", str(tmp_path))
    app = KatanaApp("en", seats=("people", "people"))
    editor = app.study_editor
    editor.title.value = "Full disk"
    editor.text.value = "A position."
    editor.add_button.click()
    editor.name.value = "full-disk"
    _full_disk(monkeypatch)
    with pytest.raises(ValueError, match="No space left on device"):
        editor.save()
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == []


@pytest.mark.parametrize("name", ["CON", "nul", "aux.toml", "com1.txt", "LPT9", "Prn.notes", "con .toml"])
def test_windows_device_names_are_refused_as_file_names(name):
    from samurai_lab.knizia.widgets.files_panel import check_name
    from samurai_lab.ui.study_editor import study_file_name

    for check in (check_name, study_file_name):
        with pytest.raises(ValueError, match="a name Windows keeps for a device"):
            check(name)
    assert check_name("console") == "console.toml" and study_file_name("com10") == "com10.toml"


# --- 19: a seed is a sane whole number, or refused with why ---------------------------------------------------------
DIGITS = "1" * 100_000
PYTHONS_WORDS = "set_int_max_str_digits"


@pytest.mark.parametrize("argv", [["review", "x.txt", "--seed", DIGITS], ["simulate", "--seed", DIGITS],
                                  ["simulate", "--game", "katana", "--seed", "4" * 3999],
                                  ["puzzles", "generate", "--game", "katana", "--seed", "-3"]])
def test_the_command_line_refuses_a_seed_that_is_no_sane_whole_number(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert "argument --seed: a seed is a whole number from 0 to 9223372036854775807, not '" in err, err[-500:]
    assert PYTHONS_WORDS not in err and len(err) < 2000


def test_a_seed_in_an_address_or_a_record_is_refused_with_why(tmp_path, capsys):
    from samurai_lab.ui.query import parse_query

    q = parse_query("seed=" + "9" * 3999, {"seed"})
    assert q.seed("seed", 1) == 1
    assert q.message().count("9") < 40 and "out of range (from 0 to 9223372036854775807)" in q.message()
    q = parse_query("seed=12", {"seed"})
    assert q.seed("seed", 1) == 12 and not q.problems
    record = tmp_path / "seed.txt"
    record.write_text(f'[Game "Samurai"]\n[Rules "1998"]\n[Players "Green, Yellow"]\n[Seed "{"7" * 5000}"]\n\n'
                      "1. Green: S3@HO05; end\n", encoding="utf-8")
    status, _, err = run_cli(capsys, "review", str(record))
    assert status == 2 and "Seed: a seed is a whole number from 0 to" in err and PYTHONS_WORDS not in err, err[-500:]


def test_a_number_of_thousands_of_digits_in_toml_is_an_invalid_file(tmp_path, capsys):
    path = tmp_path / "digits.toml"
    path.write_text('title = "x"\nseed = ' + "1" * 5000 + "\n", encoding="utf-8")
    status, out, err = run_cli(capsys, "check", str(path))
    assert status == 2 and "not valid TOML: a number or a date that cannot be read" in out, out + err
    assert PYTHONS_WORDS not in out + err


# --- 19: an upload too big is refused with its size and the limit ------------------------------------------------------
def _report_of(widget):
    """The hidden text a guarded upload's page script writes a refused file into."""
    import ipywidgets as widgets

    from samurai_lab.ui.upload_guard import GUARD_CLASS

    stack = [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, widgets.Text) and any(c.startswith(f"{GUARD_CLASS}-report-") for c in w._dom_classes):
            return w
        stack.extend(getattr(w, "children", ()))
    raise AssertionError("no guarded upload")


def test_a_study_upload_too_big_is_refused_in_words():
    from samurai_lab.i18n import use_language
    from samurai_lab.ui.study_app import StudyApp
    from samurai_lab.ui.upload_guard import GUARD_CLASS

    with use_language("it"):
        app = StudyApp()
        assert GUARD_CLASS in app.upload._dom_classes
        app.guard(app._on_upload)({"new": ({"name": "big.toml", "content": memoryview(b"#" * BIG)},)})
        assert app.feedback.kind == "error" and "big.toml" in app.feedback.text and "2 MB" in app.feedback.text
        assert "3 MB" in app.feedback.text, app.feedback.text
        app.feedback.clear()
        _report_of(app.widget).value = '{"name": "huge.toml", "size": 15728640, "at": 1}'  # what the page says
        assert app.feedback.kind == "error" and "huge.toml" in app.feedback.text and "15 MB" in app.feedback.text
        assert "2 MB" in app.feedback.text


def test_a_position_upload_too_big_is_refused_in_words(tmp_path):
    from samurai_lab.knizia.widgets.explorer import FILES_TAB, Explorer, midgame_state

    app = Explorer(midgame_state(), scenarios_dir=tmp_path)
    app.open_tab(FILES_TAB)
    app.guard(app.files_panel._on_upload)({"new": ({"name": "big.toml", "content": memoryview(b"#" * BIG)},)})
    assert app.feedback.kind == "error" and "too big (3 MB; the most a file may hold is 1 MB)" in app.feedback.text
    _report_of(app.files_panel.widget).value = '{"name": "huge.toml", "size": 15728640, "at": 2}'
    assert "huge.toml: the file is too big (15 MB; the most a file may hold is 1 MB)" in app.feedback.text


# --- 10: the served notebooks are trusted: serve starts without a warning for each ------------------------------------
def _trust_warnings(folder: Path, db: Path, secret: Path) -> list[str]:
    """The "not trusted" warnings of a server's contents manager (its notary: ``db``, ``secret``) reading
    every notebook of ``folder``, as voila does for each app."""
    import logging

    from jupyter_server.services.contents.filemanager import FileContentsManager
    from traitlets.config import Config

    manager = FileContentsManager(root_dir=str(folder),
                                  config=Config({"NotebookNotary": {"db_file": str(db), "secret_file": str(secret)}}))
    seen: list[str] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: seen.append(record.getMessage())  # type: ignore[method-assign]
    manager.log.addHandler(handler)
    try:
        for path in sorted(folder.glob("*.ipynb")):
            manager.get(path.name)
    finally:
        manager.log.removeHandler(handler)
    return [w for w in seen if "is not trusted" in w]


def test_serve_signs_the_notebooks_it_serves_so_none_is_untrusted(tmp_path):
    from samurai_lab.common.resources import notebooks_dir
    from samurai_lab.tools.serve import NOTARY_DB, NOTARY_SECRET, trust_notebooks, voila_flags

    folder, notary = notebooks_dir(), tmp_path / "notary"
    apps = len(list(folder.glob("*.ipynb")))
    assert apps >= 14
    assert len(_trust_warnings(folder, tmp_path / "none.db", tmp_path / "none-secret")) == apps  # unsigned: each warns
    assert trust_notebooks(folder, notary) >= apps
    flags = voila_flags(notary=notary)
    assert f"--NotebookNotary.db_file={notary / NOTARY_DB}" in flags
    assert f"--NotebookNotary.secret_file={notary / NOTARY_SECRET}" in flags
    assert _trust_warnings(folder, notary / NOTARY_DB, notary / NOTARY_SECRET) == []


# --- 17 and 15 in the apps: a saved file nested too deeply or too big is listed by name, and refused in words ------------
def test_the_apps_list_and_refuse_hostile_files_in_words(tmp_path):
    from samurai_lab.knizia.widgets.files_panel import other_game, scenario_title
    from samurai_lab.ui.study_app import StudyApp

    deep, big = tmp_path / "deep.toml", tmp_path / "big.toml"
    deep.write_text('title = "x"\n' + DEEP, encoding="utf-8")
    big.write_text('title = "x"\n' + "#" * BIG, encoding="utf-8")
    for path in (deep, big):
        assert scenario_title(path) == path.stem and other_game(path) is False
    app = StudyApp()
    app.guard(app._on_upload)({"new": ({"name": "deep.toml", "content": memoryview(("study = 1\n" + DEEP).encode())},)})
    assert app.feedback.kind == "error" and "nested too deeply" in app.feedback.text, app.feedback.text
    assert "Something went wrong" not in app.feedback.text
    app.guard(app.open_path)(big)
    assert app.feedback.text == "big.toml: the file is too big (3 MB; the most a file may hold is 2 MB)"


def test_a_scenario_too_big_is_refused_without_the_servers_path(tmp_path):
    from samurai_lab.knizia.widgets.explorer import FILES_TAB, Explorer, midgame_state

    (tmp_path / "big.toml").write_text('title = "big"\n' + "#" * BIG, encoding="utf-8")
    app = Explorer(midgame_state(), scenarios_dir=tmp_path)
    app.open_tab(FILES_TAB)
    app.guard(app.files_panel.load_path)(tmp_path / "big.toml")
    assert app.feedback.kind == "error" and str(tmp_path) not in app.feedback.text
    assert "big.toml: the file is too big (3 MB; the most a file may hold is 1 MB)" in app.feedback.text


def test_a_size_just_over_the_limit_is_not_written_as_the_limit():
    from samurai_lab.common.limits import MB, size_text

    from samurai_lab.common.limits import FileTooBig

    assert (size_text(MB), size_text(MB + 40 * 1024), size_text(15 * MB), size_text(int(2.5 * MB))) == \
        ("1 MB", "1.04 MB", "15 MB", "2.5 MB")
    assert FileTooBig("f", MB + 1000, MB).reason == "the file is too big (1049576 bytes; the most a file may hold is 1 MB)"


def test_a_seed_no_sane_form_sends_is_refused_with_why(tmp_path):
    from samurai_lab.knizia.widgets.explorer import RULES_TAB, Explorer, midgame_state
    from samurai_lab.knizia.widgets.game_setup import NewGameForm
    from samurai_lab.knizia.widgets.tournament import TournamentApp

    app = Explorer(midgame_state(), scenarios_dir=tmp_path)
    app.open_tab(RULES_TAB)
    before = app.state
    app.rules_panel.seed.value = 10**300  # what a browser sends for "1e300"
    app.guard(app.new_game)()
    assert app.feedback.kind == "error" and "a seed is a whole number from 0 to 9223372036854775807" in app.feedback.text
    assert app.state is before and len(app.feedback.text) < 300
    form = NewGameForm()
    form.rules.seed.value = -1
    with pytest.raises(ValueError, match="a seed is a whole number"):
        form.seed
    tournament = TournamentApp()
    tournament.seed.value = 2**64
    with pytest.raises(ValueError, match="a seed is a whole number"):
        tournament.run()


def test_a_pipe_nobody_writes_to_is_refused_not_waited_for(tmp_path, capsys):
    import os

    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    status, out, _ = run_cli(capsys, "check", str(fifo))
    assert status == 2 and "cannot read the file: not a regular file" in out, out
    status, _, err = run_cli(capsys, "review", str(fifo))
    assert status == 2 and "fifo.toml: cannot read the file: not a regular file" in err, err


def test_json_printed_from_a_file_with_control_characters_stays_valid_json(tmp_path, capsys):
    import json

    folder = tmp_path / "katana"
    folder.mkdir()
    title = "evil \x1b[2J \x7f \x9b31m \u202e"
    (folder / "katana-1-0001.toml").write_text(
        f'game = "katana"\nid = "katana-1-0001"\ntitle = {json.dumps(title)}\nposition = "x"\ngoal = "kill"\n'
        f'answer = ["d9-d5"]\nthemes = [{json.dumps(title)}]\nrating = 1500\nsource = "test"\n', encoding="utf-8")
    status, out, _ = run_cli(capsys, "puzzles", "list", "--game", "katana", "--dir", str(tmp_path), "--json")
    assert status == 0
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", out), "a control character printed raw"
    assert json.loads(out)[0]["themes"] == [title]  # the same text, escaped the JSON way
    status, out, _ = run_cli(capsys, "puzzles", "list", "--game", "katana", "--dir", str(tmp_path))
    assert status == 0 and "\x1b" not in out and "\x9b" not in out


def test_a_knizia_record_pasted_too_big_is_refused_before_it_is_read():
    from samurai_lab.knizia.scenarios.errors import ScenarioError
    from samurai_lab.knizia.scenarios.records import parse_record

    with pytest.raises(ScenarioError) as e:
        parse_record('[Game "Samurai"]\n' + "1. Green: S3@HO05; end\n" * (BIG // 20), "pasted")
    assert len(e.value.problems) == 1 and "pasted: the file is too big (" in str(e.value)
