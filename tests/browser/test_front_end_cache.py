"""The extensions' scripts a page loads (``voila/labextensions``) are kept by the browser when their address
names their content (``voila_app.VersionedFiles``): a second page asks the server for none of them. A file
whose address does not name its content is checked with the server at every page, as voila does."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.request import urlopen

from voila.utils import get_voila_labextensions_path

from samurai_lab.tools.voila_app import _HASHED_NAME

EXTENSION = "ipycanvas"


def cache_control(url: str) -> str:
    with urlopen(url, timeout=30) as response:
        return response.headers.get("Cache-Control", "")


def hashed_script() -> Path:
    """A script of the extension whose name is the hash of its content."""
    for root in map(Path, get_voila_labextensions_path()):
        found = sorted(p for p in (root / EXTENSION / "static").glob("*.js") if _HASHED_NAME.search(p.name))
        if found:
            return found[0]
    raise AssertionError(f"no script of {EXTENSION} with a hashed name")


def test_scripts_named_by_their_content_are_kept_and_the_others_checked(voila_url: str) -> None:
    script = hashed_script()
    content = re.search(r"\.([0-9a-f]{20})\.js$", script.name).group(1)
    base = f"{voila_url.rstrip('/')}/voila/labextensions/{EXTENSION}"
    for address in (f"{base}/static/{script.name}?v={content}", f"{base}/static/{script.name}"):
        kept = cache_control(address)
        assert "immutable" in kept and "max-age=" in kept and "no-cache" not in kept, (address, kept)
    assert cache_control(f"{base}/package.json") == "no-cache"
