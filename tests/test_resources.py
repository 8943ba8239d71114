"""Where the package finds its bundled files and where the apps save, in this checkout
(tests/test_wheel.py checks the same once installed from the wheel)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from samurai_lab.common import resources

REPO = Path(__file__).resolve().parents[1]


def test_in_a_checkout_the_bundled_folders_are_the_repositorys() -> None:
    assert resources.notebooks_dir() == REPO / "notebooks"
    assert resources.scenarios_dir() == REPO / "scenarios"
    assert resources.thumbs_dir() == REPO / "docs" / "screenshots" / "thumbs"
    assert (resources.notebooks_dir() / "index.ipynb").is_file()
    assert (resources.scenarios_dir() / "katana").is_dir()
    assert resources.in_source_checkout()


def test_the_package_links_its_bundled_folders_to_the_repository() -> None:
    bundled = REPO / "samurai_lab" / "bundled"
    for name in ("notebooks", "scenarios", "thumbs"):
        link = bundled / name
        assert link.is_symlink() and not Path(link.readlink()).is_absolute(), f"{link} must be a relative link"
        assert link.resolve() == resources.bundled(name)


def test_a_checkout_saves_into_scenarios_saved_unless_told(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(resources.SAVED_DIR_ENV, raising=False)
    assert resources.saved_dir() == REPO / "scenarios" / "saved"
    monkeypatch.setenv(resources.SAVED_DIR_ENV, str(tmp_path / "class-2b"))
    assert resources.saved_dir() == tmp_path / "class-2b"


def test_an_installed_package_saves_into_the_users_data_folder(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    monkeypatch.delenv(resources.SAVED_DIR_ENV, raising=False)
    monkeypatch.setattr(resources, "in_source_checkout", lambda: False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert resources.saved_dir() == tmp_path / "data" / "samurai-lab" / "saved"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")  # the XDG spec: a relative path is invalid
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert resources.saved_dir() == tmp_path / "home" / ".local" / "share" / "samurai-lab" / "saved"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert resources.user_data_dir() == tmp_path / "home" / "Library" / "Application Support" / "samurai-lab"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert resources.user_data_dir() == tmp_path / "roaming" / "samurai-lab"
