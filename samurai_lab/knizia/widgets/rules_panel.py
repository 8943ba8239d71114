"""The rule variants panel: the edition presets, the rulings R1-R4 explained, and a demo of each.

Each ruling's demo scenario (``scenarios/*r2*.toml``, whose ``[[variant]]``s switch the ruling's option) is
played under every option, side by side: a small board of the final position and what happened.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from pathlib import Path

import ipywidgets as widgets

from ..core.ruleset import PRESETS, RULINGS, RULINGS_BY_ID, VOCABULARY, Ruleset, Ruling
from ..core.state import GameState
from ..core.text import end_reason_text
from ..core.tiles import CASTES
from .board import BoardView
from ...ui.common import Feedback, projector_style
from ...ui.layout import FONT, classed
from ...ui.projector import INTRO_CLASS, projector_rules
from ..scenarios.catalogue import SCENARIO_DIR, catalogue, load
from ...ui.header import AppHeader
from ..teaching.words import plain_text
from .ruleset_panel import PRESET_LABELS
from ..teaching.example_words import (action_text, option_ids_in_words, option_words, outcome_lines, seat_names,
                                      settlements_concerned)
from ...i18n import N_, Domain

T = Domain("knizia_teach")

TEXT = f"{FONT};font-size:16px;line-height:1.4;color:#2b2620"


def preset_name(key: str) -> str:
    """An edition preset's name in the current language (``your rules`` for any other key)."""
    return T.gettext(PRESET_LABELS.get(key, N_("your rules")))


def demo_words(state: GameState, text: str) -> str:
    """A demo's description as a reader meets it: rule options (``end_of_turn``) and hexes (``HO01``) in words,
    in every language (the ids are the names of files and addresses, not of the page)."""
    return plain_text(state, option_ids_in_words(text, english_too=True))


def presets_html(ruleset: Ruleset | None = None) -> str:
    """A table: each ruling, the value of each edition preset (and of ``ruleset`` if given), explained."""
    cell = "padding:5px 10px;border-bottom:1px solid #e5dccb;vertical-align:top"
    cols = list(PRESETS.items()) + ([("chosen", ruleset)] if ruleset is not None else [])
    head = "".join(f'<th style="{cell};text-align:left">{html.escape(preset_name(k))}</th>'
                   for k, _ in cols)
    rows = []
    for r in RULINGS:
        tds = []
        for _, rs in cols:
            v = getattr(rs, r.field)
            tds.append(f'<td style="{cell}"><b>{html.escape(option_words(v))}</b><br><span style="color:#6b6257;'
                       f'font-size:14px">{html.escape(r.explain(v))}</span></td>')
        rows.append(f'<tr><td style="{cell};white-space:nowrap"><b>{r.id}</b></td><td style="{cell}">'
                    f'{html.escape(r.title)}</td>{"".join(tds)}</tr>')
    point = html.escape(T.gettext("point"))
    return (f'<table class="samurai-rules-presets-table" style="border-collapse:collapse;{FONT};font-size:15px">'
            f'<tr><th style="{cell}"></th><th style="{cell};text-align:left">{point}</th>{head}</tr>{"".join(rows)}'
            '</table>')


def vocabulary_html(highlight: str | None = None) -> str:
    """The words of each edition side by side (the chosen edition's column marked)."""
    cell = "padding:4px 10px;border-bottom:1px solid #e5dccb"
    rows = [(T.gettext("the three castes"), lambda v: ", ".join(v.castes[c] for c in CASTES)),
            (T.gettext("what a player lays"), lambda v: v.tile),
            (T.gettext("what lies in a settlement"), lambda v: v.piece),
            (T.gettext("piece-exchange tile"), lambda v: v.swap),
            (T.gettext("tile-relocation tile"), lambda v: v.move),
            (T.gettext("the fast mark"), lambda v: v.fast),
            (T.gettext("player colours"), lambda v: ", ".join(v.colour(c) for c in v.colours))]
    head = "".join(f'<th style="{cell};text-align:left;{"background:#fff3c4" if k == highlight else ""}">{k}</th>'
                   for k in VOCABULARY)
    body = "".join(f'<tr><td style="{cell};color:#6b6257">{html.escape(label)}</td>'
                   + "".join(f'<td style="{cell};{"background:#fff8e1" if k == highlight else ""}">'
                             f'{html.escape(fn(v))}</td>' for k, v in VOCABULARY.items()) + "</tr>"
                   for label, fn in rows)
    return (f'<table class="samurai-rules-vocabulary-table" style="border-collapse:collapse;{FONT};font-size:15px">'
            f'<tr><th style="{cell}"></th>{head}</tr>{body}</table>')


