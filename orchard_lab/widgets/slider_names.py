"""Names for the handles of ipywidgets' sliders, which a screen reader otherwise reads bare.

ipywidgets 8 draws an ``IntSlider`` with noUiSlider: the handle the keyboard moves
(``role="slider"``) gets no accessible name, and the slider's description is a ``<label>``
tied to nothing (axe-core: ``aria-input-field-name``). A ``SliderNames`` put in a box names
every slider handle inside the nearest element of class ``root`` after the slider's own
description, now and whenever the box draws a slider anew; it shows nothing itself. In the
browser it is the views' script (``static/view_language.js``, which finds a view's root for
``ViewLanguage`` too), asked to name the sliders.

>>> SliderNames("orchard-rule-switches").root
'orchard-rule-switches'
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from orchard_lab.widgets.styles import STATIC

__all__ = ["SliderNames"]


class SliderNames(anywidget.AnyWidget):
    """Names the slider handles inside the nearest element of CSS class ``root``."""

    _esm = STATIC / "view_language.js"
    root = traitlets.Unicode("").tag(sync=True)
    name_sliders = traitlets.Bool(True).tag(sync=True)

    def __init__(self, root: str, **kwargs: Any) -> None:
        super().__init__(root=root, **kwargs)
        self.add_class("orchard-slider-names")
