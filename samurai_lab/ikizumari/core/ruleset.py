"""The points the rulebook leaves open, as data: rulings I1-I12, each with a question, its options and a
one-line explanation per option; a ``Ruleset`` picks one option per ruling (defaults follow the text)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from samurai_lab.i18n import N_, Domain

from ...common import rulings

T = Domain("ikizumari")


class Ruling(rulings.Ruling):
    """One open point: ``field`` of ``Ruleset``, its question, and (value, label, explanation) per option."""

    def label(self, value: str) -> str:
        """The short name of an option, translated."""
        return T.gettext(next(lbl for v, lbl, _ in self.options if v == value))

    def explain(self, value: str) -> str:
        """The one-line explanation of an option, translated."""
        return T.gettext(next(e for v, _, e in self.options if v == value))


RULINGS: tuple[Ruling, ...] = (
    Ruling("I1", "jump", N_("May a samurai pass over another samurai?"), (
        ("allowed", N_("yes"), N_("Yes: only the landing square must be free (rule b); the only limit is the edge of the board (rule c).")),
        ("blocked", N_("no"), N_("No: every square crossed must be free, as for a rook in chess.")),
    ), "allowed", N_("Rule b forbids only landing on an occupied square and rule c says the only limit is the edge of the board.")),
    Ruling("I2", "first_square", N_("Which square must bear the announced symbol?"), (
        ("first", N_("the first square entered"), N_("The first square entered, next to the samurai's square (the example: a move of 1 lands on the dragon).")),
        ("path", N_("any square crossed"), N_("Any square of the path, the landing square included.")),
    ), "first", N_("'La première case à franchir' is the first square crossed; the example's moves of 1 land on the dragon itself.")),
    Ruling("I3", "protected_stuck", N_("What does a player do who cannot move but still has three samurai on his SHIRO?"), (
        ("release", N_("he moves freely"), N_("He is released from the announcement: any direction, any distance.")),
        ("pass", N_("he passes"), N_("He passes; his opponent then moves again, free of direction and distance.")),
    ), "release", N_("The text calls blocking him 'inutile' (useless): releasing him gives the blocker nothing, a pass would give him an extra move.")),
    Ruling("I4", "first_move_cap", N_("Whose first move is limited to 7 squares?"), (
        ("red", N_("Red's first move"), N_("Only the very first move of the game (Red's).")),
        ("each", N_("each player's first move"), N_("The first move of each player.")),
    ), "red", N_("'Le premier joueur, au premier tour': the first player, at the first turn.")),
    Ruling("I5", "after_anzen", N_("What must the opponent respect after the extra move given by ANZEN?"), (
        ("extra", N_("the extra move"), N_("The extra move is announced like any move: its distance and the symbol it landed on.")),
        ("anzen", N_("the move onto ANZEN"), N_("The distance of the move onto ANZEN, in any direction (ANZEN bears no symbol).")),
    ), "extra", N_("'Il rejoue': the extra move is a move like the others, so it is announced.")),
    Ruling("I6", "anzen_piece", N_("Which samurai makes the extra move given by ANZEN?"), (
        ("any", N_("any of his samurai"), N_("Any of the player's samurai.")),
        ("same", N_("the samurai on ANZEN"), N_("Only the samurai that stands on ANZEN.")),
    ), "any", N_("'Il rejoue' (he plays again) names the player, not the samurai.")),
    Ruling("I7", "anzen_again", N_("May a player land on ANZEN after using its advantage?"), (
        ("no_bonus", N_("yes, without advantage"), N_("Yes, but he does not play again; the opponent keeps the distance and chooses the direction (ANZEN bears no symbol).")),
        ("forbidden", N_("no"), N_("No: each player may land on ANZEN only once per game.")),
    ), "no_bonus", N_("Only the advantage ('ce coup') is limited to once; no rule forbids the square itself.")),
    Ruling("I8", "enemy_shiro", N_("May a samurai land on the opponent's SHIRO?"), (
        ("allowed", N_("yes"), N_("Yes, when it is free.")),
        ("forbidden", N_("no"), N_("No: a samurai may only use the SHIRO of its own camp.")),
    ), "allowed", N_("'Il peut jouer sur les cases SHIRO, si elles sont libres' names the SHIRO squares without a camp.")),
    Ruling("I9", "enemy_shiro_constraint", N_("What does the opponent respect after a samurai lands on his SHIRO?"), (
        ("hobo", N_("the distance only (HO BO)"), N_("The distance only: a SHIRO bears no symbol, so the direction is free, as on MEKURA and on one's own SHIRO.")),
        ("cross", N_("the distance and a cross"), N_("The distance, and the first square crossed must be a SHIRO (a square marked with a cross).")),
    ), "hobo", N_("The text frees the direction on every square without a symbol (MEKURA, SHIRO); the cross marks the squares, it is not one of the four symbols.")),
    Ruling("I10", "freed_shiro", N_("In the draw rule, what are a player's 'two SHIRO squares freed'?"), (
        ("own_samurai", N_("not holding his samurai"), N_("His SHIRO squares not holding one of his samurai: fewer than two freed means three samurai still at home.")),
        ("empty", N_("empty"), N_("His SHIRO squares that are empty (one holding an enemy samurai is not freed).")),
    ), "own_samurai", N_("It matches the protection rule just above it: three samurai on their SHIRO leave at most one SHIRO freed.")),
    Ruling("I11", "min_distance", N_("After an announced distance of 1, may a player move 0 squares?"), (
        ("one", N_("no, at least 1"), N_("No: a move is at least one square, so after 1 the player moves 1 or 2.")),
    ), "one", N_("Rule c: 'Le nombre de cases à franchir ne peut être évidemment inférieur à 1'.")),
    Ruling("I12", "move_limit", N_("Does a game that never ends have a limit?"), (
        ("none", N_("no limit"), N_("No: the game goes on until a player is in IKI-ZUMARI or the draw rule applies.")),
        ("200", N_("200 moves"), N_("After 200 moves without a winner the game is a draw (partie nulle).")),
    ), "none", N_("The text names no limit.")),
)


@dataclass(frozen=True)
class Ruleset(rulings.ChosenRulings):
    """One option per ruling; the defaults follow the text most closely (see docs/ikizumari.md)."""

    RULINGS: ClassVar[tuple[Ruling, ...]] = RULINGS

    jump: str = "allowed"
    first_square: str = "first"
    protected_stuck: str = "release"
    first_move_cap: str = "red"
    after_anzen: str = "extra"
    anzen_piece: str = "any"
    anzen_again: str = "no_bonus"
    enemy_shiro: str = "allowed"
    enemy_shiro_constraint: str = "hobo"
    freed_shiro: str = "own_samurai"
    min_distance: str = "one"
    move_limit: str = "none"

    def refusal(self, ruling: rulings.Ruling, value: object) -> str:
        return T.gettext("Ruling {id} ({field}) has no option {value}; choose one of {options}.").format(
            id=ruling.id, field=ruling.field, value=repr(value), options=", ".join(ruling.option_names))

    @classmethod
    def unknown(cls, key: object) -> str:
        return T.gettext("Unknown ruling {id}; the rulings are {ids}.").format(
            id=repr(key), ids=", ".join(r.id for r in RULINGS))


DEFAULT_RULESET = Ruleset()
