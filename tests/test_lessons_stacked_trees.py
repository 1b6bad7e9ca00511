"""Lesson 03 (stacked trees): its checks, its source's shape, and the numbers it states.

The pupil's copy is run top to bottom by tests/test_lessons.py and the teacher's copy by
nbval (the top conftest.py); this file tests what those runs cannot see.
"""

from __future__ import annotations

import re

import nbformat
import numpy as np
import pytest

from orchard_lab import stacked_trees as st
from orchard_lab.lessons import STRICT_VARIABLE
from orchard_lab.lessons import stacked_trees as lesson
from orchard_lab.lessons.build import COPIES, COPIES_DIR, SOURCE_DIR
from orchard_lab.stacked_trees.policies import greedy_turn, play_table, random_turn
from orchard_lab.stacked_trees.search import upper_bound

LESSON_03 = SOURCE_DIR / "03_stacked_trees.ipynb"
CLASS_CELLS = ["st004", "st021", "st022", "st023", "st024"]  # walkthrough, board, deal code


@pytest.fixture(autouse=True)
def relaxed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(STRICT_VARIABLE, raising=False)


def said(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().out.strip().splitlines()


def tempting() -> tuple[st.Board, st.Move]:
    """The orchard and the token placement of Exercise 10."""
    board = st.Board(start=st.Card.from_text("APL/LAP"))
    board.place(st.Card.from_text("APL/LAP"), at=(0, 0))
    return board, st.Move(st.Card.from_text("APL/LAA"), at=(0, 0), rotten=True)


def placing() -> tuple[st.Board, st.Card]:
    """The start card and the newcomer of Exercise 4."""
    return st.Board(start=st.Card.from_text("PLL/APP")), st.Card.from_text("PPA/LPP")


# ---- the checks ------------------------------------------------------------------------
def test_the_checks_accept_the_engines_answers(capsys: pytest.CaptureFixture[str]) -> None:
    lesson.check_turn(lambda card: card.rotated(90))
    lesson.check_turned_by_hand(str(lesson.BY_HAND.rotated(90)))
    lesson.check_half_turn_same(lambda card: card.rotated(180) == card)
    lesson.check_deck_half_turns(0)
    board, newcomer = placing()
    lesson.check_placements(12, 39, board, newcomer)
    lesson.check_ladder_steps(4, 0)
    scores = {"triangular 1, 3, 6, 10": np.array([40, 42]), "squares 1, 4, 9, 16": [55, 59]}
    lesson.check_best_ladder("squares", scores)
    lesson.check_ladder_gain(16.0, scores["squares 1, 4, 9, 16"], scores["triangular 1, 3, 6, 10"])
    lesson.check_simple_bound(150)
    lesson.check_covering_trees(48)
    lesson.check_tighter_bound(120)
    lesson.check_first_empty(5, seed=6)
    board, offer = tempting()
    lesson.check_token_gain(6, board, offer)
    lesson.check_token_worth(True, board, offer)
    lesson.check_tokens_pay(np.float64(2.5), np.array([41, 42]), np.array([39, 39]))
    lesson.check_best_over_greedy(10.0, np.array([42, 49, 58, 46]), np.array([36, 37, 49, 33]))
    lesson.check_reach_plum(np.int64(3), [42, 49, 58, 46])
    for ladder in ((3, 5, 7, 9), [2, 5, 10, 17], (2, 4, 8, 16), (1, 5, 10, 20)):
        lesson.check_own_ladder(ladder)  # any ladder meeting the goal, a list or a tuple
    lines = said(capsys)
    assert len(lines) == 23 and all(line.startswith("✓ Right!") for line in lines), lines


def test_every_check_says_not_answered_for_the_placeholder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def empty(card: st.Card) -> None: ...

    board, newcomer = placing()
    tokens_board, offer = tempting()
    lesson.check_turn(empty)
    lesson.check_turned_by_hand(...)
    lesson.check_half_turn_same(empty)
    lesson.check_deck_half_turns(...)
    lesson.check_placements(..., ..., board, newcomer)
    lesson.check_ladder_steps(..., ...)
    lesson.check_best_ladder(..., {"squares 1, 4, 9, 16": [1]})
    lesson.check_ladder_gain(..., np.array([1]), np.array([1]))
    lesson.check_simple_bound(...)
    lesson.check_covering_trees(...)
    lesson.check_tighter_bound(...)
    lesson.check_first_empty(..., seed=6)
    lesson.check_token_gain(..., tokens_board, offer)
    lesson.check_token_worth(..., tokens_board, offer)
    lesson.check_tokens_pay(..., np.array([1]), np.array([1]))
    lesson.check_best_over_greedy(..., np.array([1]), np.array([1]))
    lesson.check_reach_plum(..., [1])
    lesson.check_own_ladder(...)
    lines = said(capsys)
    assert len(lines) == 20 and all(line.startswith("Not answered yet") for line in lines), lines


def test_the_checks_give_hints_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    lesson.check_turned_by_hand("lp/lp/pa")
    lesson.check_turned_by_hand(str(lesson.BY_HAND))
    lesson.check_deck_half_turns(18)
    board, newcomer = placing()
    lesson.check_placements(51, 12, board, newcomer)
    lesson.check_ladder_steps(10, 10)
    lesson.check_simple_bound(15)
    lesson.check_covering_trees(54)
    lesson.check_tighter_bound(480)
    lesson.check_first_empty("five", seed=6)
    tokens_board, offer = tempting()
    lesson.check_token_gain(9, tokens_board, offer)
    lesson.check_token_gain(7, tokens_board, offer)
    lesson.check_token_worth("yes", tokens_board, offer)
    lesson.check_best_over_greedy(-10, np.array([50]), np.array([40]))
    assert said(capsys) == [
        "Not yet: that is a quarter turn anticlockwise; turn the other way, like a clock's hands.",
        "Not yet: that is the card as it was; turn it a quarter turn clockwise.",
        "Not yet: that counts every card of the deck; count only those a half turn leaves the "
        "same.",
        "Not yet: that is every placement; count those without a token on their own.",
        "Not yet: that is the number without a token; now the ones that need tokens.",
        "Not yet: 10 is what the die shows after 4 trees; what does the 4th tree add to it?",
        "Not yet: after 4 trees the die shows 10; can it climb higher?",
        "Not yet: 15 is the number of dice; what is each worth at most?",
        "Not yet: the start card lies on nothing: only the other 8 cards can cover trees.",
        "Not yet: each die needs 4 trees on it to reach 10, not one.",
        "Not yet: your answer is text in quotes; write the number without the quotes.",
        "Not yet: the token costs 3 points: take them off.",
        "Not yet: the die under the rotten tree goes back to the supply: take its value off too.",
        "Not yet: write True or False, without quotes.",
        "Not yet: that is greedy minus the best line: the other way round.",
    ]


def test_first_empty_follows_greedy_play() -> None:
    for seed in range(10):
        order = st.Game.new(seed=seed).order
        board, hand, waiting = st.Board(order[0]), list(order[1:3]), list(order[3:])
        empty_after = None
        for placed in range(1, 9):
            card = greedy_turn(board, hand)
            if card is None:
                break
            if empty_after is None and min(board.dice_left.values()) == 0:
                empty_after = placed
            hand.remove(card)
            if waiting:
                hand.append(waiting.pop(0))
        assert lesson.first_empty(seed) == empty_after, seed


# ---- the source ------------------------------------------------------------------------
def cells() -> list[nbformat.NotebookNode]:
    return nbformat.read(LESSON_03, as_version=4).cells


def test_every_placeholder_has_an_answer_and_a_check_after_it() -> None:
    source = cells()
    pupil = [i for i, cell in enumerate(source) if "pupil" in cell.metadata.get("tags", [])]
    assert len(pupil) == 13
    for index in pupil:
        assert "..." in source[index].source
        assert "teacher" in source[index + 1].metadata.get("tags", [])
        assert "lesson.check" in source[index + 2].source


def test_only_the_class_cells_touch_the_class_board_and_none_plays_on_it() -> None:
    """Run All shows the walkthrough and the class's board; the deal-code cell only reads the
    board's deal, and no other cell touches the board."""
    source = cells()
    for cell in source:
        if cell.id not in CLASS_CELLS:
            assert "class_board" not in cell.source and "StackedTreesBoard" not in cell.source
    uses = re.findall(r"class_board\.[\w.]+", "".join(c.source for c in source))
    assert set(uses) == {"class_board.game.order"}


def test_lesson_03_says_things_in_the_projects_words() -> None:
    text = "".join((COPIES_DIR / copy / LESSON_03.name).read_text() for copy in COPIES)
    for word in ("coming soon", "RULES.md", "TEACHER_"):
        assert word not in text
    assert "(stacked_trees_rules.html)" in text and "standard rules" in text


# ---- the numbers the lesson states -----------------------------------------------------
def test_the_numbers_of_parts_2_and_3() -> None:
    deck = st.default_deck()
    assert [sum(card.count(f) for card in deck) for f in st.FRUITS] == [36, 36, 36]
    assert sum(card.rotated(180) == card for card in deck) == 0
    board, newcomer = placing()
    tokens = [p.tokens for p in board.placements(newcomer)]
    assert [tokens.count(k) for k in range(3)] == [12, 27, 12]
    wide = st.Board(start=st.Card.from_text("PLL/APP"), rules=st.Rules(rotten_tokens=6))
    assert len(wide.placements(newcomer)) == 2 * (3 * 5 + 4 * 4) == 62
    means = [
        st.simulate(games=100, policy="greedy", seed=0, rules=st.Rules(ladder=ladder)).mean()
        for _, ladder in st.LADDERS
    ]
    assert [round(m, 1) for m in means] == [41.1, 57.2, 30.3, 24.3]
    ladders = dict(st.LADDERS)
    doubling, standard = ladders["doubling 1, 2, 4, 8"], ladders["triangular 1, 3, 6, 10"]
    assert all(d <= t for d, t in zip(doubling, standard, strict=True))
    deal_0 = st.Game.new(seed=0).order
    best = [
        st.best_line(deal_0, st.Rules(ladder=ladder), node_limit=500).score
        for _, ladder in st.LADDERS
    ]
    assert best == [42, 61, 33, 26]


def test_the_numbers_of_the_investigations() -> None:
    assert st.FACTS.max_score == 150
    for seed in range(3):
        order = st.Game.new(seed=seed).order
        assert upper_bound(st.Board(order[0]), order[1:]) == 120
    assert lesson.first_empty(6) == 5
    assert sum(lesson.first_empty(seed) is not None for seed in range(100)) == 74
    board, offer = tempting()
    assert board.gain(offer.card, offer.at, offer.rotation, offer.rotten) == 6
    boards = [play_table(st.Game.new(seed=s).order, st.Rules(), greedy_turn)[0] for s in range(100)]
    assert (sum(b.rotten_used > 0 for b in boards), sum(b.rotten_used for b in boards)) == (93, 164)
    with_tokens = st.simulate(games=100, policy="greedy", seed=0)
    without = st.simulate(games=100, policy="greedy", seed=0, rules=st.Rules(rotten_tokens=0))
    assert (with_tokens.mean(), without.mean()) == (41.1, 38.62)


def test_the_numbers_of_investigation_3() -> None:
    rng = np.random.default_rng(0)
    rows = []
    for seed in range(4):
        order = st.Game.new(seed=seed).order
        game, planner = st.Game.new(seed=seed), st.PlannerPolicy(rollouts=2, seed=seed)
        while not game.is_over:
            game.play(planner(game))
        rows.append(
            (
                play_table(order, st.Rules(), lambda b, h: random_turn(b, h, rng))[0].total,
                play_table(order, st.Rules(), greedy_turn)[0].total,
                game.scores()[0],
                st.best_line(order, node_limit=500).score,
            )
        )
    assert rows == [(8, 36, 42, 42), (11, 37, 30, 49), (5, 49, 58, 58), (2, 33, 32, 46)]
    short = st.best_line(st.Game.new(seed=0).order[:4])
    assert (short.score, short.optimal) == (10, True)
    advice = st.hint(st.Game.new(seed=0), "lookahead", rollouts=2, seed=0)
    assert advice.move.rotten and "2 rotten tokens cost 6" in advice.reason
