"""Results that reach the teacher (issue 22, item 4): the class's inbox, the Send row under a
pupil's board, the teacher's page behind its own token, and ``orchard-lab app --class-results``.

The browser test ``tests/browser/test_class_results_in_the_app.py`` plays the same path in
Chromium on a real server; these drive each part from Python.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import class_inbox
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.app import teacher as desk
from orchard_lab.app.command import TEACHER_VARIABLE
from orchard_lab.app.page import game_page
from orchard_lab.class_inbox import HUB_USER, RESULTS_FILE, ClassInbox
from orchard_lab.classroom import MAX_LINES, class_results, result_code
from orchard_lab.cli import build_parser
from orchard_lab.widgets import ClassResultsChecker, StackedTreesBoard, rule_walkthrough
from orchard_lab.widgets.result_sender import ResultSender


def played(module: Any, players: int, seed: int, play: int = 0) -> Any:
    """A finished game: each move the ``play``-th legal one (modulo how many there are)."""
    game = module.Game.new(players=players, seed=seed)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[play % len(moves)])
    return game


def test_a_counted_send_is_kept_and_ranked_and_the_pupil_told_the_score() -> None:
    inbox = ClassInbox()
    game = played(ab, 2, seed=1)
    sent = inbox.send("  Ana   Lopez ", result_code(game, seed=1))
    score = game.scores()[0]
    assert sent.counted and sent.name == "Ana Lopez"
    assert sent.sentence == f"Sent: your teacher has your game ({score} points)."
    assert inbox.version == 1 and inbox.text() == f"Ana Lopez: {result_code(game, seed=1)}"
    assert [(row.name, row.score) for row in inbox.results().rows] == [("Ana Lopez", score)]


def test_a_reseated_copy_an_unreadable_code_and_empty_boxes_are_refused_and_not_kept() -> None:
    inbox = ClassInbox()
    solo = played(st, 1, seed=6)
    copied = st.Game.new(players=2, seed=6)
    for _, move in solo.history:  # Ana's orchard again, as both seats of a two-player game
        copied.play(move)
        copied.play(move)
    assert inbox.send("Ana", result_code(solo, seed=6)).counted
    answers = [
        inbox.send("Ben", result_code(copied, player=1)),
        inbox.send("Cai", "S2"),
        inbox.send("Dev", "not a code at all"),
        inbox.send("", result_code(solo)),
        inbox.send("Eve", "   "),
    ]
    assert [sent.counted for sent in answers] == [False] * 5
    assert answers[0].sentence == (
        "Not counted. The same game as Ana's code: each pupil has their own."
    )
    assert answers[1].sentence.startswith("Not counted. This code is cut off")
    assert answers[3].sentence == "Type your name first, then press Send."
    assert answers[4].sentence == "There is no result code to send yet: finish a game first."
    assert inbox.version == 1 and [row.name for row in inbox.results().rows] == ["Ana"]
    assert [sent.name for sent in inbox.refused] == ["Ben", "Cai", "Dev"]  # not empty boxes
    with pytest.raises(TypeError, match="code"):
        inbox.send("Ana", 42)  # type: ignore[arg-type]


def test_the_file_keeps_the_class_across_a_restart_and_the_results_command_reads_it(
    tmp_path: Path, capsys
) -> None:
    kept = tmp_path / "class.txt"
    first = ClassInbox(kept)
    one, two = played(wd, 2, seed=3), played(wd, 2, seed=3, play=1)
    assert first.send("Ana", result_code(one, seed=3)).counted
    again = ClassInbox(kept)  # the server started again on the same file
    assert again.text() == first.text()
    assert not again.send("Ben", result_code(one, seed=3)).counted  # still a copy of Ana's
    assert again.send("Ben", result_code(two, seed=3)).counted
    assert kept.read_text(encoding="utf-8").splitlines() == again.text().splitlines()
    args = build_parser().parse_args(["results", str(kept), "--no-best-lines"])
    assert args.run(args) == 0
    printed = capsys.readouterr().out
    assert "Ana" in printed and "Ben" in printed and "2 results verified" in printed


def test_a_file_in_a_folder_that_does_not_exist_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    with pytest.raises(ValueError, match=r"the folder .*missing does not exist"):
        ClassInbox(tmp_path / "missing" / "class.txt")
    monkeypatch.setenv("ORCHARD_LAB_TOKEN", "apple-pie-42")
    monkeypatch.setenv(TEACHER_VARIABLE, "the-teachers-token-7")
    missing = str(tmp_path / "missing" / "class.txt")
    args = build_parser().parse_args(["app", "apple-batches", "--class-results", missing])
    assert args.run(args) == 1
    assert "does not exist" in capsys.readouterr().err


def test_sends_from_many_pages_at_once_are_each_counted_once(tmp_path: Path) -> None:
    inbox = ClassInbox(tmp_path / "class.txt")
    codes = [result_code(played(ab, 1, seed=seed), seed=seed) for seed in range(24)]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda i: inbox.send(f"pupil {i}", codes[i]), range(24)))
        copies = list(pool.map(lambda i: inbox.send(f"copy {i}", codes[i]), range(24)))
    assert all(sent.counted for sent in answers) and not any(sent.counted for sent in copies)
    lines = (tmp_path / "class.txt").read_text(encoding="utf-8").splitlines()
    assert sorted(lines) == sorted(f"pupil {i}: {codes[i]}" for i in range(24))
    assert inbox.version == 24 and len(class_results(inbox.text()).rows) == 24


def _send_from_a_kernel(path: Path, name: str, codes: list[str]) -> list[bool]:
    """What one pupil's kernel on a hub does: its own inbox on the class's file."""
    inbox = ClassInbox(path)
    return [inbox.send(name, code).counted for code in codes]


def test_kernels_sending_to_one_file_each_see_what_the_others_sent(tmp_path: Path) -> None:
    kept = tmp_path / "class-results.txt"
    codes = [result_code(played(ab, 1, seed=seed), seed=seed) for seed in range(12)]
    shared = codes[0]  # every kernel sends this one too: only the first to arrive counts
    with ProcessPoolExecutor(4) as pool:
        jobs = [
            pool.submit(_send_from_a_kernel, kept, f"pupil {k}", [shared, *codes[1 + k :: 4]])
            for k in range(4)
        ]
        counted = [job.result() for job in jobs]
    assert sum(answers[0] for answers in counted) == 1  # the shared game, once
    assert all(all(answers[1:]) for answers in counted)
    lines = kept.read_text(encoding="utf-8").splitlines()
    assert sorted(line.split(": ")[1] for line in lines) == sorted(codes)
    assert ClassInbox(kept).version == 12


def test_a_full_class_list_refuses_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("orchard_lab.class_inbox.MAX_LINES", 1)
    inbox = ClassInbox()
    assert inbox.send("Ana", result_code(played(ab, 1, seed=1), seed=1)).counted
    sent = inbox.send("Ben", result_code(played(ab, 1, seed=2), seed=2))
    assert sent.sentence == "Not counted. The class already has 1 results."
    assert MAX_LINES == 500


def test_the_results_are_worked_out_again_only_when_a_line_arrives() -> None:
    inbox = ClassInbox()
    assert inbox.send("Ana", result_code(played(ab, 1, seed=1), seed=1)).counted
    first = inbox.results()
    assert inbox.results() is first
    inbox.send("Ben", "S2")  # refused: nothing new to rank
    assert inbox.results() is first
    assert inbox.send("Ben", result_code(played(ab, 1, seed=2), seed=2)).counted
    assert inbox.results() is not first


# -- the Send row under a pupil's board ---------------------------------------------------------
def _finish(board: StackedTreesBoard) -> None:
    while not board.game.is_over:
        board.hint()
        board.place()
        if board.confirm_button.layout.display is None:
            board.confirm()


def test_the_code_box_fills_when_the_game_ends_and_empties_for_a_new_game() -> None:
    board = StackedTreesBoard(seed=5)
    inbox = ClassInbox()
    sender = ResultSender(board, inbox.send)
    board.hint()
    board.place()
    assert sender.code.value == ""
    _finish(board)
    assert sender.code.value == result_code(board.game, seed=5)
    sender.name.value = "Ana"
    sender.send_button.click()
    assert sender.message.value.startswith("Sent: your teacher has your game (")
    assert sender.send_button.disabled and inbox.version == 1  # sent once: the code stays
    assert sender.code.value == result_code(board.game, seed=5)
    sender.code.value = ""  # the box emptied by hand: Send says why it cannot
    assert not sender.send_button.disabled
    sender.send_button.click()
    assert "no result code" in sender.message.value and inbox.version == 1
    board.new_game(seed=4)
    assert sender.code.value == "" and sender.message.value == ""


def test_a_row_made_under_a_finished_game_holds_its_code_at_once() -> None:
    board = StackedTreesBoard(seed=5)
    _finish(board)
    sender = ResultSender(board, ClassInbox().send)  # a board shown again, its game over
    assert sender.code.value == result_code(board.game, seed=5) != ""


def test_a_code_from_a_lesson_can_be_pasted_and_a_failing_send_shows_no_traceback() -> None:
    board = StackedTreesBoard(seed=3)
    inbox = ClassInbox()
    sender = ResultSender(board, inbox.send)
    sender.name.value, sender.code.value = "Ben", result_code(played(ab, 2, seed=5), seed=5)
    sender.send_button.click()
    assert sender.message.value.startswith("Sent:") and inbox.version == 1

    def broken(name: str, code: str) -> Any:
        raise OSError("the disk is full")

    failing = ResultSender(board, broken)
    failing.name.value, failing.code.value = "Cai", "S2"
    failing.send_button.click()
    assert failing.message.value == "<b>That did not work:</b> OSError: the disk is full"


def test_the_page_has_a_send_row_only_in_a_class() -> None:
    assert game_page("stacked-trees").sender is None
    inbox = ClassInbox()
    page = game_page("water-drops", inbox.send)
    assert page.sender is not None and page.sender.board is page.board
    texts = [getattr(child, "value", "") for child in page.widget.children]
    assert any("Send your result" in text for text in texts)
    assert page.sender.widget in page.widget.children


def test_on_a_class_hub_a_lessons_board_sends_under_the_pupils_login(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = StackedTreesBoard(seed=5)
    assert board.shown() is board.widget and board.sender is None  # not on a hub
    kept = tmp_path / "class-results.txt"
    monkeypatch.setenv(RESULTS_FILE, str(kept))
    monkeypatch.setenv(HUB_USER, "ana")
    board = StackedTreesBoard(seed=5)
    shown = board.shown()
    assert board.sender is not None and shown.children == (board.widget, board.sender.widget)
    assert board.shown() is shown  # one Send row, however often the board is shown
    assert board.sender.name.value == "ana" and board.sender.name.layout.display == "none"
    login = board.sender.widget.children[0].children[0]
    assert login.value == "Your name: <b>ana</b>" and login.layout.display is None
    _finish(board)
    board.sender.send_button.click()
    assert board.sender.message.value.startswith("Sent: your teacher has your game (")
    assert kept.read_text(encoding="utf-8") == f"ana: {result_code(board.game, seed=5)}\n"
    tour = rule_walkthrough(st)  # a walkthrough's games earn no code: nothing to send
    assert tour.view.shown() is tour.view.widget and tour.view.sender is None


def test_the_teachers_checker_follows_the_results_file(tmp_path: Path) -> None:
    kept = tmp_path / "class-results.txt"
    checker = ClassResultsChecker(results_file=kept)
    assert checker.status.value == "No results yet: they appear here as pupils send them."
    assert checker.codes.layout.display == "none" and not checker.refresh()  # nothing new
    ClassInbox(kept).send("Ana", result_code(played(ab, 1, seed=1), seed=1))
    assert checker.refresh() and not checker.refresh()
    assert checker.results is not None and [row.name for row in checker.results.rows] == ["Ana"]
    assert checker.status.value == "1 result verified in 1 group."
    assert ClassResultsChecker().refresh() is False  # no file to follow


# -- the teacher's page -------------------------------------------------------------------------
TEACHER = "teacher-token-1"


async def _pupils(scope: Any, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"the pupils' page"})


def _get(app: desk.TeacherDesk, path: str, query: str = "", cookie: str = "") -> tuple:
    """(status, headers, body) of a GET through ``app``."""
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"cookie", cookie.encode())] if cookie else []
    scope = {"type": "http", "path": path, "query_string": query.encode(), "headers": headers}
    asyncio.run(app(scope, None, send))
    start, body = sent[0], b"".join(m.get("body", b"") for m in sent[1:])
    return start.get("status"), dict(start.get("headers", [])), body.decode()


def test_the_teacher_page_needs_the_teachers_token_and_sets_its_cookie() -> None:
    inbox = ClassInbox()
    app = desk.TeacherDesk(_pupils, inbox, TEACHER, port=8866)
    assert _get(app, "/")[2] == "the pupils' page"  # the pupils' pages pass through
    assert _get(app, "/teacher")[0] == 403
    assert _get(app, "/teacher/results", "token=apple-pie-42")[0] == 403
    code, headers, page = _get(app, "/teacher", f"token={TEACHER}")
    assert code == 200 and b"orchard_lab_teacher_8866=" + TEACHER.encode() in headers.get(
        b"set-cookie", b""
    )
    assert "<h1>Class results</h1>" in page and 'lang="en"' in page
    assert '<script src="/teacher/page.js">' in page
    cookie = f"orchard_lab_teacher_8866={TEACHER}"
    assert _get(app, "/teacher/page.js", cookie=cookie)[0] == 200
    assert _get(app, "/teacher/elsewhere", cookie=cookie)[0] == 404
    with pytest.raises(ValueError, match="token"):
        desk.TeacherDesk(_pupils, inbox, "short", port=8866)


def test_the_teacher_page_news_follow_every_send() -> None:
    inbox = ClassInbox()
    app = desk.TeacherDesk(_pupils, inbox, TEACHER, port=8866)
    cookie = f"orchard_lab_teacher_8866={TEACHER}"
    news = json.loads(_get(app, "/teacher/results", cookie=cookie)[2])
    assert news == {
        "version": "0.0",
        "status": desk.NO_RESULTS,
        "table": "",
        "refused": "",
        "sends": "",
    }
    ana, ben = played(ab, 1, seed=1), played(ab, 1, seed=1, play=1)
    inbox.send("Ana", result_code(ana, seed=1))
    inbox.send("Ben <b>", result_code(ben, seed=1))
    inbox.send("Cai", result_code(ana))
    news = json.loads(_get(app, "/teacher/results", cookie=cookie)[2])
    assert news["version"] == "2.1"
    assert news["status"] == "2 results verified in 1 group."
    assert "Ben &lt;b&gt;" in news["table"] and "<b>Cai</b>: the same game" in (news["sends"])
    lines = _get(app, "/teacher/results.txt", cookie=cookie)[2].splitlines()
    assert [line.split(":")[0] for line in lines] == ["Ana", "Ben <b>"]


def test_the_teacher_page_news_are_of_one_version_when_a_send_comes_meanwhile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pupil's send may come while the table for the teacher's page is made. The news
    named the version read after it, with the table of the one before; the page, which
    redraws only when the version changes, then kept that table (a browser test in CI saw
    "2 results" for a class of 3)."""
    inbox = ClassInbox()
    app = desk.TeacherDesk(_pupils, inbox, TEACHER, port=8866)
    cookie = f"orchard_lab_teacher_8866={TEACHER}"
    ana, ben = played(ab, 1, seed=1), played(ab, 1, seed=1, play=1)
    inbox.send("Ana", result_code(ana, seed=1))
    made = class_inbox.class_results

    def a_send_meanwhile(text: str, **kw: Any) -> Any:
        monkeypatch.setattr(class_inbox, "class_results", made)
        inbox.send("Ben", result_code(ben, seed=1))
        return made(text, **kw)

    monkeypatch.setattr(class_inbox, "class_results", a_send_meanwhile)
    first = json.loads(_get(app, "/teacher/results", cookie=cookie)[2])
    assert (first["version"], first["status"]) == ("1.0", "1 result verified in 1 group.")
    second = json.loads(_get(app, "/teacher/results", cookie=cookie)[2])
    assert (second["version"], second["status"]) == ("2.0", "2 results verified in 1 group.")


