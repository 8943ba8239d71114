"""Scenario files and position strings: load any file of ``scenarios/``, download, save, upload, paste.

``FilesPanel`` works for an app that has ``state``, ``load_state(state, label, steps)`` and a ``feedback``.
Every problem of a bad file or string is listed (``ScenarioError``); the current position is kept.

*Download* keeps a position on the user's own computer (the main way: the server may be a teacher's laptop
or a Binder container that goes away). *Save on the server* writes only into the folder for saved positions
(:func:`saved_dir`), under a checked name (:func:`check_name`), and replaces a file only after the user
confirms. No message shows a server path.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import replace
from itertools import takewhile
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote

import ipywidgets as widgets

from ..scenarios import load_scenario, loads_scenario, save_scenario
from ..scenarios.errors import ScenarioError
from ..scenarios.save import title_problem
from ..scenarios.model import Scenario
from ..scenarios.position import parse_position, position_string
from ...common import resources
from ...common.limits import loads_toml, read_text
from ...common.saving import reserved_name_problem, write_whole
from ...ui.upload_guard import check_upload, guard_upload
from ...i18n import N_, Domain
from ...ui.touch import pointer_html
from ...ui.header import page_name
from ...ui.layout import button, classed
from ...ui.runtime import in_browser
from ...ui.study_editor import folder_has_room, slug, toml_download
from .edit_panel import _options

T = Domain("knizia")


class SaveWords(NamedTuple):
    """The Save button's words beside a server or in the static site (marked, translated when shown)."""

    button: str
    tooltip: str
    hint: str
    failed: str


_SAVE_WORDS_SERVER = SaveWords(
    N_("Save on the server"),
    N_("Into the folder of saved positions on the server"),
    N_("or save it on the server, among the saved positions:"),
    N_("Not saved: the server could not write the file ({error}). Use {button} to keep the position on "
       "your computer."),
)
_SAVE_WORDS_BROWSER = SaveWords(
    N_("Keep in this browser"),
    N_("In this browser's own storage for this site: on this device only"),
    N_("or keep it in this browser, among the saved positions (on this device only):"),
    N_("Not kept: the browser could not store the file ({error}). Use {button} to keep the position on "
       "your computer."),
)


def save_words() -> SaveWords:
    """Saving's words where the apps run: beside a server, or in the browser (the static site)."""
    return _SAVE_WORDS_BROWSER if in_browser() else _SAVE_WORDS_SERVER

#: Environment variable naming the folder for saved positions (``samurai-lab serve --saved-dir``).
SAVED_DIR_ENV = resources.SAVED_DIR_ENV
#: Longest file name (without ``.toml``) accepted for a saved position.
MAX_NAME = 64
#: Saved positions one folder holds at most, and their total size in bytes (a position takes a few KB).
MAX_SAVED_FILES = 200
MAX_SAVED_BYTES = 2_000_000
#: Longest title shown in the list of files (a longer one ends with "…").
LISTED_TITLE = 60
_NAME_OK = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]*")


def saved_dir(folder: Path | None = None) -> Path:
    """The one folder where positions are saved on the server: ``$SAMURAI_SAVED_DIR``, else
    ``<folder>/saved`` for a scenarios folder given, else the default (:func:`resources.saved_dir`:
    ``scenarios/saved`` in a source checkout, the user's own folder once installed)."""
    if folder is None or os.environ.get(SAVED_DIR_ENV, "").strip():
        return resources.saved_dir()
    return folder / resources.SAVED


def check_name(raw: str) -> str:
    """The file name (``name.toml``) for a saved position called ``raw``; ValueError listing every problem."""
    name = raw.strip()
    if name.lower().endswith(".toml"):
        name = name[:-5]
    problems = []
    if not name:
        problems.append(T.gettext("give the position a name, e.g. my-position"))
    else:
        if "/" in name or "\\" in name:
            problems.append(T.gettext("a name cannot contain / or \\ (positions are saved in one folder)"))
        if ".." in name:
            problems.append(T.gettext("a name cannot contain .."))
        if len(name) > MAX_NAME:
            problems.append(T.gettext("a name is at most {most} characters long (this one has {n})").format(
                most=MAX_NAME, n=len(name)))
        if not name[0].isascii() or not name[0].isalnum():
            problems.append(T.gettext("a name starts with a letter (A-Z, a-z) or a digit"))
        odd = sorted({c for c in name if not (c.isascii() and (c.isalnum() or c in " _.-")) and c not in "/\\"})
        if odd:
            problems.append(T.gettext("a name uses only letters (A-Z, a-z), digits, spaces, - _ and . (not {chars})")
                            .format(chars=" ".join(repr(c) for c in odd)))
        if reserved := reserved_name_problem(name):
            problems.append(reserved)
    if problems:
        raise ValueError(T.gettext("Not saved: {problems}.").format(problems="; ".join(problems)))
    if not _NAME_OK.fullmatch(name):  # pragma: no cover - the checks above cover every case
        raise ValueError(T.gettext("Not saved: choose a name of letters and digits."))
    return name + ".toml"


