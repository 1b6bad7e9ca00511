"""Deal codes of a class challenge: every deal round-trips, every slip is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from orchard_lab import stacked_trees as st
from orchard_lab.stacked_trees.codes import CODE_SYMBOLS

BOX = st.default_deck()
deals = hs.integers(1, 18).flatmap(lambda n: hs.permutations(range(18)).map(lambda p: p[:n]))


def _order(indexes: tuple[int, ...] | list[int]) -> tuple[st.Card, ...]:
    return tuple(BOX[i] for i in indexes)


@given(deals)
def test_every_deal_round_trips(indexes) -> None:
    order = _order(indexes)
    code = st.deal_code(order)
    assert code.startswith("ST-") and st.read_code(code) == order
    assert st.read_code(code.lower().replace("-", " ")) == order


def test_a_standard_deal_has_a_short_code_and_deals_the_game() -> None:
    game = st.Game.new(seed=11)
    code = st.deal_code(game.order)
    assert len(code) == len("ST-7Q2K-9XWD")
    again = st.Game.from_code(code, players=3)
    assert again.order == game.order and again.players == 3
    assert sorted(map(str, again.set_aside)) == sorted(map(str, game.set_aside))
    assert st.Game.from_code(code).legal_moves() == game.legal_moves()


def test_a_short_code_sets_the_number_of_cards() -> None:
    code = st.deal_code(BOX[:4])
    game = st.Game.from_code(code, rules=st.Rules(ladder=(1, 2, 4, 8)))
    assert game.rules.cards_per_game == 4 and game.rules.ladder == (1, 2, 4, 8)


@given(deals, hs.data())
def test_one_mistyped_symbol_is_refused(indexes, data) -> None:
    code = st.deal_code(_order(indexes))
    places = [i for i, symbol in enumerate(code) if symbol in CODE_SYMBOLS and i > 2]
    where = data.draw(hs.sampled_from(places))
    other = data.draw(hs.sampled_from([s for s in CODE_SYMBOLS if s != code[where]]))
    with pytest.raises(ValueError, match="mistyped"):
        st.read_code(code[:where] + other + code[where + 1 :])


@given(deals, hs.data())
def test_two_swapped_neighbours_are_refused(indexes, data) -> None:
    body = st.deal_code(_order(indexes)).removeprefix("ST-").replace("-", "")
    pairs = [i for i in range(len(body) - 1) if body[i] != body[i + 1]]
    if not pairs:
        return
    i = data.draw(hs.sampled_from(pairs))
    swapped = body[:i] + body[i + 1] + body[i] + body[i + 2 :]
    with pytest.raises(ValueError, match="mistyped or two are swapped"):
        st.read_code(swapped)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ST-4LT6-M5A", "too short"),
        ("ST-4LT6-M5AO", "'O' is not used"),
        ("ST-" + "Z" * 14, "not a deal"),
        ("X" * 60, "too long"),
    ],
)
def test_broken_codes_say_what_is_wrong(code, words) -> None:
    if words == "not a deal":  # give it a correct check symbol, so only the range is wrong
        body = code[3:-1]
        from orchard_lab.stacked_trees import codes

        values = [CODE_SYMBOLS.index(s) for s in body]
        code = "ST-" + body + CODE_SYMBOLS[codes.check_value(values)]
    with pytest.raises(ValueError, match=words):
        st.read_code(code)


def test_cards_outside_the_box_or_twice_have_no_code() -> None:
    with pytest.raises(ValueError, match="twice"):
        st.deal_code([BOX[0], BOX[0]])
    with pytest.raises(ValueError, match="standard box"):
        st.deal_code([st.Card.from_text("AAA/AAA")])
    with pytest.raises(TypeError):
        st.read_code(7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 to 18"):
        st.deal_code([])
