"""Many games at once with numpy: the "random" and "greedy" policies, vectorised across games.

The state of every game is a set of integer arrays indexed ``[game, player]`` (counts per
batch, feather's live attributes, the unlucky total, each pair's waiting card, ...). Each turn
computes, for all games together, which (market card, batch) moves are legal and how many
points each gains, with exactly the rules of ``Board`` (AB-3..AB-6); the tests replay the
chosen moves through ``Game`` and get the same scores. ``State.of_boards`` and ``play_on``
continue games from a position of ``Game`` (the lookahead policy's rollouts).

>>> import numpy as np
>>> orders = deal_orders(np.random.default_rng(0), games=4)
>>> play_games(orders, players=2, rules=Rules(), policy="greedy").shape
(4, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from orchard_lab.apple_batches.board import ODD_PRIMES, Board, feather_live
from orchard_lab.apple_batches.cards import COLOURS, Card, default_deck
from orchard_lab.apple_batches.rules import (
    BATCH_CAPACITY,
    BATCHES,
    FORTEPIANO_POINTS_PER_STEP,
    SPECIAL_BONUS,
    SWEET_COUPLE_POINTS,
    UNLUCKY_TARGET,
    Rules,
    cards_per_market_per_player,
    rounds_per_game,
)

_DECK = default_deck()
COLOUR = np.array([COLOURS.index(card.colour) for card in _DECK], dtype=np.int16)
HEIGHT = np.array([card.height for card in _DECK], dtype=np.int16)
SWEETNESS = np.array([card.sweetness for card in _DECK], dtype=np.int16)
MONO, FEATHER, SPECIAL, UNLUCKY, FORTE, COUPLE, STEADY, BAD = range(len(BATCHES))
_STEADY_GAIN = np.diff(np.array((0, *ODD_PRIMES, ODD_PRIMES[-1]), dtype=np.int16))
_ILLEGAL = -(10**4)
_INDEX = {card: i for i, card in enumerate(_DECK)}


def deal_orders(rng: np.random.Generator, games: int) -> np.ndarray:
    """One shuffled default deck per game: shape ``(games, 75)`` of card indexes."""
    return rng.permuted(np.tile(np.arange(len(_DECK), dtype=np.int16), (games, 1)), axis=1)


def card_indexes(cards: Sequence[Card]) -> np.ndarray:
    """Each card's index in the default deck, the key of ``COLOUR``, ``HEIGHT``, ``SWEETNESS``.

    Every well-formed card has one, so custom decks (repeats included) work too.

    >>> card_indexes([Card("red", 1, 1), Card("gold", 5, 5)]).tolist()
    [0, 74]
    """
    return np.array([_INDEX[card] for card in cards], dtype=np.int16)


class State:
    """Every game's orchards as integer arrays indexed ``[game, player]``."""

    def __init__(self, games: int, players: int) -> None:
        shape = (games, players)
        self.count = np.zeros((*shape, len(BATCHES)), dtype=np.int16)
        self.outside = np.zeros((*shape, len(COLOURS)), dtype=np.int16)  # AB-6
        self.mono_colour = np.zeros(shape, dtype=np.int16)
        self.live_s = np.zeros(shape, dtype=np.int16)  # AB-5: 0 = not live
        self.live_h = np.zeros(shape, dtype=np.int16)
        self.special = np.full(shape, -1, dtype=np.int16)
        self.unlucky = np.zeros(shape, dtype=np.int16)
        self.forte_h = np.zeros(shape, dtype=np.int16)  # height of fortepiano's last card
        self.couple_s = np.zeros(shape, dtype=np.int16)  # sweetness of sweet couple's last
        self.steady_h = np.zeros(shape, dtype=np.int16)  # height of steady's last card
        self.steady_seen = np.zeros(shape, dtype=np.int16)  # bit h: height h in steady
        self.total = np.zeros(shape, dtype=np.int32)

    @classmethod
    def of_boards(cls, boards: Sequence[Board], games: int) -> State:
        """``games`` identical copies of a position's orchards (one board per player)."""
        state = cls(games, len(boards))
        for p, board in enumerate(boards):
            cards = board.batches
            state.count[:, p] = [len(cards[batch]) for batch in BATCHES]
            state.outside[:, p] = [board.colour_outside(colour) for colour in COLOURS]
            state.live_s[:, p], state.live_h[:, p] = feather_live(cards["feather"])
            state.unlucky[:, p] = sum(card.sweetness for card in cards["unlucky"])
            state.steady_seen[:, p] = sum({1 << card.height for card in cards["steady"]})
            state.total[:, p] = board.total
            colour = {b: COLOURS.index(cards[b][0].colour) for b in BATCHES if cards[b]}
            if "monochrome" in colour:  # the batch's colour is its first card's
                state.mono_colour[:, p] = colour["monochrome"]
            if "special" in colour:
                state.special[:, p] = colour["special"]
            if cards["fortepiano"]:  # the pair batches and steady look at the last card
                state.forte_h[:, p] = cards["fortepiano"][-1].height
            if cards["sweet_couple"]:
                state.couple_s[:, p] = cards["sweet_couple"][-1].sweetness
            if cards["steady"]:
                state.steady_h[:, p] = cards["steady"][-1].height
        return state


