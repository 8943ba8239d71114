"""The teaching apps' logic in Python: the examples stepper, the lesson app, the scoring explainer, the
rule variants panel. (Interaction in a real browser: tests/browser/test_teaching_apps.py.)"""

from __future__ import annotations

import re

import pytest

from samurai_lab import EDITION_1998, score, tile
from samurai_lab.knizia.teaching.lessons import TASKS
from samurai_lab.knizia.core.ruleset import VOCABULARY
from samurai_lab.knizia.scenarios.catalogue import find_scenario, short_title
from samurai_lab.knizia.teaching.rulebook_examples import catalogue, key_of, load_example
from samurai_lab.knizia.teaching.words import hex_words as w
from samurai_lab.knizia.widgets.hand_panel import hand_items
from samurai_lab.knizia.widgets.examples import ExampleStepper, ExamplesApp, Sandbox
from samurai_lab.knizia.widgets.lesson import LessonApp
from samurai_lab.knizia.widgets.rules_panel import RulesPanel, demo_runs, presets_html
from samurai_lab.knizia.widgets.scoring_explainer import ScoringExplainer, chart_svg, rulebook_presets, winner_text

TAGS = re.compile(r"<[^>]+>")


def text(widget_or_html) -> str:
    """The visible text of an HTML widget (or string), tags removed, entities decoded."""
    import html

    value = widget_or_html if isinstance(widget_or_html, str) else widget_or_html.value
    return " ".join(html.unescape(TAGS.sub(" ", value)).split())


# --- the catalogue and the stepper ----------------------------------------------------------------

def test_the_catalogue_lists_every_example_and_ruling_grouped_by_edition():
    entries = catalogue()
    keys = [e.key for e in entries]
    assert keys[:10] == [f"E{k}" for k in range(1, 11)]
    assert {"R2", "R3", "R4"} <= set(keys[10:])
    editions = {e.key: e.edition for e in entries}
    assert all(editions[f"E{k}"] == "1998" for k in range(1, 8))
    assert all(editions[f"E{k}"] == "2015" for k in (8, 9, 10))
    assert {e.group for e in entries if e.key.startswith("R")} == {"rulings"}
    assert key_of("studies/rulebook/e10.toml") == "E10" and key_of("notes.toml") is None
    assert short_title("E7", "E7: scoring, Red wins") == "scoring, Red wins"


@pytest.mark.parametrize("key", [e.key for e in catalogue()])
def test_every_example_agrees_with_what_it_states(key):
    example = load_example(key)
    for variant in example.variants:
        st = ExampleStepper(example, variant)
        for k in range(st.count + 1):
            st.go(k)
            assert st.mismatches() == [], (key, variant, k)
            assert st.label()


def test_e2_step_by_step():
    st = ExampleStepper(load_example("E2"))
    assert st.count == 3 and st.label() == "Start · 3 steps follow"
    assert "Ronin 1" in st.narration() and st.outcome() == []
    st.go(1)
    assert st.action_line() == f"Red lays a Ronin 1 on {w(st.state, 'HO27')}"
    assert st.outcome() == ["No settlement is decided."]
    st.go(2)
    assert st.label() == "Step 2 of 3"
    assert st.action_line() == f"Red lays a Samurai 2 on {w(st.state, 'HO20')}"
    assert "Samurai 2" in st.narration()
    out = " ".join(st.outcome())
    for words in ("Red takes the Buddha of Edo", "Red takes the High Helmet of Edo",
                  "Green takes the Rice field of Edo", f"Yellow takes the Buddha of {w(st.state, 'HO19')}"):
        assert words in out
    assert "Blue takes" not in out
    edo = st.state.board.resolve("Edo")
    assert edo in st.settlements()
    expected = " ".join(st.expected_lines())
    assert "Red takes the Buddha of Edo (Red 3, Yellow 2)" in expected
    st.coords = True  # "Show coordinates": the ids too
    assert "Red takes the Buddha of Edo (HO21) (Red 3, Yellow 2)" in " ".join(st.expected_lines())
    assert st.action_line() == f"Red lays a Samurai 2 on {w(st.state, 'HO20')} (HO20)"
    st.coords = False
    st.go(3)
    assert st.outcome() == ["Green is to play."]


