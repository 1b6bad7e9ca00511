# mypy: disallow-untyped-defs=False, disallow-incomplete-defs=False
# mypy: disallow-untyped-decorators=False, warn-return-any=False
# (the numba kernels are left unannotated, as pyproject.toml says of fast.py and bound.py)
"""numpy's random draws, written out for compiled code: the deals of ``Game.new(seed=s)`` and
``RandomPolicy``'s pick, number for number (issue 24), for every compiled engine.

Stacked trees' ``Game.new`` deals ``default_rng(s).permutation(18)``; water drops' draws two
permutations from one generator, the start cards' and then the deck's (``seed_pcg``, then
``permute`` twice). Random play takes ``RandomPolicy``'s words from the caller's generator
drawn ahead (``words_ahead``), which then moves on by exactly the words used.

A ``SeedSequence`` hashes the seed into
the state of a ``PCG64`` generator (a 128-bit linear congruential step, output by XSL-RR), and
the permutation is a Fisher-Yates shuffle whose each swap takes 32-bit words masked to the
next power of two, drawing again while the number is too big (numpy's ``random_interval``).
``RandomPolicy`` takes ``Generator.integers(n)``: one 32-bit word scaled by Lemire's method,
again drawing anew on a rare rejected word. Everything here works on whole numbers of at most
49 bits in int64 (128-bit and 32-bit products are split into 16- and 32-bit pieces), so the
same code runs compiled or as plain Python, and never overflows.

>>> import numpy as np
>>> rng = np.random.default_rng(2**40 + 7)
>>> pcg = np.zeros(PCG_WORDS, dtype=np.int64)
>>> order = np.zeros(18, dtype=np.int64)
>>> deal(2**40 + 7, order, pcg)
>>> order.tolist() == rng.permutation(18).tolist()
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from orchard_lab.jit import njit

__all__ = ["PCG_WORDS", "deal", "lemire", "permute", "seed_pcg", "words_ahead"]

Played = tuple[np.ndarray, int, int]  # a compiled random run: scores, games played, words used

PCG_WORDS = 23  # a generator's state (4 limbs of state, 4 of increment, a kept half word),
# then scratch for seeding: a pool of 4 words, 8 words made from it, a running multiplier
_POOL, _MADE, _CONST = 10, 14, 22
M32 = 0xFFFFFFFF
MULTIPLIER = (2549297995355413924 << 64) + 4865540595714422341  # PCG64's 128-bit multiplier
_M0, _M1, _M2, _M3 = ((MULTIPLIER >> 32 * i) & M32 for i in range(4))
# SeedSequence's hash constants (numpy/random/bit_generator.pyx)
INIT_A, MULT_A, INIT_B, MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
MIX_MULT_L, MIX_MULT_R = 0xCA01F9DD, 0x4973F715


@njit(cache=True, inline="always")
def _mul32(a, b):
    """``a * b`` modulo 2**32 for 32-bit ``a`` and ``b``."""
    return (a * (b & 0xFFFF) + (((a * (b >> 16)) & 0xFFFF) << 16)) & M32


@njit(cache=True, inline="always")
def _wide(a, b):
    """(high, low) 32-bit halves of the 64-bit product of 32-bit ``a`` and ``b``."""
    low = a * (b & 0xFFFF)
    high = a * (b >> 16)
    part = low + ((high & 0xFFFF) << 16)
    return (part >> 32) + (high >> 16), part & M32


@njit(cache=True, inline="always")
def _hashmix(value, pcg):
    """SeedSequence's ``hashmix``; ``pcg[_CONST]`` is its running multiplier."""
    value ^= pcg[_CONST]
    pcg[_CONST] = _mul32(pcg[_CONST], MULT_A)
    value = _mul32(value, pcg[_CONST])
    return value ^ (value >> 16)


@njit(cache=True, inline="always")
def _mix(x, y):
    result = (_mul32(MIX_MULT_L, x) + (1 << 32) - _mul32(MIX_MULT_R, y)) & M32
    return result ^ (result >> 16)


@njit(cache=True)
def _step(pcg):
    """state = state * MULTIPLIER + increment, modulo 2**128 (limbs of 32 bits, low first)."""
    a0, a1, a2, a3 = pcg[0], pcg[1], pcg[2], pcg[3]
    high, low = _wide(a0, _M0)
    c0, c1 = low + pcg[4], high + pcg[5]
    high, low = _wide(a0, _M1)
    c1, c2 = c1 + low, high + pcg[6]
    high, low = _wide(a1, _M0)
    c1, c2 = c1 + low, c2 + high
    high, low = _wide(a0, _M2)
    c2, c3 = c2 + low, high + pcg[7]
    high, low = _wide(a1, _M1)
    c2, c3 = c2 + low, c3 + high
    high, low = _wide(a2, _M0)
    c2, c3 = c2 + low, c3 + high
    c3 += _mul32(a0, _M3) + _mul32(a1, _M2) + _mul32(a2, _M1) + _mul32(a3, _M0)
    c1 += c0 >> 32
    c2 += c1 >> 32
    c3 += c2 >> 32
    pcg[0], pcg[1], pcg[2], pcg[3] = c0 & M32, c1 & M32, c2 & M32, c3 & M32


