"""A whole class on a real JupyterHub (issue 22): ``orchard-lab hub`` started for real on
127.0.0.1, with configurable-http-proxy from npm (``tests/browser/node_modules``).

Two pupils log in with the class password; each gets a JupyterLab of their own with their
own copy of the pupil lessons; one pupil's edit does not touch the other's copy; a pupil
cannot open the other's JupyterLab (403); the first cells of lesson 01 run in a pupil's
kernel; an nbgitpuller link from a local git repository delivers a lesson; the teacher gets
the teacher's copies; games finished on lesson boards reach the teacher's results
notebook. Each pupil's time to a ready JupyterLab and memory are printed.
"""

from __future__ import annotations

import ast
import subprocess
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from urllib.parse import urlencode

import nbformat
import pytest
import requests

from orchard_lab import hub, hub_homes
from orchard_lab.cli import build_parser, main
from tests.class_hub import (
    CLASS_PASSWORD,
    PROXY,
    TEACHER_PASSWORD,
    Hub,
    log_in,
    memory_mb,
    run_in_kernel,
    running_hub,
)

LESSONS = ["01_apple_batches.ipynb", "02_water_drops.ipynb", "03_stacked_trees.ipynb"]


@pytest.fixture(scope="module")
def class_hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    with running_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running


def test_two_pupils_each_get_their_own_lessons_and_only_their_own(class_hub: Hub) -> None:
    ana, ben = log_in(class_hub, "ana"), log_in(class_hub, "ben")
    assert ana.files() >= set(LESSONS) and ben.files() >= set(LESSONS)
    lesson = ana.api("GET", f"contents/{LESSONS[0]}").json()
    lesson["content"]["cells"][0]["source"] = "Ana's notes"
    saved = ana.api("PUT", f"contents/{LESSONS[0]}", json={"type": "notebook", **lesson})
    assert saved.status_code == 200, saved.text
    first_cell = ben.api("GET", f"contents/{LESSONS[0]}").json()["content"]["cells"][0]
    assert first_cell["source"] != "Ana's notes"
    on_disk = nbformat.read(class_hub.folder / "pupils" / "ana" / LESSONS[0], as_version=4)
    assert on_disk.cells[0].source == "Ana's notes"
    into_anas = ben.session.get(f"{class_hub.url}/user/ana/api/contents")
    assert into_anas.status_code == 403
    idle = {pupil.name: memory_mb(class_hub, pupil.name) for pupil in (ana, ben)}
    print(
        f"\nready: ana {ana.seconds:.1f} s, ben {ben.seconds:.1f} s; "
        f"memory idle: ana {idle['ana']:.0f} MB, ben {idle['ben']:.0f} MB"
    )


def test_a_lesson_runs_in_a_pupils_kernel(class_hub: Hub) -> None:
    cai = log_in(class_hub, "cai")
    book = nbformat.read(class_hub.folder / "pupils" / "cai" / LESSONS[0], as_version=4)
    setup = next(cell.source for cell in book.cells if cell.cell_type == "code")
    printed = run_in_kernel(cai, setup + "\nprint('lesson ready')")
    assert printed[-1].strip().endswith("lesson ready")
    code = "from orchard_lab import apple_batches as ab\nprint(ab.Game.new(seed=1).scores())"
    assert run_in_kernel(cai, code) == ["[0, 0]\n"]
    print(f"\nmemory with lesson 01's first cell run: cai {memory_mb(class_hub, 'cai'):.0f} MB")


def test_an_nbgitpuller_link_from_a_local_repository_delivers_a_lesson(
    class_hub: Hub, tmp_path: Path
) -> None:
    repository = tmp_path / "lessons"
    repository.mkdir()
    extra = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Homework")])
    nbformat.write(extra, repository / "homework.ipynb")
    git = ["git", "-c", "user.name=teacher", "-c", "user.email=teacher@example.invalid"]
    for step in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-q", "-m", "homework"]):
        subprocess.run([*git, *step], cwd=repository, check=True)
    dan = log_in(class_hub, "dan")
    query = urlencode({"repo": repository.as_uri(), "branch": "main", "targetpath": "homework"})
    with dan.session.get(f"{dan.base}/git-pull/api?{query}", stream=True) as events:
        text = "".join(line + "\n" for line in events.iter_lines(decode_unicode=True) if line)
    assert '"phase": "finished"' in text, text[-2000:]
    listing = dan.api("GET", "contents/homework").json()["content"]
    assert [item["name"] for item in listing] == ["homework.ipynb"]