# --- the demos -------------------------------------------------------------------------------------


#: On a projector the ruling's buttons and its two boards fit the screen: the ruling's long explanation scrolls in
#: a box of its own, the list of its values and each run's long words are left to the buttons and the headings,
#: the two runs side by side, and the boards are drawn no taller than the room below them.
PROJECTOR_LAYOUT = projector_rules("samurai-rules-panel", (
    ".samurai-ruling-text { display: none !important; }",
    ".samurai-ruling-run-words { display: none !important; }",
    ".samurai-ruling-demo-intro { max-height: 100px; overflow-y: auto !important; }",
    ".samurai-ruling-demo { flex-wrap: nowrap !important; }",
    ".samurai-ruling-run { width: calc(50% - 16px) !important; min-width: 0; }",
    ".samurai-ruling-run canvas.samurai-board-canvas { max-height: calc(100vh - 380px) !important; width: auto "
    "!important; height: auto !important; max-width: 100% !important; }",
))


@dataclass(frozen=True)
class RunResult:
    """One option's run of a ruling demo: the option's value, the final position and what happened."""

    label: str
    value: str
    explanation: str
    final: GameState
    lines: tuple[str, ...]
    focus: tuple[str, ...]

    def text(self) -> str:
        return " ".join(self.lines)


def _in_edition(variant, edition: str | None):
    """The variant with its words (vocabulary) switched to ``edition``."""
    if edition is None or variant.ruleset.edition == edition:
        return variant
    rs = variant.ruleset.with_options(edition=edition)
    return replace(variant, ruleset=rs, state=replace(variant.state, ruleset=rs))


def demo_runs(scenario, ruling: Ruling, edition: str | None = None) -> list[RunResult]:
    """The demo under the rules as written and under each variant, in ``edition``'s words."""
    out = []
    for v in scenario.runs:
        v2 = _in_edition(v, edition)
        played = scenario.walk(v2)
        lines: list[str] = []
        for p in played:
            if p.error is not None:
                lines.append(T.gettext("{action}? Not allowed: {reason}.").format(
                    action=action_text(p.before, p.step.action), reason=p.error))
                continue
            lines.append(" ".join([action_text(p.before, p.step.action) + ".",
                                   *outcome_lines(p.before, p.after, p.step.action, p.resolutions, None)]))
        final = played[-1].after if played else v2.state
        value = getattr(v2.ruleset, ruling.field)
        label = option_words(v.name) if v.name else T.gettext("as written")
        out.append(RunResult(label, value, ruling.explain(value), final, tuple(lines), tuple(scenario.focus)))
    return out


def ruling_scenarios(folder: Path | str = SCENARIO_DIR) -> dict[str, Path]:
    """Ruling id (``R2``) -> its demo scenario file."""
    return {e.key: e.path for e in catalogue(folder) if e.key.startswith("R") and e.key in RULINGS_BY_ID}


def _captured_words(state: GameState) -> str:
    vocab, nothing = state.ruleset.vocabulary, T.gettext("nothing")
    return "; ".join(f"{name}: " + (", ".join(vocab.count(c, n) for c, n in zip(CASTES, cap) if n) or nothing)
                     for name, cap in zip(seat_names(state), state.captured) if cap is not None)


