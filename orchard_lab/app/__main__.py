"""``python -m orchard_lab.app GAME ...`` is ``orchard-lab app GAME ...``."""

import sys

from orchard_lab.cli import main

sys.exit(main(["app", *sys.argv[1:]]))
