"""The rulebook examples app: every example (E1-E10, the rulings R1-R4) stepped through on the board.

The examples are the studies of ``studies/rulebook/`` (``knizia/teaching/rulebook_examples.py``). ``ExamplesApp``
shows the list by edition, the board zoomed on the settlements concerned, previous / next / play, and
"Try it yourself" (``Sandbox``): another move from the position shown, one click back to the example.

Stable CSS classes: ``samurai-examples`` (the app), ``samurai-example-E2`` (list buttons),
``samurai-example-title``, ``samurai-example-description``, ``samurai-step-label``,
``samurai-step-action``, ``samurai-step-narration``, ``samurai-step-outcome``,
``samurai-step-expected``, ``samurai-step-tallies``, ``samurai-step-{first,prev,next}``,
``samurai-step-play``, ``samurai-try``, ``samurai-try-back``, ``samurai-try-outcome``,
``samurai-example-variant``, ``samurai-example-sources`` (the rulebooks' own sentences: each quotation a
``samurai-source-quote`` element carrying its language, ``lang="it"``); the app's own rules are in
``web/examples.css``.

Every text is in the page's language (domain ``knizia_teach``), the game's words in the edition's
vocabulary; the rulebooks' sentences stay in their own language beside the translation.
"""

from __future__ import annotations

import html
from functools import partial
from pathlib import Path
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from ..core.actions import Action, EndTurn
from ..core.rules import IllegalMoveError
from ..core.scoring import score_state
from ..core.state import GameState
from ..core.tiles import Caste
from ..render.theme import seat_colours
from ..teaching.example_words import (group_title, option_ids_in_words, rulebook_heading, seat_names,
                                      settlements_concerned, variant_label)
from ..scenarios.catalogue import short_title
from ..teaching.rulebook_examples import RULEBOOK_DIR, ExampleEntry, ExampleStepper, Sandbox, catalogue, load_example
from ..teaching.words import hex_words
from .board import BoardView
from .hand_panel import HandPanel
from .play_input import Outcome, PlayInput
from .tally_panel import tally_html
from ...ui.common import Feedback
from ...ui.header import AppHeader
from ...ui.layout import FONT, button as shared_button, classed, css_widget
from ...ui.touch import pointer_html
from ...ui.web_files import web_file
from ...i18n import Domain

T = Domain("knizia_teach")

TEXT = f"{FONT};font-size:17px;line-height:1.45;color:#2b2620"


def _from_place(state: GameState, hex_index: int) -> str:
    return T.gettext("from {place}:").format(place=hex_words(state, hex_index))


class SwapChooser:
    """Which piece of each settlement the swap exchanges, when a settlement holds several (CSS class
    ``samurai-swap-chooser``, or ``css_class``; each row ``samurai-swap-caste-<end>``). ``on_choose(end, caste)``
    is called when the person picks another piece; ``label(state, hex)`` names a row's settlement."""

    def __init__(self, on_choose: Callable[[int, Caste], None], css_class: str = "samurai-swap-chooser",
                 label: Callable[[GameState, int], str] = _from_place, style: dict | None = None) -> None:
        self.rows = [classed(widgets.ToggleButtons(style=style or {"description_width": "initial"}),
                             f"samurai-swap-caste-{k}") for k in range(2)]
        self._muted = False
        self._label = label
        for k, row in enumerate(self.rows):
            row.observe(lambda ch, k=k: self._muted or not ch["new"] or on_choose(k, Caste(ch["new"])),
                        names="value")
        self.widget = classed(widgets.VBox(self.rows, layout=widgets.Layout(display="none")), css_class)

    def show(self, state: GameState, ends: Sequence[int], castes: Sequence[Caste]) -> None:
        """Offer the pieces of both chosen settlements (hidden unless two are chosen)."""
        if len(ends) < 2 or len(castes) < 2:
            self.widget.layout.display = "none"
            return
        vocab = state.ruleset.vocabulary
        self._muted = True
        try:
            for row, end, caste in zip(self.rows, ends, castes):
                options = [(vocab.caste(c), c.value) for c in state.pieces[end]]
                if list(row.options) != options:
                    row.options = options
                row.value = caste.value
                row.description = self._label(state, end)
        finally:
            self._muted = False
        self.widget.layout.display = ""


