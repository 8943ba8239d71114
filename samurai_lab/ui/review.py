"""The review of a finished game, as every game's app shows it: a chart of the reviewed player's estimated
chance to win, and a panel that runs a review one move at a time (``MoveReviewPanel``).

The panel knows no game: it is handed ``steps(player)``, which yields (done, total, review), and its words
(``ReviewWords``); ``review_panel`` builds both for any game of moves. The review runs on the kernel's event
loop, one move per callback, so that the page stays alive; without a running loop (tests) it runs at once.
"""

from __future__ import annotations

import asyncio
import html
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

import ipywidgets as widgets

from ..common import review
from ..common.game import Game
from ..common.puzzles import mistake_puzzle
from ..i18n import N_, Domain
from .layout import button, classed
from .puzzles import puzzle_trainer

T = Domain("ui")

#: judgement -> (fill colour of its dot and badge, text colour)
COLOURS = {"inaccuracy": ("#f2c14e", "#4a3500"), "mistake": ("#f08a24", "#3d1f00"), "blunder": ("#c62828", "#fff")}


def chart_svg(points: Sequence[tuple[str, float, str | None]], title: str, percent: Callable[[float], str],
              judgement_words: Callable[[str | None], str]) -> str:
    """The chance to win after each reviewed move as a line, marked moves as coloured dots.

    ``points``: (the move's label on the axis, chance after it, judgement or None). Drawn in a 300×120
    box that scales to the width it is given (a phone's or a projector's)."""
    w, h, left, top, bottom = 300.0, 120.0, 26.0, 8.0, 18.0
    inner_w, inner_h = w - left - 6, h - top - bottom

    def xy(k: int, v: float) -> tuple[float, float]:
        x = left + (inner_w * k / (len(points) - 1) if len(points) > 1 else inner_w / 2)
        return round(x, 1), round(top + inner_h * (1 - v), 1)

    parts = [f'<svg class="samurai-review-chart-svg" viewBox="0 0 {w:.0f} {h:.0f}" width="100%" '
             f'role="img" aria-label="{html.escape(title)}" style="max-width:560px;display:block">',
             f'<rect x="{left}" y="{top}" width="{inner_w}" height="{inner_h}" fill="#faf6ee" stroke="#c9b99a"/>']
    for v in (0.0, 0.5, 1.0):
        y = xy(0, v)[1]
        parts.append(f'<line x1="{left}" x2="{left + inner_w}" y1="{y}" y2="{y}" stroke="#d8ccb4" '
                     f'stroke-dasharray="{"3,3" if v == 0.5 else "none"}"/>')
        parts.append(f'<text x="{left - 3}" y="{y + 3}" font-size="8" text-anchor="end" fill="#555">'
                     f'{html.escape(percent(v))}</text>')
    if points:
        line = " ".join(f"{x},{y}" for x, y in (xy(k, p[1]) for k, p in enumerate(points)))
        parts.append(f'<polyline points="{line}" fill="none" stroke="#3b5b92" stroke-width="1.6"/>')
        for k, (_, after, judgement) in enumerate(points):
            x, y = xy(k, after)
            fill = COLOURS[judgement][0] if judgement else "#3b5b92"
            label = html.escape(f"{judgement_words(judgement)}: {percent(after)}")
            parts.append(f'<circle class="samurai-review-dot" cx="{x}" cy="{y}" r="{3.6 if judgement else 1.8}" '
                         f'fill="{fill}" stroke="#222" stroke-width="0.5"><title>{label}</title></circle>')
        for k in sorted({0, len(points) - 1}):
            parts.append(f'<text x="{xy(k, 0)[0]}" y="{h - 5}" font-size="8" text-anchor="middle" fill="#555">'
                         f'{html.escape(points[k][0])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def badge_html(judgement: str | None, words: str, lines: Sequence[str]) -> str:
    """A marked move: its judgement as a coloured badge, then its explanation line by line."""
    fill, ink = COLOURS.get(judgement or "", ("#3b5b92", "#fff"))
    body = "<br>".join(html.escape(line) for line in lines)
    return (f'<div class="samurai-review-turn" style="border-left:4px solid {fill};padding:2px 8px;margin:4px 0">'
            f'<span style="background:{fill};color:{ink};border-radius:4px;padding:1px 6px">{html.escape(words)}'
            f'</span> {body}</div>')


@dataclass(frozen=True)
class ReviewWords:
    """A game's words for its review panel (in the current language when the panel is labelled)."""

    title: Callable[[], str]  # "Review"
    intro: Callable[[], str]  # what the review does
    player: Callable[[], str]  # the player selector's label
    start: Callable[[], str]  # the button
    working: Callable[[], str]  # "Reviewing…"
    progress: Callable[[int, int], str]  # "Move 3 of 12 reviewed"
    chart: Callable[[], str]  # the chart's title
    well_played: Callable[[], str]  # no move marked
    nothing: Callable[[], str]  # the player made no move
    percent: Callable[[float], str]
    judgement: Callable[[str | None], str]
    label: Callable[[Any], str]  # a review's label on the chart's axis
    explain: Callable[[Any], list[str]]  # a marked review in sentences


class MoveReviewPanel:
    """A review panel for one game (CSS class ``samurai-review``): ``set_game``, then ``start``."""

    def __init__(self, words: ReviewWords, steps: Callable[[int], Iterator[tuple[int, int, Any]]],
                 guard: Callable[[Callable], Callable], report: Callable[[BaseException], None] | None = None,
                 in_language: Callable[[Callable[[], Any]], Any] = lambda fn: fn(),
                 row_extra: Callable[[Any], list[widgets.Widget]] | None = None,
                 on_done: Callable[[list[Any]], Any] | None = None, learning: "MistakeTrainer | None" = None) -> None:
        """``row_extra(review)``: widgets under a marked move's explanation; ``on_done(reviews)``: the end;
        ``learning``: "Learn from your mistakes", offered with the marked moves."""
        self.words = words
        self.learning = learning
        self._row_extra = row_extra
        self._on_done = on_done
        self._steps_of = steps
        self._report = report
        self._in_language = in_language
        self._steps: Iterator | None = None
        self.reviews: list[Any] = []
        self.done = False
        self.heading = widgets.HTML()
        self.player = classed(widgets.Dropdown(options=[], layout=widgets.Layout(width="auto")), "samurai-review-player")
        self.start_button = button("", "samurai-review-start", "search", "info",
                                   on_click=guard(lambda _b: self.start()))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="100%", display="none"))
        self.progress.add_class("samurai-review-progress")
        self.progress_text = widgets.HTML()
        self.chart = classed(widgets.HTML(), "samurai-review-chart")
        self.summary = classed(widgets.HTML(), "samurai-review-summary")
        self.turns_box = classed(widgets.VBox(), "samurai-review-turns")
        self.widget = classed(widgets.VBox([self.heading, widgets.HBox([self.player, self.start_button],
                                                                       layout=widgets.Layout(flex_flow="row wrap")),
                                            self.progress, self.progress_text, self.chart, self.summary,
                                            self.turns_box, *([learning.widget] if learning else [])]),
                              "samurai-review")
        self.relabel()

    def relabel(self) -> None:
        """Every text in the current language (the review shown is said again)."""
        w = self.words
        self.heading.value = "<b>{}</b> {}".format(html.escape(w.title()), html.escape(w.intro()))
        self.player.description = w.player()
        self.start_button.description = w.start()
        if self.learning is not None:
            self.learning.relabel()
        if self.done:
            self.show()

    def set_game(self, players: Sequence[str], player: int = 0, key: object = None) -> None:
        """A new game to review (``key`` tells games apart: the same key keeps the review shown and only
        says the players' names again)."""
        same = key is not None and key == getattr(self, "_key", None)
        chosen = self.player.value if same else player
        self.player.options = [(name, p) for p, name in enumerate(players)]
        self.player.value = chosen
        if same:
            return
        self._key = key
        self.reviews, self.done, self._steps = [], False, None
        for w in (self.chart, self.summary, self.progress_text):
            w.value = ""
        self.turns_box.children = ()
        self.progress.layout.display = "none"
        self.start_button.disabled = False
        if self.learning is not None:
            self.learning.offer([])

    def start(self) -> None:
        """Review the chosen player's moves, one at a time (on the event loop when one runs)."""
        self._steps = self._steps_of(int(self.player.value or 0))
        self.reviews, self.done = [], False
        self.start_button.disabled = True
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.display = ""
        self.progress_text.value = html.escape(self.words.working())
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            while self._step():
                pass
            return
        loop.call_soon(self._next, loop)

    def _next(self, loop: asyncio.AbstractEventLoop) -> None:
        try:
            more = self._in_language(self._step)
        except Exception as e:  # noqa: BLE001 - shown in the app's message bar, never a traceback
            self.start_button.disabled = False
            self.progress.layout.display = "none"
            if self._report is not None:
                self._report(e)
            return
        if more:
            loop.call_later(0.01, self._next, loop)  # the page's messages get in between moves

    def _step(self) -> bool:
        assert self._steps is not None
        try:
            done, total, review = next(self._steps)
        except StopIteration:
            self.done = True
            self.start_button.disabled = False
            self.progress.layout.display = "none"
            self.progress_text.value = ""
            self.show()
            if self.learning is not None:
                self.learning.offer([r for r in self.reviews if r.judgement])
            if self._on_done is not None:
                self._on_done(self.reviews)
            return False
        self.reviews.append(review)
        self.progress.max, self.progress.value = total, done
        self.progress_text.value = html.escape(self.words.progress(done, total))
        return True

    def show(self) -> None:
        """The chart, the count of marked moves and each marked move explained."""
        w = self.words
        points = [(w.label(r), r.after, r.judgement) for r in self.reviews]
        self.chart.value = (f'<div style="font-size:13px;color:#444">{html.escape(w.chart())}</div>'
                            + chart_svg(points, w.chart(), w.percent, w.judgement))
        marked = [r for r in self.reviews if r.judgement]
        if not self.reviews:
            text = w.nothing()
        elif not marked:
            text = w.well_played()
        else:
            counts = [(name, sum(1 for r in marked if r.judgement == name)) for name in reversed(COLOURS)]
            text = ", ".join(f"{w.judgement(name)}: {n}" for name, n in counts if n)
        self.summary.value = f"<div class='samurai-review-count'>{html.escape(text)}</div>"
        rows = []
        for r in marked:
            row = widgets.HTML(badge_html(r.judgement, w.judgement(r.judgement), w.explain(r)))
            rows.append(widgets.VBox([row, *self._row_extra(r)]) if self._row_extra else row)
        self.turns_box.children = rows


