"""Plotly figure builders: pure functions from orchard_lab data to ``go.Figure``.

Each game's colours (``FRUIT_COLOURS`` and friends) stay in its own module
(``figures.water_drops``, ``figures.stacked_trees``): the names are the same, the fruits not.
``save(fig, "picture.png")`` (or ``.svg``) writes any of them to a file for a worksheet.

>>> from orchard_lab.figures import sequence_values
>>> len(sequence_values(["triangular"], 12).data[0].y)
12
"""

from orchard_lab.figures import lean_imports  # noqa: F401  (first: see its docstring)
from orchard_lab.figures.apple_batches import (
    BATCH_COLOURS,
    BATCH_LABELS,
    batch_growth,
    best_batch_points,
    breakdown_values,
    next_card_bars,
    next_card_values,
    score_breakdown,
)
from orchard_lab.figures.classroom import class_scores
from orchard_lab.figures.files import save
from orchard_lab.figures.runs import RUN_COLOURS, score_histograms
from orchard_lab.figures.sequences import (
    SEQUENCE_COLOURS,
    figurate_dots,
    highlight_point,
    plain_symbols,
    sequence_differences,
    sequence_values,
)
from orchard_lab.figures.stacked_trees import (
    deal_comparison,
    dice_ladder,
    orchard_stacks,
    policy_scores,
    stack_heights,
    supply_through_game,
)
from orchard_lab.figures.water_drops import (
    fruit_breakdown,
    group_fate,
    group_fates,
    group_map,
    polyomino_shapes,
)

__all__ = [
    "BATCH_COLOURS",
    "BATCH_LABELS",
    "RUN_COLOURS",
    "SEQUENCE_COLOURS",
    "batch_growth",
    "best_batch_points",
    "breakdown_values",
    "class_scores",
    "deal_comparison",
    "dice_ladder",
    "figurate_dots",
    "fruit_breakdown",
    "group_fate",
    "group_fates",
    "group_map",
    "highlight_point",
    "next_card_bars",
    "next_card_values",
    "orchard_stacks",
    "plain_symbols",
    "policy_scores",
    "polyomino_shapes",
    "save",
    "score_breakdown",
    "score_histograms",
    "sequence_differences",
    "sequence_values",
    "stack_heights",
    "supply_through_game",
]
