"""``samurai-lab review RECORD``: the turns of one player that cost the most, the better turn, and why.

The record's game is read from its header: Knizia's records (``[Game "Samurai"]``) are judged by
Monte Carlo playouts on the fast path, Katana's (``[Game "katana"]``) and Iki-zumari's
(``Game: ikizumari``) by their alpha-beta search."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Callable

HELP = "review one player's turns of a game record: the costly ones, the better turn, why (all three games)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, help="a game record of any of the three games (the apps' Save)")
    parser.add_argument("--player", default="0",
                        help="the player to review: a seat number from 0 or a name in the record (default 0)")
    parser.add_argument("--samples", type=int, default=None, help="Knizia: sampled deals per turn (default 60)")
    parser.add_argument("--depth", type=int, default=None, help="Katana, Iki-zumari: plies searched (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="Knizia: seed of the sampling (the review is reproducible)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def record_game(text: str) -> str:
    """``knizia``, ``katana`` or ``ikizumari``: the game a record's header names."""
    if re.search(r'^\s*\[Game\s+"katana"\]', text, re.M | re.I):
        return "katana"
    if re.search(r"^\s*Game:\s*ikizumari", text, re.M | re.I):
        return "ikizumari"
    return "knizia"


def _player(names: list[str], text: str) -> int:
    """A seat given by number or by name (ValueError naming the players otherwise)."""
    if text.isdigit() and int(text) < len(names):
        return int(text)
    for p, name in enumerate(names):
        if text.strip().lower() == name.lower():
            return p
    raise ValueError(f"no player {text!r} in the record; its players are "
                     + ", ".join(f"{p} {name}" for p, name in enumerate(names)))


def _progress_bar() -> tuple[Callable[[int, int], None], Callable[[], None]]:
    from tqdm import tqdm

    bar = tqdm(total=None, desc="review", unit="turn", file=sys.stderr, leave=False)

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    return progress, bar.close


def _knizia(text: str, args: argparse.Namespace) -> dict:
    from ..knizia.teaching.review import SAMPLES, record_states, review_game, review_json

    states, actions = record_states(text)
    player = _player([s.name for s in states[0].seats], args.player)
    progress, close = _progress_bar()
    review = review_game(states, actions, player, samples=args.samples or SAMPLES, seed=args.seed, progress=progress)
    close()
    return {"game": "knizia", **review_json(states, review)}


def _two_player(game: str, text: str, args: argparse.Namespace) -> dict:
    """Katana's or Iki-zumari's review as data (the same shape for both)."""
    if game == "katana":
        from ..katana.core.state import PLAYER_NAMES
        from ..katana.scenarios.records import parse_record
        from ..katana.teaching import review as model

        states = list(parse_record(text).states)
    else:
        from ..ikizumari.core.board import PLAYER_NAMES  # type: ignore[no-redef]
        from ..ikizumari.scenarios.records import parse_record as parse_iki, replay
        from ..ikizumari.teaching import review as model  # type: ignore[no-redef]

        states = replay(parse_iki(text))
    names = list(PLAYER_NAMES)
    player = _player(names, args.player)
    progress, close = _progress_bar()
    reviews = []
    for done, total, r in model.review_steps(states, player, args.depth or model.DEPTH):
        reviews.append(r)
        progress(done, total)
    close()
    return {
        "game": game, "player": player, "player_name": names[player], "depth": args.depth or model.DEPTH,
        "turns": [{
            "turn": r.index + 1, "played": str(r.played), "best": str(r.best), "before": round(r.before, 4),
            "after": round(r.after, 4), "loss": round(r.loss, 4), "judgement": r.judgement,
            "explanation": model.explain(states, r) if r.judgement else [],
        } for r in reviews],
    }


def run(args: argparse.Namespace) -> int:
    from ..katana.scenarios.errors import ScenarioError as KatanaError
    from ..knizia.scenarios.errors import ScenarioError

    try:
        text = args.record.read_text(encoding="utf-8")
        game = record_game(text)
        data = _knizia(text, args) if game == "knizia" else _two_player(game, text, args)
    except (OSError, ValueError, ScenarioError, KatanaError) as e:
        print(f"samurai-lab review: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    turns = data["turns"]
    marked = [t for t in turns if t["judgement"]]
    print(f"{data['player_name']}: {len(turns)} turns, {len(marked)} marked")
    print("chance to win after each turn: " + " ".join(f"{round(100 * t['after'])}%" for t in turns))
    for t in marked:
        print()
        print(f"{t['judgement']} (-{round(100 * t['loss'])}%)")
        for line in t["explanation"]:
            print("  " + line)
    return 0


if __name__ == "__main__":  # pragma: no cover
    p = argparse.ArgumentParser()
    add_arguments(p)
    sys.exit(run(p.parse_args()))
