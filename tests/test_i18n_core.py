"""The layers below the apps speak the rulebooks' languages: refusals, the vocabulary of each edition,
plural forms, scenario problems, scoring and hints, in English, Italian, Spanish and Russian.

The words are those of the rulebooks in ../shared/seeds: 000 (Italian, 1998), 001 (Russian, 1998),
002 (Spanish, 2015); an edition a language has no rulebook of takes words derived from the one it has."""

from __future__ import annotations

import re

import pytest

from samurai_lab.i18n import get_language, use_language
from samurai_lab.knizia.bots import hints
from samurai_lab.knizia.core.actions import IllegalMoveError
from samurai_lab.knizia.core.playout import play_random_game
from samurai_lab.knizia.core.rules import apply_action, why_illegal
from samurai_lab.knizia.core.ruleset import EDITION_1998, EDITION_2015, RANDOM, RULINGS, VOCABULARY
from samurai_lab.knizia.core.scoring import score
from samurai_lab.knizia.core.state import new_game
from samurai_lab.knizia.core.text import end_reason_text
from samurai_lab.knizia.core.tiles import Caste, Figure
from samurai_lab.knizia.scenarios import ScenarioError, loads_scenario, parse_position, position_string
from samurai_lab.knizia.scenarios.errors import Problem

V1998, V2015 = VOCABULARY["1998"], VOCABULARY["2015"]
H, B, R = Caste.HELMET, Caste.BUDDHA, Caste.RICE


def _dealt(ruleset=EDITION_1998, seed: int = 3):
    """Play has begun: hands and pieces dealt at random (seed 3: Green holds the swap, not the move)."""
    return new_game(2, ruleset.with_options(setup=RANDOM, hands=RANDOM), seed=seed)


def _swap_without(state, caste: Caste) -> str:
    """A swap that names a ``caste`` piece in a settlement without one."""
    ids = state.board.ids
    empty = next(s for s in state.board.settlements if state.pieces[s] and caste not in state.pieces[s])
    other = next(s for s in state.board.settlements if s != empty and state.pieces[s])
    return f"X {ids[empty]}:{caste.value} {ids[other]}:{state.pieces[other][0].value}"


# --- the vocabulary of each edition in each language -------------------------------------------------

VOCABULARY_WORDS = {
    # language: {edition: (castes, tile, piece, swap, move, fast, colours)}
    "en": {"1998": (("High Helmet", "Buddha", "Rice field"), "token", "figure", "figure exchange", "token exchange",
                    "Japanese character", ("green", "yellow", "blue", "red")),
           "2015": (("Castle", "Buddha", "Rice"), "tile", "caste piece", "swap tile", "move tile", "quick icon",
                    ("gold", "red", "green", "purple"))},
    # 000 (Italian, 1998): tasselli, segnalini, Elmo / Buddha / Risaia, "scambio segnalini", "scambio tasselli",
    # the "carattere Giapponese", Verde / Giallo / Blu / Rosso. 2015 derived from 000.
    "it": {"1998": (("Elmo", "Buddha", "Risaia"), "tassello", "segnalino", "scambio segnalini", "scambio tasselli",
                    "carattere giapponese", ("verde", "giallo", "blu", "rosso")),
           "2015": (("Castello", "Buddha", "Riso"), "tassello", "segnalino di casta", "scambio segnalini",
                    "scambio tasselli", "icona rapida", ("oro", "rosso", "verde", "viola"))},
    # 002 (Spanish, 2015): fichas, piezas de casta, Castillo / Buda / Arroz, ficha de cambio, ficha de movimiento,
    # icono rápido, dorado / rojo / verde / morado. 1998 derived from 002.
    "es": {"1998": (("Yelmo", "Buda", "Arrozal"), "ficha", "pieza de casta", "ficha de cambio", "ficha de movimiento",
                    "carácter japonés", ("verde", "amarillo", "azul", "rojo")),
           "2015": (("Castillo", "Buda", "Arroz"), "ficha", "pieza de casta", "ficha de cambio", "ficha de movimiento",
                    "icono rápido", ("dorado", "rojo", "verde", "morado"))},
    # 001 (Russian, 1998): жетоны, цели, Шлем / Будда / Рисовое поле, Замена цели, Замена жетона, Японский Иероглиф,
    # Зеленый / Желтый / Синий / Красный. 2015 derived from 001.
    "ru": {"1998": (("Шлем", "Будда", "Рисовое поле"), "жетон", "цель", "Замена цели", "Замена жетона",
                    "японский иероглиф", ("зелёный", "жёлтый", "синий", "красный")),
           "2015": (("Замок", "Будда", "Рис"), "жетон", "цель", "Замена цели", "Замена жетона", "знак быстрого хода",
                    ("золотой", "красный", "зелёный", "фиолетовый"))},
}


