"""The engine's own sentences in French and Korean (issue 25): apple batches' and water
drops' refusals, score notes, group reasons and hint reasons, stacked trees' moves, their
effects and hint reasons, the three games' winner sentences and explained scores, walked
case by case under ``speaking``. Each differs from its
English, shows no English sentence of the catalogue, keeps its rule id (a refusal) and, in
Korean, is written in Hangul."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from orchard_lab import apple_batches as ab
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.core import IllegalMove
from orchard_lab.fruit_words import water_drops_code
from orchard_lab.language import speaking
from orchard_lab.stacked_trees.policies import _effect, say
from orchard_lab.walkthrough_games import apple_batches_tie
from orchard_lab.water_drops.policies import _placing
from orchard_lab.water_drops.scoring import reason
from tests.catalogue_english import english_left

HANGUL = re.compile("[\uac00-\ud7a3]")


def _card(text: str) -> ab.Card:
    colour, height, sweetness = text.split()
    return ab.Card(colour, int(height[1:]), int(sweetness[1:]))


def _board(placed: list[tuple[str, str]], **rules: object) -> ab.Board:
    board = ab.Board(ab.Rules(**rules))  # type: ignore[arg-type]
    for text, batch in placed:
        board.place(_card(text), batch)
    return board


# apple batches: a board, then an apple placed where the rules refuse it (AB-3..AB-6)
AB_REFUSED = [
    ([], "nowhere", "red h1 s1", {}),
    ([("red h1 s1", "monochrome")], "monochrome", "gold h1 s1", {}),
    ([("red h2 s3", "feather")], "feather", "gold h4 s5", {}),
    ([("red h2 s3", "feather"), ("gold h2 s4", "feather")], "feather", "red h3 s3", {}),
    ([("red h2 s3", "feather"), ("gold h4 s3", "feather")], "feather", "red h3 s4", {}),
    ([("red h1 s1", "special")], "special", "gold h1 s1", {}),
    ([("green h1 s1", "steady")], "special", "green h2 s2", {}),
    ([("red h1 s5", "unlucky"), ("red h1 s5", "unlucky")], "unlucky", "red h1 s4", {}),
    ([("red h3 s1", "fortepiano")], "fortepiano", "gold h3 s2", {}),
    ([("red h3 s1", "sweet_couple")], "sweet_couple", "gold h3 s2", {}),
    ([("red h3 s1", "steady")], "steady", "gold h5 s2", {}),
    ([("red h1 s1", "steady")], "steady", "gold h4 s2", {"steady_reference": "any"}),
    ([("red h1 s1", "bad")] * 12, "bad", "gold h4 s2", {}),
]
# apple batches: boards whose every batch note is one of the cases of score_batch
AB_NOTES = [
    [],
    [("red h1 s5", "monochrome"), ("red h2 s2", "monochrome"), ("gold h4 s4", "feather")],
    [("red h1 s1", "special"), ("red h2 s3", "feather"), ("gold h2 s3", "feather")],
    [("red h1 s1", "special"), ("red h2 s3", "feather"), ("red h4 s3", "feather")],
    [("gold h1 s1", "special"), ("red h2 s3", "feather"), ("gold h2 s4", "feather")],
    [("green h1 s1", "special"), ("green h1 s2", "steady"), ("green h2 s3", "unlucky")],
    [("gold h1 s1", "special"), ("gold h1 s2", "steady"), ("gold h2 s3", "monochrome")],
    [("red h1 s5", "unlucky"), ("red h1 s5", "unlucky"), ("red h1 s3", "unlucky")],
    [("red h1 s5", "fortepiano"), ("red h5 s1", "fortepiano"), ("red h2 s5", "fortepiano")],
    [("red h1 s5", "sweet_couple"), ("red h5 s5", "sweet_couple"), ("red h2 s4", "bad")],
    [("red h1 s5", "sweet_couple"), ("red h5 s5", "sweet_couple"), ("red h2 s4", "sweet_couple")],
]


def _ab_refusals() -> list[IllegalMove]:
    refused = []
    for placed, batch, apple, rules in AB_REFUSED:
        refusal = _board(placed, **rules).refusal(_card(apple), batch)
        assert refusal is not None
        refused.append(refusal)
    game = ab.Game.new(players=2, seed=3)
    stranger = next(card for card in game.pile if card not in game.market)
    for move in (ab.Move(stranger, "bad"), None):
        if move is None:
            while not game.is_over:
                game.play(game.legal_moves()[0])
            move = ab.Move(stranger, "bad")
        with pytest.raises(IllegalMove) as caught:
            game.play(move)
        refused.append(caught.value)
    return refused


def _ab_notes() -> list[str]:
    notes = []
    for placed in AB_NOTES:
        notes += _board(placed).score().notes.values()
        notes += _board(placed, easy=True, steady_points=tuple(range(12))).score().notes.values()
        tables = {name: tuple(range(1, 13)) for name in ab.SEQUENCE_BATCHES.values()}
        notes += _board(placed, **tables).score().notes.values()
    return notes


def _wd_refusals() -> list[IllegalMove]:
    refused = []
    board = wd.Board(start=wd.Card.from_text("BP/2C"), rules=wd.Rules(max_size=(1, 2)))
    card = wd.Card.from_text("MM/3B")
    for at, rotation in (((0, 0), 0), ((5, 5), 0), ((1, 0), 0), ((0, 1), 90)):
        with pytest.raises(IllegalMove) as caught:
            board.place(card, at, rotation)
        refused.append(caught.value)
    game = wd.Game.new(players=2, seed=1)
    stranger = next(card for card in game.pile if card not in game.market)
    with pytest.raises(IllegalMove) as caught:
        game.play(wd.Move(stranger, (0, 1), 0))
    refused.append(caught.value)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove) as caught:
        game.play(wd.Move(stranger, (0, 1), 0))
    return [*refused, caught.value]


def _wd_reasons() -> list[str]:
    """Every case of a group's reason (WD-4), and the notes of fruit an orchard lacks."""
    cases = [
        ("B", 1, [], 0), ("C", 3, [3], 3), ("P", 2, [2, 2], 4), ("M", 3, [1], 0),
        ("B", 1, [4], 0), ("C", 3, [1, 2], 0), ("P", 2, [4, 5], 0), ("M", 3, [1, 5], 0),
        ("C", 1, [1], 1), ("P", 1, [], 0), ("M", 1, [], 0),
    ]  # fmt: skip
    said = [reason(*case) for case in cases]
    return [*said, *wd.Board(start=wd.Card.from_text("BP/2C")).score().notes.values()]


