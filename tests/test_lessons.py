"""The lesson tooling: checks that answer in words, the build of the two copies, and the
pupil's copies run top to bottom (notebooks/README.md). nbval runs the teacher's copies."""

from __future__ import annotations

import json
import os
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import numpy as np
import pytest
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from orchard_lab import apple_batches as ab
from orchard_lab.lessons import STRICT_VARIABLE, check, check_function
from orchard_lab.lessons import apple_batches as lesson
from orchard_lab.lessons.build import COPIES_DIR, SOURCE_DIR, build, copy_text, main, stale
from orchard_lab.widgets import AppleBatchesBoard

SOURCES = sorted(SOURCE_DIR.glob("*.ipynb"))
LESSON_01 = SOURCE_DIR / "01_apple_batches.ipynb"
MAX_SECONDS = 20
KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}


@pytest.fixture(autouse=True)
def relaxed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(STRICT_VARIABLE, raising=False)


def said(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().out.strip()


# ---- checks ----------------------------------------------------------------------------
def test_check_says_not_answered_for_the_placeholder(capsys: pytest.CaptureFixture[str]) -> None:
    check("x", ..., 4)
    check("x", [1, ...], [1, 2])
    check("x", {"a": ...}, {"a": 1})
    assert said(capsys).splitlines() == ["Not answered yet: replace ... in x with your answer."] * 3


def test_check_right_wrong_and_hints(capsys: pytest.CaptureFixture[str]) -> None:
    check("x", 4, 4, explanation="Well done.")
    assert said(capsys) == "✓ Right! Well done."
    check("x", 3, 4, {3: "at n = 3 both batches score 6: is that more?"})
    assert said(capsys) == "Not yet: at n = 3 both batches score 6: is that more?"
    check("x", 5, 4, lambda a: "too big" if a > 4 else None)
    assert said(capsys) == "Not yet: too big"
    check("x", 1, 4, otherwise="count again.")
    assert said(capsys) == "Not yet: count again."
    check("x", "4", 4)
    assert "without the quotes" in said(capsys)
    check("x", None, 4)
    assert "None" in said(capsys)
    check("x", True, 1)  # a bool is not the number 1
    assert said(capsys).startswith("Not yet:")


def test_check_numbers_arrays_and_tolerance(capsys: pytest.CaptureFixture[str]) -> None:
    check("x", np.float64(0.5), 0.5)
    check("x", 0.333, 1 / 3, tolerance=0.001)
    assert said(capsys).splitlines() == ["✓ Right!", "✓ Right!"]
    check("x", np.array([1, 2]), [1, 2])  # no single truth value: wrong, not a crash
    assert said(capsys).startswith("Not yet:")


def test_check_function(capsys: pytest.CaptureFixture[str]) -> None:
    def empty(n: int) -> None: ...

    def broken(n: int) -> int:
        return 1 // (n - 2)

    check_function("f", empty, abs, range(3))
    assert said(capsys) == "Not answered yet: write the body of f in place of ..."
    check_function("f", ..., abs, range(3))
    assert said(capsys) == "Not answered yet: replace ... in f with your function."
    check_function("f", broken, abs, range(4))
    assert said(capsys).startswith("Not yet: with n = 2, f stopped with ZeroDivisionError")
    check_function("f", lambda n: -n, abs, range(3), argument="k")
    assert said(capsys) == "Not yet: with k = 1, f gives -1, but it should give 1."
    check_function("f", abs, abs, range(-3, 3), explanation="Good.")
    assert said(capsys) == "✓ Right! Good."


def test_strict_mode_raises_the_same_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STRICT_VARIABLE, "1")
    with pytest.raises(AssertionError, match=r"^Not answered yet: replace \.\.\. in x"):
        check("x", ..., 4)
    with pytest.raises(AssertionError, match=r"^Not yet: with n = 1"):
        check_function("f", lambda n: 0, abs, [1])
    check("x", 4, 4)  # right answers never raise


def test_lesson_01_checks_accept_the_engines_answers(capsys: pytest.CaptureFixture[str]) -> None:
    lesson.check_monochrome_points(lambda n: sum(range(n + 1)))
    lesson.check_first_win(4)
    lesson.check_is_odd_prime(lambda k: k > 2 and k % 2 == 1 and all(k % d for d in range(3, k)))
    lesson.check_twelfth("monochrome", 12)
    lesson.check_twelfth("feather", 22)
    for batch, n in {"monochrome": 7, "feather": 5, "unlucky": 4}.items():
        lesson.check_overtake(batch, n)
    lesson.check_three_parts([(5, 4, 4), (3, 5, 5)])
    lesson.check_card_triples(3150)
    lesson.check_most_fortepiano(48)
    for points in ((2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24), [3 * n for n in range(1, 13)]):
        lesson.check_own_feather(points)  # any points meeting the goal, a list or a tuple
    lines = said(capsys).splitlines()
    assert len(lines) == 13
    assert all(line.startswith("✓ Right!") for line in lines), lines


