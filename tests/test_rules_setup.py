"""Setup in the rulebooks' order: hands first (chosen in secret, or at random), then Edo, the cities and the
villages in turn order (or at random), then play from the youngest player; supply limits; the refusals.

The three rulebooks agree on the order:

000 (Italian, 1998): "Simultaneamente e di nascosto dagli altri avversari, tutti i giocatori devono scegliere
5 dei 20 tasselli che hanno a disposizione e nasconderli dietro i propri paraventi Giapponesi. I restanti 15
tasselli dovranno poi essere mescolati e posti a faccia in giù accanto ai paraventi." ... "Selezionare poi i
segnalini necessari" ... "Inizia il giocatore più giovane" ... "A partire dal giocatore più giovane, ognuno
svolgerà il proprio turno di gioco."

001 (Russian, 1998): "Одновременно и не показывая жетоны другим игрокам, соперники выбирают 5 из 20 жетонов и
кладут выбранное за свои ширмы. Затем они тщательно перемешивают оставшиеся 15 жетонов" ... "Затем на поле
ставятся цели." ... "Когда все цели выставлены на поле, игра начинается с хода самого младшего игрока."

002 (Spanish, 2015): "5. Dibujar mano inicial: cada jugador elige en secreto cinco de sus fichas" ...
"6. Crear pila de fichas" ... "7. Poblar el espacio Edo" ... "8. Poblar los espacios de la ciudad: comenzando
con el jugador más joven" ... "9. Poblar los espacios de la aldea: Continuando con el siguiente jugador".
"""

from __future__ import annotations

from collections import Counter

import pytest

from samurai_lab import (CASTES, EDITION_1998, EDITION_2015, TILE_SET, Caste, IllegalMoveError, Phase, PickTile,
                         PlacePiece, new_game, parse_action, tile)
from samurai_lab.knizia.core.model import tile_accounting
from samurai_lab.knizia.core.tiles import supply_per_caste

from helpers_positions import play

H, B, R = CASTES
ORDER = (Phase.CHOOSE_HANDS, Phase.PLACE_PIECES, Phase.PLAY, Phase.GAME_OVER)


def choose_hands(state):
    """Every player picks the first legal tiles, seat 0 first."""
    while state.phase is Phase.CHOOSE_HANDS:
        state = state.apply(state.legal_actions()[0])
    return state


def placing(n: int = 2, ruleset=EDITION_1998, seed: int = 0):
    """A game whose hands are chosen: the pieces are to be placed."""
    return choose_hands(new_game(n, ruleset, seed))


def fill_cities(state):
    """Fill every city with a Helmet and a Buddha, in turn order."""
    for c in state.board.cities:
        for caste in (H, B):
            state = state.apply(PlacePiece(caste, state.board.ids[c]))
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_new_game_starts_with_the_choice_of_hands_and_only_edo_filled(n):
    # 000: "Simultaneamente e di nascosto dagli altri avversari, tutti i giocatori devono scegliere 5 dei 20
    # tasselli" comes first; "Selezionare poi i segnalini" after it.
    s = new_game(n, EDITION_1998, seed=1)
    b = s.board
    assert s.phase is Phase.CHOOSE_HANDS and s.current == 0
    assert s.pieces[b.edo] == (H, B, R)
    assert all(s.pieces[i] == () for i in range(len(b)) if i != b.edo)
    assert s.supply() == (supply_per_caste(n) - 1,) * 3
    assert all(h == () for h in s.hands) and s.pile_sizes == (0,) * n
    assert all(isinstance(a, PickTile) for a in s.legal_actions())


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_player_picks_his_hand_then_the_pieces_are_placed_from_seat_0(n):
    # 002: "5. Dibujar mano inicial: cada jugador elige en secreto cinco de sus fichas" and "6. Crear pila de
    # fichas: cada jugador mezcla las 15 fichas restantes" before "8. Poblar los espacios de la ciudad".
    s = new_game(n, EDITION_2015, seed=2)
    for p in range(n):
        for k in range(5):
            assert s.phase is Phase.CHOOSE_HANDS and s.current == p and len(s.hands[p]) == k
            s = s.apply(s.legal_actions()[p])
    assert s.phase is Phase.PLACE_PIECES and s.current == 0 and s.turn == 1
    for p in range(n):
        assert len(s.hands[p]) == 5 and s.pile_sizes[p] == 15
        assert tile_accounting(s, p) == Counter(TILE_SET)
    b = s.board
    legal = s.legal_actions()
    assert {a.hex for a in legal} == {b.ids[c] for c in b.cities}
    assert len(legal) == 3 * len(b.cities)


