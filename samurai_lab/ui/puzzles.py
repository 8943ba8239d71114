"""The Puzzles app's frame, game-independent: choose a game, a theme and a difficulty; the puzzle's goal,
its feedback, a hint, the solution step by step, the streak and the solved puzzles kept in the browser.

Each game that declares puzzles (``common/puzzles.py``) is played in a *trainer* (:func:`puzzle_trainer`):
:class:`LineTrainer` on its board, or the trainer the game names (``Game.hooks["puzzles"]``, Knizia's turns).
A trainer has ``records``, ``widget``, ``boards``, ``theme_text(theme)``, ``show(record) -> goal``,
``hint() -> str``, ``solution_step() -> str`` (in words), and ``on_result(ok, solved, text)``, set by the frame.

The streak, the solved puzzles and the ratings (``common/puzzle_ratings.py``) stay in the browser's
``localStorage`` (:class:`BrowserStore`), checked when read back; under ``samurai-lab serve`` the ratings are
the class store's (``ui/puzzle_rating_client.py``), and the link with the player key (``?player=``) opens
them on another device. The address keeps the game and the puzzle (``?game=katana&puzzle=katana-1-0001``).
"""

from __future__ import annotations

import html
import json
import random
from typing import Any, Callable, Sequence
from urllib.parse import urlencode

import ipywidgets as widgets

from ..common.game import Game
from ..common.puzzle_file import PuzzleRecord, game_records
from ..common.limits import shortened
from ..common.puzzle_ratings import choose_next, clean_progress, history, is_player_key, player_rating, puzzle_rating
from ..common.puzzle_ratings import record_try, tried
from ..common.puzzles import hint, judge, load_puzzle, puzzle_games, theme_text
from ..i18n import N_, Domain, get_language
from .common import Feedback
from .game_board import action_between, new_board, origins, targets_from
from .game_names import game_label
from .header import header_for, script_output
from .language import open_page
from .layout import board_beside, button, CHOICE_ROW_CLASS, classed
from .puzzle_rating_client import PlayRefused, RatingClient, new_player_key
from .query import parse_query, query_params, query_string
from .rating_chart import rating_html
from .web_files import call_script

T = Domain("ui")
ROOT_CLASS = "samurai-puzzles"
STORE_KEY = "samurai-lab-puzzles"
LEVELS = (("all", N_("Any difficulty"), 0, 10_000), ("easy", N_("Easy"), 0, 1250),
          ("medium", N_("Medium"), 1250, 1500), ("hard", N_("Hard"), 1500, 10_000))
ALL = "all"


class BrowserStore:
    """A small JSON value kept in the browser's ``localStorage`` under ``key``, through a hidden text widget the
    page script (``web/puzzle_store.js``) fills when the page opens and stores as it changes; ``on_load(callback)``
    gets it once read."""

    CLASS = "samurai-store"

    def __init__(self, key: str = STORE_KEY) -> None:
        self.text = classed(widgets.Text("", layout=widgets.Layout(display="none")), self.CLASS)
        self.script = script_output(call_script(__package__, "puzzle_store.js", {"key": key, "cls": self.CLASS}))
        self.widget = widgets.Box([self.text, self.script], layout=widgets.Layout(display="none"))
        self.value: dict = {}
        self.raw: Any = {}  # the value as read back (any JSON, or the text when it is none), before it became a dict
        self._callbacks: list[Callable[[dict], Any]] = []
        self._writing = False
        self.text.observe(self._changed, names="value")

    def on_load(self, callback: Callable[[dict], Any]) -> None:
        self._callbacks.append(callback)

    def _changed(self, change: dict) -> None:
        if self._writing:
            return
        try:
            value = json.loads(change["new"] or "{}")
        except (ValueError, RecursionError):  # not JSON, or nested past reading
            value = change["new"]
        self.raw = value
        self.value = value if isinstance(value, dict) else {}
        for callback in self._callbacks:
            callback(self.value)

    def save(self, value: dict) -> None:
        self.value = value
        self._writing = True
        try:
            self.text.value = json.dumps(value, sort_keys=True)
        finally:
            self._writing = False


