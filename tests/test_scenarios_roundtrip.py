"""Saving: any full state written as a scenario file loads back equal (setup phases and mid-turn
included); the TOML text written (tomli-w) round-trips through tomllib; the example files round-trip too."""

from __future__ import annotations

from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samurai_lab import EDITION_1998, EDITION_2015, Seat, new_game
from samurai_lab.knizia.core.playout import play_random_game
from samurai_lab.knizia.scenarios import load_scenario, loads_scenario, save_scenario, state_problems
from samurai_lab.knizia.scenarios.save import toml_text
from samurai_lab.knizia.core.model import Phase

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"


@st.composite
def game_states(draw):
    """A state from a random game: any phase, often mid-turn, under random rule options."""
    n = draw(st.sampled_from([2, 3, 4]))
    base = draw(st.sampled_from([EDITION_1998, EDITION_2015]))
    rules = base.with_options(
        setup=draw(st.sampled_from(["chosen", "random"])), hands=draw(st.sampled_from(["chosen", "random"])),
        instant_end=draw(st.sampled_from(["finish_turn", "stop_at_once"])),
        swap_into_surrounded=draw(st.sampled_from(["allowed", "forbidden"])),
        captures_visible=draw(st.sampled_from(["by_player_count", "open", "hidden"])))
    seed = draw(st.integers(0, 10_000))
    _, actions = play_random_game(n, rules, seed)
    cut = draw(st.integers(0, len(actions)))
    state = new_game(n, rules, seed)
    for a in actions[:cut]:
        state = state.apply(a)
    return state


@settings(max_examples=60, deadline=None)
@given(game_states())
def test_save_then_load_gives_the_same_state(state) -> None:
    assert state_problems(state) == []
    text = save_scenario(state, title="round trip")
    assert loads_scenario(text, "saved.toml").state == state


def test_round_trip_covers_every_phase_and_mid_turn() -> None:
    seen = set()
    for seed in range(6):
        rules = EDITION_2015.with_options(setup="chosen", hands="chosen") if seed % 2 else EDITION_1998
        _, actions = play_random_game(2 + seed % 3, rules, seed)
        state = new_game(2 + seed % 3, rules, seed)
        for k, a in enumerate(actions):
            if k % 7 == 0 or k == len(actions) - 1:
                seen.add((state.phase, state.played_this_turn > 0))
                assert loads_scenario(save_scenario(state)).state == state
            state = state.apply(a)
        assert loads_scenario(save_scenario(state)).state == state
        seen.add((state.phase, state.played_this_turn > 0))
    assert {Phase.PLACE_PIECES, Phase.CHOOSE_HANDS, Phase.PLAY, Phase.GAME_OVER} <= {p for p, _ in seen}
    assert (Phase.PLAY, True) in seen


def test_save_writes_a_file_and_keeps_names_and_colours(tmp_path: Path) -> None:
    seats = (Seat("Ann Lee", "gold"), Seat("Bo", "purple"))
    state = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 4, seats)
    path = tmp_path / "s.toml"
    text = save_scenario(state, path, title='Ann "and" Bo', description="two\nlines")
    assert path.read_text(encoding="utf-8") == text
    sc = load_scenario(path)
    assert sc.state == state and sc.title == 'Ann "and" Bo' and sc.description == "two\nlines"


def test_save_refuses_a_players_view() -> None:
    state = new_game(3, EDITION_1998.with_options(setup="random", hands="random"), 1)
    with pytest.raises(ValueError, match="view"):
        save_scenario(state.view(0))


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.toml")), ids=lambda p: p.stem)
def test_example_positions_round_trip(path: Path) -> None:
    sc = load_scenario(path)
    for state in sc.states:
        assert loads_scenario(save_scenario(state, title=sc.title)).state == state


keys = st.text(min_size=1, max_size=6)
scalars = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.text(max_size=20))


def _as_read(value):
    """What reading the written text gives: text of several lines is written as a multi-line string,
    whose line breaks are plain newlines (CRLF becomes LF)."""
    if isinstance(value, str):
        return value.replace("\r\n", "\n") if "\n" in value else value
    if isinstance(value, dict):
        return {k: _as_read(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_read(v) for v in value]
    return value


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(keys, st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(st.one_of(scalars, st.dictionaries(keys, scalars, max_size=3)), max_size=4),
                            st.dictionaries(keys, inner, max_size=3),
                            st.lists(st.dictionaries(keys, scalars, min_size=1, max_size=3), min_size=1, max_size=2)),
    max_leaves=10), max_size=5))
def test_toml_writer_round_trips(data: dict) -> None:
    assert tomllib.loads(toml_text(data)) == _as_read(data)


def test_saved_files_stay_compact() -> None:
    """Hands, piles and captures are one line each; text of several lines stays readable."""
    seats = (Seat("Ann", "gold"), Seat("Bo", "purple"))
    state = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), 4, seats)
    text = save_scenario(state, title="t", description="first line\nsecond line")
    assert 'description = """\nfirst line\nsecond line"""' in text
    assert f'hand = "{" ".join(t.code for t in state.hands[0])}"' in text
    assert len(text.splitlines()) < 60