def _options(
    s: State, p: int, c: np.ndarray, h: np.ndarray, w: np.ndarray, rules: Rules
) -> tuple[np.ndarray, np.ndarray]:
    """Legal mask and gain, shape ``(games, market, 8)``, of player ``p``'s moves."""
    games, slots = c.shape
    n = s.count[:, p, :, None]  # (games, 8, 1): broadcast over slots
    legal = np.broadcast_to(n < BATCH_CAPACITY, (games, len(BATCHES), slots)).copy()
    gain = np.zeros((games, len(BATCHES), slots), dtype=np.int16)

    def col(a: np.ndarray) -> np.ndarray:  # player p's column, shape (games, 1)
        return a[:, p, None]

    empty = n[:, :, 0] == 0
    outside = np.take_along_axis(s.outside[:, p], c.astype(np.intp), axis=1)
    breaks = (c == col(s.special)) & (outside == 0)  # AB-6: the special bonus is lost
    lost = np.where(breaks, rules.special_broken_points - SPECIAL_BONUS, 0).astype(np.int16)
    legal[:, MONO] &= empty[:, MONO, None] | (c == col(s.mono_colour))
    gain[:, MONO] = n[:, MONO] + 1 + lost
    legal[:, FEATHER] &= empty[:, FEATHER, None] | (w == col(s.live_s)) | (h == col(s.live_h))
    gain[:, FEATHER] = 2 * n[:, FEATHER] + lost
    legal[:, SPECIAL] &= empty[:, SPECIAL, None] & (outside == 0)
    gain[:, SPECIAL] = SPECIAL_BONUS
    total = col(s.unlucky) + w
    if not rules.unlucky_may_bust:
        legal[:, UNLUCKY] &= total <= UNLUCKY_TARGET
    before = np.where(col(s.unlucky) == UNLUCKY_TARGET, n[:, UNLUCKY] ** 2, 0)
    after = np.where(total == UNLUCKY_TARGET, (n[:, UNLUCKY] + 1) ** 2, 0)
    gain[:, UNLUCKY] = after - before + lost
    odd = n[:, FORTE] % 2 == 1
    legal[:, FORTE] &= ~odd | (h != col(s.forte_h))
    step = FORTEPIANO_POINTS_PER_STEP * np.abs(h - col(s.forte_h))
    gain[:, FORTE] = np.where(odd, step, 0) + lost
    odd = n[:, COUPLE] % 2 == 1
    legal[:, COUPLE] &= ~odd | (w == col(s.couple_s))
    gain[:, COUPLE] = np.where(odd, SWEET_COUPLE_POINTS, 0) + lost
    if rules.steady_reference == "last":
        near = np.abs(h - col(s.steady_h)) <= 1
    else:
        near = (col(s.steady_seen) >> (h - 1)) & 0b111 != 0
    legal[:, STEADY] &= empty[:, STEADY, None] | near
    gain[:, STEADY] = _STEADY_GAIN[n[:, STEADY]] + lost
    gain[:, BAD] = 0 if rules.easy else -1
    return legal.transpose(0, 2, 1), gain.transpose(0, 2, 1)


