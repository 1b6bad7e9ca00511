"""Lesson 02 (water drops): its checks answer in words, its source keeps the format, and the
numbers its text and teacher's notes state still come out of the engine.

``tests/test_lessons.py`` runs the pupil's copy of every lesson (this one too) and checks
the copies are up to date; nbval runs the teacher's copy."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import nbformat
import numpy as np
import pytest

from orchard_lab import water_drops as wd
from orchard_lab.lessons import STRICT_VARIABLE
from orchard_lab.lessons import water_drops as lesson
from orchard_lab.lessons.build import COPIES_DIR, SOURCE_DIR

LESSON_02 = SOURCE_DIR / "02_water_drops.ipynb"
CLASS_CELLS = ["c004", "c022"]  # the rule walkthrough, the class's board


@pytest.fixture(autouse=True)
def relaxed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(STRICT_VARIABLE, raising=False)


def said(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().out.strip().splitlines()


# ---- the checks --------------------------------------------------------------------------
def test_the_checks_accept_the_engines_answers(capsys: pytest.CaptureFixture[str]) -> None:
    board = lesson.SMALL_ORCHARD
    lesson.check_groups_by_hand(len(board.groups()), board)
    lesson.check_points_by_hand(board.total, board)
    lesson.check_group_sizes(lambda b: [g.size for g in sorted(b.groups(), key=lambda g: g.size)])
    lesson.check_drop_points(lambda size, drops: size if size in drops else 0)
    lesson.check_per_drop_card("PB/12", (0, -1))
    lesson.check_free_count(lambda n: len(lesson.free_shapes(n)))
    lesson.check_card_shapes(len(lesson.card_shapes()))
    lesson.check_spoiling_cards(18)
    lesson.check_spoil_chance(Fraction(9, 25))
    lesson.check_spoil_chance(0.36)
    lesson.check_safer_square((0, -1))
    lesson.check_safer_square([0, -1])
    lesson.check_largest_scoring_group(5)
    lesson.check_mean_gain("gain", np.float64(1.5), np.array([[2.0], [3.0]]), np.array([[1.0]]))
    for points in ((1, 3, 6, 10, 15, 21, 28, 36, 45), [2**n for n in range(1, 10)]):
        lesson.check_fairer_points(points)  # any points meeting the goal, a list or a tuple
    lines = said(capsys)
    assert len(lines) == 16
    assert all(line.startswith("✓ Right!") for line in lines), lines


def test_the_checks_say_not_answered_yet(capsys: pytest.CaptureFixture[str]) -> None:
    def empty(*_args: object) -> None: ...

    board = lesson.SMALL_ORCHARD
    lesson.check_groups_by_hand(..., board)
    lesson.check_points_by_hand(..., board)
    lesson.check_group_sizes(empty)
    lesson.check_group_sizes(...)
    lesson.check_drop_points(empty)
    lesson.check_per_drop_card(..., ...)
    lesson.check_per_drop_card("PB/12", ...)
    lesson.check_free_count(empty)
    lesson.check_card_shapes(...)
    lesson.check_spoiling_cards(...)
    lesson.check_spoil_chance(...)
    lesson.check_safer_square(...)
    lesson.check_largest_scoring_group(...)
    lesson.check_mean_gain("per_drop_gain", ..., np.ones(2), np.ones(2))
    lesson.check_fairer_points(...)
    lines = said(capsys)
    assert len(lines) == 15
    assert all(line.startswith("Not answered yet") for line in lines), lines


def test_the_checks_give_hints_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    board = lesson.SMALL_ORCHARD
    fruit_cells = sum(g.size for g in board.groups())
    lesson.check_groups_by_hand(fruit_cells, board)
    assert "fruit cells" in said(capsys)[0]
    lesson.check_groups_by_hand(4, board)
    assert "do not touch are two groups" in said(capsys)[0]
    every_drop = sum(value for g in board.groups() for _, value in g.drops)
    lesson.check_points_by_hand(every_drop, board)
    assert "adds every drop" in said(capsys)[0]
    lesson.check_group_sizes(lambda b: [len(b.groups())])
    first = said(capsys)[0]
    assert first.startswith("Not yet: some groups are missing")
    assert "(with board = 'the small orchard', group_sizes gives [9]" in first
    lesson.check_group_sizes(lambda b: 1 / 0)
    assert "ZeroDivisionError" in said(capsys)[0]
    lesson.check_drop_points(lambda size, drops: max(drops, default=0))
    assert said(capsys)[0].startswith("Not yet: a drop pays only when its value equals")
    lesson.check_per_drop_card("1P/PC", (0, 1))
    assert "both rules give 3 points" in said(capsys)[0]
    lesson.check_per_drop_card("PB/12", (2, 2))
    refusal = said(capsys)[0]
    assert "cannot go there" in refusal and "WD-3" in refusal
    lesson.check_per_drop_card("PB12", (0, -1))
    assert "two rows of two cells" in said(capsys)[0]
    lesson.check_free_count(lambda n: len(lesson.fixed_shapes(n)))
    assert said(capsys)[0] == (
        "Not yet: you counted fixed shapes: a shape turned or flipped is the same free shape. "
        "(with n = 2, free_count gives 2, but it should give 1.)"
    )
    lesson.check_card_shapes(4)
    assert "straight line of 3" in said(capsys)[0]
    lesson.check_spoiling_cards(20)
    assert "do they all spoil it?" in said(capsys)[0]
    lesson.check_spoil_chance(18)
    assert "out of all 50 cards" in said(capsys)[0]
    lesson.check_safer_square((0, 1))
    assert said(capsys)[0].endswith("the group is at risk there.")
    lesson.check_safer_square((5, 5))
    assert "give one of the open squares" in said(capsys)[0]
    lesson.check_largest_scoring_group(6)
    assert "does any card hold one?" in said(capsys)[0]
    lesson.check_mean_gain("gain", -1.0, np.array([2.0]), np.array([1.0]))
    assert "the other way round" in said(capsys)[0]


def test_strict_checks_raise_for_a_wrong_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STRICT_VARIABLE, "1")
    with pytest.raises(AssertionError, match=r"^Not yet: "):
        lesson.check_spoiling_cards(20)
    lesson.check_spoiling_cards(18)


# ---- the lesson's tools ------------------------------------------------------------------
def test_the_shapes_match_the_known_counts() -> None:
    assert [len(lesson.fixed_shapes(n)) for n in range(1, 6)] == list(lesson.KNOWN_FIXED)
    assert [len(lesson.free_shapes(n)) for n in range(1, 6)] == list(lesson.KNOWN_FREE)
    assert (len(lesson.fixed_shapes(6)), len(lesson.free_shapes(6))) == (216, 35)  # teacher


def test_random_orchards_are_the_same_under_every_scoring() -> None:
    for seed in range(20):
        boards = [lesson.random_orchard(8, seed, wd.Rules(scoring=s)) for s in wd.SCORINGS]
        assert len({str(board) for board in boards}) == 1
        assert boards[0].total == boards[1].total <= boards[2].total  # WD-4


# ---- the numbers the lesson states -------------------------------------------------------
def test_the_numbers_lesson_02_states() -> None:
    deck = wd.default_deck()
    assert (sum(c.fruits for c in deck), sum(len(c.drops) for c in deck)) == (144, 56)
    small = lesson.SMALL_ORCHARD
    assert (len(small.groups()), small.total) == (9, 6)
    example = wd.Board(start=wd.Card.from_text("BP/2C"))
    example.place(wd.Card.from_text("P1/C3"), (0, 1))
    example.place(wd.Card.from_text("M1/3M"), (1, 0))
    assert example.total == 4
    risky = wd.Board(start=lesson.RISK_START)
    left_cherry = sum("C" in (c.cells[0], c.cells[2]) for c in deck)
    spoiling = sum(lesson.spoils(risky, c, lesson.RISK_SQUARE, (0, 1)) for c in deck)
    assert (left_cherry, spoiling) == (20, 18)
    gains = lesson.mean_gains(risky)
    assert (gains[(0, -1)], gains[(0, 1)]) == (Fraction(73, 50), Fraction(-2, 25))
    rng = np.random.default_rng(2)
    draws = rng.integers(len(deck), size=5_000)
    simulated = np.mean([lesson.spoils(risky, deck[i], (0, 1), (0, 1)) for i in draws])
    assert abs(simulated - 0.36) < 0.01
    assert len(lesson.card_shapes()) == 3
    assert all(len(set(c.cells)) > 1 for c in deck)  # no card holds four fruit of one kind
    assert max(v for c in deck + wd.starting_cards() for v in c.drops) == 5


def test_the_numbers_of_the_investigations() -> None:
    """2,000 random orchards of 6 cards: the proof holds, per drop adds in 140 of the first
    500, pairs score most often, every free shape of up to 5 squares appears; per drop adds
    over 50 points a game."""
    orchards = [lesson.random_orchard(6, seed) for seed in range(2000)]
    drop = wd.Rules(scoring="drop")
    assert all(b.total == lesson.random_orchard(6, s, drop).total for s, b in enumerate(orchards))
    per_drop = wd.Rules(scoring="per_drop")
    more = sum(
        lesson.random_orchard(6, seed, per_drop).total > orchards[seed].total for seed in range(500)
    )
    assert more == 140
    groups = [g for board in orchards for g in board.groups()]
    sizes = Counter(g.size for g in groups)
    scoring = Counter(g.size for g in groups if g.scores)
    share = {size: scoring[size] / sizes[size] for size in sizes}
    assert max(share, key=share.__getitem__) == 2 and 0.45 < share[2] < 0.55  # pairs: about half
    assert share[5] < min(share[n] for n in (2, 3, 4)) and not any(share[n] for n in sizes if n > 5)
    made = Counter(len(shape) for shape in {lesson.canonical(g.cells) for g in groups})
    assert [made[n] for n in range(1, 6)] == list(lesson.KNOWN_FREE)
    standard = wd.simulate(games=30, players=1, policy="greedy", seed=0)
    more_points = wd.simulate(games=30, players=1, policy="greedy", seed=0, rules=per_drop)
    assert more_points.mean() - standard.mean() > 50


def test_what_the_teacher_says_about_turning_and_players() -> None:
    """Turning helps the greedy player; with 4 players each scores about half of 2 (WD-2)."""
    standard = wd.simulate(games=30, players=1, policy="greedy", seed=0)  # as the lesson
    turning = wd.simulate(games=30, players=1, seed=0, rules=wd.Rules(allow_rotation=True))
    assert turning.mean() > standard.mean()
    two, four = (wd.simulate(games=20, players=p, seed=0).mean() for p in (2, 4))
    assert 0.4 < four / two < 0.6


def test_max_size_room_the_teacher_quotes() -> None:
    """5×5 works from 3 players on, 4×4 from 4 (WD-3)."""
    for side, fewest in ((5, 3), (4, 4)):
        rules = wd.Rules(max_size=(side, side))
        for players in range(1, 6):
            if players >= fewest:
                wd.simulate(games=0, players=players, rules=rules)
            else:
                with pytest.raises(ValueError, match="holds"):
                    wd.simulate(games=0, players=players, rules=rules)


# ---- the source notebook -----------------------------------------------------------------
def cells() -> list[nbformat.NotebookNode]:
    return nbformat.read(LESSON_02, as_version=4).cells


def test_every_placeholder_has_an_answer_and_a_check_after_it() -> None:
    source = cells()
    placeholders = 0
    for index, cell in enumerate(source):
        if "pupil" in cell.metadata.get("tags", []):
            placeholders += 1
            assert "..." in cell.source
            assert "teacher" in source[index + 1].metadata.get("tags", [])
            assert "lesson.check" in source[index + 2].source
    assert placeholders == 11  # 10 exercises and Investigation 5, one placeholder cell each


def test_the_walkthrough_and_the_class_board_appear_once_and_nothing_plays_on_the_board() -> None:
    """Run All shows the walkthrough and the class's board and never clicks on the board."""
    source = cells()
    walkthrough = [c for c in source if "rule_walkthrough(wd)" in c.source]
    board = [c for c in source if "WaterDropsBoard(" in c.source]
    assert [c.id for c in walkthrough + board] == CLASS_CELLS
    assert all(c.cell_type == "code" for c in walkthrough + board)
    # the board is made for the lesson's short game (a load, not a click); nothing else
    assert not any("class_board." in c.source.replace("class_board.load(", "") for c in source)


