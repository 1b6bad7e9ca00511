"""The fork server behind ``tests.test_fuzz.bounded``: one small process per test process
forks the child of every fuzzed input.

Forking copies the forking process's page tables, so a child forked from a pytest-xdist
worker (hundreds of MB, the compiled engines loaded) cost about 40 ms, and several times that
on a loaded machine, for each of about 1,100 inputs. The server is started fresh with
``sys.executable``: it imports orchard_lab and warms the compiled engines once, then for each
request (a pickled call, ``then``, allowed errors, memory cap, wall limit) forks a child from
itself, which applies the limits, runs the call and answers through a pipe exactly as a child
of the worker did. The server's watchdog kills a child that does not answer in time.

A call that does not pickle (a lambda) is run in a child forked from the test process itself,
as before: slower, the same checks. The server ends when the test process closes its pipe
(at exit, or when the test process dies), and each child dies with the server.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import pickle
import resource
import select
import signal
import struct
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parents[1]
STARTUP = 300.0  # wall seconds the server may take to import and warm up (a loaded machine)
MARGIN = 60.0  # wall seconds the server may take past a child's watchdog to answer
HEADER = struct.Struct("<Q")
PR_SET_PDEATHSIG = 1


# -- the child of one input (forked from the server, or from the test process) -----------------
def answer_in_child(
    call: Callable[[], Any],
    then: Callable[[Any], Any],
    allowed: tuple[type[BaseException], ...],
    memory: int,
    write: int,
    parent: int,
) -> NoReturn:
    """Cap the address space at the child's size plus ``memory``, run ``call()`` and ``then``,
    write the pickled (outcome, detail, CPU seconds) to ``write`` and exit."""
    try:
        _die_with(parent)
        pages = int(Path("/proc/self/statm").read_text().split()[0])
        address = pages * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (address + memory, address + memory))
        start = time.process_time()
        try:
            result = call()
        except allowed as exc:
            outcome, detail = "refused", f"{type(exc).__name__}: {exc}"[:500]
        except BaseException:
            outcome, detail = "raised", traceback.format_exc()[-3000:]
        else:
            try:
                then(result)
                outcome, detail = "returned", ""
            except BaseException:
                outcome, detail = "raised", traceback.format_exc()[-3000:]
        answer = pickle.dumps((outcome, detail, time.process_time() - start))
        os.write(write, answer)
    finally:
        os._exit(0)


def _die_with(parent: int) -> None:
    """Have the kernel kill this child when its parent dies (Linux), so none is left behind."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (AttributeError, OSError):  # not Linux: the watchdog still kills a hung child
        return
    if os.getppid() != parent:  # the parent died before prctl
        os._exit(1)


def fork_and_wait(
    call: Callable[[], Any],
    then: Callable[[Any], Any],
    allowed: tuple[type[BaseException], ...],
    memory: int,
    hang: float,
    close: tuple[int, ...] = (),
) -> bytes | None:
    """Fork a child that answers ``call``; its answer (b"" if it died without one), or None
    if it did not answer within ``hang`` wall seconds (then it is killed). The child closes
    the descriptors ``close`` first."""
    parent = os.getpid()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        for fd in close:
            os.close(fd)
        answer_in_child(call, then, allowed, memory, write, parent)
    os.close(write)
    try:
        ready, _, _ = select.select([read], [], [], hang)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            return None
        data = b""
        while chunk := os.read(read, 65536):
            data += chunk
        return data
    finally:
        os.close(read)
        os.waitpid(pid, 0)


# -- framing: a length, then a pickle ----------------------------------------------------------
def send(fd: int, value: Any) -> None:
    data = pickle.dumps(value)
    view = memoryview(HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view) :]


def receive(fd: int, deadline: float | None = None) -> Any:
    """The next value on ``fd``; EOFError at the end, TimeoutError past ``deadline``."""
    header = _read_exactly(fd, HEADER.size, deadline)
    return pickle.loads(_read_exactly(fd, HEADER.unpack(header)[0], deadline))


def _read_exactly(fd: int, size: int, deadline: float | None) -> bytes:
    data = b""
    while len(data) < size:
        if deadline is not None:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError
        chunk = os.read(fd, min(size - len(data), 1 << 20))
        if not chunk:
            raise EOFError
        data += chunk
    return data


# -- the server ----------------------------------------------------------------------------------
def main() -> None:
    """Serve requests on stdin, answer on stdout; print nothing else there."""
    requests, answers = os.dup(0), os.dup(1)  # not inherited by anything the server runs
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(2, 1)  # a child's print goes to stderr, not into the answers
    os.close(devnull)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the test process ends the server
    from orchard_lab.compiled import warm_up

    warm_up()
    send(answers, ("ready", os.getpid()))
    while True:
        try:
            request = receive(requests)
        except EOFError:  # the test process closed the pipe or died
            return
        try:
            call, then, allowed, memory, hang = pickle.loads(request)
        except BaseException:
            send(answers, ("error", traceback.format_exc()[-3000:]))
            continue
        data = fork_and_wait(call, then, allowed, memory, hang, close=(requests, answers))
        send(answers, ("hang",) if data is None else ("answer", data))
        del call, then, request


# -- the test process's side -------------------------------------------------------------------
class Server:
    """The server of this process: started at the first request, again after it died."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> int:
        """Start the server if it is not running; its process id."""
        if self.process is not None and self.process.poll() is None:
            return self.process.pid
        self.stop()
        code = (
            f"import sys; sys.path[:0] = [{str(ROOT)!r}]; import tests.fork_server as s; s.main()"
        )
        self.process = subprocess.Popen(
            [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        try:
            ready = self._receive(STARTUP, "while starting")
        except BaseException:
            self.stop()
            raise
        assert ready == ("ready", self.process.pid), f"the fork server said {ready!r}"
        return self.process.pid

    def run(self, request: bytes, hang: float) -> bytes | None:
        """The child's answer to a pickled request (see ``fork_and_wait``)."""
        self.start()
        assert self.process is not None and self.process.stdin is not None
        try:
            send(self.process.stdin.fileno(), request)
        except BrokenPipeError:
            self.stop()
            raise AssertionError("the fork server died before it took the input") from None
        answer = self._receive(hang + MARGIN, "with an input")
        if answer[0] == "error":
            raise AssertionError(f"the fork server could not read the input:\n{answer[1]}")
        return None if answer[0] == "hang" else answer[1]

    def _receive(self, seconds: float, when: str) -> Any:
        assert self.process is not None and self.process.stdout is not None
        try:
            return receive(self.process.stdout.fileno(), time.monotonic() + seconds)
        except EOFError:
            self.process.wait()
            code = self.process.returncode
            self.stop()
            raise AssertionError(f"the fork server died {when} (exit status {code})") from None
        except TimeoutError:
            self.stop()
            raise AssertionError(
                f"the fork server gave no answer {when} in {seconds:g} s"
            ) from None

    def stop(self) -> None:
        """End the server (it ends on the closed pipe; killed if it does not within 10 s)."""
        process, self.process = self.process, None
        if process is None:
            return
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):  # a request cut off by the server's death
                    pipe.close()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


SERVER = Server()
atexit.register(SERVER.stop)
