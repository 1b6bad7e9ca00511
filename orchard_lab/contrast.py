"""Contrast as WCAG 2.1 measures it, and a darker shade of a colour that passes: for the
boards, the charts and the worksheets alike.

Text needs a contrast ratio of at least 4.5:1 with its background (WCAG 2.1 AA, success
criterion 1.4.3), the lines of a chart 3:1 (1.4.11). A colour that fails keeps its hue:
``readable`` darkens it.

>>> round(contrast_ratio("#000000", "#ffffff"), 1)
21.0
>>> contrast_ratio(readable("#E69F00"), "#ffffff") >= AA_TEXT
True
"""

from __future__ import annotations

__all__ = [
    "AA_TEXT",
    "INK",
    "WHITE",
    "channels",
    "contrast_ratio",
    "readable",
    "relative_luminance",
    "text_colour_on",
]

AA_TEXT = 4.5  # WCAG 2.1 AA for normal text
WHITE = "#ffffff"
INK = "#000000"


def channels(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' or '#rgb' as its red, green and blue, each from 0 to 1.

    >>> channels("#ff8000")
    (1.0, 0.5019607843137255, 0.0)
    """
    if not isinstance(colour, str) or not colour.startswith("#") or len(colour) not in (4, 7):
        raise ValueError(f"colour must be '#rrggbb' or '#rgb', got {colour!r}")
    digits = colour[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    try:
        red, green, blue = (int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        raise ValueError(f"colour must be '#rrggbb' or '#rgb', got {colour!r}") from None
    return red, green, blue


def relative_luminance(colour: str) -> float:
    """The WCAG 2.1 relative luminance of an sRGB colour, 0 (black) to 1 (white).

    >>> relative_luminance("#ffffff"), relative_luminance("#000")
    (1.0, 0.0)
    """

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in channels(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(foreground: str, background: str) -> float:
    """(L1 + 0.05) / (L2 + 0.05), the lighter luminance over the darker: 1 to 21.

    >>> round(contrast_ratio("#ffffff", "#1976d2"), 2)
    4.6
    """
    one, two = relative_luminance(foreground), relative_luminance(background)
    return (max(one, two) + 0.05) / (min(one, two) + 0.05)


def readable(colour: str, background: str = "#ffffff", ratio: float = AA_TEXT) -> str:
    """``colour`` itself if text in it reaches ``ratio`` on ``background``, else a darker shade.

    The shade mixes ``colour`` with black in steps of 1 %, so it keeps its hue.

    >>> readable("#0072B2"), readable("#009E73")
    ('#0072B2', '#008662')
    """
    if contrast_ratio(colour, background) >= ratio:
        return colour
    red_green_blue = channels(colour)
    for step in range(1, 101):
        keep = 1 - step / 100
        shade = "#" + "".join(f"{round(c * keep * 255):02X}" for c in red_green_blue)
        if contrast_ratio(shade, background) >= ratio:
            return shade
    raise ValueError(f"no shade of {colour} reaches {ratio}:1 on {background}")


def text_colour_on(background: str) -> str:
    """White or black text, whichever reads better on ``background``.

    >>> text_colour_on("#f0c419"), text_colour_on("#b2182b")
    ('#000000', '#ffffff')
    """
    return max((WHITE, INK), key=lambda ink: contrast_ratio(ink, background))
