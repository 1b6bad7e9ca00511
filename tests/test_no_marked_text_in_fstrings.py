"""No text is marked for translation inside an f-string: Babel's extractor (which
``orchard_lab.catalogues`` runs) does not look inside f-strings, so a ``_("...")`` there
never reaches a catalogue and stays English in every French and Korean view (the stacked
trees board's "Your hand" heading did, s18 review)."""

from __future__ import annotations

import ast
from pathlib import Path

import orchard_lab

PACKAGE = Path(orchard_lab.__file__).parent
# the markers of orchard_lab.language (the keywords orchard_lab.catalogues extracts)
MARKERS = {"_", "_n", "_p", "N_"}


def _marks_text(call: ast.Call) -> bool:
    """Whether the call marks written-out text (``_("Your hand")``, ``language._p("c", "m")``).

    A marker called on a name (``_(rule.name)``) only looks up text marked elsewhere (by
    ``N_`` or in the glossary), so an f-string loses nothing there."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return name in MARKERS and any(
        isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in call.args
    )


def marked_in_fstrings(source: str, name: str = "<source>") -> list[str]:
    """Each marker call with written-out text inside an f-string of ``source``, as
    "name:line: marker(...)".

    >>> marked_in_fstrings("x = f\\"<b>{_('Your hand')}</b>\\"")
    ["<source>:1: _('Your hand')"]
    >>> marked_in_fstrings("x = f\\"<b>{h}</b>\\".format(h=_('Your hand'))")
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and _marks_text(inner):
                    found.append(f"{name}:{inner.lineno}: {ast.unparse(inner)}")
    return sorted(set(found))


def test_the_scan_finds_a_marker_in_an_fstring() -> None:
    sources = [
        "f'{_(\"a\")}'",
        'f\'{_n("a", "b", n)} x\'',
        'f\'{html.escape(_p("ctx", "a"))}\'',
        "f'{N_(\"a\")!r:>10}'",
        "f'{x:{_(\"width\")}}'",
        "f'{language._(\"a\")}'",
    ]
    for source in sources:
        assert marked_in_fstrings(source), source
    assert marked_in_fstrings("_('a') + f'{b}'") == []
    assert marked_in_fstrings("f'{_(rule.name)}'") == []  # a look-up of text marked elsewhere


def test_no_source_marks_text_inside_an_fstring() -> None:
    found = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        for hit in marked_in_fstrings(
            path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent))
        )
    ]
    assert found == [], "marked text inside an f-string is never extracted: " + "; ".join(found)
