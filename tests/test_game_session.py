"""The game session: seats of people and bots, undo within a turn, bot moves, hidden
information, records, and whole games reaching the scoring."""

from __future__ import annotations

import dataclasses

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, EndTurn, Pass, Phase, PickTile, PlacePiece, PlaceTile, tile
from samurai_lab.knizia.teaching.game_session import GameSession, Player
from samurai_lab.knizia.teaching.game_text import action_hexes, action_phrase, describe_action
from samurai_lab.knizia.teaching.words import hex_words

BEGINNER = EDITION_1998.with_options(setup="random", hands="random")
CHOSEN = EDITION_1998  # pieces and hands chosen by the players


def person_vs_bot(seed: int = 3, level: str = "greedy", ruleset=BEGINNER) -> GameSession:
    return GameSession([Player.person(), Player.bot(level)], ruleset, seed)


def first_tile_play(session: GameSession) -> PlaceTile:
    return next(a for a in session.state.legal_actions() if isinstance(a, PlaceTile))


def normal_then_fast(session: GameSession) -> tuple[PlaceTile, PlaceTile] | None:
    """A normal tile then a fast tile from the current hand, if the hand has both."""
    state = session.state
    acts = state.legal_actions()
    normal = next((a for a in acts if isinstance(a, PlaceTile) and not a.tile.fast), None)
    fast = next((a for a in acts if isinstance(a, PlaceTile) and a.tile.fast and a.hex != getattr(normal, "hex", None)),
                None)
    return (normal, fast) if normal and fast else None


# --- seats ----------------------------------------------------------------------

def test_players_validate_and_label() -> None:
    with pytest.raises(ValueError, match="needs a level"):
        Player("bot")
    with pytest.raises(ValueError, match="person"):
        Player("robot", "greedy")
    with pytest.raises(ValueError, match="2, 3 or 4"):
        GameSession([Player.person()])
    with pytest.raises(ValueError, match="unknown bot"):
        GameSession([Player.person(), Player.bot("grandmaster")])
    with pytest.raises(ValueError, match="two players are called"):
        GameSession([Player.person("Ann"), Player.person("ann")])
    s = GameSession([Player.person("Ann"), Player.bot("random")], EDITION_2015.with_options(setup="random"), 1)
    assert s.label(0) == "Ann" and s.label(1) == "Red (random)"  # 2015 colours: gold, red, ...
    assert s.state.seats[0].colour == "gold"


# --- undo -----------------------------------------------------------------------

def test_person_plays_a_tile_then_undoes_it() -> None:
    s = person_vs_bot()
    start = s.state
    action = first_tile_play(s)
    step = s.play(action)
    assert step.player == 0 and s.state.tiles[s.state.board.resolve(action.hex)] is not None
    assert s.can_undo()
    undone = s.undo()
    assert undone.action == action
    assert s.state == start and s.actions == [] and s.steps == []


def test_undo_goes_back_action_by_action_within_the_turn() -> None:
    for seed in range(1, 40):
        s = person_vs_bot(seed)
        pair = normal_then_fast(s)
        if pair is None:
            continue
        start = s.state
        s.play(pair[0])
        middle = s.state
        s.play(pair[1])
        s.undo()
        assert s.state == middle
        s.undo()
        assert s.state == start
        assert s.undo_refusal() == "nothing to undo: no action has been played yet"
        return
    pytest.fail("no seed dealt a hand with a normal and a fast tile")


def test_undo_is_refused_across_a_draw() -> None:
    s = person_vs_bot()
    s.play(first_tile_play(s))
    before_end = s.state
    s.play(EndTurn())
    assert s.state.pile_sizes[0] < before_end.pile_sizes[0], "the end of the turn drew tiles"
    with pytest.raises(ValueError, match="ended the turn and drawn"):
        s.undo()
    s.run_bots()
    assert s.is_person_turn()
    with pytest.raises(ValueError, match=r"played by Yellow \(greedy\): only people"):
        s.undo()


def test_undo_refused_for_pieces_passes_and_completed_hands() -> None:
    s = GameSession([Player.person(), Player.person()], CHOSEN, 2)
    # first the hands, chosen in secret, one pick at a time
    s.reveal(s.handover_to())
    s.play(PickTile(tile("S3")))
    assert s.can_undo(), "a pick of an unfinished hand can be taken back"
    s.undo()
    for code in ("S3", "H4", "B4", "R4", "N1"):
        s.play(PickTile(tile(code)))
    assert "starting hand of Green is complete" in s.undo_refusal()
    s.reveal(s.handover_to())
    for code in ("S3", "H4", "B4", "R4", "W2"):
        s.play(PickTile(tile(code)))
    # then the pieces
    assert s.state.phase is Phase.PLACE_PIECES
    s.play(next(a for a in s.state.legal_actions() if isinstance(a, PlacePiece)))
    assert "the turn is over" in s.undo_refusal()