class MoveInput:
    """A hand, the swap's chooser and the buttons ``<prefix>-end-turn``, ``<prefix>-confirm``: a chosen tile and a
    clicked hex become an action (``PlayInput``) for ``play``, in the position ``state()`` (None: no move now)."""

    def __init__(self, feedback: Feedback, prefix: str, state: Callable[[], GameState | None],
                 play: Callable[[Action], None], refresh: Callable[[], None], end_turn: Callable[[], None],
                 on_tile: Callable[[int], None] | None = None) -> None:
        self.feedback = feedback
        self.state = state
        self.play = play
        self.refresh = refresh
        self.input = PlayInput(confirm=False)
        self.hand = HandPanel()
        self.hand.on_select(feedback.guard(on_tile or partial(self._ask, self.input.choose)))
        self.swap_chooser = SwapChooser(feedback.guard(partial(self._ask, self.input.choose_swap_caste)))
        self.end_turn_button = shared_button(T.gettext("End turn"), f"{prefix}-end-turn",
                                             on_click=feedback.guard(lambda _b: end_turn()))
        confirm = feedback.guard(lambda _b: self._ask(self.input.commit_pending))
        self.confirm_button = shared_button(T.gettext("Confirm exchange"), f"{prefix}-confirm",
                                            on_click=confirm)

    def handle(self, out: Outcome) -> None:
        out.follow(self.play, self.feedback.show, self.refresh)

    def _ask(self, ask: Callable[..., Outcome], *args: Any) -> None:
        """Handle ``ask(state, *args)``'s outcome (nothing when there is no move to make)."""
        if (state := self.state()) is not None:
            self.handle(ask(state, *args))

    def attempt(self, play: Callable, action: Action, words: Callable[[str], str] = str):
        """``play(action)``'s result, or None when the rules refuse it (then said, and the app redrawn)."""
        try:
            result = play(action)
        except IllegalMoveError as e:
            self.input.reset()
            self.feedback.show(T.gettext("Not allowed: {reason}.").format(reason=words(e.reason)), "error")
            self.refresh()
            return None
        self.input.reset()
        return result

    def show(self, state: GameState, board: BoardView, title: str = "") -> None:
        """Offer the hand of ``state`` (under ``title``, else the phase's) and mark the hexes a click may take."""
        default, items, allowance = self.input.items(state)
        self.hand.show(title or default, items, allowance)
        for style, hexes in self.input.highlights(state).items():
            board.set_highlights(hexes, style)
        self.show_choices(state)

    def show_choices(self, state: GameState) -> None:
        self.confirm_button.layout.display = "" if self.input.sel.pending is not None else "none"
        self.swap_chooser.show(state, self.input.sel.swap_ends, self.input.sel.swap_castes)


# --- words -------------------------------------------------------------------------------------

def _chip(colour: str, size: int = 13) -> str:
    return (f'<span style="display:inline-block;width:{size}px;height:{size}px;border-radius:3px;background:{colour};'
            f'border:1px solid rgba(0,0,0,.4);vertical-align:middle;margin-right:4px"></span>')


def _list_html(heading: str, lines: Sequence[str]) -> str:
    items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
    return f'<b>{html.escape(heading)}</b><ul style="margin:2px 0">{items}</ul>'


