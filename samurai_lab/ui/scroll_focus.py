"""Keep a board canvas from scrolling the page when it is clicked.

On mouse-down, ipycanvas 0.14 calls ``canvas.focus()`` and only then reads the canvas position: when the
canvas is partly off-screen, that focus scrolls it into view first, and the click is read as far away as
the page moved. A capture-phase mouse-down listener on the document (it runs before ipycanvas' own) gives
every canvas of CSS class ``CANVAS_CLASS`` a ``focus`` that never scrolls (``preventScroll``). The script is
an ``application/javascript`` output of a hidden ``Output``, which voila and JupyterLab run (an ``HTML``
widget would not); the listener is installed once per page.
"""

from __future__ import annotations

import ipywidgets as widgets

CANVAS_CLASS = "samurai-board-canvas"
OUTPUT_CLASS = "samurai-board-focus-fix"

SCRIPT = """
(() => {
  if (window.samuraiBoardFocusFix) return;
  const focusWithoutScroll = function (options) {
    HTMLElement.prototype.focus.call(this, Object.assign({}, options, {preventScroll: true}));
  };
  window.samuraiBoardFocusFix = focusWithoutScroll;
  document.addEventListener('mousedown', (event) => {
    const target = event.target;
    if (target instanceof HTMLCanvasElement && target.classList.contains('%s')) {
      target.focus = focusWithoutScroll;
    }
  }, true);
})();
""" % CANVAS_CLASS


def scroll_focus_fix() -> widgets.Output:
    """A hidden widget whose only output is ``SCRIPT`` (run by the browser when it is displayed)."""
    out = widgets.Output(layout=widgets.Layout(display="none"))
    out.add_class(OUTPUT_CLASS)
    out.outputs = (
        {
            "output_type": "display_data",
            "data": {"application/javascript": SCRIPT, "text/plain": ""},
            "metadata": {},
        },
    )
    return out


__all__ = ["CANVAS_CLASS", "SCRIPT", "scroll_focus_fix"]
