"""What a page in French or Korean must not show: the catalogue's English (issue 25).

The rules sheets' tests and the walkthroughs' tests read a page's words and look in them
for ``english_sentences()``; a walkthrough's, without the engine's refusals it quotes."""

from __future__ import annotations

import re
from functools import cache

from orchard_lab.catalogues import marked

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
