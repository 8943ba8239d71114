"""The header every app shares: its name, the links to the other apps and home, the language switch, the
edition switch (where the app has one), "show coordinates" (where the app names hexes) and projector mode.

::

    header = AppHeader("explorer.ipynb", root=app.widget, boards=[app.board], edition=toggle)
    app.widget.children = (header.widget, *app.widget.children)

A small script the header carries gives the page its title and ``<html lang>`` (voila's template has
neither) and names the controls the widget library leaves nameless (``web/a11y.js``); its stylesheets are
``web/header.css`` and, for projector mode, ``web/header_projector.css``. Every link to another app
carries ``lang`` (and ``projector=1`` when on), so the choice follows the user; the language links also
carry the app's work (``keep_work``), since a page's texts are translated when it is built. The links are
relative, between the notebooks of one folder.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import parse_qsl, urlencode

import ipywidgets as widgets

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, Domain, get_language
from .common import KINDS
from .language import APP_LANGUAGES, LANG_OPTION, language_links, unknown_language
from .layout import classed, css_widget, LAYOUT_CSS, SCROLL_X_CLASS, set_traits
from .projector import PROJECTOR_CLASS, PROJECTOR_CSS as BOARD_PROJECTOR_CSS, set_projector
from .query import PAGE_OPTIONS, Query, query_string
from .runtime import in_browser
from .scroll_focus import script_output
from .web_files import call_script, web_file

T = Domain("ui")

SITE = "samurai_lab"
HOME = "index.ipynb"
HEADER_CLASS = "samurai-app-header"


@dataclass(frozen=True)
class AppLink:
    """One app of the site: its notebook, its name, one line about it, its picture, its game."""

    notebook: str
    name: str
    line: str
    picture: str = ""
    game: str = "knizia"
    languages: tuple[str, ...] = APP_LANGUAGES

    @property
    def key(self) -> str:
        return self.notebook.removesuffix(".ipynb")

    def name_text(self) -> str:
        """The app's name in the current language."""
        return T.gettext(self.name)

    def line_text(self) -> str:
        """The app's one line in the current language."""
        return T.gettext(self.line)


#: Every app, in the order the header lists them (the landing page groups them by path).
APPS: tuple[AppLink, ...] = (
    AppLink("lesson.ipynb", N_("Lesson"), N_("Learn the rules one idea at a time, with tasks on the board."), "lesson"),
    AppLink("examples.ipynb", N_("Rulebook examples"),
            N_("Every example of the rulebooks, step by step, then try it."), "examples"),
    AppLink("scoring.ipynb", N_("Scoring"), N_("How the winner is decided: leaderships, other castes, totals."),
            "scoring"),
    AppLink("explorer.ipynb", N_("Explorer"), N_("Set up any position, try a move and see who would take what."),
            "explorer"),
    AppLink("variants.ipynb", N_("Rule variants"),
            N_("The same position under the rulings where the rulebooks differ."), "variants"),
    AppLink("study.ipynb", N_("Studies"),
            N_("A teacher's positions of any of the three games, with words and questions, step by step."), "",
            languages=(*APP_LANGUAGES, "fr")),
    AppLink("game.ipynb", N_("Play"), N_("A full game against friends at one screen or against bots."), "game"),
    AppLink("tournament.ipynb", N_("Tournament"), N_("Bots against bots over many games, charted."), "tournament"),
    AppLink("map.ipynb", N_("Map"), N_("The board for 2, 3 and 4 players: islands, cities, villages and Edo."), "map"),
    AppLink("engine_tour.ipynb", N_("Engine tour"), N_("The rules engine in Python, without widgets."), ""),
    AppLink("katana.ipynb", N_("Katana"), N_("Samurai of rulebook 003: challenges across Katana squares."), "katana",
            "katana"),
    AppLink("ikizumari.ipynb", N_("Iki-zumari"),
            N_("Samouraï of rulebook 004: announce distance and symbol, leave the opponent no move (IKI-ZUMARI)."),
            "ikizumari", "ikizumari", (*APP_LANGUAGES, "fr")),
    AppLink("together.ipynb", N_("Play with others"),
            N_("A game between your own phones, tablets and computers: each player opens his link."), "",
            languages=(*APP_LANGUAGES, "fr")),
    AppLink("puzzles.ipynb", N_("Puzzles"),
            N_("Positions from real games with one best answer, proved by search: find it, for all three games."),
            "puzzles"),
)
APP_BY_NOTEBOOK: dict[str, AppLink] = {a.notebook: a for a in APPS}


def available(apps: Iterable[AppLink] = APPS, folder: Path | str | None = None) -> list[AppLink]:
    """The apps whose notebook exists in ``folder`` (default: the working folder, where voila runs
    a notebook). Knizia's apps are always listed; the other games' once their notebook is there."""
    where = Path(folder) if folder is not None else Path.cwd()
    return [a for a in apps if a.game == "knizia" or (where / a.notebook).exists()]