def test_e9_speaks_the_2015_words():
    st = ExampleStepper(load_example("E9"))
    st.go(2)
    assert st.action_line() == f"Gold lays a Buddha 4 on {w(st.state, 'HO08')}"
    assert "decided when the turn ends" in " ".join(st.outcome())
    st.go(3)
    assert st.action_line() == "Gold ends the turn: now every surrounded settlement is decided"
    out = " ".join(st.outcome())
    assert f"Gold takes the Buddha of {w(st.state, 'HO09')} (Gold 5, Red 3)" in out
    assert "The Buddha of Akita is set aside: tie for the highest influence (Gold 4, Green 4)" in out
    assert "Red takes the Rice of Akita (Red 2, Green 1)" in out
    everything = out + " ".join(st.expected_lines()) + st.narration()
    assert "High Helmet" not in everything and "token" not in everything


def test_scoring_examples_show_the_scoring():
    st = ExampleStepper(load_example("E7"))
    assert st.needs_score()
    assert "Winner: Red" in " ".join(st.expected_lines())


# --- the examples app ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def examples_app():
    return ExamplesApp()


def test_examples_app_steps_through_e2(examples_app):
    app = examples_app
    app.open("E2")
    assert app.buttons["E2"].button_style == "primary"
    assert text(app.title).startswith("E2: Red's Ronin 1 and Samurai 2")
    assert app.next_button.disabled is False and app.prev_button.disabled is True
    app.step_by(1)
    app.step_by(1)
    assert text(app.step_label) == "Step 2 of 3"
    where = w(app.stepper.state, "HO20")
    assert f"Red lays a Samurai 2 on {where}" in text(app.action)
    assert f"Samurai 2 on {where}, the last empty land hex" in text(app.narration)
    assert "Green takes the Rice field of Edo (Red 3" in text(app.outcome)
    assert "the rules engine agrees" in text(app.expected)
    assert "Edo" in text(app.tallies) and "HO21" not in text(app.tallies) + text(app.outcome) + text(app.narration)
    assert app.board.state is app.stepper.state
    assert set(app.board.highlights.get("warning", ())) == {app.board.state.board.resolve(h) for h in ("Edo", "HO19")}
    app.go(3)
    assert app.next_button.disabled is True
    app.slider.value = 1  # the play widget drives the slider
    assert text(app.step_label) == "Step 1 of 3"
    assert app.board.error_log == []


def test_examples_app_steps_through_e9(examples_app):
    app = examples_app
    app.open("E9")
    app.go(3)
    out = text(app.outcome)
    assert f"Gold takes the Buddha of {w(app.stepper.state, 'HO09')}" in out and "is set aside" in out
    assert "Castle" in text(app.tallies) and "High Helmet" not in text(app.tallies)


def test_try_it_yourself_and_back(examples_app):
    app = examples_app
    app.open("E2")
    app.go(2)
    app.start_sandbox()
    assert app.try_box.layout.display == "" and app.example_box.layout.display == "none"
    sb = app.sandbox
    assert sb is not None and sb.state is app.stepper.before
    hand = sb.state.hand
    app.hand.click(hand.index(tile("S2")))
    board = sb.state.board
    app.click(board.resolve("HO25"))  # Blue's Samurai 1 lies there
    assert app.feedback.kind == "error" and "already holds" in app.feedback.text
    assert len(sb.states) == 1
    app.click(board.resolve("HO02"))  # a different move: far away, nothing closes
    assert f"Red lays a Samurai 2 on {w(board, 'HO02')}. No settlement is decided." in text(app.try_outcome)
    app._undo()
    assert app.sandbox.state is app.stepper.before
    app.hand.click(app.sandbox.state.hand.index(tile("S2")))
    app.click(board.resolve("HO20"))  # the example's own move, played by hand
    assert f"Yellow takes the Buddha of {w(board, 'HO19')}" in text(app.try_outcome)
    app.leave_sandbox()
    assert app.sandbox is None and app.example_box.layout.display == ""
    assert text(app.step_label) == "Step 2 of 3" and app.board.state is app.stepper.state


