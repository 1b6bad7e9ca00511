"""The water drops rules, one step at a time, on a board of the walkthrough's own.

Each step deals a scripted position on the walkthrough's board (a start card and the cards
to come), plays the step's example by the board's own clicks, and marks what the text
talks about (``WaterDropsBoard.highlight``). A step about a rule that refuses something
shows an allowed and a refused example; the refusal is the engine's sentence. ``SCRIPT``
lists the steps, so tests can check each one's highlight.

>>> tour = walkthrough()
>>> tour.go(4); tour.heading.value, tour.view.highlighted["cells"]
('A drop that matches', ((0, 0), (0, 1), (0, 2), (1, 2), (1, 0)))
"""

from __future__ import annotations

from typing import Any

from orchard_lab import water_drops as wd
from orchard_lab.core import IllegalMove
from orchard_lab.walkthrough_games import WATER_DROPS_SEED as SEED
from orchard_lab.walkthrough_games import water_drops_game
from orchard_lab.widgets import walkthrough as walkthrough_base
from orchard_lab.widgets.walkthrough import Walkthrough, scripted_walkthrough
from orchard_lab.widgets.water_drops_board import WaterDropsBoard

__all__ = ["SCRIPT", "SEED", "Scene", "walkthrough"]

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


def _place(board: WaterDropsBoard, at: Square, turns: int = 0) -> str:
    """Click the first market card, turn it ``turns`` times, click square ``at``: the move
    in words with what it added."""
    before = board.game.scores()[0]
    board.select_card(0)
    for _ in range(turns):
        board.turn()
    card = board.selected
    board.choose_square(at)
    turned = f" turned {90 * turns}°" if turns else ""
    gain = board.game.scores()[0] - before
    return f"✓ Allowed: the {card} card{turned} on square {at} ({gain:+d} points)."


def _refuse(board: WaterDropsBoard, at: Square, rotation: int = 0) -> str:
    """Click the first market card, then square ``at``, which the rules refuse: the engine's
    sentence, also shown on the board."""
    card = board.game.market[0]
    try:
        board.game.copy().play(wd.Move(card, at, rotation))
    except IllegalMove as refusal:
        reason = str(refusal)
    else:
        raise ValueError(f"the {card} card fits square {at}: no refusal to show")
    board.select_card(0)
    board.rotation = rotation
    board.choose_square(at)
    turned = f" turned {rotation}°" if rotation else ""
    return f"✗ Refused: the {card} card{turned} on square {at}. {reason}"


def _group_at(board: WaterDropsBoard, cell: Square) -> wd.Group:
    return next(g for g in board.game.boards[0].groups() if cell in g.cells)


def _cells(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("BC/3M", "PP/1B"))
    return "Your start card BC/3M: a banana and a cherry on top, a 3-drop and a mango below.", {}


