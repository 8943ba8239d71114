"""The built site's static server: a page that goes away in the middle of a file (closed, reloaded) costs
no traceback, and the next page is served."""

from __future__ import annotations

import socket
import struct
import time
import urllib.request
from pathlib import Path

import pytest

from samurai_lab.tools.site.static_server import StaticSite


def test_a_page_gone_mid_file_prints_nothing_and_the_next_is_served(tmp_path: Path,
                                                                    capfd: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "big.wasm").write_bytes(b"\0" * (32 << 20))
    (tmp_path / "index.html").write_text("<p>here</p>")
    with StaticSite(tmp_path) as site:
        host, port = site.server.server_address[:2]
        with socket.create_connection((host, port)) as s:
            s.sendall(b"GET /samurai/big.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            s.recv(65536)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, not a clean close
        deadline = time.monotonic() + 10
        while "/samurai/big.wasm" not in site.sent and time.monotonic() < deadline:
            time.sleep(0.05)
        with urllib.request.urlopen(site.url + "index.html", timeout=10) as reply:
            assert reply.read() == b"<p>here</p>"
        err = capfd.readouterr().err
        assert "Traceback" not in err and "Error" not in err, err
        assert 0 < site.sent["/samurai/big.wasm"] < 32 << 20  # what was sent before the page went, counted
