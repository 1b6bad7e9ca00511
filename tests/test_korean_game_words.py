"""Korean words the s18 review found repeated or broken (Polish 11): a shared win said
"공동 우승이에요" twice, and the keys line broke between "· u" and "되돌리기"."""

from __future__ import annotations

import re

from orchard_lab.language import speaking
from orchard_lab.walkthrough_games import water_drops_game
from orchard_lab.widgets.board_base import key_help, result_words
from orchard_lab.widgets.stacked_trees_best_line import replay_key_help


def test_a_shared_win_is_said_once_in_korean() -> None:
    """The board's headline and the game's sentence both said "공동 우승이에요" (the water
    drops and apple batches walkthroughs' last steps)."""
    game = water_drops_game()
    assert len(game.winners()) == 2
    with speaking("ko"):
        words = result_words(game)
    # (the headline says it, "함께 이겼어요."; the game's sentence then only the tie)
    assert words.count("공동 우승") + words.count("함께 이겼") == 1, words


def test_each_key_stays_on_one_line_with_what_it_does_in_korean() -> None:
    """A key's letter and its action are joined by a no-break space, so a line never ends
    on "· u" with "되돌리기" on the next."""
    with speaking("ko"):
        lines = [key_help("카드", "자리", turning=turning) for turning in (True, False)]
        lines.append(key_help("카드", "자리", over=True))
        lines.append(key_help("카드", "자리", over=True, new_game=False))
        lines.append(replay_key_help())
    for line in lines:
        keys = re.findall(r"(?:^|· |: )([a-z])(\s)", line)
        assert {letter for letter, _ in keys} >= {"u"}, line
        assert all(space == "\u00a0" for _, space in keys), line
