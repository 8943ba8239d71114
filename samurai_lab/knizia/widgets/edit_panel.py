"""Edit mode: put caste pieces and any player's tiles on the board, remove them, set hands and whose turn.

Edits go to a *draft* (shown on the board), checked as scenario files are, every problem listed; ``Apply`` hands
a valid draft to the app, ``Discard`` drops it: a bad edit never touches the current position.
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as widgets

from ..core.state import GameState
from ..teaching.words import capitalised, hex_words
from ..core.tiles import CASTES, TILE_KINDS, Caste, tile as tile_by_code
from . import position_edit as pe
from .hand_panel import tile_label
from ...i18n import Domain
from ...ui.layout import button, classed
from ...ui.touch import pointer_html

T = Domain("knizia")

PIECE, TILE, REMOVE = "piece", "tile", "remove"


class EditPanel:
    """Edit tools and the draft position (CSS class ``samurai-edit``)."""

    def __init__(self, state: GameState, on_apply: Callable[[GameState], None],
                 on_draft: Callable[[GameState | None], None]) -> None:
        self._on_apply, self._on_draft = on_apply, on_draft
        self.base = state
        self.draft: GameState | None = None
        self.problems: list[str] = []
        self.tool = classed(widgets.ToggleButtons(options=[(PIECE, PIECE), (TILE, TILE), (REMOVE, REMOVE)],
                                                  value=PIECE, description=T.gettext("Puts"),
                                                  style={"button_width": "auto", "description_width": "initial"}),
                            "samurai-edit-tool")
        self.caste = classed(widgets.ToggleButtons(style={"button_width": "auto", "description_width": "initial"},
                                                   description=T.gettext("Caste")), "samurai-edit-caste")
        self.pool = widgets.Dropdown(description=T.gettext("Pieces from/to"), style={"description_width": "initial"},
                                     layout=widgets.Layout(width="auto"))
        self.owner = widgets.Dropdown(description=T.gettext("Of"), layout=widgets.Layout(width="180px"))
        initial = {"description_width": "initial"}
        self.tile = classed(widgets.Dropdown(layout=widgets.Layout(width="240px"), style=initial), "samurai-edit-tile")
        self.current = classed(widgets.Dropdown(description=T.gettext("To play"), layout=widgets.Layout(width="220px"),
                                                style=initial), "samurai-edit-current")
        self.hand_fields = [classed(widgets.Text(continuous_update=False, layout=widgets.Layout(width="330px")),
                                    f"samurai-edit-hand-{p}") for p in range(4)]
        self.hands_title = widgets.HTML()
        self.problems_html = classed(widgets.HTML(), "samurai-edit-problems")
        self.apply_button = button(T.gettext("Apply edits"), "samurai-edit-apply", "check", "success")
        self.discard_button = button(T.gettext("Discard edits"), "samurai-edit-discard", "times")
        self.widget = classed(widgets.VBox([
            widgets.HTML("<i>{}</i>".format(pointer_html(
                T.gettext("Click the board to edit; edits are checked like scenario files and applied only when valid."),
                T.gettext("Tap the board to edit; edits are checked like scenario files and applied only when valid.")))),
            self.tool, self.caste, self.pool, widgets.HBox([self.owner, self.tile]), self.current,
            self.hands_title, widgets.VBox(self.hand_fields),
            self.problems_html, widgets.HBox([self.apply_button, self.discard_button]),
        ]), "samurai-edit")
        self.set_base(state)

    # --- wiring (the app wraps these in its guard) --------------------------------------
    def connect(self, guard: Callable[[Callable], Callable]) -> None:
        """Attach the widget events, each through ``guard``."""
        self.apply_button.on_click(guard(lambda _: self.apply()))
        self.discard_button.on_click(guard(lambda _: self.discard()))
        self.current.observe(guard(lambda ch: self.set_current(ch["new"])), names="value")
        for p, field in enumerate(self.hand_fields):
            field.observe(guard(lambda ch, p=p: self.set_hand(p, ch["new"])), names="value")

    # --- state -------------------------------------------------------------
    @property
    def shown(self) -> GameState:
        """The position the board shows in edit mode: the draft, or the base."""
        return self.draft if self.draft is not None else self.base

    def set_base(self, state: GameState) -> None:
        """Edit from ``state`` (drops any draft)."""
        self.base, self.draft, self.problems = state, None, []
        vocab = state.ruleset.vocabulary
        names = vocab.seat_names(state.seats)
        self._syncing = True
        try:
            _options(self.tool, [(vocab.piece, PIECE), (vocab.tile, TILE), (T.gettext("remove"), REMOVE)])
            self.tile.description = vocab.tile.capitalize()
            self.hands_title.value = "<b>{}</b> ({})".format(
                html.escape(T.gettext("Hands")),
                T.gettext("codes of the {tiles}, e.g. {example}").format(
                    tiles=html.escape(vocab.tiles), example="<code>H4 S1 W2 X M</code>"))
            _options(self.caste, [(vocab.caste(c), c.value) for c in CASTES])
            _options(self.pool, [(T.gettext("set aside"), pe.SET_ASIDE)]
                     + [(T.gettext("captures of {player}").format(player=n), p) for p, n in enumerate(names)])
            _options(self.owner, [(n, p) for p, n in enumerate(names)])
            _options(self.tile, [(f"{t.code} · {tile_label(state, t)}", t.code) for t in TILE_KINDS if not t.is_swap])
            _options(self.current, [(n, p) for p, n in enumerate(names)])
            self.current.value = state.current
            for p, f in enumerate(self.hand_fields):
                here = p < state.n_players
                f.layout.display = "" if here else "none"
                f.description = names[p] if here else ""
                f.value = " ".join(t.code for t in state.hands[p] or ()) if here else ""
        finally:
            self._syncing = False
        self._show_problems()

    def _edit(self, new: GameState, what: str) -> None:
        self.draft = new
        self.problems = pe.problems(new)
        self._show_problems(what)
        self._on_draft(new)

    def _show_problems(self, what: str = "") -> None:
        self.discard_button.disabled = self.draft is None
        self.apply_button.disabled = self.draft is None or bool(self.problems)
        if self.draft is None:
            self.problems_html.value = "<i>{}</i>".format(html.escape(T.gettext("No edits yet.")))
            return
        head = html.escape(what + ": ") if what else ""
        if self.problems:
            items = "".join(f"<li>{html.escape(p)}</li>" for p in self.problems)
            n = len(self.problems)
            count = T.ngettext("{n} problem before this position can be applied:",
                               "{n} problems before this position can be applied:", n).format(n=n)
            self.problems_html.value = (f'<div class="samurai-edit-invalid">{head}<b>{html.escape(count)}</b>'
                                        f'<ul style="margin:2px 0">{items}</ul></div>')
        else:
            valid = html.escape(T.gettext("the edited position is valid: press Apply edits."))
            self.problems_html.value = f'<div class="samurai-edit-valid">{head}{valid}</div>'

    # --- edits ---------------------------------------------------------------
    def click(self, index: int | None) -> str:
        """A click on the board in edit mode; returns what was done (ValueError if nothing can be)."""
        if index is None:
            return ""
        s = self.shown
        board = s.board
        vocab = s.ruleset.vocabulary
        label = hex_words(s, index)
        tool = self.tool.value
        if tool == PIECE:
            if not board.is_settlement[index]:
                raise ValueError(T.gettext("{place} is not a settlement: the {pieces} lie only in villages, cities and "
                                           "Edo").format(place=capitalised(label), pieces=vocab.pieces))
            caste = Caste(self.caste.value)
            what = T.gettext("{caste} put into {place}").format(caste=vocab.caste(caste), place=label)
            self._edit(pe.add_piece(s, index, caste, self.pool.value), what)
        elif tool == TILE:
            if board.is_settlement[index]:
                raise ValueError(T.gettext("the {tiles} are never placed on a village, a city or Edo").format(
                    tiles=vocab.tiles))
            t = tile_by_code(self.tile.value)
            what = T.gettext("{tile} of {player} laid on {place}").format(
                tile=tile_label(s, t), player=vocab.seat_names(s.seats)[self.owner.value], place=label)
            self._edit(pe.put_tile(s, index, self.owner.value, t), what)
        elif s.tiles[index] is not None:
            self._edit(pe.remove_tile(s, index), T.gettext("{tile} lifted from {place}").format(
                tile=vocab.tile, place=label))
        elif s.pieces[index]:
            caste = Caste(self.caste.value)
            what = T.gettext("{piece} taken out of {place}").format(piece=vocab.piece, place=label)
            self._edit(pe.remove_piece(s, index, caste, self.pool.value), what)
        else:
            raise ValueError(T.gettext("{place} holds nothing to remove").format(place=capitalised(label)))
        return self.problems_html.value

    def set_hand(self, player: int, text: str) -> None:
        if self._syncing or player >= self.shown.n_players:
            return
        s = self.shown
        name = s.ruleset.vocabulary.seat_names(s.seats)[player]
        self._edit(pe.set_hand(s, player, pe.parse_hand(text)), T.gettext("hand of {player} set").format(player=name))

    def set_current(self, player: int) -> None:
        s = self.shown
        if self._syncing or player is None or (player == s.current and self.draft is None):
            return
        name = s.ruleset.vocabulary.seat_names(s.seats)[player]
        self._edit(pe.set_current(s, player), T.gettext("{player} to play").format(player=name))

    def apply(self) -> None:
        """Hand the draft to the app if it is valid; else list its problems (ValueError)."""
        if self.draft is None:
            raise ValueError(T.gettext("there are no edits to apply"))
        if self.problems:
            n = len(self.problems)
            raise ValueError(T.ngettext("the edited position has {n} problem: {problems}",
                                        "the edited position has {n} problems: {problems}", n).format(
                n=n, problems="; ".join(self.problems)))
        self._on_apply(self.draft)

    def discard(self) -> None:
        self.set_base(self.base)
        self._on_draft(None)


def _options(widget: widgets.Widget, options: list[tuple[str, object]]) -> None:
    """New options for a selection widget, keeping its value when it is still offered (else the first)."""
    old = widget.value
    if list(widget.options) != options:
        widget.options = options
    values = [v for _, v in options]
    widget.value = old if old in values else values[0]
