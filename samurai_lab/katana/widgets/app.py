"""The SAMURAI (katana) app: Play (hot seat or against bots), Lesson, Rules; English, Italian, Spanish
or Russian.

::

    from samurai_lab.katana.widgets.app import build_app
    app = build_app()          # the page's language (?lang=, else the browser's), then the app
    app.widget
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ...i18n import N_, Domain, use_language
from ...ui.common import Feedback
from ...common.records import write_record
from ...ui.grid_app import LOG_TITLE, PEOPLE, UI, GridApp
from ...ui.layout import board_beside, classed
from ..core.board import NAMES
from ..core.rules import free_shiro, is_tachiojo, legal_moves, outcome, why_illegal
from ..core.ruleset import RULINGS
from ..core.state import Move, State, from_position, owner, to_position
from ..core.text import describe_constraint, player_name
from ..game import GAME
from ..teaching.lesson import CHAPTERS, all_tasks, check_task
from ..teaching.session import SEATS, Session
from .board import piece_letters
from .rules_text import rules_html

T = Domain("katana")
#: The languages of the app: English, the rulebook's Italian, and Spanish and Russian derived from it.
APP_LANGUAGES: tuple[str, ...] = ("en", "it", "es", "ru")
INTRO = N_("SAMURAI (rulebook 003): two players, Black and Red, move their samurai like the chess queen under the "
           "Sacred Constraints of Movement and challenge each other across the KATANA squares. Play against a "
           "friend or a bot, follow the lesson, read the rules and choose the rulings.")


class KatanaApp(GridApp):
    """The whole app; ``widget`` is its root (CSS class ``katana-app``)."""

    languages = APP_LANGUAGES
    root_class = "katana-app"
    prefix = "katana"
    domain = T
    undo_words = (N_("Move taken back."), N_("Nothing to take back."), "warning")

    def __init__(self, lang: str | None = None, seats: tuple[str, str] = (PEOPLE, "search")) -> None:
        super().__init__(GAME, lang)
        self.feedback.message.add_class("katana-message")
        self.session = Session(seats=list(seats))
        self.selected: int | None = None
        # --- play tab
        self.board = self._board(self.session.state, "katana-play-canvas", self._play_click)
        self.status = classed(widgets.HTML(), "katana-status")
        self.constraint = classed(widgets.HTML(), "katana-constraint")
        self.new_button = self._button("katana-new", self._new_game)
        self.undo_button = self._button("katana-undo", self._undo)
        self.pass_button = self._button("katana-pass", lambda: self._play_move(Move("pass")))
        self.bot_button = self._button("katana-bot-step", self._bot_step)
        self.seat_boxes = self._seats(("black", "red"), "auto")
        self.seat_labels = [widgets.HTML() for _ in (0, 1)]
        self.rulings_box = self._rulings(RULINGS, {"width": "auto", "max_width": "420px"}, self._ruling_changed)
        self.ruling_boxes = {rid: row[1] for rid, row in self.ruling_rows.items()}
        self.position_text = classed(widgets.Text(layout=widgets.Layout(width="100%")), "katana-position")
        self.position_button = self._button("katana-set-position", self._set_position)
        self.record_text = classed(widgets.Textarea(layout=widgets.Layout(width="100%", height="120px"),
                                                    disabled=True), "katana-record")
        self.position_box = widgets.Accordion(children=[widgets.VBox([self.position_text, self.position_button,
                                                                      self.record_text])], selected_index=None)
        self.log = classed(widgets.HTML(layout=widgets.Layout(max_height="180px", overflow="auto")), "katana-log")
        seats_row = widgets.VBox([widgets.HBox([self.seat_labels[p], self.seat_boxes[p]]) for p in (0, 1)])
        buttons = widgets.HBox([self.new_button, self.undo_button, self.pass_button, self.bot_button],
                               layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"))
        self._review_and_study()
        self.play_tab = board_beside(self.board.widget, [
            self.status, self.constraint, self.feedback.widget, buttons, seats_row, self.review.widget,
            self.rulings_box, self.position_box, self.study_box, self.log], "440px")
        # --- lesson tab
        self.tasks = all_tasks()
        self.task_index = 0
        self.lesson_state = self.tasks[0].start()
        self.lesson_selected: int | None = None
        self.lesson_board = self._board(self.lesson_state, "katana-lesson-canvas", self._lesson_click, cell=48)
        self.lesson_feedback = Feedback()
        self.lesson_feedback.message.add_class("katana-lesson-message")
        self.chapter_text = classed(widgets.HTML(), "katana-chapter")
        self.task_prompt = classed(widgets.HTML(), "katana-task")
        self.prev_button = self._button("katana-task-prev", lambda: self._open_task(self.task_index - 1))
        self.next_button = self._button("katana-task-next", lambda: self._open_task(self.task_index + 1))
        self.hint_button = self._button("katana-hint", lambda: self.lesson_feedback.show(
            T.gettext(self.tasks[self.task_index].hint), "info"))
        self.retry_button = self._button("katana-task-retry", lambda: self._open_task(self.task_index))
        self.lesson_pass = self._button("katana-lesson-pass", lambda: self._lesson_try(Move("pass")))
        self.lesson_tab = board_beside(self.lesson_board.widget, [
            self.chapter_text, self.task_prompt, self.lesson_feedback.widget,
            widgets.HBox([self.prev_button, self.next_button, self.hint_button, self.retry_button, self.lesson_pass],
                         layout=widgets.Layout(flex_flow="row wrap"))], "440px")
        # --- rules tab
        self.rules_text = classed(widgets.HTML(), "katana-rules")
        self.rules_tab = widgets.VBox([self.rules_text], layout=widgets.Layout(max_width="900px"))
        self._shell([self.play_tab, self.lesson_tab, self.rules_tab], [self.board, self.lesson_board])
        with use_language(self.lang):
            self._texts()
            self._open_task(0)
            self._refresh_play()

    # ------------------------------------------------------------------ texts
    def _texts(self) -> None:
        """Every label of the app in the current language."""
        title = T.gettext("SAMURAI: the way of the Katana")
        self._relabel_shell(f"<h2 style='margin:4px 0'>{html.escape(title)}</h2>", T.gettext(INTRO),
                            (T.gettext("Play"), T.gettext("Lesson"), T.gettext("Rules")), T.gettext("Language"))
        self._label((
                (self.new_button, T.gettext("New game"),
                 T.gettext("Start a new game with the seats and rulings chosen")),
                (self.undo_button, T.gettext("Undo"), T.gettext("Take back the last move (and the bot's answer)")),
                (self.pass_button, T.gettext("Pass (Tachiōjō)"),
                 T.gettext("Pass: allowed only when no samurai can move")),
                (self.bot_button, T.gettext("Bot move"), T.gettext("Let the bot of the seat to move play one move")),
                (self.position_button, T.gettext("Set this position"),
                 T.gettext("Continue the game from the position string in the box"))))
        seat_names = {PEOPLE: T.gettext("Person"), "random": T.gettext("Random bot"),
                      "search": T.gettext("Search bot")}
        self._relabel_seats([(seat_names[s], s) for s in SEATS])
        for p, box in enumerate(self.seat_boxes):
            self.seat_labels[p].value = f"<b>{html.escape(player_name(p))}</b>:&nbsp;"
            box.tooltip = player_name(p)  # the select's accessible name (the label beside it is plain text)
        self.rulings_box.set_title(0, T.gettext("Rulings (points the rulebook leaves open)"))
        for r in RULINGS:
            title, box, _note = self.ruling_rows[r.id]
            with self._quietly():
                box.options = [(T.gettext(expl), o) for o, expl in r.options]
                box.value = self.session.rules.option(r.id)
            title.value = f"<b>{r.id}</b>: {html.escape(T.gettext(r.question))}"
            box.tooltip = f"{r.id}: {T.gettext(r.question)}"
            self._ruling_note(r.id)
        self.position_box.set_title(0, T.gettext("Position and record"))
        self.study_box.set_title(0, T.gettext("Study: build one from positions"))
        for widget, text in ((self.position_text, T.gettext("Position")),
                             (self.prev_button, T.gettext("Previous task")), (self.next_button, T.gettext("Next task")),
                             (self.hint_button, T.gettext("Hint")), (self.retry_button, T.gettext("Try again")),
                             (self.lesson_pass, T.gettext("Pass (Tachiōjō)"))):
            widget.description = text
        self.rules_text.value = rules_html()
        self.lesson_feedback.log_box.set_title(0, UI.gettext(LOG_TITLE))
        self.board.set_letters(piece_letters())
        self.lesson_board.set_letters(piece_letters())

    def _ruling_note(self, ruling_id: str) -> None:
        r = next(x for x in RULINGS if x.id == ruling_id)
        chosen = self.session.rules.option(ruling_id)
        default = T.gettext("default") if chosen == r.default else T.gettext("not the default")
        because = T.gettext("Default because")
        self.ruling_rows[ruling_id][2].value = (
            f"<div style='font-size:90%;color:#444'>{html.escape(T.gettext(r.explain(chosen)))} ({default}). "
            f"<i>{html.escape(because)}: {html.escape(T.gettext(r.why_default))}.</i></div>")

    def _language_changed(self, lang: str) -> None:
        self.lang = lang
        with use_language(self.lang):
            self._texts()
            self._refresh_play()
            self._show_task()
            self.feedback.clear()
            self.lesson_feedback.clear()

    # ------------------------------------------------------------------ play
    def _refresh_play(self) -> None:
        st = self.session.state
        res = outcome(st)
        if res is None:
            kills = T.gettext("Kills: Black {black}, Red {red}").format(black=st.kills[0], red=st.kills[1])
            to_move = T.gettext("{player} to move").format(player=player_name(st.to_move))
            self.status.value = f"<b>{html.escape(to_move)}</b> · {html.escape(kills)}"
        else:
            over = T.gettext("Game over")
            self.status.value = f"<b>{html.escape(over)}</b>"
        self._show_review(res is not None, [player_name(p) for p in (0, 1)])
        self.constraint.value = f"<div style='padding:4px 0'>{html.escape(describe_constraint(st))}</div>"
        self.pass_button.disabled = not is_tachiojo(st) or self.session.seats[st.to_move] != PEOPLE
        self.undo_button.disabled = len(self.session.states) <= 1
        self.bot_button.disabled = not self.session.bot_to_move()
        self.position_text.value = to_position(st)
        self.record_text.value = write_record(GAME, self.session.states[0], self.session.moves)
        self.log.value = "<ol style='margin:0;padding-left:22px'>" + "".join(
            f"<li>{html.escape(line)}</li>" for line in self.session.log[-40:]) + "</ol>"
        targets: list[int] = []
        if st.pending and self.session.seats[st.to_move] == PEOPLE:
            targets = free_shiro(st, st.pending[0][0])
        elif self.selected is not None:
            targets = self.session.targets_of(self.selected)
        person = res is None and self.session.seats[st.to_move] == PEOPLE and not st.pending
        previous = next((s.last_move for s in reversed(self.session.states)
                         if s.last_move is not None and s.last_move.kind == "move"), None)
        self.board.set_state(st, self.selected, targets, self.session.movable() if person else (), previous)

    def _play_click(self, square: int) -> None:
        st = self.session.state
        if self.study_editor.marking:
            self.study_editor.mark(NAMES[square])
            return
        if outcome(st) is not None:
            self.feedback.show(describe_constraint(st), "info")
            return
        if self.session.seats[st.to_move] != PEOPLE:
            self.feedback.show(T.gettext("It is the bot's turn: press Bot move."), "warning")
            return
        if st.pending:
            self._play_move(Move("place", to=square))
            return
        if owner(st.cells[square]) == st.to_move:
            self.selected = square
            targets = self.session.targets_of(square)
            self.board.set_marks(square, targets)
            if targets:
                name = NAMES[square]
                self.feedback.show(T.gettext("{square} selected: click one of the ringed squares.").format(square=name),
                                   "info", T.gettext("{square} selected: tap one of the ringed squares.").format(
                                       square=name))
            else:
                reason = T.gettext("The samurai on {square} cannot move now.").format(square=NAMES[square])
                self.feedback.show(reason + " " + describe_constraint(st), "warning")
            return
        if self._samurai_chosen(st, self.selected, self.feedback):
            self._play_move(Move("move", self.selected, square))

    def _samurai_chosen(self, st: State, selected: int | None, feedback: Feedback) -> bool:
        """Whether a samurai to move is selected; if not, ``feedback`` asks for one."""
        if selected is None:
            who = player_name(st.to_move)
            feedback.show(T.gettext("First click one of your samurai ({player}).").format(player=who), "warning",
                          T.gettext("First tap one of your samurai ({player}).").format(player=who))
        return selected is not None

    def _play_move(self, move: Move) -> None:
        st = self.session.state
        reason = why_illegal(st, move)
        if reason is not None:
            self.feedback.show(reason, "error")
            return
        text = self.session.play(move)
        self.selected = None
        replies = []
        while self.session.bot_to_move() and PEOPLE in self.session.seats:
            replies.append(self.session.play_bot())
        self._refresh_play()
        self.feedback.show(" ".join([text] + replies), "success")
        self.study_editor.after_play(to_position(st), str(move))

    def _set_position(self) -> None:
        self.load_position(self.position_text.value)
        self.feedback.show(T.gettext("Position set."), "info")

    def load_position(self, text: str) -> None:
        """Continue from the position string ``text`` under the app's rulings."""
        self.session.load(from_position(text, self.session.rules))
        self.selected = None
        self._refresh_play()

    def _bot_step(self) -> None:
        if not self.session.bot_to_move():
            self.feedback.show(T.gettext("It is a person's turn."), "warning")
            return
        text = self.session.play_bot()
        self.selected = None
        self._refresh_play()
        self.feedback.show(text, "success")

    def _new_game(self) -> None:
        self.session.new_game()
        self.selected = None
        if self.session.bot_to_move() and PEOPLE in self.session.seats:
            self.session.play_bot()
        self._refresh_play()
        self.feedback.show(T.gettext("New game: Black begins."), "info")

    def _ruling_changed(self, ruling_id: str, option: str) -> None:
        self.session.new_game(self.session.rules.with_option(ruling_id, option))
        self.selected = None
        self._ruling_note(ruling_id)
        self._refresh_play()
        self.feedback.show(T.gettext("Ruling {id} is now: {option}. A new game begins.").format(
            id=ruling_id, option=T.gettext(next(r for r in RULINGS if r.id == ruling_id).explain(option))),
            "info")

    # ------------------------------------------------------------------ lesson
    def _open_task(self, index: int) -> None:
        self.task_index = max(0, min(index, len(self.tasks) - 1))
        self.lesson_state = self.tasks[self.task_index].start()
        self.lesson_selected = None
        self.lesson_feedback.clear()
        self._show_task()

    def _show_task(self) -> None:
        task = self.tasks[self.task_index]
        chapter = next(ch for ch in CHAPTERS if task in ch.tasks)
        self.chapter_text.value = (f"<h3 style='margin:4px 0'>{html.escape(T.gettext(chapter.title))}</h3>"
                                   f"<p>{html.escape(T.gettext(chapter.text))}</p>")
        number = T.gettext("Task {n} of {total}").format(n=self.task_index + 1, total=len(self.tasks))
        self.task_prompt.value = (f"<p><b>{html.escape(number)}:</b> {html.escape(T.gettext(task.prompt))}</p>"
                                  f"<p style='color:#555'>{html.escape(describe_constraint(self.lesson_state))}</p>")
        self.prev_button.disabled = self.task_index == 0
        self.next_button.disabled = self.task_index == len(self.tasks) - 1
        moves = [m for m in legal_moves(self.lesson_state) if m.kind == "move"]
        targets = [m.to for m in moves if m.frm == self.lesson_selected]
        self.lesson_board.set_state(self.lesson_state, self.lesson_selected, targets, {m.frm for m in moves})

    def _lesson_click(self, square: int) -> None:
        st = self.tasks[self.task_index].start()
        if self.lesson_state != st:
            self.lesson_feedback.show(T.gettext("Press Try again to start this task over."), "info")
            return
        if owner(st.cells[square]) == st.to_move:
            self.lesson_selected = square
            self._show_task()
            return
        if self._samurai_chosen(st, self.lesson_selected, self.lesson_feedback):
            self._lesson_try(Move("move", self.lesson_selected, square))

    def _lesson_try(self, move: Move) -> None:
        result = check_task(self.tasks[self.task_index], move)
        self.lesson_selected = None
        if result.after is not None and result.solved:
            self.lesson_state = result.after
        self._show_task()
        self.lesson_feedback.show(result.message, "success" if result.solved else "error")


build_app = KatanaApp.build
