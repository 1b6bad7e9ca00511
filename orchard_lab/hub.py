"""``orchard-lab hub FOLDER``: a JupyterHub for one class on the teacher's machine.

    orchard-lab hub class-7b --password-file class-password.txt           # this computer only
    orchard-lab hub class-7b --password-file class-password.txt --lan     # the classroom network

Pupils open the address, type any name (or one on ``--class-list``) and the class password,
and get a JupyterLab of their own with their own copy of the pupil lessons
(``FOLDER/pupils/NAME``, kept between lessons). With ``--teacher-password-file`` the name
``teacher`` logs in with that password instead, gets the teacher's copies and may open the
hub's admin page. A pupil's finished game on a lesson's board can be sent to the class's
results file, ``FOLDER/class-results.txt``, which the teacher's ``class-results.ipynb`` shows
ranked as it fills (``hub_homes``). A pupil cannot open another pupil's JupyterLab; idle
kernels close after 20 minutes and idle servers after an hour. Passwords come from files (or
``ORCHARD_LAB_CLASS_PASSWORD``), never the command line.

Every pupil's JupyterLab runs as the user who started the hub (JupyterHub's
``SimpleLocalProcessSpawner``): right for one class on one machine, where the pupils could
reach each other's folders from Python code. A school server gives each pupil a system user
(The Littlest JupyterHub, ``docs/classroom.md``). JupyterHub and nbgitpuller come with the
``hub`` extra; the proxy is ``configurable-http-proxy`` from npm.

>>> text = hub_config(Path("class-7b"), port=8000, lan=False, proxy="chp", teacher=False)
>>> "c.JupyterHub.ip = '127.0.0.1'" in text, "c.JupyterHub.port = 8000" in text
(True, True)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from orchard_lab.app.command import first_line
from orchard_lab.app.server import lan_address
from orchard_lab.cli_commands import Subcommand, add_flag
from orchard_lab.cli_refusal import refuse
from orchard_lab.compiled import stop, warm_up_in_background
from orchard_lab.core import check_bool, check_int, check_path, check_type
from orchard_lab.jit import class_cache
from orchard_lab.plotly_bundle import SERVER_OPTIONS

__all__ = [
    "CLASS_PASSWORD",
    "COMMAND",
    "TEACHER",
    "TEACHER_PASSWORD",
    "hub_config",
    "read_class_list",
    "read_password",
]

CLASS_PASSWORD = "ORCHARD_LAB_CLASS_PASSWORD"  # the environment variable of the class password
TEACHER_PASSWORD = "ORCHARD_LAB_TEACHER_PASSWORD"  # and of the teacher's (the hub reads both)
TEACHER = "teacher"  # the name the teacher logs in with
RESULTS_NAME = "class-results.txt"  # in the class's folder: what the pupils send
IDLE_KERNEL_MINUTES = 20
IDLE_SERVER_MINUTES = 60


def hub_config(
    folder: Path,
    *,
    port: int,
    lan: bool,
    proxy: str,
    teacher: bool,
    names: tuple[str, ...] = (),
    numba_cache: str | None = None,
) -> str:
    """The ``jupyterhub_config.py`` of a class hub in ``folder`` (the passwords are read from
    the environment when the hub starts, never written down); with ``names``, only those
    pupils may log in (and the teacher); with ``numba_cache``, every pupil's compiled engines
    are cached (and loaded) there (``jit.class_cache``)."""
    check_path(folder, "folder")
    check_type(names, tuple, "names")
    check_int(port, "port", 1, 65533)  # the hub's own API and the proxy's take the next two
    check_bool(lan, "lan")
    check_type(proxy, str, "proxy")
    check_bool(teacher, "teacher")
    pupils = Path(folder).resolve() / "pupils"
    results = Path(folder).resolve() / RESULTS_NAME
    spawner_args = [
        f"--ServerApp.shutdown_no_activity_timeout={IDLE_SERVER_MINUTES * 60}",
        f"--MappingKernelManager.cull_idle_timeout={IDLE_KERNEL_MINUTES * 60}",
        "--MappingKernelManager.cull_interval=60",
        *SERVER_OPTIONS,  # plotly's bundle served by each pupil's server
    ]
    if os.geteuid() == 0:  # a classroom machine run as root (a container): Jupyter asks
        spawner_args.append("--allow-root")
    lines = [
        "# Written by orchard-lab hub: a JupyterHub for one class (see orchard_lab/hub.py).",
        "import os",
        "from orchard_lab.hub_homes import prepare_home",
        "",
        "c = get_config()  # noqa: F821 (JupyterHub's)",
        f"c.JupyterHub.ip = {'0.0.0.0' if lan else '127.0.0.1'!r}",
        f"c.JupyterHub.port = {port}",
        "c.JupyterHub.hub_ip = '127.0.0.1'",
        f"c.JupyterHub.hub_port = {port + 1}",
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{port + 2}'",
        f"c.ConfigurableHTTPProxy.command = [{proxy!r}]",
        "c.JupyterHub.authenticator_class = 'shared-password'",
        f"c.SharedPasswordAuthenticator.user_password = os.environ[{CLASS_PASSWORD!r}]",
    ]
    if names:
        lines.append(f"c.Authenticator.allowed_users = {set(names)!r}  # the class list")
    else:
        lines.append("c.Authenticator.allow_all = True  # any name, with the class password")
    if teacher:
        lines += [
            f"c.SharedPasswordAuthenticator.admin_password = os.environ[{TEACHER_PASSWORD!r}]",
            f"c.Authenticator.admin_users = {{{TEACHER!r}}}",
        ]
    lines += [
        "c.JupyterHub.spawner_class = 'simple'",
        f"c.SimpleLocalProcessSpawner.home_dir_template = {str(pupils / '{username}')!r}",
        f"c.Spawner.cmd = [{sys.executable!r}, '-m', 'jupyterhub.singleuser']",
        f"c.Spawner.args = {spawner_args!r}",
        "c.Spawner.default_url = '/lab'",
        "c.Spawner.http_timeout = 120",
        *(
            [f"c.Spawner.environment = {{'NUMBA_CACHE_DIR': {numba_cache!r}}}"]
            if numba_cache
            else []
        ),
        "",
        "",
        "def prepare(spawner):",
        '    """Each pupil\'s own copy of the lessons, whose boards send to the class\'s',
        "    results file; the teacher's copies and results notebook for the teacher. Nothing",
        '    already in their folder is replaced."""',
        f"    teacher = spawner.user.name == {TEACHER!r} and {teacher!r}",
        f"    results_file = {str(results)!r}",
        "    added = prepare_home(spawner.home_dir, teacher=teacher, results_file=results_file)",
        "    spawner.environment = {**spawner.environment, **added}",
        "",
        "",
        "c.Spawner.pre_spawn_hook = prepare",
        "",
    ]
    return "\n".join(lines)


