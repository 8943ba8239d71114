"""A move in words, with what it announces and the end it brings (the core's text, joined with its rules)."""

from __future__ import annotations

from samurai_lab.i18n import Domain

from .moves import Move
from .rules import outcome
from .state import State
from .text import announcement, outcome_text, player_name

T = Domain("ikizumari")


def describe_move(before: State, move: Move, after: State) -> str:
    """'Red plays d1-d3 and announces 2 dragon.' (or the end of the game)."""
    who = player_name(before.to_move)
    if move.is_pass:
        text = T.gettext("{player} passes.").format(player=who)
    else:
        text = T.gettext("{player} plays {move} and announces {words}.").format(
            player=who, move=str(move), words=announcement(after))
    done = outcome(after)
    return text + (" " + outcome_text(done) if done is not None else "")
