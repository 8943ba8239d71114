"""The influence panel: caste x player tallies of one settlement and what-if previews as HTML
(``tally_html``, ``preview_html``), and ``TallyPanel``, one widget updated only when its text changes."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..core.influence import Preview, settlement_tally
from ..render.theme import seat_colours
from ..core.state import GameState
from ..teaching.game_text import action_phrase
from ..teaching.words import capitalised, hex_words, resolution_words
from ..core.text import end_reason_text
from ...i18n import Domain
from ...ui.layout import classed, set_traits
from ...ui.touch import pointer_html

T = Domain("knizia")

_CELL = "padding:1px 6px;text-align:center"
_HEAD = "padding:1px 6px;font-weight:600"


def _chip(colour: str) -> str:
    return (f'<span style="display:inline-block;width:9px;height:9px;border-radius:2px;'
            f'background:{colour};margin-right:3px"></span>')


def tally_html(state: GameState, settlement: int, coords: bool = False) -> str:
    """A table of every player's influence on each caste at ``settlement``, who would take each
    piece if it were surrounded now, and how many empty land hexes are left around it."""
    board = state.board
    if not board.is_settlement[settlement]:
        raise ValueError(T.gettext("{place} is not a settlement: tallies are kept for villages, cities and Edo").format(
            place=capitalised(hex_words(state, settlement, coords))))
    vocab = state.ruleset.vocabulary
    tally = settlement_tally(state, settlement)
    colours = seat_colours(state)
    names = vocab.seat_names(state.seats)
    kind = T.gettext("village") if board.info[settlement].kind == "village" else T.gettext("city")
    pieces = (", ".join(vocab.caste(c) for c in tally.pieces)
              or T.gettext("no {piece} left").format(piece=vocab.piece))
    if tally.surrounded:
        land = T.gettext("surrounded: every land hex around it holds a {tile}").format(tile=vocab.tile)
    else:
        n = tally.empty_land
        land = T.ngettext("{n} empty land hex left around it", "{n} empty land hexes left around it", n).format(n=n)
    head = "".join(f'<th style="{_HEAD}">{_chip(colours[p])}{html.escape(n)}</th>' for p, n in enumerate(names))
    rows = []
    for ct in tally.castes:
        caste = html.escape(vocab.caste(ct.caste))
        style = "" if ct.present else "color:#6b6b6b"
        label = f"<b>{caste}</b>" if ct.present else caste
        cells = [f'<td style="{_CELL};{"font-weight:700;background:#fff3c4" if ct.leader == p and v > 0 else ""}">'
                 f'{v}</td>' for p, v in enumerate(ct.tallies)]
        if ct.leader is None:
            goes = T.gettext("tie: set aside") if any(ct.tallies) else T.gettext("all 0: set aside")
        else:
            goes = html.escape(names[ct.leader])
        rows.append(f'<tr style="{style}"><td style="padding:1px 6px">{label}</td>{"".join(cells)}'
                    f'<td style="padding:1px 6px">{goes}</td></tr>')
    influence, if_now = html.escape(T.gettext("influence")), html.escape(T.gettext("if surrounded now"))
    grey = html.escape(T.gettext("castes in grey have no {piece} here").format(piece=vocab.piece))
    return (
        f'<div class="samurai-tally-body">'
        f'<div><b>{html.escape(capitalised(hex_words(state, settlement, coords)))}</b> · {html.escape(kind)} · '
        f'{html.escape(pieces)}</div>'
        f'<div class="samurai-tally-land">{html.escape(land)}</div>'
        f'<table style="border-collapse:collapse;margin-top:3px"><tr><th style="{_HEAD}">'
        f'{influence}</th>{head}'
        f'<th style="{_HEAD}">{if_now}</th></tr>{"".join(rows)}</table>'
        f'<div style="color:#6b6b6b;font-size:85%">{grey}</div></div>'
    )


def preview_html(state: GameState, pv: Preview, coords: bool = False) -> str:
    """What an action not yet committed would decide: every piece taken or set aside, and the end."""
    what_if = html.escape(T.gettext("What if:"))
    lines = [f"<b>{what_if}</b> {html.escape(action_phrase(state, pv.action, coords))}"]
    if pv.resolutions:
        lines += [f"• {html.escape(resolution_words(state, r, coords))}" for r in pv.resolutions]
    else:
        lines.append("• " + html.escape(T.gettext("no settlement would be surrounded: nothing is taken")))
    if pv.game_ends:
        reason = end_reason_text(pv.game_ends, state.ruleset.vocabulary)
        lines.append("• " + html.escape(T.gettext("the game would end: {reason}").format(reason=reason)))
    return '<div class="samurai-preview-body">' + "<br>".join(lines) + "</div>"


class TallyPanel:
    """One HTML widget showing a settlement's tallies (and optionally a preview below them)."""

    @staticmethod
    def empty_html() -> str:
        """The invitation shown before a settlement is chosen (in the current language)."""
        return "<i>{}</i>".format(pointer_html(T.gettext("Click a settlement to see its influence tallies."),
                                               T.gettext("Touch and hold a settlement to see its influence tallies.")))

    def __init__(self) -> None:
        self.widget = classed(widgets.HTML(value=self.empty_html()), "samurai-tally")
        self.coords = False  # hex ids in the texts too

    def show(self, state: GameState, settlement: int | None, extra_html: str = "", heading: str = "",
             lead_html: str = "") -> None:
        """Show ``lead_html`` (e.g. a preview), then the tallies of ``settlement`` in ``state`` (None: a hint)
        under ``heading``, then ``extra_html`` — one widget update for all of it."""
        body = tally_html(state, settlement, self.coords) if settlement is not None else self.empty_html()
        head = f'<div style="color:#1f4e79;margin-top:4px"><b>{html.escape(heading)}</b></div>' if heading else ""
        set_traits(self.widget, value=lead_html + head + body + extra_html)

    @property
    def text(self) -> str:
        """The panel's HTML (for tests)."""
        return self.widget.value
