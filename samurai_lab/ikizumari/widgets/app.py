"""The SAMOURAI app: Play (hot seat or against bots, undo, rulings), Lesson, Rules; English, the rulebook's
French, and Italian, Spanish and Russian.

    from samurai_lab.ikizumari.widgets.app import build_app
    build_app().widget         # the page's language (?lang=, else the browser's), then the app
"""

from __future__ import annotations

import html
import ipywidgets as widgets

from samurai_lab.i18n import N_, Domain, use_language
from samurai_lab.common.records import write_record
from samurai_lab.ui.grid_app import GridApp
from samurai_lab.ui.layout import board_beside, classed, css_widget
from samurai_lab.ui.touch import pointer_html

from ..core.board import BLACK, RED, parse_square, square_name
from ..core.moves import PASS
from ..core.position import from_position, to_position
from ..core.rules import legal_moves, outcome, why_illegal, window
from ..core.ruleset import RULINGS
from ..core.text import constraint_text, outcome_text, player_name
from ..game import GAME
from ..render.scene import marks_for
from ..teaching.game_session import PEOPLE, SEAT_CHOICES, GameSession
from ..teaching.lesson import CHAPTERS, TASKS, LessonSession
from ..teaching.rules_text import rules_html
from .board import BoardView

T = Domain("ikizumari")
ROOT_CLASS = "ikizumari-app"
#: The languages of the app: English, the rulebook's French, and Italian, Spanish and Russian derived from it.
APP_LANGUAGES: tuple[str, ...] = ("en", "it", "es", "ru", "fr")
#: Readable contrast for the labels the widget library greys out (tabs, accordion titles).
CSS = (f".{ROOT_CLASS} .lm-TabBar-tab, .{ROOT_CLASS} .lm-TabBar-tab .lm-TabBar-tabLabel "
       "{color: #2b2620 !important;}"
       f".{ROOT_CLASS} .jupyter-widget-Collapse-header, .{ROOT_CLASS} .jupyter-widget-Collapse-header span "
       "{color: #2b2620 !important;}")
TITLE = N_("SAMOURAI — Iki-zumari")
INTRO = N_("SAMOURAI (rulebook 004): Red and Black move their samurai in straight lines; each move announces "
           "its distance and the symbol of the square it landed on, and the opponent must answer it. Leave him no "
           "move (IKI-ZUMARI) to win. Play against a friend or a bot, follow the lesson, read the rules and choose "
           "the rulings.")
LEGEND = N_("Symbols: dragon = green triangle, ibis = crimson circle, tiger = orange diamond, tortoise = blue "
            "hexagon; SHIRO = cross, ANZEN = rings, MEKURA = blank. Red samurai: round, R; Black samurai: "
            "square, B. Blue outlines: where the selected samurai may go (with the distance); dashed purple: "
            "the first squares that bear the announced symbol; teal: the last move.")


