"""The ``samurai-lab`` command: subcommands live in their own modules; one whose libraries are not installed
(an extra left out) says which extra to install.

Each subcommand module offers ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``;
``simulate --game NAME`` takes its options from ``tools.simulate.command(game)`` (Knizia's game by default).
What a command prints has its control characters escaped, and a reader that stops early (``| head``)
ends it quietly (``tools/terminal.py``).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from ..common.game import DEFAULT_GAME, game_names, get_game
from ..common.limits import parse_seed
from .terminal import escaped_output, quiet_broken_pipe

COMMANDS: dict[str, str] = {
    "bench": "samurai_lab.tools.bench",
    "check": "samurai_lab.tools.check",
    "puzzles": "samurai_lab.tools.puzzles",
    "simulate": "samurai_lab.tools.simulate",
    "serve": "samurai_lab.tools.serve",
    "play-service": "samurai_lab.tools.play.server",
    "review": "samurai_lab.tools.review",
    "site": "samurai_lab.tools.site.command",
}

#: Commands whose output is the servers' own logs (coloured by their terminal codes), not text from files.
RAW_OUTPUT = {"serve", "play-service"}


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
    parser.missing = {}  # a command whose libraries are not installed: what its import missed
    for name, module_name in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name and module_name.startswith(e.name):
                continue  # that part of the package is not installed
            sub.add_parser(name, help=f"(needs {needs_extra(e)})")
            parser.missing[name] = e
            continue
        help_text, add_arguments, run = module.HELP, module.add_arguments, module.run
        if name == "simulate":
            simulate = module.command(get_game(simulate_game))
            help_text, add_arguments, run = simulate.help, simulate.add_arguments, simulate.run
        p = sub.add_parser(name, help=help_text, description=help_text)
        if name == "simulate":
            p.add_argument("--game", default=DEFAULT_GAME, choices=game_names(),
                           help=f"which game (default {DEFAULT_GAME})")
        add_arguments(p)
        p.set_defaults(_run=run)
    sane_seeds(parser)
    return parser


def needs_extra(error: ModuleNotFoundError) -> str:
    """The extra of the package that brings the module ``error`` misses."""
    return "samurai_lab[postgres]" if (error.name or "").startswith("psycopg") else "samurai_lab[app]"


def missing_extra(command: str, error: ModuleNotFoundError) -> int:
    """Say which extra a command needs, for a command whose libraries are not installed."""
    extra = needs_extra(error)
    print(f"samurai-lab {command} needs {extra} (the module {error.name!r} is not installed): "
          f"pip install '{extra}'", file=sys.stderr)
    return 2


def seed_argument(text: str) -> int:
    """A ``--seed`` of any command: a whole number from 0 to ``common.limits.MAX_SEED``, or argparse's refusal
    saying why (never Python's own words about integers of thousands of digits)."""
    try:
        return parse_seed(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def sane_seeds(parser: argparse.ArgumentParser) -> None:
    """Every ``--seed`` of ``parser`` and its subcommands read by :func:`seed_argument`."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                sane_seeds(sub)
        elif action.dest == "seed" and action.type in (int, None):
            action.type = seed_argument


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = build_parser(requested_game(argv) if argv[:1] == ["simulate"] else DEFAULT_GAME)
    except ValueError as e:
        print(f"samurai-lab: {e}", file=sys.stderr)
        return 2
    if argv[:1] and argv[0] in parser.missing:
        return missing_extra(argv[0], parser.missing[argv[0]])
    args = parser.parse_args(argv)
    try:
        if args.command in RAW_OUTPUT:
            return int(args._run(args) or 0)
        with escaped_output():
            status = int(args._run(args) or 0)
            sys.stdout.flush()
        return status
    except BrokenPipeError:  # the reader went away (``samurai-lab puzzles list | head``): end quietly
        quiet_broken_pipe()
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
