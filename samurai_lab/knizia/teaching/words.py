"""Plain words for the board: where a hex is ("the land north of Kyoto"), what a tile is, who took what.

Every message of the apps names hexes through ``hex_words`` (``HO34`` -> ``the land south-west of Kyoto``;
`` (HO34)`` added with ``coords``, the apps' "Show coordinates"). A named settlement goes by its name; a
village by its direction from the nearest named settlement of its island (with the distance where two
would share the words), or by where it lies on an island without one; any other hex by its direction from
a settlement next to it, else a few steps away. No two hexes of a board share their words.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Callable, Sequence

from ..core.board import Board, place_name
from ..core.hexgrid import axial_distance, axial_to_pixel
from ..core.grammar import RUSSIAN_NOMINATIVE, Word, capitalised, russian_case, split_article, with_preposition
from ..core.model import Resolution
from ..core.state import GameState
from ..core.text import tile_name
from ..core.tiles import tile
from ...i18n import Domain, get_language

T = Domain("knizia")

COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
ISLANDS = {"honshu": "Honshu", "kyushu": "Kyushu", "shikoku": "Shikoku", "hokkaido": "Hokkaido"}
KINDS = {"land": "land", "sea": "sea", "village": "village", "city": "city", "edo": "city"}


def _xy(board: Board, i: int) -> tuple[float, float]:
    return axial_to_pixel(board.info[i].q, board.info[i].r, 1.0)


def _distance(board: Board, i: int, j: int) -> int:
    a, b = board.info[i], board.info[j]
    return axial_distance((a.q, a.r), (b.q, b.r))


def _compass(dx: float, dy: float) -> str:
    angle = math.degrees(math.atan2(-dy, dx)) % 360
    return COMPASS[int(((angle + 22.5) % 360) // 45)]


def _direction(board: Board, i: int, j: int) -> str:
    """The direction of hex ``i`` seen from hex ``j``."""
    (x1, y1), (x2, y2) = _xy(board, i), _xy(board, j)
    return _compass(x1 - x2, y1 - y2)


def _village_words(board: Board, specs: dict) -> dict[int, str]:
    """English words of every unnamed settlement; ``specs`` receives how each was built (for other languages)."""
    named = [i for i in board.settlements if board.info[i].name]
    out: dict[int, str] = {}
    plain: dict[int, tuple[int, str]] = {}
    for v in board.settlements:
        if board.info[v].name:
            continue
        island = board.info[v].island
        anchors = [a for a in named if board.info[a].island == island]
        if anchors:
            a = min(anchors, key=lambda a: (_distance(board, v, a), a))
            plain[v] = (a, _direction(board, v, a))
        else:
            land = [i for i in range(len(board.ids)) if board.info[i].island == island]
            cx = sum(_xy(board, i)[0] for i in land) / len(land)
            cy = sum(_xy(board, i)[1] for i in land) / len(land)
            x, y = _xy(board, v)
            specs[v] = ("island", KINDS[board.info[v].kind], _compass(x - cx, y - cy),
                        ISLANDS.get(island, island.title()))
            out[v] = "the {} in the {} of {}".format(*specs[v][1:])
    seen: dict[tuple[int, str], list[int]] = {}
    for v, key in plain.items():
        seen.setdefault(key, []).append(v)
    for (a, d), villages in seen.items():
        for v in villages:
            kind = KINDS[board.info[v].kind]
            n = 1 if len(villages) == 1 else _distance(board, v, a)
            steps = "" if len(villages) == 1 else f"{n} steps "
            out[v] = f"the {kind} {steps}{d} of {board.info[a].name}"
            specs[v] = ("near", kind, n, d, a)
    # islands whose villages share a compass point: add the distance from the island's middle
    by_words: dict[str, list[int]] = {}
    for v, w in out.items():
        by_words.setdefault(w, []).append(v)
    for w, vs in by_words.items():
        if len(vs) > 1:
            for k, v in enumerate(sorted(vs, key=lambda v: _xy(board, v)[1])):
                specs[v] = ("nth", specs[v], k + 1, len(vs))
                out[v] = w.replace("the ", f"the {('northern', 'southern', 'third')[min(k, 2)]} ", 1) \
                    if len(vs) == 2 else f"{w} ({k + 1} of {len(vs)})"
    return out


def _all_words(board: Board) -> tuple[str, ...]:
    return _words_and_specs(board)[0]


@lru_cache(maxsize=8)
def _words_and_specs(board: Board) -> tuple[tuple[str, ...], dict]:
    """The English words of every hex, and how each was built (``specs``: translated by ``_spec_words``)."""
    specs: dict = {}
    settlements = _village_words(board, specs)
    for i in board.settlements:
        if board.info[i].name:
            settlements[i] = board.info[i].name
            specs[i] = ("name", board.info[i].name)
    words: list[str | None] = [settlements.get(i) for i in range(len(board.ids))]
    taken = {w for w in words if w}
    for i in range(len(board.ids)):
        if words[i] is not None:
            continue
        kind = KINDS.get(board.info[i].kind, board.info[i].kind)
        refs = sorted(board.settlements, key=lambda s: (_distance(board, i, s), not board.info[s].name, s))
        for s in refs[:6]:
            d = _distance(board, i, s)
            steps = "" if d == 1 else f"{d} steps "
            w = f"the {kind} {steps}{_direction(board, i, s)} of {settlements[s]}"
            if w not in taken:
                chosen = w
                specs[i] = ("near", kind, d, _direction(board, i, s), s)
                break
        else:
            s = refs[0]
            chosen = f"the {kind} {_distance(board, i, s)} steps {_direction(board, i, s)} of {settlements[s]} " \
                     f"({board.ids[i]})"
            specs[i] = ("id", ("near", kind, _distance(board, i, s), _direction(board, i, s), s), board.ids[i])
        taken.add(chosen)
        words[i] = chosen
    return tuple(w or board.ids[i] for i, w in enumerate(words)), specs


# The words of other languages: a hex's words are built from messages with placeholders, one per kind of
# hex (the article and the gender differ), a direction phrase, and the place they are seen from, itself
# in the form that follows "of" (Italian "di Edo" / "del villaggio ...", Russian "от Эдо" / "от деревни ...").
#: ``north-west`` as it stands after a hex's kind (Italian ``a nord-ovest``, Russian ``к северо-западу``).
_DIRECTION_TEXT = {
    "east": lambda: T.pgettext("direction from a place", "east"),
    "north-east": lambda: T.pgettext("direction from a place", "north-east"),
    "north": lambda: T.pgettext("direction from a place", "north"),
    "north-west": lambda: T.pgettext("direction from a place", "north-west"),
    "west": lambda: T.pgettext("direction from a place", "west"),
    "south-west": lambda: T.pgettext("direction from a place", "south-west"),
    "south": lambda: T.pgettext("direction from a place", "south"),
    "south-east": lambda: T.pgettext("direction from a place", "south-east"),
}
#: ``north-west`` as a part of an island (Italian ``nord-ovest``, Russian ``северо-западной``).
_COMPASS_TEXT = {
    "east": lambda: T.pgettext("part of an island", "east"),
    "north-east": lambda: T.pgettext("part of an island", "north-east"),
    "north": lambda: T.pgettext("part of an island", "north"),
    "north-west": lambda: T.pgettext("part of an island", "north-west"),
    "west": lambda: T.pgettext("part of an island", "west"),
    "south-west": lambda: T.pgettext("part of an island", "south-west"),
    "south": lambda: T.pgettext("part of an island", "south"),
    "south-east": lambda: T.pgettext("part of an island", "south-east"),
}


def _near_words(kind: str, n: int, direction: str, place: str) -> str:
    if kind == "land":
        msg = (T.gettext("the land {direction} {place}") if n == 1 else
               T.ngettext("the land {n} step {direction} {place}", "the land {n} steps {direction} {place}", n))
    elif kind == "sea":
        msg = (T.gettext("the sea {direction} {place}") if n == 1 else
               T.ngettext("the sea {n} step {direction} {place}", "the sea {n} steps {direction} {place}", n))
    elif kind == "city":
        msg = (T.gettext("the city {direction} {place}") if n == 1 else
               T.ngettext("the city {n} step {direction} {place}", "the city {n} steps {direction} {place}", n))
    else:
        msg = (T.gettext("the village {direction} {place}") if n == 1 else
               T.ngettext("the village {n} step {direction} {place}", "the village {n} steps {direction} {place}", n))
    return msg.format(n=n, direction=_DIRECTION_TEXT[direction](), place=place)


def _spec_words(spec: tuple, specs: dict, of: bool = False) -> str:
    """A hex's words in the current language, from how its English words were built; with ``of``, a
    settlement's words in the form that follows "of" (``of Kyoto``, ``of the village north of Akita``)."""
    what = spec[0]
    if what == "name":
        if of:
            return T.pgettext("of a place", "of {name}").format(name=Word(place_name(spec[1])))
        return place_name(spec[1])
    if what == "id":
        return T.gettext("{place} ({id})").format(place=_spec_words(spec[1], specs), id=spec[2])
    if what == "nth":
        return T.gettext("{place} ({k} of {n})").format(place=_spec_words(spec[1], specs, of), k=spec[2],
                                                        n=spec[3])
    if what == "island":
        _, kind, compass, island = spec
        if of:
            msg = (T.pgettext("of a place", "of the city in the {compass} of {island}") if kind == "city" else
                   T.pgettext("of a place", "of the village in the {compass} of {island}"))
        else:
            msg = (T.gettext("the city in the {compass} of {island}") if kind == "city" else
                   T.gettext("the village in the {compass} of {island}"))
        return msg.format(compass=_COMPASS_TEXT[compass](), island=place_name(island))
    _, kind, n, direction, anchor = spec
    place = _spec_words(specs[anchor], specs, of=True)
    if not of:
        return _near_words(kind, n, direction, place)
    if kind == "city":
        msg = (T.pgettext("of a place", "of the city {direction} {place}") if n == 1 else
               T.ngettext("of the city {n} step {direction} {place}", "of the city {n} steps {direction} {place}", n))
    else:
        msg = (T.pgettext("of a place", "of the village {direction} {place}") if n == 1 else
               T.ngettext("of the village {n} step {direction} {place}", "of the village {n} steps {direction} {place}",
                          n))
    return msg.format(n=n, direction=_DIRECTION_TEXT[direction](), place=place)