@dataclass(frozen=True)
class LearnWords:
    """A game's words for "Learn from your mistakes"."""

    button: Callable[[], str]  # "Learn from your mistakes"
    position: Callable[[int, int, str], str]  # "Position 1 of 2 (move 13):"
    next: Callable[[], str]  # "Next position"
    none: Callable[[], str]  # no marked position has a proved answer


class MistakeTrainer:
    """"Learn from your mistakes": the marked positions that have a puzzle, one after another in the game's
    puzzle trainer (the Puzzles app's: ``show(record)`` gives the goal, ``on_result(ok, solved, text)``)."""

    def __init__(self, words: LearnWords, puzzles: Callable[[list[Any]], list[tuple[str, Any]]],
                 make_trainer: Callable[[], Any], guard: Callable[[Callable], Callable]) -> None:
        """``puzzles(marked)``: (label, puzzle record) of the marked moves' positions that have a puzzle."""
        self.words = words
        self.marked: list[Any] = []
        self._puzzles = puzzles
        self._make_trainer = make_trainer
        self.trainer: Any = None
        self.items: list[tuple[str, Any]] = []
        self.index = 0
        self.button = button("", "samurai-review-learn", "graduation-cap", "success",
                             on_click=guard(lambda _b: self.start()), display="none")
        self.title = classed(widgets.HTML(), "samurai-review-learn-title")
        self.message = classed(widgets.HTML(), "samurai-review-learn-message")
        self.next_button = button("", "samurai-review-learn-next", "step-forward",
                                  on_click=guard(lambda _b: self.show(self.index + 1)))
        self.box = classed(widgets.VBox(), "samurai-review-learn-box")
        self.widget = widgets.VBox([self.button, self.box])
        self.relabel()

    def relabel(self) -> None:
        """The buttons in the current language; the last try's words (in the language before) go."""
        self.button.description = self.words.button()
        self.next_button.description = self.words.next()
        self.message.value = ""
        if self.items and self.trainer is not None and self.box.children:
            self.show(self.index)

    def offer(self, marked: Sequence[Any]) -> None:
        """The marked moves of a review: the button shows when there are some; a puzzle shown goes."""
        self.marked = list(marked)
        self.button.layout.display = "" if self.marked else "none"
        self.box.children = ()

    def start(self) -> None:
        """Make the puzzles of the marked positions and show the first (or say there is none)."""
        self.items = self._puzzles(self.marked)
        if not self.items:
            self.message.value = html.escape(self.words.none())
            self.box.children = [self.message]
            return
        if self.trainer is None:
            self.trainer = self._make_trainer()
            self.trainer.on_result = self._result
            self.trainer.on_message = lambda text: setattr(self.message, "value", html.escape(text))
        self.box.children = [self.title, self.trainer.widget, self.message, self.next_button]
        self.show(0)

    def show(self, k: int) -> None:
        label, record = self.items[k]
        self.index = k
        goal = self.trainer.show(record)
        self.title.value = "<b>{}</b> {}".format(html.escape(self.words.position(k + 1, len(self.items), label)),
                                                 html.escape(goal))
        self.message.value = ""
        self.next_button.layout.display = "" if k + 1 < len(self.items) else "none"

    def _result(self, ok: bool, _solved: bool, text: str) -> None:
        self.message.value = f"<span style='color:{'#1b5e20' if ok else '#b71c1c'}'>{html.escape(text)}</span>"


