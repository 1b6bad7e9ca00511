"""The pupils' page (``orchard-lab app GAME``) in French and Korean (issue 25): built in a
language, or switched to it with the page's language menu, it shows no English sentence of
the catalogue in its words or its charts, the menu and the page's ``lang`` say the language,
and the game on the board, the walkthrough's step and the what-if's settings are kept. One
page's language is not another's on the same server. ``--lang`` names the language the pages
open in. What the server answers itself (the gate's and the seats' sentences, the teacher's
results page) is in the server's language. The what-if, the rule switches and the sender are
checked whole. The engine's sentences the page may show (a hint's reason, a score note) are
not marked yet: they are no sentences of the catalogue."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import plotly.graph_objects as go
import pytest

from orchard_lab import games
from orchard_lab.app.gate import ASGIApp, TokenGate
from orchard_lab.app.page import GamePage, game_page, page_title
from orchard_lab.app.seats import Seats, too_many_pages
from orchard_lab.app.server import solara_environment
from orchard_lab.app.teacher import TeacherDesk
from orchard_lab.class_inbox import ClassInbox
from orchard_lab.cli import build_parser
from orchard_lab.language import (
    ENVIRONMENT,
    _,
    keep_language_in,
    language,
    set_language,
    speaking,
)
from tests.catalogue_english import english_left
from tests.test_figures_in_french_and_korean import chart_words
from tests.widget_words import plain_words, texts_of, widgets_in

HANGUL = re.compile("[\uac00-\ud7a3]")
SLUGS = [entry.slug for entry in games.entries() if entry.board is not None]


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A page's menu sets the session's language: the next test reads English again."""
    yield
    keep_language_in(None)
    set_language("en")


def page_words(page: GamePage) -> str:
    """Every word the page shows or says: its widgets' texts and tooltips, the options of its
    choices and its charts' words (the what-if's and the rule switches' included); the style
    sheets and markup taken out, and a hint's reason (the engine's)."""
    parts = []
    for widget in widgets_in(page.widget):
        if isinstance(widget, go.FigureWidget):
            parts.append(chart_words(widget))
        elif widget is not getattr(page.board, "hint_text", None):
            parts += texts_of(widget)
    return plain_words(parts)


def _headings(page: GamePage) -> list[str]:
    return re.findall(
        r"<h2>([^<]*)</h2>", " ".join(getattr(c, "value", "") for c in page.widget.children)
    )


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("slug", SLUGS)
def test_a_page_built_in_french_or_korean_shows_no_english_of_the_catalogue(
    slug: str, lang: str
) -> None:
    with speaking(lang):
        page = game_page(slug, ClassInbox().send)
        words = page_words(page)
        heading = _("What if the rules changed?")
    english = page_words(game_page(slug, ClassInbox().send))
    assert english_left(words) == [], f"{slug} in {lang}: {english_left(words)}"
    assert english_left(english) != []  # the test would see English if it were there
    assert heading in _headings(page) and "What if the rules changed?" not in words
    assert (page.language, page.page_language.lang, page.language_choice.value) == (lang,) * 3
    assert lang != "ko" or HANGUL.search(words)


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("slug", SLUGS)
def test_the_language_menu_draws_the_page_again_and_plays_on(slug: str, lang: str) -> None:
    page = game_page(slug, ClassInbox().send)
    board, tour, what_if, sender = page.board, page.walkthrough, page.what_if, page.sender
    assert page.language_choice.description == "Language"
    board.seed_choice.value = 7
    board.new_game()
    board.hint()  # a move of the board's own making, played
    move = board.game.legal_moves()[0]
    board.game.play(move)
    tour.go(2)
    what_if.games_choice.value = 123
    assert sender is not None
    sender.name.value = "Ana"
    page.language_choice.value = lang  # as a pupil chooses it in the menu
    assert language() == page.language == page.page_language.lang == lang
    assert page.board is not board and page.board.game.history == board.game.history
    assert page.board.seed_choice.value == 7
    assert page.walkthrough.index == 2 and page.what_if is not None
    assert page.what_if.games_choice.value == 123
    assert page.sender is not None and page.sender.name.value == "Ana"
    assert page.sender.board is page.board
    words = page_words(page)
    assert english_left(words) == [], f"{slug} in {lang}: {english_left(words)}"
    with speaking(lang):
        assert page.language_choice.description == _("Language") != "Language"
    page.speak("en")  # and back
    assert page.language_choice.value == "en" and page.walkthrough.index == 2
    assert english_left(page_words(page)) != []


@pytest.mark.parametrize("slug", SLUGS)
def test_the_boards_first_instruction_is_said_again_in_the_new_language(slug: str) -> None:
    """After the menu's switch the line under the market said nothing (s18 review): the
    board, built again to play on, was loaded with the game and said "". Its message is
    said again in the new language, from French to Korean and back to English too; the
    game over sentence as well."""
    page = game_page(slug)
    first = {}
    for lang in ("en", "fr", "ko"):
        with speaking(lang):
            first[lang] = games.entry(slug).board_class()().message.value
    assert first["en"].startswith("New game") and len(set(first.values())) == 3, first
    for lang in ("fr", "ko", "en"):
        page.speak(lang)
        assert page.board.message.value == first[lang], (slug, lang)
    game = page.board.game
    while not game.is_over:
        game.play(game.legal_moves()[0])
    page.board.select_card(0)  # an ended game says so
    over = page.board.message.value
    assert over.startswith("The game is over"), over
    page.speak("ko")
    assert page.board.message.value and HANGUL.search(page.board.message.value)
    assert english_left(page.board.message.value) == []


