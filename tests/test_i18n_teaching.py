"""The lesson and the rulebook examples in the rulebooks' languages: the lesson is solvable in Italian,
Spanish and Russian with the same checks as in English, wrong tries are answered in the learner's
language naming the rule, the examples and rulings are narrated in every language, and each rulebook
example quotes the rulebook's own sentences exactly."""

from __future__ import annotations

import glob
import re
from pathlib import Path

import pytest

from test_lessons import first_wrong
from samurai_lab import EDITION_1998, EDITION_2015, parse_action
from samurai_lab.i18n import use_language
from samurai_lab.knizia.core.board import board_for
from samurai_lab.knizia.scenarios import load_scenario
from samurai_lab.knizia.teaching.lessons import (CHAPTERS, CONTINUE, SOLVED, TASKS, WRONG, Run, progress_text,
                                                 settlement_name, solve, task_by_id)

ROOT = Path(__file__).resolve().parents[1]
#: The rulebooks: ../shared/seeds beside the repository (as on the project's machines and in CI).
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
LANGS = ["it", "es", "ru"]
EDITIONS = [EDITION_1998, EDITION_2015]
IDS = [t.id for t in TASKS]

# Words of the rules that feedback on a wrong try must use, in each language (at least one of them).
RULE_WORDS = {
    "it": r"conta solo|non tocca|circondat|più alt|rimoss|pareggio|continua|vinc|richiede",
    "es": r"solo cuenta|no toca|rodead|más alta|apart|empate|sigue|gana|necesita",
    "ru": r"действует только|не касается|не окружён|наибольш|за пределы|ничь|продолжается|побежда|нужен",
}
# English words that never belong in a translated text (proper names such as Kyoto, Edo, Honshu,
# Kyushu, Shikoku, Hokkaido, Akita, Samurai, Ronin, hex ids and rule option values may stay).
ENGLISH = re.compile(r"\b(the|and|your|with|that|this|tiles?|pieces?|turn|takes?|lay|only|which|each|every|from|"
                     r"next|village|city|wins?|not)\b", re.I)


def _english_left(text: str) -> list[str]:
    return ENGLISH.findall(text)


# --- the lesson --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", EDITIONS, ids=lambda r: r.edition)
@pytest.mark.parametrize("task_id", IDS)
def test_every_task_is_solvable_in_every_language(task_id, ruleset, lang):
    task = task_by_id(task_id)
    with use_language(lang):
        actions = solve(task, ruleset)
        assert actions is not None and len(actions) <= task.moves
        run = Run(task, ruleset)
        for a in actions[:-1]:
            v = run.play(a)
            assert v.status == CONTINUE and "{" not in v.message and not _english_left(v.message), v.message
        verdict = run.play(actions[-1])
    assert verdict.status == SOLVED, verdict.message
    assert verdict.message and "{" not in verdict.message
    assert not _english_left(verdict.message), verdict.message


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", EDITIONS, ids=lambda r: r.edition)
@pytest.mark.parametrize("task_id", IDS)
def test_a_wrong_try_gets_feedback_in_the_language_naming_the_rule(task_id, ruleset, lang):
    with use_language(lang):
        action, verdict = first_wrong(task_by_id(task_id), ruleset)
    assert re.search(RULE_WORDS[lang], verdict.message, re.I), f"{action}: {verdict.message}"
    assert "{" not in verdict.message
    assert not _english_left(verdict.message), verdict.message


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", EDITIONS, ids=lambda r: r.edition)
def test_every_lesson_text_is_translated(lang, ruleset):
    english = {}
    for ch in CHAPTERS:
        english[ch.id] = [ch.title_text(), *ch.paragraphs(ruleset)]
        for t in ch.tasks:
            english[t.id] = [t.prompt_text(ruleset), t.hint_text(ruleset), t.success_text(ruleset)]
    with use_language(lang):
        for ch in CHAPTERS:
            texts = [ch.title_text(), *ch.paragraphs(ruleset)]
            for t in ch.tasks:
                texts += [t.prompt_text(ruleset), t.hint_text(ruleset), t.success_text(ruleset)]
            for text in texts:
                assert "{" not in text and not _english_left(text), f"{lang}: {text}"
            assert texts[0] != english[ch.id][0]


def test_hand_picked_feedback_in_each_language():
    cases = {
        "it": ("il tuo tassello Elmo 4 conta solo per Elmi, non per il segnalino Buddha", "del villaggio HO14"),
        "es": ("tu Yelmo 4 solo cuenta para Yelmos, no para la pieza de Buda", "la aldea HO14"),
        "ru": ("ваш жетон «Шлем 4» действует только на цели «Шлемы», а не на цель «Будда»", "из деревни HO14"),
    }
    for lang, (note, where) in cases.items():
        with use_language(lang):
            run = Run(task_by_id("capture-one"), EDITION_1998)
            verdict = run.play(parse_action("H4@HO18"))
        assert verdict.status == WRONG
        assert note in verdict.message and where in verdict.message, verdict.message