def source_quote_html(sources) -> str:
    """The rulebook's own sentences of an example (``Study.sources``), quoted in their original
    language beside the translation: one block per quotation, marked with its language (``lang``)."""
    blocks = []
    for s in sources:
        paragraphs = "".join(f"<p style='margin:2px 0'>{html.escape(p.strip())}</p>"
                             for p in s.text.split("\n\n") if p.strip())
        # the heading is in the reader's language; the quotation itself carries its own (lang, class)
        heading = rulebook_heading(s.seed, s.language)
        blocks.append(f'<figure style="{TEXT};font-size:15px;margin:6px 0;padding:4px 10px;'
                      f'border-left:4px solid #c9a96e;background:#faf6ec">'
                      f'<figcaption style="font-size:12px;color:#7a6a4f">{html.escape(heading)}</figcaption>'
                      f'<blockquote class="samurai-source-quote samurai-example-source" '
                      f'lang="{html.escape(s.language)}" style="margin:0">{paragraphs}</blockquote></figure>')
    return "".join(blocks)


# --- the app --------------------------------------------------------------------------------------

class ExamplesApp:
    """The rulebook examples app (see the module doc). ``ExamplesApp().widget`` is the app."""

    def __init__(self, folder: Path | str = RULEBOOK_DIR, hex_size: float = 16, start: str | None = None) -> None:
        self.feedback = Feedback()
        self.folder = folder
        self.entries = catalogue(folder)
        if not self.entries:
            raise ValueError(f"no rulebook study (e1.toml..., r1.toml...) in {folder}")
        self.stepper: ExampleStepper | None = None
        self.entry: ExampleEntry | None = None
        self.sandbox: Sandbox | None = None

        first = load_example(self.entries[0].key, folder).start
        self.hex_size = hex_size
        self.boards: dict[int, BoardView] = {}
        self.board = self._board_for(first)
        # the board takes the room the text leaves, beside it down to about 1000 px of width
        self.board_box = widgets.Box([self.board.widget], layout=widgets.Layout(flex="1 1 360px", min_width="0"))

        # the list, grouped
        self.buttons: dict[str, widgets.Button] = {}
        items: list[widgets.Widget] = []
        for group in ("1998", "2015", "rulings"):
            entries = [e for e in self.entries if e.group == group]
            if not entries:
                continue
            items.append(widgets.HTML(f'<div style="{FONT};font-weight:bold;font-size:13px;line-height:1.3;'
                                      f'color:#6b4b1f;margin:10px 0 2px">{html.escape(group_title(group))}</div>'))
            for e in entries:
                title = e.title_text()
                b = shared_button(f"{e.key} · {short_title(e.key, title)}", f"samurai-example-{e.key}", tooltip=title,
                                  on_click=self.feedback.guard(lambda _b, key=e.key: self.open(key)), width="214px")
                items.append(classed(b, "samurai-example-button"))
                self.buttons[e.key] = b
        sidebar = classed(widgets.VBox(items, layout=widgets.Layout(width="220px", margin="0 12px 0 0")),
                          "samurai-examples-list")

        self.title = classed(widgets.HTML(), "samurai-example-title")
        self.description = classed(widgets.HTML(), "samurai-example-description")
        self.variant = classed(widgets.ToggleButtons(options=[(T.gettext("as written"), "")], value="",
                                                     description=T.gettext("Rules:")), "samurai-example-variant")
        self.variant.observe(self.feedback.guard(lambda ch: self._variant_chosen(ch["new"])), names="value")
        self.variant_note = widgets.HTML()

        def button(label: str, cls: str, handler, style: str = "") -> widgets.Button:
            return shared_button(label, cls, style=style, on_click=self.feedback.guard(lambda _b: handler()))

        self.first_button = button(T.gettext("◀◀ Start"), "samurai-step-first", lambda: self.go(0))
        self.prev_button = button(T.gettext("◀ Previous"), "samurai-step-prev", lambda: self.step_by(-1))
        self.next_button = button(T.gettext("Next ▶"), "samurai-step-next", lambda: self.step_by(1), "primary")
        self.slider = widgets.IntSlider(min=0, max=0, value=0, readout=False, layout=widgets.Layout(width="160px"))
        self.slider.add_class("samurai-step-slider")
        self.player = classed(widgets.Play(min=0, max=0, value=0, interval=2200,
                                           description=T.gettext("Play through the steps"),
                                           show_repeat=False), "samurai-step-play")
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.slider.observe(self.feedback.guard(lambda ch: self.go(ch["new"])), names="value")
        self.step_label = classed(widgets.HTML(), "samurai-step-label")
        nav = widgets.HBox([self.first_button, self.prev_button, self.next_button, self.player, self.slider,
                            self.step_label], layout=widgets.Layout(align_items="center", flex_flow="row wrap"))

        self.action = classed(widgets.HTML(), "samurai-step-action")
        self.narration = classed(widgets.HTML(), "samurai-step-narration")
        self.outcome = classed(widgets.HTML(), "samurai-step-outcome")
        self.expected = classed(widgets.HTML(), "samurai-step-expected")
        self.tallies = classed(widgets.HTML(), "samurai-step-tallies")
        self.scoring = widgets.VBox()

        # try it yourself
        self.moves = MoveInput(self.feedback, "samurai-try", lambda: self.sandbox and self.sandbox.state,
                               self._sandbox_play, self._refresh_sandbox, lambda: self._sandbox_play(EndTurn()))
        self.input, self.hand, self.swap_chooser = self.moves.input, self.moves.hand, self.moves.swap_chooser
        self.end_turn_button, self.confirm_button = self.moves.end_turn_button, self.moves.confirm_button
        self.try_button = button(T.gettext("Try it yourself"), "samurai-try", self.start_sandbox, "info")
        self.try_button.icon = "hand-paper-o"  # FontAwesome, served with the page (no font may lack it)
        self.back_button = button(T.gettext("↩ Back to the example"), "samurai-try-back", self.leave_sandbox,
                                  "warning")
        self.undo_button = button(T.gettext("Undo"), "samurai-try-undo", self._undo)
        self.try_outcome = classed(widgets.HTML(), "samurai-try-outcome")
        tile = first.ruleset.vocabulary.tile
        self.try_box = widgets.VBox([
            widgets.HTML(f'<div style="{TEXT};font-weight:bold;color:#0d47a1">'
                         + pointer_html(T.gettext("Try it yourself: choose a {tile}, then click a hex. The example is "
                                                  "kept; come back to it with one click.").format(tile=tile),
                                        T.gettext("Try it yourself: choose a {tile}, then tap a hex. The example is "
                                                  "kept; come back to it with one tap.").format(tile=tile)) + '</div>'),
            self.hand.widget, self.swap_chooser.widget,
            widgets.HBox([self.end_turn_button, self.confirm_button, self.undo_button, self.back_button]),
            self.try_outcome],
            layout=widgets.Layout(border="2px dashed #0d47a1", padding="6px", margin="6px 0", display="none"))
        self.try_box.add_class("samurai-try-box")

        self.sources = classed(widgets.HTML(), "samurai-example-sources")
        self.example_box = widgets.VBox([nav, self.action, self.narration, self.outcome, self.expected,
                                         self.try_button])
        text_col = widgets.VBox([self.title, self.description, self.sources, self.variant, self.variant_note,
                                 self.example_box, self.try_box, self.feedback.widget, self.tallies, self.scoring],
                                layout=widgets.Layout(flex="1 1 360px", max_width="480px", min_width="0",
                                                      margin="0 12px 0 0", max_height="calc(100vh - 130px)",
                                                      overflow="hidden auto"))
        # the text scrolls in its column: reading the outcome never scrolls the board out of view
        text_col.add_class("samurai-examples-text")
        body = widgets.HBox([sidebar, text_col, self.board_box],
                            layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"))
        self.board_box.add_class("samurai-examples-board")
        self.coords = False
        self.edition = widgets.ToggleButtons(options=[(T.gettext("Both editions"), ""), ("1998", "1998"),
                                                      ("2015", "2015")],
                                             value="", tooltips=[T.gettext("Every example"),
                                                                 T.gettext("The 1998 rulebook's examples"),
                                                                 T.gettext("The 2015 rulebook's examples")],
                                             style={"button_width": "auto"})
        self.edition.observe(self.feedback.guard(lambda ch: self.show_edition(ch["new"])), names="value")
        # the text column scrolls beside the board and its parts keep their size; the list's titles wrap in
        # their column; on a narrow screen the list and the text take the screen's width and the page scrolls
        keep = css_widget(web_file(__package__, "examples.css"))
        self.widget = classed(widgets.VBox([keep, body]), "samurai-examples")
        self.header = AppHeader("examples.ipynb", boards=list(self.boards.values()), edition=self.edition,
                                coordinates=self.feedback.guard(self.set_coordinates))
        self.header.attach(self.widget)
        self.open(start or self.entries[0].key)

    # --- choosing an example --------------------------------------------------------------------
    def open(self, key: str, variant: str = "") -> None:
        """Show an example by key (``E2``) from its start."""
        example = load_example(key, self.folder)  # ValueError naming the examples there are
        self.entry = entry = next(e for e in self.entries if e.key == example.key)
        self._leave_sandbox_quietly()
        self.stepper = ExampleStepper(example, variant, self.coords)
        for k, b in self.buttons.items():
            b.button_style = "primary" if k == entry.key else ""
        options = [(variant_label(name), name) for name in example.variants]
        if list(self.variant.options) != options:
            self.variant.options = options
        self.variant.value = variant
        self.variant.layout.display = "" if len(options) > 1 else "none"
        self.variant_note.value = ""
        self.feedback.clear()
        start = example.start
        players = " ".join(f'<span style="white-space:nowrap">{_chip(colour)}{html.escape(name)}</span>'
                           for colour, name in zip(seat_colours(start), seat_names(start)))
        vocab = start.ruleset.vocabulary
        about = html.escape(T.gettext("{group} · players: {players} · the {pieces} are {castes}")).format(
            group=html.escape(group_title(entry.group)), players=players, pieces=html.escape(vocab.pieces),
            castes=html.escape(", ".join(vocab.castes.values())))
        self.title.value = (f'<h2 style="{FONT};margin:4px 0;font-size:24px;color:#6b4b1f">{html.escape(entry.key)}: '
                            f'{html.escape(short_title(entry.key, example.title_text()))}</h2>'
                            f'<div style="{FONT};font-size:14px;color:#6b6257">{about}</div>')
        self.description.value = ""
        self.sources.value = source_quote_html(example.sources)
        self.player.playing = False
        self.slider.max = self.player.max = max(self.stepper.count, 0)
        self.board = self._board_for(self.stepper.state)
        self.board_box.children = [self.board.widget]
        self.board.set_state(self.stepper.state)
        self.board.set_focus(example.focus() or None)
        self.go(0)

    def _keep_work(self) -> None:
        """The header's language links reopen this example at this step (a page is translated as it is built)."""
        if getattr(self, "header", None) is None or self.entry is None or self.stepper is None:
            return
        variant = self.stepper.variant
        self.header.keep_work([("example", self.entry.key), ("step", str(self.stepper.index)),
                               *([("variant", variant)] if variant else [])])

    def _board_for(self, state: GameState) -> BoardView:
        """The board view for this player count: bigger hexes for smaller maps, about the same size on screen."""
        n = state.n_players
        if n not in self.boards:
            view = BoardView(state, hex_size=self.hex_size * {2: 1.375, 3: 1.125}.get(n, 1.0))
            view.on_click(self.feedback.guard(lambda hex_index, *_: self.click(hex_index)))
            self.boards[n] = view
            if getattr(self, "header", None) is not None:
                self.header.add_board(view)
        return self.boards[n]

    def _variant_chosen(self, name: str) -> None:
        if self.stepper is None or name == self.stepper.variant:
            return
        k = self.stepper.index
        self.stepper = ExampleStepper(self.stepper.example, name, self.coords)
        self._leave_sandbox_quietly()
        note = option_ids_in_words(self.stepper.example.variant_description(name))
        self.variant_note.value = (f'<div style="{FONT};font-size:15px;color:#0d47a1;margin:2px 0 6px">'
                                   f'{html.escape(note)}</div>' if note else "")
        self.go(min(k, self.stepper.count))

    # --- settings of the header ---------------------------------------------------------------
    def set_coordinates(self, on: bool) -> None:
        """Name hexes with their ids too (``Show coordinates``)."""
        self.coords = bool(on)
        if self.sandbox is not None:
            self.sandbox.coords = self.coords
        if self.stepper is not None:
            self.stepper.coords = self.coords
            if self.sandbox is None:
                self.go(self.stepper.index)

    def show_edition(self, edition: str) -> None:
        """List the examples of one edition (and the rulings), or of both (``""``)."""
        for e in self.entries:
            shown = not edition or e.group in (edition, "rulings")
            self.buttons[e.key].layout.display = "" if shown else "none"
        if edition and self.entry is not None and self.entry.group not in (edition, "rulings"):
            first = next((e for e in self.entries if e.group == edition), None)
            if first is not None:
                self.open(first.key)

    # --- stepping -----------------------------------------------------------------------------
    def step_by(self, delta: int) -> None:
        assert self.stepper is not None
        self.go(max(0, min(self.stepper.count, self.stepper.index + delta)))

    def go(self, k: int) -> None:
        """Show the position after step ``k`` (0: the start)."""
        st = self.stepper
        assert st is not None
        st.go(k)
        self._keep_work()
        self.slider.value = k
        self._leave_sandbox_quietly()
        self.step_label.value = (f'<span style="{FONT};font-size:16px;font-weight:bold;margin-left:8px">'
                                 f'{html.escape(st.label())}</span>')
        chip = _chip(seat_colours(st.state)[st.before.current])
        self.action.value = (f'<div class="samurai-step-action-text" style="{TEXT};font-weight:bold;margin:6px 0">'
                             f'{chip}{html.escape(st.action_line())}.</div>' if k else "")
        self.narration.value = (f'<div class="samurai-step-narration-text" style="{TEXT};background:#fffdf6;'
                                f'border-left:5px solid #b5651d;padding:8px 12px;margin:4px 0">'
                                f'{html.escape(st.narration())}</div>' if st.narration() else "")
        outcome = st.outcome()
        lines = _list_html(T.gettext("Outcome:"), outcome)
        self.outcome.value = (f'<div class="samurai-step-outcome-text" style="{TEXT};margin:4px 0">{lines}</div>'
                              if outcome else "")
        expected = st.expected_lines()
        if expected:
            bad = st.mismatches()
            verdict = (T.gettext("✔ the rules engine agrees") if not bad else
                       T.gettext("✘ the rules engine differs: {differences}").format(differences="; ".join(bad)))
            lines = _list_html(T.gettext("As the example states:"), [x.rstrip(".") for x in expected])
            self.expected.value = (
                f'<div class="samurai-step-expected-text" style="{FONT};font-size:15px;color:#33503a;'
                f'background:#eef5e6;padding:6px 10px;border-radius:4px;margin:4px 0">{lines}'
                f'<i>{html.escape(verdict)}</i></div>')
        else:
            self.expected.value = ""
        self.board.set_state(st.state)
        self.board.clear_highlights()
        self.board.set_highlights(st.step_hexes(), "preview")
        self.board.set_highlights(sorted({r.hex for r in st.resolutions()}), "warning")  # settlements decided
        self._show_tallies(st.state, st.settlements())
        self._show_scoring(st)
        self.prev_button.disabled = self.first_button.disabled = k == 0
        self.next_button.disabled = k >= st.count
        self.try_button.description = (T.gettext("Try it yourself: another move instead of step {k}").format(k=k)
                                       if k else T.gettext("Try it yourself from this position"))

    def _show_tallies(self, state: GameState, settlements: Sequence[int]) -> None:
        if not settlements:
            self.tallies.value = ""
            return
        body = "".join(f'<div style="margin:6px 0">{tally_html(state, s)}</div>' for s in settlements)
        heading = html.escape(T.gettext("Influence on the settlements concerned"))
        self.tallies.value = f'<div style="{FONT};font-size:15px"><b>{heading}</b>{body}</div>'

    def _show_scoring(self, st: ExampleStepper) -> None:
        if not st.needs_score() or any(c is None for c in st.state.captured):
            self.scoring.children = []
            return
        from .scoring_explainer import ScoringExplainer

        state = st.state
        view = ScoringExplainer(score_state(state), seat_names(state), state.ruleset.vocabulary,
                                colours=seat_colours(state), editable=False)
        self.scoring.children = [view.widget]

    # --- try it yourself ------------------------------------------------------------------------
    def start_sandbox(self) -> None:
        """Play your own moves from the position before the step shown (the start at step 0)."""
        st = self.stepper
        assert st is not None
        start = st.before
        if start.is_over:
            raise ValueError(T.gettext("the game is over in this position: there is no move to try"))
        self.sandbox = Sandbox(start, self.coords)
        self.input.reset()
        self.example_box.layout.display = "none"
        self.try_box.layout.display = ""
        self.board.set_state(start)
        self.board.clear_highlights()
        self._show_tallies(start, settlements_concerned(start, list(st.played[0].marks)))
        text = T.gettext("{player} to play.").format(player=seat_names(start)[start.current])
        if st.index:
            text += " " + T.gettext("This is the position before step {k}, which was: {action}.").format(
                k=st.index, action=st.action_line())
        self.try_outcome.value = f'<div style="{TEXT}">{html.escape(text)}</div>'
        self._refresh_sandbox()

    def leave_sandbox(self) -> None:
        """Back to the example, at the step shown before."""
        assert self.stepper is not None
        self.go(self.stepper.index)

    def _leave_sandbox_quietly(self) -> None:
        self.sandbox = None
        self.input.reset()
        self.try_box.layout.display = "none"
        self.example_box.layout.display = ""

    def _refresh_sandbox(self) -> None:
        sb = self.sandbox
        if sb is None:
            return
        state = sb.state
        self.moves.show(state, self.board)
        self.end_turn_button.disabled = state.played_this_turn == 0 or state.is_over
        self.undo_button.disabled = len(sb.states) <= 1

    def click(self, hex_index: int | None) -> None:
        """A click on the board: in "try it yourself", the move; otherwise show a settlement's tallies."""
        if self.sandbox is None:
            st = self.stepper
            if st is not None and hex_index is not None and st.state.board.is_settlement[hex_index]:
                self._show_tallies(st.state, [hex_index])
            return
        self.moves.handle(self.input.click(self.sandbox.state, hex_index))

    def _sandbox_play(self, action: Action) -> None:
        sb = self.sandbox
        if sb is None:
            raise ValueError(T.gettext("press “Try it yourself” first"))
        lines = self.moves.attempt(sb.play, action)
        if lines is not None:
            self.feedback.clear()
            self._show_try(lines)

    def _undo(self) -> None:
        if self.sandbox is not None:
            self.sandbox.undo()
            self.input.reset()
            self._show_try(self.sandbox.lines)

    def _show_try(self, lines: Sequence[str]) -> None:
        sb = self.sandbox
        assert sb is not None
        happens = _list_html(T.gettext("What happens:"), lines)
        self.try_outcome.value = f'<div class="samurai-try-outcome-text" style="{TEXT}">{happens}</div>'
        self.board.set_state(sb.state)
        self.board.clear_highlights()
        self.board.set_highlights(sorted({r.hex for r in sb.state.events}), "warning")
        self._show_tallies(sb.state, sb.concerned(self.stepper.played[0].marks if self.stepper else ()))
        self._refresh_sandbox()
