"""Policies shared by the three games, and the plain simulation loop.

A policy is any ``callable(game) -> move``. The named ones:

- ``"random"``: a uniformly random legal move (seeded).
- ``"greedy"``: the move that leaves the mover's own score highest right after it;
  ties go to the first move in ``legal_moves()`` order.
- ``"lookahead"``: Monte-Carlo rollouts. For every legal move it plays ``rollouts`` games to
  the end from a *determinized* copy (hidden cards reshuffled, using only what the mover can
  know), with greedy play for everyone, and picks the move with the best mean final margin
  (own score minus the best other score; own score when solo).

A game joins by offering ``legal_moves``, ``play``, ``copy``, ``score_after(move)``,
``determinized(rng)``, ``current_player``, ``is_over`` and ``scores()``. Its ``policies``
module then supplies only its fast policies (``GamePolicies``: faster versions of the named
policies, a whole table of "random" or "greedy" games at once, a move in words); the one
``simulate`` and the one ``hint`` are made here from them (``simulator``, ``hinter``), with
the same signatures for every game.

>>> from orchard_lab import apple_batches as ab
>>> game = ab.Game.new(players=1, seed=0)
>>> move = resolve("greedy", seed=0)(game)
>>> move in game.legal_moves()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

import numpy as np

from orchard_lab.core import (
    MAX_ROLLOUTS,
    Hint,
    check_int,
    check_type,
    make_rng,
    require_int,
)
from orchard_lab.language import N_, _, _n

__all__ = [
    "POLICY_NAMES",
    "POLICY_WORDS",
    "TABLE_POLICIES",
    "FasterPolicies",
    "GamePolicies",
    "GreedyPolicy",
    "LookaheadPolicy",
    "Policy",
    "RandomPolicy",
    "RolloutPolicy",
    "Search",
    "explain_choice",
    "first_player_share",
    "hint_names",
    "hinter",
    "margin",
    "play_out",
    "resolve",
    "run_games",
    "simulator",
]

POLICY_NAMES = ("random", "greedy", "lookahead")  # every game's; a game may add its own
TABLE_POLICIES = ("random", "greedy")  # the policies a game plays a whole table of at once
POLICY_WORDS = {  # each policy in one sentence a learner reads, wherever it is offered
    "random": N_("random: any allowed move, picked by chance"),
    "greedy": N_("greedy: the move that adds the most points right now"),
    "lookahead": N_(
        "lookahead: tries each move to the end of the game several times, keeps the best"
    ),
    "planner": N_("planner: looks ahead from the few moves that pay most now"),
}  # marked for the catalogues: shown with language._ (the boards do)


class PlayableGame(Protocol):
    """What a policy needs from a game."""

    @property
    def current_player(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    def legal_moves(self) -> list[Any]: ...
    def play(self, move: Any) -> None: ...
    def copy(self) -> PlayableGame: ...
    def score_after(self, move: Any) -> int: ...
    def determinized(self, rng: np.random.Generator) -> PlayableGame: ...
    def scores(self) -> list[int]: ...


Policy = Callable[[Any], Any]


class RandomPolicy:
    """A uniformly random legal move, from its own seeded generator."""

    def __init__(self, seed: int | np.random.Generator | None = None) -> None:
        self.rng = make_rng(seed)

    def __call__(self, game: PlayableGame) -> Any:
        moves = game.legal_moves()
        return moves[int(self.rng.integers(len(moves)))]


class GreedyPolicy:
    """The move with the best immediate own score; ties: the first in ``legal_moves()``."""

    def __call__(self, game: PlayableGame) -> Any:
        moves = game.legal_moves()
        gains = [game.score_after(move) for move in moves]
        return moves[gains.index(max(gains))]


def first_player_share(table: np.ndarray) -> float:
    """How often the first player (column 0 of a ``simulate`` table) wins, a shared win
    counting as a share: 1 / players for a fair game.

    >>> first_player_share(np.array([[5, 3], [2, 4], [4, 4]]))
    0.5
    """
    best = table.max(axis=1, keepdims=True)
    winners = table == best
    return float((winners[:, 0] / winners.sum(axis=1)).mean())


def margin(scores: Sequence[int], player: int) -> int:
    """Own score minus the best other score (own score when solo): what lookahead maximises.

    >>> margin([5, 9, 7], 0), margin([5], 0)
    (-4, 5)
    """
    others = [s for i, s in enumerate(scores) if i != player]
    return scores[player] - (max(others) if others else 0)


def play_out(game: PlayableGame, policy: Policy) -> PlayableGame:
    """Play ``game`` to the end in place with one policy for every player; return it."""
    while not game.is_over:
        game.play(policy(game))
    return game


class RolloutPolicy:
    """What every rollout policy does the same way: ``rollouts`` worlds (1 to
    ``max_rollouts``) drawn from its own seeded generator, a ValueError once the game is
    over, the only legal move taken at once; a subclass chooses among several (``choose``).
    """

    max_rollouts: ClassVar[int | None] = MAX_ROLLOUTS

    def __init__(self, rollouts: int = 8, seed: int | np.random.Generator | None = None) -> None:
        self.rollouts = check_int(rollouts, "rollouts", 1, self.max_rollouts)
        self.rng = make_rng(seed)

    def __call__(self, game: Any) -> Any:
        moves = game.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        if len(moves) == 1:
            return moves[0]
        return self.choose(game, moves)

    def choose(self, game: Any, moves: list[Any]) -> Any:
        """The move to play among ``moves`` (two or more: ``game``'s legal moves)."""
        raise NotImplementedError


class LookaheadPolicy(RolloutPolicy):
    """Monte-Carlo rollouts over determinized copies; see the module docstring."""

    rollout_policy = GreedyPolicy()

    def choose(self, game: PlayableGame, moves: list[Any]) -> Any:
        me = game.current_player
        best_move, best_value = moves[0], -np.inf
        worlds = [game.determinized(self.rng) for _ in range(self.rollouts)]
        for move in moves:
            total = 0
            for world in worlds:
                trial = world.copy()
                trial.play(move)
                total += margin(play_out(trial, self.rollout_policy).scores(), me)
            if total > best_value:
                best_move, best_value = move, total
        return best_move


FasterPolicies = Mapping[str, Callable[[np.random.Generator, int], Policy]]
"""A game's own versions of named policies: name -> ``make(rng, rollouts)``. They must make
exactly the generic policy's choices, only faster (each game's tests prove it)."""


def resolve(
    policy: str | Policy,
    seed: int | np.random.Generator | None = None,
    rollouts: int = 8,
    faster: FasterPolicies | None = None,
) -> Policy:
    """A named policy ("random", "greedy", "lookahead") or any callable, ready to call.

    ``faster`` lets a game supply its own, faster version of a named policy.
    """
    if callable(policy):
        return policy
    if faster and policy in faster:
        return faster[policy](make_rng(seed), rollouts)
    if policy == "random":
        return RandomPolicy(seed)
    if policy == "greedy":
        return GreedyPolicy()
    if policy == "lookahead":
        return LookaheadPolicy(rollouts=rollouts, seed=seed)
    raise ValueError(f"policy must be one of {POLICY_NAMES} or a callable, got {policy!r}")


def run_games(
    new_game: Callable[[int], PlayableGame],
    games: int,
    players: int,
    policy: str | Policy,
    seed: int | np.random.Generator | None,
    rollouts: int = 8,
    faster: FasterPolicies | None = None,
) -> np.ndarray:
    """Final scores, shape ``(games, players)``, of ``games`` games played by one policy.

    ``new_game(game_seed)`` deals a fresh game; game seeds and the policy's generator both come
    from ``seed``, so the same seed gives the same table.
    """
    games = require_int(games, "games", 0)
    rng = make_rng(seed)
    game_seeds = rng.integers(0, 2**63 - 1, size=games)
    chooser = resolve(policy, seed=rng, rollouts=rollouts, faster=faster)
    results = np.zeros((games, players), dtype=np.int64)
    for i, game_seed in enumerate(game_seeds):
        results[i] = play_out(new_game(int(game_seed)), chooser).scores()
    return results


Search = tuple[Callable[[], Policy], str]
"""A searching policy for a hint: how to make it, and what it tries, in words."""


def explain_choice(
    game: PlayableGame,
    policy: str,
    searches: Mapping[str, Search],
    describe: Callable[[Any], tuple[str, str]],
    rollouts: int,
) -> Hint:
    """The move ``policy`` chooses for the player to act, and why, in words a learner reads.

    "greedy" takes the move that adds the most points now (ties: the first legal move);
    any name in ``searches`` plays its search. ``describe(move)`` gives the move in words
    and what it does on the board; the points it adds now come from ``score_after``. Each
    game's ``hint`` calls this with its own searches and words.
    """
    if policy != "greedy" and policy not in searches:
        names = ("greedy", *searches)
        raise ValueError(f"policy must be one of {names}, got {policy!r}")
    moves = game.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to suggest")
    now = game.scores()[game.current_player]
    gains = [game.score_after(move) - now for move in moves]
    order = sorted(range(len(moves)), key=lambda i: -gains[i])  # stable: ties keep move order
    greedy = moves[order[0]]

    def said(move: Any) -> str:
        gain = gains[moves.index(move)]
        what, effect = describe(move)
        words = _n(
            "{move} ({gain} point now: {effect})", "{move} ({gain} points now: {effect})", abs(gain)
        )
        return words.format(move=what, gain=f"{gain:+d}", effect=effect)

    if policy == "greedy":
        sentences = [
            _("Greedy choice: {move}. No other move adds more points right now.").format(
                move=said(greedy)
            )
        ]
        if len(moves) > 1:
            runner_up = order[1]
            sentences.append(_("Next best: {move}.").format(move=said(moves[runner_up])))
            if gains[runner_up] == gains[order[0]]:
                sentences.append(_("Both add as much; greedy takes the one it finds first."))
        return Hint(greedy, " ".join(sentences), policy)
    make, how = searches[policy]
    chosen = make()(game)
    sentences = [_searched(policy, how, rollouts).format(move=said(chosen), count=rollouts)]
    if chosen != greedy:
        if gains[order[0]] > gains[moves.index(chosen)]:
            greedier = _("Greedy would play {move}, which pays more now but less by the end.")
        else:
            greedier = _("Greedy would play {move}, which pays as much now but less by the end.")
        sentences.append(greedier.format(move=said(greedy)))
    return Hint(chosen, " ".join(sentences), policy)


def _searched(policy: str, how: str, rollouts: int) -> str:
    """What a searching policy did for its hint, a whole sentence with the fields {move} and
    {count} (the rollouts): "Lookahead choice: …", "Planner choice: …" (its candidates, the
    number ``how`` names)."""
    if policy == "planner":
        candidates = next(word for word in how.split() if word.isdigit())
        return _n(
            "Planner choice: {move}. It played the {candidates} moves that pay most now to the "
            "end of the game {count} time with the cards nobody has seen shuffled, and this move "
            "finished best on average.",
            "Planner choice: {move}. It played the {candidates} moves that pay most now to the "
            "end of the game {count} times with the cards nobody has seen shuffled, and this "
            "move finished best on average.",
            rollouts,
        ).replace("{candidates}", candidates)
    return _n(
        "Lookahead choice: {move}. It played every possible move to the end of the game {count} "
        "time with the cards nobody has seen shuffled, and this move finished best on average.",
        "Lookahead choice: {move}. It played every possible move to the end of the game {count} "
        "times with the cards nobody has seen shuffled, and this move finished best on average.",
        rollouts,
    )


def hint_names(names: Sequence[str]) -> tuple[str, ...]:
    """The named policies a hint can follow: all but "random", whose choice has no reason.

    >>> hint_names(POLICY_NAMES)
    ('greedy', 'lookahead')
    """
    return tuple(name for name in names if name != "random")


Table = Callable[[int, int, str, np.random.Generator, Any], np.ndarray]
"""``table(games, players, policy, rng, rules)``: the final scores of ``games`` games of one
of ``TABLE_POLICIES``, all played at once: greedy makes ``GreedyPolicy``'s move in every
position, random a uniform pick among the legal moves. Water drops' and stacked trees'
tables play ``run_games``'s very games with the same seed; apple batches' shuffles all its
decks at once and draws its picks for all its games together, so it plays other games of
the same chances (``tests/test_apple_batches_fast.py``)."""


@dataclass(frozen=True)
class GamePolicies:
    """What a game supplies to the one ``simulate`` and the one ``hint``: its fast policies.

    ``game`` is its ``Game`` class (``new``, ``facts``, ``rules_type``); ``faster`` its
    faster version of every named policy it speeds up, and of each of its own; ``searches``
    says in words what each searching policy (all but "random" and "greedy") tries, for a
    hint, and so names them: the game's ``POLICY_NAMES`` are ``names``; ``table`` plays
    ``TABLE_POLICIES`` games all at once; ``describe(game, move)`` gives a move in words and
    what it does on the board; ``check(rules, players)`` refuses a table the rules cannot deal.
    """

    game: Any
    faster: FasterPolicies
    table: Table
    describe: Callable[[Any, Any], tuple[str, str]]
    max_games: int
    searches: Mapping[str, str] = field(
        default_factory=lambda: {"lookahead": "every possible move"}
    )
    max_rollouts: int = MAX_ROLLOUTS
    check: Callable[[Any, int], None] | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The game's ``POLICY_NAMES``: random, greedy, then each search it declares
        (``POLICY_NAMES`` here, and stacked trees' planner after them)."""
        return ("random", "greedy", *self.searches)

    def policy(self, name: str | Policy, rng: np.random.Generator, rollouts: int = 8) -> Policy:
        """A named policy of this game (its fastest version) or a callable, ready to call."""
        return resolve(self.checked(name), rng, rollouts, faster=self.faster)

    def checked(self, policy: object) -> str | Policy:
        """``policy`` if it is one of ``names`` or a callable, else TypeError or ValueError."""
        if callable(policy):
            return policy
        name = check_type(policy, str, "policy")
        if name not in self.names:
            raise ValueError(f"policy must be one of {self.names} or a callable, got {name!r}")
        return name


class Simulate(Protocol):
    """The signature of every game's ``simulate``."""

    def __call__(
        self,
        games: int = 1000,
        players: int = 1,
        policy: str | Policy = "greedy",
        seed: int | np.random.Generator | None = 0,
        rules: Any = None,
        rollouts: int = 8,
    ) -> np.ndarray: ...


class HintFor(Protocol):
    """The signature of every game's ``hint``."""

    def __call__(
        self,
        game: Any,
        policy: str = "greedy",
        *,
        rollouts: int = 8,
        seed: int | np.random.Generator | None = None,
    ) -> Hint: ...


def simulator(kit: GamePolicies) -> Simulate:
    """The game's ``simulate``, made from its fast policies."""
    game_type = kit.game

    def simulate(
        games: int = 1000,
        players: int = 1,
        policy: str | Policy = "greedy",
        seed: int | np.random.Generator | None = 0,
        rules: Any = None,
        rollouts: int = 8,
    ) -> np.ndarray:
        rules_type = game_type.rules_type
        rules = rules_type() if rules is None else check_type(rules, rules_type, "rules")
        try:
            chosen = kit.checked(policy)
        except ValueError as wrong_policy:
            try:
                check_int(games, "games", 0, kit.max_games)
            except ValueError as wrong_games:  # both wrong: the refusal names both
                raise ValueError(f"{wrong_games}; {wrong_policy}") from None
            raise
        players = game_type.facts.check_players(players)
        games = check_int(games, "games", 0, kit.max_games)
        rollouts = check_int(rollouts, "rollouts", 1, kit.max_rollouts)
        if kit.check is not None:
            kit.check(rules, players)
        rng = make_rng(seed)
        if isinstance(chosen, str) and chosen in TABLE_POLICIES:
            return kit.table(games, players, chosen, rng, rules)

        def new_game(game_seed: int) -> PlayableGame:
            return game_type.new(players=players, seed=game_seed, rules=rules)  # type: ignore[no-any-return]

        return run_games(new_game, games, players, chosen, rng, rollouts, faster=kit.faster)

    simulate.__doc__ = f"""Final scores, shape ``(games, players)``, of ``games`` seeded games of
    {game_type.facts.title}, every player using ``policy``.

    ``policy`` is one of {", ".join(kit.names)} (``POLICY_NAMES``; lookahead and the other
    searches with ``rollouts`` rollouts per move) or any ``callable(game) -> move``. The named
    policies play as ``policies.run_games``'s do, by the game's faster routes:
    {" and ".join(TABLE_POLICIES)} play whole tables at once (``Table``: exactly
    ``run_games``'s games, or other games of the same chances). ``seed`` is
    an int, a ``numpy.random.Generator`` or None. Every argument is checked before any work:
    ``games`` from 0 to {kit.max_games}, ``players`` within ``FACTS``, ``rollouts`` from 1 to
    {kit.max_rollouts} (TypeError for a wrong type, ValueError for a wrong value, naming it).
    """
    return simulate


def hinter(kit: GamePolicies) -> HintFor:
    """The game's ``hint``, made from its fast policies and its words for a move."""
    names = hint_names(kit.names)

    def hint(
        game: Any,
        policy: str = "greedy",
        *,
        rollouts: int = 8,
        seed: int | np.random.Generator | None = None,
    ) -> Hint:
        check_type(game, kit.game, "game")
        check_type(policy, str, "policy")
        rollouts = check_int(rollouts, "rollouts", 1, kit.max_rollouts)

        def search(name: str) -> Search:
            return (lambda: kit.faster[name](make_rng(seed), rollouts)), kit.searches[name]

        searches = {name: search(name) for name in names if name != "greedy"}
        return explain_choice(
            game, policy, searches, lambda move: kit.describe(game, move), rollouts
        )

    hint.__doc__ = f"""The move ``policy`` ({" or ".join(repr(n) for n in names)}) suggests to the
    player to act, and why, in words a learner reads (``policies.explain_choice``).

    Greedy takes the move that adds the most points now (ties: the first legal move); a search
    plays its moves to the end ``rollouts`` times with the cards nobody has seen shuffled
    (from ``seed``). The game is left as it was.
    """
    return hint
