"""The what-if explorer: play many games under two rule sets and compare the final scores.

It works for any of the three games (``game=apple_batches``, ``water_drops`` or
``stacked_trees``). Rule sets A and B are ``RuleSwitches`` panels built from the game's own
switches; both are played by the same policy on the same deals (the same seed), so the
histograms differ only because the rules do. Games run in chunks (of both rule sets) and a
progress bar follows them; the same settings always give the same result.

>>> explorer = WhatIfExplorer(rules_b=ab.Rules(easy=True), games=200, seed=1)
>>> explorer.run()
>>> sorted(explorer.results), explorer.results["B"].shape
(['A', 'B'], (200, 1))
"""

from __future__ import annotations

import html
import itertools
import math
from typing import Any

import ipywidgets as w
import numpy as np
from babel.numbers import format_decimal

from orchard_lab import apple_batches as ab
from orchard_lab import policies
from orchard_lab.contrast import readable
from orchard_lab.core import check_int, check_type, describe_rules, make_rng
from orchard_lab.figures.runs import (
    RUN_COLOURS,
    RUN_DASHES,
    RUN_EDGES,
    RUN_FILL_ALPHA,
    RUN_PATTERNS,
    run_tint,
    score_histograms,
    score_percentiles,
    sequence_comparison,
)
from orchard_lab.games import GameModule
from orchard_lab.games import entry as game_entry
from orchard_lab.language import _, _n, language
from orchard_lab.policies import POLICY_WORDS
from orchard_lab.widgets.guard import guarded
from orchard_lab.widgets.plotly_state import SharedBundleFigure, fit_to_container, keep_state
from orchard_lab.widgets.rule_switches import RuleSwitches, players_choice
from orchard_lab.widgets.styles import style_html, text_properties
from orchard_lab.widgets.view import WidgetView
from orchard_lab.widgets.view_language import ViewLanguage

__all__ = [
    "PERCENTILES",
    "WhatIfExplorer",
    "chunk_games",
    "largest_run",
]

SETS = ("A", "B")
PERCENTILES = (10, 50, 90)
MAX_GAMES = 100_000
DEFAULT_GAMES = 2000
MAX_SEED = 2**31 - 1  # the seed box's largest value
CLICK_SECONDS = 8.0  # the longest a Run may keep the class waiting (both rule sets)
CHUNK_SECONDS = 0.05  # play between two moves of the progress bar, at one player
_TEXT = "#1a1a1a"  # 17:1 on white
TEXT_ON = {"words": ("#444444", "#ffffff")}  # static/what_if.css; a test checks 4.5:1


def style() -> str:
    """The explorer's ``<style>``: ``TEXT_ON`` as custom properties, then its CSS file."""
    return style_html("what_if.css", ".orchard-whatif", text_properties("wi", TEXT_ON))


def _speed(game: str, policy: str, players: int) -> float:
    """Measured games a second for this many players (the game's ``games_per_second``)."""
    table = sorted(game_entry(game).games_per_second[policy].items())
    if players <= table[0][0]:
        return table[0][1]
    for (low, slow), (high, fast) in itertools.pairwise(table):
        if players <= high:
            share = math.log(players / low) / math.log(high / low)
            return math.exp(math.log(slow) + share * (math.log(fast) - math.log(slow)))
    last, speed = table[-1]
    return speed * last / players


