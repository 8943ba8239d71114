"""A scenario file as a study: the rulebook examples and the rulings, re-expressed step by step.

The study's first step is the scenario's position, with its description; each scenario step is a
study step that plays its action, with its narration (the action in words where it has none). A
step the rules refuse stays on the same position and says why. Every text is taken from the
``knizia`` catalogs in English, Italian, Spanish and Russian::

    from samurai_lab.knizia.scenarios import load_scenario
    study = scenario_study(load_scenario("scenarios/1998-e1-blue-takes-helmet.toml"))
    save_study(study, "studies/rulebook/e1.toml")

``write_rulebook_studies(folder)`` writes one study per rulebook example and ruling (E1-E10, R1-R4).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ...common.study_format import Marks, Step, Study, Texts, save_study
from ...i18n import use_language
from ..scenarios.catalogue import catalogue, load
from ..scenarios.model import Scenario
from ..scenarios.position import position_string
from .game_text import describe_action

#: The languages Knizia's game speaks.
LANGUAGES = ("en", "it", "es", "ru")


def _texts(make: Callable[[], str]) -> Texts:
    items = []
    for lang in LANGUAGES:
        with use_language(lang):
            text = make().strip()
        if text:
            items.append((lang, text))
    return Texts(tuple(items))


def scenario_study(sc: Scenario) -> Study:
    """The study of a scenario (its steps as written, under the rules as written)."""
    first = Step(_texts(lambda: sc.description_text() or sc.title_text()), position=position_string(sc.state),
                 marks=Marks(tuple(sc.focus)))
    steps = [first]
    for played in sc.walk():
        step = played.step

        def words(played=played, step=step) -> str:
            said = step.narration_text() or describe_action(played.before, step.action, played.after) + "."
            return said if played.error is None else f"{said} ({step.text}: {played.error})"

        marks = Marks(tuple(step.focus))
        if played.error is None:
            steps.append(Step(_texts(words), play=(step.text,), marks=marks))
        else:
            steps.append(Step(_texts(words), marks=marks))
    return Study("knizia", _texts(sc.title_text), tuple(steps), edition=sc.state.ruleset.edition)


def write_rulebook_studies(folder: Path | str) -> list[Path]:
    """Write the study of every rulebook example and ruling into ``folder`` (``e1.toml``, ``r1.toml``...)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for entry in catalogue():
        path = out / f"{entry.key.lower()}.toml"
        save_study(scenario_study(load(entry.path)), path)
        written.append(path)
    return written
