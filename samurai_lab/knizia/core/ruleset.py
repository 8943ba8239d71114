"""Rulesets as data: the 1998 and 2015 edition presets, the rulings R1-R4 as named options, and vocabulary."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .tiles import Caste, Figure

# Option values -------------------------------------------------------------
INSTANT, END_OF_TURN = "instant", "end_of_turn"
FINISH_TURN, STOP_AT_ONCE = "finish_turn", "stop_at_once"
ALLOWED, FORBIDDEN = "allowed", "forbidden"
PASS = "pass"
CHOSEN, RANDOM = "chosen", "random"
BY_PLAYER_COUNT, OPEN, HIDDEN = "by_player_count", "open", "hidden"


@dataclass(frozen=True, slots=True)
class Ruling:
    """A point the printed rules leave open, with the values samurai_lab offers."""

    id: str
    field: str
    title: str
    choices: tuple[tuple[str, str], ...]  # (value, one-line explanation)

    def explain(self, value: str) -> str:
        """The one-line explanation of one of this ruling's values."""
        return dict(self.choices)[value]


RULINGS: tuple[Ruling, ...] = (
    Ruling("R1", "no_legal_play", "A player who cannot place any tile", (
        (PASS, "passes without drawing; passing by choice is not allowed; when every player passes in a row the game ends and is scored"),
    )),
    Ruling("R2", "capture_timing", "When a surrounded settlement is resolved", (
        (INSTANT, "at once, right after the tile that completes the surround (1998 rules with Lawson's FAQ)"),
        (END_OF_TURN, "after the turn's last tile, all surrounded settlements together (2015 rules)"),
    )),
    Ruling("R3", "swap_into_surrounded", "Swapping a piece of a settlement surrounded earlier in the same turn (end-of-turn capture only)", (
        (ALLOWED, "allowed: its pieces are still on the board until the end of the turn"),
        (FORBIDDEN, "forbidden: a surrounded settlement's pieces may no longer be exchanged"),
    )),
    Ruling("R4", "instant_end", "When an end condition is met during a turn (instant capture only)", (
        (FINISH_TURN, "the current player completes his turn; later captures still count (Italian 1998 text)"),
        (STOP_AT_ONCE, "the game stops at once, the rest of the turn is not played (Russian 1998 text)"),
    )),
)
RULINGS_BY_ID = {r.id: r for r in RULINGS}


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words an edition uses for the same things."""

    castes: dict  # Caste -> name
    piece: str
    tile: str
    tiles: str
    swap: str
    move: str
    fast: str
    colours: tuple[str, ...]
    castes_plural: dict  # Caste -> plural name

    def caste(self, caste: Caste) -> str:
        return self.castes[caste]

    def count(self, caste: Caste, n: int) -> str:
        """``1 Buddha``, ``3 Buddhas``: a number of pieces of a caste."""
        return f"{n} {self.castes[caste] if n == 1 else self.castes_plural[caste]}"

    def figure(self, figure: Figure) -> str:
        """Display name of a tile figure."""
        return {
            Figure.HELMET: self.castes[Caste.HELMET], Figure.BUDDHA: self.castes[Caste.BUDDHA],
            Figure.RICE: self.castes[Caste.RICE], Figure.SAMURAI: "Samurai", Figure.RONIN: "Ronin",
            Figure.SHIP: "Ship", Figure.SWAP: self.swap, Figure.MOVE: self.move,
        }[figure]


VOCABULARY = {
    "1998": Vocabulary({Caste.HELMET: "High Helmet", Caste.BUDDHA: "Buddha", Caste.RICE: "Rice field"},
                       "figure", "token", "tokens", "figure exchange", "token exchange", "Japanese character",
                       ("green", "yellow", "blue", "red"),
                       {Caste.HELMET: "High Helmets", Caste.BUDDHA: "Buddhas", Caste.RICE: "Rice fields"}),
    "2015": Vocabulary({Caste.HELMET: "Castle", Caste.BUDDHA: "Buddha", Caste.RICE: "Rice"},
                       "caste piece", "tile", "tiles", "swap tile", "move tile", "quick icon",
                       ("gold", "red", "green", "purple"),
                       {Caste.HELMET: "Castles", Caste.BUDDHA: "Buddhas", Caste.RICE: "Rice"}),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every rules decision of a game, as plain data.

    ``edition`` picks the vocabulary; the ruling fields are R1-R4; the rest
    are table options (open captures, chosen or random setup and hands).
    """

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
            raise ValueError("invalid ruleset: " + "; ".join(problems))

    def problems(self) -> list[str]:
        """Every invalid field, in words."""
        allowed = {
            "edition": tuple(VOCABULARY), "captures_visible": (BY_PLAYER_COUNT, OPEN, HIDDEN),
            "setup": (CHOSEN, RANDOM), "hands": (CHOSEN, RANDOM),
        }
        for r in RULINGS:
            allowed[r.field] = tuple(v for v, _ in r.choices)
        out = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value not in allowed[f.name]:
                out.append(f"{f.name} must be one of {', '.join(allowed[f.name])} (not {value!r})")
        return out

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY[self.edition]

    def captures_open(self, n_players: int) -> bool:
        """Are captured pieces shown openly? (in front of the screen with 2 players)"""
        if self.captures_visible == BY_PLAYER_COUNT:
            return n_players == 2
        return self.captures_visible == OPEN

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
