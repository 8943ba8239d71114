"""One conformance test for every registered game, as OpenSpiel's ``random_sim_test``: random games
through the game interface (``samurai_lab/common/game.py``) only. Every legal action applies, every
refused one says why, positions and actions round-trip through their text, a seat's view hides what
it must, and the drawing hooks and bots it names exist."""

from __future__ import annotations

import random

import pytest

from samurai_lab.common.game import BUNDLED, Game, game_names, get_game
from games import register_test_games

register_test_games()
GAMES = game_names()
GAMES_PLAYED = 3
MAX_ACTIONS = 600


def random_game(game: Game, seed: int, players: int | None = None):
    """The states of one game of random legal actions (cut after ``MAX_ACTIONS``)."""
    rng = random.Random(seed)
    state = game.new_state(players=players, seed=seed)
    states = [state]
    while game.outcome(state) is None and len(states) <= MAX_ACTIONS:
        actions = list(game.legal_actions(state))
        assert actions, f"{game.name}: no legal action in a game that goes on: {game.to_position(state)}"
        state = game.apply_action(state, rng.choice(actions))
        states.append(state)
    return states


def sample(states: list, k: int = 40) -> list:
    return states if len(states) <= k else random.Random(len(states)).sample(states, k)


@pytest.fixture(scope="module", params=GAMES)
def played(request):
    """(game, the states of a few random games, each number of seats it takes)."""
    game = get_game(request.param)
    low, high = game.seats
    games = [random_game(game, seed, players=low + seed % (high - low + 1)) for seed in range(GAMES_PLAYED)]
    return game, games


def test_the_registry_lists_the_bundled_games_first():
    assert GAMES[: len(BUNDLED)] == list(BUNDLED)
    assert "tictactoe" in GAMES
    with pytest.raises(ValueError, match="choose one of"):
        get_game("chess")


def test_random_games_reach_their_end_or_keep_legal_actions(played):
    game, games = played
    for states in games:
        for state in states:
            assert 0 <= game.to_move(state) < game.seats[1] or game.outcome(state) is not None
        end = game.outcome(states[-1])
        if end is not None:
            assert end.winner is None or 0 <= end.winner < game.seats[1]
            assert isinstance(game.describe_outcome(end), str)
            assert list(game.legal_actions(states[-1])) == []


def test_every_legal_action_applies_and_is_described(played):
    game, games = played
    for state in sample([s for states in games for s in states if game.outcome(s) is None]):
        for action in list(game.legal_actions(state))[:60]:
            assert game.why_illegal(state, action) is None, (game.to_position(state), action)
            after = game.apply_action(state, action)
            assert game.apply_legal(state, action) == after
            words = game.describe_action(state, action, after)
            assert isinstance(words, str) and words.strip()


def test_every_refused_action_says_why(played):
    game, games = played
    states = [s for g in games for s in g]
    rng = random.Random(7)
    refused = 0
    for state in sample(states):
        legal = list(game.legal_actions(state))
        others = [a for s in rng.sample(states, min(8, len(states))) for a in list(game.legal_actions(s))[:20]]
        for action in [a for a in others if a not in legal][:10] + ["", None, 12345, "zz99"]:
            why = game.why_illegal(state, action)
            assert isinstance(why, str) and why.strip(), (game.to_position(state), action)
            with pytest.raises(ValueError) as refusal:
                game.apply_action(state, action)
            assert "Traceback" not in str(refusal.value) and str(refusal.value).strip()
            refused += 1
    assert refused


def test_positions_round_trip_through_their_text(played):
    game, games = played
    for state in sample([s for g in games for s in g]):
        text = game.to_position(state)
        again = game.from_position(text)
        assert game.to_position(again) == text
        assert game.key(again) == game.key(state)
        assert sorted(map(game.action_text, game.legal_actions(again))) == sorted(
            map(game.action_text, game.legal_actions(state)))
    for bad in ("", "not a position", "x" * 300):
        with pytest.raises(ValueError):
            game.from_position(bad)


def test_actions_round_trip_through_their_notation(played):
    game, games = played
    for state in sample([s for g in games for s in g if game.outcome(s) is None], 20):
        for action in list(game.legal_actions(state))[:40]:
            assert game.parse_action(state, game.action_text(action)) == action


def test_a_seat_sees_its_own_secret_and_not_the_others(played):
    game, games = played
    hidden = 0
    for state in sample([s for g in games for s in g]):
        seats = range(len(getattr(state, "seats", ())) or game.seats[0])
        for seat in seats:
            view = game.view(state, seat)
            assert game.secret(view, seat) == game.secret(state, seat)
            for other in seats:
                secret = game.secret(state, other)
                if other != seat and secret is not None and any(secret):
                    assert game.secret(view, other) != secret, (game.name, seat, other)
                    hidden += 1
    if game.name == "knizia":
        assert hidden, "a Knizia player's hand is never hidden from the others"


def test_a_seats_view_round_trips_through_its_text_and_tells_nothing_hidden(played):
    game, games = played
    for state in sample([s for g in games for s in g], 20):
        seats = range(len(getattr(state, "seats", ())) or game.seats[0])
        for seat in [*seats, None]:
            view = game.view(state, seat)
            text = game.to_position(view)
            again = game.from_position(text)
            assert again == view
            assert game.to_position(again) == text
            # the text is the view's alone: another full state with the same view writes the same text
            if text != game.to_position(state):
                stand_in = game.from_position(text.rpartition(" @")[0])
                assert game.to_position(game.view(stand_in, seat)) == text
                for other in seats:
                    if other != seat and game.secret(state, other):
                        assert game.secret(game.from_position(text), other) is None


def test_the_moves_a_seat_sees_tell_nothing_hidden(played):
    game, games = played
    masked = 0
    for states in games:
        for before, after in zip(states, states[1:]):
            action = next(a for a in game.legal_actions(before) if game.apply_legal(before, a) == after)
            mover = game.to_move(before)
            assert game.action_seen(before, action, mover) == game.action_text(action)
            for seat in [*range(game.seats[1]), None]:
                seen = game.action_seen(before, action, seat)
                if seen != game.action_text(action):  # masked: it names nothing of the mover's secret
                    assert seat != mover and str(action) not in seen
                    masked += 1
    if game.name == "knizia":
        assert masked, "the starting hands chosen are seen by every player"


def test_bots_play_legal_actions(played):
    game, games = played
    assert game.bots
    bot = game.bot(game.bots[0], seed=1)
    for state in sample([s for g in games for s in g if game.outcome(s) is None], 10):
        assert game.why_illegal(state, bot.choose(state)) is None
    with pytest.raises(ValueError):
        game.bot("no such bot")


def test_the_drawing_hooks_exist(played):
    game, _ = played
    for name in game.hooks:
        assert game.hook(name) is not None, name
