"""Hover and tooltip texts."""

from __future__ import annotations

from samurai_lab import EDITION_1998, EDITION_2015, PlaceTile, new_game
from samurai_lab.knizia.render.describe import hover_text, tallies_text, tile_name
from samurai_lab.knizia.core.tiles import tile
from samurai_lab.knizia.teaching.words import capitalised, hex_words


def _random_start(ruleset=EDITION_1998, n: int = 2):
    return new_game(n, ruleset.with_options(setup="random", hands="random"), seed=5)


def _play_next_to(state, settlement: int):
    """The state after the current player lays his first land tile with a value next to ``settlement``."""
    board = state.board
    for action in state.legal_actions():
        if (isinstance(action, PlaceTile) and action.tile.value
                and board.resolve(action.hex) in board.land_neighbours[settlement]):
            return state.apply(action), action
    raise AssertionError("no tile can be laid next to the settlement")


def test_off_the_map_is_empty() -> None:
    assert hover_text(new_game(2), None) == ""


def test_sea_and_land_hexes_are_places_in_words() -> None:
    state = new_game(2)
    sea, land = state.board.sea[0], state.board.land[0]
    text = hover_text(state, sea)
    assert text.startswith("The sea ") and "ships only" in text and state.board.ids[sea] not in text
    assert hover_text(state, land) == f"{capitalised(hex_words(state, land))} · empty"
    assert hover_text(state, land, coords=True) == f"{capitalised(hex_words(state, land))} ({state.board.ids[land]}) · empty"


def test_a_tile_names_its_owner_and_figure() -> None:
    state = _random_start()
    kyoto = state.board.resolve("Kyoto")
    after, action = _play_next_to(state, kyoto)
    text = hover_text(after, after.board.resolve(action.hex))
    assert f"{after.seats[0].name}'s {tile_name(after, action.tile)}" in text


def test_a_settlement_shows_pieces_and_tallies() -> None:
    state = _random_start()
    kyoto = state.board.resolve("Kyoto")
    before = hover_text(state, kyoto)
    assert before.startswith("Kyoto · city (holds 2)")
    assert hover_text(state, kyoto, coords=True).startswith("Kyoto (HO35) · city (holds 2)")
    vocab = state.ruleset.vocabulary
    for c in state.pieces[kyoto]:
        assert vocab.caste(c) in before
    empty = len(state.board.land_neighbours[kyoto])
    assert "no influence yet" in before and f"{empty} empty land hexes around" in before
    after, action = _play_next_to(state, kyoto)
    text = hover_text(after, kyoto)
    counted = [c for c in after.pieces[kyoto] if action.tile.counts_for(c)]
    assert counted, "the position is chosen so that the tile counts"
    green = after.seats[0].name
    assert f"{vocab.caste(counted[0])}: {green} {action.tile.value} → {green}" in text
    assert f"{empty - 1} empty land hexes around" in tallies_text(after, kyoto)


def test_empty_settlement_and_edition_words() -> None:
    state = new_game(3, EDITION_2015)
    village = state.board.villages[0]
    assert hover_text(state, village) == f"{capitalised(hex_words(state, village))} (holds 1) · empty"
    edo = hover_text(state, state.board.edo)
    assert "Castle" in edo and "Buddha" in edo and "Rice" in edo
    assert tile_name(state, tile("W2")) == "Ship 2 (fast)"
    assert tile_name(new_game(2), tile("H4")) == "High Helmet 4"
    assert tile_name(new_game(2), tile("M")) == "token exchange"  # its 0 is no strength
