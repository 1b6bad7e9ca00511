"""Many games at once with numpy: the "random" and "greedy" policies, vectorised across games.

The state of every game is a set of integer arrays indexed ``[game, player]`` (counts per
batch, feather's live attributes, the unlucky total, each pair's waiting card, ...). Each turn
computes, for all games together, which (market card, batch) moves are legal and how many
points each gains, with exactly the rules of ``Board`` (AB-3..AB-6); the tests replay the
chosen moves through ``Game`` and get the same scores.

>>> import numpy as np
>>> orders = deal_orders(np.random.default_rng(0), games=4)
>>> play_games(orders, players=2, rules=Rules(), policy="greedy").shape
(4, 2)
"""

from __future__ import annotations

import numpy as np

from orchard_lab.apple_batches.board import ODD_PRIMES
from orchard_lab.apple_batches.cards import (
    BATCH_CAPACITY,
    BATCHES,
    CARDS_PER_PLAYER,
    COLOURS,
    SPECIAL_BONUS,
    UNLUCKY_TARGET,
    Rules,
    default_deck,
)
from orchard_lab.apple_batches.game import cards_per_market_per_player

_DECK = default_deck()
COLOUR = np.array([COLOURS.index(card.colour) for card in _DECK], dtype=np.int16)
HEIGHT = np.array([card.height for card in _DECK], dtype=np.int16)
SWEETNESS = np.array([card.sweetness for card in _DECK], dtype=np.int16)
MONO, FEATHER, SPECIAL, UNLUCKY, FORTE, COUPLE, STEADY, BAD = range(len(BATCHES))
_STEADY_GAIN = np.diff(np.array((0, *ODD_PRIMES, ODD_PRIMES[-1]), dtype=np.int16))
_ILLEGAL = -(10**4)


def deal_orders(rng: np.random.Generator, games: int) -> np.ndarray:
    """One shuffled default deck per game: shape ``(games, 75)`` of card indexes."""
    return rng.permuted(np.tile(np.arange(len(_DECK), dtype=np.int16), (games, 1)), axis=1)


class _State:
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


def _options(
    s: _State, p: int, c: np.ndarray, h: np.ndarray, w: np.ndarray, rules: Rules
) -> tuple[np.ndarray, np.ndarray]:
    """Legal mask and gain, shape ``(games, market, 8)``, of player ``p``'s moves."""
    games, slots = c.shape
    n = s.count[:, p, :, None].astype(np.int32)  # (games, 8, 1): broadcast over slots
    legal = np.broadcast_to(n < BATCH_CAPACITY, (games, len(BATCHES), slots)).copy()
    gain = np.zeros((games, len(BATCHES), slots), dtype=np.int32)

    def col(a: np.ndarray) -> np.ndarray:  # player p's column, shape (games, 1)
        return a[:, p, None]

    empty = n[:, :, 0] == 0
    legal[:, MONO] &= empty[:, MONO, None] | (c == col(s.mono_colour))
    gain[:, MONO] = n[:, MONO] + 1
    legal[:, FEATHER] &= empty[:, FEATHER, None] | (w == col(s.live_s)) | (h == col(s.live_h))
    gain[:, FEATHER] = 2 * n[:, FEATHER]
    outside = np.take_along_axis(s.outside[:, p], c.astype(np.intp), axis=1)
    legal[:, SPECIAL] &= empty[:, SPECIAL, None] & (outside == 0)
    gain[:, SPECIAL] = SPECIAL_BONUS
    total = col(s.unlucky) + w
    if not rules.unlucky_may_bust:
        legal[:, UNLUCKY] &= total <= UNLUCKY_TARGET
    before = np.where(col(s.unlucky) == UNLUCKY_TARGET, n[:, UNLUCKY] ** 2, 0)
    gain[:, UNLUCKY] = np.where(total == UNLUCKY_TARGET, (n[:, UNLUCKY] + 1) ** 2, 0) - before
    odd = n[:, FORTE] % 2 == 1
    legal[:, FORTE] &= ~odd | (h != col(s.forte_h))
    gain[:, FORTE] = np.where(odd, 2 * np.abs(h - col(s.forte_h)), 0)
    odd = n[:, COUPLE] % 2 == 1
    legal[:, COUPLE] &= ~odd | (w == col(s.couple_s))
    gain[:, COUPLE] = np.where(odd, 7, 0)
    if rules.steady_reference == "last":
        near = np.abs(h - col(s.steady_h)) <= 1
    else:
        near = (col(s.steady_seen) >> (h - 1)) & 0b111 != 0
    legal[:, STEADY] &= empty[:, STEADY, None] | near
    gain[:, STEADY] = _STEADY_GAIN[n[:, STEADY]]
    gain[:, BAD] = 0 if rules.easy else -1
    breaks = (c == col(s.special)) & (outside == 0)  # AB-6: the special bonus is lost
    gain[:, [MONO, FEATHER, UNLUCKY, FORTE, COUPLE, STEADY]] += np.where(
        breaks, rules.special_broken_points - SPECIAL_BONUS, 0
    )[:, None]
    return legal.transpose(0, 2, 1), gain.transpose(0, 2, 1)


def _apply(s: _State, p: int, card: np.ndarray, batch: np.ndarray, gain: np.ndarray) -> None:
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

    ``policy`` is "random" (uniform over legal moves, drawn from ``rng``) or "greedy" (the
    best gain; ties: the first in ``Game.legal_moves()`` order). If ``record`` is a list,
    each turn's chosen ``(card index, batch index)`` pairs are appended to it.
    """
    if policy not in ("random", "greedy"):
        raise ValueError(f"the vectorised policies are 'random' and 'greedy', got {policy!r}")
    if policy == "random" and rng is None:
        raise ValueError("the random policy needs rng")
    games = len(orders)
    state = _State(games, players)
    market = cards_per_market_per_player(players) * players
    rows = np.arange(games)
    for r in range(CARDS_PER_PLAYER * players // market):
        dealt = orders[:, r * market : (r + 1) * market].astype(np.intp)
        c, h, w = COLOUR[dealt], HEIGHT[dealt], SWEETNESS[dealt]
        taken = np.zeros((games, market), dtype=bool)
        for t in range(market):
            p = (first_player + r + t) % players
            legal, gain = _options(state, p, c, h, w, rules)
            legal &= ~taken[:, :, None]
            legal, gain = legal.reshape(games, -1), gain.reshape(games, -1)
            if policy == "greedy":
                choice = np.argmax(np.where(legal, gain, _ILLEGAL), axis=1)
            else:
                counts = legal.sum(axis=1)
                pick = (rng.random(games) * counts).astype(np.int64)
                choice = (np.cumsum(legal, axis=1) <= pick[:, None]).sum(axis=1)
            slot, batch = np.divmod(choice, len(BATCHES))
            card = dealt[rows, slot]
            _apply(state, p, card, batch, gain[rows, choice])
            taken[rows, slot] = True
            if record is not None:
                record.append(np.stack([card, batch], axis=1))
    return state.total.astype(np.int64)
