"""The rulebook studies (``studies/rulebook/``): they play as the scenario files they are written from, under
every variant, and their optional keys (expectations, refused moves, sources, variants) are read, written
back and checked against the engine, every problem on its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from samurai_lab.common.study_format import StudyError, dumps_study, load_study, loads_study
from samurai_lab.knizia.scenarios.catalogue import catalogue as scenario_catalogue
from samurai_lab.knizia.scenarios.catalogue import load
from samurai_lab.common.game import get_game
from samurai_lab.common.study_model import loads_play
from samurai_lab.knizia.teaching.rulebook_examples import RULEBOOK_DIR, catalogue, load_example

E1 = RULEBOOK_DIR / "e1.toml"


@pytest.mark.parametrize("entry", scenario_catalogue(), ids=lambda e: e.key)
def test_each_rulebook_study_plays_as_its_scenario_under_every_variant(entry) -> None:
    sc = load(entry.path)
    example = load_example(entry.key)
    assert list(example.variants) == [v.name for v in sc.runs]
    assert [(s.seed, s.language) for s in example.sources] == [(s.seed, s.language) for s in sc.sources]
    for variant in sc.runs:
        walked, played = sc.walk(variant), example.walk(variant.name)
        assert played[0].after == variant.state
        assert [p.after for p in played[1:]] == [p.after for p in walked], (entry.key, variant.name)
        assert [p.error for p in played[1:]] == [p.error for p in walked], (entry.key, variant.name)
        assert [p.resolutions for p in played[1:]] == [p.resolutions for p in walked]
        expected = {k: e for k, e in example.expectations(variant.name).items()}
        steps = {p.step.number + 1: p.expect for p in walked if p.expect is not None}
        assert set(steps) <= set(expected), (entry.key, variant.name)
        if variant.expect is not None:
            assert len(played) in expected


def test_the_list_is_grouped_by_edition() -> None:
    groups = {e.key: e.group for e in catalogue()}
    assert groups["E1"] == "1998" and groups["E8"] == "2015" and groups["R2"] == "rulings"


def test_optional_keys_round_trip() -> None:
    for path in (RULEBOOK_DIR / "r4.toml", RULEBOOK_DIR / "e5.toml"):
        study = load_study(path)
        assert loads_study(dumps_study(study)) == study
    r4 = load_study(RULEBOOK_DIR / "r4.toml")
    assert r4.variants[0].name == "stop_at_once" and r4.variants[0].position.startswith("1998+R4s ")
    e5 = load_study(RULEBOOK_DIR / "e5.toml")
    assert [s.language for s in e5.sources] == ["it", "ru"] and e5.steps[1].refused == "M HO34>HO40"


def _problems(text: str) -> str:
    with pytest.raises(StudyError) as e:
        loads_play(get_game("knizia"), text, "e1.toml")
    return str(e.value)


def test_an_expectation_the_engine_contradicts_is_reported_on_its_line() -> None:
    text = E1.read_text(encoding="utf-8")
    wrong = text.replace("Blue takes H at HO47 (Blue 3, Red 2)", "Red takes H at HO47 (Blue 3, Red 2)")
    assert wrong != text
    line = next(n for n, row in enumerate(wrong.splitlines(), start=1) if "Red takes H at HO47" in row)
    out = _problems(wrong)
    assert f"e1.toml:{line}: step 2: expect: the rules engine differs" in out


def test_unreadable_expectations_refusals_and_variants_are_reported() -> None:
    text = E1.read_text(encoding="utf-8")
    out = _problems(text.replace('expect = { captures', 'expect = { capturez', 1))
    assert "unknown key 'capturez'" in out
    out = _problems(text.replace('play = ["H3@HO46"]', 'refused = "H3@HO46"', 1))
    assert "'H3@HO46' is legal in this step's position" in out
    out = _problems(text + '\n[[variant]]\nname = "x"\nposition = "2015 Red,Blue"\n')
    assert "variant.1.position" in out


def test_samurai_lab_check_passes_the_rulebook_studies() -> None:
    from samurai_lab.tools.check_studies import check_study_file

    results = [check_study_file(p) for p in sorted(Path(RULEBOOK_DIR).glob("*.toml"))]
    assert len(results) == 14 and all(ok for ok, _ in results), results
