"""Every sentence the apps generate reads right in every language.

Renders every narration step of every rulebook example and ruling (E1–E10, R1–R4), every lesson chapter,
task, hint and the feedback of every first move a learner can make, the words of every hex of every map,
and the log lines of a few seeded games, in English, Italian, Spanish and Russian, and finds:

* a word twice in a row (``il villaggio il villaggio``);
* a word followed by itself in brackets (``Цели (цели)``, ``жетонов (жетоны)``: the same stem);
* a sentence that starts in lower case (``…. the land north-west of Edo``);
* a preposition before a form it does not take (Italian ``su la``, Spanish ``de el``, Russian ``на суша``).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, new_game
from samurai_lab.i18n import use_language
from samurai_lab.knizia.core.board import board_for
from samurai_lab.knizia.core.playout import random_action
from samurai_lab.knizia.core.text import describe_state
from samurai_lab.knizia.teaching.game_text import action_phrase, describe_action
from samurai_lab.knizia.teaching.lessons import CHAPTERS, CONTINUE, SOLVED, Run, solve
from samurai_lab.knizia.teaching.words import hex_words, plain_text
from samurai_lab.knizia.core.actions import EndTurn, Pass, PlaceTile
from samurai_lab.knizia.core.rules import IllegalMoveError

LANGUAGES = ("en", "it", "es", "ru")
RULESETS = (EDITION_1998, EDITION_2015)

WORD = re.compile(r"[^\W\d_][\w'’-]*|\d+")
# words in a row: only spaces between them (a comma, a colon or a bracket ends a run)
RUN = re.compile(r"[^\W_][\w'’-]*(?:[ \t\n]+[^\W_][\w'’-]*)*")
BRACKETED = re.compile(r"(?<![\w@])([^\W\d_][\w'’-]*)\s*\(\s*[«\"“]?([^\W\d_][\w'’-]*)")
# a sentence starts at the start of a text and after ". ", "! ", "? " (also "…." and a closing bracket or quote)
SENTENCE_START = re.compile(r"(?:^|[.!?…][)»\"”]?\s+)(\S)")
# abbreviations after which a lower-case word goes on the same sentence
ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "cf.", "vs.", "ecc.", "es.", "p.", "ej.", "т.е.", "т.д.", "т.п.", "см.", "др.")
# notation: tile codes and hex ids (a hand may hold two S1)
NOTATION = re.compile(r"[A-Z]{1,3}\d{0,2}")
# "(Akita, Kyoto, ...)": an ellipsis that ends a list in brackets ends no sentence
LIST_ELLIPSIS = re.compile(r"(?:\.\.\.|…)(?=\))")
# wrong preposition + form pairs: uncontracted Italian articles, Spanish "de el", Russian nominatives of the
# hexes' nouns after a preposition that takes another case
WRONG_FORMS = {
    "it": re.compile(r"\b(?:di|a|da|in|su) (?:il|lo|la|l'|i|gli|le)\b", re.IGNORECASE),
    "es": re.compile(r"\b(?:de|a) el\b", re.IGNORECASE),
    "ru": re.compile(r"(?<!\w)(?:(?:на|в|во|от|у|к|с|со|из|до|при|около|рядом с|кроме) "
                     r"(?:суша|деревня|Акита|цели «|жетоны «)|(?:от|у|к|из|до|при|рядом с|кроме) город)(?!\w)",
                     re.IGNORECASE),
}
#: Words that may stand twice in a row, with the reason: none so far.
ALLOWED_REPEATS: dict[str, str] = {}


def _stem_match(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` the same word or forms of it (``цели``/``цель``, ``жетонов``/``жетоны``)?"""
    a, b = a.lower(), b.lower()
    if a == b:
        return True
    common = 0
    for x, y in zip(a, b):
        if x != y:
            break
        common += 1
    return common >= 3 and common >= min(len(a), len(b)) - 2 and common >= max(len(a), len(b)) - 4


def _same_words(a: list[str], b: list[str]) -> bool:
    """The same words (one word: also another form of it, ``деревне деревня``)."""
    if len(a) == 1:
        x, y = a[0], b[0]
        if x.isdigit() or NOTATION.fullmatch(x) or x.lower() in ALLOWED_REPEATS:
            return False
        return x.lower() == y.lower() or (min(len(x), len(y)) >= 4 and _stem_match(x, y))
    return [w.lower() for w in a] == [w.lower() for w in b] and not all(NOTATION.fullmatch(w) for w in a)


