"""Jupyter widgets: thin views over the orchard_lab engine (ipywidgets + plotly).

>>> from orchard_lab.widgets import SequenceExplorer
>>> SequenceExplorer(n=4).n
4
"""

from orchard_lab.widgets.sequence_explorer import SequenceExplorer

__all__ = ["SequenceExplorer"]
