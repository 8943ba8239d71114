"""The shell the apps of the grid games share (Katana, Iki-zumari): the language, guarded handlers, buttons,
the rulings' dropdowns, the review at the end of a game, the study editor, the tabs under the header.

A game's app subclasses ``GridApp`` and declares its languages and CSS names (its notebook is the game's); it keeps
its rules, its board and its words (every translated text stays in the game's own modules and domain).
"""

from __future__ import annotations

import contextlib
import functools
import html
from typing import Any, Callable, Iterable, Iterator, Sequence

import ipywidgets as widgets

from ..common.game import Game
from ..common.grid_session import PEOPLE
from ..i18n import LANGUAGES, Domain, get_language, use_language
from .common import Feedback, projector_style
from .game_board import new_board
from .header import header_for
from .layout import button as layout_button, classed
from .projector import INTRO_CLASS
from .review import review_panel
from .study_editor import board_study_editor

UI = Domain("ui")  # the shared message bar's own words
LOG_TITLE = "Technical details"  # a message of the ui domain (ui.common.Feedback), relabelled with the app


class GridApp:
    """An app of a grid game: ``widget`` is its root (CSS class ``root_class``), ``lang`` its language.

    A subclass sets ``session`` (``states``, ``moves``, ``seats``, ``set_seat``, ``undo``), ``board``, ``selected``,
    ``load_position``, ``_refresh_play`` and ``_language_changed`` before it calls
    :meth:`_review_and_study` and :meth:`_shell`."""

    languages: tuple[str, ...] = ("en",)
    root_class = ""
    prefix = ""  # of the app's CSS classes
    language_width = "auto"
    domain: Domain  # the game's words
    #: the words of an undo, untranslated: (a move taken back, nothing to take back, that message's kind)
    undo_words: tuple[str, str, str]
    session: Any
    board: Any

    def __init__(self, game: Game, lang: str | None) -> None:
        lang = get_language() if lang is None else lang
        self.game = game
        self.lang = lang if lang in self.languages else "en"
        self.feedback = Feedback()
        self._quiet = False  # True while the app itself sets its widgets' values
        self.language = classed(widgets.Dropdown(options=[(LANGUAGES[c], c) for c in self.languages],
                                                 value=self.lang, layout=widgets.Layout(width=self.language_width)),
                                f"{self.prefix}-language")
        self._on_change(self.language, self._language_changed)

    def _language_changed(self, lang: str) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ plumbing
    def _in_language(self, fn: Callable[[], Any]) -> Any:
        """``fn()`` in the app's language (for work the event loop runs later)."""
        with use_language(self.lang):
            return fn()

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Run a handler in the app's language, with refusals and errors shown as messages."""
        in_language = functools.wraps(fn)(lambda *args, **kw: self._in_language(lambda: fn(*args, **kw)))
        return self.feedback.guard(in_language)

    def _on_change(self, widget: widgets.Widget, handler: Callable[[Any], None]) -> None:
        """``handler(value)`` for each value of ``widget`` a person chooses, guarded and in the app's language (the
        app setting its widgets and a dropdown emptied while its options change call nothing)."""
        def changed(change: dict) -> None:
            if not self._quiet and change["new"] is not None:
                handler(change["new"])
        widget.observe(self._guard(changed), names="value")

    def _button(self, css_class: str, on_click: Callable[[], None]) -> widgets.Button:
        """A button whose clicks are guarded and run in the app's language."""
        return layout_button("", css_class, on_click=self._guard(lambda _button: on_click()))

    @contextlib.contextmanager
    def _quietly(self) -> Iterator[None]:
        """The app sets its widgets: their observers let it be."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def _board(self, state: Any, css_class: str, on_click: Callable[[Any], None], **options: Any) -> Any:
        """A board of the game showing ``state``: its clicks guarded, its words in the app's language."""
        board = new_board(self.game, state, css_class, self.feedback.report_unexpected, **options)
        board.on_click(self._guard(on_click))
        board.lang = lambda: self.lang
        return board

    @staticmethod
    def _label(rows: Iterable[tuple[widgets.Button, str, str]]) -> None:
        """Each button's (``button``, ``description``, ``tooltip``)."""
        for button, text, tip in rows:
            button.description, button.tooltip = text, tip

    # ------------------------------------------------------------------ parts
    def _rulings(self, rulings: Iterable[Any], box_layout: dict[str, str],
                 on_change: Callable[[str, str], None]) -> widgets.Accordion:
        """A folded list of the rulings, ``on_change(id, option)`` on a choice: ``ruling_rows[id]`` is (its question,
        its dropdown, its note)."""
        self.ruling_rows: dict[str, tuple[widgets.HTML, widgets.Dropdown, widgets.HTML]] = {}
        rows = []
        for r in rulings:
            box = classed(widgets.Dropdown(layout=widgets.Layout(**box_layout)), f"{self.prefix}-ruling-{r.id}")
            self._on_change(box, functools.partial(on_change, r.id))
            self.ruling_rows[r.id] = (widgets.HTML(), box, widgets.HTML())
            rows.append(widgets.VBox(list(self.ruling_rows[r.id])))
        return classed(widgets.Accordion(children=[widgets.VBox(rows)], selected_index=None), f"{self.prefix}-rulings")

    def _seats(self, colours: tuple[str, str], width: str) -> list[widgets.Dropdown]:
        """The two seats' dropdowns (a person or a bot), CSS classes ``<prefix>-seat-<colour>``."""
        boxes = [classed(widgets.Dropdown(layout=widgets.Layout(width=width)), f"{self.prefix}-seat-{colour}")
                 for colour in colours]
        for player, box in enumerate(boxes):
            self._on_change(box, functools.partial(self._seat_changed, player))
        return boxes

    def _relabel_seats(self, options: list[tuple[str, str]]) -> None:
        """The seats' choices (label, seat) in the current language, each showing who sits there."""
        with self._quietly():
            for player, box in enumerate(self.seat_boxes):
                box.options = options
                box.value = self.session.seats[player]

    def _seat_changed(self, player: int, seat: str) -> None:
        self.session.set_seat(player, seat)
        self._after_change()

    def _undo(self) -> None:
        """Take back the last move of a person (and the bots' answers after it)."""
        taken_back, nothing, kind = self.undo_words
        if not self.session.undo():
            self.feedback.show(self.domain.gettext(nothing), kind)
            return
        self.selected = None
        self._refresh_play()
        self.feedback.show(self.domain.gettext(taken_back), "info")

    def _refresh_play(self) -> None:
        raise NotImplementedError

    def _after_change(self) -> None:
        """Redraw the Play tab after a change of the game (a subclass may let the bots play first)."""
        self._refresh_play()

    def _review_and_study(self) -> None:
        """The review panel (hidden until a game ends) and the study editor on the Play board."""
        self.review = review_panel(self.game, lambda: (self.session.states, self.session.moves), self._guard,
                                   self.feedback.report_unexpected, self._in_language)
        self.review.widget.layout.display = "none"
        self.study_box, self.study_editor = board_study_editor(
            self.game, self.board, lambda: self.session.state, self.load_position, self._undo, self.feedback,
            self._guard, f"{self.prefix}-study-box")

    def _show_review(self, over: bool, names: list[str]) -> None:
        """At the end of a game, the review of the first person's moves (a bot's with no person)."""
        self.review.widget.layout.display = "" if over else "none"
        if over:
            people = [p for p in (0, 1) if self.session.seats[p] == PEOPLE]
            key = (id(self.session.states[0]), len(self.session.states))
            self.review.set_game(names, (people or [0])[0], key=key)

    def _shell(self, tabs: Sequence[widgets.Widget], boards: list[Any], *styles: widgets.Widget) -> None:
        """The root: the header, the title, the introduction and the tabs."""
        self.tabs = classed(widgets.Tab(children=list(tabs)), f"{self.prefix}-tabs")
        self.title = classed(widgets.HTML(), f"{self.prefix}-title", INTRO_CLASS)
        self.intro = classed(widgets.HTML(), f"{self.prefix}-intro", INTRO_CLASS)
        self.widget = classed(widgets.VBox([projector_style(self.root_class), *styles, self.title, self.intro,
                                            self.tabs]), self.root_class)
        # the header's language switch is the app's own: it relabels the page in place, the game kept
        self.header = header_for(self.game.notebook, self.widget, boards=boards, languages=(),
                                 extra=[self.language])

    def _relabel_shell(self, title_html: str, intro: str, tabs: Sequence[str], language: str) -> None:
        """The shell's words in the current language: header, title, introduction, tabs, review, study."""
        self.header.relabel()  # its page script sets <html lang> too
        self.title.value = title_html
        self.intro.value = f"<p style='margin:2px 0 6px 0;max-width:900px'>{html.escape(intro)}</p>"
        self.tabs.titles = tuple(tabs)
        self.language.description = language
        self.feedback.log_box.set_title(0, UI.gettext(LOG_TITLE))
        self.study_editor.relabel()
        self.review.relabel()

    @classmethod
    def build(cls, query: str | None = None, **kwargs: Any) -> Any:
        """The app of the notebook: the page's language first (``?lang=``, else the browser's), then the app."""
        from .language import open_page

        open_page(query, languages=cls.languages)
        return cls(**kwargs)