@pytest.mark.parametrize("lang", sorted(VOCABULARY_WORDS))
@pytest.mark.parametrize("edition", ["1998", "2015"])
def test_the_vocabulary_speaks_each_rulebook(lang: str, edition: str) -> None:
    castes, tile, piece, swap, move, fast, colours = VOCABULARY_WORDS[lang][edition]
    v = VOCABULARY[edition]
    with use_language(lang):
        assert tuple(v.caste(c) for c in (H, B, R)) == castes
        assert (v.tile, v.piece, v.swap, v.move, v.fast) == (tile, piece, swap, move, fast)
        assert tuple(v.colour(c) for c in v.colours) == colours
        assert v.figure(Figure.HELMET) == castes[0] and v.figure(Figure.SWAP) == swap
    # the data stays English whatever the language
    assert v.colours == (("green", "yellow", "blue", "red") if edition == "1998" else ("gold", "red", "green", "purple"))
    with use_language(lang):
        assert v.english("tile") == VOCABULARY_WORDS["en"][edition][1]


def test_the_language_is_read_when_the_words_are_used() -> None:
    assert get_language() == "en"
    assert V1998.caste(H) == "High Helmet"
    with use_language("it"):
        assert V1998.caste(H) == "Elmo"
        with use_language("ru"):
            assert V1998.caste(H) == "Шлем"
        assert V1998.tiles == "tasselli"
    assert V1998.tiles == "tokens"


def test_players_named_after_their_colour_are_named_in_the_language() -> None:
    state = _dealt()
    assert [s.name for s in state.seats] == ["Green", "Yellow"]  # data: English
    with use_language("it"):
        assert V1998.seat_names(state.seats) == ["Verde", "Giallo"]
        assert V1998.seat_name("Ann", "green") == "Ann"
    with use_language("ru"):
        assert V1998.seat_names(state.seats) == ["Зелёный", "Жёлтый"]


# --- refusals ---------------------------------------------------------------------------------------

def test_an_illegal_action_is_refused_in_each_language() -> None:
    state = _dealt()
    expected = {
        "en": "M HO05>HO20: you do not hold the token exchange",
        "it": "M HO05>HO20: non hai il tassello «scambio tasselli»",
        "es": "M HO05>HO20: no tienes la ficha de movimiento",
        "ru": "M HO05>HO20: у вас в руке нет жетона «Замена жетона»",
    }
    for lang, text in expected.items():
        with use_language(lang), pytest.raises(IllegalMoveError) as e:
            apply_action(state, "M HO05>HO20")
        assert str(e.value) == text


def test_italian_refusals_speak_rulebook_000() -> None:
    state = _dealt()
    with use_language("it"):
        assert why_illegal(state, "pass") == ("si può passare solo quando non si può piazzare alcun tassello (R1); "
                                              "gioca almeno un tassello")
        assert "segnalino Elmo" in why_illegal(state, _swap_without(state, H))
        setup = new_game(2, EDITION_1998, seed=1)
        assert "segnalini" in why_illegal(setup, "piece H@HO35")
    with use_language("ru"):
        assert "цели «Шлем»" in why_illegal(state, _swap_without(state, H))
        assert "жетон" in why_illegal(state, "pass")
    with use_language("es"):
        state15 = _dealt(EDITION_2015)
        assert "pieza de Castillo" in why_illegal(state15, _swap_without(state15, H))
        assert "ficha" in why_illegal(state15, "pass")


def test_malformed_input_is_refused_in_the_language() -> None:
    with use_language("es"):
        with pytest.raises(ValueError, match="ficha desconocida 'Q7'"):
            apply_action(_dealt(), "Q7@HO05")
        with pytest.raises(ValueError, match="en el mapa no hay ninguna casilla"):
            apply_action(_dealt(), "H2@ZZ99")
    with use_language("ru"):
        assert why_illegal(_dealt(), "hello").startswith("не удаётся прочитать действие 'hello'")


def test_english_refusals_are_unchanged() -> None:
    state = _dealt()
    assert why_illegal(state, "M HO05>HO20") == "you do not hold the token exchange"
    assert why_illegal(state, "pass") == ("passing is allowed only when no token can be placed (R1); play at least "
                                          "one token")
    assert why_illegal(state, "end") == "a player must play at least one token each turn"
    assert why_illegal(_dealt(EDITION_2015), "end") == "a player must play at least one tile each turn"


# --- end reasons: English data, shown in the language -------------------------------------------------

def test_the_end_reason_is_data_and_is_shown_in_the_language() -> None:
    with use_language("it"):
        final, _ = play_random_game(2, EDITION_1998.with_options(setup=RANDOM, hands=RANDOM), seed=5)
        assert final.is_over
        reason = final.end_reason
        assert reason.isascii()  # kept in English: positions, records and files do not depend on the language
        shown = end_reason_text(reason, final.ruleset.vocabulary)
        assert shown != reason
        assert why_illegal(final, "end").startswith(f"la partita è finita: {shown}; ")
        text = position_string(final)
    assert position_string(final) == text
    assert parse_position(text).end_reason == reason
    with use_language("ru"):
        assert end_reason_text("no Rice field piece is left on the board", V1998) == \
            "на поле не осталось ни одной цели «Рисовое поле»"
        assert end_reason_text("5 pieces have been set aside by ties", V1998) == "5 целей выведено из игры из-за ничьих"
        assert end_reason_text("written by hand", V1998) == "written by hand"


