"""The class results in French and Korean (issue 25): every reason a line is refused for
(each way ``read_result`` and ``result_code`` refuse a code, and the same game sent twice),
the summary in each of its cases, a group's label, the ranked table, the refused lines,
the checker and ``orchard-lab results``' text and spreadsheet, walked under ``speaking``.
Each differs from its English, shows no English sentence of the catalogue and, in Korean,
is written in Hangul."""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import result_codes as rc
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.classroom import class_results, summary
from orchard_lab.cli import main
from orchard_lab.language import language, speaking
from orchard_lab.results_command import results_text, write_csv
from orchard_lab.stacked_trees.codes import CODE_SYMBOLS, check_value, deal_code
from orchard_lab.walkthrough_games import APPLE_BATCHES_SEED, apple_batches_game
from orchard_lab.widgets.class_results import ClassResultsChecker, refused_html, table_html
from tests.catalogue_english import english_left

HANGUL = re.compile("[\uac00-\ud7a3]")


def _finished(module: Any, seed: int, players: int = 1) -> Any:
    game = module.Game.new(players=players, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game


def _never_ending(out: rc._Writer) -> None:
    """A stored number whose every chunk says "more follows": far too large."""
    for _chunk in range(14):
        out.put(0, 32)
        out.put(1, 2)


def _apple_batches_code(moves: int, *, extra: bool = False, endless: bool = False) -> str:
    """A solo apple batches code on seed 2, each move the first legal one: ``moves`` stored
    (more than the game's 12, or fewer), then an extra digit if ``extra``; or, if
    ``endless``, a number of moves far too large."""
    out = rc._Writer()
    for digit, radix in ((0, ab.FACTS.max_players), (0, 1), (0, 1), (0, 2), (1, 2)):
        out.put(digit, radix)  # 1 player, first player and seat 0, standard rules, a seed
    out.put_number(2)
    if endless:
        _never_ending(out)
        return rc._spell("A", out.number())
    out.put_number(moves)
    game = ab.Game.new(players=1, seed=2)
    while not game.is_over and len(game.history) < moves:
        out.put(0, len(game.legal_moves()))
        game.play(game.legal_moves()[0])
    if extra:
        out.put(1, 7)
    return rc._spell("A", out.number())


def _symbols(*values: int) -> str:
    return "".join(CODE_SYMBOLS[value] for value in (*values, check_value(list(values))))


def _code_refusals() -> list[str]:
    """One pasted line per reason ``read_result`` gives, and the same game pasted twice."""
    stacked = _finished(st, 4)
    seed_too_large = rc._Writer()
    for digit, radix in ((0, ab.FACTS.max_players), (0, 1), (0, 1), (0, 2), (1, 2)):
        seed_too_large.put(digit, radix)
    _never_ending(seed_too_large)
    walkthrough = rc._pack(rc.kinds()["A"], apple_batches_game(), 0, APPLE_BATCHES_SEED)
    same = rc.result_code(stacked, seed=4)
    lines = [
        f"Ana: A{'2' * 400}",
        "Ben:",
        "Cleo: AI23",
        "Dan: S2",
        f"Eve: {deal_code(stacked.order)}",
        "Fay: AM9J-8",
        f"Gus: {_symbols(CODE_SYMBOLS.index('A'), 0, 5)}",
        "Hana: BEV9-S",
        f"Ivo: {rc._spell('A', seed_too_large.number())}",
        f"Jo: {_apple_batches_code(0, endless=True)}",
        f"Kim: {_apple_batches_code(5000)}",
        f"Lea: {_apple_batches_code(13)}",
        f"Max: {_apple_batches_code(1)}",
        f"Noa: {_apple_batches_code(12, extra=True)}",
        f"Oli: {walkthrough}",
        f"Pia: {same}",
        f"Quin: {same}",
    ]
    results = class_results("\n".join(lines), best_lines=False)
    names = [line.split(":")[0] for line in lines]
    assert [each.name for each in results.refused] == [*names[:-2], "Quin"]
    return [each.reason for each in results.refused]


def _other_refusals() -> list[str]:
    """The reasons no pasted line above reaches: a rule value far too large, rules out of
    bounds, and ``result_code``'s refusals (a game not over, a walkthrough's, one dealt from
    other cards)."""
    said = []
    huge = rc._Writer()
    _never_ending(huge)
    with pytest.raises(ValueError) as caught:
        rc._Reader(huge.number()).take_number("rule")
    said.append(str(caught.value))
    rules = st.Rules()
    object.__setattr__(rules, "ladder", (5, 3))  # a ladder that goes down: no rules allow it
    out = rc._Writer()
    rc._put_rules(out, rules)
    with pytest.raises(ValueError) as caught:
        rc._take_rules(rc._Reader(out.number()), st.Rules)
    said.append(str(caught.value))
    parts = list(ab.Game.standard_parts())
    parts[0] = (parts[0][1], *parts[0][1:])  # one apple twice, one missing
    other_cards = ab.Game.from_parts(1, ab.Rules(), 0, tuple(parts))
    while not other_cards.is_over:
        other_cards.play(other_cards.legal_moves()[0])
    for game in (ab.Game.new(players=1, seed=2), apple_batches_game(), other_cards):
        with pytest.raises(ValueError) as caught:
            rc.result_code(game)
        said.append(str(caught.value))
    return said


def _classes() -> list[str]:
    """Pastes for every case of the summary: nothing refused, one or two lines refused, one or
    two names given twice, one to three groups, solo and 2-player tables, a seed and a deal
    written out, stacked trees' deal code and best line, a line without a name."""
    apple = _finished(ab, 2)
    drops = _finished(wd, 1, players=2)
    stacked = _finished(st, 4)
    unseeded = rc.result_code(drops, player=1)
    return [
        f"Ana: {rc.result_code(apple, seed=2)}",
        "\n".join([f"Ana: {rc.result_code(apple, seed=2)}", "Ben: S2"]),
        "\n".join(
            [
                f"Ana: {rc.result_code(drops, seed=1)}",
                f"Ana: {unseeded}",
                f"Ben: {rc.result_code(stacked, seed=4)}",
                "Cleo: S2",
                "Dan:",
            ]
        ),
        "\n".join(
            [
                f"Ana: {rc.result_code(drops, player=0)}",
                f"Ana: {unseeded}",
                f"Ben: {rc.result_code(stacked, seed=4)}",
                f"Ben: {rc.result_code(apple, seed=2)}",
                "S2",
            ]
        ),
    ]


def _summaries() -> list[str]:
    return [summary(class_results(text, best_lines=False)) for text in _classes()]


def _tables() -> list[str]:
    """The ranked table and the refused lines, as the checker and the teacher's page show
    them and as ``orchard-lab results`` prints them, with stacked trees' best line."""
    shown = []
    for text in _classes():
        results = class_results(text)
        shown.append(table_html(results.groups, results.shared_names))
        shown.append(refused_html(results.refused))
        shown.append(results_text(results))
    return [each for each in shown if each]


def _checker() -> list[str]:
    checker = ClassResultsChecker()
    said = [checker.status.value, checker.codes.placeholder, checker.check_button.tooltip]
    checker.codes.value = _classes()[2]
    checker.check()
    said += [checker.status.value, checker.table.value, checker.refused.value]
    checker.widget.close()
    return said


WALKS: dict[str, Callable[[], list[str]]] = {
    "a pasted line's reasons": _code_refusals,
    "the other reasons": _other_refusals,
    "the summaries": _summaries,
    "the tables and refused lines": _tables,
    "the checker": _checker,
}


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("walk", list(WALKS))
def test_the_class_results_speak_the_language(walk: str, lang: str) -> None:
    english = WALKS[walk]()
    with speaking(lang):
        said = WALKS[walk]()
    assert len(said) == len(english) and len(set(english)) > 1
    for words, was in zip(said, english, strict=True):
        assert english_left(words) == [], words
        assert words != was, words
        assert lang != "ko" or HANGUL.search(words), words


def test_every_reason_of_a_refused_code_is_walked() -> None:
    """Every reason result_codes gives, each once (take_number's three are one raise, the
    two refusals of a walkthrough's game one raise, ``_refuse_scripted``'s, and
    ``_too_big``'s is the test below): the walks above miss none."""
    reasons = _code_refusals() + _other_refusals()
    assert len(reasons) == len(set(reasons)) == 21
    source = Path(rc.__file__).read_text(encoding="utf-8")
    assert source.count("raise ValueError(") == 19


def _too_big(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(rc, "MAX_SYMBOLS", 4)
    with pytest.raises(ValueError) as caught:
        rc.result_code(_finished(wd, 1, players=2))
    return str(caught.value)


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_a_code_too_big_is_refused_in_the_language(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = _too_big(monkeypatch)
    with speaking(lang):
        said = _too_big(monkeypatch)
    assert english.startswith("this game is too big for a result code (2 players)")
    assert english_left(said) == [] and said != english
    assert lang != "ko" or HANGUL.search(said)


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_spreadsheet_and_the_group_labels_speak_the_language(lang: str, tmp_path: Path) -> None:
    results = {}
    for code in ("en", lang):
        with speaking(code):
            checked = class_results(_classes()[3])
            write_csv(checked, tmp_path / f"{code}.csv")
            results[code] = checked
    with (tmp_path / "en.csv").open(encoding="utf-8") as file:
        english = list(csv.reader(file))
    with (tmp_path / f"{lang}.csv").open(encoding="utf-8") as file:
        said = list(csv.reader(file))
    assert english[0] == ["group", "place", "name", "score", "at the table", "rating", "line"]
    assert len(said) == len(english)
    for row, was in zip(said, english, strict=True):
        assert row != was and english_left(" ".join(row)) == [], row
        assert lang != "ko" or HANGUL.search(" ".join(row)), row
    labels = [group.label for group in results[lang].groups]
    assert not any(english_left(label) for label in labels), labels
    # under the words, the same groups and rows in every language
    for group, was in zip(results[lang].groups, results["en"].groups, strict=True):
        assert group.label != was.label
        assert (group.number, group.title, group.best) == (was.number, was.title, was.best)
        rows = [(row.name, row.line, row.place, row.score, row.at_table) for row in group.rows]
        assert rows == [
            (row.name, row.line, row.place, row.score, row.at_table) for row in was.rows
        ]


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_results_command_speaks_its_lang(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    codes = tmp_path / "codes.txt"
    codes.write_text(_classes()[2], encoding="utf-8")
    said = {}
    for code in ("en", lang):
        table = tmp_path / f"{code}.csv"
        assert main(["results", str(codes), "--lang", code, "--csv", str(table)]) == 0
        said[code] = capsys.readouterr().out
    assert said["en"].startswith("3 results verified in 2 groups; 2 lines refused (below).")
    assert english_left(said[lang]) == [] and said[lang] != said["en"]
    assert lang != "ko" or HANGUL.search(said[lang])
    assert language() == "en"  # the command's language ends with the command
