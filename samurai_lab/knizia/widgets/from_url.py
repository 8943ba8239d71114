"""The apps opened from an address with options: ``lesson.ipynb?chapter=4``, ``examples.ipynb?example=E2``.

Each function first sets the page's language (``ui.language.open_page``; under preheated kernels that waits
for the request, so the imports come before it), builds its app in it, then applies the page's other options
(``ui.query``): a bad one is a warning in the app, never a traceback. ``query`` is for tests.

The options of every app besides ``lang``: the ``*_KEYS`` below, explained in the README's apps table.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.ruleset import PRESETS, RULINGS
from ...i18n import Domain
from ...ui.language import open_page
from ...ui.query import Query, query_params

T = Domain("knizia")

EXAMPLES_KEYS = ("example", "step", "variant")
LESSON_KEYS = ("chapter", "edition", "task", "solved")
VARIANTS_KEYS = ("ruling", "edition")
GAME_KEYS = ("players", "edition", "record")
TOURNAMENT_KEYS = ("players", "games", "seed")
MAP_KEYS = ("players",)


def _opened(app_class: Callable[..., Any], query: str | None, keys: tuple[str, ...],
            kwargs: dict[str, Any]) -> tuple[Any, Query]:
    """The app built in the page's language (``open_page`` first), and its address options ``keys``."""
    open_page(query)
    return app_class(**kwargs), query_params(keys, query)


def examples_app(query: str | None = None, **kwargs: Any):
    """The rulebook examples, opened at ``?example=E2``."""
    from .examples import ExamplesApp

    app, q = _opened(ExamplesApp, query, EXAMPLES_KEYS, kwargs)
    if (key := q.choice("example", [e.key for e in app.entries])) is not None:
        app.feedback.guard(app.open)(key)
        if app.stepper is not None:
            variant = q.choice("variant", [name for name in app.stepper.example.variants if name])
            if variant is not None:
                app.variant.value = variant  # the switch's handler opens it
            step = q.integer("step", 0, 0, app.stepper.count)
            app.feedback.guard(app.go)(step)
            app.player.value = step  # the play button is linked to the slider in the page: both start there
    q.report(app.feedback)
    return app


def lesson_app(query: str | None = None, **kwargs: Any):
    """The lesson, opened at ``?chapter=4`` (or ``?chapter=capture``), in ``?edition=2015``'s words."""
    from ..teaching.lessons import CHAPTERS, TASKS
    from .lesson import LessonApp

    app, q = _opened(LessonApp, query, LESSON_KEYS, kwargs)
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
            q.problems.append(T.gettext("{option} is not a chapter (1 to {n}, or one of {ids})").format(
                option=f"chapter={chapter!r}", n=len(CHAPTERS), ids=", ".join(ids)))
    task = q.choice("task", [t.id for t in TASKS])
    solved = {t.strip() for t in (q.text("solved") or "").split(",")}
    app.solved.update(t.id for t in TASKS if t.id in solved)  # the progress carried by a language link
    if edition is not None and edition != app.ruleset.edition:
        app.feedback.guard(app.set_edition)(edition)
    if task is not None:
        app.feedback.guard(app.open_task)(task)
    elif index is not None:
        app.feedback.guard(app.open_task)(CHAPTERS[index].tasks[0])
    q.report(app.feedback)
    return app


def variants_app(query: str | None = None, **kwargs: Any):
    """The rule variants, opened at ``?ruling=R3`` in ``?edition=2015``'s words."""
    from .rules_panel import RulesPanel

    app, q = _opened(RulesPanel, query, VARIANTS_KEYS, kwargs)
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

    app, q = _opened(GameApp, query, GAME_KEYS, kwargs)
    players = q.integer("players", 0, 2, 4)
    edition = q.choice("edition", tuple(PRESETS))
    rules = app.form.rules
    if edition is not None:
        rules.edition.value = edition
    if players:
        rules.players.value = players
    if (record := q.text("record")) is not None:
        try:
            app.resume(record)
        except ValueError:
            app.feedback.show(T.gettext("The game in this link could not be read, so a new game's form is shown "
                                        "instead."), "warning")
    if q.problems:
        app.feedback.show(" ".join(filter(None, (app.feedback.text, q.message()))), "warning")
    return app


def tournament_app(query: str | None = None, **kwargs: Any):
    """The bot tournament with ``?players=3``, ``?games=50`` and ``?seed=2`` already chosen."""
    from .tournament import TournamentApp

    open_page(query)
    q = query_params(TOURNAMENT_KEYS, query)
    players = q.integer("players", kwargs.pop("players", 2), 2, 4)
    games = q.integer("games", kwargs.pop("games", 20), 1, 2000)
    seed = q.seed("seed", kwargs.pop("seed", 1))
    app = TournamentApp(players=players, games=games, seed=seed, **kwargs)
    q.report(app.feedback)
    return app


def map_app(query: str | None = None, **kwargs: Any):
    """The map with ``?players=3`` (default 4), under the site's header."""
    from ...ui.header import header_for
    from .board_map import MapApp

    open_page(query)
    q = query_params(MAP_KEYS, query)
    app = MapApp(q.integer("players", 4, 2, 4), **kwargs)
    if q.problems:
        app.info.value = q.message()
    header_for("map.ipynb", app.widget, boards=[app.view])
    return app
