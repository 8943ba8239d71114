"""The game app's logic without a browser: the form, clicks, bots answering, the pass screen,
hints, the end of the game, records and the replay (widget callbacks called directly)."""

from __future__ import annotations

import html

import pytest

from samurai_lab.knizia.widgets.status_panel import hand_html
from samurai_lab.knizia.teaching.words import hex_words
from samurai_lab import EndTurn, Phase, PickTile, PlacePiece, PlaceTile
from samurai_lab.knizia.teaching.game_session import GameSession, Player
from samurai_lab.knizia.core.ruleset import CHOSEN, END_OF_TURN, RANDOM
from samurai_lab.knizia.widgets.game import GameApp


def make_app(seats=("person", "bot:greedy"), seed: int = 1, pause: float = 0.0, setup: str = RANDOM,
             hands: str = RANDOM, sleeps: list | None = None) -> GameApp:
    app = GameApp(sleep=(sleeps.append if sleeps is not None else (lambda s: None)))
    form = app.form
    form.rules.players.value = len(seats)
    for k, kind in enumerate(seats):
        form.kinds[k].value = kind
    form.rules.seed.value = seed
    form.rules.setup.value = setup
    form.rules.hands.value = hands
    form.pause.value = pause
    return app


def started(**kw) -> GameApp:
    app = make_app(**kw)
    app.start_from_form()
    assert app.feedback.kind != "error", app.feedback.text
    return app


def play_first_legal_tile(app: GameApp) -> PlaceTile:
    """Choose the first tile of the hand and click its first legal hex, as a person would."""
    state = app.session.state
    app.choose(0)
    targets = app.input.targets(state)
    assert targets and app.board.highlights["legal"] == targets
    app.click(targets[0])
    return app.session.actions[-1]


def visible(w) -> bool:
    return w.layout.display != "none"


# --- the form --------------------------------------------------------------------

def test_the_form_describes_seats_and_rules() -> None:
    app = make_app(seats=("person", "bot:random", "person"))
    form = app.form
    assert [p.kind for p in form.players()] == ["person", "bot", "person"]
    assert form.players()[1].level == "random"
    assert len(form.seats.children) == 3
    form.names[0].value = "Ann"
    assert form.players()[0].name == "Ann"
    form.rules.edition.value = "2015"
    assert form.ruleset().capture_timing == END_OF_TURN
    assert form.ruleset().edition == "2015"
    assert "Gold" in form.seat_labels[0].value


def test_starting_shows_the_table_with_the_persons_hand() -> None:
    app = started()
    assert app.current_screen == "table"
    s = app.session
    assert s.players[1].is_bot and not s.players[0].is_bot
    assert [c.label.split()[0] for c in app.hand.items] == [app.form.ruleset().vocabulary.figure(t.figure).split()[0]
                                                            for t in s.state.hand]
    assert app.board.state.hands[1] is None, "the bot's hand is hidden from the person"
    assert not visible(app.pass_screen)
    assert "the view of Green" in html.unescape(app.status.value)


# --- a person's turn ----------------------------------------------------------------

def test_play_a_tile_then_undo() -> None:
    app = started()
    start = app.session.state
    action = play_first_legal_tile(app)
    assert isinstance(action, PlaceTile)
    assert f"on {hex_words(start, action.hex)}" in app.log.value and 'data-actions="1"' in app.log.value
    assert action.hex not in app.log.value
    app.set_coordinates(True)  # the header's "Show coordinates"
    assert f"on {hex_words(start, action.hex)} ({action.hex})" in app.log.value
    app.set_coordinates(False)
    assert not app.undo_button.disabled and not app.end_turn_button.disabled
    app.undo()
    assert app.session.state == start and app.session.actions == []
    assert "Taken back" in app.feedback.text
    assert app.undo_button.disabled


def test_a_refused_click_says_which_rule() -> None:
    app = started()
    state = app.session.state
    k = next(k for k, t in enumerate(state.hand) if not t.on_sea and not t.is_swap and not t.is_move)
    app.choose(k)
    app.click(state.board.sea[0])
    assert app.feedback.kind == "error" and "only ships" in app.feedback.text
    assert app.session.actions == []


