"""The explorer's Study tab: build a study from the positions on the board (``studies/README.md``).

Add the current position as a step with its words; mark hexes by clicking them while *Mark hexes*
is on; ask a question whose accepted answer is the next placement made on the board (and record
tempting wrong answers the same way, each with its feedback); then download the study, upload one,
or save it on the server under the rules of saved positions (``files_panel.check_name``, the
folder's caps, a replace only after asking) and open it by link in the study player.

``StudyEditor`` works for an app with ``state``, ``feedback``, ``guard``, ``undo()``, ``open_tab(k)`` and
``load_state(state, label)`` (the explorer); the explorer hands it its clicks while marking
(``marking``, ``mark``) and every action it plays (``after_play``).
"""

from __future__ import annotations

import base64
import html
from dataclasses import replace
from typing import Any
from urllib.parse import quote

import ipywidgets as widgets

from ...common.study_files import saved_studies_dir
from ...common.study_format import Marks, Question, Step, Study, StudyError, Texts, Wrong, dumps_study
from ...i18n import Domain, get_language
from ...ui.header import page_name
from ...ui.study_player import uploaded_text
from ..core.actions import Action, PlaceTile
from ..core.state import GameState
from ..scenarios.position import parse_position, position_string
from ..teaching.study import loads_study, study_play
from .files_panel import check_name, folder_has_room, slug

T = Domain("knizia")

ACCEPT, WRONG_ANSWER = "accept", "wrong"
#: The languages a study of this game is written in (English required).
TEXT_LANGUAGES = ("en", "it", "es", "ru")


