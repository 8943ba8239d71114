"""Bot tournaments (``TournamentApp().widget``): run a simulation, more games of the same kind (the results add
up), and chart win rates (95 % intervals), captures per caste and game lengths as SVG (plain functions of a
``SimulationResult``, no plotting library).
"""

from __future__ import annotations

import html
import math
from collections import Counter
from typing import Sequence

import ipywidgets as widgets

from ..bots import BOTS, SimulationResult, simulate
from ..core.ruleset import PRESETS, RANDOM
from ..core.tiles import CASTES
from ..teaching.game_session import bot_level_name
from .game_setup import bot_levels, bot_levels_html
from ...common.limits import parse_seed
from ...i18n import Domain
from ...ui.common import Feedback
from ...ui.header import AppHeader
from ...ui.layout import SCROLL_X_CLASS, button, classed

T = Domain("knizia")

#: Colours of the bots in the charts, in the order the bots are named.
BOT_COLOURS = ("#1f5fae", "#c62828", "#2e7d32", "#c99a1e")
FONT = "DejaVu Sans, Verdana, sans-serif"
INK, SOFT, GRID = "#2b2620", "#6b6257", "#e5dccb"


def merge(results: Sequence[SimulationResult]) -> SimulationResult:
    """Several simulations of the same bots, players and rules as one (the games add up)."""
    if not results:
        raise ValueError(T.gettext("nothing to merge: run a simulation first"))
    first = results[0]
    if any((r.bots, r.players, r.ruleset) != (first.bots, first.players, first.ruleset) for r in results):
        raise ValueError(T.gettext("only simulations of the same bots, player count and rules add up"))
    records = tuple(rec for r in results for rec in r.records)
    per_move = {name: sum(r.seconds_per_move[name] * r.games for r in timed) / sum(r.games for r in timed)
                for name in first.names if (timed := [r for r in results if name in r.seconds_per_move])}
    return SimulationResult(first.bots, len(records), first.players, first.seed, first.ruleset, records, per_move)


def bot_colours(result: SimulationResult) -> dict[str, str]:
    return {n: BOT_COLOURS[k % len(BOT_COLOURS)] for k, n in enumerate(result.names)}


def bot_name(name: str) -> str:
    """A bot's name in the charts, in the current language: ``greedy`` -> ``avido``; ``greedy#2`` (a second
    bot of the same level) -> ``avido #2``."""
    level, _, number = name.partition("#")
    shown = bot_level_name(level)
    return f"{shown} #{number}" if number else shown


def intro_html() -> str:
    """What the tournament shows, in the current language (above the form)."""
    return "<p style='max-width:900px;margin:2px 0 6px 0'>{}</p>".format(html.escape(T.gettext(
        "Bots of different levels play each other on the same deals, taking turns in every seat. The charts show how "
        "often each bot wins (with an interval at 95 %: few games give wide intervals), how many caste pieces it "
        "captures and how long the games last. Run more games to narrow the intervals; the command samurai-lab "
        "simulate does the same in a terminal.")))


def _svg(width: int, height: int, body: str, css: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{css}" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}"><rect width="{width}" height="{height}" '
            f'fill="#fffdf8"/>{body}</svg>')


def _text(x: float, y: float, s: str, size: int = 12, anchor: str = "start", colour: str = INK,
          bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{colour}"{weight}>'
            f'{html.escape(s)}</text>')