def repeated_words(text: str) -> list[str]:
    """Words said twice in a row: ``la aldea la aldea``, ``в деревне деревня`` (phrases of up to 3 words)."""
    found = []
    for run in RUN.finditer(text):
        words = WORD.findall(run[0])
        for n in (3, 2, 1):
            for i in range(len(words) - 2 * n + 1):
                if _same_words(words[i:i + n], words[i + n:i + 2 * n]):
                    found.append(" ".join(words[i:i + 2 * n]))
    return found


def sentence_problems(text: str, language: str, fragment: bool = False) -> list[str]:
    """What reads wrong in ``text`` (empty: nothing); ``fragment``: the text may start in lower case."""
    problems = [f"{r!r}: words twice in a row" for r in repeated_words(text)]
    for m in BRACKETED.finditer(text):
        if _stem_match(m[1], m[2]):
            problems.append(f"{m[0]!r}: the word again in brackets")
    for m in SENTENCE_START.finditer(LIST_ELLIPSIS.sub("", text)):
        first = m[1]
        if m.start(1) == 0 and fragment:
            continue
        if not first.isalpha() or not first.islower():
            continue
        tokens = m.string[:m.start(1)].lower().split()
        if tokens and (tokens[-1] in ABBREVIATIONS or "".join(tokens[-2:]) in ABBREVIATIONS):
            continue
        problems.append(f"sentence starts in lower case: {m.string[max(0, m.start(1) - 20):m.start(1) + 30]!r}")
    wrong = WRONG_FORMS.get(language)
    if wrong is not None:
        problems += [f"{m[0]!r}: wrong form after the preposition" for m in wrong.finditer(text)]
    return problems


# --- the checker itself -------------------------------------------------------------------

@pytest.mark.parametrize("text, language, kind", [
    ("È ricostruita dal testo: il villaggio il villaggio 6 passi a ovest di Kyoto contiene un Elmo.", "it", "twice"),
    ("Se reconstruye a partir del texto: la aldea la aldea a 6 pasos al oeste de Kioto.", "es", "twice"),
    ("Цели (цели) бывают трёх типов.", "ru", "brackets"),
    ("Перед игрой каждый выбирает пять из своих 20 жетонов (жетоны).", "ru", "brackets"),
    ("На поле нет цели (цель).", "ru", "brackets"),
    ("Восстановлена по тексту: в деревне деревня в 6 клетках к западу от Киото.", "ru", "twice"),
    ("On the left, the village north-west of Edo with a Buddha. the land north-west of Edo is empty.", "en",
     "lower case"),
    ("It is Red's turn…. the land north-west of Edo is empty.", "en", "lower case"),
    ("Il Blu piazza il suo tassello su la terra a sud di Kyoto.", "it", "preposition"),
    ("Синий выкладывает жетон на суша к югу от деревни.", "ru", "preposition"),
    ("Деревня в 2 клетках к западу от Акита.", "ru", "preposition"),
])
def test_the_checker_finds_the_reported_mistakes(text: str, language: str, kind: str):
    problems = sentence_problems(text, language)
    assert problems and all(kind in p for p in problems), problems


@pytest.mark.parametrize("text, language", [
    ("Blue takes the High Helmet of Kyoto (Red 2, Blue 3). Red is to play.", "en"),
    ("The land north of Kyoto (HO34) is empty; a Samurai 2 lies on the sea south of Edo.", "en"),
    ("Il Blu cattura l'Elmo, battendo il Rosso per 3 a 2 (vedi R2: e.g. the rule).", "it"),
    ("Синий захватывает цель «Шлем» у деревни к западу от Акиты (Красный 2, Синий 3).", "ru"),
    ("Red has 1 + 2 = 3 on every piece: 2 2 are numbers.", "en"),
    ("Red: hand S1 S1 B2 H3 H3; pile 10", "en"),
    ("A city (Akita, Kyoto, ...) holds two.", "en"),
    ("Cualquier par de piezas, p. ej. un Yelmo con un Buda.", "es"),
    ("Шлем, Будда, Рисовое поле; поле, деревня.", "ru"),
    ("Il Blu può sollevare solo i suoi tasselli; после последнего хода.", "it"),
])
def test_the_checker_passes_right_sentences(text: str, language: str):
    assert sentence_problems(text, language) == []


# --- what is rendered -------------------------------------------------------------------------

