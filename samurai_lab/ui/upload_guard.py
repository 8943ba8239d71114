"""An upload larger than an app accepts is stopped in the page, before it is sent, and the app says so.

A ``FileUpload`` sends the whole file in one message; past the server's limit (10 MB) the connection drops it
and nothing is said. This page script stops a file larger than the limit of an upload marked by
:func:`guard_upload` before the widget reads it, and writes its name and size into a hidden text widget: the
kernel refuses it in words (``common.limits.FileTooBig``). What arrives is checked again (:func:`check_upload`).
"""

from __future__ import annotations

import itertools
import json
from typing import Any, Callable

import ipywidgets as widgets

from ..common.limits import MAX_BYTES, FileTooBig, check_size
from .scroll_focus import script_output

GUARD_CLASS = "samurai-upload-guard"
_ids = itertools.count(1)

SCRIPT = """
(() => {
  if (window.samuraiUploadGuard) return;
  window.samuraiUploadGuard = true;
  let armed = null;  // the marked upload button being clicked: it opens its file input right away
  document.addEventListener('click', (event) => {
    armed = event.target.closest ? event.target.closest('.%(guard)s') : null;
    setTimeout(() => { armed = null; }, 0);
  }, true);
  const click = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    const button = armed;
    if (button && this.type === 'file' && !this.samuraiGuarded) {
      this.samuraiGuarded = true;
      const mark = Array.from(button.classList).find((c) => c.startsWith('%(guard)s-'));
      const [id, limit] = mark.slice('%(guard)s-'.length).split('-');
      this.addEventListener('change', (e) => {
        const big = Array.from(this.files || []).find((f) => f.size > Number(limit));
        if (!big) return;
        e.stopImmediatePropagation();  // the widget never reads it
        const report = document.querySelector('.%(guard)s-report-' + id + ' input');
        if (report) {
          report.value = JSON.stringify({name: big.name, size: big.size, at: Date.now()});
          report.dispatchEvent(new Event('input', {bubbles: true}));
        }
        this.value = '';
      }, {capture: true});
    }
    return click.call(this);
  };
})();
"""


def guard_upload(upload: widgets.FileUpload, kind: str, refuse: Callable[[FileTooBig], Any]) -> widgets.Box:
    """Mark ``upload`` so that the page stops a file larger than a ``kind`` may be (``common.limits.MAX_BYTES``);
    ``refuse`` is called with the refusal (the app shows it). Returns the hidden widget to put in the page
    (its report and the page script)."""
    n, limit = next(_ids), MAX_BYTES[kind]
    upload.add_class(GUARD_CLASS)
    upload.add_class(f"{GUARD_CLASS}-{n}-{limit}")
    report = widgets.Text(layout=widgets.Layout(display="none"))
    report.add_class(f"{GUARD_CLASS}-report-{n}")

    def on_report(change: dict) -> None:
        try:
            data = json.loads(change["new"])
            name, size = str(data["name"])[:200], int(data["size"])
        except (ValueError, KeyError, TypeError):
            return
        refuse(FileTooBig(name, size, limit))

    report.observe(on_report, names="value")
    return widgets.Box([report, script_output(SCRIPT % {"guard": GUARD_CLASS})], layout=widgets.Layout(display="none"))


def check_upload(item: dict, kind: str) -> None:
    """FileTooBig when an uploaded file (a ``FileUpload`` value's item) is larger than a ``kind`` may be."""
    content = item.get("content", b"")
    check_size(content if isinstance(content, (bytes, bytearray, memoryview)) else bytes(content), kind,
               str(item.get("name", "")))
