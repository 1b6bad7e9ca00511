"""The one shape of the three games (issue "one shape"): the same names with the same meanings.

Each test runs on every game through its adapter (``tests/adapters/``). What is checked here
is the vocabulary written down in ``orchard_lab/core.py`` and ``../shared/API.md``: declared
facts, self-describing switches, argument errors, the IllegalMove sentence shape, (player,
move) history, one save-row format, a checked ``Board.gain``, ``Board.undo``, ``Game.undo``
without replay, independent copies, ``winner_reason`` and ``__repr__``.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
import re
import subprocess
import sys

import numpy as np
import pytest

from orchard_lab import IllegalMove, core

GAMES = ["apple_batches", "water_drops", "stacked_trees"]
ZONES = {  # what each game shows besides the boards: the zones of its snapshot
    "apple_batches": {"market", "round", "pile"},
    "water_drops": {"market", "pile", "set_aside"},
    "stacked_trees": {"hands", "drawn", "finished"},
}
TEMPLATE = {"__init__", "cards", "rules", "board", "game", "policies"}
SENTENCE = re.compile(r"^[A-Z][^()]* \((AB|WD|ST)-\d\): \S.*$", re.DOTALL)


def adapter(name: str):
    return importlib.import_module(f"tests.adapters.{name}")


def board_args(move) -> dict:
    """A Move's fields as keyword arguments of Board.place/gain (the same names)."""
    return {f.name: getattr(move, f.name) for f in dataclasses.fields(move)}


