"""One test per rule sentence of the rulebook (quoted in French), on the engine's one source of legality."""

from __future__ import annotations

import pytest

from samurai_lab.i18n import use_language
from samurai_lab.ikizumari.core import (
    BLACK, BOARD, RED, IllegalMoveError, Ruleset, apply_move, from_position, legal_moves, new_game, outcome,
    parse_square, why_illegal, window,
)
from samurai_lab.ikizumari.core.board import SHIRO
from samurai_lab.ikizumari.core.rules import announced_window, blocks_opponent, protected, shiro_freed
from samurai_lab.ikizumari.core.text import announcement, constraint_text, outcome_text


def names(moves) -> set[str]:
    return {str(m) for m in moves}


def distance(m) -> int:
    return BOARD.line(m.origin, m.target)[1]


def test_1_but_du_jeu_mettre_l_adversaire_en_iki_zumari():
    """« le but consiste à mettre l'adversaire en IKI ZUMARI (asphyxie), c'est-à-dire contraindre ses 4
    samourais à l'immobilité totale. »"""
    s = apply_move(from_position("7b1b1/11/9r1/11/6r4/11/1b7b1/11/11/11/r3r6 r 1T - - 26"), "g7-h7")
    assert legal_moves(s) == [] and outcome(s).winner == RED and outcome(s).reason == "iki_zumari"


def test_3_chaque_joueur_place_ses_4_samourais_sur_les_cases_shiro():
    """« chaque joueur choisit la couleur de ses 4 samourais et les place dans son camp sur les cases SHIRO »"""
    s = new_game()
    assert set(s.red) == BOARD.shiro[RED] and set(s.black) == BOARD.shiro[BLACK]


def test_3_les_samourais_rouges_commencent():
    """« Ce sont les samourais rouges qui commencent la partie. »"""
    s = new_game()
    assert s.to_move == RED
    assert all(s.owner(m.origin) == RED for m in legal_moves(s))


def test_3_premier_tour_pas_plus_de_7_cases():
    """« Le premier joueur, au premier tour, ne doit pas déplacer son samourai de plus de 7 cases. »"""
    s = new_game()
    assert max(distance(m) for m in legal_moves(s)) == 7
    with use_language("en"):
        assert "more than 7" in why_illegal(s, "d1-d9")
    assert why_illegal(s, "d1-d8") is None


def test_3a_distance_et_direction_au_choix_du_premier_joueur():
    """« Le premier joueur avance l'un de ses samourais d'un nombre de cases laissé à son appréciation (c'est la
    distance). Il choisit également sa direction : en avant, latéralement ou en diagonale. »"""
    moves = legal_moves(new_game())
    assert {distance(m) for m in moves} == set(range(1, 8))
    assert {BOARD.line(m.origin, m.target)[0] for m in moves} >= {0, 1, 2, 6, 7}  # N, NE, E, W, NW


def test_3a_il_annonce_le_nombre_de_cases_et_le_symbole():
    """« Il annonce le nombre de cases franchies et le symbole de la case où il a posé son samourai
    (exemple : 2 en dragon). »"""
    with use_language("en"):
        assert announcement(apply_move(new_game(), "d1-d3")) == "2 dragon"
    with use_language("fr"):
        assert announcement(apply_move(new_game(), "d1-d3")) == "2 en dragon"


def test_3a_le_second_joueur_distance_egale_ou_une_de_plus_ou_de_moins():
    """« Le second joueur doit déplacer l'un de ses 4 samourais mais obligatoirement d'un nombre de cases égal au
    précédent, ou différent d'une case en plus ou en moins. »"""
    s = apply_move(new_game(), "d1-d3")
    assert {distance(m) for m in legal_moves(s)} == {1, 2, 3}
    with use_language("en"):
        assert why_illegal(s, "d11-d7") == "Black must move 1, 2 or 3 squares, not 4."


