"""Typed access to the tables of a TOML file, adding a problem for each wrong or unknown field."""

from __future__ import annotations

import difflib
import re
from typing import Any, Callable, TypeVar

from ...i18n import N_, Domain
from ..core.tiles import short_repr as short
from .errors import Problems

T = Domain("knizia")

TYPE_WORDS = {str: N_("text"), int: N_("a whole number"), bool: N_("true or false"), list: N_("a list"),
              dict: N_("a table")}
#: Returned by ``Reader.get`` for an absent or wrongly typed field.
MISSING = object()
V = TypeVar("V")


#: What a TOML value is, in words, by its type (true/false before numbers: a bool is an int).
KIND_WORDS = ((bool, N_("true/false")), (int, N_("a number")), (float, N_("a decimal number")), (str, N_("text")),
              (list, N_("a list")), (dict, N_("a table")))


def kind(v: object) -> str:
    """What a TOML value is, in words."""
    return next((T.gettext(words) for t, words in KIND_WORDS if isinstance(v, t)), type(v).__name__)


def is_type(v: object, t: type) -> bool:
    """isinstance, except that true/false is not a number."""
    return isinstance(v, t) and not (t is int and isinstance(v, bool))


class Reader:
    """Typed access to TOML tables, adding a problem for each wrong or unknown field."""

    def __init__(self, probs: Problems) -> None:
        self.probs = probs

    def keys(self, table: dict, known: tuple[str, ...], path: str) -> None:
        for k in table:
            if k not in known:
                near = (difflib.get_close_matches(k, known, n=1) or [None])[0]
                text = T.gettext("unknown key {key} (did you mean {near}?)") if near is not None else \
                    T.gettext("unknown key {key}; known keys: {known}")
                self.probs.add(join(path, k), text.format(key=repr(k), near=repr(near), known=", ".join(known)))

    def get(self, table: dict, key: str, t: type | tuple[type, ...], path: str, required: bool = False,
            default: Any = MISSING) -> Any:
        """The value if present and of type ``t``; ``default`` otherwise (a problem is added if wrong)."""
        if key not in table:
            if required:
                self.probs.add(join(path, key), T.gettext('this field is required'))
            return default
        v = table[key]
        types = t if isinstance(t, tuple) else (t,)
        if any(is_type(v, x) for x in types):
            return v
        want = T.gettext(" or ").join(T.gettext(TYPE_WORDS[x]) if x in TYPE_WORDS else x.__name__ for x in types)
        self.probs.add(join(path, key), T.gettext("expected {want}, got {kind} {value}").format(want=want, kind=kind(v), value=short(v)))
        return default

    def choice(self, table: dict, key: str, choices: tuple[str, ...], path: str, message: str,
               default: Any = MISSING) -> Any:
        """The text at ``key`` if it is one of ``choices``; ``default`` otherwise, a wrong one reported with
        ``message`` (``{items}``: the choices, ``{value}``: what the file wrote)."""
        v = self.get(table, key, str, path)
        if v is not MISSING and v not in choices:
            self.probs.add(join(path, key), message.format(items=", ".join(choices), value=repr(v)))
            return default
        return default if v is MISSING else v

    def entries(self, table: dict, name: str, known: tuple[str, ...],
                not_a_table: str) -> list[tuple[int, str, dict]]:
        """The tables of the array ``[[name]]``: each one's number (from 1), path (``name[1]``) and table,
        its unknown keys reported; an entry that is not a table is reported with ``not_a_table``
        (``{kind}``: what it is)."""
        out = []
        for k, item in enumerate(self.get(table, name, list, "", default=()), 1):
            path = f"{name}[{k}]"
            if isinstance(item, dict):
                self.keys(item, known, path)
                out.append((k, path, item))
            else:
                self.probs.add(path, not_a_table.format(kind=kind(item)))
        return out

    def hex_table(self, board, table: dict, path: str, parse: Callable[[object], V],
                  twice: str | None = None) -> tuple[list[tuple[int, str, V]], bool]:
        """The entries of a table keyed by hex (id or settlement name), each value read by ``parse``
        (ValueError in words otherwise): ``(hex index, the entry's path, value)`` for every good entry, and
        whether a problem was found. ``twice`` is the problem of a hex listed twice (``{hex}`` is its
        name); without it a hex may be repeated."""
        out: list[tuple[int, str, V]] = []
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
        probs.add(path, T.gettext('a hex is an id such as "HO12" or a name such as "Kyoto", not {kind}').format(kind=kind(ref)))
        return None
    try:
        return board.ids[board.resolve(ref)]
    except ValueError as e:  # the message names the hex, a near one, and how to write hexes
        probs.add(path, str(e))
        return None
