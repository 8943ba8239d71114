"""The Puzzles app's ratings in the class store, on SQLite and on a real PostgreSQL: a first try rates the
player and the puzzle once (Glicko-2 of ``common/glicko2.py``, the puzzle starting at its file's rating), two
servers rating at once lose no update, an older store is migrated with its games kept; the API rates a try
only from the player key and the puzzle (never a rating sent), refusing every wrong input in words; the
Puzzles app reads and records its ratings there when the game service is there, and says when it is not."""

from __future__ import annotations

import json
import secrets
import threading

import pytest

from api_server import api_server
from samurai_lab.common.glicko2 import Rating, duel
from samurai_lab.common.puzzle_file import game_records
from samurai_lab.common.puzzle_ratings import PUZZLE_DEVIATION, player_rating, puzzle_rating, tried
from samurai_lab.tools.play import store as store_module
from samurai_lab.tools.play.store import MIGRATIONS, SeatRow, Store

pytestmark = pytest.mark.server  # on SQLite and on a PostgreSQL server

API = "/samurai/api"
RECORDS = sorted(game_records("katana"), key=lambda r: r.id)


def start(record) -> Rating:
    return puzzle_rating({}, record)


def key() -> str:
    return secrets.token_urlsafe(18)


def test_a_first_try_rates_the_player_and_the_puzzle_once(store):
    record, ann, bob = RECORDS[0], key(), key()
    assert start(record) == Rating(record.rating, PUZZLE_DEVIATION)  # the search's difficulty
    assert store.rate_puzzle_try(ann, "katana", record.id, start(record), solved=False)
    me, it = duel(Rating(), start(record), False)
    mine = store.puzzle_standing(ann, "katana")
    assert mine.rating == pytest.approx(me) and mine.history == pytest.approx((me.rating,))
    assert mine.tried == (record.id,)
    assert store.puzzle_ratings("katana") == {record.id: (pytest.approx(it), 1)}
    assert not store.rate_puzzle_try(ann, "katana", record.id, start(record), solved=True)  # not its first
    assert store.puzzle_standing(ann, "katana") == mine
    assert store.rate_puzzle_try(bob, "katana", record.id, start(record), solved=True)  # the puzzle as learned
    assert store.puzzle_ratings("katana")[record.id] == (pytest.approx(duel(Rating(), it, True)[1]), 2)
    assert store.puzzle_standing(ann, "ikizumari").tried == () and store.puzzle_ratings("ikizumari") == {}
    newcomer = store.puzzle_standing(key(), "katana")
    assert newcomer.rating == Rating() and newcomer.history == ()


def test_two_servers_rating_at_once_lose_no_update(store_url):
    """Four connections (as many servers), one thread each: two players each trying the same twelve puzzles
    through two of them at once, one going forwards, the other backwards (the same player's tries of other
    puzzles at once, and of the same one: its second "first try" refused)."""
    players, puzzles = [key(), key()], RECORDS[:12]
    stores = [Store.open(store_url) for _ in range(4)]
    counted: list[bool] = []
    together = threading.Barrier(len(stores))

    def tries(k: int) -> None:
        via, player = stores[k], players[k % 2]
        for record in (puzzles if k < 2 else puzzles[::-1]):
            together.wait(30)  # every thread's try at once
            counted.append(via.rate_puzzle_try(player, "katana", record.id, start(record), record.rating % 2 == 0))

    threads = [threading.Thread(target=tries, args=(k,)) for k in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert len(counted) == 2 * len(players) * len(puzzles) and counted.count(True) == len(players) * len(puzzles)
        for player in players:
            mine = stores[0].puzzle_standing(player, "katana")
            assert sorted(mine.tried) == sorted(r.id for r in puzzles) and len(mine.history) == len(puzzles)
        assert {p: n for p, (_, n) in stores[1].puzzle_ratings("katana").items()} == {r.id: 2 for r in puzzles}
        with stores[2]._transaction():
            tries_kept = stores[2]._run("SELECT tries FROM puzzle_players")
        assert sorted(tries_kept) == [(len(puzzles),)] * len(players)
    finally:
        for s in stores:
            s.close()


def test_an_older_store_is_migrated_with_its_games(store_url, monkeypatch):
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:2])
    old = Store.open(store_url)
    old.create("g1", "katana", {"players": 2}, [(SeatRow(0, "person", "Ann"), "token-a")])
    old.close()
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS)
    new = Store.open(store_url)
    try:
        assert new.migrate() == len(MIGRATIONS) and new.game("g1").seats[0].name == "Ann"
        assert new.rate_puzzle_try(key(), "katana", RECORDS[0].id, start(RECORDS[0]), True)
    finally:
        new.close()


@pytest.fixture
def api(store_url):
    with api_server(store_url) as client:
        yield client


