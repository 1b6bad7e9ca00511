"""The French and Korean catalogues hold every message the code marks, each translated and
none guessed (fuzzy), and nothing the code no longer marks (issue 25); the session's
language changes what a widget reads."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab.catalogues import marked, problems, read
from orchard_lab.language import LANGUAGES, language, set_language, system_language
from orchard_lab.widgets import rule_walkthrough

TRANSLATED = [code for code in LANGUAGES if code != "en"]
# a Korean particle written for either last syllable: "{apple}을(를)"
HEDGED_PARTICLE = re.compile(
    r"을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|와\(과\)|과\(와\)|\(으\)로"
)


@pytest.fixture
def speaking() -> Iterator[None]:
    """Whatever a test sets, the next test reads English again."""
    yield
    set_language("en")


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_marked_message_is_translated_and_none_is_fuzzy(code: str) -> None:
    assert problems(code) == []


def test_no_korean_sentence_hedges_a_particle() -> None:
    """A Korean particle after a field depends on the field's last syllable, so the sentence
    is reshaped around it ("{batch}에 넣은 사과: {apple}"), never written "{apple}을(를)": the
    hedged forms read as a form to fill in, not as a sentence."""
    found = [
        (str(message.id), text)
        for message in read("ko")
        if message.id
        for text in (message.string if isinstance(message.string, tuple) else (message.string,))
        if HEDGED_PARTICLE.search(str(text))
    ]
    assert found == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_message_the_code_does_not_mark_is_a_problem(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    template = marked()
    gone = next(message for message in template if message.id)
    template.delete(gone.id, context=gone.context)
    monkeypatch.setattr("orchard_lab.catalogues.marked", lambda: template)
    assert problems(code) == [f"no longer in the code: {gone.id!r}"]


@pytest.mark.parametrize(
    ("code", "progress", "next_label"),
    [("en", "Step 1 of 14", "Next ▶"), ("fr", "Étape 1 sur 14", "Suivant ▶"),
     ("ko", "14단계 중 1단계", "다음 ▶")],
)  # fmt: skip
def test_the_walkthrough_speaks_the_sessions_language(
    code: str, progress: str, next_label: str, speaking: None
) -> None:
    set_language(code)
    tour = rule_walkthrough(ab)
    assert (tour.progress.value, tour.next_button.description) == (progress, next_label)


def test_the_language_comes_from_the_environment_then_the_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for variable in ("ORCHARD_LAB_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert system_language() == "en"
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    assert system_language() == "ko"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert system_language() == "en"  # not one of the three
    monkeypatch.setenv("ORCHARD_LAB_LANGUAGE", "fr")
    assert system_language() == "fr"


def test_a_language_outside_the_three_is_refused_and_nothing_changes(speaking: None) -> None:
    with pytest.raises(ValueError, match="language must be one of en, fr, ko, got 'es'"):
        set_language("es")
    with pytest.raises(TypeError, match="language must be a str, not int"):
        set_language(1)  # type: ignore[arg-type]
    assert language() == "en"
