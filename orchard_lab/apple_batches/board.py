"""One player's 8 batches: placing cards (AB-3..AB-6) and scoring them.

The board keeps each batch's points up to date as cards arrive (``total``), ``undo`` takes
back the last card placed, and ``score()`` recomputes everything from the cards themselves,
with a note per batch.

>>> from orchard_lab.apple_batches import Board, Card
>>> board = Board()
>>> board.place(Card("red", 1, 5), "fortepiano")
>>> board.place(Card("gold", 5, 2), "fortepiano")
>>> board.score().parts["fortepiano"], board.total
(8, 8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from orchard_lab import sequences
from orchard_lab.apple_batches.cards import COLOURS, VALUES, Card
from orchard_lab.apple_batches.rules import (
    BATCH_CAPACITY,
    BATCHES,
    FORTEPIANO_POINTS_PER_STEP,
    SEQUENCE_BATCHES,
    SPECIAL_BONUS,
    STANDARD_RULES,
    SWEET_COUPLE_POINTS,
    UNLUCKY_TARGET,
    Rules,
)
from orchard_lab.core import (
    IllegalMove,
    Score,
    board_snapshot,
    check_int,
    check_type,
    illegal,
)
from orchard_lab.fruit_words import colour_name
from orchard_lab.glossary import BATCH_NAMES, RULE_NAMES
from orchard_lab.language import N_, _, _n, language

_Why = tuple[str, str, str, Mapping[str, object]]  # rule id, rule name, reason, its fields
# a refusal's name and reason, marked here and translated when a refusal is made: whole
# sentences with named fields (docs/rules.md AB-3..AB-6)
_NAME = {
    "monochrome": N_("Monochrome batch"),
    "unlucky": N_("Unlucky 13 batch"),
    "fortepiano": N_("Fortepiano batch"),
    "sweet_couple": N_("Sweet couple batch"),
    "steady": N_("Steady height batch"),
}
_NO_SUCH_BATCH, _BATCH_FULL = N_("No such batch"), N_("Batch full")
_NO_BATCH = N_("there is no batch called {batch}; try {batches}.")
_MONOCHROME = N_("this batch is {batch_colour}, so {apple} cannot join it.")
_FEATHER = {  # what the batch still asks for: its live sweetness, height, or both (AB-5)
    "both": N_(
        "the batch needs sweetness {live_sweetness} or height {live_height}, and this apple "
        "has sweetness {sweetness} and height {height}."
    ),
    "sweetness": N_(
        "the batch needs sweetness {live_sweetness}, and this apple has sweetness {sweetness} "
        "and height {height}."
    ),
    "height": N_(
        "the batch needs height {live_height}, and this apple has sweetness {sweetness} and "
        "height {height}."
    ),
}
_SPECIAL = N_(
    "you already have {apple} outside the bad batch, so a {colour} special tree cannot be planted."
)
_SPECIAL_FULL = N_("the special tree holds only one apple.")
_UNLUCKY = N_("sweetness {total} + {sweetness} = {after} would pass {target}.")
_FORTEPIANO = N_(
    "the second apple of a pair must differ in height from the first, and both have height "
    "{height}."
)
_SWEET_COUPLE = N_(
    "the second apple of a pair needs the first one's sweetness, {first}, not {second}."
)
_STEADY_LAST = N_("a height-{height} apple is not within 1 of the last height, {last}.")
_STEADY_ANY = N_("a height-{height} apple is not within 1 of any earlier height ({heights}).")
# the steady height batch's note under the standard rules: n apples, the nth odd prime (AB-4)
_STEADY_NOTES = (
    N_("1 apple, the 1st odd prime"),
    N_("2 apples, the 2nd odd prime"),
    N_("3 apples, the 3rd odd prime"),
    N_("4 apples, the 4th odd prime"),
    N_("5 apples, the 5th odd prime"),
    N_("6 apples, the 6th odd prime"),
    N_("7 apples, the 7th odd prime"),
    N_("8 apples, the 8th odd prime"),
    N_("9 apples, the 9th odd prime"),
    N_("10 apples, the 10th odd prime"),
    N_("11 apples, the 11th odd prime"),
    N_("12 apples, the 12th odd prime"),
)


@cache
def _apple_words(lang: str) -> dict[tuple[str, str], str]:
    """An apple's words in the language ``lang`` (the session's, when it is called), by its
    colour and the form: "short" as the chips write it, "long" as the board says it, "one"
    for one apple of the colour."""
    return {
        # Translators: an apple's colour, height and sweetness, short; the board's apple
        # chips show "h3 · s2" (its letters for height and sweetness)
        ("red", "short"): _("red h{height} s{sweetness}"),
        ("green", "short"): _("green h{height} s{sweetness}"),
        ("gold", "short"): _("gold h{height} s{sweetness}"),
        ("red", "long"): _("red apple (height {height}, sweetness {sweetness})"),
        ("green", "long"): _("green apple (height {height}, sweetness {sweetness})"),
        ("gold", "long"): _("gold apple (height {height}, sweetness {sweetness})"),
        ("red", "one"): _("a red apple"),
        ("green", "one"): _("a green apple"),
        ("gold", "one"): _("a gold apple"),
    }


def apple_code(card: Card) -> str:
    """An apple written short as the engine writes it, ``red h3 s2``, in the session's
    words: its colour (agreeing with "apple" where the language wants it), then the
    letters the board's chips use for height and sweetness.

    >>> from orchard_lab.language import speaking
    >>> with speaking("fr"):
    ...     apple_code(Card("gold", 3, 2))
    'dorée h3 d2'
    >>> apple_code(Card("gold", 3, 2)) == str(Card("gold", 3, 2))
    True
    """
    said = _apple_words(language())[card.colour, "short"]
    return said.format(height=card.height, sweetness=card.sweetness)


def apple_words(card: Card) -> str:
    """An apple in words, as the board and its walkthrough say it.

    >>> apple_words(Card("red", 3, 2))
    'red apple (height 3, sweetness 2)'
    """
    said = _apple_words(language())[card.colour, "long"]
    return said.format(height=card.height, sweetness=card.sweetness)


def an_apple(colour: str) -> str:
    """One apple of ``colour`` in the session's language: "a red apple"."""
    return _apple_words(language())[colour, "one"]


