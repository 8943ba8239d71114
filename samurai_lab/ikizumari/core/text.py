"""The rules' words for states and moves: constraints, announcements, refusals and endings (translated)."""

from __future__ import annotations

from samurai_lab.i18n import N_, Domain

from .board import ANZEN, BOARD, DRAGON, IBIS, MEKURA, PLAYER_NAMES, SHIRO, SYMBOL, SYMBOL_NAMES, TIGER, TORTOISE
from .moves import Move
from .state import CROSS, State

T = Domain("ikizumari")


def player_name(player: int) -> str:
    return T.gettext(PLAYER_NAMES[player])


def symbol_name(symbol: str) -> str:
    return T.gettext("SHIRO") if symbol == CROSS else T.gettext(SYMBOL_NAMES[symbol])


_A_SYMBOL = {DRAGON: N_("a dragon"), IBIS: N_("an ibis"), TIGER: N_("a tiger"), TORTOISE: N_("a tortoise")}


def a_symbol(symbol: str) -> str:
    """'a dragon', 'an ibis' (a SHIRO cross: 'a cross (SHIRO)')."""
    return T.gettext("a cross (SHIRO)") if symbol == CROSS else T.gettext(_A_SYMBOL[symbol])


_SQUARE_WORDS = {MEKURA: N_("no symbol (MEKURA)"), SHIRO: N_("a cross (SHIRO)"), ANZEN: N_("no symbol (ANZEN)")}


def square_words(square: int) -> str:
    """What a square bears: 'a dragon', 'MEKURA (no symbol)', 'a SHIRO', 'ANZEN'."""
    kind = BOARD.kind[square]
    return a_symbol(BOARD.symbol[square]) if kind == SYMBOL else T.gettext(_SQUARE_WORDS[kind])


def distances_text(dmin: int, dmax: int) -> str:
    """'1 or 2', '1, 2 or 3', '2, 3 or 4'."""
    if dmin == dmax:
        return str(dmin)
    words = T.gettext("{a} or {b}") if dmax == dmin + 1 else T.gettext("{a}, {b} or {c}")
    return words.format(a=dmin, b=dmin + 1, c=dmin + 2)


def constraint_text(state: State, w) -> str:  # noqa: ANN001 - a rules.Window
    """The constraint of the move to make, in words."""
    player = player_name(state.to_move)
    if w.must_pass:
        return T.gettext("{player} cannot move any samurai but is protected by his SHIRO: {player} passes "
                         "(ruling I3).").format(player=player)
    if w.released:
        return T.gettext("{player} cannot follow the announcement but still has three samurai on his SHIRO: "
                         "he moves freely, any direction and any distance (ruling I3).").format(player=player)
    if state.bonus:
        return T.gettext("{player} plays again (ANZEN): any direction, any distance.").format(player=player)
    if w.symbol is None and w.dmin == 1 and w.dmax >= 7 and state.distance is None:
        if w.dmax == 7:
            return T.gettext("{player} moves first: any direction, at most 7 squares.").format(player=player)
        return T.gettext("{player} moves freely: any direction, any distance.").format(player=player)
    if w.symbol is None:
        words = T.gettext("{player} must move {distances} squares, in any direction (HO BO).")
    elif w.symbol == CROSS:
        words = T.gettext("{player} must move {distances} squares, first crossing a SHIRO square.")
    elif state.ruleset.first_square == "path":
        words = T.gettext("{player} must move {distances} squares, crossing {a_symbol} square on the way.")
    else:
        words = T.gettext("{player} must move {distances} squares, first crossing {a_symbol} square.")
    return words.format(player=player, distances=distances_text(w.dmin, w.dmax),
                        a_symbol=w.symbol and a_symbol(w.symbol))


def announcement(after: State) -> str:
    """What the player who just moved announces: '2 dragon', '4 HO BO', '3 SHIRO', 'ANZEN', 'pass'."""
    m = after.last
    if m is None:
        return ""
    if m.is_pass:
        return T.gettext("pass")
    k = BOARD.line(m.origin, m.target)[1]
    if after.bonus:
        return T.gettext("{n} ANZEN: he plays again").format(n=k)
    kind = BOARD.kind[m.target]
    if kind == SYMBOL:
        return T.gettext("{n} {symbol}").format(n=k, symbol=symbol_name(BOARD.symbol[m.target]))
    return T.gettext({SHIRO: N_("{n} SHIRO"), ANZEN: N_("{n} ANZEN")}.get(kind, N_("{n} HO BO"))).format(n=k)


def reason_text(state: State, w, code: str, m: Move, direction: int, k: int) -> str:  # noqa: ANN001
    """A refusal in the rules' words."""
    player = player_name(state.to_move)
    ray = BOARD.rays[m.origin][direction]
    if code == "distance":
        return T.gettext("{player} must move {distances} squares, not {n}.").format(
            player=player, distances=distances_text(w.dmin, w.dmax), n=k)
    if code == "first_cap":
        return T.gettext("The first player, at the first turn, may not move his samurai more than 7 squares.")
    if code == "symbol":
        words = (T.gettext("One of the squares crossed must bear {symbol}.")
                 if state.ruleset.first_square == "path" else
                 T.gettext("The first square crossed must bear {symbol}: {square} bears {what}."))
        return words.format(symbol=a_symbol(w.symbol), square=BOARD.name(ray[0]), what=square_words(ray[0]))
    if code == "jump":
        blocker = next(sq for sq in ray[:k - 1] if sq in state.occupied)
        return T.gettext("A samurai cannot pass over another samurai (ruling I1): {square} is occupied.").format(
            square=BOARD.name(blocker))
    if code == "occupied":
        return T.gettext("A samurai cannot land on a square already occupied by another samurai: {square}.").format(
            square=BOARD.name(m.target))
    if code == "enemy_shiro":
        return T.gettext("A samurai may not land on the opponent's SHIRO (ruling I8).")
    if code == "anzen_again":
        return T.gettext("{player} has already used ANZEN: each player may land on it only once (ruling I7).").format(
            player=player)
    return T.gettext("A samurai must move at least one square.")


def outcome_text(result) -> str:  # noqa: ANN001 - a rules.Outcome
    """The end of the game in words."""
    if result.reason == "iki_zumari":
        return T.gettext("{loser} is in IKI-ZUMARI (asphyxie): {winner} wins.").format(
            loser=player_name(1 - result.winner), winner=player_name(result.winner))
    if result.reason == "draw_rule":
        return T.gettext("Partie nulle (draw): every possible move would put a player still protected by his "
                         "SHIRO in IKI-ZUMARI.")
    return T.gettext("Partie nulle (draw): 200 moves without a winner (ruling I12).")
