"""The README's promises: its Python example runs as printed, and it gives exactly two setup commands."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_the_python_example_prints_what_its_comments_say() -> None:
    code = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "H3 B3 S2 S3 M"
    assert int(lines[1]) > 100
    assert lines[2] == "H3@HO21: tokens are never placed on a village, a city or Edo"


def test_two_commands_for_a_fresh_machine() -> None:
    block = re.search(r"## Two commands.*?```sh\n(.*?)```", README, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["make serve", "make test"]
    ci = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    assert "make test" in ci
