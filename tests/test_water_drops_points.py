"""WD-4 ``group_points``: the points a scoring group of n fruits earns, as a table of 9 values.

Every path keeps the table: the board's running total, its recount and its undo, the
compiled engine's random, greedy and lookahead games, saves and result codes. The standard
table (1 to 9) gives today's scores.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orchard_lab import policies
from orchard_lab import water_drops as wd
from orchard_lab.core import describe_rules
from orchard_lab.result_codes import read_result, result_code
from tests.test_water_drops import CARDS, OFFERED_POINTS, POINTS, shared_margins, snapshot

SQUARES = tuple(n * n for n in range(1, 10))
OWN = (0, 0, 5, 999, 1, 0, 2, 3, 7)  # a table of a pupil's own, offered by no board


def rules_with(points: tuple[int, ...], scoring: str, **switches: object) -> wd.Rules:
    return wd.Rules(scoring=scoring, group_points=points, **switches)  # type: ignore[arg-type]


@st.composite
def orchards(draw, points: tuple[int, ...], scoring: str) -> wd.Board:
    """A random orchard under ``points``: random cards turned at random on open squares."""
    rules = rules_with(points, scoring, allow_rotation=True)
    board = wd.Board(start=draw(CARDS), rules=rules)
    for _ in range(draw(st.integers(0, 20))):
        at = draw(st.sampled_from(board.open_squares()))
        board.place(draw(CARDS), at=at, rotation=draw(st.sampled_from(wd.ROTATIONS)))
    return board


def standard(board: wd.Board) -> wd.Board:
    """The same orchard under the standard table."""
    rules = rules_with(wd.Rules().group_points, board.rules.scoring, allow_rotation=True)
    other = wd.Board(start=board.start, rules=rules)
    for move in board.placed:
        other.place(move.card, move.at, move.rotation)
    return other


# --- the board ------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(data=st.data(), points=POINTS, scoring=st.sampled_from(wd.SCORINGS))
def test_wd4_any_table_running_total_gain_and_undo_match_a_recount(data, points, scoring):
    """WD-4 with any table: ``total`` (kept card by card), ``gain``, ``undo`` and the greedy
    choice from remembered gains all agree with counting every group again."""
    board = data.draw(orchards(points, scoring))
    assert board.total == board.score().total == sum(group.points for group in board.groups())
    before = snapshot(board)
    card = data.draw(CARDS)
    for at in board.open_squares():
        after = board.copy()
        after.place(card, at)
        assert board.total + board.gain(card, at) == after.total == after.score().total
    board.place(card, data.draw(st.sampled_from(board.open_squares())))
    assert board.total == board.score().total
    board.undo()
    assert snapshot(board) == before
    cards = [card, data.draw(CARDS)]
    squares = board.open_squares()
    moves = [(c, at, turn) for c in range(2) for at in squares for turn in wd.ROTATIONS]
    gains = [board.gain(cards[c], at, turn) for c, at, turn in moves]
    assert board.best_placement(cards) == moves[gains.index(max(gains))]


@settings(max_examples=100, deadline=None)
@given(data=st.data(), points=POINTS, scoring=st.sampled_from(wd.SCORINGS))
def test_wd4_a_scoring_group_of_n_fruits_earns_the_tables_nth_value(data, points, scoring):
    """WD-4: the groups that score are the standard table's; each earns ``points[n - 1]``
    once ("fruit", "drop") or once per matching drop ("per_drop")."""
    board = data.draw(orchards(points, scoring))
    groups, plain = board.groups(), standard(board).groups()
    assert [(g.cells, g.drops, g.matching) for g in groups] == [
        (g.cells, g.drops, g.matching) for g in plain
    ]
    for group in groups:
        times = len(group.matching) if scoring == "per_drop" else min(len(group.matching), 1)
        assert group.points == (points[group.size - 1] * times if times else 0)  # sizes 10+ too
        assert group.reason.endswith(f"scores {group.points}") or not group.matching
    if scoring != "per_drop":  # the standard and alternative rules agree for every table
        other = "drop" if scoring == "fruit" else "fruit"
        twin = wd.Board(start=board.start, rules=rules_with(points, other, allow_rotation=True))
        for move in board.placed:
            twin.place(move.card, move.at, move.rotation)
        assert twin.score().parts == board.score().parts


def test_wd4_group_points_sentence_says_what_the_table_gives() -> None:
    """WD-4: three bananas touching two 3-drops, squares table: 9 once, or 9 per drop."""
    for scoring, points in (("fruit", 9), ("drop", 9), ("per_drop", 18)):
        board = wd.Board(start=wd.Card.from_text("3B/BB"), rules=rules_with(SQUARES, scoring))
        board.place(wd.Card.from_text("P3/PP"), (1, 0))  # a second 3-drop under the bananas
        bananas = next(group for group in board.groups() if group.fruit == "B")
        assert bananas.points == points == board.score().parts["banana"]
        assert bananas.reason == f"3 bananas touch 2 3-drops: scores {points}"


# --- the compiled engine --------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([1, 2, 3, 5]),
    scoring=st.sampled_from(wd.SCORINGS),
    points=POINTS,
    policy=st.sampled_from(["random", "greedy"]),
)
def test_wd4_engine_games_with_any_table_are_the_generic_games(
    seed: int, players: int, scoring: str, points: tuple[int, ...], policy: str
) -> None:
    """WD-4: the engine's random and greedy games under any table are, game for game, the
    generic ``Game`` played by the generic ``RandomPolicy``/``GreedyPolicy``."""
    rules = rules_with(points, scoring)

    def new_game(game_seed: int) -> wd.Game:
        return wd.Game.new(players=players, seed=game_seed, rules=rules)

    expected = policies.run_games(new_game, 2, players, policy, seed)
    assert np.array_equal(wd.simulate(2, players, policy, seed=seed, rules=rules), expected)


@pytest.mark.parametrize("scoring", wd.SCORINGS)
def test_wd4_fast_greedy_and_lookahead_follow_the_table(scoring: str) -> None:
    """WD-4: a table changes the greedy games (squares reward big groups), and the fast
    greedy move and lookahead margins under it are the generic ones."""
    squares, plain = rules_with(SQUARES, scoring), rules_with(tuple(range(1, 10)), scoring)
    assert not np.array_equal(
        wd.simulate(3, 2, "greedy", seed=1, rules=squares),
        wd.simulate(3, 2, "greedy", seed=1, rules=plain),
    )
    game = wd.Game.new(players=2, seed=6, rules=rules_with(OWN, scoring))
    rng = np.random.default_rng(6)
    for _ in range(44):
        legal = game.legal_moves()
        game.play(legal[int(rng.integers(len(legal)))])
    assert wd.greedy_policy(game) == policies.GreedyPolicy()(game)
    assert wd.LookaheadPolicy(rollouts=1, seed=2).margins(game) == shared_margins(game, 1, 2)


# --- saves and result codes -----------------------------------------------------------------
@pytest.mark.parametrize("points", [SQUARES, OWN])
def test_wd4_saves_and_result_codes_keep_the_table(points: tuple[int, ...]) -> None:
    """WD-4: a save and a result code give back the table (offered or one's own) and the
    scores it made."""
    rules = rules_with(points, "per_drop")
    game = wd.Game.new(players=2, seed=9, rules=rules)
    while not game.is_over:
        game.play(wd.greedy_policy(game))
    text = game.to_json()
    assert json.loads(text)["rules"]["group_points"] == list(points)
    loaded = wd.Game.from_json(text)
    assert loaded.rules == rules and loaded.scores() == game.scores()
    assert loaded.to_json() == text
    result = read_result(result_code(game, player=1, seed=9))
    assert result.rules == rules and result.scores == tuple(game.scores())
    assert result.game.to_json() == text


def test_wd4_a_table_is_described_in_words() -> None:
    """WD-4: a table a board offers by its name, one's own by its values."""
    assert OFFERED_POINTS[:2] == [tuple(range(1, 10)), SQUARES]
    assert describe_rules(wd.Rules(group_points=list(SQUARES))) == (
        "points for a group of n fruits: squares: 1, 4, 9, …"
    )
    assert describe_rules(wd.Rules(group_points=OWN)) == (
        "points for a group of n fruits: 0, 0, 5, 999, 1, 0, 2, 3, 7"
    )
    assert describe_rules(wd.Rules(group_points=tuple(range(1, 10)))) == "standard rules"


# --- today's scores -------------------------------------------------------------------------
# wd.simulate(3, players, policy, seed=7, rules=wd.Rules(scoring=scoring)) before the switch
TODAY = [
    ("fruit", "random", 3, [[18, 15, 28], [13, 16, 22], [21, 18, 15]]),
    ("fruit", "greedy", 1, [[129], [127], [121]]),
    ("fruit", "greedy", 2, [[61, 65], [63, 69], [68, 57]]),
    ("drop", "greedy", 3, [[39, 48, 40], [40, 42, 46], [40, 41, 38]]),
    ("per_drop", "random", 1, [[72], [54], [54]]),
    ("per_drop", "greedy", 2, [[94, 90], [90, 97], [94, 85]]),
]


@pytest.mark.parametrize(("scoring", "policy", "players", "scores"), TODAY)
def test_wd4_the_standard_table_gives_todays_scores(scoring, policy, players, scores) -> None:
    """WD-4: the default table is the rule as it was (scores pinned before the switch)."""
    rules = wd.Rules(scoring=scoring, group_points=(1, 2, 3, 4, 5, 6, 7, 8, 9))
    assert rules == wd.Rules(scoring=scoring)
    assert wd.simulate(3, players, policy, seed=7, rules=rules).tolist() == scores


def test_wd4_a_standard_greedy_game_scores_as_before() -> None:
    game = wd.Game.new(players=2, seed=4)
    while not game.is_over:
        game.play(wd.greedy_policy(game))
    assert game.scores() == [64, 66]


# --- refusals -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("table", "error", "words"),
    [
        ((1, 2, 3, 4), ValueError, "group_points must hold 9 values, one for each group size "
         "1 to 9; got 4"),
        (tuple(range(1, 11)), ValueError, "got 10"),
        ((), ValueError, "got 0"),
        ((0, 1, 2, 3, 4, 5, 6, 7, -1), ValueError, "from 0 to 999, not -1"),
        ((1000,) * 9, ValueError, "from 0 to 999, not 1000"),
        ((1, 2, 3, 4, 5, 6, 7, 8, 2.5), TypeError, "group_points must hold whole numbers"),
        ((True,) * 9, TypeError, "group_points must hold whole numbers"),
        (("1",) * 9, TypeError, "group_points must hold whole numbers"),
        ("123456789", TypeError, "group_points must be 9 whole numbers, one for each group"),
        (9, TypeError, "not int"),
        (None, TypeError, "not NoneType"),
    ],
)  # fmt: skip
def test_wd4_bad_tables_are_refused_in_plain_words(table, error, words) -> None:
    with pytest.raises(error, match=words.replace("(", r"\(")):
        wd.Rules(group_points=table)


def test_wd4_a_save_with_a_bad_table_says_what_is_wrong() -> None:
    data = json.loads(wd.Game.new(players=2, seed=1).to_json())
    data["rules"]["group_points"] = [1, 2, 3]
    with pytest.raises(ValueError, match="bad rules: group_points must hold 9 values"):
        wd.Game.from_json(json.dumps(data))
    numpy_ints = [np.int64(n) for n in range(9)]
    assert wd.Rules(group_points=numpy_ints).group_points == tuple(range(9))  # type: ignore[arg-type]
    assert type(wd.Rules(group_points=numpy_ints).group_points[0]) is int  # type: ignore[arg-type]
