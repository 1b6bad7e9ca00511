"""figures.save: any figure as a PNG or an SVG for a worksheet, drawn by kaleido in Debian's
chromium, with nothing loaded from outside the machine."""

from __future__ import annotations

import logging
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import plotly.graph_objects as go
import pytest
from kaleido import PageGenerator

from orchard_lab import figures
from orchard_lab.figures.files import OFFLINE, picture_bytes, picture_format


def test_save_writes_png_and_svg_from_the_suffix(tmp_path: Path) -> None:
    fig = figures.dice_ladder()
    png = figures.save(fig, tmp_path / "ladder.png", width=600, height=400)
    svg = figures.save(fig, str(tmp_path / "ladder.SVG"), width=600, height=400)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1200, 800)  # twice the size, for paper
    root = ET.fromstring(svg.read_text())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height")) == ("600", "400")
    assert "1, 3, 6, 10" in svg.read_text()  # the figure's own legend, as text


def test_kaleidos_page_loads_nothing_from_outside() -> None:
    page = PageGenerator(**OFFLINE).generate_index()
    assert "http://" not in page and "https://" not in page
    assert "file://" in page  # plotly.js from the installed plotly


def test_wrong_arguments_are_named(tmp_path: Path) -> None:
    fig = go.Figure()
    with pytest.raises(ValueError, match=r"path must end in \.png or \.svg"):
        figures.save(fig, tmp_path / "ladder.pdf")
    with pytest.raises(TypeError, match="path"):
        picture_format(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="fig"):
        figures.save({"data": []}, tmp_path / "a.png")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="width"):
        figures.save(fig, tmp_path / "a.png", width=0)
    assert list(tmp_path.iterdir()) == []


def test_a_page_not_ready_is_drawn_again_once_and_said(monkeypatch, caplog) -> None:
    """kaleido's "kaleido_scopes is not defined" (its page not loaded, seen under load) is
    logged and the picture drawn again; a second such error, or any other, is raised."""
    import kaleido

    calls: list[int] = []
    not_ready = RuntimeError("ReferenceError: kaleido_scopes is not defined")

    def flaky(*_args, **_kwargs) -> bytes:
        calls.append(1)
        if len(calls) == 1:
            raise not_ready
        return b"<svg/>"

    monkeypatch.setattr(kaleido, "calc_fig_sync", flaky)
    with caplog.at_level(logging.WARNING, logger="orchard_lab.figures.files"):
        assert picture_bytes(go.Figure(), "svg") == b"<svg/>"
    assert len(calls) == 2 and "drawing again" in caplog.text

    def broken(*_args, **_kwargs) -> bytes:
        raise not_ready

    monkeypatch.setattr(kaleido, "calc_fig_sync", broken)
    with pytest.raises(RuntimeError, match="kaleido_scopes"):
        picture_bytes(go.Figure(), "svg")

    def other(*_args, **_kwargs) -> bytes:
        calls.append(1)
        raise RuntimeError("TypeError: something else")

    calls.clear()
    monkeypatch.setattr(kaleido, "calc_fig_sync", other)
    with pytest.raises(RuntimeError, match="something else"):
        picture_bytes(go.Figure(), "svg")
    assert len(calls) == 1


def test_a_stuck_drawing_is_given_up_and_drawn_again_once(monkeypatch, caplog) -> None:
    """kaleido waits for ever once its browser has gone: past ``STUCK_SECONDS`` the drawing
    is given up, logged and drawn again; a second stuck drawing is a TimeoutError."""
    import threading

    import kaleido

    from orchard_lab.figures import files

    release = threading.Event()  # the stuck drawings end with the test
    calls: list[int] = []

    def stuck_once(*_args, **_kwargs) -> bytes:
        calls.append(1)
        if len(calls) == 1:
            release.wait()
        return b"<svg/>"

    monkeypatch.setattr(files, "STUCK_SECONDS", 0.2)
    monkeypatch.setattr(kaleido, "calc_fig_sync", stuck_once)
    try:
        with caplog.at_level(logging.WARNING, logger="orchard_lab.figures.files"):
            assert picture_bytes(go.Figure(), "svg") == b"<svg/>"
        assert len(calls) == 2 and "drew nothing within 0.2 s" in caplog.text

        def always_stuck(*_args, **_kwargs) -> bytes:
            release.wait()
            return b""

        monkeypatch.setattr(kaleido, "calc_fig_sync", always_stuck)
        with pytest.raises(TimeoutError, match="kaleido drew nothing"):
            picture_bytes(go.Figure(), "svg")
    finally:
        release.set()
