"""Final scoring: caste leaders, leaderships, the other-caste comparison, totals, shared victory.

``score`` returns a ``ScoreReport`` whose ``steps`` explain the chain in words, for the apps to show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...i18n import Domain
from .ruleset import VOCABULARY, Vocabulary
from .tiles import CASTES

T = Domain("knizia")


@dataclass(frozen=True, slots=True)
class ScoringStep:
    """One link of the scoring chain: which rule, what it found, who is still in contention."""

    rule: str  # "leaders" | "leaderships" | "other_castes" | "total" | "shared"
    text: str
    contenders: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoreReport:
    """The complete scoring of captured pieces (per player, per caste H, B, R)."""

    counts: tuple[tuple[int, int, int], ...]
    leaders: tuple[int | None, int | None, int | None]
    leaderships: tuple[int, ...]
    other_pieces: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    decided_by: str  # "leaderships" | "other_castes" | "total" | "shared" | "no_leader_total"
    steps: tuple[ScoringStep, ...]

    def explanation(self) -> str:
        """The steps as one paragraph per step."""
        return "\n".join(s.text for s in self.steps)


def _names(n: int, names: Sequence[str] | None) -> list[str]:
    return list(names) if names is not None else [T.gettext("Player {n}").format(n=i + 1) for i in range(n)]


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return T.gettext("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def _scores(nm: list[str], values, who) -> str:
    """``Green 3, Red 2``: a number per player."""
    return ", ".join(T.gettext("{player} {value}").format(player=nm[p], value=values[p]) for p in who)


def score(
    counts: Sequence[Sequence[int]],
    names: Sequence[str] | None = None,
    vocabulary: Vocabulary | None = None,
) -> ScoreReport:
    """Score captured pieces: ``counts[p] = (helmets, buddhas, rice)`` for each player p."""
    vocab = vocabulary or VOCABULARY["1998"]
    counts_t = tuple((int(c[0]), int(c[1]), int(c[2])) for c in counts)
    n = len(counts_t)
    if n < 2:
        raise ValueError(T.gettext("scoring needs at least two players"))
    if any(v < 0 for c in counts_t for v in c):
        raise ValueError(T.gettext("captured piece counts cannot be negative"))
    nm = _names(n, names)
    steps: list[ScoringStep] = []

    leaders: list[int | None] = []
    lines = []
    for c in CASTES:
        col = [counts_t[p][c.index] for p in range(n)]
        best = max(col)
        top = [p for p in range(n) if col[p] == best]
        cname = vocab.caste(c)
        leaders.append(top[0] if best and len(top) == 1 else None)
        if best == 0:
            lines.append(T.gettext("{caste}: nobody holds any, no leader").format(caste=cname))
        elif len(top) > 1:
            lines.append(T.gettext("{caste}: {players} tie with {n}, no leader").format(
                caste=cname, players=_join([nm[p] for p in top]), n=best))
        else:
            lines.append(T.gettext("{caste}: {player} leads with {n}").format(caste=cname, player=nm[top[0]], n=best))
    everyone = tuple(range(n))
    steps.append(ScoringStep("leaders", T.gettext("Leaders. {lines}.").format(lines="; ".join(lines)), everyone))

    leaderships = tuple(sum(1 for l in leaders if l == p) for p in range(n))
    totals = tuple(sum(c) for c in counts_t)
    other = tuple(sum(counts_t[p][c.index] for c in CASTES if leaders[c.index] != p) for p in range(n))
    most = max(leaderships)

    def report(winners: list[int], decided_by: str) -> ScoreReport:
        if len(winners) > 1:  # tied at the last step
            steps.append(ScoringStep("shared", T.gettext("{players} are still tied and share the victory.").format(
                players=_join([nm[p] for p in winners])), tuple(winners)))
            decided_by = "shared"
        return ScoreReport(counts_t, tuple(leaders), leaderships, other, totals,  # type: ignore[arg-type]
                           tuple(winners), decided_by, tuple(steps))

    if most == 0:
        best = max(totals)
        top = [p for p in range(n) if totals[p] == best]
        text = T.gettext("Nobody leads a caste, so the most pieces in total wins: {scores}.").format(
            scores=_scores(nm, totals, range(n)))
        steps.append(ScoringStep("total", text, tuple(top)))
        return report(top, "no_leader_total")

    contenders = [p for p in range(n) if leaderships[p] == most]
    out = [p for p in range(n) if leaderships[p] < most]
    if most >= 2:
        steps.append(ScoringStep("leaderships", T.ngettext(
            "{player} leads {n} caste and wins outright.", "{player} leads {n} castes and wins outright.",
            most).format(player=nm[contenders[0]], n=most), tuple(contenders)))
        return report(contenders, "leaderships")
    text = T.gettext("Leaderships: {scores}.").format(scores=_scores(nm, leaderships, range(n)))
    if out:
        text += " " + T.ngettext("{players} leads nothing and cannot win.", "{players} lead nothing and cannot win.",
                                 len(out)).format(players=_join([nm[p] for p in out]))
    if len(contenders) == 1:
        steps.append(ScoringStep("leaderships", text + " " + T.gettext(
            "{player} alone leads a caste and wins.").format(player=nm[contenders[0]]), tuple(contenders)))
        return report(contenders, "leaderships")
    steps.append(ScoringStep("leaderships", text, tuple(contenders)))

    def describe_other(p: int) -> str:
        parts = [vocab.count(c, counts_t[p][c.index]) for c in CASTES
                 if leaders[c.index] != p and counts_t[p][c.index]]
        score = T.gettext("{player} {value}").format(player=nm[p], value=other[p])
        return score + (" " + T.gettext("({parts})").format(parts=" + ".join(parts)) if parts else "")

    def wins(p: int) -> str:
        return " " + T.gettext("{player} wins.").format(player=nm[p])

    best = max(other[p] for p in contenders)
    top = [p for p in contenders if other[p] == best]
    text = T.gettext("Pieces of the castes each does not lead: {scores}.").format(
        scores=", ".join(describe_other(p) for p in contenders))
    steps.append(ScoringStep("other_castes", text + (wins(top[0]) if len(top) == 1 else ""), tuple(top)))
    if len(top) == 1:
        return report(top, "other_castes")
    best_total = max(totals[p] for p in top)
    top2 = [p for p in top if totals[p] == best_total]
    text = T.gettext("Still tied, so all pieces count: {scores}.").format(scores=_scores(nm, totals, top))
    steps.append(ScoringStep("total", text + (wins(top2[0]) if len(top2) == 1 else ""), tuple(top2)))
    return report(top2, "total")


def verdict(report: ScoreReport, names: Sequence[str] | None = None) -> str:
    """Who won and by which step, in one phrase: ``Green won (leading 2 castes)``."""
    nm = _names(len(report.counts), names)
    winners = report.winners
    if len(winners) > 1:
        return T.gettext("{players} share the victory (tied at every step of the scoring)").format(
            players=_join([nm[p] for p in winners]))
    w = winners[0]
    by = report.decided_by
    if by == "leaderships":
        how = (T.ngettext("leading {n} caste", "leading {n} castes", report.leaderships[w]).format(
            n=report.leaderships[w]) if report.leaderships[w] >= 2 else T.gettext("the only player leading a caste"))
    elif by == "other_castes":
        how = T.gettext("tied on leaderships, with the most pieces of the castes not led: {n}").format(
            n=report.other_pieces[w])
    elif by == "total":
        how = T.gettext("tied on leaderships and on the castes not led, with the most pieces in all: {n}").format(
            n=report.totals[w])
    elif by == "no_leader_total":
        how = T.gettext("nobody leads a caste; the most pieces in all: {n}").format(n=report.totals[w])
    else:
        how = by
    return T.gettext("{player} won ({how})").format(player=nm[w], how=how)


def score_state(state) -> ScoreReport:
    """Score a full game state (every player's captured pieces must be known)."""
    if any(c is None for c in state.captured):
        raise ValueError(T.gettext("captured pieces are hidden in this view; score the full state"))
    vocab = state.ruleset.vocabulary
    return score(state.captured, vocab.seat_names(state.seats), vocab)
