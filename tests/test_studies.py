"""Studies: the format read and written back, every problem with its line, a study of another game
refused, answers judged, ``samurai-lab check`` on the shipped studies."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from samurai_lab.common.study_files import find_study, studies_dir
from samurai_lab.common.study_format import (Marks, Question, Step, Study, StudyError, Texts, Wrong, dumps_study,
                                             load_study, loads_study)
from samurai_lab.common.game import get_game
from samurai_lab.common.study_model import ACCEPTED, ILLEGAL, OTHER, UNREADABLE, WRONG, StudyPlay, load_play, loads_play
from samurai_lab.tools.check import check_paths

STUDIES = Path(__file__).resolve().parents[1] / "studies"
SHIPPED = sorted(STUDIES.rglob("*.toml"))
GAMES = {name: get_game(name) for name in ("knizia", "katana", "ikizumari")}
KNIZIA, KATANA, IKIZUMARI = GAMES.values()
#: The languages each game speaks (its studies are written in all of them).
SPEAKS = {"knizia": ("en", "it", "es", "ru"), "katana": ("en", "it"), "ikizumari": ("en", "fr")}
HELMET = STUDIES / "knizia-taking-a-helmet.toml"


def test_the_bundled_folder_is_the_studies_folder() -> None:
    assert studies_dir() == STUDIES.resolve()
    assert find_study("katana-the-challenge") == STUDIES.resolve() / "katana-the-challenge.toml"
    assert find_study("e1.toml") == STUDIES.resolve() / "rulebook" / "e1.toml"
    with pytest.raises(ValueError):
        find_study("../scenarios/1998-e1-blue-takes-helmet")


def test_at_least_one_study_per_game_in_every_language_it_speaks() -> None:
    games: dict[str, list[Study]] = {}
    for path in SHIPPED:
        s = load_study(path)
        games.setdefault(s.game, []).append(s)
    assert set(games) == set(GAMES)
    for game, studies in games.items():
        assert any(set(SPEAKS[game]) <= set(s.languages()) for s in studies), game
        assert any(any(step.question for step in s.steps) for s in studies), game


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_study_round_trips_and_checks(path: Path) -> None:
    first = load_study(path)
    text = dumps_study(first)
    again = loads_study(text, path.name)
    assert again == first
    assert dumps_study(again) == text
    play = loads_play(GAMES[first.game], text, path.name)  # its positions and answers hold
    assert len(play.states) == len(first.steps)
    for k, step in enumerate(first.steps):
        if step.question is not None:
            for answer in step.question.accept:
                assert play.judge(k, answer).kind == ACCEPTED
            for w in step.question.wrong:
                verdict = play.judge(k, w.answer)
                assert verdict.kind == WRONG and verdict.feedback == w.feedback


def test_the_rulebook_examples_and_rulings_are_studies_that_play_as_their_scenarios() -> None:
    from samurai_lab.knizia.scenarios.catalogue import catalogue, load
    from samurai_lab.knizia.teaching.study_convert import scenario_study

    entries = catalogue()
    assert [e.key for e in entries] == [*(f"E{k}" for k in range(1, 11)), *(f"R{k}" for k in range(1, 5))]
    for entry in entries:
        shipped = load_study(STUDIES / "rulebook" / f"{entry.key.lower()}.toml")
        sc = load(entry.path)
        assert shipped == scenario_study(sc), f"{entry.key}: write the rulebook studies again"
        play = StudyPlay(shipped, KNIZIA)
        walked = sc.walk()
        assert play.states[0] == sc.state and play.states[-1] == (walked[-1].after if walked else sc.state), entry.key
        assert set(shipped.languages()) == set(SPEAKS["knizia"]), entry.key


def test_a_study_built_in_code_round_trips() -> None:
    q = Question(Texts((("en", 'Where? "quoted"\nand a second line'), ("ru", "Куда?"))), ("H3@HO46",),
                 (Wrong("H2@HO46", Texts.english("a tie")),), Texts.english("count"), None)
    s = Study("knizia", Texts.english("T"), (
        Step(Texts.english("one"), position=load_play(KNIZIA, HELMET).study.steps[0].position,
             marks=Marks(("HO47",), (("HO46", "HO47"),))),
        Step(Texts.english("two \\ backslash"), question=q),
        Step(Texts.english("three"), play=("H3@HO46", "end")),
    ), Texts.english("d"), "1998")
    assert loads_study(dumps_study(s)) == s
    play = StudyPlay(s, KNIZIA)
    assert play.states[2].turn == 3


def test_answers_are_judged() -> None:
    play = load_play(KNIZIA, HELMET)
    assert play.judge(1, "H3@HO46").kind == ACCEPTED
    assert play.judge(1, "H3@HO46").feedback.get("it").startswith("Giusto")
    wrong = play.judge(1, "H2@HO46")
    assert wrong.kind == WRONG and "tie" in wrong.feedback.get("en") and "pareggio" in wrong.feedback.get("it")
    assert play.judge(1, "R4@HO46").kind == OTHER
    illegal = play.judge(1, "H3@HO45")
    assert illegal.kind == ILLEGAL and "already holds a token" in illegal.reason
    assert play.judge(1, "nonsense").kind == UNREADABLE
    with pytest.raises(ValueError):
        play.judge(0, "H3@HO46")  # the first step asks nothing
    assert play.states[2].captured[1] == (1, 0, 0)  # the third step plays the answer: Blue holds the helmet
    k = load_play(KATANA, STUDIES / "katana-the-challenge.toml")
    assert [k.judge(1, m).kind for m in ("e1-e4", "f1-c4", "e1-e3", "i3-i4", "e1-e9")] == [
        ACCEPTED, ACCEPTED, WRONG, OTHER, ILLEGAL]
    i = load_play(IKIZUMARI, STUDIES / "ikizumari-announcing-a-distance.toml")
    assert [i.judge(1, m).kind for m in ("g7-h7", "g7-i7", "a1-a2")] == [ACCEPTED, WRONG, ILLEGAL]


BAD = '''study = 1
game = "knizia"
edition = "2015"
title = { en = "Bad", xx = "?" }
colour = "red"

[[step]]
position = "1998 Red,Blue p:2:2:0:0 RRBRBHBHHBRRHHBHRRBBH 44aH2 H4B3B4S3X:S2R3S1S1R2H3W2W1N1S2W1MR4B2/H2H3R4W1M:W1S1S1S2B2R3B3N1S2XH4W2S3R2B4 0.0.0/0.0.0 0.0.0 1 - -"
text = { en = "one" }
marks = { cells = ["HO47", "HO99"] }

[[step]]
text = { it = "solo italiano" }

[step.question]
prompt = { en = "Where?" }
accept = ["H3@HO45", "zz"]

[[step.question.wrong]]
answer = "H3@HO45"

[[step]]
play = ["H3@HO46", "H2@HO46"]
text = { en = "three" }
'''


def _lines(error: StudyError) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for p in error.problems:
        out.setdefault(p.line, []).append(str(p))
    return out


def test_every_problem_of_the_format_is_reported_with_its_line() -> None:
    with pytest.raises(StudyError) as e:
        loads_study(BAD, "bad.toml")
    lines = _lines(e.value)
    assert "unknown language 'xx'" in " ".join(lines[4])
    assert "unknown key 'colour'" in " ".join(lines[5])
    assert "English text (en) is required" in " ".join(lines[13])
    assert "also an accepted answer" in " ".join(lines[20])
    assert "feedback: missing" in " ".join(lines[19])
    assert all(str(p).startswith(f"bad.toml:{p.line}: ") for p in e.value.problems)


def test_every_problem_of_the_positions_and_answers_is_reported_with_its_line() -> None:
    text = BAD.replace('{ it = "solo italiano" }', '{ en = "two" }').replace(', xx = "?"', "").replace(
        'colour = "red"', "").replace(
        'answer = "H3@HO45"', 'answer = "R4@HO46"\nfeedback = { en = "no" }')
    with pytest.raises(StudyError) as e:
        loads_play(KNIZIA, text, "bad.toml")
    lines = _lines(e.value)
    assert "of the 1998 edition, the study of the 2015 edition" in " ".join(lines[8])
    assert "'HO99'" in " ".join(lines[10])
    assert any("'H3@HO45' is not legal" in t for t in lines[17]) and any("'zz'" in t for t in lines[17])
    assert "move 2 'H2@HO46'" in " ".join(lines[24])


def test_a_toml_syntax_error_has_its_line() -> None:
    with pytest.raises(StudyError) as e:
        loads_study('study = 1\ntitle = { en = "x" }\n[[step]\n', "syntax.toml")
    assert e.value.problems[0].line == 3


def test_a_study_of_another_game_says_so() -> None:
    text = (STUDIES / "katana-the-challenge.toml").read_text(encoding="utf-8")
    with pytest.raises(StudyError) as e:
        loads_play(KNIZIA, text, "katana.toml")
    (problem,) = e.value.problems
    assert "this study is for Samurai of rulebook 003 (Katana), not for Reiner Knizia's Samurai" in str(problem)
    assert problem.line == 2
    with pytest.raises(StudyError, match="rulebook 004"):
        loads_play(KATANA, (STUDIES / "ikizumari-announcing-a-distance.toml").read_text(encoding="utf-8"))


def test_check_passes_the_shipped_studies_and_lists_a_bad_one(tmp_path: Path) -> None:
    out = io.StringIO()
    assert check_paths([STUDIES], out=out) == 0
    assert f"{len(SHIPPED)} study files: {len(SHIPPED)} ok" in out.getvalue()
    (tmp_path / "bad.toml").write_text(BAD, encoding="utf-8")
    out = io.StringIO()
    assert check_paths([tmp_path], out=out) == 2
    assert "bad.toml:5: colour: unknown key" in out.getvalue()


def test_problems_are_told_in_the_page_language() -> None:
    from samurai_lab.i18n import use_language

    with use_language("fr"), pytest.raises(StudyError) as e:
        loads_study(BAD, "bad.toml")
    assert "bad.toml:5: colour: clé inconnue 'colour'" in str(e.value)
    assert "bad.toml:13: étape 2: text: le texte anglais (en) est obligatoire" in str(e.value)
    with use_language("it"), pytest.raises(StudyError, match="questo studio è per Samurai del regolamento 003"):
        loads_play(KNIZIA, (STUDIES / "katana-the-challenge.toml").read_text(encoding="utf-8"))
