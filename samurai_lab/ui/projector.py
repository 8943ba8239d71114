"""Projector mode: the board as large as the screen allows, and bigger type for panels and messages.

``set_projector(app.widget, on, boards)`` gives the app's root the CSS class ``samurai-projector`` (or takes
it) and every board its projector look; ``PROJECTOR_CSS`` (``web/projector.css``) enlarges the type inside
such a root (the board's page script puts it into the page once).
"""

from __future__ import annotations

from typing import Any, Iterable

from .web_files import web_file

PROJECTOR_CLASS = "samurai-projector"
#: What a class need not see on the projector (an app's title and introduction under the header): hidden there,
#: so that the board and the controls of the step at hand fit the screen.
INTRO_CLASS = "samurai-intro"

PROJECTOR_CSS = web_file(__package__, "projector.css")


def set_projector(root: Any, on: bool, boards: Iterable[Any] = ()) -> None:
    """Projector mode on or off for ``root`` (if any) and each of ``boards`` that has a ``set_projector``."""
    if root is not None:
        if on:
            root.add_class(PROJECTOR_CLASS)
        else:
            root.remove_class(PROJECTOR_CLASS)
    for board in boards:
        fn = getattr(board, "set_projector", None)
        if callable(fn):
            fn(on)


def projector_rules(root_class: str, rules: Iterable[str]) -> str:
    """A stylesheet of CSS ``rules`` ("selector {...}", each selector under the widget of CSS class
    ``root_class``) that hold only in projector mode."""
    out = []
    for rule in rules:
        sel, body = (part.strip() for part in rule.split("{", 1))
        out.append(f".{PROJECTOR_CLASS} .{root_class} {sel}, .{PROJECTOR_CLASS}.{root_class} {sel} {{ {body}")
    return "<style>" + "".join(out) + "</style>"


__all__ = ["INTRO_CLASS", "PROJECTOR_CLASS", "PROJECTOR_CSS", "projector_rules", "set_projector"]
