"""How long a pupil's sequence takes to read (issue 27, item 2: no input slower than 10 ms).

``formula.read_sequence`` on the heaviest inputs its bounds allow, each asked for the most
values (``MAX_COUNT``), against the plain list "1, 3, 6, 10, ..." read in the same run. Times
are CPU milliseconds (``time.process_time``), the best of 20 runs.
Run: ``.venv/bin/python benchmarks/bench_formula.py``.
"""

from __future__ import annotations

import contextlib
import platform
import time

from orchard_lab import formula
from orchard_lab.formula import LONGEST_TEXT, MAX_COUNT, read_sequence

HEAVIEST = {  # each close to LONGEST_TEXT characters
    "a list of 40 numbers": ", ".join(str(k * (k + 1) // 2) for k in range(1, MAX_COUNT + 1)),
    "100 additions of 1": "+".join(["1"] * 100),
    "40 powers 1^60": "+".join(["1^60"] * 40),
    "50 divisions n/n": "+".join(["n/n"] * 50),
    "fractions on the way": "n" + "*1/2*2" * 33,
    "22 primes": "+".join(["prime(n)"] * 22),
    "nested 25 deep": "(" * 25 + "n^2*n/n+prime(n)" + ")" * 25,
}


def cpu_ms(text: str) -> float:
    best = float("inf")
    for _ in range(20):
        start = time.process_time()
        with contextlib.suppress(ValueError):  # a refusal is an answer too
            read_sequence(text, MAX_COUNT)
        best = min(best, time.process_time() - start)
    return best * 1000


def main() -> None:
    print(f"{platform.python_implementation()} {platform.python_version()}, {MAX_COUNT} values")
    reference = cpu_ms(HEAVIEST["a list of 40 numbers"])
    for name, text in HEAVIEST.items():
        assert len(text) <= LONGEST_TEXT, name
        ms = cpu_ms(text)
        print(f"{name:24s} {len(text):3d} chars  {ms:6.2f} ms  ({ms / reference:5.1f}x the list)")
    print(f"bounds: {LONGEST_TEXT} characters, values within {formula.MAX_VALUE:,}")


if __name__ == "__main__":
    main()
