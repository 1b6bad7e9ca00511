"""The vectorised simulation (apple_batches.fast) plays exactly the rules of Game."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orchard_lab import apple_batches as ab
from orchard_lab import policies
from orchard_lab.apple_batches import fast
from tests.test_apple_batches import SWITCHES

DECK = ab.default_deck()
SWITCHED = ab.Rules(
    easy=True,
    unlucky_may_bust=True,
    steady_reference="any",
    special_broken_points=-20,
    end="four_rounds",
)
FOUR_ROUNDS = ab.Rules(end="four_rounds")
OWN_TABLES = ab.Rules(  # AB-4 as data: tables that climb, fall, stay flat and jump
    monochrome_points=ab.SQUARES,
    feather_points=tuple(range(ab.BATCH_CAPACITY, 0, -1)),
    unlucky_points=(ab.MAX_TABLE_POINTS,) * ab.BATCH_CAPACITY,
    steady_points=(0, 50, 0, 50, 0, 50, 0, 50, 0, 50, 0, 50),
)
RULES = [ab.Rules(), FOUR_ROUNDS, SWITCHED, OWN_TABLES]
RULE_IDS = ["standard rules", "four rounds", "all switches", "own tables"]


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_replaying_the_vectorised_moves_through_game_gives_the_same_scores(
    rules: ab.Rules, players: int, policy: str
) -> None:
    """AB-2..AB-6 under both values of the AB-2 switch end and tables of points of one's own
    (AB-4): the numpy path plays Game's rules and stops where Game stops."""
    replay_through_game(rules, players, policy, games=40, seed=players)


@settings(max_examples=12, deadline=None)
@given(rules=SWITCHES, players=st.integers(1, 6), seed=st.integers(0, 2**32 - 1))
def test_any_tables_of_points_keep_the_vectorised_path_the_games_rules(
    rules: ab.Rules, players: int, seed: int
) -> None:
    """AB-4 as data (issue 27), any switches and any 12 values per sequence batch: greedy's
    choices and every score of the numpy path are Game's and the generic greedy policy's."""
    replay_through_game(rules, players, "greedy", games=5, seed=seed)
    replay_through_game(rules, players, "random", games=5, seed=seed)


def replay_through_game(rules: ab.Rules, players: int, policy: str, games: int, seed: int) -> None:
    """Play ``games`` deals on the numpy path, then replay each move through ``Game``."""
    rng = np.random.default_rng(seed)
    orders = fast.deal_orders(rng, games)  # the whole deck: enough for every game
    record: list[np.ndarray] = []
    scores = fast.play_games(
        orders, players, rules, policy, rng, first_player=players - 1, record=record
    )
    greedy = policies.GreedyPolicy()
    for g, order in enumerate(orders):
        deck = [DECK[i] for i in order]
        game = ab.Game.new(
            players=players, rules=rules, first_player=players - 1, deck=deck, shuffle=False
        )
        for turn in record:
            move = ab.Move(DECK[turn[g, 0]], ab.BATCHES[turn[g, 1]])
            if policy == "greedy":
                assert greedy(game) == move  # same choice, same tie-break
            game.play(move)  # raises IllegalMove if the fast path broke a rule
        assert game.is_over and len(record) == ab.cards_per_player(players, rules) * players
        assert game.scores() == [b.score().total for b in game.boards] == list(scores[g])


def test_ab2_deal_orders_deals_distinct_cards_each_equally_often_in_every_place() -> None:
    """AB-2: the deck is shuffled once; each dealt position holds every card with chance
    1/75 (within 5 standard deviations over 30,000 deals) and no card twice."""
    games = 30_000
    orders = fast.deal_orders(np.random.default_rng(7), games, 12)
    assert orders.shape == (games, 12)
    assert (np.sort(orders, axis=1)[:, 1:] != np.sort(orders, axis=1)[:, :-1]).all()
    expected = games / 75
    for place in range(12):
        counts = np.bincount(orders[:, place], minlength=75)
        assert np.abs(counts - expected).max() < 5 * np.sqrt(expected)
    full = fast.deal_orders(np.random.default_rng(7), 3)
    assert (np.sort(full, axis=1) == np.arange(75)).all()


def test_vectorised_random_picks_each_legal_move_equally_often() -> None:
    """The first move of one deal, played 24,000 times: every legal move of ``Game`` is
    chosen, each about equally often, and nothing else."""
    games = 24_000
    orders = np.tile(fast.deal_orders(np.random.default_rng(3), 1, 12), (games, 1))
    record: list[np.ndarray] = []
    fast.play_games(orders, 1, ab.Rules(), "random", np.random.default_rng(4), record=record)
    game = ab.Game.new(players=1, deck=[DECK[i] for i in orders[0]], shuffle=False)
    legal = {(DECK.index(m.card), ab.BATCHES.index(m.batch)) for m in game.legal_moves()}
    chosen = {tuple(pair) for pair in record[0].tolist()}
    assert chosen == legal
    keys = record[0][:, 0] * 8 + record[0][:, 1]
    counts = np.unique(keys, return_counts=True)[1]
    expected = games / len(legal)
    assert np.abs(counts - expected).max() < 5 * np.sqrt(expected)


