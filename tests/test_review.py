"""Reviewing one player's Knizia game: the costly turns marked, the better turn, why, in every language."""

from __future__ import annotations

import json

import pytest

from samurai_lab.i18n import use_language
from samurai_lab.knizia.teaching.review import (explain, judgement_words, player_turns, record_states, review_game,
                                                review_json, review_turn)
from samurai_lab.tools.cli import main
from language_check import english_left
from review_records import BLUNDER


@pytest.fixture(scope="module")
def game():
    return record_states(BLUNDER)


@pytest.fixture(scope="module")
def blunder(game):
    states, actions = game
    start, end = player_turns(states, actions, 0)[-1]
    return review_turn(states, actions, start, end)


def test_the_players_turns_are_found(game) -> None:
    states, actions = game
    green = player_turns(states, actions, 0)
    yellow = player_turns(states, actions, 1)
    assert len(green) == 11 and len(yellow) == 10
    assert all(states[s].current == 0 and states[s].turn == states[e - 1].turn for s, e in green)
    assert [str(a) for a in actions[green[-1][0]:green[-1][1]]] == ["S1@HO13", "end"]


def test_a_turn_that_throws_the_win_away_is_a_blunder(blunder) -> None:
    assert blunder.judgement == "blunder"
    assert blunder.before > 0.9 > 0.5 > blunder.after
    assert [str(a) for a in blunder.best][0] != "S1@HO13"


def test_the_blunder_is_explained_in_words(game, blunder) -> None:
    states, _ = game
    text = " ".join(explain(states, blunder))
    assert "Turn 21" in text and "Samurai 1" in text and "Better:" in text
    assert "The better turn ends the game." in text


@pytest.mark.parametrize("language", ["it", "es", "ru"])
def test_the_review_speaks_every_language(game, blunder, language: str) -> None:
    states, _ = game
    with use_language(language):
        texts = explain(states, blunder) + [judgement_words(blunder.judgement)]
    assert english_left(texts, language=language) == []


def test_the_blunder_costs_the_most_and_turns_that_cost_nothing_are_not_marked(game) -> None:
    states, actions = game
    review = review_game(states, actions, 0, samples=20)
    assert [t.judgement for t in review.turns].count("blunder") == 1 == len(review.marked[-1:])
    assert max(review.turns, key=lambda t: t.loss) is review.turns[-1] is review.marked[-1]
    assert all(t.judgement is None for t in review.turns if t.best == t.played)
    data = review_json(states, review)
    assert data["turns"][-1]["explanation"]
    assert all(t["explanation"] == [] for t in data["turns"] if t["judgement"] is None)


def test_the_command_prints_json(tmp_path, capsys) -> None:
    record = tmp_path / "game.txt"
    record.write_text(BLUNDER, encoding="utf-8")
    assert main(["review", str(record), "--player", "Green", "--json", "--samples", "20"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["player"] == 0 and data["player_name"] == "Green"
    assert [t["turn"] for t in data["turns"]] == list(range(1, 22, 2))
    last = data["turns"][-1]
    assert last["judgement"] == "blunder" and last["played"] == ["S1@HO13", "end"]
    assert set(data["thresholds"]) == {"inaccuracy", "mistake", "blunder"}


def test_the_command_names_the_players_when_asked_for_another(tmp_path, capsys) -> None:
    record = tmp_path / "game.txt"
    record.write_text(BLUNDER, encoding="utf-8")
    assert main(["review", str(record), "--player", "Blue"]) == 2
    assert "0 Green, 1 Yellow" in capsys.readouterr().err
