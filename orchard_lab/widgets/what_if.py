"""The what-if explorer: play many games under two rule sets and compare the final scores.

Rule set A and rule set B each have every switch of ``apple_batches.Rules``; both are
played by the same policy on the same deals (the same seed), so the histograms differ only
because the rules do. Games run in chunks and a progress bar follows them; the same seed
always gives the same result.

>>> explorer = WhatIfExplorer(rules_b=ab.Rules(easy=True), games=200, seed=1)
>>> explorer.run()
>>> sorted(explorer.results), explorer.results["B"].shape
(['A', 'B'], (200, 1))
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go

from orchard_lab import apple_batches as ab
from orchard_lab import policies
from orchard_lab.core import make_rng, require_int
from orchard_lab.figures import RUN_COLOURS, score_histograms
from orchard_lab.widgets.guard import guarded

__all__ = ["CHUNK_GAMES", "MAX_LOOKAHEAD_GAMES", "PERCENTILES", "WhatIfExplorer", "describe_rules"]

SETS = ("A", "B")
PERCENTILES = (10, 50, 90)
CHUNK_GAMES = {"random": 1000, "greedy": 1000, "lookahead": 1}  # games between bar updates
MAX_GAMES = 100_000
MAX_SEED = 2**31 - 1  # the seed box's largest value
MAX_LOOKAHEAD_GAMES = 200  # lookahead plays about a game a second
FIGURE_SIZE = {"width": 760, "height": 380}


def describe_rules(rules: ab.Rules) -> str:
    """The switches that differ from the seeds' rules, in words.

    >>> describe_rules(ab.Rules()), describe_rules(ab.Rules(easy=True, steady_reference="any"))
    ("seeds' rules", 'easy, steady any')
    """
    words = []
    if rules.easy:
        words.append("easy")
    if rules.unlucky_may_bust:
        words.append("unlucky may bust")
    if rules.steady_reference != "last":
        words.append(f"steady {rules.steady_reference}")
    if rules.special_broken_points:
        words.append(f"broken special {rules.special_broken_points}")
    return ", ".join(words) or "seeds' rules"


class _RulesPanel:
    """Every switch of one rule set, as widgets."""

    def __init__(self, name: str, rules: ab.Rules) -> None:
        if not isinstance(rules, ab.Rules):
            raise TypeError(f"rules_{name.lower()} must be a Rules, not {type(rules).__name__}")
        fit = {"description_width": "initial"}
        self.easy = w.Checkbox(value=rules.easy, description="easy: bad batch free", indent=False)
        self.bust = w.Checkbox(
            value=rules.unlucky_may_bust, description="unlucky may pass 13", indent=False
        )
        self.steady = w.ToggleButtons(
            options=[("steady: last", "last"), ("steady: any", "any")],
            value=rules.steady_reference,
            tooltips=["within 1 of the last apple", "within 1 of any earlier apple"],
            style={"button_width": "110px"},
        )
        self.broken = w.IntSlider(
            value=rules.special_broken_points, min=-20, max=20, description="broken special",
            style=fit, layout={"width": "300px"},
        )  # fmt: skip
        colour = RUN_COLOURS[SETS.index(name)]
        heading = w.HTML(f'<b style="color:{colour};font-size:15px">Rule set {name}</b>')
        self.box = w.VBox([heading, self.easy, self.bust, self.steady, self.broken])
        self.box.layout = {"width": "330px"}
        self.box.add_class("orchard-whatif-rules").add_class(f"orchard-whatif-rules-{name}")

    @property
    def rules(self) -> ab.Rules:
        return ab.Rules(
            easy=self.easy.value,
            unlucky_may_bust=self.bust.value,
            steady_reference=self.steady.value,
            special_broken_points=self.broken.value,
        )


class WhatIfExplorer:
    """Compare final scores under rule sets A and B: press Run (or call ``run()``).

    ``policy`` plays every player ("random", "greedy", "lookahead"), ``games`` deals per
    rule set, ``players`` 1-6, ``seed`` the deals. ``results`` maps "A" and "B" to the
    ``simulate`` tables of the last run.
    """

    def __init__(
        self,
        rules_a: ab.Rules | None = None,
        rules_b: ab.Rules | None = None,
        policy: str = "greedy",
        games: int = 2000,
        players: int = 1,
        seed: int = 0,
    ) -> None:
        if policy not in policies.POLICY_NAMES:
            raise ValueError(f"policy must be one of {policies.POLICY_NAMES}, got {policy!r}")
        self.panels = {
            "A": _RulesPanel("A", ab.Rules() if rules_a is None else rules_a),
            "B": _RulesPanel("B", ab.Rules(easy=True) if rules_b is None else rules_b),
        }
        self.policy_choice = w.Dropdown(
            options=list(policies.POLICY_NAMES), value=policy, description="policy"
        )
        self.games_choice = w.BoundedIntText(
            value=require_int(games, "games", 1, MAX_GAMES), min=1, max=MAX_GAMES,
            description="games",
        )  # fmt: skip
        self.players_choice = w.Dropdown(
            options=list(range(1, 7)), value=require_int(players, "players", 1, 6),
            description="players",
        )  # fmt: skip
        self.seed_choice = w.BoundedIntText(
            value=require_int(seed, "seed", 0, MAX_SEED), min=0, max=MAX_SEED, description="seed"
        )
        self.run_button = w.Button(description="Run", icon="play", button_style="primary")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="games")
        self.figure = go.FigureWidget(
            score_histograms(
                {label: [] for label in self._labels(self.rules).values()},
                percentiles=PERCENTILES,
                title="Press Run to play the games",
                **FIGURE_SIZE,
            )
        )
        self.summary = w.HTML()
        self.message = w.HTML()
        self.results: dict[str, np.ndarray] = {}
        self.run_button.on_click(lambda _b: self._clicked())
        self.widget = self._layout()

    # ---- what a learner does -----------------------------------------------------------
    def run(self) -> None:
        """Play the games of both rule sets in chunks, moving the bar, then draw them."""
        rules = self.rules
        policy, games = self.policy_choice.value, self.games_choice.value
        if policy == "lookahead" and games > MAX_LOOKAHEAD_GAMES:
            self.message.value = (
                f"Lookahead plays about one game a second: choose at most "
                f"{MAX_LOOKAHEAD_GAMES} games, or the greedy policy for big runs."
            )
            return
        chunk = CHUNK_GAMES[policy]
        sizes = [min(chunk, games - start) for start in range(0, games, chunk)]
        seeds = make_rng(self.seed_choice.value).integers(0, 2**31 - 1, size=len(sizes))
        self.progress.max, self.progress.value = 2 * games, 0
        self.message.value = ""
        tables: dict[str, list[np.ndarray]] = {name: [] for name in SETS}
        for size, chunk_seed in zip(sizes, seeds, strict=True):
            for name in SETS:
                tables[name].append(
                    ab.simulate(
                        games=size,
                        players=self.players_choice.value,
                        policy=policy,
                        seed=int(chunk_seed),
                        rules=rules[name],
                    )
                )
                self.progress.value += size
        self.results = {name: np.concatenate(parts) for name, parts in tables.items()}
        self._draw(rules)

    def means(self) -> dict[str, float]:
        """The mean final score of each rule set in the last run."""
        return {name: float(table.mean()) for name, table in self.results.items()}

    @property
    def rules(self) -> dict[str, ab.Rules]:
        """Rule sets A and B as set in the panels."""
        return {name: panel.rules for name, panel in self.panels.items()}

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        return self.widget._repr_mimebundle_(**kwargs)

    # ---- drawing -----------------------------------------------------------------------
    @guarded
    def _clicked(self) -> None:
        self.run()

    def _labels(self, rules: dict[str, ab.Rules]) -> dict[str, str]:
        return {name: f"{name}: {describe_rules(rules[name])}" for name in SETS}

    def _draw(self, rules: dict[str, ab.Rules]) -> None:
        labels = self._labels(rules)
        samples = {labels[name]: self.results[name] for name in SETS}
        fresh = score_histograms(samples, percentiles=PERCENTILES)
        with self.figure.batch_update():
            for mine, new in zip(self.figure.data, fresh.data, strict=True):
                mine.update(x=new.x, y=new.y, name=new.name, hovertemplate=new.hovertemplate)
                mine.meta = new.meta
            self.figure.layout.title.text = (
                f"{self.games_choice.value} games of {self.players_choice.value} player"
                f"{'s' if self.players_choice.value > 1 else ''}, {self.policy_choice.value} play"
            )
        self.summary.value = _summary(samples)

    def _layout(self) -> w.Box:
        self.run_button.add_class("orchard-whatif-run")
        self.progress.add_class("orchard-whatif-progress")
        self.figure.add_class("orchard-whatif-plot")
        self.summary.add_class("orchard-whatif-summary")
        self.message.add_class("orchard-whatif-message")
        settings = w.VBox(
            [
                self.policy_choice,
                self.players_choice,
                self.games_choice,
                self.seed_choice,
                w.HBox([self.run_button, self.progress]),
            ]
        )
        top = w.HBox([self.panels["A"].box, self.panels["B"].box, settings])
        root = w.VBox([top, self.message, self.figure, self.summary])
        return root.add_class("orchard-whatif")


def _summary(samples: dict[str, np.ndarray]) -> str:
    """A small table: mean and percentiles of every run."""
    head = "".join(f"<th>{p}th percentile</th>" for p in PERCENTILES)
    rows = []
    for run, (label, table) in enumerate(samples.items()):
        values = np.percentile(table, PERCENTILES)
        cells = "".join(f"<td>{v:g}</td>" for v in values)
        colour = RUN_COLOURS[run]
        rows.append(
            f'<tr><th style="color:{colour};text-align:left">{html.escape(label)}</th>'
            f"<td>{table.mean():.2f}</td>{cells}</tr>"
        )
    return (
        "<style>.orchard-whatif-summary th, .orchard-whatif-summary td {padding: 2px 10px}</style>"
        '<table style="border-collapse:collapse;text-align:right">'
        f"<tr><th></th><th>mean</th>{head}</tr>{''.join(rows)}</table>"
    )
