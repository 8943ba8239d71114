"""The rulebook examples in words: an action, what it did, what an example expects, the rule options,
each in the page's language and the edition's vocabulary (``Red lays a Samurai 2 on the land north of
Kyoto``). Used by the examples app, the rules panel and the lesson."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from typing import Sequence

from ...i18n import DEFAULT_LANGUAGE, N_, Domain, get_language
from ..core.actions import Action, EndTurn, MoveTile, Pass, PlaceTile, Swap
from ..core.influence import pending_resolutions
from ..core.model import Resolution
from ..core.ruleset import END_OF_TURN
from ..core.state import GameState
from ..core.text import end_reason_text, tile_name
from ..core.tiles import CASTES
from .words import hex_words, plain_text, resolution_words, seat_names

T = Domain("knizia")  # context "examples": the examples' own wording where the rules' messages differ


def action_text(before: GameState, action: Action, coords: bool = False) -> str:
    """What an action does, in the edition's words: ``Red lays a Samurai 2 on the land north of Kyoto``."""
    vocab = before.ruleset.vocabulary
    who = seat_names(before)[before.current]
    where = partial(hex_words, before, coords=coords)
    if isinstance(action, PlaceTile):
        return T.gettext("{player} lays a {tile} on {place}").format(
            player=who, tile=tile_name(action.tile, vocab), place=where(action.hex))
    if isinstance(action, Swap):
        return T.gettext("{player} plays the {swap}: the {caste_a} of {place_a} changes places with the {caste_b} "
                         "of {place_b}").format(player=who, swap=vocab.swap, caste_a=vocab.caste(action.caste_a),
                                                place_a=where(action.hex_a), caste_b=vocab.caste(action.caste_b),
                                                place_b=where(action.hex_b))
    if isinstance(action, MoveTile):
        lifted = before.tiles[before.board.resolve(action.from_hex)]
        what = tile_name(lifted.tile, vocab) if lifted is not None else vocab.tile
        return T.gettext("{player} plays the {move}: lifts the {tile} from {place_a}, leaves the {move} (0) there "
                         "and lays the {tile} on {place_b}").format(player=who, move=vocab.move, tile=what,
                                                                    place_a=where(action.from_hex),
                                                                    place_b=where(action.to_hex))
    if isinstance(action, EndTurn):
        if before.ruleset.capture_timing == END_OF_TURN:
            return T.gettext("{player} ends the turn: now every surrounded settlement is decided").format(player=who)
        return T.gettext("{player} ends the turn and refills the hand").format(player=who)
    if isinstance(action, Pass):
        return T.gettext("{player} passes").format(player=who)
    return f"{who}: {action}"


def action_phrase(state: GameState, action: Action, coords: bool = False) -> str:
    """A short name of an action not yet played: ``Samurai 2 on the land north of Kyoto``, ``end the turn``."""
    vocab = state.ruleset.vocabulary
    where = partial(hex_words, state, coords=coords)
    if isinstance(action, PlaceTile):
        return T.pgettext("examples", "{tile} on {place}").format(tile=tile_name(action.tile, vocab), place=where(action.hex))
    if isinstance(action, Swap):
        return T.gettext("{swap}: the {caste_a} of {place_a} ↔ the {caste_b} of {place_b}").format(
            swap=vocab.swap, caste_a=vocab.caste(action.caste_a), place_a=where(action.hex_a),
            caste_b=vocab.caste(action.caste_b), place_b=where(action.hex_b))
    if isinstance(action, MoveTile):
        return T.gettext("{move}: {place_a} → {place_b}").format(move=vocab.move, place_a=where(action.from_hex),
                                                                place_b=where(action.to_hex))
    if isinstance(action, EndTurn):
        return T.pgettext("examples", "end the turn")
    if isinstance(action, Pass):
        return T.gettext("pass (no {tile} can be laid)").format(tile=vocab.tile)
    return str(action)


