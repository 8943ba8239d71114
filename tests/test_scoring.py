"""Final scoring: leaders, leaderships, other-caste pieces, totals, shared victory; rulebook examples E6, E7, E10."""

from __future__ import annotations

import pytest

from samurai_lab import EDITION_1998, EDITION_2015, score, score_state
from samurai_lab.knizia.core.ruleset import VOCABULARY

from helpers_positions import position

V1998, V2015 = VOCABULARY["1998"], VOCABULARY["2015"]
NAMES_1998 = ["Green", "Yellow", "Blue", "Red"]  # the 1998 colour order
GREEN, YELLOW, BLUE, RED = range(4)


def test_three_leaderships_win_outright():
    r = score([(3, 3, 3), (2, 2, 2)], ["A", "B"])
    assert r.leaders == (0, 0, 0) and r.leaderships == (3, 0)
    assert r.winners == (0,) and r.decided_by == "leaderships"
    assert "A leads 3 castes and wins outright." in r.explanation()


def test_two_leaderships_win_outright_even_with_fewer_pieces():
    r = score([(2, 2, 0), (1, 1, 9)], ["A", "B"])
    assert r.leaders == (0, 0, 1) and r.totals == (4, 11)
    assert r.winners == (0,) and r.decided_by == "leaderships"
    assert "A leads 2 castes and wins outright." in r.explanation()


def test_one_leader_alone_wins():
    r = score([(2, 1, 1), (1, 1, 1), (1, 1, 1)], ["A", "B", "C"])
    assert r.leaders == (0, None, None) and r.winners == (0,) and r.decided_by == "leaderships"
    text = r.explanation()
    assert "Buddha: A, B and C tie with 1, no leader" in text
    assert "B and C lead nothing and cannot win. A alone leads a caste and wins." in text


def test_one_leadership_each_decided_by_other_castes():
    r = score([(3, 0, 2), (0, 3, 1)], ["A", "B"])
    assert r.leaders == (0, 1, 0)
    assert r.leaderships == (2, 1) and r.winners == (0,)
    r = score([(3, 0, 1), (0, 3, 0), (1, 1, 1)], ["A", "B", "C"])
    assert r.leaders == (0, 1, None) and r.leaderships == (1, 1, 0)
    assert r.other_pieces == (1, 0, 3)
    assert r.winners == (0,) and r.decided_by == "other_castes"
    assert "C leads nothing and cannot win." in r.explanation()


def test_still_tied_on_other_castes_the_total_decides():
    r = score([(4, 0, 1), (0, 3, 1), (1, 1, 1)], ["A", "B", "C"])
    assert r.other_pieces == (1, 1, 3) and r.totals == (5, 4, 3)
    assert r.winners == (0,) and r.decided_by == "total"
    assert "Still tied, so all pieces count: A 5, B 4. A wins." in r.explanation()


def test_still_tied_on_total_the_victory_is_shared():
    r = score([(3, 0, 1), (0, 3, 1), (1, 1, 1)], ["A", "B", "C"])
    assert r.winners == (0, 1) and r.decided_by == "shared"
    assert r.explanation().endswith("A and B are still tied and share the victory.")


def test_nobody_leads_the_most_pieces_win():
    r = score([(2, 1, 0), (2, 0, 1), (0, 1, 1)], ["A", "B", "C"])
    assert r.leaders == (None, None, None) and r.leaderships == (0, 0, 0)
    assert r.totals == (3, 3, 2)
    assert r.winners == (0, 1) and r.decided_by == "shared"
    r = score([(2, 1, 1), (2, 1, 1), (0, 0, 0)], ["A", "B", "C"])
    assert r.winners == (0, 1)
    r = score([(2, 2, 1), (2, 2, 0)], ["A", "B"])
    assert r.leaders == (None, None, 0)
    r = score([(2, 2, 0), (2, 2, 0), (1, 0, 0)], ["A", "B", "C"])
    assert r.winners == (0, 1) and r.decided_by == "shared"
    r = score([(2, 2, 1), (2, 2, 0), (0, 0, 1)], ["A", "B", "C"])
    assert r.leaders == (None, None, None) and r.winners == (0,) and r.decided_by == "no_leader_total"
    assert "Nobody leads a caste, so the most pieces in total wins: A 5, B 4, C 1." in r.explanation()


def test_nobody_holds_anything():
    r = score([(0, 0, 0), (0, 0, 0)])
    assert r.winners == (0, 1) and r.decided_by == "shared"
    assert "High Helmet: nobody holds any, no leader" in r.explanation()
    assert "Player 1 and Player 2 are still tied" in r.explanation()


