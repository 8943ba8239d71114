"""``samurai-lab review RECORD``: the turns of one player that cost the most, the better turn, and why."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HELP = "review one player's turns of a game record: the costly ones, the better turn, why (Knizia's game)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, help="a game record (the Play app's Save, or samurai-lab's format)")
    parser.add_argument("--player", default="0",
                        help="the player to review: a seat number from 0 or a name in the record (default 0)")
    parser.add_argument("--samples", type=int, default=None, help="sampled deals per turn (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampling (the review is reproducible)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def _player(states, text: str) -> int:
    """A seat given by number or by name (ValueError naming the players otherwise)."""
    seats = states[0].seats
    if text.isdigit() and int(text) < len(seats):
        return int(text)
    for p, seat in enumerate(seats):
        if text.strip().lower() in (seat.name.lower(), seat.colour.lower()):
            return p
    raise ValueError(f"no player {text!r} in the record; its players are "
                     + ", ".join(f"{p} {s.name}" for p, s in enumerate(seats)))


def run(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from ..knizia.scenarios.errors import ScenarioError
    from ..knizia.teaching.review import SAMPLES, explain, judgement_words, percent, record_states, \
        review_game, review_json

    try:
        states, actions = record_states(args.record.read_text(encoding="utf-8"))
        player = _player(states, args.player)
    except (OSError, ValueError, ScenarioError) as e:
        print(f"samurai-lab review: {e}", file=sys.stderr)
        return 2
    bar = tqdm(total=None, desc="review", unit="turn", file=sys.stderr, leave=False)

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    review = review_game(states, actions, player, samples=args.samples or SAMPLES, seed=args.seed, progress=progress)
    bar.close()
    if args.json:
        print(json.dumps(review_json(states, review), ensure_ascii=False))
        return 0
    name = states[0].seats[player].name
    print(f"{name}: {len(review.turns)} turns, {len(review.marked)} marked")
    print("chance to win after each turn: " + " ".join(percent(t.after) for t in review.turns))
    for t in review.marked:
        print()
        print(f"{judgement_words(t.judgement)} (-{percent(t.loss)})")
        for line in explain(states, t):
            print("  " + line)
    return 0


if __name__ == "__main__":  # pragma: no cover
    p = argparse.ArgumentParser()
    add_arguments(p)
    sys.exit(run(p.parse_args()))
