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
    count,
    illegal,
)
from orchard_lab.glossary import BATCH_NAMES, RULE_NAMES

_ORDINAL = {1: "st", 2: "nd", 3: "rd"}


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else _ORDINAL.get(n % 10, 'th')}"


_Why = tuple[str, str, str, tuple[object, ...]]  # rule id, rule name, reason template, values
_NAME = {batch: name.capitalize() for batch, name in BATCH_NAMES.items()}  # a refusal's name
_NO_BATCH = "there is no batch called {!r}; try {}."
_MONOCHROME = "this batch is {}, so a {} apple cannot join it."
_FEATHER = "the batch needs {}, and this apple has sweetness {} and height {}."
_SPECIAL = (
    "you already have a {} apple outside the bad batch, so a {} special tree cannot be planted."
)
_SPECIAL_FULL = "the special tree holds only one apple."
_UNLUCKY = "sweetness {} + {} = {} would pass {}."
_FORTEPIANO = (
    "the second apple of a pair must differ in height from the first, and both have height {}."
)
_SWEET_COUPLE = "the second apple of a pair needs the first one's sweetness, {}, not {}."
_STEADY_LAST = "a height-{} apple is not within 1 of the last height, {}."
_STEADY_ANY = "a height-{} apple is not within 1 of any earlier height ({})."


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


def _waiting(cards: tuple[Card, ...], attribute: str) -> str:
    if len(cards) % 2 == 0:
        return ""
    return f"{attribute} {getattr(cards[-1], attribute)} waits for a partner"


def _join(*phrases: str) -> str:
    return "; ".join(p for p in phrases if p)


@cache
def _tables(rules: Rules) -> dict[str, tuple[int, ...]]:
    """Each sequence batch's points with 0, 1, ..., 12 apples under ``rules`` (AB-4)."""
    return {batch: rules.points_table(batch) for batch in SEQUENCE_BATCHES}


def _own_table(apples: str, points: int) -> str:
    return f"{apples}, which this game's table scores {points}"