def shortened(text: str, most: int = LISTED_TITLE) -> str:
    """``text`` on one line, cut to ``most`` characters with "…" when longer (between words: a word cut short
    would read as another, Spanish "to[tal]" as English "to")."""
    line = " ".join(text.split())
    if len(line) <= most:
        return line
    return line[: most - 1].rsplit(" ", 1)[0].rstrip(" ,;:·-—") + "…"


def _field(path: Path, key: str) -> Any:
    """The value of ``key`` in a TOML file, without checking the rest of it (None when it cannot be read)."""
    try:
        return loads_toml(read_text(path, "scenario")).get(key)
    except (OSError, ValueError):  # unreadable, not UTF-8, too big, not TOML
        return None


def scenario_title(path: Path) -> str:
    """The file's ``title`` (shortened for a list), else its name."""
    title = _field(path, "title")
    if isinstance(title, str) and title.strip():
        return shortened(T.gettext(title.strip()))  # the scenario files' titles are in the catalogs
    return path.stem


def other_game(path: Path) -> bool:
    """Is ``path`` a scenario of another game (its ``game`` is ``katana``, ``ikizumari``...)?"""
    game = _field(path, "game")
    return isinstance(game, str) and game not in ("", "knizia", "samurai")


def scenario_files(folder: Path) -> list[tuple[str, Path]]:
    """(label, path) of every ``.toml`` file of this game under ``folder``, by path (the other games'
    scenarios are left out)."""
    if not folder.is_dir():
        return []
    return [(f"{scenario_title(p)} ({p.relative_to(folder).as_posix()})", p)
            for p in sorted(folder.rglob("*.toml")) if not other_game(p)]


