"""The apple batches rules, one step at a time, on a board of the walkthrough's own.

Each step deals a scripted, seeded position on the walkthrough's board, plays the step's
example by the board's own clicks, and marks what the text talks about
(``AppleBatchesBoard.highlight``). A batch's step plays an allowed apple and tries a refused
one; the refusal is the engine's sentence. ``SCRIPT`` lists the steps with the highlight
each one sets, so tests can check them. Every sentence is the catalogue's, in the session's
language when the walkthrough is built (``orchard_lab.language``).

>>> tour = walkthrough()
>>> tour.go(4); tour.heading.value, tour.view.highlighted["batches"]
('Feather batch', ('feather',))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from babel.lists import format_list

from orchard_lab import apple_batches as ab
from orchard_lab.apple_batches.board import apple_words
from orchard_lab.core import IllegalMove
from orchard_lab.language import N_, _, _n, language
from orchard_lab.walkthrough_games import APPLE_BATCHES_SEED as SEED
from orchard_lab.walkthrough_games import APPLE_BATCHES_TIE_SEED as TIE_SEED
from orchard_lab.walkthrough_games import apple_batches_game, apple_batches_tie
from orchard_lab.widgets import walkthrough as walkthrough_base
from orchard_lab.widgets.apple_batches_board import APPLE_MARK, AppleBatchesBoard
from orchard_lab.widgets.walkthrough import Staged, Walkthrough, scripted_walkthrough

__all__ = ["SCRIPT", "SEED", "TIE_SEED", "Scene", "walkthrough"]


Scene = walkthrough_base.Scene[AppleBatchesBoard]


def _deal(*apples: str) -> ab.Game:
    """A solo game whose first market holds ``apples``, then the rest of a seeded deck."""
    first = [ab.Card.from_text(apple) for apple in apples]
    rest = [card for card in ab.Game.new(players=1, seed=SEED).deck if card not in first]
    return ab.Game.new(players=1, deck=first + rest, shuffle=False)


def _words(card: ab.Card) -> str:
    """The apple in words after its colour's mark: ``● red apple (height 2, sweetness 3)``."""
    return f"{APPLE_MARK[card.colour]} {apple_words(card)}"


def _place(board: AppleBatchesBoard, apple: str, batch: str) -> ab.Card:
    """Click the market apple written ``apple``, then ``batch`` (it must be allowed)."""
    card = ab.Card.from_text(apple)
    board.select_card(board.game.market.index(card))
    board.choose_batch(batch)
    return card


def _refuse(board: AppleBatchesBoard, apple: str, batch: str) -> str:
    """Click ``apple`` then ``batch``, which refuses it; the engine's reason, in words."""
    card = ab.Card.from_text(apple)
    try:  # the same sentence the board shows, read from the engine
        board.game.copy().play(ab.Move(card, batch))
    except IllegalMove as refusal:
        reason = str(refusal)
    else:
        raise ValueError(f"the {card} apple fits the {batch} batch: no refusal to show")
    board.select_card(board.game.market.index(card))
    board.choose_batch(batch)
    return reason


def _batch_scene(
    title: str, text: str, batch: str, deal: tuple[str, str, str], order: str
) -> Scene:
    """A batch's step: ``order`` says which dealt apple is allowed (a) in ``batch``, refused
    (r) by it, or first placed in the monochrome batch (m)."""

    def setup(board: AppleBatchesBoard) -> Staged:
        board.load(_deal(*deal))
        lines = []
        for letter, apple in zip(order, deal, strict=True):
            if letter == "m":
                card = _place(board, apple, "monochrome")
                line = _("First the {apple} went into the monochrome batch.")
                lines.append(line.format(apple=_words(card)))
            elif letter == "a":
                card = _place(board, apple, batch)
                lines.append(_("✓ Allowed: the {apple}.").format(apple=_words(card)))
            else:
                reason = _refuse(board, apple, batch)
                line = _("✗ Refused: the {apple}. {reason}")
                lines.append(line.format(apple=_words(ab.Card.from_text(apple)), reason=reason))
        return "\n".join(lines), {}

    return Scene(title, text, setup, {"batches": [batch]})


