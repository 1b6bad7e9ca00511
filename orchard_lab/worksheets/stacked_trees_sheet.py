"""The words and pictures of the stacked trees rules sheet for pupils (``pupil_sheet``).

Every picture is a real position: the engine deals, places the cards, moves the dice and
plays a whole deal greedily.

>>> [rule.rule for rule in RULES]
['ST-1', 'ST-2', 'ST-3', 'ST-4', 'ST-5', 'ST-6', 'ST-7', 'ST-8']
"""

from __future__ import annotations

import functools

from orchard_lab import stacked_trees as st
from orchard_lab.glossary import RULE_NAMES
from orchard_lab.worksheets.pictures import trees_card, trees_orchard
from orchard_lab.worksheets.pupil_sheet import SheetRule

__all__ = ["INTRO", "ORDER", "RULES", "VARIANTS"]

INTRO = (
    "A game for one player (a whole class can play the same deal): lay cards of trees on "
    "top of each other so that dice climb a ladder of points."
)
ORDER = ("ST-1", "ST-2", "ST-3", "ST-4", "ST-5", "ST-6", "ST-7", "ST-8")
SEED = 1  # the deal the pictures show


def _text(text: str) -> st.Card:
    return st.Card.from_text(text)


def _card() -> str:
    return f"{trees_card(_text('APL/LAP'))}<div class='caption'>The card APL/LAP.</div>"


def _setting_up() -> str:
    game = st.Game.new(seed=SEED)
    start = game.boards[0].cards()[0]
    hand = "".join(trees_card(card) for card in game.hand)
    return (
        f"<div class='row'><div>{trees_card(start)}<div class='caption'>start card</div></div>"
        f"<div>{hand}<div class='caption'>your hand</div></div></div>"
    )


def _turn() -> str:
    board = st.Board(start=_text("APL/LAP"))
    board.place(_text("PLA/APA"), at=(0, 1))
    return (
        f"{trees_orchard(board)}<div class='caption'>PLA/APA placed one column to the right: "
        "4 of its trees lie on the same fruit, and each gets a die showing 1.</div>"
    )


def _dice() -> str:
    board = st.Board(start=_text("APL/LAP"))
    for _ in range(3):
        board.place(_text("APL/LAP"), at=(0, 0))
    return (
        f"{trees_orchard(board)}<div class='caption'>The same card 3 times on top: every die "
        f"has climbed 1 → 3 → 6. Score {board.total}.</div>"
    )


def _rotten() -> str:
    board = st.Board(start=_text("APL/LAP"))
    board.place(_text("AAA/AAA"), at=(1, 1), rotten=True)
    return (
        f"{trees_orchard(board)}<div class='caption'>AAA/AAA placed below right with a rotten "
        "token (✗): an apple lies on a pear.</div>"
    )


@functools.cache
def _played() -> st.Game:
    game = st.Game.new(seed=SEED)
    while not game.is_over:
        game.play(st.hint(game).move)
    return game


def _end() -> str:
    game = _played()
    board = game.boards[0]
    score = game.scores()[0]
    ratings = "; ".join(f"{low}+ {name}" for low, name in reversed(st.RATINGS))
    return (
        f"<div class='row'>{trees_orchard(board, small=True)}<div class='caption'>A whole "
        f"deal played: {score} points, <b>{st.rating(score)}</b>.</div></div>"
        f"<div class='caption'>Below 25: {st.rating(0)}; {ratings}</div>"
    )


def _players() -> str:
    code = st.deal_code(_played().order)
    return (
        f"<div class='row'><b style='font-size:12pt'>{code}</b></div><div class='caption'>"
        "The deal code of that game: type it on the board and everyone gets the same 9 "
        "cards.</div>"
    )


def _deck() -> str:
    cards = "".join(trees_card(card) for card in st.default_deck()[:4])
    return f"{cards}<div class='caption'>4 of the 18 cards.</div>"


RULES = (
    SheetRule(
        "ST-1",
        RULE_NAMES["ST-1"],
        "A card shows six trees in 2 rows of 3: **A**pples, **P**ears or p**L**ums. The box "
        "holds 18 cards; a game uses 9.",
        _card,
    ),
    SheetRule(
        "ST-2",
        RULE_NAMES["ST-2"],
        "Shuffle the 18 cards and deal 9. The first card starts your **orchard**; the next 2 "
        "are your **hand**. The **supply**: 5 dice of each fruit and 2 rotten tokens.",
        _setting_up,
    ),
    SheetRule(
        "ST-3",
        RULE_NAMES["ST-3"],
        "Play a card from your hand onto the orchard, lined up with the trees, turned by "
        "quarter turns (never flipped). One tree or more must lie **on** a tree, each on the "
        "**same fruit**. Then draw back up to 2 cards.",
        _turn,
    ),
    SheetRule(
        "ST-4",
        RULE_NAMES["ST-4"],
        "A tree on a tree with a die lifts the die, which climbs **1 → 3 → 6 → 10** (10 "
        "stays 10). A tree on a tree without a die gets a new die showing 1, while the "
        "supply lasts. A tree on nothing gets no die.",
        _dice,
    ),
    SheetRule(
        "ST-5",
        RULE_NAMES["ST-5"],
        "A tree may lie on a **different** fruit only with a rotten token on it: a die under "
        "it goes back to the supply, and nothing may cover it again. Both tokens may go on "
        "one card.",
        _rotten,
    ),
    SheetRule(
        "ST-6",
        RULE_NAMES["ST-6"],
        "The game ends after the 9th card, or when no card in your hand can be placed. "
        "Score: your dice added up, minus 3 a rotten token.",
        _end,
    ),
    SheetRule(
        "ST-7",
        RULE_NAMES["ST-7"],
        "Everyone plays the same cards in the same order (one player calls them out), each "
        "in their own orchard. The highest score wins; on a tie, fewer rotten tokens, then "
        "more dice.",
        _players,
    ),
    SheetRule(
        "ST-8",
        RULE_NAMES["ST-8"],
        "Every card has at least two fruits, each fruit grows on a third of all the trees, "
        "and no two cards look the same when turned.",
        _deck,
    ),
)

VARIANTS = (
    "**Two games in one box:** the 9 cards not dealt make a second game.",
    "**All four turns:** the published rules name 90 and 180 degrees; 270 is 90 the other way.",
)
