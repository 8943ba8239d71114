"""Every translation catalog complete and compiled: no untranslated or fuzzy entry, the same
placeholders as the original, every plural form, and the committed .mo made from the .po."""

from __future__ import annotations

import io
import os
import re
import string
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from samurai_lab.i18n import LANGUAGES, LOCALE_DIR

CATALOGS = sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))
PERCENT = re.compile(r"%(?:\([^)]*\))?[sdifr]")


def placeholders(text: str) -> set[str]:
    """``{name}`` fields and %-style conversions of a message."""
    fields = {f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return fields | set(PERCENT.findall(text))


def _key(value: str | list | tuple) -> str | tuple:
    """A message id or string as a dictionary key (plural ones are lists)."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


def test_catalog_folders_are_languages():
    for po in CATALOGS:
        assert po.parts[-3] in LANGUAGES, f"{po}: {po.parts[-3]} is not one of {sorted(LANGUAGES)}"


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: "/".join(p.parts[-3:]))
def test_catalog_is_complete(po: Path):
    lang = po.parts[-3]
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    problems = []
    for msg in catalog:
        if not msg.id:
            continue
        where = f"{po.name}:{msg.lineno} {msg.id!r}"
        if msg.fuzzy:
            problems.append(f"{where}: fuzzy")
        ids = msg.id if isinstance(msg.id, (list, tuple)) else (msg.id,)
        strs = msg.string if isinstance(msg.string, (list, tuple)) else (msg.string,)
        if msg.pluralizable:
            if len(strs) != catalog.num_plurals:
                problems.append(f"{where}: {len(strs)} plural forms, {lang} has {catalog.num_plurals}")
        if not all(strs):
            problems.append(f"{where}: untranslated")
            continue
        want = placeholders(ids[-1]) | placeholders(ids[0])
        for s in strs:
            if placeholders(s) - want or (not msg.pluralizable and placeholders(s) != want):
                problems.append(f"{where}: placeholders {sorted(placeholders(s))} differ from {sorted(want)}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: "/".join(p.parts[-3:]))
def test_compiled_catalog_matches_its_source(po: Path):
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo.name} is missing: run `make catalogs`"
    with po.open("rb") as f:
        source = {_key(m.id): _key(m.string) for m in read_po(f, locale=po.parts[-3]) if m.id}
    with mo.open("rb") as f:
        compiled = {_key(m.id): _key(m.string) for m in read_mo(f) if m.id}
    assert compiled == source, f"{mo.name} is older than {po.name}: run `make catalogs`"


def test_the_checks_catch_a_bad_catalog():
    bad = (b'msgid ""\nmsgstr "Language: ru\\nPlural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : '
           b'n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
           b'#, fuzzy\nmsgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] "{n} x"\nmsgstr[1] ""\nmsgstr[2] "{m} z"\n')
    catalog = read_po(io.BytesIO(bad), locale="ru")
    msg = next(m for m in catalog if m.id)
    assert msg.fuzzy and catalog.num_plurals == 3 and not all(msg.string)
    assert placeholders(msg.string[2]) != placeholders(msg.id[0])


TEMPLATES = sorted(LOCALE_DIR.parent.glob("*.pot"))


def _extraction_config(template: Path) -> Path:
    """The Babel configuration that extracts ``template`` (``babel.cfg`` for knizia, ``babel-<domain>.cfg``)."""
    own = template.with_name(f"babel-{template.stem}.cfg")
    return own if own.is_file() else template.with_name("babel.cfg")


def _messages(path: Path) -> set:
    with path.open("rb") as f:
        return {(m.context, _key(m.id)) for m in read_po(f) if m.id}


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.stem)
def test_template_holds_every_message_of_the_code(template: Path, tmp_path: Path):
    """The committed template is what extraction gives today: no message marked in the code is missing
    from the catalogs (it would stay English), and none is kept that the code no longer has."""
    from babel.messages.frontend import CommandLineInterface

    repo = LOCALE_DIR.parents[2]
    out = tmp_path / template.name
    cwd = Path.cwd()
    try:
        os.chdir(repo)
        CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(_extraction_config(template)),
                                    "-c", "NOTE:", "-k", "T.gettext", "-k", "T.ngettext:1,2", "-k",
                                    "T.pgettext:1c,2", "-k", "N_", "--no-location", "--sort-output",
                                    "--project=samurai_lab", "-o", str(out), "."])
    finally:
        os.chdir(cwd)
    fresh, committed = _messages(out), _messages(template)
    assert not fresh - committed, (f"{template.name} lacks messages of the code (extract again, see "
                                   f"samurai_lab/i18n/README.md): {sorted(map(str, fresh - committed))[:10]}")
    assert not committed - fresh, f"{template.name} keeps messages the code no longer has: " \
                                  f"{sorted(map(str, committed - fresh))[:10]}"


def test_compiled_catalogs_are_the_same_bytes_whoever_builds_them(monkeypatch: pytest.MonkeyPatch):
    """``make catalogs`` gives the committed .mo byte for byte, twice, and with another version of Babel."""
    import babel.messages.catalog

    from samurai_lab.i18n.compile import mo_bytes

    for po in CATALOGS:
        first = mo_bytes(po)
        assert mo_bytes(po) == first, f"{po}: two builds differ"
        assert po.with_suffix(".mo").read_bytes() == first, f"{po.with_suffix('.mo')}: run `make catalogs`"
    monkeypatch.setattr(babel.messages.catalog, "VERSION", "0.0.1")
    assert all(mo_bytes(po) == po.with_suffix(".mo").read_bytes() for po in CATALOGS)
