"""The long soak of issue 14: random games under random rules, every move checked.

    PYTHONPATH=. python benchmarks/soak.py [--games N] [--game NAME] [--seconds S] [--seed K]

For each game (default: all three), ``--games`` games (default 10,000; player counts in turn,
rule switches drawn from the game's declared switches) and a tenth as many random saves,
then the figures: games played, moves checked, invariant failures, illegal moves accepted,
time, and the first reproducer of each kind of failure. Every game is time-bounded
(``tests.soak.GAME_SECONDS``) and ``--seconds`` stops starting new games of a game after that
long. Exit code 1 on any failure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import soak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per game (10,000)")
    parser.add_argument("--game", choices=soak.GAMES, help="soak only this game")
    parser.add_argument("--seconds", type=float, default=None, help="time budget per game")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    args = parser.parse_args(argv)
    if args.games < 0:
        parser.error("--games must be >= 0")
    failed = False
    for name in [args.game] if args.game else soak.GAMES:
        played = soak.soak(name, args.games, seed=args.seed, seconds=args.seconds)
        print(played.report(), flush=True)
        saves = soak.soak_saves(name, max(1, args.games // 10), seed=args.seed)
        print(
            f"  saves: {saves.games:,} random saves ({saves.moves:,} moves) loaded back, "
            f"{saves.failures:,} failures, {saves.seconds:.1f} s",
            flush=True,
        )
        for kind, failure in saves.first.items():
            print(f"  {saves.counts[kind]:,} × {kind}; first: {failure.reproducer()}")
        failed |= played.failures > 0 or saves.failures > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