def _fresh(board: AppleBatchesBoard) -> ab.Game:
    board.load(ab.Game.new(players=1, seed=SEED))
    return board.game


def _deck(board: AppleBatchesBoard) -> Staged:
    _fresh(board)
    shown = format_list([_words(card) for card in board.game.market], locale=language())
    return _("Dealt from the shuffled deck: {apples}.").format(apples=shown), {}


def _market(board: AppleBatchesBoard) -> Staged:
    game = _fresh(board)
    board.select_card(0)
    fits = sum(1 for move in game.legal_moves() if move.card == game.market[0])
    picked = _n(
        "You picked the first apple: {count} batch takes it, and it lights up.",
        "You picked the first apple: {count} batches take it, and they light up.",
        fits,
    )
    return picked.format(count=fits), {}


def _batches(board: AppleBatchesBoard) -> Staged:
    _fresh(board)
    return _("Each batch shows its rule and its points under its button."), {}


_SCORED = 6  # apples placed when the scoring step shows the score


def _scoring(board: AppleBatchesBoard) -> Staged:
    board.load(apple_batches_game(moves=_SCORED))
    score = board.game.boards[0].score()
    best = max(score.parts, key=lambda b: score.parts[b])
    # Translators: {batch} is a batch's name, {why} the board's note on its points
    words = _n(
        "After {apples} apples: {points} point. The most come from the {batch}: {why}.",
        "After {apples} apples: {points} points. The most come from the {batch}: {why}.",
        score.total,
    )
    batch = _(ab.BATCH_NAMES[best])
    return words.format(apples=_SCORED, points=score.total, batch=batch, why=score.notes[best]), {}


def _end(board: AppleBatchesBoard) -> Staged:
    board.load(apple_batches_game())
    points = board.game.scores()[0]
    over = _n(
        "12 apples placed: the game is over with {points} point.",
        "12 apples placed: the game is over with {points} points.",
        points,
    )
    return over.format(points=points), {}


def _tie(board: AppleBatchesBoard) -> Staged:
    game = apple_batches_tie()
    board.load(game, policy="greedy")
    return game.winner_reason(), {}


def _bad(board: AppleBatchesBoard) -> Staged:
    board.load(_deal("red h5 s5", "gold h1 s1", "green h3 s3"))
    card = _place(board, "red h5 s5", "bad")
    allowed = _("✓ Allowed: the {apple}, for -1 point. The bad batch never refuses.")
    return allowed.format(apple=_words(card)), {}


