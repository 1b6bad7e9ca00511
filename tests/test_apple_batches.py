"""Apple batches: one test per rule id (AB-1..AB-7) and per switch, and the seeds' examples."""

from __future__ import annotations

import ast
import json
from collections import Counter
from fractions import Fraction
from math import comb, prod
from pathlib import Path
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orchard_lab import IllegalMove
from orchard_lab import apple_batches as ab
from orchard_lab.apple_batches import BATCHES, Board, Card, Game, Move, Rules
from orchard_lab.core import rules_from_dict, switches
from tests.test_conformance import ad_mutate


def card(text: str) -> Card:
    return Card.from_text(text)


def board_with(batch: str, *texts: str, rules: Rules | None = None) -> Board:
    board = Board(rules)
    for text in texts:
        board.place(card(text), batch)
    return board


def refused(board: Board, text: str, batch: str) -> IllegalMove:
    before = (board.batches, board.total, board.score())
    with pytest.raises(IllegalMove) as info:
        board.place(card(text), batch)
    assert (board.batches, board.total, board.score()) == before
    assert not board.can_place(card(text), batch)
    return info.value


# -- the package template -----------------------------------------------------------------
PACKAGE = Path(ab.__file__).parent
TEMPLATE = {"cards", "rules", "board", "game", "policies"}
EXTRAS = {"fast", "counting", "tables"}  # lookahead lives in policies, as in every game


def test_package_follows_the_template_without_import_cycles() -> None:
    """AB-1..AB-7 live in the template's modules, and no two modules import each other."""
    modules = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
    assert modules == TEMPLATE | EXTRAS
    imports = {}
    for name in modules:
        tree = ast.parse((PACKAGE / f"{name}.py").read_text())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "orchard_lab.apple_batches":
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module.removeprefix("orchard_lab.apple_batches."))
        imports[name] = found & modules
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join((*path, name))}"
        if name not in done:
            for other in imports[name]:
                visit(other, (*path, name))
            done.add(name)

    for name in sorted(modules):
        visit(name, ())
    assert imports["cards"] == set() and imports["rules"] == {"cards"}


# -- AB-1 cards ---------------------------------------------------------------------------
def test_ab1_default_deck_has_75_distinct_cards() -> None:
    deck = ab.default_deck()
    assert len(deck) == len(set(deck)) == 75
    assert {c.colour for c in deck} == {"red", "green", "gold"}
    assert {c.height for c in deck} == {c.sweetness for c in deck} == {1, 2, 3, 4, 5}


def test_ab1_card_text_round_trip_and_bad_cards() -> None:
    for c in ab.default_deck():
        assert Card.from_text(str(c)) == c
    with pytest.raises(ValueError, match="colour"):
        Card("blue", 1, 1)
    with pytest.raises(ValueError, match="height"):
        Card("red", 6, 1)
    with pytest.raises(TypeError, match="sweetness"):
        Card("red", 1, True)
    with pytest.raises(ValueError, match="not a card"):
        Card.from_text("red h9 s2")
    with pytest.raises(TypeError):
        Card.from_text(3)


@pytest.mark.parametrize("text", ["red h٣ s2", "red h3 s２", "gold h𝟓 s1", "red\u00a0h3 s2"])
def test_ab1_card_text_takes_only_ascii_digits_and_spaces(text: str) -> None:
    """AB-1: ``int()`` reads ٣ as 3, so the card pattern must not match other scripts' digits."""
    with pytest.raises(ValueError, match="not a card"):
        Card.from_text(text)


def test_ab1_custom_deck_game_keeps_its_repeats() -> None:
    deck = [Card("red", 1 + i % 5, 1 + i % 3) for i in range(12)]  # repeats allowed
    game = Game.new(players=1, seed=4, deck=deck)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    assert Counter(game.all_cards()) == Counter(deck)
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json() and '"custom"' in game.to_json()
    with pytest.raises(ValueError, match="at least 24"):
        Game.new(players=2, deck=deck)


# -- AB-2 players and rounds --------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "market", "rounds"),
    [(1, 3, 4), (2, 6, 4), (3, 6, 6), (4, 12, 4), (5, 15, 4), (6, 12, 6)],
)
def test_ab2_market_size_rounds_and_rotation(players: int, market: int, rounds: int) -> None:
    game = Game.new(players=players, seed=players, first_player=players - 1)
    assert (game.market_size, game.rounds, len(game.market)) == (market, rounds, market)
    turns = []
    while not game.is_over:
        if len(game.market) == market:
            round_first = game.current_player
            assert round_first == (players - 1 + game.round) % players
        turns.append(game.current_player)
        game.play(game.legal_moves()[0])
    assert len(turns) == 12 * players
    for r in range(rounds):  # round-robin from the round's first player
        first = (players - 1 + r) % players
        assert turns[r * market : (r + 1) * market] == [
            (first + t) % players for t in range(market)
        ]
    assert [b.card_count for b in game.boards] == [12] * players
    assert game.legal_moves() == [] and game.market == ()


def test_ab2_market_is_the_next_cards_of_the_shuffled_deck() -> None:
    game = Game.new(players=2, seed=9)
    assert game.market == game.deck[:6]
    for _ in range(6):
        game.play(game.legal_moves()[0])
    assert game.round == 1 and game.market == game.deck[6:12]
    assert game.pile == game.deck[12:]


def test_ab2_a_card_not_in_the_market_is_refused() -> None:
    game = Game.new(players=2, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalMove, match=r"Market \(AB-2\)") as info:
        game.play(Move(game.pile[0], "bad"))
    assert info.value.rule == "AB-2" and game.to_json() == before


def test_ab2_no_move_after_the_end() -> None:
    game = Game.new(players=1, seed=2)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove, match="over") as info:
        game.play(Move(card("red h1 s1"), "bad"))
    assert info.value.rule == "AB-2"


def test_ab2_bad_arguments_to_new() -> None:
    with pytest.raises(ValueError, match="players"):
        Game.new(players=7)
    with pytest.raises(ValueError, match="first_player"):
        Game.new(players=2, first_player=2)
    with pytest.raises(TypeError, match="rules"):
        Game.new(players=2, rules={"easy": True})
    with pytest.raises(TypeError, match="move"):
        Game.new(players=1).play(("red h1 s1", "bad"))


@pytest.mark.parametrize(
    ("arguments", "error", "name"),
    [
        ({"rules": "x"}, TypeError, "rules"),
        ({"players": "2"}, TypeError, "players"),
        ({"players": 2.0}, TypeError, "players"),
        ({"players": True}, TypeError, "players"),
        ({"players": 0}, ValueError, "players"),
        ({"players": 10**9}, ValueError, "players"),
        ({"first_player": "0"}, TypeError, "first_player"),
        ({"first_player": -1}, ValueError, "first_player"),
        ({"seed": "0"}, TypeError, "seed"),
        ({"seed": -1}, ValueError, "seed"),
        ({"shuffle": 0}, TypeError, "shuffle"),
        ({"deck": "red h1 s1"}, TypeError, "deck"),
        ({"deck": [*ab.default_deck(), "red h1 s1"]}, TypeError, "deck"),
        ({"deck": ab.default_deck() * 11}, ValueError, "at most 750"),
    ],
)
def test_ab2_new_names_the_wrong_argument(arguments: dict, error: type, name: str) -> None:
    """AB-2: wrong types are TypeError, wrong values ValueError, each naming the argument."""
    with pytest.raises(error, match=name):
        Game.new(**{"players": 2, **arguments})


# -- AB-2 the switch end ------------------------------------------------------------------
FOUR_ROUNDS = Rules(end="four_rounds")


