"""One test per rule sentence of the SAMURAI rulebook (quoted), on the reconstructed board."""

from __future__ import annotations

import pytest

from samurai_lab.katana.core import (IllegalMoveError, Ruleset, apply_move, from_position, is_tachiojo,
                                     legal_moves, new_game, outcome, play, to_position, why_illegal)
from samurai_lab.katana.core.board import ARRIVAL_TYPE, BLACK, KIND, SHIRO, square_index
from samurai_lab.katana.core.state import owner
from samurai_lab.i18n import use_language


def sq(name: str) -> int:
    return square_index(name)


def moves_of(state) -> set[str]:
    return {str(m) for m in legal_moves(state)}


def test_black_starts():
    """'I Samurai neri iniziano il gioco.' / 'The Black side moves first.'"""
    s = new_game()
    assert s.to_move == 0
    assert all(m.frm in set(s.samurai(0)) for m in legal_moves(s))


def test_samurai_start_on_their_shiro_squares():
    """'Una volta liberate, le caselle di partenza (SHIRO) ...' : the samurai start on the SHIRO squares."""
    s = new_game()
    for player in (0, 1):
        assert all(KIND[x] == SHIRO for x in s.samurai(player))
        assert len(list(s.samurai(player))) == 4


def test_move_one_of_his_own_samurai_to_a_free_square():
    """'Il player di turno sposta uno dei suoi samurai in una qualsiasi casella libera.'"""
    s = new_game()
    assert "d1-d2" not in moves_of(s)
    reason = why_illegal(s, "d1-d2")
    assert "belongs to Red" in reason
    with pytest.raises(IllegalMoveError):
        apply_move(s, "d1-d2")


def test_vacated_shiro_squares_count_as_black():
    """'Una volta liberate, le caselle di partenza (SHIRO) possono essere rioccupate e sono, in tal caso,
    considerate come se fossero caselle BLACK.'"""
    s = play(new_game(), "d9-e9 d1-e1 e9-d9")
    assert s.last == BLACK and ARRIVAL_TYPE[sq("d9")] == BLACK
    # Red may reoccupy his own SHIRO too, and even Black's vacated one
    s2 = play(new_game(), "d9-e9")
    assert "f1-f8" in moves_of(s2)


def test_one_samurai_per_turn_and_the_arrival_square_is_announced():
    """'Ogni player muove soltanto un Samurai a turno ed annuncia la sua mossa specificando la casella
    d'arrivo.' / 'on his turn, a player can only move one of his warriors'"""
    s = new_game()
    t = apply_move(s, "d9-d7")
    changed = [i for i in range(len(s.cells)) if s.cells[i] != t.cells[i]]
    assert sorted(changed) == sorted([sq("d9"), sq("d7")])
    assert t.to_move == 1


def test_each_move_binds_the_next_one():
    """'Il movimento di ogni player vincola il movimento del player successivo seguendo e rispettando i
    Sacri Vincoli del Movimento'"""
    assert play(new_game(), "d9-c9").last == "taiyo"
    assert play(new_game(), "d9-e9").last == BLACK


def test_samurai_move_like_the_chess_queen():
    """'I samurai muovono sul tabellone come la Regina degli scacchi.' / 'each samurai can move backwards or
    forwards across any number of squares in a diagonale, verticale, horizontal manner but only in a
    straight line in any one move.'"""
    s = new_game()
    assert {"d9-d5", "d9-c8", "d9-e8", "d9-e9"} <= moves_of(s)
    assert "queen" in why_illegal(s, "d9-e7")  # a knight's jump
    assert "d9-d6" in moves_of(s) and "d9-d4" in moves_of(s)  # any number of squares


def test_free_move_after_battleground():
    """'MOVIMENTO LIBERO: se player di turno sposta un suo samurai su di una casella BATTLEGROUND (BLACK o
    SHIRO), il player successivo potrà muovere un suo samurai come e dove vuole.' / '1) if the first player lands
    on a No Mans Land square, The second player may move his samurai to any available square, provided The
    rules of Movement are observed.'"""
    s = play(new_game(), "d9-e9")
    assert s.last == BLACK
    froms = {m.frm for m in legal_moves(s)}
    assert froms == set(s.samurai(1))
    assert "d1-e1" in moves_of(s)  # BLACK allowed (ruling K8 default)


