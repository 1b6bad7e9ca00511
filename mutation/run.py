"""Mutation testing per module with mutmut (issue 28): ``./dev mutate MODULE ...``.

Each module of ``mutation/modules.toml`` runs in its own folder, ``mutants/<module>/``
(ignored by git): there a ``pyproject.toml`` joins mutmut's shared settings (``[tool.mutmut]``
of the project's ``pyproject.toml``) with that module alone to mutate and its tests, and the
links ``orchard_lab`` and ``tests`` point back at the project. mutmut copies them into
``mutants/<module>/mutants/``, runs the selected tests once to learn which test calls which
function, then each mutant against the tests that call its function. Hypothesis runs at the
tests' own strength. mutmut remembers results: a second run retests only changed functions.

The score table counts the surviving mutants that change only the text of a message (a
string or expression inside ``raise``, ``illegal(...)`` or an exception's constructor) apart
from the behavioural ones; the mutants that ``mutation/equivalent.md`` lists are counted as
equivalent, and every other behavioural survivor is printed with its diff.

    python mutation/run.py water_drops/board.py      # one module (./dev mutate does this)
    python mutation/run.py all --max-children 2      # every module, one after the other
    python mutation/run.py water_drops/board.py --only 'xǁBoardǁundo*'   # some functions
    python mutation/run.py --list                    # the modules and their tests
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import re
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "mutation"
WORK = ROOT / "mutants"
LINKED = ("orchard_lab", "tests")
# the calls whose arguments are the text of a refusal or an error (message-only survivors)
MESSAGE_CALLS = {
    "illegal",
    "IllegalMove",
    "ValueError",
    "TypeError",
    "KeyError",
    "IndexError",
    "RuntimeError",
    "_not_a_card",
}
# the checks whose argument at this place is only message text: the name an error message
# gives the value or the move, or the message itself (``require``)
NAMED_CHECKS = {
    "check_type": 2,
    "check_int": 1,
    "check_bool": 1,
    "check_path": 1,
    "require": 1,
    "require_int": 1,
    "take_number": 0,
    "read_move_row": 1,
    "check_cards": 1,
    "_cards": 1,
    "_load_cards": 1,
    "check_degrees": 1,
}
# functions returning (rule id, then the words of a refusal): all but the id is message text
REFUSAL_MAKERS = {"_why_not", "_steady_why_not"}
KILLED = {"killed", "timeout"}
TEST_TIMEOUT = 120  # seconds for one test of a mutant; the slowest test takes about 10 s
POSITIONS = {"lineno", "col_offset", "end_lineno", "end_col_offset"}


def modules() -> dict[str, list[str]]:
    table = tomllib.loads((HERE / "modules.toml").read_text())["modules"]
    return {name: list(entry["tests"]) for name, entry in table.items()}


def equivalents() -> dict[str, str]:
    """Mutant name -> why it is equivalent, from the ``- `name`: why`` lines of equivalent.md."""
    found = {}
    for line in (HERE / "equivalent.md").read_text().splitlines():
        match = re.match(r"- `([^`]+)`:? (.*)", line)
        if match:
            found[match[1]] = match[2]
    return found


def slug(module: str) -> str:
    return module.removesuffix(".py").replace("/", "-")


def toml_value(value: object) -> str:
    """A TOML value for strings, numbers, booleans and lists of them (JSON spells them so)."""
    return json.dumps(value)


def prepare(module: str, tests: list[str]) -> Path:
    """The module's folder, its links and its pyproject.toml; returns the folder."""
    work = WORK / slug(module)
    work.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        link = work / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name, target_is_directory=True)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    mutmut = dict(project["mutmut"])
    mutmut["only_mutate"] = [f"orchard_lab/{module}"]
    mutmut["pytest_add_cli_args_test_selection"] = [*tests, f"orchard_lab/{module}"]
    lines = ["# written by mutation/run.py for one module; edit modules.toml instead", ""]
    # a mutant that loops for ever fails the test it hangs in after TEST_TIMEOUT seconds,
    # instead of running until mutmut's limit for all of its tests together
    pytest_options = project["pytest"]["ini_options"] | {"timeout": TEST_TIMEOUT}
    for table, values in (("tool.mutmut", mutmut), ("tool.pytest.ini_options", pytest_options)):
        lines.append(f"[{table}]")
        lines += [f"{key} = {toml_value(value)}" for key, value in values.items()]
        lines.append("")
    (work / "pyproject.toml").write_text("\n".join(lines))
    return work


