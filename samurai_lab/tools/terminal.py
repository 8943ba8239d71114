"""What the command line prints, made safe for a terminal: the control characters a file may hold are shown
as escapes (``\\x1b``), never sent raw, and a reader that stops early (``| head``) ends the command quietly.

A record's player name or a scenario's title may hold ESC and the other control characters (C0, DEL, C1)
or the marks that turn text right to left: sent raw they would recolour, move or rewrite what the
terminal shows. :class:`EscapedStream` wraps ``sys.stdout`` and ``sys.stderr`` while a command runs,
so every line printed from a file has its control characters escaped.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any, Iterator, TextIO

#: Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069).
_BIDI = [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]
_CONTROLS = [*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0), *_BIDI]


def _table(keep: str) -> dict[int, str]:
    """C0 written ``\\x1b``; the others ``\\u009b``, ``\\u202e``: inside JSON (which escapes C0 itself but
    prints DEL, C1 and the bidirectional marks raw) that is the same string, still valid JSON."""
    return {c: (f"\\x{c:02x}" if c < 0x20 else f"\\u{c:04x}") for c in _CONTROLS if chr(c) not in keep}


_STDOUT_TABLE = _table("\n\t")
_STDERR_TABLE = _table("\n\t\r")  # progress bars redraw their line with \r


class EscapedStream:
    """A text stream that writes to ``stream`` with the control characters escaped (see the module)."""

    def __init__(self, stream: TextIO, table: dict[int, str]) -> None:
        self._stream, self._table = stream, table

    def write(self, text: str) -> int:
        self._stream.write(text.translate(self._table))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding...
        return getattr(self._stream, name)


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` escaping control characters while the block runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapedStream(out, _STDOUT_TABLE), EscapedStream(err, _STDERR_TABLE)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def quiet_broken_pipe() -> None:
    """After the reader of stdout went away (``| head``): point stdout at the null device, so that Python's
    last flush at exit does not fail again (the recipe of the Python documentation, "Note on SIGPIPE")."""
    # no file descriptor behind stdout (a test's capture): nothing to do
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
