"""A served table under test: a store in a temporary folder holding the example games, and the
server's aiohttp application on a loopback test server (127.0.0.1 only)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from companion.serve.server import Table
from companion.store import Store


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def served(db: Path) -> AsyncIterator[tuple[Table, TestClient[Any, Any]]]:
    Store.open(db).close()
    table = Table(db)
    server = TestServer(table.make_app(), host="127.0.0.1")
    client = TestClient(server)
    await client.start_server()
    try:
        yield table, client
    finally:
        await client.close()
        table.close()
