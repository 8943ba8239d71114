"""The scenario explorer: set up, load, edit and play any Samurai position, with undo and previews.

::

    from samurai_lab.knizia.widgets.explorer import Explorer
    Explorer.from_query().show()      # in a notebook served by voila

The handlers (``click_hex``, ``choose``, ``confirm``, ``end_turn``, ``undo``...) are plain methods that the
widgets and the tests call, each through ``Feedback.guard`` (a refusal becomes a message, the position is kept).
"""

from __future__ import annotations

import dataclasses
import html
import os
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..core.actions import Action, EndTurn, Pass, Swap, parse_action
from ..core.board import place_name
from ..core.influence import Preview
from ..core.ruleset import EDITION_1998, PRESETS, RANDOM, Ruleset, Vocabulary
from ..core.model import Phase
from ..core.state import GameState, new_game
from ..teaching.game_text import action_phrase, describe_action
from ..teaching.words import plain_text
from ..core.tiles import Caste
from ...common.limits import parse_seed
from ...i18n import N_, Domain
from ...ui.common import Feedback
from ...ui.header import AppHeader
from ...ui.layout import SIDE_CLASS, button, classed, css_widget, set_traits
from ...ui.projector import INTRO_CLASS
from ...ui.touch import SAY_CLICK_CLASS, SAY_TAP_CLASS
from ...ui.language import open_page
from ...ui.query import query_params
from ...ui.web_files import web_file
from .examples import SwapChooser
from .hand_panel import HandPanel
from .history import History, HistoryBar
from .play_input import LEGAL, PREVIEW, Outcome, PlayInput
from .position_edit import problems
from .status_panel import captures_html, setup_steps, status_html
from .tally_panel import TallyPanel, preview_html

#: Query keys the explorer understands (``explorer.ipynb?players=4&start=midgame``).
QUERY_KEYS = ("players", "edition", "seed", "start", "scenario", "position")
#: The options a carried position makes stale (it holds the players, the rules and the pieces).
WORK_REPLACES = ("players", "edition", "seed", "start", "scenario")
#: Module-level default start (``"midgame"`` opens a 4-player game in its 13th turn).
START = os.environ.get("SAMURAI_EXPLORER_START", "")

T = Domain("knizia")

PLAY_TAB, EDIT_TAB, RULES_TAB, FILES_TAB, STUDY_TAB = range(5)
#: The tabs' titles (translated when shown).
TAB_TITLES = (N_("Play"), N_("Edit"), N_("New game"), N_("Files"), N_("Study"))
REVEAL, PLAYER = "reveal", "player"
#: The first label of a history.
START_LABEL = "start"


def tab_hint(index: int, vocab: Vocabulary) -> tuple[str, str | None]:
    """What to do in a tab, in the edition's words, said for a mouse and for a finger (None: the same words)."""
    return (
        (T.gettext("Play: choose a {tile} of the hand, then click the board.").format(tile=vocab.tile),
         T.gettext("Play: choose a {tile} of the hand, then tap the board.").format(tile=vocab.tile)),
        (T.gettext("Edit mode: choose what a click puts, then click the board. Edits are checked and applied only "
                   "when valid."),
         T.gettext("Edit mode: choose what a tap puts, then tap the board. Edits are checked and applied only "
                   "when valid.")),
        (T.gettext("New game: choose the players, the edition and the rulings, then press New game."), None),
        (T.gettext("Files: load a scenario, save or download the position, or copy its one-line string."), None),
        (T.gettext("Study: add positions as steps with words, marks and questions, then save the study and open it "
                   "in the study player."), None),
    )[index]


