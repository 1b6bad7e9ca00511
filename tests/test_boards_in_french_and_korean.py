"""The three game boards in French and Korean (issue 25): built, played a move or two through
their Python methods and to the end, they show no English sentence of the catalogue in any
of their widgets, and draw the fruit letters of the session's language (the walkthroughs'
and the rules sheets' letters). The rule switches' help and options are checked too, and
so are the engine's sentences the boards show: refusals (played through the board: the
rule id kept), score notes, group reasons, the hint's reason (stacked trees' names its card
in the language's fruit letters) and the winner sentence of the game-over summary."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.fruit_words import tree_letter, water_drops_letter
from orchard_lab.language import speaking
from orchard_lab.widgets import AppleBatchesBoard, StackedTreesBoard, WaterDropsBoard
from orchard_lab.widgets.board_base import GameBoard
from tests.catalogue_english import english_left
from tests.widget_words import plain_words, texts_of, widgets_in

HANGUL = re.compile("[\uac00-\ud7a3]")


def _shown(board: GameBoard) -> list[str]:
    """Every text the board's widgets show or say, as HTML: values, labels, tooltips, the
    options of its choices, the key help, what the live region last read out, and each
    square of its orchard (its picture and what a screen reader says of it); the hint with
    its reason."""
    return [text for widget in widgets_in(board.widget) for text in texts_of(widget)]


def _text(board: GameBoard) -> str:
    """The board's words, its style sheets and markup dropped."""
    return plain_words(_shown(board))


def _play_apple_batches(board: Any) -> None:
    move = board.game.legal_moves()[0]
    board.select_card(board.game.market.index(move.card))
    board.choose_batch(move.batch)


def _play_water_drops(board: Any) -> None:
    move = board.game.legal_moves()[0]
    board.select_card(board.game.market.index(move.card))
    board.rotation = move.rotation
    board.choose_square(move.at)


def _play_stacked_trees(board: Any) -> None:
    move = next(m for m in board.game.legal_moves() if not m.rotten)
    board.select_card(board.game.hand.index(move.card))
    board.rotation = move.rotation
    board.place(move.at)


BOARDS: dict[str, tuple[Callable[[], GameBoard], Callable[[Any], None]]] = {
    "apple_batches": (lambda: AppleBatchesBoard(players=2, seed=1), _play_apple_batches),
    "water_drops": (lambda: WaterDropsBoard(players=2, seed=1), _play_water_drops),
    "stacked_trees": (lambda: StackedTreesBoard(seed=1, players=2), _play_stacked_trees),
}


def _played(game: str) -> list[tuple[str, str]]:
    """The board's words at each moment of a game: new, a card picked, a move played, a hint,
    undone, a key pressed, then the game played to its end."""
    build, play = BOARDS[game]
    board = build()
    moments = [("new", _text(board))]
    board.select_card(0)
    moments.append(("picked", _text(board)))
    play(board)
    moments.append(("played", _text(board)))
    board.hint()
    moments.append(("hint", _text(board)))
    board.undo()
    moments.append(("undone", _text(board)))
    board.press("x")  # a key the board does not know: it says its keys
    moments.append(("keys", _text(board)))
    while not board.game.is_over:
        play(board)
    if isinstance(board, StackedTreesBoard):  # its best line beside your game, searched briefly
        board.how_well(wait=True, time_limit=0.5)
    moments.append(("over", _text(board)))
    board.undo()  # nothing more to undo after the others' last moves? it says so, or undoes
    board.new_game()
    board.undo()
    moments.append(("nothing to undo", _text(board)))
    return moments


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("game", list(BOARDS))
def test_a_board_in_french_and_korean_shows_no_english_of_the_catalogue(
    game: str, lang: str
) -> None:
    with speaking(lang):
        shown = _played(game)
    english = _played(game)
    for (moment, words), (_, in_english) in zip(shown, english, strict=True):
        assert english_left(words) == [], f"{game} in {lang}, {moment}: {words}"
        assert words != in_english, moment
        assert lang != "ko" or HANGUL.search(words), moment


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_boards_draw_the_fruit_letters_of_the_language(lang: str) -> None:
    """Water drops' fruit cells and stacked trees' trees show the letters the walkthroughs
    and the rules sheets use in ``lang`` (English: the engine's own)."""
    with speaking(lang):
        drops = WaterDropsBoard(players=1, seed=2)
        drops.select_card(0)  # the lit squares show the picked card's ghost too
        trees = StackedTreesBoard(seed=2)
        drop_letters = {water_drops_letter(fruit) for fruit in wd.FRUITS}
        tree_letters = {tree_letter(fruit) for fruit in st.FRUITS}
    drops_html, trees_html = " ".join(_shown(drops)), " ".join(_shown(trees))
    drops_shown = set(re.findall(r'class="wd-fruit"[^>]*>([^<]+)<', drops_html))
    trees_shown = set(re.findall(r'class="orchard-st-letter">([^<]+)<', trees_html))
    assert drops_shown and drops_shown <= drop_letters, drops_shown
    assert trees_shown and trees_shown <= tree_letters, trees_shown
    assert len(drop_letters) == len(wd.FRUITS) and len(tree_letters) == len(st.FRUITS)
    if lang == "en":  # as the engine writes its cards, and as the browser tests read them
        assert drop_letters == set(wd.FRUITS) and tree_letters == set(st.FRUITS)


