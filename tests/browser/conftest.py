"""A real JupyterLab on 127.0.0.1 and Debian's headless Chromium, for the browser tests.

The server gets a token, a throwaway root holding copies of the lesson notebooks, its own
settings (no cell windowing, no news), and exposes ``window.jupyterapp`` so a test can run
all cells through JupyterLab's own command. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from orchard_lab.lessons.build import COPIES, COPIES_DIR
from orchard_lab.plotly_bundle import SERVER_OPTIONS
from tests.servers import free_port, stop

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
APP_GAMES = ("apple-batches", "water-drops", "stacked-trees")
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


BROWSER_TEST_TIMEOUT = 300  # seconds: a hung page fails its own test, not the whole CI run
# A loaded machine can take more than expect's default 5 s to draw a widget it was sent.
expect.set_options(timeout=30_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test gets its timeout. ``./dev test`` runs them in two processes
    (pytest-xdist, ``--dist loadgroup``): the tests of the app pages go to one of them, so
    only that one starts the three app servers; the JupyterLab tests share out between both,
    each process starting its own JupyterLab."""
    here = Path(__file__).parent
    for item in items:
        if here not in Path(item.path).parents:
            continue
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(BROWSER_TEST_TIMEOUT))
        if "servers" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("app"))


@dataclass(frozen=True)
class Lab:
    url: str
    token: str
    root: Path

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"

    def _api(self, path: str, method: str = "GET") -> object:
        request = urllib.request.Request(
            f"{self.url}/api/{path}", method=method,
            headers={"Authorization": f"token {self.token}"},
        )  # fmt: skip
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self) -> None:
        """Shut down every kernel the server runs (a closed page leaves its kernel running,
        holding about 200 MB, and the server keeps its messages for a page that never
        comes back)."""
        for kernel in self._api("kernels"):  # type: ignore[union-attr]
            self._api(f"kernels/{kernel['id']}", method="DELETE")

    @property
    def log(self) -> Path:
        return self.root.parent / "lab.log"


def _write_settings(settings_dir: Path) -> None:
    for relative, values in LAB_SETTINGS.items():
        path = settings_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def _wait_until_up(url: str, token: str, process: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterLab exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"JupyterLab did not answer at {url} within {timeout} s")


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: './dev test' installs Debian's chromium")
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    for copy in COPIES:  # the built lessons (pupil/, teacher/), as the package holds them
        shutil.copytree(COPIES_DIR / copy, root / copy, ignore=shutil.ignore_patterns(".ipynb_*"))
    _write_settings(base / "settings")
    port, token = free_port(), secrets.token_hex(16)
    command = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={base / 'settings'}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",
        "--ServerApp.open_browser=False", "--allow-root", *SERVER_OPTIONS,
    ]  # fmt: skip
    log = (base / "lab.log").open("w")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=root)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, token, process, timeout=60)
        yield Lab(url=url, token=token, root=root)
    finally:
        stop(process)
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[object]:
    """Keep each phase's report on the test, so ``page`` knows whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def _kernels_shut_down_after(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a JupyterLab test, its kernels are shut down: a worker's JupyterLab serves about
    twenty tests, and their kernels would otherwise all stay."""
    yield
    if "lab" in request.fixturenames:
        request.getfixturevalue("lab").shut_down_kernels()


HOME = {"width": 1400, "height": 1000}  # the window every JupyterLab test starts in
# Between two tests the worker's JupyterLab page closes every document without asking (a
# notebook that ran is unsaved; JupyterLab then shows its launcher), shows the file browser
# on the left and nothing on the right, as a freshly loaded JupyterLab does.
_CLEAR = """async () => {
    const app = window.jupyterapp;
    for (const widget of app.shell.widgets('main')) {
        if (widget.context && widget.context.model) widget.context.model.dirty = false;
    }
    await app.commands.execute('application:close-all');
    await app.commands.execute('filebrowser:activate');
    app.shell.collapseRight();
}"""
_CLEAR_OK = (
    "() => window.jupyterapp && [...window.jupyterapp.shell.widgets('main')].every(w => !w.context)"
    " && !window.jupyterapp.shell.leftCollapsed && !document.querySelector('.jp-Dialog')"
)


