"""The words and pictures of the apple batches rules sheet for pupils (``pupil_sheet``).

Every picture is a real position: the engine places the apples, refuses the ones a rule
refuses, plays the games and scores them. The words are marked for the catalogues: ``N_``
where they are data, translated by ``pupil_sheet`` when the page is drawn; ``_`` and ``_n``
in the pictures.

>>> [rule.rule for rule in RULES]
['AB-1', 'AB-2', 'AB-3', 'AB-4', 'AB-5', 'AB-6', 'AB-7']
"""

from __future__ import annotations

import functools
from html import escape

from orchard_lab import apple_batches as ab
from orchard_lab.fruit_words import colour_name
from orchard_lab.glossary import BATCH_NAMES, RULE_NAMES
from orchard_lab.language import N_, _, _n, _p
from orchard_lab.worksheets.pictures import chip, chip_label, chips, mark_chip
from orchard_lab.worksheets.pupil_sheet import SheetRule, keep_ids

__all__ = ["INTRO", "RULES", "VARIANTS"]

INTRO = N_("Collect 12 apples and sort each one, as you take it, into one of your 8 batches.")
FULL_GAME_SEED = 8  # a 2-player game, both players greedy: 6 of player 1's batches are used
TIED_GAME_SEED = 18  # a 2-player game, both players greedy, that ends in a shared win

JOIN = {  # which apple may join each batch, in plain words (AB-4, AB-5, AB-6)
    "monochrome": N_("the colour of the first apple"),
    "feather": N_("it matches a live feature (AB-5)"),
    "special": N_("one apple only (AB-6)"),
    "unlucky": N_("sweetness total 13 or less"),
    "fortepiano": N_("in pairs: 2nd height differs"),
    "sweet_couple": N_("in pairs: same sweetness"),
    "steady": N_("height within 1 of the last"),
    "bad": N_("any apple"),
}
POINTS = {  # the numbers alone need no translation
    "monochrome": "1, 3, 6, 10, 15, …",
    "feather": "0, 2, 6, 12, 20, …",
    "special": N_("20, or 0 once broken"),
    "unlucky": N_("0, 0, 9, 16, 25, … but only at exactly 13"),
    "fortepiano": N_("2 × each pair's height gap"),
    "sweet_couple": N_("7 a pair"),
    "steady": "3, 5, 7, 11, 13, …",
    "bad": N_("-1 an apple"),
}
WRAPS = {"unlucky": " wraps"}  # the one rule of points too long for one line


@functools.cache
def _played(seed: int) -> ab.Game:
    game = ab.Game.new(players=2, seed=seed)
    while not game.is_over:
        game.play(ab.hint(game).move)
    return game


def _tried(board: ab.Board, card: ab.Card, batch: str) -> str:
    """Place ``card`` if the batch's rule allows it; its chip, crossed out when refused."""
    refused = board.refusal(card, batch) is not None
    if not refused:
        board.place(card, batch)
    return chip(card, refused=refused)


def _cards() -> str:
    shown = [ab.Card("red", 3, 2), ab.Card("green", 1, 5), ab.Card("gold", 5, 4)]
    key = ", ".join(f"{mark_chip(colour)} {escape(colour_name(colour))}" for colour in ab.COLOURS)
    caption = _(
        "{apple}: height 3, sweetness 2. The marks tell the colours apart in black and "
        "white: {key}."
    ).format(apple=escape(chip_label(3, 2)), key=key)
    return f"{chips(shown)}<div class='caption'>{caption}</div>"


def _market() -> str:
    game = ab.Game.new(players=2, seed=1)
    caption = _("The first market of a game for 2 players.")
    return f"{chips(game.market)}<div class='caption'>{escape(caption)}</div>"


def _tried_in_turn(batch: str, *cards: ab.Card) -> str:
    """``cards`` tried one after the other in ``batch`` of a new board: their chips."""
    board = ab.Board()
    return "".join(_tried(board, card, batch) for card in cards)


def _placing() -> str:
    row = _tried_in_turn(
        "monochrome", ab.Card("red", 1, 1), ab.Card("red", 4, 5), ab.Card("gold", 2, 2)
    )
    label = _("{batch}:").format(batch=_(BATCH_NAMES["monochrome"]))
    caption = _("The gold apple (crossed out) may not join this red batch.")
    return f"<b>{escape(label)}</b> {row}<div class='caption'>{escape(caption)}</div>"


def _batches() -> str:
    board = _played(FULL_GAME_SEED).boards[0]
    score = board.score()
    rows = "".join(
        f"<tr><td class='name'>{escape(_(BATCH_NAMES[batch]))}</td>"
        f"<td class='rule-words'>{keep_ids(escape(_(JOIN[batch])))}</td>"
        f"<td class='points{WRAPS.get(batch, '')}'>{escape(_(POINTS[batch]))}</td>"
        f"<td class='apples'>{chips(board.batches[batch])}</td>"
        f"<td class='points'>{score.parts[batch]}</td></tr>"
        for batch in ab.BATCHES
    )
    at_most = _("A batch holds at most 12 apples; an empty one scores 0.")
    headers = (_("batch"), _("which apple may join"), _("points for 1, 2, 3, … apples"))
    finished_game = _("a finished game")
    finished = _n(
        "Player 1 of this 2-player game finished with {points} point.",
        "Player 1 of this 2-player game finished with {points} points.",
        board.total,
    ).format(points=board.total)
    return (
        "<table class='batches wide'><col class='name'><col class='join'><col class='points'>"
        "<col class='apples'><col class='total'><tr>"
        + "".join(f"<th>{escape(header)}</th>" for header in headers)
        + f"<th colspan='2'>{escape(finished_game)}</th></tr>{rows}</table>"
        f"<div class='caption'>{escape(at_most)} {escape(finished)}</div>"
    )


