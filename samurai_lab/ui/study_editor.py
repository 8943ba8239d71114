"""A study editor for a game played on an app's board (``studies/README.md``): the game-neutral part.

Add the board's position as a step with its words; mark cells (and draw one arrow) by clicking the board
while *Mark squares* (or *Arrow*) is on; ask a question whose accepted answer is the next move played on the
board, and record tempting wrong answers the same way; then download the study, upload one, or save it on
the server (a checked name, a replace only after asking, a cap on the files) and open it in the study player.
An app hands in an :class:`EditorGame` (:func:`board_study_editor` builds it on the game's board hook) and
passes the cells clicked while ``marking`` (:meth:`StudyEditor.mark`) and every move played
(:meth:`StudyEditor.after_play`).
"""

from __future__ import annotations

import base64
import html
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote

import ipywidgets as widgets

from ..common.game import Game
from ..common.saving import reserved_name_problem, write_whole
from ..common.study_files import saved_studies_dir
from ..common.study_format import Marks, Question, Step, Study, StudyError, Texts, Wrong, dumps_study
from ..common.study_model import StudyPlay
from ..i18n import LANGUAGES, N_, Domain, get_language
from .game_board import GameBoard
from .header import page_name
from .layout import button, classed
from .study_player import open_upload
from .upload_guard import guard_upload

T = Domain("ui")

#: Instructions said for a mouse and for a finger (``ui/touch.pointer_html``); a game may say them in its words.
MARK_SAY = (N_("Click squares to mark them; click a marked square again to remove its mark."),
            N_("Tap squares to mark them; tap a marked square again to remove its mark."))
ARROW_SAY = (N_("Click the square the arrow starts from, then the square it points to."),
             N_("Tap the square the arrow starts from, then the square it points to."))
ARROW_END_SAY = (N_("Now click the square the arrow points to."), N_("Now tap the square the arrow points to."))
ANSWER_SAY = (N_("Now play the answer on the board: click a samurai, then the square it goes to."),
              N_("Now play the answer on the board: tap a samurai, then the square it goes to."))

ACCEPT, WRONG_ANSWER = "accept", "wrong"
#: Saved studies: at most this many files, of this many bytes in all, names of this many characters.
MAX_SAVED_FILES, MAX_SAVED_BYTES, MAX_NAME = 200, 2_000_000, 64
_NAME_OK = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]*")


@dataclass(frozen=True)
class EditorGame:
    """What the editor needs of a game (its declaration) and of the app showing it: ``state()``, the board's
    position; ``show_marks(cells, arrow)`` (``([], None)`` clears them); ``load(position)``; ``undo()``;
    ``open_board()`` and ``open_editor()`` bring their tab to the front; ``words()``: the game's own words for
    some labels (the editor's English text → the game's, translated)."""

    game: Game
    state: Callable[[], Any]
    show_marks: Callable[[list[str], tuple[str, str] | None], None]
    load: Callable[[str], None]
    undo: Callable[[], None]
    open_board: Callable[[], None]
    open_editor: Callable[[], None]
    words: Callable[[], dict[str, str]] = dict

    def position(self) -> str:
        """The board's position as a position string."""
        return self.game.to_position(self.state())


def board_study_editor(game: Game, board: GameBoard, state: Callable[[], Any], load: Callable[[str], None],
                       undo: Callable[[], None], feedback: Any, guard: Callable[[Callable], Callable],
                       css_class: str) -> tuple[widgets.Accordion, StudyEditor]:
    """The Study section of an app whose board is ``game``'s board hook: the editor in a closed accordion (CSS
    class ``css_class``) that opens when a step is taken, its marks drawn by ``board``."""

    def show_marks(names: list[str], arrow: tuple[str, str] | None) -> None:
        now = state()
        cells = [game.read_cell(now, name) for name in (*names, *(arrow or ()))]
        board.show_cells(now, marked=cells[:len(names)], arrow=tuple(cells[len(names):]) or None)

    box = classed(widgets.Accordion(children=[widgets.VBox()], selected_index=None), css_class)
    editor = StudyEditor(EditorGame(game, state, show_marks, load, undo, lambda: None,
                                    lambda: setattr(box, "selected_index", 0)), feedback, guard)
    box.children = [editor.widget]
    return box, editor


