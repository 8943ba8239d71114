"""The guided lesson's content: every task is a valid position, solvable, and wrong tries name the rule."""

from __future__ import annotations

import re

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, EndTurn, IllegalMoveError, Pass, parse_action
from samurai_lab.knizia.teaching.lessons import (CHAPTERS, CONTINUE, SOLVED, TASKS, WRONG, Run, Setup, build_position, chapter_of,
                                 fill, progress_text, solve, task_by_id)
from samurai_lab.knizia.scenarios.validate import state_problems

EDITIONS = [EDITION_1998, EDITION_2015]
IDS = [t.id for t in TASKS]
# Words of the rules that feedback on a wrong try must use (at least one of them).
RULE_WORDS = re.compile(r"\b(counts only|does not touch|not surrounded|highest|set aside|tie|the game goes on|"
                        r"leads|wins|needs your)\b", re.I)


def test_the_lesson_has_the_eight_chapters_in_order():
    assert [c.id for c in CHAPTERS] == ["map", "tiles", "turn", "capture", "ties", "special", "end", "scoring"]
    assert all(ch.tasks for ch in CHAPTERS)
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("ruleset", EDITIONS, ids=lambda r: r.edition)
@pytest.mark.parametrize("task_id", IDS)
def test_every_position_is_one_the_rules_can_produce(task_id, ruleset):
    state = task_by_id(task_id).position(ruleset)
    assert state_problems(state) == []
    assert state.current == 0 and state.legal_actions()


@pytest.mark.parametrize("ruleset", EDITIONS, ids=lambda r: r.edition)
@pytest.mark.parametrize("task_id", IDS)
def test_every_task_is_solvable_by_legal_actions(task_id, ruleset):
    task = task_by_id(task_id)
    actions = solve(task, ruleset)
    assert actions is not None, f"{task_id} has no solution under the {ruleset.edition} rules"
    assert len(actions) <= task.moves
    run = Run(task, ruleset)
    for a in actions[:-1]:
        assert run.play(a).status == CONTINUE
    verdict = run.play(actions[-1])
    assert verdict.status == SOLVED, verdict.message
    assert verdict.message


def first_wrong(task, ruleset):
    """The first legal single action whose turn, once ended, does not solve the task."""
    start = task.position(ruleset)
    for a in start.legal_actions():
        if isinstance(a, (EndTurn, Pass)):
            continue
        run = Run(task, ruleset)
        verdict = run.play(a)
        if verdict.status == CONTINUE:
            verdict = run.end_turn()
        if verdict.status == WRONG:
            return a, verdict
    raise AssertionError(f"every single action solves {task.id}")


@pytest.mark.parametrize("ruleset", EDITIONS, ids=lambda r: r.edition)
@pytest.mark.parametrize("task_id", IDS)
def test_a_wrong_try_gets_feedback_naming_the_rule(task_id, ruleset):
    action, verdict = first_wrong(task_by_id(task_id), ruleset)
    assert RULE_WORDS.search(verdict.message), f"{action}: {verdict.message}"
    assert "{" not in verdict.message


# Hand-picked wrong tries and the rule their feedback must state.
WRONG_TRIES = [
    ("map-edo", ["H2@HO02"], "does not touch Edo"),
    ("map-ship", ["H3@HO31"], "needs your Ship"),
    ("tiles-wild", ["B4@HO04"], "counts only for Buddhas"),
    ("tiles-two", ["B3@HO02"], "does not touch Akita"),
    ("turn-two", ["H4@HO08", "N1@HO11", "end"], "takes the {R} of the village HO09"),
    ("capture-one", ["H4@HO18"], "counts only for {Hs}, not for the Buddha"),
    ("capture-one", ["B3@HO02"], "not surrounded yet: HO18 is still empty"),
    ("capture-both", ["H4@HO39", "end"], "The {R} of Kyoto is set aside"),
    ("tie-stop", ["B4@HO25"], "set aside only when the highest sums are equal"),
    ("tie-zero", ["R2@HO39"], "takes the {R} of the village HO42 (Green 2, Yellow 0)"),
    ("swap", ["R2@HO16", "end"], "no Buddha in the village HO12"),
    ("move", ["H2@HO32"], "takes the {H} of the village HO30"),
    ("end-last", ["H3@HO20"], "The game goes on"),
    ("end-ties", ["B3@HO44"], "4 {pieces} have been set aside by ties"),
    ("score-choose", ["S3@HO25"], "but Yellow wins"),
]


