"""Rules sheets (issue 13, item 6): one printable page per game, cut from docs/rules.md by
the engine's rule ids, with the tables of points and without the what-if switches.

Rendering in Chromium (one A4 page, nothing loaded) is in tests/browser/."""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import games
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.cli import main
from orchard_lab.core import switches
from orchard_lab.fruit_words import tree_letter, water_drops_letter
from orchard_lab.language import _, speaking
from orchard_lab.worksheets import (
    game_text,
    pictures,
    pupil_sheet_html,
    rules_sheet_html,
    rules_text,
    teacher_sheet_html,
    write_rules_sheet,
)
from tests.catalogue_english import english_left

REPO = Path(__file__).resolve().parents[1]
ENGINES = {"apple_batches": ab, "water_drops": wd, "stacked_trees": st}

GAMES = [entry.name for entry in games.entries()]


class Sections(HTMLParser):
    """The ids of the page's rule sections and every address the page could load."""

    def __init__(self) -> None:
        super().__init__()
        self.rules: list[str] = []
        self.loads: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section" and found.get("class") == "rule":
            self.rules.append(str(found["id"]))
        self.loads += [str(found[a]) for a in ("src", "href", "data") if found.get(a)]
        if tag in {"script", "link", "iframe", "img", "object", "embed"}:
            self.loads.append(tag)


def parsed(html: str) -> Sections:
    sections = Sections()
    sections.feed(html)
    return sections


