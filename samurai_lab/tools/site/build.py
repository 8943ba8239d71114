"""Build the site: JupyterLite with the Voici app over the notebooks, Pyodide and every wheel in it.

``build_site(out)`` runs ``jupyter lite build`` in the build environment (:mod:`.toolchain`) over a
prepared folder (Pyodide's core and the wheels of :mod:`.packages` in ``static/pyodide/``, the kernel's
settings in ``jupyter-lite.json``), then patches each page (:mod:`.page`), Voici's page code and Pyodide's loader (:mod:`.frontend`) and the
service worker (:mod:`.service_worker`), and prunes what no page fetches.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from ...common.resources import notebooks_dir, scenarios_dir, thumbs_dir
from . import page
from .frontend import compress_wasm, patch_voici
from .packages import PACKAGE, write_wheels
from .service_worker import patch_service_worker
from .toolchain import BuildError, build_python, pyodide_core, run

#: The apps' voila template (``samurai``), as ``samurai-lab serve`` uses it (``voila_app.DATA_DIR``).
TEMPLATE_DATA = PACKAGE / "tools" / "voila_data"
#: What the build writes but no page fetches: JupyterLab and the other JupyterLite apps, their icons,
#: source maps, the build's own bookkeeping. (``files/`` and ``api/`` stay: they are the kernel's drive;
#: the scripts' license notices stay.)
PRUNED = ("build", "lab", "notebooks", "tree", "edit", "consoles", "repl", "doc", "voici/tree", ".jupyterlite.doit.db",
          "jupyter_lite_config.json", "package.json", "bootstrap.js", "config-utils.js", "manifest.webmanifest",
          "jupyter-lite.ipynb", "jupyterlite.schema.v0.json", "icon-120x120.png", "icon-512x512.png")
PRUNED_SUFFIXES = (".map",)
PRUNED_EXTENSIONS = ("@voila-dashboards/jupyterlab-preview",)


def lite_config(preload: list[str]) -> dict:
    """``jupyter-lite.json``: the kernel preloads every wheel of the lock and never asks PyPI."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Samurai Lab",
        "litePluginSettings": {page.KERNEL_PLUGIN: {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": preload, "env": {"HOME": page.KERNEL_HOME}},
        }},
    }}


def build_config(out: Path, contents: Path) -> dict:
    """``jupyter_lite_config.json``: only Voici, a page per notebook of ``contents``, the apps' template."""
    return {"LiteBuildConfig": {"apps": ["voici"], "contents": [str(contents)], "output_dir": str(out),
                                "no_sourcemaps": True, "no_unused_shared_packages": True},
            "VoilaConfiguration": {"template": "samurai"}}


def drive_contents(folder: Path, notebooks: Path) -> Path:
    """The files of the site's drive (the kernel's ``/drive``): the notebooks, and the folders where the
    explorer saves positions and studies in the browser (present from the start, so the drive never asks the
    site for a listing it has not got)."""
    folder.mkdir()
    for nb in sorted(notebooks.glob("*.ipynb")):
        shutil.copy2(nb, folder / nb.name)
    saved = folder / Path(page.SAVED_IN_BROWSER).name
    # the explorer's studies go to studies/ (common.study_files.saved_studies_dir)
    for where, what in ((saved, "Positions"), (saved / "studies", "Studies")):
        where.mkdir()
        (where / "README.md").write_text(f"{what} saved by the explorer, kept in this browser.\n",
                                         encoding="utf-8")
    return folder


def prune(out: Path) -> None:
    """Remove from the built site ``out`` what no page fetches (:data:`PRUNED` and the rest above)."""
    for name in PRUNED:
        p = out / name
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            p.unlink()
    for ext in PRUNED_EXTENSIONS:
        shutil.rmtree(out / "extensions" / ext, ignore_errors=True)
    for p in list(out.rglob("*")):
        if p.is_file() and p.name.endswith(PRUNED_SUFFIXES):
            p.unlink()


def build_site(out: Path, log=print) -> Path:
    """Build the site of the package's bundled folders into ``out`` (replaced); returns ``out``."""
    out = Path(out).resolve()
    if out.exists() and any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
        raise BuildError(f"{out} holds files that are not a site built before: choose a new or empty folder")
    t0 = time.monotonic()
    python = build_python(log)
    core = pyodide_core(log)
    kernel_ext = python.parent.parent / "share" / "jupyter" / "labextensions" / page.KERNEL_PLUGIN.split(":")[0]
    with tempfile.TemporaryDirectory(prefix="samurai-site-") as tmp:
        lite = Path(tmp)
        pyodide = lite / "static" / "pyodide"
        pyodide.mkdir(parents=True)
        for f in core.iterdir():
            shutil.copy2(f, pyodide / f.name)
        preload = write_wheels(pyodide, python, core, kernel_ext / "static" / "pypi", notebooks_dir(),
                               scenarios_dir(), thumbs_dir(), log)
        compress_wasm(pyodide)
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(preload), indent=1), encoding="utf-8")
        contents = drive_contents(lite / "contents", notebooks_dir())
        (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config(out, contents), indent=1),
                                                       encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)  # checked above: empty or an earlier site
        env = {**os.environ, "JUPYTER_PATH": str(TEMPLATE_DATA), "JUPYTERLITE_NO_LIBARCHIVE": "1"}
        log("Building the site (jupyter lite build) ...")
        run([str(python), "-m", "jupyter", "lite", "build", "--lite-dir", str(lite)], "jupyter lite build",
            cwd=lite, env=env)
    if not (out / "voici" / "render").is_dir():
        raise BuildError(f"the build wrote no pages into {out / 'voici' / 'render'}")
    page.patch_pages(out)
    page.share_styles(out)
    patch_voici(out)
    patch_service_worker(out)
    prune(out)
    page.write_entry_pages(out)
    log(f"Site built in {time.monotonic() - t0:.0f} s: {out}")
    return out
