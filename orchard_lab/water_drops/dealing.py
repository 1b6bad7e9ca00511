"""``Game.new``'s deal in compiled code: numpy's ``default_rng(seed)`` and its
``permutation``, step for step, so that the engine deals a game from its seed without Python.

``Game.new`` draws the start cards' order (``rng.permutation(5)``), then the deck's
(``rng.permutation(50)``), from ``np.random.default_rng(seed)``. That generator is PCG64
(128-bit state, XSL-RR output) seeded through ``SeedSequence``; ``permutation(n)`` shuffles
``arange(n)`` from the last place down, each place swapped with one drawn by masked
rejection on 32-bit halves of the 64-bit outputs. Here the same arithmetic runs on unsigned
64-bit words split into 32-bit halves, so that nothing overflows: the plain-Python kernels
(without numba) give the same numbers with no numpy overflow warning. The tests compare the
deals with ``Game.new``'s for drawn seeds.

>>> rng = np.random.default_rng(12)
>>> first, second = rng.permutation(5), rng.permutation(50)
>>> starts, order = np.zeros(5, dtype=np.int64), np.zeros(50, dtype=np.int64)
>>> deal(12, starts, order)
>>> bool((starts == first).all() and (order == second).all())
True
"""

from __future__ import annotations

import numpy as np

from orchard_lab.jit import kernel

__all__ = ["deal"]

_LOW = np.uint64(0xFFFFFFFF)  # the lower 32 bits of a word
_HALF = np.uint64(32)
_MULTIPLIER = (np.uint64(2549297995355413924), np.uint64(4865540595714422341))  # PCG64's
# SeedSequence's hashing constants (numpy/random/bit_generator.pyx)
_INIT_A, _MULT_A = np.uint64(0x43B0D7E5), np.uint64(0x931E8875)
_INIT_B, _MULT_B = np.uint64(0x8B51F9DD), np.uint64(0x58F38DED)
_MIX_L, _MIX_R = np.uint64(0xCA01F9DD), np.uint64(0x4973F715)
_SHIFT = np.uint64(16)


@kernel
def _add(a: np.uint64, b: np.uint64) -> np.uint64:
    """``a + b`` modulo 2**64."""
    low = (a & _LOW) + (b & _LOW)
    high = (a >> _HALF) + (b >> _HALF) + (low >> _HALF)
    return ((high & _LOW) << _HALF) | (low & _LOW)


