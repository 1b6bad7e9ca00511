"""A class of simulated pupils on one ``orchard-lab app`` server: what one machine serves.

Starts ``python -m orchard_lab.app apple-batches`` on 127.0.0.1 with a token, then
``PUPILS`` headless Chromium pages (Debian's ``/usr/bin/chromium``, at most ``PARALLEL``
at a time) each open the page and play ``MOVES`` moves (an apple, then the bad batch,
which takes any apple). It prints the time to first render (page load until the board's
charts are drawn), the click latency (click until the board shows the change; median and
p95), the server's resident memory per pupil (Solara keeps every pupil's kernel in one
process, and a closed tab's kernel lives until culled, so the growth over all pupils is
their cost; one warm-up pupil goes first, uncounted, so imports are not charged to the
class) and the server's CPU time per first render and per click.

Bounded: every pupil has a deadline, the whole run stops after ``LIMIT_SECONDS``, and
only this script's own server and browser are ended. Run:
``PYTHONPATH=. .venv/bin/python benchmarks/bench_classroom_load.py [pupils] [parallel]``.
"""

from __future__ import annotations

import asyncio
import os
import platform
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from typing import Any

import psutil
from playwright.async_api import async_playwright

PUPILS = int(sys.argv[1]) if len(sys.argv) > 1 else 30
PARALLEL = int(sys.argv[2]) if len(sys.argv) > 2 else 10
MOVES = 4  # each move is two clicks: an apple, then a batch
LIMIT_SECONDS = 1200
PUPIL_SECONDS = 300
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]  # fmt: skip
READY = """() => {
    const board = document.querySelector('.orchard-ab-board');
    return board !== null && document.querySelector('.orchard-whatif-run') !== null
        && [...board.querySelectorAll('.js-plotly-plot')].length === 2
        && [...board.querySelectorAll('.js-plotly-plot')].every(p => p.querySelector('.trace'));
}"""
SEEN = """() => ({boards: document.querySelectorAll('.orchard-ab-board').length,
    plots: document.querySelectorAll('.js-plotly-plot').length,
    traces: document.querySelectorAll('.js-plotly-plot .trace').length,
    text: document.body.innerText.slice(0, 160)})"""
PLAY_TEXT = "() => document.querySelector('.orchard-ab-board .orchard-ab-play').innerText"
CHANGED = f"(before) => ({PLAY_TEXT})() !== before"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, process: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.5)
    raise RuntimeError(f"the server did not answer within {seconds} s")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def pupil(browser, url: str, gate: asyncio.Semaphore, renders: list, clicks: list) -> None:
    async with gate:
        context = await browser.new_context(viewport={"width": 1400, "height": 900})
        page = await context.new_page()
        page.set_default_timeout(PUPIL_SECONDS * 1000)
        try:
            start = time.monotonic()
            await page.goto(url)
            await page.wait_for_function(READY, polling=100)
            renders.append(time.monotonic() - start)
            board = page.locator(".orchard-ab-board").first
            for _ in range(MOVES):
                for target in (".orchard-market-card", ".orchard-batch-bad .orchard-batch-button"):
                    before = await page.evaluate(PLAY_TEXT)
                    start = time.monotonic()
                    await board.locator(target).first.click()
                    await page.wait_for_function(CHANGED, arg=before, polling=20)
                    clicks.append(time.monotonic() - start)
        except Exception as error:
            seen = await page.evaluate(SEEN)
            raise RuntimeError(f"{error.__class__.__name__}; the page showed {seen}") from None
        finally:
            await context.close()


async def run_class(url: str, pupils: int = PUPILS) -> dict[str, Any]:
    renders: list[float] = []
    clicks: list[float] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        gate = asyncio.Semaphore(PARALLEL)
        start = time.monotonic()
        tasks = [
            asyncio.create_task(pupil(browser, url, gate, renders, clicks)) for _ in range(pupils)
        ]
        done, late = await asyncio.wait(tasks, timeout=LIMIT_SECONDS)
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        wall = time.monotonic() - start
        await browser.close()
    failures = [repr(task.exception()) for task in done if task.exception() is not None]
    failures += [f"stopped at the {LIMIT_SECONDS} s limit"] * len(late)
    return {"renders": renders, "clicks": clicks, "failures": failures, "wall": wall}


def main() -> None:
    port, token = free_port(), secrets.token_hex(8)
    url = f"http://127.0.0.1:{port}/?token={token}"
    with tempfile.TemporaryDirectory() as work:
        log_path = os.path.join(work, "server.log")
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "orchard_lab.app", "apple-batches", f"--port={port}"],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=work,
                env=os.environ | {"ORCHARD_LAB_TOKEN": token},
            )
            try:
                wait_until_up(url, process, 120)
                server = psutil.Process(process.pid)
                asyncio.run(run_class(url, pupils=1))  # warm-up: imports, first plotly build
                rss_before = server.memory_info().rss
                cpu_before = sum(server.cpu_times()[:2])
                found = asyncio.run(run_class(url))
                rss_after = server.memory_info().rss
                cpu_after = sum(server.cpu_times()[:2])
                if found["failures"]:
                    with open(log_path) as written:
                        print("server log, last lines:", *written.readlines()[-15:], sep="\n")
            finally:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
    renders, clicks = found["renders"], found["clicks"]
    served = len(renders)
    per_pupil_mb = (rss_after - rss_before) / max(served, 1) / 2**20
    cpu_total = cpu_after - cpu_before
    print(f"machine: {platform.node()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the end (the cores are shared)")  # fmt: skip
    print(f"pupils {PUPILS} ({PARALLEL} at a time), served {served}, "
          f"failures {len(found['failures'])}, wall {found['wall']:.0f} s")  # fmt: skip
    for failure in found["failures"][:3]:
        print("  failure:", failure[:300])
    if renders:
        print(f"first render: median {statistics.median(renders):.1f} s, "
              f"p95 {percentile(renders, 0.95):.1f} s, max {max(renders):.1f} s")  # fmt: skip
    if clicks:
        median, p95 = statistics.median(clicks) * 1000, percentile(clicks, 0.95) * 1000
        print(f"click latency ({len(clicks)} clicks): median {median:.0f} ms, p95 {p95:.0f} ms")
    print(f"server memory: {rss_before / 2**20:.0f} MB before, {rss_after / 2**20:.0f} MB after "
          f"-> {per_pupil_mb:.1f} MB per pupil kernel")  # fmt: skip
    print(f"server CPU: {cpu_total:.1f} s for {served} pages and {len(clicks)} clicks")


if __name__ == "__main__":
    main()