def _board(where: GameState | Board) -> Board:
    return where.board if isinstance(where, GameState) else where


def hex_words(where: GameState | Board, hex_ref: int | str, coords: bool = False) -> Word:
    """Where a hex is, in words: ``Kyoto``, ``the land north-west of Edo``; `` (HO20)`` added with ``coords``.
    The words take the form a translation asks for (``{place:su}``: Italian ``sulla terra ...``; ``{place:gen}``:
    Russian ``суши ...``; see ``core.grammar``)."""
    board = _board(where)
    i = hex_ref if isinstance(hex_ref, int) else board.resolve(hex_ref)
    if get_language() == "en":
        words = _all_words(board)[i]
    else:
        _, specs = _words_and_specs(board)
        words = _spec_words(specs[i], specs) if i in specs else board.ids[i]
    return Word(f"{words} ({board.ids[i]})" if coords else words)


def seat_names(state: GameState) -> list[str]:
    """The players' names in the current language (a colour's name translated: ``Red`` -> ``Rosso``)."""
    return state.ruleset.vocabulary.seat_names(state.seats)


def tallies_words(state: GameState, tallies: Sequence[int]) -> str:
    """``Red 3, Blue 2`` or ``nobody has influence`` (players named in the current language)."""
    names = seat_names(state)
    parts = [T.gettext("{player} {value}").format(player=names[p], value=v) for p, v in enumerate(tallies) if v]
    return ", ".join(parts) or T.gettext("nobody has influence")