# -- the command --------------------------------------------------------------------------------
def test_the_command_keeps_a_class_only_with_a_teachers_token_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    served: dict[str, Any] = {}
    monkeypatch.setattr("orchard_lab.app.command.serve", lambda slug, **kw: served.update(kw))
    monkeypatch.setenv("ORCHARD_LAB_TOKEN", "apple-pie-42")
    monkeypatch.delenv(TEACHER_VARIABLE, raising=False)
    kept = tmp_path / "class.txt"
    args = build_parser().parse_args(["app", "apple-batches", "--class-results", str(kept)])
    assert args.run(args) == 0
    assert isinstance(served["inbox"], ClassInbox) and served["inbox"].path == kept
    assert len(served["teacher_token"]) >= 8 and served["teacher_token"] != "apple-pie-42"
    monkeypatch.setenv(TEACHER_VARIABLE, "apple-pie-42")
    assert args.run(args) == 1
    assert "the teacher's token must differ from the pupils' token" in capsys.readouterr().err
    secret = tmp_path / "teacher.txt"
    secret.write_text("pear-crumble-9\n", encoding="utf-8")
    args = build_parser().parse_args(
        ["app", "apple-batches", "--class-results", str(kept), "--teacher-token-file", str(secret)]
    )
    assert args.run(args) == 0 and served["teacher_token"] == "pear-crumble-9"
    args = build_parser().parse_args(["app", "apple-batches", "--teacher-token-file", str(secret)])
    assert args.run(args) == 1
    assert "--teacher-token-file goes with --class-results FILE" in capsys.readouterr().err
    args = build_parser().parse_args(["app", "apple-batches"])
    assert args.run(args) == 0 and served["inbox"] is None and served["teacher_token"] is None


def test_a_game_with_no_result_code_leaves_the_code_box_empty() -> None:
    board = StackedTreesBoard(seed=3)  # greedy hints on deal 3 replay the walkthrough's game
    sender = ResultSender(board, ClassInbox().send)
    _finish(board)
    with pytest.raises(ValueError, match="walkthrough"):
        result_code(board.game, seed=3)
    assert board.game.is_over and sender.code.value == ""
