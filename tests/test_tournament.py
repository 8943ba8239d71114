"""The tournament app: simulations add up, and the charts show what the results say."""

from __future__ import annotations

import dataclasses
import re

import pytest

from samurai_lab.knizia.bots import simulate
from samurai_lab.knizia.widgets.tournament import (TournamentApp, bot_name, captures_svg, lengths_svg, merge, summary_html,
                                            win_rates_svg)


@pytest.fixture(scope="module")
def small():
    return simulate(["random", "greedy-lite"], 4, 2, seed=3)


def test_merge_adds_the_games_up(small) -> None:
    more = simulate(["random", "greedy-lite"], 2, 2, seed=4)
    both = merge([small, more])
    assert both.games == 6 and len(both.records) == 6
    assert both.wins == {n: small.wins[n] + more.wins[n] for n in small.names}
    with pytest.raises(ValueError, match="same bots"):
        merge([small, simulate(["random", "greedy-lite"], 3, 3, seed=1)])
    with pytest.raises(ValueError, match="nothing to merge"):
        merge([])


def test_win_chart_has_a_bar_and_an_interval_per_bot(small) -> None:
    svg = win_rates_svg(small)
    assert svg.startswith("<svg") and svg.count('class="samurai-ci"') == len(small.names)
    for name in small.names:
        lo, hi = small.ci95[name]
        assert f"{bot_name(name)}: {small.win_rates[name]:.0%} ({lo:.0%} to {hi:.0%} at 95 %)" in svg
    assert "4 games" in svg


def test_captures_and_lengths_charts(small) -> None:
    svg = captures_svg(small)
    vocab = small.ruleset.vocabulary
    for caste, name in vocab.castes.items():
        assert name in svg
        for bot in small.names:
            assert f"{bot_name(bot)}: {small.captures[bot][caste.value]:.2f} · {name}" in svg
    lengths = lengths_svg(small)
    counted = sum(int(n) for n in re.findall(r"turns: (\d+) game", lengths))
    assert counted == small.games
    same = dataclasses.replace(small, records=tuple(dataclasses.replace(r, turns=20) for r in small.records))
    assert "20 turns: 4 games" in lengths_svg(same), "a single length still makes one bar"


def test_summary_names_every_bot(small) -> None:
    text = summary_html(small)
    assert all(bot_name(n) in text for n in small.names) and "4 games" in text


def test_the_app_runs_and_runs_more() -> None:
    app = TournamentApp(bots=("random", "greedy-lite"), games=3, seed=2)
    assert app.result.games == 3 and "samurai-win-chart" in app.win_chart.value
    assert app.progress.value == 3 and not app.more_button.disabled
    app.run_more()
    assert app.result.games == 6
    assert app.results[0].records[0].seed != app.results[1].records[0].seed, "more games are new deals"
    app.players.value = 3
    with pytest.raises(ValueError, match="press Run"):
        app.run_more()
    assert app.bots() == ["random", "greedy-lite", "random"]
    app.run()
    assert app.result.players == 3 and app.result.games == 3
