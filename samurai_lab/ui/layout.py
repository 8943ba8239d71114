"""How every app fits its screen: phones, tablets, laptops and a projector.

``LAYOUT_CSS`` is one stylesheet for all apps (the header puts it into the page): a button shows its whole
label (wrapping inside it on a phone); rows of buttons wrap, and on a narrow screen a panel goes under the
board instead of being cut; on a touch screen controls are at least ``TOUCH_TARGET_PX`` tall; a box of class
``SCROLL_X_CLASS`` scrolls sideways inside itself, shaded at the edge that has more. The rules are in
``web/layout.css`` (with the numbers and class names below written out), after the touch module's
``POINTER_CSS``. An app's own rules (``css_widget``) add what is particular to its layout.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

import ipywidgets as widgets

from .touch import POINTER_CSS
from .web_files import web_file

W = TypeVar("W", bound=widgets.DOMWidget)

#: Height in css px of a tap target on a touch screen.
TOUCH_TARGET_PX = 40
#: Widest screen (css px) laid out as a narrow one: panels under each other.
NARROW_PX = 820
#: Widest screen (css px) laid out as a phone: long button labels wrap.
PHONE_PX = 600
#: A box that may scroll sideways inside itself, with a visible cue.
SCROLL_X_CLASS = "samurai-scroll-x"
#: A panel beside the board on a wide screen, under it (the screen's width) on a narrow one.
SIDE_CLASS = "samurai-side"
#: A row of a few choices (``ToggleButtons``: the games) whose buttons share the row equally on a phone.
CHOICE_ROW_CLASS = "samurai-choice-row"
#: The apps' type in their inline styles.
FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"

LAYOUT_CSS = ('\n/* an instruction says "tap" on a touch screen, "click" elsewhere */\n' + POINTER_CSS + "\n"
              + web_file(__package__, "layout.css"))


def css_widget(css: str) -> widgets.HTML:
    """A hidden widget that puts the stylesheet ``css`` into the page."""
    return widgets.HTML(f"<style>{css}</style>", layout=widgets.Layout(display="none"))


def classed(widget: W, *css_classes: str) -> W:
    """``widget`` with the CSS classes ``css_classes`` (the stylesheets' and the tests' handles on it)."""
    for css_class in css_classes:
        widget.add_class(css_class)
    return widget


def button(description: str, css: str = "", icon: str = "", style: str = "", tooltip: str | None = None,
           on_click: Callable[[widgets.Button], Any] | None = None, disabled: bool = False,
           **layout: Any) -> widgets.Button:
    """A button as wide as its words, of CSS class ``css`` (``layout``: more of its ``widgets.Layout``)."""
    b = widgets.Button(description=description, icon=icon, button_style=style, tooltip=tooltip, disabled=disabled,
                       layout=widgets.Layout(**{"width": "auto", **layout}))
    if css:
        b.add_class(css)
    if on_click is not None:
        b.on_click(on_click)
    return b


def set_traits(widget: widgets.Widget, **values: Any) -> None:
    """Set only the traits that change, in one message."""
    changed = {k: v for k, v in values.items() if getattr(widget, k) != v}
    if changed:
        with widget.hold_sync():
            for k, v in changed.items():
                setattr(widget, k, v)


def board_beside(board: widgets.Widget, panel: list[widgets.Widget], width: str) -> widgets.HBox:
    """A board with its panel of ``width`` beside it, or under it on a narrow screen (``SIDE_CLASS``)."""
    side = widgets.VBox(panel, layout=widgets.Layout(width=width, flex="0 0 auto", margin="0 0 0 12px"))
    return widgets.HBox([board, classed(side, SIDE_CLASS)], layout=widgets.Layout(flex_flow="row wrap"))


__all__ = ["CHOICE_ROW_CLASS", "FONT", "LAYOUT_CSS", "NARROW_PX", "PHONE_PX", "SCROLL_X_CLASS", "SIDE_CLASS", "TOUCH_TARGET_PX", "board_beside",
           "button", "classed", "css_widget", "set_traits"]
