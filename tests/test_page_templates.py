"""voila's page templates are compiled once per server (``voila_app.compile_templates_once``), though voila makes a
new exporter, and so a new Jinja environment, for every page."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import jinja2
import pytest
from voila.exporter import VoilaExporter

from samurai_lab.tools.voila_app import CompiledTemplates, compile_templates_once


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the templates Jinja compiles (parses and turns into code) from here on."""
    names: list[str] = []
    compile_ = jinja2.Environment.compile

    def counted(self: jinja2.Environment, source: str, name: str | None = None, *args: object, **kw: object) -> object:
        names.append(str(name))
        return compile_(self, source, name, *args, **kw)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    monkeypatch.setattr(VoilaExporter, "_create_environment", VoilaExporter._create_environment)  # undone after
    yield names


def page_template(tmp_path: Path) -> jinja2.Template:
    """The page template as a new page's exporter loads it."""
    exporter = VoilaExporter(template_paths=[str(tmp_path)], template_file="page.j2")
    return exporter.environment.get_template("page.j2")


def test_a_second_page_reuses_the_compiled_template_and_a_changed_one_is_compiled_anew(
        compiles: list[str], tmp_path: Path) -> None:
    cache = CompiledTemplates()
    compile_templates_once(cache)
    (tmp_path / "page.j2").write_text("Hello {{ name }}")
    assert page_template(tmp_path).render(name="Ada") == "Hello Ada"
    assert page_template(tmp_path).render(name="Bashō") == "Hello Bashō"
    assert compiles.count("page.j2") == 1 and len(cache.compiled) == 1

    (tmp_path / "page.j2").write_text("Goodbye {{ name }}")
    assert page_template(tmp_path).render(name="Ada") == "Goodbye Ada"
    assert compiles.count("page.j2") == 2
