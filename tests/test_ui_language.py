"""The English-left checker, and the shared pages (header, landing page, feedback, address
messages, board labels) in every language."""

from __future__ import annotations

import json

import ipywidgets as widgets
import pytest

from language_check import english_left, english_words, html_texts, widget_texts


# --- the checker ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Choose a token", "Next", "Undo", "Show coordinates", "Home", "the village HO12", "Scegli il tile che vuoi",
    "Il player's turn", "Loading…", "Выберите token", "Ход: Black", "It's your turn", "Click on a hex",
    "Pass", "Rules of the game", "Пропустить ход (pass)",
])
def test_english_is_flagged(text: str) -> None:
    assert english_left([text]) == [text], english_words(text)


@pytest.mark.parametrize("text", [
    "Scegli un tassello", "Выберите жетон", "Elige una ficha", "Choisissez une pierre",
    "Il segnalino Elmo a Kyoto", "Ход: жетон «Замена цели» на HO12", "Samurai — Reiner Knizia",
    "Katana", "Iki-zumari", "IKI-ZUMARI", "samurai_lab", "Honshu, Kyushu, Shikoku, Hokkaido",
    "English · Italiano · Español · Русский · Français", "HO12 KY11 H4 B2", "Hans im Glück, Rio Grande Games",
    "No, non è il tuo turno: in attesa", "Con la ficha de cambio, come in un gioco", "Le but du jeu est simple",
    "Sea cual sea la ficha, ten cuidado", "Самураи (Samurai) — Кёто, Kyoto", "Gioca come vuoi", "12 / 30",
    "Projecteur", "Proiettore", "Проектор", "SAMOURAI — Iki-zumari", "SHIRO — крест, ANZEN — кольца, MEKURA — пусто",
    "Enter или пробел, Esc — отмена",
])
def test_other_languages_pass(text: str) -> None:
    assert english_left([text]) == [], english_words(text)


def test_a_latin_word_in_russian_is_english_left() -> None:
    assert english_left(["Пропустить Explorer"]) == ["Пропустить Explorer"]
    assert english_left(["Explorer"], language="ru") == ["Explorer"]
    assert english_left(["Explorer"], language="it") == []
    assert english_left(["Ход: Voila"], allow=["Voila"]) == []


def test_allow_takes_names_and_phrases() -> None:
    assert english_left(["Play with Taro"]) == ["Play with Taro"]
    assert english_left(["Gioca con Taro the Great"], allow=["Taro the Great"]) == []


def test_html_texts_strip_markup_and_read_spoken_attributes() -> None:
    markup = ('<style>.x { color: red } body::after { content: "Show" }</style><script>alert("Next")</script>'
              '<div title="Next step">Passo</div><p>Uno &amp; due</p><img alt="The board"><!-- Undo -->')
    texts = html_texts(markup)
    assert "Passo" in texts and "Uno & due" in texts
    assert "Next step" in texts and "The board" in texts
    assert not any("color" in t or "alert" in t or "Undo" in t for t in texts)
    assert english_left(texts) == ["Next step", "The board"]


def test_widget_texts_walk_every_text_of_a_tree() -> None:
    out = widgets.Output()
    out.outputs = ({"output_type": "stream", "name": "stdout", "text": "Printed line\n"},
                   {"output_type": "display_data", "data": {"text/html": "<b>Shown</b> html", "text/plain": "x"},
                    "metadata": {}})
    tab = widgets.Tab(children=[widgets.Label("Etichetta"), widgets.VBox([])])
    tab.titles = ("Tab one", "Tab two")
    tree = widgets.VBox([
        widgets.HTML("<h2>Title</h2><p>Paragraph</p>"),
        widgets.Button(description="Button", tooltip="Button tip"),
        widgets.Text(value="Typed", placeholder="Placeholder", description="Field"),
        widgets.Dropdown(options=[("Option one", 1), ("Option two", 2)]),
        widgets.ToggleButtons(options=["Toggle"], tooltips=["Toggle tip"]),
        widgets.HBox([widgets.Textarea("Area"), tab]),
        out,
    ])
    texts = widget_texts(tree)
    for expected in ("Title", "Paragraph", "Button", "Button tip", "Typed", "Placeholder", "Field",
                     "Option one", "Option two", "Toggle", "Toggle tip", "Area", "Etichetta", "Tab one",
                     "Tab two", "Printed line", "Shown html"):
        assert expected in texts, expected
    assert english_left(["Option one", "Tab two", "Typed"]) == ["Option one", "Tab two"]


