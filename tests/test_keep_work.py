"""Switching language keeps the work: the header's language links carry it, each app reopens from it; an
address's unknown language or unreadable position is said plainly."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlencode, urlsplit

from samurai_lab.i18n import use_language
from samurai_lab.knizia.scenarios import position_string
from samurai_lab.knizia.widgets.explorer import Explorer
from samurai_lab.knizia.widgets.from_url import examples_app, game_app, lesson_app
from samurai_lab.knizia.widgets.game import GameApp, table_players, unpack_record
from samurai_lab.knizia.teaching.game_session import Player
from samurai_lab.ui.header import AppHeader, nav_html
from samurai_lab.ui.language import unknown_language


def link_options(header: AppHeader, lang: str) -> dict[str, str]:
    """The options of the header's link to ``lang``."""
    href = html.unescape(re.search(rf'href="([^"]+)"[^>]*hreflang="{lang}"', header.language_switch.value)[1])
    return {k: v[-1] for k, v in parse_qs(urlsplit(href).query).items()}


def test_the_work_replaces_the_options_it_makes_stale() -> None:
    header = AppHeader("explorer.ipynb", query="seed=4&start=midgame&projector=1&lang=it")
    header.keep_work([("position", "a b c")], replaces=("seed", "start"))
    assert link_options(header, "es") == {"projector": "1", "position": "a b c", "lang": "es"}
    header.keep_work([("position", "d e f")], replaces=("seed", "start"))
    assert link_options(header, "ru")["position"] == "d e f"


def test_show_coordinates_follows_the_language_links() -> None:
    header = AppHeader("explorer.ipynb", coordinates=lambda on: None, query="coordinates=1")
    assert link_options(header, "it")["coordinates"] == "1"
    header.coordinates.value = False
    assert "coordinates" not in link_options(header, "it")


def test_explorer_links_carry_the_position_and_reopen_it() -> None:
    app = Explorer.from_query("players=2&seed=3")
    move = next(a for a in app.state.legal_actions() if type(a).__name__ == "PlaceTile")
    app.commit(move)
    app.refresh()
    carried = link_options(app.app_header, "it")
    assert carried["position"] == position_string(app.state) and "seed" not in carried
    with use_language("it"):
        again = Explorer.from_query(urlencode({"position": position_string(app.state), "lang": "it"}))
    assert position_string(again.state) == position_string(app.state)


def test_an_unreadable_position_is_said_plainly_in_the_page_language() -> None:
    app = Explorer.from_query("position=garbage")
    assert app.feedback.kind == "warning"
    assert app.feedback.text == ("The position in this link could not be read, so the board shows the start of a new "
                                 "game instead.")
    with use_language("it"):
        app = Explorer.from_query("position=garbage&start=midgame&lang=it")
    assert "posizione" in app.feedback.text and "partita in corso" in app.feedback.text


def test_game_links_carry_the_record_and_reopen_the_table() -> None:
    app = GameApp(bot_pause=0, sleep=lambda s: None)
    app.form.rules.players.value = 2
    app.start_from_form()
    carried = link_options(app.header, "es")
    assert unpack_record(carried["record"]) == app.session.record()
    assert "Samurai" not in carried["record"]  # packed: the hands are not readable in the address
    again = game_app(urlencode({"record": carried["record"]}), bot_pause=0, sleep=lambda s: None)
    assert again.current_screen == "table"
    assert [p.is_bot for p in again.session.players] == [p.is_bot for p in app.session.players]
    plain = game_app(urlencode({"record": app.session.record()}), bot_pause=0, sleep=lambda s: None)
    assert plain.current_screen == "table"  # a record as written opens too
    broken = game_app("record=nonsense", bot_pause=0)
    assert broken.current_screen == "setup" and "could not be read" in broken.feedback.text


def test_table_header_gives_the_seats() -> None:
    assert table_players("Green person, Yellow greedy") == [Player.person("Green"), Player.bot("greedy", "Yellow")]
    assert table_players("") is None


def test_lesson_links_carry_the_task_and_the_progress() -> None:
    app = lesson_app("task=capture-one&solved=map-edo,nonsense&edition=2015")
    assert app.task.id == "capture-one" and app.solved == {"map-edo"} and app.ruleset.edition == "2015"
    assert link_options(app.header, "ru") == {"task": "capture-one", "edition": "2015", "solved": "map-edo",
                                              "lang": "ru"}


def test_examples_links_carry_the_example_and_step() -> None:
    app = examples_app("example=E2&step=2")
    assert app.stepper.index == 2 and app.player.value == 2
    app.go(3)
    assert link_options(app.header, "it")["step"] == "3" and link_options(app.header, "it")["example"] == "E2"


def test_an_unknown_language_is_named_like_any_other_option() -> None:
    assert unknown_language("lang=xx") == "xx"
    assert unknown_language("lang=it") is None and unknown_language("") is None
    assert unknown_language("lang=fr") == "fr" and unknown_language("lang=fr", ("en", "fr")) is None
    header = AppHeader("map.ipynb", query="lang=xx")
    assert "lang='xx' is not one of en, it, es, ru" in html.unescape(header.notice.value)
    assert AppHeader("map.ipynb", query="lang=it").notice.value == ""


def test_apps_that_do_not_speak_the_page_language_are_linked_in_english() -> None:
    with use_language("fr"):
        nav = nav_html("ikizumari.ipynb", lang="fr")
    lesson = re.search(r'<a href="(lesson[^"]+)"[^>]*title="([^"]+)"', nav)
    assert "lang=en" in lesson[1] and "(en anglais)" in lesson[2]
    ikizumari = re.search(r'<a href="(ikizumari[^"]+)"', nav)
    assert ikizumari is None or "lang=fr" in ikizumari[1]
