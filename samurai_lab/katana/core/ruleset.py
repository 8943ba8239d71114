"""Rulings as data: every point the rulebook leaves open, with named options and one-line explanations.

A :class:`Ruleset` holds one chosen option per ruling; ``Ruleset()`` is the default reading (the one
that follows the text most closely). ``Ruleset.from_dict({"K1": "attacker"})`` and
``ruleset.with_option("K3", "orthogonal")`` build the others; bad ids or options raise ValueError.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...common import rulings
from ...i18n import N_


class Ruling(rulings.Ruling):
    """One open point: its id, the Ruleset field it sets, the question, and (option, explanation) pairs."""

    def explain(self, option: str) -> str:
        """The one-line explanation (untranslated) of one option."""
        return dict(self.options)[option]


RULINGS: tuple[Ruling, ...] = (
    Ruling("K1", "relocation_chooser", N_("Who picks the free SHIRO square a defeated defender goes back to?"), (
        ("defender", N_("the defender picks one of his own free SHIRO squares")),
        ("attacker", N_("the attacker picks it")),
    ), "defender", N_("the text only says he is moved to any free SHIRO square of his own side; "
                      "his own samurai, his choice")),
    Ruling("K2", "no_free_shiro", N_("What if the defeated defender has no free SHIRO square left?"), (
        ("stay", N_("he loses his sword and stays where he is")),
        ("killed", N_("he cannot go back, so he is killed")),
    ), "stay", N_("the text takes away the sword in any case; only the move back is impossible")),
    Ruling("K3", "adjacency", N_("Does 'next to a symbol square' include the diagonals?"), (
        ("eight", N_("yes: any of the eight neighbours, since a samurai moves like a queen")),
        ("orthogonal", N_("no: only the four squares beside it in its row and column")),
    ), "eight", N_("samurai move like the chess queen, so a diagonal neighbour can be crossed first")),
    Ruling("K4", "challenge_line", N_("How far apart are the two rivals of a challenge?"), (
        ("adjacent", N_("on the two squares on either side of the Katana square, in one straight line")),
        ("line", N_("anywhere on one straight line with the one Katana square between them and only free "
                    "squares besides")),
    ), "adjacent", N_("'caselle intervallate dalla medesima casella Katana': only the Katana square "
                      "lies between them")),
    Ruling("K5", "attacker", N_("Which challenges does a move start?"), (
        ("moved", N_("only those of the samurai that moved: it arrives second, so it attacks")),
        ("any", N_("every challenge area the move completes, also one opened by moving a samurai out "
                   "of the line; the mover's samurai attacks")),
    ), "moved", N_("the English text: 'the samurai arriving second at the challenge square is the attacker'")),
    Ruling("K6", "both_stuck", N_("What if neither player can move (Tachiōjō twice in a row)?"), (
        ("draw", N_("the game ends in a draw")),
        ("stuck_loses", N_("the player who cannot move even with a free move loses")),
    ), "draw", N_("the text gives no winner; passing for ever would never end the game")),
    Ruling("K7", "samurai_per_side", N_("How many samurai does each player have?"), (
        ("4", N_("four, one on each of his SHIRO squares")),
        ("3", N_("three, on his two back-row SHIRO squares and the one on the a-file")),
    ), "4", N_("the samurai start on their SHIRO squares and each side has four of them")),
    Ruling("K8", "ban_black", N_("Does 'never stop on a square of the same type as the previous arrival' "
                                 "apply to BLACK squares too?"), (
        ("symbols", N_("no: after a move to BLACK or SHIRO the next move is free, any square but Katana")),
        ("all", N_("yes: after a move to BLACK or SHIRO the next move may not end on BLACK or SHIRO")),
    ), "symbols", N_("the Italian free-move example allows 'any free square of the board that is not a "
                     "KATANA square'")),
    Ruling("K9", "after_challenge", N_("What binds the defeated player's move after a challenge?"), (
        ("usual", N_("the Sacred Constraints as usual: the attacker's arrival square decides")),
        ("free", N_("a free move")),
    ), "usual", N_("the text only says whose turn it is; the constraints bind every move")),
    Ruling("K10", "length", N_("Can a game go on for ever?"), (
        ("unlimited", N_("yes: the text has no limit")),
        ("quiet100", N_("no: 100 moves in a row without a kill end the game in a draw")),
    ), "unlimited", N_("the text ends the game only at the third kill")),
    Ruling("K11", "reoccupy", N_("Who may stop on a vacated SHIRO square?"), (
        ("anyone", N_("any samurai, of either side: it counts as a BLACK square")),
        ("owner", N_("only a samurai of the side the SHIRO square belongs to")),
    ), "anyone", N_("'le caselle di partenza (SHIRO) possono essere rioccupate' names no owner")),
)


@dataclass(frozen=True, slots=True)
class Ruleset(rulings.ChosenRulings):
    """The chosen option of every ruling (K1-K11); the defaults follow the text most closely."""

    RULINGS: ClassVar[tuple[Ruling, ...]] = RULINGS

    relocation_chooser: str = "defender"
    no_free_shiro: str = "stay"
    adjacency: str = "eight"
    challenge_line: str = "adjacent"
    attacker: str = "moved"
    both_stuck: str = "draw"
    samurai_per_side: str = "4"
    ban_black: str = "symbols"
    after_challenge: str = "usual"
    length: str = "unlimited"
    reoccupy: str = "anyone"


DEFAULT = Ruleset()