def _hints() -> list[str]:
    reasons = []
    for module, seed in ((ab, 2), (wd, 1)):
        game = module.Game.new(players=2, seed=seed)
        game.play(game.legal_moves()[2])
        for policy in ("greedy", "lookahead"):
            reasons.append(module.hint(game, policy, seed=0, rollouts=2).reason)
    return reasons


def _st_moves() -> list[str]:
    """A card said at each turn, with and without rotten tokens, and every kind of effect a
    move has on the dice: the first move of each kind met in games of first legal moves (one
    die of each fruit in the second, for "no die moves")."""
    card = st.Card.from_text("APL/LAP")
    said = [
        say(st.Move(card, (0, 1), turn, rotten))
        for turn in st.ROTATIONS
        for rotten in (False, True)
    ]
    kinds = {}
    for rules in (st.Rules(), st.Rules(dice_per_fruit=1)):
        game = st.Game.new(seed=0, rules=rules)
        while not game.is_over:
            board = game.boards[game.current_player]
            for move in game.legal_moves():
                with speaking("en"):  # the kinds told apart in English, the same in any language
                    parts = _effect(board, move).split(", ")
                for part in parts:
                    kinds.setdefault(re.sub(r"\d+", "#", part), (board.copy(), move))
            game.play(game.legal_moves()[0])
    assert len(kinds) == 8, sorted(kinds)  # new, climb, token, back: one and many; none
    return said + [_effect(board, move) for board, move in kinds.values()]


def _st_hints() -> list[str]:
    game = st.Game.new(players=2, seed=0)
    hints = [
        st.hint(game, policy, seed=0, rollouts=2) for policy in ("greedy", "lookahead", "planner")
    ]
    assert any(hint.move.rotten for hint in hints)  # a move spending rotten tokens said too
    return [hint.reason for hint in hints]


def _finished(game: Any, same: bool = True) -> Any:
    """``game`` played to its end, every player taking the first legal move (``same``: the
    players of stacked trees and apple batches then tie), else the last for the others."""
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[0] if same or game.current_player == 0 else moves[-1])
    return game