def test_a_finished_game_keeps_its_result_code_in_another_language() -> None:
    page = game_page("stacked-trees")
    page.board.seed_choice.value = 3
    page.board.new_game()
    game = page.board.game
    while not game.is_over:
        game.play(game.legal_moves()[0])
    code = page.board.finished_code()
    page.speak("ko")
    assert code and page.board.finished_code() == code


def test_the_menu_offers_each_language_in_its_own_words() -> None:
    page = game_page("water-drops")
    assert page.language_choice.options == (("English", "en"), ("Français", "fr"), ("한국어", "ko"))
    assert page.page_language.names == {"English": "en", "Français": "fr", "한국어": "ko"}
    assert page.page_language.whole_page is False
    assert game_page("water-drops", whole_page=True).page_language.whole_page is True
    with pytest.raises(ValueError, match="language must be one of en, fr, ko"):
        page.speak("de")


def test_one_pages_language_is_not_anothers() -> None:
    """On the app's server every page keeps its language where its own kernel keeps it
    (``keep_language_in``): a pupil's French page and the next pupil's English page each
    answer a click in their own language."""
    kept: dict[str, dict[str, str]] = {"ana": {}, "ben": {}}
    now = ["ana"]
    keep_language_in(lambda: kept[now[0]])
    french = game_page("apple-batches")
    french.speak("fr")
    now[0] = "ben"
    english = game_page("apple-batches")
    assert language() == "en" and english.language == "en"
    now[0] = "ana"
    french.board.hint()
    assert "Indice" in french.board.hint_text.value, french.board.hint_text.value
    now[0] = "ben"
    english.board.hint()
    assert "Hint" in english.board.hint_text.value, english.board.hint_text.value
    assert kept == {"ana": {"language": "fr"}, "ben": {"language": "en"}}


@pytest.mark.parametrize("slug", SLUGS)
def test_the_tab_is_titled_in_the_pages_language(slug: str) -> None:
    with speaking("ko"):
        korean = page_title(slug)
    assert HANGUL.search(korean) and korean.endswith(" · orchard_lab")
    assert solara_environment(slug, lang="ko")["SOLARA_THEME_TITLE"] == korean
    assert solara_environment(slug, lang="ko")[ENVIRONMENT] == "ko"
    assert solara_environment(slug)[ENVIRONMENT] == language()


def test_the_solara_page_follows_its_menu(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    import solara
    from solara.components.title import TitleWidget

    from orchard_lab.app import solara_page
    from orchard_lab.app.solara_page import Page, page_language

    assert page_language() is None  # outside a page's kernel: the session's language
    made: list[GamePage] = []
    monkeypatch.setattr(
        solara_page,
        "game_page",
        lambda *args, **kwargs: made.append(game_page(*args, **kwargs)) or made[-1],
    )
    monkeypatch.setenv("ORCHARD_LAB_GAME", "water-drops")
    _box, context = solara.render(Page(), handle_error=False)
    assert context.find(TitleWidget).widget.title == "Water drops · orchard_lab"
    assert [page.page_language.whole_page for page in made] == [True]  # its <html lang> too
    made[0].language_choice.value = "fr"  # as a pupil chooses it in the menu
    assert context.find(TitleWidget).widget.title == "Gouttes d'eau · orchard_lab"
    context.close()
    capsys.readouterr()


def test_the_command_takes_the_language_of_the_pages() -> None:
    assert build_parser().parse_args(["app", "water-drops"]).lang is None
    args = build_parser().parse_args(["app", "water-drops", "--lang", "fr", "--lan"])
    assert (args.lang, args.lan) == ("fr", True)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["app", "water-drops", "--lang", "de"])


def _answer(app: ASGIApp, path: str, query: str = "") -> tuple[int, str]:
    """The status and body ``app`` answers a GET of ``path`` with (in a thread of its own:
    a browser test's playwright may keep an event loop running in this one)."""
    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "path": path, "query_string": query.encode(), "headers": []}
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, app(scope, None, send)).result()
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:]).decode()


async def _pupils(scope: Any, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_what_the_server_answers_itself_is_in_its_language(lang: str) -> None:
    gate = TokenGate(_pupils, "orchard-token-1", port=8866)
    full = Seats(_pupils, port=8866, max_pages=0, per_browser=2)
    desk = TeacherDesk(_pupils, ClassInbox(), "teacher-token", port=8866)
    with speaking(lang):
        answers = [
            _answer(gate, "/"),
            _answer(full, "/"),
            _answer(full, "/resourcez"),
            _answer(desk, "/teacher", "token=teacher-token"),
            _answer(desk, "/teacher/results", "token=teacher-token"),
            _answer(desk, "/teacher/nothing", "token=teacher-token"),
        ]
        said = [too_many_pages(1), too_many_pages(6)]
        title = _("Class results")
    assert [status for status, _body in answers] == [403, 503, 403, 200, 200, 404]
    words = " ".join([*(body for _status, body in answers), *said])
    assert english_left(html.unescape(re.sub(r"<[^>]+>", " ", words))) == [], words
    page = answers[3][1]
    assert f'<html lang="{lang}">' in page and f"<h1>{html.escape(title)}</h1>" in page
    assert lang != "ko" or HANGUL.search(words)
    assert _answer(gate, "/")[1] == (
        "This page needs the address with its token: ask your teacher for it."
    )  # English again outside the block