def started_game(name: str, players: int, moves: int = 5, seed: int = 4):
    game = adapter(name).module.Game.new(players=players, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(legal[int(rng.integers(len(legal)))])
    return game


# -- the package template ------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_template_modules(name: str) -> None:
    package = importlib.import_module(f"orchard_lab.{name}")
    found = {info.name for info in pkgutil.iter_modules(package.__path__)} | {"__init__"}
    assert found >= TEMPLATE, f"missing {sorted(TEMPLATE - found)}"


def test_every_module_imports_on_its_own() -> None:
    """No import cycles: each module of the engine imports first of all, with nothing of
    orchard_lab loaded before it (one fresh interpreter, orchard_lab's modules forgotten
    between imports, so the third-party libraries load once)."""
    names = ["orchard_lab.core", "orchard_lab.game_base", "orchard_lab.games"]
    names += ["orchard_lab.policies", "orchard_lab.sequences", "orchard_lab.result_codes"]
    for game in GAMES:
        package = importlib.import_module(f"orchard_lab.{game}")
        names += [f"orchard_lab.{game}"]
        names += [
            f"orchard_lab.{game}.{info.name}" for info in pkgutil.iter_modules(package.__path__)
        ]
    script = (
        "import importlib, sys, traceback\n"
        "for name in sys.argv[1:]:\n"
        "    for loaded in [m for m in sys.modules if m.partition('.')[0] == 'orchard_lab']:\n"
        "        del sys.modules[loaded]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception:\n"
        "        print(name, traceback.format_exc(limit=-3))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *names], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and not done.stdout, f"{done.stdout}\n{done.stderr[-800:]}"
    assert len(names) > 30


# -- declared facts and switches --------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_facts_declare_players_and_rule_names(name: str) -> None:
    module = adapter(name).module
    facts = module.FACTS
    assert isinstance(facts, core.GameFacts) and facts.name == name
    assert facts.min_players == adapter(name).PLAYER_COUNTS[0]
    assert all(re.fullmatch(r"(AB|WD|ST)-\d", rule) for rule in facts.rules)
    assert facts.min_score < facts.max_score
    for players in (facts.min_players, facts.max_players):
        game = module.Game.new(players=players, seed=1)
        assert module.Game.from_json(game.to_json()).to_json() == game.to_json()
    with pytest.raises(ValueError, match="players"):
        module.Game.new(players=facts.max_players + 1)
    with pytest.raises(ValueError, match="players"):
        module.Game.new(players=facts.min_players - 1)


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_switch_describes_itself(name: str) -> None:
    module = adapter(name).module
    declared = core.switches(module.Rules)
    assert [s.name for s in declared] == [f.name for f in dataclasses.fields(module.Rules)]
    standard = module.Rules()
    for each in declared:
        assert each.label and each.help and each.rule in module.FACTS.rules
        assert getattr(standard, each.name) == each.default
        for _label, value in each.options:
            assert getattr(module.Rules(**{each.name: value}), each.name) == value
        if each.kind == "bool":
            with pytest.raises(TypeError, match=each.name):
                module.Rules(**{each.name: 1})
        if each.kind == "int":
            with pytest.raises(TypeError, match=each.name):
                module.Rules(**{each.name: "3"})
            if each.high is not None:
                with pytest.raises(ValueError, match=each.name):
                    module.Rules(**{each.name: each.high + 1})
    assert core.describe_rules(standard) == "standard rules"


def test_a_switch_declared_at_run_time_describes_itself() -> None:
    """``switch`` and ``switches`` on a Rules class made inside the test (the games' own are
    made at import, before any mutant of ``switch`` could run)."""

    def fits(value: str, players: int) -> bool:
        return value == "a" or players > 2

    @dataclasses.dataclass(frozen=True)
    class Toy:
        easy: bool = core.switch(False, label="easy mode", help="no losses", rule="T-1")
        size: int = core.switch(3, label="size", help="how big", rule="T-2", low=1, high=9)
        pick: str = core.switch(
            "a", label="pick", help="one", options=(("A", "a"), ("B", "b")), open=True, fits=fits
        )

    assert core.switches(Toy) == core.switches(Toy()) == (
        core.Switch("easy", "easy mode", "no losses", False, "bool", rule="T-1"),
        core.Switch("size", "size", "how big", 3, "int", low=1, high=9, rule="T-2"),
        core.Switch("pick", "pick", "one", "a", "choice", (("A", "a"), ("B", "b")), open=True,
                    fits=fits),
    )  # fmt: skip
    assert core.switches(Toy)[2].offered(2) == (("A", "a"),)
    with pytest.raises(ValueError, match="fits is for a switch with options"):
        core.switch("a", label="pick", help="one", fits=fits, low=0, high=1)


def test_a_whole_number_switch_needs_both_bounds() -> None:
    for bounds in ({}, {"low": 0}, {"high": 9}):
        with pytest.raises(ValueError, match="needs both low and high"):
            core.switch(3, label="size", help="how big", **bounds)
    assert core.switch(3, label="size", help="how big", low=0, high=9).default == 3


# -- argument errors -----------------------------------------------------------------------------
def test_the_checks_name_the_argument_and_what_it_must_be() -> None:
    """core's checks, word for word: a bool is not an int, a tuple of types reads "int or
    float", a bound without a top reads "at least", a closed choice lists its values."""
    with pytest.raises(TypeError, match=r"^seed must be int, not bool$"):
        core.check_type(True, int, "seed")
    with pytest.raises(TypeError, match=r"^time_limit must be int or float, not str$"):
        core.check_type("2", (int, float), "time_limit")
    with pytest.raises(ValueError, match=r"^seed must be at least 0, got -1$"):
        core.check_int(-1, "seed", 0)
    with pytest.raises(ValueError, match=r"^players must be between 1 and 6, got 7$"):
        core.check_int(7, "players", 1, 6)
    pick = core.Switch("pick", "pick", "", "a", "choice", (("A", "a"), ("B", "b")))
    with pytest.raises(ValueError, match=r"^pick must be one of 'a', 'b', got 'c'$"):
        pick.check("c")
    assert dataclasses.replace(pick, open=True).check("c") == "c"


@pytest.mark.parametrize("name", GAMES)
def test_a_player_count_out_of_range_is_named_players(name: str) -> None:
    facts = adapter(name).module.FACTS
    with pytest.raises(ValueError, match=r"^players must be between \d+ and \d+, got 99$"):
        facts.check_players(99)


def test_a_score_is_read_only_and_keeps_its_own_copy() -> None:
    parts, notes = {"a": 3}, {"a": "three apples"}
    score = core.Score(parts, notes)
    parts["a"], notes["a"] = 9, "changed"
    assert dict(score.parts) == {"a": 3} and dict(score.notes) == {"a": "three apples"}
    with pytest.raises(TypeError):
        score.parts["a"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        score.notes["a"] = "x"  # type: ignore[index]


def test_rules_read_back_turn_lists_into_tuples() -> None:
    """A save holds tuples as JSON lists; reading one back gives the tuple again, even for a
    Rules class that does not convert them itself."""

    @dataclasses.dataclass(frozen=True)
    class Toy:
        ladder: tuple[int, ...] = (1, 2)

    data = core.rules_to_dict(Toy((1, 3, 6)))
    assert data == {"ladder": [1, 3, 6]}
    back = core.rules_from_dict(Toy, json.loads(json.dumps(data)))
    assert back == Toy((1, 3, 6)) and isinstance(back.ladder, tuple)
    assert hash(back) == hash(Toy((1, 3, 6)))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": "2"}, TypeError),
        ({"players": 2.0}, TypeError),
        ({"rules": "standard"}, TypeError),
        ({"seed": "7"}, TypeError),
        ({"seed": -1}, ValueError),
        ({"first_player": "0"}, TypeError),
    ],
)
def test_new_game_names_the_bad_argument(name: str, kwargs: dict, error: type) -> None:
    module = adapter(name).module
    with pytest.raises(error, match=next(iter(kwargs))):
        module.Game.new(**kwargs)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"games": "10"}, TypeError),
        ({"games": -1}, ValueError),
        ({"games": 10**12}, ValueError),
        ({"players": 10**7}, ValueError),
        ({"rules": "standard"}, TypeError),
        ({"policy": "nope", "games": 10**8}, ValueError),
    ],
)
def test_simulate_refuses_before_any_work(name: str, kwargs: dict, error: type) -> None:
    with pytest.raises(error):
        adapter(name).module.simulate(**kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_simulate_of_no_games_is_an_empty_table(name: str) -> None:
    table = adapter(name).module.simulate(games=0, players=1)
    assert table.shape == (0, 1)


@pytest.mark.parametrize("name", GAMES)
def test_play_and_place_refuse_wrong_types_with_type_error(name: str) -> None:
    game = started_game(name, 1, moves=0)
    with pytest.raises(TypeError, match="move"):
        game.play("a move")
    board = game.boards[0]
    move = game.legal_moves()[0]
    with pytest.raises(TypeError, match="card"):
        board.place(**{**board_args(move), "card": "not a card"})
    assert game.to_json() == started_game(name, 1, moves=0).to_json()


# -- refusals ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_has_one_sentence_shape(name: str) -> None:
    ad = adapter(name)
    rng = np.random.default_rng(2)
    for players in ad.PLAYER_COUNTS[:2]:
        game = started_game(name, players, moves=3)
        legal = game.legal_moves()
        for move in ad.candidate_moves(game, rng):
            if move in legal:
                continue
            with pytest.raises(IllegalMove) as info:
                game.play(move)
            assert info.value.rule in ad.module.FACTS.rules, info.value.rule
            assert SENTENCE.match(str(info.value)), f"not 'Name (ID): reason': {info.value}"
            assert f"({info.value.rule})" in str(info.value)


# -- history, saves, undo, copies ------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_history_is_an_immutable_sequence_of_player_move_pairs(name: str) -> None:
    game = adapter(name).module.Game.new(players=2, seed=3)
    played = []
    for _ in range(4):
        player, move = game.current_player, game.legal_moves()[0]
        game.play(move)
        played.append((player, move))
    assert isinstance(game.history, tuple)
    assert list(game.history) == played
    saved = json.loads(game.to_json())
    assert saved["moves"] == [core.move_row(p, m) for p, m in played]


@pytest.mark.parametrize("name", GAMES)
def test_undo_restores_one_move_without_replaying(name: str, monkeypatch) -> None:
    module = adapter(name).module
    game = started_game(name, 2, moves=6)
    before = game.to_json()
    game.play(game.legal_moves()[-1])

    def refuse(*_args, **_kwargs):
        raise AssertionError("undo replayed a move")

    monkeypatch.setattr(module.Game, "play", refuse)
    monkeypatch.setattr(module.Board, "place", refuse)
    game.undo()
    monkeypatch.undo()
    assert game.to_json() == before


OTHER_RULES = {
    "apple_batches": {"easy": True},
    "water_drops": {"allow_rotation": True},
    "stacked_trees": {"rotten_tokens": 1},
}


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_as_parts_keeps_the_rules_and_first_player(name: str) -> None:
    module = adapter(name).module
    rules = module.Rules(**OTHER_RULES[name])
    game = module.Game.new(players=2, seed=3, rules=rules, first_player=1)
    again = module.Game.from_parts(2, rules, 1, game.deal_parts())
    assert (again.rules, again.first_player, again.players) == (rules, 1, 2)
    assert again.to_json() == game.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_the_default_seed_is_zero(name: str) -> None:
    module = adapter(name).module
    assert module.Game.new(players=2).to_json() == module.Game.new(players=2, seed=0).to_json()


@pytest.mark.parametrize("name", GAMES)
def test_nothing_to_undo_is_a_value_error(name: str) -> None:
    game = adapter(name).module.Game.new(players=1, seed=0)
    with pytest.raises(ValueError, match="undo"):
        game.undo()


@pytest.mark.parametrize("name", GAMES)
def test_copies_are_independent(name: str) -> None:
    game = started_game(name, 2, moves=3)
    before = game.to_json()
    twin = game.copy()
    while not twin.is_over:
        twin.play(twin.legal_moves()[0])
    assert game.to_json() == before
    twin.undo()
    assert game.to_json() == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_deal_as_parts_round_trips(name: str, players: int) -> None:
    """``from_parts`` deals the parts in their order; ``deal_parts`` reads them back, and a
    seeded game's parts hold the standard cards, part by part (what result codes store)."""
    game_type = adapter(name).module.Game
    rules = game_type.rules_type()
    standard = game_type.standard_parts()
    assert game_type.from_parts(players, rules, 0, standard).deal_parts() == standard
    dealt = game_type.new(players=players, seed=5).deal_parts()
    assert [sorted(map(str, part)) for part in dealt] == [
        sorted(map(str, part)) for part in standard
    ]
    again = game_type.from_parts(players, rules, 0, dealt)
    assert again.snapshot() == game_type.new(players=players, seed=5).snapshot()


# -- boards ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_board_gain_is_checked_and_exact(name: str) -> None:
    """``Board.gain`` takes ``place``'s arguments: the change of ``total``, or IllegalMove."""
    ad = adapter(name)
    rng = np.random.default_rng(5)
    game = started_game(name, 1, moves=4)
    board = game.boards[game.current_player].copy()
    legal = game.legal_moves()
    for move in legal[:: max(1, len(legal) // 12)]:
        trial = board.copy()
        gain = trial.gain(**board_args(move))
        before = trial.total
        trial.place(**board_args(move))
        assert trial.total - before == gain == trial.score().total - board.score().total
        trial.undo()
        assert trial.total == board.total and trial.cards() == board.cards()
        assert trial.score() == board.score()
    for move in ad.candidate_moves(game, rng):
        args = board_args(move)
        try:
            expected = board.copy().place(**args)
        except IllegalMove as refusal:
            with pytest.raises(IllegalMove) as info:
                board.gain(**args)
            assert str(info.value) == str(refusal)
        else:
            assert expected is None


@pytest.mark.parametrize("name", GAMES)
def test_board_cards_is_a_tuple(name: str) -> None:
    game = started_game(name, 1, moves=3)
    assert isinstance(game.boards[0].cards(), tuple)


@pytest.mark.parametrize("name", GAMES)
def test_winner_reason_and_repr_read_well(name: str) -> None:
    module = adapter(name).module
    for players in (1, 2):
        game = started_game(name, players, moves=2)
        assert module.FACTS.title in repr(game)
        while not game.is_over:
            game.play(game.legal_moves()[0])
        reason = game.winner_reason()
        assert isinstance(reason, str) and reason.endswith(".") and "point" in reason


@pytest.mark.parametrize("name", GAMES)
def test_one_count_per_tie_break_and_one_board_per_player(name: str) -> None:
    for players in (1, 2, 3):
        game = started_game(name, players, moves=3)
        assert len(game.boards) == players
        for player in range(players):
            assert len(game._tie_counts(player)) == len(game.tie_breaks)


@pytest.mark.parametrize("name", GAMES)
def test_a_save_lists_its_fields_in_sorted_order(name: str) -> None:
    """The same game always saves to the same text, fields sorted at every level."""

    def sorted_everywhere(value: object) -> bool:
        if isinstance(value, dict):
            return list(value) == sorted(value) and all(map(sorted_everywhere, value.values()))
        if isinstance(value, list):
            return all(map(sorted_everywhere, value))
        return True

    data = json.loads(started_game(name, 2, moves=3).to_json())
    assert sorted_everywhere(data)


@pytest.mark.parametrize("name", GAMES)
def test_a_snapshot_holds_what_every_player_sees(name: str) -> None:
    """The shared keys, then the game's own zones (its market or hands), named here."""
    game = started_game(name, 2, moves=3)
    zones = game._zones()
    assert set(zones) == ZONES[name]
    assert game.snapshot() == {
        **zones,
        "players": 2,
        "rules": game.rules,
        "current_player": game.current_player,
        "is_over": False,
        "history": game.history,
        "boards": tuple(board.snapshot() for board in game.boards),
        "scores": tuple(game.scores()),
        "winners": tuple(game.winners()),
        "legal_moves": tuple(game.legal_moves()),
    }
    for board in game.boards:
        seen, score = board.snapshot(), board.score()
        assert seen["total"] == board.total == score.total
        assert seen["parts"] == tuple(score.parts.items())
        assert seen["notes"] == tuple(score.notes.items())


@pytest.mark.parametrize("name", GAMES)
def test_repr_says_the_game_players_progress_and_scores(name: str) -> None:
    module = adapter(name).module
    title = module.FACTS.title
    for players, words in ((1, "1 player"), (2, "2 players")):
        game = started_game(name, players, moves=2)
        assert repr(game) == f"<{title}: {words}, {game._progress()}, scores {game.scores()}>"


@pytest.mark.parametrize("name", GAMES)
def test_first_player_must_sit_at_the_table(name: str) -> None:
    module = adapter(name).module
    for players in (1, 2, 3):
        assert module.Game.new(players=players, first_player=players - 1).current_player == (
            players - 1
        )
        bounds = f"first_player must be between 0 and {players - 1}"
        for first in (-1, players):
            with pytest.raises(ValueError, match=bounds):
                module.Game.new(players=players, first_player=first)


@pytest.mark.parametrize("name", GAMES)
def test_a_save_with_players_or_seats_out_of_range_is_refused(name: str) -> None:
    module = adapter(name).module
    facts = module.FACTS
    data = json.loads(started_game(name, 2, moves=2).to_json())
    for players in (facts.min_players - 1, facts.max_players + 1):
        bounds = f"between {facts.min_players} and {facts.max_players}"
        with pytest.raises(ValueError, match=f"players must be {bounds}, got {players}"):
            module.Game.from_json(json.dumps({**data, "players": players}))
    for first in (-1, 2):
        with pytest.raises(ValueError, match=f"first_player must be between 0 and 1, got {first}"):
            module.Game.from_json(json.dumps({**data, "first_player": first}))
    first, rest = data["moves"][0], data["moves"][1:]
    with pytest.raises(ValueError, match="move 1 is by player 1, but it was player 0's turn"):
        module.Game.from_json(json.dumps({**data, "moves": [dict(first, player=1), *rest]}))
    with pytest.raises(ValueError, match="move 1's player must be at least 0, got -1"):
        module.Game.from_json(json.dumps({**data, "moves": [dict(first, player=-1), *rest]}))
    unplayer = {key: value for key, value in first.items() if key != "player"}
    for row in ([first], unplayer, dict(first, colour="red")):
        with pytest.raises(ValueError, match="move 1 must be an object with the fields player"):
            module.Game.from_json(json.dumps({**data, "moves": [row, *rest]}))


@pytest.mark.parametrize("name", GAMES)
def test_hint_comes_from_the_engine(name: str) -> None:
    module = adapter(name).module
    game = started_game(name, 2, moves=2)
    before = game.to_json()
    advice = module.hint(game)
    assert isinstance(advice, core.Hint) and advice.move in game.legal_moves()
    assert advice.reason and advice.policy == "greedy"
    assert game.to_json() == before