def win_rates_svg(result: SimulationResult, width: int = 520) -> str:
    """Horizontal bars: each bot's share of the games won, with its 95 % Wilson interval and the
    share its seats would win if all bots were equal (dashed)."""
    names, rates, cis, seats = result.names, result.win_rates, result.ci95, result.seats
    colours = bot_colours(result)
    left, right, top, row = 120, 20, 30, 34
    height = top + row * len(names) + 34
    plot = width - left - right
    parts = [_text(left, 18, T.ngettext("Win rate ({n} game, intervals at 95 %)", "Win rate ({n} games, intervals at 95 %)",
                                        result.games).format(n=result.games), 13, bold=True)]
    for k in range(0, 11, 2):
        x = left + plot * k / 10
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 28}" stroke="{GRID}"/>')
        parts.append(_text(x, height - 14, f"{k * 10}%", 11, "middle", SOFT))
    for i, n in enumerate(names):
        y = top + i * row
        lo, hi = cis[n]
        w = plot * rates[n]
        shown = bot_name(n)
        parts.append(_text(left - 8, y + row / 2 + 4, shown, 12, "end"))
        tip = T.gettext("{bot}: {rate} ({low} to {high} at 95 %)").format(
            bot=shown, rate=f"{rates[n]:.0%}", low=f"{lo:.0%}", high=f"{hi:.0%}")
        parts.append(f'<rect x="{left}" y="{y + 6}" width="{max(w, 0.5):.1f}" height="{row - 12}" '
                     f'fill="{colours[n]}" opacity="0.85"><title>{html.escape(tip)}</title></rect>')
        x0, x1, ym = left + plot * lo, left + plot * hi, y + row / 2
        parts.append(f'<line class="samurai-ci" x1="{x0:.1f}" y1="{ym:.1f}" x2="{x1:.1f}" y2="{ym:.1f}" '
                     f'stroke="{INK}" stroke-width="1.6"/>')
        for x in (x0, x1):
            parts.append(f'<line x1="{x:.1f}" y1="{ym - 6:.1f}" x2="{x:.1f}" y2="{ym + 6:.1f}" stroke="{INK}" '
                         f'stroke-width="1.6"/>')
        fair = left + plot * seats[n] / result.players
        equal = html.escape(T.gettext("equal bots would win {rate}").format(rate=f"{seats[n] / result.players:.0%}"))
        parts.append(f'<line x1="{fair:.1f}" y1="{y + 3}" x2="{fair:.1f}" y2="{y + row - 3}" stroke="{SOFT}" '
                     f'stroke-dasharray="3,3" stroke-width="1.5"><title>{equal}</title></line>')
        if w > 48:  # inside the bar, at its start
            parts.append(_text(left + 5, ym + 4, f"{rates[n]:.0%}", 11, colour="#ffffff", bold=True))
        else:  # after the bar and its interval
            parts.append(_text(max(x1, left + w) + 6, ym + 4, f"{rates[n]:.0%}", 11))
    return _svg(width, height, "".join(parts), "samurai-chart-svg samurai-win-chart")


def captures_svg(result: SimulationResult, width: int = 520, height: int = 230) -> str:
    """Grouped bars: average caste pieces captured per seat of each bot, caste by caste."""
    vocab = result.ruleset.vocabulary
    names, caps = result.names, result.captures
    colours = bot_colours(result)
    top_value = max([v for c in caps.values() for v in c.values()] + [0.5])
    step = max(1, math.ceil(top_value / 4))
    top_axis = step * math.ceil(top_value / step)
    left, bottom, head = 36, 40, 30
    group = (width - left - 10) / 3
    bar = min(40.0, (group - 20) / len(names))
    parts = [_text(left, 18, T.gettext("{pieces} captured per game (average per seat)").format(
        pieces=vocab.pieces.capitalize()), 13, bold=True)]
    shown = {n: bot_name(n) for n in names}
    lx = width - 10 - sum(22 + 7 * len(shown[n]) for n in names)
    for n in names:  # legend
        parts.append(f'<rect x="{lx:.1f}" y="{head - 4}" width="10" height="10" fill="{colours[n]}"/>')
        parts.append(_text(lx + 13, head + 5, shown[n], 11, colour=SOFT))
        lx += 22 + 7 * len(shown[n])
    head += 14
    plot_h = height - bottom - head
    for v in range(0, top_axis + 1, step):
        y = head + plot_h - v / top_axis * plot_h
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 6}" y2="{y:.1f}" stroke="{GRID}"/>')
        parts.append(_text(left - 6, y + 4, str(v), 11, "end", SOFT))
    for c in CASTES:
        gx = left + c.index * group
        x0 = gx + (group - bar * len(names)) / 2
        for i, n in enumerate(names):
            v = caps[n][c.value]
            h = v / top_axis * plot_h
            x, y = x0 + i * bar, head + plot_h - h
            parts.append(f'<rect x="{x + 2:.1f}" y="{y:.1f}" width="{bar - 4:.1f}" height="{max(h, 0.5):.1f}" '
                         f'fill="{colours[n]}" opacity="0.85"><title>{html.escape(shown[n])}: {v:.2f} · '
                         f'{html.escape(vocab.caste(c))}</title></rect>')
            parts.append(_text(x + bar / 2, y - 4, f"{v:.1f}", 10, "middle", SOFT))
        parts.append(_text(gx + group / 2, height - 16, vocab.caste(c), 12, "middle", bold=True))
    return _svg(width, height, "".join(parts), "samurai-chart-svg samurai-captures-chart")


