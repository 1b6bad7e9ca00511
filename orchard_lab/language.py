"""The language orchard_lab speaks in a session: English, French or Korean (issue 25).

Text a learner or teacher reads is written in English in the code and marked, ``_("Next")``:
whole sentences with named ``{fields}`` filled after the lookup, never pieces glued
together. The marked text is looked up in the gettext catalogue of the session's language,
``orchard_lab/locale/LANGUAGE/LC_MESSAGES/orchard_lab.po``, read with Babel when first
needed (no compiled ``.mo`` file is kept). ``orchard_lab.catalogues`` keeps the catalogues
equal to the marked text. So far the walkthroughs, the app pages, the charts
(``orchard_lab.figures``), the rules sheets (the pupils' and the teacher's), the rule
switches (labels, help and options), the what-if, the result sender, the game boards' own
words, the three games' refusals, score notes, hint reasons (stacked trees' moves with
their cards in the language's fruit letters) and winner sentences (``winner_reason``, its
lists of players by Babel's ``format_list``), apple batches' and water drops' group
reasons, and the class results (why a result code is refused, the summary, the ranked
table, ``orchard-lab results``) and the lesson checks (``lessons.checks``' frame, "✓ Right!",
"Not yet: …", the usual slips, and each exercise's own hints, slips and verdicts in
``lessons.apple_batches``, ``water_drops``, ``stacked_trees``) are marked (the lessons' own
words have catalogues of their own: ``orchard_lab.lessons.catalogues``). Kept as they are in
every language: an explained score (``Score.explain``) names its parts by their ids in the
code ("banana", "sweet_couple": what ``score.parts`` is indexed by), and so does apple
batches' no-such-batch refusal (the ids a move takes); the policy names a pupil types
("greedy", "lookahead"); the engines' TypeError and ValueError messages, which name a
function's argument for the programmer.

A constant defined when its module is imported is marked with ``N_`` and translated with
``_`` where it is shown, so it follows the language of that moment. ``_n`` picks a
sentence's plural form by the language's own plural rules, ``_p`` tells apart two messages
with the same English words by their context (a letter, a short word), and
``speaking(code)`` speaks another language inside a ``with`` block.

The session's language is ``set_language``'s, else ``$ORCHARD_LAB_LANGUAGE``'s, else the
system locale's where it is one of ``LANGUAGES``, else English. A process serving many pages
(``orchard-lab app``) keeps each page's language apart with ``keep_language_in``: one
pupil's choice is not the next pupil's.

>>> set_language("fr"); _("Next ▶")
'Suivant ▶'
>>> _("Step {step} of {steps}").format(step=3, steps=14)
'Étape 3 sur 14'
>>> set_language("en"); _("Next ▶")
'Next ▶'
>>> with speaking("fr"): _n("{count} point", "{count} points", 1).format(count=1)
'1 point'
>>> language()
'en'
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "_n",
    "_p",
    "catalogue_path",
    "keep_language_in",
    "language",
    "set_language",
    "speaking",
    "system_language",
]

LANGUAGES = {"en": "English", "fr": "Français", "ko": "한국어"}  # each in its own words
DOMAIN = "orchard_lab"
LOCALE_DIR = Path(__file__).parent / "locale"
ENVIRONMENT = "ORCHARD_LAB_LANGUAGE"  # how a command passes the language to its kernels


def catalogue_path(code: str) -> Path:
    """Where the catalogue of the language ``code`` (not English: the code's own) is kept."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _checked(code: object) -> str:
    if not isinstance(code, str):
        raise TypeError(f"language must be a str, not {type(code).__name__}")
    if code not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, got {code!r}")
    return code


def system_language() -> str:
    """The language named by ``$ORCHARD_LAB_LANGUAGE``, else by the system locale
    (``$LANGUAGE``, ``$LC_ALL``, ``$LC_MESSAGES``, ``$LANG``), where it is one of
    ``LANGUAGES``; else English."""
    chosen = os.environ.get(ENVIRONMENT, "")
    if chosen in LANGUAGES:
        return chosen
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    return "en"


_session = {"language": system_language()}
Place = Callable[[], MutableMapping[str, str] | None]
_places: list[Place] = []  # keep_language_in's place, if one is given


def keep_language_in(place: Place | None) -> None:
    """Keep the language in the mapping ``place()`` gives, wherever it gives one, and in the
    session's elsewhere (``None``: the session's everywhere again). A server of many pages
    gives each page's own mapping, so ``set_language`` on one page leaves the others as they
    were; a mapping given for the first time starts in the session's language.

    >>> pages = {"ana": {}, "ben": {}}; now = ["ana"]
    >>> keep_language_in(lambda: pages[now[0]]); set_language("ko"); now[0] = "ben"
    >>> language(), pages
    ('en', {'ana': {'language': 'ko'}, 'ben': {'language': 'en'}})
    >>> keep_language_in(None); language()
    'en'
    """
    _places[:] = [] if place is None else [place]


def _kept() -> MutableMapping[str, str]:
    """Where the language is kept now: ``keep_language_in``'s place, else the session."""
    kept = _places[0]() if _places else None
    if kept is None:
        return _session
    kept.setdefault("language", _session["language"])
    return kept


def set_language(code: str) -> None:
    """Speak the language ``code`` ("en", "fr" or "ko") from now on in this session.

    >>> set_language("de")
    Traceback (most recent call last):
    ValueError: language must be one of en, fr, ko, got 'de'
    """
    _kept()["language"] = _checked(code)


def language() -> str:
    """The session's language code."""
    return _kept()["language"]


@cache
def _translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` as gettext reads it (English: the text as written)."""
    if code == "en":
        return gettext.NullTranslations()
    with catalogue_path(code).open("rb") as po:
        catalogue = read_po(po, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message: str) -> str:
    """``message`` in the session's language."""
    return _translations(language()).gettext(message)


def _n(singular: str, plural: str, count: int) -> str:
    """The sentence for ``count`` things in the session's language: ``singular`` or
    ``plural`` in English, the catalogue's plural form for ``count`` in the others."""
    return _translations(language()).ngettext(singular, plural, count)


def _p(context: str, message: str) -> str:
    """``message`` in the session's language, as its ``context`` means it (a letter or a
    short word whose English stands for different words elsewhere)."""
    return _translations(language()).pgettext(context, message)


def N_(message: str) -> str:
    """``message`` as it is: marks a constant for the catalogues, to be shown with ``_``."""
    return message


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak the language ``code`` inside the ``with`` block, then the one before again."""
    kept = _kept()
    before = kept["language"]
    kept["language"] = _checked(code)
    try:
        yield
    finally:
        kept["language"] = before
