"""Expectations: what a scenario says must be true after a step or at the end, as data.

``Expectation.check(outcome)`` lists every mismatch in words; ``Expectation.lines(names)``
describes the expected outcome for display (e.g. in an examples stepper).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from ..core.influence import pending_resolutions
from ..core.ruleset import VOCABULARY, Vocabulary
from ..core.rules import influence
from ..core.scoring import score_state
from ..core.model import Phase, Placed, Resolution
from ..core.state import GameState
from ..core.tiles import CASTES, Caste
from .notation import CaptureSpec, castes_text, resolution_text, tallies_text

DECIDED_BY = ("leaderships", "other_castes", "total", "shared", "no_leader_total")
PHASES = tuple(p.value for p in Phase)


@dataclass(frozen=True, slots=True)
class TallySpec:
    """Each player's influence on a piece of ``caste`` in settlement ``hex`` (whether or not one lies there)."""

    hex: str
    caste: Caste
    values: tuple[int, ...]

    def text(self, names: Sequence[str]) -> str:
        return f"{self.hex} {self.caste.value}: {tallies_text(self.values, names)}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What happened: the state after, the pieces decided, and the refusal if the action was illegal."""

    state: GameState
    resolutions: tuple[Resolution, ...] = ()
    error: str | None = None


def _counts(c: Sequence[int]) -> str:
    parts = [f"{c[k.index]} {k.value}" for k in CASTES if c[k.index]]
    return " + ".join(parts) if parts else "nothing"