@njit(cache=True)
def _word(pcg):
    """The generator's next 32-bit word: the low half of a 64-bit output, then its high half
    (numpy's ``next_uint32`` for PCG64). An output is XSL-RR: the two 64-bit halves of the
    state XORed, turned right by the state's top 6 bits."""
    if pcg[8]:
        pcg[8] = 0
        return pcg[9]
    _step(pcg)
    high, low = pcg[3] ^ pcg[1], pcg[2] ^ pcg[0]
    turn = pcg[3] >> 26
    if turn >= 32:
        high, low = low, high
        turn -= 32
    if turn:
        keep = (1 << turn) - 1
        high, low = (
            (high >> turn) | ((low & keep) << (32 - turn)),
            (low >> turn) | ((high & keep) << (32 - turn)),
        )
    pcg[8], pcg[9] = 1, high
    return low


@njit(cache=True)
def seed_pcg(seed, pcg):
    """``PCG64(seed)``'s state in ``pcg``: SeedSequence(seed) (a pool of 4 words) gives 8
    words, the 128-bit state and increment of ``pcg64_srandom_r``."""
    pcg[_CONST] = INIT_A
    for i in range(4):
        word = seed & M32 if i == 0 else (seed >> 32 if i == 1 else 0)
        pcg[_POOL + i] = _hashmix(word, pcg)
    for source in range(4):
        for target in range(4):
            if source != target:
                mixed = _hashmix(pcg[_POOL + source], pcg)
                pcg[_POOL + target] = _mix(pcg[_POOL + target], mixed)
    mult = INIT_B
    for i in range(8):
        value = pcg[_POOL + i % 4] ^ mult
        mult = _mul32(mult, MULT_B)
        value = _mul32(value, mult)
        pcg[_MADE + i] = value ^ (value >> 16)
    # state = made words 0-3 (high 64 bits first), increment = (words 4-7) * 2 + 1
    words = pcg[_MADE : _MADE + 8]
    pcg[4] = ((words[6] << 1) | 1) & M32
    pcg[5] = ((words[7] << 1) | (words[6] >> 31)) & M32
    pcg[6] = ((words[4] << 1) | (words[7] >> 31)) & M32
    pcg[7] = ((words[5] << 1) | (words[4] >> 31)) & M32
    pcg[0], pcg[1], pcg[2], pcg[3], pcg[8], pcg[9] = 0, 0, 0, 0, 0, 0
    _step(pcg)
    carry = 0
    for i in range(4):
        total = pcg[i] + words[(2, 3, 0, 1)[i]] + carry
        pcg[i], carry = total & M32, total >> 32
    _step(pcg)


@njit(cache=True)
def permute(order, pcg):
    """Write the generator's next ``permutation(len(order))`` into ``order``."""
    n = order.shape[0]
    for i in range(n):
        order[i] = i
    for i in range(n - 1, 0, -1):
        mask = i
        for shift in (1, 2, 4, 8, 16):
            mask |= mask >> shift
        j = _word(pcg) & mask
        while j > i:
            j = _word(pcg) & mask
        order[i], order[j] = order[j], order[i]


@njit(cache=True)
def deal(seed, order, pcg):
    """Write ``default_rng(seed).permutation(len(order))`` into ``order`` (``pcg``: scratch of
    ``PCG_WORDS``)."""
    seed_pcg(seed, pcg)
    permute(order, pcg)


@njit(cache=True)
def lemire(words, used, count):
    """``Generator.integers(count)`` (count from 2 to 2**31) from the 32-bit ``words``,
    starting at ``words[used[0]]`` and moving ``used[0]`` past the words taken (a rejected
    word takes another, as numpy does); -1 if the words run out."""
    threshold = ((1 << 32) - count) % count
    while used[0] < words.shape[0]:
        product = words[used[0]] * count
        used[0] += 1
        if product & M32 >= threshold:
            return product >> 32
    return -1


def words_ahead(
    rng: np.random.Generator, count: int, play: Callable[[np.ndarray], Played]
) -> Played:
    """``play(words)``, ``words`` being the next ``count`` 32-bit words of ``rng``'s stream
    drawn ahead; ``rng`` then moves on by exactly the words ``play`` says it used (its last
    result), as if the compiled code had drawn them from ``rng`` itself.

    >>> rng = np.random.default_rng(3)
    >>> _, first, used = words_ahead(rng, 5, lambda words: (words, int(words[0]), 2))
    >>> first == int(np.random.default_rng(3).integers(0, 2**32, dtype=np.uint32))
    True
    >>> twin = np.random.default_rng(3); _ = twin.integers(0, 2**32, size=2, dtype=np.uint32)
    >>> rng.bit_generator.state == twin.bit_generator.state
    True
    """
    state = rng.bit_generator.state
    words = rng.integers(0, 2**32, size=count, dtype=np.uint32)
    played = play(words)
    rng.bit_generator.state = state
    rng.integers(0, 2**32, size=played[2], dtype=np.uint32)
    return played