def score_batch(
    batch: str, cards: tuple[Card, ...], rules: Rules, outside: Mapping[str, int]
) -> tuple[int, str]:
    """Points and a teaching note for one batch, from its cards (AB-4..AB-6).

    ``outside`` counts each colour's cards outside the bad and special batches (AB-6).

    >>> score_batch("steady", (Card("red", 3, 1),) * 4, Rules(), {})
    (11, '4 apples, the 4th odd prime')
    """
    n = len(cards)
    if n == 0:
        return 0, "empty"
    table = _tables(rules).get(batch, ())
    standard = table == _tables(STANDARD_RULES).get(batch, ())  # its note names the sequence
    if batch == "monochrome":
        apples = count(n, f"{cards[0].colour} apple", f"{cards[0].colour} apples")
        if standard:
            return n * (n + 1) // 2, f"{apples}, triangular number T({n}) = {n}·{n + 1}/2"
        return table[n], _own_table(apples, table[n])
    if batch == "feather":
        sweetness, height = feather_live(cards)
        if n == 1:
            what = f"1 apple (sweetness {sweetness}, height {height})"
        elif sweetness and height:
            what = f"{n} apples matching sweetness {sweetness} and height {height}"
        else:
            what = f"{n} apples locked to " + (
                f"sweetness {sweetness}" if sweetness else f"height {height}"
            )
        if standard:
            return n * (n - 1), f"{what}, pronic number {n}·{n - 1}"
        return table[n], _own_table(what, table[n])
    if batch == "special":
        colour = cards[0].colour
        others = outside.get(colour, 0)
        if others == 0:
            return SPECIAL_BONUS, f"a {colour} tree and no other {colour} apple outside bad"
        grow = count(others, f"other {colour} apple grows", f"other {colour} apples grow")
        note = f"a {colour} tree, but {grow} "
        return rules.special_broken_points, note + "outside bad: the bonus is lost"
    if batch == "unlucky":
        total = sum(c.sweetness for c in cards)
        sums = f"sweetness {'+'.join(str(c.sweetness) for c in cards)} = {total}"
        if total == UNLUCKY_TARGET:
            exactly = f"{sums} exactly with {count(n, 'apple', 'apples')}"
            if standard:
                return n * n, f"{exactly}, square number {n}²"
            return table[n], _own_table(exactly, table[n])
        verdict = f"passed {UNLUCKY_TARGET}" if total > UNLUCKY_TARGET else f"not {UNLUCKY_TARGET}"
        return 0, f"{sums}, {verdict}: no points"
    if batch == "fortepiano":
        pairs = _pairs(cards)
        gaps = [abs(a.height - b.height) for a, b in pairs]
        shown = ", ".join(f"{a.height}&{b.height}" for a, b in pairs)
        step = FORTEPIANO_POINTS_PER_STEP
        done = f"heights {shown}: " + " + ".join(f"{step}·{g}" for g in gaps) if pairs else ""
        return step * sum(gaps), _join(done, _waiting(cards, "height"))
    if batch == "sweet_couple":
        pairs = _pairs(cards)
        shown = ", ".join(f"{a.sweetness}&{b.sweetness}" for a, b in pairs)
        done = ""
        if pairs:
            points = f"{SWEET_COUPLE_POINTS} each"
            done = f"{count(len(pairs), 'pair', 'pairs')} of equal sweetness ({shown}), {points}"
        return SWEET_COUPLE_POINTS * len(pairs), _join(done, _waiting(cards, "sweetness"))
    if batch == "steady":
        if standard:
            return table[n], f"{count(n, 'apple', 'apples')}, the {_nth(n)} odd prime"
        return table[n], _own_table(count(n, "apple", "apples"), table[n])
    if rules.easy:
        return 0, f"{count(n, 'apple', 'apples')}, free in easy mode"
    return -n, f"{count(n, 'apple', 'apples')}, -1 each"


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
        return None if why is None else illegal(why[0], why[1], why[2].format(*why[3]))

    def _why_not(self, card: Card, batch: str) -> _Why | None:
        """What forbids the move: rule id, rule name, a reason template and its values.

        The sentence is formatted only when an ``IllegalMove`` is made: ``legal_batches`` asks
        this for every batch and needs only yes or no.
        """
        cards = self._cards.get(batch) if isinstance(batch, str) else None
        if cards is None:
            return "AB-3", "No such batch", _NO_BATCH, (batch, ", ".join(BATCHES))
        n = len(cards)
        if n >= BATCH_CAPACITY:
            return "AB-3", "Batch full", "the {} batch already holds {} apples.", (batch, n)
        if n == 0 and batch != "special":
            return None
        if batch == "monochrome" and card.colour != cards[0].colour:
            return "AB-4", _NAME["monochrome"], _MONOCHROME, (cards[0].colour, card.colour)
        if batch == "feather":
            sweetness, height = self._live
            if card.sweetness != sweetness and card.height != height:
                needs = f"sweetness {sweetness}" if sweetness else ""
                needs += " or " if sweetness and height else ""
                needs += f"height {height}" if height else ""
                return "AB-5", RULE_NAMES["AB-5"], _FEATHER, (needs, card.sweetness, card.height)
        if batch == "special":
            if n:
                return "AB-6", RULE_NAMES["AB-6"], _SPECIAL_FULL, ()
            if self._outside[card.colour]:
                return "AB-6", RULE_NAMES["AB-6"], _SPECIAL, (card.colour, card.colour)
        if batch == "unlucky" and not self.rules.unlucky_may_bust:
            total = self._unlucky + card.sweetness
            if total > UNLUCKY_TARGET:
                values = (self._unlucky, card.sweetness, total, UNLUCKY_TARGET)
                return "AB-4", _NAME["unlucky"], _UNLUCKY, values
        if batch == "fortepiano" and n % 2 and card.height == cards[-1].height:
            return "AB-4", _NAME["fortepiano"], _FORTEPIANO, (card.height,)
        if batch == "sweet_couple" and n % 2 and card.sweetness != cards[-1].sweetness:
            pair = (cards[-1].sweetness, card.sweetness)
            return "AB-4", _NAME["sweet_couple"], _SWEET_COUPLE, pair
        if batch == "steady":
            return self._steady_why_not(card, cards)
        return None

    def _steady_why_not(self, card: Card, cards: list[Card]) -> _Why | None:
        if self.rules.steady_reference == "last":
            last = cards[-1].height
            if abs(card.height - last) > 1:
                return "AB-4", _NAME["steady"], _STEADY_LAST, (card.height, last)
        elif all(abs(card.height - c.height) > 1 for c in cards):
            heights = ", ".join(str(h) for h in sorted({c.height for c in cards}))
            return "AB-4", _NAME["steady"], _STEADY_ANY, (card.height, heights)
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
            raise illegal(why[0], why[1], why[2].format(*why[3]))
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
