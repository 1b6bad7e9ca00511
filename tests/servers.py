"""What the tests that start a server share: a free port, and stopping the server."""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import IO

# Below Linux's ephemeral range (32768-60999), from which the system gives out ports for
# bind(0) and for every outgoing connection: a port chosen there and bound seconds later may
# meanwhile be any connection's own end (a hub once failed to bind its port that way).
_PORTS = range(20000, 32700)
_LOCKS = Path(tempfile.gettempdir()) / "orchard-lab-test-ports"
_HELD: list[IO[str]] = []  # the locks of the ports handed out, held until this process ends


def free_port(count: int = 1) -> int:
    """The first of ``count`` consecutive ports on 127.0.0.1 that nothing listens on now and
    that no test process on this machine has been handed: each is locked (a file lock in the
    temporary folder, released when the process that took it ends), so two workers, or two
    runs of the suite side by side, never get the same port."""
    _LOCKS.mkdir(exist_ok=True)
    span = len(_PORTS) - count
    offset = (os.getpid() * 7919) % span  # spread the processes over the range
    for step in range(span):
        first = _PORTS[0] + (offset + step) % span
        locks = [lock for port in range(first, first + count) if (lock := _lock(port))]
        if len(locks) == count and all(_nothing_listens(first + k) for k in range(count)):
            _HELD.extend(locks)
            return first
        for lock in locks:
            lock.close()
    raise RuntimeError(f"no {count} free ports between {_PORTS[0]} and {_PORTS[-1]}")


def _lock(port: int) -> IO[str] | None:
    lock = (_LOCKS / str(port)).open("a")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        return None
    return lock


def _nothing_listens(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


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
