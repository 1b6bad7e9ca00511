"""A class hub for the tests (issue 22): ``orchard-lab hub`` started for real on 127.0.0.1 with
configurable-http-proxy from npm (``tests/browser/node_modules``), pupils logging in as a
browser does, and code run in a pupil's kernel. Used by ``tests/test_hub.py`` and the
browser tests of the hub."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil
import requests
from websockets.sync.client import connect

from orchard_lab import hub
from tests.servers import free_port, stop_group

ROOT = Path(__file__).resolve().parents[1]
PROXY = ROOT / "tests" / "browser" / "node_modules" / ".bin" / "configurable-http-proxy"
CLASS_PASSWORD = "orchard-class-7b"
TEACHER_PASSWORD = "the-teachers-own-password-of-32-characters"


@dataclass
class Hub:
    url: str
    folder: Path
    process: subprocess.Popen[bytes]


@contextmanager
def running_hub(base: Path) -> Iterator[Hub]:
    """``orchard-lab hub`` for class 7b in ``base`` (a new folder): the class list Ana, Ben,
    Cai and Dan, a teacher's password, and the proxy from npm; stopped with everything it
    started when the block ends."""
    folder, secrets = base / "class-7b", base / "secrets"
    secrets.mkdir(parents=True)
    folder.mkdir()
    (secrets / "teacher.txt").write_text(TEACHER_PASSWORD + "\n", encoding="utf-8")
    (secrets / "7b.txt").write_text("Ana\nBen\n\nCai\nDan\n", encoding="utf-8")
    port = free_port(3)  # the proxy's, the hub's own API and the proxy's API
    log = base / "hub.log"
    command = [str(Path(sys.executable).parent / "orchard-lab"), "hub", str(folder),
               f"--port={port}", f"--proxy={PROXY}",
               f"--teacher-password-file={secrets / 'teacher.txt'}",
               f"--class-list={secrets / '7b.txt'}"]  # fmt: skip
    environment = os.environ | {hub.CLASS_PASSWORD: CLASS_PASSWORD, "NO_PROXY": "127.0.0.1"}
    with log.open("w") as out:
        process = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, env=environment, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while _status(f"{url}/hub/login") != 200:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not start:\n{log.read_text()}")
            time.sleep(0.3)
        yield Hub(url, folder, process)
    finally:
        stop_group(process)  # the hub, its proxy and the pupils' servers


def _status(url: str) -> int:
    try:
        return requests.get(url, timeout=10).status_code
    except requests.ConnectionError:
        return 0


@dataclass
class Pupil:
    name: str
    session: requests.Session
    base: str
    seconds: float

    def api(self, method: str, path: str, **kwargs: object) -> requests.Response:
        headers = {"X-XSRFToken": self.session.cookies.get("_xsrf", path=f"/user/{self.name}/")}
        return self.session.request(method, f"{self.base}/api/{path}", headers=headers, **kwargs)

    def files(self) -> set[str]:
        listing = self.api("GET", "contents").json()["content"]
        return {item["name"] for item in listing}


def log_in(class_hub: Hub, name: str, password: str = CLASS_PASSWORD) -> Pupil:
    """Log in as a browser does, wait for the pupil's JupyterLab, and open it."""
    session = requests.Session()
    session.get(f"{class_hub.url}/hub/login")
    start = time.monotonic()
    form = {"username": name, "password": password, "_xsrf": session.cookies.get("_xsrf")}
    answer = session.post(f"{class_hub.url}/hub/login", data=form)
    assert answer.status_code == 200, answer.text[:500]
    deadline = start + 120
    while True:  # the spawn, then JupyterLab's own login through the hub
        lab = session.get(f"{class_hub.url}/user/{name}/lab")
        if lab.status_code == 200 and lab.url.endswith(f"/user/{name}/lab"):
            break
        assert time.monotonic() < deadline, f"{name}'s JupyterLab never opened"
        time.sleep(0.3)
    return Pupil(name, session, f"{class_hub.url}/user/{name}", time.monotonic() - start)


def memory_mb(class_hub: Hub, name: str) -> float:
    """The resident memory of the pupil's JupyterLab and its kernels, in MB."""
    home = str(class_hub.folder.resolve() / "pupils" / name)
    total = 0
    for process in psutil.Process(class_hub.process.pid).children(recursive=True):
        try:
            if process.cwd() == home:
                total += process.memory_info().rss
        except psutil.Error:
            continue
    return total / 2**20


def run_in_kernel(pupil: Pupil, code: str) -> list[str]:
    """Run ``code`` in a new kernel of the pupil's JupyterLab: its printed output, once the
    kernel has answered and gone idle."""
    kernel = pupil.api("POST", "kernels", json={"name": "python3"}).json()["id"]
    address = pupil.base.replace("http://", "ws://") + f"/api/kernels/{kernel}/channels"
    cookies = "; ".join(f"{c.name}={c.value}" for c in pupil.session.cookies)
    message_id = uuid.uuid4().hex
    request = {
        "header": {"msg_id": message_id, "msg_type": "execute_request", "username": pupil.name,
                   "session": uuid.uuid4().hex, "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell",
        "content": {"code": code, "silent": False, "store_history": False,
                    "user_expressions": {}, "allow_stdin": False},
    }  # fmt: skip
    printed: list[str] = []
    replied = idle = False  # the reply (shell) may come before the last output (iopub)
    with connect(address, additional_headers={"Cookie": cookies}, open_timeout=60) as channel:
        channel.send(json.dumps(request))
        while not (replied and idle):
            reply = json.loads(channel.recv(timeout=300))
            if reply["parent_header"].get("msg_id") != message_id:
                continue
            kind, content = reply["msg_type"], reply["content"]
            if kind == "stream":
                printed.append(content["text"])
            elif kind == "error":
                raise AssertionError("\n".join(content["traceback"]))
            elif kind == "execute_reply":
                assert content["status"] == "ok", content
                replied = True
            elif kind == "status":
                idle = content["execution_state"] == "idle"
    return printed