@pytest.mark.parametrize(("task_id", "moves", "words"), WRONG_TRIES,
                         ids=[f"{t}-{'-'.join(m)}" for t, m, _ in WRONG_TRIES])
def test_hand_picked_wrong_tries(task_id, moves, words):
    run = Run(task_by_id(task_id), EDITION_1998)
    verdict = None
    for m in moves:
        verdict = run.play(parse_action(m))
        if run.over:
            break
    assert verdict is not None and verdict.status == WRONG
    assert fill(words, EDITION_1998) in verdict.message


def test_instant_capture_decides_at_once_and_says_so():
    run = Run(task_by_id("capture-both"), EDITION_1998)
    verdict = run.play(parse_action("H4@HO39"))
    assert verdict.status == WRONG  # the Rice was tied the moment Kyoto closed: no second tile can help
    run = Run(task_by_id("capture-both"), EDITION_2015)
    assert run.play(parse_action("H4@HO39")).status == CONTINUE
    assert run.play(parse_action("W2@SEA49")).status == SOLVED  # at the end of the turn the ship counts


def test_two_step_task_continues_then_ends_on_request():
    run = Run(task_by_id("turn-two"), EDITION_2015)
    v = run.play(parse_action("R3@HO08"))
    assert v.status == CONTINUE and "end the turn" in v.message
    v = run.end_turn()
    assert v.status == WRONG and "not surrounded yet: HO11 is still empty" in v.message
    with pytest.raises(ValueError, match="this try is over"):
        run.play(parse_action("N1@HO11"))


def test_illegal_moves_are_refused_with_the_rule():
    run = Run(task_by_id("capture-one"), EDITION_1998)
    with pytest.raises(IllegalMoveError, match="never placed on a village, a city or Edo"):
        run.play(parse_action("B3@HO14"))
    with pytest.raises(IllegalMoveError, match="at least one token"):
        run.end_turn()
    assert run.actions == [] and not run.over
    run = Run(task_by_id("turn-two"), EDITION_1998)
    run.play(parse_action("R3@HO08"))
    with pytest.raises(IllegalMoveError, match="only one token without the Japanese character"):
        run.play(parse_action("H4@HO11"))


@pytest.mark.parametrize("ruleset", EDITIONS, ids=lambda r: r.edition)
def test_texts_speak_the_edition(ruleset):
    other = "Castle" if ruleset.edition == "1998" else "High Helmet"
    for ch in CHAPTERS:
        for p in ch.paragraphs(ruleset):
            assert "{" not in p and other not in p
        for t in ch.tasks:
            for text in (t.text(ruleset), t.hint_text(ruleset)):
                assert "{" not in text and other not in text
    assert "figure exchange" in " ".join(CHAPTERS[5].paragraphs(EDITION_1998))
    assert "swap tile" in " ".join(CHAPTERS[5].paragraphs(EDITION_2015))


def test_progress_and_lookup():
    assert progress_text(2, 4) == f"Chapter 3 of 8 · 4 of {len(TASKS)} tasks solved"
    assert chapter_of(task_by_id("swap"))[1].id == "special"
    with pytest.raises(ValueError, match="no lesson task 'nope'"):
        task_by_id("nope")


def test_inconsistent_positions_are_refused_naming_the_field():
    with pytest.raises(ValueError, match="demo: pieces: HO13 is not a settlement"):
        build_position(Setup(hand="H2", pieces={"HO13": "H"}), EDITION_1998, "demo")
    with pytest.raises(ValueError, match="demo: .* pieces are left for the other settlements"):
        build_position(Setup(hand="H2", captured=((1, 0, 0), (0, 0, 0))), EDITION_1998, "demo")
    with pytest.raises(ValueError, match="more tiles than his 20"):
        build_position(Setup(hand="H2 H2"), EDITION_1998, "demo")
