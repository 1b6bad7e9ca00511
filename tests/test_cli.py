"""The ``orchard-lab`` command line: every command that takes a game reads ``water-drops`` and
``water_drops`` alike, and ``--help`` shows the hyphen form."""

from __future__ import annotations

import argparse
import inspect
from pathlib import Path

import pytest

from orchard_lab import stacked_trees as st
from orchard_lab.app import command as app_command
from orchard_lab.app.server import serve
from orchard_lab.cli import COMMANDS, build_parser, main
from orchard_lab.cli_games import game_names, package_name


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (commands,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(commands.choices)


GAME_COMMANDS = sorted(
    name
    for name, parser in _commands().items()
    if any(action.dest == "game" for action in parser._actions)
)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: command.name)
def test_each_commands_help_opens_with_its_runs_docstring(command) -> None:
    """The docstring of the function a command runs is what its --help says it does, to a
    teacher: whole sentences, none of a docstring's markup."""
    description = _commands()[command.name].description
    assert description == inspect.getdoc(command.run)
    assert description.endswith(".") and "``" not in description and "args" not in description


def test_the_commands_that_take_a_game() -> None:
    assert GAME_COMMANDS == ["app", "rules-sheet"]  # a new one is tested below by itself


@pytest.mark.parametrize("command", GAME_COMMANDS)
@pytest.mark.parametrize("game", game_names())
def test_both_spellings_name_the_same_game(command: str, game: str) -> None:
    hyphen = build_parser().parse_args([command, game])
    underscore = build_parser().parse_args([command, package_name(game)])
    assert hyphen.game == underscore.game == game


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_help_shows_the_hyphen_form(command: str, capsys) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "apple-batches, water-drops or stacked-trees" in text
    assert "water_drops" not in text.replace("water_drops_rules.html", "")


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_a_wrong_game_is_named_with_the_hyphen_forms(command: str, capsys) -> None:
    with pytest.raises(SystemExit) as exit_code:
        main([command, "water drops"])
    assert exit_code.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'water drops'" in err and "'water-drops'" in err


@pytest.mark.parametrize("spelled", ["water-drops", "water_drops"])
def test_rules_sheet_writes_the_same_sheet_for_both_spellings(
    spelled: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["rules-sheet", spelled, "--no-picture"]) == 0
    assert capsys.readouterr().out.startswith("wrote water_drops_rules.html")
    assert "WD-4" in (tmp_path / "water_drops_rules.html").read_text()


@pytest.mark.parametrize("spelled", ["stacked-trees", "stacked_trees"])
def test_app_serves_the_same_game_for_both_spellings(
    spelled: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[str] = []
    monkeypatch.setattr(app_command, "serve", lambda slug, **_: served.append(slug))
    monkeypatch.setattr(st, "warm_up", lambda: None)
    assert main(["app", spelled]) == 0
    assert served == ["stacked-trees"]


def test_a_short_token_is_refused_before_anything_is_printed(
    monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    served: list[str] = []
    monkeypatch.setattr(app_command, "serve", lambda slug, **_: served.append(slug))
    monkeypatch.setenv("ORCHARD_LAB_TOKEN", "short")
    assert main(["app", "water-drops"]) == 1 and served == []
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err == (
        "orchard-lab app: $ORCHARD_LAB_TOKEN: token must have at least 8 characters, got 5\n"
    )


def test_serve_checks_the_token_before_it_prints_the_address(capsys) -> None:
    with pytest.raises(ValueError, match="token must have at least 8 characters"):
        serve("water-drops", port=8866, token="short")
    assert capsys.readouterr().out == ""


def test_results_ranks_a_file_of_codes_and_writes_a_spreadsheet(tmp_path, capsys) -> None:
    from orchard_lab import water_drops as wd
    from orchard_lab.classroom import result_code
    from tests.test_classroom import played

    pond = played(wd, 2, seed=3)
    ana, cai = (result_code(pond, player=p, seed=3) for p in (0, 1))
    codes = tmp_path / "codes.txt"
    codes.write_text(f"Ana: {ana}\nCai: {cai}\nAna: {ana}\nEve: S7KQ-M2X9\n", encoding="utf-8")
    table = tmp_path / "class.csv"
    assert main(["results", str(codes), "--csv", str(table)]) == 0
    out = capsys.readouterr().out
    first, second = sorted([("Ana", 0), ("Cai", 1)], key=lambda each: -pond.scores()[each[1]])
    lost = f"lost (the table's best: {max(pond.scores())})"  # the winner may send no code
    won = {p: "won" if p in pond.winners() else lost for p in (0, 1)}
    assert out.startswith("2 results verified in 1 group; 2 lines refused (below).\n\n")
    assert "1. water drops, seed 3, 2 players, standard rules\n" in out
    assert f"  1      {first[0]}   {pond.scores()[first[1]]}" in out
    assert out.index(f"  1      {first[0]}") < out.index(f"  2      {second[0]}")
    assert "  line 3, Ana: the same game as Ana's code: each pupil has their own\n" in out
    assert "  line 4, Eve: this code has a typing mistake" in out
    assert out.endswith(f"wrote {table}: the verified rows, to open in a spreadsheet\n")
    rows = table.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "group,place,name,score,at the table,rating,line"
    label = '"water drops, seed 3, 2 players, standard rules"'  # quoted: it holds commas
    assert rows[1:] == [
        f"{label},1,{first[0]},{pond.scores()[first[1]]},{won[first[1]]},,{1 + first[1]}",
        f"{label},2,{second[0]},{pond.scores()[second[1]]},{won[second[1]]},,{1 + second[1]}",
    ]


def test_results_reads_typed_lines_and_names_a_missing_file(tmp_path, capsys, monkeypatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("Ben: S2\n"))
    assert main(["results", "-"]) == 0
    assert capsys.readouterr().out.startswith("0 results verified in 0 groups; 1 line refused")
    assert main(["results", str(tmp_path / "nope.txt")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("orchard-lab results: [Errno 2] No such file or directory")
    (tmp_path / "big.txt").write_text("Ana: S2\n" * 501, encoding="utf-8")
    assert main(["results", str(tmp_path / "big.txt")]) == 1
    assert "text must hold at most 500 lines, got 501" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--max-pages", "200"], "--max-pages must be between 1 and 120, got 200"),
        (["--max-pages", "4", "--pages-per-browser", "5"],
         "--pages-per-browser must be between 1 and 4, got 5"),
    ],
)  # fmt: skip
def test_the_app_names_a_seat_count_out_of_range(
    arguments: list[str], message: str, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    served: list[str] = []
    monkeypatch.setattr(app_command, "serve", lambda slug, **_: served.append(slug))
    assert main(["app", "water-drops", *arguments]) == 1 and served == []
    assert capsys.readouterr().err == f"orchard-lab app: {message}\n"
