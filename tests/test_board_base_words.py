"""The shared board base's words at a game's end (issue 24 follow-up): a shared win said once,
and a walkthrough's ended game whose keys line points at no New game button."""

from __future__ import annotations

from typing import Any

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.language import speaking
from orchard_lab.widgets import rule_walkthrough
from orchard_lab.widgets.board_base import key_help, result_words
from tests.catalogue_english import english_left

# A deal each game ends level on for two players taking the first legal move each turn.
SHARED = [(ab, 1, "AB-7"), (st, 1, "ST-7"), (wd, 4, "WD-5")]
# How each language says the win is shared: the headline, and the engine's sentence for it
SHARED_WORDS = {"en": "share the win", "fr": "partag", "ko": "함께 이겼어요"}
ENGINE_SHARED = {"en": "share the win", "fr": "partagent la victoire", "ko": "공동 우승"}


def _shared_win(module: Any, seed: int) -> Any:
    game = module.Game.new(players=2, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.winners() == [0, 1]
    return game


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
@pytest.mark.parametrize(("module", "seed", "rule"), SHARED)
def test_a_shared_win_is_said_once_with_who_the_points_and_the_rule(
    module: Any, seed: int, rule: str, lang: str
) -> None:
    """The game-over box said "You share the win. Players 0 and 1 share the win with ...":
    the headline says it, the engine's sentence then gives only the facts."""
    game = _shared_win(module, seed)
    with speaking(lang):
        said = result_words(game)
        alone = game.winner_reason()  # said elsewhere, without the headline: says it all
    assert lang == "en" or english_left(said) == [], said
    assert said.count(SHARED_WORDS[lang]) == 1, said
    assert ENGINE_SHARED[lang] not in said.replace(SHARED_WORDS[lang], "", 1), said
    assert f"({rule})" in said and str(game.scores()[0]) in said, said
    assert "0" in said.split(" ", 2)[-1] and "1" in said, said
    assert ENGINE_SHARED[lang] in alone and f"{rule}" in alone, alone


def test_the_sentence_alone_still_says_the_win_is_shared() -> None:
    game = _shared_win(ab, 1)
    assert game.winner_reason() == (
        "Players 0 and 1 share the win: 21 points and cards in 4 batches each (AB-7)."
    )
    assert game.winner_reason(shared_told=True) == (
        "Players 0 and 1 tie on 21 points and cards in 4 batches each (AB-7)."
    )
    assert "share the lead" in ab.Game.new(players=2).winner_reason(shared_told=True)


def test_an_ended_game_off_a_tour_still_points_at_new_game() -> None:
    over = key_help("the apples", "your batches", over=True)
    assert over == "Keys: u undo your last move · the other keys come back with a new game"


@pytest.mark.parametrize("module", [ab, wd, st])
def test_a_tours_ended_game_points_at_no_new_game_button(module: Any) -> None:
    """A walkthrough hides New game; its ended games' keys line named it anyway."""
    tour = rule_walkthrough(module)
    board = tour.view
    ended = 0
    for index in range(len(tour.steps)):
        tour.go(index)
        helped = board.board_keys.help
        if board.game.is_over:
            ended += 1
            assert "new game" not in helped.lower(), (index, helped)
            if board._marks:  # a move of yours to take back: u acts
                assert helped == "Keys: u undo your last move"
            else:
                assert helped == "Keys: none act now, this game is over"
        else:
            assert "h hint" in helped, (index, helped)
    assert ended, "the tour shows no ended game"


def test_a_tours_ended_game_speaks_the_language() -> None:
    with speaking("fr"):
        said = [key_help("x", "y", over=True, new_game=False, undo=undo) for undo in (True, False)]
    assert said[0] != "Keys: u undo your last move" and "u" in said[0]
    assert said[1] != "Keys: none act now, this game is over"


@pytest.mark.parametrize("module", [ab, wd, st])
def test_a_tours_ended_game_says_so_without_pointing_at_new_game(module: Any) -> None:
    """Asked for a move (a card, the hint) a tour's ended game said "start a new game with
    the button below" (stacked trees: "see how well you could have done, or deal anew"):
    both buttons are hidden in the walkthrough."""
    tour = rule_walkthrough(module)
    board = tour.view
    index = next(i for i in range(len(tour.steps)) if tour.go(i) is None and board.game.is_over)
    assert board.game.is_over, index
    board.hint()
    said = board.message.value
    assert said == "This game of the walkthrough is over: there is nothing more to play here."
    board.say_where_the_game_stands()
    assert board.message.value == said
    with speaking("fr"):
        board.hint()
        assert board.message.value != said and "button" not in board.message.value


@pytest.mark.parametrize("module", [ab, wd])
def test_a_tours_ended_game_line_above_the_board_points_at_no_hidden_button(module: Any) -> None:
    """The line above the board said "Game over. Undo to try a different last move, or deal
    anew." in the walkthrough too, where Undo and New game are hidden (second cold look: the
    apple batches tour's step 13 highlights that line)."""
    tour = rule_walkthrough(module)
    board = tour.view
    line = board.turn if module is ab else board.turn_line
    ended = [i for i in range(len(tour.steps)) if tour.go(i) is None and board.game.is_over]
    assert ended, "the tour shows no ended game"
    for index in ended:
        tour.go(index)
        assert line.value == "<b>Game over.</b>", (index, line.value)