@dataclass(frozen=True)
class Expectation:
    """Facts to verify. ``None`` / empty fields are not checked.

    Player-keyed fields map seat → value; hex-keyed fields use hex ids.
    """

    captures: tuple[CaptureSpec, ...] | None = None
    pending: tuple[CaptureSpec, ...] | None = None
    tallies: tuple[TallySpec, ...] = ()
    pieces: tuple[tuple[str, tuple[Caste, ...]], ...] = ()
    tiles: tuple[tuple[str, Placed | None], ...] = ()
    captured: tuple[tuple[int, tuple[int, int, int]], ...] = ()
    set_aside: tuple[int, int, int] | None = None
    winners: tuple[int, ...] | None = None
    decided_by: str | None = None
    leaders: tuple[tuple[Caste, int | None], ...] = ()
    leaderships: tuple[tuple[int, int], ...] = ()
    other_pieces: tuple[tuple[int, int], ...] = ()
    totals: tuple[tuple[int, int], ...] = ()
    game_over: bool | None = None
    end_reason: str | None = None
    to_play: int | None = None
    phase: Phase | None = None
    illegal: bool | str | None = None  # steps only: the action must be refused (str: words the reason contains)
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def expects_illegal(self) -> bool:
        return bool(self.illegal)

    @property
    def needs_score(self) -> bool:
        return bool(self.winners is not None or self.decided_by or self.leaders or self.leaderships
                    or self.other_pieces or self.totals)

    # --- checking ----------------------------------------------------------------
    def check(self, outcome: Outcome) -> list[str]:
        """Every mismatch between this expectation and ``outcome``, in words (empty when all hold)."""
        st = outcome.state
        names = [s.name for s in st.seats]
        ids = st.board.ids
        out: list[str] = []
        if self.illegal:
            if outcome.error is None:
                out.append("expected the action to be refused by the rules, but it was allowed")
            elif isinstance(self.illegal, str) and self.illegal.lower() not in outcome.error.lower():
                out.append(f"expected the action to be refused because {self.illegal!r}, but the reason was: {outcome.error}")
        elif outcome.error is not None:
            out.append(f"the rules refused the action: {outcome.error}")
            return out
        if self.captures is not None:
            out += _compare_captures("captures", self.captures, outcome.resolutions, ids, names)
        if self.pending is not None:
            out += _compare_captures("pending captures", self.pending, pending_resolutions(st), ids, names)
        for t in self.tallies:
            got = influence(st, st.board.index[t.hex], t.caste)
            if tuple(got) != t.values:
                out.append(f"tally {t.hex} {t.caste.value}: expected {tallies_text(t.values, names)}, "
                           f"got {tallies_text(got, names)}")
        for hid, castes in self.pieces:
            got_c = st.pieces[st.board.index[hid]]
            if Counter(got_c) != Counter(castes):
                out.append(f"pieces at {hid}: expected {castes_text(castes) or 'none'}, got {castes_text(got_c) or 'none'}")
        for hid, pl in self.tiles:
            got_t = st.tiles[st.board.index[hid]]
            if got_t != pl:
                out.append(f"tile at {hid}: expected {_placed(pl, names)}, got {_placed(got_t, names)}")
        for p, counts in self.captured:
            got_cap = st.captured[p]
            if got_cap is None or tuple(got_cap) != counts:
                out.append(f"{names[p]} captured: expected {_counts(counts)}, got "
                           f"{'hidden' if got_cap is None else _counts(got_cap)}")
        if self.set_aside is not None and tuple(st.set_aside) != self.set_aside:
            out.append(f"set aside: expected {_counts(self.set_aside)}, got {_counts(st.set_aside)}")
        if self.game_over is not None and st.is_over != self.game_over:
            out.append(f"game over: expected {'yes' if self.game_over else 'no'}, got "
                       f"{'yes (' + str(st.end_reason) + ')' if st.is_over else 'no'}")
        if self.end_reason is not None:
            if not st.end_reason or self.end_reason.lower() not in st.end_reason.lower():
                out.append(f"end reason: expected {self.end_reason!r}, got {st.end_reason!r}")
        if self.to_play is not None and st.current != self.to_play:
            out.append(f"to play: expected {names[self.to_play]}, got {names[st.current]}")
        if self.phase is not None and st.phase is not self.phase:
            out.append(f"phase: expected {self.phase.value}, got {st.phase.value}")
        if self.needs_score:
            out += self._check_score(st, names)
        return out

    def _check_score(self, st: GameState, names: list[str]) -> list[str]:
        try:
            rep = score_state(st)
        except ValueError as e:
            return [f"cannot score: {e}"]
        out = []
        if self.winners is not None and tuple(sorted(rep.winners)) != tuple(sorted(self.winners)):
            out.append(f"winner: expected {_names(self.winners, names)}, got {_names(rep.winners, names)}")
        if self.decided_by is not None and rep.decided_by != self.decided_by:
            out.append(f"decided by: expected {self.decided_by}, got {rep.decided_by}")
        for c, p in self.leaders:
            got = rep.leaders[c.index]
            if got != p:
                out.append(f"leader of {c.value}: expected {_who(p, names)}, got {_who(got, names)}")
        for label, want, got_all in (("leaderships", self.leaderships, rep.leaderships),
                                     ("pieces of the castes not led", self.other_pieces, rep.other_pieces),
                                     ("total pieces", self.totals, rep.totals)):
            for p, v in want:
                if got_all[p] != v:
                    out.append(f"{label} of {names[p]}: expected {v}, got {got_all[p]}")
        return out

    # --- describing -------------------------------------------------------------
    def lines(self, names: Sequence[str], vocabulary: Vocabulary | None = None, board=None) -> list[str]:
        """The expected outcome in words, one fact per line (caste names in the edition's words;
        with ``board``, settlements by name, e.g. ``Akita (HO07)``)."""
        v = vocabulary or VOCABULARY["1998"]

        def hx(h: str) -> str:
            return board.label(board.index[h]) if board is not None and h in board.index else h

        def cn(c: Caste) -> str:
            return v.caste(c)

        def counts(c: Sequence[int]) -> str:
            parts = [f"{c[k.index]} {cn(k)}" for k in CASTES if c[k.index]]
            return ", ".join(parts) if parts else "nothing"

        def capture(c: CaptureSpec) -> str:
            what = f"the {cn(c.caste)} of {hx(c.hex)}"
            text = f"{names[c.winner]} takes {what}" if c.winner is not None else f"{what} is set aside"
            return text + (f" ({tallies_text(c.tallies, names)})" if c.tallies is not None else "")

        def first_up(text: str) -> str:
            return text[:1].upper() + text[1:]

        out: list[str] = []
        if self.illegal:
            out.append("The rules refuse this action" + (f" ({self.illegal})" if isinstance(self.illegal, str) else "") + ".")
        if self.captures is not None:
            out += [first_up(capture(c)) for c in self.captures] or ["No piece is decided."]
        if self.pending is not None:
            out += [f"At the end of the turn: {capture(c)}" for c in self.pending] or ["Nothing is decided yet at the end of the turn."]
        out += [f"Influence on a {cn(t.caste)} at {hx(t.hex)}: {tallies_text(t.values, names)}" for t in self.tallies]
        out += [f"{hx(h)} holds {' and '.join(cn(c) for c in cs) or 'no piece'}" for h, cs in self.pieces]
        out += [f"{hx(h)}: {_placed(p, names)}" for h, p in self.tiles]
        out += [f"{names[p]} has captured {counts(c)}" for p, c in self.captured]
        if self.set_aside is not None:
            out.append(f"Set aside: {counts(self.set_aside)}")
        out += [f"Leader of the {cn(c)}: {_who(p, names)}" for c, p in self.leaders]
        out += [f"{names[p]} leads {n} caste{'s' if n != 1 else ''}" for p, n in self.leaderships]
        out += [f"{names[p]} has {n} pieces of the castes he does not lead" for p, n in self.other_pieces]
        out += [f"{names[p]} has {n} pieces in total" for p, n in self.totals]
        if self.winners is not None:
            out.append(f"Winner: {_names(self.winners, names)}" + (f" (decided by {self.decided_by})" if self.decided_by else ""))
        elif self.decided_by:
            out.append(f"Decided by {self.decided_by}")
        if self.game_over is not None:
            out.append("The game is over." if self.game_over else "The game goes on.")
        if self.end_reason:
            out.append(f"It ends because: {self.end_reason}")
        if self.to_play is not None:
            out.append(f"{names[self.to_play]} is to play.")
        if self.phase is not None:
            out.append(f"Phase: {self.phase.value}")
        return out

    def hexes(self) -> set[str]:
        """Hex ids this expectation mentions (for focusing a board view)."""
        hs = {c.hex for c in (self.captures or ())} | {c.hex for c in (self.pending or ())}
        hs |= {t.hex for t in self.tallies} | {h for h, _ in self.pieces} | {h for h, _ in self.tiles}
        return hs


def _placed(p: Placed | None, names: Sequence[str]) -> str:
    return "empty" if p is None else f"{names[p.owner] if 0 <= p.owner < len(names) else p.owner} {p.tile.code}"


def _who(p: int | None, names: Sequence[str]) -> str:
    return "nobody" if p is None else names[p]


def _names(ps: Sequence[int], names: Sequence[str]) -> str:
    return " and ".join(names[p] for p in ps) if ps else "nobody"


def _compare_captures(label: str, want: Sequence[CaptureSpec], got: Sequence[Resolution],
                      ids: Sequence[str], names: Sequence[str]) -> list[str]:
    """Expected and actual decisions must match one to one (order does not matter)."""
    left = list(got)
    unmatched = []
    for spec in want:
        k = next((i for i, r in enumerate(left) if spec.matches(r, ids)), None)
        if k is None:
            unmatched.append(spec)
        else:
            left.pop(k)
    if not unmatched and not left:
        return []
    got_text = "; ".join(resolution_text(r, ids, names) for r in got) or "nothing"
    want_text = "; ".join(s.text(names) for s in want) or "nothing"
    return [f"{label}: expected {want_text}; got {got_text}"]
