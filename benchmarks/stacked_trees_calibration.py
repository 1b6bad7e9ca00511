"""Calibrate the stacked trees deck (ST-8) against the ST-6 rating table.

Over seeded deals (9 of the 18 cards, shuffled by numpy's default_rng(seed)), report the mean
and the 10th / 50th / 90th percentiles of the final score for four players of one orchard:

- random: a uniformly random legal move (``simulate``'s fast path);
- greedy: the best immediate score;
- planner: ``PlannerPolicy`` (knows its hand and the set of unseen cards; the policy this
  column called "lookahead" before the shared lookahead got its one meaning);
- best_line: the perfect-information search, with a smaller time budget per deal than the
  10 s of the benchmark (``--best-line-time``, default 0.25 s) so 1,000 deals finish in a few
  minutes; it is an anytime search, so this is a lower bound on the best line.

``--design SEED`` instead prints candidate decks from the generator used to design the default
deck, with quick figures for each (see data/stacked_trees_deck.txt).

    python benchmarks/stacked_trees_calibration.py --deals 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from orchard_lab import stacked_trees as st
from orchard_lab.stacked_trees.policies import greedy_turn, play_table, random_turn

POLICIES = ("random", "greedy", "planner", "best_line")


def deal(deck: list[st.Card], seed: int, size: int = 9) -> list[st.Card]:
    """The 9 cards of deal ``seed``."""
    return [deck[i] for i in np.random.default_rng(seed).permutation(len(deck))][:size]


def play_deal(args: tuple) -> dict[str, int]:
    """Every policy's final score on one deal."""
    deck, seed, policies, best_line_time, rollouts = args
    order = deal(deck, seed)
    rules = st.Rules()
    out = {}
    if "random" in policies:
        rng = np.random.default_rng(seed)
        out["random"] = play_table(order, rules, lambda b, h: random_turn(b, h, rng))[0].total
    if "greedy" in policies:
        out["greedy"] = play_table(order, rules, greedy_turn)[0].total
    if "planner" in policies:
        game = st.Game(order, [c for c in deck if c not in order], rules=rules)
        policy = st.PlannerPolicy(rollouts=rollouts, seed=seed)
        while not game.is_over:
            game.play(policy(game))
        out["planner"] = game.scores()[0]
    if "best_line" in policies:
        out["best_line"] = st.best_line(order, rules, time_limit=best_line_time).score
    return out


def calibrate(
    deck: list[st.Card],
    deals: int,
    policies=POLICIES,
    best_line_time: float = 0.25,
    rollouts: int = 8,
    jobs: int = 1,
) -> dict[str, np.ndarray]:
    """Scores per policy over deals 0 .. deals-1."""
    tasks = [(deck, seed, policies, best_line_time, rollouts) for seed in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            rows = list(pool.map(play_deal, tasks, chunksize=8))
    else:
        rows = [play_deal(task) for task in tasks]
    return {p: np.array([row[p] for row in rows]) for p in policies}


def describe(scores: np.ndarray) -> str:
    p10, p50, p90 = np.percentile(scores, [10, 50, 90])
    below = (scores < 25).mean()
    return (
        f"mean {scores.mean():5.1f}  p10 {p10:4.0f}  p50 {p50:4.0f}  p90 {p90:4.0f}"
        f"  below 25: {below:4.0%}  rating of the mean: {st.rating(round(scores.mean()))}"
    )


def rotated_180(text: str) -> str:
    top, bottom = text.split("/")
    return f"{bottom[::-1]}/{top[::-1]}"


def candidate(rng: np.random.Generator) -> list[str]:
    """One deck from the design generator: 36 trees of each fruit dealt 6 to a card, kept when
    every card shows at least two fruits, no card looks the same turned half round, and no two
    cards are the same under rotation."""
    while True:
        trees = rng.permutation(list("APL" * 36))
        cards = [
            "".join(trees[6 * i : 6 * i + 3]) + "/" + "".join(trees[6 * i + 3 : 6 * i + 6])
            for i in range(18)
        ]
        if any(len(set(c) - {"/"}) < 2 or rotated_180(c) == c for c in cards):
            continue
        if len({min(c, rotated_180(c)) for c in cards}) == 18:
            return cards


def design(seed: int, candidates: int, deals: int, best_line_time: float, jobs: int) -> None:
    rng = np.random.default_rng(seed)
    for k in range(candidates):
        texts = candidate(rng)
        deck = [st.Card.from_text(t) for t in texts]
        figures = calibrate(
            deck, deals, ("random", "greedy", "best_line"), best_line_time, jobs=jobs
        )
        print(f"candidate {k}: {' '.join(texts)}")
        for policy, scores in figures.items():
            print(f"  {policy:9s} {describe(scores)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--best-line-time", type=float, default=0.25)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--design", type=int, default=None, metavar="SEED")
    parser.add_argument("--candidates", type=int, default=8)
    args = parser.parse_args()
    if args.design is not None:
        design(args.design, args.candidates, args.deals, args.best_line_time, args.jobs)
        return
    start = time.perf_counter()
    figures = calibrate(
        st.default_deck(), args.deals, POLICIES, args.best_line_time, args.rollouts, args.jobs
    )
    print(
        f"stacked trees calibration: {args.deals} seeded deals of 9 cards "
        f"(seeds 0..{args.deals - 1})"
    )
    print(f"best_line budget {args.best_line_time} s per deal; planner {args.rollouts} rollouts")
    for policy, scores in figures.items():
        print(f"  {policy:9s} {describe(scores)}")
    print(f"({time.perf_counter() - start:.0f} s on {args.jobs} process(es))")


if __name__ == "__main__":
    main()
