"""Expectations: what a scenario says must be true after a step or at the end, as data.

``Expectation.check(outcome)`` lists every mismatch in words; ``Expectation.lines(names)``
describes the expected outcome for display (e.g. in an examples stepper).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ...i18n import N_, Domain
from ..core.board import place_name
from ..core.grammar import Word, capitalised
from ..core.influence import pending_resolutions
from ..core.ruleset import VOCABULARY, Vocabulary
from ..core.rules import influence
from ..core.scoring import score_state
from ..core.model import Phase, Placed, Resolution
from ..core.state import GameState
from ..core.tiles import CASTES, Caste
from .notation import CaptureSpec, castes_text, resolution_text, tallies_text

T = Domain("knizia")

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
    return " + ".join(f"{c[k.index]} {k.value}" for k in CASTES if c[k.index]) or "nothing"


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
                out.append(T.gettext('expected the action to be refused by the rules, but it was allowed'))
            elif isinstance(self.illegal, str) and self.illegal.lower() not in outcome.error.lower():
                out.append(T.gettext("expected the action to be refused because {illegal}, but the reason was: {error}").format(illegal=repr(self.illegal), error=outcome.error))
        elif outcome.error is not None:
            out.append(T.gettext("the rules refused the action: {error}").format(error=outcome.error))
            return out
        if self.captures is not None:
            out += _compare_captures(N_("captures"), self.captures, outcome.resolutions, ids, names)
        if self.pending is not None:
            out += _compare_captures(N_("pending captures"), self.pending, pending_resolutions(st), ids, names)
        for t in self.tallies:
            got = influence(st, st.board.index[t.hex], t.caste)
            if tuple(got) != t.values:
                out.append(T.gettext("tally {hex} {caste}: expected {expected}, got {got}").format(hex=t.hex, caste=t.caste.value, expected=tallies_text(t.values, names), got=tallies_text(got, names)))
        for hid, castes in self.pieces:
            got_c = st.pieces[st.board.index[hid]]
            if Counter(got_c) != Counter(castes):
                out.append(T.gettext("pieces at {hex}: expected {expected}, got {got}").format(hex=hid, expected=castes_text(castes) or T.gettext("none"), got=castes_text(got_c) or T.gettext("none")))
        for hid, pl in self.tiles:
            got_t = st.tiles[st.board.index[hid]]
            if got_t != pl:
                out.append(T.gettext("tile at {hex}: expected {expected}, got {got}").format(hex=hid, expected=_placed(pl, names), got=_placed(got_t, names)))
        for p, counts in self.captured:
            got_cap = st.captured[p]
            if got_cap is None or tuple(got_cap) != counts:
                out.append(T.gettext("{player} captured: expected {expected}, got {got}").format(player=names[p], expected=_counts(counts), got=T.gettext("hidden") if got_cap is None else _counts(got_cap)))
        if self.set_aside is not None and tuple(st.set_aside) != self.set_aside:
            out.append(T.gettext("set aside: expected {expected}, got {got}").format(expected=_counts(self.set_aside), got=_counts(st.set_aside)))
        if self.game_over is not None and st.is_over != self.game_over:
            out.append(T.gettext("game over: expected {expected}, got {got}").format(expected=T.gettext("yes") if self.game_over else T.gettext("no"), got=T.gettext("yes ({why})").format(why=st.end_reason) if st.is_over else T.gettext("no")))
        if self.end_reason is not None and (not st.end_reason or self.end_reason.lower() not in st.end_reason.lower()):
            out.append(T.gettext("end reason: expected {expected}, got {got}").format(expected=repr(self.end_reason), got=repr(st.end_reason)))
        if self.to_play is not None and st.current != self.to_play:
            out.append(T.gettext("to play: expected {expected}, got {got}").format(expected=names[self.to_play], got=names[st.current]))
        if self.phase is not None and st.phase is not self.phase:
            out.append(T.gettext("phase: expected {expected}, got {got}").format(expected=self.phase.value, got=st.phase.value))
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
            out.append(T.gettext("winner: expected {expected}, got {got}").format(expected=_names(self.winners, names), got=_names(rep.winners, names)))
        if self.decided_by is not None and rep.decided_by != self.decided_by:
            out.append(T.gettext("decided by: expected {expected}, got {got}").format(expected=self.decided_by, got=rep.decided_by))
        for c, p in self.leaders:
            got = rep.leaders[c.index]
            if got != p:
                out.append(T.gettext("leader of {caste}: expected {expected}, got {got}").format(caste=c.value, expected=_who(p, names), got=_who(got, names)))
        for label, want, got_all in ((N_("leaderships"), self.leaderships, rep.leaderships),
                                     (N_("pieces of the castes not led"), self.other_pieces, rep.other_pieces),
                                     (N_("total pieces"), self.totals, rep.totals)):
            for p, v in want:
                if got_all[p] != v:
                    out.append(T.gettext("{label} of {player}: expected {expected}, got {got}").format(label=T.gettext(label), player=names[p], expected=v, got=got_all[p]))
        return out

    # --- describing -------------------------------------------------------------
    def lines(self, names: Sequence[str], vocabulary: Vocabulary | None = None, board=None) -> list[str]:
        """The expected outcome in words, one fact per line (caste names in the edition's words;
        with ``board``, settlements by name, e.g. ``Akita (HO07)``)."""
        v = vocabulary or VOCABULARY["1998"]

        def hx(h: str) -> Word:
            if board is None or h not in board.index:
                return Word(h)
            info = board.info[board.index[h]]
            return Word(f"{place_name(info.name)} ({info.id})" if info.name else info.id)

        cn = v.caste

        def counts(c: Sequence[int]) -> str:
            return ", ".join(T.pgettext("captured pieces", "{n} {caste}").format(n=c[k.index], caste=cn(k))
                             for k in CASTES if c[k.index]) or T.gettext("nothing")

        def capture(c: CaptureSpec) -> str:
            if c.winner is not None:
                text = T.gettext("{player} takes the {caste} of {where}").format(
                    player=names[c.winner], caste=cn(c.caste), where=hx(c.hex))
            else:
                text = T.gettext("the {caste} of {where} is set aside").format(caste=cn(c.caste), where=hx(c.hex))
            if c.tallies is not None:
                text += " " + T.gettext("({tallies})").format(tallies=tallies_text(c.tallies, names))
            return text

        out: list[str] = []
        if self.illegal:
            out.append(T.gettext("The rules refuse this action ({reason}).").format(reason=self.illegal)
                       if isinstance(self.illegal, str) else T.gettext("The rules refuse this action."))
        if self.captures is not None:
            out += [capitalised(capture(c)) for c in self.captures] or [T.gettext("No piece is decided.")]
        if self.pending is not None:
            out += [T.gettext("At the end of the turn: {capture}").format(capture=capture(c)) for c in self.pending] \
                or [T.gettext("Nothing is decided yet at the end of the turn.")]
        out += [T.gettext("Influence on a {caste} at {where}: {tallies}").format(
            caste=cn(t.caste), where=hx(t.hex), tallies=tallies_text(t.values, names)) for t in self.tallies]
        out += [T.gettext("{where} holds {pieces}").format(
            where=hx(h), pieces=T.gettext(" and ").join(cn(c) for c in cs) or T.gettext("no piece"))
            for h, cs in self.pieces]
        out += [f"{hx(h)}: {_placed(p, names)}" for h, p in self.tiles]
        out += [T.gettext("{player} has captured {pieces}").format(player=names[p], pieces=counts(c))
                for p, c in self.captured]
        if self.set_aside is not None:
            out.append(T.gettext("Set aside: {counts}").format(counts=counts(self.set_aside)))
        out += [T.gettext("Leader of the {caste}: {player}").format(caste=cn(c), player=_who(p, names))
                for c, p in self.leaders]
        out += [T.ngettext("{player} leads {n} caste", "{player} leads {n} castes", n).format(player=names[p], n=n)
                for p, n in self.leaderships]
        out += [T.ngettext("{player} has {n} piece of the castes he does not lead",
                           "{player} has {n} pieces of the castes he does not lead", n).format(player=names[p], n=n)
                for p, n in self.other_pieces]
        out += [T.ngettext("{player} has {n} piece in total", "{player} has {n} pieces in total", n).format(
            player=names[p], n=n) for p, n in self.totals]
        if self.winners is not None:
            winner = T.gettext("Winner: {players}").format(players=_names(self.winners, names))
            out.append(winner + (" " + T.gettext("(decided by {decided_by})").format(decided_by=self.decided_by)
                                 if self.decided_by else ""))
        elif self.decided_by:
            out.append(T.gettext("Decided by {decided_by}").format(decided_by=self.decided_by))
        if self.game_over is not None:
            out.append(T.gettext("The game is over.") if self.game_over else T.gettext("The game goes on."))
        if self.end_reason:
            out.append(T.gettext("It ends because: {end_reason}").format(end_reason=self.end_reason))
        if self.to_play is not None:
            out.append(T.gettext("{player} is to play.").format(player=names[self.to_play]))
        if self.phase is not None:
            out.append(T.gettext("Phase: {phase}").format(phase=self.phase.value))
        return out

    def hexes(self) -> set[str]:
        """Hex ids this expectation mentions (for focusing a board view)."""
        return ({c.hex for c in (self.captures or ()) + (self.pending or ())} | {t.hex for t in self.tallies}
                | {h for h, _ in self.pieces + self.tiles})


def _placed(p: Placed | None, names: Sequence[str]) -> str:
    return T.gettext("empty") if p is None else f"{names[p.owner] if 0 <= p.owner < len(names) else p.owner} {p.tile.code}"


def _who(p: int | None, names: Sequence[str]) -> str:
    return T.gettext("nobody") if p is None else names[p]


def _names(ps: Sequence[int], names: Sequence[str]) -> str:
    return T.gettext(" and ").join(names[p] for p in ps) if ps else T.gettext("nobody")


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
    got_text = "; ".join(resolution_text(r, ids, names) for r in got) or T.gettext("nothing")
    want_text = "; ".join(s.text(names) for s in want) or T.gettext("nothing")
    return [T.gettext("{label}: expected {expected}; got {got}").format(label=T.gettext(label), expected=want_text,
                                                                         got=got_text)]