# --- plural forms -------------------------------------------------------------------------------------

@pytest.mark.parametrize("n, form", [(1, "цель"), (2, "цели"), (5, "целей"), (21, "цель"), (22, "цели"), (11, "целей")])
def test_russian_has_three_plural_forms(n: int, form: str) -> None:
    with use_language("ru"):
        assert V1998.count(B, n) == f"{n} {form} «Будда»"
        report = ScenarioError([Problem("f", "", "x")] * n).report()
    assert report.splitlines()[0] == f"{n} " + {"цель": "ошибка:", "цели": "ошибки:", "целей": "ошибок:"}[form]


def test_plural_forms_in_italian_spanish_and_english() -> None:
    with use_language("it"):
        assert (V1998.count(H, 1), V1998.count(H, 3)) == ("1 Elmo", "3 Elmi")
    with use_language("es"):
        assert (V2015.count(H, 1), V2015.count(H, 2)) == ("1 Castillo", "2 Castillos")
    assert (V1998.count(B, 1), V1998.count(B, 2), V2015.count(R, 2)) == ("1 Buddha", "2 Buddhas", "2 Rice")


# --- scenario problems ------------------------------------------------------------------------------------

def test_scenario_problems_in_spanish() -> None:
    text = 'title = "x"\nplayers = 5\nbogus = 1\n'
    with use_language("es"):
        with pytest.raises(ScenarioError) as e:
            loads_scenario(text, "prueba.toml")
        report = e.value.report()
    assert report.splitlines()[0] == "2 problemas:"
    assert "Samurai se juega con 2, 3 o 4 jugadores, no con 5" in report
    assert "clave desconocida 'bogus'" in report
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text, "test.toml")
    assert "Samurai is played by 2, 3 or 4 players, not 5" in e.value.report()


def test_position_string_problems_in_italian() -> None:
    with use_language("it"), pytest.raises(ScenarioError) as e:
        parse_position("not a position")
    assert "una posizione ha" in str(e.value)


# --- scoring, rulings and hints ----------------------------------------------------------------------------

def test_the_scoring_explanation_in_each_language() -> None:
    counts = [(2, 0, 1), (0, 3, 1)]
    assert score(counts, ["Green", "Red"], V1998).steps[0].text == (
        "Leaders. High Helmet: Green leads with 2; Buddha: Red leads with 3; Rice field: Green and Red tie with 1, "
        "no leader.")
    with use_language("it"):
        rep = score(counts, ["Verde", "Rosso"], V1998)
        assert rep.steps[0].text.startswith("Primi. Elmo: Verde è primo con 2; Buddha: Rosso è primo con 3; Risaia:")
        assert rep.explanation().endswith("Rosso vince.")
    with use_language("ru"):
        rep = score(counts, None, V1998)
        assert "«Рисовое поле»: Игрок 1 и Игрок 2 — поровну (1), лидера нет" in rep.steps[0].text
    with use_language("es"):
        assert score([(3, 2, 0), (0, 0, 1)], None, V2015).steps[-1].text == \
            "Jugador 1 lidera 2 castas y gana directamente."


def test_rulings_are_explained_in_the_language() -> None:
    r2 = next(r for r in RULINGS if r.id == "R2")
    assert r2.title == "When a surrounded settlement is resolved"
    with use_language("es"):
        assert r2.title == "Cuándo se resuelve un asentamiento rodeado"
        assert r2.explain("instant").startswith("al momento")
        assert EDITION_2015.rulings()[1][2].startswith("tras la última ficha del turno")
    assert r2.explain("instant").startswith("at once")


def test_hints_give_their_reasons_in_the_language() -> None:
    state = _dealt()
    english = hints(state, state.current, k=3)
    with use_language("ru"):
        russian = hints(state, state.current, k=3)
    assert [h.action for h in russian] == [h.action for h in english]
    assert all(any("а" <= ch <= "я" for ch in h.text) for h in russian)
    assert all(h.text.isascii() for h in english)


def test_every_name_of_the_map_is_in_the_catalogs():
    """Settlements and islands are named in each language (Russian in Cyrillic, as rulebook 001's Эдо)."""
    from samurai_lab.knizia.core.board import board_for, place_name, place_names
    from samurai_lab.knizia.teaching.words import ISLANDS

    names = {i.name for i in board_for(4).info if i.name} | set(ISLANDS.values())
    assert set(place_names()) == names
    with use_language("ru"):
        assert place_name("Edo") == "Эдо" and place_name("Kyoto") == "Киото"
        assert all(not re.search("[A-Za-z]", place_name(n)) for n in names)
