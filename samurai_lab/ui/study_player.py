"""The study player every game shares: a study's steps one after another, its words, marks and
questions, with feedback on each try and a progress line.

The board (:func:`study_board`) is the game's board (``ui/game_board.py``) or the study board it declares::

    player = StudyPlayer(study_board(game, state))
    player.load(play)              # a StudyPlay (common/study_model.py)

The player's stylesheet is ``web/study_player.css``.
"""

from __future__ import annotations

import html
import re
from typing import Any, Callable, Protocol

import ipywidgets as widgets

from ..common.game import Game
from ..common.study_format import Marks, Texts
from ..common.study_model import ACCEPTED, ILLEGAL, OTHER, UNREADABLE, WRONG, StudyBoardSpec, StudyPlay, Verdict
from ..i18n import Domain, get_language
from .common import Feedback
from .game_board import click_on, new_board, targets_from
from .layout import SIDE_CLASS, button, classed, css_widget
from .upload_guard import check_upload
from .touch import PointerError, pointer_html
from .web_files import web_file

T = Domain("ui")

PLAYER_CLASS = "samurai-study"


class StudyBoard(Protocol):
    """What a study board gives the study player."""

    widget: Any

    def show_step(self, state: Any, marks: Marks, asking: bool) -> None:
        """Show ``state`` with ``marks``; ``asking``: a question waits for a try on the board."""

    def on_try(self, callback: Callable[[Any], None]) -> None:
        """``callback(move)`` when the student makes a try on the board."""

    def set_projector(self, on: bool) -> None:
        """Projector mode."""


def study_board(game: Game, state: Any) -> StudyBoard:
    """A new study board of ``game`` showing ``state``: the one the game declares (``hooks["study_board"]``:
    Knizia's, with the hand a placement is chosen from), else a :class:`LineStudyBoard` over its board."""
    if "study_board" in game.hooks:
        return game.hook("study_board")(state)
    return LineStudyBoard(game, state)


class LineStudyBoard:
    """The study board of a game moving pieces from cell to cell (``ui/game_board.py``): while a question waits,
    a click chooses a piece (its arrivals ringed) and another cell makes the try; a placement is one click.
    ``features["study_board"]`` (:class:`StudyBoardSpec`) names its class and builds a refused move."""

    def __init__(self, game: Game, state: Any) -> None:
        self.game = game
        self.spec: StudyBoardSpec = game.features.get("study_board") or StudyBoardSpec(f"{game.name}-study-board")
        self.state, self.marks, self.asking = state, Marks(), False
        self.selected: int | None = None
        self._callbacks: list[Callable[[Any], None]] = []
        self.board = new_board(game, state, css_class=self.spec.css_class)
        self.board.on_cell(self.click_square)
        self.widget = self.board.widget

    def on_try(self, callback: Callable[[Any], None]) -> None:
        self._callbacks.append(callback)

    def set_projector(self, on: bool) -> None:
        self.board.set_projector(on)

    def how_to(self) -> tuple[str, str]:
        """How a try is made, said for a mouse and for a finger."""
        return (T.gettext("Click the samurai, then the square it goes to."),
                T.gettext("Tap the samurai, then the square it goes to."))

    def show_step(self, state: Any, marks: Marks, asking: bool) -> None:
        self.state, self.marks, self.asking, self.selected = state, marks, asking, None
        self.draw()

    def click_square(self, cell: int | None) -> None:
        """A click or tap: a placement is a try; a piece of the player to move is chosen, then a cell makes the try."""
        if not self.asking or cell is None:
            return
        chosen, move = click_on(self.game, self.state, self.selected, cell)
        if chosen is not None:
            self.selected = chosen
            self.draw()
            return
        if move is None and self.selected is None:
            raise PointerError(T.gettext("Click one of your samurai first, then the square it goes to."),
                               T.gettext("Tap one of your samurai first, then the square it goes to."))
        if move is None and self.spec.move is not None:
            move = self.spec.move(self.selected, cell)
        self.selected = None
        self.draw()
        if move is not None:
            for cb in self._callbacks:
                cb(move)

    def draw(self) -> None:
        game, state = self.game, self.state
        arrow = tuple(game.read_cell(state, c) for c in self.marks.arrows[0]) if self.marks.arrows else None
        if self.selected is not None:
            self.board.show_cells(state, self.selected, targets_from(game, state, self.selected), arrow=arrow)
        else:
            self.board.show_cells(state, arrow=arrow, marked=[game.read_cell(state, c) for c in self.marks.cells])


