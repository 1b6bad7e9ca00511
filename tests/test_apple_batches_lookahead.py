"""The batched lookahead (apple_batches.policies) equals the generic policies.LookaheadPolicy."""

from __future__ import annotations

import numpy as np
import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import policies
from orchard_lab.apple_batches import policies as ab_policies
from orchard_lab.apple_batches.tables import card_indexes

SWITCHED = ab.Rules(
    easy=True,
    unlucky_may_bust=True,
    steady_reference="any",
    special_broken_points=-20,
    end="four_rounds",
)
FOUR_ROUNDS = ab.Rules(end="four_rounds")


def position(players: int, rules: ab.Rules, moves: int, seed: int, **new: object) -> ab.Game:
    """A game after ``moves`` seeded random moves (first player: the last one)."""
    game = ab.Game.new(players=players, seed=seed, rules=rules, first_player=players - 1, **new)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(legal[int(rng.integers(len(legal)))])
    return game


def generic_margins(game: ab.Game, worlds: list[ab.Game]) -> np.ndarray:
    """What policies.LookaheadPolicy adds up: Game objects, greedy play_out, one move at a time."""
    me, rows = game.current_player, []
    for move in game.legal_moves():
        row = []
        for world in worlds:
            trial = world.copy()
            trial.play(move)
            scores = policies.play_out(trial, policies.GreedyPolicy()).scores()
            others = [s for i, s in enumerate(scores) if i != me]
            row.append(scores[me] - (max(others) if others else 0))
        rows.append(row)
    return np.array(rows)


@pytest.mark.parametrize(
    "rules",
    [ab.Rules(), FOUR_ROUNDS, SWITCHED],
    ids=["standard rules", "four rounds", "all switches"],
)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_margins_per_move_and_world_equal_the_generic_rollouts(
    rules: ab.Rules, players: int
) -> None:
    """AB-2..AB-6, both values of the AB-2 switch end: batched rollouts end where Game ends."""
    rng = np.random.default_rng(players)
    total = ab.cards_per_player(players, rules) * players
    early, later = sorted(rng.integers(players, total, size=2))
    for moves in (players + 1, early, later, total - 2):
        game = position(players, rules, moves, seed=10 * players + moves)
        worlds = [game.determinized(rng) for _ in range(2)]
        batched = ab_policies.margins(game, worlds)
        assert batched.shape == (len(game.legal_moves()), 2)
        assert np.array_equal(batched, generic_margins(game, worlds))


def test_margins_with_repeated_cards_in_a_custom_deck() -> None:
    deck = ab.default_deck()
    repeats = [deck[i % 5] for i in range(12)] + deck[:40]  # markets hold equal cards twice
    game = position(2, ab.Rules(), 7, seed=3, deck=repeats, shuffle=False)
    assert len(set(game.market)) < len(game.market)
    worlds = [game.determinized(np.random.default_rng(s)) for s in range(3)]
    assert np.array_equal(ab_policies.margins(game, worlds), generic_margins(game, worlds))


@pytest.mark.parametrize("players", [1, 3, 6])
def test_same_seed_same_move_as_the_generic_policy(players: int) -> None:
    for moves in (2 * players, 5 * players + 1):
        game = position(players, SWITCHED if players == 3 else ab.Rules(), moves, seed=players)
        before = game.to_json()
        move = ab.LookaheadPolicy(rollouts=3, seed=moves)(game)
        assert move in game.legal_moves()
        assert move == policies.LookaheadPolicy(rollouts=3, seed=moves)(game)
        assert game.to_json() == before  # looking ahead changes nothing


@pytest.mark.parametrize(("players", "rules"), [(1, ab.Rules()), (2, ab.Rules()), (3, FOUR_ROUNDS)])
def test_simulate_lookahead_gives_the_generic_table(players: int, rules: ab.Rules) -> None:
    """The batched lookahead makes the generic policy's choices, also under AB-2 end."""
    batched = ab.simulate(
        games=2, players=players, policy="lookahead", seed=4, rollouts=2, rules=rules
    )
    generic = policies.run_games(
        lambda seed: ab.Game.new(players=players, seed=seed, rules=rules),
        2,
        players,
        "lookahead",
        4,
        2,
    )
    assert np.array_equal(batched, generic)


@pytest.mark.parametrize(("moves", "cards"), [(0, 75), (7, 75), (22, 24)])
def test_worlds_are_the_decks_game_determinized_deals(moves: int, cards: int) -> None:
    """The batched policy draws its worlds straight from its generator: the same decks as
    ``Game.determinized`` with the same generator (so the same choices as the generic one),
    also in the last round of a deck just big enough, when no card is left face down."""
    game = position(2, ab.Rules(), moves, seed=5, deck=ab.default_deck()[:cards])
    assert bool(game.pile) == (cards == 75)
    policy = ab.LookaheadPolicy(rollouts=3, seed=9)
    drawn = policy._worlds(game)
    rng = np.random.default_rng(9)
    worlds = [game.determinized(rng) for _ in range(3)]
    assert np.array_equal(drawn, [card_indexes(world.deck) for world in worlds])
    assert policy.rng.random() == rng.random()  # both generators drew as much


def test_lookahead_beats_greedy_on_average() -> None:
    look = ab.simulate(games=20, players=1, policy="lookahead", seed=2, rollouts=4)
    greedy = ab.simulate(games=20, players=1, policy="greedy", seed=2)
    assert look.mean() > greedy.mean()


def test_lookahead_refuses_what_it_cannot_read() -> None:
    over = position(1, ab.Rules(), 12, seed=0)
    with pytest.raises(ValueError, match="over"):
        ab.LookaheadPolicy(seed=0)(over)
    with pytest.raises(TypeError, match="Game"):
        ab.LookaheadPolicy(seed=0)("a game")
    with pytest.raises(ValueError, match="rollouts"):
        ab.LookaheadPolicy(rollouts=0)
    game, other = ab.Game.new(players=2, seed=0), ab.Game.new(players=2, seed=1)
    with pytest.raises(ValueError, match="determinized"):
        ab_policies.margins(game, [other])
    with pytest.raises(ValueError, match="determinized"):
        ab_policies.margins(game, [])
