"""The scenario explorer's logic, driven through its handlers (widget callbacks never run headless).

Each test builds the app on a known position, calls the handlers a click or a
button would call, and checks the position, the board's highlights and the
panels' text against the core.
"""

from __future__ import annotations

import base64
import dataclasses
import html
import re
from pathlib import Path

import nbformat
import pytest

from samurai_lab import (EDITION_1998, EDITION_2015, RULINGS, Caste, MoveTile, Phase, PlaceTile, Swap, new_game,
                         parse_action, tile, why_illegal)
from samurai_lab.knizia.core.influence import preview
from samurai_lab.knizia.scenarios import loads_scenario, save_scenario
from samurai_lab.knizia.scenarios.position import position_string
from samurai_lab.knizia.core.model import placed
from samurai_lab.knizia.core.tiles import sort_tiles
from samurai_lab.knizia.widgets.explorer import EDIT_TAB, FILES_TAB, PLAYER, RULES_TAB, Explorer, midgame_state
from samurai_lab.knizia.teaching.words import capitalised, hex_words, resolution_words
from samurai_lab.knizia.widgets.hand_panel import tile_label
from samurai_lab.knizia.widgets.play_input import LEGAL, PREVIEW

REPO = Path(__file__).resolve().parents[1]
RANDOM_START = EDITION_1998.with_options(setup="random", hands="random")


def dealt(n: int = 2, ruleset=RANDOM_START, seed: int = 3):
    """A real game in its first turn (random pieces and hands)."""
    return new_game(n, ruleset.with_options(setup="random", hands="random"), seed)


def with_hand(state, codes: str, player: int = 0):
    hands = list(state.hands)
    hands[player] = sort_tiles(tile(c) for c in codes.split())
    return dataclasses.replace(state, hands=tuple(hands))


def closing_position():
    """Green (to play) holds H3; a village holding a High Helmet has one empty land hex left, the
    others filled with Yellow's move tiles (value 0)."""
    s = with_hand(dealt(), "H3 B2 S1 W1 M")
    b = s.board
    v = next(v for v in b.villages if len(b.land_neighbours[v]) >= 2)
    pieces = list(s.pieces)
    pieces[v] = (Caste.HELMET,)
    tiles = list(s.tiles)
    for o in b.land_neighbours[v][1:]:
        tiles[o] = placed(1, tile("M"))
    s = dataclasses.replace(s, pieces=tuple(pieces), tiles=tuple(tiles))
    return s, v, b.land_neighbours[v][0]


def hand_index(state, code: str) -> int:
    return [t.code for t in state.hand].index(code)


def legal_hexes(state, code: str) -> set[int]:
    return {state.board.index[a.hex] for a in state.legal_actions() if isinstance(a, PlaceTile) and a.tile.code == code}


# --- play mode --------------------------------------------------------------------

def test_choosing_a_tile_lights_up_exactly_its_legal_hexes():
    s = with_hand(dealt(), "H3 B2 S1 W1 M")
    app = Explorer(s)
    app.choose(hand_index(s, "W1"))
    assert set(app.board.highlights[LEGAL]) == legal_hexes(s, "W1")
    assert all(s.board.is_sea[i] for i in app.board.highlights[LEGAL])
    app.choose(hand_index(s, "H3"))
    assert set(app.board.highlights[LEGAL]) == legal_hexes(s, "H3")
    assert "samurai-hand" in app.hand.widget._dom_classes
    assert "High Helmet 3" in [b.description for b in app.hand.row.children]
    assert "1 token without the ⚡ Japanese character (not played yet)" in app.hand.allowance.value


