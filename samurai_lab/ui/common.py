"""Small pieces every app shares: a message bar, safe event handlers, a collapsible error log.

Under voila, exceptions raised in widget callbacks show nowhere: ``Feedback.guard`` turns rule refusals
and anything unexpected into messages. The traceback goes to the server's log, and into the app only in
debug mode (``$SAMURAI_DEBUG``, set by ``samurai-lab serve --debug``).
"""

from __future__ import annotations

import contextlib
import functools
import html
import os
import sys
import traceback
from typing import Any, Callable

import ipywidgets as widgets

from ..i18n import Domain
from .touch import pointer_html

T = Domain("ui")

#: Environment variable that shows tracebacks in the apps (``samurai-lab serve --debug`` sets it).
DEBUG_ENV = "SAMURAI_DEBUG"


def debug_mode() -> bool:
    """True when the apps may show Python tracebacks (``$SAMURAI_DEBUG`` is 1, true or yes)."""
    return os.environ.get(DEBUG_ENV, "").strip().lower() in {"1", "true", "yes"}


KINDS = {
    "info": ("#1f4e79", "#e8f1fb"),
    "success": ("#1e5e2f", "#e6f4ea"),
    "warning": ("#7a4b00", "#fff4e0"),
    "error": ("#8a1c1c", "#fdecea"),
}


class Feedback:
    """A message line (CSS class ``samurai-message``) plus a hidden log for unexpected errors."""

    def __init__(self) -> None:
        self.message = widgets.HTML(value="")
        self.message.add_class("samurai-message")
        self.log = widgets.Output(layout=widgets.Layout(max_height="160px", overflow="auto"))
        self.log_box = widgets.Accordion(children=[self.log], layout=widgets.Layout(display="none"))
        self.log_box.set_title(0, T.gettext("Technical details"))
        self.widget = widgets.VBox([self.message, self.log_box])
        self.clear()

    def show(self, text: str, kind: str = "info", tap: str | None = None) -> None:
        """Show one message; ``kind`` is info, success, warning or error; ``tap``: the message as a touch screen
        shows it ("Tap …" where ``text`` says "Click …")."""
        fg, bg = KINDS.get(kind, KINDS["info"])
        self.kind, self.text = kind, text
        body = html.escape(text).replace("\n", "<br>") if tap is None else pointer_html(text, tap)
        self.message.value = (
            f'<div class="samurai-message-{kind}" style="color:{fg};background:{bg};padding:6px 10px;'
            f'border-radius:4px;margin:4px 0">{body}</div>'
        )

    def clear(self) -> None:
        self.kind, self.text = "", ""
        self.message.value = ""

    def report_unexpected(self, exc: BaseException) -> None:
        """A message in plain words; the traceback in the server's log, and in debug mode in the
        collapsible log too."""
        with contextlib.suppress(AttributeError, OSError, ValueError):  # no usable stderr
            traceback.print_exception(exc, file=sys.__stderr__)
        if debug_mode():
            self.show(T.gettext("Something went wrong: {error}. Your position is unchanged.").format(error=exc), "error")
            self.log_box.layout.display = ""
            with self.log:
                traceback.print_exception(exc)
        else:
            self.show(T.gettext("Something went wrong ({error}). Your position is unchanged. "
                                "The details are in the server's log.").format(error=type(exc).__name__), "error")

    def guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap an event handler: ValueErrors (rule refusals, bad files) become error messages."""
        # IllegalMoveError and ScenarioError are ValueErrors; a PointerError says "tap" on a touch screen
        return guarded(fn, self.report_unexpected, lambda e: self.show(str(e), "error", getattr(e, "tap", None)))


def guarded(fn: Callable[..., Any], report: Callable[[BaseException], Any] | None = None,
            refused: Callable[[ValueError], Any] | None = None) -> Callable[..., Any]:
    """``fn`` for a widget's callback: a ValueError goes to ``refused(error)`` when it is given, any other error
    to ``report(error)`` (raised without it): an app never fails silently."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - shown by the app, never lost
            if refused is not None and isinstance(e, ValueError):
                refused(e)
            elif report is not None:
                report(e)
            else:
                raise
        return None

    return wrapper


def projector_style(root: str) -> widgets.HTML:
    """Larger type for messages and buttons inside the app whose root has CSS class ``root``."""
    css = (f".{root} .samurai-message > div {{font-size:17px;line-height:1.4}}"
           f".{root} .widget-button, .{root} .widget-toggle-button {{font-size:15px;height:auto;"
           "min-height:32px;padding:3px 10px}}"
           f".{root} .widget-dropdown select {{font-size:15px}}")
    return widgets.HTML(f"<style>{css}</style>", layout=widgets.Layout(display="none"))
