"""The study app's list in a language some games' studies do not speak: those studies are labelled with the
language they are shown in and come after the studies in the page's language, never mixed in silently."""

from __future__ import annotations

import pytest

from samurai_lab.common.study_format import load_study
from samurai_lab.i18n import use_language
from samurai_lab.ui import study_app as app_module


@pytest.fixture(autouse=True)
def saved_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SAMURAI_SAVED_DIR", str(tmp_path))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)


@pytest.mark.parametrize("lang,in_english", [("fr", "en anglais"), ("it", "in inglese"), ("ru", "на английском")])
def test_studies_in_another_language_are_labelled_and_listed_last(lang: str, in_english: str) -> None:
    with use_language(lang):
        app = app_module.study_app(query=f"lang={lang}")
        options = list(app.choice.options)
    spoken = [lang in load_study(value).languages() for _, value in options]
    assert any(spoken) and not all(spoken)
    assert spoken == sorted(spoken, reverse=True)  # the page's language first
    for (label, _), speaks in zip(options, spoken):
        assert (in_english in label) != speaks, label
    assert app.player is not None and lang in app.player.play.study.languages()  # opened: one in the language


def test_studies_in_english_carry_no_label() -> None:
    with use_language("en"):
        app = app_module.study_app(query="lang=en")
        assert all("English" not in label for label, _ in app.choice.options)