@pytest.mark.parametrize(
    ("players", "twelve", "four"), [(1, 12, 12), (2, 12, 12), (3, 12, 8), (6, 12, 8)]
)
def test_ab2_four_rounds_ends_after_four_markets(players: int, twelve: int, four: int) -> None:
    """AB-2 switch end: "four_rounds" ends after 4 markets, 8 cards each with 3 or 6 players."""
    for rules, cards in ((Rules(), twelve), (FOUR_ROUNDS, four)):
        game = Game.new(players=players, seed=players, rules=rules)
        assert ab.cards_per_player(players, rules) == cards
        markets = 0
        while not game.is_over:
            assert game.legal_moves()
            markets += len(game.market) == game.market_size
            game.play(game.legal_moves()[-1])
        assert markets == game.rounds == ab.rounds_per_game(players, rules)
        assert [b.card_count for b in game.boards] == [cards] * players
        assert game.legal_moves() == [] and game.market == ()
        assert len(game.pile) == 75 - cards * players
    assert ab.rounds_per_game(players, FOUR_ROUNDS) == ab.FOUR_ROUNDS


def test_ab2_four_rounds_game_over_message_save_and_winner_reason() -> None:
    """AB-2 switch end: the end is refused in words, saved, loaded, and the winner named."""
    game = Game.new(players=3, seed=5, rules=FOUR_ROUNDS)
    for _ in range(23):
        game.play(game.legal_moves()[0])
    assert not game.is_over and "lead" in game.winner_reason()
    game.play(game.legal_moves()[0])
    assert game.is_over and "lead" not in game.winner_reason()
    with pytest.raises(IllegalMove, match=r"Game over \(AB-2\): the game ends after 4 rounds"):
        game.play(Move(game.pile[0], "bad"))
    saved = game.to_json()
    assert json.loads(saved)["rules"]["end"] == "four_rounds"
    loaded = Game.from_json(saved)
    assert loaded.is_over and loaded.rules == FOUR_ROUNDS and loaded.to_json() == saved
    data = json.loads(saved)
    data["rules"]["end"] = "twelve_cards"  # the same moves, but the game is not over yet
    assert not Game.from_json(json.dumps(data)).is_over
    data["moves"] += data["moves"][:1]
    with pytest.raises(ValueError, match="at most 24 moves"):
        Game.from_json(json.dumps({**data, "rules": {"end": "four_rounds"}}))


def test_ab2_four_rounds_custom_deck_needs_only_the_cards_dealt() -> None:
    """AB-2 switch end: 3 players over 4 rounds deal 24 cards, not 36."""
    deck = ab.default_deck()[:24]
    game = Game.new(players=3, seed=1, deck=deck, rules=FOUR_ROUNDS)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    with pytest.raises(ValueError, match="at least 36"):
        Game.new(players=3, seed=1, deck=deck)


# -- AB-3 placing -------------------------------------------------------------------------
def test_ab3_legal_moves_in_market_then_batch_order_and_bad_always_allowed() -> None:
    game = Game.new(players=3, seed=5)
    moves = game.legal_moves()
    order = [(game.market.index(m.card), BATCHES.index(m.batch)) for m in moves]
    assert order == sorted(order)
    assert {m.card for m in moves if m.batch == "bad"} == set(game.market)


def test_ab3_batch_holds_at_most_12_and_unknown_batch_is_refused() -> None:
    board = board_with("feather", *["red h2 s3"] * 12)
    error = refused(board, "red h2 s3", "feather")
    assert error.rule == "AB-3" and "12" in str(error)
    error = refused(board, "red h2 s3", "orchard")
    assert error.rule == "AB-3" and "orchard" in str(error)
    assert board.score().parts["feather"] == 132


def test_ab3_order_inside_a_batch_is_kept() -> None:
    board = board_with("sweet_couple", "red h1 s4", "gold h2 s4", "green h5 s1")
    assert [str(c) for c in board.batches["sweet_couple"]] == [
        "red h1 s4",
        "gold h2 s4",
        "green h5 s1",
    ]


# -- AB-4 the batches ---------------------------------------------------------------------
def test_ab4_monochrome_same_colour_triangular() -> None:
    board = board_with("monochrome", "red h1 s1", "red h5 s2", "red h3 s3")
    assert board.score().parts["monochrome"] == 6
    error = refused(board, "gold h3 s3", "monochrome")
    assert error.rule == "AB-4" and "red" in str(error) and "gold" in str(error)
    for n in range(4, 13):
        board.place(card("red h2 s2"), "monochrome")
        assert board.score().parts["monochrome"] == n * (n + 1) // 2
    assert board.total == 78


def test_ab4_unlucky_seed_examples_and_limit() -> None:
    """Seeds: 5+5+3 = 13 with 3 cards = 9 points; 4+4+5 = 9 points."""
    assert board_with("unlucky", "red h1 s5", "red h2 s5", "red h3 s3").total == 9
    board = board_with("unlucky", "red h1 s4", "gold h1 s4", "red h1 s5")
    assert board.score().parts["unlucky"] == 9
    assert board_with("unlucky", "red h1 s5", "red h1 s4").total == 0
    error = refused(board_with("unlucky", "red h1 s5", "red h1 s5"), "red h1 s4", "unlucky")
    assert error.rule == "AB-4" and "14" in str(error)
    assert board_with("unlucky", *["red h1 s1"] * 12).total == 0
    ones = board_with("unlucky", *["red h1 s1"] * 11, "red h1 s2")
    assert ones.total == 144


def test_ab4_fortepiano_seed_examples() -> None:
    """Seeds: heights 1 & 5 = 8 points, 2 & 3 = 2 points."""
    assert board_with("fortepiano", "red h1 s1", "red h5 s1").total == 8
    assert board_with("fortepiano", "red h2 s1", "red h3 s1").total == 2
    board = board_with("fortepiano", "red h1 s1", "red h5 s1", "red h4 s1")
    assert board.total == 8  # a third card waits for its partner
    error = refused(board, "gold h4 s2", "fortepiano")
    assert error.rule == "AB-4" and "height 4" in str(error)
    board.place(card("gold h3 s2"), "fortepiano")
    assert board.total == 10
    full = board_with("fortepiano", *["red h1 s1", "red h5 s1"] * 6)
    assert full.total == 48


def test_ab4_sweet_couple_pairs_of_equal_sweetness() -> None:
    board = board_with("sweet_couple", "red h1 s3", "gold h4 s3", "green h2 s5")
    assert board.total == 7
    error = refused(board, "red h1 s4", "sweet_couple")
    assert error.rule == "AB-4" and "5" in str(error)
    assert board_with("sweet_couple", *["red h1 s2"] * 12).total == 42