def test_pass_cannot_be_undone() -> None:
    dealt = person_vs_bot().state
    hands = list(dealt.hands)
    hands[0] = (tile("M"),)  # the move tile alone, and no own tile on the board to lift
    s = GameSession([Player.person(), Player.bot("greedy")], initial=dataclasses.replace(dealt, hands=tuple(hands)))
    assert s.state.legal_actions() == [Pass()]
    s.play(Pass())
    assert "has passed" in s.undo_refusal()


# --- bots -------------------------------------------------------------------------

def test_bots_answer_until_a_person_is_to_act() -> None:
    s = person_vs_bot(level="greedy")
    s.play(first_tile_play(s))
    s.play(EndTurn())
    assert s.is_bot_turn()
    seen = []
    steps = s.run_bots(on_step=seen.append)
    assert steps and steps == seen
    assert all(st.player == 1 for st in steps)
    assert isinstance(steps[-1].action, (EndTurn, Pass)) or s.is_over
    assert s.is_person_turn() or s.is_over
    assert all(st.text.startswith("Yellow (greedy) ") for st in steps)
    assert s.bot_step() is None, "no bot moves while a person is to act"


def test_person_cannot_play_for_a_bot() -> None:
    s = GameSession([Player.bot("random"), Player.person()], BEGINNER, 5)
    assert s.is_bot_turn()
    with pytest.raises(ValueError, match=r"turn of Green \(random\): a bot plays it"):
        s.play(first_tile_play(s))
    s.run_bots()
    assert s.is_person_turn() and s.state.current == 1


@pytest.mark.parametrize("ruleset", [BEGINNER, CHOSEN, EDITION_2015], ids=["beginner", "chosen-1998", "chosen-2015"])
def test_a_game_between_bots_reaches_the_scoring(ruleset) -> None:
    s = GameSession([Player.bot("random"), Player.bot("greedy")], ruleset, 11)
    s.run_bots()
    assert s.is_over and s.state.phase is Phase.GAME_OVER
    report = s.score()
    assert report.winners and report.steps
    assert len(s.states) == len(s.actions) + 1 == len(s.steps) + 1
    if ruleset.setup == "chosen":
        assert any(isinstance(a, PlacePiece) for a in s.actions), "the bots placed the pieces"
        assert sum(isinstance(a, PickTile) for a in s.actions) == 10, "the bots chose their hands"
    assert s.visible_state() is s.state, "at the end everything is shown"


def test_scoring_waits_for_the_end() -> None:
    with pytest.raises(ValueError, match="not over"):
        person_vs_bot().score()


# --- hidden information and the screen ----------------------------------------------------

def test_a_person_sees_only_what_the_rules_allow() -> None:
    s = GameSession([Player.person(), Player.person(), Player.bot("random")], BEGINNER, 4)
    assert s.handover_to() == 0, "two people: the first must say who sits at the screen"
    hidden = s.visible_state()
    assert all(h is None for h in hidden.hands), "no hand is shown before the handover"
    with pytest.raises(ValueError, match="pass the screen to Green first"):
        s.play(first_tile_play(s))
    s.reveal(0)
    view = s.visible_state()
    assert view.hands[0] == s.state.hands[0] and view.hands[1] is None and view.hands[2] is None
    assert view.captured[0] is not None and view.captured[1] is None, "3 players: others' captures are hidden"
    assert view.seed is None and all(p is None for p in view.piles)
    assert s.visible_state(reveal_all=True) is s.state
    s.play(first_tile_play(s))
    s.play(EndTurn())
    assert s.handover_to() == 1 and s.visible_state().hands[0] is None, "the screen hides Green's tiles again"
    s.reveal(1)
    assert s.visible_state().hands[1] == s.state.hands[1]
    with pytest.raises(ValueError, match="bot"):
        s.reveal(2)


def test_one_person_against_bots_never_sees_a_pass_screen() -> None:
    s = person_vs_bot()
    assert s.viewer == 0 and s.handover_to() is None
    assert s.visible_state().hands[1] is None
    assert s.visible_state().captured[1] is not None, "2 players: captures are open"