def test_ending_the_turn_lets_the_bot_answer_with_short_pauses() -> None:
    sleeps: list[float] = []
    app = started(pause=0.3, sleeps=sleeps)
    play_first_legal_tile(app)
    app.act(EndTurn())
    s = app.session
    bot_steps = [st for st in s.steps if st.player == 1]
    assert bot_steps and s.is_person_turn()
    assert "Yellow (greedy)" in app.log.value
    tiles = [st for st in bot_steps if isinstance(st.action, PlaceTile)]
    assert sleeps == [0.3] * (len(bot_steps) - sum(isinstance(st.action, EndTurn) for st in bot_steps))
    assert tiles, "the greedy bot laid at least one tile"
    assert app.board.highlights.get("preview"), "the bot's last action stays marked"
    with pytest.raises(ValueError, match="only people"):
        s.undo()
    assert app.undo_button.disabled


def test_clicking_a_settlement_shows_its_tallies() -> None:
    app = started()
    edo = app.session.state.board.edo
    app.click(edo)
    assert "Edo" in app.tally.text
    assert app.session.actions == []


def test_reveal_all_shows_every_hand() -> None:
    app = started()
    assert app.board.state.hands[1] is None
    app.reveal_all.value = True
    assert app.board.state.hands[1] == app.session.state.hands[1]
    assert "everything revealed" in app.status.value


# --- hot seat --------------------------------------------------------------------------

def test_hot_seat_hides_the_hand_until_the_person_says_who_he_is() -> None:
    app = started(seats=("person", "person"))
    assert visible(app.pass_screen) and not visible(app.turn_box)
    assert app.reveal_button.description == "I am Green, show my tokens", "the 1998 edition's word"
    assert all(h is None for h in app.board.state.hands)
    with pytest.raises(ValueError, match="press “I am Green, show my tokens” first"):
        app.click(app.session.state.board.land[0])
    assert app.session.actions == []
    app.reveal()
    assert not visible(app.pass_screen) and visible(app.turn_box)
    assert app.board.state.hands[0] is not None and app.board.state.hands[1] is None
    play_first_legal_tile(app)
    app.act(EndTurn())
    assert visible(app.pass_screen) and app.reveal_button.description == "I am Yellow, show my tokens"
    assert all(h is None for h in app.board.state.hands), "Green's tiles are hidden again"


# --- setup by clicking --------------------------------------------------------------------

def test_hands_then_pieces_chosen_by_clicking_while_the_bot_does_its_own() -> None:
    # 002: "5. Dibujar mano inicial: cada jugador elige en secreto cinco de sus fichas" before "8. Poblar los
    # espacios de la ciudad: comenzando con el jugador más joven".
    app = started(setup=CHOSEN, hands=CHOSEN)
    s = app.session
    assert s.state.phase is Phase.CHOOSE_HANDS and s.is_person_turn()
    assert "chooses a starting hand" in app.status.value
    for _ in range(5):  # the last tile kind still offered, each time
        app.choose(max(k for k, item in enumerate(app.hand.items) if item.usable))
    assert sum(isinstance(a, PickTile) for a in s.actions) == 10, "the bot chose its hand too"
    assert s.state.phase is Phase.PLACE_PIECES and s.state.current == 0 and s.is_person_turn()
    mine = hand_html(s.state, s.state.hands[0])
    assert mine in app.status.value, "a player knows his own hand while placing pieces"
    assert hand_html(s.state, s.state.hands[1]) not in app.status.value
    while s.state.phase is Phase.PLACE_PIECES:
        assert s.is_person_turn()
        for k in range(3):  # the first caste that can still go somewhere
            app.choose(k)
            targets = app.input.targets(s.state)
            if targets:
                break
        before = len(s.actions)
        app.click(targets[0])
        assert isinstance(s.actions[before], PlacePiece)
    assert s.state.phase is Phase.PLAY and s.state.current == 0 and s.is_person_turn()
    assert "(1 of 5)" in app.log.value and "pick " not in app.log.value
    assert "Every hand is chosen: now the figures are placed, Green first" in app.log.value