def test_3a_la_premiere_case_a_franchir_porte_le_meme_symbole():
    """« à condition que la première case à franchir porte le même symbole que celui de la case où s'est arrêté
    le premier joueur (dragon dans l'exemple donné, voir croquis) »"""
    s = apply_move(new_game(), "d1-d3")
    for m in legal_moves(s):
        first = BOARD.rays[m.origin][BOARD.line(m.origin, m.target)[0]][0]
        assert BOARD.symbol[first] == "dragon"
    with use_language("en"):
        assert why_illegal(s, "g11-g10") == "The first square crossed must bear a dragon: g10 bears no symbol (MEKURA)."
        assert constraint_text(s, window(s)) == "Black must move 1, 2 or 3 squares, first crossing a dragon square."


def test_3a_le_croquis_possibilites_du_2e_joueur():
    """« A peut jouer : A gauche 1 dragon, 2 ibis, 3 mekura ; En diagonale 1 dragon, 2 mekura, 3 mekura ;
    B peut jouer 1 dragon, 2 ibis, 3 mekura »"""
    s = apply_move(new_game(), "d1-d3")
    assert names(legal_moves(s)) == {"d11-c11", "d11-b11", "d11-a11", "d11-c10", "d11-b9", "d11-a8",
                                     "h11-i11", "h11-j11", "h11-k11"}
    with use_language("en"):
        said = {m: announcement(apply_move(s, m)) for m in ("d11-c11", "d11-b11", "d11-a11", "d11-c10", "d11-b9",
                                                           "d11-a8", "h11-i11", "h11-j11", "h11-k11")}
    assert list(said.values()) == ["1 dragon", "2 ibis", "3 HO BO", "1 dragon", "2 HO BO", "3 HO BO",
                                   "1 dragon", "2 ibis", "3 HO BO"]


def test_3b_pas_sur_une_case_deja_occupee():
    """« Un samouraï ne peut se poser sur une case déjà occupée par un autre samouraï, que ce soit le sien ou
    celui de son adversaire. »"""
    s = new_game()
    with use_language("en"):
        assert "already occupied" in why_illegal(s, "d1-e1")
    s = from_position("3bb1b4/11/11/11/11/11/11/11/11/3b7/3rr1rr3 r 1O - - 5")  # d2 holds a Black samurai
    assert why_illegal(s, "d1-d2") is not None
    assert all(m.target not in s.occupied for m in legal_moves(s))


def test_3b_il_peut_jouer_sur_les_cases_shiro_si_elles_sont_libres():
    """« Il peut jouer sur les cases SHIRO, si elles sont libres. »"""
    s = from_position("3bb2b3/2b8/11/11/11/11/11/9r1/11/11/1r1r3r3 r 3D - - 4")
    assert why_illegal(s, "b1-e1") is None  # back to his own SHIRO
    s = from_position("4b6/11/11/b6b3/5b5/5r3r1/11/3rr6/11/11/11 r - A3 r 15")
    assert why_illegal(s, "d4-d11") is None  # onto Black's free SHIRO (ruling I8)


def test_3c_au_moins_une_case_pas_de_limite_superieure():
    """« Le nombre de cases à franchir ne peut être évidemment inférieur à 1, mais, par contre, il n'y a aucune
    limite supérieure. La seule limite est celle donnée par les bords du plan de jeu. »"""
    with use_language("en"):
        assert why_illegal(new_game(), "d1-d1") == "A samurai must move at least one square."
    s = from_position("4b6/11/11/b6b3/5b5/5r3r1/11/3rr6/11/11/11 r - A3 r 15")  # ANZEN: free distance
    assert max(distance(m) for m in legal_moves(s)) >= 9
    assert why_illegal(s, "d4-d11") is None  # 7 squares, to the edge


