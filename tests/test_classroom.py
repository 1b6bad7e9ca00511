"""Result codes and the class table (issue 13, item 5): codes round-trip and replay exactly,
changed codes are refused, the decoder survives any text, and a mixed class is ranked."""

from __future__ import annotations

from functools import partial
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from orchard_lab import apple_batches as ab
from orchard_lab import classroom, walkthrough_games
from orchard_lab import stacked_trees as st
from orchard_lab import water_drops as wd
from orchard_lab.classroom import class_results, read_result, result_code
from orchard_lab.result_codes import (
    MAX_MOVES,
    MAX_SEED,
    MAX_SYMBOLS,
    _kind_of,
    _pack,
    _Writer,
    kinds,
)
from orchard_lab.stacked_trees.codes import CODE_SYMBOLS, check_value
from tests import soak
from tests.test_fuzz import FUZZ, bounded

MODULES = {"apple_batches": ab, "water_drops": wd, "stacked_trees": st}
ROUND_TRIP = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def played(
    module: ModuleType, players: int, seed: int, rules: Any = None, first: int = 0, play: int = 0
) -> Any:
    """A game of ``module`` dealt by ``seed`` and played to the end by random legal moves."""
    game = module.Game.new(players=players, seed=seed, rules=rules, first_player=first)
    rng = np.random.default_rng(play)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[int(rng.integers(len(moves)))])
    return game


def with_check(letter: str, body: str) -> str:
    """``letter`` + ``body`` + the check symbol that makes it pass the check."""
    values = [CODE_SYMBOLS.index(s) for s in letter + body]
    return letter + body + CODE_SYMBOLS[check_value(values)]


def same_game(one: Any, two: Any) -> None:
    assert one.history == two.history
    assert one.scores() == two.scores()
    assert one.winners() == two.winners()
    assert one.to_json() == two.to_json()


# -- round trips ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(MODULES))
@ROUND_TRIP
@given(
    players=hs.integers(1, 5),
    seed=hs.integers(0, 2**40),
    rules_seed=hs.integers(0, 2**32),
    play=hs.integers(0, 2**32),
    data=hs.data(),
)
def test_codes_round_trip_and_replay_exactly(
    name: str, players: int, seed: int, rules_seed: int, play: int, data: hs.DataObject
) -> None:
    module = MODULES[name]
    rules = module.Rules(**soak.random_rules(name, np.random.default_rng(rules_seed)))
    first = data.draw(hs.integers(0, players - 1), label="first player")
    pupil = data.draw(hs.integers(0, players - 1), label="pupil")
    try:
        game = played(module, players, seed, rules, first, play)
    except ValueError:  # rules that leave no room for the cards (WD-3 max_size)
        return
    for known in (seed, None):
        code = result_code(game, player=pupil, seed=known)
        result = read_result(code)
        same_game(result.game, game)
        assert (result.rules, result.player, result.players) == (rules, pupil, players)
        assert result.scores == tuple(game.scores())
        assert result.winners == tuple(game.winners())
        assert result.seed == known
        assert result.deal == game.deal_parts()
        assert result_code(result.game, player=pupil, seed=known) == code
        assert read_result(code.lower().replace("-", " ")).code == code


@pytest.mark.parametrize(
    ("module", "rules", "players"),
    [
        (st, st.Rules(ladder=(1, 5, 50), cards_per_game=12, hand_size=3, rotten_tokens=4), 2),
        (wd, wd.Rules(scoring="per_drop", allow_rotation=True, max_size=(7, 9)), 3),
        (ab, ab.Rules(special_broken_points=-20, end="four_rounds"), 6),
    ],
)
def test_switch_values_outside_the_offered_options_round_trip(module, rules, players) -> None:
    game = played(module, players, seed=5, rules=rules)
    for seed in (5, None):
        result = read_result(result_code(game, player=players - 1, seed=seed))
        assert result.rules == rules
        same_game(result.game, game)


