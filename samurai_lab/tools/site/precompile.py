"""Bytecode for the browser's Python, compiled at build time by Pyodide itself (in Node).

A page's Python would otherwise compile every module it imports (IPython, ipywidgets, networkx,
samurai_lab, and the 300 modules of the standard library they use) from source, at every page load: in
WebAssembly that is most of a page's start. The build runs Pyodide 0.29 (CPython 3.13, the very
interpreter of the pages) in Node (``web/compile.js``) over the site's wheels and replaces each module's
source by its bytecode, ``module.pyc`` where ``module.py`` was (Python imports such a file without its
source), unchecked hash-based, so pages import compiled code and fetch no source: a traceback shows no
source lines, which the apps never show (their errors are their own messages), and the wheels are 2 MB
smaller. The standard library (``python_stdlib.zip``, sources only as npm ships it) is replaced by its
bytecode alone (``*.pyc`` in the zip, where ``zipimport`` looks first): with its sources too it would be
4 MB larger.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from ...ui.web_files import web_file
from .toolchain import BuildError, run

#: Runs inside Pyodide (started in Node by ``web/compile.js``): rewrite each wheel of /site with the bytecode of
#: its modules.
COMPILE_PY = r'''
import io, py_compile, sys, zipfile
from pathlib import Path
SITE_PACKAGES = "/lib/python3.13/site-packages/"


def bytecode(data, dfile):
    """The bytecode of the module source ``data`` (``dfile`` its path in tracebacks); None if it does not compile."""
    Path("/tmp/compile.py").write_bytes(data)
    try:
        py_compile.compile("/tmp/compile.py", cfile="/tmp/compile.pyc", dfile=dfile, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError:
        return None
    return Path("/tmp/compile.pyc").read_bytes()


def rewrite(path, in_page, date=None):
    """Replace each module of the zip ``path`` (``in_page`` its folder in the page) by its bytecode, dated ``date``
    (else as its source)."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            name = info.filename
            module = name.endswith(".py") and ".dist-info/" not in name
            code = bytecode(data, in_page + name) if module else None
            if code is not None:  # else not a module, or left to the page as source (it would fail there too)
                info, data = zipfile.ZipInfo(name + "c", date or info.date_time), code
            dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    path.write_bytes(out.getvalue())


wheels = [whl for whl in sorted(Path("/site").glob("*.whl")) if whl.name not in SKIP]
for whl in wheels:
    rewrite(whl, SITE_PACKAGES, (2020, 2, 2, 0, 0, 0))
print(f"compiled {len(wheels)} wheels")
rewrite(Path("/site/python_stdlib.zip"), "/lib/python313.zip/")
print("compiled the standard library")
'''


def precompile_wheels(folder: Path, core: Path, skip: list[str], log=print) -> None:
    """Add bytecode to every wheel in ``folder`` (Pyodide's folder of the site, with its lock) but ``skip``,
    and replace its ``python_stdlib.zip`` (a copy of ``core``'s) by the standard library's bytecode."""
    import os

    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to compile the browser's Python modules (it comes with npm)")
    log("Compiling the browser's Python modules with Pyodide (in Node) ...")
    with tempfile.TemporaryDirectory(prefix="samurai-pyc-") as tmp:
        script = Path(tmp) / "compile.mjs"
        script.write_text(web_file(__package__, "compile.js"), encoding="utf-8")
        run([node, str(script), str(core.resolve()), str(folder.resolve()), json.dumps(skip)],
            "compiling the browser's Python modules", env={**os.environ, "SAMURAI_COMPILE_PY": COMPILE_PY})
