"""What the class sees is what the engine says: each board played by clicks in JupyterLab and
in the app, its drawing checked against the engine after every move and undo (see
``engine_pictures``): squares and cells at their engine coordinates on one grid, nothing
overlapping, each batch holding the engine's apples in order, the points shown equal to the
engine's. Each page is opened at 1024×768 (in JupyterLab with the file browser open), so the
boards are first drawn in the narrow layout, and each game is played there once; after every
move each position is checked there and with the window resized to 1400×900 (and back), and
at the end each size gets its screenshot. The stacked trees board's checks in JupyterLab are
in ``test_stacked_trees_in_lab``; its page in the app is played here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from orchard_lab import water_drops as wd
from orchard_lab.widgets import AppleBatchesBoard, StackedTreesBoard, WaterDropsBoard
from tests.browser.conftest import notebook_errors, screenshot
from tests.browser.engine_pictures import (
    AppleBatchesDriver,
    WaterDropsDriver,
    at_every_size,
)
from tests.browser.test_apple_batches_in_lab import (
    SIZES,
    open_with_file_browser,
    whole_board_screenshot,
    write_notebook,
)
from tests.browser.test_stacked_trees_in_lab import drawn_like, play_a_whole_game

pytestmark = pytest.mark.browser

MOVES = 10
OPENED_AT = SIZES["1024x768"]  # the narrow layout is the one the boards are first drawn in
WD_SETUP = dict(players=2, seed=7, rules=wd.Rules(allow_rotation=True))
WD_CELL = """\
from orchard_lab import water_drops as wd
from orchard_lab.widgets import WaterDropsBoard
WaterDropsBoard(players=2, seed=7, rules=wd.Rules(allow_rotation=True))"""
AB_CELL = """\
from orchard_lab.widgets import AppleBatchesBoard
AppleBatchesBoard(players=2, seed=3)"""


def play_water_drops(driver: WaterDropsDriver, turns: bool, shoot: Callable[[str], None]) -> None:
    """10 moves (every third card turned when the rules allow), two undos, a move more and a
    new game, the picture checked against the engine after each, at every size; ``shoot``
    takes each size's screenshot of the last played position, before the new game."""
    driver.wait()
    driver.check_at_every_size()
    for k in range(MOVES):
        driver.move(k, turn=turns and k % 3 == 1)
        driver.check_at_every_size()
    for _ in range(2):
        driver.undo()
        driver.check_at_every_size()
    driver.move(MOVES)
    driver.check_at_every_size()
    squares = driver.twin.game.boards[0].squares
    assert min(r for r, _ in squares) < 0 and min(c for _, c in squares) < 0  # both ways
    at_every_size(driver.root.page, driver.check, then=shoot)
    driver.new_game()
    driver.check_at_every_size()
    assert len(driver.twin.game.boards[0].squares) == 1


def play_apple_batches(driver: AppleBatchesDriver) -> None:
    """10 moves, an undo and a move more, the picture checked against the engine after each,
    at every size."""
    driver.wait()
    driver.check_at_every_size()
    for k in range(MOVES):
        driver.move(k)
        driver.check_at_every_size()
    driver.undo()
    driver.check_at_every_size()
    driver.move(MOVES)
    driver.check_at_every_size()


def test_water_drops_board_in_lab_draws_the_engines_orchard(page, lab) -> None:
    """The water drops board played once in JupyterLab, checked at both sizes after each
    move; a screenshot at each size."""
    name = write_notebook(lab, "wd_engine.ipynb", WD_CELL)
    open_with_file_browser(page, lab, name, OPENED_AT)
    root = page.locator(".orchard-wd-board").first
    root.locator(".orchard-wd-card").first.wait_for()
    driver = WaterDropsDriver(root, WaterDropsBoard(**WD_SETUP))

    def shoot(size: str) -> None:
        whole_board_screenshot(page, root, f"wd-engine-{size}")

    play_water_drops(driver, turns=True, shoot=shoot)
    assert notebook_errors(page) == []


def test_apple_batches_board_in_lab_draws_the_engines_batches(page, lab) -> None:
    """The apple batches board played once in JupyterLab, checked at both sizes after each
    move; a screenshot at each size."""
    name = write_notebook(lab, "ab_engine.ipynb", AB_CELL)
    open_with_file_browser(page, lab, name, OPENED_AT)
    root = page.locator(".orchard-ab-board").first
    root.locator(".orchard-batch-button").first.wait_for()
    driver = AppleBatchesDriver(root, AppleBatchesBoard(players=2, seed=3))
    play_apple_batches(driver)
    assert notebook_errors(page) == []

    def shoot(size: str) -> None:
        whole_board_screenshot(page, root, f"ab-engine-{size}")

    at_every_size(page, driver.check, then=shoot)


def app_board_screenshot(page, root, name: str) -> None:
    """The whole board, not only its first screen: the app scrolls inside its page, so the
    window is made as tall as the page (its width, and so the layout, stays), then given
    its height back (the caller checks the picture again before the next click)."""
    size = dict(page.viewport_size)
    tall = page.evaluate("() => document.querySelector('.orchard-app').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": int(tall) + 200})
    page.wait_for_timeout(300)
    screenshot(page, name, root)
    page.set_viewport_size(size)


def _app_water_drops(page, root, shoot: Callable[[str], None]) -> None:
    root.locator(".orchard-wd-card").first.wait_for(timeout=150_000)
    play_water_drops(WaterDropsDriver(root, WaterDropsBoard()), turns=False, shoot=shoot)


def _app_apple_batches(page, root, shoot: Callable[[str], None]) -> None:
    root.locator(".orchard-batch-button").first.wait_for(timeout=150_000)
    driver = AppleBatchesDriver(root, AppleBatchesBoard())
    play_apple_batches(driver)
    at_every_size(page, driver.check, then=shoot)


def _app_stacked_trees(page, root, shoot: Callable[[str], None]) -> None:
    mirror = StackedTreesBoard()
    assert play_a_whole_game(page, root, mirror) >= 8 and mirror.game.is_over
    grid = root.locator(".orchard-st-grid").first
    at_every_size(page, drawn_like(grid, mirror.game.boards[0]), then=shoot)


# Each app page's board (its first board: the walkthrough has one too), played against the
# engine of a board made as the page makes it (default settings); each takes the screenshots
# of its last played position at every size with the ``shoot`` it is given.
APP_PLAYS: dict[str, tuple[str, Callable[..., None]]] = {
    "water-drops": ("wd", _app_water_drops),
    "apple-batches": ("ab", _app_apple_batches),
    "stacked-trees": ("st", _app_stacked_trees),
}


@pytest.mark.parametrize("game", list(APP_PLAYS))
def test_the_app_draws_the_engines_board(servers, browser, game: str) -> None:
    """The game's app page opened at 1024×768 and its board played once, checked at both
    sizes after each move; a screenshot at each size."""
    width, height = OPENED_AT
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(servers[game])
        short, play = APP_PLAYS[game]
        root = page.locator(f".orchard-app .orchard-{short}-board").first

        def shoot(size: str) -> None:
            app_board_screenshot(page, root, f"app-{short}-engine-{size}")

        play(page, root, shoot)
    finally:
        context.close()
