"""The new-game form: a quick start (player count, who sits at each seat: a person or a bot of a
level, the bots' pause, Start) and, under "Advanced", the rules (``RulesetPanel``: edition, R1-R4,
setup, seed)."""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as widgets

from ..teaching.game_session import Player
from ..core.ruleset import PRESETS, RANDOM, Ruleset
from ..core.model import default_seats
from .ruleset_panel import RulesetPanel

PERSON = "person"


def bot_levels() -> list[tuple[str, str]]:
    """(level, one-line description) of every bot level."""
    from ..bots import BOTS

    return [(name, desc) for name, (desc, _) in BOTS.items()]


class NewGameForm:
    """Widgets describing a new game (CSS class ``samurai-new-game-form``)."""

    def __init__(self, bot_pause: float = 0.5, seed: int = 1) -> None:
        beginner = PRESETS["1998"].with_options(setup=RANDOM, hands=RANDOM)
        self.rules = RulesetPanel(n_players=2, ruleset=beginner, seed=seed)
        self.rules.apply_rules.layout.display = "none"  # an explorer's button: no position to keep here
        self.start_button = self.rules.new_game
        self.start_button.description = "Start the game"
        self.start_button.add_class("samurai-start")
        levels = bot_levels()
        options = [("Person", PERSON)] + [(f"Bot: {lv}", f"bot:{lv}") for lv, _ in levels]
        default_bot = "bot:greedy" if any(lv == "greedy" for lv, _ in levels) else options[-1][1]
        self.seat_labels = [widgets.HTML(layout=widgets.Layout(width="80px")) for _ in range(4)]
        self.kinds = [widgets.Dropdown(options=options, value=PERSON if k == 0 else default_bot,
                                       tooltip=f"Who plays seat {k + 1}: a person or a bot",
                                       layout=widgets.Layout(width="160px")) for k in range(4)]
        self.names = [widgets.Text(placeholder="name (optional)", layout=widgets.Layout(width="150px"))
                      for _ in range(4)]
        for k in range(4):
            self.kinds[k].add_class("samurai-seat-kind")
            self.kinds[k].add_class(f"samurai-seat-kind-{k}")
            self.names[k].add_class("samurai-seat-name")
        self.rows = [widgets.HBox([self.seat_labels[k], self.kinds[k], self.names[k]]) for k in range(4)]
        self.seats = widgets.VBox()
        self.seats.add_class("samurai-seats")
        levels_help = "; ".join(f"<b>{html.escape(lv)}</b>: {html.escape(d)}" for lv, d in levels)
        self.pause = widgets.BoundedFloatText(value=bot_pause, min=0.0, max=5.0, step=0.1,
                                              description="Bot pause (s)", style={"description_width": "95px"},
                                              layout=widgets.Layout(width="200px"))
        self.pause.add_class("samurai-bot-pause")
        # quick start: how many, who sits where, Start; the rules and rulings wait under "Advanced"
        self.start_button.layout = widgets.Layout(width="auto", min_width="180px", height="38px")
        self.start_button.tooltip = "Start with these seats (the rules under Advanced)"
        keep = [c for c in self.rules.widget.children
                if c is not self.rules.players and not (isinstance(c, widgets.HBox) and self.start_button in c.children)]
        self.rules.widget.children = [*keep, self.rules.seed]
        self.quick = widgets.VBox([
            widgets.HTML("<h2 style='margin:4px 0;font-size:20px'>Quick start</h2>"),
            widgets.HBox([widgets.HTML("<b>Players</b>", layout=widgets.Layout(width="80px")), self.rules.players],
                         layout=widgets.Layout(align_items="center")),
            self.seats,
            widgets.HBox([self.start_button, self.pause], layout=widgets.Layout(align_items="center",
                                                                               grid_gap="16px", margin="6px 0")),
        ])
        self.quick.add_class("samurai-quick-start")
        self.advanced = widgets.Accordion(children=[widgets.VBox([
            widgets.HTML(f"<div style='color:#555;font-size:90%;max-width:620px'>Bots: {levels_help}</div>"),
            widgets.HTML("<b>Rules</b>"),
            self.rules.widget,
        ])], selected_index=None)
        self.advanced.set_title(0, "Advanced: the edition's rules, the rulings R1–R4, setup and seed")
        self.advanced.add_class("samurai-advanced")
        self.widget = widgets.VBox([self.quick, self.advanced])
        self.widget.add_class("samurai-new-game-form")
        self.rules.players.observe(lambda _: self._sync_seats(), names="value")
        self.rules.edition.observe(lambda _: self._sync_seats(), names="value")
        self._sync_seats()

    @property
    def n_players(self) -> int:
        return self.rules.n_players

    @property
    def seed(self) -> int:
        return int(self.rules.seed.value)

    @property
    def bot_pause(self) -> float:
        return float(self.pause.value)

    def players(self) -> list[Player]:
        """The seats as chosen, with the names typed (if any)."""
        out = []
        for k in range(self.n_players):
            kind, name = self.kinds[k].value, self.names[k].value.strip() or None
            out.append(Player.person(name) if kind == PERSON else Player.bot(kind.split(":", 1)[1], name))
        return out

    def ruleset(self) -> Ruleset:
        return self.rules.ruleset()

    def on_start(self, callback: Callable[[], None]) -> None:
        self.start_button.on_click(lambda _b: callback())

    def _sync_seats(self) -> None:
        seats = default_seats(4, PRESETS[self.rules.edition.value])
        for k, seat in enumerate(seats):
            self.seat_labels[k].value = f"<b>{html.escape(seat.name)}</b>"
        self.seats.children = self.rows[: self.n_players]