def test_cities_first_then_villages():
    s = placing()
    with pytest.raises(IllegalMoveError, match="the cities are filled first"):
        s.apply(parse_action("piece H@HO12"))
    with pytest.raises(IllegalMoveError, match="the cities are filled first"):
        s.apply(parse_action("piece H@Edo"))
    s = fill_cities(s)
    with pytest.raises(IllegalMoveError, match="the cities are full: the remaining pieces go into the villages"):
        s.apply(parse_action("piece R@HO35"))
    with pytest.raises(IllegalMoveError, match="the cities are full"):
        s.apply(parse_action("piece R@HO22"))  # empty land
    s = play(s, "piece R@HO12")
    with pytest.raises(IllegalMoveError, match="that village already holds its piece"):
        s.apply(parse_action("piece H@HO12"))
    assert all(a.hex != "HO12" for a in s.legal_actions())


def test_a_city_holds_two_different_pieces():
    s = play(placing(3), "piece H@Akita")
    with pytest.raises(IllegalMoveError, match="a city holds two different pieces"):
        s.apply(parse_action("piece H@HO07"))
    assert PlacePiece(H, "HO07") not in s.legal_actions()
    s = play(s, "piece B@HO07")
    with pytest.raises(IllegalMoveError, match="that city already holds two pieces"):
        s.apply(parse_action("piece R@HO07"))


def test_players_place_pieces_in_turn_order_from_the_youngest_continuing_into_the_villages():
    # 001: "самый младший игрок выбирает цель и ставит ее в привлекающий его город. Право расстановки
    # передается по часовой стрелке." 002: "9. Poblar los espacios de la aldea: Continuando con el siguiente
    # jugador".
    s = placing(3)
    seen, first_village = [], None
    while s.phase is Phase.PLACE_PIECES:
        seen.append(s.current)
        a = s.legal_actions()[-1]
        if first_village is None and s.board.kinds[s.board.index[a.hex]] == "village":
            first_village = len(seen) - 1
        s = s.apply(a)
    assert seen == [i % 3 for i in range(len(seen))]
    assert len(seen) == 30 - 3  # everything but Edo's three pieces
    assert first_village == 2 * len(s.board.cities)  # the villages go on with the next player


@pytest.mark.parametrize("n", [2, 3, 4])
def test_play_begins_with_the_youngest_once_every_piece_is_placed(n):
    # 000: "Quando tutti i segnalini sono stati piazzati sul tabellone, il gioco ha inizio. A partire dal
    # giocatore più giovane, ognuno svolgerà il proprio turno di gioco."
    # 001: "Когда все цели выставлены на поле, игра начинается с хода самого младшего игрока."
    s = placing(n, seed=3)
    hands = s.hands
    while s.phase is Phase.PLACE_PIECES:
        s = s.apply(s.legal_actions()[0])
    b = s.board
    assert s.phase is Phase.PLAY and s.current == 0 and s.turn == 1
    assert s.hands == hands, "placing pieces draws nothing"
    assert all(len(s.pieces[x]) == b.capacity[x] for x in b.settlements)
    assert s.pieces_on_board() == (supply_per_caste(n),) * 3 and s.supply() == (0, 0, 0)
    assert all(len(set(s.pieces[c])) == 2 for c in b.cities)


def test_supply_limits():
    s = fill_cities(placing(2))  # 2 players: 7 per caste; Edo 1, cities 2 Helmets
    assert s.supply() == (4, 4, 6)
    villages = [s.board.ids[v] for v in s.board.villages]
    for v in villages[:4]:
        s = s.apply(PlacePiece(H, v))
    assert s.supply()[0] == 0
    with pytest.raises(IllegalMoveError, match="no High Helmet piece is left in the supply"):
        s.apply(PlacePiece(H, villages[4]))
    assert all(a.caste is not H for a in s.legal_actions())


