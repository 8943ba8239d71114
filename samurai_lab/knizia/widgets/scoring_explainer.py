"""The scoring explainer: captured pieces in, the chain of the scoring rules out, step by step.

``ScoringExplainer(report, names, vocabulary)`` shows a finished scoring (the game app embeds it);
``editable`` (the default without a report) adds the counts per player and caste, the player count, the
edition and the rulebook's scoring examples (E6, E7, E10).

Stable CSS classes: ``samurai-scoring-explainer`` (the whole), ``samurai-score-chart``,
``samurai-score-table``, ``samurai-score-steps``, ``samurai-score-step`` (one per step,
``samurai-score-step-current`` on the one shown last), ``samurai-score-winner``,
``samurai-score-totals``, ``samurai-preset-E7`` (preset buttons), ``samurai-count-<p>-<caste>``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Sequence

import ipywidgets as widgets

from ..render.theme import THEME
from ..core.ruleset import VOCABULARY, Vocabulary
from ..core.scoring import ScoreReport, score
from ..core.tiles import CASTES, supply_per_caste
from ..scenarios.catalogue import (catalogue, find_scenario, scenario_edition, scenario_final_state, scenario_id,
                                  scenario_title, short_title)
from ...ui.common import Feedback, projector_style
from ...ui.projector import projector_rules
from ...ui.layout import FONT, SCROLL_X_CLASS, button, classed
from ...i18n import N_, Domain

T = Domain("knizia_teach")
T_knizia = Domain("knizia")  # the scenario files' texts are in the knizia catalogs

#: Titles of the scoring steps (``ScoringStep.rule``).
STEP_TITLES = {
    "leaders": N_("Leaders of each caste"),
    "leaderships": N_("Who leads the most castes"),
    "other_castes": N_("Pieces of the castes each does not lead"),
    "total": N_("All pieces"),
    "shared": N_("Shared victory"),
}


#: The bronze of the "wins" mark, dark enough for small text (7.1:1 on white; the board's #b5651d is 4.3:1).
WIN_INK = "#8b4513"


def _win_mark() -> str:
    wins = html.escape(T.gettext("◀ wins"))
    return f' <span class="samurai-win-mark" style="color:{WIN_INK};font-size:13px">{wins}</span>'


@dataclass(frozen=True)
class ScoringCase:
    """Captured pieces of some players, with names, colours and the edition (a preset or a scenario's end)."""

    key: str
    title: str
    counts: tuple[tuple[int, int, int], ...]
    names: tuple[str, ...]
    colours: tuple[str, ...]
    edition: str = "1998"
    text: str = ""  # what the rulebook says


def _edition_of(vocabulary: Vocabulary | None) -> str:
    return next((k for k, v in VOCABULARY.items() if v is vocabulary), "1998")


def _chip(colour: str, size: int = 12) -> str:
    return (f'<span style="display:inline-block;width:{size}px;height:{size}px;border-radius:3px;'
            f'background:{colour};border:1px solid rgba(0,0,0,.35);vertical-align:middle;margin-right:5px"></span>')


# --- pictures and tables (plain functions: HTML strings) ---------------------------------


#: On a projector the chart and the step at hand come first, right under the header and the title: the counts beside the chart,
#: then the step buttons and the step's explanation in a box of its own that scrolls; the case's text, the
#: presets and the totals follow below; the long table stays on the screen of the teacher.
PROJECTOR_LAYOUT = projector_rules("samurai-scoring-explainer", (
    "> * { order: 5; }",
    "> .samurai-app-header { order: 0; }",
    "> .widget-html:has(h2) { order: 1; }",
    "> .samurai-score-top { order: 2; }",
    "> .samurai-score-winner { order: 3; }",
    "> .samurai-score-body { order: 4; }",
    ".samurai-score-table { display: none !important; }",
    ".samurai-score-steps { max-height: 150px; overflow-y: auto !important; }",
    ".samurai-score-case { max-height: 96px; overflow-y: auto !important; }",
    ".widget-html-content h2 { font-size: 26px !important; margin: 0 !important; }",
))


def chart_svg(report: ScoreReport, names: Sequence[str], colours: Sequence[str], vocab: Vocabulary,
              width: int = 460, height: int = 250) -> str:
    """Grouped bars: pieces of each caste per player, the leader of each caste starred."""
    n = len(report.counts)
    top = max([max(c) for c in report.counts] + [1])
    left, bottom, head = 34, 46, 24
    plot_h = height - bottom - head
    group_w = (width - left - 10) / 3
    bar_w = min(34.0, (group_w - 16) / max(n, 1))
    parts = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf8"/>']
    for v in range(0, top + 1, max(1, (top + 4) // 5)):
        y = head + plot_h - v / top * plot_h
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 6}" y2="{y:.1f}" stroke="#e5dccb"/>'
                     f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end" fill="#6b6257">{v}</text>')
    for c in CASTES:
        gx = left + c.index * group_w
        x0 = gx + (group_w - bar_w * n) / 2
        for p in range(n):
            v = report.counts[p][c.index]
            h = v / top * plot_h
            x = x0 + p * bar_w
            y = head + plot_h - h
            lead = report.leaders[c.index] == p
            stroke = ' stroke="#111" stroke-width="2.5"' if lead else ' stroke="rgba(0,0,0,.35)" stroke-width="1"'
            parts.append(f'<rect x="{x + 2:.1f}" y="{y:.1f}" width="{bar_w - 4:.1f}" height="{max(h, 0.5):.1f}" '
                         f'fill="{colours[p]}"{stroke}><title>{html.escape(names[p])}: '
                         f'{html.escape(vocab.count(c, v))}</title></rect>')
            label = f"{v}★" if lead else str(v)
            parts.append(f'<text x="{x + bar_w / 2:.1f}" y="{y - 5:.1f}" font-size="13" font-weight="'
                         f'{"bold" if lead else "normal"}" text-anchor="middle" fill="#2b2620">{label}</text>')
        leader = report.leaders[c.index]
        sub = (T.gettext("leader: {player}").format(player=names[leader]) if leader is not None
               else T.gettext("no leader"))
        parts.append(f'<text x="{gx + group_w / 2:.1f}" y="{height - 26}" font-size="14" font-weight="bold" '
                     f'text-anchor="middle" fill="{THEME.caste_colour(c)}">{html.escape(vocab.caste(c))}</text>'
                     f'<text x="{gx + group_w / 2:.1f}" y="{height - 9}" font-size="12" text-anchor="middle" '
                     f'fill="#6b6257">{html.escape(sub)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="samurai-score-chart-svg" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">'
            f'{"".join(parts)}</svg>')


def table_html(report: ScoreReport, names: Sequence[str], colours: Sequence[str], vocab: Vocabulary) -> str:
    """Counts per player and caste (leaders starred), leaderships, other-caste pieces, totals, winners."""
    cell = "padding:4px 10px;text-align:center;border-bottom:1px solid #e5dccb"
    head = "".join(f'<th style="{cell}">{html.escape(vocab.caste(c))}</th>' for c in CASTES)
    rows = []
    for p, counts in enumerate(report.counts):
        tds = []
        for c in CASTES:
            lead = report.leaders[c.index] == p
            style = cell + (";font-weight:bold;background:#fff3c4" if lead else "")
            tds.append(f'<td style="{style}">{counts[c.index]}{" ★" if lead else ""}</td>')
        win = p in report.winners
        name_style = cell + ";text-align:left;white-space:nowrap" + (";font-weight:bold" if win else "")
        rows.append(
            f'<tr class="samurai-score-row" data-player="{html.escape(names[p])}">'
            f'<td style="{name_style}">{_chip(colours[p])}{html.escape(names[p])}{_win_mark() if win else ""}</td>'
            f'{"".join(tds)}<td style="{cell}">{report.leaderships[p]}</td>'
            f'<td style="{cell}">{report.other_pieces[p]}</td>'
            f'<td class="samurai-score-total" style="{cell};font-weight:bold">{report.totals[p]}</td></tr>')
    led, others, total = (html.escape(t) for t in (T.gettext("castes led"), T.gettext("other castes"),
                                                    T.gettext("total")))
    return (f'<table class="samurai-score-table-body" style="border-collapse:collapse;font-size:16px;{FONT}">'
            f'<tr><th></th>{head}<th style="{cell}">{led}</th><th style="{cell}">{others}</th>'
            f'<th style="{cell}">{total}</th></tr>{"".join(rows)}</table>')


def winner_text(report: ScoreReport, names: Sequence[str]) -> str:
    """``Red wins`` / ``Green and Gold share the victory``."""
    ws = [names[w] for w in report.winners]
    if len(ws) == 1:
        return T.gettext("{player} wins").format(player=ws[0])
    return T.gettext("{players} and {last} share the victory").format(players=", ".join(ws[:-1]), last=ws[-1])


def totals_text(report: ScoreReport, names: Sequence[str]) -> str:
    """``Totals: Blue 10, Green 10, Red 9, Yellow 8``."""
    return T.gettext("Totals: {totals}").format(totals=", ".join(f"{n} {t}" for n, t in zip(names, report.totals)))


def steps_html(report: ScoreReport, names: Sequence[str], colours: Sequence[str], shown: int) -> str:
    """The first ``shown`` steps of the chain, numbered, each with who is still in contention."""
    items = []
    last = min(shown, len(report.steps)) - 1
    for k, step in enumerate(report.steps[:shown]):
        chips = " ".join(f'<span style="white-space:nowrap">{_chip(colours[p], 10)}{html.escape(names[p])}</span>'
                         for p in step.contenders)
        cls = "samurai-score-step" + (" samurai-score-step-current" if k == last else "")
        bg = "#fff8e1" if k == last else "#ffffff"
        rule = T.gettext(STEP_TITLES[step.rule]) if step.rule in STEP_TITLES else step.rule
        title = html.escape(T.gettext("Step {k}: {title}").format(k=k + 1, title=rule))
        contention = html.escape(T.gettext("still in contention: {players}")).replace(
            "{players}", chips or html.escape(T.gettext("nobody")))
        items.append(
            f'<li class="{cls}" data-rule="{step.rule}" style="margin:6px 0;padding:8px 12px;background:{bg};'
            f'border-left:5px solid #b5651d;border-radius:4px">'
            f'<div style="font-weight:bold;font-size:15px;color:#6b4b1f">{title}</div>'
            f'<div style="font-size:16px;margin:3px 0">{html.escape(step.text)}</div>'
            f'<div style="font-size:13px;color:#6b6257">{contention}</div></li>')
    return f'<ol style="list-style:none;padding:0;margin:0;{FONT}">{"".join(items)}</ol>'


def case_text(case: ScoringCase) -> str:
    """What the rulebook says about a scoring case, in the current language."""
    return T_knizia.gettext(case.text) if case.text else ""


# --- presets --------------------------------------------------------------------------------

def scoring_case_from_scenario(scenario) -> ScoringCase:
    """The captured pieces at the end of a loaded scenario, as a scoring case."""
    state = scenario_final_state(scenario)
    if any(c is None for c in state.captured):
        raise ValueError(T.gettext("scenario {id}: the captured pieces are not all known").format(
            id=scenario_id(scenario)))
    return ScoringCase(
        key=scenario_id(scenario), title=scenario_title(scenario),
        counts=tuple(tuple(c) for c in state.captured),  # type: ignore[misc]
        names=tuple(s.name for s in state.seats),
        colours=tuple(THEME.player_colour(s.colour, i) for i, s in enumerate(state.seats)),
        edition=scenario_edition(scenario),
        text=getattr(scenario, "description", "") or "",
    )


def rulebook_presets() -> dict[str, ScoringCase]:
    """E6, E7 and E10 from the scenario files (key -> case)."""
    return {key: scoring_case_from_scenario(find_scenario(key)) for key in ("E6", "E7", "E10")}


# --- the widget -------------------------------------------------------------------------------

class ScoringExplainer:
    """Captured pieces -> the scoring chain, step by step, with a chart (see the module doc)."""

    def __init__(self, report: ScoreReport | None = None, names: Sequence[str] | None = None,
                 vocabulary: Vocabulary | None = None, *, colours: Sequence[str] | None = None,
                 editable: bool | None = None, presets: bool = True) -> None:
        self.editable = report is None if editable is None else editable
        self.feedback = Feedback()
        self.vocab = VOCABULARY[_edition_of(vocabulary)]
        counts = report.counts if report is not None else ((0, 0, 0),) * 4
        n = len(counts)
        self.names = list(names) if names is not None else [c.capitalize() for c in self.vocab.colours[:n]]
        self.colours = list(colours) if colours is not None else [
            THEME.player_colour(nm.lower(), i) for i, nm in enumerate(self.names)]
        self.counts: list[list[int]] = [list(c) for c in counts]
        self.shown = 0  # steps revealed; 0 = all
        self.case: ScoringCase | None = None
        self._muted = False
        self.presets: dict[str, ScoringCase] = {}

        self.title = widgets.HTML()
        self.case_text = classed(widgets.HTML(), "samurai-score-case")
        self.chart = classed(widgets.HTML(), "samurai-score-chart")
        self.table = classed(widgets.HTML(layout=widgets.Layout(width="620px", flex="0 0 auto")), "samurai-score-table")
        self.table.add_class(SCROLL_X_CLASS)
        self.winner = classed(widgets.HTML(), "samurai-score-winner")
        self.totals = classed(widgets.HTML(), "samurai-score-totals")
        self.steps = classed(widgets.HTML(), "samurai-score-steps", SCROLL_X_CLASS)
        self.step_label = widgets.HTML()
        self.prev_button = button(T.gettext("◀ Previous step"), "samurai-score-prev",
                                  on_click=self.feedback.guard(lambda _b: self.step_by(-1)))
        self.next_button = button(T.gettext("Next step ▶"), "samurai-score-next", style="primary",
                                  on_click=self.feedback.guard(lambda _b: self.step_by(1)))
        self.all_button = button(T.gettext("Show all steps"), "samurai-score-all",
                                 on_click=self.feedback.guard(lambda _b: self.show_steps(0)))
        nav = widgets.HBox([self.prev_button, self.next_button, self.all_button, self.step_label],
                           layout=widgets.Layout(align_items="center"))

        self.inputs: list[list[widgets.BoundedIntText]] = []
        controls: list[widgets.Widget] = []
        self.grid_box = classed(widgets.VBox(), SCROLL_X_CLASS)
        if self.editable:
            controls = [*self._build_controls(presets), self.grid_box]
            self._rebuild_grid()
        top = classed(widgets.HBox([*controls[2:], self.chart],
                                   layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
                      "samurai-score-top")
        explain = widgets.VBox([nav, self.steps], layout=widgets.Layout(width="600px", margin="0 16px 0 0",
                                                                        flex="0 0 auto"))
        body = classed(widgets.HBox([explain, self.table], layout=widgets.Layout(flex_flow="row wrap",
                                                                                  align_items="flex-start")),
                       "samurai-score-body")
        self.widget = classed(widgets.VBox([projector_style("samurai-scoring-explainer"),
                                            widgets.HTML(PROJECTOR_LAYOUT, layout=widgets.Layout(display="none")),
                                            self.title, self.case_text, *controls[:2], top, self.feedback.widget,
                                            self.winner, self.totals, body]), "samurai-scoring-explainer")
        if report is None:  # the app of its own (scoring.ipynb)
            from ...ui.header import AppHeader

            self.header = AppHeader("scoring.ipynb")
            self.header.attach(self.widget)
        if self.editable and report is None and self.presets:
            self.load_preset(next(iter(self.presets)))
        else:
            self._refresh()

    # --- controls --------------------------------------------------------------------------
    def _build_controls(self, presets) -> list[widgets.Widget]:
        self.edition = widgets.ToggleButtons(options=[(T.gettext("1998 rules"), "1998"),
                                                      (T.gettext("2015 rules"), "2015")],
                                             value=_edition_of(self.vocab), description=T.gettext("Words:"),
                                             style={"description_width": "initial", "button_width": "110px"})
        self.edition.add_class("samurai-score-edition")
        self.players = widgets.ToggleButtons(options=[(T.ngettext("{n} player", "{n} players", n).format(n=n), n)
                                                      for n in (2, 3, 4)],
                                             value=len(self.counts), description=T.gettext("Players:"),
                                             style={"description_width": "initial", "button_width": "90px"})
        self.players.add_class("samurai-score-players")
        self.edition.observe(self.feedback.guard(lambda ch: self._muted or self.set_edition(ch["new"])), names="value")
        self.players.observe(self.feedback.guard(lambda ch: self._muted or self.set_players(ch["new"])), names="value")
        self.preset_buttons: dict[str, widgets.Button] = {}
        if presets:
            try:
                self.presets = rulebook_presets()
            except (ValueError, ImportError, LookupError) as e:
                self.feedback.show(T.gettext("The rulebook presets could not be loaded: {error}").format(error=e),
                                   "warning")
        for key, case in self.presets.items():
            title, text = T_knizia.gettext(case.title) if case.title else "", case_text(case)
            b = button(f"{key}: {short_title(key, title)}" if title else key, f"samurai-preset-{key}",
                       tooltip=text[:300], on_click=self.feedback.guard(lambda _b, k=key: self.load_preset(k)))
            self.preset_buttons[key] = classed(b, "samurai-score-preset")
        choose = T.gettext("captures at the end of an example…")
        self.from_example = widgets.Dropdown(options=[(choose, "")],
                                             value="", layout=widgets.Layout(width="280px"),
                                             tooltip=T.gettext("The captures at the end of a rulebook example"))
        self.from_example.add_class("samurai-score-from-example")
        try:
            self.from_example.options = [(choose, "")] + [
                (f"{e.key}: {short_title(e.key, T_knizia.gettext(e.title))}", e.key) for e in catalogue()]
        except (ValueError, ImportError, OSError):
            self.from_example.layout.display = "none"
        self.from_example.observe(self.feedback.guard(
            lambda ch: self._muted or not ch["new"] or self.load_example(ch["new"])), names="value")
        row = [*self.preset_buttons.values(), self.from_example]
        self.clear_button = widgets.Button(description=T.gettext("All zero"), layout=widgets.Layout(width="auto"))
        self.clear_button.on_click(self.feedback.guard(lambda _b: self.set_counts([(0, 0, 0)] * len(self.counts))))
        examples = html.escape(T.gettext("Rulebook examples:"))
        presets_row = widgets.HBox([widgets.HTML(f"<b>{examples}</b>&nbsp;"), *row, self.clear_button],
                                   layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        return [widgets.HBox([self.edition, self.players], layout=widgets.Layout(flex_flow="row wrap")), presets_row]

    def _rebuild_grid(self) -> None:
        per = supply_per_caste(len(self.counts)) if len(self.counts) in (2, 3, 4) else 13
        captured = html.escape(T.gettext("captured"))
        cells: list[widgets.Widget] = [widgets.HTML(f"<b>{captured}</b>")] + [
            widgets.HTML(f'<b style="color:#2b2620;border-bottom:4px solid {THEME.caste_colour(c)}">'
                         f'{html.escape(self.vocab.caste(c))}</b>')
            for c in CASTES]
        self.inputs = []
        for p, counts in enumerate(self.counts):
            cells.append(widgets.HTML(f'<span style="font-size:15px">{_chip(self.colours[p])}'
                                      f'{html.escape(self.shown_names[p])}</span>'))
            row = []
            for c in CASTES:
                box = widgets.BoundedIntText(value=counts[c.index], min=0, max=per,
                                             tooltip=T.gettext("{player}: {castes} captured").format(
                                                 player=self.shown_names[p], castes=self.vocab.castes_plural[c]),
                                             layout=widgets.Layout(width="80px"))
                classed(box, f"samurai-count-{p}-{c.value}", "samurai-count")
                box.observe(self.feedback.guard(
                    lambda ch, p=p, c=c: self._muted or self._count_changed(p, c.index, ch["new"])), names="value")
                row.append(box)
            cells += row
            self.inputs.append(row)
        self.grid_box.children = [widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns="130px 110px 110px 110px", grid_gap="4px 8px", align_items="center",
            margin="0 24px 0 0"))]

    def _count_changed(self, p: int, c: int, value: int) -> None:
        if self.counts[p][c] == value:
            return
        self.counts[p][c] = int(value)
        self.case = None
        self._set_quietly(self.from_example, "")
        self._refresh()

    # --- API ----------------------------------------------------------------------------------
    @property
    def report(self) -> ScoreReport:
        return score(self.counts, self.shown_names, self.vocab)

    @property
    def shown_names(self) -> list[str]:
        """The players' names as shown: a player named after a colour in the current language."""
        return [self.vocab.seat_name(n, n.lower()) for n in self.names]

    def set_counts(self, counts: Sequence[Sequence[int]], names: Sequence[str] | None = None,
                   colours: Sequence[str] | None = None) -> None:
        """Show these captured pieces (per player: helmets, buddhas, rice)."""
        counts = [[int(v) for v in c] for c in counts]
        if any(len(c) != 3 for c in counts):
            raise ValueError(T.gettext("captured pieces are given per player as three numbers (H, B, R)"))
        if any(v < 0 for c in counts for v in c):
            raise ValueError(T.gettext("captured piece counts cannot be negative"))
        n = len(counts)
        if names is not None:
            self.names = list(names)
        elif len(self.names) != n:
            self.names = [c.capitalize() for c in self.vocab.colours[:n]]
        if colours is not None:
            self.colours = list(colours)
        elif len(self.colours) != n or names is not None:
            self.colours = [THEME.player_colour(nm.lower(), i) for i, nm in enumerate(self.names)]
        self.counts = counts
        self.shown = 0
        if self.editable:
            self._set_quietly(self.players, n)
            self._rebuild_grid()
        self._refresh()

    def set_edition(self, edition: str) -> None:
        """Speak the words of ``edition`` (1998 or 2015)."""
        if edition not in VOCABULARY:
            raise ValueError(T.gettext("edition must be one of {editions}, not {edition}").format(
                editions=", ".join(VOCABULARY), edition=repr(edition)))
        self.vocab = VOCABULARY[edition]
        if self.editable:
            self._set_quietly(self.edition, edition)
            if self.case is None and [n.lower() for n in self.names] == list(
                    VOCABULARY["2015" if edition == "1998" else "1998"].colours[:len(self.names)]):
                self.names = [c.capitalize() for c in self.vocab.colours[:len(self.names)]]
                self.colours = [THEME.player_colour(nm.lower(), i) for i, nm in enumerate(self.names)]
            self._rebuild_grid()
        self._refresh()

    def set_players(self, n: int) -> None:
        """Change the number of players (new ones start with nothing captured)."""
        if n not in (2, 3, 4):
            raise ValueError(T.gettext("Samurai is played by 2, 3 or 4 players, not {n}").format(n=n))
        counts = [list(c) for c in self.counts[:n]] + [[0, 0, 0] for _ in range(n - len(self.counts))]
        self.case = None
        self.set_counts(counts, [c.capitalize() for c in self.vocab.colours[:n]])

    def load_preset(self, key: str) -> None:
        """Load a rulebook example (E6, E7, E10)."""
        if key not in self.presets:
            raise ValueError(T.gettext("no preset {key}; presets are {keys}").format(
                key=repr(key), keys=", ".join(self.presets) or "-"))
        self.load_case(self.presets[key])

    def load_example(self, key: str) -> None:
        """Load the captured pieces at the end of any example scenario (``E2``, ``R4``...)."""
        self.load_case(scoring_case_from_scenario(find_scenario(key)))

    def load_case(self, case: ScoringCase) -> None:
        """Load the captured pieces of a preset or of a scenario's end."""
        self.vocab = VOCABULARY[case.edition]
        self.set_counts(case.counts, case.names, case.colours)
        self.case = case
        if self.editable:
            self._set_quietly(self.edition, case.edition)
            keys = [v for _, v in self.from_example.options]
            self._set_quietly(self.from_example, case.key if case.key in keys and case.key not in self.presets else "")
        self.feedback.clear()
        self._refresh()

    def show_steps(self, n: int) -> None:
        """Reveal the first ``n`` steps (0: all of them)."""
        total = len(self.report.steps)
        self.shown = 0 if n <= 0 or n >= total else n
        self._refresh()

    def step_by(self, delta: int) -> None:
        self.show_steps(max(1, (self.shown or len(self.report.steps)) + delta))  # past the last: all of them

    # --- drawing ---------------------------------------------------------------------------
    def _set_quietly(self, control: widgets.ValueWidget, value) -> None:
        """Set a control's value without its observer acting on it."""
        self._muted = True
        try:
            control.value = value
        finally:
            self._muted = False

    def _refresh(self) -> None:
        report = self.report
        total = len(report.steps)
        shown = self.shown or total
        title = (short_title(self.case.key, T_knizia.gettext(self.case.title)) if self.case is not None
                 else T.gettext("Scoring"))
        key = f"{self.case.key}: " if self.case is not None else ""
        self.title.value = (f'<h2 style="margin:4px 0;{FONT}">{html.escape(key + title)}</h2>'
                            if self.editable or self.case is not None else "")
        text = case_text(self.case) if self.case is not None else ""
        self.case_text.value = (f'<div style="{FONT};font-size:15px;line-height:1.4;color:#4a4238;max-width:1000px;'
                                f'margin:0 0 6px">{html.escape(text)}</div>' if text else "")
        names = self.shown_names
        self.chart.value = chart_svg(report, names, self.colours, self.vocab)
        self.table.value = table_html(report, names, self.colours, self.vocab)
        done = shown >= total
        win = winner_text(report, names) if done else "…"
        colour = THEME.player_edge(self.colours[report.winners[0]]) if done and len(report.winners) == 1 else "#6b4b1f"
        self.winner.value = (f'<div class="samurai-score-winner-text" style="font-size:26px;font-weight:bold;'
                             f'color:{colour};{FONT};margin:4px 0">{html.escape(win)}</div>')
        self.totals.value = (f'<div class="samurai-score-totals-text" style="font-size:16px;{FONT}">'
                             f'{html.escape(totals_text(report, names))}</div>')
        self.steps.value = steps_html(report, names, self.colours, shown)
        self.step_label.value = "&nbsp;" + html.escape(T.gettext("step {k} of {n}").format(k=shown, n=total))
        self.prev_button.disabled = shown <= 1
        self.next_button.disabled = shown >= total
        self._check_supply()

    def _check_supply(self) -> None:
        n = len(self.counts)
        if n not in (2, 3, 4) or not self.editable:
            return
        per = supply_per_caste(n)
        over = [self.vocab.count(k, sum(c[k.index] for c in self.counts)) for k in CASTES
                if sum(c[k.index] for c in self.counts) > per]
        if over:
            self._supply_warning = T.gettext(
                "Only {per} {pieces} of each caste are in play with {n} players, but these counts have {over}. "
                "The scoring below still follows the rules.").format(per=per, pieces=self.vocab.pieces, n=n,
                                                                     over=", ".join(over))
            self.feedback.show(self._supply_warning, "warning")
        elif self.feedback.kind == "warning" and self.feedback.text == getattr(self, "_supply_warning", None):
            self.feedback.clear()


def scoring_app(query: str | None = None, **kwargs) -> ScoringExplainer:
    """The scoring explainer as a page of its own (``scoring.ipynb``), in the page's language."""
    from ...ui.language import open_page

    open_page(query)
    return ScoringExplainer(**kwargs)
