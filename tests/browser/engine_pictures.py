"""Is the picture the engine's? Drive a board in the browser, check the drawing against it.

A browser test plays a board by real clicks; a *twin* board in the test's own process gets
the same actions (same seed, same policy, so the same game). After each move the page's
drawing is read back through its engine coordinates (``data-square``, ``data-cell``,
``data-batch``) and bounding boxes, and compared with the twin's engine state: each card and
open square where the engine has it, all on one grid with nothing overlapping, each cell
showing the engine's fruit or drop, each batch holding the engine's cards in order, and the
points shown equal to the engine's. A screenshot alone is not a check. The points are read
in the session's language: a test of a board in French or Korean drives its twin under
``speaking`` that language, so the twin says what the page's kernel says.

Each position is checked at every size of ``SIZES`` (``at_every_size``): the game is played
once, at the size the page was opened at, and the window is resized to the other size and
back for each check, so one page load, one kernel and one game serve both sizes.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.fruit_words import water_drops_letter
from orchard_lab.language import _
from orchard_lab.widgets import AppleBatchesBoard, WaterDropsBoard
from tests.browser.test_apple_batches_in_lab import SIZES

Rect = dict[str, float]
At = tuple[int, int]
Check = Callable[[], None]
TOLERANCE = 1.5  # px: sub-pixel rounding of a grid track
SETTLE_S = 10.0  # s: the most a redraw or a new layout after a resize may take to show


def until_it_holds(page: Page, check: Check, seconds: float, where: str = "") -> None:
    """Run ``check`` (it raises an AssertionError saying how the drawing differs from the
    engine's) until it passes; once ``seconds`` have passed, its last failure is raised,
    headed by ``where``. With ``seconds`` 0 it runs once: a failure is a failure."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            check()
            return
        except AssertionError as failure:
            if time.monotonic() >= deadline:
                if not where:
                    raise
                head = f"{where} ({seconds:g} s on)" if seconds else where
                raise AssertionError(f"{head}: {failure}") from failure
        page.wait_for_timeout(100)


def at_every_size(
    page: Page,
    check: Check,
    *,
    drawing: bool = False,
    then: Callable[[str], None] | None = None,
) -> None:
    """``check`` the picture at each size of ``SIZES``, and leave the page at the size it had
    (where the game is played: the next click expects it).

    At the page's own size ``check`` runs once, or, while a redraw is on its way
    (``drawing``), until it passes or ``SETTLE_S`` pass. Then the window is resized to each
    other size, and back: after a resize the layout may take a moment (a grid zooms to its
    room on a ResizeObserver, plotly follows the window), so there ``check`` runs until it
    passes or ``SETTLE_S`` pass, its failure saying at which size. ``then(size)`` runs at
    each size once its check has passed (a screenshot, say)."""
    home = dict(page.viewport_size or {})
    at_home = (home["width"], home["height"])
    for name, (width, height) in sorted(SIZES.items(), key=lambda item: item[1] != at_home):
        size = {"width": width, "height": height}
        resized = page.viewport_size != size
        if resized:
            page.set_viewport_size(size)
        wait = SETTLE_S if resized or drawing else 0
        until_it_holds(page, _sized(page, size, check), wait, f"at {name}")
        if then is not None:
            then(name)
    if page.viewport_size != home:
        page.set_viewport_size(home)
        back = f"back at {home['width']}x{home['height']}"
        until_it_holds(page, _sized(page, home, check), SETTLE_S, back)


def _sized(page: Page, size: dict[str, int], check: Check) -> Check:
    """``check``, after making sure the page's window is ``size``: the check is at that size."""

    def sized() -> None:
        window = page.evaluate("() => ({width: innerWidth, height: innerHeight})")
        assert window == size, f"the window is {window}, not {size}"
        check()

    return sized


# Every element with engine coordinates below ``root``: its key, box, classes and cells.
_DRAWN = """(root, name) => [...root.querySelectorAll(`[data-${name}]`)].map(el => {
    const box = el.getBoundingClientRect();
    return {
        key: el.dataset[name], x: box.x, y: box.y, w: box.width, h: box.height,
        classes: String(el.className),
        text: el.textContent.trim(),
        cells: [...el.querySelectorAll('[data-cell]')].map(c => {
            const q = c.getBoundingClientRect();
            return {key: c.dataset.cell, x: q.x, y: q.y, w: q.width, h: q.height,
                    text: c.textContent.trim()};
        }),
    };
})"""
# Each batch column: its name, its box, and its cards (name and box) in the drawn order.
_BATCHES = """root => [...root.querySelectorAll('[data-batch]')].map(el => {
    const column = el.closest('.orchard-batch').getBoundingClientRect();
    return {
        batch: el.dataset.batch,
        column: {x: column.x, y: column.y, w: column.width, h: column.height},
        cards: [...el.querySelectorAll('[data-card]')].map(c => {
            const q = c.getBoundingClientRect();
            return {card: c.dataset.card, x: q.x, y: q.y, w: q.width, h: q.height};
        }),
    };
})"""


def at_of(key: str) -> At:
    row, col = key.split(",")
    return int(row), int(col)


def overlap(a: Rect, b: Rect) -> float:
    """The area two boxes share, in px²."""
    width = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, width) * max(0.0, height)