def page_title(name: str) -> str:
    """``Explorer — samurai_lab`` (``name`` as shown, already in the page's language)."""
    return f"{name} — {SITE}" if name else SITE


# --- the address's query --------------------------------------------------------------------
#: The query options every app's header understands (``?projector=1``, ``?coordinates=1``); with ``lang``
#: they are the options of every page (``query.PAGE_OPTIONS``).
HEADER_OPTIONS = tuple(sorted(PAGE_OPTIONS - {LANG_OPTION}))


def page_query(query: Mapping[str, str] | str | None = None) -> list[tuple[str, str]]:
    """The page's options in order, from ``query`` (a mapping or a query string; default: its address)."""
    if isinstance(query, Mapping):
        return [(str(k), str(v)) for k, v in query.items()]
    if query is None:
        query = query_string()
    return parse_qsl(query.lstrip("?"), keep_blank_values=True)


def page_name(notebook: str) -> str:
    """The page of ``notebook``: itself under voila, ``<name>.html`` in the static site (Pyodide)."""
    return notebook.removesuffix(".ipynb") + ".html" if in_browser() else notebook


def app_href(notebook: str, lang: str | None = None, projector: bool = False,
             options: Iterable[tuple[str, str]] = ()) -> str:
    """The address of ``notebook`` with ``options``, ``projector=1`` when on, and ``lang`` last:
    ``explorer.ipynb?projector=1&lang=it``."""
    pairs = [(k, v) for k, v in options if k not in (LANG_OPTION, "projector")]
    if projector:
        pairs.append(("projector", "1"))
    if lang:
        pairs.append((LANG_OPTION, lang))
    page = page_name(notebook)
    return f"{page}?{urlencode(pairs)}" if pairs else page


def is_on(value: str | None) -> bool:
    """``1``, ``true``, ``yes``, ``on`` (any case) are on."""
    return str(value or "").strip().lower() in {"1", "true", "yes", "on"}


# --- projector mode ---------------------------------------------------------------------
PROJECTOR_CSS = web_file(__package__, "header_projector.css")

HEADER_CSS = web_file(__package__, "header.css")


def a11y_script() -> str:
    """``web/a11y.js``, kept up to date as widgets come and go: a slider handle is named after its slider's
    label (or "Position"), a button without text after its tooltip; its names in the current language."""
    words = {"position": T.gettext("Position"), "play": T.pgettext("media button", "Play"),
             "pause": T.gettext("Pause"), "stop": T.gettext("Stop"), "repeat": T.gettext("Repeat"),
             "picture": T.gettext("A picture of the board")}
    return call_script(__package__, "a11y.js", words)


def page_words() -> dict[str, str]:
    """The page template's words for an app that has stopped and for a server that is gone."""
    return {"stopped": T.gettext("This app has stopped: its connection to the server ended. Reload the page to "
                                 "start it again."),
            "reload": T.gettext("Reload"),
            "gone": T.gettext("The server cannot be reached: it has stopped, or the network is down. This page "
                              "will reload by itself as soon as the server is back, where you left off."),
            "waiting": T.gettext("Waiting for the server…")}


def _page_script(title: str, lang: str = "en") -> str:
    """The page's title and language (always set: voila's template says ``en``), the words of the page
    template (``page_words``) and the a11y names."""
    return (f"document.title = {json.dumps(title)};"
            f"document.documentElement.lang = {json.dumps(lang)};"
            f"window.samuraiPageWords = {json.dumps(page_words())};"
            + a11y_script())


def nav_html(current: str, apps: Iterable[AppLink] | None = None, lang: str | None = None,
             projector: bool = False) -> str:
    """The links to home and every app, the current one marked ``aria-current="page"``, each carrying ``lang``
    (default: the current language) and ``projector=1`` when ``projector``."""
    lang = lang or get_language()
    home_cur = ' aria-current="page"' if current == HOME else ""
    home = html.escape(T.gettext("Home"))
    home_lang = lang if lang in APP_LANGUAGES else DEFAULT_LANGUAGE
    links = [f'<a href="{html.escape(app_href(HOME, home_lang, projector))}"{home_cur}>{home}</a>']
    for a in (available() if apps is None else apps):
        cur = ' aria-current="page"' if a.notebook == current else ""
        title, code = a.line_text(), lang
        if lang not in a.languages:  # an app that does not speak the page's language opens in English, and says so
            in_english = T.gettext("in English")
            title, code = f"{title} ({in_english})", DEFAULT_LANGUAGE
        links.append(f'<a href="{html.escape(app_href(a.notebook, code, projector))}"{cur} '
                     f'title="{html.escape(title)}">{html.escape(a.name_text())}</a>')
    label = T.gettext("The apps of {site}").format(site=SITE)
    return f'<nav class="{SCROLL_X_CLASS}" aria-label="{html.escape(label)}">{"".join(links)}</nav>'