def resolution_words(state: GameState, r: Resolution, coords: bool = False, capital: bool = True) -> str:
    """``Blue takes the Castle of Kyoto (Blue 3, Red 2)`` or ``The Buddha of Edo is set aside: tie ...``
    (``the Buddha ...`` without ``capital``, inside a sentence)."""
    vocab = state.ruleset.vocabulary
    values = dict(caste=vocab.caste(r.caste), where=hex_words(state, r.hex, coords),
                  tallies=tallies_words(state, r.tallies))
    if r.winner is None:
        text = T.gettext("the {caste} of {where} is set aside: tie for the highest influence ({tallies})").format(
            **values)
        return capitalised(text) if capital else text
    who = seat_names(state)[r.winner]
    return T.pgettext("hex in words", "{player} takes the {caste} of {where} ({tallies})").format(
        player=who, **values)


_ID = r"(?:HO|KY|SH|HK|SEA)\d{2}"
_NAMED_ID = re.compile(rf"(?<!\w)([^\W\d_]\w+)\s+\(({_ID})\)")
_ACTION = re.compile(rf"\b([A-Z][0-9]?)@({_ID})\b")
_KIND_ID = re.compile(rf"\b([Tt]he\s+|[Aa]\s+)?(?:village|city|land\s+hex|sea\s+hex|land|sea|hex)\s+({_ID})\b")
_HEX_ID = re.compile(rf"(?<!\()\b({_ID})\b")
_SENTENCE_END = re.compile(r"(?:^|[.!?…][)»\"”]?\s+)$")

