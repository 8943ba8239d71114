"""Rulesets as data: the 1998 and 2015 edition presets, the rulings R1-R4 as named options, and vocabulary."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ...i18n import DEFAULT_LANGUAGE, N_, Domain, get_language, use_language
from .tiles import _FIGURE_CASTE, Caste, Figure
from .grammar import Word

T = Domain("knizia")

# Option values -------------------------------------------------------------
INSTANT, END_OF_TURN = "instant", "end_of_turn"
FINISH_TURN, STOP_AT_ONCE = "finish_turn", "stop_at_once"
ALLOWED, FORBIDDEN = "allowed", "forbidden"
PASS = "pass"
CHOSEN, RANDOM = "chosen", "random"
BY_PLAYER_COUNT, OPEN, HIDDEN = "by_player_count", "open", "hidden"


@dataclass(frozen=True, slots=True)
class Ruling:
    """A point the printed rules leave open, with the values samurai_lab offers.

    ``title`` and ``choices`` are in the current language; the English texts are kept as data."""

    id: str
    field: str
    title_text: str
    choice_texts: tuple[tuple[str, str], ...]  # (value, one-line explanation in English)

    @property
    def title(self) -> str:
        """The question this ruling answers, in the current language."""
        return T.gettext(self.title_text)

    @property
    def choices(self) -> tuple[tuple[str, str], ...]:
        """(value, one-line explanation) in the current language."""
        return tuple((v, T.gettext(text)) for v, text in self.choice_texts)

    def explain(self, value: str) -> str:
        """The one-line explanation of one of this ruling's values."""
        return T.gettext(dict(self.choice_texts)[value])


RULINGS: tuple[Ruling, ...] = (
    Ruling("R1", "no_legal_play", N_("A player who cannot place any tile"), (
        (PASS, N_("passes without drawing; passing by choice is not allowed; when every player passes in a row the game ends and is scored")),
    )),
    Ruling("R2", "capture_timing", N_("When a surrounded settlement is resolved"), (
        (INSTANT, N_("at once, right after the tile that completes the surround (1998 rules with Lawson's FAQ)")),
        (END_OF_TURN, N_("after the turn's last tile, all surrounded settlements together (2015 rules)")),
    )),
    Ruling("R3", "swap_into_surrounded", N_("Swapping a piece of a settlement surrounded earlier in the same turn (end-of-turn capture only)"), (
        (ALLOWED, N_("allowed: its pieces are still on the board until the end of the turn")),
        (FORBIDDEN, N_("forbidden: a surrounded settlement's pieces may no longer be exchanged")),
    )),
    Ruling("R4", "instant_end", N_("When an end condition is met during a turn (instant capture only)"), (
        (FINISH_TURN, N_("the current player completes his turn; later captures still count (Italian 1998 text)")),
        (STOP_AT_ONCE, N_("the game stops at once, the rest of the turn is not played (Russian 1998 text)")),
    )),
)
RULINGS_BY_ID = {r.id: r for r in RULINGS}
#: The values each option of a ``Ruleset`` may take, R1-R4 first.
OPTION_VALUES: dict[str, tuple[str, ...]] = {
    **{r.field: tuple(v for v, _ in r.choice_texts) for r in RULINGS},
    "captures_visible": (BY_PLAYER_COUNT, OPEN, HIDDEN), "setup": (CHOSEN, RANDOM), "hands": (CHOSEN, RANDOM)}


