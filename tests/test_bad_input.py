"""Every input is either played or refused in words: action objects built from any field values
(text, numbers, None, real tiles, castes, hex ids, anything) and any text, applied to positions of
every kind (both setup phases, mid-game, mid-turn, game over, players' views), are applied or refused
with a ValueError (IllegalMoveError is one), never another exception; and each refusal reads well."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from samurai_lab import (CASTES, EDITION_1998, EDITION_2015, TILE_KINDS, EndTurn, GameState, IllegalMoveError,
                         MoveTile, Pass, Phase, PickTile, PlacePiece, PlaceTile, Swap, new_game, parse_action,
                         why_illegal)
from samurai_lab.knizia.core.board import MAP_IDS, MAP_NAMES
from samurai_lab.knizia.core.playout import BEGINNER_RULES, play_random_game, random_action

FIELDS = {PlacePiece: 2, PickTile: 1, PlaceTile: 2, Swap: 4, MoveTile: 2, EndTurn: 0, Pass: 0}
HEX_IDS = sorted(MAP_IDS)
NAMES = sorted(MAP_NAMES)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _positions() -> list[GameState]:
    """Positions of every kind: both setup phases, early and late play, mid-turn, game over, and views."""
    out: list[GameState] = []
    chosen = [EDITION_1998, EDITION_2015.with_options(swap_into_surrounded="forbidden"),
              EDITION_1998.with_options(setup="random"), BEGINNER_RULES]
    for k, rules in enumerate(chosen):
        n = 2 + k % 3
        _, actions = play_random_game(n, rules, seed=k)
        state = new_game(n, rules, seed=k)
        for step, action in enumerate(actions):
            if step % 23 == 0 or state.played_this_turn == 1 and step % 5 == 0:
                out.append(state)
            state = state.apply(action)
        out.append(state)  # game over
    out += [s.view(p) for s in out[::7] for p in range(s.n_players)]
    return out


POSITIONS = _positions()


def test_the_positions_cover_every_kind_of_step() -> None:
    phases = {s.phase for s in POSITIONS}
    assert phases == set(Phase)
    assert any(s.viewer is not None and s.hands[s.current] is None for s in POSITIONS), "a view of another's turn"
    assert any(s.played_this_turn > 0 for s in POSITIONS)


values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 300), st.floats(allow_nan=True), st.text(max_size=8),
    st.binary(max_size=3), st.sampled_from(TILE_KINDS), st.sampled_from(CASTES),
    st.sampled_from([t.code for t in TILE_KINDS] + [t.code.lower() for t in TILE_KINDS] + [" h4 ", "Z9", "S0"]),
    st.sampled_from(["H", "b", "r", "Buddha", "castle", "Rice field", "Q", "HB", ""]),
    st.sampled_from(HEX_IDS), st.sampled_from(HEX_IDS).map(str.lower), st.sampled_from(NAMES).map(str.title),
    st.sampled_from(["Edo", "Kyoto", "kioto", "HO99", "SEA", "ZZ1"]),
    st.lists(st.integers(), max_size=2), st.tuples(st.text(max_size=2)), st.builds(object),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1), st.sampled_from([EndTurn(), Pass(), Phase.PLAY]),
)
constructions = st.sampled_from(sorted(FIELDS, key=lambda c: c.__name__)).flatmap(
    lambda cls: st.tuples(st.just(cls), st.lists(values, min_size=FIELDS[cls], max_size=FIELDS[cls])))
codes = st.sampled_from([t.code for t in TILE_KINDS] + ["Z9", "h2"])
hexes = st.one_of(st.sampled_from(HEX_IDS), st.sampled_from(["Edo", "kyoto", "HO99", "x"]))
notations = st.one_of(
    st.text(max_size=30),
    st.builds("{}@{}".format, codes, hexes),
    st.builds("X {}:{} {}:{}".format, hexes, st.sampled_from("HBRQ"), hexes, st.sampled_from("HBR")),
    st.builds("M {}>{}".format, hexes, hexes),
    st.builds("piece {}@{}".format, st.sampled_from("HBRx"), hexes),
    st.builds("pick {}".format, codes),
    st.sampled_from(["end", "pass", "END", " pass ", "H4 to HO05", "@", "X", "M >"]),
)


def outcome(state: GameState, action: object) -> GameState | ValueError:
    """The state after ``action``, or the ValueError that refused it (any other exception fails the test)."""
    try:
        return state.apply(action)  # type: ignore[arg-type]
    except ValueError as e:
        return e


def check_message(e: ValueError) -> None:
    text = str(e)
    assert text and "unknown action" not in text and "Traceback" not in text
    assert not re.search(r"\ba [AEIOUaeiou]\w", text), f"'a' before a vowel: {text}"
    assert not re.search(r"\ban (?![AEIOUaeiou])\w", text), f"'an' before a consonant: {text}"
    assert not re.search(r"\ba [A-Z]\d\b", text), f"a tile named by its code: {text}"


def check(state: GameState, action: object) -> None:
    """``action`` is applied or refused in words, and the legality checks agree with ``apply``."""
    result = outcome(state, action)
    reason = why_illegal(state, action)  # type: ignore[arg-type]
    assert state.is_legal(action) is (reason is None)  # type: ignore[arg-type]
    if isinstance(result, ValueError):
        check_message(result)
        assert reason is not None, f"{action!r} refused by apply ({result}) but legal by why_illegal"
    else:
        assert isinstance(result, GameState) and reason is None


@SETTINGS
@given(st.sampled_from(POSITIONS), constructions)
def test_actions_built_from_any_values_are_applied_or_refused_in_words(state: GameState, spec) -> None:
    cls, args = spec
    try:
        action = cls(*args)
    except ValueError as e:  # malformed: refused when built
        assert isinstance(e, IllegalMoveError)
        check_message(e)
        assert cls.__name__ in str(e)
        return
    check(state, action)
    assert parse_action(str(action)) == action, "a built action is written in the notation"


@SETTINGS
@given(st.sampled_from(POSITIONS), notations)
def test_any_text_is_applied_or_refused_in_words(state: GameState, text: str) -> None:
    check(state, text)


@SETTINGS
@given(st.sampled_from(POSITIONS), values)
def test_anything_else_is_refused_as_not_an_action(state: GameState, value: object) -> None:
    if isinstance(value, (str, EndTurn, Pass)):
        return
    check(state, value)
    assert isinstance(outcome(state, value), IllegalMoveError)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), st.data())
def test_legal_actions_written_with_plain_text_are_played(state: GameState, data) -> None:
    legal = state.legal_actions()
    if not legal:
        return
    action = data.draw(st.sampled_from(legal))
    fields = [getattr(action, f) for f in action.__slots__]
    plain = [f.code if hasattr(f, "code") else (f.value if f in CASTES else f.lower()) for f in fields]
    again = type(action)(*plain)
    assert again == action
    assert str(action) and state.apply(str(action)) == state.apply(again) == state.apply(action)


@pytest.mark.parametrize("state", POSITIONS[::5], ids=lambda s: f"{s.phase.value}-{s.viewer}")
def test_a_random_action_is_legal_or_refused_in_words(state: GameState) -> None:
    try:
        action = random_action(state, random.Random(1))
    except ValueError as e:
        check_message(e)
        assert state.is_over or state.hands[state.current] is None or not state.legal_actions()
        return
    assert state.is_legal(action)


def test_the_brief_examples() -> None:
    """The inputs a new user tries first."""
    assert PlaceTile("H2", "HO02") == PlaceTile(TILE_KINDS[0], "HO02")
    assert PlaceTile("H2", "HO02").tile is TILE_KINDS[0], "the shared tile object"
    assert Swap("HO42", "H", "Kyoto", "B") == parse_action("X HO35:B HO42:H")
    assert PlacePiece("H", "Kyoto") == parse_action("piece H@HO35")
    assert PickTile("S3") == parse_action("pick S3")
    with pytest.raises(IllegalMoveError, match=r"PlaceTile\(None, 'HO02'\): a tile is written by its code, not None; "
                                               r"write a tile code such as 'H4'"):
        PlaceTile(None, "HO02")
    with pytest.raises(IllegalMoveError, match=r"there is no hex 'Kioto' on the map \(did you mean Kyoto\?\)"):
        PlacePiece("H", "Kioto")
    with pytest.raises(IllegalMoveError, match="'Q' is not a caste; write H"):
        Swap("HO42", "Q", "Kyoto", "B")
    over, _ = play_random_game(2, BEGINNER_RULES, seed=3)
    with pytest.raises(IllegalMoveError, match=r"H2@HO02: the game is over: .+; \w+ won \(|share the victory"):
        over.apply("H2@HO02")
    with pytest.raises(ValueError, match="no action can be chosen: the game is over: "):
        random_action(over, random.Random(0))
