"""Golden counts (perft-style): fixed games replayed step by step against recorded numbers.

Each game starts from ``new_game(n, ruleset, seed)`` and picks ``rng.randrange(len(legal))`` from
``legal_actions()`` with ``random.Random(seed)``. The number of legal actions at every step, the
actions played and a digest of the final state are stored in ``tests/golden/legal_counts.json``.
Any change to the rules, the order of ``legal_actions`` or the seeded shuffles shows up here.

After an intended change, rewrite the file with ``SAMURAI_UPDATE_GOLDEN=1 pytest tests/test_golden_counts.py``
and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, new_game, score_state

GOLDEN = Path(__file__).parent / "golden" / "legal_counts.json"
UPDATE = os.environ.get("SAMURAI_UPDATE_GOLDEN") == "1"

CONFIGS = {
    "2p-1998-random": (2, EDITION_1998.with_options(setup="random", hands="random"), 11),
    "3p-2015-random": (3, EDITION_2015.with_options(setup="random", hands="random"), 12),
    "4p-1998-chosen": (4, EDITION_1998, 13),
    "4p-2015-chosen-setup-random-hands": (4, EDITION_2015.with_options(hands="random"), 14),
    "3p-1998-stop_at_once-r3-forbidden": (3, EDITION_1998.with_options(
        setup="random", instant_end="stop_at_once", swap_into_surrounded="forbidden"), 15),
    "2p-2015-chosen": (2, EDITION_2015, 16),
    "4p-1998-random-open-captures": (4, EDITION_1998.with_options(
        setup="random", hands="random", captures_visible="open"), 17),
}


def state_summary(s) -> dict:
    """The final state as plain data (hex ids, tile codes), and its digest."""
    ids = s.board.ids
    data = {
        "phase": s.phase.value, "end_reason": s.end_reason, "turn": s.turn, "current": s.current,
        "passes": s.passes, "set_aside": list(s.set_aside), "captured": [list(c) for c in s.captured],
        "pieces": {ids[i]: "".join(c.value for c in ps) for i, ps in enumerate(s.pieces) if ps},
        "tiles": {ids[i]: f"{p.owner}:{p.tile.code}" for i, p in enumerate(s.tiles) if p is not None},
        "hands": [" ".join(t.code for t in h) for h in s.hands],
        "piles": [" ".join(t.code for t in p) for p in s.piles],
        "discarded": [" ".join(t.code for t in d) for d in s.discarded],
    }
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
    return {
        "digest": digest, "end_reason": s.end_reason, "turn": s.turn, "captured": data["captured"],
        "set_aside": data["set_aside"], "pieces_on_board": list(s.pieces_on_board()),
        "winners": list(score_state(s).winners),
    }


def record(n: int, ruleset, seed: int) -> dict:
    """Play the fixed game and return what the golden file stores for it."""
    rng = random.Random(seed)
    s = new_game(n, ruleset, seed)
    counts, actions = [], []
    while not s.is_over:
        legal = s.legal_actions()
        counts.append(len(legal))
        a = legal[rng.randrange(len(legal))]
        actions.append(str(a))
        s = s.apply(a)
    return {
        "players": n, "seed": seed, "ruleset": ruleset.as_dict(), "steps": len(counts),
        "legal_counts": counts,
        "actions_digest": hashlib.sha256("\n".join(actions).encode()).hexdigest(),
        "first_actions": actions[:8], "last_actions": actions[-8:],
        "final": state_summary(s),
    }


def load() -> dict:
    return json.loads(GOLDEN.read_text("utf-8")) if GOLDEN.exists() else {}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_golden_counts(name):
    n, ruleset, seed = CONFIGS[name]
    got = record(n, ruleset, seed)
    if UPDATE:
        data = load()
        data[name] = got
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n", "utf-8")
        return
    data = load()
    assert name in data, f"{GOLDEN} has no entry {name!r}: run with SAMURAI_UPDATE_GOLDEN=1"
    want = data[name]
    assert got["ruleset"] == want["ruleset"] and got["seed"] == want["seed"]
    for step, (a, b) in enumerate(zip(got["legal_counts"], want["legal_counts"])):
        assert a == b, f"{name}: step {step} has {a} legal actions, the golden file says {b}"
    assert got["steps"] == want["steps"]
    assert got["first_actions"] == want["first_actions"]
    assert got["actions_digest"] == want["actions_digest"]
    assert got["final"] == want["final"]


@pytest.mark.skipif(UPDATE, reason="the golden file is being rewritten")
def test_golden_file_has_exactly_the_configured_games():
    data = load()
    assert set(data) == set(CONFIGS)
    for entry in data.values():
        assert entry["steps"] == len(entry["legal_counts"]) > 20
        assert entry["final"]["end_reason"]
