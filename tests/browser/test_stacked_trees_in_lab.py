"""The stacked trees board in a real JupyterLab and Chromium, at projector and laptop sizes.

The file browser stays open, as a teacher has it. The board must fit the output area (no
sideways scroll), take clicks (choose, turn, ghost, place), change dice and score, draw every
tree cell where the engine has it (``data-cell="row,col"``, checked from bounding boxes after
each move and an undo; in a whole game, at both sizes after each), and let every control be
reached with Tab.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest
from playwright.sync_api import expect

from orchard_lab import stacked_trees as st
from orchard_lab.fruit_words import tree_letter
from orchard_lab.widgets import StackedTreesBoard
from orchard_lab.widgets.stacked_trees_html import FRUIT_FILL
from tests.browser.conftest import notebook_errors, screenshot
from tests.browser.engine_pictures import (
    SAME_KEYS,
    Check,
    at_every_size,
    keys,
)
from tests.browser.frames import assert_hint_by_in_line
from tests.browser.test_apple_batches_in_lab import (
    SIZES,
    open_with_file_browser,
    output_width,
    sideways,
    whole_board_screenshot,
    write_notebook,
)

pytestmark = pytest.mark.browser

SEED = 3
BOARD_CELL = f"""\
from orchard_lab.widgets import StackedTreesBoard
board = StackedTreesBoard(seed={SEED})
board"""


# Every drawn tree cell: its engine coordinates, box, text, classes and background colour.
PICTURE = """grid => [...grid.querySelectorAll('[data-cell]')].map(el => {
    const r = el.getBoundingClientRect();
    return {cell: el.dataset.cell, x: r.x, y: r.y, w: r.width, h: r.height,
            text: el.innerText.replace(/\\s+/g, ''), classes: el.className,
            back: getComputedStyle(el).backgroundColor};
})"""


def _turned_move(board: StackedTreesBoard) -> st.Move:
    """The best move of the first hand card turned a quarter turn without tokens."""
    game = board.game
    move = max(
        (
            m
            for m in game.legal_moves()
            if m.card == game.hand[0] and m.rotation == 90 and not m.rotten
        ),
        key=game.score_after,
    )
    assert game.score_after(move) > 0
    return move


def token_cells(board: st.Board, ghost: st.Effect) -> set[tuple[int, int]]:
    """The cells of ``ghost``'s card the engine gives a rotten token when it places it on a
    copy of ``board`` (ST-5): none for a refused placement or one that spends none."""
    if not ghost.legal or not ghost.tokens:
        return set()
    after = board.copy()
    after.place(ghost.card, ghost.at, ghost.rotation, rotten=True)
    return {cell for cell in ghost.cells() if after.is_rotten(*cell)}


def _rgb(colour: str) -> str:
    """``#rrggbb`` as the browser computes it: ``rgb(r, g, b)``."""
    return "rgb({}, {}, {})".format(*(int(colour[i : i + 2], 16) for i in (1, 3, 5)))


