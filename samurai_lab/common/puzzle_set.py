"""A game's set of puzzles as a whole: its variety caps (``puzzles/README.md``, the constants below; every
puzzle has a theme) checked, a set cut down to them, and its summary. ``check`` holds a set to the caps only
from :data:`COLLECTION` puzzles on (a single file has every one of its themes on all of its one puzzle).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Sequence

from .puzzle_file import PuzzleRecord

THEME_SHARE = 0.6  #: the largest share of a game's puzzles one theme may have
LINE_REPEATS = 3  #: the most puzzles one answer line may have
PER_RECORD = 2  #: the most puzzles one game record (seed) may give
COLLECTION = 10  #: a game's set of puzzles is held to the caps from this size on


def record_of(rec: PuzzleRecord) -> str:
    """The game record a puzzle comes from: 'seed 10001' of 'bot game seed 10001, ply 11' (else its source)."""
    found = re.search(r"seed (\d+)", rec.source)
    return f"seed {found.group(1)}" if found else rec.source


def theme_shares(records: Sequence[PuzzleRecord]) -> dict[str, float]:
    """Each theme's share of the puzzles, the commonest first."""
    counts = Counter(t for r in records for t in set(r.themes))
    return {t: n / len(records) for t, n in sorted(counts.items(), key=lambda c: (-c[1], c[0]))} if records else {}


def line_repeats(records: Iterable[PuzzleRecord]) -> Counter:
    """How many puzzles each answer line has."""
    return Counter(tuple(r.answer) for r in records)


def set_problems(records: Sequence[PuzzleRecord]) -> list[str]:
    """Every cap a game's set of puzzles breaks (none when it is smaller than a collection)."""
    if len(records) < COLLECTION:
        return []
    out = [f"theme {t!r} is on {share:.0%} of the puzzles (at most {THEME_SHARE:.0%})"
           for t, share in theme_shares(records).items() if share > THEME_SHARE]
    out += [f"the answer {' '.join(line)} is on {n} puzzles (at most {LINE_REPEATS})"
            for line, n in line_repeats(records).items() if n > LINE_REPEATS]
    out += [f"{r.id} has no theme" for r in records if not r.themes]
    out += [f"{n} puzzles have the same position" for n in Counter(r.position for r in records).values() if n > 1]
    out += [f"{n} puzzles come from {where} (at most {PER_RECORD})"
            for where, n in Counter(map(record_of, records)).items() if n > PER_RECORD]
    return out


def within_caps(records: Sequence[PuzzleRecord]) -> list[PuzzleRecord]:
    """The puzzles kept under the caps, in their order: a puzzle without a theme, past its record's or its
    line's cap, or with a position met before, is left out, then, while a theme is over its share, the last puzzle showing it."""
    per_record: Counter = Counter()
    per_line: Counter = Counter()
    positions: set[str] = set()
    kept = []
    for r in records:
        if (r.themes and per_record[record_of(r)] < PER_RECORD and per_line[tuple(r.answer)] < LINE_REPEATS
                and r.position not in positions):
            positions.add(r.position)
            per_record[record_of(r)] += 1
            per_line[tuple(r.answer)] += 1
            kept.append(r)
    while over := [t for t, share in theme_shares(kept).items() if share > THEME_SHARE]:
        del kept[max(i for i, r in enumerate(kept) if over[0] in r.themes)]
    return kept


def summary(records: Sequence[PuzzleRecord]) -> dict:
    """The figures of a game's puzzles: count, depth in turns, theme shares, repeated answer lines, records."""
    return {"count": len(records), "turns": dict(sorted(Counter(r.turns for r in records).items())),
            "themes": {t: round(s, 3) for t, s in theme_shares(records).items()},
            "most_repeated_line": max(line_repeats(records).values(), default=0),
            "lines_repeated": sum(1 for n in line_repeats(records).values() if n > 1),
            "records": len({record_of(r) for r in records}),
            "most_from_one_record": max(Counter(map(record_of, records)).values(), default=0)}


def markdown_table(by_game: dict[str, Sequence[PuzzleRecord]]) -> str:
    """The README's table: per game the count, the depth in turns, the theme shares and the repeats."""
    rows = ["| game | puzzles | depth in turns | themes (share of the game's puzzles) | answer lines on 2+ puzzles "
            "(most on one) | game records (most puzzles from one) |", "|---|---|---|---|---|---|"]
    for name, records in by_game.items():
        s = summary(records)
        turns = ", ".join(f"{k}: {v}" for k, v in s["turns"].items())
        themes = ", ".join(f"`{t}` {v:.0%}" for t, v in s["themes"].items())
        rows.append(f"| {name} | {s['count']} | {turns} | {themes} | {s['lines_repeated']} "
                    f"({s['most_repeated_line']}) | {s['records']} ({s['most_from_one_record']}) |")
    return "\n".join(rows) + "\n"
