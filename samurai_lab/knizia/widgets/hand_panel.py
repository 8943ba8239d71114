"""A player's hand as clickable tile buttons, with the turn's normal / fast allowance.

``HandPanel`` shows any row of choices (the hand, the tile kinds of the starting hands, the castes of the
pieces); its buttons are pooled by the items' keys, so a redraw changes only what differs.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Callable, Sequence

import ipywidgets as widgets

from ..core.state import GameState
from ..core.tiles import Tile
from ...i18n import Domain
from ...ui.layout import classed, css_widget, set_traits

T = Domain("knizia")

#: The mark shown on fast tiles.
FAST_MARK = "⚡"
#: Groups of tile buttons greyed together (see ``Choice.group``).
GROUPS = ("normal", "fast")


@dataclass(frozen=True)
class Choice:
    """One button: its label, tooltip, and whether it is selected or usable now."""

    label: str
    tooltip: str = ""
    selected: bool = False
    usable: bool = True
    key: str = ""  # the same key keeps the same button across redraws (default: the label)
    group: str = ""  # buttons of a group are greyed together (one update for the row, not one per button)


def tile_label(state: GameState, t: Tile) -> str:
    """``High Helmet 4``, ``Ship 2 ⚡``, ``figure exchange ⚡``: figure, value and the fast mark."""
    vocab = state.ruleset.vocabulary
    value = "" if t.value is None or t.is_move else f" {t.value}"  # the move tile's 0 is no strength
    return f"{vocab.figure(t.figure)}{value}{' ' + FAST_MARK if t.fast else ''}"


def tile_tooltip(state: GameState, t: Tile) -> str:
    """What the tile does, in the edition's words."""
    vocab = state.ruleset.vocabulary
    kind = (T.gettext("with the {fast}: any number per turn") if t.fast else
            T.gettext("without the {fast}: one per turn")).format(fast=vocab.fast)
    if t.is_swap:
        what = T.gettext("exchange two {pieces} of two different settlements").format(pieces=vocab.pieces)
    elif t.is_move:
        what = T.gettext("lift one of your own {tiles} and lay it elsewhere, leaving this 0 behind").format(
            tiles=vocab.tiles)
    elif t.on_sea:
        what = T.gettext("a ship: wild, placed on an empty sea hex")
    elif t.is_wild:
        what = T.gettext("wild: counts for all three castes")
    else:
        what = T.gettext("counts only for the {caste}").format(caste=vocab.caste(t.caste))  # type: ignore[arg-type]
    return T.gettext("{tile}: {what}; {kind}").format(tile=tile_label(state, t), what=what, kind=kind)


def hand_items(state: GameState, hand: Sequence[Tile], selected: int | None) -> list[Choice]:
    """The buttons of a hand in play (keyed by tile and copy, so a played tile's button just goes); a tile is usable
    when the turn's allowance lets it be played (a fast tile, or no normal tile played yet)."""
    return [Choice(tile_label(state, t), tile_tooltip(state, t), k == selected, t.fast or not state.normal_played,
                   key=f"{t.code}#{hand[:k].count(t)}", group="fast" if t.fast else "normal")
            for k, t in enumerate(hand)]


def allowance_text(state: GameState) -> str:
    """The turn's allowance: one tile without the fast mark, any number with it, and what is used."""
    vocab = state.ruleset.vocabulary
    normal = T.gettext("already played") if state.normal_played else T.gettext("not played yet")
    return T.gettext("This turn: 1 {tile} without the {mark} {fast} ({normal}), any number with it. Played so far: "
                     "{played}.").format(tile=vocab.tile, mark=FAST_MARK, fast=vocab.fast, normal=normal,
                                         played=state.played_this_turn)


class HandPanel:
    """A title, a row of pooled buttons and an allowance line (CSS class ``samurai-hand``)."""

    def __init__(self) -> None:
        self.title = classed(widgets.HTML(), "samurai-hand-title")
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.allowance = classed(widgets.HTML(), "samurai-allowance")
        css = css_widget(f"{' '.join(f'.samurai-dim-{g} .samurai-group-{g}' for g in GROUPS)}"
                         " { color: #6b6b6b !important; font-style: italic; }")
        self.widget = classed(widgets.VBox([css, self.title, self.row, self.allowance]), "samurai-hand")
        self._layout = widgets.Layout(width="auto", margin="2px")  # shared by every button
        self._pool: dict[str, widgets.Button] = {}
        self._index: dict[str, int] = {}
        self._callbacks: list[Callable[[int], None]] = []
        self.items: list[Choice] = []

    def on_select(self, callback: Callable[[int], None]) -> None:
        """``callback(k)`` when the k-th button is clicked."""
        self._callbacks.append(callback)

    def click(self, k: int) -> None:
        """Act as if button ``k`` was clicked (tests, keyboard helpers)."""
        for cb in self._callbacks:
            cb(k)

    def _button(self, key: str, group: str) -> widgets.Button:
        if key not in self._pool:
            b = self._pool[key] = classed(widgets.Button(layout=self._layout), "samurai-tile-button")
            if group:
                b.add_class(f"samurai-group-{group}")
            b.on_click(lambda _b, key=key: self.click(self._index[key]))
        return self._pool[key]

    def show(self, title: str, items: Sequence[Choice], allowance: str = "") -> None:
        """Show ``items`` as buttons under ``title`` (plain text), ``allowance`` below."""
        self.items = list(items)
        set_traits(self.title, value=f"<b>{html.escape(title)}</b>" if title else "")
        buttons = []
        self._index = {}
        for k, item in enumerate(items):
            key = item.key or item.label
            self._index[key] = k
            b = self._button(key, item.group)
            set_traits(b, description=item.label, tooltip=item.tooltip, button_style="info" if item.selected else "")
            set_traits(b.style, text_color=None if (item.usable or item.group) else "#6b6b6b")
            buttons.append(b)
        if list(self.row.children) != buttons:
            self.row.children = buttons
        groups = {item.group for item in items if item.group}
        dim = {f"samurai-dim-{g}" for g in groups if not any(i.usable for i in items if i.group == g)}
        have = {c for c in self.row._dom_classes if c.startswith("samurai-dim-")}
        if dim != have:
            self.row._dom_classes = tuple(c for c in self.row._dom_classes if c not in have) + tuple(sorted(dim))
        set_traits(self.allowance, value=html.escape(allowance))