def test_lesson_01_checks_give_hints_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    lesson.check_overtake("feather", 4)
    assert said(capsys) == (
        "Not yet: 4 apples score 12 in the feather batch, 3 per apple: not more than 3.5."
    )
    lesson.check_three_parts([(5, 5, 3), (5, 3, 5)])
    assert "list each once" in said(capsys)
    lesson.check_three_parts([(5, 5, 3)])
    assert said(capsys) == "Not yet: you have 1 of them; there are 2."
    lesson.check_three_parts([...])
    assert said(capsys).startswith("Not answered yet")
    lesson.check_card_triples(2 * 15**3)
    assert "comb(15, 2)" in said(capsys)


# ---- the build -------------------------------------------------------------------------
def tagged_notebook() -> nbformat.NotebookNode:
    notebook = new_notebook(
        cells=[
            new_markdown_cell("For everyone", id="everyone"),
            new_code_cell("answer = ...", id="mine", metadata={"tags": ["pupil"]}),
            new_code_cell("answer = 4", id="theirs", metadata={"tags": ["teacher"]}),
            new_code_cell("print(answer)", id="shown", outputs=[], execution_count=3),
        ]
    )
    notebook.cells[3].outputs = [nbformat.v4.new_output("stream", text="4\n")]
    notebook.metadata = {"kernelspec": KERNEL, "widgets": {"state": {}}}
    return notebook