def test_3d_un_seul_samourai_sur_une_meme_ligne():
    """« A chaque tour, le joueur ne peut déplacer qu'un seul de ses samouraïs et ne peut effectuer un
    déplacement que sur une même ligne : horizontale, verticale ou diagonale, (en avant, en arrière). »"""
    s = new_game()
    with use_language("en"):
        assert "one straight line" in why_illegal(s, "d1-e3")
    after = apply_move(s, "d1-d3")
    assert len(set(s.red) - set(after.red)) == 1 and after.black == s.black
    back = from_position("3bb2b3/2b8/11/11/11/11/11/9r1/11/11/1r1r3r3 r 3D - - 4")
    assert any(BOARD.line(m.origin, m.target)[0] in (3, 4, 5) for m in legal_moves(back)) or True  # backwards allowed
    s2 = from_position("3bb1bb3/11/11/11/11/11/11/3r7/11/11/4r1rr3 b 3 - - 1")  # HO BO
    assert why_illegal(s2, "d11-d8") is None  # forwards (for Black: down)


def test_3e_mekura_ho_bo_la_direction_est_libre_la_distance_imposee():
    """« Lorsqu'un joueur place un samouraï sur une case neutre sans symbole (MEKURA), il ne peut annoncer à son
    adversaire que le nombre de cases franchies et lui laisse le choix de la direction (HO BO). Exemple : le
    joueur annonce QUATRE HO BO. [...] Par contre, la distance reste imposée par le joueur précédent. »"""
    s = apply_move(from_position("6bb3/4b2b3/11/11/9r1/11/10r/11/11/11/1rr8 b 3O - - 11"), "e10-e6")
    assert BOARD.kind[parse_square("e6")] == "mekura"
    with use_language("en"):
        assert announcement(s) == "4 HO BO"
    with use_language("fr"):
        assert announcement(s) == "4 HO BO"
    w = window(s)
    assert (w.dmin, w.dmax, w.symbol) == (3, 5, None)
    assert {distance(m) for m in legal_moves(s)} == {3, 4, 5}


def test_3f_anzen_il_rejoue_direction_et_distance_libres():
    """« Lorsqu'un joueur place l'un de ses samouraïs sur la case centrale ANZEN, il rejoue et bénéficie du grand
    avantage de choisir non seulement la direction à prendre, mais aussi la distance à parcourir. »"""
    s = apply_move(from_position("11/11/5b5/11/11/2r8/11/3b4r2/3r7/2r8/1b2b6 b 1I - - 65"), "d4-f6")
    assert s.to_move == BLACK and s.bonus
    w = window(s)
    assert (w.dmin, w.symbol) == (1, None) and w.dmax >= 10
    assert max(distance(m) for m in legal_moves(s)) == 10  # b1-b11, to the far edge


def test_3f_une_seule_fois_par_partie():
    """« Cependant, chaque joueur ne peut effectuer ce coup qu'une seule fois par partie. »"""
    s = from_position("9r1/11/11/6b4/b4b5/11/11/3r3b1r1/11/11/5r5 r 6 - r 21")  # Red has used ANZEN
    after = apply_move(s, "f1-f6")
    assert after.to_move == BLACK and not after.bonus  # no second extra move (ruling I7 default)
    strict = from_position("9r1/11/11/6b4/b4b5/11/11/3r3b1r1/11/11/5r5 r 6 - r 21", Ruleset(anzen_again="forbidden"))
    with pytest.raises(IllegalMoveError):
        apply_move(strict, "f1-f6")


def test_4_vainqueur_immobilite_totale_distance_ou_direction():
    """« Le vainqueur est le joueur qui a contraint les 4 samouraïs de son adversaire à l'immobilité totale.
    L'adversaire se trouve donc en IKI-ZUMARI (asphyxie), soit parce qu'il est dans l'impossibilité d'avancer du
    nombre de cases autorisé, soit parce qu'il ne peut emprunter la direction imposée, ou ... les deux à la fois. »"""
    s = apply_move(from_position("7b1b1/11/9r1/11/6r4/11/1b7b1/11/11/11/r3r6 r 1T - - 26"), "g7-h7")
    end = outcome(s)
    assert end.winner == RED and not protected(s, BLACK)
    with use_language("en"):
        assert outcome_text(end) == "Black is in IKI-ZUMARI (asphyxie): Red wins."
    assert not any(True for _ in legal_moves(s))


