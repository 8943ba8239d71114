"""Keep a board canvas from scrolling the page when it is clicked.

On mouse-down, ipycanvas 0.14 calls ``canvas.focus()`` and only then reads the canvas position: when the
canvas is partly off-screen, that focus scrolls it into view first, and the click is read as far away as
the page moved. A capture-phase mouse-down listener on the document (it runs before ipycanvas' own) gives
every canvas of CSS class ``CANVAS_CLASS`` a ``focus`` that never scrolls (``preventScroll``); it is installed
once per page (``web/scroll_focus.js``). Every page script is an ``application/javascript`` output of a hidden
``Output`` (:func:`script_output`), which voila and JupyterLab run (an ``HTML`` widget would not).
"""

from __future__ import annotations

import ipywidgets as widgets

from .web_files import call_script

CANVAS_CLASS = "samurai-board-canvas"
OUTPUT_CLASS = "samurai-board-focus-fix"


def script_output(script: str | tuple[str, ...], css_class: str = "") -> widgets.Output:
    """A hidden ``Output`` whose only outputs are ``script`` (one, or a tuple)."""
    out = widgets.Output(layout=widgets.Layout(display="none"))
    if css_class:
        out.add_class(css_class)
    out.outputs = tuple({"output_type": "display_data", "data": {"application/javascript": code, "text/plain": ""},
                         "metadata": {}} for code in ((script,) if isinstance(script, str) else script))
    return out


def scroll_focus_fix() -> widgets.Output:
    """A hidden widget whose only output is ``web/scroll_focus.js`` (run by the browser when it is displayed)."""
    return script_output(call_script(__package__, "scroll_focus.js", {"canvas": CANVAS_CLASS}), OUTPUT_CLASS)


__all__ = ["CANVAS_CLASS", "script_output", "scroll_focus_fix"]
