"""Learn the rules: a guided lesson of chapters, each with an explanation and tasks solved on the board.

The lesson's content is data in ``samurai_lab.knizia.teaching.lessons``; each try (``lessons.Run``) is judged:
success, or feedback naming the rule. Progress (chapter n of m, tasks solved) stays visible.

Stable CSS classes: ``samurai-lesson`` (the app), ``samurai-lesson-progress``,
``samurai-lesson-chapters`` (chapter menu), ``samurai-lesson-chapter-title``,
``samurai-lesson-text``, ``samurai-lesson-task``, ``samurai-lesson-feedback`` (the verdict),
``samurai-lesson-hint``, buttons ``samurai-lesson-{hint,retry,next,prev,end-turn,confirm,solution}``,
``samurai-lesson-edition``.
"""

from __future__ import annotations

import html
from typing import Sequence

import ipywidgets as widgets

from ..teaching.lessons import CHAPTERS, SOLVED, TASKS, WRONG, Run, Task, chapter_of, progress_text, solve
from ..render.theme import seat_colours
from ..core.rules import IllegalMoveError
from ..core.ruleset import PRESETS, Ruleset
from ..core.state import GameState
from .board import BoardView
from ...ui.common import Feedback
from ...ui.layout import FONT, button as shared_button, classed, css_widget
from ...ui.projector import PROJECTOR_CLASS
from ...ui.header import AppHeader
from ..teaching.words import plain_text, seat_names
from ..teaching.example_words import action_phrase
from .examples import TEXT as TEXT_STYLE, MoveInput
from .hand_panel import hand_items
from .tally_panel import tally_html
from ...i18n import Domain

T = Domain("knizia_teach")

#: On a projector the chapter's text scrolls in a box of its own: the task, the hand and its buttons stay on the
#: screen beside the board.
PROJECTOR_CSS = (f".{PROJECTOR_CLASS} .samurai-lesson-text {{ max-height: 15vh; overflow-y: auto; }}"
                 f".{PROJECTOR_CLASS} .samurai-lesson-chapter-title h2 "
                 "{ font-size: 24px !important; margin: 2px 0 !important; }")


def focus_hexes(state: GameState, refs: Sequence[str]) -> list[int]:
    """The task's hexes with two rings around them: what the board zooms on."""
    board = state.board
    near = {board.resolve(ref) for ref in refs}
    for _ in range(2):
        near |= {o for i in near for o in board.neighbours[i]}
    return sorted(near)


