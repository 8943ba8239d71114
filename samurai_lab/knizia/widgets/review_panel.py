"""The review of a finished game in the game app: one player's costly turns, a chart of his estimated
chance to win, each marked turn on a board with the better turn, and "Learn from your mistakes".

The review runs one turn at a time on the kernel's event loop (a progress bar moves, the page stays
alive); without a running loop (plain Python, tests) it runs at once. "Learn from your mistakes" makes
a puzzle of each marked position that has one (``teaching.review_puzzle.mistake_puzzle``: one turn
proved best by exhaustive search) and plays it in the puzzle trainer of the Puzzles app.
"""

from __future__ import annotations

import asyncio
import html
from pathlib import Path
from typing import Callable, Iterator, Sequence

import ipywidgets as widgets

from ...i18n import Domain
from ..core.actions import Action
from ..core.state import GameState
from ..teaching.game_text import action_hexes
from ..teaching.review_puzzle import mistake_puzzle
from ..teaching.review import GameReview, TurnReview, explain, judgement_words, percent, review_steps
from .board import BoardView

T = Domain("knizia")

#: judgement -> (fill colour of its dot and badge, text colour)
COLOURS = {"inaccuracy": ("#f2c14e", "#4a3500"), "mistake": ("#f08a24", "#3d1f00"), "blunder": ("#c62828", "#fff")}


def _button(description: str, css: str, icon: str = "", style: str = "") -> widgets.Button:
    b = widgets.Button(description=description, icon=icon, button_style=style, layout=widgets.Layout(width="auto"))
    b.add_class(css)
    return b


def chart_svg(review: GameReview, title: str) -> str:
    """The estimated chance to win after each reviewed turn as a line, marked turns as coloured dots.

    Drawn in a 300×120 box that scales to the width it is given (a phone's or a projector's)."""
    turns = review.turns
    w, h, left, top, bottom = 300.0, 120.0, 26.0, 8.0, 18.0
    inner_w, inner_h = w - left - 6, h - top - bottom

    def xy(k: int, v: float) -> tuple[float, float]:
        x = left + (inner_w * k / max(1, len(turns) - 1) if len(turns) > 1 else inner_w / 2)
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
    if turns:
        points = " ".join(f"{x},{y}" for x, y in (xy(k, t.after) for k, t in enumerate(turns)))
        parts.append(f'<polyline points="{points}" fill="none" stroke="#3b5b92" stroke-width="1.6"/>')
        for k, t in enumerate(turns):
            x, y = xy(k, t.after)
            fill = COLOURS[t.judgement][0] if t.judgement else "#3b5b92"
            r = 3.6 if t.judgement else 1.8
            label = html.escape(f"{judgement_words(t.judgement)}: {percent(t.after)}")
            parts.append(f'<circle class="samurai-review-dot" cx="{x}" cy="{y}" r="{r}" fill="{fill}" '
                         f'stroke="#222" stroke-width="0.5"><title>{label}</title></circle>')
        for k in sorted({0, len(turns) - 1}):
            x = xy(k, 0)[0]
            parts.append(f'<text x="{x}" y="{h - 5}" font-size="8" text-anchor="middle" fill="#555">'
                         f'{turns[k].turn}</text>')
    parts.append("</svg>")
    return "".join(parts)


