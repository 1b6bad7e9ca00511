"""One player's orchard of 8 batches: placing cards (AB-3..AB-6) and scoring them.

The board keeps each batch's points up to date as cards arrive (``total``), and
``score()`` recomputes everything from the cards themselves, with a note per batch.

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
from types import MappingProxyType

from orchard_lab import sequences
from orchard_lab.apple_batches.cards import (
    BATCH_CAPACITY,
    BATCHES,
    SPECIAL_BONUS,
    UNLUCKY_TARGET,
    Card,
    Rules,
)
from orchard_lab.core import IllegalMove, Score, require_int

ODD_PRIMES = tuple(sequences.first("odd_prime", BATCH_CAPACITY))  # steady: 3, 5, 7, ..., 41
_STEADY = (0, *ODD_PRIMES)
_ORDINAL = {1: "st", 2: "nd", 3: "rd"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else _ORDINAL.get(n % 10, 'th')}"


def feather_live(cards: tuple[Card, ...] | list[Card]) -> tuple[int, int]:
    """The live (sweetness, height) of a feather batch, 0 where no longer live (AB-5).

    >>> feather_live([Card("red", 2, 3), Card("gold", 4, 3)])
    (3, 0)
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
    return "; ".join(p for p in phrases if p) or "empty"


def score_batch(
    batch: str, cards: tuple[Card, ...], rules: Rules, outside: Mapping[str, int]
) -> tuple[int, str]:
    """Points and a teaching note for one batch, from its cards (AB-4..AB-6).

    ``outside`` counts each colour's cards outside the bad and special batches (AB-6).

    >>> score_batch("steady", (Card("red", 3, 1),) * 4, Rules(), {})
    (11, '4 apples of steady height, the 4th odd prime')
    """
    n = len(cards)
    if n == 0:
        return 0, "empty"
    if batch == "monochrome":
        note = f"{_plural(n, cards[0].colour + ' apple')}, triangular number T({n}) = {n}·{n + 1}/2"
        return n * (n + 1) // 2, note
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
        return n * (n - 1), f"{what}, pronic number {n}·{n - 1}"
    if batch == "special":
        colour = cards[0].colour
        others = outside.get(colour, 0)
        if others == 0:
            return SPECIAL_BONUS, f"a {colour} tree and no other {colour} apple outside bad"
        grow = "grows" if others == 1 else "grow"
        note = f"a {colour} tree, but {_plural(others, f'other {colour} apple')} {grow} "
        return rules.special_broken_points, note + "outside bad: the bonus is lost"
    if batch == "unlucky":
        total = sum(c.sweetness for c in cards)
        sums = f"sweetness {'+'.join(str(c.sweetness) for c in cards)} = {total}"
        if total == UNLUCKY_TARGET:
            return n * n, f"{sums} exactly with {_plural(n, 'apple')}, square number {n}²"
        verdict = "passed 13" if total > UNLUCKY_TARGET else "not 13"
        return 0, f"{sums}, {verdict}: no points"
    if batch == "fortepiano":
        pairs = _pairs(cards)
        gaps = [abs(a.height - b.height) for a, b in pairs]
        shown = ", ".join(f"{a.height}&{b.height}" for a, b in pairs)
        done = f"heights {shown}: " + " + ".join(f"2·{g}" for g in gaps) if pairs else ""
        return 2 * sum(gaps), _join(done, _waiting(cards, "height"))
    if batch == "sweet_couple":
        pairs = _pairs(cards)
        shown = ", ".join(f"{a.sweetness}&{b.sweetness}" for a, b in pairs)
        done = (
            f"{_plural(len(pairs), 'pair')} of equal sweetness ({shown}), 7 each" if pairs else ""
        )
        return 7 * len(pairs), _join(done, _waiting(cards, "sweetness"))
    if batch == "steady":
        return _STEADY[n], f"{_plural(n, 'apple')} of steady height, the {_nth(n)} odd prime"
    if rules.easy:
        return 0, f"{_plural(n, 'apple')}, free in easy mode"
    return -n, f"{_plural(n, 'apple')}, −1 each"


