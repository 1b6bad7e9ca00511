"""The stacked trees rules, one step at a time, on a board of the walkthrough's own.

Each step deals a seeded position on the walkthrough's board, plays the step's example by
the board's own methods (the ones its buttons call), and marks what the text talks about
(``StackedTreesBoard.highlight``). The matching step shows an allowed placement and a
refused one; the refusal is the engine's sentence. ``SCRIPT`` lists the steps with the
highlight each one sets, so tests can check them.

>>> tour = walkthrough()
>>> tour.go(3); tour.heading.value, "cells" in tour.view.highlighted
('Matching fruit', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from orchard_lab import stacked_trees as st
from orchard_lab.core import IllegalMove
from orchard_lab.stacked_trees.policies import say
from orchard_lab.walkthrough_games import STACKED_TREES_SEED as SEED
from orchard_lab.walkthrough_games import stacked_trees_game
from orchard_lab.widgets import walkthrough as walkthrough_base
from orchard_lab.widgets.stacked_trees_board import StackedTreesBoard
from orchard_lab.widgets.stacked_trees_html import effect_words
from orchard_lab.widgets.walkthrough import Staged, Walkthrough, scripted_walkthrough

__all__ = ["SCRIPT", "SEED", "Scene", "walkthrough"]


Scene = walkthrough_base.Scene[StackedTreesBoard]


def _fresh(board: StackedTreesBoard, rules: st.Rules | None = None) -> st.Game:
    board.load(st.Game.new(seed=SEED, rules=rules))
    return board.game


def _greedy(board: StackedTreesBoard, until: Callable[[st.Game], bool]) -> None:
    """Play the hint's greedy moves through the board until ``until(game)`` or the end."""
    while not board.game.is_over and not until(board.game):
        board.hint()
        board.place()
        if board.confirm_button.layout.display != "none":  # the greedy move spends tokens
            board.confirm()


def _cells(board: StackedTreesBoard, move: st.Move) -> list[tuple[int, int]]:
    row, col = move.at
    turned = move.card.rotated(move.rotation)
    return [(row + r, col + c) for r in range(turned.height) for c in range(turned.width)]


def _choose(board: StackedTreesBoard, move: st.Move) -> None:
    """Choose the move's card and turn it as the move says, by the board's own buttons."""
    board.select_card(board.game.hand.index(move.card))
    while board.rotation != move.rotation:
        board.turn()


