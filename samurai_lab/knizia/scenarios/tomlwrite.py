"""A small TOML writer for the values scenario files use: strings, integers, booleans, arrays,
inline tables, tables and arrays of tables. ``tomllib.loads(dumps(d)) == d`` for such data."""

from __future__ import annotations

import re

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


class Inline(dict):
    """A table written inline: ``{ H = 1, B = 0, R = 2 }``."""


def key(k: str) -> str:
    """A key, bare when possible, quoted otherwise."""
    return k if _BARE_KEY.match(k) else '"' + _escape(k, multiline=False) + '"'


def _escape(s: str, multiline: bool) -> str:
    out = []
    for ch in s:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n" and multiline:
            out.append("\n")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04X}")
        else:
            out.append(ch)
    return "".join(out)


def string(s: str) -> str:
    """A TOML string; several lines become a multi-line string."""
    if "\n" in s:
        return '"""\n' + _escape(s, multiline=True) + '"""'
    return '"' + _escape(s, multiline=False) + '"'


def value(v: object) -> str:
    """One value written inline."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return '"' + _escape(v, multiline=False) + '"'
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} values to TOML")


def _is_table(v: object) -> bool:
    return isinstance(v, dict) and not isinstance(v, Inline)


def _is_table_array(v: object) -> bool:
    return isinstance(v, list) and bool(v) and all(_is_table(x) for x in v)


def _long_array(k: str, items: list, indent: str = "    ") -> str:
    """An array over several lines when it is long."""
    one = f"{key(k)} = {value(items)}"
    if len(one) <= 100:
        return one
    return f"{key(k)} = [\n" + "".join(f"{indent}{value(x)},\n" for x in items) + "]"


def _body(table: dict, path: list[str], out: list[str]) -> None:
    for k, v in table.items():
        if _is_table(v) or _is_table_array(v):
            continue
        if isinstance(v, str) and "\n" in v:
            out.append(f"{key(k)} = {string(v)}")
        elif isinstance(v, list):
            out.append(_long_array(k, v))
        else:
            out.append(f"{key(k)} = {value(v)}")
    for k, v in table.items():
        if _is_table(v):
            sub = path + [key(k)]
            scalars = any(not (_is_table(x) or _is_table_array(x)) for x in v.values())
            if scalars or not v:
                out.append("")
                out.append(f"[{'.'.join(sub)}]")
            _body(v, sub, out)
        elif _is_table_array(v):
            sub = path + [key(k)]
            for item in v:
                out.append("")
                out.append(f"[[{'.'.join(sub)}]]")
                _body(item, sub, out)


def dumps(data: dict, header: str = "") -> str:
    """The TOML text of ``data`` (dict order kept; plain dicts become tables, ``Inline`` dicts inline).

    ``header`` lines are written first as ``#`` comments.
    """
    out: list[str] = [f"# {line}".rstrip() for line in header.splitlines()]
    _body(data, [], out)
    text = "\n".join(out).strip("\n") + "\n"
    return text