def _mismatches(
    picture: list[dict], board: st.Board, ghost: dict | None = None, tokens: Iterable = ()
) -> list[str]:
    """How the drawn grid differs from the engine's ``board`` (and ``ghost``'s cells): the
    cells shown must be the orchard and 2 around it, square, on one grid at x0 + col·pitch,
    y0 + row·pitch with nothing overlapping, each tree with its letter (in the session's
    language) and die or ✗; a ghost's cell pale (never a placed tree's colour), with a ✗
    exactly where its card would take a rotten token (``tokens``)."""
    tokens = set(tokens)
    rmin, rmax, cmin, cmax = board.bounds()
    window = {(r, c) for r in range(rmin - 2, rmax + 3) for c in range(cmin - 2, cmax + 3)}
    drawn = {tuple(map(int, p["cell"].split(","))): p for p in picture}
    if set(drawn) != window:
        return [f"cells drawn {sorted(set(drawn) ^ window)} differ from the engine's window"]
    first = drawn[(rmin - 2, cmin - 2)]
    pitch_x = (drawn[(rmin - 2, cmax + 2)]["x"] - first["x"]) / (cmax - cmin + 4)
    pitch_y = (drawn[(rmax + 2, cmin - 2)]["y"] - first["y"]) / (rmax - rmin + 4)
    bad = []
    if abs(pitch_x - pitch_y) > 0.5 or pitch_x < first["w"] - 0.5:
        bad.append(f"pitch {pitch_x:.2f} x {pitch_y:.2f} for cells of {first['w']:.2f} px")
    for (r, c), p in sorted(drawn.items()):
        x = first["x"] + (c - cmin + 2) * pitch_x
        y = first["y"] + (r - rmin + 2) * pitch_y
        if abs(p["x"] - x) > 1 or abs(p["y"] - y) > 1:
            bad.append(f"{(r, c)} drawn at {p['x']:.0f},{p['y']:.0f}, not {x:.0f},{y:.0f}")
        if abs(p["w"] - first["w"]) > 0.5 or abs(p["h"] - first["w"]) > 0.5:
            bad.append(f"{(r, c)} is {p['w']:.1f} x {p['h']:.1f}, not square")
        fruit, die = board.top(r, c), board.die(r, c)
        ghosted = None if ghost is None else ghost.get((r, c))  # the ghost's fruit here
        if ghosted is not None:
            fruit, die = ghosted, None
        fruit = None if fruit is None else tree_letter(fruit)  # in the session's language
        if ghosted is not None:
            if "orchard-st-ghost" not in p["classes"]:
                bad.append(f"{(r, c)} is not drawn as the ghost")
            expected = p["text"][:1]  # a ghost cell shows its die only when it would change
            if expected != fruit:
                bad.append(f"ghost {(r, c)} shows {p['text']!r}, not {fruit}")
            if ((r, c) in tokens) != ("✗" in p["text"]):
                said = "a rotten token" if (r, c) in tokens else "no rotten token"
                bad.append(f"ghost {(r, c)} shows {p['text']!r}: the engine puts {said} there")
            if p["back"] == _rgb(FRUIT_FILL[ghosted]):
                bad.append(f"ghost {(r, c)} is drawn solid, as a placed tree")
            continue
        mark = "✗" if board.is_rotten(r, c) else "" if die is None else str(die)
        expected = "" if fruit is None else fruit + mark
        if p["text"] != expected:
            bad.append(f"{(r, c)} shows {p['text']!r}, the engine has {expected!r}")
    return bad


# The ghost's cells at each layer between the kernel and the picture: in each square grid drawn
# in the page's grid view, in the page's widget model of every SquareGrid (found through the
# notebook's widget manager), and in the kernel's `board`. Said when the ghost check fails
# (clean-clone run Y: the page showed no ghost while the message said it was there), so
# that the failure names the layer that lost it.
GHOST_LAYERS = """(grid) => Promise.race([(async () => {
    const ghosts = (cells) => cells.join(' ');
    const dom = [...grid.querySelectorAll('.orchard-square-grid')].map(g =>
        ghosts([...g.querySelectorAll('.orchard-st-ghost')].map(e => e.dataset.cell)));
    const panel = [...window.jupyterapp.shell.widgets('main')]
        .find(w => w.sessionContext && w.content && w.content.rendermime);
    const mime = 'application/vnd.jupyter.widget-view+json';
    const manager = await panel.content.rendermime.createRenderer(mime)._manager.promise;
    const models = [];
    for (const promise of Object.values(manager._models)) {
        const model = await promise;
        if (model.get('_anywidget_id') === 'orchard_lab.widgets.square_grid.SquareGrid')
            models.push(ghosts(model.get('squares')
                .filter(s => s.classes.includes('orchard-st-ghost')).map(s => s.at.join(','))));
    }
    const code = "print(' '.join(f'{r},{c}' for r, c in sorted(s.at for s in board.grid.shown()"
        + " if 'orchard-st-ghost' in s.classes)))";
    const future = panel.sessionContext.session.kernel.requestExecute(
        {code, silent: false, store_history: false});
    let kernel = '';
    future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') kernel += msg.content.text; };
    await future.done;
    return {page: dom, model: models, kernel: kernel.trim()};
})(), new Promise((done) => setTimeout(() => done('not read within 20 s'), 20000))])"""