def _market(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(wd.Game.new(players=2, seed=SEED))
    game = board.game
    return (
        f"2 players: {len(game.market)} cards in the market, {len(game.pile)} in the draw pile.",
        {},
    )


def _placing(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("BC/3M", "PP/1B", "CM/2C"))
    allowed = _place(board, (0, 1))
    refused = _refuse(board, (0, 3))
    board.select_card(0)
    lit = board.legal_squares()
    return f"{allowed}\n{refused}\nThe next card may go on {len(lit)} lit squares.", {
        "squares": [(0, 1)]
    }


def _across(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("B1/CC", "CC/P2"))
    placed = _place(board, (1, 0))
    group = _group_at(board, (1, 0))
    return f"{placed}\nThe cherries join across the card edge: {group.reason}.", {
        "cells": group.cells
    }


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
    return f"Before: {before}.\n{placed}\nAfter: {group.reason}.", {"cells": group.cells}


def _several(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("C2/BB", "PP/CM"))
    placed = _place(board, (-1, 0))
    scoring = [g for g in board.game.boards[0].groups() if g.scores]
    cells = tuple(cell for g in scoring for cell in g.cells)
    return "\n".join([placed, *(f"{g.reason}." for g in scoring)]), {"cells": (*cells, (0, 1))}


def _scorings(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    lines = []
    for scoring in wd.SCORINGS:
        game = _deal("B2/B2", rules=wd.Rules(scoring=scoring))
        lines.append(f"{scoring.replace('_', ' ')} scoring: {game.scores()[0]} points")
    board.load(_deal("B2/B2"))
    return f"2 bananas touch two 2-drops. {', '.join(lines)}.", {}


def _turning(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("CC/4B", "PC/MC"))
    refused = _refuse(board, (0, 1), rotation=180)
    board.load(_deal("CC/4B", "PC/MC", rules=wd.Rules(allow_rotation=True)))
    allowed = _place(board, (0, 1), turns=2)
    return f"Standard rules: {refused}\nWith cards may turn on: {allowed}", {"squares": [(0, 1)]}


def _largest(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    board.load(_deal("BC/3M", "PP/1B", "CM/2C", rules=wd.Rules(max_size=(1, 4))))
    allowed = _place(board, (0, 1))
    refused = _refuse(board, (1, 0))
    return f"{allowed}\n{refused}", {"squares": [(0, 0), (0, 1)]}


def _end(board: WaterDropsBoard) -> tuple[str, dict[str, Any]]:
    game = water_drops_game()
    board.load(game, policy="greedy")
    return f"Both players took the best move each turn. {game.winner_reason()}", {}


# the drops on the game's cards (WD-6): 1 to 5, though a card of your own may show up to 9
_DECK_DROPS = sorted({d for card in wd.default_deck() + wd.starting_cards() for d in card.drops})

SCRIPT = (
    Scene(
        "Cells and cards",
        "A card is a square of 4 cells. A cell holds a fruit (banana B, cherry C, pear P or "
        f"mango M) or a water drop with a number from {_DECK_DROPS[0]} to {_DECK_DROPS[-1]}.\n\n"
        "Your orchard starts with one card. Point at a cell to read what it is.",
        _cells,
        {"squares": [(0, 0)]},
    ),
    Scene(
        "The market and your turn",
        "Cards lie face up in the market. On your turn you take one card and lay it in your "
        "orchard at once. Then the next player takes one.\n\n"
        "The market holds one card per player (4 with 2 players, so each takes two). When "
        "it is empty it is filled again from the draw pile.",
        _market,
        {"market": True, "turn": True},
    ),
    Scene(
        "Placing next to your orchard",
        "A new card goes on an empty square that shares a side with a card of your "
        "orchard. When you pick a card, the squares where it may go light up and show what "
        "it would add there.",
        _placing,
    ),
    Scene(
        "Groups join across card edges",
        "A group is all the cells of one fruit joined by their sides. Groups do not stop at "
        "the edge of a card: two cherries on one card and two on the next make one group of "
        "4.\n\nEvery group has an outline on the board.",
        _across,
    ),
    Scene(
        "A drop that matches",
        "A group scores when it touches a drop whose number is the size of the group: 4 "
        "cherries next to a 4-drop score.\n\nA scoring group has a green outline.",
        _matching,
        {"groups": True},
    ),
    Scene(
        "Overwatered",
        "A group that grows bigger than its drops is overwatered: it scores nothing, unless "
        "another touching drop matches its new size. Growing a group is a risk.",
        _overwatered,
        {"groups": True},
    ),
    Scene(
        "One drop, several groups",
        "One drop can make several groups score: here a 2-drop touches 2 cherries and 2 "
        "bananas, and both groups score.",
        _several,
        {"groups": True},
    ),
    Scene(
        "Three ways to score",
        "Standard rules: a scoring group earns 1 point per fruit. The alternative rules: it "
        "earns the matching drop's number, once. Our what-if: its size once for every "
        "matching drop.\n\n"
        "The standard and the alternative rules always give the same total. Can you see "
        "why?",
        _scorings,
        {"score": True},
    ),
    Scene(
        "Turning cards",
        "In the standard rules a card is laid as it was dealt. With the switch 'cards may "
        "turn' on, you may turn it by quarter turns first: the Turn button.",
        _turning,
    ),
    Scene(
        "The largest orchard",
        "With the switch 'largest orchard' your orchard must fit in a box of that many "
        "cards. Here the box is 1 row of 4 cards, so nothing may go below.",
        _largest,
    ),
    Scene(
        "The end and winning",
        "The game ends when the draw pile is empty and the last market has been taken. The "
        "most points wins; players with the same points share the win.",
        _end,
        {"summary": True, "opponents": True},
    ),
)


def walkthrough() -> Walkthrough:
    """The water drops rules in 11 steps on a fresh board (never the class's board)."""
    return scripted_walkthrough(
        WaterDropsBoard(players=1, seed=SEED),
        SCRIPT,
        "How to play water drops",
        "orchard-wd-tour",
        "water_drops_walkthrough.css",
    )
