"""Games declared only for the tests: each proves that a feature spanning the games needs nothing of
a game but its declaration (``samurai_lab/common/game.py``). ``register_test_games()`` adds them to
the registry."""

from __future__ import annotations

from samurai_lab.common.game import register

from . import tictactoe

TEST_GAMES = (tictactoe.GAME,)


def register_test_games() -> None:
    for game in TEST_GAMES:
        register(game)