def test_hot_seat_setup_passes_the_screen_for_each_secret_hand_then_places_pieces_in_turn() -> None:
    # 000: "Simultaneamente e di nascosto dagli altri avversari, tutti i giocatori devono scegliere 5 dei 20
    # tasselli"; 001: "Одновременно и не показывая жетоны другим игрокам, соперники выбирают 5 из 20 жетонов".
    app = started(seats=("person", "person"), setup=CHOSEN, hands=CHOSEN)
    s = app.session
    assert visible(app.pass_screen) and not visible(app.turn_box)
    assert "choose your starting hand in secret" in app.pass_text.value
    app.reveal()
    for _ in range(5):
        app.choose(max(k for k, item in enumerate(app.hand.items) if item.usable))
    green = hand_html(s.state, s.state.hands[0])
    assert visible(app.pass_screen) and app.reveal_button.description == "I am Yellow, show my tokens"
    assert green not in app.status.value, "Green's hand is hidden before Yellow sits down"
    app.reveal()
    assert green not in app.status.value, "Yellow never sees Green's hand"
    for _ in range(5):
        app.choose(min(k for k, item in enumerate(app.hand.items) if item.usable))
    assert s.state.phase is Phase.PLACE_PIECES and s.state.current == 0
    assert not visible(app.pass_screen) and visible(app.turn_box), "the pieces are placed in the open"
    assert all(h is None for h in s.visible_state().hands)
    seen = []
    while s.state.phase is Phase.PLACE_PIECES:
        seen.append(s.state.current)
        assert not visible(app.pass_screen)
        app.act(s.state.legal_actions()[0])
    assert seen[:4] == [0, 1, 0, 1]
    assert s.state.phase is Phase.PLAY and s.state.current == 0
    assert visible(app.pass_screen) and app.reveal_button.description == "I am Green, show my tokens"


# --- hints -------------------------------------------------------------------------------------

def test_hints_are_listed_and_can_be_played() -> None:
    app = started()
    hints = app.show_hints()
    assert hints and all(h.text for h in hints)
    rows = [w for w in app.hints_box.children if "samurai-hint" in w._dom_classes]
    assert len(rows) == len(hints)
    app.show_hint(hints[0])
    assert app.board.highlights.get("preview")
    app.act(hints[0].action)
    assert app.session.actions == [hints[0].action]
    assert app.hints_box.children == ()


# --- the end, records, replay ---------------------------------------------------------------

def test_a_game_between_bots_ends_with_the_scoring_and_a_record() -> None:
    app = started(seats=("bot:random", "bot:greedy"))
    s = app.session
    assert s.is_over
    assert visible(app.end_box)
    scoring = app.scoring_box.children[0]
    assert "samurai-scoring" in scoring._dom_classes
    assert "Game over" in scoring.children[0].value and s.state.end_reason in scoring.children[0].value
    explainer = scoring.children[1]
    assert "samurai-scoring-explainer" in explainer._dom_classes
    names = [s.state.seats[w].name for w in s.score().winners]
    winner_html = next(w.value for w in _walk(explainer) if "samurai-score-winner" in getattr(w, "_dom_classes", ()))
    assert all(n in winner_html for n in names)
    record = app.record_export.text.value
    assert record and "samurai-record-download" in app.record_export.link.value
    app.replay_session()
    assert app.current_screen == "replay"
    app.replay.goto(len(s.actions))
    assert app.replay.board.state == s.state
    assert "game over" in app.replay.step_text.value


def test_load_a_record_and_play_on_from_a_step() -> None:
    bots = GameSession([Player.bot("random"), Player.bot("greedy")], app_rules(), 4)
    bots.run_bots()
    app = make_app()
    app.load_record(bots.record())
    assert app.current_screen == "replay"
    k = next(k for k in range(len(bots.states) - 1, 0, -1)
             if bots.states[k].current == 0 and bots.states[k].played_this_turn == 0 and not bots.states[k].is_over)
    app.replay.goto(k)
    assert app.replay.board.state == bots.states[k]
    app.continue_replay()
    assert app.current_screen == "table"
    assert app.session.state == bots.states[k] and app.session.is_person_turn()
    play_first_legal_tile(app)


