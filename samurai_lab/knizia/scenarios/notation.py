"""Small readable notations shared by scenario files, expectations and records.

* castes: ``"HB"`` (letters H, B, R; ``""`` for none); a caste alone may also be named
  (``High Helmet``, ``Helmet``, ``Castle``, ``Buddha``, ``Rice``, ``Rice field``)
* counts per caste: ``"HHB"`` or a table ``{ H = 2, B = 1 }``
* a tile on the board: ``"Blue H4"`` (owner, tile code)
* a capture: ``"Blue takes H at HO12 (Blue 3, Red 2)"``, ``"B at Kyoto set aside (Green 4, Gold 4)"``;
  the part in brackets (each player's influence, unnamed players 0) is optional
* a tally: ``"HO12 H: Blue 3, Red 2"`` or ``"HO14 R: nobody"``
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from ...i18n import N_, Domain
from ..core.model import Placed, Resolution, placed
from ..core.tiles import CASTE_WORDS, CASTES, Caste, sort_castes, tile as tile_by_code
from .reader import kind, short

T = Domain("knizia")

NOBODY = ("nobody", "none", "no one", "-")


def parse_caste(word: str) -> Caste:
    """A caste from its letter or name; ValueError otherwise."""
    c = CASTE_WORDS.get(" ".join(str(word).strip().lower().split()))
    if c is None:
        raise ValueError(T.gettext("{value} is not a caste: write H (High Helmet / Castle), B (Buddha) or R (Rice)").format(value=repr(word)))
    return c


def parse_castes(text: str) -> tuple[Caste, ...]:
    """Caste letters such as ``"HB"`` (spaces and commas ignored), in the order written."""
    out = []
    for ch in str(text):
        if ch in " ,-":
            continue
        up = ch.upper()
        if up not in "HBR":
            raise ValueError(T.gettext("{letter} is not a caste letter: use H (High Helmet / Castle), B (Buddha), R (Rice)").format(letter=repr(ch)))
        out.append(Caste(up))
    return tuple(out)


def castes_text(castes: Sequence[Caste]) -> str:
    return "".join(c.value for c in castes)


def parse_counts(value: object) -> tuple[int, int, int]:
    """Pieces per caste from ``"HHB"`` or ``{ H = 2, B = 1 }``; ValueError otherwise."""
    if isinstance(value, str):
        cs = parse_castes(value)
        return tuple(sum(1 for c in cs if c is k) for k in CASTES)  # type: ignore[return-value]
    if isinstance(value, dict):
        counts = [0, 0, 0]
        for k, v in value.items():
            c = parse_caste(k)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(T.gettext("the number of {caste} pieces must be a whole number, not {value}").format(caste=c.value, value=repr(v)))
            if v < 0:
                raise ValueError(T.gettext("the number of {caste} pieces cannot be negative ({value})").format(caste=c.value, value=v))
            counts[c.index] += v
        return counts[0], counts[1], counts[2]
    raise ValueError(T.gettext('expected caste letters such as "HHB" or a table such as {{ H = 2, B = 1 }}, not {value}').format(value=repr(value)))


class Players:
    """Looks players up by name (or colour), case-insensitively."""

    def __init__(self, names: Sequence[str], colours: Sequence[str] = ()) -> None:
        self.names = list(names)
        self._by_name = {n.strip().lower(): i for i, n in enumerate(self.names)}
        self._by_colour: dict[str, int] = {}
        for i, c in enumerate(colours):
            self._by_colour.setdefault(str(c).strip().lower(), i)

    def index(self, ref: object) -> int:
        """The seat of a player named ``ref``; ValueError naming the players otherwise."""
        if isinstance(ref, str):
            key = ref.strip().lower()
            if key in self._by_name:
                return self._by_name[key]
            if key in self._by_colour:
                return self._by_colour[key]
        raise ValueError(T.gettext("there is no player {ref}; the players are {items}").format(ref=repr(ref), items=', '.join(self.names)))

    def winner(self, ref: str) -> int | None:
        """A player, or None for ``nobody``."""
        return None if ref.strip().lower() in NOBODY else self.index(ref)


def parse_tallies(text: str, players: Players) -> tuple[int, ...]:
    """``"Blue 3, Red 2"`` → influence per seat (unnamed players 0); ``"nobody"`` or ``""`` → all 0."""
    values = [0] * len(players.names)
    t = text.strip()
    if t.lower() in NOBODY or not t:
        return tuple(values)
    seen = set()
    for part in t.split(","):
        part = part.strip()
        if not part:
            continue
        bits = part.rsplit(None, 1)
        if len(bits) != 2 or not re.fullmatch(r"\d+", bits[1]):
            raise ValueError(T.gettext("cannot read {text}: write a player and a number, e.g. 'Blue 3'").format(text=repr(part)))
        p = players.index(bits[0])
        if p in seen:
            raise ValueError(T.gettext("{player} is named twice").format(player=players.names[p]))
        seen.add(p)
        values[p] = int(bits[1])
    return tuple(values)


def tallies_text(values: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{names[p]} {v}" for p, v in enumerate(values) if v) or "nobody"


@dataclass(frozen=True, slots=True)
class CaptureSpec:
    """A piece decided: taken by ``winner`` (seat) or set aside (None); ``tallies`` optional."""

    hex: str
    caste: Caste
    winner: int | None
    tallies: tuple[int, ...] | None = None

    def matches(self, r: Resolution, ids: Sequence[str]) -> bool:
        return (ids[r.hex] == self.hex and r.caste is self.caste and r.winner == self.winner
                and (self.tallies is None or tuple(r.tallies) == self.tallies))

    def text(self, names: Sequence[str]) -> str:
        return capture_text(self.hex, self.caste, self.winner, self.tallies, names)


def capture_text(hex_id: str, caste: Caste, winner: int | None, tallies, names: Sequence[str]) -> str:
    """``Blue takes H at HO12 (Blue 3, Red 2)`` / ``H at HO12 set aside (Blue 2, Red 2)``."""
    what = f"{caste.value} at {hex_id}"
    text = f"{names[winner]} takes {what}" if winner is not None else f"{what} set aside"
    if tallies is not None:
        text += f" ({tallies_text(tallies, names)})"
    return text


def resolution_text(r: Resolution, ids: Sequence[str], names: Sequence[str]) -> str:
    return capture_text(ids[r.hex], r.caste, r.winner, r.tallies, names)


_TAKES = re.compile(r"^(?P<who>.+?)\s+takes\s+(?:the\s+|a\s+)?(?P<caste>[A-Za-z][A-Za-z ]*?)\s+(?:at|of|in|from)\s+"
                    r"(?P<hex>[A-Za-z0-9]+)\s*(?:\((?P<t>[^()]*)\))?$", re.I)
_ASIDE = re.compile(r"^(?:the\s+|a\s+)?(?P<caste>[A-Za-z][A-Za-z ]*?)\s+(?:at|of|in)\s+(?P<hex>[A-Za-z0-9]+)\s+"
                    r"(?:is\s+)?set\s+aside\s*(?:\((?P<t>[^()]*)\))?$", re.I)


def parse_capture(text: str, players: Players, resolve_hex) -> CaptureSpec:
    """Read a capture; ``resolve_hex`` maps a hex id or name to its id (ValueError if unknown)."""
    s = " ".join(str(text).split())
    m = _TAKES.match(s)
    winner: int | None
    if m:
        winner = players.winner(m["who"])
    else:
        m = _ASIDE.match(s)
        if not m:
            raise ValueError(T.gettext("cannot read capture {text}: write e.g. 'Blue takes H at HO12', 'Blue takes H at HO12 (Blue 3, Red 2)' or 'B at Kyoto set aside'").format(text=repr(text)))
        winner = None
    caste = parse_caste(m["caste"])
    hex_id = resolve_hex(m["hex"])
    tallies = parse_tallies(m["t"], players) if m["t"] is not None else None
    return CaptureSpec(hex_id, caste, winner, tallies)


def castes_value(value: object) -> tuple[Caste, ...]:
    """The pieces of a settlement from caste letters such as ``"HB"``, in caste order; ValueError otherwise."""
    if not isinstance(value, str):
        raise ValueError(T.gettext('expected caste letters such as "HB", got {kind} {value}').format(kind=kind(value), value=short(value)))
    return sort_castes(parse_castes(value))


def placed_value(value: object, players: Players, empty: bool = False) -> Placed | None:
    """A tile on the board from ``"Blue H4"`` (owner, tile code); with ``empty``, ``""``/``"empty"``/``"none"``
    is an empty hex (None). ValueError otherwise."""
    if not isinstance(value, str):
        text = N_('expected the owner and the tile, e.g. "Blue H4" (or "" for empty), got {kind} {value}') if empty \
            else N_('expected the owner and the tile, e.g. "Blue H4", got {kind} {value}')
        raise ValueError(T.gettext(text).format(kind=kind(value), value=short(value)))
    if empty and value.strip().lower() in ("", "empty", "none"):
        return None
    owner, code = parse_tile_spec(value)
    return placed(players.index(owner), tile_by_code(code))


def parse_tile_spec(text: str) -> tuple[str, str]:
    """``"Blue H4"`` → ("Blue", "H4"); ValueError otherwise."""
    bits = str(text).strip().rsplit(None, 1)
    if len(bits) != 2:
        raise ValueError(T.gettext('cannot read {text}: write the owner and the tile code, e.g. "Blue H4"').format(text=repr(text)))
    return bits[0], bits[1]