def test_constrained_move_after_a_symbol():
    """'MOVIMENTO VINCOLATO: Se il player di turno sposta un suo samurai su di una casella non BATTLEGROUND
    (cioè con simboli astri o animali), il player successivo potrà muovere soltanto un suo samurai che sia
    attiguo ad una casella recante lo stesso simbolo, quest'ultima dovrà essere attraversata per prima ma
    senza fermarvisi, La direzione ed il numero di caselle non sono mai vincolati.' / '2) if the first player
    lands on a Movement Square the second player must move any one of his samurai Over the particular Movement
    Square symbol on which the first player landed. This must be the First Movement Square over which the
    samurai moves. He cannot remain on the square but must move on to any other available square in a
    straight line'"""
    s = play(from_position("d9,f9,a7,i7 d1,i3,c4,e4 b - 0:0"), "f9-g9")
    ms = moves_of(s)
    assert ms == {"c4-a4", "c4-e6", "c4-f7", "c4-g8", "e4-c6", "e4-b7"}
    assert "c4-d5" not in ms  # crossed, never stopped on
    assert "Taiyo" in why_illegal(s, "d1-d3")
    # direction and distance are free: c4 goes west or north-east, one or several squares past d5
    assert {"c4-a4", "c4-e6", "c4-g8"} <= ms


def test_tachiojo_pass_then_free_move():
    """'TACHIŌJŌ: Se il player di turno non può muovere nessuno dei suoi Samurai rispettando i Sacri
    Vincoli del Movimento, allora deve passare il turno. In tal caso il player successivo eseguirà un
    movimento libero.'"""
    s = play(new_game(), "d9-c9")
    assert is_tachiojo(s) and moves_of(s) == {"pass"}
    t = apply_move(s, "pass")
    assert t.to_move == 0 and t.last == ""
    assert "c9-c8" in moves_of(t)
    assert "passing is allowed only in Tachiōjō" in why_illegal(new_game(), "pass")


def test_forbidden_jumps_occupied_katana_and_same_type():
    """'VIETATO: saltare altri Samurai e fermarsi su caselle già occupate, caselle Katana e caselle dello
    stesso tipo della casella d'arrivo del player precedente.' / 'a samurai may not move across, or remain
    on, Challenge squares or squares occupied by other samurai.'"""
    s = from_position("d9,d8,e7 d1,f1,a3,i3 b - 0:0")
    assert "jump" in why_illegal(s, "d9-d7")
    assert "occupied" in why_illegal(s, "d9-d8")
    s2 = new_game()
    assert "KATANA" in why_illegal(s2, "a7-c7")
    assert "KATANA" in why_illegal(from_position("d9,f9,a7,b7 d1,f1,a3,i3 b - 0:0"), "b7-d7")  # across
    # same type as the previous arrival: after a stop on TAIYO, no stop on any TAIYO
    s3 = play(from_position("d9,f9,a7,i7 d1,i3,c4,e4 b - 0:0"), "f9-g9")
    assert "c4-d5" not in moves_of(s3)
    with use_language("en"):
        assert "without stopping" in why_illegal(s3, "c4-d5")
    # the same ban, for BLACK, under ruling K8 = all
    s4 = play(new_game(Ruleset(ban_black="all")), "d9-e9")
    assert "same type" in why_illegal(s4, "d1-e1")


def test_challenge_area_across_one_katana():
    """'AREA DI SFIDA: quando due samurai rivali, si ritrovano allineati in caselle intervallate tra loro (in
    linea verticale, orizzontale o diagonale) dalla medesima casella Katana, si crea un'area di sfida ed ha
    luogo una Sfida.'"""
    s = apply_move(from_position("d9,f9,a7,e6 d1,f1,e1,i3 r - 0:0"), "e1-e4")  # vertical across e5
    assert len(s.challenges) == 1 and s.challenges[0].katana == sq("e5")
    s = apply_move(from_position("d9,f9,a7,d6 d1,f1,e1,i3 r - 0:0"), "f1-f4")  # diagonal f4-e5-d6
    assert len(s.challenges) == 1
    s = apply_move(from_position("d9,f9,a7,d5 d1,f1,e2,i3 r - 0:0"), "e2-e3")
    assert not s.challenges  # not across a Katana
    s = apply_move(from_position("d9,f9,a7,d5 d1,f1,e2,i3 r - 0:0"), "f1-f5")  # horizontal d5-e5-f5
    assert len(s.challenges) == 1


