"""Babel extraction methods for the texts of Knizia scenario files (``scenarios/*.toml``) and the lesson file.

Scenario files are written in English and translated when shown (``Scenario.title_text()``, ...). This
method puts those texts into the ``knizia`` template exactly as the loader keeps them (stripped), so that
the lookups find them (``samurai_lab/i18n/babel.cfg``). The rulebooks' own sentences (``[[source]]``) are
quotations in their original language and are not extracted.
"""

from __future__ import annotations

import tomllib
from typing import Any, Iterator

#: The comment of every extracted text: the title, the description, each step's narration, each
#: variant's description.
_COMMENT = "NOTE: scenario {name}: {what}"


def _line_of(lines: list[str], key: str, start: int) -> tuple[int, int]:
    """The 1-based line where ``key =`` is written at or after line index ``start`` (and that index)."""
    for k in range(start, len(lines)):
        if lines[k].lstrip().startswith(key) and lines[k].lstrip()[len(key):].lstrip().startswith("="):
            return k + 1, k
    return start + 1, start


def extract_scenario(fileobj, keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple[int, None, str, list[str]]]:
    """Yield ``(line, None, message, comments)`` for the title, description, narrations and variant
    descriptions of one scenario file (Babel's extraction-method interface)."""
    raw = fileobj.read()
    text = raw.decode(options.get("encoding", "utf-8")) if isinstance(raw, bytes) else raw
    data = tomllib.loads(text)
    lines = text.splitlines()
    name = str(getattr(fileobj, "name", "scenario")).replace("\\", "/").rsplit("/", 1)[-1]
    pos = 0
    for key in ("title", "description"):
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            line, _ = _line_of(lines, key, 0)
            yield line, None, value.strip(), [_COMMENT.format(name=name, what=key)]
    for k, step in enumerate(data.get("step", []) or []):
        value = step.get("narration") if isinstance(step, dict) else None
        line, pos = _line_of(lines, "narration", pos)
        pos += 1
        if isinstance(value, str) and value.strip():
            yield line, None, value.strip(), [_COMMENT.format(name=name, what=f"narration of step {k + 1}")]
    for k, variant in enumerate(data.get("variant", []) or []):
        value = variant.get("description") if isinstance(variant, dict) else None
        if isinstance(value, str) and value.strip():
            yield 0, None, value.strip(), [_COMMENT.format(name=name, what=f"description of variant {k + 1}")]


def extract_lesson(fileobj, keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple[int, None, str, list[str]]]:
    """Yield ``(line, None, message, [])`` for every chapter's title and paragraphs and every task's prompt, hint
    and success text of the lesson file, unchanged, as its loader keeps them (``knizia.teaching.lessons``)."""
    raw = fileobj.read()
    text = raw.decode(options.get("encoding", "utf-8")) if isinstance(raw, bytes) else raw
    lines = text.splitlines()
    for chapter in tomllib.loads(text).get("chapter", []):
        texts = [chapter.get("title"), *chapter.get("text", [])]
        texts += [task.get(key) for task in chapter.get("task", []) for key in ("prompt", "hint", "success")]
        for value in texts:
            if isinstance(value, str):
                yield next((k + 1 for k, row in enumerate(lines) if value[:40] in row), 0), None, value, []
