"""The what-if explorer: two rule sets, the same deals, histograms, a progress bar, any game."""

from __future__ import annotations

import re

import numpy as np
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.core import make_rng
from orchard_lab.policies import POLICY_WORDS, first_player_share
from orchard_lab.widgets import RuleSwitches, WhatIfExplorer
from orchard_lab.widgets.what_if import chunk_games, largest_run


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


def test_the_chart_shows_its_axes_once_run_has_results() -> None:
    """Before the first Run the chart has no axes (the builder hides them while no game was
    played; plotly's default -1 to 6 meant nothing); Run's results bring them."""
    explorer = WhatIfExplorer(games=50, players=2, seed=3)
    axes = explorer.figure.layout.xaxis, explorer.figure.layout.yaxis
    assert [axis.visible for axis in axes] == [False, False]
    explorer.run()
    assert [axis.visible for axis in axes] == [True, True]


def test_both_histograms_are_drawn_with_every_final_score() -> None:
    explorer = WhatIfExplorer(rules_b=ab.Rules(steady_reference="any"), games=400, seed=1)
    explorer.run()
    bars = _histograms(explorer)
    b_label = "B: steady height batch compares with: any earlier apple"
    assert [bar.name for bar in bars] == ["A: standard rules", b_label]
    assert [sum(bar.y) for bar in bars] == [400, 400]
    means = [t for t in explorer.figure.data if t.meta["role"] == "mean"]
    assert [m.x[0] for m in means] == pytest.approx(list(explorer.means().values()))
    assert "mean" in explorer.summary.value and b_label in explorer.summary.value
    assert "90th: 9 games in 10" in explorer.summary.value
    # A page that loads the widget later (app mode, a reload) gets the bars too (issue 13).
    saved = explorer.figure.get_state("_widget_data")["_widget_data"]
    assert [sum(t["y"]) for t in saved if t["meta"]["role"] == "histogram"] == [400, 400]


def test_the_two_runs_differ_by_more_than_colour() -> None:
    explorer = WhatIfExplorer(games=50)
    explorer.run()
    bars, means = (
        _histograms(explorer),
        [t for t in explorer.figure.data if t.meta["role"] == "mean"],
    )
    assert bars[0].marker.pattern.shape != bars[1].marker.pattern.shape
    assert means[0].line.dash != means[1].line.dash


def test_the_figure_takes_the_width_of_its_column() -> None:
    explorer = WhatIfExplorer()
    assert explorer.figure.layout.width is None and explorer.figure.layout.autosize is True


def test_easy_mode_lifts_the_mean_on_the_same_deals_AB_4() -> None:
    explorer = WhatIfExplorer(rules_b=ab.Rules(easy=True), games=500, seed=2)
    explorer.run()
    assert explorer.means()["B"] > explorer.means()["A"]
    assert "rule set B scores" in explorer.summary.value and "more than" in explorer.summary.value


def test_the_progress_bar_moves_chunk_by_chunk() -> None:
    explorer = WhatIfExplorer(games=25_000, seed=3)
    assert chunk_games(ab, "greedy") == 10_000
    seen: list[int] = []
    explorer.progress.observe(lambda change: seen.append(change["new"]), names="value")
    explorer.run_button.click()
    assert seen == [20_000, 40_000, 50_000]  # A and B of each chunk
    assert explorer.progress.value == explorer.progress.max == 50_000


def test_the_panels_set_every_switch() -> None:
    rules = ab.Rules(
        easy=True, unlucky_may_bust=True, steady_reference="any", special_broken_points=-20
    )
    explorer = WhatIfExplorer(rules_a=rules)
    assert explorer.rules == {"A": rules, "B": ab.Rules(easy=True)}
    explorer.panels["B"].controls["special_broken_points"].value = 5
    assert explorer.rules["B"].special_broken_points == 5


def test_each_policy_is_explained_where_it_is_chosen() -> None:
    explorer = WhatIfExplorer()
    for policy in explorer.policy_choice.options:
        explorer.policy_choice.value = policy
        assert POLICY_WORDS[policy] in explorer.policy_words.value
        assert f"At most {largest_run(ab, policy, 1):,} games" in explorer.policy_words.value


def test_long_lookahead_runs_are_refused_with_a_reason() -> None:
    most = largest_run(ab, "lookahead", 1)
    explorer = WhatIfExplorer(policy="lookahead", games=most + 1)
    explorer.run()
    assert f"At most {most} games" in explorer.message.value and explorer.results == {}
    explorer.players_choice.value = 4  # more players, fewer games fit in a click
    assert largest_run(ab, "lookahead", 4) < most
    assert f"At most {largest_run(ab, 'lookahead', 4)} games with 4 players" in (
        explorer.policy_words.value
    )


