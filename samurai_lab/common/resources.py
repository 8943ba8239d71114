"""Where the files the apps need are, in a source checkout and in an installed package alike, and
where the apps save positions.

The package carries them in ``samurai_lab/bundled/``: ``notebooks/`` (one notebook per app), ``scenarios/``
(every game's scenario files) and ``thumbs/`` (the landing page's pictures). In the repository these are
links to the top-level ``notebooks/``, ``scenarios/`` and ``docs/screenshots/thumbs/``; the sdist and the
wheel hold copies (``[tool.setuptools.package-data]``), so one lookup serves a checkout, an editable install
and a wheel. Positions are never saved inside the package (:func:`saved_dir`).
"""

from __future__ import annotations

import os
import sys
from importlib.resources import files
from pathlib import Path

#: Environment variable naming the folder for saved positions (set by ``samurai-lab serve --saved-dir``).
SAVED_DIR_ENV = "SAMURAI_SAVED_DIR"
#: The folder of the user's own data the installed apps use (under the platform's data folder).
USER_FOLDER = "samurai-lab"
#: Name of the folder for saved positions (under the checkout's ``scenarios/`` or the user's folder).
SAVED = "saved"


def package_dir() -> Path:
    """The installed ``samurai_lab`` package folder (in a checkout: the repository's ``samurai_lab/``)."""
    return Path(str(files("samurai_lab")))


def bundled(name: str) -> Path:
    """The bundled folder ``name`` (``notebooks``, ``scenarios``, ``thumbs``), links resolved (see above)."""
    return (package_dir() / "bundled" / name).resolve()


def notebooks_dir() -> Path:
    """The folder of the apps' notebooks (``explorer.ipynb``, ...), the one ``samurai-lab serve`` serves."""
    return bundled("notebooks")


def scenarios_dir() -> Path:
    """The folder of the bundled scenario files (rulebook examples and rulings), the other games' in
    its ``katana/`` and ``ikizumari/`` folders."""
    return bundled("scenarios")


def thumbs_dir() -> Path:
    """The folder of the landing page's pictures (small copies of the README's screenshots)."""
    return bundled("thumbs")


def in_source_checkout() -> bool:
    """True in a source checkout (the bundled files outside the package), False once installed."""
    return not scenarios_dir().is_relative_to(package_dir().resolve())


def user_data_dir() -> Path:
    """The user's own folder for samurai_lab's data: ``$XDG_DATA_HOME/samurai-lab`` (by default
    ``~/.local/share/samurai-lab``) on Linux, ``~/Library/Application Support/samurai-lab`` on macOS,
    ``%APPDATA%\\samurai-lab`` on Windows."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "").strip()
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / USER_FOLDER


def saved_dir(sub: str = "", beside: Path | None = None, user: str = SAVED) -> Path:
    """The one folder where the apps save positions on the server: ``$SAMURAI_SAVED_DIR`` (``samurai-lab
    serve --saved-dir``), else ``scenarios/saved`` in a source checkout, else ``saved`` in the user's
    folder (:func:`user_data_dir`); never inside an installed package. Another kind of file saved has a
    folder of its own: ``sub`` of the first, ``saved`` in the bundled folder ``beside``, ``user``."""
    env = os.environ.get(SAVED_DIR_ENV, "").strip()
    if env:
        return Path(env).expanduser() / sub
    if in_source_checkout():
        return (scenarios_dir() if beside is None else beside) / SAVED
    return user_data_dir() / user