def _apples(colour: str, n: int) -> str:
    """``n`` apples of ``colour`` in the session's language: "3 red apples"."""
    said = {
        "red": _n("{count} red apple", "{count} red apples", n),
        "green": _n("{count} green apple", "{count} green apples", n),
        "gold": _n("{count} gold apple", "{count} gold apples", n),
    }
    return said[colour].format(count=n)


def _why_said(why: _Why) -> IllegalMove:
    """The refusal ``why`` stands for, in the session's language."""
    rule, name, reason, fields = why
    said = dict(fields)
    for key in ("colour", "batch_colour"):
        if key in said:
            said[key] = colour_name(str(said[key]))
    if "apple" in said:
        said["apple"] = an_apple(str(said["apple"]))
    if name == _BATCH_FULL:  # the batch named by the glossary, its apples counted
        n = int(str(said["count"]))
        full = _n(
            "the {batch} already holds {count} apple.",
            "the {batch} already holds {count} apples.",
            n,
        )
        return illegal(
            rule, _(name), full.format(batch=_(BATCH_NAMES[str(said["batch"])]), count=n)
        )
    return illegal(rule, _(name), _(reason).format(**said))


def _not_a_card(card: object) -> TypeError:
    return TypeError(f"card must be a Card, not {type(card).__name__}")


