"""jsonschema, which jupyter_server and nbformat bring, checks the ``iri`` format with rfc3987-syntax when it is
installed (jupyter-events' extra brings it), and that package builds an Earley parser as it is imported: about
2 CPU seconds of every process that imports jupyter_server or reads a notebook. No schema the apps' servers or
tests read has that format: :func:`skip_iri_parser`, called before those imports, leaves the parser out."""

from __future__ import annotations

import sys


def skip_iri_parser() -> None:
    """Make rfc3987-syntax unavailable to this process (jsonschema then skips the ``iri`` format)."""
    sys.modules.setdefault("rfc3987_syntax", None)
