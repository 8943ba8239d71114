"""The map app: the board of every player count, with its key, and a hex's words under the pointer."""

from __future__ import annotations

import ipywidgets as widgets

from ..core.ruleset import EDITION_1998
from ..core.state import GameState, new_game
from ..render.describe import hover_text
from ..render.svg import legend_svg
from ...i18n import Domain
from ...ui.layout import classed, css_widget, NARROW_PX
from .board import BoardView

T = Domain("knizia")

#: On a narrow screen the key comes under the board.
MAP_CSS = f"@media (max-width:{NARROW_PX}px) {{.samurai-map-legend {{order:2}}}}"


class MapApp:
    """The board of every player count, with its key, and a hex's words under the pointer
    (CSS class ``samurai-map``); ``widget`` is what to display."""

    def __init__(self, players: int = 4, hex_size: float = 19) -> None:
        self.view = BoardView(self.setup(players), hex_size=hex_size)
        self.intro = classed(widgets.HTML("<p>{}</p>".format(T.gettext(
            "The board of <i>Samurai</i>: Honshu for 2 players, plus Kyushu and Shikoku for 3, plus Hokkaido for 4. "
            "The caste pieces are shown in a random setup. Point at a hex to see its id, its kind and what lies "
            "there; on a settlement, its pieces and who has influence on them."))), "samurai-intro")
        self.players = widgets.ToggleButtons(options=[2, 3, 4], value=players, description=T.gettext("Players"))
        self.info = classed(widgets.Label(T.gettext("Point at a hex.")), "samurai-map-hover")
        self.legend = widgets.HTML(legend_svg(self.view.state))
        self.view.on_hover(self.show_hex)
        self.players.observe(self.view.guard(lambda change: self.set_players(change["new"])), names="value")
        # the key beside the board, which takes the room left (the board fits it, as in the explorer)
        board_column = widgets.VBox([self.view.widget], layout=widgets.Layout(flex="1 1 420px", min_width="0"))
        self.legend.layout = widgets.Layout(flex="0 0 auto", margin="0 12px 0 0")
        self.legend.add_class("samurai-map-legend")
        controls = widgets.HBox([self.players, self.info], layout=widgets.Layout(align_items="center",
                                                                                 flex_flow="row wrap"))
        self.widget = classed(widgets.VBox([css_widget(MAP_CSS), self.intro, controls,
                                            widgets.HBox([self.legend, board_column], layout=widgets.Layout(
                                                align_items="flex-start", flex_flow="row wrap"))]), "samurai-map")

    @staticmethod
    def setup(players: int) -> GameState:
        """The board of ``players`` with caste pieces in a random setup (one per player count)."""
        return new_game(players, EDITION_1998.with_options(setup="random", hands="random"), seed=players)

    def set_players(self, players: int) -> None:
        """Show the board of ``players``."""
        if self.players.value != players:
            self.players.value = players
            return
        self.view.set_state(self.setup(players))
        self.legend.value = legend_svg(self.view.state)

    def show_hex(self, index: int | None) -> None:
        """Put the words of hex ``index`` under the buttons (the invitation when the pointer leaves)."""
        self.info.value = hover_text(self.view.state, index) or T.gettext("Point at a hex.")
