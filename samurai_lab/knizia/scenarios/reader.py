"""Typed access to the tables of a TOML file, adding a problem for each wrong or unknown field."""

from __future__ import annotations

import difflib
import re
from typing import Any, Callable, TypeVar

from .errors import Problems

TYPE_WORDS = {str: "text", int: "a whole number", bool: "true or false", list: "a list", dict: "a table"}
#: Returned by ``Reader.get`` for an absent or wrongly typed field.
MISSING = object()
T = TypeVar("T")


def kind(v: object) -> str:
    """What a TOML value is, in words."""
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, int):
        return "a number"
    if isinstance(v, float):
        return "a decimal number"
    if isinstance(v, str):
        return "text"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "a table"
    return type(v).__name__


def is_type(v: object, t: type) -> bool:
    """isinstance, except that true/false is not a number."""
    if t is int:
        return isinstance(v, int) and not isinstance(v, bool)
    return isinstance(v, t)


class Reader:
    """Typed access to TOML tables, adding a problem for each wrong or unknown field."""

    def __init__(self, probs: Problems) -> None:
        self.probs = probs

    def keys(self, table: dict, known: tuple[str, ...], path: str) -> None:
        for k in table:
            if k not in known:
                near = difflib.get_close_matches(k, known, n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else f"; known keys: {', '.join(known)}"
                self.probs.add(join(path, k), f"unknown key {k!r}{hint}")

    def get(self, table: dict, key: str, t: type | tuple[type, ...], path: str, required: bool = False) -> Any:
        """The value if present and of type ``t``; ``MISSING`` otherwise (a problem is added if wrong)."""
        if key not in table:
            if required:
                self.probs.add(join(path, key), "this field is required")
            return MISSING
        v = table[key]
        types = t if isinstance(t, tuple) else (t,)
        if any(is_type(v, x) for x in types):
            return v
        want = " or ".join(TYPE_WORDS.get(x, x.__name__) for x in types)
        self.probs.add(join(path, key), f"expected {want}, got {kind(v)} {short(v)}")
        return MISSING


    def hex_table(self, board, table: dict, path: str, parse: Callable[[object], T],
                  twice: str | None = None) -> tuple[list[tuple[int, str, T]], bool]:
        """The entries of a table keyed by hex (id or settlement name), each value read by ``parse``
        (ValueError in words otherwise): ``(hex index, the entry's path, value)`` for every good entry, and
        whether a problem was found. ``twice`` is the problem of a hex listed twice (``{hex}`` is its
        name); without it a hex may be repeated."""
        out: list[tuple[int, str, T]] = []
        seen: set[int] = set()
        bad = False
        for key, v in table.items():
            p = join(path, key)
            hid = read_hex(board, key, p, self.probs)
            try:
                value = parse(v)
            except ValueError as e:
                self.probs.add(p, str(e))
                bad = True
                continue
            if hid is None:
                bad = True
                continue
            i = board.index[hid]
            if twice is not None and i in seen:
                self.probs.add(p, twice.format(hex=board.label(i)))
                bad = True
                continue
            seen.add(i)
            out.append((i, p, value))
        return out, bad


def short(v: object) -> str:
    """A value shown briefly in a message."""
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def join(path: str, key: str) -> str:
    """A field path: ``pieces`` + ``HO12`` -> ``pieces.HO12`` (odd keys quoted)."""
    if not path:
        return key
    if re.fullmatch(r"[A-Za-z0-9_-]+", key):
        return f"{path}.{key}"
    return f"{path}.{key!r}"


def read_hex(board, ref: object, path: str, probs: Problems) -> str | None:
    """The id of a hex in play, given its id or name; adds a problem and returns None otherwise."""
    if not isinstance(ref, str):
        probs.add(path, f"a hex is an id such as \"HO12\" or a name such as \"Kyoto\", not {kind(ref)}")
        return None
    try:
        return board.ids[board.resolve(ref)]
    except ValueError as e:  # the message names the hex, a near one, and how to write hexes
        probs.add(path, str(e))
        return None
