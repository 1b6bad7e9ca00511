"""The shared controls' CSS (s18 review, Polish 4, 9 and 12): a chosen toggle button is told
by more than a shade of grey, a rule switch's slider keeps its value beside it, and a
dropdown's arrow has room beside the longest option."""

from __future__ import annotations

import re

import ipywidgets as w

from orchard_lab.contrast import contrast_ratio
from orchard_lab.widgets import SequenceExplorer
from orchard_lab.widgets.styles import buttons_style
from tests.frames import declarations

# JupyterLab's light theme: an unchosen button (--jp-layout-color2), a chosen one
# (--jp-layout-color3, ipywidgets' .mod-active) and the page
UNCHOSEN, CHOSEN, PAGE = "#eeeeee", "#bdbdbd", "#ffffff"
ARROW_PX = 20  # ipywidgets draws a select's arrow 20 px wide at its right end


def test_a_chosen_toggle_button_wears_a_dark_frame_and_bold_words() -> None:
    """Chosen #bdbdbd against unchosen #eeeeee was 1.6:1, the only sign. A frame at 3:1 or
    more against both greys and the page (WCAG 1.4.11), and bold words, on every toggle
    inside orchard_lab's widgets, the keyboard's focus ring kept."""
    chosen = declarations("buttons.css", ".jupyter-button.mod-active")
    frame = re.search(r"box-shadow:\s*inset 0 0 0 (\d+)px (#[0-9a-f]{6})", chosen)
    assert frame and int(frame[1]) >= 2, chosen
    for back in (UNCHOSEN, CHOSEN, PAGE):
        assert contrast_ratio(frame[2], back) >= 3, back
    assert re.search(r"font-weight:\s*(bold|[7-9]00)", chosen), chosen
    focused = declarations("buttons.css", ".jupyter-button.mod-active:focus-visible")
    ring = declarations("buttons.css", ".jupyter-button:focus-visible")
    ring_shadow = re.search(r"box-shadow:\s*([^;}]+)", ring)
    assert ring_shadow and ring_shadow[1].strip() in focused, focused
    assert f"inset 0 0 0 {frame[1]}px {frame[2]}" in focused, focused


def test_every_toggle_is_inside_an_element_that_loads_the_buttons_style() -> None:
    """The sequence explorer's sequence buttons are toggles too: it loads buttons.css."""
    explorer = SequenceExplorer()
    styles = [child.value for child in explorer.widget.children if isinstance(child, w.HTML)]
    assert any(buttons_style() in value for value in styles)
    assert any(name.startswith("orchard-") for name in explorer.widget._dom_classes), (
        explorer.widget._dom_classes
    )


def test_a_sliders_value_stays_beside_its_slider() -> None:
    """In a narrow column (the what-if's sets A and B) or with a long label (French, Korean)
    the value wrapped alone onto a line under the slider. It is taken out of the wrapping
    row and drawn in room the row keeps on its right, level with its last line (the
    slider's): the room is as wide as the value."""
    row = declarations("rule_switches.css", ".widget-hslider")
    value = declarations("rule_switches.css", ".widget-hslider .widget-readout")
    assert "position: relative" in row and "box-sizing: border-box" in row, row
    assert "position: absolute" in value and re.search(r"bottom:\s*0", value), value
    assert re.search(r"right:\s*0", value), value
    room = re.search(r"padding-right:\s*([\d.]+)em", row)
    width = re.search(r"(?<![-\w])width:\s*([\d.]+)em", value)
    assert room and width and float(width[1]) <= float(room[1]), (row, value)
    assert re.search(r"max-width:\s*[\d.]+em", value), value  # never over the slider


def test_a_dropdowns_arrow_has_room_beside_its_longest_option() -> None:
    """ "quand chacun a 12 pommes" and "모두 사과 12개를 가지면" touched the arrow."""
    for css_file, selector in (
        ("rule_switches.css", ".widget-dropdown select"),
        ("what_if.css", ".orchard-whatif-settings .widget-dropdown select"),
    ):
        select = declarations(css_file, selector)
        padding = re.search(r"padding-right:\s*(\d+)px", select)
        assert padding and int(padding[1]) >= ARROW_PX + 6, (css_file, select)