def _feather() -> str:
    row = _tried_in_turn(
        "feather", ab.Card("red", 2, 3), ab.Card("gold", 4, 3), ab.Card("green", 2, 1)
    )
    caption = _(
        "The 2nd apple matches sweetness 3, not height 2: now only sweetness 3 is live. The "
        "3rd apple (crossed out) is refused: its sweetness is 1, and its height no longer "
        "counts."
    )
    return f"{row}<div class='caption'>{escape(caption)}</div>"


def _special() -> str:
    board = ab.Board()
    steps = [
        (ab.Card("green", 1, 4), "special"),
        (ab.Card("green", 3, 3), "bad"),
        (ab.Card("green", 5, 2), "steady"),
    ]
    lines = []
    for card, batch in steps:
        board.place(card, batch)
        sentence = {  # the special tree as each apple is placed: planted, whole, broken
            "special": _p(
                "an apple planted as the special tree", "{apple} into the {batch}: {points}"
            ),
            "bad": _("{apple} into the {batch}: {points} (still whole)"),
            "steady": _("{apple} into the {batch}: {points} (broken)"),
        }[batch]
        points = board.score().parts["special"]
        lines.append(
            sentence.format(apple=chip(card), batch=escape(_(BATCH_NAMES[batch])), points=points)
        )
    caption = _("What the {tree} scores as each apple is placed:").format(
        tree=_(BATCH_NAMES["special"])
    )
    return f"<div class='caption'>{escape(caption)}</div>" + "<br>".join(lines)


def _winning() -> str:
    game = _played(TIED_GAME_SEED)
    rows = []
    for player, (total, board) in enumerate(zip(game.scores(), game.boards, strict=True)):
        used = board.used_batches()
        who = _("player {number}").format(number=player + 1)
        points = _n("{points} point", "{points} points", total).format(points=total)
        spread = _n("apples in {count} batch", "apples in {count} batches", used)
        rows.append(
            f"<tr><td>{escape(who)}</td><td class='points'>{escape(points)}</td>"
            f"<td>{escape(spread.format(count=used))}</td></tr>"
        )
    caption = _("Tied twice: they share the win.")
    table = f"<table class='batches'>{''.join(rows)}</table>"
    return f"{table}<div class='caption'>{escape(caption)}</div>"


ORDER = ("AB-1", "AB-2", "AB-3", "AB-7", "AB-4", "AB-5", "AB-6")  # two by two, AB-4 wide

RULES = (
    SheetRule(
        "AB-1",
        RULE_NAMES["AB-1"],
        N_(
            "An apple has a **colour** (red, green or gold), a **height** from 1 to 5 and a "
            "**sweetness** from 1 to 5. The deck has one apple of every kind: 75 apples."
        ),
        _cards,
    ),
    SheetRule(
        "AB-2",
        RULE_NAMES["AB-2"],
        N_(
            "1 to 6 players. Each round the **market** gets 3 apples a player (2 with 3 or 6 "
            "players); in turn, each takes one and puts it in a batch. The next player starts "
            "the next round. The game ends when everyone holds 12 apples."
        ),
        _market,
    ),
    SheetRule(
        "AB-3",
        RULE_NAMES["AB-3"],
        N_(
            "An apple goes **at the end** of one of your batches, and only into a batch whose "
            "rule allows it. The bad batch takes any apple, so you can always move."
        ),
        _placing,
    ),
    SheetRule(
        "AB-4",
        RULE_NAMES["AB-4"],
        N_("Each batch has a rule for which apple may join, and its own points."),
        _batches,
        wide=True,
    ),
    SheetRule(
        "AB-5",
        RULE_NAMES["AB-5"],
        N_(
            "The first apple sets two **live** features, its sweetness and its height. A new "
            "apple must match a live feature; then only what it matched stays live."
        ),
        _feather,
    ),
    SheetRule(
        "AB-6",
        RULE_NAMES["AB-6"],
        N_(
            "One apple. Plant it only if no apple of its colour lies in another batch (the bad "
            "batch does not count). It scores 20 until an apple of its colour joins another "
            "batch: then it is broken and scores 0."
        ),
        _special,
    ),
    SheetRule(
        "AB-7",
        RULE_NAMES["AB-7"],
        N_(
            "The most points wins. On a tie, the player whose apples lie in more different "
            "batches wins; if that is tied too, they share the win."
        ),
        _winning,
    ),
)

VARIANTS = (
    N_("**Easy mode:** the bad batch costs 0, not -1."),
    N_("**Four rounds:** the game ends after 4 rounds."),
    N_("**Who starts:** whoever last ate an apple."),
    N_("**Steady height batch:** any earlier apple counts."),
    N_("**Harsher:** a broken special tree scores -20."),
)