@dataclass
class LabPage:
    """A worker's one JupyterLab page: loading JupyterLab costs Chromium about 5 s of CPU, so
    each test opens its notebooks in this page (``open_notebook``) instead of loading it
    again, and the messages the browser logged during the current test are in ``console``."""

    page: object
    lab: Lab
    console: list[str]

    def load(self) -> None:
        self.page.goto(f"{self.lab.url}/lab?token={self.lab.token}&reset")
        self.page.wait_for_function("() => window.jupyterapp")
        self.page.evaluate("async () => { await window.jupyterapp.restored; }")

    def clear(self) -> None:
        """Back to JupyterLab with nothing open, at ``HOME``; a page a test left in any other
        state (a dialog, another address) is loaded again."""
        page = self.page
        page.set_viewport_size(HOME)
        try:
            page.evaluate(_CLEAR)
            page.wait_for_function(_CLEAR_OK, timeout=10_000)
        except Exception:  # any state but an empty JupyterLab: start again
            self.load()
        self.console.clear()


@pytest.fixture(scope="session")
def _lab_page(browser, lab: Lab) -> Iterator[LabPage]:
    context = browser.new_context(viewport=HOME)
    page = context.new_page()
    page.set_default_timeout(60_000)
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    lab_page = LabPage(page=page, lab=lab, console=console)
    lab_page.load()
    yield lab_page
    context.close()


def _keep_failure(request: pytest.FixtureRequest, page, console: list[str]) -> None:
    """When the test failed: its screenshot, the browser's console messages and (in
    JupyterLab) the server's log go to ``test-artifacts/FAILED-<test>.png``, ``.txt`` and
    ``.lab.log`` (for a failure seen only in CI)."""
    report = getattr(request.node, "report_call", None)
    if report is None or not report.failed:
        return
    name = f"FAILED-{request.node.name}"
    try:
        screenshot(page, name)
    finally:
        (ARTIFACTS / f"{name}.txt").write_text("\n".join(console), encoding="utf-8")
        if "lab" in request.fixturenames:
            shutil.copy(request.getfixturevalue("lab").log, ARTIFACTS / f"{name}.lab.log")


@pytest.fixture
def page(_lab_page: LabPage, request: pytest.FixtureRequest) -> Iterator[object]:
    """The worker's JupyterLab page, emptied and at ``HOME`` (see ``LabPage``)."""
    _lab_page.clear()
    yield _lab_page.page
    _keep_failure(request, _lab_page.page, _lab_page.console)


@pytest.fixture
def fresh_page(browser, request: pytest.FixtureRequest) -> Iterator[object]:
    """A page of its own, for a test of what happens the first time a page loads."""
    context = browser.new_context(viewport=HOME)
    page = context.new_page()
    page.set_default_timeout(60_000)
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    yield page
    _keep_failure(request, page, console)
    context.close()


_OPEN = """async (path) => {
    await window.jupyterapp.commands.execute('docmanager:open', {path: path, factory: 'Notebook'});
}"""


def open_notebook(page, lab: Lab, name: str, timeout_ms: int = 180_000) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is ready: in the page's
    JupyterLab if it has one loaded, else by loading JupyterLab with the notebook."""
    if page.url.startswith(lab.url) and page.evaluate("() => !!window.jupyterapp"):
        page.evaluate(_OPEN, name)
    else:
        page.goto(lab.notebook_url(name))
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.sessionContext"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
        " && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status"
        " === 'idle'",
        timeout=timeout_ms,
    )


def open_and_run_notebook(page, lab: Lab, name: str, timeout_ms: int = 180_000) -> None:
    """Open a lesson in JupyterLab, run all cells, and wait until every code cell has run."""
    open_notebook(page, lab, name, timeout_ms)
    run_all_cells(page, timeout_ms)


# The open notebook's panel, whichever part of JupyterLab has the focus (the file browser may).
_PANEL = """(() => {
    const shell = window.jupyterapp.shell;
    const isNotebook = w => w && w.sessionContext && w.content && w.content.widgets;
    if (isNotebook(shell.currentWidget)) return shell.currentWidget;
    for (const w of shell.widgets('main')) if (isNotebook(w)) return w;
    return null;
})()"""
_RUN_ALL = f"""() => {{
    const panel = {_PANEL};
    window.jupyterapp.shell.activateById(panel.id);
    window.jupyterapp.commands.execute('notebook:run-all-cells');
}}"""
_STATE = f"""() => {{
    const panel = {_PANEL};
    const cells = panel.content.widgets.filter(c => c.model.type === 'code');
    return {{
        kernel: panel.sessionContext.session.kernel.status,
        cells: cells.length,
        ran: cells.filter(c => c.model.executionCount !== null).length,
    }};
}}"""
_ALL_RAN = f"() => {{ const s = ({_STATE})(); return s.kernel === 'idle' && s.ran === s.cells; }}"


def run_all_cells(page, timeout_ms: int = 180_000) -> None:
    """Run every cell of the open notebook with JupyterLab's own command and wait for them.

    The command is started, not awaited: its promise can stay pending when the kernel is
    slow to answer, and page.evaluate has no timeout of its own (a CI run once hung there
    for 600 s). The notebook is activated first, so the command applies to it even when the
    file browser has the focus. Every 30 s, if the kernel is idle with cells still not run,
    run all again; past ``timeout_ms`` the error says how far the notebook got.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    page.evaluate(_RUN_ALL)
    while True:
        left_ms = int((deadline - time.monotonic()) * 1000)
        try:
            page.wait_for_function(_ALL_RAN, timeout=max(1, min(30_000, left_ms)), polling=500)
            return
        except PlaywrightTimeout:
            state = page.evaluate(_STATE)
            if time.monotonic() >= deadline:
                message = f"Run All did not finish in {timeout_ms} ms: {state}"
                raise AssertionError(message) from None
            page.wait_for_timeout(2000)  # idle for a moment between two cells is not stalled
            if state["kernel"] == "idle" and page.evaluate(_STATE) == state:
                page.evaluate(_RUN_ALL)  # stalled: nothing ran and nothing runs, so ask again


