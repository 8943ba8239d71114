"""The catalogue of rulebook examples (E1...) and ruling scenarios (R1...) in the bundled
``scenarios/`` folder: find them by key, load them (cached), order and group them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...common.resources import scenarios_dir
from ...i18n import Domain
from ..core.state import GameState
from .load import load_scenario

T = Domain("knizia")

#: Where the scenario files live (the bundled ``scenarios/`` folder: the repository's in a checkout).
SCENARIO_DIR = scenarios_dir()
_KEY = re.compile(r"(?:^|[-_ ])([ER])(\d{1,2})(?=$|[-_ ])", re.I)


@dataclass(frozen=True)
class ExampleEntry:
    """One example scenario file: its key (``E2``, ``R1``), edition, group and title."""

    key: str
    path: Path
    edition: str
    title: str

    @property
    def group(self) -> str:
        return "rulings" if self.key.startswith("R") else self.edition

    @property
    def number(self) -> int:
        return int(self.key[1:])


def key_of(path: Path | str) -> str | None:
    """``E2`` for ``scenarios/1998-e2-red-ronin.toml``; None for files that are no rulebook example or ruling."""
    m = _KEY.search(Path(path).stem)
    return f"{m[1].upper()}{int(m[2])}" if m else None


@lru_cache(maxsize=64)
def _load(path: str, mtime: float):
    return load_scenario(path)


def load(path: Path | str):
    """Load a scenario file (cached until the file changes)."""
    p = Path(path)
    return _load(str(p), p.stat().st_mtime)


def catalogue(folder: Path | str = SCENARIO_DIR) -> list[ExampleEntry]:
    """The rulebook examples (E1...) then the ruling scenarios (R1...) found in ``folder``, in order."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(T.gettext("the scenario folder {folder} does not exist").format(folder=folder))
    out = []
    for path in sorted(folder.glob("*.toml")):
        if (key := key_of(path)) is not None:
            sc = load(path)
            out.append(ExampleEntry(key, path, sc.edition, sc.title))
    out.sort(key=lambda e: (e.key[0] != "E", e.number, e.path.name))
    return out


def find_scenario(key: str, folder: Path | str = SCENARIO_DIR):
    """The scenario of a rulebook example or ruling by key (``E7``, ``R2``)."""
    want = key.strip().upper()
    entries = catalogue(folder)
    for e in entries:
        if e.key == want:
            return load(e.path)
    raise LookupError(f"no scenario file for {want} in {folder}; found {', '.join(e.key for e in entries) or 'none'}")


def short_title(key: str, title: str) -> str:
    """A title without its leading key: ``E7: scoring ...`` -> ``scoring ...``."""
    t = title.strip()
    if t.upper().startswith(key.upper()):
        t = t[len(key):].lstrip(" :·-—")
    return t or title


def scenario_id(scenario) -> str:
    return key_of(scenario.path or "") or (Path(scenario.path).stem if scenario.path else scenario.title)


def scenario_title(scenario) -> str:
    return scenario.title


def scenario_edition(scenario) -> str:
    return scenario.edition


def scenario_final_state(scenario) -> GameState:
    return scenario.final_state
