"""``samurai-lab site OUT``: build the static site (every app as a page running in the browser) into OUT."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "build the static site: every app runs in the visitor's browser, any static host serves it"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("out", type=Path, help="the folder to build the site into (replaced)")


def run(args: argparse.Namespace) -> int:
    from .build import build_site
    from .toolchain import BuildError

    try:
        out = build_site(args.out)
    except BuildError as e:
        print(f"samurai-lab site: {e}", file=sys.stderr)
        return 1
    print(f"Serve it with any static host, e.g.: python -m http.server --directory {out} 8000\n"
          f"then open http://127.0.0.1:8000/ (the landing page)")
    return 0
