"""The checks of lesson 03 (stacked trees), one per exercise, with hints in words.

Every expected answer is computed from the engine (``orchard_lab.stacked_trees``), never
typed in, so a check cannot disagree with the game.

>>> check_turned_by_hand(...)
Not answered yet: replace ... in turned_by_hand with your answer.
>>> check_turned_by_hand("LP/LP/PA")
Not yet: that is a quarter turn anticlockwise; turn the other way, like a clock's hands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from numbers import Integral
from typing import Any

import numpy as np

from orchard_lab import stacked_trees as st
from orchard_lab.game_base import listed
from orchard_lab.language import _, _n
from orchard_lab.lessons.checks import (
    check,
    check_function,
    check_gain,
    check_own_rules,
    near,
)
from orchard_lab.lessons.timing import Pace
from orchard_lab.sequences import triangular
from orchard_lab.stacked_trees.policies import greedy_turn
from orchard_lab.stacked_trees.rules import MAX_TOKENS

__all__ = [
    "BY_HAND",
    "PACE",
    "SAME_AFTER_HALF_TURN",
    "check_best_ladder",
    "check_best_over_greedy",
    "check_covering_trees",
    "check_deck_half_turns",
    "check_first_empty",
    "check_half_turn_same",
    "check_ladder_gain",
    "check_ladder_steps",
    "check_placements",
    "check_reach_plum",
    "check_simple_bound",
    "check_tighter_bound",
    "check_token_gain",
    "check_token_worth",
    "check_tokens_pay",
    "check_turn",
    "check_turned_by_hand",
    "first_empty",
]

PACE = Pace(moves=st.Rules().cards_per_game - 1, seconds=60)  # turn, then place
BY_HAND = st.Card.from_text("PLL/APP")  # the card pupils turn on paper
SAME_AFTER_HALF_TURN = tuple(
    st.Card.from_text(text) for text in ("APL/LPA", "AAA/AAA", "PAP/PAP", "LPA/APL")
)  # cards of our own (not in the deck) that look the same after a half turn
PLUM = "Plum-believable"  # an ST-6 rating (st.RATINGS), shown in the session's language
PLUM_BAND = next(low for low, name in st.RATINGS if name == PLUM)


def _whole(answer: Any) -> bool:
    """Whether ``answer`` is a whole number (numpy's too), not a bool."""
    return isinstance(answer, Integral) and not isinstance(answer, bool)


def _trees_per_card() -> int:
    card = st.default_deck()[0]
    return card.height * card.width


def _test_cards() -> list[st.Card]:
    """The deck's cards, each also turned a quarter turn, and the half-turn twins."""
    deck = st.default_deck()
    return [*deck, *(card.rotated(90) for card in deck), *SAME_AFTER_HALF_TURN]


def check_turn(function: Callable[[st.Card], st.Card] | Any) -> None:
    """Exercise 1: ``turn(card)`` turns any card a quarter turn clockwise.

    >>> check_turn(lambda card: card.rotated(90))
    ✓ Right! Your turn agrees with the engine's card.rotated(90) on every card of the deck.
    >>> check_turn(lambda card: card)
    Not yet: the card comes back as it was: make its columns the new rows. (with card =
    Card.from_text('PLL/APP'), turn gives Card.from_text('PLL/APP'), but it should give
    Card.from_text('AP/PL/PL').)
    """
    check_function(
        "turn", function, lambda card: card.rotated(90), _test_cards(), argument="card",
        # Translators: "Your turn" is the pupil's function turn; card.rotated(90) is code: keep it
        explanation=_(
            "Your turn agrees with the engine's card.rotated(90) on every card of the deck."
        ),
        slips=(
            (lambda card: card.rotated(270), _(
                "your card turns anticlockwise; turn the other way, like a clock's hands: read "
                "each column from the bottom up.")),
            # Translators: reversed(card.rows) is code: keep it as it is
            (_transposed, _(
                "you read each column from the top down, which flips the card over; read it "
                "from the bottom up: reversed(card.rows).")),
            (lambda card: card.rotated(180), _(
                "that is a half turn; a quarter turn makes each column a row.")),
            (lambda card: card, _(
                "the card comes back as it was: make its columns the new rows.")),
        ),
    )  # fmt: skip


def _transposed(card: st.Card) -> st.Card:
    """The card with its columns as rows, read from the top down: a flip, not a turn.

    >>> _transposed(st.Card.from_text("PLL/APP"))
    Card.from_text('PA/LP/LP')
    """
    return st.Card(tuple("".join(row[c] for row in card.rows) for c in range(card.width)))


def _card_text(answer: Any) -> str | None:
    """The pupil's card as tidy text ("ap/pl/pl " gives "AP/PL/PL"), None if it is not text."""
    if isinstance(answer, st.Card):
        return str(answer)
    if isinstance(answer, str):
        return "/".join(row.strip() for row in answer.upper().split("/"))
    return None


def check_turned_by_hand(answer: Any) -> None:
    """Exercise 2: the card PLL/APP turned a quarter turn clockwise, written as text.

    >>> check_turned_by_hand("ap/pl/pl")
    ✓ Right!
    >>> check_turned_by_hand("PPA/LLP")
    Not yet: that is a half turn; a quarter turn makes 3 rows of 2 trees.
    """
    said = _card_text(answer)
    hints = {
        str(BY_HAND): _("that is the card as it was; turn it a quarter turn clockwise."),
        str(BY_HAND.rotated(270)): _(
            "that is a quarter turn anticlockwise; turn the other way, like a clock's hands."
        ),
        str(BY_HAND.rotated(180)): _(
            "that is a half turn; a quarter turn makes 3 rows of 2 trees."
        ),
        str(_transposed(BY_HAND)): _(
            "you read each column from the top down, which flips the card over; read it from "
            "the bottom up."
        ),
    }
    check(
        "turned_by_hand", answer if said is None else said, str(BY_HAND.rotated(90)), hints,
        otherwise=_(
            "the left column, read from the bottom up, becomes the top row. Write the rows with "
            "/ between them."
        ),
    )  # fmt: skip


def check_half_turn_same(function: Callable[[st.Card], bool] | Any) -> None:
    """Exercise 3: ``looks_same_after_half_turn(card)`` says True exactly when a half turn
    shows the same picture.

    >>> check_half_turn_same(lambda card: card.rotated(180) == card)
    ✓ Right!
    >>> check_half_turn_same(lambda card: False)
    Not yet: a quarter turn changes the card's shape, so it never looks the same: test a half
    turn, rotated(180). (with card = Card.from_text('APL/LPA'), looks_same_after_half_turn
    gives False, but it should give True.)
    """
    check_function(
        "looks_same_after_half_turn", function, lambda card: card.rotated(180) == card,
        _test_cards(), argument="card",
        slips=(
            # Translators: rotated(180) is code: keep it as it is
            (lambda card: card.rotated(90) == card, _(
                "a quarter turn changes the card's shape, so it never looks the same: test a "
                "half turn, rotated(180).")),
            (lambda card: tuple(reversed(card.rows)) == card.rows, _(
                "turning the rows upside down is a flip; in a half turn each row is read "
                "backwards too.")),
            (lambda card: card.rows == tuple(row[::-1] for row in card.rows), _(
                "reading each row backwards is a mirror; a half turn also puts the bottom row "
                "on top.")),
        ),
    )  # fmt: skip


def check_deck_half_turns(answer: Any) -> None:
    """Exercise 3: how many cards of the deck look the same after a half turn.

    >>> check_deck_half_turns(18)
    Not yet: that counts every card of the deck; count only those a half turn leaves the same.
    >>> check_deck_half_turns(False)
    Not yet: write how many cards, a number, not True or False.
    """
    deck = st.default_deck()
    same = sum(card.rotated(180) == card for card in deck)
    if answer == len(deck):
        otherwise = _(
            "that counts every card of the deck; count only those a half turn leaves the same."
        )
    else:
        # Translators: True is Python's, what the pupil's test gives: keep it as it is
        otherwise = _("count the cards of the deck for which your test says True.")
    check(
        "deck_half_turns", answer, same,
        # Translators: True and False are Python's: keep them as they are
        lambda a: _("write how many cards, a number, not True or False.")
        if isinstance(a, bool) else None,
        otherwise=otherwise,
        explanation=_(
            "The deck was made so (ST-8 on the rules sheet): every card shows 4 different "
            "pictures as it turns."
        ),
    )  # fmt: skip


def _placement_counts(board: st.Board, card: st.Card) -> tuple[int, int]:
    """(placements without a token, placements that need tokens) of ``card`` on ``board``."""
    placements = board.placements(card)
    free = sum(p.tokens == 0 for p in placements)
    return free, len(placements) - free


def check_placements(free: Any, with_tokens: Any, board: st.Board, card: st.Card) -> None:
    """Exercise 4: how many placements ``card`` has next to ``board``: without a rotten token,
    and with tokens (at most the tokens left).

    >>> board = st.Board(start=st.Card.from_text("APL/LAP"))
    >>> check_placements(4, 2, board, st.Card.from_text("APL/LAP"))
    Not yet: count again: try all four turns (0, 90, 180, 270) and every row and column
    from -3 to 3.
    Not yet: count again: try all four turns (0, 90, 180, 270) and every row and column
    from -3 to 3.
    """
    expected_free, expected_tokens = _placement_counts(board, card)
    total = expected_free + expected_tokens
    nudge = _(
        "count again: try all four turns (0, 90, 180, 270) and every row and column from -3 to 3."
    )
    unturned = sum(p.tokens == 0 and p.rotation == 0 for p in board.placements(card))
    free_hints = {
        total: _("that is every placement; count those without a token on their own."),
        unturned: _("those are the placements of the card as it lies; try all four turns too."),
    }
    free_hints.pop(expected_free, None)
    check("free_placements", free, expected_free, free_hints, otherwise=nudge)
    many = st.Board(board.cards()[0], rules=st.Rules(rotten_tokens=MAX_TOKENS))
    overlapping = len(many.placements(card)) - expected_free
    token_hints = {
        # Translators: rotten=True is code the pupil writes: keep it as it is
        total: _("that is every placement; count only those that need rotten=True."),
        expected_free: _("that is the number without a token; now the ones that need tokens."),
        overlapping: _(
            "that counts placements that need 3 or more tokens too, and you have only {count}."
        ).format(count=board.rotten_left),
    }
    token_hints.pop(expected_tokens, None)
    explanation = _n(
        "{count} placement in all, for one card next to one card.",
        "{count} placements in all, for one card next to one card.",
        total,
    )
    check(
        "token_placements", with_tokens, expected_tokens, token_hints,
        otherwise=nudge, explanation=explanation.format(count=total),
    )  # fmt: skip


def check_ladder_steps(fourth: Any, fifth: Any) -> None:
    """Exercise 5: what the 4th and the 5th tree on a die add (ST-4: the top value stays).

    >>> check_ladder_steps(10, 0)
    Not yet: 10 is what the die shows after 4 trees; what does the 4th tree add to it?
    ✓ Right! The top of the ladder stays: a 10 stays 10.
    """
    rules = st.Rules()
    ladder = rules.ladder
    third = ladder[2] - ladder[1]
    check(
        "fourth_tree_adds", fourth, ladder[3] - ladder[2],
        {ladder[3]: _(
            "{value} is what the die shows after 4 trees; what does the 4th tree add to it?"
         ).format(value=ladder[3]),
         third: _(
            "{value} is what the 3rd tree adds; the 4th is one step further up the ladder."
         ).format(value=third)},
    )  # fmt: skip
    top = ladder[-1]
    after = triangular(len(ladder) + 1)
    check(
        "fifth_tree_adds", fifth, rules.climb(top) - top,
        {top: _("after 4 trees the die shows {top}; can it climb higher?").format(top=top),
         after: _(
            "the triangular numbers go on to {after}, but the ladder stops at {top}: look at "
            "ST-4 on the rules sheet."
         ).format(after=after, top=top),
         after - top: _(
            "{after} − {top} = {step} is the next triangular step, but the ladder stops at "
            "{top}: look at ST-4 on the rules sheet."
         ).format(after=after, top=top, step=after - top)},
        explanation=_("The top of the ladder stays: a {top} stays {top}.").format(top=top),
    )  # fmt: skip


def _first_word(answer: Any) -> Any:
    return (
        answer.strip().lower().split()[0] if isinstance(answer, str) and answer.strip() else answer
    )


def check_best_ladder(answer: Any, results: Mapping[str, np.ndarray]) -> None:
    """Exercise 6: the ladder (its first word) with the highest mean score.

    ``results`` maps each ladder's name (``st.LADDERS``) to its table of final scores.

    >>> results = {"triangular 1, 3, 6, 10": np.array([40]), "squares 1, 4, 9, 16": [55]}
    >>> check_best_ladder("Squares", results)
    ✓ Right!
    >>> check_best_ladder("doubling", results)
    Not yet: write the first word of the ladder with the biggest mean: triangular or squares.
    """
    means = {_first_word(name): float(np.mean(table)) for name, table in results.items()}
    best = max(means, key=means.__getitem__)

    def hint(said: Any) -> str | None:
        if isinstance(said, int | float | np.number) and not isinstance(said, bool):
            # Translators: "counting" is a ladder's name in the code, as the pupil types it
            return _('write the ladder\'s first word, like "counting", not its mean.')
        if said == "triangular" and best != "triangular":
            # Translators: triangular is the ladder's name in the code, as the pupil types it
            return _("triangular is the standard ladder; does another one beat its mean?")
        if said in means:
            # Translators: {ladder} is a ladder's name in the code, as the pupil typed it
            return _("{ladder} averages {mean}; is that the biggest mean?").format(
                ladder=said, mean=f"{means[said]:.1f}"
            )
        return None

    # Translators: {ladders} lists the ladders' names in the code, as the pupil types them
    otherwise = _("write the first word of the ladder with the biggest mean: {ladders}.")
    check(
        "best_ladder", _first_word(answer), best, hint,
        otherwise=otherwise.format(ladders=listed(list(means), "or")),
    )  # fmt: skip


OWN_LADDER_GOAL = (60, 80)  # "Invent a ladder": the greedy mean a pupil's own ladder aims for
LADDER_DEALS = 100  # the deals of Exercise 6 (seed 0), played again with the pupil's ladder


def check_own_ladder(answer: Any) -> None:
    """ "Invent a ladder" (extension): any dice ladder of the pupil's own whose greedy mean over
    the lesson's 100 deals is from 60 to 80 points.

    >>> check_own_ladder((3, 6, 9, 12))
    ✓ Right! Your ladder gives the greedy player 73.4 points on average over the 100 deals.
    >>> check_own_ladder((1, 4, 9, 16))
    Not yet: your ladder gives the greedy player 57.2 points on average, below 60: let the
    dice climb faster.
    >>> check_own_ladder([4, 2])
    Not yet: a dice ladder climbs: each value bigger than the one before, from 1 or more, at
    most 20 values.
    """
    low, high = OWN_LADDER_GOAL

    def verdict(rules: st.Rules) -> tuple[bool, str]:
        mean = float(st.simulate(games=LADDER_DEALS, policy="greedy", seed=0, rules=rules).mean())
        gives = f"{mean:.1f}"
        if mean < low:
            said = _(
                "your ladder gives the greedy player {mean} points on average, below {low}: let "
                "the dice climb faster."
            )
            return False, said.format(mean=gives, low=low)
        if mean > high:
            said = _(
                "your ladder gives the greedy player {mean} points on average, above {high}: let "
                "the dice climb more slowly."
            )
            return False, said.format(mean=gives, high=high)
        said = _(
            "your ladder gives the greedy player {mean} points on average over the {deals} deals."
        )
        return True, said.format(mean=gives, deals=LADDER_DEALS)

    refused = _(
        "a dice ladder climbs: each value bigger than the one before, from 1 or more, at most "
        "{most} values."
    ).format(most=st.rules.MAX_LADDER)
    check_own_rules(
        "my_ladder", answer, verdict, lambda values: st.Rules(ladder=values), refused,
        count=4, unit="steps", what=_("the ladder"), example="(1, 5, 10, 20)", formula="3n",
    )  # fmt: skip


def check_ladder_gain(answer: Any, squares: np.ndarray, standard: np.ndarray) -> None:
    """Exercise 6: how many points the squares ladder adds to the greedy player's mean.

    >>> check_ladder_gain(15, np.array([55.0, 57.0]), np.array([40.0, 42.0]))
    ✓ Right!
    >>> check_ladder_gain(56, np.array([55.0, 57.0]), np.array([40.0, 42.0]))
    Not yet: that is the mean of the squares ladder; subtract the mean of the standard ladder.
    """
    check_gain(
        "squares_gain",
        answer,
        squares,
        standard,
        (_("the squares ladder"), _("the standard ladder")),
    )


def check_simple_bound(answer: Any) -> None:
    """Exercise 7: the most points the dice could ever show: every die of the supply on 10.

    >>> check_simple_bound(15)
    Not yet: 15 is the number of dice; what is each worth at most?
    >>> check_simple_bound(150)
    ✓ Right! 15 dice × 10.
    """
    rules = st.Rules()
    dice = len(st.FRUITS) * rules.dice_per_fruit
    bound = dice * rules.ladder[-1]
    assert bound == st.FACTS.max_score  # the engine declares the same bound
    top = rules.ladder[-1]
    check(
        "simple_bound", answer, bound,
        {dice: _("{count} is the number of dice; what is each worth at most?").format(count=dice),
         rules.dice_per_fruit * top: _("that is one fruit's dice; there are three fruits.")},
        explanation=_n("{count} die × {top}.", "{count} dice × {top}.", dice).format(
            count=dice, top=top
        ),
    )  # fmt: skip


def check_covering_trees(answer: Any) -> None:
    """Exercise 8 (a): the most trees that can lie on other trees in one game.

    >>> check_covering_trees(54)
    Not yet: the start card lies on nothing: only the other 8 cards can cover trees.
    """
    rules = st.Rules()
    trees = _trees_per_card()
    check(
        "covering_trees", answer, (rules.cards_per_game - 1) * trees,
        {rules.cards_per_game * trees: _(
            "the start card lies on nothing: only the other 8 cards can cover trees."),
         rules.cards_per_game - 1: _n(
            "that counts cards; each card has {count} tree.",
            "that counts cards; each card has {count} trees.",
            trees,
         ).format(count=trees)},
    )  # fmt: skip


def check_tighter_bound(answer: Any) -> None:
    """Exercise 8 (b): the bound when every die needs 4 trees on it to reach 10.

    >>> check_tighter_bound(120)
    ✓ Right! 48 covering trees make at most 12 dice of 10.
    """
    rules = st.Rules()
    covering = (rules.cards_per_game - 1) * _trees_per_card()
    steps = len(rules.ladder)
    top = rules.ladder[-1]
    check(
        "tighter_bound", answer, covering // steps * top,
        {covering * top: _("each die needs 4 trees on it to reach 10, not one."),
         covering: _("that counts trees; how many dice of 10 do they make?"),
         st.FACTS.max_score: _(
            "{bound} is the first bound, from the supply; this one uses the {covering} covering "
            "trees."
         ).format(bound=st.FACTS.max_score, covering=covering)},
        explanation=_n(
            "{trees} covering trees make at most {count} die of {top}.",
            "{trees} covering trees make at most {count} dice of {top}.",
            covering // steps,
        ).format(trees=covering, count=covering // steps, top=top),
    )  # fmt: skip


def first_empty(seed: int) -> int | None:
    """After how many placed cards greedy play on deal ``seed`` first empties a fruit's supply
    (None if no fruit runs out).

    >>> first_empty(0)
    8
    """
    order = st.Game.new(seed=seed).order
    board = st.Board(order[0])
    hand, drawn = list(order[1:3]), 3
    for placed in range(1, len(order)):
        card = greedy_turn(board, hand)
        if card is None:
            return None
        if min(board.dice_left.values()) == 0:
            return placed
        hand.remove(card)
        if drawn < len(order):
            hand.append(order[drawn])
            drawn += 1
    return None


def check_first_empty(answer: Any, seed: int) -> None:
    """Exercise 9: read from the picture after how many cards a fruit's supply is empty.

    >>> check_first_empty(9, 0)
    Not yet: one card too many: the picture starts at 0 cards placed, so count the points
    from 0.
    >>> check_first_empty(4, 0)
    Not yet: look for the first point where a line reaches 0 dice left.
    >>> check_first_empty(8, 0)
    ✓ Right!
    >>> check_first_empty(7, 0)
    Not yet: after 7 cards every fruit still has dice left; look one point further.
    """
    expected = first_empty(seed)

    def hint(said: Any) -> str | None:
        if not _whole(said):
            return _("give a number of cards placed, from 1 to 8.")
        if expected is not None and said == expected - 1:
            return _n(
                "after {count} card every fruit still has dice left; look one point further.",
                "after {count} cards every fruit still has dice left; look one point further.",
                said,
            ).format(count=said)
        if expected is not None and said == expected + 1:
            return _(
                "one card too many: the picture starts at 0 cards placed, so count the points "
                "from 0."
            )
        return None

    check(
        "first_empty", answer, expected, hint,
        otherwise=_("look for the first point where a line reaches 0 dice left."),
    )  # fmt: skip


def check_token_gain(answer: Any, board: st.Board, move: st.Move) -> None:
    """Exercise 10: what the score gains with ``move``, a placement that spends a token.

    >>> board = st.Board(start=st.Card.from_text("APL/LAP"))
    >>> board.place(st.Card.from_text("APL/LAP"), at=(0, 0))
    >>> move = st.Move(st.Card.from_text("APL/LAA"), (0, 0), rotten=True)
    >>> check_token_gain(7, board, move)
    Not yet: the die under the rotten tree goes back to the supply: take its value off too.
    """
    gain = board.gain(move.card, move.at, move.rotation, move.rotten)
    penalty = board.rules.rotten_penalty
    row, col = move.at
    lost = sum(
        board.die(row + r, col + c) or 0
        for r, line in enumerate(move.card.rotated(move.rotation).rows)
        for c, fruit in enumerate(line)
        if board.top(row + r, col + c) not in (None, fruit)
    )
    check(
        "token_gain", answer, gain,
        {gain + penalty: _n(
            "the token costs {count} point: take it off.",
            "the token costs {count} points: take them off.",
            penalty,
         ).format(count=penalty),
         gain + lost: _(
            "the die under the rotten tree goes back to the supply: take its value off too."),
         gain + penalty + lost: _(
            "that counts only the dice that climb; take off the die that goes back and the "
            "token's points.")},
        otherwise=_("add what each die climbs, take off the die that goes back and the token."),
    )  # fmt: skip


def check_token_worth(answer: Any, board: st.Board, move: st.Move) -> None:
    """Exercise 10: whether ``move`` beats every placement of its card without a token.

    >>> board = st.Board(start=st.Card.from_text("APL/LAP"))
    >>> board.place(st.Card.from_text("APL/LAP"), at=(0, 0))
    >>> check_token_worth(True, board, st.Move(st.Card.from_text("APL/LAA"), (0, 0), rotten=True))
    ✓ Right! The best placement without a token adds 4.
    """
    card = move.card
    free = [board.gain(card, p.at, p.rotation) for p in board.placements(card) if not p.tokens]
    best_free = max(free, default=None)
    token = board.gain(card, move.at, move.rotation, move.rotten)
    worth = best_free is None or token > best_free
    if best_free is None:
        explanation = _("There is no placement without a token.")
    else:
        explanation = _("The best placement without a token adds {gain}.").format(gain=best_free)

    def hint(said: Any) -> str | None:
        if isinstance(said, bool):
            return None
        if isinstance(said, int | float) and best_free is not None:
            # Translators: True and False are Python's, which the pupil types: keep them
            return _(
                "write True or False: is {answer} more than the {gain} of the best placement "
                "without a token?"
            ).format(answer=said, gain=best_free)
        # Translators: True and False are Python's, which the pupil types: keep them
        return _("write True or False, without quotes.")

    check(
        "token_worth", answer, worth, hint,
        otherwise=_("compare it with the best placement of the same card without a token."),
        explanation=explanation,
    )  # fmt: skip


def check_tokens_pay(answer: Any, with_tokens: np.ndarray, without: np.ndarray) -> None:
    """Exercise 11: how many points the two rotten tokens add to the greedy player's mean.

    >>> check_tokens_pay(2.0, np.array([40.0, 42.0]), np.array([39.0, 39.0]))
    ✓ Right!
    >>> check_tokens_pay(41.0, np.array([40.0, 42.0]), np.array([39.0, 39.0]))
    Not yet: that is the mean of the games with tokens; subtract the mean of the games without
    them.
    """
    check_gain(
        "tokens_pay", answer, with_tokens, without,
        (_("the games with tokens"), _("the games without them")),
    )  # fmt: skip


def check_best_over_greedy(answer: Any, best: np.ndarray, greedy: np.ndarray) -> None:
    """Exercise 12: how many points the best line scores above greedy play, on average.

    >>> check_best_over_greedy(-5, np.array([50, 48]), np.array([44, 44]))
    Not yet: that is greedy minus the best line: the other way round.
    >>> check_best_over_greedy(10, np.array([50, 48]), np.array([44, 44]))
    Not yet: that is the difference of the totals over 2 deals; divide by 2 for the mean.
    """
    expected = float(np.mean(best) - np.mean(greedy))
    deals = len(np.asarray(best))
    check(
        "best_over_greedy", answer, expected, near({
            -expected: _("that is greedy minus the best line: the other way round."),
            expected * deals: _n(
                "that is the difference of the totals over {count} deal; divide by {count} for "
                "the mean.",
                "that is the difference of the totals over {count} deals; divide by {count} for "
                "the mean.",
                deals,
            ).format(count=deals),
        }), tolerance=0.01,
        otherwise=_("take the mean of each list, then subtract: best line minus greedy."),
    )  # fmt: skip


def check_reach_plum(answer: Any, best: np.ndarray) -> None:
    """Exercise 12: on how many deals the best line is rated "Plum-believable" or better.

    >>> check_reach_plum(1, np.array([44, 45, 52]))
    Not yet: 45 itself is Plum-believable: count the scores of 45 or more, not only those
    above 45.
    >>> check_reach_plum(3, np.array([44, 45, 52]))
    Not yet: that is every deal; count only the deals rated Plum-believable or better.
    """
    scores = np.asarray(best)
    expected = int((scores >= PLUM_BAND).sum())
    rating = _(PLUM)
    hints = {
        # Translators: {rating} is an ST-6 rating, as the rules sheet and the board name it
        len(scores): _("that is every deal; count only the deals rated {rating} or better.").format(
            rating=rating
        ),
        int((scores > PLUM_BAND).sum()): _(
            "{band} itself is {rating}: count the scores of {band} or more, not only those "
            "above {band}."
        ).format(band=PLUM_BAND, rating=rating),
    }
    hints.pop(expected, None)
    check(
        "reach_plum", answer, expected, hints,
        otherwise=_("count the scores of {band} or more.").format(band=PLUM_BAND),
        explanation=_("The rating table is ST-6 on the rules sheet."),
    )  # fmt: skip
