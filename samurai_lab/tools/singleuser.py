"""A JupyterHub user's server for the apps: ``python -m samurai_lab.tools.singleuser [options]`` is
``jupyterhub-singleuser [options]`` without rfc3987-syntax's parser (:mod:`.iri_parser`): its imports cost 1.5 CPU
seconds instead of 3.7. The hub's recipe (``deploy/jupyterhub/jupyterhub_config.py``) starts its users' servers so.
"""

from __future__ import annotations

import sys

from .iri_parser import skip_iri_parser

skip_iri_parser()


def main() -> None:
    """Run ``jupyterhub-singleuser`` with this process's command line."""
    from jupyterhub.singleuser import main as singleuser

    sys.exit(singleuser())


if __name__ == "__main__":
    main()