class RulesPanel:
    """The rule variants panel (see the module doc)."""

    def __init__(self, edition: str = "1998", ruleset: Ruleset | None = None, folder: Path | str = SCENARIO_DIR,
                 hex_size: float = 16, ruling: str = "R2", header: bool = True) -> None:
        if edition not in PRESETS:
            raise ValueError(T.gettext("edition must be one of {editions}, not {edition}").format(
                editions=", ".join(PRESETS), edition=repr(edition)))
        self.ruleset = ruleset
        self.hex_size = hex_size
        self.feedback = Feedback()
        self.boards: list[BoardView] = []
        self.runs: list[RunResult] = []
        try:
            self.demos = ruling_scenarios(folder)
        except ValueError as e:
            self.demos = {}
            self.feedback.show(T.gettext("The demo positions could not be loaded: {error}").format(error=e),
                               "warning")

        self.edition = classed(widgets.ToggleButtons(options=[(T.gettext("1998 words"), "1998"),
                                                              (T.gettext("2015 words"), "2015")], value=edition),
                               "samurai-rules-edition")
        self.edition.observe(self.feedback.guard(lambda ch: self.set_edition(ch["new"])), names="value")
        self.presets = classed(widgets.HTML(), "samurai-rules-presets")
        self.vocabulary = classed(widgets.HTML(), "samurai-rules-vocabulary")
        self.ruling_buttons = classed(widgets.ToggleButtons(options=[(r.id, r.id) for r in RULINGS], value=ruling,
                                                            tooltips=[r.title for r in RULINGS]),
                                      *(f"samurai-ruling-{r.id}" for r in RULINGS), "samurai-ruling-choice")
        self.ruling_buttons.observe(self.feedback.guard(lambda ch: self.show_ruling(ch["new"])), names="value")
        self.ruling_text = classed(widgets.HTML(), "samurai-ruling-text")
        self.demo = classed(widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
                            "samurai-ruling-demo")
        self.demo_intro = classed(widgets.HTML(), "samurai-ruling-demo-intro")

        rulings = widgets.VBox([self.ruling_buttons, self.ruling_text, self.demo_intro, self.demo])
        self.tabs = classed(widgets.Tab(children=[rulings, self.presets, self.vocabulary],
                                        titles=(T.gettext("Rulings R1–R4"), T.gettext("Edition presets"),
                                                T.gettext("Edition words"))), "samurai-rules-tabs")
        heading = html.escape(T.gettext("Rule variants"))
        title_row = widgets.HBox([
            widgets.HTML(f'<h2 style="{FONT};margin:4px 16px 4px 0;font-size:24px;color:#6b4b1f">{heading}</h2>'),
            self.edition],
            layout=widgets.Layout(align_items="center"))
        self.widget = classed(widgets.VBox([
            projector_style("samurai-rules-panel"),
            widgets.HTML(PROJECTOR_LAYOUT, layout=widgets.Layout(display="none")),
            *([] if header else [title_row]),
            classed(widgets.HTML(f'<div style="{TEXT};margin-bottom:6px">'
                         + html.escape(T.gettext("The rulebooks disagree or stay silent on a few points. Here each of "
                                                 "them has a name (R1–R4) and you choose; the two editions come as "
                                                 "presets.")) + '</div>'), INTRO_CLASS),
            self.tabs, self.feedback.widget,
        ]), "samurai-rules-panel")
        self.header: AppHeader | None = None
        if header:  # the app of its own (variants.ipynb); inside the lesson it is a panel
            self.header = AppHeader("variants.ipynb", boards=self.boards, edition=self.edition)
            self.header.attach(self.widget)
        self.set_edition(edition)

    # --- API -------------------------------------------------------------------------------------------
    def set_edition(self, edition: str) -> None:
        """Use the words of ``edition`` everywhere in the panel."""
        if edition not in PRESETS:
            raise ValueError(T.gettext("edition must be one of {editions}, not {edition}").format(
                editions=", ".join(PRESETS), edition=repr(edition)))
        self.edition_value = edition
        self.edition.value = edition
        self.presets.value = presets_html(self.ruleset)
        self.vocabulary.value = vocabulary_html(edition)
        self.show_ruling(self.ruling_buttons.value)

    def show_ruling(self, ruling_id: str) -> None:
        """Explain one ruling and play its demo under each option, side by side."""
        ruling = RULINGS_BY_ID[ruling_id]
        self.ruling_buttons.value = ruling_id

        def presets_of(value: str) -> str:
            preset = T.gettext("({edition} edition preset)")
            return "".join(f' <span style="color:#6b6257">{html.escape(preset.format(edition=k))}</span>'
                           for k, rs in PRESETS.items() if getattr(rs, ruling.field) == value)

        choices = "".join(f'<li><b>{html.escape(option_words(v))}</b>: {html.escape(text)}{presets_of(v)}</li>'
                          for v, text in ruling.choices)
        self.ruling_text.value = (f'<div class="samurai-ruling-text-body" style="{TEXT};margin:6px 0"><b>{ruling.id}: '
                                  f'{html.escape(ruling.title)}</b><ul style="margin:4px 0">{choices}</ul></div>')
        path = self.demos.get(ruling_id)
        if path is None:
            self.runs = []
            self.demo_intro.value = (f'<div style="{TEXT};color:#6b6257">'
                                     + html.escape(T.gettext("No demo position for {ruling} was found.").format(
                                         ruling=ruling_id)) + '</div>')
            self.demo.children = []
            return
        scenario = load(path)
        self.runs = demo_runs(scenario, ruling, self.edition_value)
        self.demo_intro.value = (f'<div style="{TEXT};margin:4px 0"><b>{html.escape(scenario.title_text())}.</b> '
                                 f'{html.escape(demo_words(scenario.state, scenario.description_text()))}</div>')
        columns = []
        for k, run in enumerate(self.runs):
            board = self._board(k, run.final)
            board.set_focus(list(run.focus) or None)
            board.set_state(run.final)
            if concerned := settlements_concerned(run.final, run.focus):
                board.set_highlights(concerned, "preview")
            lines = "".join(f"<li>{html.escape(x)}</li>" for x in run.lines)
            reason = end_reason_text(run.final.end_reason or "", run.final.ruleset.vocabulary)
            over, captured = html.escape(T.gettext("Game over:")), html.escape(T.gettext("Captured:"))
            end = f"<div><b>{over}</b> {html.escape(reason)}</div>" if run.final.is_over else ""
            head = widgets.HTML(
                f'<div style="{TEXT}"><div style="font-size:18px;font-weight:bold;color:#0d47a1">'
                f'{ruling.id} = {html.escape(option_words(run.value))}</div><div class="samurai-ruling-run-words" '
                f'style="color:#6b6257;font-size:14px">'
                f'{html.escape(run.explanation)} — {html.escape(run.label)}</div></div>')
            outcome = classed(widgets.HTML(
                f'<div class="samurai-ruling-outcome-text" style="{FONT};font-size:15px;line-height:1.35">'
                f'<ul style="margin:4px 0;padding-left:18px">{lines}</ul>{end}'
                f'<div><b>{captured}</b> {html.escape(_captured_words(run.final))}</div></div>'),
                "samurai-ruling-outcome")
            columns.append(classed(widgets.VBox([head, board.widget, outcome], layout=widgets.Layout(
                width="480px", margin="0 14px 10px 0", padding="6px", border="1px solid #e5dccb")),
                "samurai-ruling-run"))
        self.demo.children = columns

    def _board(self, k: int, state: GameState) -> BoardView:
        while len(self.boards) <= k:
            self.boards.append(BoardView(state, hex_size=self.hex_size))
            if self.header is not None and self.header.projector_on and hasattr(self.boards[-1], "set_projector"):
                self.boards[-1].set_projector(True)
        return self.boards[k]
