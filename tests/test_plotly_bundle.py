"""Charts share one copy of plotly's widget JavaScript per page (SharedBundleFigure).

Each chart syncs only a small loader; the page asks the kernel for plotly's bundle once,
through the ``send_plotly_bundle`` command, and the kernel refreshes a chart's saved state
before plotly reads it.
"""

from __future__ import annotations

import re

import plotly.graph_objects as go
from hypothesis import given
from hypothesis import strategies as st

from orchard_lab.plotly_bundle import PLOTLY_BUNDLE
from orchard_lab.widgets import (
    AppleBatchesBoard,
    ClassResultsChecker,
    SequenceExplorer,
    StackedTreesBoard,
    WhatIfExplorer,
)
from orchard_lab.widgets.plotly_state import BUNDLE_LOADER, SharedBundleFigure

SMALL = 20_000  # bytes: a loader, where plotly's bundle is about 4.9 MB


def synced_esm(figure: go.FigureWidget) -> str:
    return str(figure.get_state("_esm")["_esm"])


def answer(figure: SharedBundleFigure, name: str) -> tuple[dict, list]:
    """What the kernel sends back when the page invokes the command ``name``."""
    sent: list[tuple[dict, list]] = []
    figure.send = lambda content, buffers=None: sent.append((content, buffers))
    request = {"kind": "anywidget-command", "name": name, "id": "7", "msg": None}
    figure._handle_custom_msg(request, [])
    assert len(sent) == 1
    return sent[0]


def test_every_chart_the_package_builds_syncs_a_small_loader() -> None:
    board = AppleBatchesBoard(players=2, seed=1)
    explorer = SequenceExplorer()
    figures = [
        board.points_figure,
        board.next_figure,
        StackedTreesBoard(seed=1).figure,
        explorer.values_figure,
        explorer.dots_figure,
        WhatIfExplorer().figure,
        ClassResultsChecker().figure,
    ]
    for figure in figures:
        assert isinstance(figure, SharedBundleFigure)
        assert len(synced_esm(figure).encode()) < SMALL
    assert PLOTLY_BUNDLE.stat().st_size > 100 * SMALL  # what each chart used to carry


def test_the_page_gets_plotlys_bundle_as_one_binary_buffer() -> None:
    content, buffers = answer(SharedBundleFigure(), "send_plotly_bundle")
    assert content == {"id": "7", "kind": "anywidget-command-response", "response": None}
    assert [bytes(b) for b in buffers] == [PLOTLY_BUNDLE.read_bytes()]


def test_plotlys_bundle_has_the_default_export_the_loader_calls() -> None:
    tail = PLOTLY_BUNDLE.read_text()[-20_000:]
    assert re.search(r"export\s*\{[^}]*\bas default\b[^}]*\}", tail)
    assert "bundle.default()" in synced_esm(SharedBundleFigure())


def test_the_loader_caches_on_window_and_waits_longer_than_invokes_3_s() -> None:
    loader = synced_esm(SharedBundleFigure())
    assert loader == BUNDLE_LOADER.read_text(encoding="utf-8")  # the file shipped
    assert "window[BUNDLE] = page" in loader and "window[LOADED] = loaded" in loader
    assert "AbortSignal.timeout(600000)" in loader
    assert loader.count("setTimeout(send") == 2  # one retry loop: ask's timer, nothing else


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=8), st.booleans())
def test_refresh_saved_state_saves_what_python_drew(ys: list[int], visible: bool) -> None:
    figure = SharedBundleFigure(go.Figure(go.Bar(y=[0])))
    figure.data[0].y = ys
    figure.data[0].visible = visible
    content, buffers = answer(figure, "refresh_saved_state")
    assert buffers == [] and content["response"] is None
    saved = figure.get_state("_widget_data")["_widget_data"][0]
    assert list(saved["y"]) == ys and saved["visible"] is visible