def test_first_click_previews_second_click_places():
    s, v, gap = closing_position()
    app = Explorer(s)
    app.choose(hand_index(s, "H3"))
    app.click_hex(gap)
    assert len(app.history) == 1, "a first click only previews"
    assert app.board.highlights[PREVIEW] == (gap,)
    pv = preview(s, PlaceTile(tile("H3"), s.board.ids[gap]))
    expected = resolution_words(s, pv.resolutions[0])
    assert "Green takes the High Helmet" in expected
    assert expected in app.tally.text
    assert 'class="samurai-preview"' in app.tally.text
    assert not app.confirm_button.disabled

    app.click_hex(gap)
    after = app.state
    assert len(app.history) == 2
    assert after.tiles[gap] == placed(0, tile("H3"))
    assert after.captured[0] == (1, 0, 0)
    assert expected in app.feedback.text
    assert expected in app.captures.value
    assert app.board.state is after
    assert app.board.highlights.get(LEGAL, ()) == () and app.board.highlights.get(PREVIEW, ()) == ()


def test_confirm_button_plays_the_previewed_tile():
    s, v, gap = closing_position()
    app = Explorer(s)
    app.choose(hand_index(s, "H3"))
    app.click_hex(gap)
    app.confirm()
    assert app.state.tiles[gap] == placed(0, tile("H3"))


def test_one_click_mode_places_at_once():
    s = with_hand(dealt(), "H3 B2 S1 W1 M")
    app = Explorer(s)
    app.set_confirm(False)
    app.choose(hand_index(s, "B2"))
    target = min(legal_hexes(s, "B2"))
    app.click_hex(target)
    assert app.state.tiles[target] == placed(0, tile("B2"))
    assert app.state.normal_played


def test_a_second_click_elsewhere_moves_the_preview():
    s = with_hand(dealt(), "H3 B2 S1 W1 M")
    app = Explorer(s)
    app.choose(hand_index(s, "B2"))
    a, b = sorted(legal_hexes(s, "B2"))[:2]
    app.click_hex(a)
    app.click_hex(b)
    assert len(app.history) == 1
    assert app.board.highlights[PREVIEW] == (b,)
    assert f"Buddha 2 on {hex_words(s, b)}" in app.tally.text


@pytest.mark.parametrize("where", ["occupied", "sea"])
def test_an_illegal_click_says_which_rule_forbids_it(where):
    s, v, gap = closing_position()
    app = Explorer(s)
    app.choose(hand_index(s, "H3"))
    b = s.board
    target = {"occupied": b.land_neighbours[v][1], "sea": b.sea[0]}[where]
    app.click_hex(target)
    reason = why_illegal(s, PlaceTile(tile("H3"), b.ids[target]))
    assert reason
    assert app.feedback.kind == "error"
    # in words: the tile and the place, never the notation
    assert app.feedback.text.startswith(f"{tile_label(s, tile('H3'))} on {hex_words(s, target)} is not allowed: ")
    assert reason in app.feedback.text and "@" not in app.feedback.text and b.ids[target] not in app.feedback.text
    assert "samurai-message" in app.feedback.message._dom_classes
    assert len(app.history) == 1 and app.state is s


def test_a_settlement_clicked_with_a_tile_chosen_shows_its_tallies():
    s, v, gap = closing_position()
    app = Explorer(s)
    app.choose(hand_index(s, "H3"))
    app.click_hex(v)
    assert app.feedback.kind == "info"
    assert app.focus_settlement == v and app.board.selected == v
    assert f"The tallies of {hex_words(s, v)} are shown" in app.feedback.text
    assert app.input.selected_tile(s) == tile("H3")  # the tile stays chosen
    assert len(app.history) == 1


def test_show_coordinates_adds_hex_ids_to_the_words():
    s, v, gap = closing_position()
    app = Explorer(s)
    app.choose(hand_index(s, "H3"))
    app.click_hex(s.board.sea[0])
    assert s.board.ids[s.board.sea[0]] not in app.feedback.text
    app.set_coordinates(True)
    app.click_hex(s.board.sea[0])
    assert f"({s.board.ids[s.board.sea[0]]})" in app.feedback.text