def test_a_short_lookahead_run_plays_game_by_game() -> None:
    explorer = WhatIfExplorer(policy="lookahead", games=1, seed=4)
    explorer.run()
    assert explorer.results["A"].shape == (1, 1) and explorer.progress.value == 2


@pytest.mark.parametrize("game", [wd, st])
def test_the_other_games_run_with_their_own_players_range(game) -> None:
    explorer = WhatIfExplorer(game=game, games=6, players=2, seed=1)
    facts = game.FACTS
    assert list(explorer.players_choice.options) == list(
        range(facts.min_players, facts.max_players + 1)
    )
    assert all(isinstance(panel, RuleSwitches) for panel in explorer.panels.values())
    explorer.run()
    assert explorer.results["A"].shape == explorer.results["B"].shape == (6, 2)
    assert sum(_histograms(explorer)[0].y) == 12  # every player of every game
    assert facts.title in explorer.figure.layout.title.text
    with pytest.raises(ValueError, match="players"):
        WhatIfExplorer(game=game, players=facts.max_players + 1)


def test_each_game_starts_with_a_what_if_worth_asking() -> None:
    assert WhatIfExplorer(game=wd).rules["B"] == wd.Rules(scoring="per_drop")
    assert WhatIfExplorer(game=st).rules["B"] == st.Rules(ladder=(1, 4, 9, 16))
    label = _histograms(WhatIfExplorer(game=st))[1].name
    assert label.startswith("B: ") and label.endswith("1, 4, 9, 16")


def test_the_default_number_of_games_fits_in_a_click() -> None:
    for game in (ab, wd, st):
        explorer = WhatIfExplorer(game=game)
        assert explorer.games_choice.value == min(2000, largest_run(game, "greedy", 1))


def test_a_policy_too_slow_for_a_class_says_so() -> None:
    explorer = WhatIfExplorer(game=st, policy="lookahead", players=8, games=1)
    assert largest_run(st, "lookahead", 8) == 0  # a game takes ~10 s on the class machine
    assert "Too slow for stacked trees" in explorer.policy_words.value
    explorer.run()
    assert "Too slow" in explorer.message.value and explorer.results == {}


def test_no_code_in_what_a_learner_reads() -> None:
    explorer = WhatIfExplorer(game=wd, games=5)
    explorer.run()
    texts = [explorer.summary.value, explorer.figure.layout.title.text, explorer.policy_words.value]
    texts += [t.name for t in explorer.figure.data]
    for text in texts:
        assert not re.search(r"np\.|float64|seeds' rules|\w_\w|\(\d", text), text


def test_bad_settings_raise_with_the_argument_named() -> None:
    with pytest.raises(ValueError, match="policy"):
        WhatIfExplorer(policy="clever")
    with pytest.raises(ValueError, match="games"):
        WhatIfExplorer(games=0)
    with pytest.raises(ValueError, match="seed"):
        WhatIfExplorer(seed=2**40)  # the seed box would clip it to another seed
    with pytest.raises(TypeError, match="rules_b"):
        WhatIfExplorer(rules_b={"easy": True})
    with pytest.raises(TypeError, match="rules_a"):
        WhatIfExplorer(game=wd, rules_a=ab.Rules())
    with pytest.raises(TypeError, match="game"):
        WhatIfExplorer(game="water drops")


# -- invent a rule (issue 27): a pupil's own sequence against the standard one --------------
def test_a_typed_sequence_is_drawn_against_the_other_rule_sets_at_once() -> None:
    """Typing a formula into rule set B's box draws B's sequence beside A's, in the look of
    each run (colour, dash and shape); with no sequence differing, the chart is hidden."""
    explorer = WhatIfExplorer(game=ab, games=50)
    assert explorer.differing_sequences() == []
    assert explorer.sequences_box.layout.display == "none"
    explorer.panels["B"].own_boxes["monochrome_points"].value = "n^2"
    assert explorer.differing_sequences() == ["monochrome_points"]
    assert explorer.sequences_box.layout.display == "flex"
    lines = {t.name: (list(t.y), t.meta["run"], t.line.dash) for t in explorer.sequences.data}
    assert lines == {
        "A: monochrome batch points": (list(ab.TRIANGULAR), 0, "solid"),
        "B: monochrome batch points": ([n * n for n in range(1, 13)], 1, "dash"),
    }
    explorer.run()  # the games are played under the pupil's table
    assert explorer.rules["B"].monochrome_points == tuple(n * n for n in range(1, 13))
    assert explorer.means()["B"] > explorer.means()["A"]


