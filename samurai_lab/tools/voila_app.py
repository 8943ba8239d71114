"""voila as ``samurai-lab serve`` runs it: ``python -m samurai_lab.tools.voila_app NOTEBOOKS [voila options]``.

Two differences from plain ``voila``, both for a class on one server:

* **Closed pages stop their kernels.** When a page closes, voila's front end
  sends ``POST voila/api/shutdown/<kernel>`` with the ``_xsrf`` cookie's value.
  voila 0.5 never sets that cookie on an app's page (a preheated page is even
  rendered before the request), so the server refuses the request (403) and
  the kernel lives on. Here every page sets the cookie, and the beacon works.
  The kernel culler (``serve``'s flags) stops the kernels of pages that close
  without a beacon (a crashed browser, a laptop that went to sleep).
* **Nothing is fetched from another host.** The ``samurai`` template (in
  ``voila_data/``, found through ``JUPYTER_PATH``) is voila's ``lab`` template
  without its FontAwesome stylesheets from a CDN: the icons come from the copy
  in voila's own static files.

Everything else is voila's: any voila option works.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from voila.app import Voila
from voila.handler import VoilaHandler
from voila.treehandler import VoilaTreeHandler

#: Folder holding ``voila/templates/samurai`` (prepended to ``JUPYTER_PATH``).
DATA_DIR = Path(__file__).resolve().parent / "voila_data"
TEMPLATE = "samurai"


class _SetsXsrfCookie:
    """Mixin for page handlers: touching ``xsrf_token`` makes tornado set the ``_xsrf`` cookie."""

    async def prepare(self):  # type: ignore[no-untyped-def]
        result = await super().prepare()  # type: ignore[misc]
        self.xsrf_token  # noqa: B018 - the property sets the cookie the unload beacon sends back
        return result


def _with_cookie(handler: type) -> type:
    return type(f"Cookie{handler.__name__}", (_SetsXsrfCookie, handler), {})


class SamuraiVoila(Voila):
    """voila whose pages set the ``_xsrf`` cookie their kernel-shutdown beacon needs."""

    def init_handlers(self) -> list:
        handlers = []
        for spec in super().init_handlers():
            pattern, handler, *rest = spec
            if isinstance(handler, type) and issubclass(handler, (VoilaHandler, VoilaTreeHandler)):
                handler = _with_cookie(handler)
            handlers.append((pattern, handler, *rest))
        return handlers


def data_path_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with :data:`DATA_DIR` first on ``JUPYTER_PATH``."""
    env = dict(os.environ if env is None else env)
    parts = [str(DATA_DIR)] + [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != str(DATA_DIR)]
    env["JUPYTER_PATH"] = os.pathsep.join(parts)
    return env


def main(argv: list[str] | None = None) -> None:
    """Run :class:`SamuraiVoila` with voila's command line (the ``samurai`` template is found)."""
    os.environ.update(data_path_env())
    SamuraiVoila.launch_instance(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
