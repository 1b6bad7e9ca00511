"""Does the default water drops deck reward thought? (WD-6) Scores of random, greedy and
lookahead play with 2 and 4 players: mean, spread (standard deviation), range, and how far
greedy lies above random in random's standard deviations. Lookahead plays for the margin over
the best opponent, so a table of lookahead players can score less than a table of greedy
ones; the head-to-head line seats one lookahead player (seat 0) among greedy opponents.

Run: ``.venv/bin/python benchmarks/water_drops_deck_report.py [games] [lookahead_games]
[rollouts]`` (defaults 1000, 4, 4). Every player of a game uses the same policy.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable

import numpy as np

from orchard_lab import water_drops as wd
from orchard_lab.water_drops.policies import greedy_policy, named_policy

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
LOOKAHEAD_GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 4
ROLLOUTS = int(sys.argv[3]) if len(sys.argv) > 3 else 4


def deck_counts() -> str:
    cells = Counter(code for card in wd.default_deck() for code in card.cells)
    fruit = ", ".join(f"{code} {cells[code]}" for code in wd.FRUITS)
    drops = ", ".join(
        f"{value}: {cells[str(value)]}" for value in range(1, 10) if cells[str(value)]
    )
    return f"deck: {len(wd.default_deck())} cards; fruit {fruit}; drops {drops}"


def line(name: str, scores: np.ndarray) -> str:
    flat = scores.ravel()
    return (
        f"  {name:<22} mean {flat.mean():6.2f}  sd {flat.std():5.2f}  "
        f"range {flat.min():3d}-{flat.max():3d}  ({scores.shape[0]} games)"
    )


def seat_zero_thinks() -> Callable[[wd.Game], wd.Move]:
    """Lookahead for player 0, greedy for everyone else."""
    thinker = named_policy("lookahead", np.random.default_rng(2), ROLLOUTS)

    def choose(game: wd.Game) -> wd.Move:
        return (thinker if game.current_player == 0 else greedy_policy)(game)

    return choose


def main() -> None:
    print(deck_counts())
    for players in (2, 4):
        print(f"{players} players (scores per player):")
        random = wd.simulate(games=GAMES, players=players, policy="random", seed=1)
        greedy = wd.simulate(games=GAMES, players=players, policy="greedy", seed=1)
        lookahead = wd.simulate(
            games=LOOKAHEAD_GAMES, players=players, policy="lookahead", seed=1, rollouts=ROLLOUTS
        )
        print(line("random", random))
        print(line("greedy", greedy))
        print(line(f"lookahead ({ROLLOUTS} rollouts)", lookahead))
        mixed = wd.simulate(
            games=LOOKAHEAD_GAMES, players=players, policy=seat_zero_thinks(), seed=1
        )
        print(line("head-to-head: lookahead", mixed[:, :1]))
        print(line("head-to-head: greedy", mixed[:, 1:]))
        gap = (greedy.mean() - random.mean()) / random.std()
        print(f"  greedy - random = {greedy.mean() - random.mean():.2f} points = {gap:.1f} sd")


if __name__ == "__main__":
    main()