def _round_down(value: float) -> int:
    """``value`` rounded down to one significant digit (0 below 1): 96,000 gives 90,000."""
    if value < 1:
        return 0
    power: int = 10 ** math.floor(math.log10(value))
    return int(value // power) * power


def largest_run(game: GameModule, policy: str, players: int) -> int:
    """The most games per rule set one Run may play: both sets within ``CLICK_SECONDS``.

    >>> largest_run(ab, "greedy", 1), largest_run(ab, "lookahead", 1)
    (100000, 200)
    """
    speed = _speed(game.FACTS.name, policy, players)
    return min(MAX_GAMES, _round_down(CLICK_SECONDS * speed / len(SETS)))


def chunk_games(game: GameModule, policy: str) -> int:
    """Games between two moves of the progress bar: about ``CHUNK_SECONDS`` at one player.

    >>> chunk_games(ab, "greedy"), chunk_games(ab, "lookahead")
    (10000, 3)
    """
    return max(1, _round_down(CHUNK_SECONDS * _speed(game.FACTS.name, policy, 1)))


def _number(value: float, format: str | None = None) -> str:
    """``value`` as the session's language writes it (French 100 000 and 42,5)."""
    return str(format_decimal(value, format=format, locale=language()))


def _limit_words(game: GameModule, policy: str, players: int) -> str:
    """The largest run in words, or why this policy cannot run here."""
    most = largest_run(game, policy, players)
    if most == 0:
        seconds = 1 / _speed(game.FACTS.name, policy, players)
        return _n(
            "Too slow for {game} in class: one game of {count} player takes about {seconds} "
            "seconds. Choose greedy or random.",
            "Too slow for {game} in class: one game of {count} players takes about {seconds} "
            "seconds. Choose greedy or random.",
            players,
        ).format(game=_(game.FACTS.title), count=players, seconds=_number(seconds, "0"))
    return _n(
        "At most {most} games with {count} player, so a Run takes {seconds} seconds or less.",
        "At most {most} games with {count} players, so a Run takes {seconds} seconds or less.",
        players,
    ).format(most=_number(most), count=players, seconds=_number(CLICK_SECONDS, "0"))


class WhatIfExplorer(WidgetView):
    """Compare final scores under rule sets A and B: press Run (or call ``run()``).

    ``game`` is the game's module (apple batches by default). ``policy`` plays every player
    ("random", "greedy", "lookahead"), ``games`` deals per rule set (default 2,000, or the
    largest run allowed if smaller), ``players`` within the game's range, ``seed`` the deals.
    ``results`` maps "A" and "B" to the ``simulate`` tables of the last run.

    >>> from orchard_lab import stacked_trees as st
    >>> explorer = WhatIfExplorer(game=st, games=20)
    >>> describe_rules(explorer.rules["B"]).endswith("1, 4, 9, 16")
    True
    """

    def __init__(
        self,
        rules_a: Any = None,
        rules_b: Any = None,
        policy: str = "greedy",
        games: int | None = None,
        players: int = 1,
        seed: int = 0,
        *,
        game: GameModule = ab,
    ) -> None:
        for needed in ("simulate", "Rules", "FACTS"):
            if not hasattr(game, needed):
                raise TypeError(f"game must be a game module such as apple_batches, not {game!r}")
        if policy not in policies.POLICY_NAMES:
            raise ValueError(f"policy must be one of {policies.POLICY_NAMES}, got {policy!r}")
        self.game = game
        name = game.FACTS.name
        given = {
            "A": game.Rules() if rules_a is None else check_type(rules_a, game.Rules, "rules_a"),
            "B": game.Rules(**game_entry(name).what_if_rules)
            if rules_b is None
            else check_type(rules_b, game.Rules, "rules_b"),
        }
        self.players_choice = players_choice(game, players)
        self.panels = {
            key: RuleSwitches(game, given[key], players=self.players_choice.value) for key in SETS
        }
        for panel in self.panels.values():  # each panel offers what deals for the players
            self.players_choice.observe(
                lambda change, panel=panel: panel.offer_for(change["new"]), names="value"
            )
        self.policy_choice = w.Dropdown(
            options=list(policies.POLICY_NAMES), value=policy, description=_("policy")
        )
        self.policy_words = w.HTML().add_class("orchard-whatif-words")
        if games is None:
            games = max(1, min(DEFAULT_GAMES, largest_run(game, policy, players)))
        self.games_choice = w.BoundedIntText(
            value=check_int(games, "games", 1, MAX_GAMES), min=1, max=MAX_GAMES,
            description=_("games"),
        )  # fmt: skip
        self.seed_choice = w.BoundedIntText(
            value=check_int(seed, "seed", 0, MAX_SEED), min=0, max=MAX_SEED, description=_("seed")
        )
        self.run_button = w.Button(
            description=_("Run"),
            button_style="primary",
            tooltip=_("play the games of both rule sets"),
        )
        self.progress = w.IntProgress(
            value=0, min=0, max=1, description=_("played"), style={"description_width": "initial"}
        )
        for choice in (
            self.policy_choice,
            self.players_choice,
            self.games_choice,
            self.seed_choice,
        ):
            # each label as wide as its words: a fixed width cut "players" off in Korean
            choice.style.description_width = "initial"
        self.figure = SharedBundleFigure(
            score_histograms(
                {self._label(key, given[key]): [] for key in SETS},
                percentiles=PERCENTILES,
                title=_("Press Run to play the games"),
                height=400,
            )
        )
        fit_to_container(self.figure)
        self.sequences = SharedBundleFigure(
            sequence_comparison(
                {}, title=_("The scoring sequences of rule sets A and B"), height=340
            )
        )
        fit_to_container(self.sequences)
        self.sequences_box = w.Box([self.sequences]).add_class("orchard-whatif-sequences")
        self._drawn_sequences: tuple[dict[str, Any], dict[str, int]] | None = None
        for panel in self.panels.values():  # a changed sequence is drawn at once
            panel.on_change(lambda _rules: self._draw_sequences())
        self._draw_sequences()
        self.summary = w.HTML()
        self.message = w.HTML()
        self.results: dict[str, np.ndarray] = {}
        self.choices: dict[str, dict[str, float]] = {}  # set -> kind -> a player, a game
        self.run_button.on_click(lambda _b: self._clicked())
        for choice in (self.policy_choice, self.players_choice):
            choice.observe(lambda _change: self._show_policy_words(), names="value")
        self._show_policy_words()
        self.widget = self._layout()

    # ---- what a learner does -----------------------------------------------------------
    def run(self) -> None:
        """Play the games of both rule sets in chunks, moving the bar, then draw them."""
        rules = self.rules
        policy, games = self.policy_choice.value, self.games_choice.value
        players = self.players_choice.value
        most = largest_run(self.game, policy, players)
        if games > most:
            self.message.value = f"<b>{html.escape(_limit_words(self.game, policy, players))}</b>"
            return
        chunk = chunk_games(self.game, policy)
        sizes = [min(chunk, games - start) for start in range(0, games, chunk)]
        seeds = make_rng(self.seed_choice.value).integers(0, 2**31 - 1, size=len(sizes))
        with self.progress.hold_sync():  # one message to the page
            self.progress.max, self.progress.value = len(SETS) * games, 0
        self.message.value = ""
        tables: dict[str, list[np.ndarray]] = {key: [] for key in SETS}
        counter = game_entry(self.game.FACTS.name).choice_counter()
        counter = counter if policy in policies.TABLE_POLICIES else None
        chosen: dict[str, dict[str, float]] = {key: {} for key in SETS}
        for size, chunk_seed in zip(sizes, seeds, strict=True):
            for key in SETS:
                tables[key].append(
                    self.game.simulate(
                        games=size,
                        players=players,
                        policy=policy,
                        seed=int(chunk_seed),
                        rules=rules[key],
                    )
                )
                if counter is not None:  # the same deals, counted
                    for kind, mean in counter(
                        size, players, policy, int(chunk_seed), rules[key]
                    ).items():
                        chosen[key][kind] = chosen[key].get(kind, 0.0) + mean * size / games
            self.progress.value += len(SETS) * size  # once a chunk: each move is a message
        self.results = {key: np.concatenate(parts) for key, parts in tables.items()}
        self.choices = chosen if counter is not None else {}
        self._draw(rules)

    def means(self) -> dict[str, float]:
        """The mean final score of each rule set in the last run."""
        return {key: float(table.mean()) for key, table in self.results.items()}

    @property
    def rules(self) -> dict[str, Any]:
        """Rule sets A and B as set in the panels."""
        return {key: panel.rules for key, panel in self.panels.items()}

    # ---- drawing -----------------------------------------------------------------------
    @guarded
    def _clicked(self) -> None:
        self.run()

    @staticmethod
    def _label(key: str, rules: Any) -> str:
        return f"{key}: {describe_rules(rules)}"

    def _show_policy_words(self) -> None:
        policy, players = self.policy_choice.value, self.players_choice.value
        self.policy_words.value = (
            f"{html.escape(_(POLICY_WORDS[policy]))}.<br>"
            f"{html.escape(_limit_words(self.game, policy, players))}"
        )

    def differing_sequences(self) -> list[str]:
        """The switches holding a sequence (those with a box for one's own) whose values
        differ between rule sets A and B, in the order of the game's switches.

        >>> from orchard_lab import stacked_trees as st
        >>> WhatIfExplorer(game=st, games=20).differing_sequences()
        ['ladder']
        """
        a, b = self.rules["A"], self.rules["B"]
        return [name for name in self.panels["A"].own_boxes if getattr(a, name) != getattr(b, name)]

    def _draw_sequences(self) -> None:
        """Draw every sequence that differs between A and B (hidden when none does); a change
        that leaves those sequences as they are (another switch) draws nothing again."""
        names = self.differing_sequences()
        labels = {s.name: _(s.label) for s in self.panels["A"].switches}
        runs, run_of = {}, {}
        for run, key in enumerate(SETS):
            for name in names:
                label = f"{key}: {labels[name]}"
                runs[label], run_of[label] = getattr(self.rules[key], name), run
        if self._drawn_sequences == (runs, run_of):
            return
        self._drawn_sequences = (runs, run_of)
        self.sequences_box.layout.display = "flex" if names else "none"
        fresh = sequence_comparison(runs, run_of=run_of)
        with self.sequences.batch_update():
            self.sequences.data = ()
            self.sequences.add_traces(fresh.data)
        keep_state(self.sequences)

    def _draw(self, rules: dict[str, Any]) -> None:
        labels = {key: self._label(key, rules[key]) for key in SETS}
        samples = {labels[key]: self.results[key] for key in SETS}
        fresh = score_histograms(samples, percentiles=PERCENTILES)
        games, players = self.games_choice.value, self.players_choice.value
        with self.figure.batch_update():
            for mine, new in zip(self.figure.data, fresh.data, strict=True):
                mine.update(x=new.x, y=new.y, name=new.name, hovertemplate=new.hovertemplate)
                mine.meta = new.meta
            for axis in ("xaxis", "yaxis"):  # hidden while nothing was played (the builder's)
                self.figure.layout[axis].visible = fresh.layout[axis].visible
            self.figure.layout.title.text = _n(
                "{games} games of {game}, {count} player, {policy} play",
                "{games} games of {game}, {count} players, {policy} play",
                players,
            ).format(
                games=_number(games),
                game=_(self.game.FACTS.title),
                count=players,
                policy=self.policy_choice.value,
            )
        keep_state(self.figure)
        self.summary.value = (
            _summary(samples)
            + _first_player_words(self.results, players)
            + _choices_table(_(game_entry(self.game.FACTS.name).choices_words), self.choices)
        )

    def _layout(self) -> w.Box:
        panels = []
        for run, key in enumerate(SETS):
            heading = w.HTML(_heading(key, run))
            panel = w.VBox([heading, self.panels[key].widget])
            panels.append(panel.add_class(f"orchard-whatif-rules-{key}"))
        self.run_button.add_class("orchard-whatif-run")
        self.progress.add_class("orchard-whatif-progress")
        self.figure.add_class("orchard-whatif-plot")
        self.summary.add_class("orchard-whatif-summary")
        self.message.add_class("orchard-whatif-message")
        played = html.escape(_("How the games are played"))
        settings = w.VBox(
            [
                w.HTML(f'<b style="color:{_TEXT}">{played}</b>'),
                self.policy_choice,
                self.policy_words,
                self.players_choice,
                self.games_choice,
                self.seed_choice,
                w.HBox([self.run_button, self.progress]).add_class("orchard-whatif-go"),
            ]
        ).add_class("orchard-whatif-settings")
        top = w.HBox([*panels, settings]).add_class("orchard-whatif-top")
        css = w.HTML(style())
        root = w.VBox(
            [css, top, self.sequences_box, self.message, self.figure, self.summary,
             ViewLanguage("orchard-whatif")]
        )  # fmt: skip
        return root.add_class("orchard-whatif")


def _swatch(run: int) -> str:
    """A small picture of the run's bars and mean line, as the chart draws them: the bars'
    outline, hatching and the line in the run's shade that reaches 3:1 (``RUN_EDGES``)."""
    colour = RUN_EDGES[run]
    tint = run_tint(RUN_COLOURS[run], RUN_FILL_ALPHA)
    stripes = (
        f"background:repeating-linear-gradient(45deg,{colour} 0 2px,{tint} 2px 5px);"
        if RUN_PATTERNS[run]
        else f"background:{tint};"
    )
    line = "solid" if RUN_DASHES[run] == "solid" else "dashed"
    return (
        f'<span style="display:inline-block;width:14px;height:12px;{stripes}'
        f'border:1px solid {colour};vertical-align:middle"></span> '
        f'<span style="display:inline-block;width:22px;border-top:3px {line} {colour};'
        'vertical-align:middle"></span>'
    )


def _heading(key: str, run: int) -> str:
    line = (
        _("solid line on the chart")
        if RUN_DASHES[run] == "solid"
        else _("dashed line on the chart")
    )
    colour = readable(RUN_COLOURS[run])
    name = _("Rule set {key}").format(key=key)
    return (
        f'<b style="color:{colour};font-size:15px">{html.escape(name)}</b> {_swatch(run)}'
        f' <span style="color:{_TEXT};font-size:12px">{html.escape(line)}</span>'
    )


def _summary(samples: dict[str, np.ndarray]) -> str:
    """A small table: mean and percentiles of every run, the difference, what they mean."""
    names = [_("{p}th percentile").format(p=p) for p in PERCENTILES]
    head = "".join(f"<th>{html.escape(name)}</th>" for name in [_("mean"), *names])
    rows = []
    for run, (label, table) in enumerate(samples.items()):
        values = score_percentiles(table, PERCENTILES)
        cells = "".join(f"<td>{_number(v)}</td>" for v in values)
        rows.append(
            f'<tr><th class="orchard-run" style="color:{readable(RUN_COLOURS[run])}">'
            f"{html.escape(label)}</th><td>{_number(float(table.mean()), '0.0')}</td>{cells}</tr>"
        )
    means = [float(table.mean()) for table in samples.values()]
    gap = means[1] - means[0]
    if abs(gap) < 0.05:
        change = _("On the same deals, rule set B scores the same as rule set A on average.")
    elif gap > 0:
        change = _(
            "On the same deals, rule set B scores {points} points more than rule set A on average."
        )
    else:
        change = _(
            "On the same deals, rule set B scores {points} points less than rule set A on average."
        )
    # the chart's dotted lines mark all three percentiles of PERCENTILES, so the sentence
    # says what each one means, then that the lines mark them (it said so after the 90th's
    # meaning alone)
    meaning = _(
        "10th percentile: 1 game in 10 scored this or less; 50th: half the games; 90th: 9 "
        "games in 10. The dotted lines on the chart mark all three."
    )
    return (
        f'<div style="color:{_TEXT}"><table>'
        f"<tr><th></th>{head}</tr>{''.join(rows)}</table>"
        f"<p>{html.escape(change.format(points=_number(abs(gap), '0.0')))}<br>"
        f"{html.escape(meaning)}</p></div>"
    )


def _first_player_words(results: dict[str, np.ndarray], players: int) -> str:
    """Whether the first player's advantage changes from A to B, in a sentence (2+ players)."""
    if players < 2:
        return ""
    shares = {key: 100 * policies.first_player_share(table) for key, table in results.items()}
    said = _(
        "The first player wins {a} % of the games under rule set A and {b} % under rule set B; "
        "a fair share is {fair} % (a shared win counts as a share)."
    ).format(
        a=_number(shares["A"], "0.0"),
        b=_number(shares["B"], "0.0"),
        fair=_number(100 / players, "0.0"),
    )
    return f'<p style="color:{_TEXT}">{html.escape(said)}</p>'


def _choices_table(words: str, choices: dict[str, dict[str, float]]) -> str:
    """How often each kind of move was chosen under A and B, and the largest change."""
    if not choices:
        return ""
    a, b = choices["A"], choices["B"]
    rows = "".join(
        f"<tr><th>{html.escape(_(kind))}</th><td>{_number(a[kind], '0.00')}</td>"
        f"<td>{_number(b[kind], '0.00')}</td></tr>"
        for kind in a
    )
    moved = max(a, key=lambda kind: abs(b[kind] - a[kind]))
    change = (
        _("Nothing changes by more than {least}.").format(least=_number(0.01, "0.00"))
        if abs(b[moved] - a[moved]) < 0.005
        else _("The largest change: {kind}, {a} under A and {b} under B.").format(
            kind=_(moved), a=_number(a[moved], "0.00"), b=_number(b[moved], "0.00")
        )
    )
    change = html.escape(change)
    return (
        f'<div class="orchard-whatif-choices" style="color:{_TEXT}">'
        f"<table><caption>{html.escape(words)}</caption>"
        f"<tr><th></th><th>A</th><th>B</th></tr>{rows}</table><p>{change}</p></div>"
    )