def study_file_name(raw: str) -> str:
    """The file name (``name.toml``) for a study called ``raw``; ValueError listing every problem."""
    name = raw.strip().removesuffix(".toml")
    problems = []
    if not name:
        problems.append(T.gettext("give the study a name, e.g. my-study"))
    else:
        if "/" in name or "\\" in name or ".." in name:
            problems.append(T.gettext("a name cannot contain /, \\ or .. (studies are saved in one folder)"))
        if len(name) > MAX_NAME:
            problems.append(T.gettext("a name is at most {most} characters long (this one has {n})").format(
                most=MAX_NAME, n=len(name)))
        if not _NAME_OK.fullmatch(name):
            problems.append(T.gettext("a name starts with a letter or a digit and uses only letters (A-Z, a-z), "
                                      "digits, spaces, - _ and ."))
        if reserved := reserved_name_problem(name):
            problems.append(reserved)
    if problems:
        raise ValueError(T.gettext("Not saved: {problems}.").format(problems="; ".join(problems)))
    return name + ".toml"


def folder_has_room(folder: Path, name: str, size: int, most_files: int, most_bytes: int) -> bool:
    """May ``folder`` take a file ``name`` of ``size`` bytes (replacing one of that name) within the caps:
    ``most_files`` files, ``most_bytes`` bytes in all?"""
    others = [p for p in folder.glob("*.toml") if p.name != name and p.is_file()] if folder.is_dir() else []
    return len(others) < most_files and sum(p.stat().st_size for p in others) + size <= most_bytes


def toml_download(text: str, name: str) -> str:
    """A link that downloads ``text`` as the TOML file ``name`` (a data URL: no server round trip)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return f'<a download="{html.escape(name)}" href="data:application/toml;base64,{data}">⬇ {html.escape(name)}</a>'


def slug(text: str, empty: str = "study") -> str:
    """A file-name-safe version of ``text`` (``empty`` when nothing of it is left)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", text.strip().lower()).strip("-")[:60] or empty


