"""The rule walkthrough: Next and Back reach every step, each step marks what it talks about."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import sequences
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.games import GameModule
from orchard_lab.language import speaking
from orchard_lab.widgets import AppleBatchesBoard, Step, Walkthrough, rule_walkthrough
from orchard_lab.widgets import walkthrough as walkthrough_module
from orchard_lab.widgets.apple_batches_board import HIGHLIGHT
from orchard_lab.widgets.apple_batches_walkthrough import SCRIPT, TIE_SEED
from tests.catalogue_english import ENGINE_REFUSAL, english_left
from tests.test_apple_batches_board import _wcag


def _three() -> Walkthrough:
    return Walkthrough([Step("One", "first <b>not bold</b>"), Step("Two", "a\n\nb"), Step("3", "")])


def test_next_and_back_walk_every_step_and_stop_at_the_ends() -> None:
    tour = _three()
    assert tour.progress.value == "Step 1 of 3" and tour.back_button.disabled
    tour.back_button.click()
    assert tour.index == 0
    seen = []
    while not tour.next_button.disabled:
        tour.next_button.click()
        seen.append(tour.progress.value)
    assert seen == ["Step 2 of 3", "Step 3 of 3"] and tour.heading.value == "3"
    tour.next()
    assert tour.index == 2
    tour.back_button.click()
    assert tour.index == 1 and not tour.back_button.disabled and not tour.next_button.disabled


def test_step_text_is_plain_text_in_paragraphs() -> None:
    tour = _three()
    assert "&lt;b&gt;not bold&lt;/b&gt;" in tour.text.value
    tour.go(1)
    assert tour.text.value == "<p>a</p><p>b</p>"


def test_a_failing_step_says_why_without_a_traceback() -> None:
    def broken() -> str:
        raise RuntimeError("the orchard is flooded")

    tour = Walkthrough([Step("Fine", "ok"), Step("Broken", "no", show=broken)])
    tour.next_button.click()
    assert "That did not work" in tour.note.value and "flooded" in tour.note.value


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Walkthrough([])
    with pytest.raises(TypeError, match="step"):
        Walkthrough(["a step"])
    with pytest.raises(ValueError, match="index"):
        _three().go(3)
    with pytest.raises(ValueError, match="apple_batches, water_drops, stacked_trees"):
        rule_walkthrough(sequences)
    with pytest.raises(TypeError, match="game"):
        rule_walkthrough("stacked_trees")


@pytest.mark.parametrize(
    "game", [ab, wd, st], ids=["apple_batches", "water_drops", "stacked_trees"]
)
def test_every_game_has_a_walkthrough(game) -> None:
    tour = rule_walkthrough(game)
    assert len(tour.steps) >= 8 and tour.progress.value == f"Step 1 of {len(tour.steps)}"


def test_the_walkthrough_text_has_contrast_4_5() -> None:
    for name, (fg, bg) in walkthrough_module.TEXT_ON.items():
        assert _wcag(fg, bg) >= 4.5, name


@pytest.fixture(scope="module")
def tour() -> Walkthrough:
    return rule_walkthrough(ab)


def _expected(highlight: dict) -> dict:
    return {name: tuple(v) if isinstance(v, list) else (v,) for name, v in highlight.items()}


def test_apple_walkthrough_steps_forward_and_back_with_each_highlight(tour) -> None:
    board = tour.view
    assert isinstance(board, AppleBatchesBoard) and len(tour.steps) == len(SCRIPT) == 14
    tour.go(0)
    order = [*range(len(SCRIPT)), *reversed(range(len(SCRIPT) - 1))]
    for index in order:
        if index > tour.index:
            tour.next_button.click()
        elif index < tour.index:
            tour.back_button.click()
        assert tour.index == index and "did not work" not in tour.note.value
        assert tour.progress.value == f"Step {index + 1} of 14"
        assert board.highlighted == _expected(SCRIPT[index].highlight), SCRIPT[index].title
        lit = [b for b, c in board.columns.items() if HIGHLIGHT in c["box"]._dom_classes]
        assert lit == list(SCRIPT[index].highlight.get("batches", ()))


def test_each_batch_step_shows_an_allowed_and_the_engines_refusal(tour) -> None:
    for index, scene in enumerate(SCRIPT):
        batches = scene.highlight.get("batches", [])
        if len(batches) != 1 or batches == ["bad"]:
            continue
        tour.go(index)
        batch = batches[0]
        assert "✓ Allowed" in tour.note.value and "✗ Refused" in tour.note.value, scene.title
        assert tour.note.value.count("<br>") == 2, scene.title  # one line per example
        rule = re.search(r"\((AB-\d)\)", tour.note.value)
        assert rule is not None and rule[1] in ("AB-4", "AB-5", "AB-6"), scene.title
        assert tour.view.game.boards[0].batches[batch], scene.title  # the allowed apple is in
    tour.go([s.title for s in SCRIPT].index("The bad batch"))
    assert tour.view.game.boards[0].batches["bad"] and "never refuses" in tour.note.value


def test_a_step_looks_the_same_however_you_reach_it(tour) -> None:
    tour.go(4)
    first = tour.view.game.to_json(), tour.note.value
    tour.go(11)
    tour.go(4)
    assert (tour.view.game.to_json(), tour.note.value) == first


def test_scoring_end_and_tie_steps_AB_7(tour) -> None:
    titles = [s.title for s in SCRIPT]
    tour.go(titles.index("Scoring"))
    assert tour.view.game.boards[0].card_count == 6 and "points" in tour.note.value
    tour.go(titles.index("The end of the game"))
    assert tour.view.game.is_over and "You finished with" in tour.view.summary.value
    tour.go(titles.index("A tie"))
    game = tour.view.game
    assert game.players == 2 and game.scores()[0] == game.scores()[1]
    assert "tie-break (AB-7)" in tour.note.value and len(game.winners()) == 1
    assert game.to_json() != ab.Game.new(players=2, seed=TIE_SEED).to_json()


def test_the_walkthrough_uses_its_own_board() -> None:
    class_board = AppleBatchesBoard(players=2, seed=1)
    saved = class_board.game.to_json()
    first, second = rule_walkthrough(ab), rule_walkthrough(ab)
    first.go(12)
    assert first.view is not second.view and first.view is not class_board
    assert class_board.game.to_json() == saved and second.view.game.boards[0].card_count == 0


@pytest.mark.parametrize(
    "game", [ab, wd, st], ids=["apple_batches", "water_drops", "stacked_trees"]
)
def test_no_walkthrough_step_shows_a_result_code(game) -> None:
    tour = rule_walkthrough(game)
    finished = []
    for index in range(len(tour.steps)):
        tour.go(index)
        assert "result code" not in tour.view.summary.value, tour.step.title
        if tour.view.game.is_over:
            finished.append(tour.step.title)
            assert tour.view.summary.value  # how the game ended, still shown
    assert finished  # the walkthrough does show a finished game (with no code)


def test_a_game_finished_on_the_walkthrough_board_shows_no_code(tour) -> None:
    tour.go([s.title for s in SCRIPT].index("Scoring"))
    board = tour.view
    while not board.game.is_over:  # the pupil plays the rest of the scripted deal
        board.select_card(0)
        board.choose_batch("bad")
    assert "You finished with" in board.summary.value
    assert "result code" not in board.summary.value


def test_the_drops_the_text_promises_are_the_decks_WD_1_WD_6() -> None:
    cards = wd.default_deck() + wd.starting_cards()
    low, high = min(d for c in cards for d in c.drops), max(d for c in cards for d in c.drops)
    promise = f"a water drop with a number from {low} to {high}."
    assert promise in rule_walkthrough(wd).steps[0].text
    rules_text = (Path(__file__).parent.parent / "docs" / "rules.md").read_text()
    assert f"a water drop with a value from {low} to {high} (cards of your own" in rules_text


# ---- the walkthroughs in French and Korean (issue 25) ----------------------------------
RULE_ID = re.compile(r"\b[A-Z]{2}-\d+\b")
HANGUL = re.compile("[\uac00-\ud7a3]")


def _every_step(game: GameModule) -> list[str]:
    """The words a learner reads on each step of ``game``'s walkthrough in the session's
    language: its title, progress line, step title, text, note and buttons (not the board)."""
    tour = rule_walkthrough(game)
    title = tour.widget.children[1].value
    buttons = [tour.back_button, tour.next_button]
    pages = []
    for index in range(len(tour.steps)):
        tour.go(index)
        parts = [title, tour.progress.value, tour.heading.value, tour.text.value, tour.note.value]
        parts += [text for b in buttons for text in (b.description, b.tooltip)]
        words = re.sub(r"<[^>]+>", " ", " ".join(parts))
        pages.append(" ".join(html.unescape(words).split()))
    return pages


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize(
    "game", [ab, wd, st], ids=["apple_batches", "water_drops", "stacked_trees"]
)
def test_every_step_in_french_and_korean_is_the_catalogues(game: GameModule, lang: str) -> None:
    """Each step, stepped through in ``lang``, shows no English sentence of the catalogue,
    and the same rule ids as in English. (The board's words and the engine's sentences the
    notes quote are not translated yet: they are no sentences of the catalogue.)"""
    english = _every_step(game)
    with speaking(lang):
        shown = _every_step(game)
    assert len(shown) == len(english)
    for step, (words, in_english) in enumerate(zip(shown, english, strict=True), 1):
        quoted = ENGINE_REFUSAL.sub("", words)
        assert english_left(quoted) == [], f"step {step} in {lang}: {words}"
        assert RULE_ID.findall(words) == RULE_ID.findall(in_english), f"step {step} in {lang}"
        assert words != in_english and (lang != "ko" or HANGUL.search(words)), step


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_no_step_tells_a_pupil_on_the_board_to_write_code(lang: str) -> None:
    """Stacked trees' matching step quotes the refusal of a tree on another fruit: on the
    board a pupil answers yes, so no step says what code does ("rotten=True"), in any
    language (the French and Korean steps once kept the engine's code hint whole)."""
    with speaking(lang):
        steps = _every_step(st)
    assert not [step for step in steps if "rotten=" in step]
    assert any("ST-3" in step for step in steps)


def test_the_end_step_gives_the_rounds_for_every_number_of_players_AB_2() -> None:
    """Step 13 said "4 rounds … alone or with 2 players", as if 4 or 5 players played
    otherwise; with 3 or 6 players it is 6 rounds of 2 (s18 review, Polish 11)."""
    end = next(scene for scene in SCRIPT if scene.title == "The end of the game")
    for players in range(ab.FACTS.min_players, ab.FACTS.max_players + 1):
        rounds = ab.rounds_per_game(players, ab.Rules())
        each = ab.cards_per_market_per_player(players)
        assert f"{rounds} rounds of {each}" in end.text, (players, end.text)
    assert "alone or with 2 players" not in end.text


def test_the_matching_step_says_allowed_once_and_names_the_yes_button_ST_3() -> None:
    """Stacked trees' matching step read "✓ Allowed: … ✓ Allowed here: …" and "on the board
    you say yes" (s18 review, Polish 11): the ghost's effect follows without its own
    "Allowed", and the step names the board's button."""
    matching = next(step for step in _every_step(st) if "ST-3" in step)
    assert matching.count("Allowed") == 1, matching
    assert "you say yes" not in matching
    assert re.search(r"press “Yes, spend the tokens?”", matching), matching