def _lower_first(text: str) -> str:
    """A sentence's start in lower case when it begins with an article (``The Buddha`` -> ``the Buddha``)."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first in _ARTICLES else text


_ARTICLES = {"The", "Il", "Lo", "La", "Le", "Gli", "I", "L'", "El", "Los", "Las"}


#: The languages of the rulebooks (``[[source]] language``), named in the reader's language.
RULEBOOK_LANGUAGES = {"it": N_("Italian"), "es": N_("Spanish"), "ru": N_("Russian"), "fr": N_("French")}


def rulebook_heading(seed: str, language: str) -> str:
    """``The rulebook 000 (Italian) says:``: the heading of a rulebook's quotation, in the reader's language."""
    name = T.gettext(RULEBOOK_LANGUAGES[language]) if language in RULEBOOK_LANGUAGES else language
    return T.gettext("The rulebook {seed} ({language}) says:").format(seed=seed, language=name)


def outcome_lines(before: GameState, after: GameState, action: Action, resolutions: Sequence[Resolution],
                  error: str | None, coords: bool = False) -> list[str]:
    """What happened, one fact per line, in the edition's words."""
    vocab = before.ruleset.vocabulary
    names = seat_names(after)
    if error is not None:
        return [T.gettext("The rules refuse this: {reason}.").format(reason=error)]
    out = [resolution_words(after, r, coords) + "." for r in resolutions]
    turn_ends = isinstance(action, (EndTurn, Pass))
    pending = (pending_resolutions(after) if after.ruleset.capture_timing == END_OF_TURN and not turn_ends
               and not after.is_over else ())
    if pending:
        out.append(T.gettext("Surrounded settlements are decided when the turn ends. As things stand: {captures}.")
                   .format(captures="; ".join(_lower_first(resolution_words(after, r, coords)) for r in pending)))
    elif not resolutions and (not turn_ends or after.ruleset.capture_timing == END_OF_TURN):
        out.append(T.gettext("No settlement is decided."))
    if after.is_over and not before.is_over:
        out.append(T.pgettext("examples", "The game ends: {reason}.").format(reason=end_reason_text(after.end_reason, vocab)))
    elif after.end_reason and not before.end_reason:
        out.append(T.gettext("End of the game reached ({reason}): {player} finishes the turn, then the game ends.")
                   .format(reason=end_reason_text(after.end_reason, vocab), player=names[after.current]))
    if isinstance(action, Swap):
        out.append(T.gettext("The {swap} leaves the game.").format(swap=vocab.swap))
    if isinstance(action, Pass):
        out.append(T.gettext("Nobody may pass by choice: {player} cannot lay any {tile} (R1), so the turn passes "
                             "without drawing.").format(player=seat_names(before)[before.current], tile=vocab.tile))
    if isinstance(action, (EndTurn, Pass)) and not after.is_over:
        out.append(T.gettext("{player} is to play.").format(player=names[after.current]))
    return out


def _counts_words(counts: Sequence[int], vocab) -> str:
    return ", ".join(vocab.count(c, n) for c, n in zip(CASTES, counts) if n) or T.gettext("nothing")