def _example_texts() -> list[tuple[str, str, bool]]:
    """(where, text, is a fragment) of every step of every rulebook example and ruling, as the app shows it."""
    from samurai_lab.knizia.teaching.rulebook_examples import ExampleStepper, catalogue, load_example

    out = []
    for entry in catalogue():
        example = load_example(entry.key)
        for variant in example.variants:
            for coords in (False, True):
                stepper = ExampleStepper(example, variant)
                stepper.coords = coords
                for k in range(stepper.count + 1):
                    stepper.go(k)
                    where = f"{entry.key} {variant or 'as written'} step {k}{' (coordinates)' if coords else ''}"
                    out.append((f"{where} narration", stepper.narration(), False))
                    out.append((f"{where} action", stepper.action_line(), False))
                    out += [(f"{where} outcome", line, False) for line in stepper.outcome()]
                    out += [(f"{where} expected", line, False) for line in stepper.expected_lines()]
    return out


def _refusals(task, ruleset, state) -> list[str]:
    """What the rules say to a learner's wrong tries: a tile on a settlement, on a hex that holds one, a
    second tile without the fast mark."""
    board = state.board
    taken = [board.ids[i] for i, p in enumerate(state.tiles) if p is not None]
    tries = [PlaceTile(t.code, ref) for t in state.hand if not t.is_swap and not t.is_move
             for ref in (*task.focus[:1], *taken[:1])]
    first = next((a for a in state.legal_actions() if isinstance(a, PlaceTile) and not a.tile.fast), None)
    if first is not None:
        tries += [(first, a) for a in state.legal_actions() if isinstance(a, PlaceTile) and not a.tile.fast
                  and a.hex != first.hex and a.tile != first.tile][:1]
    out = []
    for attempt in tries:
        tried = state
        try:
            for action in attempt if isinstance(attempt, tuple) else (attempt,):
                tried = tried.apply(action)  # what Run.play asks the rules
        except IllegalMoveError as e:
            out.append(plain_text(tried, e.reason))
    assert out, f"no wrong try refused in task {task.id}"
    return out


def _lesson_texts() -> list[tuple[str, str, bool]]:
    """Every chapter, task, hint, success and the feedback of every first move of every task (and of ending
    the turn after it), the refusals of wrong tries, as the lesson shows them (hex ids put into words)."""
    out = []
    for ruleset in RULESETS:
        for chapter in CHAPTERS:
            out.append((f"{ruleset.edition} chapter {chapter.id} title", chapter.title_text(), False))
            start = chapter.tasks[0].position(ruleset)
            out += [(f"{ruleset.edition} chapter {chapter.id}", plain_text(start, p), False)
                    for p in chapter.paragraphs(ruleset)]
            for task in chapter.tasks:
                where = f"{ruleset.edition} task {task.id}"
                state = task.position(ruleset)
                out.append((f"{where} prompt", plain_text(state, task.text(ruleset)), False))
                out.append((f"{where} hint", plain_text(state, task.hint_text(ruleset)), False))
                out += [(f"{where} refused", reason, True) for reason in _refusals(task, ruleset, state)]
                for action in state.legal_actions():
                    if isinstance(action, (EndTurn, Pass)):
                        continue
                    run = Run(task, ruleset)
                    verdict = run.play(action)
                    out.append((f"{where} after {action}", plain_text(run.state, verdict.message), False))
                    if verdict.status == CONTINUE:  # the learner ends the turn: judged for good
                        verdict = run.end_turn()
                        out.append((f"{where} after {action}, end", plain_text(run.state, verdict.message), False))
                solution = solve(task, ruleset)
                assert solution is not None, where
                run = Run(task, ruleset)
                for action in solution:
                    verdict = run.play(action)
                assert verdict.status == SOLVED, where
                out.append((f"{where} solved", plain_text(run.state, verdict.message), False))
    return out


#: Every form a translation may ask of a place, after the preposition that takes it.
PLACE_FORMS = {"it": ("{w:di}", "{w:a}", "{w:da}", "{w:in}", "{w:su}"), "es": ("{w:de}", "{w:a}", "{w:en}"),
               "ru": ("от {w:gen}", "к {w:dat}", "на {w:acc}", "рядом с {w:ins}", "на {w:prep}")}


def _hex_texts() -> list[tuple[str, str, bool]]:
    """The words of every hex of the maps of 2, 3 and 4 players, with and without coordinates, in every form
    a sentence may ask for."""
    from samurai_lab.i18n import get_language

    out = []
    for n in (2, 3, 4):
        board = board_for(n)
        for i, hex_id in enumerate(board.ids):
            words = hex_words(board, i)
            out.append((f"{n} players {hex_id}", words, True))
            out.append((f"{n} players {hex_id} (coordinates)", hex_words(board, i, coords=True), True))
            out += [(f"{n} players {hex_id} {form}", form.format(w=words), True)
                    for form in PLACE_FORMS.get(get_language(), ())]
    return out


