"""Each player's 20 tiles, and rulesets: presets, validation, rulings R1-R4, vocabulary per edition."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from samurai_lab import CASTES, EDITION_1998, EDITION_2015, PRESETS, RULINGS, TILE_SET, Caste, Figure, Ruleset, tile
from samurai_lab.knizia.core.ruleset import VOCABULARY
from samurai_lab.knizia.core.tiles import HAND_SIZE, TILE_KINDS, sort_tiles

H, B, R = CASTES


def test_twenty_tiles_per_player():
    assert len(TILE_SET) == 20
    assert Counter(t.code for t in TILE_SET) == {
        "H2": 1, "H3": 1, "H4": 1, "B2": 1, "B3": 1, "B4": 1, "R2": 1, "R3": 1, "R4": 1,
        "S1": 2, "S2": 2, "S3": 1, "N1": 1, "W1": 2, "W2": 1, "X": 1, "M": 1,
    }
    assert HAND_SIZE == 5


def test_tile_values():
    values = {t.code: t.value for t in TILE_KINDS}
    assert values == {"H2": 2, "H3": 3, "H4": 4, "B2": 2, "B3": 3, "B4": 4, "R2": 2, "R3": 3, "R4": 4,
                      "S1": 1, "S2": 2, "S3": 3, "N1": 1, "W1": 1, "W2": 2, "X": None, "M": 0}
    assert tile("M").strength == 0 and tile("X").strength == 0
    assert max(t.strength for t in TILE_SET) == 4


def test_the_five_fast_tiles():
    fast = sorted(t.code for t in TILE_SET if t.fast)
    assert fast == ["N1", "W1", "W1", "W2", "X"]
    assert {t.figure for t in TILE_SET if t.fast} == {Figure.RONIN, Figure.SHIP, Figure.SWAP}
    assert not tile("M").fast


def test_only_ships_go_on_sea():
    assert {t.code for t in TILE_KINDS if t.placement == "sea"} == {"W1", "W2"}
    assert all(t.on_sea == (t.figure is Figure.SHIP) for t in TILE_KINDS)
    assert tile("X").placement == "none"
    assert tile("M").placement == "land"


@pytest.mark.parametrize("code, counts", [
    ("H3", (True, False, False)), ("B4", (False, True, False)), ("R2", (False, False, True)),
    ("S1", (True, True, True)), ("N1", (True, True, True)), ("W2", (True, True, True)),
    ("M", (False, False, False)), ("X", (False, False, False)),
])
def test_counts_for(code, counts):
    t = tile(code)
    assert tuple(t.counts_for(c) for c in CASTES) == counts
    assert t.per_caste == tuple(t.strength if k else 0 for k in counts)


def test_caste_tiles_know_their_caste():
    assert tile("H2").caste is H and tile("B3").caste is B and tile("R4").caste is R
    assert tile("S2").caste is None and tile("S2").is_wild
    assert not tile("M").is_wild


def test_tile_lookup():
    assert tile(" h4 ") is tile("H4")
    with pytest.raises(ValueError, match="unknown tile 'Q9'; tiles are H2, H3"):
        tile("Q9")
    assert sort_tiles([tile("X"), tile("H2"), tile("S1")]) == (tile("H2"), tile("S1"), tile("X"))


# --- rulesets ---------------------------------------------------------------

def test_presets():
    assert PRESETS == {"1998": EDITION_1998, "2015": EDITION_2015}
    assert EDITION_1998.capture_timing == "instant" and EDITION_1998.instant_end == "finish_turn"
    assert EDITION_2015.capture_timing == "end_of_turn"
    assert EDITION_1998.edition == "1998" and EDITION_2015.edition == "2015"
    for preset in PRESETS.values():
        assert preset.no_legal_play == "pass"
        assert preset.swap_into_surrounded == "allowed"
        assert preset.setup == "chosen" and preset.hands == "chosen"
        assert preset.captures_visible == "by_player_count"
    assert EDITION_1998.differences_from(EDITION_2015) == {
        "edition": ("1998", "2015"), "capture_timing": ("instant", "end_of_turn")}


@pytest.mark.parametrize("field, bad, listed", [
    ("capture_timing", "sometimes", "instant, end_of_turn"),
    ("instant_end", "never", "finish_turn, stop_at_once"),
    ("swap_into_surrounded", "maybe", "allowed, forbidden"),
    ("no_legal_play", "draw", "pass"),
    ("edition", "2001", "1998, 2015"),
    ("setup", "fixed", "chosen, random"),
    ("hands", "dealt", "chosen, random"),
    ("captures_visible", "shown", "by_player_count, open, hidden"),
])
def test_invalid_option_values_are_rejected_with_the_valid_ones_listed(field, bad, listed):
    with pytest.raises(ValueError, match=f"{field} must be one of {listed} \\(not '{bad}'\\)"):
        EDITION_1998.with_options(**{field: bad})
    with pytest.raises(ValueError, match="invalid ruleset"):
        Ruleset(**{field: bad})


def test_every_invalid_field_is_named_at_once():
    with pytest.raises(ValueError) as e:
        Ruleset(capture_timing="x", setup="y")
    assert "capture_timing must be one of" in str(e.value) and "setup must be one of" in str(e.value)


def test_with_options_keeps_the_rest():
    r = EDITION_2015.with_options(setup="random", hands="random")
    assert (r.setup, r.hands, r.capture_timing, r.edition) == ("random", "random", "end_of_turn", "2015")
    assert EDITION_2015.setup == "chosen"  # presets are frozen values
    with pytest.raises(dataclasses.FrozenInstanceError):
        EDITION_2015.setup = "random"  # type: ignore[misc]


def test_rulings_r1_to_r4_explain_every_choice():
    assert [r.id for r in RULINGS] == ["R1", "R2", "R3", "R4"]
    fields = {f.name for f in dataclasses.fields(Ruleset)}
    assert [r.field for r in RULINGS] == ["no_legal_play", "capture_timing", "swap_into_surrounded", "instant_end"]
    expected_values = {"R1": {"pass"}, "R2": {"instant", "end_of_turn"}, "R3": {"allowed", "forbidden"},
                       "R4": {"finish_turn", "stop_at_once"}}
    for r in RULINGS:
        assert r.field in fields and r.title
        assert {v for v, _ in r.choices} == expected_values[r.id]
        for value, text in r.choices:
            assert len(text) > 20 and r.explain(value) == text
    shown = EDITION_2015.rulings()
    assert [(r.id, v) for r, v, _ in shown] == [("R1", "pass"), ("R2", "end_of_turn"), ("R3", "allowed"),
                                                ("R4", "finish_turn")]
    assert "after the turn's last tile" in shown[1][2]


def test_captures_open_by_player_count_or_as_chosen():
    assert EDITION_1998.captures_open(2) and not EDITION_1998.captures_open(3)
    assert not EDITION_1998.captures_open(4)
    assert EDITION_1998.with_options(captures_visible="open").captures_open(4)
    assert not EDITION_1998.with_options(captures_visible="hidden").captures_open(2)


@pytest.mark.parametrize(("ruleset", "castes", "words", "figures", "colours"), [
    (EDITION_1998, ["High Helmet", "Buddha", "Rice field"],
     ("token", "figure exchange", "token exchange", "Japanese character"),
     {Figure.HELMET: "High Helmet", Figure.MOVE: "token exchange"}, ("green", "yellow", "blue", "red")),
    (EDITION_2015, ["Castle", "Buddha", "Rice"], ("tile", "swap tile", "move tile", "quick icon"),
     {Figure.SWAP: "swap tile", Figure.SHIP: "Ship"}, ("gold", "red", "green", "purple")),
], ids=["1998", "2015"])
def test_vocabulary(ruleset, castes, words, figures, colours):
    """``words``: the tile, the swap tile, the move tile and the fast mark."""
    v = ruleset.vocabulary
    assert [v.caste(c) for c in CASTES] == castes
    assert (v.tile, v.swap, v.move, v.fast) == words
    assert {f: v.figure(f) for f in figures} == figures
    assert v.colours == colours


def test_two_vocabularies_and_castes_by_letter():
    assert set(VOCABULARY) == {"1998", "2015"}
    assert Caste("H") is H