def expectation_lines(expect, state: GameState, coords: bool = False) -> list[str]:
    """What a scenario expects, one fact per line, in the edition's words."""
    vocab = state.ruleset.vocabulary
    names = seat_names(state)

    def scores(values) -> str:
        return ", ".join(f"{names[p]} {v}" for p, v in enumerate(values) if v)

    def capture(spec) -> str:
        values = dict(caste=vocab.caste(spec.caste), place=hex_words(state, spec.hex, coords))
        if spec.tallies is not None:
            values["tallies"] = scores(spec.tallies) or T.gettext("nobody has influence")
            if spec.winner is None:
                return T.gettext("The {caste} of {place} is set aside ({tallies})").format(**values)
            return T.gettext("{player} takes the {caste} of {place} ({tallies})").format(
                player=names[spec.winner], **values)
        if spec.winner is None:
            return T.gettext("The {caste} of {place} is set aside").format(**values)
        return T.gettext("{player} takes the {caste} of {place}").format(player=names[spec.winner], **values)

    out: list[str] = []
    if expect.illegal:
        # the reason a scenario file expects is an English phrase (data): shown in English pages only
        out.append(T.gettext("The rules refuse this action ({reason})").format(reason=expect.illegal)
                   if isinstance(expect.illegal, str) and get_language() == DEFAULT_LANGUAGE
                   else T.gettext("The rules refuse this action"))
    if expect.captures is not None:
        out += [capture(c) for c in expect.captures] or [T.gettext("No piece is decided")]
    if expect.pending is not None:
        out += [T.gettext("When the turn ends: {capture}").format(capture=_lower_first(capture(c)))
                for c in expect.pending] or [T.gettext("Nothing is decided when the turn ends")]
    for t in expect.tallies:
        out.append(T.gettext("Influence on a {caste} at {place}: {tallies}").format(
            caste=vocab.caste(t.caste), place=hex_words(state, t.hex, coords),
            tallies=scores(t.values) or T.gettext("nobody")))
    out += [T.gettext("{player} has captured {pieces}").format(player=names[p], pieces=_counts_words(c, vocab))
            for p, c in expect.captured]
    if expect.set_aside is not None:
        out.append(T.gettext("Set aside: {pieces}").format(pieces=_counts_words(expect.set_aside, vocab)))
    out += [T.pgettext("examples", "Leader of the {caste}: {player}").format(
        caste=vocab.caste(c), player=T.gettext("nobody") if p is None else names[p]) for c, p in expect.leaders]
    rest = replace(expect, illegal=None, captures=None, pending=None, tallies=(), captured=(), set_aside=None,
                   leaders=())
    out += [plain_text(state, line, coords) for line in rest.lines(names, vocab, board=state.board)]
    return out


#: The groups of the examples' list (the 1998 and 2015 rulebooks, the rulings), translated where shown.
GROUP_TITLES = {
    "1998": N_("1998 rules (Hans im Glück / Rio Grande; Italian and Russian rulebooks)"),
    "2015": N_("2015 rules (Fantasy Flight; Spanish rulebook)"),
    "rulings": N_("Rulings: what the rulebooks leave open"),
}
#: The rule options a scenario's variants are named after (``[[variant]] name``).
OPTION_WORDS = {
    "instant": N_("instant"), "end_of_turn": N_("end of turn"), "finish_turn": N_("finish the turn"),
    "stop_at_once": N_("stop at once"), "allowed": N_("allowed"), "forbidden": N_("forbidden"), "pass": N_("pass"),
}


def group_title(group: str) -> str:
    """A group of examples in the current language."""
    return T.gettext(GROUP_TITLES[group]) if group in GROUP_TITLES else group


def option_words(value: str) -> str:
    """A rule option's value in words (``end_of_turn`` -> ``end of turn``), in the current language."""
    return T.gettext(OPTION_WORDS[value]) if value in OPTION_WORDS else value.replace("_", " ")


_OPTION_ID = re.compile(r"\b(" + "|".join(k for k in OPTION_WORDS if k != "pass") + r")\b")


def option_ids_in_words(text: str, english_too: bool = False) -> str:
    """A translated scenario text with the rule options it names by id (``end_of_turn``) in words (English
    texts keep the ids, the options' names in files and addresses, unless ``english_too``)."""
    if get_language() == DEFAULT_LANGUAGE and not english_too:
        return text
    return _OPTION_ID.sub(lambda m: option_words(m.group(1)), text)


def variant_label(name: str) -> str:
    """A variant's name in words: ``as written`` (``""``) or the option it switches to."""
    return option_words(name) if name else T.pgettext("examples", "as written")


def settlements_concerned(state: GameState, hexes: Sequence[str], resolutions: Sequence[Resolution] = ()) -> list[int]:
    """Settlement indices among ``hexes`` and next to them, plus those decided, in board order."""
    board = state.board
    out: set[int] = {r.hex for r in resolutions}
    for h in hexes:
        try:
            i = board.resolve(h)
        except ValueError:
            continue
        if board.is_settlement[i]:
            out.add(i)
        else:
            out.update(board.adjacent_settlements[i])
    return sorted(out)