def _game_texts(games: int = 3, actions: int = 400) -> list[tuple[str, str, bool]]:
    """The log lines of a few seeded games of 2, 3 and 4 players (setup by hand included), both editions."""
    out = []
    for g in range(games):
        ruleset = RULESETS[g % 2]
        state = new_game(2 + g % 3, ruleset, seed=100 + g)
        rng = random.Random(g)
        for k in range(actions):
            if state.is_over:
                break
            action = random_action(state, rng)
            after = state.apply(action)
            where = f"game {g} action {k} {action}"
            out.append((where, describe_action(state, action, after), False))
            out.append((f"{where} (coordinates)", describe_action(state, action, after, coords=True), False))
            out.append((f"{where} phrase", action_phrase(state, action), True))
            if k % 25 == 0:
                out += [(f"{where} state", line, True) for line in describe_state(after).splitlines()]
                out += [(f"{where} view", line, True) for line in describe_state(after.view(0)).splitlines()]
            state = after
        out += [(f"game {g} end", line, True) for line in describe_state(state).splitlines()]
    return out


SOURCES = {"examples": _example_texts, "lesson": _lesson_texts, "hexes": _hex_texts, "games": _game_texts}


@lru_cache(maxsize=None)
def rendered(source: str, language: str) -> tuple[tuple[str, str, bool], ...]:
    with use_language(language):
        return tuple(SOURCES[source]())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_generated_sentences_read_right(source: str, language: str):
    texts = rendered(source, language)
    assert len(texts) > 20, "too few texts rendered to mean anything"
    problems = [f"{where}: {p}\n    {text!r}" for where, text, fragment in texts
                for p in sentence_problems(text, language, fragment)]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])


# --- the forms sentences ask for -------------------------------------------------------------------

def test_words_take_the_form_a_translation_asks_for():
    from samurai_lab.knizia.core.grammar import Word, WordList

    land = {"it": Word("la terra a nord di Kyoto", "it"), "es": Word("el mar al norte de Kioto", "es"),
            "ru": Word("суша к северу от Акиты", "ru")}
    assert "{p:su} / {p:di} / {p:in,cap}".format(p=land["it"]) == \
        "sulla terra a nord di Kyoto / della terra a nord di Kyoto / Nella terra a nord di Kyoto"
    assert "{p:di} / {p:a} / {p:in}".format(p=Word("Kyoto", "it")) == "di Kyoto / a Kyoto / a Kyoto"
    assert "{p:in}".format(p=Word("Akita", "it")) == "ad Akita"
    assert "{p:de} / {p:a} / {p:en}".format(p=land["es"]) == \
        "del mar al norte de Kioto / al mar al norte de Kioto / en el mar al norte de Kioto"
    assert "на {p:prep}, на {p:acc}, от {p:gen}".format(p=land["ru"]) == \
        "на суше к северу от Акиты, на сушу к северу от Акиты, от суши к северу от Акиты"
    assert "от {p:gen}, {p:ins}".format(p=Word("Акита", "ru")) == "от Акиты, Акитой"
    assert "в {p:prep}".format(p=Word("Киото", "ru")) == "в Киото"  # indeclinable
    assert "{p:>6}|{p}".format(p=Word("Edo", "en")) == "   Edo|Edo"
    both = WordList([Word("Акита", "ru"), Word("деревня HO03", "ru")], " и ".join)
    assert "не касается {w:gen}; {w:cap}".format(w=both) == "не касается Акиты и деревни HO03; Акита и деревня HO03"


def test_the_rulebook_words_decline_in_russian():
    with use_language("ru"):
        vocab = EDITION_1998.vocabulary
        assert "20 {t:gen}, с двумя {p:ins}, {p:cap}".format(t=vocab.tiles, p=vocab.pieces) == \
            "20 жетонов, с двумя целями, Цели"


def test_hidden_hands_agree_with_their_number_in_russian():
    state = new_game(2, EDITION_1998.with_options(setup="random", hands="random"), seed=1)
    with use_language("ru"):
        text = describe_state(state.view(0))
    assert "5 скрытых" in text and "скрыто" not in text, text
    with use_language("it"):
        assert "5 nascost" in describe_state(state.view(0))
