"""What the class sees is what the engine says: each board played by clicks in JupyterLab and
in the app at 1024×768 and 1400×900, its drawing checked against the engine after every move
and undo (see ``engine_pictures``): squares and cells at their engine coordinates on one
grid, nothing overlapping, each batch holding the engine's apples in order, the points shown
equal to the engine's. The stacked trees board's checks in JupyterLab are in
``test_stacked_trees_in_lab``; its page in the app is played here.
"""

from __future__ import annotations

import pytest

from orchard_lab import water_drops as wd
from orchard_lab.widgets import AppleBatchesBoard, StackedTreesBoard, WaterDropsBoard
from tests.browser.conftest import notebook_errors, screenshot
from tests.browser.engine_pictures import AppleBatchesDriver, WaterDropsDriver
from tests.browser.test_apple_batches_in_lab import (
    SIZES,
    open_with_file_browser,
    whole_board_screenshot,
    write_notebook,
)
from tests.browser.test_stacked_trees_in_lab import play_a_whole_game

pytestmark = pytest.mark.browser

MOVES = 10
WD_SETUP = dict(players=2, seed=7, rules=wd.Rules(allow_rotation=True))
WD_CELL = """\
from orchard_lab import water_drops as wd
from orchard_lab.widgets import WaterDropsBoard
WaterDropsBoard(players=2, seed=7, rules=wd.Rules(allow_rotation=True))"""
AB_CELL = """\
from orchard_lab.widgets import AppleBatchesBoard
AppleBatchesBoard(players=2, seed=3)"""


def play_water_drops(driver: WaterDropsDriver, turns: bool) -> None:
    """10 moves (every third card turned when the rules allow), two undos, a move more and a
    new game, the picture checked against the engine after each."""
    driver.wait()
    driver.check()
    for k in range(MOVES):
        driver.move(k, turn=turns and k % 3 == 1)
        driver.check()
    for _ in range(2):
        driver.undo()
        driver.check()
    driver.move(MOVES)
    driver.check()
    squares = driver.twin.game.boards[0].squares
    assert min(r for r, _ in squares) < 0 and min(c for _, c in squares) < 0  # both ways
    driver.new_game()
    driver.check()
    assert len(driver.twin.game.boards[0].squares) == 1


def play_apple_batches(driver: AppleBatchesDriver) -> None:
    driver.wait()
    driver.check()
    for k in range(MOVES):
        driver.move(k)
        driver.check()
    driver.undo()
    driver.check()
    driver.move(MOVES)
    driver.check()


@pytest.mark.parametrize("size", list(SIZES))
def test_water_drops_board_in_lab_draws_the_engines_orchard(page, lab, size) -> None:
    name = write_notebook(lab, f"wd_engine_{size}.ipynb", WD_CELL)
    open_with_file_browser(page, lab, name, SIZES[size])
    root = page.locator(".orchard-wd-board").first
    root.locator(".orchard-wd-card").first.wait_for()
    play_water_drops(WaterDropsDriver(root, WaterDropsBoard(**WD_SETUP)), turns=True)
    assert notebook_errors(page) == []
    whole_board_screenshot(page, root, f"wd-engine-{size}")


@pytest.mark.parametrize("size", list(SIZES))
def test_apple_batches_board_in_lab_draws_the_engines_batches(page, lab, size) -> None:
    name = write_notebook(lab, f"ab_engine_{size}.ipynb", AB_CELL)
    open_with_file_browser(page, lab, name, SIZES[size])
    root = page.locator(".orchard-ab-board").first
    root.locator(".orchard-batch-button").first.wait_for()
    play_apple_batches(AppleBatchesDriver(root, AppleBatchesBoard(players=2, seed=3)))
    assert notebook_errors(page) == []
    whole_board_screenshot(page, root, f"ab-engine-{size}")


def app_board_screenshot(page, root, name: str) -> None:
    """The whole board, not only its first screen: the app scrolls inside its page, so the
    window is made as tall as the page (its width, and so the layout, stays)."""
    tall = page.evaluate("() => document.querySelector('.orchard-app').scrollHeight")
    page.set_viewport_size({"width": page.viewport_size["width"], "height": int(tall) + 200})
    page.wait_for_timeout(300)
    screenshot(page, name, root)


def _app_water_drops(page, root) -> None:
    root.locator(".orchard-wd-card").first.wait_for(timeout=150_000)
    play_water_drops(WaterDropsDriver(root, WaterDropsBoard()), turns=False)


def _app_apple_batches(page, root) -> None:
    root.locator(".orchard-batch-button").first.wait_for(timeout=150_000)
    play_apple_batches(AppleBatchesDriver(root, AppleBatchesBoard()))


def _app_stacked_trees(page, root) -> None:
    mirror = StackedTreesBoard()
    assert play_a_whole_game(page, root, mirror) >= 8 and mirror.game.is_over


# Each app page's board (its first board: the walkthrough has one too), played against the
# engine of a board made as the page makes it (default settings).
APP_PLAYS = {
    "water-drops": ("wd", _app_water_drops),
    "apple-batches": ("ab", _app_apple_batches),
    "stacked-trees": ("st", _app_stacked_trees),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(APP_PLAYS))
def test_the_app_draws_the_engines_board(servers, browser, game: str, size: str) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(servers[game])
        short, play = APP_PLAYS[game]
        root = page.locator(f".orchard-app .orchard-{short}-board").first
        play(page, root)
        app_board_screenshot(page, root, f"app-{short}-engine-{size}")
    finally:
        context.close()