def best_batch_points(batch: str, n: int, rules: Rules | None = None) -> int | None:
    """The most points a batch of n cards can score, or None if it cannot hold n cards.

    Fortepiano pairs heights 1 and 5 (8 a pair), sweet couples score 7 a pair, the unlucky
    batch needs 3 to 13 cards to make 13, the special batch holds one card.

    >>> [best_batch_points("fortepiano", n) for n in (1, 2, 3, 4)]
    [0, 8, 8, 16]
    >>> best_batch_points("unlucky", 2), best_batch_points("special", 2)
    (0, None)
    """
    if batch not in BATCHES:
        raise ValueError(f"batch must be one of {', '.join(BATCHES)}, got {batch!r}")
    n = require_int(n, "n", 0, BATCH_CAPACITY)
    rules = Rules() if rules is None else rules
    if batch == "special":
        return None if n > 1 else SPECIAL_BONUS * n
    if batch == "unlucky":
        return n * n if n >= sequences.UNLUCKY_MIN_CARDS else 0
    if batch == "fortepiano":
        return 8 * (n // 2)
    if batch == "sweet_couple":
        return 7 * (n // 2)
    if batch == "bad":
        return 0 if rules.easy else -n
    return sequences.value(sequences.BATCH_SEQUENCE[batch], n) if n else 0


class Board:
    """One player's orchard: 8 batches, each a sequence of cards in placement order.

    Any well-formed card may be placed, repeats included; deck membership is the Game's
    business. ``place`` raises ``IllegalMove`` and leaves the board as it was.

    >>> board = Board()
    >>> board.legal_batches(Card("red", 3, 3))[:3]
    ['monochrome', 'feather', 'special']
    """

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(self.rules).__name__}")
        self._cards: dict[str, list[Card]] = {batch: [] for batch in BATCHES}
        self._total = 0
        self._outside = {"red": 0, "green": 0, "gold": 0}  # colours outside bad and special
        self._live = (0, 0)  # feather's live sweetness and height, 0 = not live (AB-5)
        self._unlucky = 0  # unlucky sweetness total

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
        return sum(len(cards) for cards in self._cards.values())

    def cards(self) -> list[Card]:
        """Every card on the board, batch by batch."""
        return [card for cards in self._cards.values() for card in cards]

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
        Steady height (AB-4): a height-5 apple is not within 1 of the last height, 3.
        """
        cards = self._cards.get(batch) if isinstance(batch, str) else None
        if cards is None:
            names = ", ".join(BATCHES)
            return IllegalMove("AB-3", f"There is no batch called {batch!r} (AB-3): try {names}.")
        n = len(cards)
        if n >= BATCH_CAPACITY:
            return IllegalMove(
                "AB-3", f"Batch full (AB-3): the {batch} batch already holds 12 apples."
            )
        if n == 0 and batch != "special":
            return None
        if batch == "monochrome" and card.colour != cards[0].colour:
            return IllegalMove(
                "AB-4",
                f"Monochrome (AB-4): this batch is {cards[0].colour}, "
                f"so a {card.colour} apple cannot join it.",
            )
        if batch == "feather":
            sweetness, height = self._live
            if card.sweetness != sweetness and card.height != height:
                live = " or ".join(
                    f"{name} {value}"
                    for name, value in (("sweetness", sweetness), ("height", height))
                    if value
                )
                return IllegalMove(
                    "AB-5",
                    f"Apples of a feather (AB-5): the batch needs {live}, and this apple "
                    f"has sweetness {card.sweetness} and height {card.height}.",
                )
        if batch == "special":
            if n:
                return IllegalMove(
                    "AB-6", "Special colour tree (AB-6): the special batch holds only one tree."
                )
            if self._outside[card.colour]:
                return IllegalMove(
                    "AB-6",
                    f"Special colour tree (AB-6): you already have a {card.colour} apple "
                    f"outside the bad batch, so a {card.colour} special tree cannot be planted.",
                )
        if batch == "unlucky" and not self.rules.unlucky_may_bust:
            total = self._unlucky + card.sweetness
            if total > UNLUCKY_TARGET:
                return IllegalMove(
                    "AB-4",
                    f"Unlucky (AB-4): sweetness {self._unlucky} + {card.sweetness} = {total} "
                    "would pass 13.",
                )
        if batch == "fortepiano" and n % 2 and card.height == cards[-1].height:
            return IllegalMove(
                "AB-4",
                "Fortepiano (AB-4): the second apple of a pair must differ in height from "
                f"the first, and both have height {card.height}.",
            )
        if batch == "sweet_couple" and n % 2 and card.sweetness != cards[-1].sweetness:
            return IllegalMove(
                "AB-4",
                "Sweet couple (AB-4): the second apple of a pair needs the first one's "
                f"sweetness, {cards[-1].sweetness}, not {card.sweetness}.",
            )
        if batch == "steady":
            return self._steady_refusal(card, cards)
        return None

    def _steady_refusal(self, card: Card, cards: list[Card]) -> IllegalMove | None:
        if self.rules.steady_reference == "last":
            last = cards[-1].height
            if abs(card.height - last) > 1:
                return IllegalMove(
                    "AB-4",
                    f"Steady height (AB-4): a height-{card.height} apple is not within 1 "
                    f"of the last height, {last}.",
                )
        elif all(abs(card.height - c.height) > 1 for c in cards):
            heights = ", ".join(str(h) for h in sorted({c.height for c in cards}))
            return IllegalMove(
                "AB-4",
                f"Steady height (AB-4): a height-{card.height} apple is not within 1 of "
                f"any earlier height ({heights}).",
            )
        return None

    def can_place(self, card: Card, batch: str) -> bool:
        """Whether ``card`` may go into ``batch`` now."""
        return self.refusal(card, batch) is None

    def legal_batches(self, card: Card) -> list[str]:
        """The batches that accept ``card``, in ``BATCHES`` order (never empty: bad)."""
        return [batch for batch in BATCHES if self.refusal(card, batch) is None]

    # -- changing --------------------------------------------------------------------------
    def gain(self, card: Card, batch: str) -> int:
        """How much ``total`` would change if ``card`` went into ``batch`` (no checks).

        >>> Board().gain(Card("red", 1, 1), "steady")
        3
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
        if batch == "monochrome":
            return n + 1 + lost
        if batch == "feather":
            return 2 * n + lost
        if batch == "unlucky":
            before = n * n if self._unlucky == UNLUCKY_TARGET else 0
            after = (n + 1) ** 2 if self._unlucky + card.sweetness == UNLUCKY_TARGET else 0
            return after - before + lost
        if batch == "fortepiano":
            return (2 * abs(card.height - cards[-1].height) if n % 2 else 0) + lost
        if batch == "sweet_couple":
            return (7 if n % 2 else 0) + lost
        return _STEADY[n + 1] - _STEADY[n] + lost  # steady

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
        orchard_lab.core.IllegalMove: Monochrome (AB-4): this batch is red, so a gold apple ...
        """
        if not isinstance(card, Card):
            raise TypeError(f"card must be a Card, not {type(card).__name__}")
        refusal = self.refusal(card, batch)
        if refusal is not None:
            raise refusal
        self._total += self.gain(card, batch)
        self._cards[batch].append(card)
        self._update_caches(card, batch, +1)

    def pop(self, batch: str) -> Card:
        """Take back the last card of ``batch`` (the exact reverse of its ``place``)."""
        cards = self._cards.get(batch) if isinstance(batch, str) else None
        if not cards:
            raise ValueError(f"there is no card to take back from batch {batch!r}")
        card = cards.pop()
        self._update_caches(card, batch, -1)
        self._total -= self.gain(card, batch)
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

    def copy(self) -> Board:
        """An independent copy."""
        other = Board.__new__(Board)
        other.rules = self.rules
        other._cards = {batch: list(cards) for batch, cards in self._cards.items()}
        other._total = self._total
        other._outside = dict(self._outside)
        other._live = self._live
        other._unlucky = self._unlucky
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.rules == other.rules and self._cards == other._cards

    __hash__ = None  # type: ignore[assignment]  # boards change

    def __str__(self) -> str:
        return "\n".join(
            f"{batch}: {', '.join(map(str, cards)) or '-'}" for batch, cards in self._cards.items()
        )