def ghost_layers(grid) -> str:
    """Where the ghost is (``GHOST_LAYERS``), for a failure message; never a failure itself."""
    try:
        layers = grid.evaluate(GHOST_LAYERS)
    except Exception as error:  # diagnostics only: the check's own failure is what matters
        return f"the ghost's cells by layer could not be read: {error}"
    return f"the ghost's cells, drawn / in the page's model / in the kernel: {layers}"


def drawn_like(grid, board: st.Board, ghost: dict | None = None, tokens: Iterable = ()) -> Check:
    """A check (for ``until_it_holds`` and ``at_every_size``) that the page's ``grid`` is the
    engine's ``board`` (and ``ghost``'s cells, ✗ on its ``tokens``) now, else an
    AssertionError saying what differs."""

    def check() -> None:
        bad = _mismatches(grid.evaluate(PICTURE), board, ghost, tokens)
        if bad:
            raise AssertionError("the grid is not the engine's orchard:\n" + "\n".join(bad[:20]))

    return check


def _wait_for_squares(grid, mirror: StackedTreesBoard) -> None:
    """Wait until the page's grid shows exactly the squares of ``mirror``'s grid."""
    wanted = keys(square.at for square in mirror.grid.shown())
    arg = [grid.element_handle(), "[data-cell]", "cell", wanted]
    grid.page.wait_for_function(SAME_KEYS, arg=arg)


def _cell(board, at: tuple[int, int]):
    return board.locator(f'.orchard-st-grid [data-cell="{at[0]},{at[1]}"]').first