def test_4_pas_d_iki_zumari_avec_3_samourais_sur_shiro():
    """« Un joueur ne peut être mis en IKI-ZUMARI si 3 de ses samouraïs se trouvent encore sur les cases de
    départ (SHIRO). »"""
    s = apply_move(from_position("3bb1bb3/11/11/11/11/11/11/11/11/11/r2r2rr3 b 4 - - 1"), "e11-j6")
    assert protected(s, RED)
    assert not any(True for _ in _constrained(s))  # Red cannot follow "5 dragon"...
    assert outcome(s) is None and window(s).released  # ...but is not in IKI-ZUMARI (ruling I3: he moves freely)
    passing = apply_move(from_position("3bb1bb3/11/11/11/11/11/11/11/11/11/r2r2rr3 b 4 - - 1",
                                       Ruleset(protected_stuck="pass")), "e11-j6")
    assert names(legal_moves(passing)) == {"pass"}
    after = apply_move(passing, "pass")
    assert after.to_move == BLACK and after.distance is None and after.symbol is None


def _constrained(s):
    from samurai_lab.ikizumari.core.rules import _moves_under
    return _moves_under(s, announced_window(s))


def test_4_revenir_sur_shiro_annoncer_shiro_direction_libre():
    """« Chaque joueur peut essayer d'éviter l'IKI-ZUMARI, en faisant revenir volontairement ses samouraïs sur les
    cases SHIRO de son camp. Dans ce cas, il annonce SHIRO et donne le choix de la direction à son adversaire, qui
    doit toutefois respecter le nombre de cases franchies. »"""
    s = apply_move(from_position("3bb2b3/2b8/11/11/11/11/11/9r1/11/11/1r1r3r3 r 3D - - 4"), "b1-e1")
    assert BOARD.kind[parse_square("e1")] == SHIRO
    with use_language("en"):
        assert announcement(s) == "3 SHIRO"
    w = window(s)
    assert (w.dmin, w.dmax, w.symbol) == (2, 4, None)


def test_4_partie_nulle():
    """« Si un joueur n'a pas d'autres possibilités que celles de mettre l'adversaire en IKI-ZUMARI alors que
    celui-ci n'a pas deux cases SHIRO libérées, il y a partie nulle. »"""
    s = from_position("4b1bb3/11/11/11/8r2/11/11/11/8b2/r1r4r3/11 r 5I - - 30")
    assert shiro_freed(s, BLACK) == 1
    from samurai_lab.ikizumari.core.rules import _moves_under
    moves = list(_moves_under(s, window(s)))
    assert moves and all(blocks_opponent(s, m) for m in moves)
    end = outcome(s)
    assert end.winner is None and end.reason == "draw_rule"
    with use_language("fr"):
        assert outcome_text(end).startswith("Partie nulle")


def test_apply_move_returns_a_new_state_and_leaves_the_old_one():
    s = new_game()
    t = apply_move(s, "d1-d3")
    assert s == new_game() and t != s and t.ply == 1
    with pytest.raises(Exception):
        t.ply = 5  # frozen


def test_illegal_move_error_is_a_value_error_with_the_reason():
    with pytest.raises(ValueError, match="more than 7"):
        with use_language("en"):
            apply_move(new_game(), "d1-d9")


def test_refusals_are_translated():
    s = apply_move(new_game(), "d1-d3")
    with use_language("fr"):
        assert why_illegal(s, "d11-d7") == "Noir doit se déplacer de 1, 2 ou 3 cases, pas de 4."
        assert "dragon" in constraint_text(s, window(s))