def feather_live(cards: tuple[Card, ...] | list[Card]) -> tuple[int, int]:
    """The live (sweetness, height) of a feather batch, 0 where no longer live (AB-5).

    >>> feather_live([Card("red", 2, 3), Card("gold", 4, 3)]), feather_live([])
    ((3, 0), (0, 0))
    """
    if not cards:
        return 0, 0
    sweetness, height = cards[0].sweetness, cards[0].height
    for card in cards[1:]:
        if card.sweetness != sweetness:
            sweetness = 0
        if card.height != height:
            height = 0
    return sweetness, height


def _pairs(cards: tuple[Card, ...]) -> list[tuple[Card, Card]]:
    return list(zip(cards[0::2], cards[1::2], strict=False))


@cache
def _tables(rules: Rules) -> dict[str, tuple[int, ...]]:
    """Each sequence batch's points with 0, 1, ..., 12 apples under ``rules`` (AB-4)."""
    return {batch: rules.points_table(batch) for batch in SEQUENCE_BATCHES}


def _monochrome_note(cards: tuple[Card, ...], table: tuple[int, ...], standard: bool) -> str:
    n = len(cards)
    apples = _apples(cards[0].colour, n)
    if standard:
        said = _("{apples}, triangular number T({count}) = {count}·{next}/2")
        return said.format(apples=apples, count=n, next=n + 1)
    return _("{apples}, which this game's table scores {points}").format(
        apples=apples, points=table[n]
    )


def _feather_note(cards: tuple[Card, ...], table: tuple[int, ...], standard: bool) -> str:
    n, (sweetness, height) = len(cards), feather_live(cards)
    if n == 1:
        said = (
            _("1 apple (sweetness {sweetness}, height {height}), pronic number {count}·{less}")
            if standard
            else _(
                "1 apple (sweetness {sweetness}, height {height}), which this game's table "
                "scores {points}"
            )
        )
    elif sweetness and height:
        said = (
            _n(
                "{count} apple matching sweetness {sweetness} and height {height}, pronic "
                "number {count}·{less}",
                "{count} apples matching sweetness {sweetness} and height {height}, pronic "
                "number {count}·{less}",
                n,
            )
            if standard
            else _n(
                "{count} apple matching sweetness {sweetness} and height {height}, which this "
                "game's table scores {points}",
                "{count} apples matching sweetness {sweetness} and height {height}, which this "
                "game's table scores {points}",
                n,
            )
        )
    elif sweetness:
        said = (
            _n(
                "{count} apple locked to sweetness {sweetness}, pronic number {count}·{less}",
                "{count} apples locked to sweetness {sweetness}, pronic number {count}·{less}",
                n,
            )
            if standard
            else _n(
                "{count} apple locked to sweetness {sweetness}, which this game's table scores "
                "{points}",
                "{count} apples locked to sweetness {sweetness}, which this game's table scores "
                "{points}",
                n,
            )
        )
    else:
        said = (
            _n(
                "{count} apple locked to height {height}, pronic number {count}·{less}",
                "{count} apples locked to height {height}, pronic number {count}·{less}",
                n,
            )
            if standard
            else _n(
                "{count} apple locked to height {height}, which this game's table scores {points}",
                "{count} apples locked to height {height}, which this game's table scores {points}",
                n,
            )
        )
    return said.format(count=n, less=n - 1, sweetness=sweetness, height=height, points=table[n])


def _special_note(colour: str, others: int) -> str:
    """The special tree's note: whole, one sentence per colour (its words agree with it)."""
    if others == 0:
        kept = {
            "red": _("a red tree and no other red apple outside the bad batch"),
            "green": _("a green tree and no other green apple outside the bad batch"),
            "gold": _("a gold tree and no other gold apple outside the bad batch"),
        }
        return kept[colour]
    if colour == "red":
        said = _n(
            "a red tree, but {count} other red apple grows outside the bad batch: the "
            "bonus is lost",
            "a red tree, but {count} other red apples grow outside the bad batch: the "
            "bonus is lost",
            others,
        )
    elif colour == "green":
        said = _n(
            "a green tree, but {count} other green apple grows outside the bad batch: the "
            "bonus is lost",
            "a green tree, but {count} other green apples grow outside the bad batch: the "
            "bonus is lost",
            others,
        )
    else:
        said = _n(
            "a gold tree, but {count} other gold apple grows outside the bad batch: the "
            "bonus is lost",
            "a gold tree, but {count} other gold apples grow outside the bad batch: the "
            "bonus is lost",
            others,
        )
    return said.format(count=others)


