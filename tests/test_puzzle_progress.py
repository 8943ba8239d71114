"""Puzzle ratings that learn (the progress kept in the browser), the next puzzle near the player's rating,
the puzzle of the day, and the Puzzles app's address (the puzzle kept, French for Iki-zumari) and its
stored value of the wrong shape, without a browser."""

from __future__ import annotations

import datetime as dt
import json
import random
from dataclasses import replace

import pytest

from samurai_lab.common.daily_puzzle import GAMES, daily_puzzle
from samurai_lab.common.glicko2 import Rating
from samurai_lab.common.puzzle_file import game_records
from samurai_lab.common.puzzle_ratings import (NEAREST, choose_next, clean_progress, history, nearest, player_rating,
                                               puzzle_rating, record_try, tried)
from samurai_lab.i18n import use_language

RECORDS = game_records("katana")


def test_a_first_try_moves_both_ratings_and_only_the_first() -> None:
    easy, hard = sorted(RECORDS, key=lambda r: r.rating)[0], sorted(RECORDS, key=lambda r: r.rating)[-1]
    won = record_try({}, easy, solved=True)
    assert player_rating(won, "katana").rating > 1500 > player_rating(record_try({}, hard, False), "katana").rating
    assert puzzle_rating(won, easy).rating < easy.rating
    assert tried(won, "katana") == {easy.id} and history(won, "katana") == [1500, player_rating(won, "katana").rating]
    assert record_try(won, easy, solved=False) == won  # a second try is not rated
    assert tried(won, "ikizumari") == set() and player_rating(won, "ikizumari") == Rating()  # per game
    assert clean_progress(json.loads(json.dumps(won))) == (won, False)


def test_the_next_puzzle_is_untried_and_near_the_players_rating() -> None:
    progress: dict = {}
    for record in sorted(RECORDS, key=lambda r: r.rating)[:5]:
        progress = record_try(progress, record, solved=False)
    me = player_rating(progress, "katana").rating
    near = nearest(RECORDS, progress, "katana")
    assert len(near) == NEAREST and not {r.id for r in near} & tried(progress, "katana")
    gaps = sorted(abs(r.rating - me) for r in RECORDS if r.id not in tried(progress, "katana"))
    assert [abs(r.rating - me) for r in near] == gaps[:NEAREST]
    rng = random.Random(1)
    chosen = {choose_next(RECORDS, progress, "katana", None, rng).id for _ in range(40)}
    assert chosen == {r.id for r in near}  # a little randomness among the nearest
    assert choose_next(RECORDS, progress, "katana", near[0].id, rng).id != near[0].id
    only = [RECORDS[0]]
    assert choose_next(only, record_try({}, RECORDS[0], True), "katana", RECORDS[0].id).id == RECORDS[0].id


@pytest.mark.parametrize("value", [{"solved": 5}, {"solved": [1, "a"]}, {"streak": "x"}, {"ratings": []},
                                   {"ratings": {"katana": {"player": [1500, -1, 0.06]}}}, [1, 2], "not JSON",
                                   {"other": 1}, {"ratings": {"katana": {"puzzles": {"x": "y"}, "history": [1, None]}}}])
def test_a_stored_value_of_the_wrong_shape_keeps_what_is_sound(value) -> None:
    clean, dropped = clean_progress(value)
    assert dropped
    assert clean_progress(clean) == (clean, False)
    player_rating(clean, "katana"), tried(clean, "katana"), history(clean, "katana")  # all readable


def test_sound_parts_survive_beside_bad_ones() -> None:
    good = record_try({}, RECORDS[0], True)["ratings"]["katana"]
    clean, dropped = clean_progress({"solved": ["a", 3], "streak": 2, "ratings": {"katana": good, "knizia": 7}})
    assert dropped and clean == {"solved": ["a"], "streak": 2, "ratings": {"katana": good}}
    assert clean_progress({}) == ({}, False)