def test_a_class_challenge_deal_and_a_seed_that_does_not_deal_the_game() -> None:
    game = st.Game.from_code("ST-4LT6-M5AV", players=2)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    code = result_code(game, player=1, seed=3)  # seed 3 deals other cards: ignored
    assert code == result_code(game, player=1)
    result = read_result(code)
    same_game(result.game, game)
    assert result.seed is None


def test_code_lengths_stay_short() -> None:
    """Typical lengths (symbols without dashes), for the docs and the report."""
    for module, most in ((ab, 70), (wd, 75), (st, 50)):
        for players in (1, 4):
            game = played(module, players, seed=1)
            length = len(result_code(game, seed=1).replace("-", ""))
            assert length <= most, (module.__name__, players, length)
    assert len(result_code(played(st, 1, seed=1), seed=1).replace("-", "")) <= 16


def test_result_code_refuses_what_it_cannot_write() -> None:
    with pytest.raises(TypeError, match="game must be"):
        result_code("S2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="finish the game first"):
        result_code(st.Game.new(seed=1))
    game = played(st, 2, seed=1)
    with pytest.raises(ValueError, match="player must be between 0 and 1"):
        result_code(game, player=2)
    with pytest.raises(TypeError, match="seed must be an integer"):
        result_code(game, seed="1")  # type: ignore[arg-type]
    cards = [st.Card.from_text("APL/LAP")] * 3
    repeated = st.Game.deal(cards)
    while not repeated.is_over:
        repeated.play(repeated.legal_moves()[0])
    with pytest.raises(ValueError, match="standard stacked trees cards"):
        result_code(repeated)
    with pytest.raises(ValueError, match="too big for a result code"):
        result_code(played(st, st.MAX_PLAYERS, seed=1))


# -- corrupted codes -----------------------------------------------------------------------------
SAMPLES = [
    result_code(played(ab, 2, seed=3), seed=3),
    result_code(played(wd, 1, seed=3), seed=3),  # over 29 symbols: the check's weights repeat
    result_code(played(st, 1, seed=3)),
    result_code(played(st, 3, seed=4), player=2, seed=4),
]


@pytest.mark.parametrize("code", SAMPLES)
def test_every_single_slip_and_every_swap_of_neighbours_is_refused(code: str) -> None:
    text = code.replace("-", "")
    assert len(text) > 12
    for i, symbol in enumerate(text):
        for other in CODE_SYMBOLS:
            if other != symbol:
                with pytest.raises(ValueError):
                    read_result(text[:i] + other + text[i + 1 :])
    for i in range(len(text) - 1):
        if text[i] != text[i + 1]:
            swapped = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
            with pytest.raises(ValueError, match="typing mistake"):
                read_result(swapped)


@pytest.mark.parametrize("code", SAMPLES)
def test_every_cut_off_or_lengthened_code_is_refused(code: str) -> None:
    text = code.replace("-", "")
    for cut in range(1, len(text)):
        with pytest.raises(ValueError):
            read_result(text[:cut])
    for extra in CODE_SYMBOLS:
        with pytest.raises(ValueError):
            read_result(text + extra)
        with pytest.raises(ValueError):  # even with a check symbol that fits
            read_result(with_check(text[0], text[1:-1] + extra))


def test_each_refusal_says_what_is_wrong_in_plain_words() -> None:
    code = SAMPLES[2]
    slip = code[:-1] + ("2" if code[-1] != "2" else "3")
    cases = [
        (slip, "typing mistake: a symbol is wrong or missing, or two are swapped"),
        (code[:2], "cut off"),
        ("", "no result code"),
        ("S2O", "'O' is not used in result codes"),
        (with_check("Q", "K7"), "names no game: result codes start with A"),
        ("ST-4LT6-M5AV", "stacked trees deal code"),
        ("S" * (MAX_SYMBOLS + 1), "far too long"),
        (with_check("S", "2K7"), "damaged"),  # a leading zero: never written
    ]
    for text, words in cases:
        with pytest.raises(ValueError, match=words):
            read_result(text)
    with pytest.raises(TypeError, match="code must be str"):
        read_result(7)  # type: ignore[arg-type]


def test_an_unfinished_game_is_refused() -> None:
    game = st.Game.new(seed=1)
    game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match=r"not finished .* shown when the game is over"):
        read_result(_pack(kinds()["S"], game, 0, 1))


