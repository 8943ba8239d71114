"""The game service's HTTP API, on SQLite and on a real PostgreSQL: a game created and played, and
every refusal (no token, a wrong token, not your turn, a stale ply, an illegal move, a finished game,
malformed and oversized bodies, a flood) answered in words with its status."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from api_server import api_server
from games import register_test_games

pytestmark = pytest.mark.server  # the game service, on SQLite and on a PostgreSQL server

API = "/samurai/api"


@pytest.fixture
def api(store_url):
    with api_server(store_url) as client:
        yield client


def katana(api, seats=("person", "person"), **extra):
    status, made = api.call("POST", f"{API}/games", {"game": "katana", "seats": list(seats), **extra})
    assert status == 201, made
    return made, [s.get("token") for s in made["seats"]]


def test_a_game_is_created_played_and_seen_by_each_seat(api):
    made, (black, red) = katana(api)
    assert made["watch"].endswith(made["id"]) and all(len(t) >= 20 for t in (black, red))
    status, view = api.call("GET", f"{API}/games/{made['id']}", token=black)
    assert status == 200 and view["to_move"] == 0 and view["ply"] == 0 and view["legal"]
    status, after = api.call("POST", f"{API}/games/{made['id']}/moves", {"move": view["legal"][0], "ply": 0},
                             token=black)
    assert status == 200 and after["ply"] == 1 and after["moves"] == [view["legal"][0]] and after["legal"] == []
    status, public = api.call("GET", f"{API}/games/{made['id']}")
    assert status == 200 and public["seat"] is None and public["legal"] == [] and public["moves"] == after["moves"]
    status, red_view = api.call("GET", f"{API}/games/{made['id']}", token=red)
    assert red_view["to_move"] == 1 and red_view["legal"]


def test_every_refusal_says_why_with_its_status(api):
    made, (black, red) = katana(api)
    gid = made["id"]
    moves = f"{API}/games/{gid}/moves"
    first = api.call("GET", f"{API}/games/{gid}", token=black)[1]["legal"][0]
    cases = [
        (api.call("POST", moves, {"move": first, "ply": 0}), 401, "only a seat"),
        (api.call("POST", moves, {"move": first, "ply": 0}, token="x" * 24), 403, "not one of this game's seats"),
        (api.call("POST", moves, {"move": first, "ply": 0}, token=red), 409, "not your turn"),
        (api.call("POST", moves, {"move": first, "ply": 3}, token=black), 409, "moved on"),
        (api.call("POST", moves, {"move": "a7-a1", "ply": 0}, token=black), 422, ""),
        (api.call("POST", moves, {"move": "e5-e6", "ply": 0}, token=black), 422, ""),
        (api.call("POST", moves, {"move": 5, "ply": 0}, token=black), 422, "text"),
        (api.call("POST", moves, {"move": first, "ply": "0"}, token=black), 422, "ply"),
        (api.call("POST", moves, raw=b"{not json", token=black), 400, "not JSON"),
        (api.call("POST", moves, raw=b"[1]", token=black), 400, "object"),
        (api.call("POST", moves, {"move": "x" * 500, "ply": 0}, token=black), 422, "too long"),
        (api.call("POST", moves, raw=b" " * 20_000, token=black), 413, "too large"),
        (api.call("GET", f"{API}/games/nosuchgame"), 404, "no such game"),
        (api.call("GET", f"{API}/games/{gid}", headers={"Authorization": "Basic abc"}), 401, "Bearer"),
        (api.call("POST", f"{API}/games", {"game": "chess"}), 422, "choose the game"),
        (api.call("POST", f"{API}/games", {"game": "katana", "seats": ["person"]}), 422, "played by 2"),
        (api.call("POST", f"{API}/games", {"game": "katana", "seats": ["person", "bot:genius"]}), 422, "seat 2"),
        (api.call("POST", f"{API}/games", {"game": "katana", "seats": ["person", "person"],
                                           "rulings": {"K99": "x"}}), 422, "K99"),
        (api.call("POST", f"{API}/games", {"game": "katana", "seats": ["person", "person"],
                                           "position": "nonsense"}), 422, ""),
    ]
    for (status, answer), want, words in cases:
        assert status == want, (answer, want)
        assert isinstance(answer, dict) and answer["error"].strip() and words in answer["error"], answer
        assert "Traceback" not in answer["error"]


def test_a_finished_game_cannot_change(api):
    register_test_games()
    status, made = api.call("POST", f"{API}/games", {"game": "tictactoe", "seats": ["person", "person"],
                                                     "position": "xx.oo.... x"})
    assert status == 201, made
    x, o = (s["token"] for s in made["seats"])
    status, won = api.call("POST", f"{API}/games/{made['id']}/moves", {"move": "c1", "ply": 0}, token=x)
    assert status == 200 and won["outcome"]["winner"] == 0 and won["to_move"] is None
    status, answer = api.call("POST", f"{API}/games/{made['id']}/moves", {"move": "c2", "ply": 1}, token=o)
    assert status == 409 and "over" in answer["error"]
    status, made = api.call("POST", f"{API}/games", {"game": "tictactoe", "seats": ["person", "person"],
                                                     "position": "xxxoo.... o"})
    assert status == 422 and "end of the game" in made["error"]


def test_a_bot_seat_plays_on_the_server(api):
    made, (person, _) = katana(api, seats=("person", "bot:random"))
    view = api.call("GET", f"{API}/games/{made['id']}", token=person)[1]
    api.call("POST", f"{API}/games/{made['id']}/moves", {"move": view["legal"][0], "ply": 0}, token=person)
    deadline = time.time() + 10
    while time.time() < deadline and api.call("GET", f"{API}/games/{made['id']}")[1]["ply"] < 2:
        time.sleep(0.05)
    assert api.call("GET", f"{API}/games/{made['id']}", token=person)[1]["to_move"] == 0


def knizia_hands_chosen(api, last_for_seat_1: bool) -> tuple[list, list]:
    """A three-player game whose hands are chosen (seat 1 takes the first or the last tile offered each
    time): its id and every seat's answer afterwards."""
    status, made = api.call("POST", f"{API}/games", {"game": "knizia", "seats": ["person"] * 3})
    assert status == 201
    tokens = [s["token"] for s in made["seats"]]
    for _ in range(15):
        view = api.call("GET", f"{API}/games/{made['id']}")[1]
        seat = view["to_move"]
        mine = api.call("GET", f"{API}/games/{made['id']}", token=tokens[seat])[1]
        move = mine["legal"][-1 if seat == 1 and last_for_seat_1 else 0]
        assert api.call("POST", f"{API}/games/{made['id']}/moves", {"move": move, "ply": mine["ply"]},
                        token=tokens[seat])[0] == 200
    answers = [api.call("GET", f"{API}/games/{made['id']}", token=t)[1] for t in tokens]
    return answers, [{k: v for k, v in a.items() if k != "id"} for a in answers]