# -- reading the results ------------------------------------------------------------------------
@dataclass
class Result:
    module: str
    status: Counter[str] = field(default_factory=Counter)
    message_only: list[str] = field(default_factory=list)
    equivalent: list[str] = field(default_factory=list)
    behavioural: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.status.values())

    @property
    def killed(self) -> int:
        return sum(self.status[s] for s in KILLED)

    def row(self) -> str:
        total, survived = self.total, self.status["survived"]
        if not total:
            return f"| {self.module} | not run | | | | | |"
        score = f"{100 * self.killed / total:.0f} %" if total else "-"
        tried = total - len(self.message_only)
        kept = f"{100 * self.killed / tried:.0f} %" if tried else "-"
        others = ", ".join(
            f"{n} {s}" for s, n in sorted(self.status.items()) if s not in {*KILLED, "survived"}
        )
        return (
            f"| {self.module} | {total} | {self.status['killed']} + {self.status['timeout']} "
            f"timeouts | {survived}: {len(self.behavioural)} behavioural, "
            f"{len(self.equivalent)} equivalent, {len(self.message_only)} message-only | "
            f"{others or '-'} | {score} | {kept} |"
        )


def statuses(work: Path) -> dict[str, str]:
    """Mutant name -> mutmut's verdict, from ``mutmut results --all true``."""
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = {}
    for line in out.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status
    return found


def functions(work: Path, module: str) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function of the mutated copy of ``module`` by name (originals and mutants)."""
    tree = ast.parse((work / "mutants" / "orchard_lab" / module).read_text())
    return {
        node.name: node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def differences(a: ast.AST, b: ast.AST) -> list[ast.AST]:
    """The smallest nodes of ``a`` where ``b`` differs."""
    if type(a) is not type(b):
        return [a]
    found: list[ast.AST] = []
    for name, value in ast.iter_fields(a):
        other = getattr(b, name, None)
        if isinstance(value, ast.AST) and isinstance(other, ast.AST):
            found += differences(value, other)
        elif isinstance(value, list) and isinstance(other, list):
            if len(value) != len(other):
                return [a]
            for x, y in zip(value, other, strict=True):
                if isinstance(x, ast.AST) and isinstance(y, ast.AST):
                    found += differences(x, y)
                elif x != y:
                    return [a]
        elif value != other and name not in POSITIONS:
            return [a]
    return found


def in_message(node: ast.AST, parents: dict[ast.AST, ast.AST], function: str) -> bool:
    """Whether ``node`` lies in the text of a message: inside ``raise``, an exception or
    refusal being made, the name a check gives a value, or the words of a refusal that a
    ``REFUSAL_MAKERS`` function returns."""
    while node in parents:
        child, node = node, parents[node]
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in MESSAGE_CALLS:
                return True
            where = NAMED_CHECKS.get(name)
            if where is not None and where < len(node.args) and node.args[where] is child:
                return True
        if (
            isinstance(node, ast.Tuple)
            and isinstance(parents.get(node), ast.Return)
            and function in REFUSAL_MAKERS
            and node.elts.index(child) > 0  # type: ignore[arg-type]
        ):
            return True
    return False


def message_only(name: str, funcs: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]) -> bool:
    """Whether mutant ``name`` changes only the text of messages of its function."""
    function = name.rpartition(".")[2]
    original = funcs.get(function.rpartition("__mutmut_")[0] + "__mutmut_orig")
    mutant = funcs.get(function)
    if original is None or mutant is None:
        return False
    renamed = ast.parse(ast.unparse(mutant))
    renamed.body[0].name = original.name  # type: ignore[attr-defined]
    original_tree = ast.parse(ast.unparse(original))
    diffs = differences(original_tree, renamed)
    parents = {
        child: node for node in ast.walk(original_tree) for child in ast.iter_child_nodes(node)
    }
    plain = original.name.removesuffix("__mutmut_orig").rpartition("ǁ")[2].removeprefix("x_")
    return bool(diffs) and all(in_message(node, parents, plain) for node in diffs)


def read(module: str, work: Path, only: list[str]) -> Result:
    """The results of ``module``'s mutants (those of the ``only`` name patterns, if any)."""
    result = Result(module)
    if not (work / "mutants" / "orchard_lab" / module).exists():
        return result  # never run: mutmut has not made its copy yet
    funcs = functions(work, module)
    known = equivalents()
    for name, status in sorted(statuses(work).items()):
        if only and not any(fnmatch.fnmatch(name, pattern) for pattern in only):
            continue
        result.status[status] += 1
        if status != "survived":
            continue
        if message_only(name, funcs):
            result.message_only.append(name)
        elif name in known:
            result.equivalent.append(name)
        else:
            result.behavioural.append(name)
    return result


