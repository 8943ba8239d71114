"""Actions: frozen values that say what a player does, with a compact notation.

Notation (``str(action)`` and ``parse_action``):

====================  ===============================================
``H4@HO05``           place tile H4 on hex HO05 (ships ``W1@SEA12``)
``X HO07:H HO12:B``   swap: exchange the Helmet of HO07 with the Buddha of HO12
``M HO05>HO20``       move tile: lift own tile from HO05 to HO20
``end``               end the turn (refill the hand)
``pass``              no legal play (R1)
``piece B@HO35``      setup: put a Buddha piece into Kyoto
``pick S3``           setup: take S3 into the starting hand
====================  ===============================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...i18n import Domain

from .board import MAP_IDS, hex_id
from .tiles import Caste, Tile, caste as caste_of, describe_value, short_repr, tile as tile_by_code

T = Domain("knizia")


class IllegalMoveError(ValueError):
    """An action the rules forbid, or one that is malformed; the message says what is wrong in words.

    ``str(e)`` is ``"<action>: <reason>"``; ``e.action`` is the action (or the text or value given)."""

    def __init__(self, action: object, reason: str, *, named: bool = True) -> None:
        super().__init__(f"{_shown(action)}: {reason}" if named else reason)
        self.action = action
        self.reason = reason


def _shown(action: object) -> str:
    if isinstance(action, str):
        return action
    if isinstance(action, (PlacePiece, PickTile, PlaceTile, Swap, MoveTile, EndTurn, Pass)):
        return str(action)
    return describe_value(action)


def _refuse(cls: type, args: tuple, problem: str) -> IllegalMoveError:
    """The error for a malformed field: names the constructor call and says how to write the field."""
    return IllegalMoveError(f"{cls.__name__}({', '.join(_short_repr(v) for v in args)})", problem)


def _short_repr(v: object) -> str:
    if isinstance(v, Tile):
        return repr(v.code)
    if isinstance(v, Caste):
        return repr(v.value)
    if v is None or isinstance(v, (str, bool, int, float)):
        return short_repr(v)
    return describe_value(v)


def _read_hex(v: object) -> str:
    return v if v.__class__ is str and v in MAP_IDS else hex_id(v)  # type: ignore[return-value]


_READ_FIELD = {"tile": tile_by_code, "caste": caste_of, "caste_a": caste_of, "caste_b": caste_of,
               "hex": _read_hex, "hex_a": _read_hex, "hex_b": _read_hex, "from_hex": _read_hex, "to_hex": _read_hex}
_set = object.__setattr__


class _ReadFields:
    """The fields of the actions below take ready values (a Tile, a Caste, a hex id), stored as they are,
    the same objects, or text, which is read; anything else is refused, naming the constructor call."""

    __slots__ = ()

    def __post_init__(self) -> None:
        for name in self.__slots__:
            value = getattr(self, name)
            try:
                read = _READ_FIELD[name](value)
            except ValueError as e:
                raise _refuse(self.__class__, tuple(getattr(self, n) for n in self.__slots__), str(e)) from None
            if read is not value:
                _set(self, name, read)


@dataclass(frozen=True, slots=True)
class PlacePiece(_ReadFields):
    """Setup: put a caste piece from the supply into a settlement.

    ``PlacePiece("B", "Kyoto")`` reads a caste letter or name and a hex id or settlement name."""

    caste: Caste
    hex: str

    def __str__(self) -> str:
        return f"piece {self.caste.value}@{self.hex}"


@dataclass(frozen=True, slots=True)
class PickTile(_ReadFields):
    """Setup: take one tile into the starting hand (five picks make the hand). ``PickTile("S3")`` reads a code."""

    tile: Tile

    def __str__(self) -> str:
        return f"pick {self.tile.code}"


@dataclass(frozen=True, slots=True)
class PlaceTile(_ReadFields):
    """Lay a tile from the hand on an empty hex (ships on sea, the others on land).

    ``PlaceTile("H2", "HO02")`` reads a tile code and a hex id or settlement name."""

    tile: Tile
    hex: str

    def __str__(self) -> str:
        return f"{self.tile.code}@{self.hex}"


@dataclass(frozen=True, slots=True)
class Swap(_ReadFields):
    """Play the swap tile: exchange two caste pieces lying in two different settlements.

    The two ends are stored in hex-id order, so ``Swap(a, x, b, y) == Swap(b, y, a, x)``;
    ``Swap("HO42", "H", "Kyoto", "B")`` reads hex names and caste letters."""

    hex_a: str
    caste_a: Caste
    hex_b: str
    caste_b: Caste

    def __post_init__(self) -> None:
        _ReadFields.__post_init__(self)
        if (self.hex_b, self.caste_b.value) < (self.hex_a, self.caste_a.value):
            for name, value in zip(self.__slots__, (self.hex_b, self.caste_b, self.hex_a, self.caste_a)):
                _set(self, name, value)

    def __str__(self) -> str:
        return f"X {self.hex_a}:{self.caste_a.value} {self.hex_b}:{self.caste_b.value}"


@dataclass(frozen=True, slots=True)
class MoveTile(_ReadFields):
    """Play the move tile: lift one of your own normal tiles, leave the move tile (0) in its hex,
    and lay the lifted tile on another empty land hex. ``MoveTile("ho05", "HO20")`` reads hex names."""

    from_hex: str
    to_hex: str

    def __str__(self) -> str:
        return f"M {self.from_hex}>{self.to_hex}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish the turn: resolve pending captures (end-of-turn timing) and refill the hand to five."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Pass:
    """No tile can be placed: the turn passes without drawing (R1)."""

    def __str__(self) -> str:
        return "pass"


Action = PlacePiece | PickTile | PlaceTile | Swap | MoveTile | EndTurn | Pass
ACTION_TYPES: tuple[type, ...] = (PlacePiece, PickTile, PlaceTile, Swap, MoveTile, EndTurn, Pass)
HEX_FIELDS = ("hex", "hex_a", "hex_b", "from_hex", "to_hex")  #: the fields of the actions that name a hex


def action_hex_ids(action: object) -> tuple[str, ...]:
    """The ids of the hexes an action names, in the order of its fields (a swap's two ends, a move's from and to)."""
    return tuple(getattr(action, f) for f in HEX_FIELDS if hasattr(action, f))
NOTATION_EXAMPLES = ("'H4@HO05', 'X HO07:H HO12:B', 'M HO05>HO20', 'end', 'pass', 'piece B@HO35' or 'pick S3'")

_HEX = r"([A-Za-z]+[0-9]*)"
_PATTERNS: tuple[tuple[re.Pattern[str], object], ...] = (
    (re.compile(r"^end$", re.I), lambda m: EndTurn()),
    (re.compile(r"^pass$", re.I), lambda m: Pass()),
    (re.compile(r"^piece\s+([HBR])\s*@\s*" + _HEX + r"$", re.I), lambda m: PlacePiece(m[1], m[2])),
    (re.compile(r"^pick\s+(\w+)$", re.I), lambda m: PickTile(m[1])),
    (re.compile(r"^X\s+" + _HEX + r"\s*:\s*([HBR])\s+" + _HEX + r"\s*:\s*([HBR])$", re.I),
     lambda m: Swap(m[1], m[2], m[3], m[4])),
    (re.compile(r"^M\s+" + _HEX + r"\s*>\s*" + _HEX + r"$", re.I), lambda m: MoveTile(m[1], m[2])),
    (re.compile(r"^(\w+)\s*@\s*" + _HEX + r"$"), lambda m: PlaceTile(m[1], m[2])),
)


def parse_action(text: str) -> Action:
    """Read one action in the notation above; IllegalMoveError (a ValueError) saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise IllegalMoveError(text, T.gettext("an action is written as text such as {examples}, not {value}").format(
            examples=NOTATION_EXAMPLES, value=describe_value(text)), named=False)
    s = " ".join(text.strip().split())
    for pattern, build in _PATTERNS:
        m = pattern.match(s)
        if m:
            try:
                return build(m)  # type: ignore[operator]
            except IllegalMoveError as e:  # a tile or hex that does not exist: the reason alone
                raise IllegalMoveError(text, e.reason, named=False) from None
    raise IllegalMoveError(text, T.gettext("cannot read action {text}: expected e.g. {examples}").format(
        text=repr(text), examples=NOTATION_EXAMPLES), named=False)


def as_action(action: object) -> Action:
    """``action`` itself if it is an action, the action a notation string reads as; IllegalMoveError otherwise."""
    if isinstance(action, ACTION_TYPES):
        return action  # type: ignore[return-value]
    if isinstance(action, str):
        return parse_action(action)
    raise IllegalMoveError(action, not_an_action(action), named=False)


def not_an_action(value: object) -> str:
    """Why ``value`` cannot be played, and how to write an action."""
    return T.gettext("{value} is not an action: give an action such as PlaceTile('H4', 'HO05') or its notation, "
                     "e.g. {examples}").format(value=describe_value(value), examples=NOTATION_EXAMPLES)
