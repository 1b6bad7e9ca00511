"""The water drops rules, one step at a time, on a board of the walkthrough's own.

Each step deals a scripted position on the walkthrough's board (a start card and the cards
to come), plays the step's example by the board's own clicks, and marks what the text
talks about (``WaterDropsBoard.highlight``). A step about a rule that refuses something
shows an allowed and a refused example; the refusal is the engine's sentence. ``SCRIPT``
lists the steps, so tests can check each one's highlight. Every sentence is the catalogue's,
in the session's language when the walkthrough is built (``orchard_lab.language``), and a
card is written in that language's fruit letters.

>>> tour = walkthrough()
>>> tour.go(4); tour.heading.value, tour.view.highlighted["cells"]
('A drop that matches', ((0, 0), (0, 1), (0, 2), (1, 2), (1, 0)))
"""

from __future__ import annotations

from typing import Any

from orchard_lab import water_drops as wd
from orchard_lab.core import IllegalMove, switches
from orchard_lab.fruit_words import water_drops_code, water_drops_letter
from orchard_lab.language import N_, _, _n
from orchard_lab.walkthrough_games import WATER_DROPS_SEED as SEED
from orchard_lab.walkthrough_games import water_drops_game
from orchard_lab.widgets import walkthrough as walkthrough_base
from orchard_lab.widgets.walkthrough import Walkthrough, scripted_walkthrough
from orchard_lab.widgets.water_drops_board import WaterDropsBoard

__all__ = ["SCRIPT", "SEED", "Scene", "walkthrough"]

START = "BC/3M"  # the first step's start card, read out in its note
FILLER = "PM/1B"  # a last card in the pile so a scripted game is not over yet
Square = tuple[int, int]


Scene = walkthrough_base.Scene[WaterDropsBoard]


def _deal(start: str, *cards: str, rules: wd.Rules | None = None) -> wd.Game:
    """A solo game: ``start`` in the orchard, then ``cards`` one by one in the market."""
    deal = [wd.Card.from_text(text) for text in (*cards, FILLER)]
    return wd.Game(
        players=1,
        rules=rules or wd.Rules(),
        first_player=0,
        starts=[wd.Card.from_text(start)],
        set_aside=[],
        deal=deal,
    )


def _points(gain: int) -> str:
    """What a move added, signed: ``+2 points``."""
    return _n("{points} point", "{points} points", abs(gain)).format(points=f"{gain:+d}")


def _place(board: WaterDropsBoard, at: Square, turns: int = 0) -> str:
    """Click the first market card, turn it ``turns`` times, click square ``at``: the move
    in words with what it added."""
    before = board.game.scores()[0]
    card = board.game.market[0]
    board.select_card(0)
    for _turn in range(turns):
        board.turn()
    board.choose_square(at)
    gain = board.game.scores()[0] - before
    words = {
        False: _("✓ Allowed: the {card} card on row {row}, column {col} ({points})."),
        True: _(
            "✓ Allowed: the {card} card turned {degrees}° on row {row}, column {col} ({points})."
        ),
    }[turns > 0]
    return words.format(
        card=water_drops_code(card), degrees=90 * turns, row=at[0], col=at[1],
        points=_points(gain),
    )  # fmt: skip


def _refuse(board: WaterDropsBoard, at: Square, rotation: int = 0) -> str:
    """Click the first market card, then square ``at``, which the rules refuse: the engine's
    sentence, also shown on the board."""
    card = board.game.market[0]
    try:
        board.game.copy().play(wd.Move(card, at, rotation))
    except IllegalMove as refusal:
        reason = str(refusal)
    else:
        raise ValueError(f"the {card} card fits on row {at[0]}, column {at[1]}: no refusal to show")
    board.select_card(0)
    board.rotation = rotation
    board.choose_square(at)
    words = {
        False: _("✗ Refused: the {card} card on row {row}, column {col}. {reason}"),
        True: _(
            "✗ Refused: the {card} card turned {degrees}° on row {row}, column {col}. {reason}"
        ),
    }[rotation > 0]
    return words.format(
        card=water_drops_code(card), degrees=rotation, row=at[0], col=at[1], reason=reason
    )