def _st_tied(players: int, *placements: tuple[str, tuple[int, int], int, bool]) -> st.Game:
    """A stacked trees game whose orchards are laid as ``placements`` say, a pair per player
    (test_stacked_trees' ST-7 positions): a tie on points a tie-break decides."""
    game = st.Game.deal([st.Card.from_text("APL/LAP")] * 9, players=players)
    for board, pair in zip(game.boards, zip(*[iter(placements)] * 2, strict=True), strict=True):
        for text, at, rotation, rotten in pair:
            board.place(st.Card.from_text(text), at=at, rotation=rotation, rotten=rotten)
    return game


def _winners() -> list[str]:
    """Each game's winner sentence in each case it reaches: solo (so far and over), one player
    leading or winning, a tie on points a tie-break decides (apple batches' walkthrough deal,
    won; stacked trees' rotten tokens and dice, leading, one winner or two), a tie nothing
    decides (leading and won)."""
    games: list[Any] = []
    for module in (ab, wd, st):
        games += [module.Game.new(players=1, seed=1), _finished(module.Game.new(players=1))]
        games.append(module.Game.new(players=2, seed=1))
        duel = module.Game.new(players=2, seed=1)
        while len(set(duel.scores())) == 1:
            duel.play(duel.legal_moves()[0])
        games.append(duel)
        for same in (True, False):
            games.append(_finished(module.Game.new(players=2, seed=1), same))
    games.append(apple_batches_tie())
    one, two = ("APL/LAP", (-1, -1), 0, False), ("APL/LAP", (-2, -2), 0, False)
    turned, costly = ("APL/LAP", (-1, -1), 90, True), ("APA/LAP", (0, 0), 270, True)
    plain = ("APL/LAP", (0, 0), 0, False)
    games.append(_st_tied(3, one, two, plain, turned, costly, one))
    games.append(_st_tied(2, costly, one, plain, turned))
    games.append(_st_tied(4, one, two, one, two, plain, turned, costly, one))  # 2 winners
    # and each as a board says it under "You share the win." (a tie nothing decides: once)
    return [game.winner_reason(shared_told=told) for game in games for told in (False, True)]


WALKS: dict[str, Callable[[], list[str]]] = {
    "apple batches' refusals": lambda: [str(r) for r in _ab_refusals()],
    "apple batches' score notes": _ab_notes,
    "water drops' refusals": lambda: [str(r) for r in _wd_refusals()],
    "water drops' group reasons": _wd_reasons,
    "hint reasons": _hints,
    "stacked trees' moves and their effects": _st_moves,
    "stacked trees' hint reasons": _st_hints,
    "winner sentences": _winners,
    "explained scores": lambda: [
        str(_board(AB_NOTES[1]).score()),
        str(wd.Board(start=wd.Card.from_text("BP/2C")).score()),
        str(st.Board(st.Card.from_text("APL/LAP")).score()),
    ],
}


@pytest.mark.parametrize("lang", ["fr", "ko"])
@pytest.mark.parametrize("walk", list(WALKS))
def test_the_engine_sentences_speak_the_language(walk: str, lang: str) -> None:
    english = WALKS[walk]()
    with speaking(lang):
        said = WALKS[walk]()
    assert len(said) == len(english) and len(set(english)) > 1
    for words, was in zip(said, english, strict=True):
        assert english_left(words) == [], words
        assert words != was or not re.search("[a-z]{3}", was), words
        assert lang != "ko" or HANGUL.search(words) or not re.search("[a-z]{3}", was), words


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_a_refusal_keeps_its_rule_id_in_every_language(lang: str) -> None:
    english = _ab_refusals() + _wd_refusals()
    with speaking(lang):
        said = _ab_refusals() + _wd_refusals()
    rules = [refusal.rule for refusal in english]
    assert [refusal.rule for refusal in said] == rules
    assert set(rules) == {"AB-2", "AB-3", "AB-4", "AB-5", "AB-6", "WD-2", "WD-3"}
    for refusal in said:
        assert f"({refusal.rule})" in str(refusal), refusal


