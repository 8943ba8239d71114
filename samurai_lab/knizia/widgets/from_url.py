"""The apps opened from an address with options: ``lesson.ipynb?chapter=4``, ``examples.ipynb?example=E2``.

Each function builds its app with its defaults first, then reads the page's
options (``samurai_lab.ui.query``; under preheated kernels that waits for the
request) and applies them. An unknown or malformed option is shown as a
warning in the app, never as a traceback. ``query`` is for tests.

The options of every app (the README's apps table lists them too):

=================  ==========================================================
app                options
=================  ==========================================================
explorer           ``players`` 2-4, ``edition`` 1998/2015, ``seed``,
                   ``start=midgame``, ``scenario`` (a file of scenarios/),
                   ``position`` (a position string) — ``Explorer.from_query``
examples           ``example`` (E1-E10, R1-R4)
lesson             ``chapter`` (1-8 or its id, e.g. ``capture``), ``edition``
variants           ``ruling`` (R1-R4), ``edition``
game               ``players`` 2-4, ``edition``
map                ``players`` 2-4
=================  ==========================================================
"""

from __future__ import annotations

from typing import Any

from ..core.ruleset import PRESETS, RULINGS
from ...ui.query import query_params

EXAMPLES_KEYS = ("example",)
LESSON_KEYS = ("chapter", "edition")
VARIANTS_KEYS = ("ruling", "edition")
GAME_KEYS = ("players", "edition")
MAP_KEYS = ("players",)


def examples_app(query: str | None = None, **kwargs: Any):
    """The rulebook examples, opened at ``?example=E2``."""
    from .examples import ExamplesApp

    app = ExamplesApp(**kwargs)
    q = query_params(EXAMPLES_KEYS, query)
    key = q.choice("example", [e.key for e in app.entries])
    if key is not None:
        app.feedback.guard(app.open)(key)
    q.report(app.feedback)
    return app


def lesson_app(query: str | None = None, **kwargs: Any):
    """The lesson, opened at ``?chapter=4`` (or ``?chapter=capture``), in ``?edition=2015``'s words."""
    from ..teaching.lessons import CHAPTERS
    from .lesson import LessonApp

    app = LessonApp(**kwargs)
    q = query_params(LESSON_KEYS, query)
    edition = q.choice("edition", tuple(PRESETS))
    chapter = q.text("chapter")
    index = None
    if chapter is not None:
        ids = [ch.id for ch in CHAPTERS]
        if chapter.isdigit() and 1 <= int(chapter) <= len(CHAPTERS):
            index = int(chapter) - 1
        elif chapter.lower() in ids:
            index = ids.index(chapter.lower())
        else:
            q.problems.append(f"chapter={chapter!r} is not a chapter (1 to {len(CHAPTERS)}, or one of "
                              f"{', '.join(ids)})")
    if edition is not None and edition != app.ruleset.edition:
        app.feedback.guard(app.set_edition)(edition)
    if index is not None:
        app.feedback.guard(app.open_task)(CHAPTERS[index].tasks[0])
    q.report(app.feedback)
    return app


def variants_app(query: str | None = None, **kwargs: Any):
    """The rule variants, opened at ``?ruling=R3`` in ``?edition=2015``'s words."""
    from .rules_panel import RulesPanel

    app = RulesPanel(**kwargs)
    q = query_params(VARIANTS_KEYS, query)
    edition = q.choice("edition", tuple(PRESETS))
    ruling = q.choice("ruling", [r.id for r in RULINGS])
    if edition is not None:
        app.feedback.guard(app.set_edition)(edition)
    if ruling is not None:
        app.feedback.guard(app.show_ruling)(ruling)
    q.report(app.feedback)
    return app


def game_app(query: str | None = None, **kwargs: Any):
    """A new game's form with ``?players=3`` and ``?edition=2015`` already chosen."""
    from .game import GameApp

    app = GameApp(**kwargs)
    q = query_params(GAME_KEYS, query)
    players = q.integer("players", 0, 2, 4)
    edition = q.choice("edition", tuple(PRESETS))
    rules = app.form.rules
    if edition is not None:
        rules.edition.value = edition
    if players:
        rules.players.value = players
    q.report(app.feedback)
    return app


def map_players(query: str | None = None) -> tuple[int, str]:
    """The map's player count from ``?players=3`` (default 4), and a warning ('' if none)."""
    q = query_params(MAP_KEYS, query)
    return q.integer("players", 4, 2, 4), q.message()