class StudyEditor:
    """The editor's panel (``widget``, CSS class ``samurai-study-editor``); ``guard`` wraps its handlers
    (refusals become messages), ``feedback`` shows its messages (``ui.common.Feedback``)."""

    def __init__(self, game: EditorGame, feedback: Any, guard: Callable[[Callable], Callable]) -> None:
        self.game, self.feedback = game, feedback
        self.steps: list[Step] = []
        self.marks: list[str] = []
        self.arrow: tuple[str, str] | None = None
        self._arrow_from: str | None = None
        self.recording: str | None = None  # ACCEPT or WRONG_ANSWER: the next move is that answer
        self._pending_replace: str | None = None
        wide = widgets.Layout(width="96%")
        initial = {"description_width": "initial"}
        languages = game.game.text_languages
        lang = get_language() if get_language() in languages else "en"
        self.language = classed(widgets.Dropdown(options=[(LANGUAGES.get(c, c), c) for c in languages],
                                                 value=lang, style=initial, layout=widgets.Layout(width="auto")),
                                "samurai-study-language")
        self.language.observe(lambda _ch: self._show(), names="value")
        self.title = classed(widgets.Text(style=initial, layout=wide), "samurai-study-title-input")
        self.text = widgets.Textarea(layout=widgets.Layout(width="96%", height="64px"))
        self.text.add_class("samurai-study-text-input")
        self.add_button = button("", "samurai-study-add-step", "plus", "primary",
                                 on_click=guard(lambda _b: self.add_step()))
        self.remove_button = button("", "samurai-study-remove-step", "trash",
                                    on_click=guard(lambda _b: self.remove_step()))
        def mode_toggle(icon: str, css_class: str, **layout: str) -> widgets.ToggleButton:
            toggle = classed(widgets.ToggleButton(icon=icon, layout=widgets.Layout(width="auto", **layout)), css_class)
            toggle.observe(guard(lambda ch: self._mode_changed(toggle, ch["new"])), names="value")
            return toggle
        self.mark_toggle = mode_toggle("bullseye", "samurai-study-mark")
        self.arrow_toggle = mode_toggle("long-arrow-right", "samurai-study-arrow", display="")
        self.marks_line = classed(widgets.HTML(), "samurai-study-marks")
        self.prompt = classed(widgets.Text(style=initial, layout=wide), "samurai-study-prompt-input")
        self.hint = classed(widgets.Text(style=initial, layout=wide), "samurai-study-hint-input")
        self.ask_button = button("", "samurai-study-ask", "question", "info",
                                 on_click=guard(lambda _b: self.record(ACCEPT)))
        self.wrong_feedback = classed(widgets.Text(style=initial, layout=wide), "samurai-study-wrong-feedback")
        self.wrong_button = button("", "samurai-study-record-wrong", "times",
                                   on_click=guard(lambda _b: self.record(WRONG_ANSWER)))
        self.steps_list = classed(widgets.HTML(), "samurai-study-steps")
        self.name = classed(widgets.Text(style=initial, layout=widgets.Layout(width="60%")), "samurai-study-name")
        self.name.observe(lambda _ch: self._cancel_replace(), names="value")
        self.save_button = button("", "samurai-study-save", "save", on_click=guard(lambda _b: self.save()))
        self.replace_button = button("", "samurai-study-replace", "check", "warning", display="none",
                                     on_click=guard(lambda _b: self.save(replace=True)))
        self.download_button = button("", "samurai-study-download-button", "download",
                                      on_click=guard(lambda _b: self.make_download()))
        self.download = classed(widgets.HTML(), "samurai-study-download")
        self.upload = widgets.FileUpload(accept=".toml", multiple=False, layout=widgets.Layout(width="auto"))
        self.upload.add_class("samurai-study-upload")
        self.upload.observe(guard(lambda change: open_upload(change, self.open_text)), names="value")
        self.link = classed(widgets.HTML(), "samurai-study-link")
        self.headings = [widgets.HTML() for _ in range(3)]
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.widget = classed(widgets.VBox([
            widgets.HBox([self.title, self.language], layout=row),
            self.headings[0], self.text,
            widgets.HBox([self.mark_toggle, self.arrow_toggle, self.marks_line], layout=row),
            widgets.HBox([self.add_button, self.remove_button], layout=row),
            self.headings[1], self.prompt, self.hint, self.ask_button, self.wrong_feedback, self.wrong_button,
            self.steps_list, self.headings[2],
            widgets.HBox([self.download_button, self.upload,
                          guard_upload(self.upload, "study", lambda e: self.feedback.show(str(e), "error"))],
                         layout=row), self.download,
            widgets.HBox([self.name, self.save_button, self.replace_button], layout=row), self.link,
        ], layout=widgets.Layout(max_width="560px")), "samurai-study-editor")
        self.relabel()

    def _word(self, text: str) -> str:
        """``text`` in the current language, in the game's own words when it has some."""
        return self.game.words().get(text) or T.gettext(text)

    def _say(self, words: tuple[str, str]) -> None:
        """An instruction (click, tap) in the game's words: the page shows its device's."""
        self.feedback.show(self._word(words[0]), "info", self._word(words[1]))

    def relabel(self) -> None:
        """Every label in the current language, in the game's words where it has some (the study is kept)."""
        for widget, text in ((self.language, N_("Language")), (self.title, N_("Title")),
                             (self.hint, N_("Hint")), (self.prompt, N_("Question")),
                             (self.wrong_feedback, N_("Feedback")), (self.name, N_("Name")),
                             (self.arrow_toggle, N_("Arrow")), (self.mark_toggle, N_("Mark squares")),
                             (self.add_button, N_("Add the position as a step")),
                             (self.remove_button, N_("Remove the last step")),
                             (self.ask_button, N_("Ask: the next move is the answer")),
                             (self.wrong_button, N_("The next move is a wrong answer")),
                             (self.save_button, N_("Save on the server")),
                             (self.replace_button, N_("Replace it")), (self.download_button, N_("Download")),
                             (self.upload, N_("Open a .toml"))):
            widget.description = self._word(text)
        self.language.tooltip = T.gettext("The language of the texts you write (English is required before saving)")
        self.text.placeholder = T.gettext("What this step shows (short markdown: **bold**, *italic*)")
        self.mark_toggle.tooltip = self._word(N_("While on, a click on the board marks a square (or removes its mark) "
                                                 "for the next step"))
        self.arrow_toggle.tooltip = self._word(N_("While on, click the square an arrow starts from, then the square "
                                                  "it points to"))
        self.prompt.placeholder = self._word(N_("e.g. Where should Black move?"))
        self.wrong_feedback.placeholder = T.gettext("what to say to a tempting wrong answer")
        self.headings[0].value = "<b>{}</b>".format(html.escape(T.gettext("A step: the position on the board")))
        self.headings[1].value = "<b>{}</b> <small>({})</small>".format(
            html.escape(T.gettext("A question on the last step")),
            html.escape(T.gettext("play the answer on the board after pressing the button")))
        self.headings[2].value = "<b>{}</b>".format(html.escape(T.gettext("Keep the study")))
        self._show()

    # --- texts ---------------------------------------------------------------------------------
    def _texts(self, text: str, old: Texts | None = None) -> Texts:
        return (old or Texts(())).with_text(self.language.value, text.strip())

    # --- steps ---------------------------------------------------------------------------------
    def add_step(self) -> Step:
        """Add the board's position as a step, with the words written and the cells marked."""
        words = self.text.value.strip()
        if not words:
            raise ValueError(T.gettext("Write what this step shows first."))
        step = Step(self._texts(words), position=self.game.position(),
                    marks=Marks(tuple(self.marks), (self.arrow,) if self.arrow else ()))
        self.steps.append(step)
        self.text.value = ""
        self.marks, self.arrow, self._arrow_from = [], None, None
        self.mark_toggle.value = self.arrow_toggle.value = False
        self.game.show_marks([], None)
        self._show()
        self.feedback.show(T.gettext("Step {n} added.").format(n=len(self.steps)), "success")
        return step

    def remove_step(self) -> None:
        if not self.steps:
            raise ValueError(T.gettext("There is no step to remove."))
        self.steps.pop()
        self._show()

    @property
    def marking(self) -> bool:
        """Do the board's clicks mark cells now (instead of playing)?"""
        return bool(self.mark_toggle.value or self.arrow_toggle.value)

    def _mode_changed(self, toggle: widgets.ToggleButton, on: bool) -> None:
        if not on:
            return
        (self.arrow_toggle if toggle is self.mark_toggle else self.mark_toggle).value = False
        self.recording, self._arrow_from = None, None
        self._say(MARK_SAY if toggle is self.mark_toggle else ARROW_SAY)

    def mark(self, cell: str) -> None:
        """A click on ``cell`` while marking: mark it (or remove its mark), or an end of the arrow."""
        if self.arrow_toggle.value:
            if self._arrow_from is None or self._arrow_from == cell:
                self._arrow_from = cell
                self._say(ARROW_END_SAY)
                return
            self.arrow, self._arrow_from = (self._arrow_from, cell), None
            self.arrow_toggle.value = False
        elif cell in self.marks:
            self.marks.remove(cell)
        else:
            self.marks.append(cell)
        self.game.show_marks(list(self.marks), self.arrow)
        self._show()

    # --- questions -----------------------------------------------------------------------------
    def record(self, kind: str) -> None:
        """The next move on the board becomes an accepted (or a wrong) answer of the last step."""
        step = self._question_step()
        if kind == ACCEPT and not self.prompt.value.strip() and step.question is None:
            raise ValueError(T.gettext("Write the question first."))
        if kind == WRONG_ANSWER and not self.wrong_feedback.value.strip():
            raise ValueError(T.gettext("Write the feedback for this wrong answer first."))
        if kind == WRONG_ANSWER and step.question is None:
            raise ValueError(T.gettext("Record the accepted answer first."))
        self.recording = kind
        self.mark_toggle.value = self.arrow_toggle.value = False
        self.game.open_board()
        self._say(ANSWER_SAY)

    def _question_step(self) -> Step:
        if not self.steps:
            raise ValueError(T.gettext("Add the position as a step first: the question is asked on it."))
        step = self.steps[-1]
        if step.position != self.game.position():
            raise ValueError(T.gettext("The board shows another position than the last step's: go back to it "
                                       "(Undo) or add this one as a step."))
        return step

    def after_play(self, before: str, move: str) -> None:
        """Record ``move`` (its notation), played from the position ``before``, when an answer is awaited."""
        kind, self.recording = self.recording, None
        if kind is None or not self.steps or self.steps[-1].position != before:
            return
        step, q = self.steps[-1], self.steps[-1].question
        if kind == ACCEPT:
            q = q or Question(Texts(()), ())
            prompt = self._texts(self.prompt.value, q.prompt) if self.prompt.value.strip() else q.prompt
            hint = self._texts(self.hint.value, q.hint) if self.hint.value.strip() else q.hint
            accept = tuple(dict.fromkeys((*q.accept, move)))
            wrong = tuple(w for w in q.wrong if w.answer != move)
            self.steps[-1] = replace(step, question=Question(prompt, accept, wrong, hint, q.right))
            done = T.gettext("Recorded {answer} as the answer.").format(answer=move)
        else:
            if q is None or move in q.accept:
                self.game.undo()
                raise ValueError(T.gettext("{answer} is an accepted answer.").format(answer=move))
            wrong = tuple(w for w in q.wrong if w.answer != move) + (Wrong(move, self._texts(self.wrong_feedback.value)),)
            self.steps[-1] = replace(step, question=replace(q, wrong=wrong))
            self.wrong_feedback.value = ""
            self.game.undo()  # back to the question's position
            done = T.gettext("Recorded {answer} as a wrong answer.").format(answer=move)
        self._show()
        self.game.open_editor()
        self.feedback.show(done, "success")

    # --- the study -----------------------------------------------------------------------------
    def study(self) -> Study:
        """The study built so far, checked (ValueError listing its problems)."""
        if not self.steps:
            raise ValueError(T.gettext("Add at least one step first."))
        title = self.title.value.strip()
        if not title:
            raise ValueError(T.gettext("Give the study a title first."))
        game = self.game.game
        study = Study(game.name, self._texts(title), tuple(self.steps),
                      edition=game.edition_of(game.from_position(self.steps[0].position or "")))
        try:
            StudyPlay.from_text(dumps_study(study), game, "study.toml")
        except StudyError as e:
            raise ValueError(T.gettext("The study is not complete yet: {problems}").format(
                problems="; ".join(f"{p.where}: {p.message}" if p.where else p.message for p in e.problems))) from None
        return study

    def check(self) -> StudyPlay:
        """The study checked against the rules, as the player plays it."""
        return StudyPlay.from_text(dumps_study(self.study()), self.game.game, "study.toml")

    def make_download(self) -> str:
        """A link that downloads the study as a .toml file."""
        text = dumps_study(self.study())
        self.download.value = toml_download(text, slug(self.title.value) + ".toml")
        return text

    def _cancel_replace(self) -> None:
        self._pending_replace = None
        self.replace_button.layout.display = "none"

    def save(self, replace: bool = False) -> Path | None:
        """Save the study among the saved studies on the server; a file of that name is replaced only
        after the user confirms (*Replace it*)."""
        text = dumps_study(self.study())
        folder = saved_studies_dir()
        name = study_file_name(self.name.value)
        path = folder / name
        if path.exists() and not (replace and self._pending_replace == name):
            self._pending_replace = name
            self.replace_button.layout.display = ""
            self.feedback.show(T.gettext("There is already a saved study named “{file}”. Press “{button}” to "
                                         "overwrite it, or choose another name.").format(
                file=name, button=self.replace_button.description), "warning")
            return None
        if not folder_has_room(folder, name, len(text.encode("utf-8")), MAX_SAVED_FILES, MAX_SAVED_BYTES):
            raise ValueError(T.gettext("Not saved: the folder of saved studies is full. Use {button} to keep the "
                                       "study on your computer.").format(button=self.download_button.description))
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_whole(path, text)
        except OSError as e:
            raise ValueError(T.gettext("Not saved: the server could not write the file ({error}).").format(
                error=e.strerror or e)) from None
        self._cancel_replace()
        stem = name.removesuffix(".toml")
        href = f'{page_name("study.ipynb")}?study={quote(stem)}'
        self.link.value = '<a href="{}" target="_blank" style="color:#1a4f8b;text-decoration:underline">{}</a>'.format(
            html.escape(href), html.escape(T.gettext("Open “{name}” in the study player").format(name=stem)))
        self.feedback.show(T.gettext("Saved as “{file}” among the saved studies.").format(file=name), "success")
        return path

    def open_text(self, text: str, name: str = "study.toml") -> None:
        """Edit the study of a file's text: its steps (each with its position), its title."""
        try:
            play = StudyPlay.from_text(text, self.game.game, name)
        except StudyError as e:
            raise ValueError("\n".join(str(p) for p in e.problems[:12])) from None
        self.steps = [replace(s, position=self.game.game.to_position(state), play=())
                      for s, state in zip(play.study.steps, play.states)]
        self.title.value = play.study.title.get(self.language.value)
        self.game.load(self.steps[0].position or "")
        self._show()
        self.feedback.show(T.gettext("Opened the study “{title}”: {n} steps.").format(
            title=self.title.value, n=len(self.steps)), "success")

    # --- showing -------------------------------------------------------------------------------
    def _show(self) -> None:
        lang = self.language.value
        shown = list(self.marks) + ([f"{self.arrow[0]}→{self.arrow[1]}"] if self.arrow else [])
        self.marks_line.value = html.escape(", ".join(shown))
        items = []
        for s in self.steps:
            line = html.escape(_short(s.text.get(lang)))
            cells = list(s.marks.cells) + [f"{a}→{b}" for a, b in s.marks.arrows]
            if cells:
                line += " · " + html.escape(", ".join(cells))
            if s.question is not None:
                line += " · <b>?</b> " + html.escape(_short(s.question.prompt.get(lang))) + " → " + html.escape(
                    ", ".join(s.question.accept))
                if s.question.wrong:
                    line += " · ✗ " + html.escape(", ".join(w.answer for w in s.question.wrong))
            items.append(f"<li>{line}</li>")
        self.steps_list.value = (f"<ol>{''.join(items)}</ol>" if items else
                                 "<small>{}</small>".format(html.escape(T.gettext("No steps yet."))))
        self.remove_button.disabled = not self.steps


def _short(text: str, most: int = 48) -> str:
    """A text on one line without its markdown marks, cut to ``most`` characters."""
    line = " ".join(text.replace("**", "").replace("`", "").split())
    return line if len(line) <= most else line[: most - 1] + "…"
