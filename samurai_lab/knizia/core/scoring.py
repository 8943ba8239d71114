"""Final scoring: caste leaders, leaderships, the other-caste comparison, totals, shared victory.

``score`` returns a ``ScoreReport`` whose ``steps`` explain the chain in words, for the apps to show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .ruleset import VOCABULARY, Vocabulary
from .tiles import CASTES


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
    return list(names) if names is not None else [f"Player {i + 1}" for i in range(n)]


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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
        raise ValueError("scoring needs at least two players")
    if any(v < 0 for c in counts_t for v in c):
        raise ValueError("captured piece counts cannot be negative")
    nm = _names(n, names)
    steps: list[ScoringStep] = []

    leaders: list[int | None] = []
    lines = []
    for c in CASTES:
        col = [counts_t[p][c.index] for p in range(n)]
        best = max(col)
        top = [p for p in range(n) if col[p] == best]
        cname = vocab.caste(c)
        if best == 0:
            leaders.append(None)
            lines.append(f"{cname}: nobody holds any, no leader")
        elif len(top) > 1:
            leaders.append(None)
            lines.append(f"{cname}: {_join([nm[p] for p in top])} tie with {best}, no leader")
        else:
            leaders.append(top[0])
            lines.append(f"{cname}: {nm[top[0]]} leads with {best}")
    everyone = tuple(range(n))
    steps.append(ScoringStep("leaders", "Leaders. " + "; ".join(lines) + ".", everyone))

    leaderships = tuple(sum(1 for l in leaders if l == p) for p in range(n))
    totals = tuple(sum(c) for c in counts_t)
    other = tuple(sum(counts_t[p][c.index] for c in CASTES if leaders[c.index] != p) for p in range(n))
    most = max(leaderships)

    def report(winners: list[int], decided_by: str) -> ScoreReport:
        return ScoreReport(counts_t, tuple(leaders), leaderships, other, totals,  # type: ignore[arg-type]
                           tuple(winners), decided_by, tuple(steps))

    if most == 0:
        best = max(totals)
        top = [p for p in range(n) if totals[p] == best]
        text = "Nobody leads a caste, so the most pieces in total wins: " + ", ".join(
            f"{nm[p]} {totals[p]}" for p in range(n)) + "."
        steps.append(ScoringStep("total", text, tuple(top)))
        if len(top) == 1:
            return report(top, "no_leader_total")
        steps.append(ScoringStep("shared", f"{_join([nm[p] for p in top])} are still tied and share the victory.", tuple(top)))
        return report(top, "shared")

    contenders = [p for p in range(n) if leaderships[p] == most]
    out = [p for p in range(n) if leaderships[p] < most]
    if most >= 2:
        steps.append(ScoringStep("leaderships", f"{nm[contenders[0]]} leads {most} castes and wins outright.",
                                 tuple(contenders)))
        return report(contenders, "leaderships")
    text = "Leaderships: " + ", ".join(f"{nm[p]} {leaderships[p]}" for p in range(n)) + "."
    if out:
        text += f" {_join([nm[p] for p in out])} lead{'s' if len(out) == 1 else ''} nothing and cannot win."
    if len(contenders) == 1:
        steps.append(ScoringStep("leaderships", text + f" {nm[contenders[0]]} alone leads a caste and wins.",
                                 tuple(contenders)))
        return report(contenders, "leaderships")
    steps.append(ScoringStep("leaderships", text, tuple(contenders)))

    def describe_other(p: int) -> str:
        parts = [vocab.count(c, counts_t[p][c.index]) for c in CASTES
                 if leaders[c.index] != p and counts_t[p][c.index]]
        return f"{nm[p]} {other[p]}" + (f" ({' + '.join(parts)})" if parts else "")

    best = max(other[p] for p in contenders)
    top = [p for p in contenders if other[p] == best]
    text = ("Pieces of the castes each does not lead: " + ", ".join(describe_other(p) for p in contenders) + ".")
    steps.append(ScoringStep("other_castes", text + (f" {nm[top[0]]} wins." if len(top) == 1 else ""), tuple(top)))
    if len(top) == 1:
        return report(top, "other_castes")
    best_total = max(totals[p] for p in top)
    top2 = [p for p in top if totals[p] == best_total]
    text = "Still tied, so all pieces count: " + ", ".join(f"{nm[p]} {totals[p]}" for p in top) + "."
    steps.append(ScoringStep("total", text + (f" {nm[top2[0]]} wins." if len(top2) == 1 else ""), tuple(top2)))
    if len(top2) == 1:
        return report(top2, "total")
    steps.append(ScoringStep("shared", f"{_join([nm[p] for p in top2])} are still tied and share the victory.", tuple(top2)))
    return report(top2, "shared")


def verdict(report: ScoreReport, names: Sequence[str] | None = None) -> str:
    """Who won and by which step, in one phrase: ``Green won (leading 2 castes)``."""
    nm = _names(len(report.counts), names)
    winners = report.winners
    if len(winners) > 1:
        return f"{_join([nm[p] for p in winners])} share the victory (tied at every step of the scoring)"
    w = winners[0]
    how = {
        "leaderships": (f"leading {report.leaderships[w]} castes" if report.leaderships[w] >= 2
                        else "the only player leading a caste"),
        "other_castes": f"tied on leaderships, with the most pieces of the castes not led: {report.other_pieces[w]}",
        "total": f"tied on leaderships and on the castes not led, with the most pieces in all: {report.totals[w]}",
        "no_leader_total": f"nobody leads a caste; the most pieces in all: {report.totals[w]}",
    }.get(report.decided_by, report.decided_by)
    return f"{nm[w]} won ({how})"


def score_state(state) -> ScoreReport:
    """Score a full game state (every player's captured pieces must be known)."""
    if any(c is None for c in state.captured):
        raise ValueError("captured pieces are hidden in this view; score the full state")
    return score(state.captured, [s.name for s in state.seats], state.ruleset.vocabulary)