class ReviewPanel:
    """The review of one player's game (CSS class ``samurai-review``): ``set_game`` then ``start``."""

    def __init__(self, guard: Callable[[Callable], Callable], make_board: Callable[[GameState], BoardView],
                 report: Callable[[BaseException], None] | None = None) -> None:
        self._guard = guard
        self._make_board = make_board
        self._report = report
        self.states: list[GameState] = []
        self.actions: list[Action] = []
        self.review: GameReview | None = None
        self._steps: Iterator | None = None
        self._done: list[TurnReview] = []
        self.player = widgets.Dropdown(options=[], description=T.gettext("Player"),
                                       layout=widgets.Layout(width="auto"))
        self.player.add_class("samurai-review-player")
        self.start_button = _button(T.gettext("Review the game"), "samurai-review-start", icon="search", style="info")
        self.start_button.on_click(guard(lambda _b: self.start()))
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="100%", display="none"))
        self.progress.add_class("samurai-review-progress")
        self.progress_text = widgets.HTML()
        self.progress_text.add_class("samurai-review-progress-text")
        self.chart = widgets.HTML()
        self.chart.add_class("samurai-review-chart")
        self.summary = widgets.HTML()
        self.summary.add_class("samurai-review-summary")
        self.turns_box = widgets.VBox()
        self.turns_box.add_class("samurai-review-turns")
        self.board: BoardView | None = None
        self.board_box = widgets.Box()
        self.board_text = widgets.HTML()
        self.board_text.add_class("samurai-review-board-text")
        self.learn_button = _button(T.gettext("Learn from your mistakes"), "samurai-review-learn", icon="graduation-cap",
                                    style="success")
        self.learn_button.layout.display = "none"
        self.learn_button.on_click(guard(lambda _b: self.learn()))
        self.learn_box = widgets.VBox()
        self.learn_box.add_class("samurai-review-learn-box")
        self.widget = widgets.VBox([
            widgets.HTML("<b>{}</b> {}".format(html.escape(T.gettext("Review")), html.escape(T.gettext(
                "the turns that cost a player the most, by the engine's estimate of his chance to win")))),
            widgets.HBox([self.player, self.start_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.progress, self.progress_text, self.chart, self.summary, self.turns_box, self.board_text,
            self.board_box, self.learn_button, self.learn_box,
        ])
        self.widget.add_class("samurai-review")

    # --- the game ------------------------------------------------------------------------------------
    def set_game(self, states: Sequence[GameState], actions: Sequence[Action], labels: Sequence[str],
                 player: int = 0) -> None:
        """The game to review (``states[k + 1]`` follows ``actions[k]``) and the seat chosen first."""
        if self.states and len(self.states) == len(states) and self.states[-1] is states[-1]:
            return
        self.states, self.actions = list(states), list(actions)
        self.player.options = [(label, p) for p, label in enumerate(labels)]
        self.player.value = player
        self.review, self._steps, self._done = None, None, []
        for w in (self.chart, self.summary, self.progress_text, self.board_text):
            w.value = ""
        self.turns_box.children = ()
        self.board_box.children = ()
        self.learn_box.children = ()
        self.learn_button.layout.display = "none"
        self.progress.layout.display = "none"

    # --- running it in steps -------------------------------------------------------------------------
    def start(self) -> None:
        """Review the chosen player's turns, one at a time (on the event loop when one runs)."""
        if not self.states:
            raise ValueError(T.gettext("there is no game to review yet"))
        self._steps = review_steps(self.states, self.actions, int(self.player.value or 0))
        self._done = []
        self.start_button.disabled = True
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.display = ""
        self.progress_text.value = html.escape(T.gettext("Reviewing…"))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python: no page to keep alive
            while self._step():
                pass
            return
        loop.call_soon(self._guarded_step, loop)

    def _guarded_step(self, loop: asyncio.AbstractEventLoop) -> None:
        try:
            more = self._step()
        except Exception as e:  # noqa: BLE001 - shown in the app's message bar, never a traceback
            self.start_button.disabled = False
            self.progress.layout.display = "none"
            if self._report is not None:
                self._report(e)
            return
        if more:
            loop.call_later(0.01, self._guarded_step, loop)  # let the page's messages in between turns

    def _step(self) -> bool:
        """Review one more turn; at the end show the review. False when it is done."""
        assert self._steps is not None
        try:
            done, total, turn = next(self._steps)
        except StopIteration:
            self._finish()
            return False
        self._done.append(turn)
        self.progress.max = total
        self.progress.value = done
        self.progress_text.value = html.escape(T.gettext("Turn {done} of {total} reviewed").format(
            done=done, total=total))
        return True

    def _finish(self) -> None:
        player = int(self.player.value or 0)
        self.review = GameReview(player, tuple(self._done), 0)
        self.start_button.disabled = False
        self.progress.layout.display = "none"
        self.progress_text.value = ""
        self.show_review(self.review)

    # --- showing it ----------------------------------------------------------------------------------
    def show_review(self, review: GameReview) -> None:
        """The chart, the count of marked turns and each marked turn explained."""
        self.review = review
        title = T.gettext("Estimated chance to win after each turn")
        self.chart.value = (f'<div style="font-size:13px;color:#444">{html.escape(title)}</div>'
                            + chart_svg(review, title))
        marked = review.marked
        counts = [(name, sum(1 for t in marked if t.judgement == name)) for name in COLOURS]
        if not review.turns:
            text = T.gettext("This player has played no turn yet.")
        elif not marked:
            text = T.gettext("No turn cost much: well played.")
        else:
            text = ", ".join(f"{judgement_words(name)}: {n}" for name, n in reversed(counts) if n)
        self.summary.value = f"<div class='samurai-review-count'>{html.escape(text)}</div>"
        rows = []
        for k, turn in enumerate(marked):
            fill, ink = COLOURS[turn.judgement or "inaccuracy"]
            lines = explain(self.states, turn)
            badge = (f'<span style="background:{fill};color:{ink};border-radius:4px;padding:1px 6px">'
                     f'{html.escape(judgement_words(turn.judgement))}</span>')
            body = "<br>".join(html.escape(line) for line in lines)
            row = widgets.HTML(f'<div class="samurai-review-turn" style="border-left:4px solid {fill};'
                               f'padding:2px 8px;margin:4px 0">{badge} {body}</div>')
            show = _button(T.gettext("Show on the board"), "samurai-review-show", icon="map-marker")
            show.on_click(self._guard(lambda _b, t=turn: self.show_turn(t)))
            rows.append(widgets.VBox([row, show]))
        self.turns_box.children = rows
        self.learn_button.layout.display = "" if marked else "none"

    def show_turn(self, turn: TurnReview) -> None:
        """The position before a marked turn: the hexes played in red, the better turn's in blue."""
        state = self.states[turn.start]
        if self.board is None:
            self.board = self._make_board(state)
            self.board_box.children = [self.board.widget]
        self.board.set_state(state)
        played = [h for a in turn.played for h in action_hexes(state, a)]
        better = [h for a in turn.best for h in action_hexes(state, a)]
        self.board.clear_highlights()
        self.board.set_highlights(played, style="warning")
        self.board.set_highlights(better, style="preview")
        self.board_text.value = html.escape(T.gettext(
            "Turn {turn}: in red the hexes of the turn played, in blue those of the better turn.").format(
            turn=turn.turn))

    # --- learn from your mistakes -------------------------------------------------------------------
    def mistake_puzzles(self) -> list[tuple[TurnReview, object]]:
        """(marked turn, puzzle record) of every marked position with a puzzle proved by search."""
        out = []
        for turn in (self.review.marked if self.review else ()):
            record = mistake_puzzle(self.states[turn.start], source=f"turn {turn.turn}")
            if record is not None:
                out.append((turn, record))
        return out

    def learn(self) -> None:
        """Replay the marked positions as puzzles, one after the other."""
        puzzles = self.mistake_puzzles()
        message = widgets.HTML()
        message.add_class("samurai-review-learn-message")
        if not puzzles:
            message.value = html.escape(T.gettext(
                "None of these positions has one turn that search proves best in pieces taken: look at the better "
                "turns on the board instead."))
            self.learn_box.children = [message]
            return
        from .puzzle import KniziaPuzzles

        trainer = KniziaPuzzles(report=self._report, folder=Path("/nonexistent-review-puzzles"))
        index = {"k": 0}
        title = widgets.HTML()
        title.add_class("samurai-review-learn-title")
        next_button = _button(T.gettext("Next position"), "samurai-review-learn-next", icon="step-forward")

        def show(k: int) -> None:
            turn, record = puzzles[k]
            goal = trainer.show(record)
            title.value = "<b>{}</b> {}".format(html.escape(T.gettext("Position {k} of {n} (turn {turn}):").format(
                k=k + 1, n=len(puzzles), turn=turn.turn)), html.escape(goal))
            message.value = ""
            next_button.layout.display = "" if k + 1 < len(puzzles) else "none"

        def result(ok: bool, _solved: bool, text: str) -> None:
            message.value = f"<span style='color:{'#1b5e20' if ok else '#b71c1c'}'>{html.escape(text)}</span>"

        trainer.on_result = result
        trainer.on_message = lambda text: setattr(message, "value", html.escape(text))
        next_button.on_click(self._guard(lambda _b: (index.__setitem__("k", index["k"] + 1), show(index["k"]))))
        self.trainer = trainer
        self.learn_box.children = [title, trainer.widget, message, next_button]
        show(0)
