"""The game store on both of its databases: SQLite in a temporary folder, and a real PostgreSQL server
started once for the session."""

from __future__ import annotations

import uuid
from typing import Iterator

import pytest

from samurai_lab.tools.play.store import Store

from postgres_server import postgres_server


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path) -> str:
    """A new, empty store: a SQLite file, or a fresh database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite")
    import psycopg

    base = request.getfixturevalue("postgres_url")
    name = "t" + uuid.uuid4().hex[:12]
    with psycopg.connect(base, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def store(store_url) -> Iterator[Store]:
    s = Store.open(store_url)
    yield s
    s.close()