def _unlucky_note(cards: tuple[Card, ...], table: tuple[int, ...], standard: bool) -> str:
    n, total = len(cards), sum(c.sweetness for c in cards)
    fields = {"sums": "+".join(str(c.sweetness) for c in cards), "total": total, "count": n}
    if total == UNLUCKY_TARGET:
        said = (
            _n(
                "sweetness {sums} = {total} exactly with {count} apple, square number {count}²",
                "sweetness {sums} = {total} exactly with {count} apples, square number {count}²",
                n,
            )
            if standard
            else _n(
                "sweetness {sums} = {total} exactly with {count} apple, which this game's table "
                "scores {points}",
                "sweetness {sums} = {total} exactly with {count} apples, which this game's "
                "table scores {points}",
                n,
            )
        )
        return said.format(**fields, points=table[n])
    if total > UNLUCKY_TARGET:
        said = _("sweetness {sums} = {total}, passed {target}: no points")
    else:
        said = _("sweetness {sums} = {total}, not {target}: no points")
    return said.format(**fields, target=UNLUCKY_TARGET)


def _fortepiano_note(cards: tuple[Card, ...]) -> str:
    pairs = _pairs(cards)
    shown = ", ".join(f"{a.height}&{b.height}" for a, b in pairs)
    steps = " + ".join(f"{FORTEPIANO_POINTS_PER_STEP}·{abs(a.height - b.height)}" for a, b in pairs)
    height = cards[-1].height
    if len(cards) % 2 == 0:
        return _("heights {pairs}: {steps}").format(pairs=shown, steps=steps)
    if not pairs:
        return _("height {height} waits for a partner").format(height=height)
    said = _("heights {pairs}: {steps}; height {height} waits for a partner")
    return said.format(pairs=shown, steps=steps, height=height)


def _sweet_couple_note(cards: tuple[Card, ...]) -> str:
    pairs = _pairs(cards)
    k, sweetness = len(pairs), cards[-1].sweetness
    fields: dict[str, object] = {"count": k, "points": SWEET_COUPLE_POINTS, "sweetness": sweetness}
    fields["pairs"] = ", ".join(f"{a.sweetness}&{b.sweetness}" for a, b in pairs)
    if len(cards) % 2 == 0:
        said = _n(
            "{count} pair of equal sweetness ({pairs}), {points} each",
            "{count} pairs of equal sweetness ({pairs}), {points} each",
            k,
        )
    elif not pairs:
        said = _("sweetness {sweetness} waits for a partner")
    else:
        said = _n(
            "{count} pair of equal sweetness ({pairs}), {points} each; sweetness {sweetness} "
            "waits for a partner",
            "{count} pairs of equal sweetness ({pairs}), {points} each; sweetness {sweetness} "
            "waits for a partner",
            k,
        )
    return said.format(**fields)


