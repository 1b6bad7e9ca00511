"""The one name of every game, batch, rule, board part and action, in the words a pupil reads.

Boards, refusals, walkthroughs, charts, lesson checks, rules sheets and lessons take their
words from here, or use exactly these words; ``tests/test_glossary.py`` scans the product's
text (the widgets, the engine's messages, the lessons, docs/rules.md, the README) for the
synonyms each term retired. Every entry is a whole name or a whole phrase, never a piece
glued to an English plural or ordinal, so that a catalogue of translations can key on it.

This module imports nothing from orchard_lab: the engines and the widgets both read it.

>>> BATCH_NAMES["unlucky"], RULE_NAMES["AB-6"]
('unlucky 13 batch', 'Special tree')
>>> term("orchard").meaning.split(":")[0]
'the cards one player has laid out in water drops or stacked trees'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "BATCH_NAMES",
    "GAME_NAMES",
    "GAME_SOURCES",
    "RULE_NAMES",
    "TERMS",
    "Term",
    "rules_of",
    "term",
]

GAME_NAMES = {  # the games' only names
    "apple_batches": "apple batches",
    "water_drops": "water drops",
    "stacked_trees": "stacked trees",
}
# The published game each one is based on. docs/rules.md names each once, in its table
# "based on the card game …"; nothing else names them (the README, the lessons, the boards
# and the sheets say only the names above).
GAME_SOURCES = {
    "apple_batches": "Draft Cider",
    "water_drops": "Mango",
    "stacked_trees": "Orchard: A 9 Card Solitaire Game",
}

BATCH_NAMES = {  # apple batches: the one name of each batch, on the board and in every sentence
    "monochrome": "monochrome batch",
    "feather": "feather batch",
    "special": "special tree",
    "unlucky": "unlucky 13 batch",
    "fortepiano": "fortepiano batch",
    "sweet_couple": "sweet couple batch",
    "steady": "steady height batch",
    "bad": "bad batch",
}

RULE_NAMES = {  # each rule's name after its id in docs/rules.md, and in every refusal
    "AB-1": "Cards",
    "AB-2": "Players and rounds",
    "AB-3": "Placing",
    "AB-4": "The batches",
    "AB-5": "Feather batch",
    "AB-6": "Special tree",
    "AB-7": "Winning",
    "WD-1": "Cells and cards",
    "WD-2": "Players, market and rounds",
    "WD-3": "Placing",
    "WD-4": "Scoring",
    "WD-5": "Winning",
    "WD-6": "The deck",
    "ST-1": "Cards",
    "ST-2": "Setting up",
    "ST-3": "A turn",
    "ST-4": "Dice",
    "ST-5": "Rotten fruit",
    "ST-6": "End and score",
    "ST-7": "Several players",
    "ST-8": "The deck",
}


def rules_of(prefix: str) -> dict[str, str]:
    """The names of one game's rules by id: the rules whose ids start ``prefix``-.

    >>> rules_of("AB")["AB-7"], len(rules_of("ST"))
    ('Winning', 8)
    """
    return {rule: name for rule, name in RULE_NAMES.items() if rule.startswith(f"{prefix}-")}


@dataclass(frozen=True)
class Term:
    """One thing a pupil reads about: its ``name``, what it means, and the ``retired`` names
    it had (regular expressions, matched case-insensitively as whole words) that the product's
    text no longer uses; ``game`` limits the retired names to that game's text."""

    name: str
    meaning: str
    retired: tuple[str, ...] = ()
    game: str | None = None


TERMS = (
    Term(
        "orchard",
        "the cards one player has laid out in water drops or stacked trees: the only meaning "
        "of the word (orchard_lab is the toolkit's name, not a meaning)",
        retired=(r"orchard cards?", r"orchard (card )?games?"),
    ),
    Term(
        "your batches",
        "apple batches: the 8 batches one player sorts apples into (not an orchard)",
        retired=(r"orchards?(?![-_])",),
        game="apple_batches",
    ),
    Term(
        "special tree",
        "apple batches: the batch that holds one apple, worth 20 while its colour stays "
        "out of the other batches (AB-6)",
        retired=(r"special batch", r"special colour tree", r"colour tree", r"special(?! tree)"),
    ),
    Term(
        "unlucky 13 batch",
        "apple batches: the batch whose sweetness must add up to exactly 13 (AB-4)",
        retired=(r"unlucky(?! 13 batch)",),
    ),
    Term(
        "feather batch",
        "apple batches: the batch of apples of a feather (AB-5)",
        retired=(r"(?<!of a )feather(?! batch)",),
    ),
    Term(
        "monochrome batch",
        "apple batches: the batch of one colour (AB-4)",
        retired=(r"monochrome(?! batch)",),
    ),
    Term(
        "fortepiano batch",
        "apple batches: pairs of apples of different heights (AB-4)",
        retired=(r"fortepiano(?! batch)",),
    ),
    Term(
        "sweet couple batch",
        "apple batches: pairs of apples of equal sweetness (AB-4)",
        retired=(r"sweet couples?(?! batch)",),
    ),
    Term(
        "steady height batch",
        "apple batches: each apple's height within 1 of the last one's (AB-4)",
        retired=(r"steady(?! height batch)",),
    ),
    Term(
        "bad batch",
        "apple batches: the batch that takes any apple (AB-4)",
    ),
    Term(
        "solo game",
        "a game with one player",
        retired=(r"practi[cs]e (game|mode)", r"for practi[cs]e"),
    ),
    Term("market", "the face-up cards a round offers, one taken a turn (AB-2, WD-2)"),
    Term(
        "draw pile",
        "water drops: the face-down cards that fill the market again (WD-2)",
        retired=(r"(?<!draw )pile",),
        game="water_drops",
    ),
    Term(
        "start card",
        "water drops and stacked trees: the card an orchard begins with (WD-2, ST-2)",
        retired=(r"starting cards?",),
    ),
    Term("cell", "water drops: a quarter of a card, holding a fruit or a drop (WD-1)"),
    Term(
        "square",
        "water drops: the place of one card in an orchard, numbered (row, column) (WD-3)",
        retired=(r"card squares?", r"card-grid squares?"),
    ),
    Term(
        "spot",
        "stacked trees: the place of one tree in an orchard, numbered (row, column) (ST-3)",
        retired=(r"cells?",),
        game="stacked_trees",
    ),
    Term("group", "water drops: fruit of one kind joined through shared sides (WD-4)"),
    Term("drop", "water drops: a cell holding water, with a value; a 3-drop has value 3 (WD-1)"),
    Term(
        "rotten token",
        "stacked trees: a token spent to lay a tree on a different fruit (ST-5)",
        retired=(r"rotten fruit tokens?",),
    ),
    Term("supply", "stacked trees: the dice and rotten tokens not yet on a tree (ST-2)"),
    Term("ladder", "stacked trees: the values a die climbs through, 1 → 3 → 6 → 10 (ST-4)"),
    Term("hand", "stacked trees: the cards you may play next (ST-2)"),
    Term("place", "put a card (or an apple) where the rules allow it: the one move of a turn"),
    Term("turn a card", "give a card quarter turns clockwise before it is placed (WD-3, ST-3)"),
    Term("undo", "take back the last move"),
    Term("hint", "a move the computer suggests, with the reason"),
    Term("result code", "the code a finished game shows, for the teacher to check"),
)


def term(name: str) -> Term:
    """The glossary's entry called ``name``, else ``KeyError``.

    >>> term("start card").retired
    ('starting cards?',)
    """
    for entry in TERMS:
        if entry.name == name:
            return entry
    raise KeyError(name)