def test_the_package_carries_docs_rules_md_unchanged() -> None:
    assert rules_text.rules_markdown() == (REPO / "docs" / "rules.md").read_text(), (
        "orchard_lab/data/rules.md must be the symbolic link to ../../docs/rules.md"
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_engine_is_on_the_sheet_with_its_id(game: str) -> None:
    html = rules_sheet_html(game, picture=False)
    facts = ENGINES[game].FACTS
    assert parsed(html).rules == list(facts.rules)  # AB-1.., WD-1.., ST-1.., in order
    for rule in facts.rules:
        assert f"<strong>{rule} " in html
    assert f"<h1>{facts.title.capitalize()}: the rules</h1>" in html


@pytest.mark.parametrize("game", GAMES)
def test_the_sheet_is_the_standard_rules_without_switches_or_code(game: str) -> None:
    html = rules_sheet_html(game, picture=False)
    for switch in switches(ENGINES[game].Rules):
        if switch.name != "scoring":  # WD-4's table of points names its standard row
            assert f"<code>{switch.name}</code>" not in html, switch.name
    assert "Switches of" not in html
    assert not re.search(r"<code>[^<]*(=True|\.txt|\.new\()", html)


def test_the_tables_of_points_are_there() -> None:
    batches = rules_sheet_html("apple_batches", picture=False)
    table = batches[batches.index('id="AB-4"') :]
    assert all(f"<td>{name}" in table for name in ab.BATCH_NAMES.values())
    assert "up to 78" in table and "-1 for every apple" in table
    trees = rules_sheet_html("stacked_trees", picture=False)
    assert all(f"<td>{name}</td>" in trees for _, name in st.RATINGS)
    drops = rules_sheet_html("water_drops", picture=False)
    assert "1 point for each fruit in the group" in drops


@pytest.mark.parametrize("game", GAMES)
def test_the_page_is_self_contained(game: str) -> None:
    html = rules_sheet_html(game, picture=False)
    assert parsed(html).loads == []
    for text in ("http:", "https:", "url(", "@import", "<link"):
        assert text not in html


def test_the_stacked_trees_sheet_shows_the_dice_ladder() -> None:
    html = rules_sheet_html("stacked_trees")
    assert html.count("<svg") == 1 and "value of the die" in html
    assert parsed(html).loads == []  # the picture is inline SVG
    assert "http:" not in html.replace('"http://www.w3.org/', "")  # only SVG's namespaces


def test_a_rule_missing_from_the_text_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    text = rules_text.rules_markdown().replace("**WD-5 Winning.**", "**Winning.**")
    monkeypatch.setattr(rules_text, "rules_markdown", lambda: text)
    with pytest.raises(ValueError, match=r"docs/rules\.md has no text for WD-5 of water drops"):
        game_text("water_drops")


def test_a_game_missing_from_the_text_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    text = rules_text.rules_markdown().replace("## Water drops", "## Mango")
    monkeypatch.setattr(rules_text, "rules_markdown", lambda: text)
    with pytest.raises(ValueError, match=r"docs/rules\.md has no section '## Water drops'"):
        game_text("water_drops")


def test_readings_missing_or_misshapen_in_the_text_are_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = rules_text.rules_markdown()
    monkeypatch.setattr(rules_text, "rules_markdown", lambda: text.replace("Readings of", "On"))
    with pytest.raises(ValueError, match=r"no '\*\*Readings of water drops\.\*\*'"):
        teacher_sheet_html("water_drops")
    pipe = text.replace("| the turn (WD-2) |", "| the turn | (WD-2) |")
    monkeypatch.setattr(rules_text, "rules_markdown", lambda: pipe)
    with pytest.raises(ValueError, match="a row of the readings of water drops has not 4 cells"):
        rules_text.game_readings("water drops")


def test_wrong_arguments_are_named(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="game must be one of"):
        game_text("pears")
    with pytest.raises(TypeError, match="game"):
        game_text(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="picture"):
        rules_sheet_html("water_drops", picture="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"out must end in \.html or \.pdf"):
        write_rules_sheet("water_drops", tmp_path / "sheet.txt", picture=False)
    assert list(tmp_path.iterdir()) == []


def test_the_command_writes_the_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["rules-sheet", "water_drops", "--reference", "--no-picture"]) == 0
    written = tmp_path / "water_drops_rules.html"
    assert written.read_text() == rules_sheet_html("water_drops", picture=False)
    assert capsys.readouterr().out.startswith("wrote water_drops_rules.html")
    assert main(["rules-sheet", "water_drops", "sheet.doc", "--no-picture"]) == 1
    assert "out must end in .html or .pdf" in capsys.readouterr().err


# ---- the pupils' sheets and the teacher's page (issue 21, item 3) ----------------------
class Visible(HTMLParser):
    """The words a reader sees on a page (not its style), and its tags."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.tags: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self._hidden += tag in {"style", "script"}

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in {"style", "script"}

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.words.append(data)


def visible(html: str) -> Visible:
    page = Visible()
    page.feed(html)
    return page


CODE_NAMES = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\w\(|\w=|=\w|`|\.py\b|\.txt\b|\.md\b|orchard_lab|\bRules\b|"
    r"\bTrue\b|\bFalse\b|\bNone\b|what-if|[Cc]ode may|with a message"
)


@pytest.mark.parametrize("game", GAMES)
def test_the_pupils_sheet_has_no_code_names(game: str) -> None:
    page = visible(pupil_sheet_html(game))
    text = " ".join(" ".join(page.words).split())
    found = sorted({m.group(0) for m in CODE_NAMES.finditer(text)})
    assert not found, f"code on the pupils' sheet: {found}"
    for switch in switches(ENGINES[game].Rules):
        if "_" in switch.name:  # one-word switches (end, easy, ladder) are plain words too
            assert switch.name not in text
    assert "code" not in page.tags


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_its_words_and_a_picture_of_a_real_position(game: str) -> None:
    html = pupil_sheet_html(game)
    assert parsed(html).loads == []
    sections = re.findall(r'<section class="rule[^"]*" id="([^"]+)">(.*?)</section>', html, re.S)
    assert sorted(rule for rule, _ in sections) == sorted(ENGINES[game].FACTS.rules)
    for rule, body in sections:
        picture = body.split('<div class="picture">', 1)[1]
        drawn = ('class="chip', 'class="cell"', 'class="tree"', "<table", "<b ")
        assert any(mark in picture for mark in drawn), f"{rule} has no picture"
    assert "standard rules" in html and "Other ways to play" in html


def test_the_sources_variants_are_on_the_sheets_in_plain_words() -> None:
    batches = " ".join(visible(pupil_sheet_html("apple_batches")).words)
    for words in ("Easy mode", "4 rounds", "whoever last ate an apple", "any earlier apple"):
        assert words in batches
    drops = " ".join(visible(pupil_sheet_html("water_drops")).words)
    assert "Alternative scoring" in drops and "quarter turn" in drops
    trees = pupil_sheet_html("stacked_trees")
    rules, variants = trees.split("Other ways to play", 1)
    assert "second game" in rules and "quarter turns" in rules  # ST-2's remark; ST-3 says 270
    assert "offer no other way to play" in variants and "<li>" not in variants


def test_the_pictures_are_the_engines_positions() -> None:
    """The sheets draw what the engine plays: the special tree breaks, the feather batch
    refuses, a finished game's points."""
    batches = pupil_sheet_html("apple_batches")
    assert batches.count('class="chip refused"') == 2  # the gold apple (AB-3), the green (AB-5)
    assert "What the special tree scores" in batches
    assert "into the steady height batch: 0 (broken)" in batches
    game = ab.Game.new(players=2, seed=18)
    while not game.is_over:
        game.play(ab.hint(game).move)
    assert f"{game.scores()[0]} points" in batches
    drops = pupil_sheet_html("water_drops")
    assert "4 groups score here, 6 points" in drops
    trees = pupil_sheet_html("stacked_trees")
    assert "their dice climb 1 → 3 → 6. Score 18." in trees  # ST-4: 1+1 / 1+6+6+1 / 1+1+1
    assert "Score 1 − 3 = -2." in trees  # ST-5: one new die, one rotten token


def test_every_card_on_the_stacked_trees_sheet_is_a_card_of_the_deck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ST-8 says no two cards are the same and every card has two fruits or more: the
    pictures draw only the deck's own cards, each at most once in a picture."""
    from orchard_lab.worksheets import stacked_trees_sheet as sheet

    drawn: list[list[st.Card]] = []  # the cards of each picture drawn

    def card(each: st.Card) -> str:
        drawn.append([each])
        return pictures.trees_card(each)

    def orchard(board: st.Board, small: bool = False) -> str:
        drawn.append(list(board.cards()))
        return pictures.trees_orchard(board, small=small)

    monkeypatch.setattr(sheet, "trees_card", card)
    monkeypatch.setattr(sheet, "trees_orchard", orchard)
    html = pupil_sheet_html("stacked_trees")
    deck = st.default_deck()
    assert len(drawn) >= 10 and sum(map(len, drawn)) >= 20
    for cards in drawn:
        assert all(each in deck for each in cards), [str(c) for c in cards if c not in deck]
    for board_cards in drawn:
        assert len(set(board_cards)) == len(board_cards)
    written = re.findall(r"\b[APL]{3}/[APL]{3}\b", " ".join(visible(html).words))
    assert written and all(st.Card.from_text(code) in deck for code in written), written


@pytest.mark.parametrize("game", ["apple_batches", "water_drops"])
def test_the_pupils_sheet_numbers_the_players_from_1(game: str) -> None:
    text = " ".join(" ".join(visible(pupil_sheet_html(game)).words).split())
    assert "player 1" in text and "player 2" in text
    assert not re.search(r"[Pp]layer 0", text)


@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_page_lists_the_readings_with_their_switches(game: str) -> None:
    html = teacher_sheet_html(game)
    assert html.count("<tr>") >= 8
    assert "the standard rules read" in html
    for switch in switches(ENGINES[game].Rules):
        if switch.name in {"allow_rotation", "max_size", "scoring", "cards_per_game"}:
            assert switch.name in html
    assert parsed(html).loads == []


@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_page_names_each_switch_as_the_board_labels_it(game: str) -> None:
    html = teacher_sheet_html(game)
    named = re.findall(r"<td>[^\n]*?<code>(\w+)</code>", html)  # code names in the switch column
    labels = {switch.name: switch.label for switch in switches(ENGINES[game].Rules)}
    shown = [name for name in named if name in labels]
    assert shown, "no switch of the board on the teacher's page"
    for name in shown:
        assert f"<b>{labels[name]}</b> (<code>{name}</code>)" in html, name
    if game != "stacked_trees":  # who starts: chosen in code only
        assert "not on the board (you are the first player there); in code" in html
    cells = re.sub(r'<span class="id-nowrap">[A-Z]{2}-\d+</span>', "", html.split("<table>")[1])
    assert not re.search(r"\b(AB|WD|ST)-\d", cells)  # every rule id is kept on one line


def test_docs_rules_md_marks_the_readings_the_issue_names() -> None:
    text = rules_text.rules_markdown()
    for words in (
        "within one of the previous cards",
        "3/6",
        "the winner is whoever has the most cards",
        "inférieur ou égal à 1",
        "The market is replenished only after all players have chosen a card",
        "the face-up market",
        "Starting with the first player",
        "the order of the dice on one card",
        "If a die was on the tree underneath, remove it",
        "qui a le plus récemment consommé une pomme",
    ):
        assert words in text, words
    for switch in ("steady_reference", "end", "unlucky_may_bust", "special_broken_points"):
        assert f"`{switch}`" in text.split("**Readings of apple batches.**")[1]
    assert "**Readings of" not in rules_sheet_html("apple_batches", picture=False)


def test_the_command_writes_the_pupils_sheet_and_the_teachers_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["rules-sheet", "water_drops"]) == 0
    assert (tmp_path / "water_drops_rules.html").read_text() == pupil_sheet_html("water_drops")
    assert main(["rules-sheet", "water_drops", "--teacher"]) == 0
    teacher = (tmp_path / "water_drops_rules_teacher.html").read_text()
    assert teacher == teacher_sheet_html("water_drops")
    assert main(["rules-sheet", "water_drops", "old.html", "--reference", "--no-picture"]) == 0
    assert (tmp_path / "old.html").read_text() == rules_sheet_html("water_drops", picture=False)
    capsys.readouterr()
    assert main(["rules-sheet", "water_drops", "sheet.doc"]) == 1
    assert "out must end in .html or .pdf" in capsys.readouterr().err