def test_the_normal_tile_allowance_is_shown_and_enforced():
    s = with_hand(dealt(), "H3 B2 S1 W1 M")
    app = Explorer(s)
    app.set_confirm(False)
    app.choose(hand_index(s, "B2"))
    app.click_hex(min(legal_hexes(s, "B2")))
    assert "(already played)" in app.hand.allowance.value
    state = app.state
    app.choose(hand_index(state, "H3"))
    assert app.feedback.kind == "warning"
    assert "only one token without the Japanese character" in app.feedback.text
    assert app.board.highlights.get(LEGAL, ()) == ()
    assert "samurai-dim-normal" in app.hand.row._dom_classes
    groups = {b.description: b._dom_classes for b in app.hand.row.children}
    assert "samurai-group-normal" in groups["High Helmet 3"] and "samurai-group-fast" in groups["Ship 1 ⚡"]
    app.choose(hand_index(state, "W1"))
    assert set(app.board.highlights[LEGAL]) == legal_hexes(state, "W1")
    app.end_turn()
    assert "samurai-dim-normal" not in app.hand.row._dom_classes


def test_end_turn_and_pass_buttons_follow_the_rules():
    s = with_hand(dealt(), "H3 B2 S1 W1 M")
    app = Explorer(s, confirm=False)
    assert app.end_button.disabled and app.pass_button.disabled
    app.choose(hand_index(s, "W1"))
    app.click_hex(min(legal_hexes(s, "W1")))
    assert not app.end_button.disabled
    app.end_turn()
    assert app.state.current == 1 and app.state.turn == 2
    assert len(app.state.hands[0]) == 5, "the hand is refilled"
    assert "Yellow to play" in app.status.value


def test_swap_by_clicking_two_settlements_and_choosing_castes():
    s = with_hand(dealt(), "X H3 B2 S1 W1")
    app = Explorer(s)
    app.choose(hand_index(s, "X"))
    swaps = [a for a in s.legal_actions() if isinstance(a, Swap)]
    assert set(app.board.highlights[LEGAL]) == {s.board.index[h] for a in swaps for h in (a.hex_a, a.hex_b)}
    by_pair: dict = {}
    for a in swaps:
        by_pair.setdefault((a.hex_a, a.hex_b), []).append(a)
    (ha, hb), options = next((k, v) for k, v in by_pair.items() if len({o.caste_a for o in v}) > 1)
    a, b = s.board.index[ha], s.board.index[hb]
    app.click_hex(a)
    assert set(app.board.highlights[LEGAL]) == {s.board.index[x.hex_b if x.hex_a == ha else x.hex_a]
                                                for x in swaps if ha in (x.hex_a, x.hex_b)}
    app.click_hex(b)
    assert app.swap_box.layout.display == ""
    pending = app.input.sel.pending
    assert isinstance(pending, Swap) and pending in options
    chosen = next(o for o in options if o.caste_a is not pending.caste_a)
    app.choose_swap_caste(0, chosen.caste_a)
    app.choose_swap_caste(1, chosen.caste_b)
    assert app.input.sel.pending == chosen
    other = chosen.caste_a
    partner = b
    app.confirm()
    after = app.state
    assert other in after.pieces[partner]
    assert tile("X") not in after.hands[0] and after.discarded[0] == (tile("X"),)


def test_a_swap_that_would_put_two_alike_together_is_refused_with_the_rule():
    s = with_hand(dealt(), "X H3 B2 S1 W1")
    b = s.board
    pieces = list(s.pieces)
    city, village = b.cities[0], b.villages[0]
    pieces[city] = (Caste.HELMET, Caste.BUDDHA)
    pieces[village] = (Caste.HELMET,)
    s = dataclasses.replace(s, pieces=tuple(pieces))
    app = Explorer(s)
    app.choose(hand_index(s, "X"))
    app.click_hex(city)
    app.click_hex(village)
    app.choose_swap_caste(0, Caste.BUDDHA)
    assert app.feedback.kind == "error"
    assert "no settlement may hold two" in app.feedback.text
    assert app.input.sel.pending is None and len(app.history) == 1


