"""``samurai-lab bench --play``: people playing each other at human pace through the game service, without a
browser, and the server killed once and started again mid-run.

Each simulated player follows his game's stream of moves (server-sent events) and, when his seat is to move,
waits a human while (3-10 s by default) and sends a random legal move with its ply, as a page does. The run
reports how long an acknowledged move takes to reach the opponent's stream (p50, p95, the worst), the moves
acknowledged, and checks at the end that every acknowledged move is in the store at its ply (none lost
across the kill), and what the server spent: its CPU seconds per game and per move."""

from __future__ import annotations

import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bench_browser import free_port, port_accepts

GAMES = ("katana", "ikizumari")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux ``/proc``), 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class Server:
    """``samurai-lab play-service`` in its own process over one store, which can be killed and restarted."""

    def __init__(self, store: str, port: int) -> None:
        self.store, self.port = store, port
        self.proc: subprocess.Popen | None = None
        self.cpu = 0.0  # spent serving (each start's own CPU, its imports, left out)
        self._started_cpu = 0.0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/samurai/api"

    def start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "samurai_lab.tools.play.server", "--port", str(self.port),
                                      "--store", self.store], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while time.time() < deadline:
            if port_accepts(self.port):
                self._started_cpu = _cpu_seconds(self.proc.pid)
                return
            time.sleep(0.05)
        raise RuntimeError("the game service did not start")

    def stop(self, signum: int = signal.SIGTERM) -> None:
        """Stop the server (``signal.SIGKILL``: kill it, as a machine's crash would), its CPU counted."""
        if self.proc is not None and self.proc.poll() is None:
            self.cpu += _cpu_seconds(self.proc.pid) - self._started_cpu
            self.proc.send_signal(signum)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, None
    except (urllib.error.URLError, OSError, ValueError):
        return 0, None


@dataclass
class Tally:
    """What every player saw, under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    acked: dict[tuple[str, int], tuple[str, float]] = field(default_factory=dict)  # (game, ply) -> (move, when)
    received: dict[tuple[str, int], float] = field(default_factory=dict)  # (game, ply) -> when the opponent saw it
    refusals: dict[int, int] = field(default_factory=dict)
    retries: int = 0


class Player:
    """One person at one seat: follows the game's stream, moves at human pace when it is his turn."""

    def __init__(self, server: Server, game_id: str, token: str, seat: int, tally: Tally, pace: tuple[float, float],
                 until: float, seed: int) -> None:
        self.server, self.game_id, self.token, self.seat = server, game_id, token, seat
        self.tally, self.pace, self.until = tally, pace, until
        self.rng = random.Random(seed)
        self.turn = threading.Event()
        self.done = threading.Event()

    def follow(self) -> None:
        """Read the stream of moves; mark when the opponent's move arrives; reconnect after a failure."""
        since = 0
        while time.time() < self.until and not self.done.is_set():
            req = urllib.request.Request(f"{self.server.base}/games/{self.game_id}/events?since={since}")
            req.add_header("Authorization", f"Bearer {self.token}")
            try:
                with urllib.request.urlopen(req, timeout=20) as stream:
                    self.turn.set()  # (re)connected: look at the position
                    for line in stream:
                        if time.time() >= self.until or self.done.is_set():
                            return
                        if not line.startswith(b"data: "):
                            continue
                        event = json.loads(line[6:])
                        since = max(since, event["ply"] + 1)
                        if event.get("replayed"):
                            continue
                        if event["seat"] != self.seat:
                            with self.tally.lock:
                                self.tally.received.setdefault((self.game_id, event["ply"]), time.time())
                        if event.get("to_move") == self.seat or event.get("outcome"):
                            self.turn.set()
            except (urllib.error.URLError, OSError, ValueError):
                time.sleep(0.2)

    def play(self) -> None:
        while time.time() < self.until and not self.done.is_set():
            if not self.turn.wait(1.0):
                continue
            self.turn.clear()
            status, snap = call(self.server.base, "GET", f"/games/{self.game_id}", token=self.token)
            if status != 200:
                time.sleep(0.3)
                self.turn.set()
                continue
            if snap["outcome"] is not None:
                self.done.set()
                return
            if snap["to_move"] != self.seat:
                continue
            time.sleep(self.rng.uniform(*self.pace))
            move = self.rng.choice(snap["legal"])
            while time.time() < self.until:
                status, answer = call(self.server.base, "POST", f"/games/{self.game_id}/moves",
                                      {"move": move, "ply": snap["ply"]}, token=self.token)
                if status == 200:
                    with self.tally.lock:
                        self.tally.acked[(self.game_id, snap["ply"])] = (move, time.time())
                    if answer["to_move"] == self.seat:
                        self.turn.set()
                    break
                with self.tally.lock:
                    self.tally.refusals[status] = self.tally.refusals.get(status, 0) + 1
                if status == 0:  # the server is away: try again, as a page does
                    self.tally.retries += 1
                    time.sleep(0.3)
                    continue
                self.turn.set()  # a stale ply (the move did land before the kill): look again
                break