def assert_on_one_grid(boxes: dict[At, Rect], what: str) -> None:
    """Every box has one size w × h and sits at x0 + col·w, y0 + row·h; none overlap."""
    assert boxes, f"no {what} drawn"
    (r, c), first = next(iter(boxes.items()))
    w, h = first["w"], first["h"]
    assert w > 4 and h > 4, f"{what} drawn {w}×{h} px"
    x0, y0 = first["x"] - c * w, first["y"] - r * h
    for (row, col), box in boxes.items():
        where = f"{what} ({row}, {col})"
        assert abs(box["w"] - w) <= TOLERANCE and abs(box["h"] - h) <= TOLERANCE, (
            f"{where} is {box['w']:.1f}×{box['h']:.1f} px, not {w:.1f}×{h:.1f}"
        )
        assert abs(box["x"] - (x0 + col * w)) <= TOLERANCE, (
            f"{where} is drawn at x={box['x']:.1f}, not {x0 + col * w:.1f}"
        )
        assert abs(box["y"] - (y0 + row * h)) <= TOLERANCE, (
            f"{where} is drawn at y={box['y']:.1f}, not {y0 + row * h:.1f}"
        )
    items = list(boxes.items())
    for i, (a_at, a) in enumerate(items):
        for b_at, b in items[i + 1 :]:
            assert overlap(a, b) < 1, f"{what} {a_at} and {b_at} overlap"


def points_said(points: int | str) -> str:
    """'your points: 3' as a board's turn line shows it in the session's language (its
    white space folded: a French no-break space before the colon is a space)."""
    return _words(_("your points: <b>{points}</b>").format(points=points))


def shown_points(text: str) -> int:
    """The number after 'your points:' (in the session's language) in a board's turn line."""
    words = re.escape(points_said("{points}").split("{points}")[0].strip())
    found = re.search(words + r"\s*(-?−?\d+)", " ".join(text.split()))
    assert found, f"no points in {text!r}"
    return int(found[1].replace("−", "-"))


# What a board shows, and the kernel's state in JupyterLab: said when a board did not follow.
# Whether the elements of ``root`` matching ``selector`` carry exactly the keys ``wanted``
# (sorted) in their data-``name`` attribute: a redraw has arrived before the next click.
SAME_KEYS = """([root, selector, name, wanted]) => JSON.stringify(
    [...root.querySelectorAll(selector)].map(e => e.dataset[name]).sort())
    === JSON.stringify(wanted)"""


def keys(places: Any) -> list[str]:
    """The sorted "r,c" keys of (row, column) places, as the views write them."""
    return sorted(f"{r},{c}" for r, c in places)