def test_board_fits_turns_and_places(page, lab) -> None:
    """Opened at 1024×768 with the file browser open (the narrow output area the board is
    first drawn in) and played there once: a card chosen and turned, its ghost, placed, then
    the best line replayed. On the first render, with the ghost, once placed and in the
    replay, the page is checked at 1024×768 and at 1400×900 (``at_every_size``): the grid
    drawn where the engine has it, nothing sideways, the message and score shown; a
    screenshot at each size."""
    mirror = StackedTreesBoard(seed=SEED)  # the same board in this process: the engine's truth
    move = _turned_move(mirror)
    expected = mirror.game.score_after(move)
    name = write_notebook(lab, "st_board.ipynb", BOARD_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    board = page.locator(".orchard-st-board").first
    grid = board.locator(".orchard-st-grid").first
    grid.locator(".orchard-st-cell").first.wait_for()
    assert notebook_errors(page) == []
    assert output_width(page) < 640
    score = board.locator(".orchard-st-score").first
    message = board.locator(".orchard-st-message").first

    def fits() -> None:
        problems = sideways(page)
        assert problems == [], "\n".join(problems)

    def shows(locator, text: str) -> None:
        shown = locator.text_content() or ""
        assert text in shown, f"{text!r} is not shown: {shown!r}"

    def first_render() -> None:
        drawn_like(grid, mirror.game.boards[0])()
        fits()
        shows(score, "Score: 0")

    # the view redraws after its message, and takes its room a moment later: until, or 10 s
    at_every_size(
        page,
        first_render,
        drawing=True,
        then=lambda size: screenshot(page, f"st-board-{size}-page"),
    )
    board.locator(".orchard-st-choose-0").first.click()
    board.locator(".orchard-st-right").first.click()
    mirror.select_card(0)
    mirror.turn()
    # The turned card may lay the grid out afresh (other spots, so other rows and columns):
    # a click sent while that redraw is on its way lands on the square that moved under it.
    _wait_for_squares(grid, mirror)
    cell = _cell(board, move.at)
    cell.click()
    expect(cell).to_have_class(re.compile("orchard-st-ghost"))
    expect(message).to_contain_text("Allowed here")
    ghost = mirror.preview(move.at)
    assert ghost is not None and ghost.legal
    ghost_cells, tokens = ghost.cells(), token_cells(mirror.game.boards[0], ghost)

    def ghosted() -> None:
        drawn_like(grid, mirror.game.boards[0], ghost_cells, tokens)()
        shows(message, "Allowed here")
        assert_hint_by_in_line(board)
        rating = score.locator("b").last  # a pun with a hyphen ("Pal-tree"), kept whole
        assert rating.evaluate("b => b.getClientRects().length") == 1, rating.inner_text()

    try:
        at_every_size(
            page,
            ghosted,
            drawing=True,
            then=lambda size: whole_board_screenshot(page, board, f"st-board-{size}-ghost"),
        )
    except AssertionError as failure:
        raise AssertionError(f"{failure}\n{ghost_layers(grid)}") from failure
    cell.click()
    expect(message).to_contain_text("Placed")
    expect(score).to_contain_text(f"Score: {expected} ")
    mirror.place()
    assert mirror.game.boards[0].total == expected
    dice = board.locator(".orchard-st-cell.orchard-st-die")

    def placed() -> None:
        drawn_like(grid, mirror.game.boards[0])()
        shows(message, "Placed")
        shows(score, f"Score: {expected} ")
        assert dice.count() > 0 and any(ch.isdigit() for ch in dice.first.inner_text())
        fits()

    at_every_size(
        page,
        placed,
        drawing=True,
        then=lambda size: whole_board_screenshot(page, board, f"st-board-{size}-placed"),
    )
    assert notebook_errors(page) == []
    board.locator(".orchard-st-how").first.click()  # the best line, searched up to 8 s
    replay = board.locator(".orchard-st-replay").first
    replay.locator(".orchard-st-figure.js-plotly-plot").first.wait_for(timeout=30_000)
    expect(message).to_contain_text("The best line of this deal", timeout=30_000)
    board.locator(".orchard-st-replay-next").first.click()
    board.locator(".orchard-st-replay-next").first.click()
    expect(message).to_contain_text("Card 1 of")

    def replayed() -> None:
        shows(message, "Card 1 of")
        fits()

    # the replay's chart autosizes a moment after it is drawn: until it has, or 10 s
    at_every_size(
        page,
        replayed,
        drawing=True,
        then=lambda size: whole_board_screenshot(page, board, f"st-board-{size}-replay"),
    )
    assert notebook_errors(page) == []


def play_a_whole_game(page, board, mirror: StackedTreesBoard) -> int:
    """Hint and place on the page's ``board`` and on ``mirror`` to the end of the deal (with
    tokens when asked and an undo after the third card), played at the page's size, the
    score checked against the engine after every move and the grid at every size of
    ``SIZES`` (``at_every_size``); the number of cards placed."""
    grid = board.locator(".orchard-st-grid").first
    grid.locator(".orchard-st-cell").first.wait_for(timeout=150_000)

    def drawn_at_every_size() -> None:  # the view redraws after its message: wait for it
        at_every_size(page, drawn_like(grid, mirror.game.boards[0]), drawing=True)

    drawn_at_every_size()
    message = board.locator(".orchard-st-message").first
    score = board.locator(".orchard-st-score").first
    moves = 0
    while not mirror.game.is_over:
        board.locator(".orchard-st-hint").first.click()
        mirror.hint()
        expect(message).to_contain_text("Hint: its ghost")
        board.locator(".orchard-st-place").first.click()
        mirror.place()
        if mirror.confirm_button.layout.display is None:  # it spends rotten tokens: say yes
            expect(board.locator(".orchard-st-confirm").first).to_be_visible()
            board.locator(".orchard-st-confirm").first.click()
            mirror.confirm()
        moves += 1
        expect(score).to_contain_text(f"Score: {mirror.game.boards[0].total} ")
        drawn_at_every_size()
        if moves == 3:
            board.locator(".orchard-st-undo").first.click()
            mirror.undo()
            expect(message).to_contain_text("Card taken back")
            drawn_at_every_size()
    return moves


def test_a_whole_game_is_drawn_where_the_engine_has_it(page, lab) -> None:
    """A whole deal by hints, played once at 1024×768 with the file browser open, the grid
    checked against the engine after every move at 1024×768 and at 1400×900; at the end, at
    each size, nothing scrolls sideways, and a screenshot."""
    mirror = StackedTreesBoard(seed=SEED)
    name = write_notebook(lab, "st_game.ipynb", BOARD_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    board = page.locator(".orchard-st-board").first
    assert play_a_whole_game(page, board, mirror) >= 8 and mirror.game.is_over
    assert notebook_errors(page) == []

    def over(size: str) -> None:
        problems = sideways(page)
        assert problems == [], f"at {size}: " + "\n".join(problems)
        whole_board_screenshot(page, board, f"st-game-{size}-over")

    grid = board.locator(".orchard-st-grid").first
    at_every_size(page, drawn_like(grid, mirror.game.boards[0]), then=over)


def test_every_control_is_reached_with_tab(page, lab) -> None:
    name = write_notebook(lab, "st_board_tab.ipynb", BOARD_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    board = page.locator(".orchard-st-board").first
    board.locator(".orchard-st-cell").first.wait_for()
    board.locator(".orchard-st-hint").first.click()  # turn and place buttons wait for a ghost
    expect(board.locator(".orchard-st-hint-text").first).to_contain_text("Greedy choice")
    board.locator(".orchard-st-cell").first.focus()
    reached = set()
    for _ in range(120):
        reached.add(
            page.evaluate(
                "() => { const el = document.activeElement;"
                " return el.closest('.orchard-st-board') ? [el.tagName, el.type, el.className,"
                " el.textContent].join('|') : 'outside'; }"
            )
        )
        page.keyboard.press("Tab")
    text = " ".join(reached)
    for hook in (
        "orchard-st-choose-0",
        "orchard-st-left",
        "orchard-st-right",
        "orchard-st-place",
        "orchard-st-undo",
        "orchard-st-hint",
        "orchard-st-how",
        "orchard-st-new",
    ):
        assert hook in text, hook
    assert "|text|" in text and "noUi-handle" in text


TOUR_CELL = """\
from orchard_lab import stacked_trees as st
from orchard_lab.widgets import rule_walkthrough
rule_walkthrough(st)"""


def test_the_rule_walkthrough_fits_and_steps(page, lab) -> None:
    """The walkthrough opened at 1024×768 with the file browser open and stepped there to
    step 4 (a refused card, highlighted); there it is checked at 1024×768 and at 1400×900
    (``at_every_size``): the step, the note, the highlight, nothing sideways; a screenshot
    at each size."""
    name = write_notebook(lab, "st_tour.ipynb", TOUR_CELL)
    open_with_file_browser(page, lab, name, SIZES["1024x768"])
    tour = page.locator(".orchard-walkthrough").first
    tour.locator(".orchard-st-cell").first.wait_for()
    progress = tour.locator(".orchard-walkthrough-progress").first
    for step in range(2, 5):  # as a pupil does: each step drawn before the next click (a
        # click sent while the last step's board still grows can land beside the button)
        tour.locator(".orchard-walkthrough-next").first.click()
        expect(progress).to_contain_text(f"Step {step} of 11")
    note = tour.locator(".orchard-walkthrough-note").first
    expect(note).to_contain_text("Refused")
    highlight = tour.locator(".orchard-st-cell.orchard-highlight").first
    expect(highlight).to_be_visible()

    def matching() -> None:
        shown = progress.text_content() or ""
        assert "Step 4 of 11" in shown, f"the walkthrough shows {shown!r}"
        shown = note.text_content() or ""
        assert "Refused" in shown, f"the note says {shown!r}"
        assert highlight.is_visible(), "no highlighted cell is visible"
        problems = sideways(page)
        assert problems == [], "\n".join(problems)

    # the board takes its room a moment after the step is drawn: until it has, or 10 s
    at_every_size(
        page,
        matching,
        drawing=True,
        then=lambda size: whole_board_screenshot(page, tour, f"st-tour-{size}-matching"),
    )
    assert notebook_errors(page) == []
