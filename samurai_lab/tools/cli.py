"""The ``samurai-lab`` command: subcommands live in their own modules, imported only when used.

Each subcommand module offers ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.
``simulate --game NAME`` uses that game's own ``bots.simulate`` (Knizia's game by default).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .games import DEFAULT_GAME, GAMES, game

COMMANDS: dict[str, str] = {
    "bench": "samurai_lab.tools.bench",
    "check": "samurai_lab.tools.check",
    "puzzles": "samurai_lab.tools.puzzles",
    "simulate": f"samurai_lab.{DEFAULT_GAME}.bots.simulate",
    "serve": "samurai_lab.tools.serve",
    "review": "samurai_lab.tools.review",
    "site": "samurai_lab.tools.site.command",
}


def requested_game(argv: list[str]) -> str:
    """The ``--game NAME`` (or ``--game=NAME``) of a simulate command line, else the default."""
    for i, arg in enumerate(argv):
        if arg == "--game" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--game="):
            return arg.split("=", 1)[1]
    return DEFAULT_GAME


def build_parser(simulate_game: str = DEFAULT_GAME) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="samurai-lab",
                                     description="Learn, teach and explore the board games called Samurai.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module_name in COMMANDS.items():
        if name == "simulate":
            module_name = f"samurai_lab.{game(simulate_game).name}.bots.simulate"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name and module_name.startswith(e.name):
                continue  # that part of the package is not installed
            raise
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        if name == "simulate":
            p.add_argument("--game", default=DEFAULT_GAME, choices=tuple(GAMES),
                           help=f"which game (default {DEFAULT_GAME})")
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = build_parser(requested_game(argv) if argv[:1] == ["simulate"] else DEFAULT_GAME)
    except ValueError as e:
        print(f"samurai-lab: {e}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    return int(args._run(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