def test_a_switch_that_is_no_sequence_leaves_the_sequences_chart_as_drawn() -> None:
    """Only a change of what the chart shows redraws it (and sends it to the browser)."""
    explorer = WhatIfExplorer(game=ab, games=50)
    explorer.panels["B"].own_boxes["monochrome_points"].value = "n^2"
    drawn = [trace.uid for trace in explorer.sequences.data]
    explorer.panels["B"].controls["easy"].value = not explorer.panels["B"].controls["easy"].value
    assert [trace.uid for trace in explorer.sequences.data] == drawn
    explorer.panels["A"].own_boxes["monochrome_points"].value = "n^2"  # now alike: hidden
    assert explorer.sequences_box.layout.display == "none"


def test_every_game_draws_its_own_sequence_switches() -> None:
    ladder = WhatIfExplorer(game=st, games=20)  # B: the ladder of squares
    assert [t.name for t in ladder.sequences.data] == ["A: dice ladder", "B: dice ladder"]
    drops = WhatIfExplorer(game=wd, games=20)
    assert drops.sequences_box.layout.display == "none"
    drops.panels["B"].own_boxes["group_points"].value = "2n"
    assert [list(t.y) for t in drops.sequences.data] == [
        list(range(1, 10)),
        list(range(2, 20, 2)),
    ]


def test_the_first_players_share_of_wins_is_compared_with_a_fair_share() -> None:
    """With 2 or more players the summary says how often the first player wins under each
    rule set (a shared win as a share), beside the fair share."""
    assert first_player_share(np.array([[5, 3], [2, 4], [4, 4], [1, 1]])) == 0.5
    assert first_player_share(np.array([[3, 3, 3]])) == pytest.approx(1 / 3)
    explorer = WhatIfExplorer(game=ab, games=300, players=3, seed=2)
    explorer.run()
    shares = {key: 100 * first_player_share(table) for key, table in explorer.results.items()}
    words = re.sub(r"<[^>]+>", "", explorer.summary.value)
    assert (
        f"The first player wins {shares['A']:.1f} % of the games under rule set A and "
        f"{shares['B']:.1f} % under rule set B; a fair share is 33.3 %"
    ) in words
    alone = WhatIfExplorer(game=ab, games=30)
    alone.run()
    assert "first player" not in alone.summary.value


def test_the_explorer_counts_the_apples_of_each_batch_under_both_rule_sets() -> None:
    """Apple batches (issue 27): after a greedy or random Run, the summary lists the apples a
    player puts in each batch under A and B, counted on the very games played, and names the
    largest change; a lookahead Run, which is not counted, shows no such table."""
    own = ab.Rules(monochrome_points=(50,) * 12)
    explorer = WhatIfExplorer(game=ab, rules_b=own, games=400, players=2, seed=4)
    explorer.run()
    (chunk_seed,) = make_rng(4).integers(0, 2**31 - 1, size=1)  # 400 games: one chunk
    for key, rules in explorer.rules.items():
        assert explorer.choices[key] == ab.batch_use(400, 2, "greedy", int(chunk_seed), rules)
        assert sum(explorer.choices[key].values()) == pytest.approx(12)
    a, b = explorer.choices["A"], explorer.choices["B"]
    words = re.sub(r"<[^>]+>", " ", explorer.summary.value)
    assert "Apples a player puts in each batch in a game, on average" in words
    moved = max(a, key=lambda kind: abs(b[kind] - a[kind]))
    assert f"The largest change: {moved}, {a[moved]:.2f} under A and {b[moved]:.2f} under B." in (
        " ".join(words.split())
    )
    slow = WhatIfExplorer(game=ab, policy="lookahead", games=2)
    slow.run()
    assert slow.choices == {} and "each batch" not in slow.summary.value


def test_the_dotted_lines_sentence_names_every_percentile_they_mark() -> None:
    """The chart's dotted lines mark the 10th, 50th and 90th percentiles; the words under the
    table said "the dotted lines on the chart mark them" after the 90th's meaning alone
    (s18 review, Polish 12)."""
    from orchard_lab.widgets.what_if import PERCENTILES, _summary

    samples = {"A": np.arange(1.0, 21.0), "B": np.arange(3.0, 23.0)}
    words = re.sub(r"<[^>]+>", " ", _summary(samples).split("</table>")[1])
    assert "dotted lines" in words, words
    for p in PERCENTILES:
        assert f"{p}th" in words, (p, words)
