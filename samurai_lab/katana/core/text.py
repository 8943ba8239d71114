"""The words of the game: players, squares, the constraint of the move, moves and outcomes, translated."""

from __future__ import annotations

from ...i18n import Domain
from .board import ARRIVAL_TYPE, BLACK, KIND, KIND_NAMES, NAMES, SHIRO, SYMBOL_NAMES, SYMBOLS
from .rules import banned_type, is_tachiojo
from .state import PLAYER_NAMES, Move, Outcome, State, outcome

T = Domain("katana")


def player_name(player: int) -> str:
    """'Black' or 'Red' in the current language."""
    return T.gettext(PLAYER_NAMES[player])


def type_name(kind: str) -> str:
    """The name of an arrival type: a symbol or BLACK."""
    return T.gettext(SYMBOL_NAMES[kind]) if kind in SYMBOLS else T.gettext(KIND_NAMES.get(kind, kind))


def describe_constraint(state: State) -> str:
    """What binds the move of the player to move, in words."""
    done = outcome(state)
    if done is not None:
        return describe_outcome(done)
    who = player_name(state.to_move)
    if state.pending:
        return T.gettext("{player} puts the defeated samurai of {owner} back on a free SHIRO square of "
                         "his side.").format(player=who, owner=player_name(state.pending[0][0]))
    if is_tachiojo(state):
        return T.gettext("Tachiōjō: {player} cannot move any samurai within the Sacred Constraints and "
                         "must pass; the next move is free.").format(player=who)
    last = state.last
    if last in SYMBOLS:
        return T.gettext("Constrained move: {player} must move a samurai next to a {symbol} square, crossing "
                         "it first without stopping on it, then any number of squares in that line; never "
                         "stopping on a {symbol} square.").format(player=who, symbol=type_name(last))
    if banned_type(state) == BLACK:
        return T.gettext("Free move: {player} moves a samurai anywhere in a straight line, but not onto "
                         "a BLACK or vacated SHIRO square (ruling K8).").format(player=who)
    return T.gettext("Free move: {player} moves any samurai like a chess queen to any free square that "
                     "is not a KATANA square.").format(player=who)


def describe_outcome(result: Outcome) -> str:
    """How the game ended, in words."""
    if result.reason == "three_kills":
        return T.gettext("{player} has killed three enemy samurai and wins (Iki zumar).").format(
            player=player_name(result.winner))
    if result.reason == "both_stuck":
        return T.gettext("Neither player can move: the game is a draw (ruling K6).")
    if result.reason == "stuck_loses":
        return T.gettext("{loser} cannot move even with a free move and loses; {player} wins (ruling K6).").format(
            loser=player_name(1 - result.winner), player=player_name(result.winner))
    return T.gettext("100 moves without a kill: the game is a draw (ruling K10).")


def describe_move(before: State, move: Move, after: State) -> str:
    """One move and what it caused, in words."""
    who = player_name(before.to_move)
    if move.kind == "pass":
        text = T.gettext("{player} cannot move: Tachiōjō, he passes.").format(player=who)
    elif move.kind == "place":
        text = T.gettext("{player} puts the defeated samurai back on SHIRO {square}.").format(
            player=who, square=NAMES[move.to])
    else:
        text = T.gettext("{player} moves {frm}-{to} onto a {kind} square.").format(
            player=who, frm=NAMES[move.frm], to=NAMES[move.to], kind=T.gettext("SHIRO (counts as BLACK)")
            if KIND[move.to] == SHIRO else type_name(ARRIVAL_TYPE[move.to]))
    for ch in after.challenges:
        words = (T.gettext("A challenge (Sfida) across the KATANA on {katana}: the attacker on {att} kills "
                           "the defender on {dfd}, who had no sword.") if ch.killed else
                 T.gettext("A challenge (Sfida) across the KATANA on {katana}: the attacker on {att} wins; "
                           "the defender on {dfd} loses his sword and goes back to a SHIRO square."))
        text += " " + words.format(katana=NAMES[ch.katana], att=NAMES[ch.attacker], dfd=NAMES[ch.defender])
    return text
