"""Puzzles: the file format, proofs that accept the answer and refuse a doctored one, the words of a try,
``samurai-lab puzzles list --json`` and ``generate`` (reproducible), and ``check`` on a sample.

Every bundled puzzle is proved by ``samurai-lab check puzzles``; here a sample of each game is."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from samurai_lab.common.game import get_game
from samurai_lab.common.puzzle_file import (PuzzleFileError, dumps_record, puzzle_files, read_record,
                                            record_from_dict)
from samurai_lab.common.puzzles import hint, judge, load_puzzle, prove
from samurai_lab.i18n import use_language
from samurai_lab.tools.check import check_paths
from samurai_lab.tools.cli import main

PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"
GAMES = ("knizia", "katana", "ikizumari")
SAMPLE = 3  # puzzles of each game proved here (the first, the middle and the last)


def sample(game: str) -> list[Path]:
    files = puzzle_files(PUZZLES, game)
    return [files[0], files[len(files) // 2], files[-1]][:SAMPLE] if files else []


def module(game: str):
    import importlib
    return importlib.import_module(f"samurai_lab.{game}.teaching.puzzle")


@pytest.mark.parametrize("game", GAMES)
def test_there_are_150_puzzles_with_unique_ids(game):
    records = [read_record(p) for p in puzzle_files(PUZZLES, game)]
    assert len(records) >= 150
    assert len({r.id for r in records}) == len(records)
    assert len({r.position for r in records}) == len(records)
    assert all(r.game == game and r.themes and r.source for r in records)


@pytest.mark.parametrize("game", GAMES)
def test_a_file_reads_back_as_it_was_written(game, tmp_path):
    rec = read_record(sample(game)[0])
    path = tmp_path / "p.toml"
    path.write_text(dumps_record(rec), encoding="utf-8")
    assert replace(read_record(path), path=None) == replace(rec, path=None)


def test_a_file_with_a_missing_key_or_an_unknown_one_is_refused():
    with pytest.raises(PuzzleFileError, match="answer is missing"):
        record_from_dict({"game": "katana", "id": "x", "title": "t", "position": "p", "goal": "kill",
                          "themes": [], "rating": 1, "source": "s"})
    with pytest.raises(PuzzleFileError, match="unknown key 'hint'"):
        record_from_dict({"game": "katana", "id": "x", "title": "t", "position": "p", "goal": "kill", "answer": [],
                          "themes": [], "rating": 1, "source": "s", "hint": "no"})


@pytest.mark.parametrize("game", GAMES)
def test_the_proof_accepts_the_sample(game):
    g = get_game(game)
    for path in sample(game):
        assert prove(g, load_puzzle(g, path)) == [], path.name


@pytest.mark.parametrize("game", ("katana", "ikizumari"))
def test_the_proof_refuses_a_wrong_first_move(game):
    g = get_game(game)
    puzzle = load_puzzle(g, sample(game)[0])
    answer = puzzle.line()
    other = next(str(mv) for mv in g.legal_actions(puzzle.state) if mv != answer[0])
    doctored = load_puzzle(g, replace(puzzle.record, answer=(other,) + puzzle.record.answer[1:]))
    assert any("the search's line is" in p for p in prove(g, doctored))
    longer = load_puzzle(g, replace(puzzle.record, moves=puzzle.record.moves + 1))
    assert any("moves, the file says" in p for p in prove(g, longer))


def test_the_knizia_proof_refuses_a_doctored_answer_and_value():
    m = module("knizia")
    puzzle = m.load_puzzle(sample("knizia")[0])
    rec = puzzle.record
    assert m.prove(m.puzzle_from_record(replace(rec, value=rec.value + 1)))[0].startswith("value:")
    shorter = rec.answer[:1] + ("end",)
    assert any(p.startswith("answer:") for p in m.prove(m.puzzle_from_record(replace(rec, answer=shorter))))


@pytest.mark.parametrize("goal", ["most", "deny"])
def test_the_knizia_search_sees_only_the_hand_and_the_board(goal):
    """Other hands and the piles can change: the proof stays the same (the reply too: the next player's tiles
    are counted from the board, never read from his hand)."""
    m = module("knizia")
    for path in puzzle_files(PUZZLES, "knizia"):
        state = m.load_puzzle(path).state
        other = (state.current + 1) % state.n_players
        hands, piles = list(state.hands), list(state.piles)
        k = min(len(hands[other]), len(piles[other]))
        if k and read_record(path).goal == goal:
            break
    else:
        pytest.fail("no puzzle whose other player still has a pile")
    hands[other], piles[other] = piles[other][:k] + hands[other][k:], piles[other][k:] + hands[other][:k]
    assert hands[other] != state.hands[other]
    moved = replace(state, hands=tuple(hands), piles=tuple(piles))
    deny = goal == "deny"
    search_a, search_b = m.search_turn(state, deny=deny), m.search_turn(moved, deny=deny)
    assert search_a.best(goal) and {o.captures for o in search_a.best(goal)} == {o.captures for o in search_b.best(goal)}


def knizia_puzzles(goal: str) -> list:
    """The bundled Knizia puzzles of ``goal``, easiest first."""
    m = module("knizia")
    records = sorted((read_record(p) for p in puzzle_files(PUZZLES, "knizia")), key=lambda r: (r.rating, r.id))
    return [m.puzzle_from_record(r) for r in records if r.goal == goal]


def test_the_knizia_set_has_every_goal():
    records = [read_record(p) for p in puzzle_files(PUZZLES, "knizia")]
    counts = {g: sum(r.goal == g for r in records) for g in ("most", "win", "take", "deny", "swap")}
    assert counts["take"] >= 25 and counts["deny"] >= 15 and counts["swap"] >= 15, counts
    assert counts["most"] + counts["win"] >= 20, counts
    assert all(bool(r.target) == (r.goal in ("take", "swap")) for r in records)


def test_the_words_of_a_knizia_try():
    m = module("knizia")
    puzzle = knizia_puzzles("most")[0]
    with use_language("en"):
        right = m.judge(puzzle, puzzle.answer())
        assert right.ok and right.text.startswith("Solved!") and " takes the " in right.text
        wrong = m.judge(puzzle, puzzle.answer()[:1])
        assert not wrong.ok and "the best turn takes more" in wrong.text
        assert m.hint(puzzle).startswith("Start with ")
    with use_language("it"):
        assert m.judge(puzzle, puzzle.answer()).text.startswith("Risolto!")


def _single_tries(m, puzzle):  # noqa: ANN001, ANN202 - the one-tile turns near the puzzle's settlements
    from samurai_lab.knizia.teaching.turn_search import relevant_actions, reply_reach
    return [a for a in relevant_actions(puzzle.state, reply_reach(puzzle.state, puzzle.record.goal))
            if isinstance(a, m.PlaceTile)]


def test_a_knizia_goal_in_every_language():
    m = module("knizia")
    take, deny, swap = knizia_puzzles("take")[0], knizia_puzzles("deny")[0], knizia_puzzles("swap")[0]
    with use_language("en"):
        assert "to play: take the " in take.title_text() and " of " in take.title_text()
        assert "no " in deny.title_text() and "whatever" in deny.title_text()
        assert "only the " in swap.title_text()
    expected = {"it": ("prendi il segnalino", "nessun", "solo con lo"), "es": ("captura la pieza", "ninguna", "solo lo"),
                "ru": ("захватите этим ходом цель", "ни одной", "только с жетоном")}
    for lang, words in expected.items():
        with use_language(lang):
            for puzzle, word in zip((take, deny, swap), words):
                assert word in puzzle.title_text(), (lang, puzzle.title_text())


def test_a_take_puzzle_judges_the_named_piece():
    m = module("knizia")
    puzzle = knizia_puzzles("take")[0]
    target = puzzle.target()
    with use_language("en"):
        assert m.judge(puzzle, puzzle.answer()).text.startswith("Solved!")
        misses = [a for a in _single_tries(m, puzzle)
                  if target not in {(r.hex, r.caste, r.winner) for r in m.turn_captures(puzzle.state, [a])[1]}]
        verdict = m.judge(puzzle, [misses[0]])
        assert not verdict.ok and "That does not take the " in verdict.text
    with use_language("es"):
        assert "no capturas la pieza de" in m.judge(puzzle, [misses[0]]).text


def test_a_deny_puzzle_is_judged_by_what_the_next_player_could_take():
    m = module("knizia")
    from samurai_lab.knizia.teaching.reply import threatened
    puzzle = knizia_puzzles("deny")[0]
    after, _ = m.turn_captures(puzzle.state, puzzle.answer())
    assert threatened(after) == set() and not after.is_over
    with use_language("en"):
        right = m.judge(puzzle, puzzle.answer())
        assert right.ok and "has no " in right.text and "whatever" in right.text
        leaving = next(a for a in _single_tries(m, puzzle) if threatened(m.turn_captures(puzzle.state, [a])[0]))
        wrong = m.judge(puzzle, [leaving])
        assert not wrong.ok and "but then " in wrong.text and " could take the " in wrong.text, wrong.text
    with use_language("ru"):
        assert "но тогда" in m.judge(puzzle, [leaving]).text


def test_a_wrong_try_of_a_most_puzzle_names_the_reply():
    """Some wrong turn of some bundled puzzle leaves the next player a piece the answer would not."""
    m = module("knizia")
    for puzzle in knizia_puzzles("most")[:40]:
        for a in _single_tries(m, puzzle):
            with use_language("en"):
                verdict = m.judge(puzzle, [a])
            if not verdict.ok and "but then " in verdict.text:
                assert "the best turn takes more, but then " in verdict.text
                with use_language("it"):
                    assert "ma poi " in m.judge(puzzle, [a]).text
                return
    pytest.fail("no wrong try names the reply")


def _play_threat(m, state, threat) -> bool:  # noqa: ANN001 - the next player's turn with the hand found
    """Give the next player the hand of ``threat`` and play it on its settlement: does he take the piece?"""
    from samurai_lab.knizia.core.actions import EndTurn, MoveTile
    from samurai_lab.knizia.core.rules import swap_options
    from samurai_lab.knizia.core.tiles import TILES_BY_CODE, sort_tiles
    me, s, board = state.current, threat.hex, state.board
    hand = sort_tiles(tuple(TILES_BY_CODE["M" if c.startswith("M") else c] for c in threat.hand))
    state = replace(state, hands=state.hands[:me] + (hand,) + state.hands[me + 1:])
    swaps = [a for a in swap_options(state) if (board.resolve(a.hex_a), a.caste_b) == (s, threat.caste)
             or (board.resolve(a.hex_b), a.caste_a) == (s, threat.caste)] if "X" in threat.hand else [None]
    sea = [o for o in board.sea_neighbours[s] if state.tiles[o] is None]
    land = [o for o in board.land_neighbours[s] if state.tiles[o] is None]
    for swap in swaps:
        turn = [swap] if swap else []
        turn += [m.PlaceTile(c, board.ids[sea.pop(0) if c.startswith("W") else land.pop(0)])
                 for c in sorted((c for c in threat.hand if c[0] in "WN"), key=lambda c: c[0])]
        for c in threat.hand:
            if c.startswith("M"):
                turn.append(MoveTile(c[1:], board.ids[land.pop(0)]))
            elif c != "X" and c[0] not in "WN":
                turn.append(m.PlaceTile(c, board.ids[land.pop(0)]))
        sea = [o for o in board.sea_neighbours[s] if state.tiles[o] is None]
        land = [o for o in board.land_neighbours[s] if state.tiles[o] is None]
        _, events = m.turn_captures(state, turn + [EndTurn()])
        if any((r.hex, r.caste, r.winner) == (s, threat.caste, me) for r in events):
            return True
    return False


def test_the_reply_is_exact_for_the_next_players_hands():
    """Each piece the next player could take is taken by the hand found; random hands of his unseen tiles take
    no other piece."""
    import random

    from samurai_lab.knizia.core.tiles import sort_tiles
    from samurai_lab.knizia.bots.knowledge import unseen_tiles
    from samurai_lab.knizia.teaching.reply import threats
    m = module("knizia")
    rng = random.Random(5)
    checked = sampled = 0
    for puzzle in knizia_puzzles("deny")[:3] + knizia_puzzles("most")[:3]:
        for try_ in (puzzle.answer(), _single_tries(m, puzzle)[:1]):
            after, _ = m.turn_captures(puzzle.state, try_)
            if after.is_over:
                continue
            nxt = after.current
            found = threats(after)
            for t in found:
                assert _play_threat(m, after, t), t
                checked += 1
            unseen = list(unseen_tiles(after, nxt).elements())
            for _ in range(4):
                hand = sort_tiles(tuple(rng.sample(unseen, min(5, len(unseen)))))
                given = replace(after, hands=after.hands[:nxt] + (hand,) + after.hands[nxt + 1:])
                try:
                    outcomes = m.search_turn(given, 20_000).outcomes.values()
                except m.OutOfBudget:  # a hand with too many turns to search here
                    continue
                taken = {(c[0], c[1]) for o in outcomes for c in o.captures if c[2] == nxt}
                assert taken <= {(t.hex, t.caste) for t in found}
                sampled += 1
    assert checked and sampled


def test_the_knizia_proof_refuses_a_doctored_target():
    m = module("knizia")
    puzzle = knizia_puzzles("take")[0]
    other = next(f"{c.value}@{puzzle.state.board.ids[s]}" for s in puzzle.state.board.settlements
                 for c in puzzle.state.pieces[s] if f"{c.value}@{puzzle.state.board.ids[s]}" != puzzle.record.target)
    assert m.prove(m.puzzle_from_record(replace(puzzle.record, target=other)))
    with pytest.raises(ValueError, match="target"):
        m.puzzle_from_record(replace(puzzle.record, target=""))


@pytest.mark.parametrize("game", ("katana", "ikizumari"))
def test_the_words_of_a_try_on_the_grid_games(game):
    g = get_game(game)
    puzzle = load_puzzle(g, sample(game)[-1])
    state, left = puzzle.state, puzzle.record.moves
    winning = puzzle.prover().winning_moves(state, left)
    wrong = next(mv for mv in g.legal_actions(state) if mv not in winning)
    with use_language("en"):
        verdict = judge(puzzle, state, wrong, left)
        assert not verdict.ok and "can no longer" in verdict.text and verdict.state == state
        for _ in range(6):  # the solver's moves (ANZEN gives one more in a row)
            move = puzzle.prover().winning_moves(state, left)[0]
            verdict = judge(puzzle, state, move, left)
            assert verdict.ok, verdict.text
            state, left = verdict.state, verdict.left
            if verdict.solved:
                break
        assert verdict.solved and verdict.text.startswith("Solved!")
        assert hint(puzzle, puzzle.state, puzzle.record.moves).startswith("Look at the samurai on ")


def test_list_json_names_id_themes_rating_and_file():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["puzzles", "list", "--game", "katana", "--json", "--dir", str(PUZZLES)]) == 0
    rows = json.loads(out.getvalue())
    assert {r["file"] for r in rows} == {str(p) for p in puzzle_files(PUZZLES, "katana")}
    assert all({"id", "themes", "rating", "file"} <= set(r) for r in rows)


def test_generate_is_reproducible(tmp_path):
    err = io.StringIO()
    for run in ("a", "b"):
        with contextlib.redirect_stderr(err):
            assert main(["puzzles", "generate", "--game", "knizia", "--count", "2", "--seed", "3",
                         "--dir", str(tmp_path / run)]) == 0
    a, b = sorted((tmp_path / "a").glob("*.toml")), sorted((tmp_path / "b").glob("*.toml"))
    assert len(a) == 2 and [p.read_text() for p in a] == [p.read_text() for p in b]
    assert "2 knizia puzzles" in err.getvalue()
    out = io.StringIO()
    assert check_paths([tmp_path / "a"], out=out) == 0, out.getvalue()
    assert "2 puzzles: 2 proved" in out.getvalue()


def test_check_proves_a_sample_and_fails_a_doctored_file(tmp_path):
    files = [p for g in GAMES for p in sample(g)[:1]]
    out = io.StringIO()
    assert check_paths(files, out=out) == 0, out.getvalue()
    assert f"{len(files)} puzzles: {len(files)} proved" in out.getvalue()
    rec = read_record(files[1])
    bad = tmp_path / "bad.toml"
    bad.write_text(dumps_record(replace(rec, answer=tuple(reversed(rec.answer)))), encoding="utf-8")
    out = io.StringIO()
    assert check_paths([bad], out=out) in (1, 2)
    assert "FAILED" in out.getvalue() or "INVALID" in out.getvalue()


def _app(lang: str):
    """The Puzzles app of all three games, as a page in ``lang`` builds it (call inside ``use_language``)."""
    from samurai_lab.ui.puzzles import PuzzlesApp

    return PuzzlesApp(query=f"lang={lang}")


@pytest.mark.parametrize("lang", ["it", "es", "ru"])
def test_the_app_speaks_the_page_language(lang):
    from language_check import english_left, widget_texts

    with use_language(lang):
        app = _app(lang)
        for game in GAMES:
            app.game_choice.value = game
            app._hint()
            shown = widget_texts(app.header.widget) + widget_texts(app.game_choice) + widget_texts(app.goal) \
                + widget_texts(app.body)
            assert english_left(shown, language=lang) == [], game
            assert app.feedback.kind == "info" and app.feedback.text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_theme_list_is_in_the_readers_alphabetical_order(lang):
    with use_language(lang):
        app = _app(lang)
        for game in GAMES:
            app.game_choice.value = game
            first, *themes = app.theme_choice.options
            assert first[1] == "all" and len(themes) >= 3, game
            names = [name for name, _ in themes]
            assert names == sorted(names, key=str.casefold), (game, names)
            used = {t for record in app.trainer.records for t in record.themes}
            assert {key for _, key in themes} == used, game
