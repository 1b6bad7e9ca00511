"""The names a chart shows, in the session's language: batches and a score's parts.

A batch is named by the glossary, a fruit by ``orchard_lab.fruit_words`` (the boards' words),
so a chart names each thing as the board beside it does; the figures do not import the
widgets.
``separators`` is the language's decimal and thousands separators, for plotly.

>>> from orchard_lab.language import speaking
>>> with speaking("fr"):
...     batch_name("bad"), part_name("cherry")
('mauvais lot', 'cerise')
>>> part_name("sweet_couple"), part_name("rotten"), separators()
('sweet couple batch', 'rotten', '.,')
"""

from __future__ import annotations

from orchard_lab.fruit_words import water_drops_fruit
from orchard_lab.glossary import BATCH_NAMES
from orchard_lab.language import _, _p

__all__ = ["batch_name", "part_name", "separators"]


def batch_name(batch: str) -> str:
    """An apple batch's one name (``glossary.BATCH_NAMES``) in the session's language."""
    return _(BATCH_NAMES[batch])


def part_name(part: str) -> str:
    """A part of a score as a chart names it: a batch by its name, a water drops fruit by
    its name (``"banana"``), anything else as it is."""
    if part in BATCH_NAMES:
        return batch_name(part)
    fruits = {"banana": "B", "cherry": "C", "pear": "P", "mango": "M"}
    return water_drops_fruit(fruits[part]) if part in fruits else part


def separators() -> str:
    """The session's language's decimal separator, then its thousands separator, as plotly's
    ``layout.separators`` takes them (English ".,": 1,234.5)."""
    # Translators: the decimal separator, then the thousands separator (French ", ": a
    # decimal comma and a space between thousands); two characters
    return _p("number separators", ".,")