def language_nav_html(notebook: str, languages: Iterable[str] = APP_LANGUAGES, lang: str | None = None,
                      options: Iterable[tuple[str, str]] = (), projector: bool = False) -> str:
    """The language switch: a link to ``notebook`` in each of ``languages`` with the page's other
    ``options`` kept, the current language marked ``aria-current``."""
    lang = lang or get_language()
    options = list(options)
    links = language_links(lang, lambda code: app_href(notebook, code, projector, options),
                           [code for code in languages if code in LANGUAGES])
    label = html.escape(T.gettext("Language"))
    return f'<nav class="samurai-languages" aria-label="{label}">{links}</nav>'


class AppHeader:
    """The header of one app (CSS class ``samurai-app-header``); ``widget`` goes on top of the app.

    ``notebook`` names the app (from ``APPS``, else ``name``); ``root`` gets ``samurai-projector`` in projector
    mode, ``boards`` their ``set_projector(on)``; ``edition``: the app's edition switch; ``coordinates``: a
    callback ``(on)`` that adds a "Show coordinates" switch; ``extra``: more widgets for the header's row;
    ``query``: the page's options (default: its address); ``languages``: the switch's (default: the app's)."""

    def __init__(self, notebook: str, *, name: str | None = None, root: widgets.DOMWidget | None = None,
                 boards: Iterable[Any] = (), edition: widgets.Widget | None = None,
                 coordinates: Callable[[bool], Any] | None = None, extra: Iterable[widgets.Widget] = (),
                 query: Mapping[str, str] | str | None = None, apps: Iterable[AppLink] | None = None,
                 languages: Iterable[str] | None = None) -> None:
        self._link = APP_BY_NOTEBOOK.get(notebook)
        self._app_languages = self._link.languages if self._link else APP_LANGUAGES
        self.notebook = notebook
        self.languages = tuple(languages) if languages is not None else self._app_languages
        self.options = page_query(query)
        self._apps = None if apps is None else list(apps)
        self.root = root
        self.boards = boards if isinstance(boards, list) else list(boards)  # a list the app may add to
        self.projector_on = False
        self._coordinates = coordinates
        self.work: list[tuple[str, str]] = []  # the app's work as options, carried by the language links
        self._work_drops: frozenset[str] = frozenset()

        self._name = name
        self.heading = classed(widgets.HTML(), "samurai-app-name")
        self.nav = classed(widgets.HTML(), "samurai-app-nav")
        # no languages: the app brings its own switch (in ``extra``) and calls ``relabel`` when it changes
        self.language_switch = widgets.HTML(layout=widgets.Layout(display="" if self.languages else "none"))
        self.language_switch.add_class("samurai-language-switch")
        self.projector = classed(widgets.ToggleButton(value=False, icon="television",
                                                      layout=widgets.Layout(width="auto")), "samurai-projector-switch")
        self.projector.observe(lambda ch: self.set_projector(ch["new"]), names="value")
        controls: list[widgets.Widget] = []
        self.edition = edition
        if edition is not None:
            edition.add_class("samurai-edition-switch")
            controls.append(edition)
        self.coordinates: widgets.Checkbox | None = None
        if coordinates is not None:
            self.coordinates = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
            self.coordinates.add_class("samurai-coordinates-switch")
            self.coordinates.observe(lambda ch: self._coordinates_changed(bool(ch["new"])), names="value")
            controls.append(self.coordinates)
        controls += [*extra, self.language_switch, self.projector]
        self.style = css_widget(f"{HEADER_CSS}\n{PROJECTOR_CSS}\n{BOARD_PROJECTOR_CSS}\n{LAYOUT_CSS}")
        self.script = script_output("", "samurai-page-title")
        title_row = classed(widgets.HBox([self.heading, self.nav], layout=widgets.Layout(
            align_items="center", flex_flow="row wrap", flex="1 1 auto")), "samurai-app-title-row")
        control_row = classed(widgets.HBox(controls, layout=widgets.Layout(
            align_items="center", flex_flow="row wrap", grid_gap="6px")), "samurai-app-controls")
        self.notice = classed(widgets.HTML(), "samurai-language-notice")
        header_row = classed(widgets.HBox([title_row, control_row], layout=widgets.Layout(
            align_items="center", flex_flow="row wrap", justify_content="space-between")),
            "samurai-app-header-row")
        self.widget = classed(widgets.VBox([header_row, self.notice, self.style, self.script]), HEADER_CLASS)
        self.relabel()
        params = {k: v for k, v in self.options if k in HEADER_OPTIONS}
        if is_on(params.get("projector")):
            self.projector.value = True  # calls set_projector
        if self._coordinates is not None and is_on(params.get("coordinates")):
            self.coordinates.value = True

    def language_notice(self) -> str:
        """A warning when the address asks for a language this app does not speak ('' otherwise), worded as
        for any other option the app cannot use."""
        languages = self.languages or self._app_languages
        given = unknown_language(urlencode(self.options), languages)
        if given is None:
            return ""
        problem = T.gettext("{option} is not one of {choices}").format(option=f"{LANG_OPTION}={given!r}",
                                                                      choices=", ".join(languages))
        text = Query(problems=[problem]).message()
        fg, bg = KINDS["warning"]
        return (f'<div role="status" style="color:{fg};background:{bg};padding:6px 10px;border-radius:4px;'
                f'margin:4px 0">{html.escape(text)}</div>')

    def set_projector(self, on: bool) -> None:
        """Projector mode on or off: the root's CSS class, each board's ``set_projector``."""
        self.projector_on = on = bool(on)
        if self.projector.value != on:
            self.projector.value = on
            return
        self.nav.value = nav_html(self.notebook, self._apps, self.language, on)
        self._show_languages()
        set_projector(self.root, on, self.boards)

    def relabel(self) -> None:
        """Every text of the header again, in the current language (an app that switches language in
        place calls it; the links to the other apps then carry the new language)."""
        self.language = get_language()
        self.name = self._name or (self._link.name_text() if self._link
                                   else self.notebook.removesuffix(".ipynb"))
        self.title = page_title(self.name)
        self.heading.value = f'<h1>{html.escape(self.name)}</h1>'
        self.nav.value = nav_html(self.notebook, self._apps, self.language, self.projector_on)
        self._show_languages()
        self.projector.description = T.gettext("Projector")
        self.projector.tooltip = T.gettext("Big type and a big board for a projector (or ?projector=1)")
        if self.coordinates is not None:
            self.coordinates.description = T.gettext("Show coordinates")
            self.coordinates.tooltip = T.gettext("Name hexes by their ids (HO12) too")
        self.script.outputs = script_output(_page_script(self.title, self.language)).outputs
        self.notice.value = self.language_notice()

    def _coordinates_changed(self, on: bool) -> None:
        """The app's callback; the language links keep the switch; boards that name hexes aloud
        (``set_coordinates``) follow it."""
        self._coordinates(on)
        self._show_languages()
        for board in self.boards:
            fn = getattr(board, "set_coordinates", None)
            if callable(fn):
                fn(on)

    def switch_options(self) -> list[tuple[str, str]]:
        """The options the language links carry: the page's, those the work replaces left out, then the work."""
        work, replaced = list(self.work), set(self._work_drops)
        if self.coordinates is not None:  # "Show coordinates" as the user left it
            replaced.add("coordinates")
            work += [("coordinates", "1")] if self.coordinates.value else []
        replaced |= {k for k, _ in work}
        return [(k, v) for k, v in self.options if k not in replaced] + work

    def keep_work(self, options: Iterable[tuple[str, str]], replaces: Iterable[str] = ()) -> None:
        """The app's work as address options (``[("position", "...")]``), so that switching language
        reopens the app with it; ``replaces``: the page's options the work makes stale (``start``)."""
        work, drops = list(options), frozenset(replaces)
        if work != self.work or drops != self._work_drops:
            self.work, self._work_drops = work, drops
            self._show_languages()

    def _show_languages(self) -> None:
        set_traits(self.language_switch, value=language_nav_html(self.notebook, self.languages, self.language,
                                                                 self.switch_options(), self.projector_on))

    def add_board(self, board: Any) -> None:
        """Another board that follows projector mode and "Show coordinates" (e.g. built later)."""
        self.boards.append(board)
        if self.projector_on:
            set_projector(None, True, [board])
        fn = getattr(board, "set_coordinates", None)
        if self.coordinates is not None and self.coordinates.value and callable(fn):
            fn(True)

    def attach(self, root: widgets.Box) -> widgets.Box:
        """Put the header on top of ``root`` (a Box) and make it the projector root."""
        self.root = root
        if self.widget not in root.children:
            root.children = (self.widget, *root.children)
        if self.projector_on:
            root.add_class(PROJECTOR_CLASS)
        return root


def header_for(notebook: str, root: widgets.Box, **kwargs: Any) -> AppHeader:
    """An ``AppHeader`` put on top of ``root``."""
    header = AppHeader(notebook, root=root, **kwargs)
    header.attach(root)
    return header


__all__ = ["APPS", "AppHeader", "AppLink", "HEADER_CLASS", "HEADER_OPTIONS", "PROJECTOR_CLASS", "app_href", "available",
           "header_for", "is_on", "language_nav_html", "nav_html", "page_query", "page_title",
           "script_output"]