def test_hot_seat_setup_passes_the_screen_for_each_hand_then_places_pieces_in_the_open() -> None:
    # 000: "Simultaneamente e di nascosto dagli altri avversari, tutti i giocatori devono scegliere 5 dei 20
    # tasselli"; 001: "Одновременно и не показывая жетоны другим игрокам, соперники выбирают 5 из 20 жетонов";
    # then the pieces, from the youngest player (seat 0).
    s = GameSession([Player.person(), Player.person(), Player.bot("random")], CHOSEN, 2)
    assert s.state.phase is Phase.CHOOSE_HANDS and s.handover_to() == 0
    assert all(h is None for h in s.visible_state().hands)
    s.reveal(0)
    for code in ("S3", "H4", "B4", "R4", "N1"):
        assert s.visible_state().hands[1] is None, "nobody sees another's hand"
        s.play(PickTile(tile(code)))
    assert s.handover_to() == 1 and all(h is None for h in s.visible_state().hands), "Green's hand is hidden again"
    s.reveal(1)
    assert s.visible_state().hands[0] is None and s.visible_state().hands[1] == ()
    for code in ("S2", "H3", "B3", "R3", "W1"):
        s.play(PickTile(tile(code)))
    s.run_bots()  # the bot picks its hand; the pieces follow, from Green
    assert s.state.phase is Phase.PLACE_PIECES and s.state.current == 0
    assert s.handover_to() is None and s.viewer is None, "the pieces are placed in the open"
    assert all(h is None for h in s.visible_state().hands), "no hand is shown while pieces are placed"
    s.play(s.state.legal_actions()[0])
    assert s.handover_to() is None and s.state.current == 1
    while s.state.phase is Phase.PLACE_PIECES:
        if s.is_bot_turn():
            s.run_bots()
        else:
            s.play(s.state.legal_actions()[0])
    assert s.state.phase is Phase.PLAY and s.state.current == 0 and s.handover_to() == 0


def test_one_person_against_bots_sees_his_hand_while_placing_pieces() -> None:
    s = GameSession([Player.person(), Player.bot("random")], CHOSEN, 2)
    assert s.handover_to() is None and s.viewer == 0
    for code in ("S3", "H4", "B4", "R4", "N1"):
        s.play(PickTile(tile(code)))
    s.run_bots()
    assert s.state.phase is Phase.PLACE_PIECES and s.is_person_turn()
    shown = s.visible_state()
    assert shown.hands[0] == s.state.hands[0] and shown.hands[1] is None


# --- the log ----------------------------------------------------------------------------

def test_log_lines_name_the_tile_the_hex_and_the_captures() -> None:
    s = GameSession([Player.bot("greedy"), Player.bot("greedy")], BEGINNER, 8)
    s.run_bots()
    places = [st for st in s.steps if isinstance(st.action, PlaceTile)]
    assert places
    st = places[0]
    assert st.text.startswith("Green (greedy) lays ") and hex_words(st.before, st.action.hex) in st.text
    assert st.action.hex not in st.text, "the log speaks in words, not hex ids"
    captures = [st for st in s.steps if st.after.events]
    assert captures and all(" takes the " in st.text or "set aside" in st.text for st in captures)
    assert "The game ends" in s.steps[-1].text


def test_picks_stay_secret_in_the_log() -> None:
    s = GameSession([Player.bot("random"), Player.bot("random")], EDITION_1998.with_options(setup="random"), 6)
    s.run_bots()
    picks = [st for st in s.steps if isinstance(st.action, PickTile)]
    assert len(picks) == 10 and s.steps[:10] == picks, "the hands come first"
    for st in picks:
        assert st.action.tile.code not in st.text.split(), st.text
        assert "starting hand" in st.text
    assert "shuffled into the draw pile" in picks[4].text
    assert picks[9].text.endswith("Every hand is chosen and the figures are dealt at random: play begins "
                                  "with Green"), picks[9].text


def test_action_phrases_and_hexes() -> None:
    s = person_vs_bot()
    a = first_tile_play(s)
    assert action_phrase(s.state, a).endswith(f"on {hex_words(s.state, a.hex)}")
    assert action_hexes(s.state, a) == (s.state.board.resolve(a.hex),)
    assert action_hexes(s.state, EndTurn()) == ()
    after = s.state.apply(a)
    assert describe_action(s.state, a, after, "Ann").startswith("Ann lays ")


# --- records -------------------------------------------------------------------------

def test_record_export_import_replays_the_same_states() -> None:
    s = GameSession([Player.bot("random"), Player.bot("greedy")], CHOSEN, 21)
    s.run_bots()
    text = s.record()
    loaded = GameSession.from_record(text)
    assert loaded.actions == s.actions
    assert loaded.states == s.states
    assert [st.text for st in loaded.steps] == [st.text.replace(" (random)", "").replace(" (greedy)", "")
                                                for st in s.steps]
    assert loaded.is_over and loaded.score() == s.score()


def test_a_loaded_record_can_be_played_on() -> None:
    s = person_vs_bot(seed=9)
    s.play(first_tile_play(s))
    s.play(EndTurn())
    s.run_bots()
    text = s.record()
    again = GameSession.from_record(text, [Player.person(), Player.bot("greedy")])
    assert again.state == s.state and again.is_person_turn()
    again.play(first_tile_play(again))
    again.play(EndTurn())
    assert again.run_bots()


def test_from_states_checks_lengths() -> None:
    s = person_vs_bot()
    with pytest.raises(ValueError, match="need 1 states"):
        GameSession.from_states(s.states * 2, [])