def help_html(vocab: Vocabulary) -> str:
    """The header's how-to line, in the edition's words (said for a mouse and for a finger: ``ui/touch.py``)."""
    click = T.gettext(
        "<b>How to play here:</b> choose a {tile} of the hand, then click a highlighted hex: the first click shows "
        "what would happen (who would take which {piece}), a second click on the same hex (or <i>Confirm</i>) plays "
        "it. Click any settlement to see its influence tallies. Undo, redo and the history slider move through every "
        "position of the session.").format(tile=vocab.tile, piece=vocab.piece)
    tap = T.gettext(
        "<b>How to play here:</b> choose a {tile} of the hand, then tap a highlighted hex: the first tap shows "
        "what would happen (who would take which {piece}), a second tap on the same hex (or <i>Confirm</i>) plays "
        "it. Tap any settlement to see its influence tallies. Undo, redo and the history slider move through every "
        "position of the session.").format(tile=vocab.tile, piece=vocab.piece)
    return (f'<div style="max-width:1000px"><span class="{SAY_CLICK_CLASS}">{click}</span>'
            f'<span class="{SAY_TAP_CLASS}">{tap}</span></div>')


def midgame_state(seed: int = 11) -> GameState:
    """A 4-player game at the start of its 13th turn (random setup, hands and play; seeded)."""
    from ..core.playout import midgame_position

    return midgame_position(seed)


def default_state(n_players: int = 4, ruleset: Ruleset = EDITION_1998, seed: int = 1) -> GameState:
    """A new game with random pieces and hands: ready to play."""
    return new_game(n_players, ruleset.with_options(setup=RANDOM, hands=RANDOM), seed)