def test_move_tile_lifts_an_own_tile_and_lays_it_elsewhere():
    s = with_hand(dealt(), "M H3 B2 S1 W1")
    b = s.board
    src = b.land[0]
    tiles = list(s.tiles)
    tiles[src] = placed(0, tile("H4"))
    tiles[b.land[1]] = placed(1, tile("H2"))
    s = dataclasses.replace(s, tiles=tuple(tiles))
    app = Explorer(s, confirm=False)
    app.choose(hand_index(s, "M"))
    assert app.board.highlights[LEGAL] == (src,)
    app.click_hex(b.land[1])
    assert app.feedback.kind == "error" and "only one of your own" in app.feedback.text
    app.click_hex(src)
    dest = b.land[5]
    assert dest in app.board.highlights[LEGAL]
    app.click_hex(dest)
    assert app.state.tiles[dest] == placed(0, tile("H4"))
    assert app.state.tiles[src] == placed(0, tile("M"))
    assert app.history.label == str(MoveTile(b.ids[src], b.ids[dest]))


def test_hover_previews_the_chosen_tile():
    s, v, gap = closing_position()
    app = Explorer(s)
    app.hover_hex(gap)
    assert "samurai-preview" not in app.tally.text, "nothing chosen, nothing previewed"
    app.choose(hand_index(s, "H3"))
    app.hover_hex(gap)
    assert "Green takes the High Helmet" in app.tally.text
    assert f"With High Helmet 3 on {hex_words(s, gap)}" in app.tally.text
    assert "Green" in app.tally.text and "surrounded" in app.tally.text
    app.hover_hex(v)
    assert "samurai-preview" not in app.tally.text
    assert len(app.history) == 1


def test_clicking_a_settlement_shows_its_tallies():
    s, v, gap = closing_position()
    tiles = list(s.tiles)
    tiles[gap] = None
    app = Explorer(s)
    app.click_hex(v)
    text = app.tally.text
    assert capitalised(hex_words(s, v)) in text and s.board.ids[v] not in text
    assert "1 empty land hex left around it" in text
    assert app.board.selected == v
    assert "samurai-tally" in app.tally.widget._dom_classes


# --- undo, redo, history ---------------------------------------------------------------

def test_undo_redo_and_the_history_slider():
    s = with_hand(dealt(), "H3 B2 S1 W1 M")
    app = Explorer(s, confirm=False)
    app.choose(hand_index(s, "W1"))
    app.click_hex(min(legal_hexes(s, "W1")))
    one = app.state
    app.choose(hand_index(one, "B2"))
    app.click_hex(min(legal_hexes(one, "B2")))
    two = app.state
    assert len(app.history) == 3 and app.history_bar.slider.max == 2
    app.undo()
    assert app.state is one and app.board.state is one
    assert not app.history_bar.redo_button.disabled
    app.redo()
    assert app.state is two
    app.goto(0)
    assert app.state is s and app.history_bar.slider.value == 0
    assert app.history_bar.undo_button.disabled
    app.history_bar.slider.value = 2  # the slider's own event
    assert app.state is two
    app.undo()
    app.choose(hand_index(one, "S1"))
    app.click_hex(min(legal_hexes(one, "S1") - {two.board.index[app.history.labels[2].split("@")[1]]}))
    assert len(app.history) == 3 and app.history.states[2] is not two, "a new action drops the undone one"


def test_undo_at_the_start_is_a_message_not_an_error():
    app = Explorer(dealt())
    app.history_bar.undo_button.disabled = False
    app.guard(app.undo)()
    assert app.feedback.kind == "error" and "nothing to undo" in app.feedback.text


# --- setup phases ---------------------------------------------------------------------

