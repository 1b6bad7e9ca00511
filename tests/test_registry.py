"""One registry (``orchard_lab.games``): a fourth game is its own package and one register call.

The toy game (``tests/toy_game``, number race) is registered here and nowhere else, and shows
up in the what-if, the rules-sheet list (and the sheet itself) and the result codes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from orchard_lab import games
from orchard_lab.cli import main
from orchard_lab.cli_games import game_names
from orchard_lab.result_codes import read_result, result_code
from orchard_lab.widgets import WhatIfExplorer
from orchard_lab.worksheets import game_text, rules_sheet_html
from tests import toy_game

TOY = games.GameEntry(
    name="toy_game",
    letter="T",
    engine="tests.toy_game",
    rules_text=str(Path(toy_game.__file__).with_name("rules.md")),
    what_if_rules={"reach": 3},
    games_per_second={"random": {1: 2_000}, "greedy": {1: 2_000}, "lookahead": {1: 5}},
)


@pytest.fixture
def toy() -> Iterator[games.GameEntry]:
    games.register(TOY)
    yield TOY
    games.unregister(TOY.name)


def test_the_three_games_are_registered_once_each() -> None:
    names = [entry.name for entry in games.entries()]
    assert names == ["apple_batches", "water_drops", "stacked_trees"]
    assert [entry.letter for entry in games.entries()] == ["A", "W", "S"]
    assert all(entry.board and entry.walkthrough for entry in games.entries())


def test_a_game_is_found_by_either_spelling_and_refused_by_name() -> None:
    assert games.entry("stacked-trees") is games.entry("stacked_trees")
    with pytest.raises(ValueError, match="game must be one of apple-batches, water-drops"):
        games.entry("mango")
    with pytest.raises(ValueError, match="registered already"):
        games.register(games.entry("water_drops"))


def test_a_toy_fourth_game_is_in_the_what_if(toy: games.GameEntry) -> None:
    explorer = WhatIfExplorer(game=toy_game, games=20, players=2)
    assert explorer.rules["B"] == toy_game.Rules(reach=3)  # the entry's what-if rules
    explorer.run()
    assert {key: len(table) for key, table in explorer.results.items()} == {"A": 20, "B": 20}
    assert "did not work" not in explorer.message.value


def test_a_toy_fourth_game_is_in_the_rules_sheet_list(toy: games.GameEntry, tmp_path) -> None:
    assert "toy-game" in game_names()
    assert list(game_text("toy_game").rules) == ["TOY-1", "TOY-2"]
    assert "TOY-2" in rules_sheet_html("toy_game", picture=False)
    out = tmp_path / "toy.html"
    assert main(["rules-sheet", "toy-game", str(out), "--no-picture"]) == 0
    assert "Number race" in out.read_text()


def test_a_toy_fourth_game_has_result_codes(toy: games.GameEntry) -> None:
    game = toy_game.Game.new(players=2, seed=5)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    code = result_code(game, player=1, seed=5)
    assert code.startswith("T")
    result = read_result(code)
    assert (result.title, result.player, result.scores) == ("number race", 1, tuple(game.scores()))
    assert result.game.to_json() == game.to_json()


def test_the_toy_game_leaves_no_trace(toy: games.GameEntry) -> None:
    game = toy_game.Game.new(players=1, seed=2)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    code = result_code(game, seed=2)
    games.unregister(TOY.name)
    try:
        assert "toy-game" not in game_names()
        with pytest.raises(ValueError, match="starts with 'T', which names no game"):
            read_result(code)
    finally:
        games.register(TOY)  # the fixture takes it off again
