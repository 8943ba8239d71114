"""The review of a game in words and as data (``samurai-lab review``, the apps' Review panel), for any game.

A game of moves is reviewed by its search (``review_search``) and explained in the words every game shares
(the ``ui`` domain): the move played and the better one in the game's own ``describe_action``, its players by
``player_name``. Where a game says things differently it declares a :class:`ReviewWords` as
``features["review"]``; a game whose review is an algorithm of its own (Knizia's turns of several actions,
judged by playouts over the hidden tiles) declares an :class:`OwnReview` there instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..i18n import N_, Domain
from .game import Game
from .review_search import DEPTH, MoveReview, review_steps

T = Domain("ui")
JUDGEMENTS = {"blunder": N_("Blunder"), "mistake": N_("Mistake"), "inaccuracy": N_("Inaccuracy")}


@dataclass(frozen=True)
class ReviewWords:
    """What a game says in its own words in the review of its moves (``features["review"]``): texts in English
    (marked ``N_``) that its catalog ``domain`` translates."""

    domain: str
    forced_win: str | None = None  #: the better move wins by force (else: "… the search sees the win.")
    no_puzzle: str | None = None  #: no marked position makes a puzzle (else: "… a forced win …")
    #: shared texts that the game's catalog translates in its own terms (Iki-zumari's Italian: "spostamento")
    own: frozenset[str] = frozenset()


@dataclass(frozen=True)
class OwnReview:
    """A game whose review is its own algorithm (``features["review"]``).

    ``run(states, actions, player, options, progress)``: the player's review as data, the ``--json`` output
    (``player_name`` and ``turns``, each with ``after``, ``loss``, ``judgement`` and ``explanation``);
    ``options`` holds ``seed`` and ``samples``; ``progress(done, total)`` after each turn.
    ``names(state)``: the players' names, by which a reviewed player is chosen."""

    run: Callable[..., dict]
    names: Callable[[Any], list[str]]


def words_of(game: Game) -> ReviewWords:
    declared = game.features.get("review")
    return declared if isinstance(declared, ReviewWords) else ReviewWords("ui")


def say(game: Game, message: str, own: str | None = None) -> str:
    """A shared text of the review (marked ``N_``) in the current language, in the game's terms when it has its
    own: ``own`` (a text of its declaration), or ``message`` when its catalog translates it."""
    words = words_of(game)
    if own is not None or message in words.own:
        return Domain(words.domain).gettext(own or message)
    return T.gettext(message)


def percent(x: float) -> str:
    """A chance in the current language's way: ``42%``, Italian ``42 %``."""
    return T.gettext("{n}%").format(n=round(100 * x))


def judgement_words(game: Game, name: str | None) -> str:
    """``Blunder``, ``Mistake``, ``Inaccuracy`` (or ``Good move``) in the current language."""
    return T.gettext(JUDGEMENTS[name]) if name in JUDGEMENTS else say(game, N_("Good move"))


def no_puzzle(game: Game) -> str:
    """"Learn from your mistakes" when no marked position makes a puzzle."""
    return say(game, N_("None of these positions has a forced win that the search proves in three moves."),
               words_of(game).no_puzzle)


def player_names(game: Game, state: Any) -> list[str]:
    """The players' names (the current language), by which a reviewed player is chosen."""
    declared = game.features.get("review")
    if isinstance(declared, OwnReview):
        return declared.names(state)
    return [game.player_name(state, seat) for seat in range(game.seats[1])]


def explain(game: Game, states: Sequence[Any], review: MoveReview) -> list[str]:
    """The move played and the better move, each in words, and the chances to win."""
    before = states[review.index]
    head = say(game, N_("Move {n} ({player}): estimated chance to win {before} with the best move, {after} after the "
                        "move played."))
    lines = [head.format(n=review.index + 1, player=game.player_name(before, review.player),
                         before=percent(review.before), after=percent(review.after))]
    played = game.describe_action(before, review.played, states[review.index + 1])
    lines.append(say(game, N_("Played: {move}")).format(move=played))
    if review.best != review.played:
        better = game.describe_action(before, review.best, game.apply_legal(before, review.best))
        lines.append(say(game, N_("Better: {move}")).format(move=better))
        if review.before >= 1.0:
            lines.append(say(game, N_("The better move wins by force: the search sees the win."),
                             words_of(game).forced_win))
        elif review.after <= 0.0:
            lines.append(say(game, N_("After the move played the opponent wins by force.")))
    return lines


def review_data(game: Game, states: Sequence[Any], moves: Sequence[Any], player: int, depth: int = DEPTH,
                progress: Callable[[int, int], object] | None = None) -> dict:
    """``player``'s moves reviewed, as data (``samurai-lab review --json``); ``progress(done, total)`` after each."""
    reviews = []
    for done, total, review in review_steps(game, states, moves, player, depth):
        reviews.append(review)
        if progress is not None:
            progress(done, total)
    return {
        "game": game.name, "player": player, "player_name": player_names(game, states[0])[player], "depth": depth,
        "turns": [{
            "turn": r.index + 1, "played": game.action_text(r.played), "best": game.action_text(r.best),
            "before": round(r.before, 4), "after": round(r.after, 4), "loss": round(r.loss, 4),
            "judgement": r.judgement, "explanation": explain(game, states, r) if r.judgement else [],
        } for r in reviews],
    }