def _label(name: str) -> str:
    """The board's label of the rule switch ``name``, in the session's language."""
    return _(next(each.label for each in switches(wd.Rules) if each.name == name))


def _group_at(board: WaterDropsBoard, cell: Square) -> wd.Group:
    return next(g for g in board.game.boards[0].groups() if cell in g.cells)


def _cells(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal(START, "PP/1B"))
    start = _("Your start card {card}: a banana and a cherry on top, a 3-drop and a mango below.")
    return start.format(card=water_drops_code(wd.Card.from_text(START))), {}


def _market(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(wd.Game.new(players=2, seed=SEED))
    game = board.game
    # Translators: the plural form follows {pile}; {market} is 4
    words = _n(
        "2 players: {market} cards in the market, {pile} in the draw pile.",
        "2 players: {market} cards in the market, {pile} in the draw pile.",
        len(game.pile),
    )
    return words.format(market=len(game.market), pile=len(game.pile)), {}


def _placing(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("BC/3M", "PP/1B", "CM/2C"))
    allowed = _place(board, (0, 1))
    refused = _refuse(board, (0, 3))
    board.select_card(0)
    lit = len(board.legal_squares())
    after = _n(
        "The next card may go on {count} lit square.",
        "The next card may go on {count} lit squares.",
        lit,
    ).format(count=lit)
    return f"{allowed}\n{refused}\n{after}", {"squares": [(0, 1)]}


def _across(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("B1/CC", "CC/P2"))
    placed = _place(board, (1, 0))
    group = _group_at(board, (1, 0))
    # Translators: {reason} is the board's sentence on the group
    joined = _("The cherries join across the card edge: {reason}.").format(reason=group.reason)
    return f"{placed}\n{joined}", {"cells": group.cells}


def _matching(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("CC/4B", "CM/CP"))
    placed = _place(board, (0, 1))
    group = _group_at(board, (0, 0))
    return f"{placed}\n{group.reason}.", {"cells": (*group.cells, group.matching[0][0])}


def _overwatered(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("CC/2B", "CC/MP"))
    before = _group_at(board, (0, 0)).reason
    placed = _place(board, (0, 1))
    group = _group_at(board, (0, 0))
    before = _("Before: {reason}.").format(reason=before)
    after = _("After: {reason}.").format(reason=group.reason)
    return f"{before}\n{placed}\n{after}", {"cells": group.cells}


def _several(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("C2/BB", "PP/CM"))
    placed = _place(board, (-1, 0))
    scoring = [g for g in board.game.boards[0].groups() if g.scores]
    cells = tuple(cell for g in scoring for cell in g.cells)
    return "\n".join([placed, *(f"{g.reason}." for g in scoring)]), {"cells": (*cells, (0, 1))}


def _scorings(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    points = {}
    for scoring in wd.SCORINGS:
        total = _deal("B2/B2", rules=wd.Rules(scoring=scoring)).scores()[0]
        points[scoring] = _n("{points} point", "{points} points", total).format(points=total)
    board.load(_deal("B2/B2"))
    words = _(
        "2 bananas touch two 2-drops. Standard rules: {fruit}; the alternative rules: {drop}; "
        "our what-if: {per_drop}."
    )
    return words.format(**points), {}


def _turning(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("CC/4B", "PC/MC"))
    refused = _refuse(board, (0, 1), rotation=180)
    board.load(_deal("CC/4B", "PC/MC", rules=wd.Rules(allow_rotation=True)))
    allowed = _place(board, (0, 1), turns=2)
    standard = _("Standard rules: {refused}").format(refused=refused)
    turning = _("With '{switch}' on: {allowed}").format(
        switch=_label("allow_rotation"), allowed=allowed
    )
    return f"{standard}\n{turning}", {"squares": [(0, 1)]}


def _largest(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("BC/3M", "PP/1B", "CM/2C", rules=wd.Rules(max_size=(1, 4))))
    allowed = _place(board, (0, 1))
    refused = _refuse(board, (1, 0))
    return f"{allowed}\n{refused}", {"squares": [(0, 0), (0, 1)]}


def _end(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    game = water_drops_game()
    board.load(game, policy="greedy")
    # Translators: {reason} is the board's sentence on who won
    words = _("Both players took the best move each turn. {reason}")
    return words.format(reason=game.winner_reason()), {}


# the drops on the game's cards (WD-6): 1 to 5, though a card of your own may show up to 9
_DECK_DROPS = sorted({d for card in wd.default_deck() + wd.starting_cards() for d in card.drops})

SCRIPT = (
    Scene(
        N_("Cells and cards"),
        N_(
            "A card is a square of 4 cells. A cell holds a fruit (banana {B}, cherry {C}, pear "
            "{P} or mango {M}) or a water drop with a number from {low} to {high}.\n\n"
            "Your orchard starts with one card. Point at a cell to read what it is."
        ),
        _cells,
        {"squares": [(0, 0)]},
        lambda: {
            **{fruit: water_drops_letter(fruit) for fruit in wd.FRUITS},
            "low": _DECK_DROPS[0],
            "high": _DECK_DROPS[-1],
        },
    ),
    Scene(
        N_("The market and your turn"),
        N_(
            "Cards lie face up in the market. On your turn you take one card and lay it in your "
            "orchard at once. Then the next player takes one.\n\n"
            "The market holds one card per player (4 with 2 players, so each takes two). When "
            "it is empty it is filled again from the draw pile."
        ),
        _market,
        {"market": True, "turn": True},
    ),
    Scene(
        N_("Placing next to your orchard"),
        N_(
            "A new card goes on an empty square that shares a side with a card of your "
            "orchard. When you pick a card, the squares where it may go light up and show what "
            "it would add there."
        ),
        _placing,
    ),
    Scene(
        N_("Groups join across card edges"),
        N_(
            "A group is all the cells of one fruit joined by their sides. Groups do not stop at "
            "the edge of a card: two cherries on one card and two on the next make one group of "
            "4.\n\nEvery group has an outline on the board."
        ),
        _across,
    ),
    Scene(
        N_("A drop that matches"),
        N_(
            "A group scores when it touches a drop whose number is the size of the group: 4 "
            "cherries next to a 4-drop score.\n\nA scoring group has a green outline."
        ),
        _matching,
        {"groups": True},
    ),
    Scene(
        N_("Overwatered"),
        N_(
            "A group that grows bigger than its drops is overwatered: it scores nothing, unless "
            "another touching drop matches its new size. Growing a group is a risk."
        ),
        _overwatered,
        {"groups": True},
    ),
    Scene(
        N_("One drop, several groups"),
        N_(
            "One drop can make several groups score: here a 2-drop touches 2 cherries and 2 "
            "bananas, and both groups score."
        ),
        _several,
        {"groups": True},
    ),
    Scene(
        N_("Three ways to score"),
        N_(
            "Standard rules: a scoring group earns 1 point per fruit. The alternative rules: it "
            "earns the matching drop's number, once. Our what-if: its size once for every "
            "matching drop.\n\n"
            "The standard and the alternative rules always give the same total. Can you see "
            "why?"
        ),
        _scorings,
        {"score": True},
    ),
    Scene(
        N_("Turning cards"),
        N_(
            "In the standard rules a card is laid as it was dealt. With the switch '{switch}' "
            "on, you may turn it by quarter turns first: the Turn button."
        ),
        _turning,
        {},
        lambda: {"switch": _label("allow_rotation")},
    ),
    Scene(
        N_("The largest orchard"),
        N_(
            "With the switch '{switch}' your orchard must fit in a box of that many cards. "
            "Here the box is 1 row of 4 cards, so nothing may go below."
        ),
        _largest,
        {},
        lambda: {"switch": _label("max_size")},
    ),
    Scene(
        N_("The end and winning"),
        N_(
            "The game ends when the draw pile is empty and the last market has been taken. The "
            "most points wins; players with the same points share the win."
        ),
        _end,
        {"summary": True, "opponents": True},
    ),
)


def walkthrough() -> Walkthrough:
    """The water drops rules in 11 steps on a fresh board (never the class's board)."""
    return scripted_walkthrough(
        WaterDropsBoard(players=1, seed=SEED), SCRIPT, _("How to play water drops")
    )
