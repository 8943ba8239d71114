"""The wheels the browser's Python loads, and the ``pyodide-lock.json`` that names them.

Every wheel is in the site (none from a CDN or PyPI at run time): the kernel's own (pure Python, from
PyPI at the versions of Pyodide's lock, and pyodide-kernel's two from its extension), the apps'
(ipywidgets, ipycanvas, tqdm, tomli-w), samurai_lab itself (with its bundled notebooks, scenario files and
thumbnails), and the stand-ins of ``pyodide_shims/``: numpy and Pillow, which have no WebAssembly wheel on
PyPI or npm, networkx, of which the engines use only the graph that holds a board (the real one is 2.8 MB
of wheel and a second of imports in every page), and piplite, the kernel's installer, which a site that installs nothing does without
(with it go micropip and packaging). The kernel preloads them all at once from the lock (nothing is
installed one by one through piplite).

Wheels are pruned of what no page uses: tests, the JupyterLab / notebook extensions (the site has the
front ends already), type stubs, translation sources (the compiled catalogs stay).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ...common.puzzle_file import puzzles_dir
from ...common.study_files import studies_dir
from .precompile import precompile_wheels
from .toolchain import PYODIDE_VERSION, BuildError, cache_dir, run

#: Where Pyodide installs wheels (``install_dir: site``).
SITE_PACKAGES = "/lib/python3.13/site-packages"
#: Pyodide 0.29's Python, for ``pip download``.
PYODIDE_PYTHON = "3.13"
PACKAGE = Path(__file__).resolve().parents[2]  # samurai_lab/, in a checkout or installed
REPO = PACKAGE.parent  # the folder holding the package (archive paths are relative to it)
SHIMS = Path(__file__).resolve().parent / "pyodide_shims"


@dataclass(frozen=True)
class Wheel:
    """A package of the browser's Python: its name in the lock, PyPI version, modules, dependencies."""

    name: str
    version: str
    imports: tuple[str, ...]
    depends: tuple[str, ...] = ()


#: From PyPI, at the versions of Pyodide's own lock where it has them (depends as Pyodide's lock says,
#: without sqlite3, numpy and matplotlib, which the apps never reach).
PYPI_WHEELS: tuple[Wheel, ...] = (
    Wheel("comm", "0.2.3", ("comm",), ("traitlets",)),
    Wheel("traitlets", "5.14.3", ("traitlets",)),
    Wheel("ipython", "9.0.2", ("IPython",), ("asttokens", "decorator", "executing", "matplotlib-inline",
                                             "pure-eval", "pygments", "six", "stack-data", "traitlets",
                                             "ipython-pygments-lexers")),
    Wheel("ipython-pygments-lexers", "1.1.1", ("ipython_pygments_lexers",), ("pygments",)),
    Wheel("asttokens", "3.0.0", ("asttokens",), ("six",)),
    Wheel("decorator", "5.2.1", ("decorator",)),
    Wheel("executing", "2.2.0", ("executing",)),
    Wheel("matplotlib-inline", "0.1.7", ("matplotlib_inline",), ("traitlets",)),
    Wheel("pure-eval", "0.2.3", ("pure_eval",)),
    Wheel("pygments", "2.19.1", ("pygments",)),
    Wheel("six", "1.17.0", ("six",)),
    Wheel("stack-data", "0.6.3", ("stack_data",), ("executing", "asttokens", "pure-eval")),
    Wheel("ipywidgets", "8.1.9", ("ipywidgets",), ("comm", "ipython", "traitlets")),
    Wheel("ipycanvas", "0.14.3", ("ipycanvas",), ("ipywidgets", "numpy", "pillow")),
    Wheel("tqdm", "4.67.1", ("tqdm",)),
    Wheel("tomli-w", "1.2.0", ("tomli_w",)),
)
#: pyodide-kernel's own wheels, shipped in its JupyterLab extension (ipykernel is its stand-in).
KERNEL_WHEELS: tuple[Wheel, ...] = (
    Wheel("ipykernel", "6.9.2", ("ipykernel",), ("comm",)),
    Wheel("pyodide-kernel", "0.7.0", ("pyodide_kernel",), ("ipykernel", "comm", "ipython", "jedi", "piplite")),
)
#: The stand-ins (``pyodide_shims/``) and the apps.
SHIM_WHEELS: tuple[Wheel, ...] = (
    Wheel("networkx", "0.0.0", ("networkx",)),
    Wheel("numpy", "0.0.0", ("numpy",)),
    Wheel("pillow", "0.0.0", ("PIL",)),
    Wheel("piplite", "0.0.0", ("piplite",)),
)
#: Files a stand-in's wheel installs outside site-packages (under ``sys.prefix``, as a wheel's ``.data``):
#: IPython's configuration for the kernel, which keeps the working folder (the browser's file store) out of
#: the import path (see ``pyodide_shims/piplite/piplite.py``).
SHIM_DATA: dict[str, dict[str, str]] = {
    "piplite": {"etc/ipython/ipython_config.json": json.dumps({"InteractiveShellApp": {"ignore_cwd": True}})}}
