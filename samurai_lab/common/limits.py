"""What a file from outside may hold before it is parsed: its size, its TOML's depth, its problems listed.

Every reader of records, scenarios, studies and puzzles (the command line, the apps' uploads, the
server's files) goes through :func:`read_text` or :func:`check_size` first, so a file far larger than any
real one is refused by its size (the refusal names both) instead of filling the memory, and through
:func:`loads_toml`, so TOML nested too deeply is an invalid file like any other. The sizes leave every
bundled file (a few kB) far inside.
"""

from __future__ import annotations

import errno
import re
import stat
from pathlib import Path
from typing import Any, Iterable

from ..i18n import Domain

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

T = Domain("ui")

KB = 1024
MB = 1024 * KB
#: The most bytes each kind of file may hold (a game record of a long game is a few kB).
MAX_BYTES: dict[str, int] = {"record": 1 * MB, "scenario": 1 * MB, "study": 2 * MB, "puzzle": 256 * KB}
#: The most problems of one file printed or shown; the rest are counted.
MAX_PROBLEMS = 50
#: The largest seed (random generators take any whole number; this one fits every file and form).
MAX_SEED = 2**63 - 1
_SEED = re.compile(r"\s*\+?(\d{1,19})\s*")


class FileTooBig(ValueError):
    """A file larger than its kind may be: ``size`` and ``limit`` in bytes; ``reason`` in words, the
    message the file's name and the reason."""

    def __init__(self, name: str, size: int, limit: int) -> None:
        self.name, self.size, self.limit = name, size, limit
        shown, most = size_text(size), size_text(limit)
        if shown == most:  # just past the limit: in bytes, so that the size is not read as the limit
            shown = T.ngettext("{n} byte", "{n} bytes", size).format(n=size)
        self.reason = T.gettext("the file is too big ({size}; the most a file may hold is {limit})").format(
            size=shown, limit=most)
        super().__init__(f"{name}: {self.reason}")


def size_text(n: int) -> str:
    """``15.25 MB``, ``1.04 MB``, ``1 MB``, ``256 kB``, ``900 bytes``."""
    if n >= MB:
        return f"{n / MB:.2f}".rstrip("0").rstrip(".") + " MB"
    if n >= KB:
        return f"{n // KB} kB"
    return T.ngettext("{n} byte", "{n} bytes", n).format(n=n)


def check_size(data: str | bytes, kind: str, name: str = "") -> None:
    """FileTooBig when ``data`` (text counted in UTF-8 bytes) is larger than a ``kind`` of file may be."""
    limit = MAX_BYTES[kind]
    if len(data) * (4 if isinstance(data, str) else 1) <= limit:
        return
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > limit:
        raise FileTooBig(name or kind, size, limit)


def read_text(path: str | Path, kind: str, name: str | None = None) -> str:
    """The UTF-8 text of the file ``path``; FileTooBig (naming the file ``name``, else its path) before reading
    it when it is larger than a ``kind`` may be (OSError and UnicodeDecodeError as ``Path.read_text``; OSError
    too for what is no regular file: a pipe nobody writes to would never end)."""
    p = Path(path)
    limit = MAX_BYTES[kind]
    info = p.stat()
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, "not a regular file" if not stat.S_ISDIR(info.st_mode) else "a folder, not a file",
                      str(p))
    if info.st_size > limit:
        raise FileTooBig(name or str(p), info.st_size, limit)
    with p.open("rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileTooBig(name or str(p), len(data), limit)
    return data.decode("utf-8")


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` whose only refusal is ``tomllib.TOMLDecodeError``: TOML nested deeper than Python
    can follow is one too."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError(T.gettext("arrays or tables nested too deeply")) from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # a whole number of thousands of digits, a date that is none
        raise tomllib.TOMLDecodeError(T.gettext("a number or a date that cannot be read (too many digits, "
                                                "or no such date)")) from None


def shortened(text: str, most: int = 24) -> str:
    """``text`` quoted, cut to ``most`` characters with how long it was (a message never repeats a whole file)."""
    if len(text) <= most:
        return repr(text)
    return repr(text[:most]) + "… " + T.ngettext("({n} character)", "({n} characters)", len(text)).format(n=len(text))


def parse_seed(value: str | int) -> int:
    """A seed: a whole number from 0 to :data:`MAX_SEED` (text or int); ValueError saying why otherwise."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value <= MAX_SEED:
            return value
        shown = shortened(str(value)) if value.bit_length() < 10_000 else f"±2**{value.bit_length()}"
    else:
        m = _SEED.fullmatch(str(value))
        if m and int(m[1]) <= MAX_SEED:
            return int(m[1])
        shown = shortened(str(value))
    raise ValueError(T.gettext("a seed is a whole number from 0 to {most}, not {value}").format(
        most=MAX_SEED, value=shown))


def capped(lines: Iterable[str], most: int = MAX_PROBLEMS) -> list[str]:
    """The first ``most`` lines, then one line counting the rest."""
    lines = list(lines)
    return lines[:most] + ([more_problems(len(lines) - most)] if len(lines) > most else [])


def more_problems(n: int) -> str:
    """The line that stands for the ``n`` problems left out."""
    return T.ngettext("... and {n} more problem", "... and {n} more problems", n).format(n=n)
