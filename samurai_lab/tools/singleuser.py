"""A JupyterHub user's server for the apps: ``python -m samurai_lab.tools.singleuser [options]`` is
``jupyterhub-singleuser [options]`` without rfc3987-syntax's parser.

jsonschema, which jupyter_server brings, checks the ``iri`` format with rfc3987-syntax when it is installed, and
that package builds an Earley parser as it is imported: about 2 CPU seconds of every user's server as it starts,
most of what its imports cost, for a format no schema the server reads has (the apps' own server skips it too:
``voila_app``). The hub's recipe (``deploy/jupyterhub/jupyterhub_config.py``) starts its users' servers so.
"""

from __future__ import annotations

import sys

sys.modules.setdefault("rfc3987_syntax", None)


def main() -> None:
    """Run ``jupyterhub-singleuser`` with this process's command line."""
    from jupyterhub.singleuser import main as singleuser

    sys.exit(singleuser())


if __name__ == "__main__":
    main()
