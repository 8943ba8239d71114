"""The script every page runs first, and the pages' patches.

Voici gives the kernel (a web worker) no query string, no page address and no ``Accept-Language``, and
writes pages for the site root ``/``. Each page's configuration (``<script id="jupyter-config-data">``)
is read by the front end only after the page's own scripts start, so a small script placed right after
it (``web/bridge.js``) rewrites it first:

* ``baseUrl`` and every address in it become relative to where the site really is (any sub-path);
* the Pyodide kernel's environment gets ``QUERY_STRING`` (the page's address options, read by
  ``samurai_lab.ui.query`` exactly as under voila) and ``HTTP_ACCEPT_LANGUAGE`` (the browser's
  languages, read by ``samurai_lab.ui.language``), ``HOME``, and ``SAMURAI_SAVED_DIR``: saved positions
  go to the browser's own storage for the site (:data:`SAVED_IN_BROWSER`).

The pages' long style sheets, the same in every page, go to shared files (:func:`share_styles`).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from ...common.resources import SAVED_DIR_ENV
from ...ui.web_files import call_script
from .packages import SITE_PACKAGES

#: The kernel's home: the bundled notebooks' folder (the kernel then works in the browser's file store,
#: ``/drive``, which holds the notebooks too).
KERNEL_HOME = f"{SITE_PACKAGES}/samurai_lab/bundled/notebooks"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Where the explorer saves positions: the browser's own storage for the site (JupyterLite's drive, which
#: the site's service worker mounts at ``/drive``), kept on that computer until its site data is cleared.
SAVED_IN_BROWSER = "/drive/saved"
CONFIG_TAG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)
#: The Pyodide kernel's name (the notebooks name ``python3``, voila's).
KERNEL_NAME = "python"
MAIN_SCRIPT = re.compile(r'<script src="/voici/build/voici\.js"></script>')

#: Runs before the front end reads its configuration (the page is ``<root>voici/render/<name>.html``):
#: ``web/bridge.js``.
BRIDGE_JS = "<script>\n%s\n</script>\n" % call_script(__package__, "bridge.js", {
    "plugin": KERNEL_PLUGIN, "home": KERNEL_HOME, "saved_env": SAVED_DIR_ENV, "saved": SAVED_IN_BROWSER})


def patch_page(html: str) -> str:
    """The page with its configuration patched (the notebook on the Pyodide kernel), the bridge script after
    it, its main script found from any sub-path."""
    found = CONFIG_TAG.search(html)
    if not found:
        raise ValueError("a Voici page without its jupyter-config-data")
    config = json.loads(found.group(2))
    spec = config.get("notebookSrc", {}).get("metadata", {}).get("kernelspec")
    if isinstance(spec, dict):
        spec.update(name=KERNEL_NAME, display_name="Python (Pyodide)")
    text = json.dumps(config).replace("</", "<\\/")
    html = html[:found.start()] + found.group(1) + text + found.group(3) + BRIDGE_JS + html[found.end():]
    return MAIN_SCRIPT.sub('<script src="../build/voici.js"></script>', html)


def patch_pages(out: Path) -> list[Path]:
    """Patch every page of the built site ``out``."""
    pages = sorted((out / "voici" / "render").glob("*.html"))
    for p in pages:
        p.write_text(patch_page(p.read_text(encoding="utf-8")), encoding="utf-8")
    return pages


#: A page's style sheets at least this long go to files every page shares (``voici/styles/<digest>.css``):
#: the template writes JupyterLab's 240 KB of CSS into every page, which a visitor would fetch again with
#: each app. (They hold no relative ``url(...)``: their pictures are ``data:`` addresses.)
SHARED_STYLE_CHARS = 2000
STYLE_TAG = re.compile(r'<style type="text/css">(.*?)</style>', re.S)


def share_styles(out: Path) -> list[Path]:
    """Move every page's long style sheets (:data:`SHARED_STYLE_CHARS`) to shared files, linked in their
    place; returns the files written (one per distinct sheet)."""
    folder = out / "voici" / "styles"
    written: dict[str, Path] = {}

    def linked(found: re.Match[str]) -> str:
        css = found.group(1)
        if len(css) < SHARED_STYLE_CHARS or re.search(r"url\(\s*['\"]?(?!data:)", css):
            return found.group(0)
        name = hashlib.sha256(css.encode("utf-8")).hexdigest()[:16] + ".css"
        if name not in written:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(css, encoding="utf-8")
            written[name] = folder / name
        return f'<link rel="stylesheet" type="text/css" href="../styles/{name}">'

    for p in sorted((out / "voici" / "render").glob("*.html")):
        p.write_text(STYLE_TAG.sub(linked, p.read_text(encoding="utf-8")), encoding="utf-8")
    return sorted(written.values())


def redirect_page(target: str) -> str:
    """A page that opens ``target`` (relative), keeping the address's options."""
    return (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>samurai_lab</title>'
            f'<meta http-equiv="refresh" content="0; url={target}">'
            f'<script>location.replace("{target}" + location.search + location.hash);</script>'
            f'</head><body><a href="{target}">samurai_lab</a></body></html>\n')


def write_entry_pages(out: Path) -> None:
    """The site's root and ``voici/`` open the landing page."""
    (out / "index.html").write_text(redirect_page("voici/render/index.html"), encoding="utf-8")
    (out / "voici" / "index.html").write_text(redirect_page("render/index.html"), encoding="utf-8")
