"""The Puzzles app's ratings in the class store, through the game service (``tools/play/api.py``), under
``samurai-lab serve``; without a service :attr:`available` is False and the app keeps them in the browser.

A player is named by his *player key*, a random token the page keeps in the browser's storage and sends as
``Authorization: Bearer <key>``; it is also the page's ``?player=`` option, which opens the same ratings on
another device. The server rates each first try itself; the page never sends a rating.
"""

from __future__ import annotations

import secrets
from urllib.parse import quote

from .play_client import PlayClient, PlayRefused

__all__ = ["PlayRefused", "RatingClient", "new_player_key"]


def new_player_key() -> str:
    """A new player key (unguessable, as a seat's token)."""
    return secrets.token_urlsafe(18)


class RatingClient:
    """``standing(game)`` and ``record(puzzle, solved)`` of the player of ``key``, each answering a game's
    entry of the ratings (``common/puzzle_ratings.py``); :class:`PlayRefused` when the service says no or
    cannot be reached."""

    def __init__(self, base: str | None = None) -> None:
        self.client = PlayClient(base)
        self.key: str | None = None

    @property
    def available(self) -> bool:
        return self.client.available

    def standing(self, game: str) -> dict:
        return self.client.call("GET", f"/puzzles/{quote(game)}", token=self.key)

    def record(self, puzzle: str, solved: bool) -> dict:
        return self.client.call("POST", "/puzzles/tries", {"puzzle": puzzle, "solved": solved}, token=self.key)
