"""Where studies are: the bundled ones (``studies/``), and the folder where the apps save them, beside the
saved positions (``resources.saved_dir``): ``$SAMURAI_SAVED_DIR/studies``, else ``studies/saved`` in a source
checkout, else ``saved-studies`` in the user's own folder; never inside an installed package.
"""

from __future__ import annotations

import re
from pathlib import Path

from . import resources

#: Name of the folder of saved studies under the folder of saved positions (``$SAMURAI_SAVED_DIR``).
STUDIES = "studies"


def studies_dir() -> Path:
    """The folder of the bundled studies (``studies/`` of the repository, the package's copy once installed)."""
    return resources.bundled("studies")


def saved_studies_dir() -> Path:
    """The one folder where the apps save studies on the server."""
    return resources.saved_dir(STUDIES, studies_dir(), "saved-studies")


def bundled_studies() -> list[Path]:
    """The bundled studies, in ``studies/`` and its folders (``rulebook/``), the saved ones left out, by path."""
    folder = studies_dir()
    if not folder.is_dir():
        return []
    found = [p for p in folder.rglob("*.toml")
             if p.is_file() and resources.SAVED not in p.relative_to(folder).parts[:-1]]
    return sorted(found, key=lambda p: _natural(p.relative_to(folder).as_posix()))


def _natural(text: str) -> list:
    """``rulebook/e2.toml`` before ``rulebook/e10.toml``."""
    return [(0, int(x), "") if x.isdigit() else (1, 0, x) for x in re.split(r"(\d+)", text)]


def study_files() -> list[Path]:
    """The bundled studies, then the saved ones (by name)."""
    saved = saved_studies_dir()
    return bundled_studies() + (sorted(p for p in saved.glob("*.toml") if p.is_file()) if saved.is_dir() else [])


def find_study(name: str) -> Path:
    """The study called ``name`` (a file name, ``.toml`` optional) among the saved and the bundled
    ones (the saved first); ValueError when there is none. No path outside those folders is read."""
    stem = name.strip().removesuffix(".toml")
    if stem and "/" not in stem and "\\" not in stem and ".." not in stem:
        saved = saved_studies_dir() / f"{stem}.toml"
        found = saved if saved.is_file() else next((p for p in bundled_studies() if p.stem == stem), None)
        if found is not None:
            return found
    raise ValueError(f"there is no study {name!r}")