def test_the_mover_attacks():
    """'Il player che sposta/allinea uno dei suoi samurai in modo da creare/completare un'area di sfida,
    diviene l'attaccante, l'altro il difensore.' / 'The samurai arriving second at the challenge square is
    the attacker.'"""
    s = apply_move(from_position("d9,f9,a7,e6 d1,f1,e1,i3 r - 0:0"), "e1-e4")
    ch = s.challenges[0]
    assert ch.attacker == sq("e4") and ch.defender == sq("e6")


def test_the_attacker_always_wins():
    """'Il samurai attaccante, con o senza spada, vince sempre la sfida contro qualsiasi difensore.'"""
    s = apply_move(from_position("d9,f9,a7,e6 d1,f1,e1',i3 r - 0:0"), "e1-e4")  # a weak attacker
    assert s.cells[sq("e4")] and owner(s.cells[sq("e4")]) == 1
    assert s.cells[sq("e6")] == 0


def test_defeated_defender_loses_sword_or_life():
    """'Il difensore sconfitto perde la spada e viene spostato in una qualsiasi casella di partenza libera del
    relativo player. Se il difensore sconfitto è già privo di spada viene ucciso e rimosso dal gioco.' /
    'A samurai is Strong when he has a sword. He is Weak without a sword. A) if he is strong, has his sword
    removed and is returned to any available break out square on his side of the board B) if he is already
    weak (he as no sword) is then killed and removed from the Board.'"""
    s = apply_move(from_position("d9,f9,a7,e6 d1,f1,e1,i3 r - 0:0"), "e1-e4")
    assert to_position(s).startswith("d9,f9,a7,i7' ")
    s = apply_move(from_position("d9,f9,a7,e6' d1,f1,e1,i3 r - 0:0"), "e1-e4")
    assert s.kills == (0, 1) and len(list(s.samurai(0))) == 3
    # with several free SHIRO squares the defender picks (ruling K1)
    s = apply_move(from_position("a7,e6 d1,f1,e1,i3 r - 0:2"), "e1-e4")
    assert s.pending and s.to_move == 0 and moves_of(s) == {"@d9", "@f9", "@i7"}
    assert "SHIRO" in why_illegal(s, "@d1")


def test_the_defeated_player_moves_next():
    """'Terminata la Sfida, il turno passa al player sconfitto.'"""
    s = apply_move(from_position("d9,f9,a7,e6 d1,f1,e1,i3 r - 0:0"), "e1-e4")
    assert s.to_move == 0
    s = apply_move(from_position("a7,e6 d1,f1,e1,i3 r - 0:2", Ruleset(relocation_chooser="attacker")), "e1-e4")
    assert s.to_move == 1  # the attacker picks first ...
    assert apply_move(s, "@d9").to_move == 0  # ... then the defeated player moves


def test_three_kills_win():
    """'Il player che per primo elimina tre samurai avversari vince' / 'the winner is the first player to
    kill three of his opponent's samurai.'"""
    s = apply_move(from_position("f9,e6' d1,f1,e1,i3 r - 0:2"), "e1-e4")
    res = outcome(s)
    assert res is not None and res.winner == 1 and res.reason == "three_kills"
    assert legal_moves(s) == []
    assert "over" in why_illegal(s, "f9-f8")


def test_one_move_can_start_two_challenges():
    """Each challenge area the move completes is a Sfida ('ha luogo una Sfida'); the defenders go back one by one."""
    s = apply_move(from_position("d9,f9,b6,f6 d1,f1,a3,i3 r - 0:0"), "d1-d4")
    assert len(s.challenges) == 2 and [o for o, _ in s.pending] == [0, 0]
    assert moves_of(s) == {"@a7", "@i7"} and s.to_move == 0
    assert to_position(s) == "d9,f9,b6',f6' d4,a3,i3,f1 b mekura 0:0 0 0 bf6,bb6"
    t = apply_move(s, "@i7")
    assert not t.pending and to_position(t).startswith("d9,f9,a7',i7' ")  # the second one had no choice
    # two defenders without sword: two kills at once
    u = apply_move(from_position("f9,b6',f6' d1,f1,a3,i3 r - 0:1"), "d1-d4")
    assert u.kills == (0, 3) and outcome(u).winner == 1