def score_batch(
    batch: str, cards: tuple[Card, ...], rules: Rules, outside: Mapping[str, int]
) -> tuple[int, str]:
    """Points and a teaching note for one batch, from its cards (AB-4..AB-6), the note in
    the session's language: a whole sentence for each case.

    ``outside`` counts each colour's cards outside the bad and special batches (AB-6).

    >>> score_batch("steady", (Card("red", 3, 1),) * 4, Rules(), {})
    (11, '4 apples, the 4th odd prime')
    """
    n = len(cards)
    if n == 0:
        return 0, _("empty")
    table = _tables(rules).get(batch, ())
    standard = table == _tables(STANDARD_RULES).get(batch, ())  # its note names the sequence
    if batch == "monochrome":
        return table[n], _monochrome_note(cards, table, standard)
    if batch == "feather":
        return table[n], _feather_note(cards, table, standard)
    if batch == "special":
        colour = cards[0].colour
        others = outside.get(colour, 0)
        points = SPECIAL_BONUS if others == 0 else rules.special_broken_points
        return points, _special_note(colour, others)
    if batch == "unlucky":
        made = sum(c.sweetness for c in cards) == UNLUCKY_TARGET
        return table[n] if made else 0, _unlucky_note(cards, table, standard)
    if batch == "fortepiano":
        gaps = sum(abs(a.height - b.height) for a, b in _pairs(cards))
        return FORTEPIANO_POINTS_PER_STEP * gaps, _fortepiano_note(cards)
    if batch == "sweet_couple":
        return SWEET_COUPLE_POINTS * len(_pairs(cards)), _sweet_couple_note(cards)
    if batch == "steady":
        if standard:
            return table[n], _(_STEADY_NOTES[n - 1])
        said = _n(
            "{count} apple, which this game's table scores {points}",
            "{count} apples, which this game's table scores {points}",
            n,
        )
        return table[n], said.format(count=n, points=table[n])
    if rules.easy:
        said = _n("{count} apple, free in easy mode", "{count} apples, free in easy mode", n)
        return 0, said.format(count=n)
    return -n, _n("{count} apple, -1 each", "{count} apples, -1 each", n).format(count=n)


