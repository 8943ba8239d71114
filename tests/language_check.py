"""Find English left on a page: the texts a user reads in a widget tree, and the ones still English.

``widget_texts(widget)`` gathers every text of an ipywidgets tree (descriptions, values of text
widgets, options, tooltips, placeholders, tab titles, Output widgets' outputs), with HTML markup
stripped (``title``, ``alt``, ``aria-label`` and ``placeholder`` attributes are read too: a screen
reader or a tooltip says them). ``english_left(texts)`` returns the texts that still hold English:
an English function word or interface word, an English contraction, or, in a Russian page (or any
text with Cyrillic in it), a Latin word that is no proper name. Proper names, language names, hex
ids and tile codes are allowed; ``allow`` adds more::

    with use_language("it"):
        app = build_app(query="lang=it")
    assert english_left(widget_texts(app.widget)) == []
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterable

import ipywidgets as widgets

# Proper names and language names: they stay in every language.
PROPER_NAMES: tuple[str, ...] = (
    "Samurai Lab", "Samurai", "Samouraï", "samurai_lab", "Katana", "Iki-zumari", "Ikizumari", "Kyoto", "Edo", "Reiner Knizia", "Knizia",
    "Honshu", "Kyushu", "Shikoku", "Hokkaido", "Buddha", "Hans im Glück", "Rio Grande Games", "Rio Grande",
    "Fantasy Flight Games", "Fantasy Flight", "Giochi Uniti", "Devir", "Hobby World", "Python", "README",
    "Akita", "Nagasaki", "Osaka", "Nagoya", "Sendai", "Hiroshima", "Kagoshima", "Niigata", "Kanazawa", "Tokyo",
    "English", "Italiano", "Español", "Русский", "Français",
    "SAMOURAI", "SHIRO", "ANZEN", "MEKURA", "TAIYO", "HO BO",  # rulebook 004's names: its game, squares, HO BO
    "Enter", "Esc",  # key names, printed in Latin letters on every keyboard
    "jolly",  # the Italian rulebook's wild figure: ends like an English adverb
    "FAQ", "samurai-lab simulate", "samurai-lab serve", "samurai-lab check", "samurai-lab bench",  # names
    "JupyterHub",  # a program's name
)

# English words that are no word of Italian, Spanish or French (so "a", "no", "in", "come", "con",
# "per", "on", "or", "an", "as", "so", "do", "he", "me", "has", "red", "sea", "ten", "once", "use",
# "fine", "note", "but", "chose", "place", "position", "options", "capture", "village", "score",
# "points", "second", "correct", "error", "bot", "link", "file", "reset"... are left out: they are
# words of those languages too).
ENGLISH_WORDS: frozenset[str] = frozenset("""
the and of to is are was were be been being am it its it's you your yours we our us they them their
with this that these those there here from for by at into onto out up down over off about above below
after before between under through without within while until since because if than then when where
what which who whom whose why how not nor yet also too very only just still again already never
always often ever every each all any some such same other another both either neither none nothing
something anything everything will would could should shall must might may can cannot can't don't
doesn't isn't aren't won't does did done had have having let get got make made take taken give given
put see seen read write written now new old more most less many much own well yes
one two three four five seven eight nine first third last next previous back forward
click clicks clicked tap press choose chosen select selected pick picked drag drop
player players turn turns move moves moved token tokens tile tiles piece pieces board boards game games
show shows hide hides undo redo play plays played playing confirm cancel pass rules rule rulebook
start started restart begin finish finished end ends ended help home settings language languages
step steps hint hints lesson lessons example examples chapter chapters try check wrong right left
answer well loading please wait went happened problem problems unknown invalid value values
address coordinates projector city cities castle castles helmet helmets rice paddy paddies swap swaps
edition teacher student students class classroom opponent opponents human strength stone stones
captured group groups liberty liberties king sword square squares hex hexes island islands land
placed full screen fit free empty open close view save saved load share print download search
explore practice learn learning teaching scoring welcome win wins won winner lose loses lost draw
tie tied count counts majority highest round rounds black white blue green yellow grey gray
arrow arrows key keys keyboard enter size fast slow line lines row rows column
columns stack stacks path paths card cards
""".split())

_CONTRACTION = re.compile(r"^[a-z]{2,}['’](s|t|re|ve|ll|d|m)$", re.IGNORECASE)
_ENGLISH_SUFFIX = re.compile(r"^[a-z]{2,}(ing|ly)$", re.IGNORECASE)  # "loading", "quickly"; no Romance word ends so
_LATIN_WORD = re.compile(r"^[a-z]+(['’][a-z]+)?$", re.IGNORECASE)
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# Hex ids, tile codes, coordinates, numbers: "HO12", "KY11", "H4", "e5", "3x4".
_CODE = re.compile(r"(?<![\w'’])[^\W_]*\d[^\W_]*(?![\w'’])")
_ADDRESS = re.compile(r"(https?://\S+|\S+\.(ipynb|py|toml|json|png)\b|[?&][\w-]+=[\w-]*)")
_LANGUAGE_CODE = re.compile(r"^(EN|IT|ES|RU|FR)$")

_TEXT_VALUE_WIDGETS = (widgets.HTML, widgets.HTMLMath, widgets.Label, widgets.Text, widgets.Textarea,
                       widgets.Combobox)
_TEXT_TRAITS = ("description", "tooltip", "description_tooltip", "placeholder", "aria_label", "title",
                "caption", "label")
_BLOCK_END = re.compile(r"<br\s*/?>|</(p|div|li|h[1-6]|tr|td|th|dt|dd|caption|figcaption|summary|"
                        r"title|desc|text|option|button|label|section|header|footer|nav|table|a)>", re.IGNORECASE)
_SKIP_ELEMENTS = re.compile(r"<(style|script)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_READ_ATTRIBUTES = re.compile(r"""\b(title|alt|aria-label|placeholder)\s*=\s*("([^"]*)"|'([^']*)')""", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)  # zero-width, soft hyphen