def test_playing_on_needs_the_same_player_count() -> None:
    bots = GameSession([Player.bot("random")] * 3, app_rules(), 4)
    bots.run_bots()
    app = make_app()
    app.load_record(bots.record())
    app.replay.goto(3)
    with pytest.raises(ValueError, match="3 players"):
        app.continue_replay()


def test_an_empty_record_is_refused_in_words() -> None:
    app = make_app()
    with pytest.raises(ValueError, match="paste a game record"):
        app.load_record("  ")


def app_rules():
    return make_app().form.ruleset()


# --- the swap and the move tile by clicking ------------------------------------------------------

def table_with(hand: str, tiles: dict | None = None) -> GameApp:
    """The app at a dealt position where Green (a person) holds ``hand``, against a greedy bot."""
    from helpers_positions import position

    state = position(2, seed=2, hands={0: hand}, tiles=tiles or {})
    app = make_app()
    app.begin(GameSession([Player.person(), Player.bot("greedy")], initial=state))
    return app


def test_swap_by_clicking_two_settlements_then_confirming() -> None:
    from samurai_lab import Swap

    app = table_with("X S1 S2 H2 B2")
    s = app.session
    app.choose(list(s.state.hand).index(next(t for t in s.state.hand if t.is_swap)))
    ends = app.input.targets(s.state)
    assert ends and all(s.state.board.is_settlement[i] for i in ends)
    app.click(ends[0])
    partners = app.input.targets(s.state)
    assert partners and ends[0] not in partners
    assert app.board.highlights["preview"] == (ends[0],), "the first settlement stays marked"
    app.click(partners[0])
    assert visible(app.confirm_button) and s.actions == []
    app.confirm_button.click()
    assert app.feedback.kind != "error", app.feedback.text
    assert isinstance(s.actions[0], Swap) and "plays the figure exchange" in s.steps[0].text
    assert {s.state.board.resolve(h) for h in (s.actions[0].hex_a, s.actions[0].hex_b)} == {ends[0], partners[0]}


def test_move_tile_by_clicking_the_tile_then_the_hex() -> None:
    from samurai_lab import MoveTile

    app = table_with("M S1 S2 H2 B2", tiles={"HO16": (0, "H3")})
    s = app.session
    app.choose(list(s.state.hand).index(next(t for t in s.state.hand if t.is_move)))
    assert app.input.targets(s.state) == (s.state.board.resolve("HO16"),)
    app.click(s.state.board.resolve("HO16"))
    dest = app.input.targets(s.state)
    assert dest
    app.click(dest[0])
    assert s.actions == [MoveTile("HO16", s.state.board.ids[dest[0]])]
    assert s.state.tiles[s.state.board.resolve("HO16")].tile.is_move, "the move tile stays behind"


def test_preview_mode_plays_on_the_second_click() -> None:
    app = started()
    app.preview_confirm.value = True
    s = app.session
    app.choose(0)
    target = app.input.targets(s.state)[0]
    app.click(target)
    assert s.actions == [] and "What if" in app.tally.text and visible(app.confirm_button)
    app.click(target)
    assert len(s.actions) == 1


# --- a failing bot never freezes the table ------------------------------------------------------

def test_a_failing_bot_is_reported_and_can_be_retried() -> None:
    from samurai_lab.knizia.core.playout import random_action

    class Flaky:
        broken = True

        def choose(self, view, rng):
            if Flaky.broken:
                raise RuntimeError("the bot tripped")
            return random_action(view, rng)

    app = GameApp(sleep=lambda s: None, bot_factory=lambda level: Flaky())
    app.form.kinds[0].value = "bot:random"
    app.form.kinds[1].value = "person"
    app.form.pause.value = 0
    app.form.start_button.click()
    assert app.feedback.kind == "error" and "Something went wrong" in app.feedback.text
    assert "the bot tripped" not in app.feedback.text, "a developer's message stays in the server's log"
    assert app.current_screen == "table" and visible(app.bots_button)
    Flaky.broken = False
    app.bots_button.click()
    assert app.session.is_person_turn() and not visible(app.bots_button)


def _walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from _walk(c)