def test_chosen_setup_picks_hands_then_places_pieces_by_clicking():
    # 000: "Simultaneamente e di nascosto dagli altri avversari, tutti i giocatori devono scegliere 5 dei 20
    # tasselli" and only then "Selezionare poi i segnalini ... Inizia il giocatore più giovane".
    s = new_game(2, EDITION_1998, seed=5)
    assert s.phase is Phase.CHOOSE_HANDS
    app = Explorer(s)
    title, items, _ = app.input.items(app.state)
    assert "chooses a starting hand" in title and len(items) == 17
    assert not app.board.highlights.get(LEGAL), "nothing to click on the board while hands are chosen"
    for k in (0, 1, 2, 9, 9):  # H2 H3 H4 S1 S1
        app.choose(k)
    assert app.state.current == 1 and [t.code for t in app.state.hands[0]] == ["H2", "H3", "H4", "S1", "S1"]
    assert app.state.phase is Phase.CHOOSE_HANDS
    app.hand.click(9)  # the button's own event (through the app's guard)
    app.hand.click(9)
    app.hand.click(9)
    assert app.feedback.kind == "error" and "no other S1" in app.feedback.text
    for k in (0, 1, 2):  # Yellow's hand: S1 S1 H2 H3 H4
        app.choose(k)
    assert app.state.phase is Phase.PLACE_PIECES and app.state.current == 0
    assert "every hand is chosen" in app.feedback.text and "put the figures into the settlements" in app.feedback.text
    assert app.board.highlights[LEGAL], "a caste is chosen from the start"
    app.choose(Caste.BUDDHA.index)
    board = app.state.board
    cities = set(board.cities)
    assert set(app.board.highlights[LEGAL]) <= cities and app.board.highlights[LEGAL]
    app.click_hex(board.villages[0])
    assert app.feedback.kind == "error" and "the cities are filled first" in app.feedback.text
    city = board.cities[0]
    app.click_hex(city)
    assert app.state.pieces[city] == (Caste.BUDDHA,)
    assert app.input.sel.tile == Caste.BUDDHA.index, "the caste stays chosen for the next piece"
    while app.state.phase is Phase.PLACE_PIECES:
        app.commit(app.state.legal_actions()[0])
    assert app.state.phase is Phase.PLAY and app.state.current == 0
    assert [t.code for t in app.state.hands[0]] == ["H2", "H3", "H4", "S1", "S1"], "placing draws nothing"


# --- views and vocabulary --------------------------------------------------------------

def test_player_view_hides_others_captures_with_three_players():
    s = dealt(3)
    caps = ((1, 0, 0), (0, 2, 0), (0, 0, 3))
    s = dataclasses.replace(s, captured=caps)
    app = Explorer(s)
    assert "1 / 0 / 0" in app.status.value and "0 / 0 / 3" in app.status.value
    app.set_view(PLAYER)
    text = app.status.value
    assert "1 / 0 / 0" in text and text.count("hidden") >= 4, "own captures, others' hands and captures hidden"
    assert "0 / 0 / 3" not in text
    assert "the view of Green" in text


def test_two_players_see_captures_openly_in_the_player_view():
    s = dataclasses.replace(dealt(2), captured=((1, 0, 0), (0, 2, 0)))
    app = Explorer(s)
    app.set_view(PLAYER)
    assert "0 / 2 / 0" in app.status.value


def test_the_2015_edition_speaks_its_own_words():
    s = with_hand(dealt(2, EDITION_2015), "H3 B2 S1 W1 X")
    app = Explorer(s)
    assert "choose a tile" in app.hand.title.value
    assert "Castle 3" in [b.description for b in app.hand.row.children]
    assert "swap tile ⚡" in [b.description for b in app.hand.row.children]
    assert "quick icon" in app.hand.allowance.value


# --- edit mode --------------------------------------------------------------------------

def edit_mode(state):
    """An explorer of ``state`` in its Edit tab, and the tab's panel."""
    app = Explorer(state)
    app.open_tab(EDIT_TAB)
    return app, app.edit_panel


def test_edit_mode_shows_every_problem_and_keeps_the_position():
    s = midgame_state()
    app, panel = edit_mode(s)
    village = next(v for v in s.board.villages if s.pieces[v])
    panel.tool.value = "piece"
    panel.caste.value = "R" if s.pieces[village][0] is not Caste.RICE else "H"
    app.click_hex(village)
    assert app.state is s, "an invalid edit never touches the position"
    assert app.board.state is panel.draft
    problems = panel.problems
    assert any("a village holds one piece, got 2" in p for p in problems)
    assert any("pieces are in play with 4 players" in p for p in problems), problems
    assert "problem" in panel.problems_html.value and panel.apply_button.disabled
    assert app.feedback.kind == "warning"
    app.guard(panel.apply)()
    assert app.feedback.kind == "error" and "a village holds one piece" in app.feedback.text
    assert len(app.history) == 1
    panel.discard()
    assert panel.draft is None and app.board.state is s


