"""The tour of the rules engine (``engine_tour.ipynb``): its prose in the reader's language, ``open_tour()``
first."""

from __future__ import annotations

from typing import Sequence

from ...i18n import N_, Domain

T = Domain("knizia_teach")

#: One paragraph per step of the tour, translated where shown.
PARAGRAPHS: dict[str, str] = {
    "intro": N_("The rules engine without any widgets: the real map, a seeded random game played to its end, "
                "and the scoring explained. Every state draws itself as a picture."),
    "start": N_("A new game for four players, with the rules of the 1998 edition; the caste pieces are dealt at "
                "random and every hand is drawn at random."),
    "play": N_("The same game played to its end by random moves: every action is checked by the rules engine."),
    "score": N_("The scoring of the final position, step by step, as the rulebook describes it."),
}


def open_tour(query: str | None = None) -> str:
    """Set the page's language (``?lang=``, else the browser's, else English), before anything is shown."""
    from ...ui.language import open_page

    return open_page(query)


def paragraph(step: str) -> str:
    """The tour's paragraph for ``step`` (``intro``, ``start``, ``play``, ``score``) in the current language."""
    if step not in PARAGRAPHS:
        raise ValueError(T.gettext("no tour step {step}; steps are {steps}").format(
            step=repr(step), steps=", ".join(PARAGRAPHS)))
    return T.gettext(PARAGRAPHS[step])


def say(step: str) -> None:
    """Show the paragraph of ``step`` as the notebook's prose (Markdown under voila)."""
    from IPython.display import Markdown, display

    display(Markdown(paragraph(step)))


def game_summary(end, actions: Sequence) -> str:
    """How many actions the game took and why it ended, in the current language."""
    from ..core.text import end_reason_text

    return "\n".join([
        T.ngettext("{n} action, every one checked by the rules engine.",
                   "{n} actions, every one checked by the rules engine.", len(actions)).format(n=len(actions)),
        T.gettext("The game ended because {reason}").format(
            reason=end_reason_text(end.end_reason or "", end.ruleset.vocabulary)),
    ])


def score_summary(end, report) -> str:
    """The scoring explained, step by step, and the winner(s), in the current language."""
    names = end.ruleset.vocabulary.seat_names(end.seats)
    winners = ", ".join(names[p] for p in report.winners)
    return report.explanation() + "\n" + T.ngettext("Winner: {players}", "Winners: {players}",
                                                    len(report.winners)).format(players=winners)