def run_bench(players: int = 40, minutes: float = 2.0, pace: tuple[float, float] = (3.0, 10.0),
              kill_at: float | None = 0.5, store: str | None = None, seed: int = 0) -> dict:
    """The figures of one run (see the module's notes); ``kill_at``: the share of the run when the server is
    killed and started again (None: never)."""
    folder = tempfile.mkdtemp(prefix="samurai-bench-play-")
    server = Server(store or str(Path(folder) / "games.sqlite"), free_port())
    server.start()
    tally = Tally()
    seconds = minutes * 60
    start = time.time()
    until = start + seconds
    threads: list[threading.Thread] = []  # each player's follower, then his mover
    games: list[str] = []
    try:
        for g in range(max(1, players // 2)):
            status, made = call(server.base, "POST", "/games", {"game": GAMES[g % len(GAMES)],
                                                                 "seats": ["person", "person"]})
            if status != 201:
                raise RuntimeError(f"the game service refused a new game ({status})")
            games.append(made["id"])
            for seat in made["seats"]:
                p = Player(server, made["id"], seat["token"], seat["seat"], tally, pace, until,
                           seed * 1000 + g * 2 + seat["seat"])
                threads += [threading.Thread(target=run, daemon=True) for run in (p.follow, p.play)]
        for t in threads:
            t.start()
        killed_at = None
        if kill_at is not None:
            time.sleep(max(0.0, start + seconds * kill_at - time.time()))
            server.stop(signal.SIGKILL)
            killed_at = time.time() - start
            server.start()
        for t in threads[1::2]:  # the movers; the followers end with their streams (daemon threads)
            t.join(max(0.1, until + 15 - time.time()))
        lost = []
        for game_id in games:
            stored = None
            for _ in range(50):
                status, stored = call(server.base, "GET", f"/games/{game_id}")
                if status == 200:
                    break
                time.sleep(0.1)
            moves = stored["moves"] if stored else []
            for (gid, ply), (move, _) in tally.acked.items():
                if gid == game_id and (ply >= len(moves) or moves[ply] != move):
                    lost.append({"game": gid, "ply": ply, "move": move})
    finally:
        server.stop()
    latencies = sorted(max(0.0, tally.received[k] - when) * 1000 for k, (_, when) in tally.acked.items()
                       if k in tally.received)
    cpu = server.cpu

    def pct(q: float) -> float | None:
        return round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1) if latencies else None

    return {
        "players": len(games) * 2, "games": len(games), "seconds": round(time.time() - start, 1),
        "pace_s": list(pace), "moves_acknowledged": len(tally.acked), "moves_seen_by_opponent": len(latencies),
        "ack_to_opponent_ms": {"p50": pct(0.5), "p95": pct(0.95), "max": round(latencies[-1], 1) if latencies else None,
                               "mean": round(statistics.fmean(latencies), 1) if latencies else None},
        "acknowledged_moves_lost": len(lost), "lost": lost[:10],
        "server_killed_at_s": None if kill_at is None else round(killed_at or 0.0, 1),
        "retries_while_down": tally.retries, "refusals": {str(k): v for k, v in sorted(tally.refusals.items())},
        "server_cpu_s": round(cpu, 2), "server_cpu_s_per_game": round(cpu / max(1, len(games)), 3),
        "server_cpu_ms_per_move": round(1000 * cpu / max(1, len(tally.acked)), 2),
    }


def report_lines(r: dict) -> list[str]:
    lat = r["ack_to_opponent_ms"]
    return [f"{r['players']} players in {r['games']} games for {r['seconds']} s (a move every {r['pace_s'][0]:g}-"
            f"{r['pace_s'][1]:g} s each); server killed at {r['server_killed_at_s']} s and started again",
            f"  moves acknowledged {r['moves_acknowledged']}, lost {r['acknowledged_moves_lost']}",
            f"  acknowledgement -> opponent's stream: p50 {lat['p50']} ms, p95 {lat['p95']} ms, worst {lat['max']} ms",
            f"  server CPU {r['server_cpu_s']} s: {r['server_cpu_s_per_game']} s per game, "
            f"{r['server_cpu_ms_per_move']} ms per move; refusals {r['refusals']}"]