def show(work: Path, name: str) -> str:
    return subprocess.run(
        [sys.executable, "-m", "mutmut", "show", name], cwd=work, capture_output=True, text=True
    ).stdout


# -- the command ---------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="modules of mutation/modules.toml, or all")
    parser.add_argument("--max-children", type=int, default=1, help="mutants run at once (1)")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="GLOB",
        help="run only mutants of these functions, e.g. 'xǁBoardǁundo*'",
    )
    parser.add_argument(
        "--survivors", action="store_true", help="run again only the mutants that survived"
    )
    parser.add_argument("--report", action="store_true", help="print the table, run nothing")
    parser.add_argument("--quiet", action="store_true", help="no diff of survivors")
    parser.add_argument("--list", action="store_true", help="the modules and their tests")
    args = parser.parse_args(argv)
    table = modules()
    if args.list or not args.modules:
        for module, tests in table.items():
            print(f"{module}: {' '.join(tests)}")
        return 0
    chosen = list(table) if args.modules == ["all"] else args.modules
    unknown = [m for m in chosen if m not in table]
    if unknown:
        parser.error(f"not in mutation/modules.toml: {', '.join(unknown)}")
    results = []
    for module in chosen:
        work = prepare(module, table[module])
        dotted = "orchard_lab." + module.removesuffix(".py").replace("/", ".")
        names = [f"{dotted}.{glob}" for glob in args.only]
        run = names
        if args.survivors:  # mutmut reruns the mutants named, whatever their last result
            last = read(module, work, names)
            run = last.behavioural + last.equivalent + last.message_only
        if not args.report and (run or not args.survivors):
            command = [
                sys.executable,
                "-m",
                "mutmut",
                "run",
                "--max-children",
                str(args.max_children),
                *run,
            ]
            print(f"== {module}: {' '.join(table[module])}", flush=True)
            subprocess.run(command, cwd=work, check=False)
        results.append(read(module, work, names))
    print()
    print("| module | mutants | killed | survived | other | score | score without messages |")
    print("|---|---:|---:|---|---|---:|---:|")
    for result in results:
        print(result.row())
    unexplained = [(r, name) for r in results for name in r.behavioural]
    if unexplained and not args.quiet:
        print(f"\n{len(unexplained)} behavioural survivors, neither killed nor equivalent:")
        for result, name in unexplained:
            print(show(WORK / slug(result.module), name))
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