class StudyEditor:
    """The Study tab (CSS class ``samurai-study-editor``)."""

    def __init__(self, app: Any, play_tab: int, study_tab: int) -> None:
        self.app = app
        self.tabs = (play_tab, study_tab)  # the app's tabs to play an answer in, and of this panel
        self.steps: list[Step] = []
        self.marks: list[str] = []
        self.recording: str | None = None  # ACCEPT or WRONG_ANSWER: the next placement is that answer
        self._pending_replace: str | None = None
        guard = app.guard
        wide = widgets.Layout(width="96%")
        initial = {"description_width": "initial"}
        lang = get_language() if get_language() in TEXT_LANGUAGES else "en"
        self.language = widgets.Dropdown(options=TEXT_LANGUAGES, value=lang, description=T.gettext("Language"),
                                         style=initial, layout=widgets.Layout(width="auto"),
                                         tooltip=T.gettext("The language of the texts you write (English is "
                                                           "required before saving)"))
        self.language.add_class("samurai-study-language")
        self.title = widgets.Text(description=T.gettext("Title"), style=initial, layout=wide)
        self.title.add_class("samurai-study-title-input")
        self.text = widgets.Textarea(placeholder=T.gettext("What this step shows (short markdown: **bold**, "
                                                           "*italic*)"),
                                     layout=widgets.Layout(width="96%", height="64px"))
        self.text.add_class("samurai-study-text-input")
        self.add_button = _button(T.gettext("Add the position as a step"), "plus", "samurai-study-add-step", "primary")
        self.add_button.on_click(guard(lambda _b: self.add_step()))
        self.remove_button = _button(T.gettext("Remove the last step"), "trash", "samurai-study-remove-step")
        self.remove_button.on_click(guard(lambda _b: self.remove_step()))
        self.mark_toggle = widgets.ToggleButton(description=T.gettext("Mark hexes"), icon="bullseye",
                                                tooltip=T.gettext("While on, a click on the board marks a hex "
                                                                  "(or removes its mark) for the next step"),
                                                layout=widgets.Layout(width="auto"))
        self.mark_toggle.add_class("samurai-study-mark")
        self.mark_toggle.observe(guard(lambda ch: self._marking_changed(ch["new"])), names="value")
        self.marks_line = widgets.HTML()
        self.marks_line.add_class("samurai-study-marks")
        self.prompt = widgets.Text(description=T.gettext("Question"), style=initial, layout=wide,
                                   placeholder=T.gettext("e.g. Where should Blue play?"))
        self.prompt.add_class("samurai-study-prompt-input")
        self.hint = widgets.Text(description=T.gettext("Hint"), style=initial, layout=wide)
        self.hint.add_class("samurai-study-hint-input")
        self.ask_button = _button(T.gettext("Ask: the next placement is the answer"), "question",
                                  "samurai-study-ask", "info")
        self.ask_button.on_click(guard(lambda _b: self.record(ACCEPT)))
        self.wrong_feedback = widgets.Text(description=T.gettext("Feedback"), style=initial, layout=wide,
                                           placeholder=T.gettext("what to say to a tempting wrong answer"))
        self.wrong_feedback.add_class("samurai-study-wrong-feedback")
        self.wrong_button = _button(T.gettext("The next placement is a wrong answer"), "times",
                                    "samurai-study-record-wrong")
        self.wrong_button.on_click(guard(lambda _b: self.record(WRONG_ANSWER)))
        self.steps_list = widgets.HTML()
        self.steps_list.add_class("samurai-study-steps")

        self.name = widgets.Text(description=T.gettext("Name"), style=initial, layout=widgets.Layout(width="60%"),
                                 placeholder=T.gettext("my-study"))
        self.name.add_class("samurai-study-name")
        self.name.observe(lambda _ch: self._cancel_replace(), names="value")
        self.save_button = _button(T.gettext("Save on the server"), "save", "samurai-study-save")
        self.save_button.on_click(guard(lambda _b: self.save()))
        self.replace_button = _button(T.gettext("Replace it"), "check", "samurai-study-replace", "warning")
        self.replace_button.layout.display = "none"
        self.replace_button.on_click(guard(lambda _b: self.save(replace=True)))
        self.download_button = _button(T.gettext("Download"), "download", "samurai-study-download-button")
        self.download_button.on_click(guard(lambda _b: self.make_download()))
        self.download = widgets.HTML()
        self.download.add_class("samurai-study-download")
        self.upload = widgets.FileUpload(accept=".toml", multiple=False, description=T.gettext("Open a .toml"),
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("samurai-study-upload")
        self.upload.observe(guard(self._on_upload), names="value")
        self.link = widgets.HTML()
        self.link.add_class("samurai-study-link")

        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.widget = widgets.VBox([
            widgets.HBox([self.title, self.language], layout=row),
            widgets.HTML("<b>{}</b>".format(html.escape(T.gettext("A step: the position on the board"))),),
            self.text, widgets.HBox([self.mark_toggle, self.marks_line], layout=row),
            widgets.HBox([self.add_button, self.remove_button], layout=row),
            widgets.HTML("<b>{}</b> <small>({})</small>".format(
                html.escape(T.gettext("A question on the last step")),
                html.escape(T.gettext("play the answer on the board after pressing the button")))),
            self.prompt, self.hint, self.ask_button, self.wrong_feedback, self.wrong_button,
            self.steps_list,
            widgets.HTML("<b>{}</b>".format(html.escape(T.gettext("Keep the study")))),
            widgets.HBox([self.download_button, self.upload], layout=row), self.download,
            widgets.HBox([self.name, self.save_button, self.replace_button], layout=row), self.link,
        ])
        self.widget.add_class("samurai-study-editor")
        self._show()

    # --- texts ---------------------------------------------------------------------------------
    def _texts(self, text: str, old: Texts | None = None) -> Texts:
        base = old if old is not None else Texts(())
        return base.with_text(self.language.value, text.strip())

    # --- steps ---------------------------------------------------------------------------------
    def add_step(self) -> Step:
        """Add the board's position as a step, with the words written and the hexes marked."""
        words = self.text.value.strip()
        if not words:
            raise ValueError(T.gettext("Write what this step shows first."))
        step = Step(self._texts(words), position=position_string(self.app.state),
                    marks=Marks(tuple(self.marks)))
        self.steps.append(step)
        self.text.value = ""
        self.marks = []
        self.mark_toggle.value = False
        self._show()
        self.app.feedback.show(T.gettext("Step {n} added.").format(n=len(self.steps)), "success")
        return step

    def remove_step(self) -> None:
        if not self.steps:
            raise ValueError(T.gettext("There is no step to remove."))
        self.steps.pop()
        self._show()

    @property
    def marking(self) -> bool:
        return bool(self.mark_toggle.value)

    def _marking_changed(self, on: bool) -> None:
        if on:
            self.recording = None
            self.app.feedback.show(T.gettext("Click hexes to mark them; click a marked hex again to remove its mark."),
                                   "info")

    def mark(self, index: int | None) -> None:
        """A click while marking: mark the hex, or remove its mark."""
        if index is None:
            return
        hex_id = self.app.state.board.ids[index]
        if hex_id in self.marks:
            self.marks.remove(hex_id)
        else:
            self.marks.append(hex_id)
        self.app.board.set_highlights(self.marks, "preview")
        self._show()

    # --- questions -----------------------------------------------------------------------------
    def record(self, kind: str) -> None:
        """The next placement on the board becomes an accepted (or a wrong) answer of the last step."""
        step = self._question_step()
        if kind == ACCEPT and not self.prompt.value.strip() and (step.question is None):
            raise ValueError(T.gettext("Write the question first."))
        if kind == WRONG_ANSWER and not self.wrong_feedback.value.strip():
            raise ValueError(T.gettext("Write the feedback for this wrong answer first."))
        if kind == WRONG_ANSWER and step.question is None:
            raise ValueError(T.gettext("Record the accepted answer first."))
        self.recording = kind
        self.mark_toggle.value = False
        self.app.open_tab(self.tabs[0])
        self.app.feedback.show(T.gettext("Now play the answer on the board: choose a {tile}, then click a hex.").format(
            tile=self.app.state.ruleset.vocabulary.tile), "info")

    def _question_step(self) -> Step:
        if not self.steps:
            raise ValueError(T.gettext("Add the position as a step first: the question is asked on it."))
        step = self.steps[-1]
        if step.position != position_string(self.app.state):
            raise ValueError(T.gettext("The board shows another position than the last step's: go back to it "
                                       "(Undo) or add this one as a step."))
        return step

    def after_play(self, before: GameState, action: Action) -> None:
        """The explorer played ``action`` from ``before``: record it when an answer is awaited."""
        kind, self.recording = self.recording, None
        if kind is None:
            return
        if not isinstance(action, PlaceTile):
            self.app.feedback.show(T.gettext("Only a placement can be an answer here."), "warning")
            return
        step = self.steps[-1]
        if step.position != position_string(before):
            return
        q = step.question
        answer = str(action)
        if kind == ACCEPT:
            prompt = self._texts(self.prompt.value, q.prompt if q else None) if self.prompt.value.strip() else (
                q.prompt if q else Texts(()))
            hint = self._texts(self.hint.value, q.hint if q else None) if self.hint.value.strip() else (
                q.hint if q else None)
            accept = tuple(dict.fromkeys((*(q.accept if q else ()), answer)))
            wrong = tuple(w for w in (q.wrong if q else ()) if w.answer != answer)
            self.steps[-1] = replace(step, question=Question(prompt, accept, wrong, hint, q.right if q else None))
            done = T.gettext("Recorded {answer} as the answer.").format(answer=answer)
        else:
            if q is None or answer in q.accept:
                self.app.undo()
                raise ValueError(T.gettext("{answer} is an accepted answer.").format(answer=answer))
            wrong = tuple(w for w in q.wrong if w.answer != answer) + (
                Wrong(answer, self._texts(self.wrong_feedback.value)),)
            self.steps[-1] = replace(step, question=replace(q, wrong=wrong))
            self.wrong_feedback.value = ""
            self.app.undo()  # back to the question's position
            done = T.gettext("Recorded {answer} as a wrong answer.").format(answer=answer)
        self._show()
        self.app.open_tab(self.tabs[1])
        self.app.feedback.show(done, "success")

    # --- the study -----------------------------------------------------------------------------
    def study(self) -> Study:
        """The study built so far, checked (ValueError listing its problems)."""
        if not self.steps:
            raise ValueError(T.gettext("Add at least one step first."))
        title = self.title.value.strip()
        if not title:
            raise ValueError(T.gettext("Give the study a title first."))
        first = parse_position(self.steps[0].position)
        study = Study("knizia", self._texts(title), tuple(self.steps), edition=first.ruleset.edition)
        text = dumps_study(study)
        try:
            loads_study(text, "study.toml")
        except StudyError as e:
            raise ValueError(T.gettext("The study is not complete yet: {problems}").format(
                problems="; ".join(f"{p.where}: {p.message}" if p.where else p.message for p in e.problems))) from None
        return study

    def make_download(self) -> str:
        """A link that downloads the study as a .toml file."""
        text = dumps_study(self.study())
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = slug(self.title.value) + ".toml"
        self.download.value = (f'<a download="{html.escape(name)}" href="data:application/toml;base64,{data}">'
                               f"⬇ {html.escape(name)}</a>")
        return text

    def _cancel_replace(self) -> None:
        self._pending_replace = None
        self.replace_button.layout.display = "none"

    def save(self, replace: bool = False) -> Any:
        """Save the study among the saved studies on the server; a file of that name is replaced only
        after the user confirms (*Replace it*)."""
        text = dumps_study(self.study())
        folder = saved_studies_dir()
        name = check_name(self.name.value)
        path = folder / name
        if path.exists() and not (replace and self._pending_replace == name):
            self._pending_replace = name
            self.replace_button.layout.display = ""
            self.app.feedback.show(T.gettext("There is already a saved study named “{file}”. Press “{button}” to "
                                             "overwrite it, or choose another name.").format(
                file=name, button=self.replace_button.description), "warning")
            return None
        if not folder_has_room(folder, name, len(text.encode("utf-8"))):
            raise ValueError(T.gettext("Not saved: the folder of saved studies is full. Use {button} to keep the "
                                       "study on your computer.").format(button=self.download_button.description))
        try:
            folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{name}.part")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
        except OSError as e:
            raise ValueError(T.gettext("Not saved: the server could not write the file ({error}).").format(
                error=e.strerror or e)) from None
        self._cancel_replace()
        stem = name.removesuffix(".toml")
        href = f'{page_name("study.ipynb")}?study={quote(stem)}'
        self.link.value = '<a href="{}" target="_blank" style="color:#1a4f8b;text-decoration:underline">{}</a>'.format(
            html.escape(href), html.escape(T.gettext("Open “{name}” in the study player").format(name=stem)))
        self.app.feedback.show(T.gettext("Saved as “{file}” among the saved studies.").format(file=name), "success")
        return path

    def _on_upload(self, change: dict) -> None:
        upload = uploaded_text(change)
        if upload is not None:
            self.open_text(*upload)

    def open_text(self, text: str, name: str = "study.toml") -> None:
        """Edit the study of a file's text: its steps (each with a position), its title."""
        try:
            play = loads_study(text, name)
        except StudyError as e:
            raise ValueError("\n".join(str(p) for p in e.problems[:12])) from None
        steps = [replace(s, position=position_string(state), play=())
                 for s, state in zip(play.study.steps, play.states)]
        self.steps = steps
        self.title.value = play.study.title.get(self.language.value)
        self.app.load_state(play.states[0], T.gettext("study: {title}").format(title=self.title.value))
        self._show()
        self.app.feedback.show(T.gettext("Opened the study “{title}”: {n} steps.").format(
            title=self.title.value, n=len(steps)), "success")

    # --- showing -------------------------------------------------------------------------------
    def _show(self) -> None:
        lang = self.language.value
        self.marks_line.value = html.escape(", ".join(self.marks)) if self.marks else ""
        items = []
        for k, s in enumerate(self.steps, start=1):
            line = html.escape(_short(s.text.get(lang)))
            if s.marks.cells:
                line += " · " + html.escape(", ".join(s.marks.cells))
            if s.question is not None:
                line += " · <b>?</b> " + html.escape(_short(s.question.prompt.get(lang))) + " → " + html.escape(
                    ", ".join(s.question.accept))
                if s.question.wrong:
                    line += " · ✗ " + html.escape(", ".join(w.answer for w in s.question.wrong))
            items.append(f"<li>{line}</li>")
        self.steps_list.value = (f"<ol>{''.join(items)}</ol>" if items else
                                 "<small>{}</small>".format(html.escape(T.gettext("No steps yet."))))
        self.remove_button.disabled = not self.steps

    def check(self) -> Any:
        """The study checked against the rules (a StudyPlay), for tests and the player."""
        return study_play(self.study())


def _short(text: str, most: int = 48) -> str:
    """A text on one line without its markdown marks, cut to ``most`` characters."""
    line = " ".join(text.replace("**", "").replace("`", "").split())
    return line if len(line) <= most else line[: most - 1] + "…"


def _button(text: str, icon: str, css: str, style: str = "") -> widgets.Button:
    b = widgets.Button(description=text, icon=icon, button_style=style, layout=widgets.Layout(width="auto"))
    b.add_class(css)
    return b
