"""Compile the catalogs (``.po`` → ``.mo``) so that the same ``.po`` always gives the same bytes.

``pybabel compile`` writes its own version into every ``.mo`` (``Generated-By: Babel 2.19.0``), so two
machines with two versions of Babel write two different files from one ``.po``. Here the ``.mo`` holds
only what the ``.po`` says: the header the ``.po`` gives (without that line) and the translated messages,
in Babel's order. Run ``python -m samurai_lab.i18n.compile`` (``make catalogs``).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from . import LOCALE_DIR


class _SourceCatalog(Catalog):
    """A catalog whose header is the ``.po``'s, without the version of the Babel that compiles it."""

    def _get_mime_headers(self) -> list[tuple[str, str]]:
        return [(name, value) for name, value in super()._get_mime_headers() if name != "Generated-By"]


def mo_bytes(po: Path) -> bytes:
    """The compiled catalog of ``po`` (its language from its folder, ``locale/<lang>/LC_MESSAGES``)."""
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parts[-3])
    catalog.__class__ = _SourceCatalog
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def compile_all(root: Path = LOCALE_DIR) -> list[Path]:
    """Write the ``.mo`` of every ``.po`` under ``root`` whose bytes differ; the files written."""
    written = []
    for po in sorted(root.glob("*/LC_MESSAGES/*.po")):
        mo, data = po.with_suffix(".mo"), mo_bytes(po)
        if not mo.is_file() or mo.read_bytes() != data:
            mo.write_bytes(data)
            written.append(mo)
    return written


def main() -> int:
    written = compile_all()
    for mo in written:
        print(f"compiled {mo}")
    print(f"{len(written)} catalogs written, the others were up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