def test_the_winner_walk_reaches_every_case() -> None:
    """The winner sentences walked above: each case of ``winner_reason`` in each game that
    has it, in English."""
    said = " | ".join(_winners())
    for case in (
        "Solo game: 0 points so far.",
        "Solo game: 18 points.",
        "Solo game: 0 points so far (Pal-tree).",
        "Solo game: 2 points (Pal-tree).",
        "Player 0 leads with 1 point (next best: 0 points).",
        "Player 0 wins with 38 points (next best: 24 points).",
        "Players 0 and 1 share the lead with 0 points each (WD-5: ties are shared).",
        "Players 0 and 1 share the lead: 0 points and cards in 0 batches each (AB-7).",
        "Players 0 and 1 share the win: 21 points and cards in 4 batches each (AB-7).",
        "Players 0 and 1 share the lead: 0 points, 0 rotten tokens and 0 dice each (ST-7).",
        "Players 0 and 1 share the win: 6 points, 2 rotten tokens and 10 dice each (ST-7).",
        "; player 1 wins the tie-break (AB-7) with cards in 4 batches against 2.",
        "; player 0 leads the tie-break (ST-7) with fewer rotten tokens: 0 against 1.",
        "; players 0 and 1 lead the tie-break (ST-7) with fewer rotten tokens: 0 against 1.",
        "and rotten tokens; player 1 leads the tie-break (ST-7) with more dice on the table",
    ):
        assert case in said, case


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_market_refusal_writes_its_apples_in_the_language(lang: str) -> None:
    """AB-2's market refusal names the apple and the market's apples as the engine writes
    them, 'red h3 s2', in English only: in French and Korean in their colour words and the
    board's chip letters."""
    english = str(_ab_refusals()[-2])
    with speaking(lang):
        said = str(_ab_refusals()[-2])
    assert "(AB-2)" in said and re.search(r"(red|green|gold) h\d s\d", english), english
    assert not re.search(r"(red|green|gold) h\d|\bs\d", said), said


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_a_water_drops_hint_writes_its_card_in_the_boards_letters(lang: str) -> None:
    """A water drops hint names its card as the board draws it, in the session's fruit
    letters (a cold look at the Korean board found the hint's '5P/CM' beside the board's
    '5·배/체·망')."""
    move = wd.Move(wd.Card.from_text("5P/CM"), (0, 0), 90)
    with speaking(lang):
        said = _placing(move)
        drawn = water_drops_code(move.card)
    assert drawn in said, said
    if lang == "ko":  # French fruit letters are the English ones
        assert "5P/CM" not in said, said


def test_a_korean_card_code_is_not_read_as_words() -> None:
    """Korean fruit letters are syllables: "5배/체망" read as "fivefold" and "strainer". A
    Korean code puts "·" between the two cells of a row; English and French codes are the
    engine's own, which the pupil types in the lessons."""
    card = wd.Card.from_text("5P/CM")
    with speaking("ko"):
        korean = water_drops_code(card), water_drops_code(wd.Card.from_text("PB/12"))
        said = _placing(wd.Move(card, (0, 1), 0))
    assert korean == ("5·배/체·망", "배·바/1·2")
    assert "5·배/체·망 카드" in said, said
    for lang in ("en", "fr"):
        with speaking(lang):
            assert water_drops_code(card) == "5P/CM", lang


@pytest.mark.parametrize(("fruit", "drops"), [("B", [2]), ("C", [2]), ("P", [1, 2]), ("M", [2])])
def test_french_overwatered_fruit_agree_with_their_feminine_plural(
    fruit: str, drops: list[int]
) -> None:
    """ "3 cerises ... : trop arrosées": the four French fruits (banane, cerise, poire,
    mangue) are feminine, so an overwatered group of them is "trop arrosée(s)"."""
    with speaking("fr"):
        many, one = reason(fruit, 3, drops, 0), reason(fruit, 1, [], 0)
    assert many.endswith(": trop arrosées"), many
    assert "arrosé " not in many and not many.endswith("arrosé"), many
    assert "arrosé" not in one  # a lone fruit touching no drop is not overwatered


@pytest.mark.parametrize(
    ("lang", "square"),
    [("en", "row {row}, column {col}"), ("fr", "rangée {row}, colonne {col}"),
     ("ko", "행 {row}, 열 {col}")],
)  # fmt: skip
def test_a_water_drops_refusal_names_its_square_by_row_and_column(lang: str, square: str) -> None:
    """WD-3's refusals name the square as the board, the hints and the walkthrough do, "row
    R, column C" (never "square (0, 3)", which does not say which number is the row)."""
    with speaking(lang):
        said = [str(refusal) for refusal in _wd_refusals()[:3]]
    for words, (row, col) in zip(said, [(0, 0), (5, 5), (1, 0)], strict=True):
        assert "(WD-3)" in words and square.format(row=row, col=col) in words, words
        assert f"({row}, {col})" not in words, words
