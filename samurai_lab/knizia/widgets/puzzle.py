"""Knizia's puzzles in the Puzzles app (``ui/puzzles.py``): the board and the hand of the player to move;
a tile chosen from the hand goes on the hex clicked (a tap is a click), the swap and the move tile are
chosen from a list; "End the turn" judges the turn in the rules' words; a hint; the solution step by step."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets as widgets

from ...common.puzzle_file import PuzzleRecord, game_records
from ...i18n import Domain
from ...ui.layout import button, classed, css_widget, NARROW_PX
from ..core.actions import Action, MoveTile, PlaceTile, Swap, parse_action
from ..core.rules import IllegalMoveError, tile_targets
from ..core.state import GameState, new_game
from ..core.text import tile_name
from ..teaching.game_text import action_phrase, describe_action
from ..teaching.puzzle import THEMES, Puzzle, hint, judge, puzzle_from_record
from ..teaching.turn_search import closable, relevant_actions, reply_reach
from .board import BoardView

T = Domain("knizia")
#: On a narrow screen or a touch screen the swap and move-tile list (its entries are long sentences) is no wider
#: than its room: the list itself (a touch screen's picker) shows the entries in full.
SPECIAL_CSS = (f"@media (max-width: {NARROW_PX}px), (pointer: coarse) {{ "
               ".knizia-puzzle-special { min-width: 0 !important; max-width: 100% !important; } "
               ".knizia-puzzle-special > select { min-width: 0 !important; } }")
SPECIAL = "special"  # the hand choice for the swap and the move tile (chosen from a list)


def focus_hexes(state: GameState, goal: str = "most") -> list[int]:
    """The settlements this turn can close (``deny``: and those the next player could close) and the hexes
    around them (where the answer is played)."""
    near = closable(state, reply_reach(state, goal))
    return sorted(near | {o for s in near for o in state.board.neighbours[s]})


#: The share of the window the board needs below the hand to fit there (a tablet held upright: hand and board on
#: the screen together).
BELOW_SHARE = 0.4


class KniziaPuzzles:
    """A trainer for the Puzzles app (see ``ui/puzzles.py`` for what the app asks of it; the game's hook
    ``puzzles``): ``records`` its puzzles (default: those of ``folder``, else the bundled ones)."""

    def __init__(self, report: Callable[[BaseException], None] | None = None, folder: Any = None,
                 records: Sequence[PuzzleRecord] | None = None) -> None:
        self.records = list(game_records("knizia", folder) if records is None else records)
        self.board = BoardView(new_game(2), legend=False)
        self.board.below_share = BELOW_SHARE  # the hand is above the board: both on the screen
        self.board.on_click(lambda hex_index, *_: self._guarded(lambda: self._place(hex_index)))
        self.boards = [self.board]
        self.hand = classed(widgets.ToggleButtons(options=[], style={"button_width": "auto"}), "knizia-puzzle-hand")
        self.special = classed(widgets.Dropdown(options=[], layout=widgets.Layout(width="auto", max_width="100%")),
                               "knizia-puzzle-special")
        self.special_button = button(T.gettext("Play it"), "knizia-puzzle-play",
                                     on_click=lambda _: self._guarded(self._play_special))
        self.end_button = button(T.gettext("End the turn"), "knizia-puzzle-end", style="primary",
                                 on_click=lambda _: self._guarded(self.end_turn))
        self.again_button = button(T.gettext("Start the turn again"), "knizia-puzzle-again",
                                   on_click=lambda _: self._guarded(self._restart))
        self.played = classed(widgets.HTML(), "knizia-puzzle-played")
        self.special_row = widgets.HBox([self.special, self.special_button, css_widget(SPECIAL_CSS)],
                                        layout=widgets.Layout(flex_flow="row wrap"))
        # the hand and the turn's buttons above the board: a tile is chosen, then placed, without scrolling between
        # (a tablet held upright, a projector); what was played goes under the board
        controls = widgets.VBox([widgets.HBox([self.hand, self.end_button, self.again_button], layout=widgets.Layout(
            flex_flow="row wrap", align_items="center")), self.special_row])
        controls.add_class("knizia-puzzle-controls")
        self.widget = widgets.VBox([controls, self.board.widget, self.played], layout=widgets.Layout(width="100%"))
        self.on_result: Callable[[bool, bool, str], Any] = lambda ok, solved, text: None
        self.on_message: Callable[[str], Any] = lambda text: None
        self._report = report
        self.puzzle: Puzzle | None = None
        self.state: GameState | None = None
        self.actions: list[Action] = []
        self.lines: list[str] = []

    def theme_text(self, theme: str) -> str:
        return T.gettext(THEMES[theme]) if theme in THEMES else theme

    def _guarded(self, fn: Callable[[], Any]) -> None:
        try:
            fn()
        except IllegalMoveError as e:
            self.on_message(str(e))
        except Exception as e:  # noqa: BLE001 - shown by the app's message bar, never a traceback
            if self._report is not None:
                self._report(e)

    # --- the puzzle -----------------------------------------------------------------------------
    def show(self, record: PuzzleRecord) -> str:
        self.puzzle = puzzle_from_record(record)
        self._restart()
        self.board.set_focus(focus_hexes(self.puzzle.state, record.goal) or None)
        return self.puzzle.title_text()

    def _restart(self) -> None:
        assert self.puzzle is not None
        self.state, self.actions, self.lines = self.puzzle.state, [], []
        self._refresh()

    def _refresh(self) -> None:
        st = self.state
        assert st is not None
        self.board.set_state(st)
        vocab = st.ruleset.vocabulary
        hand = st.hands[st.current] or () if st.current == self.puzzle.solver else ()
        options = [(tile_name(t, vocab), t.code) for t in sorted(set(hand), key=lambda t: t.code)
                   if not (t.is_swap or t.is_move)]
        if any(t.is_swap or t.is_move for t in hand):
            options.append((T.gettext("{swap} / {move}").format(swap=vocab.swap, move=vocab.move), SPECIAL))
        self.hand.options = options
        self.hand.layout.display = "" if options else "none"
        deny = self.puzzle.record.goal == "deny"
        specials = [a for a in relevant_actions(st, reply_reach(st, self.puzzle.record.goal), every_swap=deny)
                    if isinstance(a, (Swap, MoveTile))] if hand else []
        self.special.options = [(action_phrase(st, a), str(a)) for a in specials]
        self.special.description = T.gettext("{swap} / {move}").format(swap=vocab.swap, move=vocab.move)
        self.special_row.layout.display = "" if specials else "none"
        self.played.value = "<br>".join(self.lines)
        code = self.hand.value
        if not code or code == SPECIAL:
            self.board.clear_highlights()
        else:
            tile = next((t for t in hand if t.code == code), None)
            self.board.set_highlights(tile_targets(st, tile) if tile is not None else ())

    # --- trying ---------------------------------------------------------------------------------
    def _place(self, hex_index: int | None) -> None:
        st = self.state
        if hex_index is None or st is None or self.puzzle is None or st.current != self.puzzle.solver:
            return
        code = self.hand.value
        if not code or code == SPECIAL:
            self.on_message(T.gettext("Choose a {tile} of your hand first.").format(tile=st.ruleset.vocabulary.tile))
            return
        self.play(PlaceTile(code, st.board.ids[hex_index]))

    def _play_special(self) -> None:
        if self.special.value:
            self.play(parse_action(self.special.value))

    def play(self, action: Action | str) -> None:
        """Play one action of the turn (IllegalMoveError, in the rules' words, when it is refused)."""
        assert self.state is not None
        action = parse_action(action) if isinstance(action, str) else action
        before = self.state
        self.state = before.apply(action)
        self.actions.append(action)
        self.lines.append(describe_action(before, action, self.state))
        self._refresh()

    def end_turn(self) -> None:
        """Judge the turn played so far (ended now); a wrong turn is taken back."""
        assert self.puzzle is not None
        if not self.actions:
            self.on_message(T.gettext("Play at least one {tile} first.").format(
                tile=self.puzzle.state.ruleset.vocabulary.tile))
            return
        verdict = judge(self.puzzle, self.actions)
        if not verdict.ok:
            self._restart()
        else:
            self._done()
        self.on_result(verdict.ok, verdict.ok, verdict.text)

    def _done(self) -> None:
        """The turn is over: the hand and the lists go away until the next puzzle."""
        self.hand.layout.display = "none"
        self.special_row.layout.display = "none"
        self.board.clear_highlights()

    def hint(self) -> str:
        assert self.puzzle is not None
        return hint(self.puzzle)

    def solution_step(self) -> str:
        """Play the next action of the answer on the board (from the start if the turn differs)."""
        assert self.puzzle is not None
        answer = self.puzzle.answer()
        if self.actions != answer[:len(self.actions)] or len(self.actions) >= len(answer):
            self._restart()
        if len(self.actions) == len(answer) - 1:  # every tile is down: the turn ends
            verdict = judge(self.puzzle, self.actions)
            self.actions.append(answer[-1])
            self._done()
            return T.gettext("Solution: {step}").format(step=verdict.text)
        self.play(answer[len(self.actions)])
        text = self.lines[-1]
        if len(self.actions) == len(answer) - 1:
            text += ". " + T.gettext("Now end the turn.")
        return T.gettext("Solution: {step}").format(step=text)
