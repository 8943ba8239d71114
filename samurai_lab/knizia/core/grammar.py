"""The grammatical forms a word takes in a sentence: Russian cases, Italian and Spanish prepositions joined
with the article.

A ``Word`` is a string that knows its forms; a translation asks for one with a format spec, so the English
message and its placeholder stay the same (``"{player} posa {tile} {place:su}"``: "sulla terra a nord di Kyoto").
The specs are listed in ``samurai_lab/i18n/README.md``; several go together with commas (``{where:in,cap}``).
Italian ``in``/``a`` before a town's name give ``a Kyoto``, ``ad Akita``; any other preposition is written before
the word.
The forms are data (the tables below), not rules: a word that is not in a table keeps its form (Эдо, Киото).
"""

from __future__ import annotations

from typing import Callable, Sequence

from ...i18n import get_language

#: Russian nouns of the board and the rulebook (001) in the cases after prepositions:
#: nominative -> (genitive, dative, accusative, instrumental, prepositional).
RUSSIAN_CASES: dict[str, tuple[str, str, str, str, str]] = {
    "суша": ("суши", "суше", "сушу", "сушей", "суше"),
    "море": ("моря", "морю", "море", "морем", "море"),
    "деревня": ("деревни", "деревне", "деревню", "деревней", "деревне"),
    "город": ("города", "городу", "город", "городом", "городе"),
    "клетка": ("клетки", "клетке", "клетку", "клеткой", "клетке"),
    "Акита": ("Акиты", "Аките", "Акиту", "Акитой", "Аките"),
    "жетон": ("жетона", "жетону", "жетон", "жетоном", "жетоне"),
    "жетоны": ("жетонов", "жетонам", "жетоны", "жетонами", "жетонах"),
    "цель": ("цели", "цели", "цель", "целью", "цели"),
    "цели": ("целей", "целям", "цели", "целями", "целях"),
}
RUSSIAN_CASE_NAMES = ("gen", "dat", "acc", "ins", "prep")
#: Every Russian form -> its nominative (to recognise a noun in a sentence whatever its case).
RUSSIAN_NOMINATIVE: dict[str, str] = {form: nom for nom, forms in RUSSIAN_CASES.items() for form in (nom, *forms)}

ITALIAN_ARTICLES = ("il", "lo", "la", "l'", "i", "gli", "le")
#: Italian prepositions joined with the article: the preposition's stem, then the article's ending.
_ITALIAN_STEMS = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
_ITALIAN_ENDINGS = {"il": "l", "lo": "llo", "la": "lla", "l'": "ll'", "i": "i", "gli": "gli", "le": "lle"}
#: Spanish prepositions joined with the masculine article ``el``.
_SPANISH_JOINED = {"de": "del", "a": "al"}


def capitalised(text: str) -> str:
    """``The land north of Kyoto`` at the start of a sentence."""
    return text[:1].upper() + text[1:]


def split_article(text: str) -> tuple[str, str]:
    """(``la``, ``terra a nord di Kyoto``) for ``la terra a nord di Kyoto``; ("", text) without an article."""
    if text[:2].lower() == "l'":
        return text[:2], text[2:]
    first, _, rest = text.partition(" ")
    if rest and first.lower() in ITALIAN_ARTICLES + ("el", "los", "las"):
        return first, rest
    return "", text


def with_preposition(preposition: str, text: str, language: str) -> str:
    """``di`` + ``il villaggio ...`` -> ``del villaggio ...`` (Italian), ``de`` + ``el mar`` -> ``del mar``
    (Spanish); otherwise the preposition before the text."""
    article, rest = split_article(text)
    if language == "it" and preposition in _ITALIAN_STEMS and article.lower() in _ITALIAN_ENDINGS:
        joined = _ITALIAN_STEMS[preposition] + _ITALIAN_ENDINGS[article.lower()]
        return joined + rest if joined.endswith("'") else f"{joined} {rest}"
    if language == "it" and not article and preposition in ("in", "a"):  # a town: "a Kyoto", "ad Akita"
        return f"ad {text}" if text[:1].lower() == "a" else f"a {text}"
    if language == "es" and preposition in _SPANISH_JOINED and article.lower() == "el":
        return f"{_SPANISH_JOINED[preposition]} {rest}"
    return f"{preposition} {text}"


def russian_case(text: str, case: str) -> str:
    """``суша к северу от Киото`` in the case ``case`` (its first word declined, if the table knows it)."""
    if case == "nom":
        return text
    first, sep, rest = text.partition(" ")
    forms = RUSSIAN_CASES.get(first) or RUSSIAN_CASES.get(first.lower())
    if forms is None:
        return text
    form = forms[RUSSIAN_CASE_NAMES.index(case)]
    if first[:1].isupper() and not form[:1].isupper():
        form = capitalised(form)
    return form + sep + rest


class Word(str):
    """A text that takes a form when a translation asks for it (``{place:su}``, ``{tiles:gen}``)."""

    __slots__ = ("language",)

    def __new__(cls, text: str, language: str | None = None) -> "Word":
        word = super().__new__(cls, text)
        word.language = language or get_language()
        return word

    def form(self, spec: str) -> str:
        """The word in the form ``spec`` (see the module's doc)."""
        text = str(self)
        for part in (p.strip() for p in spec.split(",")):
            if part == "cap":
                text = capitalised(text)
            elif part == "nom" or part in RUSSIAN_CASE_NAMES:
                text = russian_case(text, part) if self.language == "ru" else text
            elif part:
                text = with_preposition(part, text, self.language)
        return text

    def __reduce__(self):  # a copy or a pickle is a Word of the same text and language
        return Word, (str(self), self.language)

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if all(p.strip().isalpha() and p.strip().islower() or p.strip() == "cap" for p in spec.split(",")):
            return self.form(spec)
        return str.__format__(str(self), spec)  # a standard spec (width, alignment)


class WordList(Word):
    """Words said as one (``the village HO03 and Akita``): a form asked of the list is asked of each word
    (Russian ``не касается деревни HO03 и Акиты``); ``cap`` only of the first."""

    __slots__ = ("words", "joined")

    def __new__(cls, words: Sequence[Word], joined: Callable[[list[str]], str]) -> "WordList":
        self = super().__new__(cls, joined([str(w) for w in words]), words[0].language if words else None)
        self.words, self.joined = tuple(words), joined
        return self

    def form(self, spec: str) -> str:
        each = ",".join(p for p in spec.split(",") if p.strip() != "cap")
        text = self.joined([w.form(each) for w in self.words])
        return capitalised(text) if "cap" in (p.strip() for p in spec.split(",")) else text