class FilesPanel:
    """The Files tab (CSS class ``samurai-files``)."""

    def __init__(self, app: Any, folder: Path | str | None = None) -> None:
        self.app = app
        self.folder = Path(folder) if folder else resources.scenarios_dir()
        self.saved = saved_dir(Path(folder) if folder else None)
        self._pending_replace: str | None = None  # the file name a second Save would replace
        guard = app.guard
        self.choice = classed(widgets.Dropdown(description=T.gettext("Scenario"), layout=widgets.Layout(width="96%"),
                                               style={"description_width": "initial"}), "samurai-scenario-choice")
        self.load_button = button(T.gettext("Load"), "samurai-load-scenario", "folder-open", "primary",
                                  on_click=guard(lambda _: self.load_selected()), width=None)
        self.rescan = button("", icon="refresh", tooltip=T.gettext("Look for new files"),
                             on_click=guard(lambda _: self.scan()), width="40px")

        self.title = classed(widgets.Text(description=T.gettext("Title"), layout=widgets.Layout(width="96%"),
                                          style={"description_width": "initial"}), "samurai-save-title")
        self.download_button = button(T.gettext("Download"), "samurai-download-button", "download", "primary",
                                      tooltip=T.gettext("Keep the position on your own computer (a .toml file)"),
                                      on_click=guard(lambda _: self.make_download()))
        self.download = classed(widgets.HTML(), "samurai-download")
        self.path = classed(widgets.Text(description=T.gettext("Name"), layout=widgets.Layout(width="60%"),
                                         style={"description_width": "initial"}, placeholder=T.gettext("my-position"),
                                         tooltip=T.gettext("letters, digits, spaces, - _ and .")), "samurai-save-path")
        self.path.observe(lambda _ch: self._cancel_replace(), names="value")
        words = save_words()
        self.save_button = button(T.gettext(words.button), "samurai-save", "save", tooltip=T.gettext(words.tooltip),
                                  on_click=guard(lambda _: self.save()))
        self.replace_button = button(T.gettext("Replace it"), "samurai-save-replace", "check", "warning",
                                     on_click=guard(lambda _: self.save(replace=True)), width=None, display="none")
        self.upload = classed(widgets.FileUpload(accept=".toml", multiple=False, description=T.gettext("Open a .toml"),
                                                 layout=widgets.Layout(width="auto")), "samurai-upload")
        self.upload.observe(guard(self._on_upload), names="value")

        self.position = classed(widgets.Textarea(layout=widgets.Layout(width="100%", height="64px")),
                                "samurai-position")
        self.position_button = button(T.gettext("Load this position"), "samurai-load-position", "arrow-up",
                                      on_click=guard(lambda _: self.load_position(self.position.value)))
        self.link = classed(widgets.HTML(), "samurai-position-link")
        self.widget = classed(widgets.VBox([
            widgets.HTML("<b>{}</b> <small>({})</small>".format(
                html.escape(T.gettext("Scenarios")),
                html.escape(T.gettext("the rulebook examples and the saved positions")))),
            widgets.HBox([self.choice, self.rescan]), self.load_button,
            widgets.HTML("<b>{}</b>".format(html.escape(T.gettext("Keep the current position")))), self.title,
            widgets.HBox([self.download_button, self.upload,
                          guard_upload(self.upload, "scenario", lambda e: self.app.feedback.show(str(e), "error"))],
                         layout=widgets.Layout(align_items="center")),
            self.download,
            widgets.HTML("<small>{}</small>".format(html.escape(T.gettext(words.hint)))),
            widgets.HBox([self.path, self.save_button, self.replace_button],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
            widgets.HTML("<b>{}</b> ({})".format(html.escape(T.gettext("Position string")), html.escape(
                T.gettext("one line: copy it, or paste one and load it")))),
            self.position, widgets.HBox([self.position_button, self.link], layout=widgets.Layout(align_items="center")),
        ]), "samurai-files")
        self.scan()

    # --- listing ------------------------------------------------------------
    def files(self) -> list[tuple[str, Path]]:
        """(label, path) of the scenario files, then of the saved positions when they are kept elsewhere."""
        files = scenario_files(self.folder)
        try:
            inside = self.saved.resolve().is_relative_to(self.folder.resolve())
        except OSError:
            inside = False
        if not inside:
            files += [(T.gettext("{title} (saved: {file})").format(title=scenario_title(p), file=p.name), p)
                      for p in sorted(self.saved.glob("*.toml"))]
        return files

    def scan(self) -> None:
        """List the scenario files (titles read from the files)."""
        _options(self.choice, [(label, str(p)) for label, p in self.files()]
                 or [(T.gettext("(no scenario files found)"), "")])

    def refresh(self) -> None:
        """Show the current position's string and a default title and file name."""
        state = self.app.state
        self.position.value = text = position_string(state)
        opens = html.escape(T.gettext("a link that opens this position"))
        self.link.value = (f'<a href="{page_name("explorer.ipynb")}?position={quote(text, safe="")}" '
                           f'target="_blank">{opens}</a>')
        default = T.gettext("{n} players, turn {turn}").format(n=state.n_players, turn=state.turn)
        prefix = default.split(str(state.turn))[0]
        if not self.title.value or self.title.value.startswith(prefix):
            self.title.value = default
        # a file name of ASCII letters and digits (check_name), in the page's language
        name = T.gettext("position-{n}p-turn-{turn}").format(n=state.n_players, turn=state.turn)
        if not self.path.value or self.path.value.startswith(name.split("-")[0] + "-"):
            self.path.value = name
        self.download.value = ""

    # --- loading --------------------------------------------------------------------
    def load_selected(self) -> None:
        if not self.choice.value:
            raise ValueError(T.gettext("there is no scenario file to load"))
        self.load_path(Path(self.choice.value))

    def load_named(self, name: str) -> None:
        """Load ``name`` (a file name or a path under the scenarios folder, ``.toml`` optional)."""
        rel = name if name.endswith(".toml") else name + ".toml"
        files = [p for _, p in self.files()]
        path = (self.folder / rel).resolve()
        if path not in {p.resolve() for p in files}:
            matches = [p for p in files if p.name == Path(rel).name]
            if not matches:
                raise ValueError(T.gettext("there is no scenario file {file} among the scenarios").format(file=repr(rel)))
            path = matches[0]
        self.load_path(path)

    def load_path(self, path: Path) -> None:
        try:
            sc = load_scenario(path)
        except ScenarioError as e:  # its problems name the file by its place among the scenarios, not the server's path
            try:
                shown = path.resolve().relative_to(self.folder.resolve()).as_posix()
            except (ValueError, OSError):
                shown = path.name
            raise ScenarioError([replace(p, file=shown) for p in e.problems]) from None
        self.load_scenario(sc)

    def load_scenario(self, sc: Scenario) -> None:
        # (state after, label, narration) of each step, up to the first the rules refuse
        steps = [(p.after, f"{p.step.number}. {p.step.text}", p.step.narration_text())
                 for p in takewhile(lambda p: p.error is None, sc.walk())]
        title = sc.title_text()
        self.app.load_state(sc.state, T.gettext("scenario: {title}").format(title=title), steps)
        more = (" " + T.ngettext("Redo (or the history slider) plays its {n} step.",
                                 "Redo (or the history slider) plays its {n} steps.", len(steps)).format(n=len(steps))
                if steps else "")
        description = sc.description_text().strip()
        text = T.gettext("Loaded “{title}”.").format(title=title) + (f" {description}" if description else "") + more
        self.app.feedback.show(text, "success")
        self.refresh()

    def load_position(self, text: str) -> None:
        """Load a pasted position string."""
        if not text.strip():
            raise ValueError(T.gettext("paste a position string first"))
        state = parse_position(text.strip())
        self.app.load_state(state, T.gettext("pasted position"))
        self.app.feedback.show(T.gettext("Position loaded."), "success")
        self.refresh()

    def _on_upload(self, change: dict) -> None:
        if not change["new"]:
            return
        item = change["new"][0]
        name = item.get("name", "upload.toml")
        check_upload(item, "scenario")
        try:
            text = bytes(item["content"]).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(T.gettext("{file}: the file is not UTF-8 text").format(file=name)) from None
        self.load_scenario(loads_scenario(text, name))

    # --- saving ---------------------------------------------------------------
    def target(self) -> Path:
        """Where Save writes: the checked name in the folder of saved positions (ValueError if the name is bad)."""
        return self.saved / check_name(self.path.value)

    def _cancel_replace(self) -> None:
        self._pending_replace = None
        self.replace_button.layout.display = "none"

    def save(self, replace: bool = False) -> Path | None:
        """Write the current position into the folder of saved positions; a file of that name is replaced only
        with ``replace`` (the *Replace it* button a first Save shows), else the user is asked."""
        path = self.target()
        name = path.name
        if path.exists() and not (replace and self._pending_replace == name):
            self._pending_replace = name
            self.replace_button.layout.display = ""
            self.app.feedback.show(T.gettext("There is already a saved position named “{file}”. Press “{button}” to "
                                             "overwrite it, or choose another name.").format(
                file=name, button=self.replace_button.description), "warning")
            return None
        if path.exists() and not path.is_file():
            raise ValueError(T.gettext("Not saved: “{file}” is not a file; choose another name.").format(file=name))
        title = self.title.value.strip() or T.gettext("Saved position")
        if problem := title_problem(title):
            raise ValueError(T.gettext("Not saved: {problems}.").format(problems=problem))
        text = save_scenario(self.app.state, None, title=title)
        if not folder_has_room(self.saved, name, len(text.encode("utf-8")), MAX_SAVED_FILES, MAX_SAVED_BYTES):
            raise ValueError(T.gettext("Not saved: the folder of saved positions is full. Use {button} to keep the "
                                       "position on your computer.").format(button=self.download_button.description))
        try:
            self.saved.mkdir(parents=True, exist_ok=True)
            write_whole(path, text)
        except OSError as e:
            raise ValueError(T.gettext(save_words().failed).format(
                error=e.strerror or e, button=self.download_button.description)) from None
        self._cancel_replace()
        self.scan()
        self.app.feedback.show(T.gettext("Saved as “{file}” among the saved positions.").format(file=name), "success")
        return path

    def make_download(self) -> str:
        """A link that downloads the current position as a .toml file."""
        title = self.title.value.strip() or T.gettext("Saved position")
        text = save_scenario(self.app.state, None, title=title)
        self.download.value = (toml_download(text, slug(title, "position") + ".toml") + " <small>"
                               "({})</small>".format(pointer_html(T.gettext("click to save it on your computer"),
                                                                  T.gettext("tap to save it on your device"))))
        return text