def _words(markup: str) -> str:
    """The text a browser shows for the HTML ``markup``, its white space folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", markup)).split())


_SHOWN = """root => ({
    kernel: window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status
        ?? 'no JupyterLab kernel',
    text: root.innerText.replace(/\\s+/g, ' ').slice(0, 800),
})"""


@dataclass
class Driver:
    """One board played in the browser (``root``, the board's element) and in the twin."""

    root: Locator
    twin: Any

    def _wait_until(self, condition: str, arg: list[Any], expected: str) -> None:
        """Until ``condition(root, ...arg)`` holds on the page; else say what the board
        shows beside what the twin engine has."""
        try:
            self.root.page.wait_for_function(
                condition, arg=[self.root.element_handle(), *arg], timeout=30_000
            )
        except PlaywrightTimeout:
            shown = self.root.evaluate(_SHOWN)
            raise AssertionError(
                f"30 s on, the board does not show the twin's {expected}. "
                f"Kernel: {shown['kernel']}. The board shows: {shown['text']}"
            ) from None

    def check(self) -> None:
        """The drawing is the twin engine's, now, at the window's size; else fail saying how."""
        raise NotImplementedError

    def check_at_every_size(self) -> None:
        """``check`` at each size of ``SIZES`` (``at_every_size``), back at the page's."""
        at_every_size(self.root.page, self.check)


class WaterDropsDriver(Driver):
    twin: WaterDropsBoard

    def move(self, k: int, turn: bool = False) -> None:
        """The k-th move: a market card, turned once if ``turn``, on a lit square (in turn
        the topmost, the leftmost and the last in reading order, so the orchard grows into
        negative rows and columns too)."""
        slot = k % len(self.twin.game.market)
        self.root.locator(f".orchard-wd-take-{slot}").click()
        self.twin.select_card(slot)
        self._wait_for_lit()  # each click only once the last one is drawn: a redraw on its
        if turn:  # way moves the buttons and squares under the pointer
            self.root.locator(".orchard-wd-turn-button").click()
            self.twin.turn()
            self._wait_for_lit()
        lit = self.twin.legal_squares()
        at = (min(lit), min(lit, key=lambda a: (a[1], a[0])), max(lit))[k % 3]
        self.root.locator(f'.orchard-wd-orchard [data-square="{at[0]},{at[1]}"]').click()
        self.twin.choose_square(at)
        assert "did not work" not in self.twin.message.value, self.twin.message.value
        self.wait()

    def _wait_for_lit(self) -> None:
        """Until the orchard lights exactly the squares where the twin's card may go."""
        wanted = keys(self.twin.legal_squares())
        lit = ".orchard-wd-orchard .orchard-wd-open.orchard-legal"
        self._wait_until(SAME_KEYS, [lit, "square", wanted], f"lit squares {wanted}")

    def undo(self) -> None:
        self.root.locator(".orchard-wd-undo").click()
        self.twin.undo()
        self.wait()

    def new_game(self) -> None:
        """New game with the settings row as it stands: a fresh deal, one start card."""
        self.root.locator(".orchard-wd-new").click()
        self.twin.new_game()
        self.wait()

    def wait(self) -> None:
        """Until the orchard shows as many cards as the twin's and the turn line its points."""
        cards, points = len(self.twin.game.boards[0].squares), self.twin.game.scores()[0]
        self._wait_until(
            """([root, cards, points]) =>
                root.querySelectorAll('.orchard-wd-orchard .orchard-wd-card').length === cards
                && root.querySelector('.orchard-wd-turn').textContent
                    .replace(/\\s+/g, ' ').includes(points)""",
            [cards, points_said(points)],
            f"{cards} cards and {points} points",
        )

    def check(self) -> None:
        engine = self.twin.game.boards[0]
        orchard = self.root.locator(".orchard-wd-orchard").first
        drawn = orchard.evaluate(_DRAWN, "square")
        cards = {at_of(d["key"]): d for d in drawn if "orchard-wd-card" in d["classes"]}
        opens = {at_of(d["key"]): d for d in drawn if "orchard-wd-open" in d["classes"]}
        assert len(cards) + len(opens) == len(drawn), "a square is neither card nor open"
        assert set(cards) == set(engine.squares), (
            f"cards drawn at {sorted(cards)}, the engine has {sorted(engine.squares)}"
        )
        assert set(opens) == set(engine.open_squares()), (
            f"open squares drawn at {sorted(opens)}, the engine has {engine.open_squares()}"
        )
        assert_on_one_grid({at: d for at, d in {**cards, **opens}.items()}, "square")
        cells: dict[At, Rect] = {}
        for at, square in cards.items():
            expected = {(2 * at[0] + dr, 2 * at[1] + dc) for dr in (0, 1) for dc in (0, 1)}
            inside = {at_of(c["key"]): c for c in square["cells"]}
            assert set(inside) == expected, f"square {at} holds cells {sorted(inside)}"
            for cell, box in inside.items():
                shown = water_drops_letter(engine.cell(*cell))  # in the session's language
                assert box["text"] == shown, (
                    f"cell {cell} shows {box['text']!r}, the engine has {engine.cell(*cell)!r}"
                    f" ({shown!r})"
                )
            cells.update(inside)
        assert_on_one_grid(cells, "cell")
        turn_line = self.root.locator(".orchard-wd-turn").first.inner_text()
        points = self.twin.game.scores()[0]
        assert shown_points(turn_line) == points, f"{turn_line!r}: the engine has {points}"


class AppleBatchesDriver(Driver):
    twin: AppleBatchesBoard

    def move(self, k: int) -> None:
        """The k-th move: a market apple, into one of the batches it may go in."""
        slot = k % len(self.twin.game.market)
        self.root.locator(f".orchard-market-card.orchard-slot-{slot}").click()
        self.twin.select_card(slot)
        # The pick's sentence can move the batches down: their buttons are clicked once the
        # board shows the pick, or the click may land where a button was.
        self._wait_until(
            """([root, slot, words]) =>
                root.querySelector(`.orchard-market-card.orchard-slot-${slot}`)
                    .classList.contains('orchard-selected')
                && root.querySelector('.orchard-ab-message').textContent
                    .replace(/\\s+/g, ' ').trim() === words""",
            [slot, _words(self.twin.message.value)],
            f"apple {slot} picked",
        )
        allowed = self.twin.game.boards[0].legal_batches(self.twin.selected)
        batch = allowed[k % len(allowed)]
        self.root.locator(f".orchard-batch-{batch} .orchard-batch-button").click()
        self.twin.choose_batch(batch)
        assert "did not work" not in self.twin.message.value, self.twin.message.value
        self.wait()

    def undo(self) -> None:
        self.root.locator(".orchard-ab-undo").click()
        self.twin.undo()
        self.wait()

    def wait(self) -> None:
        """Until the batches hold as many apples as the twin's and the turn line its points."""
        count = sum(len(cards) for cards in self.twin.game.boards[0].batches.values())
        points = self.twin.game.scores()[0]
        self._wait_until(
            """([root, count, points]) =>
                root.querySelectorAll('[data-batch] [data-card]').length === count
                && root.querySelector('.orchard-ab-turn').textContent
                    .replace(/\\s+/g, ' ').includes(points)""",
            [count, points_said(points)],
            f"{count} apples in batches and {points} points",
        )

    def check(self) -> None:
        engine = self.twin.game.boards[0]
        drawn = self.root.evaluate(_BATCHES)
        assert [d["batch"] for d in drawn] == list(engine.batches), "batches drawn out of order"
        columns = {d["batch"]: d["column"] for d in drawn}
        names = list(columns)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                assert overlap(columns[a], columns[b]) < 1, f"batches {a} and {b} overlap"
        for column in drawn:
            batch, box = column["batch"], column["column"]
            shown = [card["card"] for card in column["cards"]]
            assert shown == [str(card) for card in engine.batches[batch]], (
                f"the {batch} batch shows {shown}, the engine has {engine.batches[batch]}"
            )
            tops = [card["y"] for card in column["cards"]]
            assert tops == sorted(tops), f"the {batch} batch's apples are not drawn in order"
            for card in column["cards"]:
                assert box["x"] - TOLERANCE <= card["x"], f"{card['card']} left of {batch}"
                assert card["x"] + card["w"] <= box["x"] + box["w"] + TOLERANCE, (
                    f"{card['card']} sticks out of the {batch} batch"
                )
                assert card["y"] + card["h"] <= box["y"] + box["h"] + TOLERANCE, (
                    f"{card['card']} below the {batch} batch"
                )
            for a, b in zip(column["cards"], column["cards"][1:], strict=False):
                assert overlap(a, b) < 1, f"{a['card']} and {b['card']} overlap"
        turn_line = self.root.locator(".orchard-ab-turn").first.inner_text()
        points = self.twin.game.scores()[0]
        assert shown_points(turn_line) == points, f"{turn_line!r}: the engine has {points}"


SQUARES = tuple(n * n for n in range(1, 13))
# what a pupil types into rule set B's first box of its own, what it says back, and the
# sequences the chart must then draw (the engine's: A's standard one, B's new one)
OWN = {
    "apple_batches": (
        "monochrome_points",
        "n^2",
        "✓ Your own monochrome batch points: " + ", ".join(map(str, SQUARES)) + ".",
        {"A: monochrome batch points": ab.TRIANGULAR, "B: monochrome batch points": SQUARES},
    ),
    "water_drops": (
        "group_points",
        "2n",
        "✓ Your own points for a group of n fruits: 2, 4, 6, 8, 10, 12, 14, 16, 18.",
        {
            "A: points for a group of n fruits": wd.Rules().group_points,
            "B: points for a group of n fruits": tuple(range(2, 19, 2)),
        },
    ),
    "stacked_trees": (
        "ladder",
        "n^3",
        "✓ Your own dice ladder: 1, 8, 27, 64.",
        {"A: dice ladder": st.Rules().ladder, "B: dice ladder": (1, 8, 27, 64)},
    ),
}


def type_own_sequence(page: Page, explorer: Locator, game: str) -> None:
    """Type ``OWN[game]``'s formula into rule set B's first box of its own, press Enter,
    and wait for the answer and for the chart to draw every point of both sequences."""
    _switch, formula, said, sequences = OWN[game]
    own = explorer.locator(".orchard-whatif-rules-B .orchard-own-value input").first
    own.fill(formula)
    own.press("Enter")
    answer = explorer.locator(".orchard-whatif-rules-B .orchard-own-said").first
    expect(answer).to_have_text(said)
    page.wait_for_function(
        "([el, n]) => el.querySelectorAll('.orchard-whatif-sequences .points path').length === n",
        arg=[explorer.element_handle(), sum(map(len, sequences.values()))],
    )
    page.wait_for_function(SEQUENCES_FILL_THEIR_BOX, arg=explorer.element_handle())


# The chart of the scoring sequences is as wide as its box (not plotly's first 700 px, nor
# the width it had while hidden).
SEQUENCES_FILL_THEIR_BOX = """el => {
    const box = el.querySelector('.orchard-whatif-sequences');
    const svg = box && box.querySelector('.main-svg');
    if (!svg) return false;
    return Math.abs(svg.getBoundingClientRect().width - box.getBoundingClientRect().width) <= 2;
}"""


# Every chart on the page that is shown: its drawing (plotly's svg) against its element's width.
_CHART_WIDTHS = """() => [...document.querySelectorAll('.js-plotly-plot')]
    .filter(plot => plot.getClientRects().length > 0)
    .map(plot => {
        const svg = plot.querySelector('.main-svg');
        return {chart: svg ? Math.round(svg.getBoundingClientRect().width) : null,
                room: Math.round(plot.getBoundingClientRect().width),
                name: plot.closest('[class*="orchard-"]')?.className || ''};
    })"""


def charts_fill_their_room(page: Page) -> None:
    """Every chart shown on ``page`` is drawn as wide as its element, within 2 px: not
    plotly's first 700 px, nor the width it had before the window or JupyterLab's sidebar
    changed (``drawnWhenSized`` in ``plotly_loader.js``). Fails naming the charts that are
    not, with both widths."""
    widths: list[dict[str, Any]] = page.evaluate(_CHART_WIDTHS)
    wrong = [w for w in widths if w["chart"] is None or abs(w["chart"] - w["room"]) > 2]
    assert wrong == [], f"charts not as wide as their room: {wrong}"


# The scoring sequences' chart of a what-if: each trace's name and its points' centres.
_SEQUENCE_POINTS = """root => {
    const plot = root.querySelector('.orchard-whatif-sequences .js-plotly-plot');
    if (!plot) return null;
    const names = [...plot.querySelectorAll('.legend .legendtext')].map(t => t.textContent);
    const traces = [...plot.querySelectorAll('.scatterlayer .trace')].map(trace =>
        [...trace.querySelectorAll('.points path')].map(p => {
            const box = p.getBoundingClientRect();
            return [box.x + box.width / 2, box.y + box.height / 2];
        }));
    return {names, traces};
}"""


def drawn_sequences(root: Locator) -> dict[str, list[list[float]]] | None:
    """The what-if's chart of scoring sequences under ``root`` as drawn: trace names (from
    the legend) and each trace's points' centres, in trace order."""
    drawn: dict[str, Any] | None = root.evaluate(_SEQUENCE_POINTS)
    return drawn


def assert_sequences_drawn(root: Locator, wanted: dict[str, tuple[int, ...]]) -> None:
    """The chart draws exactly ``wanted`` (legend name -> the engine's values, in order):
    one point per value, evenly spaced from left to right, each at the height its value
    gives on one shared linear axis (fitted from the points themselves)."""
    drawn = drawn_sequences(root)
    assert drawn is not None, "no chart of the scoring sequences"
    assert drawn["names"] == list(wanted), drawn["names"]
    pairs = []
    for (name, values), points in zip(wanted.items(), drawn["traces"], strict=True):
        assert len(points) == len(values), f"{name}: {len(points)} points for {len(values)}"
        xs = [x for x, _ in points]
        steps = [b - a for a, b in pairwise(xs)]
        assert all(abs(s - steps[0]) <= TOLERANCE for s in steps), f"{name}: x {xs}"
        pairs += [(value, y) for value, (_, y) in zip(values, points, strict=True)]
    low, high = min(pairs), max(pairs)
    assert high[0] > low[0] and high[1] < low[1], f"larger values must be drawn higher: {pairs}"
    scale = (high[1] - low[1]) / (high[0] - low[0])  # px per point (negative: up)
    for value, y in pairs:
        assert abs(low[1] + (value - low[0]) * scale - y) <= TOLERANCE, (value, y, pairs)