def notebook_errors(page) -> list[str]:
    """Tracebacks and widget errors shown in the page's outputs."""
    texts = page.locator(".jp-OutputArea-output[data-mime-type*='error']").all_inner_texts()
    texts += page.get_by_text("Error displaying widget").all_inner_texts()
    texts += page.locator(".jupyter-widgets-error-widget").all_inner_texts()
    return texts


def screenshot(page, name: str, locator=None) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    (locator or page).screenshot(path=str(path))
    return path


# The server's own outside fetches (Solara's asset proxy falls back to a CDN for a file
# solara-assets lacks) go to a dead proxy, so they fail and are logged even when online.
OFFLINE_SERVER = {
    **os.environ,
    "HTTP_PROXY": "http://127.0.0.1:9",
    "HTTPS_PROXY": "http://127.0.0.1:9",
    "NO_PROXY": "127.0.0.1,localhost",
}


def status(url: str) -> int:
    """The HTTP status of a GET of ``url``; 0 while nothing listens there."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0  # not listening yet


@contextlib.contextmanager
def app_servers(base: Path, *options: str) -> Iterator[dict[str, str]]:
    """game -> the address (with its token) of ``orchard-lab app GAME *options``, offline,
    working in ``base``; the three servers start side by side and stop on leaving."""
    token = secrets.token_hex(8)
    started: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
    logs = []
    what = " ".join(("app", *options))
    try:
        for game in APP_GAMES:
            port = free_port()
            log = (base / f"{game}.log").open("w")
            logs.append(log)
            command = [sys.executable, "-m", "orchard_lab.app", game, f"--port={port}"]
            process = subprocess.Popen(
                [*command, *options],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=base,
                env=OFFLINE_SERVER | {"ORCHARD_LAB_TOKEN": token},
            )
            started[game] = (process, f"http://127.0.0.1:{port}")
        deadline = time.monotonic() + 120
        for game, (process, url) in started.items():
            while status(f"{url}/?token={token}") != 200:
                if process.poll() is not None or time.monotonic() > deadline:
                    log_text = (base / f"{game}.log").read_text()
                    raise RuntimeError(f"the {game} {what} did not start:\n{log_text}")
                time.sleep(0.5)
        for game, (process, _) in started.items():
            if process.poll() is not None:  # another server answered on its port
                log_text = (base / f"{game}.log").read_text()
                raise RuntimeError(f"the {game} {what} stopped after starting:\n{log_text}")
        yield {game: f"{url}/?token={token}" for game, (_, url) in started.items()}
        for game in APP_GAMES:
            log_text = (base / f"{game}.log").read_text()
            assert "Could not load URL" not in log_text, f"{game}'s server went online"
    finally:
        for process, _ in started.values():
            process.terminate()
        for process, _ in started.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        for log in logs:
            log.close()


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """game -> the address (with its token) of ``orchard-lab app GAME``, offline; the three
    servers run side by side, for every test of the session that loads a page."""
    with app_servers(tmp_path_factory.mktemp("app")) as addresses:
        yield addresses
