"""Katana's words for a challenge: English says "challenge" and names the rulebook's Sfida once, in brackets."""

from __future__ import annotations

import pytest

from samurai_lab.i18n import use_language
from samurai_lab.katana.core import apply_move, from_position, parse_move
from samurai_lab.katana.core.text import describe_move

#: A move that starts one challenge (the defender has his sword) and one that kills (he has none).
CASES = (("d9,f9,b6,f6 d1,f1,a3,i3 r - 0:0", "d1-d4"), ("f9,b6',f6' d1,f1,a3,i3 r - 0:1", "d1-d4"))


def described(position: str, move: str) -> str:
    before = from_position(position)
    return describe_move(before, parse_move(move), apply_move(before, move))


@pytest.mark.parametrize("position,move", CASES)
def test_english_names_the_challenge_with_the_italian_word_in_brackets(position: str, move: str) -> None:
    with use_language("en"):
        text = described(position, move)
    assert "challenge (Sfida) across the KATANA" in text
    assert "Sfida across" not in text
    for sentence in text.split("challenge (Sfida)")[1:]:
        assert "Sfida" not in sentence.split(".")[0]  # once per challenge


@pytest.mark.parametrize("lang,word", [("it", "Sfida"), ("es", "Desafío"), ("ru", "Поединок")])
def test_translations_keep_their_word(lang: str, word: str) -> None:
    with use_language(lang):
        text = described(*CASES[0])
    assert word in text and "challenge" not in text
