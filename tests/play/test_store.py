"""The game store, the same on SQLite and on a real PostgreSQL: schema and migrations, games, seats by
token, the move log with its stale-ply refusal."""

from __future__ import annotations

import threading

import pytest

from samurai_lab.tools.play.store import MIGRATIONS, SeatRow, StaleMove, Store, StoreError, token_hash

pytestmark = pytest.mark.server  # on SQLite and on a PostgreSQL server


def new_game(store: Store, gid: str = "g1") -> None:
    store.create(gid, "katana", {"players": 2, "seed": 3},
                 [(SeatRow(0, "person", "Ann"), "token-a"), (SeatRow(1, "bot:search", "Search bot"), "token-b")])


def test_a_new_store_is_migrated_to_the_newest_version(store):
    assert store.migrate() == len(MIGRATIONS)
    assert store.game_count() == 0


def test_a_game_keeps_its_setup_and_seats_but_not_the_tokens(store, store_url):
    new_game(store)
    row = store.game("g1")
    assert row.game == "katana" and row.setup == {"players": 2, "seed": 3} and row.finished is None
    assert [(s.seat, s.kind, s.name) for s in row.seats] == [(0, "person", "Ann"), (1, "bot:search", "Search bot")]
    assert store.seat_of("g1", "token-b") == 1 and store.seat_of("g1", "token-x") is None
    assert store.game("nope") is None
    assert token_hash("token-a") != "token-a"


def test_moves_are_a_log_and_a_taken_ply_is_stale(store):
    new_game(store)
    store.add_move("g1", 0, 0, "f9-g9")
    store.add_move("g1", 1, 1, "d1-d2")
    with pytest.raises(StaleMove):
        store.add_move("g1", 1, 1, "a3-a4")
    assert [(m.ply, m.seat, m.action) for m in store.moves("g1")] == [(0, 0, "f9-g9"), (1, 1, "d1-d2")]
    assert [m.ply for m in store.moves("g1", since=1)] == [1]


def test_two_writers_of_one_ply_one_wins(store):
    new_game(store)
    outcomes: list[str] = []

    def write(action: str) -> None:
        try:
            store.add_move("g1", 0, 0, action)
            outcomes.append("stored")
        except StaleMove:
            outcomes.append("stale")

    threads = [threading.Thread(target=write, args=(a,)) for a in ("f9-g9", "a7-a6")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["stale", "stored"]
    assert len(store.moves("g1")) == 1


def test_finishing_is_once(store):
    new_game(store)
    store.finish("g1", "0")
    store.finish("g1", "1")
    assert store.game("g1").result == "0"


def test_games_of_tokens(store):
    new_game(store, "g1")
    store.create("g2", "ikizumari", {}, [(SeatRow(0, "person", "B"), "token-c")])
    assert sorted(store.games_of(["token-a", "token-c", "unknown"])) == [("g1", 0), ("g2", 0)]
    assert list(store.games_of([])) == []


def test_the_store_survives_reopening(store_url):
    s = Store.open(store_url)
    new_game(s)
    s.add_move("g1", 0, 0, "f9-g9")
    s.close()
    again = Store.open(store_url)
    assert [m.action for m in again.moves("g1")] == ["f9-g9"]
    again.close()


def test_a_store_of_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "games.sqlite"
    Store.open(path).close()
    import sqlite3

    with sqlite3.connect(path) as db:
        db.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(StoreError, match="newer version"):
        Store.open(path)


def test_unreachable_or_unwritable_stores_say_why(tmp_path):
    with pytest.raises(StoreError, match="PostgreSQL"):
        Store.open("postgresql://nobody@127.0.0.1:1/none")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot open"):
        Store.open(blocker / "games.sqlite")