def app_games() -> list[Game]:
    """The games the app offers: those that declare puzzles and have a trainer (their own, or a board)."""
    return [g for g in puzzle_games() if "puzzles" in g.hooks or "board" in g.hooks]


def page_languages(query: str | None = None, games: Sequence[Game] | None = None) -> tuple[str, ...]:
    """The languages of the page: those of the game its address names (``?game=``), else of any game."""
    games = app_games() if games is None else list(games)
    named = parse_query(query_string() if query is None else query, ("game", "puzzle")).values.get("game")
    chosen = [g for g in games if g.name == named] or games
    return tuple(dict.fromkeys(lang for g in chosen for lang in g.languages))


def open_puzzles_page(query: str | None = None) -> str:
    """Set the page's language among :func:`page_languages` (the notebook calls it first) and return it."""
    q = query_string() if query is None else query
    return open_page(q, page_languages(q))


class PuzzlesApp:
    """The app: the puzzles of ``games`` (default: :func:`app_games`), the first (or ``game``) shown."""

    def __init__(self, games: Sequence[Game] | None = None, game: str | None = None,
                 query: str | None = None) -> None:
        self.lang = get_language()
        options = query_params(("game", "puzzle", "player"), query) if game is None else None
        if options is not None:
            game = options.values.get("game")
        self.asked_key = options.text("player") if options is not None else None
        if self.asked_key is not None and not is_player_key(self.asked_key):
            options.problems.append(T.gettext("{option} is not a player key").format(
                option=f"player={shortened(self.asked_key)}"))
            self.asked_key = None
        self.remote = RatingClient()
        self.shared: dict | None = {} if self.remote.available else None  # the class store's ratings, per game
        self.unreachable = False  # the class store's ratings could not be read or written at the last call
        self.feedback = Feedback()
        self.feedback.message.add_class("samurai-puzzle-message")
        guard = self.feedback.guard
        games = app_games() if games is None else list(games)
        games = [g for g in games if self.lang in g.languages] or games  # French: the games that speak it
        self.games = {g.name: g for g in games}
        self.trainers = {g.name: puzzle_trainer(g, self.feedback.report_unexpected) for g in games}
        for trainer in self.trainers.values():
            trainer.on_result = guard(self._result)
            if hasattr(trainer, "on_message"):
                trainer.on_message = lambda text: self.feedback.show(text, "warning")
        self.game = game if game in self.trainers else next(iter(self.trainers))
        self.store = BrowserStore()
        self.store.on_load(guard(self._loaded))
        self.rng = random.Random()
        self.pending = False  # the open puzzle's first try is still to be rated
        self.from_address = False  # the open puzzle is the one the address names
        self.game_choice = widgets.ToggleButtons(options=[(game_label(g), g.name) for g in games], value=self.game)
        self.game_choice.add_class("samurai-puzzle-game")
        self.game_choice.add_class(CHOICE_ROW_CLASS)  # equal parts of one row on a phone
        self.theme_choice = widgets.Dropdown(description=T.gettext("Theme"), layout=widgets.Layout(width="auto"))
        self.theme_choice.add_class("samurai-puzzle-theme")
        self.level_choice = classed(widgets.Dropdown(options=[(T.gettext(label), key) for key, label, _, _ in LEVELS],
                                                     value=ALL, description=T.gettext("Difficulty"),
                                                     layout=widgets.Layout(width="auto")), "samurai-puzzle-level")
        self.goal = classed(widgets.HTML(), "samurai-puzzle-goal")
        self.score = classed(widgets.HTML(), "samurai-puzzle-score")
        self.rating = classed(widgets.HTML(), "samurai-puzzle-rating")
        self.hint_button = button(T.gettext("Hint"), "samurai-puzzle-hint")
        self.solution_button = button(T.gettext("Show the solution, one step"), "samurai-puzzle-solution")
        self.next_button = button(T.gettext("Next puzzle"), "samurai-puzzle-next", style="primary")
        self.hint_button.on_click(guard(lambda _: self._hint()))
        self.solution_button.on_click(guard(lambda _: self._solution()))
        self.next_button.on_click(guard(lambda _: self.next_puzzle()))
        self.game_choice.observe(guard(lambda _: self._game_changed()), names="value")
        self._quiet = False
        self.theme_choice.observe(guard(lambda _: self._quiet or self.next_puzzle()), names="value")
        self.level_choice.observe(guard(lambda _: self.next_puzzle()), names="value")
        self.board_box = widgets.Box(layout=widgets.Layout(flex="1 1 560px", min_width="0", max_width="900px"))
        buttons = widgets.HBox([self.hint_button, self.solution_button, self.next_button],
                               layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.body = board_beside(self.board_box, [self.feedback.widget, buttons, self.theme_choice,
                                                  self.level_choice, self.score, self.rating], "420px")
        self.widget = classed(widgets.VBox([self.game_choice, self.goal, self.body, self.store.widget]), ROOT_CLASS)
        boards = [b for t in self.trainers.values() for b in t.boards]
        self.header = header_for("puzzles.ipynb", self.widget, boards=boards, query=query,
                                 languages=self.trainer_languages())
        self.record: PuzzleRecord | None = None
        self.tried_wrong = False
        self.moved = False  # a move was tried on the open puzzle
        asked = options.text("puzzle") if options is not None else None
        self._asked = next((r for r in self.trainer.records if r.id == asked), None) if asked else None
        if asked is not None and self._asked is None:
            options.problems.append(T.gettext("{option} names no puzzle of this game").format(
                option=f"puzzle={asked!r}"))
        self._game_changed()
        if options is not None:
            options.report(self.feedback)

    # --- choosing -------------------------------------------------------------------------------
    @property
    def trainer(self) -> Any:
        return self.trainers[self.game]

    def trainer_languages(self) -> tuple[str, ...]:
        """The languages of the chosen game (the header's language switch)."""
        return tuple(self.games[self.game].languages)

    def _game_changed(self) -> None:
        self.game = self.game_choice.value
        self.header.languages = self.trainer_languages() or self.header.languages
        self.board_box.children = (self.trainer.widget,)
        self._fetch(self.game)
        themes = sorted(((self.trainer.theme_text(t), t) for t in {t for r in self.trainer.records for t in r.themes}),
                        key=lambda named: (named[0].casefold(), named[1]))
        self._quiet = True
        try:
            self.theme_choice.options = [(T.gettext("Any theme"), ALL)] + themes
            self.theme_choice.value = ALL
        finally:
            self._quiet = False
        self.next_puzzle()

    @property
    def progress(self) -> dict:
        """The progress the ratings are read from: the browser's, with the class store's ratings under serve."""
        return self.store.value if self.shared is None else {**self.store.value, "ratings": self.shared}

    def candidates(self) -> list[PuzzleRecord]:
        """The puzzles of the chosen game, theme and difficulty (their ratings as learned here), unsolved first."""
        _, _, low, high = next(lv for lv in LEVELS if lv[0] == self.level_choice.value)
        theme = self.theme_choice.value
        progress = self.progress
        rated = {r.id: puzzle_rating(progress, r).rating for r in self.trainer.records}
        chosen = [r for r in self.trainer.records
                  if low <= rated[r.id] < high and (theme == ALL or theme in r.themes)]
        solved = set(progress.get("solved", []))
        return sorted(chosen, key=lambda r: (r.id in solved, rated[r.id], r.id))

    def next_puzzle(self) -> None:
        """Open one of the untried puzzles of the choice nearest the player's rating (another than the current)."""
        pool = self.candidates()
        if not pool:
            self.goal.value = ""
            self.feedback.show(T.gettext("No puzzle has this theme at this difficulty: choose another."), "info")
            return
        if self._asked is not None:  # the puzzle the address names, once
            record, self._asked = self._asked, None
            self.open(record)
            self.from_address = True
            return
        current = self.record.id if self.record is not None else None
        self.open(choose_next(pool, self.progress, self.game, current, self.rng))

    def open(self, record: PuzzleRecord) -> None:
        self.record = record
        self.tried_wrong = self.moved = self.from_address = False
        self.pending = record.id not in tried(self.progress, record.game)
        goal = self.trainer.show(record)
        themes = ", ".join(self.trainer.theme_text(t) for t in record.themes)
        rating = round(puzzle_rating(self.progress, record).rating)
        self.goal.value = (f"<b>{html.escape(goal)}</b><br><span class='samurai-puzzle-about'>"
                           + html.escape(T.gettext("Themes: {themes}. Difficulty {rating}.").format(
                               themes=themes, rating=rating)) + "</span>")
        self.feedback.show(T.gettext("Your move: play it on the board."), "info")
        self.header.keep_work([("game", self.game), ("puzzle", record.id)], replaces=("game", "puzzle"))
        self._show_score()

    def _loaded(self, value: dict) -> None:
        """The progress read back from the browser: keep what is sound (say once what was dropped), then serve
        a puzzle near the player's rating unless one is being tried or the address named it."""
        clean, dropped = clean_progress(self.store.raw)
        self.store.value = clean
        if dropped:
            self.store.save(clean)
            self.feedback.show(T.gettext("Part of the puzzle progress kept in this browser could not be read, "
                                         "so it was dropped; the rest is kept."), "warning")
        if self.shared is not None:  # under serve: the player key (the address's, else the browser's, else a new one)
            self.remote.key = self.asked_key or clean.get("player") or new_player_key()
            if clean.get("player") != self.remote.key:
                self.store.save({**clean, "player": self.remote.key})
            self.shared = {}
            self._fetch(self.game)
        progress = self.progress
        if self.record is not None and not (self.from_address or self.moved or self.tried_wrong) \
                and tried(progress, self.game):
            message = (self.feedback.text, self.feedback.kind)
            self.next_puzzle()
            if dropped:
                self.feedback.show(*message)
        elif self.record is not None:
            self.pending = self.record.id not in tried(progress, self.game)
        self._show_score()

    def _fetch(self, game: str) -> None:
        """Under serve, once the player key is known: the class store's ratings of ``game``, once."""
        if self.shared is not None and self.remote.key is not None and game not in self.shared:
            self._shared_call(lambda: self.remote.standing(game))

    def _shared_call(self, ask: Callable[[], dict]) -> None:
        """Keep a game's ratings the class store gives (``ask``); note when it cannot answer."""
        try:
            entry = ask()
        except PlayRefused:
            self.unreachable = True
            return
        self.unreachable = False
        self.shared[entry["game"]] = entry

    def _rate(self, solved: bool) -> dict:
        """The progress with the open puzzle's first try rated (as it was when not its first); under serve the
        class store rates it (not before the player key is known) and the browser's progress stays as it was."""
        data, record = dict(self.store.value), self.record
        if self.pending and record is not None:
            self.pending = False
            if self.shared is None:
                data = record_try(data, record, solved)
            elif self.remote.key is not None:
                self._shared_call(lambda: self.remote.record(record.id, solved))
        return data

    # --- trying ---------------------------------------------------------------------------------
    def _result(self, ok: bool, solved: bool, text: str) -> None:
        data = self._rate(False) if not ok else self._rate(True) if solved and not self.tried_wrong \
            else dict(self.store.value)
        self.moved = True
        if not ok:
            self.tried_wrong = True
            data["streak"] = 0
        elif solved:
            if not self.tried_wrong:
                data["streak"] = int(data.get("streak", 0)) + 1
            if self.record is not None:
                data["solved"] = sorted(set(data.get("solved", [])) | {self.record.id})
        self.feedback.show(text, "success" if ok else "error")
        self.store.save(data)
        self._show_score()

    def _hint(self) -> None:
        self.tried_wrong = True
        if self.pending:
            self.store.save(self._rate(False))
            self._show_score()
        self.feedback.show(self.trainer.hint(), "info")

    def _solution(self) -> None:
        self.tried_wrong = True
        data = self._rate(False)
        data["streak"] = 0
        self.store.save(data)
        self.feedback.show(self.trainer.solution_step(), "info")
        self._show_score()

    def _show_score(self) -> None:
        data = self.progress
        solved = set(data.get("solved", []))
        mine = sum(1 for r in self.trainer.records if r.id in solved)
        self.score.value = html.escape(T.gettext("Streak: {streak}. Solved here: {n} of {total} (kept in this "
                                                 "browser).").format(streak=int(data.get("streak", 0)), n=mine,
                                                                     total=len(self.trainer.records)))
        self.rating.value = rating_html(player_rating(data, self.game), history(data, self.game),
                                        len(tried(data, self.game))) + self._shared_html()

    def _shared_html(self) -> str:
        """Under serve: where the ratings are kept, a link to them elsewhere, whether the server answered."""
        if self.shared is None or self.remote.key is None:
            return ""
        link = "puzzles.ipynb?" + urlencode({"game": self.game, "player": self.remote.key})
        kept = T.gettext("Your ratings are kept on this server. To see them on another device, open this "
                         "link there:")
        words = T.gettext("your ratings")
        text = (f"<div class='samurai-puzzle-key'>{html.escape(kept)} "
                f"<a href='{html.escape(link)}'>{html.escape(words)}</a></div>")
        if self.unreachable:
            gone = T.gettext("The server's puzzle ratings cannot be reached now: the rating shown may be old, and "
                             "a try made meanwhile is not rated.")
            text += f"<div class='samurai-puzzle-unreachable' role='alert'>{html.escape(gone)}</div>"
        return text


def puzzle_trainer(game: Game, report: Callable[[BaseException], None] | None = None,
                   records: Sequence[PuzzleRecord] | None = None) -> Any:
    """The trainer of ``game``'s puzzles (``records``; default: the bundled ones): the one the game names
    (``hooks["puzzles"]``), else :class:`LineTrainer` on its board."""
    if "puzzles" in game.hooks:
        return game.hook("puzzles")(report=report, records=records)
    return LineTrainer(game, report, records)


class LineTrainer:
    """The puzzles of a game of moves on its board: a try is a click on a piece then on its arrival (a tap is
    a click), or on the cell of a placement; each try is judged in the rules' words and the defence of the
    main line answers; a hint; the solution step by step."""

    def __init__(self, game: Game, report: Callable[[BaseException], None] | None = None,
                 records: Sequence[PuzzleRecord] | None = None) -> None:
        self.game = game
        self.records = list(game_records(game.name) if records is None else records)
        self.on_result: Callable[[bool, bool, str], Any] = lambda ok, solved, text: None
        self.puzzle: Any = None
        self.state: Any = None
        self.left = 0
        self.selected: int | None = None
        self.board = new_board(game, game.new_state(), f"{game.name}-puzzle-canvas", report)
        self.board.on_cell(self._clicked)
        self.boards = [self.board]
        self.widget = self.board.widget

    def theme_text(self, theme: str) -> str:
        return theme_text(self.game, theme)

    def show(self, record: PuzzleRecord) -> str:
        self.puzzle = load_puzzle(self.game, record)
        self.state, self.left, self.selected = self.puzzle.state, record.moves, None
        self.draw()
        return self.puzzle.title_text()

    def draw(self) -> None:
        at = self.selected
        self.board.show_cells(self.state, at, targets_from(self.game, self.state, at) if at is not None else ())

    def _clicked(self, cell: int) -> None:
        st, game = self.state, self.game
        if st is None or game.is_over(st) or game.to_move(st) != self.puzzle.solver:
            return
        if cell in origins(game, st):
            self.selected = cell
            self.draw()
            return
        move = action_between(game, st, (self.selected, cell)) if self.selected is not None else None
        move = action_between(game, st, (cell,)) if move is None else move
        if move is not None:
            self.try_move(move)

    def try_move(self, move: Any) -> None:
        """Judge ``move`` (an action or its notation) as the solver's next move and show what follows."""
        verdict = judge(self.puzzle, self.state, move, self.left)
        self.selected = None
        if verdict.ok:
            self.state, self.left = verdict.state, verdict.left
        self.draw()
        self.on_result(verdict.ok, verdict.solved, verdict.text)

    def hint(self) -> str:
        return hint(self.puzzle, self.state, self.left)

    def solution_step(self) -> str:
        """Play the solver's next move of the solution (and the reply) on the board."""
        if self.game.is_over(self.state) or self.left <= 0:
            return T.gettext("The puzzle is solved: choose the next one.")
        move = self.puzzle.prover().winning_moves(self.state, self.left)[0]
        verdict = judge(self.puzzle, self.state, move, self.left)
        self.state, self.left, self.selected = verdict.state, verdict.left, None
        self.draw()
        return T.gettext("Solution: {move}").format(move=verdict.line)