def test_an_english_widget_is_caught_and_a_translated_one_passes() -> None:
    english = widgets.VBox([widgets.Button(description="Next turn"), widgets.HTML("<p>Choose a tile</p>")])
    italian = widgets.VBox([widgets.Button(description="Turno seguente"), widgets.HTML("<p>Scegli un tassello</p>")])
    assert english_left(widget_texts(english)) == ["Next turn", "Choose a tile"]
    assert english_left(widget_texts(italian)) == []


# --- the shared pages in every language ------------------------------------------------------------

from html.parser import HTMLParser  # noqa: E402

from samurai_lab.i18n import use_language  # noqa: E402
from samurai_lab.ui.common import Feedback  # noqa: E402
from samurai_lab.ui.header import APPS, AppHeader  # noqa: E402
from samurai_lab.ui.landing import landing_page  # noqa: E402
from samurai_lab.ui.query import parse_query  # noqa: E402

LANGS = ("it", "es", "ru")


class _Links(HTMLParser):
    """Every ``<a>`` of some HTML: its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.links.append(dict(attrs))


def links_of(markup: str) -> list[dict[str, str | None]]:
    parser = _Links()
    parser.feed(markup)
    return parser.links


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("notebook", [a.notebook for a in APPS])
def test_every_header_speaks_the_page_language(notebook: str, lang: str) -> None:
    with use_language(lang):
        header = AppHeader(notebook, coordinates=lambda on: None, query=f"lang={lang}")
    texts = widget_texts(header.widget)
    assert header.projector.description in texts and header.coordinates.description in texts
    assert english_left(texts, language=lang) == []
    script = header.script.outputs[0]["data"]["application/javascript"]
    assert f'document.documentElement.lang = "{lang}"' in script
    assert "A picture of the board" not in script and '"Position"' not in script


@pytest.mark.parametrize("lang", LANGS)
def test_the_landing_page_speaks_the_page_language_and_its_links_carry_it(lang: str) -> None:
    with use_language(lang):
        page = landing_page(query=f"lang={lang}")
    texts = widget_texts(page)
    assert len(texts) > 30
    assert english_left(texts, language=lang) == []
    body = next(c for c in page.children if "samurai-landing-body" in c._dom_classes)
    hrefs = [a["href"] for a in links_of(body.value)]
    assert hrefs and all(h.endswith(f"lang={lang}") for h in hrefs), hrefs
    assert f"explorer.ipynb?projector=1&lang={lang}" in hrefs


def test_the_english_landing_page_is_english() -> None:
    texts = widget_texts(landing_page(query=""))
    assert "Learn the rules" in texts and "Home" in texts
    assert len(english_left(texts)) > 10, "the checker finds the English it is made to find"


def test_the_language_switch_keeps_the_page_options_and_marks_the_current_language() -> None:
    with use_language("es"):
        header = AppHeader("explorer.ipynb", query="players=3&lang=es&edition=2015")
    links = links_of(header.language_switch.value)
    assert [a["hreflang"] for a in links] == ["en", "it", "es", "ru"]
    assert all(a["lang"] == a["hreflang"] for a in links)
    by_lang = {a["hreflang"]: a for a in links}
    assert by_lang["it"]["href"] == "explorer.ipynb?players=3&edition=2015&lang=it"
    assert by_lang["es"]["aria-current"] == "true"
    assert not any(a.get("aria-current") for code, a in by_lang.items() if code != "es")
    assert 'aria-label="Idioma"' in header.language_switch.value


def test_the_ikizumari_header_also_speaks_french() -> None:
    with use_language("fr"):
        header = AppHeader("ikizumari.ipynb", query="lang=fr")
    assert [a["hreflang"] for a in links_of(header.language_switch.value)] == ["en", "it", "es", "ru", "fr"]
    assert english_left(widget_texts(header.widget)) == []
    assert "Projecteur" in widget_texts(header.widget)
    assert [a["hreflang"] for a in links_of(AppHeader("lesson.ipynb", query="").language_switch.value)] == \
        ["en", "it", "es", "ru"]


def test_nav_links_carry_the_language_and_projector_mode() -> None:
    with use_language("ru"):
        header = AppHeader("game.ipynb", query="lang=ru")
        hrefs = [a["href"] for a in links_of(header.nav.value)]
        assert hrefs[0] == "index.ipynb?lang=ru" and all(h.endswith("?lang=ru") for h in hrefs)
        header.projector.value = True
        hrefs = [a["href"] for a in links_of(header.nav.value)]
        assert all(h.endswith("?projector=1&lang=ru") for h in hrefs), hrefs
        assert all("projector=1" in a["href"] for a in links_of(header.language_switch.value))
        header.projector.value = False
        assert all("projector" not in a["href"] for a in links_of(header.nav.value))


@pytest.mark.parametrize("lang", LANGS)
def test_feedback_and_address_messages_are_translated(lang: str) -> None:
    with use_language(lang):
        feedback = Feedback()
        feedback.report_unexpected(RuntimeError("boom"))
        q = parse_query("players=9&colour=red&lang=it&edition=1999&seed=x", {"players", "edition", "seed"})
        q.integer("players", 4, 2, 4)
        q.choice("edition", ("1998", "2015"), "1998")
        q.integer("seed", 1)
        message = q.message()
    assert "RuntimeError" in feedback.text
    assert english_left([feedback.text], allow=["RuntimeError"], language=lang) == []
    assert english_left(widget_texts(feedback.widget), allow=["RuntimeError"], language=lang) == []
    assert len(q.problems) == 4 and "'colour'" in message and "1999" in message
    names = ["players", "colour", "edition", "seed", "red"]
    assert english_left([message], allow=names, language=lang) == [], message
    assert english_left([message], language=lang) == [message], "the option names themselves stay as typed"


def test_russian_plurals_of_the_address_messages() -> None:
    with use_language("ru"):
        one = parse_query("a=" + "x" * 21, {"a"}).problems
        few = parse_query("a=" + "x" * 4022, {"a"}).problems
        many = parse_query("a=" + "x" * 4025, {"a"}).problems
    assert one == [] and few == ["a слишком длинный (4022 символа)"] and many == ["a слишком длинный (4025 символов)"]


def test_texts_glued_by_a_page_are_read_apart() -> None:
    assert english_left(["ГлавнаяУрокДвижок правилKatanaIki-zumari", "InizioLezioneKatana"]) == []
    assert english_left(["ГлавнаяNext", "InizioHome"]) == ["ГлавнаяNext", "InizioHome"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_boards_screen_reader_names_are_translated(lang: str) -> None:
    from samurai_lab.ui.board_client import board_client
    from samurai_lab.ui.grid_board import label_script

    with use_language(lang):
        hex_script = board_client().outputs[0]["data"]["application/javascript"]
        grid_script = label_script()
    for script in (hex_script, grid_script):
        assert "Game board. Arrow keys" not in script and '"game board"' not in script
    words = json.dumps({"it": "Tabellone di gioco", "es": "Tablero de juego", "ru": "Игровое поле"}[lang])[1:-1]
    assert words in hex_script and words in grid_script
    assert "Game board. Arrow keys" in board_client().outputs[0]["data"]["application/javascript"]


def test_a_preheated_kernel_reads_the_browsers_language_once_its_request_has_come(monkeypatch) -> None:
    """A preheated kernel learns its page's address and headers when it asks for the page's query: the
    browser's languages are read after that, not before."""
    from samurai_lab.ui import language

    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)

    def query_string() -> str:  # what waiting for the request does: the request's headers arrive
        monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "it-IT,it;q=0.9,en;q=0.8")
        return ""

    monkeypatch.setattr(language, "query_string", query_string)
    assert language.page_language() == "it"