@kernel
def _multiply(a: np.uint64, b: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The 128-bit product ``a * b`` as (high word, low word)."""
    a0, a1, b0, b1 = a & _LOW, a >> _HALF, b & _LOW, b >> _HALF
    p00, p01, p10 = a0 * b0, a0 * b1, a1 * b0
    middle = (p00 >> _HALF) + (p01 & _LOW) + (p10 & _LOW)
    low = ((middle & _LOW) << _HALF) | (p00 & _LOW)
    return a1 * b1 + (p01 >> _HALF) + (p10 >> _HALF) + (middle >> _HALF), low


@kernel
def _step(pcg: np.ndarray) -> None:
    """PCG64's state step: state = state * multiplier + increment (modulo 2**128), with
    ``pcg`` = [state high, state low, increment high, increment low, spare half, has spare]."""
    high, low = _multiply(pcg[1], _MULTIPLIER[1])
    high = _add(
        _add(high, _multiply(pcg[1], _MULTIPLIER[0])[1]), _multiply(pcg[0], _MULTIPLIER[1])[1]
    )
    low2 = _add(low, pcg[3])
    carry = np.uint64(1) if low2 < low else np.uint64(0)
    pcg[0], pcg[1] = _add(_add(high, pcg[2]), carry), low2


@kernel
def _next32(pcg: np.ndarray) -> np.uint64:
    """numpy's ``next_uint32`` of PCG64: the low half of a new 64-bit output, its high half
    kept for the next call."""
    if pcg[5]:
        pcg[5] = np.uint64(0)
        return np.uint64(pcg[4])
    _step(pcg)
    high, low = np.uint64(pcg[0]), np.uint64(pcg[1])
    value, turn = high ^ low, high >> np.uint64(58)
    word = (value >> turn) | (value << ((np.uint64(64) - turn) & np.uint64(63)))
    pcg[4], pcg[5] = word >> _HALF, np.uint64(1)
    return word & _LOW


@kernel
def _hash(value: np.uint64, constant: np.ndarray) -> np.uint64:
    """SeedSequence's ``hashmix`` (32-bit): ``constant[0]`` moves on by ``_MULT_A``."""
    value ^= constant[0]
    constant[0] = (constant[0] * _MULT_A) & _LOW
    value = (value * constant[0]) & _LOW
    return value ^ (value >> _SHIFT)


@kernel
def _seed(seed: int, pcg: np.ndarray) -> None:
    """``pcg`` as ``np.random.default_rng(seed)`` starts it (a seed from 0 to 2**63 - 1):
    SeedSequence mixes the seed's two 32-bit words into a pool of 4, draws 8 words from it,
    and PCG64 takes them as its state and increment."""
    word = np.uint64(seed)
    entropy = (word & _LOW, word >> _HALF, np.uint64(0), np.uint64(0))  # zeros hash alike
    pool = np.zeros(4, dtype=np.uint64)
    constant = np.full(1, _INIT_A, dtype=np.uint64)
    for i in range(4):
        pool[i] = _hash(entropy[i], constant)
    for source in range(4):
        for target in range(4):
            if source != target:
                mixed = _hash(pool[source], constant)
                value = (((_MIX_L * pool[target]) & _LOW) + (_LOW + np.uint64(1))) - (
                    (_MIX_R * mixed) & _LOW
                )
                value &= _LOW
                pool[target] = value ^ (value >> _SHIFT)
    words = np.zeros(4, dtype=np.uint64)
    hashing = _INIT_B
    for i in range(8):
        value = pool[i % 4] ^ hashing
        hashing = (hashing * _MULT_B) & _LOW
        value = (value * hashing) & _LOW
        words[i // 2] |= (value ^ (value >> _SHIFT)) << (_HALF * np.uint64(i % 2))
    # pcg_setseq_128_srandom_r: increment = 2 * sequence + 1, state 0, step, add seed, step
    pcg[2] = (words[2] << np.uint64(1)) | (words[3] >> np.uint64(63))
    pcg[3] = (words[3] << np.uint64(1)) | np.uint64(1)
    pcg[0], pcg[1], pcg[4], pcg[5] = np.uint64(0), np.uint64(0), np.uint64(0), np.uint64(0)
    _step(pcg)
    low = _add(pcg[1], words[1])
    carry = np.uint64(1) if low < pcg[1] else np.uint64(0)
    pcg[0], pcg[1] = _add(_add(pcg[0], words[0]), carry), low
    _step(pcg)


@kernel
def _permutation(pcg: np.ndarray, out: np.ndarray) -> None:
    """``Generator.permutation(len(out))`` into ``out``: ``arange`` shuffled from the last
    place down, place i swapped with one drawn from 0..i (``random_interval``: a 32-bit word
    masked to the smallest power of two above i, drawn again while above i)."""
    for i in range(out.shape[0]):
        out[i] = i
    for i in range(out.shape[0] - 1, 0, -1):
        mask = np.uint64(i)
        for shift in (1, 2, 4, 8, 16):
            mask |= mask >> np.uint64(shift)
        j = _next32(pcg) & mask
        while j > np.uint64(i):
            j = _next32(pcg) & mask
        out[i], out[j] = out[j], out[i]


@kernel
def deal(seed: int, starts: np.ndarray, order: np.ndarray) -> None:
    """``Game.new``'s draws from ``np.random.default_rng(seed)``: the start cards' order
    (``permutation(len(starts))``) into ``starts``, then the deck's into ``order``."""
    pcg = np.zeros(6, dtype=np.uint64)
    _seed(seed, pcg)
    _permutation(pcg, starts)
    _permutation(pcg, order)
