"""``samurai-lab serve`` as users run it, over one games store in a temporary folder, for the tests of playing
with others and of the class's puzzle ratings (one server for both: the ``serve`` fixture of ``conftest.py``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from samurai_lab.tools.bench_browser import free_port

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / ".artifacts"
TIMEOUT = 90.0


class Serve:
    """``samurai-lab serve`` over one store in a temporary folder; killed and started again at will."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.store = str(folder / "games.sqlite")
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(self.folder / "data")}
        log = open(ARTIFACTS / "serve-play.log", "ab")
        self.proc = subprocess.Popen([sys.executable, "-m", "samurai_lab.tools.cli", "serve", "--no-browser",
                                      "--port", str(self.port), "--store", self.store], cwd=self.folder, env=env,
                                     stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}/samurai/api/games/none", timeout=2)
            except urllib.error.HTTPError as e:
                if e.code == 404:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise AssertionError("samurai-lab serve did not start")

    def _all_pids(self) -> list[int]:
        """serve, voila and the kernels below them."""
        out, todo = [], [self.proc.pid] if self.proc else []
        while todo:
            pid = todo.pop()
            out.append(pid)
            for task in Path(f"/proc/{pid}/task").glob("*/children"):
                todo += [int(c) for c in task.read_text().split()]
        return out

    def kill(self) -> None:
        """SIGKILL every process of the server at once, as a power cut would."""
        for pid in self._all_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        req = urllib.request.Request(f"{self.url}/samurai/api{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())
