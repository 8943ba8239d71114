"""The package's layers, as the tree shows them: one direction only, no import cycles.

Each game lives in its own folder ``samurai_lab/<game>/`` with the layers ``core`` ← ``scenarios`` ←
``bots`` ← ``teaching`` ← ``game`` (its declaration) ← ``render`` ← ``widgets``; game-independent widget pieces live in
``samurai_lab/ui``, the command line and servers in ``samurai_lab/tools``. A module imports only from
its own layer or the layers below it, never from another game. The one allowed upward import is a
core state's ``_repr_svg_`` asking its game's SVG renderer for a picture (as python-chess does).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "samurai_lab"
GAME_LAYERS = ("core", "scenarios", "bots", "teaching", "game", "render", "widgets")
# game: a game's declaration (``<game>/game.py``), above its widget-free layers; its drawing hooks are
# named as "module:attribute" and imported only when an app asks for them
TOP = {"common": -1, "i18n": -1, "ui": GAME_LAYERS.index("widgets") - 0.5, "tools": len(GAME_LAYERS)}
# common, i18n: standard-library helpers under every game; ui: widget pieces under every game's widgets


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    base = PACKAGE.parent / Path(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


@cache
def imports(path: Path) -> list[tuple[str, str | None]]:
    """(imported module, name of the enclosing function or None) for every samurai_lab import,
    leaving out ``if TYPE_CHECKING:`` blocks (they are never executed)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    mod = module_name(path)
    package = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
    found: list[tuple[str, str | None]] = []

    def visit(node: ast.AST, func: str | None) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            func = node.name
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] == "samurai_lab":
                subs = [f"{target}.{a.name}" for a in node.names]
                for t in subs if all(is_module(s) for s in subs) else [target]:
                    found.append((t, func))
        elif isinstance(node, ast.Import):
            found.extend((a.name, func) for a in node.names if a.name.split(".")[0] == "samurai_lab")
        for child in ast.iter_child_nodes(node):
            visit(child, func)

    visit(tree, None)
    return found


def place(module: str) -> tuple[str | None, float]:
    """(game or None, layer rank) of a module."""
    parts = module.split(".")
    if len(parts) == 1:
        return None, TOP["tools"]  # the package root re-exports a game's core
    if parts[1] in TOP:
        return None, TOP[parts[1]]
    if len(parts) == 2:  # a game's package __init__ re-exports its core
        return parts[1], 0
    layer = parts[2]
    assert layer in GAME_LAYERS, f"{module}: {layer!r} is not one of the layers {GAME_LAYERS}"
    return parts[1], GAME_LAYERS.index(layer)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def edges() -> list[tuple[str, str, str | None]]:
    """(module, imported module, enclosing function) of every import in the package (each file read when a
    test first asks: collecting the tests reads none)."""
    return [(m, t, f) for m, p in MODULES.items() for t, f in imports(p)]


def test_every_game_has_a_core():
    games = [d.name for d in PACKAGE.iterdir() if d.is_dir() and (d / "__init__.py").exists() and d.name not in TOP]
    assert "knizia" in games
    for game in games:
        assert (PACKAGE / game / "core" / "__init__.py").exists(), f"samurai_lab/{game} has no core/ folder"


def layer_problem(module: str, target: str, func: str | None) -> str | None:
    """Why importing ``target`` from ``module`` breaks the layering, or None."""
    game, rank = place(module)
    tgame, trank = place(target)
    if func == "_repr_svg_" and trank == GAME_LAYERS.index("render") and rank == 0 and game == tgame:
        return None  # the picture of a state, imported only when a notebook asks for it
    if game is not None and tgame not in (None, game):
        return f"{module} (game {game}) imports {target} of another game"
    if game is None and module.split(".")[1:2] in (["ui"], ["common"], ["i18n"]) and tgame is not None:
        return f"{module} is shared by every game but imports {target}"
    if trank > rank:
        return f"{module} (layer {rank}) imports {target} from a layer above it ({trank})"
    return None


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module):
    problems = [p for t, f in imports(MODULES[module]) if (p := layer_problem(module, t, f))]
    assert not problems, "\n".join(problems)


def test_the_layer_check_catches_upward_imports():
    assert layer_problem("samurai_lab.knizia.core.rules", "samurai_lab.knizia.widgets.board", None)
    assert layer_problem("samurai_lab.knizia.core.rules", "samurai_lab.knizia.render.svg", None)
    assert layer_problem("samurai_lab.ui.common", "samurai_lab.knizia.core.state", None)
    assert layer_problem("samurai_lab.knizia.widgets.board", "samurai_lab.tools.serve", None)
    assert layer_problem("samurai_lab.knizia.core.state", "samurai_lab.knizia.render.svg", "_repr_svg_") is None
    assert layer_problem("samurai_lab.knizia.widgets.board", "samurai_lab.ui.common", None) is None


def test_no_import_cycles():
    graph = nx.DiGraph()
    graph.add_nodes_from(MODULES)
    for module, target, func in edges():
        if func != "_repr_svg_" and target in MODULES and target != module:
            graph.add_edge(module, target)
    cycles = list(nx.simple_cycles(graph, length_bound=8))
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c + c[:1]) for c in cycles[:5])


def test_the_core_needs_no_widgets():
    for module, path in MODULES.items():
        if ".core" in module:
            source = path.read_text(encoding="utf-8")
            for lib in ("ipywidgets", "ipycanvas", "IPython", "voila"):
                assert f"import {lib}" not in source and f"from {lib}" not in source, f"{module} uses {lib}"
