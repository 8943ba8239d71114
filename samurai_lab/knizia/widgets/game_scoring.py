"""The end of a game: why it ended, who won, and the scoring chain step by step
(the scoring explainer of the teaching apps; CSS class ``samurai-scoring``)."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..render.theme import seat_colours
from ..core.scoring import score_state
from ..core.state import GameState
from .scoring_explainer import ScoringExplainer
from ..core.text import end_reason_text
from ...i18n import Domain
from ...ui.layout import classed

T = Domain("knizia")


def ending_html(state: GameState) -> str:
    """Why the game ended, and that the scoring follows."""
    reason = (end_reason_text(state.end_reason, state.ruleset.vocabulary) if state.end_reason
              else T.gettext("it was over"))
    title = html.escape(T.gettext("Game over"))
    because = html.escape(T.gettext("The game ended because {reason}.").format(reason=reason))
    steps = html.escape(T.gettext("The scoring, step by step:"))
    return (f"<div class='samurai-scoring-head'><h3 style='margin:4px 0'>{title}</h3>"
            f"<div style='color:#555'>{because} {steps}</div></div>")


def scoring_widget(state: GameState) -> widgets.Widget:
    """The scoring of a finished game (the full state: every player's captures known)."""
    vocab = state.ruleset.vocabulary
    explainer = ScoringExplainer(score_state(state), vocab.seat_names(state.seats), vocab,
                                 colours=seat_colours(state))
    return classed(widgets.VBox([widgets.HTML(ending_html(state)), explainer.widget]), "samurai-scoring")