def lengths_svg(result: SimulationResult, width: int = 520, height: int = 200) -> str:
    """A histogram of game lengths in turns, with the mean marked."""
    turns = [r.turns for r in result.records]
    lo, hi = min(turns), max(turns)
    bins = min(16, hi - lo + 1)
    size = max(1, math.ceil((hi - lo + 1) / bins))
    counts = Counter((t - lo) // size for t in turns)
    nbins = (hi - lo) // size + 1
    top_count = max(counts.values())
    left, bottom, head = 36, 36, 30
    plot_w, plot_h = width - left - 12, height - bottom - head
    bw = plot_w / nbins
    parts = [_text(left, 18, T.gettext("Game length in turns (mean {mean})").format(
        mean=f"{result.turns['mean']:.1f}"), 13, bold=True)]
    for v in sorted({0, top_count, max(1, top_count // 2)}):
        y = head + plot_h - v / top_count * plot_h
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 6}" y2="{y:.1f}" stroke="{GRID}"/>')
        parts.append(_text(left - 6, y + 4, str(v), 11, "end", SOFT))
    for b in range(nbins):
        n = counts.get(b, 0)
        h = n / top_count * plot_h
        x = left + b * bw
        first, last = lo + b * size, lo + b * size + size - 1
        span = f"{first}" if size == 1 else f"{first}-{last}"
        tip = html.escape(T.ngettext("{turns} turns: {n} game", "{turns} turns: {n} games", n).format(turns=span, n=n))
        parts.append(f'<rect x="{x + 1:.1f}" y="{head + plot_h - h:.1f}" width="{bw - 2:.1f}" '
                     f'height="{max(h, 0.5):.1f}" fill="#8a6a36" opacity="0.8"><title>{tip}</title></rect>')
        if nbins <= 8 or b % 2 == 0:
            parts.append(_text(x + bw / 2, height - 20, span, 10, "middle", SOFT))
    mean_x = left + (result.turns["mean"] - lo) / (size * nbins) * plot_w
    parts.append(f'<line x1="{mean_x:.1f}" y1="{head - 4}" x2="{mean_x:.1f}" y2="{head + plot_h}" stroke="{INK}" '
                 f'stroke-dasharray="4,3"/>')
    return _svg(width, height, "".join(parts), "samurai-chart-svg samurai-lengths-chart")


def milliseconds(seconds: float) -> str:
    """``0.8 ms``: a time per action, its unit in the current language."""
    return T.gettext("{ms} ms").format(ms=f"{seconds * 1000:.1f}")


def summary_html(result: SimulationResult) -> str:
    """The figures as a table: seats, wins, win rate and interval per bot; endings; wins by seat."""
    rates, cis, wins, seats = result.win_rates, result.ci95, result.wins, result.seats
    colours = bot_colours(result)
    td = "padding:2px 8px;text-align:right"
    rows = "".join(
        f"<tr><td style='padding:2px 8px'><span style='display:inline-block;width:10px;height:10px;"
        f"background:{colours[n]};border-radius:2px'></span> {html.escape(bot_name(n))}</td>"
        f"<td style='{td}'>{seats[n]}</td><td style='{td}'>{wins[n]:g}</td><td style='{td}'>{rates[n]:.1%}</td>"
        f"<td style='{td}'>{cis[n][0]:.0%} – {cis[n][1]:.0%}</td>"
        f"<td style='{td}'>{html.escape(milliseconds(result.seconds_per_move.get(n, 0)))}</td></tr>"
        for n in result.names)
    e = result.endings
    vocab = result.ruleset.vocabulary
    seat_rates = ", ".join(T.gettext("seat {n}: {rate}").format(n=i + 1, rate=f"{w:.0%}")
                           for i, w in enumerate(result.seat_win_rates))
    games = T.ngettext("{n} game", "{n} games", result.games).format(n=result.games)
    heads = [T.gettext("bot"), T.gettext("seats"), T.gettext("wins"), T.gettext("win rate"), T.gettext("interval (95 %)"),
             T.gettext("time per action")]
    head = "".join(f"<th style='{td if k else 'padding:2px 8px'}'>{html.escape(h)}</th>" for k, h in enumerate(heads))
    table = T.gettext("{players} players, {edition} rules (random setup and hands); the seats rotate over games "
                      "sharing a deal.").format(players=result.players, edition=result.ruleset.edition)
    ended = T.gettext("Games ended: {gone} with a caste gone from the board, {aside} with four {pieces} set aside, "
                      "{passed} with every player passing. Wins by seat: {seats}.").format(
        gone=e["caste_exhausted"], aside=e["set_aside"], pieces=vocab.pieces, passed=e["all_passed"], seats=seat_rates)
    return (f"<div class='samurai-tournament-summary-body'>"
            f"<b>{html.escape(games)}</b>, {html.escape(table)}"
            f"<div class='{SCROLL_X_CLASS}'><table style='border-collapse:collapse;margin:4px 0'><tr>{head}</tr>"
            f"{rows}</table></div>"
            f"<div>{html.escape(ended)}</div></div>")


class TournamentApp:
    """The tournament form, buttons, progress, summary and charts (CSS class ``samurai-tournament``)."""

    def __init__(self, bots: Sequence[str] = ("random", "greedy-lite"), games: int = 20, players: int = 2,
                 seed: int = 1, run: bool = True) -> None:
        self.feedback = Feedback()
        guard = self.feedback.guard
        levels = [(bot_level_name(lv), lv) for lv in BOTS]
        self.intro = classed(widgets.HTML(intro_html()), "samurai-intro")
        self.players = classed(widgets.ToggleButtons(
            options=[(T.ngettext("{n} player", "{n} players", n).format(n=n), n) for n in (2, 3, 4)],
            value=players, style={"button_width": "auto"}), "samurai-tournament-players")
        self.seat_bots = [classed(widgets.Dropdown(options=levels, value=bots[k % len(bots)],
                                                   description=T.gettext("Seat {n}").format(n=k + 1),
                                                   layout=widgets.Layout(width="220px")), "samurai-tournament-bot")
                          for k in range(4)]
        self.seats_box = widgets.HBox()
        self.edition = widgets.Dropdown(options=[(T.gettext("{edition} edition").format(edition=e), e) for e in PRESETS],
                                        value="1998", description=T.gettext("Rules"),
                                        layout=widgets.Layout(width="220px"))
        self.games = classed(widgets.BoundedIntText(value=games, min=1, max=2000, description=T.gettext("Games"),
                                                    layout=widgets.Layout(width="180px")), "samurai-tournament-games")
        self.seed = widgets.IntText(value=seed, description=T.gettext("Seed"), layout=widgets.Layout(width="180px"))
        self.run_button = button(T.gettext("Run"), "samurai-tournament-run", "play", "primary",
                                 on_click=guard(lambda _b: self.run()), width=None)
        self.more_button = button(T.gettext("Run more games"), "samurai-tournament-more", "plus",
                                  tooltip=T.gettext("The same bots and rules, new deals; the results add up"),
                                  disabled=True, on_click=guard(lambda _b: self.run_more()))
        self.progress = classed(widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="300px")),
                                "samurai-tournament-progress")
        self.progress_text = widgets.Label()
        self.summary = classed(widgets.HTML(), "samurai-tournament-summary")
        self.win_chart = classed(widgets.HTML(), "samurai-chart-wins")
        self.captures_chart = classed(widgets.HTML(), "samurai-chart-captures")
        self.lengths_chart = classed(widgets.HTML(), "samurai-chart-lengths")
        help_text = bot_levels_html(bot_levels())
        self.widget = classed(widgets.VBox([
            self.intro, self.players, self.seats_box,
            widgets.HTML(f"<div style='color:#555;font-size:90%;max-width:900px'>{help_text}</div>"),
            widgets.HBox([self.edition, self.games, self.seed]),
            widgets.HBox([self.run_button, self.more_button, self.progress, self.progress_text]),
            self.feedback.widget, self.summary,
            widgets.HBox([self.win_chart, self.captures_chart], layout=widgets.Layout(flex_flow="row wrap")),
            self.lengths_chart,
        ]), "samurai-tournament")
        self.header = AppHeader("tournament.ipynb")
        self.header.attach(self.widget)
        self.results: list[SimulationResult] = []
        self.result: SimulationResult | None = None
        self.players.observe(lambda _: self._sync_seats(), names="value")
        self._sync_seats()
        if run:
            self.run()

    def _sync_seats(self) -> None:
        self.seats_box.children = self.seat_bots[: self.players.value]

    def bots(self) -> list[str]:
        return [dd.value for dd in self.seat_bots[: self.players.value]]

    def _simulate(self, seed: int) -> SimulationResult:
        games = int(self.games.value)
        self.progress.max, self.progress.value = games, 0

        def progress(done: int, total: int) -> None:
            self.progress.value = done
            self.progress_text.value = T.ngettext("{done} / {n} game", "{done} / {n} games", total).format(
                done=done, n=total)

        rules = PRESETS[self.edition.value].with_options(setup=RANDOM, hands=RANDOM)
        return simulate(self.bots(), games, int(self.players.value), seed, rules, progress)

    def run(self) -> SimulationResult:
        """Run a new simulation from the form (the previous results are dropped, and their figures taken off the
        screen while the new games are played)."""
        self.feedback.clear()
        self.results, self.result = [], None
        self.summary.value = "<i>{}</i>".format(html.escape(T.gettext("Running the games…")))
        self.win_chart.value = self.captures_chart.value = self.lengths_chart.value = ""
        self.more_button.disabled = True
        self.results = [self._simulate(parse_seed(self.seed.value))]  # ValueError saying why for an insane seed
        return self._show()

    def run_more(self) -> SimulationResult:
        """As many games again, on new deals, added to the results shown."""
        if not self.results:
            raise ValueError(T.gettext("run a simulation first"))
        first = self.results[0]
        rules = PRESETS[self.edition.value].with_options(setup=RANDOM, hands=RANDOM)
        if (tuple(self.bots()), int(self.players.value), rules) != (first.bots, first.players, first.ruleset):
            raise ValueError(T.gettext("the form changed since the last run: press {button} to start a new simulation")
                             .format(button=self.run_button.description))
        self.results.append(self._simulate(parse_seed(self.seed.value) + len(self.results) * 7919))
        return self._show()

    def _show(self) -> SimulationResult:
        self.result = result = merge(self.results)
        self.summary.value = summary_html(result)
        self.win_chart.value = win_rates_svg(result)
        self.captures_chart.value = captures_svg(result)
        self.lengths_chart.value = lengths_svg(result)
        self.more_button.disabled = False
        more = int(self.games.value)
        self.more_button.description = T.ngettext("Run {n} more game", "Run {n} more games", more).format(n=more)
        self.progress_text.value = T.ngettext("{n} game in all", "{n} games in all", result.games).format(
            n=result.games)
        return result
