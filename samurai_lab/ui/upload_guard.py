"""An upload larger than an app accepts is stopped in the page, before it is sent, and the app says so.

A ``FileUpload`` sends the whole file in one message; past the server's limit (10 MB) the connection drops it
and nothing is said. This page script (``web/upload_guard.js``) stops a file larger than the limit of an upload
marked by :func:`guard_upload` before the widget reads it, and writes its name and size into a hidden text widget:
the kernel refuses it in words (``common.limits.FileTooBig``). What arrives is checked again (:func:`check_upload`).
"""

from __future__ import annotations

import itertools
import json
from typing import Any, Callable

import ipywidgets as widgets

from ..common.limits import MAX_BYTES, FileTooBig, check_size
from .layout import classed
from .scroll_focus import script_output
from .web_files import call_script

GUARD_CLASS = "samurai-upload-guard"
_ids = itertools.count(1)


def guard_upload(upload: widgets.FileUpload, kind: str, refuse: Callable[[FileTooBig], Any]) -> widgets.Box:
    """Mark ``upload`` for the page script (its limit: a ``kind``'s ``MAX_BYTES``), ``refuse`` showing its
    refusals; the hidden widget to put in the page (its report and the page script)."""
    n, limit = next(_ids), MAX_BYTES[kind]
    classed(upload, GUARD_CLASS, f"{GUARD_CLASS}-{n}-{limit}")
    report = classed(widgets.Text(layout=widgets.Layout(display="none")), f"{GUARD_CLASS}-report-{n}")

    def on_report(change: dict) -> None:
        try:
            data = json.loads(change["new"])
            name, size = str(data["name"])[:200], int(data["size"])
        except (ValueError, KeyError, TypeError):
            return
        refuse(FileTooBig(name, size, limit))

    report.observe(on_report, names="value")
    script = call_script(__package__, "upload_guard.js", {"guard": GUARD_CLASS})
    return widgets.Box([report, script_output(script)], layout=widgets.Layout(display="none"))


def check_upload(item: dict, kind: str) -> None:
    """FileTooBig when an uploaded file (a ``FileUpload`` value's item) is larger than a ``kind`` may be."""
    content = item.get("content", b"")
    check_size(content if isinstance(content, (bytes, bytearray, memoryview)) else bytes(content), kind,
               str(item.get("name", "")))