def test_sandbox_plays_any_legal_move_from_the_shown_position():
    st = ExampleStepper(load_example("E1"))
    sb = Sandbox(st.before)
    lines = sb.play(next(a for a in sb.state.legal_actions()))
    assert lines and lines[0].endswith(".")
    sb.undo()
    assert sb.state is st.before


# --- the lesson app ------------------------------------------------------------------------------------

def test_lesson_app_solves_a_task_by_clicks_and_counts_progress():
    app = LessonApp()
    assert "Chapter 1 of 8 · 0 of" in text(app.progress)
    app.open_task("capture-one")
    assert app.chapters.value == 3 and "Chapter 4" in text(app.chapter_title)
    board = app.run.state.board
    app.hand.click(app.run.state.hand.index(tile("H4")))
    app.click(board.resolve("HO18"))
    assert app.feedback.kind == "error"
    assert f"Yellow takes the Buddha of {w(board, 'HO14')}" in app.feedback.text
    assert "counts only for High Helmets" in app.feedback.text
    assert app.wrong_tries["capture-one"] == 1 and "capture-one" not in app.solved
    # after a wrong try the hand stays on screen: a tile of it starts the task again
    assert [c.label for c in app.hand.items] == [c.label for c in hand_items(app.start_state, app.start_state.hand,
                                                                              None)]
    assert app.next_button.button_style == ""
    app.hand.click(app.start_state.hand.index(tile("B3")))
    app.click(board.resolve("HO18"))
    assert app.feedback.kind == "success" and "You take the Buddha (Green 3, Yellow 2)" in app.feedback.text
    assert "1 of" in text(app.progress) and app.bar.value == 1
    assert "✔ solved" in text(app.task_box)
    assert app.next_button.button_style == "success", "Next task lights up once the task is solved"


def test_lesson_app_refuses_illegal_clicks_with_the_rule():
    app = LessonApp()
    app.open_task("capture-one")
    board = app.run.state.board
    app.hand.click(app.run.state.hand.index(tile("B3")))
    app.click(board.resolve("HO14"))  # a settlement: its tallies, not an error
    assert app.feedback.kind == "info" and f"The tallies of {w(board, 'HO14')} are shown" in app.feedback.text
    assert app.run.actions == []
    app.click(board.resolve("HO13"))  # taken by Yellow's Samurai
    assert app.feedback.kind == "error" and "is not allowed" in app.feedback.text
    assert "HO13" not in app.feedback.text and "@" not in app.feedback.text


def lesson_swap_between_ho12_and_akita() -> LessonApp:
    """The lesson's swap task with the swap tile chosen and its two settlements clicked: HO12, then Akita."""
    app = LessonApp()
    app.open_task("swap")
    app.hand.click(app.run.state.hand.index(tile("X")))
    app.click(app.run.state.board.resolve("HO12"))
    app.click(app.run.state.board.resolve("Akita"))
    return app


def test_lesson_app_swap_needs_a_confirmation_then_a_tile():
    app = lesson_swap_between_ho12_and_akita()
    board = app.run.state.board
    assert app.confirm_button.layout.display == ""
    app.confirm()
    assert app.feedback.kind == "info" and len(app.run.actions) == 1
    app.hand.click(app.run.state.hand.index(tile("R2")))
    app.click(board.resolve("HO16"))
    assert app.feedback.kind == "success"


def test_lesson_app_hint_solution_navigation_and_edition():
    app = LessonApp()
    app.show_hint()
    assert "Edo" in text(app.hint)
    app.go(1)
    assert app.task.id == TASKS[1].id and text(app.hint) == ""
    app.show_solution()
    assert app.feedback.text.startswith(f"A solution: Ship 1 on {w(app.run.state, 'SEA49')}")
    app.set_edition("2015")
    assert app.edition.value == "2015"
    assert "caste pieces" in text(app.task_box) and "you play Gold" in text(app.task_box)
    app.chapters.value = 7
    assert app.task.id == "score-choose"
    assert app.next_button.disabled is True