class IkizumariApp(GridApp):
    """The whole app; ``widget`` is its root."""

    languages = APP_LANGUAGES
    root_class = ROOT_CLASS
    prefix = "ikz"
    language_width = "160px"
    domain = T
    undo_words = (N_("Move taken back."), N_("Nothing to undo."), "info")

    def __init__(self, lang: str | None = None, seats: tuple[str, str] = (PEOPLE, "search"), bot_nodes: int = 200,
                 seed: int = 0) -> None:
        super().__init__(GAME, lang)
        self.guard = self.feedback.guard
        self.session = GameSession(seats, seed=seed, bot_nodes=bot_nodes)
        self.selected: int | None = None
        self._played: tuple[str, str] | None = None  # a person's move not yet offered to the study editor

        # play
        self.board = self._board(self.session.state, "ikz-play-board", self._click)
        self.status = classed(widgets.HTML(), "ikz-status")
        self.announce = classed(widgets.HTML(), "ikz-announcement")
        self.seat_boxes = self._seats(("red", "black"), "260px")
        self.new_button = self._button("ikz-new", self._new_game)
        self.undo_button = self._button("ikz-undo", self._undo)
        self.bot_button = self._button("ikz-bot", self._bot_move)
        self.pass_button = self._button("ikz-pass", self._pass)
        self.move_input = classed(widgets.Text(layout=widgets.Layout(width="140px"), placeholder="d1-d3",
                                               continuous_update=False), "ikz-move-input")  # the value arrives on Enter
        self.move_input.observe(self._guard(lambda ch: ch["new"].strip() and self._typed_move()), names="value")
        self.move_button = self._button("ikz-move-play", self._typed_move)
        self.legend = classed(widgets.HTML(), "ikz-legend")
        self.rulings = self._rulings(RULINGS, {"width": "300px"}, self._on_ruling)
        self.record = classed(widgets.Textarea(layout=widgets.Layout(width="100%", height="70px"), disabled=True),
                              "ikz-record")
        self.record_note = classed(widgets.HTML(), "ikz-record-note")  # in the page's language; the record: notation
        self._review_and_study()
        self.play_tab = board_beside(self.board.widget, [
            self.status, self.announce, self.feedback.widget,
            widgets.HBox([self.new_button, self.undo_button, self.bot_button, self.pass_button]),
            widgets.HBox([self.move_input, self.move_button]), self.review.widget, *self.seat_boxes, self.rulings,
            self.study_box, self.record_note, self.record, self.legend], "430px")

        # lesson
        self.lesson = LessonSession()
        self.lesson_selected: int | None = None
        self.lesson_board = self._board(self.lesson.state, "ikz-lesson-board", self._on_lesson_click)
        self.chapter_pick = classed(widgets.Dropdown(layout=widgets.Layout(width="360px")), "ikz-lesson-chapters")
        self._on_change(self.chapter_pick, self._on_chapter)
        self.task_pick = classed(widgets.Dropdown(layout=widgets.Layout(width="360px")), "ikz-lesson-tasks")
        self._on_change(self.task_pick, self._open_task)
        self.lesson_text = classed(widgets.HTML(), "ikz-lesson-explanation")
        self.task_text = classed(widgets.HTML(), "ikz-lesson-task")
        self.lesson_status = classed(widgets.HTML(), "ikz-lesson-status")
        self.lesson_feedback = classed(widgets.HTML(), "ikz-lesson-feedback")
        self.hint_text = classed(widgets.HTML(), "ikz-lesson-hint-text")
        self.progress = classed(widgets.HTML(), "ikz-lesson-progress")
        self.hint_button = self._button("ikz-lesson-hint", self._hint)
        self.retry_button = self._button("ikz-lesson-retry", self._retry)
        self.next_button = self._button("ikz-lesson-next", self._next_task)
        self.lesson_tab = board_beside(self.lesson_board.widget, [
            self.progress, self.chapter_pick, self.task_pick, self.lesson_text, self.task_text, self.lesson_status,
            widgets.HBox([self.hint_button, self.retry_button, self.next_button]), self.lesson_feedback,
            self.hint_text], "430px")

        # rules
        self.rules_text = classed(widgets.HTML(layout=widgets.Layout(max_width="900px")), "ikz-rules")

        self._shell([self.play_tab, self.lesson_tab, self.rules_text], [self.board, self.lesson_board], css_widget(CSS))
        self._retranslate()
        self._open_task(self.lesson.task.id)
        self._after_change()

    # --- language ----------------------------------------------------------------------------------
    def _language_changed(self, lang: str) -> None:
        self.lang = lang
        self._retranslate()
        self._refresh_play()
        self._refresh_lesson()
        self.board.redraw()
        self.lesson_board.redraw()

    def _retranslate(self) -> None:
        """Every fixed text of the app in the current language."""
        with use_language(self.lang):
            title = T.gettext(TITLE)
            self._relabel_shell(f"<h1 style='margin:4px 0;font-size:24px'>{html.escape(title)}</h1>",
                                T.gettext(INTRO), (T.gettext("Play"), T.gettext("Lesson"), T.gettext("Rules")),
                                T.gettext("Language"))
            self.move_input.description = T.gettext("Move")
            self._label(((self.new_button, T.gettext("New game"), T.gettext("Start a new game")),
                         (self.undo_button, T.gettext("Undo"), T.gettext("Take back your last move")),
                         (self.bot_button, T.gettext("Bot move"), T.gettext("Let the bot to move play")),
                         (self.pass_button, T.gettext("Pass"), T.gettext("Pass (only when you must)")),
                         (self.move_button, T.gettext("Play move"),
                          T.gettext("Play the move typed in the box, like d1-d3")),
                         (self.hint_button, T.gettext("Hint"), T.gettext("Show a hint")),
                         (self.retry_button, T.gettext("Retry"), T.gettext("Put the task's position back")),
                         (self.next_button, T.gettext("Next task"), T.gettext("Go to the next task"))))
            self._relabel_seats([(T.gettext(label), value) for value, label in SEAT_CHOICES])
            for colour, dd in enumerate(self.seat_boxes):
                dd.description = player_name(colour)
            with self._quietly():
                for r in RULINGS:
                    q, dd, ex = self.ruling_rows[r.id]
                    q.value = f"<b>{r.id}</b> {html.escape(T.gettext(r.question))}"
                    dd.options = [(T.gettext(lbl), v) for v, lbl, _ in r.options]
                    dd.value = getattr(self.session.ruleset, r.field)
                    ex.value = f"<small>{html.escape(r.explain(dd.value))}</small>"
                    dd.tooltip = f"{r.id} {T.gettext(r.question)}"  # the select's accessible name
                self.rulings.set_title(0, T.gettext("Rulings (points the text leaves open)"))
                self.study_box.set_title(0, T.gettext("Study: build one from positions"))
                self.chapter_pick.options = [(T.gettext(ch.title), ch.id) for ch in CHAPTERS]
                self.chapter_pick.value = self.lesson.chapter.id
                self.chapter_pick.description = T.gettext("Chapter")
                self.task_pick.description = T.gettext("Task")
                self._fill_tasks()
            self.legend.value = f"<div style='font-size:12px;line-height:1.4'>{html.escape(T.gettext(LEGEND))}</div>"
            self.rules_text.value = rules_html(self.session.ruleset)

    # --- play --------------------------------------------------------------------------------------
    def _person_may_move(self) -> bool:
        """Whether a person is to move in a game not over; if not, the message says so."""
        if self.session.is_over():
            self.feedback.show(self.session.status_text() + " " + T.gettext("Press New game to play again."),
                               "info")
            return False
        if self.session.bot_to_move():
            self.feedback.show(T.gettext("It is the bot's turn: press Bot move."), "info")
            return False
        return True

    def _click(self, square: int | None) -> None:
        state = self.session.state
        if not self._person_may_move():
            return
        if window(state).must_pass:
            self.feedback.show(T.gettext("No samurai can move: press Pass."), "warning")
            return
        if square is None:
            return
        if self.study_editor.marking:
            self.study_editor.mark(square_name(square))
            return
        if state.owner(square) == state.to_move:
            self.selected = square
            n = sum(1 for m in legal_moves(state) if m.origin == square)
            if n:
                self.feedback.show(T.gettext("Legal moves of the samurai on {square}: {n}. Click a target "
                                             "(blue outline).").format(square=square_name(square), n=n), "info",
                                   T.gettext("Legal moves of the samurai on {square}: {n}. Tap a target "
                                             "(blue outline).").format(square=square_name(square), n=n))
            else:
                self.feedback.show(T.gettext("The samurai on {square} cannot move now. {constraint}").format(
                    square=square_name(square), constraint=self.session.status_text()), "warning")
            self.board.show(state, marks_for(state, square))
            return
        if self.selected is None:
            who = player_name(state.to_move)
            self.feedback.show(T.gettext("Click one of your samurai first ({player}).").format(player=who), "info",
                               T.gettext("Tap one of your samurai first ({player}).").format(player=who))
            return
        move = f"{square_name(self.selected)}-{square_name(square)}"
        reason = why_illegal(state, move)
        if reason is not None:
            self.feedback.show(reason, "error")
            return
        self._play(move)

    def _after_change(self) -> None:
        """Let bots play when a person is not to move and a person plays too; then redraw (and offer a
        person's move to the study editor)."""
        if self.session.bot_to_move() and PEOPLE in self.session.seats:
            self._refresh_play()
            while self.session.bot_to_move():
                self.session.play_bot()
        self._refresh_play()
        played, self._played = self._played, None
        if played is not None:
            self.study_editor.after_play(*played)

    def _refresh_play(self) -> None:
        with use_language(self.lang):
            s = self.session
            over = s.is_over()
            kind = "ikz-over" if over else "ikz-turn"
            self.status.value = (f"<div class='{kind}' style='font-size:17px;padding:4px 0'><b>"
                                 f"{html.escape(s.status_text())}</b></div>")
            self.announce.value = html.escape(s.announcement_text())
            self.undo_button.disabled = len(s.states) == 1
            self.bot_button.disabled = not s.bot_to_move()
            self.pass_button.disabled = over or not window(s.state).must_pass
            self.record.value = write_record(GAME, s.states[0], s.moves)
            self._show_review(over, [player_name(p) for p in (RED, BLACK)])
            self.record.description = T.gettext("Record")
            self.record_note.value = "<div style='font-size:90%;color:#444;line-height:1.35'>{}</div>".format(
                html.escape(T.gettext("The game in notation, to copy and keep: its headers are notation and stay in "
                                      "English, as in chess records.")))
        self.board.show(s.state, marks_for(s.state, self.selected))

    def _new_game(self) -> None:
        self.session.new_game()
        self.selected = None
        self.feedback.show(T.gettext("New game: Red begins, at most 7 squares."), "info")
        self._after_change()

    def load_position(self, text: str) -> None:
        """Continue from the position string ``text`` under the app's rulings."""
        self.session.states = [from_position(text, self.session.ruleset)]
        self.selected = None
        self._refresh_play()

    def _bot_move(self) -> None:
        move = self.session.play_bot()
        self.feedback.show(T.gettext("The bot plays {move}.").format(move=str(move)), "info")
        self.selected = None
        self._after_change()

    def _typed_move(self) -> None:
        """Play the move typed in the box (the keyboard's way to play)."""
        if not self._person_may_move():
            return
        if not self.move_input.value.strip():
            self.feedback.show(T.gettext("Type a move in the box, like d1-d3."), "info")
            return
        self._play(self.move_input.value)  # IllegalMoveError: shown by the guard, in words
        self.move_input.value = ""

    def _play(self, move: str) -> None:
        """A person's move: played, then (``_after_change``) the bots' answers and the move offered to the study
        editor, which may be waiting for an answer."""
        before = self.session.state
        self.session.play(move)
        self._played = (to_position(before), str(self.session.state.last))
        self.selected = None
        self.feedback.clear()
        self._after_change()

    def _pass(self) -> None:
        self.session.play(PASS)
        self._after_change()

    def _on_ruling(self, ruling_id: str, option: str) -> None:
        kept = self.session.set_ruling(ruling_id, option)
        ruling = next(r for r in RULINGS if r.id == ruling_id)
        self.ruling_rows[ruling_id][2].value = f"<small>{html.escape(ruling.explain(option))}</small>"
        self.rules_text.value = rules_html(self.session.ruleset)
        self.feedback.show(
            (T.gettext("Ruling {id}: {option}. The game goes on under it.") if kept else
             T.gettext("Ruling {id}: {option}. A move of the game is illegal under it: a new game starts."))
            .format(id=ruling_id, option=ruling.label(option)), "info")
        self.selected = None
        self._after_change()

    # --- lesson ------------------------------------------------------------------------------------
    def _fill_tasks(self) -> None:
        chapter = next(ch for ch in CHAPTERS if ch.id == self.chapter_pick.value)
        opts = [((("✔ " if t.id in self.lesson.solved else "") + T.gettext(t.prompt))[:70], t.id)
                for t in chapter.tasks]
        self.task_pick.options = opts
        if self.lesson.task.id in dict((v, k) for k, v in opts):
            self.task_pick.value = self.lesson.task.id

    def _on_chapter(self, chapter_id: str) -> None:
        self._open_task(next(ch for ch in CHAPTERS if ch.id == chapter_id).tasks[0].id)

    def _open_task(self, task_id: str) -> None:
        self.lesson.open(task_id)
        self.lesson_selected = None
        self.lesson_feedback.value = ""
        self.hint_text.value = ""
        with use_language(self.lang), self._quietly():
            self.chapter_pick.value = self.lesson.chapter.id
            self._fill_tasks()
            self.task_pick.value = task_id
        self._refresh_lesson()

    def _refresh_lesson(self) -> None:
        with use_language(self.lang):
            task, chapter = self.lesson.task, self.lesson.chapter
            done, total = self.lesson.progress()
            self.progress.value = html.escape(T.gettext("Chapter {i} of {n} · {done} of {total} tasks solved").format(
                i=CHAPTERS.index(chapter) + 1, n=len(CHAPTERS), done=done, total=total))
            self.lesson_text.value = (f"<div style='line-height:1.45;margin:6px 0'>"
                                      f"{html.escape(T.gettext(chapter.explanation))}</div>")
            solved = " ✔ " + T.gettext("solved") if task.id in self.lesson.solved else ""
            self.task_text.value = f"<p style='font-size:16px'><b>{html.escape(T.gettext(task.prompt))}</b>{solved}</p>"
            state = self.lesson.state
            end = outcome(state)
            words = outcome_text(end) if end is not None else constraint_text(state, window(state))
            self.lesson_status.value = f"<div style='line-height:1.45'>{html.escape(words)}</div>"
            self.next_button.disabled = list(TASKS).index(task.id) == len(TASKS) - 1
        self.lesson_board.show(state, marks_for(state, self.lesson_selected))

    def _on_lesson_click(self, square: int | None) -> None:
        state = self.lesson.state
        if square is None:
            return
        if self.lesson.moved:
            self.lesson_feedback.value = html.escape(T.gettext("Press Retry to try this task again."))
            return
        if state.owner(square) == state.to_move:
            self.lesson_selected = square
            self.lesson_board.show(state, marks_for(state, square))
            return
        if self.lesson_selected is None:
            who = player_name(state.to_move)
            self.lesson_feedback.value = pointer_html(
                T.gettext("Click one of your samurai first ({player}).").format(player=who),
                T.gettext("Tap one of your samurai first ({player}).").format(player=who))
            return
        result = self.lesson.try_move(f"{square_name(self.lesson_selected)}-{square_name(square)}")
        kind, colour = ("ikz-right", "#1e5e2f") if result.ok else ("ikz-wrong", "#8a1c1c")
        self.lesson_feedback.value = (f"<div class='{kind}' style='color:{colour};font-size:16px'>"
                                      f"{html.escape(result.message)}</div>")
        if result.state is not state:
            self.lesson_selected = None
        with self._quietly():
            self._fill_tasks()
        self._refresh_lesson()

    def _hint(self) -> None:
        self.hint_text.value = (f"<div style='line-height:1.45'><i>{html.escape(T.gettext(self.lesson.task.hint))}"
                                f"</i></div>")

    def _retry(self) -> None:
        self.lesson.retry()
        self.lesson_selected = None
        self.lesson_feedback.value = html.escape(T.gettext("The position is back as it was."))
        self._refresh_lesson()

    def _next_task(self) -> None:
        if (task := self.lesson.next_task()) is not None:
            self._open_task(task.id)

    # --- for tests and notebooks -----------------------------------------------------------------
    def click(self, square: str | int, board: BoardView | None = None) -> None:
        """Click a square of the Play board (or of ``board``), by name or index, as a person would."""
        board = board or self.board
        board._mouse_down(*board.pixel_of(parse_square(square) if isinstance(square, str) else square))

    def lesson_click(self, square: str | int) -> None:
        self.click(square, self.lesson_board)


build_app = IkizumariApp.build