def read_class_list(path: Path) -> tuple[str, ...]:
    """The pupils' names in ``path``, one a line (blank lines skipped), as JupyterHub keeps
    them (lower case); ValueError for a list without a name.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     names = Path(tmp) / "7b.txt"
    ...     _ = names.write_text("Ana\\n\\n  Ben Li \\n", encoding="utf-8")
    ...     read_class_list(names)
    ('ana', 'ben li')
    """
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    names = tuple(dict.fromkeys(line.strip().lower() for line in lines if line.strip()))
    if not names:
        raise ValueError(f"no name in the class list {path}")
    return names


def read_password(path: Path | None, variable: str, environment: Mapping[str, str]) -> str:
    """A password from the first line of ``path``, else from ``environment[variable]``;
    ValueError naming where it was looked for when there is none."""
    if path is not None:
        password = first_line(path)
        where = f"the first line of {path}"
    else:
        password = environment.get(variable, "").strip()
        where = f"${variable}"
    if not password:
        raise ValueError(f"no password in {where}")
    return password


def run(args: argparse.Namespace) -> int:
    """Write a JupyterHub configuration for one class into FOLDER and run it: pupils log in
    with any name and the class password and each gets a JupyterLab with their own copy of
    the lessons, kept in FOLDER/pupils/NAME."""
    folder = Path(args.folder)
    try:
        check_int(args.port, "--port", 1, 65533)
        environment = dict(os.environ)
        environment[CLASS_PASSWORD] = read_password(args.password_file, CLASS_PASSWORD, os.environ)
        teacher = args.teacher_password_file is not None
        if teacher:
            environment[TEACHER_PASSWORD] = read_password(
                args.teacher_password_file, TEACHER_PASSWORD, {}
            )
        proxy = shutil.which(args.proxy)
        if proxy is None:
            raise ValueError(
                f"{args.proxy} was not found: install it with npm install -g "
                "configurable-http-proxy, or give its path with --proxy"
            )
        hub = shutil.which("jupyterhub", path=str(Path(sys.executable).parent))
        if hub is None:
            raise ValueError("JupyterHub is not installed: pip install jupyterhub nbgitpuller")
        folder.mkdir(parents=True, exist_ok=True)
        config = folder / "jupyterhub_config.py"
        names = read_class_list(args.class_list) if args.class_list is not None else ()
        text = hub_config(
            folder, port=args.port, lan=args.lan, proxy=proxy, teacher=teacher, names=names,
            numba_cache=class_cache(),
        )  # fmt: skip
        config.write_text(text, encoding="utf-8")
    except (ValueError, OSError) as error:
        return refuse("hub", error)
    print(f"Pupils open:  http://{lan_address() if args.lan else '127.0.0.1'}:{args.port}/")
    print("and log in with any name and the class password.", flush=True)
    warming = warm_up_in_background()  # every pupil's kernel loads what it caches (class_cache)
    try:
        return subprocess.run([hub, "-f", config.name], cwd=folder, env=environment).returncode
    finally:
        stop(warming)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``hub``'s arguments: FOLDER, ``--port``, ``--lan``, the password files, ``--class-list``
    and ``--proxy``."""
    parser.add_argument("folder", metavar="FOLDER", help="where the hub keeps the class's work")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    add_flag(parser, "--lan", "serve the classroom network too (default: not)")
    parser.add_argument(
        "--password-file",
        type=Path,
        metavar="FILE",
        help=f"a file whose first line is the class password (default: ${CLASS_PASSWORD})",
    )
    parser.add_argument(
        "--teacher-password-file",
        type=Path,
        metavar="FILE",
        help=f"a file whose first line is the teacher's password, 32 characters or more: "
        f"the name {TEACHER} then gets the teacher's copies and the admin page",
    )
    parser.add_argument(
        "--class-list",
        type=Path,
        metavar="FILE",
        help="a file of the pupils' names, one a line: only they may log in (default: any "
        "name with the class password)",
    )
    parser.add_argument(
        "--proxy",
        default="configurable-http-proxy",
        help="the configurable-http-proxy command (from npm), if not on the PATH",
    )


COMMAND = Subcommand(
    "hub",
    "run a JupyterHub for one class: a JupyterLab and the lessons for each pupil",
    add_arguments,
    run,
)
