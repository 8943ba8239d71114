"""The lesson file (``samurai_lab/knizia/teaching/lessons.toml``): read into the lesson, its texts extracted
for the catalogs, proved by ``samurai-lab check``, and a broken file refused with a message naming the file,
the task and what is wrong."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from samurai_lab.i18n.extract_toml import extract_lesson
from samurai_lab.knizia.teaching.lessons import CHAPTERS, LESSON_FILE, LessonError, load_lesson
from samurai_lab.tools.check import check_paths, kind_of

TEXT = LESSON_FILE.read_text(encoding="utf-8")


def edited(old: str, new: str) -> str:
    assert TEXT.count(old) == 1, old
    return TEXT.replace(old, new)


def test_the_file_is_the_lesson():
    assert load_lesson(TEXT) == CHAPTERS
    assert kind_of(LESSON_FILE)[0] == "lesson"


def test_every_text_of_the_file_is_extracted_for_the_catalog():
    found = [m for _, _, m, comments in extract_lesson(io.BytesIO(TEXT.encode()), [], [], {}) if not comments]
    texts = [ch.title for ch in CHAPTERS] + [p for ch in CHAPTERS for p in ch.text]
    texts += [x for ch in CHAPTERS for t in ch.tasks for x in (t.prompt, t.hint, t.success) if x != "Well done!"]
    assert sorted(found) == sorted(texts)


def test_check_proves_the_lesson(tmp_path: Path):
    out = io.StringIO()
    assert check_paths([LESSON_FILE], out=out, verbose=True) == 0, out.getvalue()
    assert f"1 lesson: {len(CHAPTERS)} chapters, 14 tasks, 0 problems" in out.getvalue()


EDEN = 'goal = { kind = "touch", settlement = "Edo" }'
BROKEN = [
    (edited(EDEN, 'goal = { kind = "tuch", settlement = "Edo" }'), "task map-edo: goal: unknown kind 'tuch'"),
    (edited(EDEN, 'goal = { kind = "touch", settlement = "Edoo" }'), "task map-edo: there is no hex 'Edoo'"),
    (edited(EDEN, 'goal = { kind = "touch", settlement = "HO02" }'), "task map-edo: goal: HO02 is not a settlement"),
    (edited(EDEN, 'goal = { kind = "touch" }'), "task map-edo: goal: the field 'settlement' is missing"),
    (edited(EDEN, 'goal = { kind = "capture", settlement = "Edo", castes = "Q" }'),
     "task map-edo: goal: 'Q' is not a caste; write H, B, R"),
    (edited(EDEN, 'goal = { kind = "touch", settlement = "Edo", figure = "boat" }'),
     "task map-edo: goal: 'boat' is not a figure; write one of helmet, buddha"),
    (edited('pieces = { Akita = "BR" }', 'pieces = { Akitaa = "BR" }'), "task tiles-wild: there is no hex 'Akitaa'"),
    (edited('focus = ["HO14"]', 'focus = ["HO99"]'), "task capture-one: there is no hex 'HO99'"),
    (edited('hand = "H2 B2 R2 S1 W1"', 'hand = "H2 B2 R2 S1"'), "task map-edo: hand: a hand is five tiles"),
    (edited('hand = "H2 B2 R2 S1 W1"', 'hand = "H2 B2 R2 S1 Q9"'), "task map-edo: unknown tile 'Q9'"),
    (edited('tiles = { HO06 = ["them", "S2"] }', 'tiles = { HO06 = ["they", "S2"] }'), "task turn-two: tiles: HO06"),
    (edited('id = "map-ship"', 'id = "map-edo"'), "the id 'map-edo' is given twice"),
    (edited('id = "tiles"', 'id = "map"'), "the id 'map' is given twice"),
    (edited('hint = "Edo is the large', 'help = "Edo is the large'), "task map-edo: the field 'hint' is missing"),
    (edited('id = "map-edo"', 'name = "map-edo"'), "chapter map, task 1: the field 'id' is missing"),
    (edited("moves = 3", 'moves = "3"'), "task turn-two: moves must be a whole number"),
    (edited("moves = 3", "colour = 3"), "unknown field 'colour'"),
    (edited('title = "Scoring"', 'titel = "Scoring"'), "chapter 8: the field 'title' is missing"),
    (edited('id = "map"\n', 'id = "map\n'), "lessons.toml: "),
]


@pytest.mark.parametrize("text, words", BROKEN, ids=[w for _, w in BROKEN])
def test_a_broken_file_is_refused_naming_the_file_the_task_and_the_fault(text: str, words: str):
    with pytest.raises(LessonError) as refused:
        load_lesson(text)
    message = str(refused.value)
    assert message.startswith("lessons.toml: ") and words in message, message
    assert "Traceback" not in message and "\n" not in message


CHECKED = [BROKEN[i] for i in (0, 1, 7, 10, 12)]  # a kind, a hex, a focus, a tile's owner, an id twice


@pytest.mark.parametrize("text, words", CHECKED, ids=[w for _, w in CHECKED])
def test_check_reports_a_broken_file(tmp_path: Path, text: str, words: str):
    path = tmp_path / "lessons.toml"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert check_paths([path], out=out) == 2
    assert out.getvalue().startswith(f"INVALID  {path}\n    lessons.toml: ") and words in out.getvalue()


def test_check_fails_a_task_no_legal_action_solves(tmp_path: Path):
    path = tmp_path / "lessons.toml"
    path.write_text(edited('hand = "H3 B3 R3 S2 W1"', 'hand = "H3 B3 R3 S2 N1"'), encoding="utf-8")  # no ship
    out = io.StringIO()
    assert check_paths([path], out=out) == 1
    assert "task map-ship, 1998 rules: no legal actions solve it" in out.getvalue()
    assert "task map-ship, 2015 rules: no legal actions solve it" in out.getvalue()