# How a translation names a hex before its id, in any form: "sulla terra HO46", "в деревне HO47". The hex's
# words then follow the noun as the text declined it ("sulla terra a sud di Kyoto", "в деревне к западу от
# Киото"); a named settlement follows its noun as an apposition ("la città di Kyoto", "в городе Киото").
_KIND_NOUNS = {
    "it": ("villaggio", "città", "terra", "mare"),
    "es": ("aldea", "ciudad", "tierra", "mar"),
    "ru": tuple(form for form, nom in RUSSIAN_NOMINATIVE.items() if nom in ("суша", "море", "деревня", "город")),
}
_APPOSITION = {"it": "{noun} di {name}", "es": "{noun} de {name}", "ru": "{noun} {name}"}
# The preposition before a bare id, and the form of the hex's words after it: Italian and Spanish join
# the article ("su HO46" -> "sulla terra ..."), Russian prepositions govern a case ("от HO47" -> "от деревни ...";
# "на"/"в" are read as where something lies: a translation that means "onto"/"into" names the noun itself).
_PREPOSITIONS = {
    "it": {p: p for p in ("di", "a", "da", "in", "su")},
    "es": {"de": "de", "a": "a"},
    "ru": {"от": "gen", "из": "gen", "у": "gen", "до": "gen", "около": "gen", "возле": "gen", "вокруг": "gen",
           "кроме": "gen", "для": "gen", "без": "gen", "после": "gen", "среди": "gen", "вдоль": "gen",
           "напротив": "gen", "с": "gen", "со": "gen", "к": "dat", "ко": "dat", "по": "dat", "на": "prep",
           "в": "prep", "во": "prep", "о": "prep", "при": "prep", "над": "ins", "под": "ins", "за": "ins",
           "перед": "ins", "между": "ins", "рядом с": "ins"},
}


@lru_cache(maxsize=16)
def _before_id(words: tuple[str, ...], then: str = "") -> re.Pattern[str]:
    """``(word) (hex id)`` for any of ``words`` (longest first), ``then`` a lookahead before the id."""
    alternatives = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    return re.compile(rf"(?<!\w)({alternatives})\s+{then}({_ID})\b", re.IGNORECASE)


