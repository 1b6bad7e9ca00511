"""The wheel alone is enough for a classroom (issue 13): built from a clean copy of the
repository and installed into a fresh virtual environment, it gives the ``orchard-lab``
command, the lessons and the rules the rules sheets are cut from, and it asks for exactly
the dependencies pyproject.toml declares.

The fresh environment borrows this environment's third-party libraries (a ``.pth`` line
naming their folder: ``./dev test`` has just installed them from the same pyproject.toml)
instead of installing them again, and this environment's pip installs the wheel alone into
it (``pip --python``, ``--no-deps``). What the wheel holds, its command and its declared
dependencies are all checked; the minutes of downloading and unpacking the same libraries a
second time are not spent.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[1]
NOT_SOURCE = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "test-artifacts",
              ".ipynb_checkpoints", "orchard-lessons*", ".*_cache", ".hypothesis")  # fmt: skip
PUPIL_LESSONS = ["01_apple_batches.ipynb", "02_water_drops.ipynb", "03_stacked_trees.ipynb"]


def run(*argv: str | Path, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, f"{argv} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed; its bin folder."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"  # a clean copy: stale files in build/ could slip into the wheel
    shutil.copytree(REPO, source, symlinks=True, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    pip = (sys.executable, "-m", "pip")
    run(*pip, "wheel", "--no-deps", "--quiet", "--wheel-dir", base / "dist", source, cwd=base)
    (wheel,) = (base / "dist").glob("orchard_lab-*.whl")
    run(sys.executable, "-m", "venv", "--without-pip", base / "venv", cwd=base)
    bin_dir = base / "venv" / ("Scripts" if os.name == "nt" else "bin")
    fresh_site = run(bin_dir / "python", "-c", "import site; print(site.getsitepackages()[0])",
                     cwd=base).strip()  # fmt: skip
    Path(fresh_site, "borrowed_libraries.pth").write_text("\n".join(site.getsitepackages()))
    install = ("install", "--quiet", "--no-compile", "--no-deps", wheel)
    run(*pip, "--python", bin_dir / "python", *install, cwd=base)
    return bin_dir


def test_the_wheel_declares_the_projects_dependencies(installed: Path) -> None:
    (wheel,) = (installed.parents[1] / "dist").glob("orchard_lab-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        lines = archive.read(metadata).decode().splitlines()
    required = [line.split(": ", 1)[1] for line in lines if line.startswith("Requires-Dist: ")]
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    in_wheel = {Requirement(r) for r in required if "extra ==" not in r}
    assert in_wheel == {Requirement(r) for r in project["dependencies"]}


@pytest.mark.timeout(300)
def test_the_wheel_installs_the_lessons_the_rules_and_the_command(
    installed: Path, tmp_path: Path
) -> None:
    out = run(installed / "orchard-lab", "lessons", tmp_path / "class", "--copy-only", cwd=tmp_path)
    sheets = [f"{game}_rules.html" for game in ("apple_batches", "stacked_trees", "water_drops")]
    assert sorted(p.name for p in (tmp_path / "class").iterdir()) == PUPIL_LESSONS + sheets
    assert out.count("copied ") == 3
    assert not any(b"For the teacher" in p.read_bytes() for p in (tmp_path / "class").iterdir())
    run(installed / "orchard-lab", "lessons", tmp_path / "ko", "--lang", "ko", "--teacher",
        "--copy-only", cwd=tmp_path)  # fmt: skip
    korean = (tmp_path / "ko" / PUPIL_LESSONS[0]).read_text()
    assert 'set_language(\\"ko\\")' in korean  # the lessons in Korean ship in the wheel too
    run(installed / "orchard-lab", "rules-sheet", "water_drops", "sheet.html", "--teacher",
        cwd=tmp_path)  # fmt: skip
    assert "Readings of water drops" in (tmp_path / "sheet.html").read_text()  # docs/rules.md
    where = run(installed / "python", "-c", "import orchard_lab; print(orchard_lab.__file__)",
                cwd=tmp_path)  # fmt: skip
    assert Path(where.strip()).is_relative_to(installed.parent)  # the wheel's, not the checkout's
    usage = run(installed / "orchard-lab", "app", "--help", cwd=tmp_path)
    assert "apple-batches" in usage and "--lan" in usage
    build_page = "from orchard_lab.app.page import game_page; print(type(game_page('water-drops')))"
    page = run(installed / "python", "-c", build_page, cwd=tmp_path)
    assert "GamePage" in page  # the pupils' page builds from the wheel alone


def test_the_wheel_switches_on_the_server_extension_that_serves_plotly(installed: Path) -> None:
    """A teacher's own ``jupyter lab`` serves plotly's bundle too: the wheel installs the
    configuration file that switches ``orchard_lab.plotly_bundle`` on (issue 24)."""
    listed = subprocess.run(
        [installed / "python", "-m", "jupyter_server", "extension", "list"],
        capture_output=True, text=True, timeout=120,
        env={k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}},
    )  # fmt: skip
    lines = (listed.stdout + listed.stderr).splitlines()
    found = [line for line in lines if "orchard_lab.plotly_bundle" in line]
    assert any("enabled" in line for line in found), "\n".join(lines)
    assert any("OK" in line for line in found), "\n".join(lines)
