"""The English-left checker, and the shared pages (header, landing page, feedback, address
messages, board labels) in every language."""

from __future__ import annotations

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
    "Projecteur", "Proiettore", "Проектор",
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
