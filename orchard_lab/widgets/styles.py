"""The widgets' stylesheets: CSS files in ``static/``, the colours Python owns set once.

A widget's stylesheet (``static/<widget>.css``: the boards, the walkthroughs, the rule
switches, the explorers, the class results, the app's page) is plain CSS shipped with the
package. Every colour a contrast test checks lives in the widget's ``TEXT_ON`` table in
Python; the file reads it as a custom property, ``var(--st-title)`` for the text of the
pair ``"title"`` and ``var(--st-title-back)`` for its background, and ``style_html``
declares those properties on the widget's root class before the file's rules. A size both
Python and the CSS need is passed the same way. So no colour is written twice, and a test
can check that the file uses no colour of ``TEXT_ON`` literally.

>>> properties = text_properties("st", {"empty spot": ("#595959", "#f4f1e6")})
>>> properties
{'--st-empty-spot': '#595959', '--st-empty-spot-back': '#f4f1e6'}
>>> declare(".orchard-st-board", properties)
'.orchard-st-board {--st-empty-spot: #595959; --st-empty-spot-back: #f4f1e6}'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

__all__ = [
    "BUTTONS_TEXT_ON",
    "STATIC",
    "buttons_style",
    "declare",
    "slug",
    "static_text",
    "style_html",
    "stylesheet",
    "text_properties",
]

STATIC = Path(__file__).parent / "static"
# The stock button styles get their colours from JupyterLab's theme, and three of them fall
# short of 4.5:1 (white on success #388e3c 4.1:1, on info #0097a7 3.5:1, on warning #f57c00
# 2.7:1); inside orchard_lab's widgets static/buttons.css gives them these pairs instead.
BUTTONS_TEXT_ON = {
    "success": ("#ffffff", "#2e7d32"),
    "info": ("#ffffff", "#006d77"),
    "warning": ("#1a1a1a", "#f57c00"),
}


@cache
def static_text(name: str) -> str:
    """The text of ``static/<name>``, read once per kernel."""
    return (STATIC / name).read_text(encoding="utf-8")


def slug(name: str) -> str:
    """A ``TEXT_ON`` name as a CSS identifier.

    >>> slug("Apple tree"), slug("rule on a lit batch")
    ('apple-tree', 'rule-on-a-lit-batch')
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def text_properties(prefix: str, text_on: Mapping[str, tuple[str, str]]) -> dict[str, str]:
    """Custom properties for every (text, background) pair: ``--<prefix>-<name>`` the text
    colour, ``--<prefix>-<name>-back`` the background."""
    properties = {}
    for name, (text, back) in text_on.items():
        properties[f"--{prefix}-{slug(name)}"] = text
        properties[f"--{prefix}-{slug(name)}-back"] = back
    return properties


def declare(selector: str, properties: Mapping[str, str]) -> str:
    """One CSS rule declaring ``properties`` on ``selector``."""
    body = "; ".join(f"{name}: {value}" for name, value in properties.items())
    return f"{selector} {{{body}}}"


def style_html(name: str, selector: str, properties: Mapping[str, str]) -> str:
    """A ``<style>`` element: ``properties`` declared on ``selector``, then ``static/<name>``.

    An HTML widget holding it styles the board in JupyterLab, Voilà and the Solara app alike.
    """
    return f"<style>\n{declare(selector, properties)}\n{static_text(name)}</style>"


def stylesheet(name: str) -> str:
    """A ``<style>`` element holding ``static/<name>`` alone (a file that uses no colour
    Python owns).

    >>> stylesheet("water_drops_walkthrough.css").startswith("<style>")
    True
    """
    return f"<style>\n{static_text(name)}</style>"


def buttons_style() -> str:
    """The ``<style>`` that gives the stock button styles readable colours inside any of
    orchard_lab's widgets (an element whose class starts ``orchard-``): ``BUTTONS_TEXT_ON``
    as custom properties, then ``static/buttons.css``.

    >>> "--button-success-back: #2e7d32" in buttons_style()
    True
    """
    properties = text_properties("button", BUTTONS_TEXT_ON)
    return style_html("buttons.css", '[class*="orchard-"]', properties)