# NOTE: The words of each edition, in the rulebooks' own vocabulary: Italian 1998 from rulebook 000,
# NOTE: Russian 1998 from 001, Spanish 2015 from 002. Italian and Russian 2015 and Spanish 1998 have no
# NOTE: rulebook: their words are derived from the language's one rulebook (see each catalog's notes).
def _edition_words(edition: str) -> dict:
    """The words of ``edition`` in the current language (literal calls, so that they are extracted)."""
    if edition == "1998":
        return {
            "castes": {Caste.HELMET: T.pgettext("1998 edition", "High Helmet"),
                       Caste.BUDDHA: T.pgettext("1998 edition", "Buddha"),
                       Caste.RICE: T.pgettext("1998 edition", "Rice field")},
            "castes_plural": {Caste.HELMET: T.pgettext("1998 edition", "High Helmets"),
                              Caste.BUDDHA: T.pgettext("1998 edition", "Buddhas"),
                              Caste.RICE: T.pgettext("1998 edition", "Rice fields")},
            "piece": T.pgettext("1998 edition", "figure"),
            "pieces": T.pgettext("1998 edition", "figures"),
            "tile": T.pgettext("1998 edition", "token"),
            "tiles": T.pgettext("1998 edition", "tokens"),
            "swap": T.pgettext("1998 edition", "figure exchange"),
            "move": T.pgettext("1998 edition", "token exchange"),
            "fast": T.pgettext("1998 edition", "Japanese character"),
            "samurai": T.pgettext("1998 edition", "Samurai"),
            "ronin": T.pgettext("1998 edition", "Ronin"),
            "ship": T.pgettext("1998 edition", "Ship"),
            "colours": {"green": T.pgettext("1998 edition", "green"), "yellow": T.pgettext("1998 edition", "yellow"),
                        "blue": T.pgettext("1998 edition", "blue"), "red": T.pgettext("1998 edition", "red")},
        }
    return {
        "castes": {Caste.HELMET: T.pgettext("2015 edition", "Castle"),
                   Caste.BUDDHA: T.pgettext("2015 edition", "Buddha"),
                   Caste.RICE: T.pgettext("2015 edition", "Rice")},
        "castes_plural": {Caste.HELMET: T.pgettext("2015 edition", "Castles"),
                          Caste.BUDDHA: T.pgettext("2015 edition", "Buddhas"),
                          Caste.RICE: T.pgettext("2015 edition", "Rice")},
        "piece": T.pgettext("2015 edition", "caste piece"),
        "pieces": T.pgettext("2015 edition", "caste pieces"),
        "tile": T.pgettext("2015 edition", "tile"),
        "tiles": T.pgettext("2015 edition", "tiles"),
        "swap": T.pgettext("2015 edition", "swap tile"),
        "move": T.pgettext("2015 edition", "move tile"),
        "fast": T.pgettext("2015 edition", "quick icon"),
        "samurai": T.pgettext("2015 edition", "Samurai"),
        "ronin": T.pgettext("2015 edition", "Ronin"),
        "ship": T.pgettext("2015 edition", "Ship"),
        "colours": {"gold": T.pgettext("2015 edition", "gold"), "red": T.pgettext("2015 edition", "red"),
                    "green": T.pgettext("2015 edition", "green"), "purple": T.pgettext("2015 edition", "purple")},
    }


_WORDS: dict[tuple[str, str], dict] = {}


def _words(edition: str) -> dict:
    key = (edition, get_language())
    words = _WORDS.get(key)
    if words is None:
        words = _WORDS[key] = _edition_words(edition)
        for name in ("piece", "pieces", "tile", "tiles"):  # they take a case in Russian ({tiles:gen})
            words[name] = Word(words[name])
    return words


def _english_words(edition: str) -> dict:
    with use_language(DEFAULT_LANGUAGE):
        return _words(edition)


