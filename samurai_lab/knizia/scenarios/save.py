"""Writing any full game state as a scenario file that loads back to an equal state."""

from __future__ import annotations

from pathlib import Path

import tomli_w

from ...i18n import Domain
from ..core.ruleset import PRESETS
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import CASTES, Figure
from .notation import NOBODY, castes_text, resolution_text

T = Domain("knizia")

#: Longest title a scenario is written with (titles are shown in every student's list of files).
MAX_TITLE = 120


def title_problem(title: str) -> str | None:
    """What is wrong with ``title`` as a scenario's title (None: nothing)."""
    if len(title) > MAX_TITLE:
        return T.gettext("a title is at most {most} characters long (this one has {n})").format(most=MAX_TITLE,
                                                                                              n=len(title))
    return None


def toml_text(data: dict) -> str:
    """The TOML text of ``data`` (tables in order; text of several lines as multi-line strings)."""
    return tomli_w.dumps(data, multiline_strings=True)


def counts_text(counts) -> str:
    """Pieces per caste as caste letters: ``(2, 1, 0)`` -> ``"HHB"``."""
    return "".join(c.value * int(counts[c.index]) for c in CASTES)


def writable_names(state: GameState) -> None:
    """ValueError unless every player can be named unambiguously in a file."""
    seen = set()
    for seat in state.seats:
        nm = seat.name
        if not nm or nm != nm.strip() or "\n" in nm or nm.strip().lower() in NOBODY:
            raise ValueError(T.gettext("the player name {name} cannot be written: names must be non-empty text without surrounding spaces and not 'nobody'").format(name=repr(nm)))
        if nm.lower() in seen:
            raise ValueError(T.gettext("two players are called {name}: names must differ to be written").format(name=repr(nm)))
        seen.add(nm.lower())
        if not seat.colour or seat.colour != seat.colour.strip():
            raise ValueError(T.gettext("the colour {colour} of {name} cannot be written").format(colour=repr(seat.colour), name=nm))
    if state.viewer is not None:
        raise ValueError(T.gettext("this is one player's view with hidden information; save the full state"))


def rules_table(state: GameState) -> dict[str, str]:
    """The edition's preset name and every option that differs from it."""
    rs = state.ruleset
    return {"edition": rs.edition, **{k: mine for k, (mine, _) in rs.differences_from(PRESETS[rs.edition]).items()}}


def scenario_data(state: GameState, title: str = "Saved position", description: str = "") -> dict:
    """The scenario-file contents (a dict for the TOML writer) describing ``state`` exactly."""
    problem = title_problem(title)
    if problem:
        raise ValueError(problem)
    writable_names(state)
    ids = state.board.ids
    names = [s.name for s in state.seats]
    data: dict = {"title": title}
    if description:
        data["description"] = description
    data["phase"] = state.phase.value
    if state.seed is not None:
        data["seed"] = state.seed
    if any(state.set_aside):
        data["set_aside"] = counts_text(state.set_aside)
    data["rules"] = rules_table(state)
    players = []
    for p, seat in enumerate(state.seats):
        d: dict = {"name": seat.name, "colour": seat.colour}
        hand, pile = state.hands[p], state.piles[p]
        if hand is None or pile is None:
            raise ValueError(T.gettext('hands and piles are hidden in this state; save the full state'))
        if state.phase is not Phase.CHOOSE_HANDS or hand or pile:  # a player yet to choose: nothing to write
            d["hand"] = " ".join(t.code for t in hand)
            d["pile"] = " ".join(t.code for t in pile)
        cap = state.captured[p]
        if cap is None:
            raise ValueError(T.gettext('captured pieces are hidden in this state; save the full state'))
        if any(cap):
            d["captured"] = counts_text(cap)
        used = state.discarded[p]
        if used:
            if len(used) != 1 or used[0].figure is not Figure.SWAP:
                raise ValueError(T.gettext("{name} has used {items}: only one swap tile can be used").format(name=seat.name, items=', '.join(t.code for t in used)))
            d["swap_used"] = True
        players.append(d)
    data["players"] = players
    data["pieces"] = {ids[i]: castes_text(ps) for i, ps in enumerate(state.pieces) if ps}
    data["tiles"] = {ids[i]: f"{names[pl.owner]} {pl.tile.code}" for i, pl in enumerate(state.tiles) if pl is not None}
    turn: dict = {"player": names[state.current], "number": state.turn}
    turn.update((key, value) for key, value in (("normal_played", state.normal_played),
                                                ("played", state.played_this_turn), ("passes", state.passes)) if value)
    if state.end_reason is not None:
        turn["end_reason"] = state.end_reason
    if state.events:
        turn["last_captures"] = [resolution_text(r, ids, names) for r in state.events]
    data["turn"] = turn
    return data


def save_scenario(state: GameState, path: str | Path | None = None, title: str = "Saved position",
                  description: str = "") -> str:
    """The scenario-file text of ``state`` (any phase, mid-turn included); also written to ``path`` if given.

    ``loads_scenario(save_scenario(state)).state == state``.
    """
    text = toml_text(scenario_data(state, title, description))
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text