def written(moves: int, rules_changed: bool = False) -> str:
    """A solo stacked trees code of seed 1 that says it holds ``moves`` moves, each the first
    legal move: the format written out digit by digit."""
    out = _Writer()
    out.put(0, st.FACTS.max_players)  # 1 player
    out.put(0, 1)  # first player
    out.put(0, 1)  # the pupil
    out.put(int(rules_changed), 2)
    if rules_changed:  # every switch marked changed; the ladder set to an impossible value
        for each in st.Rules.__dataclass_fields__:
            out.put(1, 2)
            if each == "ladder":
                out.put(4, 5)
                out.put(2, 21)
                out.put_number(3)
                out.put_number(2)
            else:
                out.put(0, {"dice_per_fruit": 21, "rotten_tokens": 13}.get(each, 11))
    out.put(1, 2)  # seeded
    out.put_number(1)
    out.put_number(moves)
    return stacked_trees_code(out)


def stacked_trees_code(out: _Writer) -> str:
    """The stacked trees code of the digits written into ``out``, with its check symbol."""
    number, body = out.number(), ""
    while number:
        number, digit = divmod(number, len(CODE_SYMBOLS))
        body = CODE_SYMBOLS[digit] + body
    return with_check("S", body)


def test_codes_the_lab_never_writes_are_refused() -> None:
    game = st.Game.new(seed=1)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert read_result(written(len(game.history))).scores == tuple(game.scores())
    with pytest.raises(ValueError, match="goes on after the end of the game"):
        read_result(written(len(game.history) + 1))
    with pytest.raises(ValueError, match="not finished"):
        read_result(written(len(game.history) - 1))
    with pytest.raises(ValueError, match="more moves than any game has"):
        read_result(written(5000))
    with pytest.raises(ValueError, match="its rules are not possible"):
        read_result(written(0, rules_changed=True))


def test_the_largest_seed_a_code_stores_and_the_first_it_does_not() -> None:
    for seed, stored in ((MAX_SEED, MAX_SEED), (MAX_SEED + 1, None)):
        game = played(st, 1, seed=seed)
        result = read_result(result_code(game, seed=seed))
        assert result.seed == stored
        same_game(result.game, game)


def test_the_longest_code_is_written_and_read(monkeypatch) -> None:
    game = played(ab, 6, seed=2)
    code = result_code(game)
    length = len(code.replace("-", ""))
    monkeypatch.setattr("orchard_lab.result_codes.MAX_SYMBOLS", length)
    assert result_code(game) == code
    assert read_result(code).code == code
    monkeypatch.setattr("orchard_lab.result_codes.MAX_SYMBOLS", length - 1)
    with pytest.raises(ValueError, match="too big for a result code"):
        result_code(game)
    with pytest.raises(ValueError, match="far too long"):
        read_result(code)


def test_where_a_code_is_refused_at_the_edges() -> None:
    cases = [
        (with_check("S", "3" * (MAX_SYMBOLS - 2)), "damaged"),  # as long as a code may be
        ("S2", "cut off"),
        (with_check("S", "2"), "damaged"),  # three symbols: the shortest code, a leading zero
        (with_check("S", "3"), "not finished"),
        (written(MAX_MOVES), "goes on after the end of the game"),
        (written(MAX_MOVES + 1), "more moves than any game has"),
    ]
    for text, words in cases:
        with pytest.raises(ValueError, match=words):
            read_result(text)
    game = played(st, 1, seed=1)
    with pytest.raises(ValueError, match="seed must be at least 0, got -1"):
        result_code(game, seed=-1)
    with pytest.raises(TypeError, match="Game of apple batches, water drops, stacked trees"):
        result_code(None)  # type: ignore[arg-type]
    words = "start with A [(]apple batches[)], W [(]water drops[)], S [(]stacked trees[)]"
    with pytest.raises(ValueError, match=words):
        read_result(with_check("Q", "K7"))