def test_the_teacher_gets_the_teachers_copies_with_the_teachers_password(class_hub: Hub) -> None:
    session = requests.Session()
    session.get(f"{class_hub.url}/hub/login")
    form = {"username": "teacher", "password": CLASS_PASSWORD, "_xsrf": session.cookies["_xsrf"]}
    refused = session.post(f"{class_hub.url}/hub/login", data=form, allow_redirects=False)
    assert refused.status_code == 403  # the class password is not the teacher's
    assert "Invalid username or password" in refused.text
    teacher = log_in(class_hub, "teacher", TEACHER_PASSWORD)
    assert teacher.files() >= set(LESSONS)
    shipped = files("orchard_lab.lessons").joinpath("teacher", LESSONS[0]).read_bytes()
    assert (class_hub.folder / "pupils" / "teacher" / LESSONS[0]).read_bytes() == shipped


_PLAY_AND_SEND = """
from orchard_lab.widgets import StackedTreesBoard
board = StackedTreesBoard(seed={seed})
board.shown()  # as the lesson shows it: with the Send row on a class hub
while not board.game.is_over:
    board.hint()
    board.place()
    if board.confirm_button.layout.display is None:
        board.confirm()
board.sender.send_button.click()
print(board.sender.name.value, board.sender.send_button.disabled, board.sender.message.value)
"""


def test_games_sent_from_lesson_boards_reach_the_teachers_results_notebook(
    class_hub: Hub,
) -> None:
    ana, ben = log_in(class_hub, "ana"), log_in(class_hub, "ben")
    sent = run_in_kernel(ana, _PLAY_AND_SEND.format(seed=4))[-1]
    assert sent.startswith("ana True Sent: your teacher has your game ("), sent
    copied = run_in_kernel(ben, _PLAY_AND_SEND.format(seed=4))[-1]  # the same deal and hints
    assert copied.startswith("ben False <b>Not counted. The same game as ana&#x27;s code"), copied
    sent = run_in_kernel(ben, _PLAY_AND_SEND.format(seed=7))[-1]
    assert sent.startswith("ben True Sent:"), sent
    kept = (class_hub.folder / hub.RESULTS_NAME).read_text(encoding="utf-8").splitlines()
    assert [line.split(":")[0] for line in kept] == ["ana", "ben"]
    teacher = log_in(class_hub, "teacher", TEACHER_PASSWORD)
    assert hub_homes.RESULTS_NOTEBOOK in teacher.files()
    notebook = teacher.api("GET", f"contents/{hub_homes.RESULTS_NOTEBOOK}").json()["content"]
    cell = notebook["cells"][1]["source"]
    shown = run_in_kernel(
        teacher,
        cell.replace(
            "ClassResultsChecker(results_file", "checker = ClassResultsChecker(results_file"
        )
        + "\nprint([(row.name, row.place) for row in checker.results.rows])",
    )
    ranked = ast.literal_eval(shown[-1])
    assert len(ranked) == 2 and {name for name, _ in ranked} == {"ana", "ben"}
    assert "ORCHARD_LAB" not in "".join(
        run_in_kernel(teacher, "import os; print(sorted(os.environ))")
    )


def test_only_the_pupils_on_the_class_list_log_in(class_hub: Hub) -> None:
    session = requests.Session()
    session.get(f"{class_hub.url}/hub/login")
    form = {"username": "eve", "password": CLASS_PASSWORD, "_xsrf": session.cookies["_xsrf"]}
    refused = session.post(f"{class_hub.url}/hub/login", data=form, allow_redirects=False)
    assert refused.status_code == 403 and not (class_hub.folder / "pupils" / "eve").exists()


def test_the_hub_command_says_what_is_missing(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.delenv(hub.CLASS_PASSWORD, raising=False)
    assert main(["hub", str(tmp_path / "class"), f"--proxy={PROXY}"]) == 1
    assert (
        capsys.readouterr().err == "orchard-lab hub: no password in $ORCHARD_LAB_CLASS_PASSWORD\n"
    )
    monkeypatch.setenv(hub.CLASS_PASSWORD, CLASS_PASSWORD)
    assert main(["hub", str(tmp_path / "class"), "--proxy=no-such-proxy"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("orchard-lab hub: no-such-proxy was not found: install it with npm")
    args = build_parser().parse_args(["hub", "class-7b"])
    assert (args.port, args.lan, args.password_file) == (8000, False, None)
