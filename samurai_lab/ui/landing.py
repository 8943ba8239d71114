"""The landing page (``notebooks/index.ipynb``): every app as a card with its picture and one line,
grouped in three paths: learn the rules, teach a class, play; above them the puzzle of the day
(``common/daily_puzzle.py``). The pictures are thumbnails of the README's screenshots
(``docs/screenshots/thumbs/``, made by ``make_thumbnails`` in ``make screenshots``) embedded as data:
nothing is fetched from elsewhere; an app without one gets a plain tile. The page's stylesheet is
``web/landing.css``.
"""

from __future__ import annotations

import base64
import datetime as dt
import html
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import ipywidgets as widgets

from ..common.daily_puzzle import daily_puzzle
from ..common.resources import thumbs_dir
from ..i18n import N_, Domain, get_language
from .game_names import LABELS
from .header import APP_BY_NOTEBOOK, AppLink, app_href, available, header_for
from .layout import classed
from .web_files import web_file

T = Domain("ui")

THUMBS = thumbs_dir()  # the bundled thumbnails: docs/screenshots/thumbs in a checkout
THUMB_WIDTH = 300
THUMB_HEIGHT = 190


@dataclass(frozen=True)
class Path_:
    """One path through the apps: a title, a line, the apps in order, and a note (English messages,
    translated when shown; the note's ``{projector}`` is the name of the projector switch)."""

    key: str
    title: str
    line: str
    notebooks: tuple[str, ...]
    projector: bool = False  # the links open the apps in projector mode (for a class)
    note: str = ""

    def note_html(self) -> str:
        """The note in the current language, as HTML ('' when there is none)."""
        if not self.note:
            return ""
        switch = f"<b>{html.escape(T.gettext('Projector'))}</b>"
        return html.escape(T.gettext(self.note)).replace("{projector}", switch)


PATHS: tuple[Path_, ...] = (
    Path_("learn", N_("Learn the rules"), N_("Start here if you have never played: three steps, about half an hour."),
          ("lesson.ipynb", "examples.ipynb", "scoring.ipynb")),
    Path_("teach", N_("Teach a class"), N_("Show the rules on a projector: big type, a big board, the examples "
                                           "of the rulebooks and the rulings where they differ."),
          ("explorer.ipynb", "examples.ipynb", "variants.ipynb", "study.ipynb"), True,
          # NOTE: {projector} is the name of the switch (the translation of "Projector").
          N_("These links open the apps in projector mode (the {projector} switch in every app's header "
             "turns it on and off). The README's section for teachers has a lesson plan.")),
    Path_("play", N_("Play"), N_("A full game against friends at one screen or against bots; bots against bots; "
                                 "and the two other games called Samurai."),
          ("game.ipynb", "together.ipynb", "puzzles.ipynb", "tournament.ipynb", "katana.ipynb", "ikizumari.ipynb")),
)
#: The apps of no path, shown last.
MORE = Path_("more", N_("Everything else"), "", ("map.ipynb", "engine_tour.ipynb"))

CARD_CSS = web_file(__package__, "landing.css")


def thumbnail_data(picture: str, folders: Iterable[Path] | None = None) -> str | None:
    """The thumbnail as a ``data:`` URI, or None when there is none."""
    if not picture:
        return None
    candidates = [THUMBS, Path.cwd().parent / "docs/screenshots/thumbs"] if folders is None else folders
    for folder in candidates:
        path = folder / f"{picture}.jpg"
        if path.is_file():
            return "data:image/jpeg;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
    return None


def make_thumbnails(source: Path, target: Path = THUMBS) -> list[Path]:
    """Small JPEG thumbnails (300 × 190, the top-left of a screenshot) of the pictures the apps' cards name."""
    from PIL import Image

    target.mkdir(parents=True, exist_ok=True)
    made = []
    pictures = {app.picture for app in APP_BY_NOTEBOOK.values()}
    for png in sorted(png for png in source.glob("*.png") if png.stem in pictures):
        with Image.open(png) as im:
            crop_w = min(im.width, 1200)
            crop_h = min(im.height, round(crop_w * THUMB_HEIGHT / THUMB_WIDTH))
            im = im.convert("RGB").crop((0, 0, crop_w, crop_h)).resize((THUMB_WIDTH, THUMB_HEIGHT), Image.LANCZOS)
            made.append(target / f"{png.stem}.jpg")
            im.save(made[-1], "JPEG", quality=78, optimize=True)
    return made


