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
from .tiles import TILE_EXAMPLE, Caste, Tile, caste as caste_of, describe_value, tile as tile_by_code

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
        shown = repr(v)
        return shown if len(shown) <= 40 else shown[:37] + "..."
    return describe_value(v)


def _as_tile(v: object, cls: type, args: tuple) -> Tile:
    if isinstance(v, Tile):
        return v
    if not isinstance(v, str):
        raise _refuse(cls, args, T.gettext("a tile is written by its code, not {value}; {example}").format(
            value=describe_value(v), example=T.gettext(TILE_EXAMPLE)))
    try:
        return tile_by_code(v)
    except ValueError as e:
        raise _refuse(cls, args, str(e)) from None


def _as_hex(v: object, cls: type, args: tuple) -> str:
    try:
        return hex_id(v)
    except ValueError as e:
        raise _refuse(cls, args, str(e)) from None


def _as_caste(v: object, cls: type, args: tuple) -> Caste:
    try:
        return caste_of(v)
    except ValueError as e:
        raise _refuse(cls, args, str(e)) from None


# The constructors below are written by hand (the dataclasses stay frozen): ready values (a Tile, a
# Caste, a hex id) are stored as they are, the same objects; text is read; anything else is refused.
_set = object.__setattr__


@dataclass(frozen=True, slots=True, init=False)
class PlacePiece:
    """Setup: put a caste piece from the supply into a settlement.

    ``PlacePiece("B", "Kyoto")`` reads a caste letter or name and a hex id or settlement name."""

    caste: Caste
    hex: str

    def __init__(self, caste: Caste | str, hex: str) -> None:
        if caste.__class__ is not Caste:
            caste = _as_caste(caste, PlacePiece, (caste, hex))
        if hex.__class__ is not str or hex not in MAP_IDS:
            hex = _as_hex(hex, PlacePiece, (caste, hex))
        _set(self, "caste", caste)
        _set(self, "hex", hex)

    def __str__(self) -> str:
        return f"piece {self.caste.value}@{self.hex}"


@dataclass(frozen=True, slots=True, init=False)
class PickTile:
    """Setup: take one tile into the starting hand (five picks make the hand). ``PickTile("S3")`` reads a code."""

    tile: Tile

    def __init__(self, tile: Tile | str) -> None:
        if tile.__class__ is not Tile:
            tile = _as_tile(tile, PickTile, (tile,))
        _set(self, "tile", tile)

    def __str__(self) -> str:
        return f"pick {self.tile.code}"


@dataclass(frozen=True, slots=True, init=False)
class PlaceTile:
    """Lay a tile from the hand on an empty hex (ships on sea, the others on land).

    ``PlaceTile("H2", "HO02")`` reads a tile code and a hex id or settlement name."""

    tile: Tile
    hex: str

    def __init__(self, tile: Tile | str, hex: str) -> None:
        if tile.__class__ is not Tile:
            tile = _as_tile(tile, PlaceTile, (tile, hex))
        if hex.__class__ is not str or hex not in MAP_IDS:
            hex = _as_hex(hex, PlaceTile, (tile, hex))
        _set(self, "tile", tile)
        _set(self, "hex", hex)

    def __str__(self) -> str:
        return f"{self.tile.code}@{self.hex}"


@dataclass(frozen=True, slots=True, init=False)
class Swap:
    """Play the swap tile: exchange two caste pieces lying in two different settlements.

    The two ends are stored in hex-id order, so ``Swap(a, x, b, y) == Swap(b, y, a, x)``;
    ``Swap("HO42", "H", "Kyoto", "B")`` reads hex names and caste letters."""

    hex_a: str
    caste_a: Caste
    hex_b: str
    caste_b: Caste

    def __init__(self, hex_a: str, caste_a: Caste | str, hex_b: str, caste_b: Caste | str) -> None:
        if (hex_a.__class__ is not str or hex_a not in MAP_IDS or hex_b.__class__ is not str
                or hex_b not in MAP_IDS or caste_a.__class__ is not Caste or caste_b.__class__ is not Caste):
            args = (hex_a, caste_a, hex_b, caste_b)
            hex_a, hex_b = _as_hex(hex_a, Swap, args), _as_hex(hex_b, Swap, args)
            caste_a, caste_b = _as_caste(caste_a, Swap, args), _as_caste(caste_b, Swap, args)
        if (hex_b, caste_b.value) < (hex_a, caste_a.value):
            hex_a, caste_a, hex_b, caste_b = hex_b, caste_b, hex_a, caste_a
        _set(self, "hex_a", hex_a)
        _set(self, "caste_a", caste_a)
        _set(self, "hex_b", hex_b)
        _set(self, "caste_b", caste_b)

    def __str__(self) -> str:
        return f"X {self.hex_a}:{self.caste_a.value} {self.hex_b}:{self.caste_b.value}"


@dataclass(frozen=True, slots=True, init=False)
class MoveTile:
    """Play the move tile: lift one of your own normal tiles, leave the move tile (0) in its hex,
    and lay the lifted tile on another empty land hex. ``MoveTile("ho05", "HO20")`` reads hex names."""

    from_hex: str
    to_hex: str

    def __init__(self, from_hex: str, to_hex: str) -> None:
        if from_hex.__class__ is not str or from_hex not in MAP_IDS:
            from_hex = _as_hex(from_hex, MoveTile, (from_hex, to_hex))
        if to_hex.__class__ is not str or to_hex not in MAP_IDS:
            to_hex = _as_hex(to_hex, MoveTile, (from_hex, to_hex))
        _set(self, "from_hex", from_hex)
        _set(self, "to_hex", to_hex)

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
