"""The guided lesson: every task solvable (and not by every move), wrong tries name the rule."""

from __future__ import annotations

import pytest

from samurai_lab.i18n import use_language
from samurai_lab.ikizumari.core import legal_moves
from samurai_lab.ikizumari.teaching import CHAPTERS, TASKS, LessonSession, check_try
from samurai_lab.ikizumari.teaching.lesson import solutions


@pytest.mark.parametrize("task_id", list(TASKS))
def test_every_task_is_solvable(task_id):
    task = TASKS[task_id]
    sols = solutions(task)
    assert sols, task_id
    assert check_try(task, task.start(), sols[0]).ok
    assert task.hint and task.prompt and task.rule


def test_the_tasks_are_real_choices():
    hard = [t for t in TASKS.values() if len(solutions(t)) < len(legal_moves(t.start()))]
    assert len(hard) >= len(TASKS) - 2


def test_every_chapter_explains_and_has_tasks():
    assert len(CHAPTERS) >= 5
    for ch in CHAPTERS:
        assert ch.explanation and ch.tasks


def test_wrong_tries_name_the_rule():
    with use_language("en"):
        task = TASKS["answer-2-dragon"]
        refused = check_try(task, task.start(), "g11-g10")
        assert not refused.ok and "first square crossed must bear a dragon" in refused.message
        assert refused.state == task.start()
        wrong = check_try(TASKS["stifle-2"], TASKS["stifle-2"].start(), legal_moves(TASKS["stifle-2"].start())[0])
        assert not wrong.ok and "Rule 4" in wrong.message and "can still move" in wrong.message
        unsafe = [m for m in legal_moves(TASKS["stay-safe"].start()) if str(m) != "e4-j4"][0]
        res = check_try(TASKS["stay-safe"], TASKS["stay-safe"].start(), unsafe)
        assert "puts you in IKI-ZUMARI" in res.message


def test_session_progress_retry_and_next():
    session = LessonSession()
    assert session.progress() == (0, len(TASKS))
    wrong = session.try_move("d1-d2")
    assert not wrong.ok
    with pytest.raises(ValueError):
        session.try_move("d1-d4")
    session.retry()
    assert session.try_move("d1-d4").ok and session.progress()[0] == 1
    assert session.next_task().id == "first-dragon"
    with pytest.raises(ValueError):
        session.open("nope")
    assert session.chapter.id == "moves"
