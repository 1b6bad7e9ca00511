"""The words and pictures of the stacked trees rules sheet for pupils (``pupil_sheet``).

Every picture is a real position of the deck's own cards (ST-8): the engine deals, places
the cards, moves the dice and plays a whole deal greedily.

>>> [rule.rule for rule in RULES]
['ST-1', 'ST-2', 'ST-3', 'ST-4', 'ST-5', 'ST-6', 'ST-7', 'ST-8']
"""

from __future__ import annotations

import functools
from html import escape

from orchard_lab import stacked_trees as st
from orchard_lab.fruit_words import tree_letter, trees_code
from orchard_lab.glossary import RULE_NAMES
from orchard_lab.language import N_, _, _n, _p
from orchard_lab.worksheets.pictures import trees_card, trees_orchard
from orchard_lab.worksheets.pupil_sheet import SheetRule

__all__ = ["INTRO", "ORDER", "RULES", "VARIANTS"]

INTRO = N_(
    "A game for one player (a whole class can play the same deal): lay cards of trees on "
    "top of each other so that dice climb a ladder of points."
)
ORDER = ("ST-1", "ST-2", "ST-3", "ST-4", "ST-5", "ST-6", "ST-7", "ST-8")
SEED = 1  # the deal the pictures of ST-2, ST-6 and ST-7 show
DECK = {str(card): card for card in st.default_deck()}  # every card drawn is one of these

# The positions of ST-1, ST-3, ST-4 and ST-5, found by trying the deck's cards on the
# engine's Board (every start card, every other card, every legal spot): a start card, a
# card that lies with 4 trees on the same fruit one column to its right (ST-3), two more
# cards that lift two of those dice 1 -> 3 -> 6 (ST-4; within 3 rows and 4 columns no three
# cards of the deck do it unless one is turned), and a card below right that needs one
# rotten token (ST-5).
START = "PLA/LAL"
TURN = ("LAP/ALP", (0, 1), 0)  # (card, spot of its top-left tree, rotation)
CLIMB = (TURN, ("ALP/PAP", (1, 1), 0), ("APA/LAL", (1, 0), 180))
ROTTEN = ("APP/ALA", (1, 1), 0)


def _deck_card(text: str) -> st.Card:
    """The deck's card ``text`` (KeyError for a card the deck does not have)."""
    return DECK[text]


def _orchard(*placed: tuple[str, tuple[int, int], int], rotten: bool = False) -> st.Board:
    """The start card, then ``placed`` on it by the engine (which refuses an illegal one)."""
    board = st.Board(start=_deck_card(START))
    for text, at, rotation in placed:
        board.place(_deck_card(text), at, rotation, rotten=rotten)
    return board


def _caption(words: str) -> str:
    return f"<div class='caption'>{words}</div>"


def _card() -> str:
    words = _(
        "The card {card}: its top row, then its bottom row ({A} apple, {P} pear, {L} plum)."
    ).format(card=trees_code(START), A=tree_letter("A"), P=tree_letter("P"), L=tree_letter("L"))
    return trees_card(_deck_card(START)) + _caption(escape(words))


def _setting_up() -> str:
    game = st.Game.new(seed=SEED)
    start = game.boards[0].cards()[0]
    hand = "".join(trees_card(card) for card in game.hand)
    start_card, your_hand = _("start card"), _("your hand")
    return (
        f"<div class='row'><div>{trees_card(start)}{_caption(escape(start_card))}</div>"
        f"<div>{hand}{_caption(escape(your_hand))}</div></div>"
    )


def _turn() -> str:
    board = _orchard(TURN)
    assert board.total == 4 and board.rotten_used == 0  # the caption's 4 dice showing 1
    words = _(
        "The start card {start}, and {card} placed one column to the right: 4 of its trees "
        "lie on the same fruit, and each gets a die showing 1. Its 2 pears lie on nothing."
    ).format(start=trees_code(START), card=trees_code(TURN[0]))
    return trees_orchard(board) + _caption(escape(words))


def _dice() -> str:
    steps = [_orchard(*CLIMB[: n + 1]) for n in range(len(CLIMB))]
    climbs = [(board.die(1, 1), board.die(1, 2)) for board in steps]
    assert climbs == [(1, 1), (3, 3), (6, 6)], climbs  # the apple and the plum of the caption
    names = [
        trees_code(CLIMB[0][0]),
        _("then {card}").format(card=trees_code(CLIMB[1][0])),
        _("then {card}, turned").format(card=trees_code(CLIMB[2][0])),
    ]
    boards = "".join(
        f"<div>{trees_orchard(board)}{_caption(escape(name))}</div>"
        for board, name in zip(steps, names, strict=True)
    )
    words = _(
        "On the start card {start}, 3 cards (the last turned 2 quarter turns) cover the apple "
        "and the plum in the middle of the 2nd row: their dice climb 1 → 3 → 6. Score {score}."
    ).format(start=trees_code(START), score=steps[-1].total)
    return f"<div class='row'>{boards}</div>{_caption(escape(words))}"