def open_upload(change: dict, open_text: Callable[[str, str], Any]) -> None:
    """``open_text(text, file name)`` of a ``FileUpload``'s new file (nothing when it was cleared); ValueError
    when the file is not UTF-8 text or larger than a study may be."""
    if not change["new"]:
        return
    item = change["new"][0]
    check_upload(item, "study")
    try:
        text = bytes(item["content"]).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(T.gettext("The file is not UTF-8 text.")) from None
    open_text(text, item.get("name", "study.toml"))


# --- short markdown -----------------------------------------------------------------------------
_INLINE = ((re.compile(r"`([^`]+)`"), r"<code>\1</code>"), (re.compile(r"\*\*([^*]+)\*\*"), r"<b>\1</b>"),
           (re.compile(r"(?<![*\w])\*([^*\n]+)\*(?!\w)"), r"<i>\1</i>"))


def markdown_html(text: str) -> str:
    """Short markdown as HTML: paragraphs, ``- `` lists, ``**bold**``, ``*italic*``, ``code``; the
    rest escaped (no raw HTML, no links)."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln.strip() for ln in block.splitlines() if ln.strip()]
        if not lines:
            continue
        if all(ln.startswith(("- ", "* ")) for ln in lines):
            out.append("<ul>" + "".join(f"<li>{_inline(ln[2:])}</li>" for ln in lines) + "</ul>")
        else:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


def _inline(text: str) -> str:
    s = html.escape(text, quote=False)
    for pattern, repl in _INLINE:
        s = pattern.sub(repl, s)
    return s


def text_of(texts: Texts | None) -> str:
    """A study's text in the page's language (English where it has none)."""
    return texts.get(get_language()) if texts is not None else ""


STYLE = web_file(__package__, "study_player.css")


class StudyPlayer:
    """Step through a study (CSS class ``samurai-study``); ``widget`` holds the board and the panel."""

    def __init__(self, board: StudyBoard, feedback: Feedback | None = None) -> None:
        self.board = board
        self.feedback = feedback or Feedback()
        self.guard = self.feedback.guard
        self.play: StudyPlay | None = None
        self.index = 0
        self.solved: set[int] = set()
        self.tries: dict[int, int] = {}
        self.last: Verdict | None = None
        board.on_try(self.guard(self.answer))

        self.title, self.progress, self.text, self.prompt = (
            classed(widgets.HTML(), f"samurai-study-{name}") for name in ("title", "progress", "text", "prompt"))
        self.back_button = button(T.gettext("Back"), "samurai-study-back", "arrow-left", disabled=True,
                                  on_click=self.guard(lambda _b: self.back()))
        self.next_button = button(T.gettext("Next"), "samurai-study-next", "arrow-right", "primary",
                                  on_click=self.guard(lambda _b: self.next()), disabled=True)
        self.hint_button = button(T.gettext("Hint"), "samurai-study-hint", "lightbulb-o", display="none",
                                  on_click=self.guard(lambda _b: self.show_hint()))
        nav = widgets.HBox([self.back_button, self.next_button, self.hint_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px"))
        nav.add_class("samurai-study-nav")
        self.feedback.message.layout.min_height = "40px"
        self.panel = widgets.VBox([self.title, self.progress, self.text, self.prompt, nav, self.feedback.widget],
                                  layout=widgets.Layout(flex="1 1 360px", min_width="0", max_width="760px",
                                                        margin="0 0 0 12px"))
        classed(self.panel, SIDE_CLASS, "samurai-study-panel")
        style = css_widget(STYLE)
        # the board is a child of the row itself: a square board's frame takes the row's room (flex), and
        # the panel goes under it when the page is narrow
        if not board.widget.layout.flex:
            board.widget.layout.flex, board.widget.layout.min_width = "1 1 420px", "0"
        self.widget = classed(widgets.VBox([style, widgets.HBox([board.widget, self.panel], layout=widgets.Layout(
            flex_flow="row wrap", align_items="flex-start"))]), PLAYER_CLASS)
        self.text.value = html.escape(T.gettext("Choose a study to open."))

    # --- the study -----------------------------------------------------------------------------
    def load(self, play: StudyPlay, index: int = 0) -> None:
        """Play ``play`` from step ``index`` (0-based)."""
        self.play = play
        self.solved, self.tries = set(), {}
        self.title.value = f"<h2>{html.escape(text_of(play.study.title))}</h2>"
        self.feedback.clear()
        self.go(index)

    @property
    def step(self) -> Any:
        return self.play.study.steps[self.index] if self.play is not None else None

    def go(self, index: int) -> None:
        """Show step ``index`` (0-based): its position, marks, words and question."""
        if self.play is None:
            return
        self.index = max(0, min(index, len(self.play) - 1))
        step = self.step
        self.last = None
        asking = step.question is not None and self.index not in self.solved
        self.board.show_step(self.play.states[self.index], step.marks, asking)
        self.text.value = markdown_html(text_of(step.text))
        self.prompt.value = self._prompt_html(step)
        self.hint_button.layout.display = "" if step.question is not None and step.question.hint else "none"
        self.feedback.clear()
        self._refresh()

    def _prompt_html(self, step: Any) -> str:
        """A question's prompt, then how to answer on the board ("click" with a mouse, "tap" on a touch screen)."""
        if step.question is None:
            return ""
        how = getattr(self.board, "how_to", None)
        line = f'<div class="samurai-study-how">{pointer_html(*how())}</div>' if callable(how) else ""
        return html.escape(text_of(step.question.prompt)) + line

    def next(self) -> None:
        if self.play is not None and self.index < len(self.play) - 1:
            self.go(self.index + 1)

    def back(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)

    # --- questions -----------------------------------------------------------------------------
    def answer(self, move: Any) -> Verdict:
        """Judge a try at this step's question (a move or its notation) and say so."""
        step = self.step
        if step is None or step.question is None:
            raise ValueError(T.gettext("This step asks no question: press Next to go on."))
        if self.index in self.solved:
            raise ValueError(T.gettext("Already answered: press Next to go on."))
        verdict = self.play.judge(self.index, move)
        self.last = verdict
        self.tries[self.index] = self.tries.get(self.index, 0) + 1
        if verdict.kind == ACCEPTED:
            self.solved.add(self.index)
            self.board.show_step(self.play.after(self.index, move), step.marks, False)
            self.feedback.show(text_of(verdict.feedback) or T.gettext("Right!"), "success")
        elif verdict.kind == WRONG:
            self.feedback.show(T.gettext("Not this one: {feedback}").format(feedback=text_of(verdict.feedback)),
                               "warning")
        elif verdict.kind in (ILLEGAL, UNREADABLE):
            self.feedback.show(T.gettext("The rules refuse it: {reason}").format(reason=verdict.reason), "error")
        else:
            self.feedback.show(T.gettext("That is not the answer. Try again.")
                               + (" " + T.gettext("A hint may help.") if step.question.hint else ""), "warning")
        self._refresh()
        return verdict

    def show_hint(self) -> None:
        step = self.step
        if step is not None and step.question is not None and step.question.hint is not None:
            self.feedback.show(T.gettext("Hint: {hint}").format(hint=text_of(step.question.hint)), "info")

    # --- showing -------------------------------------------------------------------------------
    def progress_text(self) -> str:
        """``Step 2 of 3 · questions answered: 1 of 1``."""
        if self.play is None:
            return ""
        asked = sum(s.question is not None for s in self.play.study.steps)
        line = T.gettext("Step {k} of {n}").format(k=self.index + 1, n=len(self.play))
        if asked:
            line += " · " + T.gettext("questions answered: {solved} of {asked}").format(
                solved=len(self.solved), asked=asked)
        return line

    def _refresh(self) -> None:
        self.progress.value = html.escape(self.progress_text())
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index >= len(self.play) - 1


__all__ = ["ACCEPTED", "OTHER", "PLAYER_CLASS", "LineStudyBoard", "StudyBoard", "StudyPlayer", "markdown_html",
           "open_upload", "study_board", "text_of"]