def test_the_russian_lesson_has_three_plural_forms():
    with use_language("ru"):
        assert progress_text(0, 1, 21).endswith("решено 1 из 21 задания")
        assert progress_text(0, 2, 14).endswith("решено 2 из 14 заданий")
        assert progress_text(2, 5, 15).startswith("Глава 3 из 8")
        run = Run(task_by_id("turn-two"), EDITION_2015)
        assert "ещё до 2 жетонов" in run.play(parse_action("R3@HO08")).message


def test_settlements_are_named_in_each_language():
    board = board_for(2)
    village, kyoto = board.resolve("HO12"), board.resolve("Kyoto")
    assert settlement_name(board, village) == "the village HO12"
    want = {"it": "il villaggio HO12", "es": "la aldea HO12", "ru": "деревня HO12"}
    names = {"it": "Kyoto", "es": "Kioto", "ru": "Киото"}  # the map's names as each language writes them
    for lang, text in want.items():
        with use_language(lang):
            assert settlement_name(board, village) == text
            assert settlement_name(board, kyoto) == names[lang]


# --- the rulebook examples and rulings -----------------------------------------------------------

SCENARIOS = sorted(p for p in glob.glob(str(ROOT / "scenarios" / "*.toml")))
EXAMPLES = [p for p in SCENARIOS if re.search(r"-e\d+-", Path(p).name)]
RULINGS = [p for p in SCENARIOS if Path(p).name.startswith("ruling-r")]


def test_the_ten_examples_and_four_rulings_are_there():
    assert len(EXAMPLES) == 10 and len(RULINGS) == 4


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", EXAMPLES + RULINGS, ids=lambda p: Path(p).stem)
def test_every_example_and_ruling_is_narrated_in_the_language(path, lang):
    sc = load_scenario(path)
    english = [sc.title_text(), sc.description_text(), *(s.narration_text() for s in sc.steps if s.narration)]
    english += [v.description for v in sc.variants if v.description]
    with use_language(lang):
        texts = [sc.title_text(), sc.description_text(), *(s.narration_text() for s in sc.steps if s.narration)]
        texts += [v.description_text() for v in sc.variants if v.description]
    assert len(texts) == len(english)
    for en, text in zip(english, texts):
        assert text and text != en, f"{Path(path).name} has no {lang} text for {en[:60]!r}"
        assert not _english_left(text), f"{Path(path).name} ({lang}): {_english_left(text)} in {text[:80]!r}"


def _normalised(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def _seed_text(seed: str) -> str:
    return _normalised(next(SEEDS.glob(f"{seed}_*.txt")).read_text(encoding="utf-8"))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not on this machine")
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: Path(p).stem)
def test_every_example_quotes_the_rulebooks_own_sentences(path):
    sc = load_scenario(path)
    want = {"000": "it", "001": "ru"} if Path(path).name.startswith("1998-") else {"002": "es"}
    assert {s.seed for s in sc.sources} == set(want), f"{Path(path).name}: sources {[s.seed for s in sc.sources]}"
    for s in sc.sources:
        assert s.language == want[s.seed]
        assert _normalised(s.text) in _seed_text(s.seed), f"{Path(path).name}: not in {s.seed}: {s.text[:80]!r}"


def test_a_bad_source_is_reported_with_every_other_problem(tmp_path):
    from samurai_lab.knizia.scenarios import ScenarioError
    text = (ROOT / "scenarios" / "1998-e1-blue-takes-helmet.toml").read_text(encoding="utf-8")
    text = text.replace('language = "it"', 'language = "xx"').replace('seed = "001"', 'seeds = "001"')
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(bad)
    message = str(err.value)
    assert "source[1].language" in message and "source[2]" in message


# --- plain words for hexes -------------------------------------------------------------------------

def test_hexes_are_named_in_words_of_each_language():
    from samurai_lab.knizia.teaching.words import hex_words
    board = board_for(4)
    want = {
        "en": ["Kyoto", "the land north-west of Edo", "the village south of Akita",
               "the sea south of the village south-east of Akita"],
        "it": ["Kyoto", "la terra a nord-ovest di Edo", "il villaggio a sud di Akita",
               "il mare a sud del villaggio a sud-est di Akita"],
        "es": ["Kioto", "la tierra al noroeste de Edo", "la aldea al sur de Akita",
               "el mar al sur de la aldea al sureste de Akita"],
        "ru": ["Киото", "суша к северо-западу от Эдо", "деревня к югу от Акиты",
               "море к югу от деревни к юго-востоку от Акиты"],
    }
    for lang, words in want.items():
        with use_language(lang):
            assert [hex_words(board, h) for h in ("HO35", "HO20", "HO12", "SEA32")] == words
            assert hex_words(board, "HO20", coords=True) == f"{words[1]} (HO20)"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_hex_has_its_own_words_in_each_language(lang, players):
    from samurai_lab.knizia.teaching.words import hex_words
    board = board_for(players)
    with use_language(lang):
        words = [hex_words(board, i) for i in range(len(board.ids))]
    assert len(set(words)) == len(words)
    assert not any("{" in w or _english_left(w) for w in words)


def test_russian_hex_words_use_three_plural_forms():
    from samurai_lab.knizia.teaching.words import _near_words
    with use_language("ru"):
        assert _near_words("land", 2, "north", "от Edo") == "суша в 2 клетках к северу от Edo"
        assert _near_words("sea", 5, "west", "от Edo") == "море в 5 клетках к западу от Edo"