class Explorer:
    """The scenario explorer app (CSS class ``samurai-explorer``); ``widget`` is what to display."""

    def __init__(self, state: GameState | None = None, *, hex_size: float = 16, confirm: bool = True,
                 scenarios_dir: Path | str | None = None, label: str = START_LABEL) -> None:
        from .board import BoardView

        state = state if state is not None else default_state()
        self.feedback = Feedback()
        self.guard = self.feedback.guard
        self.coords = False  # hex ids in the texts too (the header's "Show coordinates")
        self.history: History[GameState] = History(state, label)
        self.input = PlayInput(confirm=confirm)
        self.scenarios_dir = Path(scenarios_dir) if scenarios_dir else None
        self.view_mode = REVEAL
        self.focus_settlement: int | None = None
        self.notes: dict[int, str] = {}  # history index -> narration of a loaded scenario's step
        self.preview: Preview | None = None
        self._hover_preview: Preview | None = None
        self.rules_panel: Any = None
        self.files_panel: Any = None
        self.edit_panel: Any = None
        self.study_panel: Any = None

        self.board = BoardView(state, hex_size=hex_size)
        self.board.on_click(self.guard(self.click_hex))
        self.board.on_hover(self.guard(self.hover_hex))

        self.status = classed(widgets.HTML(), "samurai-status")
        self.view_toggle = classed(widgets.ToggleButtons(options=[(T.gettext("Reveal all (teaching)"), REVEAL),
                                                                  (T.gettext("Player to move only"), PLAYER)],
                                                         value=REVEAL, style={"button_width": "auto"}), "samurai-view")
        self.view_toggle.observe(self.guard(lambda ch: self.set_view(ch["new"])), names="value")

        self.hand = HandPanel()
        self.hand.on_select(self.guard(self.choose))
        self.confirm_button = button(T.gettext("Confirm"), "samurai-confirm", "check", disabled=True,
                                     tooltip=T.gettext("Play the previewed action"),
                                     on_click=self.guard(lambda _: self.confirm()))
        self.end_button = button(T.gettext("End turn"), "samurai-end-turn", "forward",
                                 tooltip=T.gettext("Refill the hand, next player"),
                                 on_click=self.guard(lambda _: self.end_turn()))
        self.pass_button = button(T.gettext("Pass"), "samurai-pass", on_click=self.guard(lambda _: self.pass_turn()))
        self.one_click = widgets.Checkbox(value=not confirm, indent=False, description=T.gettext("play at once (no preview)"),
                                          layout=widgets.Layout(width="auto"))
        self.one_click.observe(self.guard(lambda ch: self.set_confirm(not ch["new"])), names="value")
        self.swap_chooser = SwapChooser(self.guard(self.choose_swap_caste), "samurai-swap", _settlement_name,
                                        {"button_width": "auto"})
        self.swap_box = self.swap_chooser.widget
        actions = widgets.HBox([self.confirm_button, self.end_button, self.pass_button, self.one_click],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        play_box = classed(widgets.VBox([self.hand.widget, self.swap_box, actions]), "samurai-play")

        self.tabs = classed(widgets.Tab(children=[play_box, *(widgets.VBox() for _ in range(4))],
                                        titles=tuple(map(T.gettext, TAB_TITLES))), "samurai-tabs")
        self.tabs.observe(self.guard(lambda ch: self.open_tab(ch["new"])), names="selected_index")

        self.tally = TallyPanel()  # the what-if preview is shown at its top (class samurai-preview)
        self.captures = classed(widgets.HTML(), "samurai-captures")

        self.history_bar = HistoryBar(self.history, guard=self.guard, words=self.label_words)
        self.history_bar.on_change(lambda _state: self._after_history_move())

        # messages come under the hand and the buttons (nothing above them moves); the line keeps its room
        self.feedback.message.layout.min_height = "52px"
        # every tab's panel fits the right column: long scenario titles wrap or shrink, never overflow
        fit = css_widget(web_file(__package__, "explorer.css"))
        right = classed(widgets.VBox([fit, self.status, self.view_toggle, self.tabs, self.feedback.widget,
                                      self.tally.widget, self.captures],
                                     layout=widgets.Layout(min_width="520px", max_width="760px", flex="1 1 520px",
                                                           margin="0 0 0 12px")), "samurai-explorer-right", SIDE_CLASS)
        # the board column takes the room the panels leave (the board fits it); panels go below when narrow
        left = widgets.VBox([self.board.widget, self.history_bar.widget],
                            layout=widgets.Layout(flex="1 1 420px", min_width="0"))
        self.header = classed(widgets.HTML(), "samurai-header", INTRO_CLASS)  # not on a projector
        body = widgets.HBox([left, right], layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"))
        self.widget = classed(widgets.VBox([self.header, body]), "samurai-explorer")
        self.edition = widgets.ToggleButtons(options=[(T.gettext("1998 rules"), "1998"),
                                                      (T.gettext("2015 rules"), "2015")],
                                             value=state.ruleset.edition,
                                             tooltips=[T.gettext("Hans im Glück / Rio Grande: words and rules"),
                                                       T.gettext("Fantasy Flight: words and rules")],
                                             style={"button_width": "auto"})
        self.edition.observe(self.guard(lambda ch: self.set_edition(ch["new"])), names="value")
        self.app_header = AppHeader("explorer.ipynb", boards=[self.board], edition=self.edition,
                                    coordinates=self.guard(self.set_coordinates))
        self.app_header.attach(self.widget)
        self.refresh()

    # --- construction from a URL ---------------------------------------------------
    @classmethod
    def from_query(cls, query: str | None = None, **kwargs: Any) -> "Explorer":
        """The app for a voila URL query (``?players=3&edition=2015&seed=4``, ``?start=midgame``,
        ``?scenario=e1.toml``, ``?position=...``); default: the page's address (``ui.query``) and ``START``.
        The page's language is set first; reading the address waits for the request under preheated kernels, so
        the board's modules are imported before it."""
        from . import board  # noqa: F401

        open_page(query)
        q = query_params(QUERY_KEYS, query)
        app = cls(**kwargs)
        start = q.choice("start", ("midgame",), START or None)
        n = q.integer("players", 4)
        edition = q.choice("edition", tuple(PRESETS), "1998")
        seed = q.seed("seed", 1)
        try:
            state = default_state(n, PRESETS[edition], seed)
        except ValueError as e:
            q.problems.append(str(e))
            state = default_state()
        if start == "midgame":
            state = midgame_state()
        if state != app.state:
            app.load_state(state, START_LABEL)
        q.report(app.feedback)
        if "scenario" in q:
            app.guard(app.panel(FILES_TAB).load_named)(q.values["scenario"])
        elif "position" in q:
            try:
                app.panel(FILES_TAB).load_position(q.values["position"])
            except ValueError:  # the details are the Files tab's (a pasted string); the link's reader needs none
                shown = (T.gettext("a game in progress") if start == "midgame"
                         else T.gettext("the start of a new game"))
                app.feedback.show(T.gettext("The position in this link could not be read, so the board shows {shown} "
                                            "instead.").format(shown=shown) + (" " + q.message() if q.problems else ""),
                                  "warning")
        return app

    def show(self) -> None:
        """Display the app (in a notebook)."""
        from IPython.display import display

        display(self.widget)

    # --- the position -----------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current position of the session."""
        return self.history.current

    @property
    def editing(self) -> bool:
        return self.tabs.selected_index == EDIT_TAB

    @property
    def shown_state(self) -> GameState:
        """What the board shows: the edit draft in edit mode, else the current position."""
        return self.edit_panel.shown if self.editing and self.edit_panel is not None else self.state

    @property
    def viewer(self) -> int | None:
        """Whose view the panels respect (None: everything revealed)."""
        return None if self.view_mode == REVEAL else self.state.current

    def load_state(self, state: GameState, label: str, steps: list[tuple[GameState, str, str]] | None = None) -> None:
        """Start a new history from ``state``, plus optional later states (a scenario's steps: state after,
        label, narration shown when the history reaches it)."""
        self.history.reset(state, label)
        for s, lab, _note in steps or ():
            self.history.push(s, lab)
        self.notes = {k: note for k, (_s, _lab, note) in enumerate(steps or (), start=1) if note}
        if steps:
            self.history.goto(0)
        self.input.reset()
        self.preview = self._hover_preview = self.focus_settlement = None
        if self.edit_panel is not None:
            self.edit_panel.set_base(state)
        if self.rules_panel is not None:
            self.rules_panel.show(state.ruleset, state.n_players)
        self.refresh()

    def commit(self, action: Action) -> GameState:
        """Play ``action`` on the current position (IllegalMoveError says which rule forbids it)."""
        before = self.state
        new = before.apply(action)
        self._push(new, str(action))  # the label is the action's notation: saved files replay it
        keep = self.input.sel.tile if new.phase is Phase.PLACE_PIECES else None
        self.input.reset()
        self.input.sel.tile = keep
        self.preview = self._hover_preview = None
        self.refresh()  # the board and the panels first: what the eye is on
        self._report(before, action, new)
        if self.study_panel is not None:
            self.study_panel.after_play(before, action)
        return new

    def _push(self, new: GameState, label: str) -> None:
        """Add a position after the current one (the undone ones and their notes are dropped)."""
        self.history.push(new, label)
        self.notes = {k: v for k, v in self.notes.items() if k < self.history.index}

    def _report(self, before: GameState, action: Action, new: GameState) -> None:
        lines = [describe_action(before, action, new, coords=self.coords) + "."]  # captures and the end too
        if new.phase is not before.phase and new.phase is not Phase.GAME_OVER:
            lines.append(T.gettext("Next: {steps}.").format(steps=setup_steps(new)))
        self.feedback.show(" ".join(lines), "success")

    # --- handlers -----------------------------------------------------------------
    def click_hex(self, index: int | None, x: float = 0.0, y: float = 0.0) -> None:
        """A click on the board (hex index or None)."""
        if self.editing:
            self._click_edit(index)
            return
        if self.study_panel is not None and self.study_panel.marking and self.tabs.selected_index == STUDY_TAB:
            self.study_panel.mark(index)
            return
        if index is not None and self.state.board.is_settlement[index]:
            self.focus_settlement = index
        self._handle(self.input.click(self.state, index))

    def _click_edit(self, index: int | None) -> None:
        self.panel(EDIT_TAB)
        if index is not None and self.edit_panel.shown.board.is_settlement[index]:
            self.focus_settlement = index
        self.edit_panel.click(index)
        if problems := self.edit_panel.problems:
            self.feedback.show(T.ngettext("Edited; {n} problem before it can be applied: {problems}",
                                          "Edited; {n} problems before it can be applied: {problems}",
                                          len(problems)).format(n=len(problems), problems="; ".join(problems)),
                               "warning")
        elif self.edit_panel.draft is not None:
            self.feedback.show(T.gettext("Edited: the position is valid. Press Apply edits to continue from it."),
                               "info")
        self.refresh()

    def hover_hex(self, index: int | None) -> None:
        """The pointer moved onto hex ``index``: preview the chosen tile there."""
        if self.editing:
            return
        pv = self.input.hover(self.state, index)
        if pv is self._hover_preview:
            return
        self._hover_preview = pv
        self._show_panels()

    def choose(self, k: int) -> None:
        """The k-th button of the hand panel (a tile, a caste, or a tile kind while choosing hands)."""
        self._handle(self.input.choose(self.state, k))

    def confirm(self) -> None:
        """Play the previewed action."""
        self._handle(self.input.commit_pending(self.state))

    def end_turn(self) -> None:
        self.commit(EndTurn())

    def pass_turn(self) -> None:
        self.commit(Pass())

    def undo(self) -> None:
        self.history_bar.undo()

    def redo(self) -> None:
        self.history_bar.redo()

    def goto(self, index: int) -> None:
        self.history_bar.goto(index)

    def set_view(self, mode: str) -> None:
        """``reveal`` (teaching: everything) or ``player`` (the player to move: own hand, hidden captures)."""
        self.view_mode = mode
        self.view_toggle.value = mode  # unchanged: no event
        self.refresh()

    def set_coordinates(self, on: bool) -> None:
        """Name hexes by their ids too, in every message (the header's "Show coordinates")."""
        self.coords = self.input.coords = self.tally.coords = bool(on)
        self.refresh()

    def set_edition(self, edition: str) -> None:
        """Play on under the other edition's rules and words (the position is kept; undo goes back)."""
        if edition not in PRESETS:
            raise ValueError(T.gettext("the edition is one of {editions}, not {edition}").format(
                editions=", ".join(PRESETS), edition=edition))
        if self.edition.value != edition:
            self.edition.value = edition
            return
        old = self.state.ruleset
        if old.edition == edition:
            return
        preset = PRESETS[edition]
        ruleset = old.with_options(edition=edition, capture_timing=preset.capture_timing)
        self._push(dataclasses.replace(self.state, ruleset=ruleset),
                   T.gettext("the {edition} edition").format(edition=edition))
        if self.rules_panel is not None:
            self.rules_panel.show(ruleset, self.state.n_players)
        self.input.reset()
        self.preview = self._hover_preview = None
        self.refresh()
        at_once = preset.capture_timing == "instant"
        self.feedback.show((T.gettext("The {edition} edition: its words and its capture rule (at once).") if at_once else
                            T.gettext("The {edition} edition: its words and its capture rule (at the end of the turn)."))
                           .format(edition=edition), "success")

    def set_confirm(self, confirm: bool) -> None:
        """Preview first (two clicks) or play at once (one click)."""
        self.input.confirm = confirm
        self.input.sel.pending = self.input.sel.pending_hex = None
        self.preview = None
        self.refresh()

    def choose_swap_caste(self, end: int, caste: Caste) -> None:
        """Which piece of swap end ``end`` (0 or 1) takes part in the exchange."""
        self._handle(self.input.choose_swap_caste(self.state, end, caste))

    def _handle(self, outcome: Outcome) -> None:
        if outcome.action is not None:
            self.commit(outcome.action)
            return
        self.preview = outcome.preview
        self._hover_preview = None
        self.refresh()
        if outcome.message:
            self.feedback.show(outcome.message, outcome.kind, outcome.tap)
        else:
            self.feedback.clear()

    def _after_history_move(self) -> None:
        self.input.reset()
        self.preview = self._hover_preview = None
        if self.edit_panel is not None:
            self.edit_panel.set_base(self.state)
        self.refresh()
        note = self.notes.get(self.history.index, "")
        text = T.gettext("Step {n}: {label}").format(n=self.history.index, label=self.label_words(self.history.label))
        if note:
            text += ". " + plain_text(self.state, note, self.coords)
        self.feedback.show(text, "info")

    def label_words(self, label: str) -> str:
        """A history label as shown: an action's notation in words (``S2@HO12`` → *Samurai 2 on ...*), the
        first position's label translated, any other label as it was written (in the page's language)."""
        if label == START_LABEL:
            return T.gettext("start")
        k = self.history.index
        return self._action_words(label, self.history.states[k - 1] if k > 0 else self.state, self.state)

    def _action_words(self, label: str, before: GameState, after: GameState) -> str:
        """``S2@HO12`` or a scenario step's ``2. end`` in words; any other label through ``plain_text``."""
        number, dot, rest = label.partition(". ")
        if not (dot and number.isdigit()):
            number, rest = "", label
        try:
            action = parse_action(rest)
        except (ValueError, KeyError):
            return plain_text(after, label, self.coords)
        words = action_phrase(before, action, self.coords)
        return f"{number}. {words}" if number else words

    # --- tabs -------------------------------------------------------------------------
    def open_tab(self, index: int) -> None:
        """Show tab ``index`` (building its panel the first time)."""
        self.panel(index)
        self.tabs.selected_index = index  # unchanged: no event
        click, tap = tab_hint(index, self.state.ruleset.vocabulary)
        self.feedback.show(click, "info", tap)
        self.refresh()

    def panel(self, index: int) -> Any:
        """The panel of tab ``index``, built the first time it is needed (keeps the page quick to start)."""
        name = (None, "edit_panel", "rules_panel", "files_panel", "study_panel")[index]
        if name is None or getattr(self, name) is not None:
            return name and getattr(self, name)
        if index == EDIT_TAB:
            from .edit_panel import EditPanel

            panel = self.edit_panel = EditPanel(self.state, on_apply=self._apply_edit,
                                                on_draft=lambda _d: self.refresh())
            panel.connect(self.guard)
        elif index == RULES_TAB:
            from .ruleset_panel import RulesetPanel

            s = self.state
            panel = self.rules_panel = RulesetPanel(s.n_players, s.ruleset, s.seed if s.seed is not None else 1)
            panel.new_game.on_click(self.guard(lambda _: self.new_game()))
            panel.apply_rules.on_click(self.guard(lambda _: self.apply_rules()))
        elif index == FILES_TAB:
            from .files_panel import FilesPanel

            panel = self.files_panel = FilesPanel(self, self.scenarios_dir)
        else:
            from .study_editor import StudyEditor

            panel = self.study_panel = StudyEditor(self, PLAY_TAB, STUDY_TAB)
        children = list(self.tabs.children)
        children[index] = panel.widget
        self.tabs.children = children
        return panel

    def new_game(self) -> None:
        """A new game with the rules, player count and seed of the New game tab."""
        panel = self.rules_panel
        ruleset = panel.ruleset()
        seed = parse_seed(panel.seed.value)  # a seed no sane form sends is refused with why
        state = new_game(panel.n_players, ruleset, seed)
        self.load_state(state, T.gettext("new game: {n} players, {edition} rules, seed {seed}").format(
            n=panel.n_players, edition=ruleset.edition, seed=seed))
        self.tabs.selected_index = PLAY_TAB
        self.feedback.show(T.gettext("New game: {steps}.").format(steps=setup_steps(state)), "success")

    def apply_rules(self) -> None:
        """Keep the position, play on under the rules of the New game tab."""
        ruleset = self.rules_panel.ruleset()
        if self.rules_panel.n_players != self.state.n_players:
            raise ValueError(T.gettext("the player count changes the board: start a new game for another player count"))
        new = dataclasses.replace(self.state, ruleset=ruleset)
        if found := problems(new):
            raise ValueError(T.gettext("under these rules the position is not valid: {problems}").format(
                problems="; ".join(found)))
        self._push(new, T.gettext("rules of the {edition} edition").format(edition=ruleset.edition))
        self.feedback.show(T.gettext("Rules changed for this position."), "success")
        self.refresh()

    def _apply_edit(self, new: GameState) -> None:
        self._push(new, T.gettext("edited position"))
        self.edit_panel.set_base(new)
        self.input.reset()
        self.feedback.show(T.gettext("Edits applied: play on from the edited position (or undo)."), "success")
        self.refresh()

    # --- drawing ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the board and every panel up to date with the position and the selection."""
        shown = self.shown_state
        if self.board.state is not shown:
            self.board.set_state(shown)
        marks = {} if self.editing else self.input.highlights(shown)
        self.board.set_marks(marks.get(LEGAL, ()), marks.get(PREVIEW, ()), self.focus_settlement)
        self._show_panels()
        self._show_words(shown)
        self.history_bar.refresh()
        if self.files_panel is not None and self.tabs.selected_index == FILES_TAB:
            self.files_panel.refresh()
        self._keep_work()

    def _keep_work(self) -> None:
        """The header's language links carry the current position (a page is translated as it is built)."""
        header = getattr(self, "app_header", None)
        if header is None or getattr(self, "_work_state", None) is self.state:
            return
        from ..scenarios.position import position_string

        self._work_state = self.state
        header.keep_work([("position", position_string(self.state))], replaces=WORK_REPLACES)

    def _show_panels(self) -> None:
        """Status, preview and tallies first (what the eye is on), then the hand, buttons and captures."""
        shown = self.shown_state
        status = status_html(shown, self.viewer)
        if self.editing and self.edit_panel is not None and self.edit_panel.draft is not None:
            editing = html.escape(T.gettext("Editing: not applied yet"))
            status = f'<div style="color:#7a4b00"><b>{editing}</b></div>' + status
        set_traits(self.status, value=status)
        pv = None if self.editing else self._hover_preview or self.preview
        self.board.set_preview(pv)  # ghosted tile and who-takes-what badges on the board
        if pv is not None:
            focus = _first_settlement(pv, self.focus_settlement)
            preview = f'<div class="samurai-preview">{preview_html(self.state, pv, self.coords)}</div>'
            # the tallies as the surround completes (the pieces still in place) show who takes what; a swap's own
            # exchange is kept
            after = pv.after if isinstance(pv.action, Swap) else dataclasses.replace(pv.after, pieces=self.state.pieces)
            self.tally.show(after, focus, lead_html=preview,
                            heading=T.gettext("With {action}:").format(action=action_phrase(self.state, pv.action, self.coords))
                            if focus is not None else "")
        else:
            self.tally.show(shown, self.focus_settlement)
        if not self.editing:
            self.hand.show(*self.input.items(shown))
        pending = self.input.sel.pending
        set_traits(self.confirm_button, disabled=pending is None, button_style="" if pending is None else "success",
                   description=T.gettext("Confirm"),
                   tooltip=T.gettext("Play the previewed action") if pending is None else
                   T.gettext("Play it: {action}").format(action=action_phrase(self.state, pending, self.coords)))
        legal = self.input.legal(self.state)
        set_traits(self.end_button, disabled=not any(isinstance(a, EndTurn) for a in legal))
        set_traits(self.pass_button, disabled=not any(isinstance(a, Pass) for a in legal))
        sel = self.input.sel
        self.swap_chooser.show(self.state, () if self.editing else sel.swap_ends, sel.swap_castes)
        h = self.history  # each step's label in words, from the position before it
        steps = [(h.states[k], self._action_words(h.labels[k], h.states[k - 1], h.states[k]))
                 for k in range(1, h.index + 1)]
        set_traits(self.captures, value=captures_html(steps))

    def _show_words(self, state: GameState) -> None:
        """The header and tooltips in the edition's words (they change only with the edition)."""
        vocab = state.ruleset.vocabulary
        edition_switch = getattr(self, "edition", None)
        if edition_switch is not None and edition_switch.value != state.ruleset.edition:
            edition_switch.unobserve_all("value")
            edition_switch.value = state.ruleset.edition
            edition_switch.observe(self.guard(lambda ch: self.set_edition(ch["new"])), names="value")
        header = help_html(vocab)
        if self.header.value != header:
            self.header.value = header
            self.pass_button.tooltip = T.gettext("Only when no {tile} can be placed (R1)").format(tile=vocab.tile)


def _settlement_name(state: GameState, hex_index: int) -> str:
    """A swap's settlement by its name (its id when it has none)."""
    name = state.board.info[hex_index].name
    return place_name(name) if name else state.board.ids[hex_index]


def _first_settlement(pv: Preview, default: int | None) -> int | None:
    """The settlement a preview is about: its first resolution, else one next to the hex it fills (``default``
    when there is none)."""
    if pv.resolutions:
        return pv.resolutions[0].hex
    board = pv.after.board
    ref = getattr(pv.action, "hex", None) or getattr(pv.action, "to_hex", None)
    adjacent = board.adjacent_settlements[board.resolve(ref)] if ref is not None else ()
    return next((s for s in adjacent if pv.after.pieces[s]), adjacent[0] if adjacent else default)
