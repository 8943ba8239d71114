"""The pages' scripts and stylesheets kept as files (``samurai_lab/**/web/``): every script is JavaScript
that parses, every file is read, and a configured script is called with its configuration."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from samurai_lab.ui.web_files import call_script, web_file

PACKAGE = Path(__file__).resolve().parents[1] / "samurai_lab"
SCRIPTS = sorted(PACKAGE.rglob("web/*.js"))
STYLES = sorted(PACKAGE.rglob("web/*.css"))


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to parse JavaScript")
def test_every_script_parses_as_javascript() -> None:
    for script in SCRIPTS:
        result = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"{script.relative_to(PACKAGE)}: {result.stderr}"


def test_every_stylesheet_has_balanced_braces_and_no_template_left() -> None:
    for style in STYLES:
        text = style.read_text("utf-8")
        assert text.count("{") == text.count("}"), style
        assert "{{" not in text and "%(" not in text, style


def test_a_file_is_read_by_its_package_and_a_script_called_with_its_configuration() -> None:
    if not SCRIPTS:
        pytest.skip("no script files")
    script = SCRIPTS[0]
    package = ".".join(script.parent.parent.relative_to(PACKAGE.parent).parts)
    assert web_file(package, script.name) == script.read_text("utf-8")
    called = call_script(package, script.name, {"a": "<b>"})
    assert called.endswith('({"a": "<b>"});') and called.startswith("(")


def test_the_stylesheets_breakpoints_and_touch_targets_are_the_layouts_constants() -> None:
    """The widths and heights the Python layout decides with (``ui/layout.py``) are the ones the .css files say."""
    from samurai_lab.ui.layout import NARROW_PX, PHONE_PX, TOUCH_TARGET_PX

    ui_web, knizia_web = PACKAGE / "ui" / "web", PACKAGE / "knizia" / "widgets" / "web"
    layout = (ui_web / "layout.css").read_text("utf-8")
    header = (ui_web / "header.css").read_text("utf-8")
    examples = (knizia_web / "examples.css").read_text("utf-8")
    assert f"@media (max-width: {NARROW_PX}px)" in layout and f"@media (max-width: {PHONE_PX}px)" in layout
    assert layout.count(f"min-height: {TOUCH_TARGET_PX}px") == 4
    assert f"@media (max-width: {NARROW_PX}px)" in header and f"min-height: {TOUCH_TARGET_PX}px" in header
    assert f"max-width:{NARROW_PX}px" in examples.replace(" ", "")
    widths = {int(w) for f in (layout, header, examples) for w in re.findall(r"max-width: ?(\d+)px\)", f)}
    assert widths <= {NARROW_PX, PHONE_PX}, widths
