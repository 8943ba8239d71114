"""The ``samurai-lab`` command when a command's libraries are not installed (a wheel without its extras)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from samurai_lab.tools import cli


@pytest.fixture
def without_tornado(monkeypatch):
    """Import the command modules as if tornado (of ``samurai_lab[app]``) were not installed."""
    real = importlib.import_module

    def import_module(name, *args):
        if name in ("samurai_lab.tools.serve", "samurai_lab.tools.play.server"):
            raise ModuleNotFoundError("No module named 'tornado'", name="tornado")
        return real(name, *args)

    monkeypatch.setattr(cli.importlib, "import_module", import_module)


def test_a_command_without_its_libraries_says_which_extra_to_install(without_tornado, capsys):
    assert cli.main(["serve", "--port", "8866", "--help"]) == 2
    err = capsys.readouterr().err
    assert err == ("samurai-lab serve needs samurai_lab[app] (the module 'tornado' is not installed): "
                   "pip install 'samurai_lab[app]'\n")


def test_the_other_commands_still_run_and_the_help_names_the_extra(without_tornado, capsys):
    scenario = Path(__file__).resolve().parents[1] / "scenarios" / "1998-e1-blue-takes-helmet.toml"
    assert cli.main(["check", str(scenario)]) == 0
    assert "1998-e1-blue-takes-helmet.toml" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "(needs samurai_lab[app])" in out.split("serve", 1)[1]


def test_a_missing_store_driver_names_the_postgres_extra():
    error = ModuleNotFoundError("No module named 'psycopg'", name="psycopg")
    assert cli.needs_extra(error) == "samurai_lab[postgres]"
    assert cli.needs_extra(ModuleNotFoundError("x", name="voila")) == "samurai_lab[app]"
