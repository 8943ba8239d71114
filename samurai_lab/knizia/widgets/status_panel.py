"""Whose turn, every player's hand, pile and captured pieces, and the captures of the session, as HTML.

``status_html`` respects hidden information: in a player's view (``viewer`` set)
other hands are shown as counts and, with 3-4 players, others' captured pieces
as "hidden"; the reveal-all teaching view shows everything.
"""

from __future__ import annotations

import html
from typing import Iterable, Sequence

from ..core.scoring import score_state
from ..core.model import Phase
from ..core.ruleset import RANDOM
from ..core.state import GameState
from ..teaching.words import resolution_words
from ..render.theme import seat_colours

_TD = "padding:1px 6px"


def phase_text(state: GameState) -> str:
    """One line: turn, who is to play, and what the phase asks for."""
    vocab = state.ruleset.vocabulary
    seat = state.seats[state.current].name
    if state.phase is Phase.CHOOSE_HANDS:
        return f"Setup, 1. the hands: {seat} chooses a starting hand in secret"
    if state.phase is Phase.PLACE_PIECES:
        return f"Setup, 2. the {vocab.piece}s (every hand is chosen): {seat} puts a {vocab.piece} into a settlement"
    if state.phase is Phase.GAME_OVER:
        return f"Game over after turn {state.turn}: {state.end_reason}"
    return f"Turn {state.turn}: {seat} to play"


def setup_steps(state: GameState) -> str:
    """What the players do next, in the rulebooks' order of setup (hands, then pieces, then play)."""
    vocab = state.ruleset.vocabulary
    first = state.seats[0].name
    pieces = (f"the {vocab.piece}s are dealt at random" if state.ruleset.setup == RANDOM else
              f"the {vocab.piece}s are placed, cities before villages, from {first}")
    if state.phase is Phase.CHOOSE_HANDS:
        return (f"every player chooses his starting hand in secret with the {vocab.tile} buttons, "
                f"{state.seats[state.current].name} now; then {pieces}; then {first} plays first")
    if state.phase is Phase.PLACE_PIECES:
        return (f"every hand is chosen; put the {vocab.piece}s into the settlements by clicking, "
                f"{state.seats[state.current].name} now; then {first} plays first")
    if state.phase is Phase.PLAY:
        return f"{state.seats[state.current].name} plays"
    return "the game is over"


def status_html(state: GameState, viewer: int | None = None) -> str:
    """The status table. ``viewer`` None is the reveal-all view; else that player's view."""
    shown = state if viewer is None else state.view(viewer)
    vocab = state.ruleset.vocabulary
    colours = seat_colours(state)
    sizes = state.hand_sizes()
    edition = f"{state.ruleset.edition} rules, {state.n_players} players"
    view = "everything revealed (teaching view)" if viewer is None else f"{state.seats[viewer].name}'s view"
    castes = "/".join(vocab.caste(c)[0] for c in vocab.castes)
    rows = []
    for p, seat in enumerate(state.seats):
        hand = shown.hands[p]
        hand_text = " ".join(t.code for t in hand) if hand else ("—" if hand is not None else f"{sizes[p]} hidden")
        cap = shown.captured[p]
        cap_text = "hidden" if cap is None else " / ".join(str(n) for n in cap)
        turn = "▶ " if p == state.current and state.phase is not Phase.GAME_OVER else ""
        rows.append(
            f'<tr><td style="{_TD}">{turn}<span style="display:inline-block;width:10px;height:10px;'
            f'border-radius:2px;background:{colours[p]}"></span> {html.escape(seat.name)}</td>'
            f'<td style="{_TD}">{html.escape(hand_text)}</td>'
            f'<td style="{_TD};text-align:center">{state.pile_sizes[p]}</td>'
            f'<td style="{_TD};text-align:center">{cap_text}</td></tr>'
        )
    out = [
        f'<div class="samurai-status-line"><b>{html.escape(phase_text(state))}</b></div>',
        f'<div style="color:#555;font-size:90%">{html.escape(edition)} · {html.escape(view)}</div>',
        f'<table style="border-collapse:collapse"><tr><th style="{_TD}">player</th><th style="{_TD}">hand</th>'
        f'<th style="{_TD}">pile</th><th style="{_TD}">captured {html.escape(castes)}</th></tr>{"".join(rows)}</table>',
        f'<div style="font-size:90%">Set aside by ties: {sum(state.set_aside)} · {vocab.piece}s on the board: '
        f'{" / ".join(str(n) for n in state.pieces_on_board())}</div>',
    ]
    if state.phase is Phase.GAME_OVER and all(c is not None for c in state.captured):
        report = score_state(state)
        names = " and ".join(state.seats[w].name for w in report.winners)
        out.append(f'<div class="samurai-score"><b>Winner: {html.escape(names)}</b><br>'
                   + "<br>".join(html.escape(s.text) for s in report.steps) + "</div>")
    return "".join(out)


def captures_html(steps: Iterable[tuple[GameState, str]], limit: int = 12) -> str:
    """The captures of the session so far, newest first: (state after an action, the action's label)."""
    lines: list[str] = []
    for state, label in steps:
        for r in state.events:
            lines.append(f"<li>{html.escape(label)}: {html.escape(resolution_words(state, r))}</li>")
    if not lines:
        return "<i>Nothing has been taken yet.</i>"
    shown = lines[::-1][:limit]
    more = f"<li>… {len(lines) - limit} earlier</li>" if len(lines) > limit else ""
    return f'<b>Captures</b><ul style="margin:2px 0;padding-left:18px">{"".join(shown)}{more}</ul>'


def last_captures(state: GameState) -> Sequence[str]:
    """The captures the last action caused, in words."""
    return [resolution_words(state, r) for r in state.events]
