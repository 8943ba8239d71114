"""Is a GameState a position the rules can produce? Every problem, as (field path, words).

Field paths are those of scenario files (``pieces.HO12``, ``tiles.SEA20``, ``players.Blue.hand``,
``turn.player``), so the loader and the position-string reader report the same way.
"""

from __future__ import annotations

from collections import Counter

from ...i18n import N_, Domain
from ..core.board import CITY, EDO, VILLAGE
from ..core.rules import decide, end_condition as engine_end_condition, end_texts, is_surrounded
from ..core.text import end_reason_text
from ..core.ruleset import END_OF_TURN, FINISH_TURN, INSTANT, RANDOM
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import CASTES, HAND_SIZE, TILE_KINDS, TILE_SET_COUNTS, Caste, Figure, supply_per_caste

T = Domain("knizia")
#: The kinds of hex that hold no caste piece, in words.
KIND_WORDS = {"sea": N_("sea"), "land": N_("land")}


def _codes(counter: Counter) -> str:
    return ", ".join(f"{n} × {t.code}" if n > 1 else t.code
                     for t, n in sorted(counter.items(), key=lambda kv: TILE_KINDS.index(kv[0])))


def settlement_problem(kind: str, castes, full_or_empty: bool) -> str | None:
    """What is wrong with these pieces in a settlement of this kind (None if nothing)."""
    n = len(castes)
    letters = "".join(c.value for c in castes)
    if kind == VILLAGE and n > 1:
        return T.gettext("a village holds one piece, got {n}").format(n=n)
    if kind == CITY:
        if n > 2:
            return T.gettext("a city holds two pieces, got {n}").format(n=n)
        if len(set(castes)) < n:
            return T.gettext("a city holds two different pieces, got {letters}").format(letters=letters)
        if full_or_empty and n == 1:
            return T.gettext('a city holds two pieces until they are captured, then none; got 1')
    if kind == EDO:
        if n > 3:
            return T.gettext("Edo holds three pieces, got {n}").format(n=n)
        if len(set(castes)) < n:
            return T.gettext("Edo holds one piece of each caste, got {letters}").format(letters=letters)
        if full_or_empty and 0 < n < 3:
            return T.gettext("Edo holds one piece of each caste until they are captured, then none; got {letters}").format(letters=letters)
    return None


def passes_end(state: GameState) -> str:
    """The end reason when every player has passed in a row (the engine's words)."""
    return end_texts(state.ruleset)[1]


def end_condition(state: GameState) -> str | None:
    """Why the game would be over on this board (a caste gone, or too many set aside), else None: the
    engine's words, counting the pieces on the board (the position may not account for every piece yet)."""
    return engine_end_condition(state, count_board=True)


def piece_totals(state: GameState) -> list[tuple[Caste, int, int]]:
    """(caste, pieces on the board, pieces captured) per caste."""
    on = state.pieces_on_board()
    caps = [sum(c[k] for c in state.captured if c is not None) for k in range(3)]
    return [(c, on[c.index], caps[c.index]) for c in CASTES]


def supply_message(state: GameState, c: Caste, on: int, caps: int) -> str:
    """The problem of a position whose pieces of caste ``c`` do not add up to the supply."""
    k = c.index
    return T.gettext("{per} {caste} pieces are in play with {n} players, but the position has {on} on the board + "
                     "{caps} captured + {set_aside} set aside = {total}").format(
        per=supply_per_caste(state.n_players), caste=state.ruleset.vocabulary.caste(c), n=state.n_players, on=on,
        caps=caps, set_aside=state.set_aside[k], total=on + caps + state.set_aside[k])


