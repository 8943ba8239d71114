"""A scenario file as a study: the rulebook examples and the rulings, re-expressed step by step.

The first step is the scenario's position; each scenario step a study step playing its action (``refused``
when the rules refuse it), with what the scenario expects after it, the rulebooks' sentences and the rule
variants; every text from the ``knizia`` catalogs in English, Italian, Spanish and Russian::

    from samurai_lab.knizia.scenarios import load_scenario
    study = scenario_study(load_scenario("scenarios/1998-e1-blue-takes-helmet.toml"))
    save_study(study, "studies/rulebook/e1.toml")

``write_rulebook_studies(folder)`` writes one study per rulebook example and ruling (E1-E10, R1-R4).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ...common.limits import tomllib
from ...common.study_format import Marks, Source, Step, Study, Texts, save_study
from ...common.study_format import Variant as StudyVariant
from ...i18n import use_language
from ..scenarios.catalogue import catalogue, load
from ..scenarios.model import Scenario, Variant
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
    """The study of a scenario (its steps as written, under the rules as written), with what the scenario
    expects after each step (its ``[expect]`` with the last step's), the rulebooks' sentences it quotes
    and its rule variants."""
    raw = _raw(sc)
    steps = [Step(_texts(lambda: sc.description_text() or sc.title_text()), position=position_string(sc.state),
                  marks=Marks(tuple(sc.focus)), expect=None if sc.steps else raw.get("expect"))]
    last = len(sc.steps)
    for n, (played, table) in enumerate(zip(sc.walk(), raw.get("step", [])), start=1):
        step = played.step
        words = (lambda step=step, played=played:
                 step.narration_text() or describe_action(played.before, step.action, played.after) + ".")
        expect = _final(raw.get("expect"), table.get("expect")) if n == last else table.get("expect")
        refused = played.error is not None
        steps.append(Step(_texts(words), play=() if refused else (step.text,), marks=Marks(tuple(step.focus)),
                          refused=step.text if refused else None, expect=expect))
    variants = tuple(_variant(sc, v, table, last) for v, table in zip(sc.variants, raw.get("variant", [])))
    sources = tuple(Source(s.seed, s.language, s.text.strip()) for s in sc.sources)
    return Study("knizia", _texts(sc.title_text), tuple(steps), edition=sc.state.ruleset.edition,
                 sources=sources, variants=variants)


def _raw(sc: Scenario) -> dict:
    """The scenario file's tables (its expectations are copied as written)."""
    if not sc.path:
        return {}
    return tomllib.loads(Path(sc.path).read_text(encoding="utf-8"))


def _final(final: dict | None, step: dict | None) -> dict | None:
    """The last step's expectations: the scenario's final ones, then the step's own."""
    if final is None:
        return step or None
    return {**final, **(step or {})}


def _variant(sc: Scenario, v: Variant, table: dict, last: int) -> StudyVariant:
    """A scenario's variant: its steps' expectations by study step (the start is step 1)."""
    steps = {int(n) + 1: t for n, t in table.get("steps", {}).items()}
    if "expect" in table:
        steps[last + 1] = _final(table["expect"], steps.get(last + 1))
    return StudyVariant(v.name, position_string(v.state), _texts(v.description_text) if v.description else None,
                        steps=dict(sorted(steps.items())))


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