def _cards(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    start = game.order[0]
    cells = [(r, c) for r in range(2) for c in range(3)]
    return f"The first card of this deal, {start}, starts the orchard.", {"cells": cells}


def _turns(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    card = game.hand[0]
    board.select_card(0)
    shown = [str(card)]
    for _ in range(3):
        board.turn()
        shown.append(str(card.rotated(board.rotation)))
    board.turn()
    return (
        f"Card 1 turned 0°, 90°, 180°, 270°: {' → '.join(shown)}; a fourth turn brings it "
        f"back: {card.rotated(board.rotation)}.",
        {},
    )


def _setting_up(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    left = len(game.order) - 1 - len(game.hand)
    return (
        f"{len(game.order)} cards dealt: 1 in the orchard, {len(game.hand)} in your hand, "
        f"{left} still to draw. Supply: 5 dice of each fruit and 2 rotten tokens.",
        {},
    )


def _matching(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    moves = game.legal_moves()
    allowed = next(m for m in moves if not m.rotten)
    costly = next(m for m in moves if m.rotten)
    try:  # the engine's own sentence for a tree on a different fruit without tokens
        game.boards[0].copy().place(costly.card, costly.at, costly.rotation)
    except IllegalMove as refusal:
        # the engine's sentence ends with what code does ("play it with rotten=True ..."):
        # on the board a pupil says yes instead
        reason = str(refusal).partition(": play it with")[0] + ": on the board you say yes."
    else:
        raise ValueError(f"{costly} needs no token: no refusal to show")
    _choose(board, allowed)
    ghost = board.preview(allowed.at)
    assert ghost is not None
    return (
        f"✓ Allowed: the {say(allowed)}. {effect_words(ghost, game.rules.rotten_penalty)}\n"
        f"✗ Refused without tokens: the {say(replace(costly, rotten=False))}. {reason}",
        {"cells": _cells(board, allowed)},
    )


def _a_turn(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    move = st.hint(game).move
    _choose(board, move)
    ghost = board.preview(move.at)
    assert ghost is not None
    board.place()
    return (
        f"You placed the {say(move)}. The ghost had said: "
        f"{effect_words(ghost, game.rules.rotten_penalty)}\n"
        f"Then you drew back up to {len(board.game.hand)} cards.",
        {"cells": _cells(board, move)},
    )


def _ladder(board: StackedTreesBoard) -> Staged:
    _fresh(board)
    _greedy(board, lambda game: max(game.boards[0].dice().values(), default=0) >= 6)
    dice = board.game.boards[0].dice()
    top = max(dice.values(), default=0)
    cells = [cell for cell, value in dice.items() if value >= 3]
    return (
        f"After {len(board.game.history)} greedy cards the dice show "
        f"{', '.join(str(v) for v in sorted(dice.values(), reverse=True))}: the highest is {top}.",
        {"cells": cells},
    )


def _supply(board: StackedTreesBoard) -> Staged:
    _fresh(board, st.Rules(dice_per_fruit=2))
    _greedy(board, lambda game: 0 in game.boards[0].dice_left.values())
    left = board.game.boards[0].dice_left
    empty = [st.FRUIT_NAMES[f] for f, n in left.items() if n == 0]
    return (
        f"With only 2 dice of each fruit (a rule switch), after {len(board.game.history)} "
        f"cards the {' and '.join(empty)} dice are all on the table: a new tree of that fruit "
        "gets no die.",
        {},
    )


def _rotten(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    move = max(
        (m for m in game.legal_moves() if m.rotten),
        key=lambda m: (game.score_after(m), -m.rotation),
    )
    _choose(board, move)
    ghost = board.preview(move.at)
    assert ghost is not None
    board.place()
    if board.confirm_button.layout.display == "none":
        raise ValueError("the board placed a card with rotten tokens without asking")
    asked = f"asked for a yes first. {effect_words(ghost, game.rules.rotten_penalty)}"
    board.confirm()
    rotten = [c for c in _cells(board, move) if board.game.boards[0].is_rotten(*c)]
    return (
        f"The {say(move)}: the board {asked}\n"
        f"After the yes: {len(rotten)} rotten {'token' if len(rotten) == 1 else 'tokens'} on "
        f"the orchard, score {board.game.boards[0].total}.",
        {"cells": rotten},
    )


def _end(board: StackedTreesBoard) -> Staged:
    board.load(stacked_trees_game())
    game = board.game
    return f"{game.winner_reason()} Ratings go from Pal-tree (below 25) up to 55 and more.", {}


def _players(board: StackedTreesBoard) -> Staged:
    board.load(stacked_trees_game(players=3))
    return board.game.winner_reason(), {}


def _code(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    code = st.deal_code(game.order)
    return f"This deal's code is {code}: st.Game.from_code('{code}') deals it in code too.", {}


SCRIPT = (
    Scene(
        "The cards",
        "A card shows six trees in 2 rows of 3. Each tree bears apples (A), pears (P) or "
        "plums (L), and each fruit has its colour and its letter.\n\n"
        "The box holds 18 cards; one game uses 9 of them.",
        _cards,
        {"hand": True},
    ),
    Scene(
        "Quarter turns",
        "Before you place a card you may turn it by a quarter turn, a half turn or three "
        "quarters: 90°, 180° or 270°. You never flip it over.\n\n"
        "Use the turn buttons, or type r in the keys box. A turned card has 3 rows of 2.",
        _turns,
        {"hand": True, "turn_buttons": True},
    ),
    Scene(
        "Setting up",
        "Shuffle the 18 cards and deal 9. The first card starts your orchard, the next 2 are "
        "your hand. Put out the supply: 5 dice of each fruit and 2 rotten tokens.",
        _setting_up,
        {"hand": True, "supply": True},
    ),
    Scene(
        "Matching fruit",
        "Place a card on the grid so that at least one of its trees lies on a tree already "
        "there. Every tree that covers a tree must bear the same fruit as the tree below.\n\n"
        "Click a spot: a ghost of the card shows there and the board says before you commit "
        "whether it is allowed. Here is one allowed place, and one the rules refuse.",
        _matching,
        {"message": True},
    ),
    Scene(
        "A turn",
        "On your turn: choose a card, turn it, click a spot to see the ghost, click again (or "
        "Place here) to place it. Then you draw back up to 2 cards.",
        _a_turn,
        {"hand": True, "message": True},
    ),
    Scene(
        "Dice and the ladder",
        "A tree that covers a matching tree gets a die: a new die showing 1, or the die "
        "below moves up and climbs the ladder 1 → 3 → 6 → 10. A 10 stays 10.\n\n"
        "1, 3, 6, 10 are the triangular numbers, like the monochrome batch of lesson 1. "
        "Your score is the sum of your dice.",
        _ladder,
        {"score": True},
    ),
    Scene(
        "The supply runs out",
        "There are only 5 dice of each fruit. When a fruit's dice are all on the table, a new "
        "tree of that fruit gets no die. Plan which fruit you grow!",
        _supply,
        {"supply": True},
    ),
    Scene(
        "Rotten fruit",
        "You may cover a tree with a different fruit by spending a rotten token: the token "
        "goes on the new tree, and a die below goes back to the supply. A rotten tree can "
        "never be covered, and each token costs 3 points.\n\n"
        "The board asks for an explicit yes before it spends a token.",
        _rotten,
        {"supply": True, "score": True},
    ),
    Scene(
        "The end and your rating",
        "The game ends after the 9th card, or at once when no card in your hand fits. Your "
        "score is the sum of your dice minus 3 for each rotten token, and it earns a rating.",
        _end,
        {"summary": True, "score": True},
    ),
    Scene(
        "Several players",
        "Every player gets the same cards in the same order and builds an orchard of their "
        "own. The highest score wins; on a tie, fewer rotten tokens, then more dice.",
        _players,
        {"summary": True, "others": True},
    ),
    Scene(
        "A class challenge",
        "Each deal has a short code. When everyone types the same code under New game, "
        "everyone plays the same cards: who does best on the same deal?",
        _code,
        {"code": True},
    ),
)


def walkthrough() -> Walkthrough:
    """The stacked trees rules in 11 steps on a fresh board (never the class's board)."""
    return scripted_walkthrough(
        StackedTreesBoard(seed=SEED),
        SCRIPT,
        "How to play stacked trees",
        "orchard-st-tour",
        "stacked_trees_walkthrough.css",
    )