class _Word:
    """A word of a ``Vocabulary``, read in the current language: ``vocabulary.tile`` is its edition's word."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, vocabulary: Vocabulary | None, owner: type | None = None) -> Any:
        return self if vocabulary is None else _words(vocabulary.edition)[self.name]


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words an edition uses for the same things, in the current language (``use_language``).

    ``colours`` are the edition's colour identifiers (English, as data: seats, files, pictures);
    ``colour(c)`` is a colour's name in the current language."""

    edition: str
    colours: tuple[str, ...]

    castes = _Word()  #: Caste -> name
    castes_plural = _Word()  #: Caste -> plural name
    piece = _Word()
    pieces = _Word()
    tile = _Word()
    tiles = _Word()
    swap = _Word()
    move = _Word()
    fast = _Word()

    def caste(self, caste: Caste) -> str:
        return _words(self.edition)["castes"][caste]

    def english(self, key: str):
        """A word in English whatever the language (``english("tile")``, ``english("castes")[c]``): for
        texts kept as data (a game's end reason, files), translated when they are shown."""
        return _english_words(self.edition)[key]

    def count(self, caste: Caste, n: int) -> str:
        """``1 Buddha``, ``3 Buddhas``: a number of pieces of a caste."""
        w = _words(self.edition)
        return T.ngettext("{n} {caste}", "{n} {castes}", n).format(
            n=n, caste=w["castes"][caste], castes=w["castes_plural"][caste])

    def figure(self, figure: Figure) -> str:
        """Display name of a tile figure."""
        caste = _FIGURE_CASTE.get(figure)  # the other figures' words are kept under their names
        return self.caste(caste) if caste else _words(self.edition)[figure.value]

    def colour(self, colour: str) -> str:
        """A colour's name in the current language (``green`` -> ``verde``); other colours as given."""
        return _colour_names().get(colour, colour)

    def seat_name(self, name: str, colour: str) -> str:
        """A player's name for display: a player named after his colour (``Green``) in the current
        language (``Verde``); any other name as given."""
        if name.lower() == colour and colour in _colour_names():
            return self.colour(colour).capitalize()
        return name

    def seat_names(self, seats) -> list[str]:
        """``seat_name`` of every seat."""
        return [self.seat_name(s.name, s.colour) for s in seats]


def _colour_names() -> dict[str, str]:
    return {**_words("2015")["colours"], **_words("1998")["colours"]}


VOCABULARY = {
    "1998": Vocabulary("1998", ("green", "yellow", "blue", "red")),
    "2015": Vocabulary("2015", ("gold", "red", "green", "purple")),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every rules decision of a game, as plain data: ``edition`` picks the vocabulary; the ruling fields
    are R1-R4; the rest are table options (open captures, chosen or random setup and hands)."""

    edition: str = "1998"
    no_legal_play: str = PASS  # R1
    capture_timing: str = INSTANT  # R2
    swap_into_surrounded: str = ALLOWED  # R3
    instant_end: str = FINISH_TURN  # R4
    captures_visible: str = BY_PLAYER_COUNT  # open with 2 players, hidden with 3-4
    setup: str = CHOSEN  # caste pieces placed in turn order, or at random
    hands: str = CHOSEN  # starting hands chosen, or drawn at random

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise ValueError(T.gettext("invalid ruleset: {problems}").format(problems="; ".join(problems)))

    def problems(self) -> list[str]:
        """Every invalid field, in words."""
        allowed = {"edition": tuple(VOCABULARY), **OPTION_VALUES}
        return [T.gettext("{field} must be one of {values} (not {value})").format(
                    field=f.name, values=", ".join(allowed[f.name]), value=repr(getattr(self, f.name)))
                for f in fields(self) if getattr(self, f.name) not in allowed[f.name]]

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY[self.edition]

    def captures_open(self, n_players: int) -> bool:
        """Are captured pieces shown openly? (in front of the screen with 2 players)"""
        return n_players == 2 if self.captures_visible == BY_PLAYER_COUNT else self.captures_visible == OPEN

    def with_options(self, **changes: str) -> "Ruleset":
        """A copy with some options changed (validated)."""
        return replace(self, **changes)

    def as_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def rulings(self) -> list[tuple[Ruling, str, str]]:
        """(ruling, chosen value, its explanation) for R1-R4, for display."""
        return [(r, getattr(self, r.field), r.explain(getattr(self, r.field))) for r in RULINGS]

    def differences_from(self, other: "Ruleset") -> dict[str, tuple[str, str]]:
        """Fields whose value differs: name -> (mine, theirs)."""
        return {k: (v, getattr(other, k)) for k, v in self.as_dict().items() if getattr(other, k) != v}


EDITION_1998 = Ruleset(edition="1998", capture_timing=INSTANT, instant_end=FINISH_TURN)
EDITION_2015 = Ruleset(edition="2015", capture_timing=END_OF_TURN, instant_end=FINISH_TURN)
PRESETS: dict[str, Ruleset] = {"1998": EDITION_1998, "2015": EDITION_2015}
