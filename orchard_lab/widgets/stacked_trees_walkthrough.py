"""The stacked trees rules, one step at a time, on a board of the walkthrough's own.

Each step deals a seeded position on the walkthrough's board, plays the step's example by
the board's own methods (the ones its buttons call), and marks what the text talks about
(``StackedTreesBoard.highlight``). The matching step shows an allowed placement and a
refused one; the refusal is the engine's sentence. ``SCRIPT`` lists the steps with the
highlight each one sets, so tests can check them. Every sentence is the catalogue's, in the
session's language when the walkthrough is built (``orchard_lab.language``), and a card is
written in that language's fruit letters.

>>> tour = walkthrough()
>>> tour.go(3); tour.heading.value, "cells" in tour.view.highlighted
('Matching fruit', True)
"""

from __future__ import annotations

from collections.abc import Callable

from babel.lists import format_list

from orchard_lab import stacked_trees as st
from orchard_lab.core import IllegalMove, illegal
from orchard_lab.fruit_words import tree_letter, tree_name, trees_code
from orchard_lab.language import N_, _, _n, language
from orchard_lab.stacked_trees.policies import say
from orchard_lab.stacked_trees.rules import LOWEST_RATING
from orchard_lab.walkthrough_games import STACKED_TREES_SEED as SEED
from orchard_lab.walkthrough_games import stacked_trees_game
from orchard_lab.widgets import walkthrough as walkthrough_base
from orchard_lab.widgets.stacked_trees_board import StackedTreesBoard, yes_spend_label
from orchard_lab.widgets.stacked_trees_html import effect_summary, effect_words
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


def _card(card: st.Card) -> str:
    """A card written row by row in the session's fruit letters (English: ``APL/LAP``)."""
    return trees_code(card)


def _say(move: st.Move, shown: st.Move | None = None) -> str:
    """Where ``move`` lays its card and how it is turned, in the words of the hint
    (``stacked_trees.policies.say``); the sentence around it says whether tokens are spent.
    ``shown`` is the move the board's hand shows chosen: its card is written as the hand
    shows it, turned, with only the turn it still needs."""
    turned = shown.rotation if shown is not None and shown.card == move.card else 0
    return say(st.Move(move.card, move.at, move.rotation), turned)


def _choose(board: StackedTreesBoard, move: st.Move) -> None:
    """Choose the move's card and turn it as the move says, by the board's own buttons."""
    board.select_card(board.game.hand.index(move.card))
    while board.rotation != move.rotation:
        board.turn()


