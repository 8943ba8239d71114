"""Plain-text descriptions of states and captures, in the edition's vocabulary."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...i18n import Domain
from .ruleset import Vocabulary

from .model import Phase
from .tiles import CASTES, Tile

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

T = Domain("knizia")


def tile_name(t: Tile, vocab: Vocabulary) -> str:
    """``High Helmet 4``, ``Samurai 2``, ``Ship 1``, ``figure exchange`` (in the edition's words)."""
    name = vocab.figure(t.figure)
    return name if t.value is None or t.is_move else T.gettext("{figure} {value}").format(figure=name, value=t.value)


_CASTE_GONE = re.compile(r"no (.+) piece is left on the board")
_SET_ASIDE = re.compile(r"(\d+) pieces have been set aside by ties")
_ALL_PASSED = re.compile(r"no player can place a (.+) \(every player passed in a row\)")


def end_reason_text(reason: str, vocab: Vocabulary) -> str:
    """A game's end reason (kept in English, as the engine wrote it) in the current language; a reason
    written otherwise (e.g. in a scenario file) as it is."""
    if m := _CASTE_GONE.fullmatch(reason):
        english = vocab.english("castes")
        for c in CASTES:
            if english[c] == m[1]:
                return T.gettext("no {caste} piece is left on the board").format(caste=vocab.caste(c))
    elif m := _SET_ASIDE.fullmatch(reason):
        n = int(m[1])
        return T.ngettext("{n} piece has been set aside by ties", "{n} pieces have been set aside by ties",
                          n).format(n=n)
    elif _ALL_PASSED.fullmatch(reason):
        return T.gettext("no player can place a {tile} (every player passed in a row)").format(tile=vocab.tile)
    return reason


def phase_text(phase: Phase) -> str:
    """A phase in the current language (``choosing the hands``, ``play``)."""
    return {Phase.CHOOSE_HANDS: lambda: T.gettext("choosing the hands"),
            Phase.PLACE_PIECES: lambda: T.gettext("placing the pieces"),
            Phase.PLAY: lambda: T.pgettext("phase of the game", "play"),
            Phase.GAME_OVER: lambda: T.gettext("game over")}[phase]()


def describe_state(state: GameState) -> str:
    """A short multi-line summary: phase, whose turn, hands, captures."""
    vocab = state.ruleset.vocabulary
    names = vocab.seat_names(state.seats)
    lines = [T.gettext("Samurai, {n} players, {edition} rules, phase {phase}").format(
        n=state.n_players, edition=state.ruleset.edition, phase=phase_text(state.phase))]
    who = names[state.current]
    if state.phase is Phase.CHOOSE_HANDS:
        lines.append(T.gettext("setup: {player} chooses a starting hand; the {pieces} are placed once every hand "
                               "is chosen").format(player=who, pieces=vocab.pieces))
    elif state.phase is Phase.PLACE_PIECES:
        lines.append(T.gettext("setup: {player} places a {piece} (every hand is chosen; play begins when all are "
                               "placed)").format(player=who, piece=vocab.piece))
    elif state.phase is not Phase.GAME_OVER:
        lines.append(T.gettext("turn {turn}: {player} to play").format(turn=state.turn, player=who))
    else:
        why = end_reason_text(state.end_reason, vocab) if state.end_reason else state.end_reason
        lines.append(T.gettext("game over: {why}").format(why=why))
    sizes = state.hand_sizes()
    for p, seat in enumerate(state.seats):
        hand = state.hands[p]
        shown = ((" ".join(t.code for t in hand) or "—") if hand is not None
                 else T.ngettext("{n} hidden", "{n} hidden", sizes[p]).format(n=sizes[p]))
        cap = state.captured[p]
        caps = T.pgettext("captured pieces", "hidden") if cap is None else ", ".join(
            T.pgettext("captured pieces", "{n} {caste}").format(n=n, caste=vocab.castes[c]) for c, n in zip(vocab.castes, cap))
        lines.append("  " + T.gettext("{player}: hand {hand}; pile {pile}; captured {captured}").format(
            player=names[p], hand=shown, pile=state.pile_sizes[p], captured=caps))
    lines.append("  " + T.gettext("set aside: {n}").format(n=sum(state.set_aside)))
    return "\n".join(lines)
