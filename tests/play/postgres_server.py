"""A real PostgreSQL server for the tests: Debian's ``postgresql`` package, a cluster in a temporary
folder, listening on a free loopback port and a socket in that folder, stopped at the end."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's programs, or None."""
    return next((d for d in BIN_DIRS if (d / "initdb").exists() and (d / "pg_ctl").exists()), None)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as the ``postgres`` user then."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running server; yields its URL (database ``postgres``)."""
    bin_dir = postgres_bin()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: apt-get install -y postgresql (make test does it as root)")
    folder = Path(tempfile.mkdtemp(prefix="samurai-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = _free_port()
    log = folder / "server.log"
    subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-U", "samurai", "--auth=trust",
                                 "-E", "UTF8", "--no-sync"]), check=True, capture_output=True)
    subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60",
                                 "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off",
                                 "start"]), check=True, capture_output=True)
    try:
        url = f"postgresql://samurai@127.0.0.1:{port}/postgres"
        deadline = time.time() + 30
        while time.time() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield url
    finally:
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
