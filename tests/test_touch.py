"""The boards' side of touch: each tells its page script how large its cells are on the screen (the lens opens
on cells smaller than a finger) and says how to play by touch, in the game's language."""

from __future__ import annotations

import json

import pytest

from samurai_lab import EDITION_1998, new_game
from samurai_lab.i18n import use_language
from samurai_lab.ikizumari.widgets.board import BoardView as IkizumariBoard
from samurai_lab.katana.core.state import new_game as new_katana_game
from samurai_lab.katana.widgets.board import KatanaBoard
from samurai_lab.knizia.widgets import BoardView
from samurai_lab.ui.board_client import board_client
from samurai_lab.ui.touch import MIN_TARGET_PX, help_html, needs_lens, touch_help

PHONE = {"w": 360, "vw": 390, "vh": 844, "top": 300, "dpr": 3}
DESKTOP = {"w": 1100, "vw": 1280, "vh": 1000, "top": 200, "dpr": 1}


def cell(space_text) -> float:
    """The cell size the page script reads (the placeholder of the board's measure input)."""
    return float(space_text.placeholder)


def test_knizia_board_tells_its_hex_size_and_how_to_tap() -> None:
    view = BoardView(new_game(4, EDITION_1998.with_options(setup="random", hands="random"), seed=4))
    view.space.value = json.dumps(PHONE)
    phone = cell(view.space)
    assert 15 < phone < MIN_TARGET_PX  # a hex's height on a 390 px phone: a finger needs the lens
    assert "magnify" in view.touch_help.value and 'data-whole="Whole board"' in view.touch_help.value
    assert "samurai-touch-help" in view.touch_help._dom_classes and view.touch_help in view.widget.children
    view.space.value = json.dumps(DESKTOP)
    assert cell(view.space) > phone
    view.set_focus(["Edo"])  # a focus zooms: bigger hexes
    assert cell(view.space) >= MIN_TARGET_PX
    assert "magnify" not in view.touch_help.value and "tap a hex" in view.touch_help.value


def test_square_boards_tell_their_square_size_in_the_games_language() -> None:
    katana = KatanaBoard(new_katana_game())
    katana.lang = lambda: "it"
    katana.frame.space_text.value = json.dumps(PHONE)
    assert cell(katana.frame.space_text) < MIN_TARGET_PX
    assert "ingrandirlo" in katana.frame.touch_help.value and "Tutto il tabellone" in katana.frame.touch_help.value
    katana.frame.space_text.value = json.dumps(DESKTOP)
    assert cell(katana.frame.space_text) >= MIN_TARGET_PX
    assert "casella" in katana.frame.touch_help.value and "ingrandirlo" not in katana.frame.touch_help.value
    iki = IkizumariBoard(lang=lambda: "fr")
    iki.frame.space_text.value = json.dumps(PHONE)
    assert "Écran tactile" in iki.frame.touch_help.value and "Tout le plan de jeu" in iki.frame.touch_help.value


@pytest.mark.parametrize("lang", ["it", "es", "ru", "fr"])
def test_touch_texts_are_translated(lang: str) -> None:
    with use_language(lang):
        for kind in ("hex", "square"):
            for size in (20.0, 60.0):
                assert not touch_help(kind, size).startswith("Touch screen")
        assert "Whole board" not in help_html("hex", 20.0)


def test_the_page_gets_the_touch_script_with_every_board() -> None:
    with use_language("es"):
        scripts = [o["data"]["application/javascript"] for o in board_client().outputs]
    assert any("samuraiBoardTouch" in s and "Todo el tablero" in s for s in scripts)
    assert needs_lens(MIN_TARGET_PX - 1) and not needs_lens(MIN_TARGET_PX)
