"""The Knizia teaching apps (rulebook examples, lesson, scoring, rule variants, engine tour) and the
board's own texts in Italian, Spanish and Russian: no English left after a few clicks, the rulebooks'
sentences quoted in their own language, and the pieces' letters in the edition's words."""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Iterator

import ipywidgets as widgets
import pytest

from language_check import english_left, html_texts, widget_texts
from samurai_lab import new_game
from samurai_lab.i18n import use_language
from samurai_lab.knizia.core.board import board_for
from samurai_lab.knizia.core.ruleset import PRESETS
from samurai_lab.knizia.core.tiles import CASTES
from samurai_lab.knizia.render.describe import hover_text, status_text
from samurai_lab.knizia.render.scene import caste_letter
from samurai_lab.knizia.render.svg import board_svg, legend_html
from samurai_lab.knizia.teaching.lessons import TASKS, solve
from samurai_lab.knizia.widgets.engine_tour import PARAGRAPHS, game_summary, paragraph, score_summary
from samurai_lab.knizia.widgets.from_url import examples_app, lesson_app, variants_app
from samurai_lab.knizia.widgets.scoring_explainer import scoring_app

LANGUAGES = ("it", "es", "ru")
QUOTE = re.compile(r'<blockquote\b[^>]*class="[^"]*samurai-source-quote[^"]*"[^>]*>.*?</blockquote>', re.DOTALL)
#: The settlements' names on the map are proper names: they stay as printed in every language.
PLACE_NAMES = tuple(sorted({i.name for i in board_for(4).info if i.name}))
#: Words that stay besides the checker's own names: the map's place names.
ALLOW = PLACE_NAMES


def _minus(texts: list[str], removed: Iterable[str]) -> list[str]:
    """``texts`` without one occurrence of each of ``removed``."""
    left = Counter(removed)
    out = []
    for t in texts:
        if left[t] > 0:
            left[t] -= 1
        else:
            out.append(t)
    return out


def quotations(widget: widgets.Widget) -> list[str]:
    """The texts of the rulebooks' sentences quoted in their own language (``samurai-source-quote``)."""
    out: list[str] = []
    for w in _all_widgets(widget):
        if isinstance(w, widgets.HTML):
            for block in QUOTE.findall(w.value):
                out += html_texts(block)
    return out


def _all_widgets(widget: widgets.Widget) -> list[widgets.Widget]:
    seen: dict[int, widgets.Widget] = {}
    stack = [widget]
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen[id(w)] = w
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, widgets.Widget):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack += [v for v in value if isinstance(v, widgets.Widget)]
    return list(seen.values())


def english_in(app_widget: widgets.Widget, lang: str) -> list[str]:
    """The texts of an app that are still English (the quotations, in their own language, left out)."""
    texts = _minus(widget_texts(app_widget), quotations(app_widget))
    return english_left(texts, allow=ALLOW, language=lang)


def examples_tour(app) -> Iterator[None]:
    """Every step of E1, a step of E5, its sandbox, a ruling's other option."""
    assert app.entry.key == "E1"
    while not app.next_button.disabled:
        app.step_by(1)
        yield
    app.open("E5")
    app.step_by(1)
    yield
    app.start_sandbox()
    yield
    app.leave_sandbox()
    app.open("R2")
    app.variant.value = app.variant.options[-1][1]  # the ruling's other option
    yield


def lesson_tour(app) -> Iterator[None]:
    """Three tasks with their hints, solved; a retry, a solution, the 2015 words, the next task."""
    for task in TASKS[:3]:
        app.open_task(task)
        app.show_hint()
        for action in solve(task, app.ruleset):
            app.play(action)
        assert task.id in app.solved
        yield
    app.retry()
    app.show_solution()
    yield
    app.set_edition("2015")
    app.go(1)
    yield


def scoring_tour(app) -> Iterator[None]:
    """The steps shown one by one; a rulebook example; too many pieces (a warning)."""
    app.show_steps(1)
    app.step_by(1)
    yield
    app.load_preset("E10")
    app.set_players(2)
    app.inputs[0][0].value = 9  # more than the supply: a warning
    assert app.feedback.kind == "warning"
    yield


