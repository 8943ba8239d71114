"""The study app (``study.ipynb``): open a study of any game with a board and play it step by step.

Address options: ``?study=NAME`` (a saved study, else a bundled one), ``?game=katana`` (list that game's
studies), ``?step=2``, and every page's ``lang`` and ``projector``. A study file may also be uploaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

import ipywidgets as widgets

from ..common.game import Game, all_games
from ..common.limits import read_text
from ..common.study_files import find_study, study_files
from ..common.study_format import StudyError, load_study, study_game
from ..common.study_model import StudyPlay
from ..i18n import Domain, get_language
from .common import Feedback
from .game_names import LABELS
from .header import header_for
from .language import APP_LANGUAGES, open_page
from .layout import button, classed
from .query import query_params
from .study_player import StudyPlayer, open_upload, study_board, text_of
from .upload_guard import guard_upload

T = Domain("ui")

QUERY_KEYS = ("study", "game", "step")
#: The languages of the study app: every game's (Iki-zumari's studies speak French).
LANGUAGES = (*APP_LANGUAGES, "fr")


def study_games() -> list[Game]:
    """The games whose studies the app plays: the registry's games that have a board."""
    return [g for g in all_games() if {"board", "study_board"} & set(g.hooks)]


class StudyApp:
    """Choose a study, then play it (CSS class ``samurai-study-app``)."""

    def __init__(self, games: Iterable[Game] | None = None, game: str | None = None) -> None:
        self.games = {g.name: g for g in (study_games() if games is None else games)}
        self.feedback = Feedback()
        self.guard = self.feedback.guard
        self.game = game
        self.players: dict[str, StudyPlayer] = {}
        self.player: StudyPlayer | None = None
        self.choice = widgets.Dropdown(description=T.gettext("Study"), style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        self.choice.add_class("samurai-study-choice")
        self.open_button = button(T.gettext("Open"), "samurai-study-open", "folder-open", "primary",
                                  on_click=self.guard(lambda _b: self.open_path(Path(self.choice.value))))
        self.upload = widgets.FileUpload(accept=".toml", multiple=False, description=T.gettext("Open a .toml"),
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("samurai-study-upload")
        self.upload.observe(self.guard(self._on_upload), names="value")
        too_big = guard_upload(self.upload, "study", lambda e: self.feedback.show(str(e), "error"))
        chooser = widgets.HBox([self.choice, self.open_button, self.upload, too_big],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px"))
        self.body = widgets.VBox()
        self.widget = classed(widgets.VBox([chooser, self.feedback.widget, self.body]), "samurai-study-app")
        self.header = header_for("study.ipynb", self.widget, boards=[], languages=LANGUAGES)
        self.scan()

    # --- choosing ------------------------------------------------------------------------------
    def scan(self) -> None:
        """List the studies (of ``game`` when one is chosen): their titles and games."""
        options = []
        self.spoken: dict[str, tuple[str, ...]] = {}  # each listed study's languages
        lang = get_language()
        for p in study_files():
            try:
                s = load_study(p)
            except (StudyError, OSError):
                continue
            if (self.game and s.game != self.game) or s.game not in self.games:
                continue
            game = T.gettext(LABELS.get(s.game) or self.games[s.game].title)  # another game: its title
            speaks = lang in s.languages()
            # a study the page's language cannot show is shown in English: its label says so
            in_english = T.gettext("in English")
            label = f"{text_of(s.title)} ({game})" if speaks else f"{text_of(s.title)} ({game}, {in_english})"
            options.append((not speaks, list(self.games).index(s.game), label, str(p)))
            self.spoken[str(p)] = s.languages()
        # the studies in the page's language first, each group in the registry's order
        options = [(label, value) for *_, label, value in sorted(options, key=lambda o: o[:2])]
        old = self.choice.value
        self.choice.options = options or [(T.gettext("(no studies found)"), "")]
        values = [v for _, v in self.choice.options]
        self.choice.value = old if old in values else values[0]

    def open_name(self, name: str) -> None:
        """Open the study called ``name`` (saved or bundled)."""
        try:
            path = find_study(name)
        except ValueError:
            raise ValueError(T.gettext("There is no study named “{name}”.").format(name=name)) from None
        self.open_path(path)

    def open_path(self, path: Path) -> None:
        if not str(path) or not path.is_file():
            raise ValueError(T.gettext("Choose a study to open."))
        try:
            text = read_text(path, "study", path.name)  # the page never shows the server's folders
        except UnicodeDecodeError:
            raise ValueError(T.gettext("The file is not UTF-8 text.")) from None
        self.open_text(text, path.name)
        if str(path) in [v for _, v in self.choice.options]:
            self.choice.value = str(path)

    def open_text(self, text: str, name: str, step: int = 0) -> StudyPlayer:
        """Read, check and play a study file's text; every problem is listed, the current study kept."""
        try:
            game = self.games.get(study_game(text))
            if game is None:
                raise ValueError(T.gettext("This study is for a game this app does not show."))
            play = StudyPlay.from_text(text, game, name)
        except StudyError as e:
            lines = "\n".join(str(p) for p in e.problems[:12])
            raise ValueError(T.gettext("This study cannot be opened:") + "\n" + lines) from None
        player = self.players.get(game.name)
        if player is None:
            board = study_board(game, play.states[0])
            player = StudyPlayer(board)
            self.players[game.name] = player
            self.header.add_board(board)
        self.player = player
        self.body.children = (player.widget,)
        player.load(play, step)
        self.feedback.clear()
        return player

    def _on_upload(self, change: dict) -> None:
        open_upload(change, self.open_text)

def study_app(games: Iterable[Game] | None = None, query: str | None = None) -> StudyApp:
    """The study app of ``games`` (the registry's with a board) for the page's address (``?study=NAME``,
    ``?game=``, ``?step=``)."""
    games = study_games() if games is None else list(games)
    open_page(query, LANGUAGES)
    q = query_params(QUERY_KEYS, query)
    app = StudyApp(games, q.choice("game", tuple(g.name for g in games)))
    name = q.text("study")
    step = q.integer("step", 1, 1)
    if name is not None:
        app.guard(app.open_name)(name)
        if app.player is not None and step > 1:
            app.player.go(step - 1)
    elif app.choice.value:  # the first study that speaks the page's language
        lang = get_language()
        first = next((v for _, v in app.choice.options if lang in app.spoken.get(v, ())), app.choice.value)
        app.guard(app.open_path)(Path(first))
    if q.problems:
        app.feedback.show(" ".join(filter(None, (app.feedback.text, q.message()))), "warning")
    return app
