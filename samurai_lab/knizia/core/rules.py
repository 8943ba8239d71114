"""The rules of Samurai: one source of legality for every action, and applying actions.

``why_illegal(state, action)`` is the single check; ``legal_actions`` enumerates
from the same target helpers and ``apply_action`` refuses anything ``why_illegal``
objects to, raising ``IllegalMoveError`` with the rule in the rulebook's words.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING

from .actions import (Action, EndTurn, IllegalMoveError, MoveTile, Pass, PickTile, PlacePiece, PlaceTile, Swap,
                      as_action, not_an_action, parse_action)
from ...i18n import Domain
from .board import CITY, VILLAGE
from .ruleset import END_OF_TURN, FORBIDDEN, INSTANT, STOP_AT_ONCE, Ruleset, Vocabulary
from .model import Phase, Resolution, _evolve, hands_chosen, pile_for, placed, with_item
from .scoring import score_state, verdict
from .text import end_reason_text, tile_name
from .tiles import (CASTES, HAND_SIZE, TILE_SET_COUNTS, TILES_BY_CODE, Caste, Figure, Tile, sort_castes,
                    sort_tiles, supply_per_caste)

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

MOVE_TILE: Tile = TILES_BY_CODE["M"]
SWAP_TILE: Tile = TILES_BY_CODE["X"]
SET_ASIDE_LIMIT = 4
T = Domain("knizia")


def game_over_reason(state: GameState) -> str:
    """``the game is over: <why it ended>; <who won and how>`` (the winner once every capture is known)."""
    why = end_reason_text(state.end_reason, state.ruleset.vocabulary) if state.end_reason else None
    text = T.gettext("the game is over: {why}").format(why=why) if why else T.gettext("the game is over")
    try:
        report = score_state(state)
    except ValueError:  # a player's view with hidden captures
        return T.gettext("{text}; the winner is known once every player's captured pieces are shown").format(text=text)
    names = state.ruleset.vocabulary.seat_names(state.seats)
    return T.gettext("{text}; {verdict}").format(text=text, verdict=verdict(report, names))


# --- settlements and influence ------------------------------------------

def is_surrounded(state: GameState, settlement: int) -> bool:
    """Every land hex next to the settlement holds a tile (sea hexes never need filling)."""
    tiles = state.tiles
    for o in state.board.land_neighbours[settlement]:  # a loop: faster than all() on this hot path
        if tiles[o] is None:
            return False
    return True


def empty_land_around(state: GameState, settlement: int) -> int:
    """How many land hexes next to the settlement are still empty."""
    tiles = state.tiles
    return sum(1 for o in state.board.land_neighbours[settlement] if tiles[o] is None)


def influence(state: GameState, settlement: int, caste: Caste) -> tuple[int, ...]:
    """Each player's influence on a piece of ``caste`` in ``settlement``: the values of his adjacent
    tiles (land and sea) that show that caste or a wild figure."""
    sums = [0] * len(state.seats)
    tiles = state.tiles
    ci = caste.index
    for o in state.board.neighbours[settlement]:
        p = tiles[o]
        if p is not None:
            sums[p.owner] += p.tile.per_caste[ci]
    return tuple(sums)


def decide(tallies: tuple[int, ...]) -> int | None:
    """The single player with the highest sum, or None on a tie for the highest (all-zero included)."""
    best = max(tallies)
    return None if tallies.count(best) > 1 else tallies.index(best)


def _resolve(state: GameState, settlements: list[int]) -> GameState:
    """Capture the pieces of the given surrounded settlements, piece by piece, and check the end.

    Each piece goes to the single player with the highest influence (``influence``/``decide``,
    inlined here because this is the engine's hottest path); a tie sets it aside."""
    pieces = state.pieces
    captured = list(state.captured)
    set_aside = list(state.set_aside)
    events = list(state.events)
    tiles = state.tiles
    neighbours = state.board.neighbours
    n = len(state.seats)
    for s in settlements:
        around = [p for o in neighbours[s] if (p := tiles[o]) is not None]
        for caste in pieces[s]:
            ci = caste.index
            sums = [0] * n
            for p in around:
                sums[p.owner] += p.tile.per_caste[ci]
            best = max(sums)
            winner = None if sums.count(best) > 1 else sums.index(best)
            if winner is None:
                set_aside[ci] += 1
            elif captured[winner] is not None:  # hidden in a player's view: stays hidden
                c = list(captured[winner])  # type: ignore[arg-type]
                c[ci] += 1
                captured[winner] = tuple(c)  # type: ignore[call-overload]
            events.append(Resolution(s, caste, winner, tuple(sums)))
        pieces = pieces[:s] + ((),) + pieces[s + 1:]
    new = _evolve(state, pieces=pieces, captured=tuple(captured), set_aside=tuple(set_aside),
                  events=tuple(events))
    if state.end_reason is None:
        reason = end_condition(new)
        if reason is not None:
            new.__dict__["end_reason"] = reason
    return new


def end_texts(ruleset: Ruleset) -> tuple[tuple[str, ...], str]:
    """The end reasons as the rules engine keeps them (English data): a caste gone, by caste index; every
    player passed in a row."""
    names = ruleset.vocabulary.english("castes")
    return (tuple(f"no {names[c]} piece is left on the board" for c in CASTES),
            f"no player can place a {ruleset.vocabulary.english('tile')} (every player passed in a row)")


def end_condition(state: GameState, count_board: bool = False) -> str | None:
    """Why the game ends after a capture resolution: a caste has left the board, or 4 pieces are set aside.

    In English: the reason is kept as data (positions, records, files); ``text.end_reason_text`` shows it
    in the current language. ``count_board``: count the pieces on the board, as in a player's view."""
    set_aside = state.set_aside
    if count_board or None in state.captured:  # a player's view: count the pieces on the board
        on_board = state.pieces_on_board()
    else:  # every piece is on the board, captured or set aside
        per = supply_per_caste(len(state.seats))
        on_board = [per - set_aside[0], per - set_aside[1], per - set_aside[2]]
        for h, b, r in state.captured:  # type: ignore[misc]
            on_board[0] -= h
            on_board[1] -= b
            on_board[2] -= r
    for c in CASTES:
        if on_board[c.index] == 0:
            return end_texts(state.ruleset)[0][c.index]
    total = sum(set_aside)
    return f"{total} pieces have been set aside by ties" if total >= SET_ASIDE_LIMIT else None


def surrounded_with_pieces(state: GameState) -> list[int]:
    """Settlements that are surrounded and still hold pieces."""
    return [s for s in state.board.settlements if state.pieces[s] and is_surrounded(state, s)]


# --- targets: the shared source of legal placements ------------------------

def tile_targets(state: GameState, tile: Tile) -> tuple[int, ...]:
    """Hex indices where ``tile`` may be laid now (ignoring whose turn and the normal-tile allowance)."""
    if tile.figure is Figure.SWAP or tile.figure is Figure.MOVE:
        return ()
    return empty_hexes(state, sea=tile.placement == "sea")


def empty_hexes(state: GameState, sea: bool = False) -> tuple[int, ...]:
    """Empty sea hexes (``sea=True``) or empty land hexes."""
    tiles = state.tiles
    pool = state.board.sea if sea else state.board.land
    return tuple(i for i in pool if tiles[i] is None)


def movable_tiles(state: GameState, player: int) -> tuple[int, ...]:
    """Hexes holding one of ``player``'s own tiles that the move tile can lift (no fast tiles, not itself)."""
    tiles = state.tiles
    return tuple(
        i for i in state.board.land  # tiles without the fast mark always lie on land
        if (p := tiles[i]) is not None and p.owner == player and not p.tile.fast and not p.tile.is_move
    )


def swappable_pieces(state: GameState) -> list[tuple[int, Caste]]:
    """(settlement, caste) of every piece the swap may take part in (R3 may exclude surrounded ones)."""
    forbid_closed = state.ruleset.swap_into_surrounded == FORBIDDEN
    return [(s, c) for s in state.board.settlements if state.pieces[s]
            and not (forbid_closed and is_surrounded(state, s)) for c in state.pieces[s]]


def swap_keeps_castes_apart(state: GameState, a: int, ca: Caste, b: int, cb: Caste) -> bool:
    """After exchanging ``ca`` of ``a`` with ``cb`` of ``b``, no settlement holds two alike."""
    return ca is cb or (ca not in state.pieces[b] and cb not in state.pieces[a])


def swap_options(state: GameState) -> list[Swap]:
    """Every exchange of two pieces in two different settlements that leaves no settlement with two alike."""
    ids = state.board.ids
    return [Swap(ids[sa], ca, ids[sb], cb) for (sa, ca), (sb, cb) in combinations(swappable_pieces(state), 2)
            if sa != sb and swap_keeps_castes_apart(state, sa, ca, sb, cb)]


# --- the single legality check --------------------------------------------

def why_illegal(state: GameState, action: Action | str) -> str | None:
    """None if ``action`` (an action or its notation) is legal now, else the reason in the rulebook's words."""
    if action.__class__ is str:
        try:
            action = parse_action(action)  # type: ignore[arg-type]
        except IllegalMoveError as e:
            return e.reason
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return game_over_reason(state)
    if isinstance(action, PlacePiece):
        return _why_piece(state, action)
    if isinstance(action, PickTile):
        return _why_pick(state, action)
    if phase is not Phase.PLAY:
        if phase is Phase.PLACE_PIECES:
            return T.gettext("the game has not started yet: the caste pieces are still being placed; play begins "
                             "once every piece is on the board")
        return T.gettext("the game has not started yet: the starting hands are being chosen; then the caste pieces "
                         "are placed, then play begins")
    hand = state.hands[state.current]
    if hand is None:
        return T.gettext("that player's hand is hidden in this view")
    if isinstance(action, PlaceTile):
        return _why_place(state, action, hand)
    if isinstance(action, Swap):
        return _why_swap(state, action, hand)
    if isinstance(action, MoveTile):
        return _why_move(state, action, hand)
    if isinstance(action, EndTurn):
        if state.played_this_turn == 0:
            return T.gettext("a player must play at least one {tile} each turn").format(
                tile=state.ruleset.vocabulary.tile)
        return None
    if isinstance(action, Pass):
        if state.played_this_turn > 0:
            return T.gettext("you have played a {tile} this turn: end the turn instead of passing").format(
                tile=state.ruleset.vocabulary.tile)
        if _has_tile_play(state, hand):
            return T.gettext("passing is allowed only when no {tile} can be placed (R1); play at least one "
                             "{tile}").format(tile=state.ruleset.vocabulary.tile)
        return None
    return not_an_action(action)


def a_tile(t: Tile, vocab: Vocabulary) -> str:
    """``a High Helmet 2 token``, ``a Ship 1 tile``, ``the figure exchange``: one tile in words, with its article."""
    name = tile_name(t, vocab)
    if t.is_swap or t.is_move:
        return T.gettext("the {name}").format(name=name)
    text = T.gettext("an {name} {tile}") if name[:1].lower() in "aeiou" else T.gettext("a {name} {tile}")
    return text.format(name=name, tile=vocab.tile)


def _hexes(state: GameState, *refs: str) -> tuple[list[int | None], str | None]:
    """The board indices of the hexes ``refs`` and no refusal; or, with one not in play, Nones and its refusal."""
    try:
        return [state.board.resolve(ref) for ref in refs], None
    except ValueError as e:
        return [None] * len(refs), str(e)


def _why_piece(state: GameState, action: PlacePiece) -> str | None:
    vocab = state.ruleset.vocabulary
    if state.phase is Phase.CHOOSE_HANDS:
        return T.gettext("the caste pieces are placed after every player has chosen his starting hand")
    if state.phase is not Phase.PLACE_PIECES:
        return T.gettext("all caste pieces are already placed: play has begun")
    if not isinstance(action.caste, Caste):
        return T.gettext("{value} is not a caste").format(value=repr(action.caste))
    (i,), err = _hexes(state, action.hex)
    if err:
        return err
    board = state.board
    if state.supply()[action.caste.index] <= 0:
        return T.gettext("no {caste} piece is left in the supply").format(caste=vocab.caste(action.caste))
    kind = board.kinds[i]
    if any(len(state.pieces[c]) < 2 for c in board.cities):  # the cities are filled first
        if kind != CITY:
            return T.gettext("the cities are filled first: put the piece into a city")
        if len(state.pieces[i]) >= 2:
            return T.gettext("that city already holds two pieces")
        if action.caste in state.pieces[i]:
            return T.gettext("a city holds two different pieces")
        return None
    if kind != VILLAGE:
        return T.gettext("the cities are full: the remaining pieces go into the villages, one each")
    if state.pieces[i]:
        return T.gettext("that village already holds its piece")
    return None


def _why_pick(state: GameState, action: PickTile) -> str | None:
    if state.phase is Phase.PLACE_PIECES:
        return T.gettext("every player has already chosen his starting hand: the hands are chosen first, "
                         "then the caste pieces are placed")
    if state.phase is not Phase.CHOOSE_HANDS:
        return T.gettext("starting hands are chosen at the start, before the caste pieces are placed: play has "
                         "begun")
    hand = state.hands[state.current]
    if hand is None:
        return T.gettext("that player's hand is hidden in this view")
    if hand.count(action.tile) >= TILE_SET_COUNTS.get(action.tile, 0):
        return T.gettext("you have no other {code} among your 20 {tiles}").format(
            code=action.tile.code, tiles=state.ruleset.vocabulary.tiles)
    return None


def _why_place(state: GameState, action: PlaceTile, hand: tuple[Tile, ...]) -> str | None:
    t = action.tile
    vocab = state.ruleset.vocabulary
    if t not in hand:
        return T.gettext("you do not hold {tile}").format(tile=a_tile(t, vocab))
    if t.figure is Figure.SWAP:
        return T.gettext("the {swap} never lies on the board: use it to exchange two caste pieces").format(
            swap=vocab.swap)
    if t.figure is Figure.MOVE:
        return T.gettext("the {move} is played by lifting one of your own {tiles} from the board").format(
            move=vocab.move, tiles=vocab.tiles)
    if not t.fast and state.normal_played:
        return T.gettext("only one {tile} without the {fast} may be played per turn").format(
            tile=vocab.tile, fast=vocab.fast)
    (i,), err = _hexes(state, action.hex)
    if err:
        return err
    board = state.board
    if board.is_settlement[i]:
        return T.gettext("{tiles} are never placed on a village, a city or Edo").format(tiles=vocab.tiles)
    if t.placement == "sea":
        if not board.is_sea[i]:
            return T.gettext("ships may be placed only on empty sea hexes")
    elif board.is_sea[i]:
        return T.gettext("only ships may be placed on the sea; other {tiles} go on empty land").format(
            tiles=vocab.tiles)
    if state.tiles[i] is not None:
        return T.gettext("that hex already holds a {tile}").format(tile=vocab.tile)
    return None


def _why_swap(state: GameState, action: Swap, hand: tuple[Tile, ...]) -> str | None:
    vocab = state.ruleset.vocabulary
    if SWAP_TILE not in hand:
        return T.gettext("you do not hold the {swap}").format(swap=vocab.swap)
    (a, b), err = _hexes(state, action.hex_a, action.hex_b)
    if err:
        return err
    if a == b:
        return T.gettext("the {swap} exchanges two pieces lying in two different settlements").format(
            swap=vocab.swap)
    pa, pb = state.pieces[a], state.pieces[b]
    for i, c, ps in ((a, action.caste_a, pa), (b, action.caste_b, pb)):
        if c not in ps:
            return T.gettext("there is no {caste} piece in {where}").format(
                caste=vocab.caste(c), where=state.board.label(i))
    if not swap_keeps_castes_apart(state, a, action.caste_a, b, action.caste_b):
        twice, where = (action.caste_b, a) if action.caste_b in pa else (action.caste_a, b)
        return T.gettext("after the swap {where} would hold two {castes}: no settlement may hold two pieces of "
                         "the same caste").format(where=state.board.label(where), castes=vocab.castes_plural[twice])
    if state.ruleset.swap_into_surrounded == FORBIDDEN:
        for i in (a, b):
            if is_surrounded(state, i):
                return T.gettext("{where} is surrounded: its pieces may no longer be exchanged (R3)").format(
                    where=state.board.label(i))
    return None


def _why_move(state: GameState, action: MoveTile, hand: tuple[Tile, ...]) -> str | None:
    vocab = state.ruleset.vocabulary
    if MOVE_TILE not in hand:
        return T.gettext("you do not hold the {move}").format(move=vocab.move)
    if state.normal_played:
        return T.gettext("only one {tile} without the {fast} may be played per turn, and the {move} is "
                         "one").format(tile=vocab.tile, fast=vocab.fast, move=vocab.move)
    (a, b), err = _hexes(state, action.from_hex, action.to_hex)
    if err:
        return err
    lifted = state.tiles[a]
    if lifted is None:
        return T.gettext("there is no {tile} on {where} to move").format(tile=vocab.tile, where=state.board.label(a))
    if lifted.owner != state.current:
        return T.gettext("the {move} can lift only one of your own {tiles}").format(move=vocab.move, tiles=vocab.tiles)
    if lifted.tile.figure is Figure.MOVE:
        return T.gettext("the {move} itself cannot be moved").format(move=vocab.move)
    if lifted.tile.fast:
        return T.gettext("{tiles} with the {fast} (ships, the ronin) cannot be moved").format(
            tiles=vocab.tiles, fast=vocab.fast)
    if a == b:
        return T.gettext("the lifted {tile} must go to another hex").format(tile=vocab.tile)
    if not state.board.is_land[b]:
        return T.gettext("the lifted {tile} must go to an empty land hex").format(tile=vocab.tile)
    if state.tiles[b] is not None:
        return T.gettext("that hex already holds a {tile}").format(tile=vocab.tile)
    return None


def _has_tile_play(state: GameState, hand: tuple[Tile, ...]) -> bool:
    for t in set(hand):
        if t.figure is Figure.SWAP:
            if len({s for s, _ in swappable_pieces(state)}) >= 2:
                return True
        elif t.figure is Figure.MOVE:
            if not state.normal_played and movable_tiles(state, state.current) and empty_hexes(state):
                return True
        elif (t.fast or not state.normal_played) and tile_targets(state, t):
            return True
    return False


# --- enumeration ------------------------------------------------------------

def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of the current step, in a stable order."""
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return []
    board = state.board
    ids = board.ids
    if phase is Phase.PLACE_PIECES:
        return [a for i in (board.cities + board.villages) for c in CASTES
                if why_illegal(state, a := PlacePiece(c, ids[i])) is None]
    hand = state.hands[state.current]
    if hand is None:
        return []
    if phase is Phase.CHOOSE_HANDS:
        have = Counter(hand)
        return [PickTile(t) for t in TILE_SET_COUNTS if have[t] < TILE_SET_COUNTS[t]]
    out: list[Action] = []
    for t in sort_tiles(set(hand)):
        if t.figure is Figure.SWAP:
            out.extend(swap_options(state))
        elif t.figure is Figure.MOVE:
            if not state.normal_played:
                targets = empty_hexes(state)
                for a in movable_tiles(state, state.current):
                    out.extend(MoveTile(ids[a], ids[b]) for b in targets)
        elif t.fast or not state.normal_played:
            out.extend(PlaceTile(t, ids[i]) for i in tile_targets(state, t))
    if state.played_this_turn > 0:
        out.append(EndTurn())
    elif not out:
        out.append(Pass())
    return out


# --- applying ---------------------------------------------------------------

def apply_action(state: GameState, action: Action | str) -> GameState:
    """The state after ``action`` (an action or its notation). Raises IllegalMoveError with the reason
    if the rules forbid it or the action is malformed."""
    if action.__class__ not in _APPLY:
        action = as_action(action)
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalMoveError(action, reason)
    return _apply_legal(state, action)


def _hands_without(state: GameState, t: Tile) -> tuple:
    """The hands, the current player's without one ``t``."""
    hand: tuple[Tile, ...] = state.hands[state.current]  # type: ignore[assignment]
    for i, x in enumerate(hand):  # the shared instance first, else an equal tile
        if x is t:
            break
    else:
        i = hand.index(t)
    cur = state.current
    return state.hands[:cur] + (hand[:i] + hand[i + 1:],) + state.hands[cur + 1:]


def _after_tile(state: GameState, changed_hex: int) -> GameState:
    """Instant capture: resolve settlements next to the hex just filled; R4 decides an end mid-turn."""
    if state.ruleset.capture_timing != INSTANT:
        return state
    board = state.board
    pieces, tiles = state.pieces, state.tiles
    closed = []
    for s in board.adjacent_settlements[changed_hex]:  # is_surrounded, inlined on this hot path
        if pieces[s]:
            for o in board.land_neighbours[s]:
                if tiles[o] is None:
                    break
            else:
                closed.append(s)
    if not closed:
        return state
    state = _resolve(state, closed)
    if state.end_reason is not None and state.ruleset.instant_end == STOP_AT_ONCE:
        state = _evolve(state, phase=Phase.GAME_OVER)
    return state


def _apply_legal(state: GameState, action: Action) -> GameState:
    """Apply an action already known to be legal."""
    return _APPLY[type(action)](state, action)


def place_tile_at(state: GameState, tile: Tile, i: int) -> GameState:
    """Lay ``tile`` from the current hand on hex index ``i`` (legality already checked)."""
    new = object.__new__(type(state))  # as _evolve, without its keyword arguments: a hot path
    d = new.__dict__
    d.update(state.__dict__)
    d["tiles"] = state.tiles[:i] + (placed(state.current, tile),) + state.tiles[i + 1:]
    d["hands"] = _hands_without(state, tile)
    d["events"] = ()
    d["normal_played"] = state.normal_played or not tile.fast
    d["played_this_turn"] = state.played_this_turn + 1
    d["passes"] = 0
    return _after_tile(new, i) if state.board.adjacent_settlements[i] else new  # else nothing to resolve


def _apply_place(state: GameState, action: PlaceTile) -> GameState:
    return place_tile_at(state, action.tile, state.board.resolve(action.hex))


def _apply_move(state: GameState, action: MoveTile) -> GameState:
    board = state.board
    a, b = board.resolve(action.from_hex), board.resolve(action.to_hex)
    tiles = list(state.tiles)
    tiles[b] = tiles[a]
    tiles[a] = placed(state.current, MOVE_TILE)
    new = _evolve(state, tiles=tuple(tiles), hands=_hands_without(state, MOVE_TILE), events=(),
                  normal_played=True, played_this_turn=state.played_this_turn + 1, passes=0)
    return _after_tile(new, b)


def _apply_swap(state: GameState, action: Swap) -> GameState:
    board = state.board
    cur = state.current
    a, b = board.resolve(action.hex_a), board.resolve(action.hex_b)
    pieces = list(state.pieces)
    pieces[a] = _with_piece(pieces[a], action.caste_a, action.caste_b)
    pieces[b] = _with_piece(pieces[b], action.caste_b, action.caste_a)
    return _evolve(state, pieces=tuple(pieces), hands=_hands_without(state, SWAP_TILE),
                   discarded=with_item(state.discarded, cur, state.discarded[cur] + (SWAP_TILE,)), events=(),
                   played_this_turn=state.played_this_turn + 1, passes=0)


def end_turn(state: GameState, action: EndTurn | None = None) -> GameState:
    """End the turn: resolve pending captures (end-of-turn timing), end the game or refill and pass on."""
    events: tuple[Resolution, ...] = ()
    if state.ruleset.capture_timing == END_OF_TURN:
        closed = surrounded_with_pieces(state)
        if closed:
            state = _resolve(_evolve(state, events=()), closed)
            events = state.events
    if state.end_reason is not None:
        return _evolve(state, phase=Phase.GAME_OVER, events=events)
    return _next_turn(state, passes=0, refill=state.current, events=events)


def _apply_pass(state: GameState, action: Pass) -> GameState:
    passes = state.passes + 1
    if passes >= state.n_players:
        return _evolve(state, phase=Phase.GAME_OVER, passes=passes, events=(),
                       end_reason=end_texts(state.ruleset)[1])
    return _next_turn(state, passes=passes)


def _with_piece(ps: tuple[Caste, ...], out: Caste, into: Caste) -> tuple[Caste, ...]:
    lst = list(ps)
    lst.remove(out)
    return sort_castes((*lst, into))


def _next_turn(state: GameState, passes: int, refill: int | None = None,
               events: tuple[Resolution, ...] = ()) -> GameState:
    """Hand over to the next player, after refilling ``refill``'s hand to five from his pile.

    ``events`` are the captures the end of the turn resolved (end-of-turn timing)."""
    new = object.__new__(type(state))  # as _evolve, without its keyword arguments: a hot path
    d = new.__dict__
    d.update(state.__dict__)
    d["current"] = (state.current + 1) % len(state.seats)
    d["turn"] = state.turn + 1
    d["normal_played"] = False
    d["played_this_turn"] = 0
    d["passes"] = passes
    d["events"] = events
    if refill is not None:
        hand = state.hands[refill] or ()
        pile = state.piles[refill] or ()
        k = min(HAND_SIZE - len(hand), len(pile))
        if k > 0:
            hands, piles, sizes = list(state.hands), list(state.piles), list(state.pile_sizes)
            hands[refill], piles[refill], sizes[refill] = sort_tiles(hand + pile[:k]), pile[k:], len(pile) - k
            d["hands"], d["piles"], d["pile_sizes"] = tuple(hands), tuple(piles), tuple(sizes)
    return new


def _apply_piece(state: GameState, action: PlacePiece) -> GameState:
    board = state.board
    i = board.resolve(action.hex)
    pieces = with_item(state.pieces, i, sort_castes(state.pieces[i] + (action.caste,)))
    if all(len(pieces[s]) == board.capacity[s] for s in board.settlements):  # all placed: seat 0 begins play
        return _evolve(state, pieces=pieces, phase=Phase.PLAY, current=0, events=())
    return _evolve(state, pieces=pieces, current=(state.current + 1) % state.n_players, events=())


def _apply_pick(state: GameState, action: PickTile) -> GameState:
    cur = state.current
    hand = sort_tiles(state.hands[cur] + (action.tile,))  # type: ignore[operator]
    hands = with_item(state.hands, cur, hand)
    if len(hand) < HAND_SIZE:
        return _evolve(state, hands=hands, events=())
    rest = TILE_SET_COUNTS.copy()
    rest.subtract(hand)
    pile = pile_for(state.seed, cur, list(rest.elements()))
    new = _evolve(state, hands=hands, piles=with_item(state.piles, cur, pile),
                  pile_sizes=with_item(state.pile_sizes, cur, len(pile)), current=cur + 1, events=())
    return new if cur + 1 < state.n_players else hands_chosen(new)


_APPLY = {
    PlaceTile: _apply_place, MoveTile: _apply_move, Swap: _apply_swap, EndTurn: end_turn, Pass: _apply_pass,
    PlacePiece: _apply_piece, PickTile: _apply_pick,
}