def review_panel(game: Game, history: Callable[[], tuple[Sequence[Any], Sequence[Any]]],
                 guard: Callable[[Callable], Callable], report: Callable[[BaseException], None] | None = None,
                 in_language: Callable[[Callable[[], Any]], Any] = lambda fn: fn()) -> MoveReviewPanel:
    """The review panel of a game of moves: ``history()`` gives its states and moves (``states[k + 1]`` follows
    ``moves[k]``), read when the review starts; ``review.index`` is a move's place in them. A game with puzzles
    offers "Learn from your mistakes": the marked positions that make a puzzle, in its puzzle trainer."""
    def say(message: str) -> Callable[[], str]:
        return lambda: review.say(game, message)

    words = ReviewWords(
        title=lambda: T.gettext("Review"), intro=say(N_("the moves that cost a player the most, by the search's "
                                                       "estimate of his chance to win")),
        player=lambda: T.gettext("Player"), start=lambda: T.gettext("Review the game"),
        working=lambda: T.gettext("Reviewing…"),
        progress=lambda done, total: review.say(game, N_("Move {done} of {total} reviewed")).format(done=done,
                                                                                                   total=total),
        chart=say(N_("Estimated chance to win after each move")),
        well_played=say(N_("No move cost much: well played.")),
        nothing=say(N_("This player has made no move.")), percent=review.percent,
        judgement=lambda name: review.judgement_words(game, name), label=lambda r: str(r.index + 1),
        explain=lambda r: review.explain(game, history()[0], r))
    learning = None
    if "puzzles" in game.features:
        learn = LearnWords(
            button=lambda: T.gettext("Learn from your mistakes"), next=lambda: T.gettext("Next position"),
            position=lambda k, n, move: review.say(game, N_("Position {k} of {n} (move {move}):")).format(
                k=k, n=n, move=move),
            none=lambda: review.no_puzzle(game))

        def puzzles(marked: Sequence[Any]) -> list[tuple[str, Any]]:
            states = history()[0]
            found = [(str(r.index + 1), mistake_puzzle(game, states[r.index], f"move {r.index + 1}")) for r in marked]
            return [(label, record) for label, record in found if record is not None]

        learning = MistakeTrainer(learn, puzzles, lambda: puzzle_trainer(game, report, records=[]), guard)
    return MoveReviewPanel(words, lambda player: review.review_steps(game, *history(), player), guard, report,
                           in_language, learning=learning)