def test_a_valid_edit_is_applied_and_can_be_undone():
    s = midgame_state()
    app, panel = edit_mode(s)
    panel.tool.value = "tile"
    panel.owner.value = 2
    b = s.board
    target = next(i for i in b.land if s.tiles[i] is None and all(
        sum(s.tiles[o] is None for o in b.land_neighbours[a]) > 1 for a in b.adjacent_settlements[i]))
    owned = {t for t in s.piles[2]}
    code = next(t.code for t in owned if not t.on_sea and not t.is_swap)
    panel.tile.value = code
    app.click_hex(target)
    assert panel.problems == [], panel.problems
    panel.apply()
    new = app.state
    assert new.tiles[target] == placed(2, tile(code))
    assert new.pile_sizes[2] == s.pile_sizes[2] - 1
    assert app.history.label == "edited position"
    app.undo()
    assert app.state is s


def test_edit_hands_and_whose_turn():
    s = midgame_state()
    app, panel = edit_mode(s)
    panel.hand_fields[0].value = "H4 ZZ"
    assert app.feedback.kind == "error" and "unknown tile 'ZZ'" in app.feedback.text
    panel.hand_fields[0].value = "H2 H3"
    assert any("hand" in p and "refilled to five" in p for p in panel.problems), panel.problems
    panel.discard()
    panel.current.value = (s.current + 1) % 4
    assert panel.problems == [], panel.problems
    panel.apply()
    assert app.state.current == (s.current + 1) % 4
    assert (app.state.turn - 1) % 4 == app.state.current


def test_edit_remove_tile_returns_it_to_the_pile():
    s = midgame_state()
    app, panel = edit_mode(s)
    panel.tool.value = "remove"
    hex_ = next(i for i, p in enumerate(s.tiles) if p is not None)
    owner = s.tiles[hex_].owner
    app.click_hex(hex_)
    assert panel.draft.tiles[hex_] is None
    assert panel.draft.pile_sizes[owner] == s.pile_sizes[owner] + 1
    assert panel.problems == [], panel.problems


# --- files ------------------------------------------------------------------------------

def test_save_and_load_a_scenario_file_round_trip(tmp_path):
    s = midgame_state()
    app = Explorer(s, scenarios_dir=tmp_path)
    app.open_tab(FILES_TAB)
    fp = app.files_panel
    fp.title.value = "My position"
    fp.path.value = "mine"
    path = fp.save()
    assert path == tmp_path / "saved" / "mine.toml" and path.is_file()
    assert str(path) in [v for _, v in fp.choice.options]
    app.load_state(dealt(), "other")
    fp.choice.value = str(path)
    fp.load_selected()
    assert app.state == s
    assert "My position" in app.feedback.text


def test_saving_never_overwrites_a_bundled_scenario(tmp_path):
    (tmp_path / "e1.toml").write_text("title = 'x'\n")
    app = Explorer(midgame_state(), scenarios_dir=tmp_path)
    app.open_tab(FILES_TAB)
    app.files_panel.path.value = "../e1.toml"
    app.guard(app.files_panel.save)()
    assert app.feedback.kind == "error" and app.feedback.text.startswith("Not saved:")
    assert (tmp_path / "e1.toml").read_text() == "title = 'x'\n"
    assert not (tmp_path / "saved").exists()


def test_download_link_and_upload_round_trip(tmp_path):
    s = midgame_state()
    app = Explorer(s, scenarios_dir=tmp_path)
    app.open_tab(FILES_TAB)
    fp = app.files_panel
    text = fp.make_download()
    m = re.search(r'href="data:application/toml;base64,([^"]+)"', fp.download.value)
    assert m and base64.b64decode(m[1]).decode() == text
    assert loads_scenario(text).state == s
    app.load_state(dealt(), "other")
    fp._on_upload({"new": ({"name": "up.toml", "content": memoryview(text.encode())},)})
    assert app.state == s