def test_the_header_and_the_words() -> None:
    source = cells()
    assert source[0].source.startswith("# Water drops · Lesson 02")
    objectives = [line for line in source[0].source.splitlines() if line[:2] in {"1.", "2.", "3.",
                  "4.", "5.", "6.", "7."}]  # fmt: skip
    assert len(objectives) <= 6
    assert source[1].metadata.get("tags") == ["teacher"]
    text = (COPIES_DIR / "pupil" / "02_water_drops.ipynb").read_text() + (
        COPIES_DIR / "teacher" / "02_water_drops.ipynb"
    ).read_text()
    for word in ("RULES.md", "coming soon", "seed's"):
        assert word not in text
    assert "(water_drops_rules.html)" in text and "standard rules" in text
    teacher_notes = [c for c in source if c.metadata.get("tags") == ["teacher"]]
    assert all(
        c.source.startswith("> **For the teacher.**")
        for c in teacher_notes
        if c.cell_type == "markdown"
    )


def test_run_all_never_touches_the_classs_widgets() -> None:
    """The board (once enabled) and the what-if are created, shown, and left alone."""
    code = [c.source for c in cells() if c.cell_type == "code"]
    for name in ("class_board", "what_if"):
        using = [source for source in code if name in source]
        assert len(using) == 1, name
        assert using[0].rstrip().endswith(f"\n{name}")  # the creating cell shows it, no more
