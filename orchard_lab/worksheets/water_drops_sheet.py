"""The words and pictures of the water drops rules sheet for pupils (``pupil_sheet``).

Every picture is a real position: the engine lays the cards, finds the groups and scores
them, and plays the lesson's short game to its end.

>>> [rule.rule for rule in RULES]
['WD-1', 'WD-2', 'WD-3', 'WD-4', 'WD-5', 'WD-6']
"""

from __future__ import annotations

import functools
from html import escape

from babel.lists import format_list

from orchard_lab import water_drops as wd
from orchard_lab.glossary import RULE_NAMES
from orchard_lab.language import N_, _, _n, language
from orchard_lab.lessons.water_drops import SHORT_GAME_CARDS, short_game
from orchard_lab.worksheets.pictures import drops_card, drops_orchard
from orchard_lab.worksheets.pupil_sheet import SheetRule

__all__ = ["INTRO", "ORDER", "RULES", "VARIANTS"]

INTRO = N_(
    "Each player grows an orchard of square cards. Fruit of one kind that touch make a "
    "group, and a group scores when a water drop beside it shows exactly its size."
)
ORDER = ("WD-1", "WD-2", "WD-3", "WD-5", "WD-4", "WD-6")  # two by two


def _caption(words: str) -> str:
    return f"<div class='caption'>{escape(words)}</div>"


def _card() -> str:
    words = _("A banana and a cherry above a 3-drop and a mango.")
    return drops_card(wd.Card.from_text("BC/3M")) + _caption(words)


def _market() -> str:
    game = wd.Game.new(players=2, seed=1)
    cards = "".join(drops_card(card) for card in game.market)
    return cards + _caption(_("The first market of a game for 2 players."))


def _placing() -> str:
    board = wd.Board(start=wd.Card.from_text("BP/2C"))
    board.place(wd.Card.from_text("P1/C3"), (0, 1))
    board.place(wd.Card.from_text("M1/3M"), (1, 0))
    corner = board.can_place(wd.Card.from_text("MM/M4"), (1, 1))  # shares two sides
    far = board.can_place(wd.Card.from_text("MM/M4"), (2, 2))  # only a corner
    assert corner and not far
    words = _(
        "The start card with two cards beside it. A card may go below right, where it shares "
        "two sides; not further off."
    )
    return drops_orchard(board) + _caption(words)


def _scoring() -> str:
    board = wd.Board(start=wd.Card.from_text("BP/2C"))
    for text, at in (("CC/1P", (0, 1)), ("B3/BB", (1, 0)), ("P2/CP", (1, 1))):
        board.place(wd.Card.from_text(text), at)
    scoring = [group for group in board.groups() if group.points]
    assert (len(scoring), board.total) == (4, 6)  # the caption's 4 groups and 6 points
    words = _(
        "A green outline: the group scores. 4 groups score here, 6 points: 3 bananas touch a "
        "3-drop, three lone fruit a 1-drop. Dashed: no points; the 2 cherries at the top "
        "touch only a 1-drop: overwatered."
    )
    return drops_orchard(board) + _caption(words)


@functools.cache
def _short_game() -> wd.Game:
    game = short_game(players=2, seed=1)
    while not game.is_over:
        game.play(wd.hint(game).move)
    return game


def _winning() -> str:
    game = _short_game()
    rows = []
    for player, total in enumerate(game.scores()):
        who = _("player {number}").format(number=player + 1)
        points = _n("{points} point", "{points} points", total).format(points=total)
        rows.append(f"<tr><td>{escape(who)}</td><td>{escape(points)}</td></tr>")
    more = len(game.boards[0].squares) - 1
    words = _n(
        "The end of a short game, {cards} cards dealt: player 1's orchard, its start card "
        "and {more} more.",
        "The end of a short game, {cards} cards dealt: player 1's orchard, its start card "
        "and {more} more.",
        more,
    ).format(cards=SHORT_GAME_CARDS, more=more)
    return (
        f"<div class='row'>{drops_orchard(game.boards[0], small=True)}<table class='batches'>"
        f"{''.join(rows)}</table></div>{_caption(words)}"
    )


def _deck() -> str:
    deck = wd.default_deck()
    cards = "".join(drops_card(card) for card in deck[:6])
    drops = [value for card in deck for value in card.drops]
    counts = format_list(
        [
            _n("{count} of {value}", "{count} of {value}", drops.count(value)).format(
                count=drops.count(value), value=value
            )
            for value in sorted(set(drops))
        ],
        locale=language(),
    )
    words = _(
        "6 of the cards. The drops of the whole deck, all {cards} cards (not only these 6): "
        "{counts}."
    ).format(cards=len(deck), counts=counts)
    return cards + _caption(words)


RULES = (
    SheetRule(
        "WD-1",
        RULE_NAMES["WD-1"],
        N_(
            "A card has 4 cells, 2 rows of 2. A cell holds a fruit, **B**anana, **C**herry, "
            "**P**ear or **M**ango, or a **water drop** with a number from 1 to 5."
        ),
        _card,
    ),
    SheetRule(
        "WD-2",
        RULE_NAMES["WD-2"],
        N_(
            "2 to 5 players, or 1 alone. Each starts with a different start card. The "
            "**market** has a card for each player (4 with 2 players: two each). In turn, each "
            "player takes a card and lays it at once. An empty market is filled from the draw "
            "pile and the next player starts. The game ends when all the cards are laid."
        ),
        _market,
    ),
    SheetRule(
        "WD-3",
        RULE_NAMES["WD-3"],
        N_(
            "Lay the new card, as it is dealt, on an empty square that shares a **side** with "
            "a card of your orchard. A corner is not enough."
        ),
        _placing,
    ),
    SheetRule(
        "WD-4",
        RULE_NAMES["WD-4"],
        N_(
            "A **group** is all the fruit of one kind joined by shared sides, across card "
            "edges too (corners do not join). A group scores **1 point for each fruit** when a "
            "drop it touches shows exactly its size. A group bigger than every drop it touches "
            "is **overwatered** and scores nothing. One drop can make several groups score."
        ),
        _scoring,
    ),
    SheetRule(
        "WD-5",
        RULE_NAMES["WD-5"],
        N_("The most points wins; a tie is shared."),
        _winning,
    ),
    SheetRule(
        "WD-6",
        RULE_NAMES["WD-6"],
        N_(
            "50 cards: 144 fruit (36 of each kind) and 56 drops, small drops more often than "
            "big ones. Every card has a fruit. 5 start cards are kept apart."
        ),
        _deck,
    ),
)

VARIANTS = (
    N_(
        "**Alternative scoring:** a group that scores earns the number on its drop, once, "
        "instead of 1 point a fruit. The totals always come out the same: why?"
    ),
    N_("**Turning cards:** a card may be turned a quarter turn before you lay it."),
    N_("**Take, then lay:** everyone takes a card from the market first, then all lay them."),
)