def _rotten() -> str:
    board = _orchard(ROTTEN, rotten=True)
    assert board.is_rotten(1, 2) and board.die(1, 1) == 1 and board.total == 1 - 3
    words = _(
        "{card} placed below right: its first pear lies on a plum, so it takes a rotten token "
        "(✗) and no die; its apple lies on an apple and gets a die. Score 1 − 3 = -2."
    ).format(card=trees_code(ROTTEN[0]))
    return trees_orchard(board) + _caption(escape(words))


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
    # Translators: what parts the ratings of a list ("22+ Plum-believable; 18+ …"): French
    # writes a space before the semicolon
    ratings = _p("a list of ratings", "; ").join(
        _("{low}+ {rating}").format(low=low, rating=_(name)) for low, name in reversed(st.RATINGS)
    )
    played = _n(
        "A whole deal played: {score} point, {rating}.",
        "A whole deal played: {score} points, {rating}.",
        score,
    ).format(score=score, rating=f"<b>{escape(_(st.rating(score)))}</b>")
    below = _("Below 25: {rating}").format(rating=_(st.rating(0)))
    return (
        f"<div class='row'>{trees_orchard(board, small=True)}"
        f"{_caption(f'{played}<br>{escape(below)}; {escape(ratings)}')}</div>"
    )


def _players() -> str:
    code = st.deal_code(_played().order)
    words = _(
        "The deal code of that game: type it in the deal code box of the on-screen game "
        "board, and everyone gets the same 9 cards."
    )
    return f"<div class='row'><b style='font-size:12pt'>{code}</b></div>{_caption(escape(words))}"


def _deck() -> str:
    cards = "".join(trees_card(card) for card in st.default_deck()[:4])
    return cards + _caption(escape(_("4 of the 18 cards.")))


RULES = (
    SheetRule(
        "ST-1",
        RULE_NAMES["ST-1"],
        N_(
            "A card shows six trees in 2 rows of 3: **A**pples, **P**ears or p**L**ums. The box "
            "holds 18 cards; a game uses 9."
        ),
        _card,
    ),
    SheetRule(
        "ST-2",
        RULE_NAMES["ST-2"],
        N_(
            "Shuffle the 18 cards and deal 9 (the other 9 make a second game). The first card "
            "starts your **orchard**; the next 2 are your **hand**. The **supply**: 5 dice of "
            "each fruit and 2 rotten tokens."
        ),
        _setting_up,
    ),
    SheetRule(
        "ST-3",
        RULE_NAMES["ST-3"],
        N_(
            "Play a card from your hand onto the orchard, lined up with the trees, turned by "
            "quarter turns (never flipped). One tree or more must lie **on** a tree, each on the "
            "**same fruit**. Then draw back up to 2 cards."
        ),
        _turn,
    ),
    SheetRule(
        "ST-4",
        RULE_NAMES["ST-4"],
        N_(
            "A tree on a tree with a die lifts the die, which climbs **1 → 3 → 6 → 10** (10 "
            "stays 10). A tree on a tree without a die gets a new die showing 1, while the "
            "supply lasts. A tree on nothing gets no die."
        ),
        _dice,
    ),
    SheetRule(
        "ST-5",
        RULE_NAMES["ST-5"],
        N_(
            "A tree may lie on a **different** fruit only with a rotten token on it: a die under "
            "it goes back to the supply, and nothing may cover it again. Both tokens may go on "
            "one card."
        ),
        _rotten,
    ),
    SheetRule(
        "ST-6",
        RULE_NAMES["ST-6"],
        N_(
            "The game ends after the 9th card, or when no card in your hand can be placed. "
            "Score: your dice added up, minus 3 a rotten token."
        ),
        _end,
    ),
    SheetRule(
        "ST-7",
        RULE_NAMES["ST-7"],
        N_(
            "Everyone plays the same cards in the same order (one player calls them out), each "
            "in their own orchard. The highest score wins; on a tie, fewer rotten tokens, then "
            "more dice."
        ),
        _players,
    ),
    SheetRule(
        "ST-8",
        RULE_NAMES["ST-8"],
        N_(
            "Every card has at least two fruits, each fruit grows on a third of all the trees, "
            "and no two cards look the same when turned."
        ),
        _deck,
    ),
)

VARIANTS: tuple[str, ...] = ()  # the published rules offer none (turning by 270 is ST-3)
