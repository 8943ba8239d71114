"""Whose turn, every player's hand, pile and captured pieces, and the captures of the session, as HTML; in a
player's view other hands show as counts and, with 3-4 players, others' captured pieces as "hidden"."""

from __future__ import annotations

import html
from typing import Iterable

from ..core.scoring import score_state
from ..core.model import Phase
from ..core.ruleset import RANDOM
from ..core.state import GameState
from ..teaching.words import resolution_words
from ..render.svg import figure_icon_svg
from ..render.theme import seat_colours
from ..core.text import end_reason_text
from ..core.tiles import Tile
from .hand_panel import FAST_MARK, tile_label
from ...i18n import Domain

T = Domain("knizia")

_TD = "padding:1px 6px"
def tile_chip(state: GameState, t: Tile) -> str:
    """One tile of a hand as its figure's icon (the board's) and value, named in the edition's words for
    the pointer and for screen readers (the High Helmet's icon and ``4``, titled *High Helmet 4*)."""
    name = html.escape(tile_label(state, t), quote=True)
    value = "" if t.value is None or t.is_move else str(t.value)
    fast = FAST_MARK if t.fast else ""
    icon = figure_icon_svg(t.figure, state.ruleset.edition)
    return (f'<span class="samurai-hand-tile" title="{name}" aria-label="{name}" role="img" '
            f'style="display:inline-block;margin-right:6px;white-space:nowrap">{icon}{value}{fast}</span>')


def hand_html(state: GameState, hand) -> str:
    """A hand as tile symbols with values (each named in words on hover); ``—`` when empty."""
    return "".join(tile_chip(state, t) for t in hand or ()) or "—"


def phase_text(state: GameState) -> str:
    """One line: turn, who is to play, and what the phase asks for."""
    vocab = state.ruleset.vocabulary
    seat = vocab.seat_names(state.seats)[state.current]
    if state.phase is Phase.CHOOSE_HANDS:
        return T.gettext("Setup, 1. the hands: {player} chooses a starting hand in secret").format(player=seat)
    if state.phase is Phase.PLACE_PIECES:
        return T.gettext("Setup, 2. the {pieces} (every hand is chosen): {player} puts a {piece} into a "
                         "settlement").format(pieces=vocab.pieces, piece=vocab.piece, player=seat)
    if state.phase is Phase.GAME_OVER:
        return T.gettext("Game over after turn {turn}: {reason}").format(
            turn=state.turn, reason=end_reason_text(state.end_reason or "", vocab))
    return T.gettext("Turn {turn}: {player} to play").format(turn=state.turn, player=seat)


def setup_steps(state: GameState) -> str:
    """What the players do next, in the rulebooks' order of setup (hands, then pieces, then play)."""
    vocab = state.ruleset.vocabulary
    names = vocab.seat_names(state.seats)
    first, now = names[0], names[state.current]
    pieces = (T.gettext("the {pieces} are dealt at random").format(pieces=vocab.pieces)
              if state.ruleset.setup == RANDOM else
              T.gettext("the {pieces} are placed, cities before villages, from {player}").format(
                  pieces=vocab.pieces, player=first))
    if state.phase is Phase.CHOOSE_HANDS:
        return T.gettext("every player chooses his starting hand in secret with the buttons of the {tiles}, "
                         "{player} now; then {pieces}; then {first} plays first").format(
            tiles=vocab.tiles, player=now, pieces=pieces, first=first)
    if state.phase is Phase.PLACE_PIECES:
        return T.gettext("every hand is chosen; put the {pieces} into the settlements, {player} now; "
                         "then {first} plays first").format(pieces=vocab.pieces, player=now, first=first)
    if state.phase is Phase.PLAY:
        return T.gettext("{player} plays").format(player=now)
    return T.gettext("the game is over")


