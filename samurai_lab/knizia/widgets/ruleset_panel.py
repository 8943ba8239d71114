"""Choose the player count, the edition preset and every ruling (R1-R4) with its one-line explanation.

``RulesetPanel.ruleset()`` is the ``Ruleset`` the fields describe; a preset sets every ruling to its value.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..core.ruleset import BY_PLAYER_COUNT, CHOSEN, HIDDEN, OPEN, PRESETS, RANDOM, RULINGS, VOCABULARY, Ruleset
from ...i18n import N_, Domain
from ...ui.layout import classed
from ..teaching.example_words import option_words
from .edit_panel import _options

T = Domain("knizia_teach")

PRESET_LABELS = {"1998": N_("1998 edition (Hans im Glück / Rio Grande)"), "2015": N_("2015 edition (Fantasy Flight)")}
_CAPTURES = ((N_("open with 2 players, hidden with 3-4"), BY_PLAYER_COUNT), (N_("always open"), OPEN),
             (N_("always hidden"), HIDDEN))


def _explain(text: str) -> str:
    return f'<div style="color:#555;font-size:90%;margin:0 0 4px 8px">{html.escape(text)}</div>'


def setup_help(edition: str = "1998") -> str:
    """The setup's order in the rulebooks, in the current language and the edition's words."""
    vocab = VOCABULARY[edition]
    text = T.gettext("in the rulebooks' order: first every player chooses 5 of his 20 {tiles} in secret (or draws "
                     "them at random), then the {pieces} are placed from the first player, cities before villages "
                     "(or dealt at random); play begins with the first player").format(tiles=vocab.tiles,
                                                                                        pieces=vocab.pieces)
    setup = html.escape(T.gettext("Setup"))
    return f"<b>{setup}</b> <span style='color:#555;font-size:90%'>{html.escape(text)}</span>"


def _setup_options(edition: str) -> list[tuple[str, str]]:
    pieces = VOCABULARY[edition].pieces
    return [(T.gettext("random {pieces}").format(pieces=pieces), RANDOM),
            (T.gettext("place {pieces} yourself").format(pieces=pieces), CHOSEN)]


class RulesetPanel:
    """The widgets of a game's rules (CSS class ``samurai-rules``)."""

    def __init__(self, n_players: int = 4, ruleset: Ruleset = PRESETS["1998"], seed: int = 1) -> None:
        wide = widgets.Layout(width="auto")
        self.players = classed(widgets.ToggleButtons(
            options=[(T.ngettext("{n} player", "{n} players", n).format(n=n), n) for n in (2, 3, 4)],
            value=n_players, style={"button_width": "80px"}), "samurai-players")
        self.edition = classed(widgets.Dropdown(options=[(T.gettext(v), k) for k, v in PRESET_LABELS.items()],
                                                value=ruleset.edition, description=T.gettext("Edition"), layout=wide),
                               "samurai-edition")
        self.rulings: dict[str, widgets.Dropdown] = {}
        self.explanations: dict[str, widgets.HTML] = {}
        rows: list[widgets.Widget] = []
        for r in RULINGS:
            dd = classed(widgets.Dropdown(options=[(option_words(v), v) for v, _ in r.choices],
                                          value=getattr(ruleset, r.field), layout=widgets.Layout(width="260px"),
                                          disabled=len(r.choices) == 1), f"samurai-ruling-{r.id}")
            ex = widgets.HTML()
            self.rulings[r.field], self.explanations[r.field] = dd, ex
            dd.observe(lambda ch, f=r.field: self._explain(f), names="value")
            rows += [widgets.HTML(f"<b>{r.id}</b> {html.escape(r.title)}"), dd, ex]
            self._explain(r.field)
        self.setup = widgets.ToggleButtons(options=_setup_options(ruleset.edition), value=ruleset.setup,
                                           style={"button_width": "auto"})
        self.hands = widgets.ToggleButtons(options=[(T.gettext("random hands"), RANDOM),
                                                    (T.gettext("choose hands yourself"), CHOSEN)],
                                           value=ruleset.hands, style={"button_width": "auto"})
        self.captures = widgets.Dropdown(options=[(T.gettext(label), v) for label, v in _CAPTURES],
                                         value=ruleset.captures_visible, description=T.gettext("Captures"),
                                         layout=wide)
        self.seed = widgets.IntText(value=seed, description=T.gettext("Seed"), layout=widgets.Layout(width="160px"))
        self.new_game = classed(widgets.Button(description=T.gettext("New game"), button_style="primary", icon="play"),
                                "samurai-new-game")
        self.apply_rules = widgets.Button(description=T.gettext("Use these rules here"), icon="check",
                                          tooltip=T.gettext("Keep the position, change its rules"))
        self.edition.observe(self._on_preset, names="value")
        self.widget = classed(widgets.VBox([
            self.players, self.edition, *rows,
            widgets.HTML(setup_help(ruleset.edition)), self.hands, self.setup, self.captures,
            widgets.HBox([self.seed, self.new_game, self.apply_rules]),
        ]), "samurai-rules")

    def _explain(self, field: str) -> None:
        ruling = next(r for r in RULINGS if r.field == field)
        self.explanations[field].value = _explain(ruling.explain(self.rulings[field].value))

    def _on_preset(self, change: dict) -> None:
        preset = PRESETS[change["new"]]
        _options(self.setup, _setup_options(change["new"]))
        for r in RULINGS:
            self.rulings[r.field].value = getattr(preset, r.field)

    @property
    def n_players(self) -> int:
        return int(self.players.value)

    def ruleset(self) -> Ruleset:
        """The rules the fields describe (ValueError if a combination is invalid)."""
        return Ruleset(edition=self.edition.value, setup=self.setup.value, hands=self.hands.value,
                       captures_visible=self.captures.value, **{f: d.value for f, d in self.rulings.items()})

    def show(self, ruleset: Ruleset, n_players: int) -> None:
        """Put ``ruleset`` and the player count into the fields."""
        self.players.value = n_players
        self.edition.value = ruleset.edition
        for f, dd in self.rulings.items():
            dd.value = getattr(ruleset, f)
        self.setup.value, self.hands.value = ruleset.setup, ruleset.hands
        self.captures.value = ruleset.captures_visible