def _refused(game: str) -> GameBoard:
    """A board whose last move was refused, played through its buttons: an apple of another
    colour into the monochrome batch (AB-4), a card on a square already taken (WD-3)."""
    if game == "apple_batches":
        board: Any = AppleBatchesBoard(players=1, seed=1)
        first = board.game.market[0]
        board.select_card(0)
        board.choose_batch("monochrome")
        other = next(i for i, c in enumerate(board.game.market) if c.colour != first.colour)
        board.select_card(other)
        board.choose_batch("monochrome")
    else:
        board = WaterDropsBoard(players=1, seed=1)
        board.select_card(0)
        board.choose_square((0, 0))
    return board


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize(("game", "rule"), [("apple_batches", "AB-4"), ("water_drops", "WD-3")])
def test_a_refusal_on_the_board_speaks_the_language_and_keeps_its_rule(
    game: str, rule: str, lang: str
) -> None:
    english = _refused(game).message.value
    with speaking(lang):
        said = _refused(game).message.value
    assert f"({rule})" in english and f"({rule})" in said and said != english, said
    assert english_left(plain_words([said])) == [], said
    assert lang != "ko" or HANGUL.search(said)


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_stacked_trees_hint_names_its_card_in_the_fruit_letters_of_the_language(
    lang: str,
) -> None:
    """The hint's reason writes its card row by row as the board draws it: in the letters
    of ``lang`` (English: the engine's own, ``APL/LAP``)."""
    with speaking(lang):
        board = StackedTreesBoard(seed=1)
        board.hint()
        letters = "".join(tree_letter(fruit) for fruit in st.FRUITS)
    reason = plain_words([board.hint_text.value])
    cards = re.findall(rf"[{letters}]+(?:/[{letters}]+)+", reason)
    assert cards and all(len(card) in (7, 8) for card in cards), reason


def test_the_korean_water_drops_board_writes_each_card_code_with_its_separators() -> None:
    """The board's messages, its hint and what a screen reader says of a card write a Korean
    card code as "5·배/체·망" (never "5배/체망", read as words), as the walkthrough does."""
    code = re.compile(r"(\S+/\S+) 카드")
    with speaking("ko"):
        board = WaterDropsBoard(players=2, seed=1)
        board.select_card(0)
        picked = board.message.value
        board.hint()
        words = [picked, board.message.value, board.hint_text.value]
        words += [square.label for square in board.orchard.shown()]
    codes = {found for said in words for found in code.findall(said)}
    assert codes, words
    for found in codes:
        assert re.fullmatch(r"[^/·\s]·[^/·\s]/[^/·\s]·[^/·\s]", found), found
