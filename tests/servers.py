"""What the tests that start a server share: a free port, and stopping the server."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time

_HANDED_OUT: set[int] = set()


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now and that this process has not handed
    out before: the system may offer the port it just offered again, since nothing has bound
    it yet (two app servers were once given the same port, and one page showed the other)."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        if port not in _HANDED_OUT:
            _HANDED_OUT.add(port)
            return port


def stop(process: subprocess.Popen[bytes], seconds: float = 15) -> None:
    """Ask ``process`` to end, and end it if it has not within ``seconds``."""
    process.terminate()
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def stop_group(process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    """End ``process`` and everything in its process group (it was started with
    ``start_new_session``): ask, then end whatever is left after ``seconds``, even once the
    leader itself has gone (a hub may outlive the command that started it)."""
    group = process.pid
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGTERM)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        process.poll()
        try:
            os.killpg(group, 0)  # anyone left in the group?
        except ProcessLookupError:
            break
        time.sleep(0.2)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGKILL)
    process.wait()