@pytest.mark.parametrize("what", ["seed", "number of moves", "rule"])
def test_a_number_too_large_for_a_code_is_named(what: str) -> None:
    """A stored whole number has at most 14 chunks of 5 bits; the refusal names which."""
    out = _Writer()
    out.put(0, st.FACTS.max_players)  # 1 player, first player and pupil 0
    out.put(0, 1)
    out.put(0, 1)
    out.put(int(what == "rule"), 2)  # rules changed
    if what == "rule":  # only the ladder changed, to one value of its own: too large
        for each in st.Rules.__dataclass_fields__:
            out.put(int(each == "ladder"), 2)
            if each == "ladder":
                out.put(4, 5)
                out.put(1, 21)
                out.put_number(2**75)
    else:
        out.put(1, 2)  # seeded
        if what == "number of moves":
            out.put_number(1)  # the seed
        out.put_number(2**75)
    with pytest.raises(ValueError, match=f"its {what} is far too large"):
        read_result(stacked_trees_code(out))


# -- fuzzing the decoder -------------------------------------------------------------------------
@FUZZ
@given(text=hs.text(max_size=500))
def test_read_result_refuses_arbitrary_text(text: str) -> None:
    bounded(partial(read_result, text))


@FUZZ
@given(body=hs.text(alphabet=CODE_SYMBOLS, min_size=1, max_size=MAX_SYMBOLS - 2))
def test_read_result_survives_any_code_that_passes_the_check(body: str) -> None:
    """Past the check symbol, any digits: replayed or refused with ValueError, in bounded time."""
    for letter in "AWS":
        code = with_check(letter, body)
        bounded(partial(read_result, code))


@FUZZ
@given(value=hs.one_of(hs.none(), hs.integers(), hs.binary(), hs.lists(hs.text())))
def test_read_result_refuses_what_is_not_text(value: object) -> None:
    bounded(partial(read_result, value), allowed=(TypeError,))  # type: ignore[arg-type]


# -- the class table -------------------------------------------------------------------------------
def test_a_mixed_class_is_grouped_by_game_and_deal_and_ranked() -> None:
    ana = played(st, 1, seed=4, play=1)
    ben = played(st, 1, seed=4, play=2)
    cai = played(st, 1, seed=5, play=1)
    duo = played(ab, 2, seed=1)
    pond = played(wd, 1, seed=2)
    paste = "\n".join(
        [
            f"Ana: {result_code(ana, seed=4)}",
            f"Ben:{result_code(ben)}",  # no seed: the same deal all the same
            "",
            f"Cai : {result_code(cai, seed=5)}",
            f"Dev: {result_code(duo, player=0, seed=1)}",
            f"Eve: {result_code(duo, player=1, seed=1)}",
            f"  Fay   Li : {result_code(pond, seed=2).lower()}",
            f"Gus: {result_code(ana)}",  # Ana's game again, its deal written out
            "Hal: S2",
            result_code(cai, seed=5)[:-1],  # no name, and cut short
        ]
    )
    table = class_results(paste)
    assert [g.title for g in table.groups] == [
        "stacked trees",
        "stacked trees",
        "apple batches",
        "water drops",
    ]
    first = table.groups[0]
    assert {row.name for row in first.rows} == {"Ana", "Ben"}
    assert first.deal == f"deal {st.deal_code(ana.order)}"
    scores = sorted([ana.scores()[0], ben.scores()[0]], reverse=True)
    assert [row.score for row in first.rows] == scores
    assert [row.place for row in first.rows] == ([1, 1] if scores[0] == scores[1] else [1, 2])
    assert first.best is not None and first.best.score >= scores[0]
    assert first.rows[0].rating == st.rating(scores[0])
    duo_rows = table.groups[2].rows
    assert [row.name for row in duo_rows] == sorted(
        ["Dev", "Eve"], key=lambda n: -duo.scores()["DE".index(n[0])]
    )
    assert [row.won for row in duo_rows] == [row.result.player in duo.winners() for row in duo_rows]
    assert table.groups[2].best is None and duo_rows[0].rating is None
    assert "seed 1, 2 players, standard rules" in table.groups[2].label
    assert table.groups[3].rows[0].name == "Fay Li"
    assert [row.name for row in table.rows][:2] == [row.name for row in first.rows]
    refused = {each.name: each.reason for each in table.refused}
    assert refused["Gus"].startswith("the same game as Ana's code")
    assert "cut off" in refused["Hal"]
    assert "typing mistake" in refused["line 10"]
    assert [each.line for each in table.refused] == [8, 9, 10]


