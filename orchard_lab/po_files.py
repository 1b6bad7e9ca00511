"""A gettext catalogue file (``.po``) read with Babel, or begun with orchard_lab's header:
the one way the package's catalogues (``orchard_lab.catalogues``) and the lessons'
(``orchard_lab.lessons.catalogues``) open theirs.

>>> from pathlib import Path
>>> fresh = read_or_start(Path("nowhere.po"), "fr", "orchard_lab", "orchard_lab", "a test")
>>> fresh.header_comment.splitlines()[0], fresh.language_team, fresh.fuzzy
('# Français: a test.', 'Français (orchard_lab)', False)
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from orchard_lab import __version__
from orchard_lab.language import LANGUAGES

__all__ = ["read_or_start"]


def read_or_start(path: Path, lang: str, domain: str, project: str, about: str) -> Catalog:
    """The catalogue of ``domain`` kept at ``path`` in the language ``lang``, or where there is
    none yet an empty one of ``project`` with orchard_lab's header (its first line ``about``),
    not fuzzy."""
    if path.exists():
        with path.open("rb") as po:
            return read_po(po, locale=lang, domain=domain)
    fresh = Catalog(
        locale=lang,
        domain=domain,
        project=project,
        header_comment=f"# {LANGUAGES[lang]}: {about}.",
        copyright_holder="the orchard_lab authors",
        version=__version__,
        msgid_bugs_address="the orchard_lab issues",
        last_translator="the orchard_lab authors",
        language_team=f"{LANGUAGES[lang]} (orchard_lab)",
    )
    fresh.fuzzy = False  # the header is written by hand, not guessed
    return fresh
