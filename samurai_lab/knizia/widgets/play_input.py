"""Turning clicks into actions, in every phase (``PlayInput``: plain logic, no widgets, so that apps and tests
drive it the same way): what is selected, which hexes are legal (the core's ``legal_actions``), what a click
means; a refused click reports the rule from ``why_illegal``. With ``confirm`` on, the first click on a legal
hex previews the action and a second click on the same hex (or ``commit_pending``) plays it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..core.actions import Action, MoveTile, PickTile, PlacePiece, PlaceTile, Swap
from ..core.influence import Preview, preview
from ..core.rules import why_illegal
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import CASTES, TILE_KINDS, TILE_SET_COUNTS, Caste, Tile
from ..teaching.game_text import action_phrase
from ..teaching.words import hex_words, plain_text
from .hand_panel import FAST_MARK, Choice, allowance_text, hand_items, tile_label
from ...i18n import Domain

T = Domain("knizia")

LEGAL, PREVIEW = "legal", "preview"


@dataclass
class Outcome:
    """What a click or a choice leads to: an action to play now, or a message (and maybe a preview)."""

    action: Action | None = None
    message: str = ""
    kind: str = "info"
    preview: Preview | None = None
    tap: str | None = None  # the message as a touch screen shows it ("tap" where it says "click")

    def follow(self, play: Callable[[Action], None], show: Callable[[str, str, str | None], None],
               refresh: Callable[[], None]) -> None:
        """What an app does with it: play the action, or show the message (if any) and redraw."""
        if self.action is not None:
            play(self.action)
            return
        if self.message:
            show(self.message, self.kind, self.tap)
        refresh()


def _pointed(click: str, tap: str, kind: str = "info", shows: Preview | None = None, **words: str) -> Outcome:
    """A message that says "click" with a mouse and "tap" on a touch screen, filled in with ``words``."""
    return Outcome(message=click.format(**words), kind=kind, preview=shows, tap=tap.format(**words))


@dataclass
class Selection:
    """The interaction state between two actions."""

    tile: int | None = None  # index in the current hand (play) or caste index (piece placement)
    pending: Action | None = None  # previewed, awaiting a second click
    pending_hex: int | None = None
    swap_ends: list[int] = field(default_factory=list)
    swap_castes: list[Caste] = field(default_factory=list)
    move_from: int | None = None


class PlayInput:
    """Selection and click logic for one game position at a time."""

    def __init__(self, confirm: bool = True) -> None:
        self.confirm = confirm
        self.coords = False  # name hexes by their ids too ("Show coordinates")
        self.sel = Selection()
        self._legal_for: GameState | None = None
        self._legal: list[Action] = []

    def place(self, state: GameState, hex_index: int) -> str:
        """Where a hex is, in words (its id too with ``coords``)."""
        return hex_words(state, hex_index, self.coords)

    def _refused(self, state: GameState, action: Action, reason: str) -> Outcome:
        """``Buddha 2 on Edo is not allowed: <the rule>.`` (and nothing previewed any more)."""
        self.sel.pending = self.sel.pending_hex = None
        return Outcome(message=T.gettext("{action} is not allowed: {reason}.").format(
            action=action_phrase(state, action, self.coords), reason=plain_text(state, reason, self.coords)),
            kind="error")

    def legal(self, state: GameState) -> list[Action]:
        """``state.legal_actions()``, computed once per state."""
        if self._legal_for is not state:
            self._legal, self._legal_for = state.legal_actions(), state
        return self._legal

    def reset(self) -> None:
        """Forget every selection (after an action, an undo, a new position)."""
        self.sel = Selection()

    # --- what is selected ------------------------------------------------------
    def selected_tile(self, state: GameState) -> Tile | None:
        k = self.sel.tile
        return state.hand[k] if state.phase is Phase.PLAY and k is not None and k < len(state.hand) else None

    def selected_caste(self, state: GameState) -> Caste | None:
        """While pieces are placed: the chosen caste, else the first one left in the supply."""
        if state.phase is not Phase.PLACE_PIECES:
            return None
        supply = state.supply()
        k = self.sel.tile
        if k is not None and supply[k] > 0:
            return CASTES[k]
        return next((c for c in CASTES if supply[c.index] > 0), None)

    def items(self, state: GameState) -> tuple[str, list[Choice], str]:
        """(title, buttons, allowance line) for the hand panel in the current phase."""
        vocab = state.ruleset.vocabulary
        seat = vocab.seat_names(state.seats)[state.current]
        if state.phase is Phase.PLACE_PIECES:
            supply = state.supply()
            chosen = self.selected_caste(state)
            items = [Choice(T.gettext("{caste} ({n} left)").format(caste=vocab.caste(c), n=supply[c.index]),
                            T.gettext("put a {piece} “{caste}” into a settlement").format(
                                piece=vocab.piece, caste=vocab.caste(c)),
                            c is chosen, supply[c.index] > 0, key=c.value) for c in CASTES]
            return (T.gettext("{player} puts a {piece} into a settlement: choose a caste, then a city "
                              "(villages once the cities are full)").format(player=seat, piece=vocab.piece), items, "")
        if state.phase is Phase.CHOOSE_HANDS:
            hand = state.hand
            have = {t: hand.count(t) for t in TILE_KINDS}
            items = [Choice(f"{tile_label(state, t)} ×{TILE_SET_COUNTS[t] - have[t]}",
                            T.gettext("take {tile} into the hand").format(tile=tile_label(state, t)),
                            False, have[t] < TILE_SET_COUNTS[t], key=t.code) for t in TILE_KINDS]
            picked = ", ".join(tile_label(state, t) for t in hand) or T.gettext("none yet")
            return (T.gettext("{player} chooses a starting hand ({n} of 5 picked: {picked})").format(
                player=seat, n=len(hand), picked=picked), items, "")
        if state.phase is Phase.GAME_OVER:
            return (T.gettext("The game is over"), [], "")
        if state.hands[state.current] is None:
            return (T.gettext("The hand of {player} is hidden in this view").format(player=seat), [], "")
        return (T.gettext("The hand of {player}: choose a {tile}").format(player=seat, tile=vocab.tile),
                hand_items(state, state.hand, self.sel.tile), allowance_text(state))

    def choose(self, state: GameState, k: int) -> Outcome:
        """The k-th hand-panel button was clicked."""
        vocab = state.ruleset.vocabulary
        if state.phase is Phase.CHOOSE_HANDS:
            return Outcome(action=PickTile(TILE_KINDS[k]))
        if state.phase is Phase.PLACE_PIECES:
            self.sel = Selection(tile=k)
            caste = self.selected_caste(state)
            if caste is None:
                return Outcome(message=T.gettext("No {piece} is left in the supply.").format(piece=vocab.piece),
                               kind="warning")
            if not self.targets(state):
                return Outcome(message=T.gettext("No settlement can take a {caste} now: {reason}").format(
                    caste=vocab.caste(caste), reason=plain_text(state, self._piece_reason(state, caste), self.coords)),
                    kind="warning")
            return _pointed(T.gettext("Click a highlighted settlement to put a {caste} into it."),
                            T.gettext("Tap a highlighted settlement to put a {caste} into it."),
                            caste=vocab.caste(caste))
        if state.phase is not Phase.PLAY:
            return Outcome(message=T.gettext("The game is over."), kind="warning")
        self.sel = Selection(tile=None if self.sel.tile == k else k)
        t = self.selected_tile(state)
        if t is None:
            return Outcome(message="")
        name = tile_label(state, t)
        if not t.fast and state.normal_played:
            return Outcome(message=T.gettext(
                "{tile}: only one {tile_word} without the {fast} may be played per turn, and this turn's is "
                "already down. Choose a {tile_word} with the {mark} {fast} or end the turn.").format(
                tile=name, tile_word=vocab.tile, fast=vocab.fast, mark=FAST_MARK), kind="warning")
        if t.is_swap:
            if not self.targets(state):
                return Outcome(message=T.gettext("No two {pieces} can be exchanged now.").format(pieces=vocab.pieces),
                               kind="warning")
            return _pointed(T.gettext("{tile}: click the first settlement of the exchange."),
                            T.gettext("{tile}: tap the first settlement of the exchange."), tile=name)
        if t.is_move:
            if not self.targets(state):
                return Outcome(message=T.gettext("{tile}: none of your {tiles} on the board can be lifted (only your "
                                                 "own, without the {fast}).").format(
                    tile=name, tiles=vocab.tiles, fast=vocab.fast), kind="warning")
            return _pointed(T.gettext("{tile}: click one of your highlighted {tiles} to lift it."),
                            T.gettext("{tile}: tap one of your highlighted {tiles} to lift it."),
                            tile=name, tiles=vocab.tiles)
        if self.confirm:
            text = (T.gettext("{tile}: click an empty sea hex (first click shows what would happen, a second click "
                              "places it).") if t.on_sea else
                    T.gettext("{tile}: click an empty land hex (first click shows what would happen, a second click "
                              "places it)."))
            tap = (T.gettext("{tile}: tap an empty sea hex (the first tap shows what would happen, a second tap "
                             "places it).") if t.on_sea else
                   T.gettext("{tile}: tap an empty land hex (the first tap shows what would happen, a second tap "
                             "places it)."))
        else:
            text = (T.gettext("{tile}: click an empty sea hex.") if t.on_sea else
                    T.gettext("{tile}: click an empty land hex."))
            tap = (T.gettext("{tile}: tap an empty sea hex.") if t.on_sea else
                   T.gettext("{tile}: tap an empty land hex."))
        return _pointed(text, tap, tile=name)

    # --- legal hexes ---------------------------------------------------------
    def targets(self, state: GameState) -> tuple[int, ...]:
        """Hexes where a click would be legal now, given the selection."""
        index = state.board.index
        legal = self.legal(state)
        if state.phase is Phase.PLACE_PIECES:
            caste = self.selected_caste(state)
            return tuple(sorted({index[a.hex] for a in legal if isinstance(a, PlacePiece) and a.caste is caste}))
        t = self.selected_tile(state)
        if t is None:
            return ()
        if t.is_swap:
            ends = self.sel.swap_ends
            swaps = [a for a in legal if isinstance(a, Swap)]
            if not ends:
                return tuple(sorted({index[h] for a in swaps for h in (a.hex_a, a.hex_b)}))
            first = state.board.ids[ends[0]]
            return tuple(sorted({index[a.hex_b if a.hex_a == first else a.hex_a] for a in swaps
                                 if first in (a.hex_a, a.hex_b)}))
        if t.is_move:
            moves = [a for a in legal if isinstance(a, MoveTile)]
            if self.sel.move_from is None:
                return tuple(sorted({index[a.from_hex] for a in moves}))
            src = state.board.ids[self.sel.move_from]
            return tuple(sorted({index[a.to_hex] for a in moves if a.from_hex == src}))
        return tuple(index[a.hex] for a in legal if isinstance(a, PlaceTile) and a.tile == t)

    def highlights(self, state: GameState) -> dict[str, tuple[int, ...]]:
        """style -> hexes: legal targets, the previewed hex, chosen swap ends and the lifted tile."""
        marked = (*self.sel.swap_ends, self.sel.move_from, self.sel.pending_hex)
        return {LEGAL: self.targets(state), PREVIEW: tuple(h for h in marked if h is not None)}

    # --- clicks on the board -------------------------------------------------
    def click(self, state: GameState, hex_index: int | None) -> Outcome:
        """A click on hex ``hex_index`` (None: outside the map)."""
        if hex_index is None:
            self.sel.pending = self.sel.pending_hex = None
            return Outcome(message="")
        phase = state.phase
        if phase is Phase.GAME_OVER:
            return Outcome(message=T.gettext("The game is over: undo, or start a new game."), kind="warning")
        if phase is Phase.CHOOSE_HANDS:
            return Outcome(message=T.gettext("Choose the starting hand with the buttons of the {tiles}.").format(
                tiles=state.ruleset.vocabulary.tiles), kind="warning")
        if phase is Phase.PLACE_PIECES:
            return self._click_piece(state, hex_index)
        t = self.selected_tile(state)
        if t is None:
            if state.board.is_settlement[hex_index]:
                return Outcome(message="")
            return Outcome(message=T.gettext("Choose a {tile} from the hand first.").format(
                tile=state.ruleset.vocabulary.tile), kind="warning")
        if t.is_swap:
            return self._click_swap(state, hex_index)
        if state.board.is_settlement[hex_index]:
            # a settlement takes no tile: show its tallies (the app does), keep the chosen tile
            self.sel.pending = self.sel.pending_hex = None
            vocab = state.ruleset.vocabulary
            if t.is_move and self.sel.move_from is None:
                todo = (T.gettext("to play the {move}, click one of your highlighted {tiles}"),
                        T.gettext("to play the {move}, tap one of your highlighted {tiles}"))
            elif t.on_sea:
                todo = (T.gettext("to lay {tile}, click an empty sea hex"),
                        T.gettext("to lay {tile}, tap an empty sea hex"))
            else:
                todo = (T.gettext("to lay {tile}, click an empty land hex"),
                        T.gettext("to lay {tile}, tap an empty land hex"))
            click, tap = (w.format(move=vocab.move, tiles=vocab.tiles, tile=tile_label(state, t)) for w in todo)
            shown, place = T.gettext("The tallies of {place} are shown; {todo}."), self.place(state, hex_index)
            return Outcome(message=shown.format(place=place, todo=click), tap=shown.format(place=place, todo=tap))
        if t.is_move:
            return self._click_move(state, hex_index)
        return self._offer(state, PlaceTile(t, state.board.ids[hex_index]), hex_index)

    def hover(self, state: GameState, hex_index: int | None) -> Preview | None:
        """The preview of the selected tile on a hovered hex (None if nothing legal to preview)."""
        t = self.selected_tile(state)
        if hex_index is None or t is None or t.is_swap:
            return None
        if t.is_move:
            if self.sel.move_from is None:
                return None
            action: Action = MoveTile(state.board.ids[self.sel.move_from], state.board.ids[hex_index])
        else:
            action = PlaceTile(t, state.board.ids[hex_index])
        return preview(state, action) if why_illegal(state, action) is None else None

    def commit_pending(self, state: GameState) -> Outcome:
        """Play the previewed action."""
        if self.sel.pending is None:
            return Outcome(message=T.gettext("Nothing to confirm: choose a {tile} and a hex first.").format(
                tile=state.ruleset.vocabulary.tile), kind="warning")
        return Outcome(action=self.sel.pending)

    def choose_swap_caste(self, state: GameState, end: int, caste: Caste) -> Outcome:
        """Pick which piece of swap end ``end`` (0 or 1) is exchanged."""
        if end >= len(self.sel.swap_ends):
            return _pointed(T.gettext("Click the settlement first."), T.gettext("Tap the settlement first."), "warning")
        while len(self.sel.swap_castes) <= end:
            self.sel.swap_castes.append(caste)
        self.sel.swap_castes[end] = caste
        return self._swap_candidate(state)

    # --- helpers -----------------------------------------------------------------
    def _offer(self, state: GameState, action: Action, hex_index: int) -> Outcome:
        reason = why_illegal(state, action)
        if reason is not None:
            return self._refused(state, action, reason)
        if not self.confirm or (self.sel.pending == action and self.sel.pending_hex == hex_index):
            return Outcome(action=action)
        self.sel.pending, self.sel.pending_hex = action, hex_index
        return _pointed(T.gettext("What if: {action}. Click the same hex again (or press Confirm) to play it; "
                                  "click another hex to look elsewhere."),
                        T.gettext("What if: {action}. Tap the same hex again (or press Confirm) to play it; "
                                  "tap another hex to look elsewhere."),
                        shows=preview(state, action), action=action_phrase(state, action, self.coords))

    def _piece_reason(self, state: GameState, caste: Caste) -> str:
        board = state.board
        reasons = (why_illegal(state, PlacePiece(caste, board.ids[i])) for i in board.cities + board.villages)
        return next((r for r in reasons if r is not None), T.gettext("no settlement has room"))

    def _click_piece(self, state: GameState, hex_index: int) -> Outcome:
        caste = self.selected_caste(state)
        if caste is None:
            return Outcome(message=T.gettext("Choose the caste of the {piece} first.").format(
                piece=state.ruleset.vocabulary.piece), kind="warning")
        action = PlacePiece(caste, state.board.ids[hex_index])
        reason = why_illegal(state, action)
        return Outcome(action=action) if reason is None else self._refused(state, action, reason)

    def _click_move(self, state: GameState, hex_index: int) -> Outcome:
        vocab = state.ruleset.vocabulary
        ids = state.board.ids
        sources = {state.board.index[a.from_hex] for a in self.legal(state) if isinstance(a, MoveTile)}  # own tiles
        if self.sel.move_from is None or (hex_index != self.sel.move_from and hex_index in sources):
            if hex_index not in sources:
                reason = why_illegal(state, MoveTile(ids[hex_index], ids[hex_index]))
                return Outcome(message=f"{vocab.move}: {plain_text(state, reason, self.coords)}", kind="error")
            self.sel.move_from, self.sel.pending, self.sel.pending_hex = hex_index, None, None
            lifted = state.tiles[hex_index].tile  # type: ignore[union-attr]
            return _pointed(T.gettext("Lifting {tile} from {place}: click an empty land hex to lay it."),
                            T.gettext("Lifting {tile} from {place}: tap an empty land hex to lay it."),
                            tile=tile_label(state, lifted), place=self.place(state, hex_index))
        if hex_index == self.sel.move_from:
            self.sel.move_from, self.sel.pending, self.sel.pending_hex = None, None, None
            return Outcome(message=T.gettext("Choose one of your {tiles} to lift.").format(tiles=vocab.tiles))
        return self._offer(state, MoveTile(ids[self.sel.move_from], ids[hex_index]), hex_index)

    def _click_swap(self, state: GameState, hex_index: int) -> Outcome:
        vocab = state.ruleset.vocabulary
        board = state.board
        ends = self.sel.swap_ends
        if hex_index in ends:
            k = ends.index(hex_index)
            del ends[k:], self.sel.swap_castes[k:]
            self.sel.pending = self.sel.pending_hex = None
            return _pointed(T.gettext("Exchange cancelled for that settlement: click a settlement."),
                            T.gettext("Exchange cancelled for that settlement: tap a settlement."))
        if not board.is_settlement[hex_index] or not state.pieces[hex_index]:
            return _pointed(T.gettext("The {swap} exchanges {pieces}: click a settlement holding one."),
                            T.gettext("The {swap} exchanges {pieces}: tap a settlement holding one."), "error",
                            swap=vocab.swap, pieces=vocab.pieces)
        if len(ends) == 2:
            del ends[1:], self.sel.swap_castes[1:]
        if hex_index not in self.targets(state):
            reason = self._swap_reason(state, hex_index, ends[0] if ends else None)
            return Outcome(message=f"{vocab.swap}: {plain_text(state, reason, self.coords)}", kind="error")
        ends.append(hex_index)
        if len(ends) == 1:
            self.sel.swap_castes = [state.pieces[hex_index][0]]
            return self._swap_candidate(state)  # the other settlement next
        a, b = ends
        swaps = [s for s in self.legal(state) if isinstance(s, Swap)
                 and {s.hex_a, s.hex_b} == {board.ids[a], board.ids[b]}]
        chosen = self.sel.swap_castes[0]
        first = next((s for s in swaps if _caste_at(s, board.ids[a]) is chosen), swaps[0])
        self.sel.swap_castes = [_caste_at(first, board.ids[a]), _caste_at(first, board.ids[b])]
        return self._swap_candidate(state)

    def _swap_reason(self, state: GameState, hex_index: int, other: int | None = None) -> str:
        board = state.board
        partners = [other] if other is not None else [s for s in board.settlements
                                                      if s != hex_index and state.pieces[s]]
        reasons = (why_illegal(state, Swap(board.ids[hex_index], ca, board.ids[s], cb))
                   for s in partners for ca in state.pieces[hex_index] for cb in state.pieces[s])
        none = T.gettext("no exchange with that settlement is possible")
        return next((r for r in reasons if r is not None), none)

    def _swap_candidate(self, state: GameState) -> Outcome:
        ends, castes = self.sel.swap_ends, self.sel.swap_castes
        if len(ends) < 2:
            return _pointed(T.gettext("Now click the other settlement of the exchange."),
                            T.gettext("Now tap the other settlement of the exchange."))
        ids = state.board.ids
        action = Swap(ids[ends[0]], castes[0], ids[ends[1]], castes[1])
        reason = why_illegal(state, action)
        if reason is not None:
            return self._refused(state, action, reason)
        self.sel.pending, self.sel.pending_hex = action, None
        vocab = state.ruleset.vocabulary
        text = T.gettext("Exchange the {caste_a} of {place_a} with the {caste_b} of {place_b}: press Confirm.").format(
            caste_a=vocab.caste(castes[0]), place_a=self.place(state, ends[0]), caste_b=vocab.caste(castes[1]),
            place_b=self.place(state, ends[1]))
        return Outcome(message=text, preview=preview(state, action))


def _caste_at(swap: Swap, hex_id: str) -> Caste:
    return swap.caste_a if swap.hex_a == hex_id else swap.caste_b