def _same_noun(language: str, noun: str, words: str) -> str | None:
    """The rest of ``words`` after its head noun when that noun is ``noun`` in some form; None otherwise."""
    if language == "ru":
        head, _, rest = words.partition(" ")
        same = RUSSIAN_NOMINATIVE.get(head.lower()) == RUSSIAN_NOMINATIVE.get(noun.lower())
        return rest if same and head.lower() in RUSSIAN_NOMINATIVE else None
    article, rest = split_article(words)
    head, _, tail = rest.partition(" ")
    return tail if article and head.lower() == noun.lower() else None


def plain_text(where: GameState | Board, text: str, coords: bool = False) -> str:
    """A text written with notation, in words: ``Edo (HO21)`` → ``Edo``, ``the village HO19`` → ``the village
    north-west of Edo``, ``H3@HO02`` → ``High Helmet 3 on the village north of Akita`` (ids kept in brackets
    with ``coords``; ids not on this board left as they are). In other languages the words take the form the
    text gives them, after a noun (``sulla terra HO46``) or a preposition (``от HO47`` → ``от деревни ...``)."""
    board = _board(where)
    vocab = where.ruleset.vocabulary if isinstance(where, GameState) else None
    language = get_language()

    def place(hex_id: str) -> Word | None:
        try:
            return hex_words(board, board.resolve(hex_id), coords)
        except ValueError:
            return None

    def sub(pattern: re.Pattern[str], group: int, fn: Callable[[re.Match[str], Word], str], text: str) -> str:
        """``fn(match, its hex's words)`` for each match of ``pattern``; a match naming no hex here stays."""
        def one(m: re.Match[str]) -> str:
            words = place(m.group(group))
            return m.group(0) if words is None else fn(m, words)
        return pattern.sub(one, text)

    def at_sentence_start(m: re.Match[str]) -> bool:
        return bool(_SENTENCE_END.search(m.string[:m.start()]))

    def named(m: re.Match[str]) -> str:
        return m.group(0) if coords or not m.group(1)[:1].isupper() else m.group(1)

    def action(m: re.Match[str]) -> str:
        where_words = place(m.group(2))
        try:
            t = tile(m.group(1))
        except (ValueError, KeyError):
            return m.group(0)
        if where_words is None or vocab is None:
            return m.group(0)
        return T.gettext("{tile} on {place}").format(tile=tile_name(t, vocab), place=where_words)

    def bare(m: re.Match[str], words: Word) -> str:
        return capitalised(words) if at_sentence_start(m) else words

    def kind(m: re.Match[str], words: Word) -> str:
        return capitalised(words) if (m.group(1) or "")[:1].isupper() or at_sentence_start(m) else words

    def noun_kind(m: re.Match[str], words: Word) -> str:
        rest = _same_noun(language, m.group(1), words)
        if rest is not None:
            return f"{m.group(1)} {rest}"
        return _APPOSITION[language].format(noun=m.group(1), name=words)

    def preposition(m: re.Match[str], words: Word) -> str:
        prep = m.group(1)
        form = _PREPOSITIONS[language][prep.lower()]
        if language == "ru":
            return f"{prep} {russian_case(words, form)}"
        joined = with_preposition(prep.lower(), words, language)
        return capitalised(joined) if prep[:1].isupper() else joined

    text = _NAMED_ID.sub(named, text)
    if language == "en":
        text = sub(_KIND_ID, 2, kind, text)
    else:
        if language in _KIND_NOUNS:
            text = sub(_before_id(_KIND_NOUNS[language]), 2, noun_kind, text)
        if language in _PREPOSITIONS:
            text = sub(_before_id(tuple(_PREPOSITIONS[language]), r"(?!\()"), 2, preposition, text)
    text = _ACTION.sub(action, text)
    return sub(_HEX_ID, 1, bare, text)