def variants_tour(app) -> Iterator[None]:
    """Two rulings, in the 1998 and the 2015 words."""
    app.show_ruling("R3")
    yield
    app.set_edition("2015")
    app.show_ruling("R4")
    yield


#: Each teaching app, opened from its address, and a tour of it: its texts are checked at every stop.
TOURS = {"examples": (examples_app, examples_tour), "lesson": (lesson_app, lesson_tour),
         "scoring": (scoring_app, scoring_tour), "rule variants": (variants_app, variants_tour)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", TOURS)
def test_the_teaching_apps_speak_the_page_language(name, lang):
    open_app, tour = TOURS[name]
    with use_language(lang):
        app = open_app(query=f"lang={lang}")
        left = english_in(app.widget, lang)
        for _ in tour(app):
            left += english_in(app.widget, lang)
    assert left == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_examples_quote_the_rulebooks_in_their_own_language(lang):
    with use_language(lang):
        app = examples_app(query=f"lang={lang}")
        html = app.sources.value
    quotes = QUOTE.findall(html)
    assert len(quotes) == 2  # E1 is told by the Italian and the Russian rulebooks of 1998
    assert 'lang="it"' in quotes[0] and html_texts(quotes[0])[0].startswith("Il Blu cattura l'Elmo")
    assert 'lang="ru"' in quotes[1]
    assert html_texts(quotes[1])[0].startswith("Синий захватывает Шлем")
    outside = QUOTE.sub("", html)
    assert english_left(html_texts(outside), language=lang) == []  # the headings are translated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ruleset_panel_speaks_the_page_language(lang):
    from samurai_lab.knizia.widgets.ruleset_panel import RulesetPanel

    with use_language(lang):
        panel = RulesetPanel()
        panel.edition.value = "2015"
        assert english_left(widget_texts(panel.widget), language=lang) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_board_texts_speak_the_page_language(lang):
    state = new_game(3, PRESETS["2015"].with_options(setup="random", hands="random"), seed=4)
    with use_language(lang):
        texts = html_texts(legend_html(state)) + html_texts(board_svg(state, size=20, heat="H"))
        texts += [hover_text(state, i) for i in (state.board.edo, state.board.land[0], state.board.sea[0])]
        texts.append(status_text(state))
    assert english_left(texts, allow=ALLOW, language=lang) == []


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_pieces_wear_the_letter_of_their_caste_in_the_edition_s_words(lang):
    state = new_game(4, PRESETS["2015"].with_options(setup="random", hands="random"), seed=4)
    with use_language(lang):
        letters = {caste_letter(c, "2015") for c in CASTES}
        svg = board_svg(state, size=30)
        castle = PRESETS["2015"].vocabulary.caste(CASTES[0])
    assert castle[0] in letters and "H" not in letters
    drawn = set(re.findall(r'font-weight="bold"[^>]*>([^\W\d])</text>', svg))
    assert drawn == letters


def test_the_1998_helmet_keeps_its_letter_in_english():
    assert caste_letter(CASTES[0], "1998") == "H" and caste_letter(CASTES[0], "2015") == "C"
    with use_language("ru"):
        assert caste_letter(CASTES[0], "1998") == "Ш"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_engine_tour_prose_and_results_speak_the_page_language(lang):
    from samurai_lab import EDITION_1998, score_state
    from samurai_lab.knizia.core.playout import play_random_game

    rules = EDITION_1998.with_options(setup="random", hands="random")
    end, actions = play_random_game(4, rules, seed=2026)
    with use_language(lang):
        texts = [paragraph(step) for step in PARAGRAPHS]
        texts += game_summary(end, actions).splitlines()
        texts += score_summary(end, score_state(end)).splitlines()
    assert english_left(texts, allow=ALLOW, language=lang) == []
    with use_language("en"):
        assert paragraph("intro").startswith("The rules engine")
    assert texts[0] != paragraph("intro")


def test_the_check_finds_the_english_of_an_english_page():
    app = examples_app(query="lang=en")
    app.step_by(1)
    left = english_in(app.widget, "it")
    assert any("Outcome:" in t for t in left) and any("Try it yourself" in t for t in left)
    quoted = quotations(app.widget)
    assert quoted and not set(quoted) & set(left)  # the quotations are left out, in whatever language