def _cards(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    start = game.order[0]
    cells = [(r, c) for r in range(2) for c in range(3)]
    words = _("The first card of this deal, {card}, starts the orchard.")
    return words.format(card=_card(start)), {"cells": cells}


def _turns(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    card = game.hand[0]
    board.select_card(0)
    shown = [_card(card)]
    for _turn in range(3):
        board.turn()
        shown.append(_card(card.rotated(board.rotation)))
    board.turn()
    words = _("Card 1 turned 0°, 90°, 180°, 270°: {cards}; a fourth turn brings it back: {card}.")
    return words.format(cards=" → ".join(shown), card=_card(card.rotated(board.rotation))), {}


def _setting_up(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    left = len(game.order) - 1 - len(game.hand)
    # Translators: the plural form follows {left}, the cards still to draw
    words = _n(
        "{dealt} cards dealt: 1 in the orchard, {hand} in your hand, {left} still to draw. "
        "Supply: 5 dice of each fruit and 2 rotten tokens.",
        "{dealt} cards dealt: 1 in the orchard, {hand} in your hand, {left} still to draw. "
        "Supply: 5 dice of each fruit and 2 rotten tokens.",
        left,
    )
    return words.format(dealt=len(game.order), hand=len(game.hand), left=left), {}


def _matching(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    moves = game.legal_moves()
    allowed = next(m for m in moves if not m.rotten)
    costly = next(m for m in moves if m.rotten)
    # the engine refuses a tree on a different fruit without tokens, saying what code does
    # ("play it with rotten=True"): on the board a pupil answers yes instead
    try:
        game.boards[0].copy().place(costly.card, costly.at, costly.rotation)
    except IllegalMove as refusal:
        rule = refusal.rule
    else:
        raise ValueError(f"{costly} needs no token: no refusal to show")
    tokens = game.boards[0].tokens_needed(costly.card, costly.at, costly.rotation)
    said = _n(
        "{count} tree would lie on a different fruit, so this costs {count} rotten token: on "
        "the board, press “{button}” to place the card.",
        "{count} trees would lie on a different fruit, so this costs {count} rotten tokens: "
        "on the board, press “{button}” to place the card.",
        tokens,
    )
    button = yes_spend_label(tokens)  # the board's button that says yes to spending them
    reason = str(illegal(rule, _("Matching fruit"), said.format(count=tokens, button=button)))
    _choose(board, allowed)
    ghost = board.preview(allowed.at)
    assert ghost is not None
    # Translators: {effect} is what the card does to the dice and tokens, and its points
    # (the ghost's sentence without its own "✓ Allowed here:", which said "allowed" twice)
    shown = _("✓ Allowed: the {move}. {effect}").format(
        move=_say(allowed, allowed), effect=effect_summary(ghost, game.rules.rotten_penalty)
    )
    refused = _("✗ Refused without tokens: the {move}. {reason}").format(
        move=_say(costly, allowed), reason=reason
    )
    return f"{shown}\n{refused}", {"cells": _cells(board, allowed)}


def _a_turn(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    move = st.hint(game).move
    _choose(board, move)
    ghost = board.preview(move.at)
    assert ghost is not None
    board.place()
    placed = _("You placed the {move}. The ghost had said: {effect}").format(
        move=_say(move), effect=effect_words(ghost, game.rules.rotten_penalty)
    )
    hand = len(board.game.hand)
    drew = _n(
        "Then you drew back up to {count} card.", "Then you drew back up to {count} cards.", hand
    ).format(count=hand)
    return f"{placed}\n{drew}", {"cells": _cells(board, move)}


def _ladder(board: StackedTreesBoard) -> Staged:
    _fresh(board)
    _greedy(board, lambda game: max(game.boards[0].dice().values(), default=0) >= 6)
    dice = board.game.boards[0].dice()
    top = max(dice.values(), default=0)
    cells = [cell for cell, value in dice.items() if value >= 3]
    played = len(board.game.history)
    words = _n(
        "After {count} greedy card the dice show {dice}: the highest is {top}.",
        "After {count} greedy cards the dice show {dice}: the highest is {top}.",
        played,
    )
    shown = ", ".join(str(value) for value in sorted(dice.values(), reverse=True))
    return words.format(count=played, dice=shown, top=top), {"cells": cells}


def _supply(board: StackedTreesBoard) -> Staged:
    _fresh(board, st.Rules(dice_per_fruit=2))
    _greedy(board, lambda game: 0 in game.boards[0].dice_left.values())
    left = board.game.boards[0].dice_left
    empty = [tree_name(fruit) for fruit, n in left.items() if n == 0]
    played = len(board.game.history)
    # Translators: {fruits} names one fruit or more (apple, pear, plum); the plural form
    # follows how many
    words = _n(
        "With only 2 dice of each fruit (a rule switch), after {cards} cards the {fruits} dice "
        "are all on the table: a new tree of that fruit gets no die.",
        "With only 2 dice of each fruit (a rule switch), after {cards} cards the {fruits} dice "
        "are all on the table: a new tree of those fruits gets no die.",
        len(empty),
    )
    return words.format(cards=played, fruits=format_list(empty, locale=language())), {}


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
    asked = _n(
        "The {move}, spending {count} rotten token: the board asked for a yes first. {effect}",
        "The {move}, spending {count} rotten tokens: the board asked for a yes first. {effect}",
        ghost.tokens,
    ).format(
        move=_say(move), count=ghost.tokens, effect=effect_words(ghost, game.rules.rotten_penalty)
    )
    board.confirm()
    rotten = [c for c in _cells(board, move) if board.game.boards[0].is_rotten(*c)]
    after = _n(
        "After the yes: {count} rotten token on the orchard, score {score}.",
        "After the yes: {count} rotten tokens on the orchard, score {score}.",
        len(rotten),
    ).format(count=len(rotten), score=board.game.boards[0].total)
    return f"{asked}\n{after}", {"cells": rotten}


def _end(board: StackedTreesBoard) -> Staged:
    board.load(stacked_trees_game())
    game = board.game
    # Translators: {reason} is the board's sentence on the score; {lowest} a rating's name
    words = _("{reason} Ratings go from {lowest} (below 25) up to 55 and more.")
    return words.format(reason=game.winner_reason(), lowest=_(LOWEST_RATING)), {}


def _players(board: StackedTreesBoard) -> Staged:
    board.load(stacked_trees_game(players=3))
    return board.game.winner_reason(), {}


def _code(board: StackedTreesBoard) -> Staged:
    game = _fresh(board)
    code = st.deal_code(game.order)
    words = _("This deal's code is {code}: {call} deals it in code too.")
    return words.format(code=code, call=f"st.Game.from_code('{code}')"), {}


SCRIPT = (
    Scene(
        N_("The cards"),
        N_(
            "A card shows six trees in 2 rows of 3. Each tree bears apples ({A}), pears ({P}) "
            "or plums ({L}), and each fruit has its colour and its letter.\n\n"
            "The box holds 18 cards; one game uses 9 of them."
        ),
        _cards,
        {"hand": True},
        lambda: {fruit: tree_letter(fruit) for fruit in st.FRUITS},
    ),
    Scene(
        N_("Quarter turns"),
        N_(
            "Before you place a card you may turn it by a quarter turn, a half turn or three "
            "quarters: 90°, 180° or 270°. You never flip it over.\n\n"
            "Use the turn buttons, or type r in the keys box. A turned card has 3 rows of 2."
        ),
        _turns,
        {"hand": True, "turn_buttons": True},
    ),
    Scene(
        N_("Setting up"),
        N_(
            "Shuffle the 18 cards and deal 9. The first card starts your orchard, the next 2 are "
            "your hand. Put out the supply: 5 dice of each fruit and 2 rotten tokens."
        ),
        _setting_up,
        {"hand": True, "supply": True},
    ),
    Scene(
        N_("Matching fruit"),
        N_(
            "Place a card on the grid so that at least one of its trees lies on a tree already "
            "there. Every tree that covers a tree must bear the same fruit as the tree below.\n\n"
            "Click a spot: a ghost of the card shows there and the board says before you commit "
            "whether it is allowed. Here is one allowed place, and one the rules refuse."
        ),
        _matching,
        {"message": True},
    ),
    Scene(
        N_("A turn"),
        N_(
            "On your turn: choose a card, turn it, click a spot to see the ghost, click again (or "
            "Place here) to place it. Then you draw back up to 2 cards."
        ),
        _a_turn,
        {"hand": True, "message": True},
    ),
    Scene(
        N_("Dice and the ladder"),
        N_(
            "A tree that covers a matching tree gets a die: a new die showing 1, or the die "
            "below moves up and climbs the ladder 1 → 3 → 6 → 10. A 10 stays 10.\n\n"
            "1, 3, 6, 10 are the triangular numbers, like the monochrome batch of lesson 1. "
            "Your score is the sum of your dice."
        ),
        _ladder,
        {"score": True},
    ),
    Scene(
        N_("The supply runs out"),
        N_(
            "There are only 5 dice of each fruit. When a fruit's dice are all on the table, a new "
            "tree of that fruit gets no die. Plan which fruit you grow!"
        ),
        _supply,
        {"supply": True},
    ),
    Scene(
        N_("Rotten fruit"),
        N_(
            "You may cover a tree with a different fruit by spending a rotten token: the token "
            "goes on the new tree, and a die below goes back to the supply. A rotten tree can "
            "never be covered, and each token costs 3 points.\n\n"
            "The board asks for an explicit yes before it spends a token."
        ),
        _rotten,
        {"supply": True, "score": True},
    ),
    Scene(
        N_("The end and your rating"),
        N_(
            "The game ends after the 9th card, or at once when no card in your hand fits. Your "
            "score is the sum of your dice minus 3 for each rotten token, and it earns a rating."
        ),
        _end,
        {"summary": True, "score": True},
    ),
    Scene(
        N_("Several players"),
        N_(
            "Every player gets the same cards in the same order and builds an orchard of their "
            "own. The highest score wins; on a tie, fewer rotten tokens, then more dice."
        ),
        _players,
        {"summary": True, "others": True},
    ),
    Scene(
        N_("A class challenge"),
        N_(
            "Each deal has a short code. When everyone types the same code under New game, "
            "everyone plays the same cards: who does best on the same deal?"
        ),
        _code,
        {"code": True},
    ),
)


def walkthrough() -> Walkthrough:
    """The stacked trees rules in 11 steps on a fresh board (never the class's board)."""
    return scripted_walkthrough(
        StackedTreesBoard(seed=SEED), SCRIPT, _("How to play stacked trees")
    )
