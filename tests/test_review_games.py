"""Reviews of Katana and Iki-zumari games: the search marks a random player's bad moves, explains them in
every language the game speaks, and ``samurai-lab review`` prints them as the same JSON as Knizia's."""

from __future__ import annotations

import json

import pytest

from samurai_lab.common.game import get_game
from samurai_lab.common.records import parse_record
from samurai_lab.common.review import explain, judgement_words, review_steps
from samurai_lab.common.review_search import judgement_of
from samurai_lab.i18n import use_language
from samurai_lab.tools.cli import main
from language_check import english_left
from review_records import IKIZUMARI, KATANA


KATANA_GAME, IKI_GAME = get_game("katana"), get_game("ikizumari")


def reviewed(game, text: str) -> tuple[list, list]:
    """The states of a record and every move of player 0 reviewed."""
    record = parse_record(game, text)
    return list(record.states), [r for _, _, r in review_steps(game, record.states, record.moves, 0)]


@pytest.fixture(scope="module")
def katana_reviews():
    return reviewed(KATANA_GAME, KATANA)


@pytest.fixture(scope="module")
def iki_reviews():
    return reviewed(IKI_GAME, IKIZUMARI)


def test_judgements_follow_the_loss_of_chance() -> None:
    assert [judgement_of(x) for x in (0.0, 0.05, 0.06, 0.12, 0.24, 1.0)] == \
        [None, None, "inaccuracy", "mistake", "blunder", "blunder"]


def test_katana_the_random_players_blunder_is_marked(katana_reviews) -> None:
    states, reviews = katana_reviews
    assert all(states[r.index].to_move == 0 for r in reviews)
    blunder = next(r for r in reviews if r.index == 18)
    assert blunder.judgement == "blunder" and blunder.best != blunder.played
    assert all(r.judgement is None for r in reviews if r.best == r.played)
    text = explain(KATANA_GAME, states, blunder)
    assert text[0].startswith("Move 19 (Black)") and text[1].startswith("Played: Black moves f9-f3")
    assert text[2].startswith("Better: Black moves")


def test_ikizumari_a_missed_forced_win_is_a_blunder(iki_reviews) -> None:
    states, reviews = iki_reviews
    missed = next(r for r in reviews if r.index == 12)
    assert missed.before == 1.0 and missed.judgement == "blunder"
    assert "IKI-ZUMARI" in " ".join(explain(IKI_GAME, states, missed))


#: Katana's own terms (rulebook 003), the same in every language; the Italian rulebook says "caselle BLACK"
KATANA_TERMS = ("SAMURAI", "KATANA", "SHIRO", "MEKURA", "RYU", "Ryu", "TAIYO", "Taiyo", "WASH", "Wash", "Tachiōjō",
                "BLACK")


@pytest.mark.parametrize("language", ["it", "es", "ru"])
def test_katana_review_in_every_language(katana_reviews, language: str) -> None:
    states, reviews = katana_reviews
    marked = [r for r in reviews if r.judgement]
    with use_language(language):
        texts = [line for r in marked for line in explain(KATANA_GAME, states, r)] + [
            judgement_words(KATANA_GAME, "blunder")]
    assert english_left(texts, allow=KATANA_TERMS if language == "it" else KATANA_TERMS[:-1], language=language) == []


@pytest.mark.parametrize("language", ["fr", "it", "es", "ru"])
def test_ikizumari_review_in_every_language(iki_reviews, language: str) -> None:
    states, reviews = iki_reviews
    marked = [r for r in reviews if r.judgement]
    with use_language(language):
        texts = [line for r in marked for line in explain(IKI_GAME, states, r)] + [judgement_words(IKI_GAME, "mistake")]
    assert english_left(texts, allow=["ANZEN", "SHIRO", "HO BO", "IKI-ZUMARI"], language=language) == []


@pytest.mark.parametrize("game, record, player", [("katana", KATANA, "Black"), ("ikizumari", IKIZUMARI, "red")])
def test_the_command_reviews_every_game_in_one_shape(tmp_path, capsys, game: str, record: str, player: str) -> None:
    path = tmp_path / "game.txt"
    path.write_text(record, encoding="utf-8")
    assert main(["review", str(path), "--player", player, "--json", "--depth", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == game and data["player"] == 0
    assert {"turn", "played", "best", "before", "after", "loss", "judgement", "explanation"} <= set(data["turns"][0])
    assert any(t["judgement"] == "blunder" and t["explanation"] for t in data["turns"])