def card_html(app: AppLink, projector: bool = False, step: int | None = None, folders: Iterable[Path] | None = None,
              lang: str | None = None) -> str:
    """One app's card: a link (in ``lang``, default the current language; in projector mode when
    ``projector``) with its picture, name and line."""
    data = thumbnail_data(app.picture, folders)
    name = app.name_text()
    picture = (f'<img src="{data}" alt="" width="{THUMB_WIDTH}" height="{THUMB_HEIGHT}">' if data else
               f'<span class="samurai-card-blank" aria-hidden="true">{html.escape(name[:1])}</span>')
    step_text = ""
    if step is not None:
        step_words = html.escape(T.gettext("Step {n}:").format(n=step))
        step_text = f'<span class="samurai-card-step">{step_words} </span>'
    href = app_href(app.notebook, lang or get_language(), projector)
    return (f'<li><a class="samurai-card samurai-card-{html.escape(app.key)}" href="{html.escape(href)}">'
            f'{picture}<span class="samurai-card-name">{step_text}{html.escape(name)}</span>'
            f'<span class="samurai-card-line">{html.escape(app.line_text())}</span></a></li>')


def daily_html(day: dt.date | None = None, lang: str | None = None) -> str:
    """The puzzle of the day (``day``: default today, UTC) as a section with its link into the Puzzles app, in
    ``lang`` (default the current language); '' when there is none (no puzzle files)."""
    try:
        record = daily_puzzle(day, tuple(LABELS))  # every game takes its turn
    except (OSError, ValueError):  # a puzzle file that cannot be read: no puzzle of the day
        return ""
    if record is None:
        return ""
    href = app_href("puzzles.ipynb", lang or get_language(), options=[("game", record.game), ("puzzle", record.id)])
    line = T.gettext("Today: a puzzle of {game}, difficulty {rating}. Everyone gets the same one today.").format(
        game=T.gettext(LABELS[record.game]), rating=record.rating)
    title, link = T.gettext("Puzzle of the day"), T.gettext("Solve it in the Puzzles app")
    return (f'<section class="samurai-path samurai-daily" aria-labelledby="path-daily">'
            f'<h2 id="path-daily">{html.escape(title)}</h2><p>{html.escape(line)}<br>'
            f'<a class="samurai-daily-link" href="{html.escape(href)}" data-puzzle="{html.escape(record.id)}">'
            f'{html.escape(link)}</a></p></section>')


def landing_html(folder: Path | str | None = None, thumbs: Iterable[Path] | None = None) -> str:
    """The landing page's body in the current language: an introduction, the three paths, everything else."""
    there = {a.notebook for a in available(folder=folder)}
    thumbs = list(thumbs) if thumbs is not None else None
    parts = [f"<style>{CARD_CSS}</style>", '<div class="samurai-landing">',
             "<p>" + html.escape(T.gettext(
                 "Learn, teach and explore the board games called {samurai}: Reiner Knizia's (1998 and 2015 "
                 "editions, on the real map of Japan) and, where their apps are ready, two abstract games of the "
                 "same name. Every rule is implemented once, in a tested rules engine; these apps let you see it "
                 "at work.")).replace("{samurai}", "<i>Samurai</i>") + "</p>"]
    if "puzzles.ipynb" in there:
        parts.append(daily_html())
    for path in (*PATHS, MORE):
        apps = [APP_BY_NOTEBOOK[n] for n in path.notebooks if n in there]
        if not apps:
            continue
        ordered = path.key == "learn"
        cards = "".join(card_html(a, path.projector, k + 1 if ordered else None, thumbs) for k, a in enumerate(apps))
        line = f"<p>{html.escape(T.gettext(path.line))}</p>" if path.line else ""
        note = f"<p>{path.note_html()}</p>" if path.note else ""
        parts.append(f'<section class="samurai-path samurai-path-{path.key}" aria-labelledby="path-{path.key}">'
                     f'<h2 id="path-{path.key}">{html.escape(T.gettext(path.title))}</h2>'
                     f'{line}<ul class="samurai-cards">{cards}</ul>{note}</section>')
    parts.append("</div>")
    return "".join(parts)


def my_games_box() -> list[widgets.Widget]:
    """The games with others of this device, "your turn" marked (where a game service is at hand)."""
    from .together import MyGames

    mine = MyGames()
    return [mine.widget] if mine.client.available else []


def landing_page(folder: Path | str | None = None, query: str | None = None) -> widgets.VBox:
    """The landing page as a widget (CSS class ``samurai-landing-page``) under the shared header, in the current
    language (the notebook calls ``open_page()`` first)."""
    body = classed(widgets.HTML(landing_html(folder)), "samurai-landing-body")
    page = classed(widgets.VBox([body, *my_games_box()]), "samurai-landing-page")
    header_for("index.ipynb", page, name="Samurai Lab", query=query)
    return page


__all__ = ["PATHS", "card_html", "daily_html", "landing_html", "landing_page", "make_thumbnails", "thumbnail_data"]
