"""Files the apps save on the server: written whole or not at all, under names every system can hold."""

from __future__ import annotations

import contextlib
from pathlib import Path

from ..i18n import Domain

T = Domain("ui")

#: Names Windows keeps for devices, whatever their extension (``aux.toml``, ``com1.txt``) or case.
WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                             *(f"LPT{i}" for i in range(1, 10))})


def reserved_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a file's name on every system (a Windows device name), None when it can."""
    stem = name.strip().split(".")[0].rstrip(" ").upper()
    if stem not in WINDOWS_DEVICES:
        return None
    return T.gettext("“{name}” is a name Windows keeps for a device (CON, PRN, AUX, NUL, COM1 to COM9, LPT1 to "
                     "LPT9, with any extension): choose another name").format(name=name.strip())


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a ``.part`` file beside it, so that ``path`` is the old file or the
    new one, never half of it; on any failure (a full disk) the ``.part`` file is removed and the error raised."""
    tmp = path.with_name(f".{path.name}.part")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
