"""How every app fits its screen: phones, tablets, laptops and a projector.

``LAYOUT_CSS`` is one stylesheet for all apps (the header puts it into the page): a button shows its whole
label (wrapping inside it on a phone); rows of buttons wrap, and on a narrow screen a panel goes under the
board instead of being cut; on a touch screen controls are at least ``TOUCH_TARGET_PX`` tall; a box of class
``SCROLL_X_CLASS`` scrolls sideways inside itself, shaded at the edge that has more. An app's own rules
(``css_widget``) add what is particular to its layout.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

import ipywidgets as widgets

from .touch import POINTER_CSS

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

_BUTTONS = ".jupyter-widgets.jupyter-button, .jupyter-widgets .jupyter-button"

LAYOUT_CSS = f"""
/* an instruction says "tap" on a touch screen, "click" elsewhere */
{POINTER_CSS}
/* a button never shows its label cut: not shrunk below it, widened to it */
{_BUTTONS} {{ flex-shrink: 0; min-width: max-content; }}
.widget-hbox:has(> .jupyter-button), .widget-toggle-buttons > div {{ flex-wrap: wrap; }}
/* tabs as wide as their titles; the bar wraps when they do not fit */
.widget-tab > .lm-TabBar, .widget-tab > .lm-TabBar .lm-TabBar-content {{
  min-height: var(--jp-widgets-horizontal-tab-height); height: auto; flex-wrap: wrap; overflow: visible; }}
.widget-tab > .lm-TabBar .lm-TabBar-tab {{ min-width: max-content !important; max-width: none !important;
  flex-shrink: 0; }}
.widget-tab > .lm-TabBar .lm-TabBar-tabLabel {{ overflow: visible !important; }}
/* a control's description is never cut */
.widget-inline-hbox > .widget-label {{ min-width: max-content; }}
/* a control with margins in a box is no wider than the box */
.widget-box > .widget-inline-hbox {{ max-width: calc(100% - 2 * var(--jp-widgets-margin)); }}
/* a dropdown as wide as its longest entry */
.widget-dropdown > select {{ min-width: max-content; }}
.widget-dropdown {{ width: auto; min-width: min-content; }}
/* a wide table on a small screen: it scrolls inside its box, a shadow shows the side with more */
.{SCROLL_X_CLASS} {{ max-width: 100% !important; overflow-x: auto !important; }}
.lm-Widget.{SCROLL_X_CLASS} {{ max-width: calc(100% - 2 * var(--jp-widgets-margin)) !important; }}
div.{SCROLL_X_CLASS}:not(.lm-Widget) {{ contain: inline-size; }}  /* as wide as its room, not as its table */
.{SCROLL_X_CLASS} {{
  background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 24px 100% no-repeat local,
    linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 24px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.25), rgba(0,0,0,0)) left / 10px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.25), rgba(0,0,0,0)) right / 10px 100% no-repeat scroll;
}}
@media (max-width: {NARROW_PX}px) {{
  /* panels under each other, nothing wider than the screen */
  .widget-hbox {{ flex-wrap: wrap !important; }}
  .widget-box > .lm-Widget {{ max-width: 100% !important; }}
  .widget-hbox > .widget-box {{ margin-left: 0 !important; margin-right: 0 !important; }}
  .widget-box > .widget-inline-hbox {{ max-width: calc(100% - 2 * var(--jp-widgets-margin)) !important; }}
  .{SIDE_CLASS} {{ flex: 1 1 100% !important; width: auto !important; min-width: 0 !important;
    margin: 8px 0 0 0 !important; }}
  .widget-textarea textarea {{ box-sizing: border-box; max-width: 100%; }}
  .widget-html-content svg[viewBox] {{ max-width: 100%; height: auto; }}
  .widget-tab > .lm-TabBar .lm-TabBar-tab {{ flex-basis: auto !important; }}
}}
@media (max-width: {PHONE_PX}px) {{
  /* a label longer than the screen wraps inside its button */
  {_BUTTONS} {{ min-width: 0; max-width: calc(100% - 2 * var(--jp-widgets-margin)) !important; white-space: normal; height: auto;
    min-height: var(--jp-widgets-inline-height); line-height: 1.3; padding-top: 4px; padding-bottom: 4px; }}
  /* a few choices share one row in equal parts, their labels wrapping inside */
  .{CHOICE_ROW_CLASS} {{ width: calc(100% - 2 * var(--jp-widgets-margin)) !important; }}
  .{CHOICE_ROW_CLASS} > div {{ display: grid !important; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr);
    gap: 4px; width: 100%; }}
  .{CHOICE_ROW_CLASS} .widget-toggle-button {{ width: auto !important; max-width: none !important; margin: 0 !important;
    min-width: 0 !important; }}
  /* a dropdown takes the line (its list shows the entries in full) */
  .widget-dropdown > select {{ min-width: 0; }}
  .widget-dropdown {{ width: calc(100% - 2 * var(--jp-widgets-margin)) !important; min-width: 0; }}
}}
@media (pointer: coarse) {{
  /* targets a finger can hit */
  {_BUTTONS}, .widget-toggle-button {{ height: auto !important; min-height: {TOUCH_TARGET_PX}px !important; }}
  .widget-dropdown, .widget-text {{ height: auto !important; }}
  .widget-dropdown > select, .widget-text input {{ min-height: {TOUCH_TARGET_PX}px !important; }}
  .widget-tab > .lm-TabBar .lm-TabBar-tab {{ min-height: {TOUCH_TARGET_PX}px !important; align-items: center; }}
  /* a checkbox is tapped by its whole label, as tall as a button; the box itself big enough to see */
  .widget-checkbox {{ height: auto !important; }}
  .widget-checkbox > label {{ min-height: {TOUCH_TARGET_PX}px; display: flex; align-items: center; }}
  .widget-checkbox input[type="checkbox"] {{ width: 22px; height: 22px; }}
}}
"""


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
    """A button as wide as its words (``layout``: more of its ``widgets.Layout``), with the CSS class ``css``
    and the handler ``on_click``."""
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