def test_a_bad_file_lists_every_problem_and_keeps_the_position(tmp_path):
    s = midgame_state()
    text = save_scenario(s, None, title="bad")
    bad = text.replace('edition = "1998"', 'edition = "1999"')
    assert bad != text
    (tmp_path / "bad.toml").write_text(bad)
    app = Explorer(s, scenarios_dir=tmp_path)
    app.open_tab(FILES_TAB)
    app.guard(app.files_panel.load_named)("bad")
    assert app.feedback.kind == "error" and "bad.toml" in app.feedback.text
    assert app.state is s and len(app.history) == 1


def test_position_string_shown_and_loaded():
    s = midgame_state()
    app = Explorer(dealt())
    app.open_tab(FILES_TAB)
    fp = app.files_panel
    assert fp.position.value == position_string(app.state)
    fp.position.value = position_string(s)
    fp.load_position(fp.position.value)
    assert app.state == s
    app.guard(fp.load_position)("not a position")
    assert app.feedback.kind == "error" and app.state == s


def test_every_bundled_scenario_loads_with_its_steps():
    folder = REPO / "scenarios"
    files = sorted(folder.glob("*.toml"))
    assert files, "the repository ships scenario files"
    app = Explorer(dealt())
    app.open_tab(FILES_TAB)
    labels = dict((v, k) for k, v in app.files_panel.choice.options)
    for path in files:
        assert str(path) in labels
        app.files_panel.choice.value = str(path)
        app.files_panel.load_selected()
        assert app.feedback.kind == "success", (path.name, app.feedback.text)
        assert app.history.index == 0


# --- rules tab and the URL query ------------------------------------------------------------

def test_rules_tab_presets_explanations_and_new_game():
    app = Explorer(dealt())
    app.open_tab(RULES_TAB)
    panel = app.rules_panel
    panel.edition.value = "2015"
    assert panel.rulings["capture_timing"].value == "end_of_turn"
    for r in RULINGS:
        assert html.escape(r.explain(panel.rulings[r.field].value)) in panel.explanations[r.field].value
    panel.players.value = 3
    panel.setup.value = "chosen"
    panel.seed.value = 9
    app.new_game()
    s = app.state
    assert s.n_players == 3 and s.ruleset.edition == "2015" and s.phase is Phase.PLACE_PIECES  # hands random
    assert s.seed == 9 and app.tabs.selected_index == 0 and all(len(h) == 5 for h in s.hands)
    assert app.feedback.text.startswith("New game: every hand is chosen; put the caste pieces into the settlements")
    assert "caste piece" in app.hand.title.value
    panel.hands.value = "chosen"
    app.new_game()
    assert app.state.phase is Phase.CHOOSE_HANDS
    assert app.feedback.text.startswith("New game: every player chooses his starting hand in secret")
    assert "then the caste pieces are placed, cities before villages, from Gold" in app.feedback.text


def test_rules_tab_changes_the_rules_of_the_position():
    s = midgame_state()
    app = Explorer(s)
    app.open_tab(RULES_TAB)
    panel = app.rules_panel
    panel.rulings["capture_timing"].value = "end_of_turn"
    app.apply_rules()
    assert app.state.ruleset.capture_timing == "end_of_turn"
    assert app.state.tiles == s.tiles and len(app.history) == 2
    panel.players.value = 2
    app.guard(app.apply_rules)()
    assert app.feedback.kind == "error" and "player count" in app.feedback.text
    assert len(app.history) == 2