def test_supply_limit_speaks_the_edition():
    s = placing(2, EDITION_2015)
    for c in s.board.cities:  # two Castles (Helmets) a city
        s = play(s, f"piece H@{s.board.ids[c]}", f"piece B@{s.board.ids[c]}")
    for v in [s.board.ids[v] for v in s.board.villages][:4]:
        s = s.apply(PlacePiece(H, v))
    with pytest.raises(IllegalMoveError, match="no Castle piece is left in the supply"):
        s.apply(PlacePiece(H, s.board.ids[s.board.villages[5]]))


#: A game of two in each phase of the setup, and in play at once (hands and pieces at random).
PHASES = {"choosing hands": lambda: new_game(2, EDITION_1998), "placing pieces": lambda: placing(2),
          "playing": lambda: new_game(2, EDITION_1998.with_options(setup="random", hands="random"))}


@pytest.mark.parametrize(("phase", "action", "refusal"), [
    ("choosing hands", "piece H@Kyoto",
     "the caste pieces are placed after every player has chosen his starting hand"),
    ("choosing hands", "H2@HO02", "the game has not started yet: the starting hands are being chosen; then the "
                                  "caste pieces are placed, then play begins"),
    ("placing pieces", "pick H2", "every player has already chosen his starting hand: the hands are chosen first, "
                                  "then the caste pieces are placed"),
    ("placing pieces", "end", "the game has not started yet: the caste pieces are still being placed; play begins "
                              "once every piece is on the board"),
    ("playing", "piece H@HO12", "all caste pieces are already placed"),
    ("playing", "pick H2", "starting hands are chosen at the start, before the caste pieces"),
])
def test_setup_actions_outside_their_phase_are_refused_in_the_rulebooks_order(phase, action, refusal):
    with pytest.raises(IllegalMoveError, match=refusal):
        PHASES[phase]().apply(parse_action(action))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_setup_deals_the_pieces_once_the_hands_are_chosen(n):
    # 002, "Configuración básica": "seleccionando aleatoriamente sus manos iniciales y distribuyendo
    # aleatoriamente las piezas de casta en los espacios de asentamiento".
    per = supply_per_caste(n)
    layouts = set()
    for seed in range(60):
        rules = EDITION_1998.with_options(setup="random")
        s = new_game(n, rules, seed)
        b = s.board
        assert s.phase is Phase.CHOOSE_HANDS and s.pieces_on_board() == (1, 1, 1), "hands come first"
        s = choose_hands(s)
        assert s.phase is Phase.PLAY and s.current == 0
        assert s.pieces[b.edo] == (H, B, R)
        for x in b.settlements:
            assert len(s.pieces[x]) == b.capacity[x]
            assert len(set(s.pieces[x])) == len(s.pieces[x]), "two alike in one settlement"
        assert all(s.pieces[i] == () for i in b.land + b.sea)
        assert Counter(c for ps in s.pieces for c in ps) == {H: per, B: per, R: per}
        layouts.add(s.pieces)
        again = new_game(n, rules.with_options(hands="random"), seed)
        assert again.pieces == s.pieces, "the layout depends on the seed only"
    assert len(layouts) == 60, "the seed should change the layout"


def test_choosing_a_hand_makes_a_seeded_pile_of_the_other_fifteen():
    s = new_game(3, EDITION_1998, seed=5)
    picks = ["S3", "W1", "W1", "X", "M"]
    for i, code in enumerate(picks):
        assert s.current == 0 and len(s.hands[0]) == i
        s = s.apply(PickTile(tile(code)))
    assert s.current == 1 and s.phase is Phase.CHOOSE_HANDS
    assert [t.code for t in s.hands[0]] == ["S3", "W1", "W1", "X", "M"]
    assert s.pile_sizes[0] == 15
    assert Counter(s.hands[0]) + Counter(s.piles[0]) == Counter(TILE_SET)
    again = play(new_game(3, EDITION_1998, seed=5), *(f"pick {c}" for c in reversed(picks)))
    assert again.piles[0] == s.piles[0], "the pile depends on the seed, not the order of picks"
    other = play(new_game(3, EDITION_1998, seed=6), *(f"pick {c}" for c in picks))
    assert other.piles[0] != s.piles[0] and Counter(other.piles[0]) == Counter(s.piles[0])