def html_texts(markup: str) -> list[str]:
    """The texts a reader meets in ``markup``: its text, one line per block, and the attributes a
    tooltip or a screen reader says; ``<style>``, ``<script>`` and comments dropped."""
    markup = _COMMENT.sub(" ", _SKIP_ELEMENTS.sub(" ", markup))
    spoken = [m.group(3) if m.group(3) is not None else m.group(4) for m in _READ_ATTRIBUTES.finditer(markup)]
    text = _TAG.sub(" ", _BLOCK_END.sub("\n", markup))
    lines = [html.unescape(line) for line in text.splitlines()] + [html.unescape(s) for s in spoken]
    return [t for t in (" ".join(line.translate(_INVISIBLE).split()) for line in lines) if t]


def _plain(text: str) -> list[str]:
    return [t for t in (" ".join(line.translate(_INVISIBLE).split()) for line in text.splitlines()) if t]


def _output_texts(outputs: Iterable[dict[str, Any]], seen: set[int]) -> list[str]:
    texts: list[str] = []
    for output in outputs:
        kind = output.get("output_type")
        if kind == "stream":
            texts += _plain(str(output.get("text", "")))
        elif kind == "error":
            texts += _plain(f"{output.get('ename', '')}: {output.get('evalue', '')}")
        else:
            data = output.get("data", {})
            view = data.get("application/vnd.jupyter.widget-view+json")
            if view and view.get("model_id") in widgets.Widget.widgets:
                texts += _walk(widgets.Widget.widgets[view["model_id"]], seen)
            elif "text/html" in data:
                texts += html_texts(str(data["text/html"]))
            elif "image/svg+xml" in data:
                texts += html_texts(str(data["image/svg+xml"]))
            elif "text/markdown" in data:
                texts += _plain(str(data["text/markdown"]))
            elif "text/plain" in data:
                texts += _plain(str(data["text/plain"]))
    return texts


def _walk(widget: widgets.Widget, seen: set[int]) -> list[str]:
    if id(widget) in seen:
        return []
    seen.add(id(widget))
    texts: list[str] = []
    for name in _TEXT_TRAITS:
        value = getattr(widget, name, None) if widget.has_trait(name) else None
        if isinstance(value, str):
            texts += html_texts(value) if "<" in value else _plain(value)
    if isinstance(widget, _TEXT_VALUE_WIDGETS) and isinstance(widget.value, str):
        texts += html_texts(widget.value) if isinstance(widget, (widgets.HTML, widgets.HTMLMath)) else _plain(widget.value)
    if isinstance(widget, widgets.Combobox):
        texts += [str(o) for o in widget.options]
    if widget.has_trait("_options_labels"):
        texts += [" ".join(str(label).split()) for label in widget._options_labels]
    if widget.has_trait("tooltips"):
        texts += [str(t) for t in widget.tooltips if t]
    if widget.has_trait("titles"):
        texts += [str(t) for t in widget.titles if t]
    if isinstance(widget, widgets.Output):
        texts += _output_texts(widget.outputs, seen)
    for name in widget.keys:
        if name in ("layout", "style"):
            continue
        value = getattr(widget, name, None)
        if isinstance(value, widgets.Widget):
            texts += _walk(value, seen)
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, widgets.Widget):
                    texts += _walk(item, seen)
    return texts


def widget_texts(widget: widgets.Widget) -> list[str]:
    """Every text a user reads in the widget tree under ``widget`` (markup stripped), in order."""
    return [t for t in (" ".join(t.translate(_INVISIBLE).split()) for t in _walk(widget, set())) if t]


_SCRIPT_CHANGE = re.compile(r"(?<=[\u0400-\u04FF])(?=[A-Za-z])|(?<=[A-Za-z])(?=[\u0400-\u04FF])|(?<=[a-z])(?=[A-Z])")


def _remove(text: str, names: list[str]) -> str:
    for name in names:
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", text, flags=re.IGNORECASE)
    return text


def _without_allowed(text: str, allowed: Iterable[str]) -> str:
    names = sorted(set(allowed), key=len, reverse=True)
    # "правилKatana", "KatanaIki-zumari": texts glued together by a page's innerText are read apart
    text = _remove(_SCRIPT_CHANGE.sub(" ", _remove(text, names)), names)
    return _CODE.sub(" ", _ADDRESS.sub(" ", text))


def english_words(text: str, allow: Iterable[str] = (), language: str | None = None) -> list[str]:
    """The words of ``text`` that are English (or, in Russian, Latin words that are no name)."""
    rest = _without_allowed(text, (*PROPER_NAMES, *allow))
    cyrillic = language == "ru" or bool(_CYRILLIC.search(rest))
    found = []
    for word in _WORD.findall(rest):
        if _LANGUAGE_CODE.match(word):
            continue
        lower = word.lower().replace("’", "'")
        if (lower in ENGLISH_WORDS or _CONTRACTION.match(lower) or _ENGLISH_SUFFIX.match(lower)
                or (cyrillic and len(word) > 1 and _LATIN_WORD.match(word))):
            found.append(word)
    return found


def english_left(texts: Iterable[str], allow: Iterable[str] = (), language: str | None = None) -> list[str]:
    """The texts that still hold English. ``allow``: more names or phrases that may stay;
    ``language="ru"`` flags every Latin word that is not allowed, even in a text without Cyrillic."""
    allow = tuple(allow)
    return [t for t in texts if english_words(t, allow, language)]