class LessonApp:
    """The guided lesson (see the module doc). ``LessonApp().widget`` is the app."""

    def __init__(self, edition: str = "1998", hex_size: float = 22) -> None:
        if edition not in PRESETS:
            raise ValueError(T.gettext("edition must be one of {editions}, not {edition}").format(
                editions=", ".join(PRESETS), edition=repr(edition)))
        self.ruleset: Ruleset = PRESETS[edition]
        self.feedback = Feedback()
        self.feedback.widget.add_class("samurai-lesson-feedback")
        self.solved: set[str] = set()
        self.wrong_tries: dict[str, int] = {}
        self.task: Task = TASKS[0]
        self.run = Run(self.task, self.ruleset)
        self.moves = MoveInput(self.feedback, "samurai-lesson", lambda: None if self.run.over else self.run.state,
                               self.play, self._refresh_input, self.end_turn, self._on_tile)
        self.input, self.hand, self.swap_chooser = self.moves.input, self.moves.hand, self.moves.swap_chooser
        self.end_turn_button, self.confirm_button = self.moves.end_turn_button, self.moves.confirm_button

        self.board = BoardView(self.run.state, hex_size=hex_size)
        self.board.on_click(self.feedback.guard(lambda hex_index, *_: self.click(hex_index)))

        self.edition = widgets.ToggleButtons(options=[(T.gettext("1998 rules"), "1998"),
                                                      (T.gettext("2015 rules"), "2015")], value=edition,
                                             tooltips=[T.gettext("Hans im Glück / Rio Grande words"),
                                                       T.gettext("Fantasy Flight words")])
        self.edition.add_class("samurai-lesson-edition")
        self.edition.observe(self.feedback.guard(lambda ch: self.set_edition(ch["new"])), names="value")
        self.progress = classed(widgets.HTML(), "samurai-lesson-progress")
        self.bar = widgets.IntProgress(min=0, max=len(TASKS), value=0, layout=widgets.Layout(width="220px"))
        self.chapters = classed(widgets.Dropdown(
            options=[(f"{k + 1}. {ch.title_text()}", k) for k, ch in enumerate(CHAPTERS)], value=0,
            tooltip=T.gettext("Chapter"), layout=widgets.Layout(width="340px")), "samurai-lesson-chapters")
        self.chapters.observe(self.feedback.guard(lambda ch: self._chapter_chosen(ch["new"])), names="value")

        self.chapter_title = classed(widgets.HTML(), "samurai-lesson-chapter-title")
        self.text = classed(widgets.HTML(), "samurai-lesson-text")
        self.task_box = classed(widgets.HTML(), "samurai-lesson-task")
        self.hint = classed(widgets.HTML(), "samurai-lesson-hint")
        self.tally = classed(widgets.HTML(), "samurai-lesson-tally")

        def button(label: str, cls: str, handler) -> widgets.Button:
            return shared_button(label, f"samurai-lesson-{cls}",
                                 on_click=self.feedback.guard(lambda _b: handler()))

        self.retry_button = button(T.gettext("Try again"), "retry", self.retry)
        self.hint_button = button(T.gettext("Hint"), "hint", self.show_hint)
        self.solution_button = button(T.gettext("Show a solution"), "solution", self.show_solution)
        self.prev_button = button(T.gettext("◀ Previous task"), "prev", lambda: self.go(-1))
        self.next_button = button(T.gettext("Next task ▶"), "next", lambda: self.go(1))

        progress_row = widgets.HBox([self.chapters, self.bar, self.progress],
                                    layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        actions = widgets.HBox([self.end_turn_button, self.confirm_button, self.retry_button, self.hint_button,
                                self.solution_button], layout=widgets.Layout(flex_flow="row wrap"))
        nav = widgets.HBox([self.prev_button, self.next_button])
        left = widgets.VBox([self.chapter_title, self.text, self.task_box, self.hand.widget,
                             self.swap_chooser.widget, actions,
                             self.feedback.widget, self.hint, nav, self.tally],
                            layout=widgets.Layout(flex="1 1 420px", max_width="560px", min_width="0",
                                                  margin="0 18px 0 0"))
        self.board.widget.layout.flex = "1 1 360px"  # the board takes the room the text leaves (and fits it)
        body = widgets.HBox([left, self.board.widget], layout=widgets.Layout(align_items="flex-start",
                                                                             flex_flow="row wrap"))
        self.variants_box = widgets.VBox()
        self.variants = classed(widgets.Accordion(children=[self.variants_box], selected_index=None),
                                "samurai-lesson-variants")
        self.variants.set_title(0, T.gettext("Rule variants: where the rulebooks differ (R1–R4)"))
        self.variants.observe(self.feedback.guard(lambda ch: ch["new"] is not None and self._open_variants()),
                              names="selected_index")
        self.rules_panel = None
        self.coords = False
        self.widget = classed(widgets.VBox([progress_row, body, self.variants, css_widget(PROJECTOR_CSS)]),
                              "samurai-lesson")
        self.header = AppHeader("lesson.ipynb", boards=[self.board], edition=self.edition,
                                coordinates=self.feedback.guard(self.set_coordinates))
        self.header.attach(self.widget)
        self.open_task(self.task)

    # --- navigation -----------------------------------------------------------------------
    @property
    def chapter_index(self) -> int:
        return chapter_of(self.task)[0]

    def _chapter_chosen(self, k: int) -> None:
        if k != self.chapter_index:
            self.open_task(CHAPTERS[k].tasks[0])

    def go(self, delta: int) -> None:
        """Open the next (+1) or previous (-1) task of the lesson."""
        k = TASKS.index(self.task) + delta
        if 0 <= k < len(TASKS):
            self.open_task(TASKS[k])

    def open_task(self, task: Task | str) -> None:
        """Show a task (by object or id) with a fresh position."""
        if isinstance(task, str):
            task = next((t for t in TASKS if t.id == task), None)  # type: ignore[assignment]
            if task is None:
                raise ValueError(T.gettext("no lesson task with that id; tasks are {ids}").format(
                    ids=", ".join(t.id for t in TASKS)))
        self.task = task  # type: ignore[assignment]
        self.chapters.value = self.chapter_index
        self.hint.value = ""
        self.feedback.clear()
        self._new_run()
        self.board.set_focus(focus_hexes(self.run.state, self.task.focus))
        self._render_text()

    def set_edition(self, edition: str) -> None:
        """Speak the words of another edition (and play by its rules); the task restarts."""
        self.ruleset = PRESETS[edition]
        self.edition.value = edition
        if self.rules_panel is not None:
            self.rules_panel.set_edition(edition)
        self.open_task(self.task)

    def set_coordinates(self, on: bool) -> None:
        """Name hexes by their ids too (the header's "Show coordinates")."""
        self.coords = self.input.coords = bool(on)
        self._render_text()
        self._show_state(self.board.state)

    def words(self, text: str) -> str:
        """A text of the lesson with hex ids turned into places (ids kept with coordinates on)."""
        return plain_text(self.run.state, text, self.coords)

    def _open_variants(self) -> None:
        """Build the rule variants panel the first time it is opened."""
        if self.rules_panel is None:
            from .rules_panel import RulesPanel

            self.rules_panel = RulesPanel(edition=self.ruleset.edition, header=False)
            self.variants_box.children = [self.rules_panel.widget]

    # --- a try -----------------------------------------------------------------------------
    def _new_run(self) -> None:
        self.run = Run(self.task, self.ruleset)
        self.start_state = self.run.state  # the prepared position: its hand stays offered after a wrong try
        self.input.reset()
        self._show_state(self.run.state)

    def retry(self) -> None:
        """Start the task again from its prepared position."""
        self._new_run()
        self.feedback.show(T.gettext("The position is back as it was. Choose a {tile} from your hand.").format(
            tile=self.ruleset.vocabulary.tile), "info")

    def _on_tile(self, k: int) -> None:
        if self.run.over:
            if self.run.verdict is not None and self.run.verdict.status == WRONG:
                hand = self.start_state.hand  # the hand shown after a wrong try
                tile = hand[k] if k < len(hand) else None
                self._new_run()
                if tile is not None and tile in self.run.state.hand:
                    k = self.run.state.hand.index(tile)
            else:
                self.feedback.show(
                    T.gettext("Solved! Go on with “Next task”, or press “Try again” to replay it."), "success")
                return
        self.moves.handle(self.input.choose(self.run.state, k))

    def click(self, hex_index: int | None) -> None:
        """A click on a hex of the board (index; None outside the map)."""
        state = self.run.state
        if hex_index is not None and state.board.is_settlement[hex_index]:
            self._show_tally(hex_index)
        if self.run.over:
            if self.run.verdict is not None and self.run.verdict.status == SOLVED:
                self.feedback.show(T.gettext("Solved! Go on with “Next task”."), "success")
            else:
                again = T.gettext("Press “Try again” (or pick a {tile}) to start the task again.")
                self.feedback.show(again.format(tile=self.ruleset.vocabulary.tile), "warning")
            return
        out = self.input.click(state, hex_index)
        if out.action is None and out.kind == "error":
            self._count_wrong()
        self.moves.handle(out)

    def confirm(self) -> None:
        """Play the prepared exchange (the swap needs two settlements and a confirmation)."""
        self.moves.handle(self.input.commit_pending(self.run.state))

    def play(self, action) -> None:
        """Play one action of the learner's turn and show the verdict."""
        verdict = self.moves.attempt(self.run.play, action, self.words)
        if verdict is None:
            self._count_wrong()
        else:
            self._after_verdict(verdict)

    def end_turn(self) -> None:
        """End the learner's turn: the try is judged."""
        if self.run.over:
            self.feedback.show(T.gettext("This try is over: press “Try again”."), "warning")
            return
        try:
            verdict = self.run.end_turn()
        except IllegalMoveError as e:
            self.feedback.show(T.gettext("Not allowed: {reason}.").format(reason=self.words(e.reason)), "error")
            return
        self._after_verdict(verdict)

    def _after_verdict(self, verdict) -> None:
        if verdict.status == SOLVED:
            self.solved.add(self.task.id)  # before drawing: "Next task" lights up
        shown = self.run.ended() if self.run.over else self.run.state
        self._show_state(shown)
        if verdict.status == WRONG:
            self._count_wrong()
            self.feedback.show(T.gettext("Not quite. {verdict} Pick a {tile} to try again.").format(
                verdict=self.words(verdict.message), tile=self.ruleset.vocabulary.tile), "error")
        else:
            self.feedback.show(self.words(verdict.message), "success" if verdict.status == SOLVED else "info")
        self._render_text()

    def _count_wrong(self) -> None:
        self.wrong_tries[self.task.id] = self.wrong_tries.get(self.task.id, 0) + 1

    def show_hint(self) -> None:
        """Show the task's hint."""
        heading = html.escape(T.gettext("Hint:"))
        self.hint.value = (f'<div class="samurai-lesson-hint-text" style="{TEXT_STYLE};background:#eef5e6;'
                           f'border-left:5px solid #6f9a1f;padding:8px 12px;margin:6px 0"><b>{heading}</b> '
                           f'{html.escape(self.words(self.task.hint_text(self.ruleset)))}</div>')

    def show_solution(self) -> None:
        """Play one correct solution (found by searching the legal actions) from the prepared position."""
        actions = solve(self.task, self.ruleset)
        if actions is None:
            raise ValueError(T.gettext("no solution found for lesson task {id}").format(id=self.task.id))
        self._new_run()
        for a in actions:
            verdict = self.run.play(a)
        names = T.gettext(", then ").join(action_phrase(self.start_state, a, self.coords) for a in actions)
        self._show_state(self.run.ended())
        self.feedback.show(T.gettext("A solution: {actions}. {verdict}").format(
            actions=names, verdict=self.words(verdict.message)), "info")
        self._render_text()

    # --- drawing ---------------------------------------------------------------------------
    def _show_state(self, state: GameState) -> None:
        self.board.set_state(state)
        self._refresh_input()
        focus = (state.board.resolve(h) for h in self.task.focus)
        self._show_tally(next((s for s in focus if state.board.is_settlement[s]), None), state)

    def _show_tally(self, settlement: int | None, state: GameState | None = None) -> None:
        self.tally.value = "" if settlement is None else (
            f'<div style="{FONT};font-size:15px;margin-top:10px">'
            f'{tally_html(state or self.board.state, settlement, self.coords)}</div>')

    def _refresh_input(self) -> None:
        state = self.run.state
        if not self.run.over:
            self.moves.show(state, self.board, T.gettext("Your hand ({player}): choose a {tile}").format(
                player=seat_names(state)[state.current], tile=state.ruleset.vocabulary.tile))
        else:
            if self.run.verdict.status == WRONG:  # the hand stays: picking a tile starts the task again with it
                start = self.start_state
                self.hand.show(T.gettext("Your hand again ({player}): pick a {tile} to try again").format(
                    player=seat_names(start)[start.current], tile=start.ruleset.vocabulary.tile),
                    hand_items(start, start.hand, None))
            else:
                self.hand.show("", [], "")
            self.board.clear_highlights()
            self.moves.show_choices(state)
        self.end_turn_button.disabled = self.run.over or not self.run.actions
        self.retry_button.button_style = "warning" if self.run.over and self.run.verdict.status != SOLVED else ""
        self.next_button.button_style = "success" if self.task.id in self.solved else ""

    def _render_text(self) -> None:
        k, ch = chapter_of(self.task)
        colours = seat_colours(self.run.state)
        me = seat_names(self.run.state)[0]
        chip = (f'<span style="display:inline-block;width:14px;height:14px;border-radius:3px;background:{colours[0]};'
                f'border:1px solid rgba(0,0,0,.4);vertical-align:middle"></span>')
        self.chapter_title.value = (f'<h2 style="{FONT};margin:6px 0 4px;font-size:24px;color:#6b4b1f">'
                                    + html.escape(T.gettext("Chapter {k}: {title}").format(
                                        k=k + 1, title=ch.title_text())) + '</h2>')
        self.text.value = "".join(f'<p style="{TEXT_STYLE};margin:4px 0 8px">{html.escape(self.words(p))}</p>'
                                  for p in ch.paragraphs(self.ruleset))
        n = ch.tasks.index(self.task) + 1
        heading = (T.gettext("Task {k} of {n} ✔ solved") if self.task.id in self.solved
                   else T.gettext("Task {k} of {n}")).format(k=n, n=len(ch.tasks))
        you = html.escape(T.gettext("you play {player}.")).replace("{player}", f"{chip} {html.escape(me)}")
        self.task_box.value = (
            f'<div class="samurai-lesson-task-text" style="{TEXT_STYLE};background:#fff8e1;border:2px solid #e0b252;'
            f'border-radius:6px;padding:10px 14px;margin:6px 0"><b>{html.escape(heading)}</b> — '
            f'{you}<br>{html.escape(self.words(self.task.text(self.ruleset)))}</div>')
        solved = len(self.solved)
        self.progress.value = (f'<span class="samurai-lesson-progress-text" style="{FONT};font-size:16px;'
                               f'margin-left:10px">{html.escape(progress_text(k, solved))}</span>')
        self.bar.value = solved
        self.prev_button.disabled = TASKS.index(self.task) == 0
        self.next_button.disabled = TASKS.index(self.task) == len(TASKS) - 1
        self._keep_work()

    def _keep_work(self) -> None:
        """The header's language links reopen this task with the tasks solved (a page is translated as it is built)."""
        if getattr(self, "header", None) is None:
            return
        solved = [t.id for t in TASKS if t.id in self.solved]
        self.header.keep_work([("task", self.task.id), ("edition", self.ruleset.edition),
                               *([("solved", ",".join(solved))] if solved else [])], replaces=("chapter",))
