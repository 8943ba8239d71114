"""Scenario files and position strings: load any file of ``scenarios/``, save, download, upload, paste.

``FilesPanel`` works for an app that has ``state`` (the current position),
``load_state(state, label, steps)`` and a ``feedback`` (``Feedback``). Every
problem of a bad file or string is listed (``ScenarioError``); the current
position is kept.
"""

from __future__ import annotations

import base64
import html
import re
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import quote

import ipywidgets as widgets

from ..scenarios.catalogue import SCENARIO_DIR
from ..scenarios import load_scenario, loads_scenario, save_scenario
from ..scenarios.model import Scenario
from ..scenarios.position import parse_position, position_string

#: Folder, under the scenarios folder, where the explorer saves positions by default.
SAVED = "saved"


def default_scenarios_dir() -> Path:
    """The repository's ``scenarios/`` folder (next to the package), else ``./scenarios``."""
    here = SCENARIO_DIR
    return here if here.is_dir() else Path.cwd() / "scenarios"


def scenario_title(path: Path) -> str:
    """The file's ``title`` (without checking the rest of it), else its name."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        title = data.get("title")
        if isinstance(title, str) and title.strip():
            return title.strip()
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        pass
    return path.stem


def scenario_files(folder: Path) -> list[tuple[str, Path]]:
    """(label, path) of every ``.toml`` file under ``folder``, by path; saved ones marked."""
    if not folder.is_dir():
        return []
    out = []
    for p in sorted(folder.rglob("*.toml")):
        rel = p.relative_to(folder).as_posix()
        out.append((f"{scenario_title(p)} ({rel})", p))
    return out


def slug(text: str) -> str:
    """A file-name-safe version of ``text``."""
    s = re.sub(r"[^A-Za-z0-9]+", "-", text.strip().lower()).strip("-")
    return s[:60] or "position"


def steps_of(sc: Scenario) -> list[tuple[Any, str, str]]:
    """(state after, label, narration) for each step of a scenario, up to the first step the rules refuse."""
    out = []
    for played in sc.walk():
        if played.error is not None:
            break
        out.append((played.after, f"{played.step.number}. {played.step.text}", played.step.narration))
    return out


class FilesPanel:
    """The Files tab (CSS class ``samurai-files``)."""

    def __init__(self, app: Any, folder: Path | str | None = None) -> None:
        self.app = app
        self.folder = Path(folder) if folder else default_scenarios_dir()
        guard = app.guard
        self.choice = widgets.Dropdown(description="Scenario", layout=widgets.Layout(width="96%"))
        self.choice.add_class("samurai-scenario-choice")
        self.load_button = widgets.Button(description="Load", icon="folder-open", button_style="primary")
        self.load_button.add_class("samurai-load-scenario")
        self.load_button.on_click(guard(lambda _: self.load_selected()))
        self.rescan = widgets.Button(description="", icon="refresh", tooltip="Look for new files",
                                     layout=widgets.Layout(width="40px"))
        self.rescan.on_click(guard(lambda _: self.scan()))

        self.title = widgets.Text(description="Title", layout=widgets.Layout(width="96%"))
        self.title.add_class("samurai-save-title")
        self.path = widgets.Text(description="Save as", layout=widgets.Layout(width="96%"),
                                 tooltip="relative to the scenarios folder")
        self.path.add_class("samurai-save-path")
        self.save_button = widgets.Button(description="Save", icon="save")
        self.save_button.add_class("samurai-save")
        self.save_button.on_click(guard(lambda _: self.save()))
        self.download_button = widgets.Button(description="Download link", icon="download")
        self.download_button.on_click(guard(lambda _: self.make_download()))
        self.download = widgets.HTML()
        self.download.add_class("samurai-download")
        self.upload = widgets.FileUpload(accept=".toml", multiple=False, description="Open a .toml")
        self.upload.add_class("samurai-upload")
        self.upload.observe(guard(self._on_upload), names="value")

        self.position = widgets.Textarea(layout=widgets.Layout(width="100%", height="64px"))
        self.position.add_class("samurai-position")
        self.position_button = widgets.Button(description="Load this position", icon="arrow-up")
        self.position_button.add_class("samurai-load-position")
        self.position_button.on_click(guard(lambda _: self.load_position(self.position.value)))
        self.link = widgets.HTML()
        self.link.add_class("samurai-position-link")
        self.widget = widgets.VBox([
            widgets.HTML(f"<b>Scenarios</b> <small>({html.escape(str(self.folder))})</small>"),
            widgets.HBox([self.choice, self.rescan]), self.load_button,
            widgets.HTML("<b>Save the current position</b>"), self.title, self.path,
            widgets.HBox([self.save_button, self.download_button, self.upload]), self.download,
            widgets.HTML("<b>Position string</b> (one line: copy it, or paste one and load it)"),
            self.position, widgets.HBox([self.position_button, self.link], layout=widgets.Layout(align_items="center")),
        ])
        self.widget.add_class("samurai-files")
        self.scan()

    # --- listing ------------------------------------------------------------
    def scan(self) -> None:
        """List the scenario files (titles read from the files)."""
        files = scenario_files(self.folder)
        old = self.choice.value
        options = [(label, str(p)) for label, p in files] or [("(no scenario files found)", "")]
        self.choice.options = options
        values = [v for _, v in options]
        self.choice.value = old if old in values else values[0]

    def refresh(self) -> None:
        """Show the current position's string and a default title and file name."""
        state = self.app.state
        text = position_string(state)
        self.position.value = text
        self.link.value = (f'<a href="explorer.ipynb?position={quote(text, safe="")}" target="_blank">'
                           "a link that opens this position</a>")
        default = f"{state.n_players} players, turn {state.turn}"
        if not self.title.value or self.title.value.startswith(f"{state.n_players} players, turn"):
            self.title.value = default
        if not self.path.value or self.path.value.startswith(f"{SAVED}/position-"):
            self.path.value = f"{SAVED}/position-{state.n_players}p-turn-{state.turn}.toml"
        self.download.value = ""

    # --- loading --------------------------------------------------------------------
    def load_selected(self) -> None:
        if not self.choice.value:
            raise ValueError(f"there is no scenario file in {self.folder}")
        self.load_path(Path(self.choice.value))

    def load_named(self, name: str) -> None:
        """Load ``name`` (a file name or a path under the scenarios folder, ``.toml`` optional)."""
        rel = name if name.endswith(".toml") else name + ".toml"
        path = (self.folder / rel).resolve()
        if not path.is_file():
            matches = [p for _, p in scenario_files(self.folder) if p.name == Path(rel).name]
            if not matches:
                raise ValueError(f"there is no scenario file {rel!r} in {self.folder}")
            path = matches[0]
        self.load_path(path)

    def load_path(self, path: Path) -> None:
        self.load_scenario(load_scenario(path))

    def load_scenario(self, sc: Scenario) -> None:
        steps = steps_of(sc)
        self.app.load_state(sc.state, f"scenario: {sc.title}", steps)
        more = f" Redo (or the history slider) plays its {len(steps)} step(s)." if steps else ""
        text = f"Loaded “{sc.title}”." + (f" {sc.description.strip()}" if sc.description.strip() else "") + more
        self.app.feedback.show(text, "success")
        self.refresh()

    def load_position(self, text: str) -> None:
        """Load a pasted position string."""
        if not text.strip():
            raise ValueError("paste a position string first")
        state = parse_position(text.strip())
        self.app.load_state(state, "pasted position")
        self.app.feedback.show("Position loaded.", "success")
        self.refresh()

    def _on_upload(self, change: dict) -> None:
        value = change["new"]
        if not value:
            return
        item = value[0]
        name = item.get("name", "upload.toml")
        try:
            text = bytes(item["content"]).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{name}: the file is not UTF-8 text") from None
        self.load_scenario(loads_scenario(text, name))

    # --- saving ---------------------------------------------------------------
    def target(self) -> Path:
        """Where Save writes: the path field, relative to the scenarios folder."""
        raw = self.path.value.strip()
        if not raw:
            raise ValueError("give a file name to save to, e.g. saved/my-position.toml")
        p = Path(raw)
        if p.suffix != ".toml":
            p = p.with_suffix(".toml")
        return p if p.is_absolute() else self.folder / p

    def save(self) -> Path:
        """Write the current position as a scenario file (never over a bundled scenario)."""
        path = self.target()
        saved = (self.folder / SAVED).resolve()
        if path.exists() and saved not in path.resolve().parents:
            raise ValueError(f"{path} already exists and is not in {saved}: choose another name")
        path.parent.mkdir(parents=True, exist_ok=True)
        save_scenario(self.app.state, path, title=self.title.value.strip() or "Saved position")
        self.scan()
        self.app.feedback.show(f"Saved to {path}.", "success")
        return path

    def make_download(self) -> str:
        """A link that downloads the current position as a .toml file."""
        title = self.title.value.strip() or "Saved position"
        text = save_scenario(self.app.state, None, title=title)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = slug(title) + ".toml"
        self.download.value = (f'<a download="{html.escape(name)}" href="data:application/toml;base64,{data}">'
                               f"⬇ {html.escape(name)}</a>")
        return text
