"""Spare every process that draws a chart the seconds jsonschema's IRI checker takes to load.

Showing a plotly chart in Jupyter (``FigureWidget``, ``fig.show()``) imports nbformat, which
imports jsonschema, which imports the optional ``rfc3987_syntax`` to check the "iri" string
format: that module builds about 35 Earley parsers as it is imported, about 2.6 s of CPU on
this project's machine (python-jsonschema/jsonschema#1428), in every pupil's kernel, every
app page's process and every test worker. No notebook schema uses the "iri" format, and
orchard_lab checks no IRI. Unless something has already imported it, importing this module
marks ``rfc3987_syntax`` as not installed, so jsonschema leaves the "iri" check out, as it
does wherever that optional module is missing. Imported first by ``orchard_lab.figures``
and ``orchard_lab.widgets``.
"""

from __future__ import annotations

import sys

SLOW_MODULE = "rfc3987_syntax"

if SLOW_MODULE not in sys.modules:
    sys.modules[SLOW_MODULE] = None  # type: ignore[assignment]  # import now raises ImportError