def test_an_orchard_written_for_another_table_or_seat_is_the_same_game() -> None:
    """ST-7: each orchard is a game of its own, so one pupil's orchard written again as seat 0
    or seat 1 of a two-player game (with or without its seed) is refused; another orchard on
    the same cards at that table counts."""
    solo = played(st, 1, seed=6)
    copied = st.Game.new(players=2, seed=6)
    for _, move in solo.history:  # both seats build the pupil's orchard
        copied.play(move)
        copied.play(move)
    other = played(st, 2, seed=6, play=3)
    assert other.boards[1].cards() != solo.boards[0].cards()
    paste = "\n".join(
        [
            f"Ana: {result_code(solo, seed=6)}",
            f"Ben: {result_code(copied, player=0, seed=6)}",
            f"Cai: {result_code(copied, player=1)}",
            f"Dev: {result_code(other, player=1, seed=6)}",
        ]
    )
    table = class_results(paste, best_lines=False)
    assert sorted(row.name for row in table.rows) == ["Ana", "Dev"]
    assert [(each.name, each.reason) for each in table.refused] == [
        (name, "the same game as Ana's code: each pupil has their own") for name in ("Ben", "Cai")
    ]


def test_two_pupils_at_one_table_have_a_seat_each() -> None:
    duo = played(ab, 2, seed=1)
    paste = f"Dev: {result_code(duo, player=0)}\nEve: {result_code(duo, player=1)}"
    table = class_results(paste)
    assert sorted(row.name for row in table.rows) == ["Dev", "Eve"] and not table.refused


def test_deals_without_a_seed_get_labels_of_their_own() -> None:
    one, two = played(ab, 2, seed=1), played(ab, 2, seed=2)
    paste = "\n".join(
        [
            f"Ana: {result_code(one)}",
            f"Ben: {result_code(two)}",
            f"Cai: {result_code(played(ab, 2, seed=1, play=5))}",
            f"Dev: {result_code(played(wd, 2, seed=3))}",
        ]
    )
    table = class_results(paste)
    assert [(group.deal, sorted(row.name for row in group.rows)) for group in table.groups] == [
        ("deal 1 without a seed", ["Ana", "Cai"]),
        ("deal 2 without a seed", ["Ben"]),
        ("deal 3 without a seed", ["Dev"]),
    ]
    assert len({group.label for group in table.groups}) == 3


def test_names_on_more_than_one_line_are_listed() -> None:
    paste = "\n".join(
        [
            f"Ana: {result_code(played(ab, 1, seed=1), seed=1)}",
            f"Ben: {result_code(played(ab, 1, seed=2), seed=2)}",
            f"Ana : {result_code(played(wd, 1, seed=1), seed=1)}",
            f"Ben: {result_code(played(st, 1, seed=1), seed=1)}",
            f"Cai: {result_code(played(ab, 1, seed=3), seed=3)}",
            "Cai: S2",  # refused, so Cai's name is on one counted line
        ]
    )
    table = class_results(paste, best_lines=False)
    assert table.shared_names == ("Ana", "Ben")


