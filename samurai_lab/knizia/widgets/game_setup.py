"""The new-game form: a quick start (player count, who sits at each seat: a person or a bot of a
level, the bots' pause, Start) and, under "Advanced", the rules (``RulesetPanel``: edition, R1-R4,
setup, seed)."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..teaching.game_session import Player, bot_level_name, bot_level_text
from ..core.ruleset import PRESETS, RANDOM, Ruleset
from ..core.model import default_seats
from .ruleset_panel import RulesetPanel
from ...common.limits import parse_seed
from ...ui.layout import classed
from ...i18n import Domain

T = Domain("knizia")

PERSON = "person"


def bot_levels() -> list[tuple[str, str]]:
    """(level, one-line description in the current language) of every bot level."""
    from ..bots import BOTS

    return [(name, bot_level_text(name) or desc) for name, (desc, _) in BOTS.items()]


def bot_levels_html(levels: list[tuple[str, str]]) -> str:
    """Every bot level's name and what it does, in one paragraph."""
    return "; ".join(f"<b>{html.escape(bot_level_name(lv))}</b>: {html.escape(d)}" for lv, d in levels)


class NewGameForm:
    """Widgets describing a new game (CSS class ``samurai-new-game-form``)."""

    def __init__(self, bot_pause: float = 0.5, seed: int = 1) -> None:
        beginner = PRESETS["1998"].with_options(setup=RANDOM, hands=RANDOM)
        self.rules = RulesetPanel(n_players=2, ruleset=beginner, seed=seed)
        self.rules.apply_rules.layout.display = "none"  # an explorer's button: no position to keep here
        self.start_button = self.rules.new_game
        self.start_button.description = T.gettext("Start the game")
        self.start_button.add_class("samurai-start")
        levels = bot_levels()
        options = [(T.gettext("Person"), PERSON)] + [(T.gettext("Bot: {level}").format(level=bot_level_name(lv)),
                                                      f"bot:{lv}") for lv, _ in levels]
        default_bot = "bot:greedy" if any(lv == "greedy" for lv, _ in levels) else options[-1][1]
        self.seat_labels = [widgets.HTML(layout=widgets.Layout(width="80px")) for _ in range(4)]
        self.kinds = [classed(widgets.Dropdown(
            options=options, value=PERSON if k == 0 else default_bot, layout=widgets.Layout(width="160px"),
            tooltip=T.gettext("Who plays seat {n}: a person or a bot").format(n=k + 1)),
            "samurai-seat-kind", f"samurai-seat-kind-{k}") for k in range(4)]
        self.names = [classed(widgets.Text(placeholder=T.gettext("name (optional)"),
                                           layout=widgets.Layout(width="150px")), "samurai-seat-name")
                      for _ in range(4)]
        self.rows = [widgets.HBox([self.seat_labels[k], self.kinds[k], self.names[k]]) for k in range(4)]
        self.seats = classed(widgets.VBox(), "samurai-seats")
        self.pause = classed(widgets.BoundedFloatText(value=bot_pause, min=0.0, max=5.0, step=0.1,
                                                      description=T.gettext("Bot pause (s)"),
                                                      style={"description_width": "initial"},
                                                      layout=widgets.Layout(width="auto")), "samurai-bot-pause")
        # quick start: how many, who sits where, Start; the rules and rulings wait under "Advanced"
        self.start_button.layout = widgets.Layout(width="auto", min_width="180px", height="38px")
        self.start_button.tooltip = T.gettext("Start with these seats (the rules under Advanced)")
        keep = [c for c in self.rules.widget.children
                if c is not self.rules.players and not (isinstance(c, widgets.HBox) and self.start_button in c.children)]
        self.rules.widget.children = [*keep, self.rules.seed]
        self.quick = classed(widgets.VBox([
            widgets.HTML("<h2 style='margin:4px 0;font-size:20px'>{}</h2>".format(html.escape(T.gettext("Quick start")))),
            widgets.HBox([widgets.HTML("<b>{}</b>".format(html.escape(T.gettext("Players"))),
                                       layout=widgets.Layout(width="80px")), self.rules.players],
                         layout=widgets.Layout(align_items="center")),
            self.seats,
            widgets.HBox([self.start_button, self.pause], layout=widgets.Layout(align_items="center",
                                                                               grid_gap="16px", margin="6px 0")),
        ]), "samurai-quick-start")
        self.advanced = classed(widgets.Accordion(children=[widgets.VBox([
            widgets.HTML("<div style='color:#555;font-size:90%;max-width:620px'>{}</div>".format(
                T.gettext("Bots: {levels}").format(levels=bot_levels_html(levels)))),
            widgets.HTML("<b>{}</b>".format(html.escape(T.gettext("Rules")))),
            self.rules.widget,
        ])], selected_index=None), "samurai-advanced")
        self.advanced.set_title(0, T.gettext("Advanced: the edition's rules, the rulings R1–R4, setup and seed"))
        self.widget = classed(widgets.VBox([self.quick, self.advanced]), "samurai-new-game-form")
        self.rules.players.observe(lambda _: self._sync_seats(), names="value")
        self.rules.edition.observe(lambda _: self._sync_seats(), names="value")
        self._sync_seats()

    @property
    def n_players(self) -> int:
        return self.rules.n_players

    @property
    def seed(self) -> int:
        return parse_seed(self.rules.seed.value)  # ValueError saying why for a seed no sane form sends

    @property
    def bot_pause(self) -> float:
        return float(self.pause.value)

    def players(self) -> list[Player]:
        """The seats as chosen, with the names typed (if any)."""
        seats = [(self.kinds[k].value, self.names[k].value.strip() or None) for k in range(self.n_players)]
        return [Player.person(name) if kind == PERSON else Player.bot(kind.split(":", 1)[1], name)
                for kind, name in seats]

    def ruleset(self) -> Ruleset:
        return self.rules.ruleset()

    def _sync_seats(self) -> None:
        ruleset = PRESETS[self.rules.edition.value]
        for label, name in zip(self.seat_labels, ruleset.vocabulary.seat_names(default_seats(4, ruleset))):
            label.value = f"<b>{html.escape(name)}</b>"
        self.seats.children = self.rows[: self.n_players]
