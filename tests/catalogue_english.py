"""What a page in French or Korean must not show: the catalogue's English (issue 25).

The rules sheets' tests and the walkthroughs' tests read a page's words and look in them
for ``english_sentences()``; a walkthrough's, without the engine's refusals it quotes. A
label, heading or button of one or two words is looked for whole: ``names_left``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from orchard_lab.catalogues import marked, read

# {fields}, markup (Markdown, HTML, `code`) and the published rules' words in quotes, which
# the teacher's page keeps as they were published
PLACEHOLDER_OR_MARKUP = re.compile(r'\{\w+\}|\*\*?|<[^>]+>|`[^`]*`|"[^"]*"')
# the engine's refusals, which the walkthroughs' notes quote whole, are not translated yet
# (another part of issue 25): "Sweet couple batch (AB-4): the second apple … not 2." Their
# English may share three words with the catalogue's ("card on square"): a search for the
# walkthroughs' own English leaves them out (in French the refusal's shape puts a (no-break)
# space before its colon, the words after it still English for apple batches and water drops)
ENGINE_REFUSAL = re.compile(r"[A-Z][a-z]+(?: [a-z0-9]+)* \((?:AB|WD|ST)-\d+\)\s?: [^.]*\.")


@cache
def english_sentences() -> frozenset[str]:
    """The pieces of the catalogue's English, between its {fields}, markup and quotations, of
    three words or more: a sentence left untranslated on a page shows one of them."""
    pieces = set()
    for message in marked():
        for english in (message.id,) if isinstance(message.id, str) else message.id:
            for piece in PLACEHOLDER_OR_MARKUP.split(english):
                piece = piece.strip(" .,:;()")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 3:  # words, not "1 → 3 → 6"
                    pieces.add(piece)
    return frozenset(pieces)


def english_left(text: str) -> list[str]:
    """The catalogue's English sentences that ``text`` shows, sorted."""
    return sorted(piece for piece in english_sentences() if piece in text)


@cache
def english_names(lang: str) -> frozenset[str]:
    """The catalogue's short messages (one or two words and no {field}: a label, a heading,
    a button, a column's name) whose translation in ``lang`` is other words: a text that is
    just one of them was left in English. Too short for ``english_sentences``, they are
    matched whole, never inside a longer text ("place" is also a French word)."""
    names = set()
    for message in read(lang):
        if not isinstance(message.id, str) or not message.string or "{" in message.id:
            continue
        name = message.id.strip(" .,:;()")
        words = len(re.findall(r"[A-Za-z]{2,}", name))
        if 1 <= words <= 2 and str(message.string).strip(" .,:;()") != name:
            names.add(name)
    return frozenset(names)


def names_left(texts: Iterable[str], lang: str) -> list[str]:
    """The texts among ``texts`` (HTML: each piece between tags on its own) that are, whole,
    one of ``english_names(lang)``, sorted."""
    pieces = (piece for text in texts for piece in re.split(r"<[^>]+>", text))
    return sorted({p.strip(" .,:;()") for p in pieces} & english_names(lang))