APP_WHEEL = Wheel("samurai-lab", "0.1.0", ("samurai_lab",), ("networkx", "ipywidgets", "ipycanvas", "tqdm",
                                                                "tomli-w"))
#: Names the pyodide kernel checks before it would install them one by one.
KERNEL_PRELOAD = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "pyodide-kernel",
                  "jedi", "ipython")

#: Packages the kernel asks for that no page needs, as empty wheels: sqlite3 is compiled and not on PyPI
#: (IPython keeps its history in memory without it); jedi only completes code as one types, which no
#: app offers (IPython does without it, and its import would cost every page time); micropip installs
#: packages, which the site never does (piplite's stand-in needs it not).
EMPTY_PACKAGES: dict[str, str] = {"sqlite3": "no sqlite3 in the browser: IPython keeps its history in memory",
                                  "jedi": "no code completion in the apps",
                                  "micropip": "the site installs no packages"}

#: Parts of wheels no page uses.
PRUNED_PARTS = ("/tests/", "/labextension/", "/nbextension/", "/static/", "/third_party/")
PRUNED_SUFFIXES = (".pyi", ".pyc", ".po", ".pot")
#: Pygments' lexers a page may reach: Python's (IPython's tracebacks and help) and those IPython's own
#: lexers build on, with the lexers they import; the other 500 modules (2.5 MB) are left out.
PYGMENTS_LEXERS = ("python", "shell", "html", "javascript", "ruby", "perl", "markup")


#: IPython's ``__init__`` imports its terminal (``IPython.embed``: the terminal shell, its debugger and
#: prompt_toolkit, 1.1 MB of wheel and two thirds of IPython's import time) which a kernel never uses; in the
#: site it is imported when ``embed`` is called, and prompt_toolkit (with wcwidth) is not shipped.
IPYTHON_EMBED = ("IPython/__init__.py", b"from .terminal.embed import embed\n",
                 b"def embed(**kwargs):\n"
                 b"    \"\"\"IPython's terminal, imported when called (the site's kernel never calls it).\"\"\"\n"
                 b"    from .terminal.embed import embed as terminal_embed\n\n"
                 b"    return terminal_embed(**kwargs)\n")


def edited(data: bytes, edit: tuple[str, bytes, bytes]) -> bytes:
    """The wheel ``data`` with ``edit`` (member, text, replacement) made once; a wheel without exactly one
    such text fails the build."""
    member, old, new = edit
    files = members(data)
    if any(info.filename == member and content.count(old) != 1 for info, content in files):
        raise BuildError(f"{member} is not the one this build knows: see samurai_lab/tools/site/packages.py")
    return zipped((info, content.replace(old, new) if info.filename == member else content) for info, content in files)