def test_the_daily_puzzle_is_a_function_of_the_date_and_the_games_take_turns() -> None:
    day = dt.date(2026, 11, 28)
    week = [daily_puzzle(day + dt.timedelta(days=k)) for k in range(6)]
    assert [r.game for r in week] == [week[0].game, *[GAMES[(GAMES.index(week[0].game) + k) % 3] for k in range(1, 6)]]
    assert daily_puzzle(day) == week[0] and len({r.id for r in week}) == 6
    assert daily_puzzle(day, records=game_records) == week[0]  # only the day's file read: the same pick
    none_here = daily_puzzle(day, records=lambda game: [] if game == week[0].game else game_records(game))
    assert none_here is not None and none_here.game != week[0].game


def test_the_app_keeps_the_puzzle_in_its_language_links_and_speaks_french_for_ikizumari() -> None:
    from samurai_lab.ui.puzzles import PuzzlesApp, page_languages

    assert "fr" in page_languages("game=ikizumari&lang=fr") and "fr" not in page_languages("game=katana")
    record = sorted(game_records("ikizumari"), key=lambda r: r.id)[3]
    with use_language("fr"):
        app = PuzzlesApp(query=f"game=ikizumari&lang=fr&puzzle={record.id}")
        assert app.record == record and list(app.trainers) == ["ikizumari"]
        assert f"puzzle={record.id}" in app.header.language_switch.value and 'hreflang="fr"' in app.header.language_switch.value
        assert app.header.notice.value == "" and app.feedback.kind == "info"
    app = PuzzlesApp(query="game=katana&puzzle=nothing")
    assert app.feedback.kind == "warning" and "puzzle='nothing'" in app.feedback.text


def test_the_app_reads_a_stored_value_of_the_wrong_shape() -> None:
    from samurai_lab.ui.puzzles import PuzzlesApp

    with use_language("it"):
        app = PuzzlesApp(query="game=katana")
        app.store.text.value = json.dumps({"solved": 5, "streak": 3})
        assert app.feedback.kind == "warning" and "scartata" in app.feedback.text
        assert json.loads(app.store.text.value) == {"solved": [], "streak": 3}
        before = app.record
        app.next_button.click()
        assert app.record != before and app.feedback.kind == "info"
        app._result(False, False, "no")
        assert len(tried(app.store.value, "katana")) == 1 and "Il tuo punteggio" in app.rating.value
    app = PuzzlesApp(query="game=katana")
    app.store.text.value = "[" * 100_000 + "]" * 100_000  # JSON nested past reading
    assert app.feedback.kind == "warning" and json.loads(app.store.text.value) == {}


def test_the_stored_ratings_choose_the_puzzle_when_they_arrive() -> None:
    from samurai_lab.ui.puzzles import PuzzlesApp

    app = PuzzlesApp(query="game=katana")
    first = app.record
    app.store.text.value = "{}"  # a newcomer: the puzzle shown stays
    assert app.record == first
    records = app.trainer.records
    progress: dict = {}
    for record in sorted(records, key=lambda r: r.rating)[-40:]:
        progress = record_try(progress, record, solved=True)
    app.store.text.value = json.dumps(progress)  # a strong player: a puzzle near his rating instead
    assert app.record in nearest(records, progress, "katana", exclude=first.id)


def test_a_hint_on_the_first_try_counts_as_failed() -> None:
    from samurai_lab.ui.puzzles import PuzzlesApp

    app = PuzzlesApp(query="game=katana")
    app._hint()
    assert player_rating(app.store.value, "katana").rating < 1500 and tried(app.store.value, "katana") == {app.record.id}
    app._result(True, True, "Solved!")  # solved after the hint: not rated again
    assert len(history(app.store.value, "katana")) == 2


def test_a_puzzle_without_file_rating_keeps_its_learned_one() -> None:
    record = replace(RECORDS[0], rating=900)
    assert puzzle_rating({}, record).rating == 900
    assert puzzle_rating(record_try({}, record, True), record).rating < 900