def test_wrong_games_for_the_pupils_sheet_are_named() -> None:
    with pytest.raises(ValueError, match="game must be one of"):
        pupil_sheet_html("toy_game")
    with pytest.raises(TypeError, match="game"):
        teacher_sheet_html(3)  # type: ignore[arg-type]


# ---- the pupils' sheets in French and Korean (issue 25) --------------------------------
TRANSLATED = ["fr", "ko"]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_the_pupils_sheet_in_french_and_korean_has_no_english_sentence_left(
    game: str, lang: str
) -> None:
    html = pupil_sheet_html(game, lang=lang)
    assert f'<html lang="{lang}">' in html
    text = " ".join(" ".join(visible(html).words).split()).replace("\xa0", " ")
    left = english_left(text)
    assert not left, f"English on the {lang} sheet: {left}"
    assert parsed(html).loads == []
    for rule in ENGINES[game].FACTS.rules:  # the ids stay as they are
        assert f'<span class="id">{rule}</span>' in html


@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_no_two_fruits_of_a_game_share_a_letter_and_the_rules_name_them(lang: str) -> None:
    with speaking(lang):
        trees = [tree_letter(fruit) for fruit in st.FRUITS]
        drops = [water_drops_letter(fruit) for fruit in wd.FRUITS]
    assert len(set(trees)) == len(trees) and len(set(drops)) == len(drops), (trees, drops)
    assert not any(letter.isdigit() for letter in drops)  # a drop shows its digit
    for game, letters in (("stacked_trees", trees), ("water_drops", drops)):
        html = pupil_sheet_html(game, lang=lang)
        words = html.split('id="ST-1"' if game == "stacked_trees" else 'id="WD-1"')[1]
        words = words.split('<div class="picture">')[0]
        assert all(f"<strong>{letter}</strong>" in words for letter in letters), (lang, game)


