"""Jupyter widgets: thin views over the orchard_lab engine (ipywidgets + plotly).

>>> from orchard_lab.widgets import SequenceExplorer
>>> SequenceExplorer(n=4).n
4
"""

from orchard_lab.figures import lean_imports  # noqa: F401  (first: see its docstring)
from orchard_lab.widgets.apple_batches_board import AppleBatchesBoard
from orchard_lab.widgets.class_results import ClassResultsChecker
from orchard_lab.widgets.rule_switches import RuleSwitches
from orchard_lab.widgets.sequence_explorer import SequenceExplorer
from orchard_lab.widgets.stacked_trees_board import StackedTreesBoard
from orchard_lab.widgets.walkthrough import Step, Walkthrough, rule_walkthrough
from orchard_lab.widgets.water_drops_board import WaterDropsBoard
from orchard_lab.widgets.what_if import WhatIfExplorer

__all__ = [
    "AppleBatchesBoard",
    "ClassResultsChecker",
    "RuleSwitches",
    "SequenceExplorer",
    "StackedTreesBoard",
    "Step",
    "Walkthrough",
    "WaterDropsBoard",
    "WhatIfExplorer",
    "rule_walkthrough",
]