def test_ab4_steady_seed_examples_and_odd_primes() -> None:
    """Seeds: steady 3-3, 3-2, 3-4 are allowed."""
    for second in ("red h3 s1", "red h2 s1", "red h4 s1"):
        assert board_with("steady", "gold h3 s1", second).total == 5
    error = refused(board_with("steady", "red h3 s1"), "red h5 s1", "steady")
    assert (
        str(error)
        == "Steady height batch (AB-4): a height-5 apple is not within 1 of the last height, 3."
    )
    heights = [3, 4, 5, 4, 3, 2, 1, 2, 3, 3, 4, 5]
    board = Board()
    for n, h in enumerate(heights, start=1):
        board.place(Card("red", h, 1), "steady")
        assert board.total == ab.ODD_PRIMES[n - 1]
    assert ab.ODD_PRIMES == (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def test_ab4_bad_takes_anything_minus_one_each() -> None:
    board = board_with("bad", "red h1 s1", "gold h5 s5", "green h3 s2")
    assert board.total == -3 and board.score().parts["bad"] == -3


def test_ab4_empty_board_scores_zero_with_every_part() -> None:
    score = Board().score()
    assert list(score.parts) == list(BATCHES) and score.total == 0
    assert all(note == "empty" for note in score.notes.values())


# -- AB-5 apples of a feather -------------------------------------------------------------
def test_ab5_seed_example_locks_to_sweetness() -> None:
    """Seeds: first s3/h2, then s3/h4 locks to sweetness 3; every further card needs s3."""
    board = board_with("feather", "red h2 s3", "gold h4 s3")
    assert ab.feather_live(board.batches["feather"]) == (3, 0)
    error = refused(board, "red h2 s1", "feather")  # height 2 is no longer live
    assert error.rule == "AB-5" and "sweetness 3" in str(error)
    board.place(card("green h1 s3"), "feather")
    board.place(card("green h5 s3"), "feather")
    assert board.total == 12
    note = board.score().explain().splitlines()[1]
    assert note == "feather: 4 apples locked to sweetness 3, pronic number 4·3 → 12 points"


def test_ab5_matching_both_keeps_both_live_until_one() -> None:
    board = board_with("feather", "red h2 s3", "gold h2 s3")
    assert ab.feather_live(board.batches["feather"]) == (3, 2)
    board.place(card("green h2 s5"), "feather")  # matches height only: locks to height 2
    assert ab.feather_live(board.batches["feather"]) == (0, 2)
    assert refused(board, "green h1 s3", "feather").rule == "AB-5"
    assert board.total == 6


def test_ab5_second_card_must_match_one_attribute() -> None:
    error = refused(board_with("feather", "red h2 s3"), "red h1 s1", "feather")
    assert "sweetness 3 or height 2" in str(error)


# -- AB-6 special colour tree -------------------------------------------------------------
def test_ab6_special_scores_20_until_its_colour_appears_outside_bad() -> None:
    board = board_with("special", "gold h1 s1")
    board.place(card("gold h2 s2"), "bad")  # bad does not count
    assert board.total == 20 - 1
    assert refused(board, "red h1 s1", "special").rule == "AB-6"  # only one tree
    board.place(card("gold h3 s3"), "monochrome")  # allowed, but the bonus is lost
    score = board.score()
    assert score.parts["special"] == 0 and board.total == score.total == 0
    assert "bonus is lost" in score.notes["special"]


def test_ab6_special_refused_when_its_colour_is_already_outside_bad() -> None:
    board = board_with("steady", "green h1 s1")
    board.place(card("red h1 s1"), "bad")
    error = refused(board, "green h5 s5", "special")
    assert error.rule == "AB-6" and "green" in str(error)
    board.place(card("red h5 s5"), "special")  # red lies only in bad
    assert board.score().parts["special"] == 20


def test_ab6_switch_special_broken_points() -> None:
    rules = Rules(special_broken_points=-20)
    board = board_with("special", "red h1 s1", rules=rules)
    board.place(card("red h1 s2"), "feather")
    assert board.total == board.score().total == -20
    board.undo()
    assert board.total == 20


# -- AB-7 winning -------------------------------------------------------------------------
def finished_game(players: int, seed: int) -> Game:
    game = Game.new(players=players, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def test_ab7_most_points_wins_then_more_batches_then_shared() -> None:
    game = finished_game(3, 0)
    boards = game._boards
    boards[0], boards[1], boards[2] = Board(), Board(), Board()
    boards[0].place(card("red h1 s1"), "monochrome")
    boards[1].place(card("red h1 s2"), "monochrome")
    assert game.winners() == [0, 1]
    assert "share the win: 1 point and cards in 1 batch each (AB-7)" in game.winner_reason()
    boards[1].place(card("red h1 s3"), "bad")
    boards[1].place(card("red h1 s4"), "steady")  # 1 - 1 + 3 = 3 points, 3 batches
    boards[0].place(card("red h1 s5"), "fortepiano")
    boards[0].place(card("red h2 s5"), "fortepiano")  # 1 + 2 = 3 points, 2 batches
    assert game.scores() == [3, 3, 0] and game.winners() == [1]
    assert game.winner_reason() == (
        "Players 0 and 1 tie on 3 points; player 1 wins the tie-break (AB-7) "
        "with cards in 3 batches against 2."
    )
    boards[2].place(card("red h1 s1"), "special")
    assert game.winners() == [2] and game.winner_reason() == (
        "Player 2 wins with 20 points (next best: 3 points)."
    )


def test_ab7_solo_and_unfinished_reasons() -> None:
    solo = finished_game(1, 3)
    assert solo.winners() == [0]
    assert solo.winner_reason() == f"Solo game: {solo.scores()[0]} points."
    assert Game.new(players=2).winner_reason() == (
        "Players 0 and 1 share the lead: 0 points and cards in 0 batches each (AB-7)."
    )


def test_ab7_declared_score_bounds_are_reached_and_never_passed() -> None:
    """AB-4/AB-6/AB-7: FACTS bounds one player's final score, under any switches."""
    lowest = board_with("special", "red h1 s1", rules=Rules(special_broken_points=-20))
    lowest.place(card("red h1 s2"), "fortepiano")  # breaks the tree, scores 0 itself
    for _ in range(10):
        lowest.place(card("gold h1 s1"), "bad")
    assert lowest.total == lowest.score().total == ab.FACTS.min_score == -30
    highest = board_with("unlucky", *["red h1 s1"] * 11, "red h1 s2")
    assert highest.total == ab.FACTS.max_score == 144
    for rules in (Rules(), Rules(special_broken_points=-20, unlucky_may_bust=True)):
        for policy in ("random", "greedy"):
            table = ab.simulate(games=300, players=3, policy=policy, seed=7, rules=rules)
            assert ab.FACTS.min_score <= table.min() and table.max() <= ab.FACTS.max_score


def test_declared_switch_values_match_the_switches() -> None:
    """AB-2/AB-4: the constants ENDS and STEADY_REFERENCES are the switches' options."""
    options = {s.name: tuple(v for _, v in s.options) for s in switches(Rules)}
    assert options["end"] == ab.ENDS and options["steady_reference"] == ab.STEADY_REFERENCES
    assert {s.name: s.rule for s in switches(Rules)}["end"] == "AB-2"
    assert all(s.label and s.help for s in switches(Rules))


def test_best_batch_points_take_the_rule_constants() -> None:
    """AB-4/AB-6: best points come from the named constants, not typed numbers."""
    step = ab.FORTEPIANO_POINTS_PER_STEP * (max(ab.VALUES) - min(ab.VALUES))
    assert ab.best_batch_points("fortepiano", 12) == 6 * step == 48
    assert ab.best_batch_points("sweet_couple", 12) == 6 * ab.SWEET_COUPLE_POINTS == 42
    assert ab.best_batch_points("special", 1) == ab.SPECIAL_BONUS
    assert ab.best_batch_points("bad", 3, Rules(easy=True)) == 0
    with pytest.raises(TypeError, match="n"):
        ab.best_batch_points("bad", "3")
    with pytest.raises(ValueError, match="batch"):
        ab.best_batch_points("compost", 3)
    with pytest.raises(TypeError, match="rules"):
        ab.best_batch_points("bad", 3, "easy")


def test_board_snapshot_shows_each_batch_in_order() -> None:
    board = board_with("steady", "red h1 s1", "gold h2 s3")
    board.place(card("green h4 s2"), "bad")
    shot = board.snapshot()
    batches = dict(shot["batches"])
    assert list(batches) == list(ab.BATCHES)
    assert batches["steady"] == (card("red h1 s1"), card("gold h2 s3"))
    assert batches["bad"] == (card("green h4 s2"),) and batches["feather"] == ()
    assert shot["total"] == board.total and dict(shot["parts"]) == board.score().parts


# -- switches -----------------------------------------------------------------------------
def test_switch_easy_makes_bad_free() -> None:
    board = board_with("bad", "red h1 s1", "red h1 s2", rules=Rules(easy=True))
    assert board.total == board.score().total == 0
    assert board.score().notes["bad"] == "2 apples, free in easy mode"


def test_switch_unlucky_may_bust() -> None:
    rules = Rules(unlucky_may_bust=True)
    board = board_with("unlucky", "red h1 s5", "red h1 s5", "red h1 s3", rules=rules)
    assert board.total == 9
    board.place(card("red h1 s4"), "unlucky")  # 17: allowed now, scores 0
    assert board.total == board.score().total == 0
    assert "passed 13" in board.score().notes["unlucky"]


def test_switch_steady_reference_any() -> None:
    rules = Rules(steady_reference="any")
    board = board_with("steady", "red h1 s1", "red h2 s1", "red h3 s1", rules=rules)
    board.place(card("red h1 s1"), "steady")  # within 1 of an earlier height
    assert refused(board, "red h5 s1", "steady").rule == "AB-4"
    assert not board_with("steady", "red h1 s1", "red h2 s1", "red h3 s1").can_place(
        card("red h1 s1"), "steady"
    )
    error = refused(board_with("steady", "red h1 s1", rules=rules), "red h4 s1", "steady")
    assert "any earlier height (1)" in str(error)
    error = refused(board, "red h5 s1", "steady")
    assert "any earlier height (1, 2, 3)" in str(error)


def test_switches_are_validated() -> None:
    with pytest.raises(TypeError, match="easy"):
        Rules(easy=1)
    with pytest.raises(TypeError, match="unlucky_may_bust"):
        Rules(unlucky_may_bust="yes")
    with pytest.raises(ValueError, match="steady_reference"):
        Rules(steady_reference="first")
    with pytest.raises(ValueError, match="special_broken_points"):
        Rules(special_broken_points=-21)
    with pytest.raises(TypeError, match="special_broken_points"):
        Rules(special_broken_points=1.5)
    with pytest.raises(ValueError, match="unknown"):
        rules_from_dict(Rules, {"hard": True})
    with pytest.raises(ValueError, match="end"):
        Rules(end="six_rounds")
    with pytest.raises(ValueError, match="end"):
        rules_from_dict(Rules, {"end": "never"})


def test_switches_change_simulated_games() -> None:
    plain = ab.simulate(games=30, players=2, policy="greedy", seed=1)
    easy = ab.simulate(games=30, players=2, policy="greedy", seed=1, rules=Rules(easy=True))
    assert easy.sum() > plain.sum()


# -- scores, notes, incremental totals ----------------------------------------------------
def test_every_note_names_its_part_and_total_equals_parts() -> None:
    game = finished_game(4, 8)
    for board in game.boards:
        score = board.score()
        lines = score.explain().splitlines()
        assert [line.split(":")[0] for line in lines] == list(BATCHES)
        assert board.total == score.total == sum(score.parts.values())


def test_gain_matches_place_for_every_legal_move() -> None:
    rng = np.random.default_rng(0)
    for players in (1, 4):
        game = Game.new(players=players, seed=int(rng.integers(1000)))
        while not game.is_over:
            for move in game.legal_moves():
                trial = game.copy()
                trial.play(move)
                assert game.score_after(move) == trial.scores()[game.current_player]
            moves = game.legal_moves()
            game.play(moves[int(rng.integers(len(moves)))])


def test_undo_reverses_place_exactly() -> None:
    board = board_with("special", "gold h1 s1")
    board.place(card("gold h2 s3"), "unlucky")
    before = board.copy()
    board.place(card("gold h2 s5"), "unlucky")
    assert board.undo() == card("gold h2 s5")
    assert board == before and board.total == before.total == board.score().total
    with pytest.raises(ValueError, match="no card"):
        Board().undo()


def test_ab6_undo_takes_back_the_last_card_whatever_its_batch() -> None:
    """AB-6: the special tree broken by a later apple; taking back must follow placing order.

    ``pop("special")`` out of order used to leave ``total`` at -19 while ``score()`` said 1.
    """
    board = board_with("special", "red h1 s1")
    board.place(card("red h2 s2"), "monochrome")  # breaks the tree: 0 + 1
    assert board.total == board.score().total == 1
    assert not hasattr(board, "pop")  # undo is the only take-back
    assert board.undo() == card("red h2 s2")
    assert board.total == board.score().total == 20
    assert board.undo() == card("red h1 s1")
    assert board.total == 0 and board == Board() and board.card_count == 0


PLACEMENTS = st.lists(
    st.tuples(st.sampled_from(ab.default_deck()), st.sampled_from(BATCHES)), max_size=40
)
# AB-4 as data (issue 27): a sequence batch scores by the tables offered, or any 12 values
TABLES = st.one_of(
    st.sampled_from([table for _, table in ab.POINT_TABLES]),
    st.tuples(*[st.integers(0, ab.MAX_TABLE_POINTS)] * ab.BATCH_CAPACITY),
)
SWITCHES = st.builds(
    Rules,
    easy=st.booleans(),
    unlucky_may_bust=st.booleans(),
    steady_reference=st.sampled_from(ab.STEADY_REFERENCES),
    special_broken_points=st.integers(-20, 20),
    end=st.sampled_from(ab.ENDS),
    **dict.fromkeys(ab.SEQUENCE_BATCHES.values(), TABLES),
)


@settings(max_examples=150, deadline=None)
@given(rules=SWITCHES, placements=PLACEMENTS)
def test_ab3_gain_is_the_change_of_score_and_undo_walks_back_exactly(rules, placements) -> None:
    """AB-3..AB-6: ``gain`` raises exactly what ``place`` raises, else it is the change of
    ``score().total``; ``undo`` restores every earlier board, in any batch order."""
    board, history = Board(rules), []
    for c, batch in placements:
        refusal = board.refusal(c, batch)
        if refusal is not None:
            with pytest.raises(IllegalMove) as gained:
                board.gain(c, batch)
            with pytest.raises(IllegalMove) as placed:
                board.place(c, batch)
            assert str(gained.value) == str(placed.value) == str(refusal)
            assert gained.value.rule == placed.value.rule == refusal.rule
            continue
        before = board.score().total
        gain = board.gain(c, batch)
        assert gain == board.gain_unchecked(c, batch)
        history.append((board.copy(), board.total))
        board.place(c, batch)
        assert board.score().total - before == gain and board.total == board.score().total
    while history:
        earlier, total = history.pop()
        board.undo()
        assert board == earlier and board.total == total == board.score().total
        assert board.cards() == earlier.cards()


@settings(max_examples=15, deadline=None)
@given(rules=SWITCHES, players=st.integers(1, 6), seed=st.integers(0, 2**32 - 1))
def test_ab2_undo_save_and_copy_are_exact_under_any_switches(rules, players, seed) -> None:
    """AB-2..AB-6 with random switches (both values of end): after every move, undo restores
    ``to_json`` exactly, a loaded save and a copy play on identically."""
    game = Game.new(players=players, seed=seed, rules=rules)
    rng = np.random.default_rng(seed)
    while not game.is_over:
        before = game.to_json()
        moves = game.legal_moves()
        move = moves[int(rng.integers(len(moves)))]
        twin, loaded = game.copy(), Game.from_json(before)
        game.play(move)
        after = game.to_json()
        game.undo()
        assert game.to_json() == before
        game.play(move)
        for other in (twin, loaded):
            other.play(move)
            assert other.to_json() == after and other.scores() == game.scores()
    assert len(game.history) == ab.cards_per_player(players, rules) * players


def test_board_refuses_wrong_types_with_type_error() -> None:
    """AB-1/AB-3: a board takes Cards; a wrong type is a TypeError naming the argument."""
    board = Board()
    for method in (board.place, board.gain, board.can_place, board.refusal):
        with pytest.raises(TypeError, match="card"):
            method("red h1 s1", "bad")
    with pytest.raises(TypeError, match="rules"):
        Board(rules="standard")
    with pytest.raises(TypeError, match="card"):
        Move("red h1 s1", "bad")
    with pytest.raises(TypeError, match="batch"):
        Move(card("red h1 s1"), 3)
    assert board.cards() == () and isinstance(board.cards(), tuple)


# -- game: undo, copies, determinized, saves ----------------------------------------------
def test_undo_restores_scores_and_market_across_rounds() -> None:
    game = Game.new(players=2, seed=6)
    with pytest.raises(ValueError, match="undo"):
        game.undo()
    snapshots = []
    while not game.is_over:
        snapshots.append((game.to_json(), game.scores(), game.market))
        game.play(game.legal_moves()[-2])
    while snapshots:
        game.undo()
        assert (game.to_json(), game.scores(), game.market) == snapshots.pop()


def test_determinized_reshuffles_only_the_hidden_pile() -> None:
    game = Game.new(players=2, seed=3)
    game.play(game.legal_moves()[0])
    world = game.determinized(np.random.default_rng(1))
    assert world.market == game.market and world.boards[0] == game.boards[0]
    assert Counter(world.pile) == Counter(game.pile) and world.pile != game.pile
    assert game.to_json() != world.to_json()


def test_copy_is_independent() -> None:
    game = Game.new(players=2, seed=3)
    other = game.copy()
    other.play(other.legal_moves()[0])
    assert game.history == () and len(other.history) == 1


def test_ab2_history_holds_player_and_move_pairs() -> None:
    """AB-2: ``history`` is an immutable sequence of (player, move), oldest first."""
    game = Game.new(players=3, seed=4, first_player=2)
    played = []
    for _ in range(7):
        move = game.legal_moves()[0]
        played.append((game.current_player, move))
        game.play(move)
    assert game.history == tuple(played) and isinstance(game.history, tuple)
    assert [player for player, _ in game.history] == [2, 0, 1, 2, 0, 1, 0]
    game.undo()
    assert game.history == tuple(played[:-1])


def test_save_is_plain_json_and_from_json_explains_what_is_wrong() -> None:
    game = Game.new(players=2, seed=2)
    for _ in range(8):
        game.play(game.legal_moves()[3])
    data = json.loads(game.to_json())
    assert data["game"] == "apple_batches" and data["format"] == ab.SAVE_FORMAT == 2
    assert data["rules"]["end"] == "twelve_cards"

    def broken(**changes) -> str:
        return json.dumps({**data, **changes})

    moves = data["moves"]
    cases = {
        "order must hold each of the 75": broken(order=[*data["order"][:-1], "red h1 s1"]),
        "not a card": broken(order=["blue h1 s1", *data["order"][1:]]),
        "turn": broken(moves=[{**moves[0], "player": 1}, *moves[1:]]),
        "not in the market": broken(moves=[{**moves[0], "card": data["order"][40]}]),
        "no batch called": broken(moves=[{**moves[0], "batch": "pie"}]),
        "steady_reference": broken(rules={**data["rules"], "steady_reference": 3}),
        "players": broken(players=9),
        "exactly the fields": json.dumps({k: v for k, v in data.items() if k != "moves"}),
        "unknown save format": broken(format=1),
        "end": broken(rules={**data["rules"], "end": "forever"}),
        "at most 24 moves": broken(moves=moves * 4),
        "at most 750 cards": broken(order=data["order"] * 11),
    }
    for message, text in cases.items():
        with pytest.raises(ValueError, match=message):
            Game.from_json(text)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_save_rejects_a_move_that_breaks_a_batch_rule() -> None:
    board_rules = Game.new(
        players=1, seed=0, deck=[card("red h3 s1")] + [card("red h5 s1")] * 11, shuffle=False
    )
    board_rules.play(Move(card("red h3 s1"), "steady"))
    data = json.loads(board_rules.to_json())
    data["moves"].append({"player": 0, "card": "red h5 s1", "batch": "steady"})
    with pytest.raises(ValueError, match=r"move 2 is not allowed: Steady height batch \(AB-4\)"):
        Game.from_json(json.dumps(data))


# -- policies and simulation --------------------------------------------------------------
def test_simulate_policies_and_callables() -> None:
    greedy = ab.simulate(games=40, players=1, policy="greedy", seed=0)
    random = ab.simulate(games=40, players=1, policy="random", seed=0)
    assert greedy.mean() > random.mean()
    last = ab.simulate(games=3, players=2, policy=lambda g: g.legal_moves()[-1], seed=0)
    assert last.shape == (3, 2) and (last < 0).all()  # always the bad batch
    look = ab.simulate(games=1, players=1, policy="lookahead", seed=0, rollouts=1)
    assert look.shape == (1, 1)
    with pytest.raises(ValueError, match="policy"):
        ab.simulate(games=1, policy="clever")


@pytest.mark.parametrize("policy", ["random", "greedy", "lookahead", lambda g: g.legal_moves()[0]])
def test_simulate_zero_games_gives_an_empty_table(policy) -> None:
    """AB-2: ``simulate(games=0)`` is an empty (0, players) table (it failed inside numpy)."""
    table = ab.simulate(games=0, players=4, policy=policy)
    assert table.shape == (0, 4) and table.dtype == np.int64


@pytest.mark.parametrize(
    ("arguments", "error", "name"),
    [
        ({"games": 10**9, "policy": "nope"}, ValueError, "games"),
        ({"games": ab.MAX_GAMES + 1}, ValueError, "games"),
        ({"games": -1}, ValueError, "games"),
        ({"games": 2.5}, TypeError, "games"),
        ({"players": 10**7}, ValueError, "players"),
        ({"players": 0}, ValueError, "players"),
        ({"players": "1"}, TypeError, "players"),
        ({"policy": "nope"}, ValueError, "policy"),
        ({"policy": 3}, TypeError, "policy"),
        ({"rules": "x"}, TypeError, "rules"),
        ({"rules": {"easy": True}}, TypeError, "rules"),
        ({"rollouts": 0}, ValueError, "rollouts"),
        ({"rollouts": ab.MAX_ROLLOUTS + 1}, ValueError, "rollouts"),
        ({"seed": "s"}, TypeError, "seed"),
    ],
)
def test_simulate_checks_every_limit_before_any_work(
    arguments: dict, error: type, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AB-2: simulate's limits (players within FACTS, games up to MAX_GAMES, the policy name,
    the rules' type) are checked before a deck is dealt or a game is made."""

    def no_work(*_: object, **__: object) -> None:
        raise AssertionError("work started before the arguments were checked")

    monkeypatch.setattr(ab.policies.fast, "deal_orders", no_work)
    monkeypatch.setattr(ab.policies.policies, "run_games", no_work)
    with pytest.raises(error, match=name):
        ab.simulate(**{"games": 10, **arguments})


def test_simulate_four_rounds_deals_four_markets_on_every_path() -> None:
    """AB-2 switch end: simulate's fast, lookahead and callable paths all stop after 4 rounds."""
    rules = Rules(end="four_rounds")
    last = ab.simulate(games=2, players=3, policy=lambda g: g.legal_moves()[-1], rules=rules)
    assert (last == -8).all()  # 8 apples each, all in the bad batch
    longer = ab.simulate(games=2, players=3, policy=lambda g: g.legal_moves()[-1])
    assert (longer == -12).all()
    look = ab.simulate(games=1, players=3, policy="lookahead", rollouts=1, rules=rules, seed=2)
    assert look.shape == (1, 3)


# -- counting 13 --------------------------------------------------------------------------
def test_counting_13_exactly() -> None:
    assert ab.partitions_of_13(parts=3) == [(5, 5, 3), (5, 4, 4)]
    assert ab.ways_to_make_13(3) == 2 * 15 * comb(15, 2)  # 5+5+3 and 5+4+4
    assert len(ab.partitions_of_13()) == 57
    for k in range(15):  # each partition: choose its cards among the 15 of each sweetness
        by_partition = sum(
            prod(comb(15, times) for times in Counter(p).values())
            for p in ab.partitions_of_13(parts=k)
        )
        assert ab.ways_to_make_13(k) == by_partition
    assert ab.probability_of_13(3) == Fraction(3150, comb(75, 3))
    tiny = [card("red h1 s5"), card("red h1 s4"), card("red h1 s4")]
    assert ab.ways_to_make_13(3, deck=tiny) == 1 and ab.probability_of_13(3, tiny) == 1


def test_ab4_counting_13_bounds_its_work_and_names_bad_arguments() -> None:
    """AB-4: more than 13 apples never make 13 (answered at once); wrong types are TypeError."""
    assert ab.ways_to_make_13(10**9) == 0 and ab.probability_of_13(14) == 0
    with pytest.raises(TypeError, match="k"):
        ab.ways_to_make_13("3")
    with pytest.raises(TypeError, match="parts"):
        ab.partitions_of_13(parts=2.0)
    with pytest.raises(TypeError, match="deck"):
        ab.ways_to_make_13(3, deck=["red h1 s5"])
    with pytest.raises(ValueError, match="at most 750"):
        ab.ways_to_make_13(3, deck=ab.default_deck() * 11)
    with pytest.raises(ValueError, match="k"):
        ab.probability_of_13(76)


def test_probability_of_13_matches_seeded_simulation() -> None:
    rng = np.random.default_rng(13)
    sweetness = np.array([c.sweetness for c in ab.default_deck()])
    for k in (3, 4, 5):
        draws = rng.random((20_000, 75)).argsort(axis=1)[:, :k]
        observed = (sweetness[draws].sum(axis=1) == 13).mean()
        p = float(ab.probability_of_13(k))
        assert abs(observed - p) < 4 * np.sqrt(p * (1 - p) / 20_000)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_from_json_fuzz_on_a_three_player_save_raises_only_value_error(data) -> None:
    """Corrupt one field of a mid-game 3-player save: it loads consistently or says why."""
    game = Game.new(players=3, seed=data.draw(st.integers(0, 50)))
    for _ in range(data.draw(st.integers(0, 20))):
        game.play(game.legal_moves()[0])
    mutated = json.dumps(ad_mutate(json.loads(game.to_json()), data))
    try:
        loaded = Game.from_json(mutated)
    except ValueError:
        return
    assert Game.from_json(loaded.to_json()).to_json() == loaded.to_json()


# --- built cases for branches random play does not check (issue 28) -------------------------
def test_boards_are_equal_only_when_rules_and_batches_both_are() -> None:
    """Equality needs the same rules AND the same batches (placement order across batches
    aside); either alone is not enough."""
    one = board_with("steady", "red h3 s1")
    assert one == board_with("steady", "red h3 s1")
    assert one != board_with("steady", "red h4 s1")  # same rules, other batches
    assert one != board_with("steady", "red h3 s1", rules=Rules(easy=True))  # other rules
    assert Board() != Board(Rules(easy=True)) and Board() == Board(Rules())
    crossed = Board()
    crossed.place(card("gold h1 s1"), "bad")
    crossed.place(card("red h3 s1"), "steady")
    other_order = Board()
    other_order.place(card("red h3 s1"), "steady")
    other_order.place(card("gold h1 s1"), "bad")
    assert crossed == other_order
    assert (Board() == "a board") is False
    assert Board() == mock.ANY  # not ours to judge: the other side is asked (NotImplemented)


def test_ab6_colour_outside_counts_up_and_back_down() -> None:
    """AB-6: colour_outside counts a colour's apples outside the bad batch and the tree."""
    board = Board()
    placed = [
        ("red h1 s1", "special"),
        ("red h2 s2", "steady"),
        ("red h3 s2", "steady"),
        ("gold h5 s5", "monochrome"),
        ("red h4 s4", "bad"),
        ("green h1 s2", "feather"),
    ]
    for text, batch in placed:
        board.place(card(text), batch)
        outside = Counter(
            card(t).colour for t, b in placed[: board.card_count] if b not in ("special", "bad")
        )
        assert {c: board.colour_outside(c) for c in ab.COLOURS} == {
            c: outside[c] for c in ab.COLOURS
        }
    assert [board.colour_outside(c) for c in ("red", "green", "gold")] == [2, 1, 1]
    while board.card_count:
        board.undo()
    assert [board.colour_outside(c) for c in ab.COLOURS] == [0, 0, 0]


@pytest.mark.parametrize("n", range(13))
def test_ab4_batch_points_are_whole_numbers(n: int) -> None:
    """AB-4: every batch's points are ints (3 points, never 3.0), and so is the total."""
    board = Board()
    for _ in range(n):
        board.place(card("red h3 s1"), "monochrome")
    points, _ = ab.score_batch("monochrome", tuple(board.batches["monochrome"]), Rules(), {})
    assert type(points) is int and points == n * (n + 1) // 2
    parts = board.score().parts
    assert all(type(value) is int for value in parts.values())
    assert type(board.total) is int and type(board.score().total) is int


#: the best points of a batch of n cards, from the table of AB-4 and AB-6, n = 0 .. 12
BEST = {
    "monochrome": [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78],
    "feather": [0, 0, 2, 6, 12, 20, 30, 42, 56, 72, 90, 110, 132],
    "special": [0, 20] + [None] * 11,
    "unlucky": [0, 0, 0, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144],
    "fortepiano": [0, 0, 8, 8, 16, 16, 24, 24, 32, 32, 40, 40, 48],
    "sweet_couple": [0, 0, 7, 7, 14, 14, 21, 21, 28, 28, 35, 35, 42],
    "steady": [0, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41],
    "bad": [0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12],
}


@pytest.mark.parametrize("batch", BATCHES)
def test_ab4_best_batch_points_from_the_rules_table(batch: str) -> None:
    """AB-4/AB-6: the best points of 0 to 12 cards, an empty batch scoring 0."""
    got = [ab.best_batch_points(batch, n) for n in range(13)]
    assert got == BEST[batch]
    assert all(type(points) is int for points in got if points is not None)
    easy = [ab.best_batch_points(batch, n, Rules(easy=True)) for n in range(13)]
    assert easy == ([0] * 13 if batch == "bad" else BEST[batch])
    for n in (-1, 13):  # a batch holds 0 to 12 apples (AB-3)
        with pytest.raises(ValueError, match="n"):
            ab.best_batch_points(batch, n)


@pytest.mark.parametrize("batch", [["bad"], 3, None, ("bad",)])
def test_ab3_a_batch_name_that_is_not_a_string_is_refused_as_no_such_batch(batch) -> None:
    """AB-3: a batch name of the wrong type is a refusal naming the rule, like a misspelt one
    (a TypeError would escape the rule checks)."""
    board = Board()
    refusal = board.refusal(card("red h1 s1"), batch)
    assert isinstance(refusal, IllegalMove) and refusal.rule == "AB-3"
    assert "there is no batch called" in str(refusal)
    with pytest.raises(IllegalMove, match="AB-3"):
        board.place(card("red h1 s1"), batch)
    assert not board.can_place(card("red h1 s1"), batch)
    assert board.card_count == 0 and board.total == 0


def test_board_prints_every_batch_in_order_and_its_repr_counts() -> None:
    board = Board()
    board.place(card("red h1 s5"), "fortepiano")
    board.place(card("gold h5 s2"), "fortepiano")
    board.place(card("green h2 s2"), "bad")
    assert str(board) == (
        "monochrome: -\n"
        "feather: -\n"
        "special: -\n"
        "unlucky: -\n"
        "fortepiano: red h1 s5, gold h5 s2\n"
        "sweet_couple: -\n"
        "steady: -\n"
        "bad: green h2 s2"
    )
    assert repr(board) == "<apple batches board: 3 cards, 7 points>"


#: built boards whose notes take every branch of AB-4..AB-6, and the score they explain
NOTED_BOARDS = [
    (
        {},
        [
            ("red h1 s1", "special"), ("red h2 s5", "monochrome"), ("red h3 s5", "monochrome"),
            ("green h2 s3", "feather"), ("gold h4 s3", "feather"), ("gold h1 s5", "unlucky"),
            ("gold h1 s5", "unlucky"), ("green h1 s3", "unlucky"), ("gold h1 s2", "fortepiano"),
            ("gold h5 s2", "fortepiano"), ("green h3 s1", "fortepiano"),
            ("gold h2 s4", "sweet_couple"), ("green h2 s4", "sweet_couple"),
            ("red h4 s2", "sweet_couple"), ("green h3 s1", "steady"), ("gold h4 s1", "steady"),
            ("green h5 s5", "bad"),
        ],
        """\
monochrome: 2 red apples, triangular number T(2) = 2·3/2 → 3 points
feather: 2 apples locked to sweetness 3, pronic number 2·1 → 2 points
special: a red tree, but 3 other red apples grow outside the bad batch: \
the bonus is lost → 0 points
unlucky: sweetness 5+5+3 = 13 exactly with 3 apples, square number 3² → 9 points
fortepiano: heights 1&5: 2·4; height 3 waits for a partner → 8 points
sweet_couple: 1 pair of equal sweetness (4&4), 7 each; sweetness 2 waits for a partner → 7 points
steady: 2 apples, the 2nd odd prime → 5 points
bad: 1 apple, -1 each → -1 point""",
    ),
    (
        {"easy": True, "special_broken_points": -5},
        [
            ("gold h1 s1", "special"), ("gold h2 s5", "monochrome"), ("red h3 s5", "feather"),
            ("gold h5 s5", "unlucky"), ("gold h5 s5", "unlucky"), ("green h3 s1", "fortepiano"),
            ("gold h3 s4", "sweet_couple"), ("green h3 s1", "steady"), ("green h5 s5", "bad"),
        ],
        """\
monochrome: 1 gold apple, triangular number T(1) = 1·2/2 → 1 point
feather: 1 apple (sweetness 5, height 3), pronic number 1·0 → 0 points
special: a gold tree, but 4 other gold apples grow outside the bad batch: \
the bonus is lost → -5 points
unlucky: sweetness 5+5 = 10, not 13: no points → 0 points
fortepiano: height 3 waits for a partner → 0 points
sweet_couple: sweetness 4 waits for a partner → 0 points
steady: 1 apple, the 1st odd prime → 3 points
bad: 1 apple, free in easy mode → 0 points""",
    ),
    (
        {"unlucky_may_bust": True},
        [
            ("gold h1 s1", "special"), ("gold h2 s5", "monochrome"), ("gold h4 s5", "steady"),
            ("red h5 s5", "unlucky"), ("red h5 s5", "unlucky"), ("red h5 s5", "unlucky"),
            ("red h3 s3", "feather"), ("red h3 s3", "feather"), ("red h1 s1", "bad"),
            ("green h2 s2", "bad"),
        ],
        """\
monochrome: 1 gold apple, triangular number T(1) = 1·2/2 → 1 point
feather: 2 apples matching sweetness 3 and height 3, pronic number 2·1 → 2 points
special: a gold tree, but 2 other gold apples grow outside the bad batch: \
the bonus is lost → 0 points
unlucky: sweetness 5+5+5 = 15, passed 13: no points → 0 points
fortepiano: empty → 0 points
sweet_couple: empty → 0 points
steady: 1 apple, the 1st odd prime → 3 points
bad: 2 apples, -1 each → -2 points""",
    ),
    (
        {},
        [
            ("red h1 s1", "special"), ("green h2 s3", "feather"), ("gold h2 s4", "feather"),
            ("gold h2 s1", "feather"), ("gold h1 s2", "fortepiano"), ("gold h5 s2", "fortepiano"),
            ("green h2 s1", "fortepiano"), ("green h3 s1", "fortepiano"),
            ("gold h2 s4", "sweet_couple"), ("green h2 s4", "sweet_couple"),
            ("gold h2 s1", "sweet_couple"), ("green h3 s1", "sweet_couple"), ("red h5 s5", "bad"),
            *[("green h3 s1", "steady")] * 12,
        ],
        """\
monochrome: empty → 0 points
feather: 3 apples locked to height 2, pronic number 3·2 → 6 points
special: a red tree and no other red apple outside the bad batch → 20 points
unlucky: empty → 0 points
fortepiano: heights 1&5, 2&3: 2·4 + 2·1 → 10 points
sweet_couple: 2 pairs of equal sweetness (4&4, 1&1), 7 each → 14 points
steady: 12 apples, the 12th odd prime → 41 points
bad: 1 apple, -1 each → -1 point""",
    ),
    (
        {},
        [("gold h1 s1", "special"), ("gold h2 s1", "monochrome")],
        """\
monochrome: 1 gold apple, triangular number T(1) = 1·2/2 → 1 point
feather: empty → 0 points
special: a gold tree, but 1 other gold apple grows outside the bad batch: \
the bonus is lost → 0 points
unlucky: empty → 0 points
fortepiano: empty → 0 points
sweet_couple: empty → 0 points
steady: empty → 0 points
bad: empty → 0 points""",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "placed", "explained"), NOTED_BOARDS)
def test_ab4_ab6_every_batch_note_says_how_its_points_come(rules, placed, explained) -> None:
    """AB-4..AB-6: the note of each batch, the words a pupil reads beside the points."""
    board = Board(Rules(**rules))
    for text, batch in placed:
        board.place(card(text), batch)
    assert board.score().explain() == explained
    assert board.total == board.score().total


def test_ordinals_of_the_steady_batch_notes() -> None:
    """The steady height batch's notes, whole sentences for 1 to 12 apples (no ordinal
    glued to a number: each language writes its own)."""
    ordinals = (
        "1st",
        "2nd",
        "3rd",
        "4th",
        "5th",
        "6th",
        "7th",
        "8th",
        "9th",
        "10th",
        "11th",
        "12th",
    )
    for n, nth in enumerate(ordinals, start=1):
        points, note = ab.score_batch("steady", (card("red h3 s1"),) * n, Rules(), {})
        apples = "1 apple" if n == 1 else f"{n} apples"
        assert (
            note == f"{apples}, the {nth} odd prime" and points == Rules().points_table("steady")[n]
        )


@pytest.mark.parametrize(
    ("placed", "needs"),
    [
        (["red h2 s3"], "sweetness 3 or height 2"),
        (["red h2 s3", "gold h4 s3"], "sweetness 3"),
        (["red h2 s3", "gold h2 s4"], "height 2"),
    ],
)
def test_ab5_a_feather_refusal_names_the_live_features(placed: list[str], needs: str) -> None:
    board = board_with("feather", *placed)
    assert str(board.refusal(card("green h5 s5"), "feather")) == (
        f"Feather batch (AB-5): the batch needs {needs}, and this apple has sweetness 5 and "
        "height 5."
    )


def test_ab4_a_new_fortepiano_pair_may_start_at_the_last_height() -> None:
    """AB-4: only the second apple of a pair must differ from the first; the first apple of
    the next pair may repeat the height before it."""
    board = board_with("fortepiano", "red h1 s1", "gold h5 s1")
    assert board.can_place(card("green h5 s2"), "fortepiano")
    board.place(card("green h5 s2"), "fortepiano")
    assert not board.can_place(card("red h5 s3"), "fortepiano")
    assert board.total == board.score().total == 8


# -- what mutation testing found unchecked in game.py (issue 28) ---------------------------------
def finished(players: int = 2, seed: int = 1, **rules: object) -> Game:
    game = Game.new(players=players, seed=seed, rules=Rules(**rules))  # type: ignore[arg-type]
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize(
    ("end", "words"),
    [
        ("twelve_cards", "the game ends when every player holds 12 apples; no more moves."),
        ("four_rounds", "the game ends after 4 rounds, 8 apples each; no more moves."),
    ],
)
def test_ab2_a_move_after_the_end_says_when_the_game_ended(end: str, words: str) -> None:
    game = finished(players=3, end=end)
    with pytest.raises(IllegalMove) as refusal:
        game.play(Move(game.market[0] if game.market else card("red h1 s1"), "bad"))
    assert str(refusal.value).endswith(words)
    assert repr(game) == f"<apple batches: 3 players, over, scores {game.scores()}>"


def test_ab2_the_round_shown_is_the_round_being_played() -> None:
    game = Game.new(players=2, seed=1)  # 2 players: 4 rounds of a market of 6 apples
    for round_ in (1, 2):
        for _ in range(game.market_size):
            assert f", round {round_} of 4," in repr(game)
            game.play(game.legal_moves()[0])
    assert ", round 3 of 4," in repr(game)


def test_ab1_every_board_plays_by_the_games_rules() -> None:
    rules = Rules(easy=True, unlucky_may_bust=True, steady_reference="any", end="four_rounds")
    game = Game.new(players=3, seed=2, rules=rules)
    assert [board.rules for board in game.boards] == [rules] * 3


def test_determinized_shuffles_the_hidden_pile_by_its_generator() -> None:
    game = Game.new(players=2, seed=3)
    game.play(game.legal_moves()[0])
    once = game.determinized(np.random.default_rng(7))
    again = game.determinized(np.random.default_rng(7))
    other = game.determinized(np.random.default_rng(8))
    assert once.pile == again.pile != other.pile
    assert sorted(map(str, once.pile)) == sorted(map(str, game.pile))


def test_ab2_a_market_with_twin_cards_offers_each_card_once() -> None:
    twins = [card("red h1 s1"), card("red h1 s1"), card("green h2 s1"), card("red h1 s1")]
    game = Game.new(players=2, deck=twins * 20, shuffle=False)
    assert len(set(game.market)) < len(game.market)
    moves = game.legal_moves()
    assert len(moves) == len(set(moves))
    assert {move.card for move in moves} == set(game.market)


def test_game_new_shuffles_unless_told_not_to() -> None:
    plain = Game.new(players=2, seed=1, shuffle=False).pile
    assert Game.new(players=2, seed=1).pile != plain
    assert Game.new(players=2, seed=1, deck=list(ab.default_deck())).pile == (
        Game.new(players=2, seed=1).pile
    )


def test_a_deck_of_exactly_the_most_cards_is_taken_and_saved() -> None:
    deck = list(ab.default_deck()) * (ab.MAX_DECK_CARDS // len(ab.default_deck()))
    assert len(deck) == ab.MAX_DECK_CARDS
    game = Game.new(players=2, seed=1, deck=deck)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    with pytest.raises(ValueError, match=f"at most {ab.MAX_DECK_CARDS} cards, got 751"):
        Game.new(players=2, seed=1, deck=[*deck, deck[0]])


# -- AB-4 as data: a table of points of one's own (issue 27) --------------------------------
def test_ab4_a_sequence_batch_scores_its_table_with_a_note_saying_so() -> None:
    """AB-4: a monochrome, feather, unlucky 13 or steady height batch of n apples scores the
    n-th value of its table; the standard tables give the standard notes, word for word."""
    own = Rules(
        monochrome_points=ab.SQUARES,
        feather_points=tuple(range(100, 112)),
        unlucky_points=(7,) * 12,
        steady_points=ab.TRIANGULAR,
    )
    reds = ("red h1 s5", "red h2 s5", "red h3 s3")  # 13 in all, but not a feather batch
    for rules, expected in (
        (Rules(), {"monochrome": 6, "feather": 6, "unlucky": 9, "steady": 7}),
        (own, {"monochrome": 9, "feather": 102, "unlucky": 7, "steady": 6}),
    ):
        for batch, points in expected.items():
            cards = ("red h1 s5", "gold h2 s5", "red h4 s5") if batch == "feather" else reds
            board = board_with(batch, *cards, rules=rules)
            assert board.total == board.score().total == points, batch
    notes = {
        batch: board_with(
            batch, *(("red h1 s5", "gold h2 s5", "red h4 s5") if batch == "feather" else reds),
            rules=own,
        ).score().notes[batch]
        for batch in ab.SEQUENCE_BATCHES
    }  # fmt: skip
    assert notes == {
        "monochrome": "3 red apples, which this game's table scores 9",
        "feather": "3 apples locked to sweetness 5, which this game's table scores 102",
        "unlucky": "sweetness 5+5+3 = 13 exactly with 3 apples, which this game's table scores 7",
        "steady": "3 apples, which this game's table scores 6",
    }
    one = Board(own)
    one.place(card("gold h2 s4"), "steady")
    assert one.score().notes["steady"] == "1 apple, which this game's table scores 1"
    assert board_with("steady", *reds).score().notes["steady"] == "3 apples, the 3rd odd prime"
    assert ab.best_batch_points("monochrome", 4, own) == 16
    assert ab.best_batch_points("unlucky", 2, own) == 0  # 2 apples never make 13
    assert Rules().points_table("feather") == (0, *ab.PRONIC)


def test_ab4_own_tables_survive_saves_and_result_codes() -> None:
    """AB-4 as data: a game under tables of one's own saves, loads and travels as a result
    code with them, and replays to the same scores."""
    from orchard_lab.result_codes import read_result, result_code

    rules = Rules(monochrome_points=tuple(range(12)), steady_points=(999,) * 12)
    game = Game.new(players=2, seed=3, rules=rules)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    assert Game.from_json(json.loads(json.dumps(game.to_json()))).rules == rules
    result = read_result(result_code(game, seed=3))
    assert result.game.rules == rules and result.scores == tuple(game.scores())


@pytest.mark.parametrize(
    ("table", "error", "words"),
    [
        ((1, 2, 3), ValueError, "needs 12 values, its points with 1, 2, … 12 apples"),
        ((1000,) + (1,) * 11, ValueError, "gives 1 apple 1000"),
        ((-1,) * 12, ValueError, "scores from 0 to 999 points"),
        ((1.5,) * 12, TypeError, "must hold whole numbers, not 1.5"),
        ("1, 2", TypeError, "must be a tuple of whole numbers, not str"),
    ],
)
def test_ab4_a_table_of_points_that_cannot_be_is_refused_in_words(table, error, words) -> None:
    with pytest.raises(error, match=words) as refused:
        Rules(monochrome_points=table)
    assert "monochrome" in str(refused.value)