def test_the_session_language_is_the_sheets_default() -> None:
    with speaking("ko"):
        assert pupil_sheet_html("water_drops") == pupil_sheet_html("water_drops", lang="ko")
    assert '<html lang="en">' in pupil_sheet_html("water_drops")
    with pytest.raises(ValueError, match="language must be one of en, fr, ko"):
        pupil_sheet_html("water_drops", lang="de")


def test_the_command_writes_the_sheet_in_the_language_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["rules-sheet", "stacked-trees", "--lang", "fr", "arbres.html"]) == 0
    written = (tmp_path / "arbres.html").read_text()
    assert written == pupil_sheet_html("stacked_trees", lang="fr")
    with speaking("ko"):
        assert main(["rules-sheet", "water-drops"]) == 0  # the session's language
    assert (tmp_path / "water_drops_rules.html").read_text() == pupil_sheet_html(
        "water_drops", lang="ko"
    )
    assert main(["rules-sheet", "water-drops", "--teacher", "--lang", "ko"]) == 0
    assert (tmp_path / "water_drops_rules_teacher.html").read_text() == teacher_sheet_html(
        "water_drops", lang="ko"
    )
    capsys.readouterr()
    assert main(["rules-sheet", "water-drops", "--reference", "--lang", "ko"]) == 1
    assert "this sheet is in English only so far" in capsys.readouterr().err


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_page_in_french_and_korean_has_no_english_sentence_left(
    game: str, lang: str
) -> None:
    """Every reading of docs/rules.md is on the page in the language asked, the published
    words in quotes as they were published, each switch by its label on the board in that
    language, the rule ids and the code names as they are."""
    html = teacher_sheet_html(game, lang=lang)
    english = teacher_sheet_html(game)
    assert f'<html lang="{lang}">' in html and parsed(html).loads == []
    page = " ".join(" ".join(visible(html).words).split()).replace("\xa0", " ")
    outside_quotes = re.sub(r'"[^"]*"|«[^»]*»', "", page)
    left = english_left(outside_quotes)
    assert not left, f"English on the {lang} teacher's page: {left}"
    assert html.count("<tr>") == english.count("<tr>") >= 9
    for rule in re.findall(r'<span class="id-nowrap">([A-Z]{2}-\d+)</span>', english):
        assert f'<span class="id-nowrap">{rule}</span>' in html
    assert re.findall(r"<code>[^<]*</code>", html) == re.findall(r"<code>[^<]*</code>", english)
    with speaking(lang):
        labels = {each.name: escape(_(each.label)) for each in switches(ENGINES[game].Rules)}
    shown = [name for name in re.findall(r"<code>(\w+)</code>", html) if name in labels]
    assert shown and all(f"<b>{labels[name]}</b> (<code>{name}</code>)" in html for name in shown)
    published = [row[1] for row in rules_text.game_readings(ENGINES[game].FACTS.title).rows]
    quoted = [words for cell in published for words in re.findall(r'"([^"]{12,})"', cell)]
    assert quoted and all(words in html for words in quoted)  # the published words, unchanged