def test_vectorised_random_matches_the_object_random_policy_on_average() -> None:
    fast_mean = ab.simulate(games=4000, players=1, policy="random", seed=1).mean()
    object_scores = policies.run_games(
        lambda seed: ab.Game.new(players=1, seed=seed), 400, 1, "random", seed=2
    )
    spread = object_scores.std() / np.sqrt(400)
    assert abs(fast_mean - object_scores.mean()) < 4 * spread


def test_simulate_is_seeded_and_greedy_beats_random() -> None:
    first = ab.simulate(games=200, players=4, policy="random", seed=3)
    assert np.array_equal(first, ab.simulate(games=200, players=4, policy="random", seed=3))
    assert not np.array_equal(first, ab.simulate(games=200, players=4, policy="random", seed=4))
    greedy = ab.simulate(games=200, players=4, policy="greedy", seed=3)
    assert greedy.mean() > first.mean() + 10


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_ab2_simulate_four_rounds_gives_each_of_three_players_eight_cards(policy: str) -> None:
    """AB-2 switch end: 8 apples each instead of 12 with 3 players, so fewer points."""
    scores = ab.simulate(games=50, players=3, policy=policy, seed=1, rules=FOUR_ROUNDS)
    twelve = ab.simulate(games=50, players=3, policy=policy, seed=1)
    assert scores.shape == twelve.shape == (50, 3)
    assert scores.mean() < twelve.mean()  # fewer apples, fewer points


def test_games_played_in_chunks_are_the_games_played_alone() -> None:
    """More games than one chunk: every game, and every turn's record, as if played alone."""
    games = fast._CHUNK + 5
    orders = fast.deal_orders(np.random.default_rng(2), games, 12)
    record: list[np.ndarray] = []
    scores = fast.play_games(orders, 1, ab.Rules(), "greedy", record=record)
    last: list[np.ndarray] = []
    alone = fast.play_games(orders[-5:], 1, ab.Rules(), "greedy", record=last)
    assert scores.shape == (games, 1) and np.array_equal(scores[-5:], alone)
    assert [turn.shape for turn in record] == [(games, 2)] * 12
    assert all(np.array_equal(a[-5:], b) for a, b in zip(record, last, strict=True))


def test_simulate_zero_games_on_the_numpy_path() -> None:
    """AB-2: zero games is an empty table, not a numpy reshape error."""
    orders = fast.deal_orders(np.random.default_rng(0), 0)
    assert fast.play_games(orders, 6, ab.Rules(), "greedy").shape == (0, 6)


def test_play_games_rejects_other_policies() -> None:
    orders = fast.deal_orders(np.random.default_rng(0), 2)
    with pytest.raises(ValueError, match="vectorised"):
        fast.play_games(orders, 1, ab.Rules(), "lookahead")
    with pytest.raises(ValueError, match="rng"):
        fast.play_games(orders, 1, ab.Rules(), "random")


@pytest.mark.parametrize("rules", [ab.Rules(), OWN_TABLES], ids=["standard rules", "own tables"])
def test_batch_use_counts_the_batches_of_the_very_games_simulate_plays(rules: ab.Rules) -> None:
    """AB-3 (issue 27's explorer): ``batch_use`` counts, batch by batch, the apples of the
    games ``simulate`` plays with the same arguments; checked against those deals replayed
    through ``Game`` with the generic greedy policy."""
    games, players = 25, 2
    use = ab.batch_use(games, players, "greedy", seed=9, rules=rules)
    rng = np.random.default_rng(9)  # simulate's deals: the same draws from the same seed
    orders = fast.deal_orders(rng, games, ab.cards_per_player(players, rules) * players)
    counted = dict.fromkeys(ab.BATCHES, 0)
    scores = []
    for order in orders:
        deck = [DECK[i] for i in order]
        game = ab.Game.new(players=players, rules=rules, deck=deck, shuffle=False)
        policies.play_out(game, policies.GreedyPolicy())
        scores.append(game.scores())
        for board in game.boards:
            for batch, cards in board.batches.items():
                counted[batch] += len(cards)
    assert ab.simulate(games, players, "greedy", seed=9, rules=rules).tolist() == scores
    assert use == {ab.BATCH_NAMES[b]: n / (games * players) for b, n in counted.items()}
    with pytest.raises(ValueError, match="policy must be one of random, greedy"):
        ab.batch_use(policy="lookahead")