def members(data: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
    """Each file of the zip archive ``data`` with its bytes."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return [(info, z.read(info)) for info in z.infolist()]


def zipped(files: Iterable[tuple[str | zipfile.ZipInfo, bytes]]) -> bytes:
    """A zip archive of ``files``: each a name (dated as in every build: the same bytes each time) or a file's
    own entry, with its bytes, compressed at the highest level."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for entry, data in files:
            info = zipfile.ZipInfo(entry, (2020, 2, 2, 0, 0, 0)) if isinstance(entry, str) else entry
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue()


def keep(member: str) -> bool:
    """Whether a wheel's file is kept in the site (its ``.data`` folder and the parts above are not)."""
    return not (member.split("/", 1)[0].endswith(".data") or any(p in f"/{member}" for p in PRUNED_PARTS)
                or member.endswith(PRUNED_SUFFIXES))


def repack(data: bytes, keep_member=keep) -> bytes:
    """The wheel ``data`` without the files ``keep_member`` refuses (fixed dates: the same bytes each build)."""
    return zipped((info.filename, content) for info, content in members(data)
                  if not info.is_dir() and keep_member(info.filename))


def pygments_keep(data: bytes):
    """:func:`keep` for Pygments' wheel ``data``: of its lexers, only :data:`PYGMENTS_LEXERS` and the
    lexers they import (with the lexers' index)."""
    prefix = "pygments/lexers/"
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        sources = {m[len(prefix):-3]: z.read(m).decode("utf-8") for m in z.namelist()
                   if m.startswith(prefix) and m.endswith(".py") and "/" not in m[len(prefix):]}
    kept, todo = {"__init__", "_mapping"}, list(PYGMENTS_LEXERS)
    while todo:
        name = todo.pop()
        if name not in kept and name in sources:
            kept.add(name)
            todo += re.findall(r"pygments\.lexers\.(\w+)", sources[name])
    return lambda member: keep(member) and (not member.startswith(prefix) or member[len(prefix):-3] in kept)


def cached_wheel(folder: Path, w: Wheel) -> Path | None:
    """The downloaded wheel of ``w`` in ``folder``, if any."""
    return min(folder.glob(f"{w.name.replace('-', '_')}-{w.version}-*.whl"), default=None)


def download_pypi_wheels(python: Path, log=print) -> dict[str, Path]:
    """The PyPI wheels, downloaded once into the cache: name -> file."""
    folder = cache_dir() / "wheels"
    folder.mkdir(exist_ok=True)
    missing = [w for w in PYPI_WHEELS if cached_wheel(folder, w) is None]
    if missing:
        log(f"Downloading {len(missing)} wheels from PyPI (once) ...")
        run([str(python), "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--implementation", "py", "--abi", "none",
             "--platform", "any", "--dest", str(folder), *[f"{w.name}=={w.version}" for w in missing]],
            "downloading the browser's wheels from PyPI")
    return {w.name: cached_wheel(folder, w) for w in PYPI_WHEELS}


def wheel_bytes(name: str, version: str, files: Iterable[tuple[str, bytes]], summary: str) -> bytes:
    """A minimal wheel of ``files`` (archive path, content) with its dist-info."""
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n"
    wheel = "Wheel-Version: 1.0\nGenerator: samurai-lab site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries = [*files, (f"{dist}/METADATA", meta.encode()), (f"{dist}/WHEEL", wheel.encode())]
    record = "".join(f"{path},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},"
                     f"{len(data)}\n" for path, data in entries) + f"{dist}/RECORD,,\n"
    return zipped(sorted(entries) + [(f"{dist}/RECORD", record.encode())])


def tree_files(root: Path, base: Path, suffixes: tuple[str, ...]) -> list[tuple[str, bytes]]:
    """(path relative to ``base``, bytes) of the files under ``root`` with one of ``suffixes``."""
    return [(p.relative_to(base).as_posix(), p.read_bytes()) for p in sorted(root.rglob("*"))
            if p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts]


def app_wheel(notebooks: Path, scenarios: Path, thumbs: Path) -> bytes:
    """samurai_lab for the browser: the package without its server tools, its bundled notebooks, scenario
    files, thumbnails and puzzles copied in (``samurai_lab.common.resources`` finds them as in an installed wheel)."""
    package = [f for f in tree_files(PACKAGE, REPO, (".py", ".json", ".mo", ".js", ".css", ".toml"))
               if not f[0].startswith(("samurai_lab/tools/", "samurai_lab/bundled/"))]
    package.append(("samurai_lab/tools/__init__.py", b""))
    bundled = {"notebooks": (notebooks, (".ipynb",)), "scenarios": (scenarios, (".toml", ".md", ".txt")),
               "studies": (studies_dir(), (".toml", ".md")), "thumbs": (thumbs, (".jpg", ".png")),
               "puzzles": (puzzles_dir(), (".toml", ".md"))}
    files = package + [(f"samurai_lab/bundled/{name}/{p}", d) for name, (root, suffixes) in bundled.items()
                       for p, d in tree_files(root, root, suffixes) if not p.startswith("saved/")]
    return wheel_bytes(APP_WHEEL.name, APP_WHEEL.version, files, "samurai_lab's apps for the browser")


def shim_wheel(w: Wheel) -> bytes:
    """The stand-in ``w`` (networkx, numpy, PIL or piplite) from ``pyodide_shims/``, with its files of :data:`SHIM_DATA`."""
    data_dir = f"{w.name.replace('-', '_')}-{w.version}.data/data"
    data = [(f"{data_dir}/{path}", text.encode()) for path, text in SHIM_DATA.get(w.name, {}).items()]
    return wheel_bytes(w.name, w.version, [*tree_files(SHIMS / w.imports[0], SHIMS, (".py",)), *data],
                       f"samurai-lab's stand-in for {w.name} in the browser (see docs/site.md)")


def write_wheels(dest: Path, python: Path, core: Path, kernel_pypi: Path, notebooks: Path, scenarios: Path,
                 thumbs: Path, log=print) -> list[str]:
    """Write every wheel (with its modules' bytecode, :mod:`.precompile`) and ``pyodide-lock.json`` into
    ``dest`` (Pyodide's folder, ``core``'s files already there); returns the preload list."""
    entries: dict[str, dict] = {}

    def put(w: Wheel, data: bytes, file_name: str | None = None) -> None:
        file_name = file_name or f"{w.name.replace('-', '_')}-{w.version}-py3-none-any.whl"
        (dest / file_name).write_bytes(data)
        entries[w.name] = {"name": w.name, "version": w.version, "file_name": file_name,
                           "install_dir": "site", "sha256": hashlib.sha256(data).hexdigest(),
                           "package_type": "package", "imports": list(w.imports), "depends": list(w.depends),
                           "unvendored_tests": False, "shared_library": False}

    files = download_pypi_wheels(python, log)
    for w in PYPI_WHEELS:
        data = files[w.name].read_bytes()
        data = repack(data, pygments_keep(data) if w.name == "pygments" else keep)
        put(w, edited(data, IPYTHON_EMBED) if w.name == "ipython" else data, files[w.name].name)
    for w in KERNEL_WHEELS:
        src = next(kernel_pypi.glob(f"{w.name.replace('-', '_')}-{w.version}-*.whl"))
        put(w, repack(src.read_bytes()), src.name)
    for w in SHIM_WHEELS:
        put(w, shim_wheel(w))
    put(APP_WHEEL, app_wheel(notebooks, scenarios, thumbs))
    for name, why in EMPTY_PACKAGES.items():
        put(Wheel(name, "0.0.0", ()), wheel_bytes(name, "0.0.0", [], why))
    write_lock(dest, entries)
    precompile_wheels(dest, core, sorted(e["file_name"] for n, e in entries.items() if n in EMPTY_PACKAGES), log)
    for entry in entries.values():  # the wheels changed: their digests too
        entry["sha256"] = hashlib.sha256((dest / entry["file_name"]).read_bytes()).hexdigest()
    write_lock(dest, entries)
    return [*KERNEL_PRELOAD, *[w.name for w in (*PYPI_WHEELS, *SHIM_WHEELS) if w.name not in KERNEL_PRELOAD],
            APP_WHEEL.name]


def write_lock(dest: Path, entries: dict[str, dict]) -> None:
    """``pyodide-lock.json``: Pyodide's version and every package of the site."""
    lock = {"info": {"abi_version": "2025_0", "arch": "wasm32", "platform": "emscripten_4_0_9",
                     "python": "3.13.2", "version": PYODIDE_VERSION},
            "packages": dict(sorted(entries.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
