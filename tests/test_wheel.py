"""The wheel alone is enough for a classroom (issue 13): built from a clean copy of the
repository, installed into a fresh virtual environment with its dependencies, it gives the
``orchard-lab`` command, the lessons and the rules the rules sheets are cut from.

The fresh environment is made without pip of its own, and this environment's pip installs
into it (``pip --python``) without compiling bytecode: the same install, in about half the
time. pip's cache makes repeats fast: under a minute on a warm cache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
    run(*pip, "--python", bin_dir / "python", "install", "--quiet", "--no-compile", wheel, cwd=base)
    return bin_dir


@pytest.mark.timeout(300)
def test_the_wheel_installs_the_lessons_the_rules_and_the_command(
    installed: Path, tmp_path: Path
) -> None:
    out = run(installed / "orchard-lab", "lessons", tmp_path / "class", "--copy-only", cwd=tmp_path)
    sheets = [f"{game}_rules.html" for game in ("apple_batches", "stacked_trees", "water_drops")]
    assert sorted(p.name for p in (tmp_path / "class").iterdir()) == PUPIL_LESSONS + sheets
    assert out.count("copied ") == 3
    assert not any(b"For the teacher" in p.read_bytes() for p in (tmp_path / "class").iterdir())
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