def test_a_hand_cannot_hold_more_copies_than_the_set():
    s = play(new_game(2, EDITION_1998), "pick S3")
    with pytest.raises(IllegalMoveError, match="you have no other S3 among your 20 (?:tiles|tokens)"):
        s.apply(parse_action("pick S3"))
    s = play(s, "pick W1", "pick W1")
    with pytest.raises(IllegalMoveError, match="no other W1"):
        s.apply(parse_action("pick W1"))
    assert PickTile(tile("W1")) not in s.legal_actions() and PickTile(tile("W2")) in s.legal_actions()


def test_while_hands_are_chosen_nobody_sees_another_hand():
    # 000: "di nascosto dagli altri avversari"; 002: "permanecen ocultas a los otros jugadores".
    s = play(new_game(3, EDITION_1998, seed=1), "pick H2", "pick H3", "pick H4", "pick S3", "pick N1", "pick B4")
    assert s.current == 1
    for p in range(3):
        v = s.view(p)
        assert [h is not None for h in v.hands] == [q == p for q in range(3)]
        assert all(pile is None for pile in v.piles)
    assert s.view(1).legal_actions() == s.legal_actions()
    assert s.view(0).legal_actions() == [], "the picks of another player are hidden"


def test_while_pieces_are_placed_each_player_knows_his_own_hand_only():
    s = placing(3, seed=4)
    s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLACE_PIECES and s.current == 1
    for p in range(3):
        v = s.view(p)
        assert v.hands[p] == s.hands[p] and len(v.hands[p]) == 5
        assert all(v.hands[q] is None for q in range(3) if q != p)
        assert v.hand_sizes() == (5, 5, 5) and v.pile_sizes == (15, 15, 15)
    assert s.view(1).legal_actions() == s.legal_actions(), "placing a piece needs no hidden tile"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_hands(n):
    s = new_game(n, EDITION_1998.with_options(setup="random", hands="random"), seed=9)
    assert s.phase is Phase.PLAY and s.current == 0
    for p in range(n):
        assert len(s.hands[p]) == 5 and len(s.piles[p]) == 15 == s.pile_sizes[p]
        assert tile_accounting(s, p) == Counter(TILE_SET)
    assert len({s.hands[p] + s.piles[p] for p in range(n)}) == n, "each player shuffles his own tiles"
    again = new_game(n, EDITION_1998.with_options(setup="random", hands="random"), seed=9)
    assert again.hands == s.hands and again.piles == s.piles
    other = new_game(n, EDITION_1998.with_options(setup="random", hands="random"), seed=10)
    assert other.piles != s.piles


def test_random_hands_then_the_pieces_are_placed():
    # 000: "si consiglia di mescolare tutti i 20 tasselli disponibili a faccia in giù, pescando poi
    # casualmente i 5 tasselli iniziali" — then the pieces are placed as usual.
    s = new_game(2, EDITION_1998.with_options(hands="random"), seed=4)
    assert s.phase is Phase.PLACE_PIECES and s.current == 0 and all(len(h) == 5 for h in s.hands)
    assert s.hands == new_game(2, EDITION_1998.with_options(hands="random", setup="random"), seed=4).hands
    while s.phase is Phase.PLACE_PIECES:
        s = s.apply(s.legal_actions()[0])
    assert s.phase is Phase.PLAY and s.current == 0 and all(len(h) == 5 for h in s.hands)


@pytest.mark.parametrize("setup, hands", [("chosen", "chosen"), ("random", "chosen"), ("chosen", "random"),
                                          ("random", "random")])
def test_phases_follow_the_rulebooks_order(setup, hands):
    s = new_game(3, EDITION_2015.with_options(setup=setup, hands=hands), seed=7)
    phases = [s.phase]
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
        if s.phase is not phases[-1]:
            phases.append(s.phase)
    assert [ORDER.index(p) for p in phases] == sorted(ORDER.index(p) for p in phases)
    assert (Phase.CHOOSE_HANDS in phases) == (hands == "chosen")
    assert (Phase.PLACE_PIECES in phases) == (setup == "chosen")


def test_caste_letters_and_pieces_notation():
    a = parse_action("piece b @ ho35")
    assert a == PlacePiece(Caste.BUDDHA, "HO35") and str(a) == "piece B@HO35"