# --- the scoring explainer --------------------------------------------------------------------------------

@pytest.mark.parametrize(("key", "winner", "totals"), [
    ("E6", "Green wins", "Totals: Green 11, Yellow 7, Blue 9, Red 8"),
    ("E7", "Red wins", None),
    ("E10", "Red wins", None),
])
def test_presets_reproduce_the_rulebook(key, winner, totals):
    x = ScoringExplainer()
    x.load_preset(key)
    assert text(x.winner) == winner
    if totals:
        assert text(x.totals) == totals
    assert x.report.winners == tuple(x.names.index(w) for w in [winner.split()[0]])


def test_e7_preset_numbers():
    x = ScoringExplainer()
    x.load_preset("E7")
    rep = x.report
    red, yellow = x.names.index("Red"), x.names.index("Yellow")
    assert rep.totals[red] == 9 and rep.totals[yellow] == 8
    assert rep.other_pieces[red] == rep.other_pieces[yellow] == 3
    assert rep.decided_by == "total"
    assert all(rep.totals[x.names.index(n)] > 9 for n in ("Blue", "Green"))
    steps = text(x.steps)
    assert "Step 1: Leaders of each caste" in steps and "Red 9" in steps
    assert "Red 9" in text(x.totals) and "Yellow 8" in text(x.totals)
    table = text(x.table)
    assert "◀ wins" in table


def test_e10_in_the_2015_words():
    x = ScoringExplainer()
    x.load_preset("E10")
    assert x.edition.value == "2015" and x.names == ["Gold", "Red", "Green"]
    assert "Castle" in text(x.steps) and "High Helmet" not in text(x.steps)
    assert "Totals: Gold 5, Red 7, Green 6" == text(x.totals)


def test_stepping_reveals_the_chain_one_rule_at_a_time():
    x = ScoringExplainer()
    x.load_preset("E7")
    n = len(x.report.steps)
    x.show_steps(1)
    assert text(x.step_label) == f"step 1 of {n}" and text(x.winner) == "…"
    assert x.prev_button.disabled and not x.next_button.disabled
    assert text(x.steps).count("Step ") == 1
    x.step_by(1)
    assert text(x.steps).count("Step ") == 2
    x.show_steps(0)
    assert text(x.winner) == "Red wins" and x.next_button.disabled


def test_editing_counts_rescores_and_warns_about_the_supply():
    x = ScoringExplainer(presets=False)
    x.set_players(2)
    assert x.names == ["Green", "Yellow"]
    x.inputs[0][0].value = 3
    x.inputs[1][1].value = 2
    assert x.report.leaders == (0, 1, None) and text(x.winner) == "Green wins"  # one each; then totals 3 to 2
    x.inputs[1][2].value = 1
    assert x.report.leaders[2] == 1 and text(x.winner) == "Yellow wins"  # two castes win outright
    x.inputs[0][0].value = 7
    x.inputs[1][0].value = 1
    assert x.feedback.kind == "warning" and "Only 7 figures of each caste" in x.feedback.text
    x.inputs[1][0].value = 0
    assert x.feedback.kind == ""
    x.set_edition("2015")
    assert x.names == ["Gold", "Red"] and "Castle" in text(x.table)


def test_the_game_apps_embedding_signature():
    rep = score([(2, 0, 1), (0, 3, 1)], ["Ann", "Bob"], VOCABULARY["2015"])
    x = ScoringExplainer(rep, ["Ann", "Bob"], VOCABULARY["2015"])
    assert not x.editable and x.inputs == []
    assert text(x.winner) == winner_text(rep, ["Ann", "Bob"])
    assert "Castle" in text(x.steps)


def test_chart_marks_leaders_and_uses_player_colours():
    rep = score([(3, 0, 1), (1, 2, 1)], ["Green", "Red"])
    svg = chart_svg(rep, ["Green", "Red"], ["#2e7d32", "#c62828"], VOCABULARY["1998"])
    assert svg.startswith("<svg") and svg.count("<rect") == 1 + 6
    assert "3★" in svg and "2★" in svg and "leader: Green" in svg and "no leader" in svg
    assert 'fill="#2e7d32"' in svg and 'fill="#c62828"' in svg