def status_html(state: GameState, viewer: int | None = None) -> str:
    """The status table. ``viewer`` None is the reveal-all view; else that player's view."""
    shown = state if viewer is None else state.view(viewer)
    vocab = state.ruleset.vocabulary
    colours = seat_colours(state)
    sizes = state.hand_sizes()
    names = vocab.seat_names(state.seats)
    edition = T.ngettext("{edition} rules, {n} player", "{edition} rules, {n} players", state.n_players).format(
        edition=state.ruleset.edition, n=state.n_players)
    view = (T.gettext("everything revealed (teaching view)") if viewer is None else
            T.gettext("the view of {player}").format(player=names[viewer]))
    castes = "/".join(vocab.caste(c)[0] for c in vocab.castes)
    castes_title = html.escape(" / ".join(vocab.caste(c) for c in vocab.castes), quote=True)
    heads = "".join(f'<th style="{_TD}">{html.escape(h)}</th>'
                    for h in (T.gettext("player"), T.gettext("hand"), T.gettext("draw pile")))
    head_captured = T.gettext("captured {castes}").format(castes=castes)
    hidden = T.gettext("hidden")
    rows = []
    for p, seat in enumerate(state.seats):
        hand = shown.hands[p]
        hand_cell = (html.escape(T.ngettext("{n} hidden", "{n} hidden", sizes[p]).format(n=sizes[p])) if hand is None
                     else hand_html(state, hand))
        cap = shown.captured[p]
        cap_text = html.escape(hidden) if cap is None else " / ".join(str(n) for n in cap)
        turn = "▶ " if p == state.current and state.phase is not Phase.GAME_OVER else ""
        rows.append(
            f'<tr><td style="{_TD}">{turn}<span style="display:inline-block;width:10px;height:10px;'
            f'border-radius:2px;background:{colours[p]}"></span> {html.escape(names[p])}</td>'
            f'<td style="{_TD}">{hand_cell}</td>'
            f'<td style="{_TD};text-align:center">{state.pile_sizes[p]}</td>'
            f'<td style="{_TD};text-align:center">{cap_text}</td></tr>'
        )
    out = [
        f'<div class="samurai-status-line"><b>{html.escape(phase_text(state))}</b></div>',
        f'<div style="color:#555;font-size:90%">{html.escape(edition)} · {html.escape(view)}</div>',
        f'<table style="border-collapse:collapse"><tr>{heads}<th style="{_TD}" title="{castes_title}">'
        f'{html.escape(head_captured)}</th></tr>{"".join(rows)}</table>',
        '<div style="font-size:90%">{}</div>'.format(html.escape(
            T.gettext("Set aside by ties: {n} · {pieces} on the board: {counts}").format(
                n=sum(state.set_aside), pieces=vocab.pieces,
                counts=" / ".join(str(n) for n in state.pieces_on_board())))),
    ]
    if state.phase is Phase.GAME_OVER and all(c is not None for c in state.captured):
        report = score_state(state)
        winners = T.gettext(" and ").join(names[w] for w in report.winners)
        winner = html.escape(T.gettext("Winner: {players}").format(players=winners))
        out.append(f'<div class="samurai-score"><b>{winner}</b><br>'
                   + "<br>".join(html.escape(s.text) for s in report.steps) + "</div>")
    return "".join(out)


def captures_html(steps: Iterable[tuple[GameState, str]], limit: int = 12) -> str:
    """The captures of the session so far, newest first: (state after an action, the action's label)."""
    lines = [f"<li>{html.escape(label)}: {html.escape(resolution_words(state, r))}</li>"
             for state, label in steps for r in state.events]
    if not lines:
        return "<i>{}</i>".format(html.escape(T.gettext("Nothing has been taken yet.")))
    shown = lines[::-1][:limit]
    earlier = len(lines) - limit
    more = ("<li>… {}</li>".format(html.escape(T.ngettext("{n} earlier", "{n} earlier", earlier).format(n=earlier)))
            if earlier > 0 else "")
    title = html.escape(T.gettext("Captures"))
    return f'<b>{title}</b><ul style="margin:2px 0;padding-left:18px">{"".join(shown)}{more}</ul>'
