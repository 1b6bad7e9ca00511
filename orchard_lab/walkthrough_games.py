"""The whole games the rule walkthroughs play to the end in front of the pupil.

A walkthrough shows each of these games finished, move by move, so none of them is a game a
pupil played: their result codes are refused (``result_codes``), and a class checker never
ranks them. The walkthroughs load them from here, so what they show and what is refused are
the same games.

>>> game = apple_batches_game()
>>> game.is_over, walkthrough_step(game)
(True, "the apple batches walkthrough, step 'The end of the game'")
>>> walkthrough_step(ab.Game.new(players=1, seed=APPLE_BATCHES_SEED)) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from orchard_lab import apple_batches as ab
from orchard_lab import policies
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.core import check_int, make_rng
from orchard_lab.language import N_, _

__all__ = [
    "APPLE_BATCHES_SEED",
    "APPLE_BATCHES_TIE_SEED",
    "STACKED_TREES_SEED",
    "WATER_DROPS_SEED",
    "apple_batches_game",
    "apple_batches_tie",
    "stacked_trees_game",
    "walkthrough_step",
    "water_drops_game",
]

APPLE_BATCHES_SEED = 7  # the deal of the apple batches whole-game steps
APPLE_BATCHES_TIE_SEED = 62  # two greedy players tie on points here and AB-7 decides
WATER_DROPS_SEED = 7  # the deal of the water drops whole-game step
STACKED_TREES_SEED = 3  # the deal of every stacked trees step


def apple_batches_game(moves: int | None = None) -> ab.Game:
    """A solo apple batches game on the walkthrough's deal, every apple the greedy hint's
    choice: all of it, or only its first ``moves`` apples (the scoring step)."""
    if moves is not None:
        moves = check_int(moves, "moves", 0)
    game = ab.Game.new(players=1, seed=APPLE_BATCHES_SEED)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(ab.hint(game, "greedy").move)
    return game


def apple_batches_tie() -> ab.Game:
    """Two greedy players who tie on points (AB-7 decides), played to the end."""
    game = ab.Game.new(players=2, seed=APPLE_BATCHES_TIE_SEED)
    greedy = policies.resolve("greedy", seed=make_rng(APPLE_BATCHES_TIE_SEED))
    while not game.is_over:
        game.play(greedy(game))
    return game


def water_drops_game() -> wd.Game:
    """Two greedy water drops players, played to the end."""
    game = wd.Game.new(players=2, seed=WATER_DROPS_SEED)
    while not game.is_over:
        game.play(wd.greedy_policy(game))
    return game


def stacked_trees_game(players: int = 1) -> st.Game:
    """A stacked trees game on the walkthrough's deal, every card the greedy hint's choice,
    played to the end by ``players`` players."""
    players = st.FACTS.check_players(players)
    game = st.Game.new(players=players, seed=STACKED_TREES_SEED)
    while not game.is_over:
        game.play(st.hint(game, "greedy").move)
    return game


# (game title, step title, the game): every finished game a walkthrough shows
_SHOWN: tuple[tuple[str, str, Callable[[], Any]], ...] = (  # the step titles, said with _
    (ab.FACTS.title, N_("The end of the game"), apple_batches_game),
    (ab.FACTS.title, N_("A tie"), apple_batches_tie),
    (wd.FACTS.title, N_("The end and winning"), water_drops_game),
    (st.FACTS.title, N_("The end and your rating"), stacked_trees_game),
    (st.FACTS.title, N_("Several players"), lambda: stacked_trees_game(3)),
)


@cache
def _shown() -> dict[str, tuple[str, str]]:
    """Each shown game's save (``to_json``: deal, players, rules and moves) → its game's
    title and its step's."""
    return {build().to_json(): (title, step) for title, step, build in _SHOWN}


def walkthrough_step(game: Any) -> str | None:
    """The walkthrough step that plays ``game`` (the same deal, players, rules and moves) in
    front of the pupil, in words (the session's language); None for any other game."""
    shown = _shown().get(game.to_json())
    if shown is None:
        return None
    title, step = shown
    return _("the {game} walkthrough, step '{step}'").format(game=_(title), step=_(step))
