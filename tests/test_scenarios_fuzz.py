"""Fuzzing the loader: mutated valid files and random text give a Scenario or a ScenarioError, never
anything else; what loads can be walked and checked without an exception."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from samurai_lab.knizia.scenarios import Scenario, ScenarioError, loads_scenario
from samurai_lab.knizia.scenarios.check import check_scenario
from samurai_lab.knizia.scenarios.position import parse_position
from samurai_lab.knizia.scenarios.records import parse_record

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"
TEXTS = [p.read_text(encoding="utf-8") for p in sorted(FOLDER.glob("*.toml"))]
VALUES = ['""', '"HB"', '"HHH"', '"Blue H4"', '"Red W1"', "0", "-1", "99999999999999999999", "true", "[]", "{}",
          '["H3", "X"]', '{ H = 1 }', '{ H = -1 }', '"end"', '"pass"', '"X HO07:H HO12:B"', '"M HO05>HO20"',
          '"nobody"', '"Edo"', '"HO99"', '"KY01"', '"SEA20"', '"game_over"', '"place_pieces"', '"choose_hands"',
          '"2015"', '"end_of_turn"', '"forbidden"', '"stop_at_once"', "1.5", '"\\u0000"', "[[1]]", '"Blue takes H at HO12"']
settings_fuzz = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def outcome(text: str) -> Scenario | None:
    """Load; a Scenario (then walked and checked) or None for a ScenarioError. Anything else fails the test."""
    try:
        sc = loads_scenario(text, "fuzz.toml")
    except ScenarioError as e:
        assert e.problems and all(p.message for p in e.problems)
        return None
    assert isinstance(sc, Scenario)
    for result in check_scenario(sc):
        assert all(isinstance(f, str) for f in result.failures)
    for v in sc.runs:
        for played in sc.walk(v):
            sc.describe(played.expect)
    return sc


@st.composite
def mutated(draw) -> str:
    lines = draw(st.sampled_from(TEXTS)).splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        k = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "value", "swap", "junk", "truncate"]))
        if kind == "delete":
            del lines[k]
        elif kind == "duplicate":
            lines.insert(k, lines[k])
        elif kind == "value" and "=" in lines[k]:
            key = lines[k].split("=", 1)[0]
            lines[k] = f"{key}= {draw(st.sampled_from(VALUES))}"
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[k], lines[j] = lines[j], lines[k]
        elif kind == "junk":
            lines.insert(k, draw(st.text(max_size=30)))
        elif kind == "truncate":
            lines[k] = lines[k][: draw(st.integers(0, len(lines[k])))]
    return "\n".join(lines)


@settings_fuzz
@given(mutated())
def test_mutated_files_load_or_raise_scenario_error(text: str) -> None:
    outcome(text)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_random_text_raises_scenario_error(text: str) -> None:
    assert outcome(text) is None


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["title", "players", "pieces", "tiles", "turn", "step", "rules", "phase",
                                        "fill", "seed", "set_aside", "expect", "variant", "focus"]),
                       st.recursive(st.one_of(st.integers(-5, 40), st.booleans(), st.text(max_size=8),
                                              st.sampled_from(["HB", "Red", "HO47", "H3@HO46", "Blue H4", "4"])),
                                    lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                                    max_leaves=12)))
def test_random_structures_load_or_raise_scenario_error(data: dict) -> None:
    from samurai_lab.knizia.scenarios.save import toml_text

    try:
        text = toml_text(data)
    except TypeError:
        return
    outcome(text)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_random_position_strings_and_records_raise_scenario_error(text: str) -> None:
    for reader in (parse_position, parse_record):
        try:
            reader(text)
        except ScenarioError as e:
            assert e.problems