def state_problems(state: GameState) -> list[tuple[str, str]]:
    """Every way ``state`` breaks the rules or cannot arise in a game (empty list if none)."""
    out: list[tuple[str, str]] = []
    board = state.board
    ids = board.ids
    n = state.n_players
    vocab = state.ruleset.vocabulary
    names = [s.name for s in state.seats]
    phase = state.phase
    in_play = phase in (Phase.PLAY, Phase.GAME_OVER)
    setup = phase is Phase.PLACE_PIECES
    choosing = phase is Phase.CHOOSE_HANDS

    def who(p: int) -> str:
        return f"players.{names[p]}" if 0 <= p < n else f"players[{p + 1}]"

    if state.viewer is not None:
        return [("", T.gettext("this is one player's view with hidden information; use the full state"))]
    out += [(f"players[{p + 1}].name", T.gettext('a player needs a name'))
            for p, nm in enumerate(names) if not nm.strip()]
    lowered = [nm.strip().lower() for nm in names]
    out += [("players", T.gettext("two players are called {name}; names must differ").format(name=repr(nm)))
            for nm in sorted({x for x in lowered if lowered.count(x) > 1})]

    # --- caste pieces --------------------------------------------------------
    early: list[str] = []  # settlements filled while hands are still being chosen
    for i, ps in enumerate(state.pieces):
        if not ps:
            continue
        kind = board.kinds[i]
        if board.capacity[i] == 0:
            out.append((f"pieces.{ids[i]}", T.gettext("{hex} is a {kind} hex: caste pieces lie only in villages, cities and Edo").format(hex=ids[i], kind=T.gettext(KIND_WORDS.get(kind, kind)))))
            continue
        if choosing and i != board.edo:
            early.append(ids[i])
            continue
        why = settlement_problem(kind, ps, full_or_empty=not setup)
        if why:
            out.append((f"pieces.{ids[i]}", why))
    if early:
        out.append(("pieces", T.gettext("the caste pieces are placed after every player has chosen his starting hand: while hands are chosen only Edo holds pieces, but {items} hold some").format(items=', '.join(early))))
    if (setup or choosing) and len(state.pieces[board.edo]) != 3:
        out.append((f"pieces.{ids[board.edo]}", T.gettext('Edo gets one piece of each caste before the other settlements are filled')))
    if setup:
        if any(len(state.pieces[c]) < 2 for c in board.cities):
            out += [(f"pieces.{ids[v]}", T.gettext('the cities are filled first: villages stay empty until every city holds two pieces'))
                    for v in board.villages if state.pieces[v]]
        if all(len(state.pieces[s]) == board.capacity[s] for s in board.settlements):
            out.append(("phase", T.gettext('every settlement is full, so the pieces are placed: the phase is play or later')))
        if state.ruleset.setup == RANDOM:
            out.append(("phase", T.gettext('with setup = "random" the pieces are dealt at random, there is no place_pieces phase')))
    per = supply_per_caste(n)
    supply_ok = True
    totals = piece_totals(state)
    for c, on, caps in totals:
        total = on + caps + state.set_aside[c.index]
        if (total > per) or (in_play and total != per):
            supply_ok = False
            out.append(("pieces", supply_message(state, c, on, caps)))
    if not in_play and (any(caps for _, _, caps in totals) or any(state.set_aside)):
        out.append(("captured", T.gettext('no piece is captured or set aside before play begins')))

    # --- tiles ------------------------------------------------------------------
    on_board: list[Counter] = [Counter() for _ in range(n)]
    for i, pl in enumerate(state.tiles):
        if pl is None:
            continue
        path = f"tiles.{ids[i]}"
        if not in_play:
            out.append((path, T.gettext("no {tile} lies on the board before play begins").format(tile=vocab.tile)))
        t = pl.tile
        if not 0 <= pl.owner < n:
            out.append((path, T.gettext("the owner must be one of the {n} players").format(n=n)))
            continue
        on_board[pl.owner][t] += 1
        if board.is_settlement[i]:
            out.append((path, T.gettext("{tiles} are never placed on a village, a city or Edo").format(tiles=vocab.tiles)))
        elif t.figure is Figure.SWAP:
            out.append((path, T.gettext("the {swap} never lies on the board").format(swap=vocab.swap)))
        elif t.on_sea and not board.is_sea[i]:
            out.append((path, T.gettext("ships go on sea hexes only, and {hex} is land").format(hex=ids[i])))
        elif not t.on_sea and board.is_sea[i]:
            out.append((path, T.gettext("only ships may lie on the sea; {code} goes on land").format(code=t.code)))

    for p in range(n):
        hand = state.hands[p] or ()
        pile = state.piles[p] or ()
        if state.pile_sizes[p] != len(pile):
            out.append((f"{who(p)}.pile", T.gettext("the pile size {size} does not match its {count} tiles").format(size=state.pile_sizes[p], count=len(pile))))
        used = Counter(state.discarded[p])
        out += [(f"{who(p)}.swap_used", T.gettext("only the {swap} leaves the game, not {code}").format(swap=vocab.swap, code=t.code))
                for t in used if t.figure is not Figure.SWAP]
        have = Counter(hand) + Counter(pile) + on_board[p] + used
        over = Counter({t: k - TILE_SET_COUNTS.get(t, 0) for t, k in have.items() if k > TILE_SET_COUNTS.get(t, 0)})
        if over:
            out.append((who(p), T.gettext("more tiles than the 20-tile set holds: {codes} too many (counting hand, pile, board and used {swap})").format(codes=_codes(over), swap=vocab.swap)))
        if used and not in_play:
            out.append((f"{who(p)}.swap_used", T.gettext('no tile is used before play begins')))
        if in_play:
            missing = TILE_SET_COUNTS - have
            if missing:
                out.append((who(p), T.gettext("tiles unaccounted for: {codes}; each of the 20 {tiles} is in the hand, in the pile, on the board or (the swap) used").format(codes=_codes(missing), tiles=vocab.tiles)))
            due = HAND_SIZE - (state.played_this_turn if p == state.current else 0)
            less = (T.gettext("less the {n} played this turn").format(n=state.played_this_turn)
                    if p == state.current and state.played_this_turn else "")
            if pile and len(hand) != due:
                out.append((f"{who(p)}.hand", T.gettext("holds {count} {tiles} while {pile} remain in the pile: the hand is refilled to five at the end of each turn{extra}").format(count=len(hand), tiles=vocab.tiles, pile=len(pile), extra=", " + less if less else "")))
            elif not pile and len(hand) > due:
                out.append((f"{who(p)}.hand", T.gettext("holds {count} {tiles}; a hand holds at most five").format(
                    count=len(hand), tiles=vocab.tiles) + (" " + less if less else "")))
        elif phase is Phase.CHOOSE_HANDS:
            if p < state.current:
                if len(hand) != HAND_SIZE:
                    out.append((f"{who(p)}.hand", T.gettext("has chosen a hand of {count}; a starting hand is five {tiles}").format(count=len(hand), tiles=vocab.tiles)))
                elif Counter(hand) + Counter(pile) != TILE_SET_COUNTS:
                    out.append((f"{who(p)}.pile", T.gettext('the pile holds the 15 tiles not chosen for the hand')))
            elif p == state.current:
                if len(hand) >= HAND_SIZE:
                    out.append((f"{who(p)}.hand", T.gettext('the player choosing now has fewer than five tiles picked')))
                if pile:
                    out.append((f"{who(p)}.pile", T.gettext('the pile is made when the hand is complete')))
            elif hand or pile:
                out.append((who(p), T.gettext('players after the one choosing now have not picked any tile yet')))
        elif len(hand) != HAND_SIZE or Counter(hand) + Counter(pile) != TILE_SET_COUNTS:  # placing pieces
            out.append((f"{who(p)}.hand", T.gettext("the hands are chosen first, then the caste pieces are placed: while pieces are placed every player holds his starting hand of five {tiles} and a pile of the other 15").format(tiles=vocab.tiles)))

    # --- whose turn, flags ---------------------------------------------------------------
    if not 0 <= state.current < n:
        out.append(("turn.player", T.gettext("the player to move must be one of the {n} players").format(n=n)))
        return out
    if state.turn < 1:
        out.append(("turn.number", T.gettext('turns are numbered from 1')))
    if state.played_this_turn < 0 or state.passes < 0:
        out.append(("turn", T.gettext('counts of tiles played and passes cannot be negative')))
    if setup or phase is Phase.CHOOSE_HANDS:
        if state.turn != 1 or state.played_this_turn or state.normal_played or state.passes or state.end_reason:
            out.append(("turn", T.gettext('before play begins the turn is 1, no tile is played and nobody has passed')))
        if setup:
            placed = sum(len(ps) for ps in state.pieces) - 3
            due = placed % n
            if placed >= 0 and state.current != due:
                out.append(("turn.player", T.gettext("{placed} pieces have been placed in turn order from {first}, so it is {player}'s turn to place one").format(placed=placed, first=names[0], player=names[due])))
        elif state.ruleset.hands == RANDOM:
            out.append(("phase", T.gettext('with hands = "random" the hands are dealt at random, there is no choose_hands phase')))
    if in_play:
        due = (state.turn - 1) % n
        if state.turn >= 1 and state.current != due:
            out.append(("turn.player", T.gettext("turn {turn} is {player}'s: players take turns in seat order from {first} on turn 1").format(turn=state.turn, player=names[due], first=names[0])))
        if state.normal_played and state.played_this_turn < 1:
            out.append(("turn.normal_played", T.gettext('a tile without the fast mark was played, so at least one tile was played')))
        if state.passes and state.played_this_turn:
            out.append(("turn.passes", T.gettext('a player who has played a tile this turn has not passed')))
        if phase is Phase.PLAY and state.passes >= n:
            out.append(("turn.passes", T.gettext('when every player has passed in a row the game is over')))
        cond = end_condition(state)
        if phase is Phase.PLAY:
            if state.end_reason is not None:
                if not (state.ruleset.capture_timing == INSTANT and state.ruleset.instant_end == FINISH_TURN
                        and state.played_this_turn >= 1):
                    out.append(("turn.end_reason", T.gettext('the game goes on after an end condition only while the player finishes his turn (instant capture with R4 finish_turn)')))
            elif cond is not None and supply_ok:
                out.append(("phase", T.gettext("the game is over: {why}").format(why=end_reason_text(cond, vocab))))
        else:
            if not state.end_reason:
                out.append(("turn.end_reason", T.gettext('a finished game says why it ended')))
            if cond is None and state.passes < n and supply_ok:
                out.append(("phase", T.gettext('the game cannot be over: every caste still has pieces on the board, fewer than four are set aside and not every player has passed')))
        timing = state.ruleset.capture_timing
        for s in board.settlements:
            if state.pieces[s] and is_surrounded(state, s):
                if timing == INSTANT:
                    out.append((f"pieces.{ids[s]}", T.gettext("{label} is surrounded but still holds pieces: under instant capture they would have been taken").format(label=board.label(s))))
                elif timing == END_OF_TURN and (state.played_this_turn == 0 or phase is Phase.GAME_OVER):
                    out.append((f"pieces.{ids[s]}", T.gettext("{label} is surrounded but still holds pieces: they are taken at the end of the turn that closed it").format(label=board.label(s))))
    for k, r in enumerate(state.events):
        path = f"turn.last_captures[{k + 1}]"
        if not (0 <= r.hex < len(ids)) or not board.is_settlement[r.hex]:
            out.append((path, T.gettext('a capture happens in a settlement')))
            continue
        if len(r.tallies) != n or any(v < 0 for v in r.tallies):
            out.append((path, T.gettext("give the influence of each of the {n} players").format(n=n)))
            continue
        if r.winner != decide(tuple(r.tallies)):
            out.append((path, T.gettext('the single highest influence takes the piece; a tie sets it aside')))
        if state.pieces[r.hex]:
            out.append((path, T.gettext("{label} still holds pieces, so it has not been resolved").format(label=board.label(r.hex))))
    return out