def test_best_lines_are_the_same_on_every_run() -> None:
    paste = f"Ana: {result_code(played(st, 1, seed=6), seed=6)}"
    one, two = class_results(paste), class_results(paste)
    assert one.groups[0].best == two.groups[0].best
    assert one.groups[0].best is not None
    assert one.groups[0].best.nodes <= classroom.BEST_LINE_NODES + 1
    assert class_results(paste, best_lines=False).groups[0].best is None


def test_only_the_first_deals_are_searched_for_a_best_line(monkeypatch) -> None:
    monkeypatch.setattr(classroom, "MAX_BEST_LINES", 2)
    paste = "\n".join(
        f"P{seed}: {result_code(played(st, 1, seed=seed), seed=seed)}" for seed in range(3)
    )
    table = class_results(paste)
    assert [group.best is not None for group in table.groups] == [True, True, False]


def test_class_results_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="text must be str"):
        class_results(["Ana: S2"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="best_lines"):
        class_results("", best_lines=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most 500 lines"):
        class_results("x\n" * 501)
    with pytest.raises(ValueError, match="at most 200000 characters"):
        class_results("x" * (classroom.MAX_TEXT + 1))
    assert class_results("\n \n") == classroom.ClassResults((), (), (), ())


# The codes the rule walkthroughs' last steps showed before they stopped showing codes: a
# pupil may still hold one, and it once ranked first in a class.
WALKTHROUGH_CODES = {
    "apple batches, 'The end of the game'": "A4XT-SKPP-YWZ4-GY",
    "stacked trees, 'The end and your rating'": "SD4Q-YHY8-KCS7-AAG",
    "water drops, 'The end and winning'": (
        "W5ZJ-39NX-L2XH-8VAR-JVMQ-2WFD-QJKB-PBTS-SE86-YBT6-X5N6-ZZ4Z-9HWJ-YFNL-7"
    ),
}


@pytest.mark.parametrize("step", sorted(WALKTHROUGH_CODES))
def test_a_walkthrough_games_code_is_refused_with_a_sentence(step: str) -> None:
    title, step_title = step.split(", ")
    with pytest.raises(ValueError) as refusal:
        read_result(WALKTHROUGH_CODES[step])
    assert str(refusal.value) == (
        f"this code comes from a walkthrough's scripted game (the {title} walkthrough, step "
        f"{step_title}), not a game the pupil played: ask the pupil for the code of a game of "
        "their own"
    )


@pytest.mark.parametrize(
    "build",
    [
        walkthrough_games.apple_batches_game,
        walkthrough_games.apple_batches_tie,
        walkthrough_games.water_drops_game,
        walkthrough_games.stacked_trees_game,
        lambda: walkthrough_games.stacked_trees_game(3),
    ],
)
def test_every_walkthrough_game_has_no_code_however_it_is_written(build) -> None:
    game = build()
    with pytest.raises(ValueError, match=r"walkthrough's scripted game .* no result code"):
        result_code(game)
    kind = _kind_of(game)
    assert kind is not None
    for player in range(game.players):  # with its seed, with its deal written out
        for seed in (None, 3, 7, 62):
            with pytest.raises(ValueError, match="not a game the pupil played"):
                read_result(_pack(kind, game, player, seed))


def test_the_walkthrough_deal_played_otherwise_is_a_pupils_game() -> None:
    game = played(ab, 1, seed=walkthrough_games.APPLE_BATCHES_SEED)
    assert read_result(result_code(game, seed=7)).score == game.scores()[0]


def test_the_class_table_lists_a_walkthrough_code_as_refused_and_ranks_the_rest() -> None:
    real = played(ab, 1, seed=7)
    paste = f"Ana: {WALKTHROUGH_CODES[next(iter(WALKTHROUGH_CODES))]}\nBen: {result_code(real)}"
    table = class_results(paste)
    assert [row.name for row in table.rows] == ["Ben"]
    assert [each.name for each in table.refused] == ["Ana"]
    assert "walkthrough's scripted game" in table.refused[0].reason
