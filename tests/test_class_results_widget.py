"""The class results widget driven from Python: paste codes, click Check, read the table."""

from __future__ import annotations

import html

from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.classroom import result_code
from orchard_lab.widgets import ClassResultsChecker
from tests.test_classroom import WALKTHROUGH_CODES, played


def test_paste_click_check_and_read_the_ranked_table() -> None:
    ana = played(st, 1, seed=4, play=1)
    ben = played(st, 1, seed=4, play=2)
    pond = played(wd, 2, seed=3)
    checker = ClassResultsChecker()
    checker.codes.value = "\n".join(
        [
            f"Ana <b>: {result_code(ana, seed=4)}",
            f"Ben: {result_code(ben, seed=4)}",
            f"Cai: {result_code(pond, player=1, seed=3)}",
            "Dev: S7KQ-M2X9",
        ]
    )
    checker.check_button.click()
    assert checker.results is not None
    table = checker.table.value
    first, second = sorted([("Ana &lt;b&gt;", ana), ("Ben", ben)], key=lambda p: -p[1].scores()[0])
    assert table.index(first[0]) < table.index(second[0])  # ranked, the name escaped
    assert f"<td>{st.rating(first[1].scores()[0])}</td>" in table
    assert "1. stacked trees, deal " in table and "best line found: " in table
    assert "2. water drops, seed 3, 2 players, standard rules" in table
    lost = f"lost (the table's best: {max(pond.scores())})"  # Cai's opponent sent no code
    assert f"<td>{'won' if 1 in pond.winners() else html.escape(lost)}</td>" in table
    assert "line 4, <b>Dev</b>: this code has a typing mistake" in checker.refused.value
    assert checker.status.value == "3 results verified in 2 groups; 1 line refused (below)."
    roles = [trace.meta["role"] for trace in checker.figure.data]
    assert roles == ["scores", "best", "scores"]
    assert checker.message.value == ""


def test_no_traceback_reaches_the_teacher_and_an_empty_paste_resets() -> None:
    checker = ClassResultsChecker(text=f"Ana: {result_code(played(st, 1, seed=1), seed=1)}")
    checker.check_button.click()
    assert checker.message.value == "" and "Ana" in checker.table.value
    checker.codes.value = "x\n" * 501
    checker.check_button.click()
    assert checker.message.value.startswith("<b>That did not work:</b> ValueError: text must")
    assert checker.results is None and checker.table.value == ""  # nothing stale on show
    checker.codes.value = f"Ana: {result_code(played(st, 1, seed=1), seed=1)}"
    checker.check_button.click()
    assert checker.message.value == "" and "Ana" in checker.table.value
    checker.codes.value = "  "
    checker.check_button.click()
    assert checker.results is None and checker.table.value == checker.refused.value == ""
    assert checker.figure.data == () and "Paste one line per pupil" in checker.status.value


def test_a_walkthrough_code_is_refused_with_its_sentence() -> None:
    checker = ClassResultsChecker(text=f"Ana: {WALKTHROUGH_CODES[sorted(WALKTHROUGH_CODES)[0]]}")
    checker.check_button.click()
    assert checker.message.value == "" and checker.table.value == ""
    assert "line 1, <b>Ana</b>: this code comes from a walkthrough&#x27;s scripted game" in (
        checker.refused.value
    )


def test_a_name_on_two_lines_is_marked_in_the_table_and_the_status() -> None:
    checker = ClassResultsChecker()
    checker.codes.value = "\n".join(
        [
            f"Ana: {result_code(played(st, 1, seed=4, play=1), seed=4)}",
            f"Ana: {result_code(played(wd, 2, seed=3), player=1, seed=3)}",
            f"Ben: {result_code(played(st, 1, seed=4, play=2), seed=4)}",
        ]
    )
    checker.check_button.click()
    assert checker.table.value.count("<td>Ana (same name)</td>") == 2
    assert "<td>Ben</td>" in checker.table.value
    assert checker.status.value == (
        "3 results verified in 2 groups. The name Ana is on more than one line "
        "(marked “same name” below): check who is who."
    )
