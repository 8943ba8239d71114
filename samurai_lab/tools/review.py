"""``samurai-lab review RECORD``: the turns of one player that cost the most, the better turn, and why.

The record's game is read from its ``Game`` header (Knizia's game when it names none of the games): a game
of moves is reviewed by its search (``common.review``), a game with a review of its own (Knizia's turns,
judged by Monte Carlo playouts) by the one it declares."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable

from ..common.game import DEFAULT_GAME, Game, game_names, get_game
from ..common.limits import read_text
from ..common.records import game_record, header_game
from ..common.review import OwnReview, player_names, review_data
from ..common.review_search import DEPTH

HELP = "review one player's turns of a game record: the costly ones, the better turn, why (every game)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, help="a game record of any of the games (the apps' Save)")
    parser.add_argument("--player", default="0",
                        help="the player to review: a seat number from 0 or a name in the record (default 0)")
    parser.add_argument("--samples", type=int, default=None, help="Knizia: sampled deals per turn (default 60)")
    parser.add_argument("--depth", type=int, default=None, help=f"games of moves: plies searched (default {DEPTH})")
    parser.add_argument("--seed", type=int, default=0, help="Knizia: seed of the sampling (the review is reproducible)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def record_game(text: str) -> Game:
    """The game a record's header names (Knizia's when it names none of the games)."""
    name = header_game(text)
    return get_game(name if name in game_names() else DEFAULT_GAME)


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


def review(game: Game, text: str, args: argparse.Namespace) -> dict:
    """The review of a record of ``game`` as data (the same shape for every game)."""
    states, actions = game_record(game, text)
    player = _player(player_names(game, states[0]), args.player)
    progress, close = _progress_bar()
    own = game.features.get("review")
    if isinstance(own, OwnReview):
        data = own.run(states, actions, player, {"seed": args.seed, "samples": args.samples}, progress)
    else:
        data = review_data(game, states, actions, player, args.depth or DEPTH, progress)
    close()
    return {"game": game.name, **data}


def run(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.record, "record")
    except OSError as e:
        print(f"samurai-lab review: {args.record}: cannot read the file: {e.strerror or e}", file=sys.stderr)
        return 2
    except ValueError as e:  # not UTF-8, too big
        print(f"samurai-lab review: {e}", file=sys.stderr)
        return 2
    try:
        data = review(record_game(text), text, args)
    except (OSError, ValueError) as e:
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
