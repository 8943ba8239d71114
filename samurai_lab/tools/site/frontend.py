"""Patches of the built front end: what Voici 0.10 does at every page start that warns in the console,
and Pyodide's WebAssembly shipped compressed.

Voici's page code (``voici/build/*.js``, the chunk that says "Starting up kernel...") does two things that
each print a warning on every page, both fixed where Voici does them:

* It reads the notebook into a ``NotebookModel`` made with JupyterLab's default, one undo history per
  cell: each cell's history is made before the cell is in the notebook's shared document, which Yjs
  reports as ``[yjs#509] Not same Y.Doc``. A page never edits its notebook, so the model is made with the
  one history of the whole document (``disableDocumentWideUndoRedo: false``): no cell gets its own.
* It makes the widget manager as soon as the kernel's connection opens, and the manager at once asks the
  kernel for the widgets it already holds (the ``jupyter.widget.control`` comm) and gives up after 4 s
  ("Control comm did not respond in time"): the kernel is still loading Pyodide then, and it is a new
  kernel, which holds no widget. The page's manager skips that question (it has nothing to restore).

Pyodide's ``pyodide.asm.wasm`` (8.6 MB) is shipped gzipped (2.8 MB) and its loader (``pyodide.js``)
unpacks it as it arrives (the browser's ``DecompressionStream``), still compiling while it downloads, and
keeps it unpacked in the browser's Cache Storage for the next pages (``web/wasm_loader.js``).
Each patch names the exact text of the version it knows; another version fails the build, saying where.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Callable

from ...ui.web_files import web_file
from .toolchain import PYODIDE_VERSION, BuildError

#: Voici's page code: the chunk that starts the kernel and runs the notebook.
VOICI_APP_MARK = "Starting up kernel..."
NOTEBOOK_MODEL = re.compile(r"new (\w+)\.NotebookModel;(\w+)\.fromString\(")
NOTEBOOK_MODEL_FIX = r"new \1.NotebookModel({disableDocumentWideUndoRedo:!1});\2.fromString("
WIDGET_MANAGER = re.compile(r"new (\w+)\.KernelWidgetManager\((\w+),(\w+)\)")
WIDGET_MANAGER_FIX = (r"new(class extends \1.KernelWidgetManager{restoreWidgets(){return this._restoredStatus=!0,"
                      r"this._restored.emit(),Promise.resolve()}})(\2,\3)")

WASM = "pyodide.asm.wasm"
#: In Pyodide 0.29's ``pyodide.js``: the WebAssembly fetched as it is.
WASM_FETCH = re.compile(r'let\{binary:(\w+),response:(\w+)\}=\w+\((\w+)\+"pyodide\.asm\.wasm"\)')
#: The loader's WebAssembly (``web/wasm_loader.js``) is unpacked from its gzip as it arrives, and kept unpacked
#: in the browser's Cache Storage of this name (where there is one: a secure origin), from which later pages
#: take it: the browser keeps a compiled copy of a WebAssembly it took from there, as it does of one from its
#: HTTP cache, and compiles it no more.
WASM_CACHE = f"samurai-lab-pyodide-{PYODIDE_VERSION}"


def patch_once(text: str, pattern: re.Pattern[str], fix: str | Callable[[re.Match[str]], str], where: Path) -> str:
    """``text`` with the one match of ``pattern`` replaced by ``fix``; no match or several fail the build."""
    new, n = pattern.subn(fix, text)
    if n != 1:
        raise BuildError(f"{where} is not the front end this build knows ({pattern.pattern!r} found {n} times): "
                         "see samurai_lab/tools/site/frontend.py")
    return new


def patch_voici(out: Path) -> list[Path]:
    """Patch Voici's page code in the built site ``out``; returns the files patched."""
    found = [p for p in sorted((out / "voici" / "build").glob("*.js")) if VOICI_APP_MARK in p.read_text("utf-8")]
    if not found:
        raise BuildError(f"no chunk of {out / 'voici' / 'build'} starts the kernel: "
                         "see samurai_lab/tools/site/frontend.py")
    for p in found:
        text = patch_once(p.read_text("utf-8"), NOTEBOOK_MODEL, NOTEBOOK_MODEL_FIX, p)
        p.write_text(patch_once(text, WIDGET_MANAGER, WIDGET_MANAGER_FIX, p), encoding="utf-8")
    return found


def wasm_fetch_fix(found: re.Match[str]) -> str:
    """The loader's WebAssembly fetch (:data:`WASM_FETCH`) made ``web/wasm_loader.js``, on one line, its ``INDEX``
    the loader's own (the folder of Pyodide's files) and its ``CACHE`` :data:`WASM_CACHE`."""
    binary, response, index = found.groups()
    loader = web_file(__package__, "wasm_loader.js").strip().replace("\n", "")
    loader = loader.replace("INDEX", index).replace("CACHE", json.dumps(WASM_CACHE))
    return f"let{{binary:{binary},response:{response}}}={{response:{loader}}}"


def compress_wasm(pyodide: Path) -> Path:
    """Replace ``pyodide.asm.wasm`` in Pyodide's folder by its gzip and make ``pyodide.js`` unpack it."""
    loader = pyodide / "pyodide.js"
    loader.write_text(patch_once(loader.read_text("utf-8"), WASM_FETCH, wasm_fetch_fix, loader), encoding="utf-8")
    wasm = pyodide / WASM
    packed = pyodide / f"{WASM}.gz"
    with open(packed, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as z:
        z.write(wasm.read_bytes())
    wasm.unlink()
    return packed