def test_each_copy_keeps_its_cells_and_nothing_saved(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    nbformat.write(tagged_notebook(), source / "lesson.ipynb")
    written = build(source, tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in written] == [
        "pupil/lesson.ipynb",
        "teacher/lesson.ipynb",
        "fr/pupil/lesson.ipynb",  # no catalogue: the English words, the kernel in French
        "fr/teacher/lesson.ipynb",
        "ko/pupil/lesson.ipynb",
        "ko/teacher/lesson.ipynb",
    ]
    pupil, teacher = (json.loads(p.read_text()) for p in written[:2])
    assert [c["id"] for c in pupil["cells"]] == ["everyone", "mine", "shown"]
    assert [c["id"] for c in teacher["cells"]] == ["everyone", "theirs", "shown"]
    for copy in (pupil, teacher):
        assert copy["metadata"] == {"kernelspec": KERNEL}
        assert copy["cells"][2]["outputs"] == [] and copy["cells"][2]["execution_count"] is None
    assert stale(source, tmp_path) == []
    (tmp_path / "pupil" / "lesson.ipynb").write_text("{}")
    assert stale(source, tmp_path) == [tmp_path / "pupil" / "lesson.ipynb"]
    assert main([str(source), str(tmp_path), "--check"]) == 1


def test_copy_text_refuses_an_unknown_copy() -> None:
    with pytest.raises(ValueError, match="copy must be one of"):
        copy_text(LESSON_01, "parent")
    with pytest.raises(ValueError, match="lang must be one of en, fr, ko, got 'de'"):
        copy_text(LESSON_01, "pupil", "de")


def test_the_committed_copies_are_up_to_date() -> None:
    assert stale(SOURCE_DIR, COPIES_DIR) == [], (
        "rebuild the copies: python -m orchard_lab.lessons.build"
    )


# ---- lesson 01's source ----------------------------------------------------------------
def cells(path: Path) -> list[nbformat.NotebookNode]:
    return nbformat.read(path, as_version=4).cells


def test_every_placeholder_has_an_answer_and_a_check_after_it() -> None:
    source = cells(LESSON_01)
    for index, cell in enumerate(source):
        if "pupil" in cell.metadata.get("tags", []):
            assert "..." in cell.source
            assert "teacher" in source[index + 1].metadata.get("tags", [])
            assert "lesson.check" in source[index + 2].source


def test_the_walkthrough_has_one_cell() -> None:
    walkthrough = [c for c in cells(LESSON_01) if "rule_walkthrough(ab)" in c.source]
    assert len(walkthrough) == 1 and walkthrough[0].cell_type == "code"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_every_cell_tag_is_one_the_build_knows(source: Path) -> None:
    """Only ``pupil`` and ``teacher`` (notebooks/README.md): a cell is in both copies or in one."""
    for cell in cells(source):
        assert set(cell.metadata.get("tags", [])) <= {"pupil", "teacher"}, cell.id


def test_lesson_01_says_things_in_the_projects_words() -> None:
    text = (COPIES_DIR / "pupil" / "01_apple_batches.ipynb").read_text() + (
        COPIES_DIR / "teacher" / "01_apple_batches.ipynb"
    ).read_text()
    for word in ("RULES.md", "seed's", "seeds'", "coming soon", "cover it up"):
        assert word not in text
    assert "(apple_batches_rules.html)" in text and "standard rules" in text


# ---- the pupil's copies run ------------------------------------------------------------
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_pupil_copy_runs_top_to_bottom(source: Path) -> None:
    """No error, every check says "Not answered yet", the class's widgets untouched."""
    path = COPIES_DIR / "pupil" / source.name
    notebook = nbformat.read(path, as_version=4)
    is_01 = source == LESSON_01
    if is_01:
        notebook.cells.append(
            new_code_cell("print(len(class_board.game.history), len(what_if.results))")
        )
    # the kernel's CPU time (its children's too), start-up included: wall time depends on
    # who else is busy on the machine (a lesson took 24 s on a loaded CI, 8-19 s alone)
    notebook.cells.append(new_code_cell("import os\nprint(sum(os.times()[:4]))"))
    env = {k: v for k, v in os.environ.items() if k != STRICT_VARIABLE}
    NotebookClient(
        notebook, timeout=60, kernel_name="python3", resources={"metadata": {"path": path.parent}}
    ).execute(env=env)
    timing = notebook.cells.pop()
    seconds = float(timing.outputs[0].text)
    assert seconds < MAX_SECONDS, f"{path.name} took {seconds:.1f} s of CPU"
    printed = [
        line
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "stream"
        for line in output.text.splitlines()
    ]
    verdicts = [line for line in printed if line.startswith(("✓", "Not yet", "Not answered"))]
    assert all(line.startswith("Not answered yet") for line in verdicts), verdicts
    slips = [line for line in printed if re.search(r"\b1 players\b|[!?]\.", line)]
    assert not slips, f"{path.name} prints {slips}"  # "1 players", "imposs-apple!."
    if is_01:
        assert len(verdicts) == 14
        assert printed[-1] == "0 0", "Run All played on the class board or ran the what-if"


def test_the_numbers_lesson_01_states() -> None:
    """The teacher's notes quote these; the engine must still give them."""
    partitions = ab.partitions_of_13()
    assert (len(partitions), sum(len(p) <= 12 for p in partitions)) == (57, 56)
    assert ab.ways_to_make_13(3) == 3150
    assert ab.probability_of_13(3) == Fraction(126, 2701)
    assert ab.probability_of_13(4) == Fraction(29, 222)
    assert ab.best_batch_points("fortepiano", 12) == 48
    standard, easy, steady = (
        ab.simulate(games=2000, players=1, policy="greedy", seed=0, rules=rules).mean()
        for rules in (ab.Rules(), ab.Rules(easy=True), ab.Rules(steady_reference="any"))
    )
    assert (round(easy - standard, 1), round(steady - standard, 1)) == (3.6, 1.3)
    first = AppleBatchesBoard(players=2, seed=1, policy="greedy").hint()
    assert first == ab.hint(ab.Game.new(players=2, seed=1)).move
    assert first is not None and first.batch == "special"


def test_lesson_01_hints_take_numpy_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    lesson.check_first_win(np.int64(3))
    lesson.check_overtake("unlucky", np.int64(3))
    assert said(capsys).splitlines() == [
        "Not yet: at n = 3 both batches score 6: is that more?",
        "Not yet: 3 apples score 9 in the unlucky 13 batch, 3 per apple: not more than 3.5.",
    ]


def test_lesson_01_counts_its_markets_in_whole_words(capsys: pytest.CaptureFixture[str]) -> None:
    cell = next(c for c in nbformat.read(LESSON_01, as_version=4).cells if c.get("id") == "c059")
    exec(cell.source, {"ab": ab})
    lines = said(capsys).splitlines()
    assert lines[0] == "1 player: a market of 3 apples, 4 rounds"
    assert lines[1] == "2 players: a market of 6 apples, 4 rounds"
