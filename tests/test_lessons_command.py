"""``orchard-lab lessons``: the lessons copied from the package, saved work kept, and
JupyterLab started on 127.0.0.1 with a fresh token (README.md)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from orchard_lab.cli import build_parser, main
from orchard_lab.language import ENVIRONMENT, speaking
from orchard_lab.lessons import command
from orchard_lab.lessons.build import COPIES_DIR, copy_folder
from orchard_lab.lessons.command import DEFAULT_FOLDERS, copy_lessons

LESSONS = ["01_apple_batches.ipynb", "02_water_drops.ipynb", "03_stacked_trees.ipynb"]
SHEETS = ["apple_batches_rules.html", "stacked_trees_rules.html", "water_drops_rules.html"]
TEACHER_SHEETS = [name.replace(".html", "_teacher.html") for name in SHEETS]


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_copy_only_copies_the_pupils_lessons(tmp_path: Path, capsys) -> None:
    assert main(["lessons", str(tmp_path / "class"), "--copy-only"]) == 0
    assert names(tmp_path / "class") == LESSONS + SHEETS
    for name in LESSONS:
        copied = (tmp_path / "class" / name).read_bytes()
        assert copied == (COPIES_DIR / "pupil" / name).read_bytes()
        assert b"For the teacher" not in copied
    assert capsys.readouterr().out.count("copied ") == 3


def test_teacher_copies_hold_the_answers(tmp_path: Path) -> None:
    assert main(["lessons", str(tmp_path), "--teacher", "--copy-only"]) == 0
    assert names(tmp_path) == sorted(LESSONS + SHEETS + TEACHER_SHEETS)
    assert all(b"For the teacher" in (tmp_path / name).read_bytes() for name in LESSONS)


def test_a_pupils_saved_work_is_never_overwritten(tmp_path: Path, capsys) -> None:
    saved = tmp_path / LESSONS[1]
    saved.write_text(json.dumps({"my": "work"}))
    main(["lessons", str(tmp_path), "--copy-only"])
    assert json.loads(saved.read_text()) == {"my": "work"}
    out = capsys.readouterr().out
    assert f"kept {saved}: it is already there (saved work is never overwritten)" in out
    assert out.count("copied ") == 2
    again = copy_lessons(tmp_path, "teacher")
    assert (again.written, again.kept) == ((), tuple(tmp_path / name for name in LESSONS))


@pytest.mark.parametrize("teacher", [False, True])
def test_the_default_folder_is_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, teacher: bool
) -> None:
    monkeypatch.chdir(tmp_path)
    main(["lessons", "--copy-only", *(["--teacher"] if teacher else [])])
    folder = DEFAULT_FOLDERS["teacher" if teacher else "pupil"]
    assert names(tmp_path) == [folder]
    assert names(tmp_path / folder) == sorted(
        LESSONS + SHEETS + (TEACHER_SHEETS if teacher else [])
    )


def test_help_names_the_default_folders(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # argparse wraps at hyphens
    with pytest.raises(SystemExit):
        build_parser().parse_args(["lessons", "--help"])
    help_text = capsys.readouterr().out
    assert "./orchard-lessons," in help_text and "./orchard-lessons-teacher" in help_text
    assert "--copy-only" in help_text


def test_a_folder_that_is_a_file_gets_a_sentence_not_a_traceback(tmp_path: Path, capsys) -> None:
    (tmp_path / "class").write_text("notes")
    assert main(["lessons", str(tmp_path / "class"), "--copy-only"]) == 1
    assert (
        capsys.readouterr().err
        == f"orchard-lab lessons: folder {tmp_path / 'class'} is a file, not a folder\n"
    )


def test_wrong_arguments_are_named(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="folder"):
        copy_lessons(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="copy must be one of"):
        copy_lessons(tmp_path, "parent")
    with pytest.raises(ValueError, match="lang must be one of en, fr, ko, got 'de'"):
        copy_lessons(tmp_path, "pupil", "de")
    (tmp_path / "file").write_text("")
    with pytest.raises(ValueError, match=r"folder .* is a file"):
        copy_lessons(tmp_path / "file")


def test_jupyterlab_starts_in_the_folder_on_127_0_0_1_with_a_fresh_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    started: list[tuple[list[str], Path]] = []

    def call(argv: list[str], cwd: Path, env: dict[str, str]) -> int:
        started.append((argv, cwd))
        return 0

    monkeypatch.setattr(command.subprocess, "call", call)
    assert main(["lessons", str(tmp_path)]) == 0
    assert main(["lessons", str(tmp_path)]) == 0
    (first, cwd), (second, _) = started
    assert cwd == tmp_path and names(tmp_path) == LESSONS + SHEETS
    assert first[1:3] == ["-m", "jupyterlab"]
    assert "--ServerApp.ip=127.0.0.1" in first and first[-1] == LESSONS[0]
    tokens = [next(a for a in argv if a.startswith("--IdentityProvider.token=")) for argv in
              (first, second)]  # fmt: skip
    assert tokens[0] != tokens[1] and len(tokens[0]) > len("--IdentityProvider.token=") + 40
    printed = capsys.readouterr().out
    assert f"paste: {tokens[0].split('=', 1)[1]}" in printed


def test_the_lessons_link_to_the_sheets_copied_beside_them(tmp_path: Path) -> None:
    """Every link of a copied lesson to a rules sheet finds the sheet in the same folder,
    and the sheet is the pupils' one (issue 21, item 3)."""
    assert main(["lessons", str(tmp_path), "--copy-only"]) == 0
    for name in LESSONS:
        cells = json.loads((tmp_path / name).read_text())["cells"]
        text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        links = set(re.findall(r"\]\(([\w.]+_rules\.html)\)", text))
        assert links == {name[3:].replace(".ipynb", "_rules.html")}
        for link in links:
            assert "the rules</title>" in (tmp_path / link).read_text()


def test_the_lessons_sheets_and_kernels_speak_the_language_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--lang copies the lessons in that language, writes the sheets in it and starts
    JupyterLab with it in $ORCHARD_LAB_LANGUAGE, which its kernels inherit and orchard_lab
    reads (issue 25); without --lang, the session's language."""
    environments: list[dict[str, str]] = []

    def call(argv: list[str], cwd: Path, env: dict[str, str]) -> int:
        environments.append(env)
        return 0

    monkeypatch.setattr(command.subprocess, "call", call)
    assert main(["lessons", str(tmp_path / "ko"), "--teacher", "--lang", "ko"]) == 0
    for name in SHEETS + TEACHER_SHEETS:
        assert '<html lang="ko">' in (tmp_path / "ko" / name).read_text(), name
    for name in LESSONS:
        shipped = copy_folder(COPIES_DIR, "teacher", "ko") / name
        assert (tmp_path / "ko" / name).read_bytes() == shipped.read_bytes()
    (env,) = environments
    assert env[ENVIRONMENT] == "ko" and env["PATH"] == os.environ["PATH"]
    kernel = subprocess.run(
        [sys.executable, "-c", "from orchard_lab.language import language; print(language())"],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert kernel.stdout.strip() == "ko"
    with speaking("fr"):
        assert main(["lessons", str(tmp_path / "fr"), "--copy-only"]) == 0
    assert '<html lang="fr">' in (tmp_path / "fr" / SHEETS[0]).read_text()
    shipped = copy_folder(COPIES_DIR, "pupil", "fr") / LESSONS[0]
    assert (tmp_path / "fr" / LESSONS[0]).read_bytes() == shipped.read_bytes()