def test_knizia_seats_never_receive_the_others_hands(api):
    answers, one_way = knizia_hands_chosen(api, last_for_seat_1=False)
    _, other_way = knizia_hands_chosen(api, last_for_seat_1=True)
    assert all(len(a["hand"]) == 5 for a in answers)
    assert one_way[1]["hand"] != other_way[1]["hand"]  # seat 1 chose another hand ...
    assert one_way[0] == other_way[0] and one_way[2] == other_way[2]  # ... and nobody else can tell
    assert answers[0]["moves"][5:10] == ["pick"] * 5 and answers[1]["moves"][5:10] != ["pick"] * 5
    public = answers[0]["position"]
    assert public.endswith(" @0")


def test_events_stream_each_move_to_followers(api):
    made, (black, red) = katana(api)
    gid = made["id"]
    got: list[dict] = []

    def follow() -> None:
        with urllib.request.urlopen(f"{api.base}{API}/games/{gid}/events?token={red}", timeout=10) as r:
            for line in r:
                if line.startswith(b"data: "):
                    got.append(json.loads(line[6:]))
                    return

    t = threading.Thread(target=follow)
    t.start()
    time.sleep(0.3)
    move = api.call("GET", f"{API}/games/{gid}", token=black)[1]["legal"][0]
    sent = time.time()
    api.call("POST", f"{API}/games/{gid}/moves", {"move": move, "ply": 0}, token=black)
    t.join(10)
    assert got and got[0]["move"] == move and got[0]["to_move"] == 1 and got[0]["legal"]
    assert time.time() - sent < 5


def test_a_flood_is_slowed_and_other_games_go_on(api):
    made, (black, _) = katana(api)
    other, (other_black, _) = katana(api)
    statuses = [api.call("POST", f"{API}/games/{made['id']}/moves", {"move": "zz", "ply": 0}, token=black)[0]
                for _ in range(40)]
    assert 429 in statuses and set(statuses) <= {422, 429}
    move = api.call("GET", f"{API}/games/{other['id']}", token=other_black)[1]["legal"][0]
    assert api.call("POST", f"{API}/games/{other['id']}/moves", {"move": move, "ply": 0}, token=other_black)[0] == 200
    time.sleep(1.0)
    status, _ = api.call("GET", f"{API}/games/{made['id']}", token=black)
    assert status == 200


def test_the_games_of_a_device_mark_its_turn(api):
    made, (black, red) = katana(api)
    status, mine = api.call("POST", f"{API}/mine", {"tokens": [black, red, "unknown"]})
    assert status == 200
    turns = {g["seat"]: g["your_turn"] for g in mine["games"]}
    assert turns == {0: True, 1: False}
    assert api.call("POST", f"{API}/mine", {"tokens": "x"})[0] == 422


def test_acknowledged_moves_survive_a_restart(store_url):
    with api_server(store_url) as api:
        made, (black, red) = katana(api)
        move = api.call("GET", f"{API}/games/{made['id']}", token=black)[1]["legal"][0]
        assert api.call("POST", f"{API}/games/{made['id']}/moves", {"move": move, "ply": 0}, token=black)[0] == 200
    with api_server(store_url) as again:
        view = again.call("GET", f"{API}/games/{made['id']}", token=red)[1]
        assert view["moves"] == [move] and view["to_move"] == 1


def test_a_seat_holds_a_few_event_streams_and_no_more(api):
    from samurai_lab.tools.play.api import MAX_STREAMS_PER_SEAT

    made, (black, red) = katana(api)
    url = f"{api.base}{API}/games/{made['id']}/events"
    opened = []
    for _ in range(MAX_STREAMS_PER_SEAT):
        req = urllib.request.Request(url, headers={"Authorization": f"Bearer {black}"})
        opened.append(urllib.request.urlopen(req, timeout=10))
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": f"Bearer {black}"}),
                                   timeout=10)
        assert refused.value.code == 429
        other = urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": f"Bearer {red}"}),
                                       timeout=10)  # another seat on the same address still follows the game
        other.close()
    finally:
        for stream in opened:
            stream.close()
