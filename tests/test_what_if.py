"""The what-if explorer: two rule sets, the same deals, histograms, a progress bar."""

from __future__ import annotations

import numpy as np
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab.widgets import WhatIfExplorer
from orchard_lab.widgets.what_if import MAX_LOOKAHEAD_GAMES, describe_rules


def _histograms(explorer: WhatIfExplorer) -> list:
    return [t for t in explorer.figure.data if t.meta["role"] == "histogram"]


def test_the_same_seed_gives_the_same_result() -> None:
    first = WhatIfExplorer(games=300, players=2, seed=5)
    again = WhatIfExplorer(games=300, players=2, seed=5)
    other = WhatIfExplorer(games=300, players=2, seed=6)
    for explorer in (first, again, other):
        explorer.run()
    for name in ("A", "B"):
        assert np.array_equal(first.results[name], again.results[name])
        assert first.results[name].shape == (300, 2)
    assert not np.array_equal(first.results["A"], other.results["A"])
    assert first.figure.data[0].y == again.figure.data[0].y


def test_both_histograms_are_drawn_with_every_final_score() -> None:
    explorer = WhatIfExplorer(rules_b=ab.Rules(steady_reference="any"), games=400, seed=1)
    explorer.run()
    bars = _histograms(explorer)
    assert [bar.name for bar in bars] == ["A: seeds' rules", "B: steady any"]
    assert [sum(bar.y) for bar in bars] == [400, 400]
    means = [t for t in explorer.figure.data if t.meta["role"] == "mean"]
    assert [m.x[0] for m in means] == pytest.approx(list(explorer.means().values()))
    assert "mean" in explorer.summary.value and "B: steady any" in explorer.summary.value


def test_easy_mode_lifts_the_mean_on_the_same_deals_AB_4() -> None:
    explorer = WhatIfExplorer(rules_b=ab.Rules(easy=True), games=500, seed=2)
    explorer.run()
    assert explorer.means()["B"] > explorer.means()["A"]


def test_the_progress_bar_moves_chunk_by_chunk() -> None:
    explorer = WhatIfExplorer(games=2500, seed=3)
    seen: list[int] = []
    explorer.progress.observe(lambda change: seen.append(change["new"]), names="value")
    explorer.run_button.click()
    assert seen == [1000, 2000, 3000, 4000, 4500, 5000]  # A and B per chunk of 1000
    assert explorer.progress.value == explorer.progress.max == 5000


def test_the_panels_set_every_switch() -> None:
    rules = ab.Rules(
        easy=True, unlucky_may_bust=True, steady_reference="any", special_broken_points=-20
    )
    explorer = WhatIfExplorer(rules_a=rules)
    assert explorer.rules == {"A": rules, "B": ab.Rules(easy=True)}
    explorer.panels["B"].broken.value = 5
    assert explorer.rules["B"].special_broken_points == 5
    assert describe_rules(rules) == "easy, unlucky may bust, steady any, broken special -20"


def test_long_lookahead_runs_are_refused_with_a_reason() -> None:
    explorer = WhatIfExplorer(policy="lookahead", games=MAX_LOOKAHEAD_GAMES + 1)
    explorer.run()
    assert "at most 200 games" in explorer.message.value and explorer.results == {}


def test_a_short_lookahead_run_plays_game_by_game() -> None:
    explorer = WhatIfExplorer(policy="lookahead", games=1, seed=4)
    explorer.run()
    assert explorer.results["A"].shape == (1, 1) and explorer.progress.value == 2


def test_bad_settings_raise_with_the_argument_named() -> None:
    with pytest.raises(ValueError, match="policy"):
        WhatIfExplorer(policy="clever")
    with pytest.raises(ValueError, match="games"):
        WhatIfExplorer(games=0)
    with pytest.raises(ValueError, match="seed"):
        WhatIfExplorer(seed=2**40)  # the seed box would clip it to another seed
    with pytest.raises(TypeError, match="rules_b"):
        WhatIfExplorer(rules_b={"easy": True})