SCRIPT = (
    Scene(
        N_("The apples"),
        N_(
            "Every card is an apple. An apple has a colour (red ●, green ▲ or gold ★), a height "
            "from 1 to 5 and a sweetness from 1 to 5.\n\n"
            "The deck holds 75 apples, one of every kind. The shape in front of the colour "
            "helps when two colours look alike."
        ),
        _deck,
        {"market": True},
    ),
    Scene(
        N_("The market and your turn"),
        N_(
            "Each round some apples lie face up: the market. On your turn you take one apple "
            "and put it into one of your 8 batches at once.\n\n"
            "Playing alone you take all 3 apples of a market, one by one. With 2 players the "
            "market holds 6 and you take turns, one apple each. The line above the market says "
            "whose turn it is and how many apples are left."
        ),
        _market,
        {"slots": [0], "turn": True},
    ),
    Scene(
        N_("Eight batches"),
        N_(
            "You have 8 batches. Each batch has its own rule for which apples it takes "
            "and its own way of scoring. If a batch says no, it tells you why."
        ),
        _batches,
        {"batches": list(ab.BATCHES)},
    ),
    _batch_scene(
        N_("Monochrome batch"),
        N_(
            "The monochrome batch takes apples of one colour only: the colour of its first "
            "apple.\n\n"
            "Points: 1, 3, 6, 10, … each new apple adds one more than the last one did."
        ),
        "monochrome",
        ("red h2 s3", "red h4 s1", "gold h3 s2"),
        "aar",
    ),
    _batch_scene(
        N_("Feather batch"),
        N_(
            "The first apple sets a sweetness and a height. Every next apple must match at least "
            "one of them, and from then on the batch keeps only what matched.\n\n"
            "Points: 0, 2, 6, 12, … that is n × (n − 1) for n apples."
        ),
        "feather",
        ("red h2 s3", "gold h4 s3", "green h2 s5"),
        "aar",
    ),
    _batch_scene(
        N_("Special tree"),
        N_(
            "The special tree holds one apple. You may plant it only if you have no apple of its "
            "colour in another batch (the bad batch does not count).\n\n"
            "It scores 20 points, but only while no apple of its colour grows in another batch "
            "later."
        ),
        "special",
        ("red h3 s3", "red h1 s1", "gold h2 s4"),
        "mra",
    ),
    _batch_scene(
        N_("Unlucky 13 batch"),
        N_(
            "Add up the sweetness of the apples in this batch: it may never pass 13.\n\n"
            "If it is exactly 13, the batch scores n × n for n apples (3 apples: 9 points, "
            "4 apples: 16). Short of 13 it scores nothing."
        ),
        "unlucky",
        ("green h1 s5", "gold h2 s5", "red h3 s4"),
        "aar",
    ),
    _batch_scene(
        N_("Fortepiano batch"),
        N_(
            "Apples come in pairs: the 1st with the 2nd, the 3rd with the 4th, and so on. The "
            "second apple of a pair must have a different height from the first.\n\n"
            "A full pair scores twice the height gap: heights 1 and 5 give 2 × 4 = 8 points."
        ),
        "fortepiano",
        ("red h1 s2", "green h1 s4", "gold h5 s3"),
        "ara",
    ),
    _batch_scene(
        N_("Sweet couple batch"),
        N_(
            "Apples come in pairs again. The second apple of a pair needs the same sweetness as "
            "the first.\n\nEvery full pair scores 7 points."
        ),
        "sweet_couple",
        ("red h2 s4", "gold h5 s2", "green h3 s4"),
        "ara",
    ),
    _batch_scene(
        N_("Steady height batch"),
        N_(
            "Each new apple's height must be within 1 of the apple before it: after height 3 "
            "come heights 2, 3 or 4.\n\n"
            "Points: 3, 5, 7, 11, 13, … the odd prime numbers."
        ),
        "steady",
        ("gold h3 s1", "red h5 s2", "green h4 s3"),
        "ara",
    ),
    Scene(
        N_("The bad batch"),
        N_(
            "The bad batch takes any apple, so you always have somewhere to put one. Each apple "
            "in it costs 1 point (in easy mode it costs nothing)."
        ),
        _bad,
        {"batches": ["bad"]},
    ),
    Scene(
        N_("Scoring"),
        N_(
            "Your score is the points of all 8 batches added up. 'Explain my score' says where "
            "each batch's points come from, and the bars show the same numbers.\n\n"
            "The second chart shows what the best apple of the market could add to each batch."
        ),
        _scoring,
        {"score": True, "charts": True},
    ),
    Scene(
        N_("The end of the game"),
        N_(
            "The game ends when every player holds 12 apples: 4 rounds of 3 apples each, or 6 "
            "rounds of 2 with 3 or 6 players. The player with the most points wins."
        ),
        _end,
        {"summary": True, "turn": True},
    ),
    Scene(
        N_("A tie"),
        N_(
            "If players have the same points, the one whose apples sit in more different "
            "batches wins. If that is the same too, they share the win.\n\n"
            "Here you (player 0) played against player 1, and both scored the same points."
        ),
        _tie,
        {"summary": True, "opponents": True},
    ),
)


def walkthrough() -> Walkthrough:
    """The apple batches rules in 14 steps on a fresh board (never the class's board)."""
    script = [dataclasses.replace(scene, setup=_charts_once(scene.setup)) for scene in SCRIPT]
    return scripted_walkthrough(
        AppleBatchesBoard(players=1, seed=SEED), script, _("How to play apple batches")
    )


def _charts_once(setup: Callable[[AppleBatchesBoard], Staged]) -> Callable[..., Staged]:
    """``setup`` with each chart's changes sent as one when it ends: a step replays up to 12
    moves, and the page redrew both charts for each (``BoardChart.merged``)."""

    def once(board: AppleBatchesBoard) -> Staged:
        with board.points_figure.merged(), board.next_figure.merged():
            return setup(board)

    return once