def test_query_chooses_the_game():
    app = Explorer.from_query("players=3&edition=2015&seed=4")
    assert app.state.n_players == 3 and app.state.ruleset.edition == "2015" and app.state.seed == 4
    app = Explorer.from_query("start=midgame")
    assert app.state == midgame_state()
    app = Explorer.from_query("players=7")
    assert app.feedback.kind == "warning" and "2, 3 or 4 players" in app.feedback.text
    assert app.state.n_players == 4
    app = Explorer.from_query("scenario=1998-e1-blue-takes-helmet")
    assert app.history.labels[0].startswith("scenario: E1")
    assert app.tabs.selected_index == 0, "a URL's scenario opens in the Play tab"
    s = midgame_state()
    s = dataclasses.replace(s, ruleset=s.ruleset.with_options(capture_timing="end_of_turn"))
    app = Explorer(s)
    app.open_tab(FILES_TAB)
    query = re.search(r'href="explorer\.ipynb\?([^"]+)"', app.files_panel.link.value)[1]
    assert "+" in position_string(s), "the link must survive a '+' in the position"
    assert Explorer.from_query(query).state == s


def test_css_classes_for_tests_and_styles():
    app = Explorer(dealt())
    classes = set()
    stack = [app.widget]
    while stack:
        w = stack.pop()
        classes.update(getattr(w, "_dom_classes", ()))
        stack.extend(getattr(w, "children", ()))
    for name in ("samurai-explorer", "samurai-status", "samurai-hand", "samurai-tally", "samurai-message",
                 "samurai-board", "samurai-history", "samurai-captures", "samurai-undo"):
        assert name in classes, name


# --- notebooks ---------------------------------------------------------------------------------

def test_index_links_every_app():
    from samurai_lab.ui.landing import landing_html

    nb = nbformat.read(REPO / "notebooks" / "index.ipynb", as_version=4)
    assert "landing_page()" in "\n".join(c.source for c in nb.cells)
    text = landing_html(REPO / "notebooks")
    for name in ("explorer", "map", "examples", "lesson", "scoring", "variants", "game", "tournament", "engine_tour"):
        assert f'href="{name}.ipynb' in text, name
    assert "/voila/" not in text, "relative links work under voila and in Jupyter alike"


# --- robustness --------------------------------------------------------------------------------

def test_a_whole_game_to_the_score():
    import random

    from samurai_lab.knizia.core.playout import random_action

    app = Explorer(dealt(3, seed=8))
    rng = random.Random(8)
    while app.state.phase is not Phase.GAME_OVER:
        app.commit(random_action(app.state, rng))
    assert "Game over after turn" in app.status.value
    assert "samurai-score" in app.status.value and "Winner:" in app.status.value
    assert "The game ends" in app.feedback.text
    app.click_hex(app.state.board.land[0])
    assert app.feedback.kind == "warning" and "The game is over" in app.feedback.text


@pytest.mark.parametrize("seed", range(3))
def test_random_clicks_never_fail_unexpectedly(seed):
    """Hundreds of random clicks on hexes, hand buttons and buttons: rule refusals become messages,
    nothing else goes wrong, and every position of the history is one the rules can produce."""
    import random

    rng = random.Random(seed)
    app = Explorer(new_game(2, EDITION_1998, seed=seed) if seed == 0 else dealt(2 + seed, seed=seed))
    n_hexes = len(app.state.board)
    for _ in range(400):
        r = rng.random()
        legal = app.board.highlights.get(LEGAL, ())
        if r < 0.3 and legal:
            hex_ = rng.choice(legal)
            for _ in range(rng.choice((1, 2))):
                app.board._on_mouse_down(*app.board.pixel_of(hex_))
        elif r < 0.55:
            app.board._on_mouse_down(*app.board.pixel_of(rng.randrange(n_hexes)))
        elif r < 0.85 and app.hand.items:
            app.hand.click(rng.randrange(len(app.hand.items)))
        elif r < 0.9:
            app.confirm_button.click()
        elif r < 0.95 and not app.end_button.disabled:
            app.end_button.click()
        elif r < 0.97 and app.history.can_undo:
            app.history_bar.undo_button.click()
        else:
            app.board._on_mouse_move(*app.board.pixel_of(rng.randrange(n_hexes)))
        assert not app.feedback.text.startswith("Something went wrong"), app.feedback.text
        assert not app.board.error_log, app.board.error_log
    states, labels = app.history.states, app.history.labels
    assert len(states) > 3
    for k in range(1, len(states)):
        assert states[k] == states[k - 1].apply(parse_action(labels[k])), labels[k]