def apply(s: State, p: int, card: np.ndarray, batch: np.ndarray, gain: np.ndarray) -> None:
    """Place each game's chosen card in its chosen batch on player ``p``'s orchard."""
    rows = np.arange(len(card))
    c, h, w = COLOUR[card], HEIGHT[card], SWEETNESS[card]
    first = s.count[rows, p, batch] == 0
    s.count[rows, p, batch] += 1
    s.total[:, p] += gain

    def to(b: int) -> np.ndarray:  # the games whose card goes to batch b
        return batch == b

    s.mono_colour[:, p] = np.where(to(MONO) & first, c, s.mono_colour[:, p])
    feather, start = to(FEATHER), to(FEATHER) & first
    for live, value in ((s.live_s, w), (s.live_h, h)):
        kept = np.where(value == live[:, p], live[:, p], 0)
        live[:, p] = np.where(start, value, np.where(feather, kept, live[:, p]))
    s.special[:, p] = np.where(to(SPECIAL), c, s.special[:, p])
    counted = (batch != SPECIAL) & (batch != BAD)
    s.outside[rows[counted], p, c[counted]] += 1
    s.unlucky[:, p] += np.where(to(UNLUCKY), w, 0)
    s.forte_h[:, p] = np.where(to(FORTE), h, s.forte_h[:, p])
    s.couple_s[:, p] = np.where(to(COUPLE), w, s.couple_s[:, p])
    s.steady_h[:, p] = np.where(to(STEADY), h, s.steady_h[:, p])
    s.steady_seen[:, p] |= np.where(to(STEADY), 1 << h, 0).astype(np.int16)


def play_games(
    orders: np.ndarray,
    players: int,
    rules: Rules,
    policy: str,
    rng: np.random.Generator | None = None,
    first_player: int = 0,
    record: list[np.ndarray] | None = None,
) -> np.ndarray:
    """Final scores ``(games, players)`` of games dealt from ``orders`` (see ``deal_orders``).

    The game ends as ``rules.end`` says (AB-2): after the rounds of ``rounds_per_game``.

    ``policy`` is "random" (uniform over legal moves, drawn from ``rng``) or "greedy" (the
    best gain; ties: the first in ``Game.legal_moves()`` order). If ``record`` is a list,
    each turn's chosen ``(card index, batch index)`` pairs are appended to it.
    """
    state = State(len(orders), players)
    play_on(state, orders, rules, policy, rng, first_player, record=record)
    return state.total.astype(np.int64)


def play_on(
    state: State,
    orders: np.ndarray,
    rules: Rules,
    policy: str,
    rng: np.random.Generator | None = None,
    first_player: int = 0,
    start_round: int = 0,
    taken: np.ndarray | None = None,
    record: list[np.ndarray] | None = None,
) -> None:
    """Play every game of ``state`` on to the end, in place, as ``play_games`` does.

    The games stand in round ``start_round``; ``taken`` (shape ``(games, market)``, the same
    number of slots in every game) marks that round's market cards already taken.
    """
    if policy not in ("random", "greedy"):
        raise ValueError(f"the vectorised policies are 'random' and 'greedy', got {policy!r}")
    if policy == "random" and rng is None:
        raise ValueError("the random policy needs rng")
    random = rng if policy == "random" else None
    games, players = state.total.shape
    market = cards_per_market_per_player(players) * players
    rows = np.arange(games)
    width = market * len(BATCHES)  # the (slot, batch) moves of a turn, explicit: games may be 0
    taken = np.zeros((games, market), dtype=bool) if taken is None else taken.copy()
    first_turn = int(taken[:1].sum())
    for r in range(start_round, rounds_per_game(players, rules)):
        dealt = orders[:, r * market : (r + 1) * market].astype(np.intp)
        c, h, w = COLOUR[dealt], HEIGHT[dealt], SWEETNESS[dealt]
        if r > start_round:
            taken[:], first_turn = False, 0
        for t in range(first_turn, market):
            p = (first_player + r + t) % players
            legal, gain = _options(state, p, c, h, w, rules)
            legal &= ~taken[:, :, None]
            gain = np.where(legal, gain, _ILLEGAL).reshape(games, width)  # the legal gains
            if random is None:
                choice = np.argmax(gain, axis=1)
            else:
                legal = legal.reshape(games, width)
                counts = legal.sum(axis=1)
                pick = (random.random(games) * counts).astype(np.int64)
                choice = (np.cumsum(legal, axis=1) <= pick[:, None]).sum(axis=1)
            slot, batch = np.divmod(choice, len(BATCHES))
            card = dealt[rows, slot]
            apply(state, p, card, batch, gain[rows, choice])
            taken[rows, slot] = True
            if record is not None:
                record.append(np.stack([card, batch], axis=1))