def best_batch_points(batch: str, n: int, rules: Rules | None = None) -> int | None:
    """The most points a batch of n cards can score, or None if it cannot hold n cards.

    A fortepiano pair scores most with the lowest and highest heights, 2·(5 − 1) = 8; sweet
    couples score 7 a pair; the unlucky batch needs 3 to 13 cards to make 13; the special batch
    holds one card.

    >>> [best_batch_points("fortepiano", n) for n in (1, 2, 3, 4)]
    [0, 8, 8, 16]
    >>> best_batch_points("unlucky", 2), best_batch_points("special", 2)
    (0, None)
    """
    check_type(batch, str, "batch")
    if batch not in BATCHES:
        raise ValueError(f"batch must be one of {', '.join(BATCHES)}, got {batch!r}")
    n = check_int(n, "n", 0, BATCH_CAPACITY)
    rules = STANDARD_RULES if rules is None else check_type(rules, Rules, "rules")
    if batch == "special":
        return None if n > 1 else SPECIAL_BONUS * n
    if batch == "unlucky":
        return rules.points_table(batch)[n] if n >= sequences.UNLUCKY_MIN_CARDS else 0
    if batch == "fortepiano":
        return FORTEPIANO_POINTS_PER_STEP * (max(VALUES) - min(VALUES)) * (n // 2)
    if batch == "sweet_couple":
        return SWEET_COUPLE_POINTS * (n // 2)
    if batch == "bad":
        return 0 if rules.easy else -n
    return rules.points_table(batch)[n]


class Board:
    """One player's 8 batches, each a sequence of cards in placement order.

    Any well-formed card may be placed, repeats included; deck membership is the Game's
    business. ``place`` raises ``IllegalMove`` and leaves the board as it was; ``undo`` takes
    back the last card placed, exactly.

    >>> board = Board()
    >>> board.legal_batches(Card("red", 3, 3))[:3]
    ['monochrome', 'feather', 'special']
    """

    def __init__(self, rules: Rules | None = None) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be Rules, not {type(rules).__name__}")
        self.rules = STANDARD_RULES if rules is None else rules
        self._tables = _tables(self.rules)  # the sequence batches' points (AB-4)
        self._cards: dict[str, list[Card]] = {batch: [] for batch in BATCHES}
        self._total = 0
        self._outside = dict.fromkeys(COLOURS, 0)  # colours outside bad and special (AB-6)
        self._live = (0, 0)  # feather's live sweetness and height, 0 = not live (AB-5)
        self._unlucky = 0  # unlucky sweetness total
        self._placed: list[str] = []  # the batch of every card placed, oldest first

    # -- reading -------------------------------------------------------------------------
    @property
    def batches(self) -> MappingProxyType[str, tuple[Card, ...]]:
        """Every batch's cards in placement order; all 8 keys always present."""
        return MappingProxyType({batch: tuple(cards) for batch, cards in self._cards.items()})

    @property
    def total(self) -> int:
        """The score, kept up to date card by card (equals ``score().total``)."""
        return self._total

    @property
    def card_count(self) -> int:
        """How many cards the board holds."""
        return len(self._placed)

    def cards(self) -> tuple[Card, ...]:
        """Every card on the board, batch by batch.

        >>> board = Board()
        >>> board.place(Card("red", 1, 1), "bad")
        >>> board.cards()
        (Card(colour='red', height=1, sweetness=1),)
        """
        return tuple(card for cards in self._cards.values() for card in cards)

    def used_batches(self) -> int:
        """How many batches hold at least one card (the AB-7 tie-break)."""
        return sum(1 for cards in self._cards.values() if cards)

    def colour_outside(self, colour: str) -> int:
        """Cards of ``colour`` outside the bad and special batches (AB-6)."""
        return self._outside[colour]

    # -- the rules -----------------------------------------------------------------------
    def refusal(self, card: Card, batch: str) -> IllegalMove | None:
        """The ``IllegalMove`` that placing ``card`` in ``batch`` would raise, or None.

        >>> board = Board()
        >>> board.place(Card("red", 3, 1), "steady")
        >>> print(board.refusal(Card("red", 5, 1), "steady"))
        Steady height batch (AB-4): a height-5 apple is not within 1 of the last height, 3.
        """
        if not isinstance(card, Card):  # inline, not a call: the rules are asked very often
            raise _not_a_card(card)
        why = self._why_not(card, batch)
        return None if why is None else _why_said(why)

    def _why_not(self, card: Card, batch: str) -> _Why | None:
        """What forbids the move: rule id, rule name, a reason template and its values.

        The sentence is formatted only when an ``IllegalMove`` is made: ``legal_batches`` asks
        this for every batch and needs only yes or no.
        """
        cards = self._cards.get(batch) if isinstance(batch, str) else None
        if cards is None:
            return (
                "AB-3",
                _NO_SUCH_BATCH,
                _NO_BATCH,
                {"batch": repr(batch), "batches": ", ".join(BATCHES)},
            )
        n = len(cards)
        if n >= BATCH_CAPACITY:
            return "AB-3", _BATCH_FULL, "", {"batch": batch, "count": n}
        if n == 0 and batch != "special":
            return None
        if batch == "monochrome" and card.colour != cards[0].colour:
            colours = {"batch_colour": cards[0].colour, "apple": card.colour}
            return "AB-4", _NAME["monochrome"], _MONOCHROME, colours
        if batch == "feather":
            sweetness, height = self._live
            if card.sweetness != sweetness and card.height != height:
                needs = "both" if sweetness and height else "sweetness" if sweetness else "height"
                values = {"live_sweetness": sweetness, "live_height": height}
                values |= {"sweetness": card.sweetness, "height": card.height}
                return "AB-5", RULE_NAMES["AB-5"], _FEATHER[needs], values
        if batch == "special":
            if n:
                return "AB-6", RULE_NAMES["AB-6"], _SPECIAL_FULL, {}
            if self._outside[card.colour]:
                colours = {"apple": card.colour, "colour": card.colour}
                return "AB-6", RULE_NAMES["AB-6"], _SPECIAL, colours
        if batch == "unlucky" and not self.rules.unlucky_may_bust:
            total = self._unlucky + card.sweetness
            if total > UNLUCKY_TARGET:
                values = {"total": self._unlucky, "sweetness": card.sweetness, "after": total}
                return "AB-4", _NAME["unlucky"], _UNLUCKY, values | {"target": UNLUCKY_TARGET}
        if batch == "fortepiano" and n % 2 and card.height == cards[-1].height:
            return "AB-4", _NAME["fortepiano"], _FORTEPIANO, {"height": card.height}
        if batch == "sweet_couple" and n % 2 and card.sweetness != cards[-1].sweetness:
            pair = {"first": cards[-1].sweetness, "second": card.sweetness}
            return "AB-4", _NAME["sweet_couple"], _SWEET_COUPLE, pair
        if batch == "steady":
            return self._steady_why_not(card, cards)
        return None

    def _steady_why_not(self, card: Card, cards: list[Card]) -> _Why | None:
        if self.rules.steady_reference == "last":
            last = cards[-1].height
            if abs(card.height - last) > 1:
                return "AB-4", _NAME["steady"], _STEADY_LAST, {"height": card.height, "last": last}
        elif all(abs(card.height - c.height) > 1 for c in cards):
            heights = ", ".join(str(h) for h in sorted({c.height for c in cards}))
            return "AB-4", _NAME["steady"], _STEADY_ANY, {"height": card.height, "heights": heights}
        return None

    def can_place(self, card: Card, batch: str) -> bool:
        """Whether ``card`` may go into ``batch`` now."""
        return self.refusal(card, batch) is None

    def legal_batches(self, card: Card) -> list[str]:
        """The batches that accept ``card``, in ``BATCHES`` order (never empty: bad)."""
        if not isinstance(card, Card):  # inline, not a call: the rules are asked very often
            raise _not_a_card(card)
        return [  # an empty batch takes any card but the special tree's (asked without a call)
            batch
            for batch, held in self._cards.items()
            if (not held and batch != "special") or self._why_not(card, batch) is None
        ]

    def gain(self, card: Card, batch: str) -> int:
        """How much ``total`` would change if ``card`` went into ``batch`` now.

        Checked like ``place``: raises exactly what ``place`` would raise, changes nothing.

        >>> Board().gain(Card("red", 1, 1), "steady")
        3
        """
        refusal = self.refusal(card, batch)
        if refusal is not None:
            raise refusal
        return self.gain_unchecked(card, batch)

    def gain_unchecked(self, card: Card, batch: str) -> int:
        """``gain`` without the rule checks, for moves already known to be legal (fast paths).

        >>> Board().gain_unchecked(Card("red", 1, 5), "special")
        20
        """
        cards = self._cards[batch]
        n = len(cards)
        if batch == "special":
            return SPECIAL_BONUS
        if batch == "bad":
            return 0 if self.rules.easy else -1
        special = self._cards["special"]
        if special and special[0].colour == card.colour and not self._outside[card.colour]:
            lost = self.rules.special_broken_points - SPECIAL_BONUS  # the bonus breaks (AB-6)
        else:
            lost = 0
        if batch == "unlucky":
            table = self._tables[batch]
            before = table[n] if self._unlucky == UNLUCKY_TARGET else 0
            after = table[n + 1] if self._unlucky + card.sweetness == UNLUCKY_TARGET else 0
            return after - before + lost
        if batch == "fortepiano":
            step = FORTEPIANO_POINTS_PER_STEP * abs(card.height - cards[-1].height) if n % 2 else 0
            return step + lost
        if batch == "sweet_couple":
            return (SWEET_COUPLE_POINTS if n % 2 else 0) + lost
        table = self._tables[batch]  # monochrome, feather and steady
        return table[n + 1] - table[n] + lost

    # -- changing --------------------------------------------------------------------------
    def _update_caches(self, card: Card, batch: str, sign: int) -> None:
        if batch not in ("special", "bad"):
            self._outside[card.colour] += sign
        if batch == "unlucky":
            self._unlucky += sign * card.sweetness
        elif batch == "feather":
            self._live = feather_live(self._cards["feather"])

    def place(self, card: Card, batch: str) -> None:
        """Add ``card`` at the end of ``batch``; ``IllegalMove`` if the rules forbid it.

        >>> board = Board()
        >>> board.place(Card("red", 3, 3), "monochrome")
        >>> board.place(Card("gold", 3, 3), "monochrome")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        orchard_lab.core.IllegalMove: Monochrome batch (AB-4): this batch is red, so a gold ...
        """
        if not isinstance(card, Card):
            raise _not_a_card(card)
        why = self._why_not(card, batch)
        if why is not None:
            raise _why_said(why)
        self._total += self.gain_unchecked(card, batch)
        self._cards[batch].append(card)
        self._placed.append(batch)
        self._update_caches(card, batch, +1)

    def undo(self) -> Card:
        """Take back the last card placed, whatever its batch, and return it: the exact
        reverse of ``place``.

        >>> board = Board()
        >>> board.place(Card("red", 1, 1), "special")
        >>> board.place(Card("red", 2, 2), "steady")  # breaks the special tree
        >>> str(board.undo()), board.total
        ('red h2 s2', 20)
        """
        if not self._placed:
            raise ValueError("there is no card to take back: the board is empty")
        batch = self._placed.pop()
        card = self._cards[batch].pop()
        self._update_caches(card, batch, -1)
        # the board is now as it was before this card came, so the same gain is taken off
        self._total -= self.gain_unchecked(card, batch)
        return card

    # -- scoring ---------------------------------------------------------------------------
    def score(self) -> Score:
        """Every batch's points recomputed from its cards, with a note per batch.

        >>> board = Board()
        >>> for s in (5, 5, 3):
        ...     board.place(Card("red", 1, s), "unlucky")
        >>> print(board.score().explain().splitlines()[3])
        unlucky: sweetness 5+5+3 = 13 exactly with 3 apples, square number 3² → 9 points
        """
        outside = Counter(
            card.colour
            for batch, cards in self._cards.items()
            if batch not in ("special", "bad")
            for card in cards
        )
        parts, notes = {}, {}
        for batch in BATCHES:
            cards = tuple(self._cards[batch])
            parts[batch], notes[batch] = score_batch(batch, cards, self.rules, outside)
        return Score(parts, notes)

    def snapshot(self) -> dict[str, Any]:
        """Everything this orchard shows: each batch's apples in order, the score's parts.

        >>> Board().snapshot()["total"]
        0
        """
        batches = tuple((name, tuple(cards)) for name, cards in self.batches.items())
        return board_snapshot(self, batches=batches)

    def copy(self) -> Board:
        """An independent copy (undo included)."""
        other: Board = Board.__new__(Board)  # annotated: ruff then allows its private fields
        other.rules = self.rules
        other._tables = self._tables
        other._cards = {batch: list(cards) for batch, cards in self._cards.items()}
        other._total = self._total
        other._outside = dict(self._outside)
        other._live = self._live
        other._unlucky = self._unlucky
        other._placed = list(self._placed)
        return other

    def __eq__(self, other: object) -> bool:
        """Boards are equal when their rules and batches are (placement order across batches
        aside)."""
        if not isinstance(other, Board):
            return NotImplemented
        return self.rules == other.rules and self.batches == other.batches

    __hash__ = None  # type: ignore[assignment]  # boards change

    def __repr__(self) -> str:
        return f"<apple batches board: {self.card_count} cards, {self.total} points>"

    def __str__(self) -> str:
        return "\n".join(
            f"{batch}: {', '.join(map(str, cards)) or '-'}" for batch, cards in self._cards.items()
        )
