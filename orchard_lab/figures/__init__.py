"""Plotly figure builders: pure functions from orchard_lab data to ``go.Figure``.

>>> from orchard_lab.figures import sequence_values
>>> len(sequence_values(["triangular"], 12).data[0].y)
12
"""

from orchard_lab.figures.sequences import (
    SEQUENCE_COLOURS,
    figurate_dots,
    highlight_point,
    sequence_differences,
    sequence_values,
)

__all__ = [
    "SEQUENCE_COLOURS",
    "figurate_dots",
    "highlight_point",
    "sequence_differences",
    "sequence_values",
]