def test_the_api_rates_a_first_try_once_and_reads_it_back(api):
    ann, record = key(), RECORDS[3]
    status, first = api.call("POST", f"{API}/puzzles/tries", {"puzzle": record.id, "solved": True}, token=ann)
    assert status == 200 and first["counted"] and first["game"] == "katana"
    entry = {"ratings": {"katana": first}}  # a game's entry of the app's progress
    assert player_rating(entry, "katana").rating > 1500 and tried(entry, "katana") == {record.id}
    assert first["history"] == [1500, first["player"][0]]
    assert puzzle_rating(entry, record).rating < record.rating
    status, again = api.call("POST", f"{API}/puzzles/tries", {"puzzle": record.id, "solved": False}, token=ann)
    assert status == 200 and not again["counted"] and again["player"] == first["player"]
    status, read = api.call("GET", f"{API}/puzzles/katana", token=ann)
    assert status == 200 and {**read, "counted": True} == first
    status, other = api.call("GET", f"{API}/puzzles/katana", token=key())  # another player: the class's puzzles
    assert other["player"] == [1500, 350, 0.06] and other["tried"] == [] and other["puzzles"] == first["puzzles"]


def test_every_puzzle_refusal_says_why_with_its_status(api):
    ann, tries = key(), f"{API}/puzzles/tries"
    ok = {"puzzle": RECORDS[0].id, "solved": True}
    cases = [
        (api.call("POST", tries, ok), 401, "player key"),
        (api.call("POST", tries, ok, token="short"), 403, "16 to 100"),
        (api.call("POST", tries, ok, token="é" * 20), 403, "16 to 100"),
        (api.call("POST", tries, ok, headers={"Authorization": "Basic abc"}), 401, "Bearer"),
        (api.call("POST", tries, {"puzzle": "katana-9-9999", "solved": True}, token=ann), 404, "no such puzzle"),
        (api.call("POST", tries, {"puzzle": 7, "solved": True}, token=ann), 404, "no such puzzle"),
        (api.call("POST", tries, {"puzzle": RECORDS[0].id, "solved": "yes"}, token=ann), 422, "true or false"),
        (api.call("POST", tries, {"puzzle": RECORDS[0].id}, token=ann), 422, "solved"),
        (api.call("POST", tries, {**ok, "rating": 3000}, token=ann), 422, "nothing else"),  # never a client's rating
        (api.call("POST", tries, raw=b"{not json", token=ann), 400, "not JSON"),
        (api.call("POST", tries, raw=b"[1]", token=ann), 400, "object"),
        (api.call("POST", tries, raw=b" " * 20_000, token=ann), 413, "too large"),
        (api.call("GET", f"{API}/puzzles/chess", token=ann), 404, "no game"),
        (api.call("GET", f"{API}/puzzles/katana"), 401, "player key"),
        (api.call("GET", f"{API}/puzzles/{'x' * 500}", token=ann), 404, "no game"),
        (api.call("GET", tries, token=ann), 405, "method"),
    ]
    for (status, answer), want, words in cases:
        assert status == want, (answer, want)
        assert isinstance(answer, dict) and words in answer["error"] and "Traceback" not in answer["error"], answer
    assert api.call("GET", f"{API}/puzzles/katana", token=ann)[1]["tried"] == []  # nothing was rated


def loaded(app, value: dict) -> None:
    """The browser's stored value reaching the app, as the page sends it."""
    app.store.text.value = json.dumps(value)


def test_the_app_rates_in_the_class_store_under_serve(tmp_path, monkeypatch):
    from samurai_lab.ui.puzzles import PuzzlesApp

    with api_server(str(tmp_path / "games.sqlite")) as api:
        monkeypatch.setenv("SAMURAI_PLAY_API", api.base + API)
        app = PuzzlesApp(query="game=katana")
        loaded(app, {"streak": 1})
        mine = json.loads(app.store.text.value)["player"]  # a new player key, kept in the browser
        first = app.record
        app._result(False, False, "no")
        standing = api.call("GET", f"{API}/puzzles/katana", token=mine)[1]
        assert standing["tried"] == [first.id] and standing["player"][0] < 1500
        shown = f"this game: {round(standing['player'][0])} "
        assert shown in app.rating.value and f"player={mine}" in app.rating.value
        assert "ratings" not in json.loads(app.store.text.value)  # the browser keeps no rating under serve
        again = PuzzlesApp(query="game=katana")  # the same browser, reloaded
        loaded(again, json.loads(app.store.text.value))
        assert again.record != first and shown in again.rating.value
        elsewhere = PuzzlesApp(query=f"game=katana&player={mine}")  # another device, opened by the link
        loaded(elsewhere, {})
        assert json.loads(elsewhere.store.text.value)["player"] == mine and elsewhere.record != first
        assert "from 1 first try" in elsewhere.rating.value
        bad = PuzzlesApp(query="game=katana&player=x")
        assert bad.feedback.kind == "warning" and "player='x'" in bad.feedback.text
    # the server gone: said under the rating, the try not rated, nothing raised
    app._result(False, False, "no")
    app.next_button.click()
    app._result(False, False, "no")
    assert "samurai-puzzle-unreachable" in app.rating.value and "from 1 first try" in app.rating.value