def test_rulebook_presets_come_from_the_scenario_files():
    presets = rulebook_presets()
    assert list(presets) == ["E6", "E7", "E10"]
    assert presets["E10"].edition == "2015"


# --- the rule variants panel -------------------------------------------------------------------------------

def test_presets_table_explains_every_ruling():
    table = text(presets_html(EDITION_1998.with_options(instant_end="stop_at_once")))
    for rid in ("R1", "R2", "R3", "R4"):
        assert rid in table
    assert "instant" in table and "end of turn" in table and "stop at once" in table


def test_r2_demo_differs_between_its_options():
    panel = RulesPanel()
    panel.show_ruling("R2")
    values = [r.value for r in panel.runs]
    assert values == ["instant", "end_of_turn"]
    instant, end = (r.text() for r in panel.runs)
    village = w(panel.runs[0].final, "HO01")
    assert f"Red takes the High Helmet of {village}" in instant
    assert f"Blue takes the High Helmet of {village}" in end
    assert [r.final.captured for r in panel.runs][0] != [r.final.captured for r in panel.runs][1]
    assert len(panel.demo.children) == 2


@pytest.mark.parametrize("rid", ["R3", "R4"])
def test_each_ruling_demo_changes_the_outcome(rid):
    panel = RulesPanel(ruling=rid)
    assert len(panel.runs) >= 2
    outcomes = {(r.final.captured, r.final.phase) for r in panel.runs}
    assert len(outcomes) == len(panel.runs)


def test_the_panel_follows_the_chosen_edition():
    panel = RulesPanel()
    assert "High Helmet" in " ".join(panel.runs[0].lines)
    panel.set_edition("2015")
    words = " ".join(r.text() for r in panel.runs)
    assert "Castle" in words and "High Helmet" not in words
    assert "Castle, Buddha, Rice" in text(panel.vocabulary)
    panel.show_ruling("R3")
    assert "swap tile" in " ".join(r.text() for r in panel.runs)


def test_demo_runs_use_the_rulings_field():
    sc = find_scenario("R4")
    from samurai_lab.knizia.core.ruleset import RULINGS_BY_ID

    runs = demo_runs(sc, RULINGS_BY_ID["R4"], "1998")
    assert [r.value for r in runs] == ["finish_turn", "stop_at_once"]
    assert runs[1].final.is_over and "Not allowed: the game is over" in runs[1].text()


def test_the_lesson_embeds_the_variants_panel_on_demand():
    app = LessonApp()
    assert app.rules_panel is None
    app.variants.selected_index = 0
    assert app.rules_panel is not None and app.rules_panel.edition_value == "1998"
    app.set_edition("2015")
    assert app.rules_panel.edition_value == "2015"


def test_scoring_takes_the_captures_of_any_example():
    x = ScoringExplainer()
    x.from_example.value = "E2"
    assert x.case is not None and x.case.key == "E2"
    red = x.names.index("Red")
    assert x.counts[red] == [1, 1, 0]
    x.from_example.value = "R4"
    assert x.case.key == "R4" and x.names == ["Red", "Blue"]


def test_the_swap_chooser_picks_the_piece_of_a_city():
    from samurai_lab import Caste

    app = lesson_swap_between_ho12_and_akita()
    board = app.run.state.board
    chooser = app.swap_chooser
    assert chooser.widget.layout.display == ""
    assert [v for _, v in chooser.rows[1].options] == ["B", "R"]
    chooser.rows[1].value = "R"  # the Rice of Akita instead of its Buddha
    pending = app.input.sel.pending
    assert pending is not None and Caste.RICE in (pending.caste_a, pending.caste_b)
    app.confirm()
    app.hand.click(app.run.state.hand.index(tile("R2")))
    app.click(board.resolve("HO16"))
    assert app.feedback.kind == "error" and f"There was no Buddha in {w(board, 'HO12')}" in app.feedback.text