def test_bad_input():
    with pytest.raises(ValueError, match="at least two players"):
        score([(1, 1, 1)])
    with pytest.raises(ValueError, match="cannot be negative"):
        score([(1, -1, 1), (0, 0, 0)])


# --- rulebook examples ---------------------------------------------------------
# Full tallies built to match every number the text gives, at most 13 of a caste (4 players).

E6 = [(3, 3, 4), (2, 2, 2), (4, 3, 2), (1, 4, 3)]  # Green, Yellow, Blue, Red
E7 = [(3, 4, 4), (0, 5, 3), (4, 3, 4), (6, 1, 2)]
E10 = [(2, 1, 1), (1, 4, 2), (2, 1, 3)]  # Gold, Red, Green (2015 colours)


@pytest.mark.parametrize("counts, supply", [(E6, 13), (E7, 13), (E10, 10)])
def test_example_tallies_respect_the_supply(counts, supply):
    for c in range(3):
        assert sum(p[c] for p in counts) <= supply


def test_e6_green_wins_on_other_castes():
    r = score(E6, NAMES_1998, V1998)
    assert r.leaders == (BLUE, RED, GREEN)
    assert r.leaderships == (1, 0, 1, 1)
    assert (r.other_pieces[GREEN], r.other_pieces[BLUE], r.other_pieces[RED]) == (6, 5, 4)
    assert r.winners == (GREEN,) and r.decided_by == "other_castes"
    text = r.explanation()
    assert "High Helmet: Blue leads with 4; Buddha: Red leads with 4; Rice field: Green leads with 4." in text
    assert "Yellow leads nothing and cannot win." in text
    assert ("Green 6 (3 High Helmets + 3 Buddhas), Blue 5 (3 Buddhas + 2 Rice fields), "
            "Red 4 (1 High Helmet + 3 Rice fields). Green wins.") in text


@pytest.mark.parametrize(("counts", "names", "vocabulary", "leaders", "leaderships", "tied", "winner", "richer",
                          "sentences"), [
    (E7, NAMES_1998, V1998, (RED, YELLOW, None), (0, 1, 0, 1), {RED: (3, 9), YELLOW: (3, 8)}, RED, (BLUE, GREEN), (
        "Rice field: Green and Blue tie with 4, no leader",
        "Green and Blue lead nothing and cannot win.",
        "Yellow 3 (3 Rice fields), Red 3 (1 Buddha + 2 Rice fields)",
        "Still tied, so all pieces count: Yellow 8, Red 9. Red wins.")),
    (E10, ["Gold", "Red", "Green"], V2015, (None, 1, 2), (0, 1, 1), {1: (3, 7), 2: (3, 6)}, 1, (), (
        "Castle: Gold and Green tie with 2, no leader; Buddha: Red leads with 4; Rice: Green leads with 3.",
        "Gold leads nothing and cannot win.",
        "Red 3 (1 Castle + 2 Rice), Green 3 (2 Castles + 1 Buddha)",
        "Still tied, so all pieces count: Red 7, Green 6. Red wins.")),
], ids=["E7", "E10"])
def test_red_wins_on_total(counts, names, vocabulary, leaders, leaderships, tied, winner, richer, sentences):
    """``tied``: the seats tied on leaderships and other castes, with their (other castes, total); ``richer``:
    seats that hold more pieces in all but lead nothing, so cannot win."""
    r = score(counts, names, vocabulary)
    assert r.leaders == leaders and r.leaderships == leaderships
    assert {p: (r.other_pieces[p], r.totals[p]) for p in tied} == tied
    assert all(r.totals[p] > r.totals[winner] for p in richer)
    assert r.winners == (winner,) and r.decided_by == "total"
    text = r.explanation()
    for sentence in sentences:
        assert sentence in text


def test_steps_narrow_the_contenders():
    r = score(E7, NAMES_1998, V1998)
    assert [s.rule for s in r.steps] == ["leaders", "leaderships", "other_castes", "total"]
    assert r.steps[0].contenders == (0, 1, 2, 3)
    assert r.steps[1].contenders == (YELLOW, RED)
    assert r.steps[2].contenders == (YELLOW, RED)
    assert r.steps[3].contenders == (RED,)


def test_score_state_uses_names_and_edition():
    s = position(3, EDITION_2015, captured={0: (2, 1, 1), 1: (1, 4, 2)}, rest_to=2)
    r = score_state(s)
    assert r.counts[:2] == ((2, 1, 1), (1, 4, 2))
    assert "Buddha: Red leads with 4" in r.explanation()
    with pytest.raises(ValueError, match="captured pieces are hidden in this view"):
        score_state(s.view(0))
    assert score_state(position(2, EDITION_1998).view(0)).winners
