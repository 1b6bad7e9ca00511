"""The stacked trees board driven from Python, by the same buttons a class clicks."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from orchard_lab import stacked_trees as st
from orchard_lab.contrast import contrast_ratio
from orchard_lab.language import speaking
from orchard_lab.widgets import StackedTreesBoard
from orchard_lab.widgets.board_base import HIGHLIGHT
from orchard_lab.widgets.plotly_state import SharedBundleFigure
from orchard_lab.widgets.stacked_trees_html import (
    FRAMES,
    FRUIT_FILL,
    HIGHLIGHT_FRAME,
    LAST_FRAME,
    TEXT_ON,
    effect_words,
)
from orchard_lab.widgets.styles import STATIC
from tests.frames import classes, framed_states, outline


def _classes(board: StackedTreesBoard, at: tuple[int, int]) -> set[str]:
    """The CSS classes of the grid cell shown at ``at``."""
    square = board.grid.square(at)
    assert square is not None, f"the cell {at} is not on show"
    return set(square.classes.split())


def _click_move(board: StackedTreesBoard, move: st.Move) -> None:
    """Play ``move`` by clicks only: choose its card, turn with the buttons, click the cell
    twice (ghost, then place), and say yes when it spends tokens."""
    board.hand_buttons[board.game.hand.index(move.card)].click()
    while board.rotation != move.rotation:
        board.right_button.click()
    board.grid.click(move.at)
    assert "orchard-st-ghost" in _classes(board, move.at)
    board.grid.click(move.at)
    if move.rotten:
        assert board.confirm_button.layout.display is None
        board.confirm_button.click()


def test_building_a_board_plays_nothing_and_shows_the_deal() -> None:
    board = StackedTreesBoard(seed=5)
    assert board.game.history == () and board.game.to_json() == st.Game.new(seed=5).to_json()
    assert st.deal_code(board.game.order) in board.code.value
    assert "Score: 0" in board.score_text.value and "Pal-tree" in board.score_text.value
    assert "apple 5" in board.supply.value and "2 of 2" in board.supply.value
    start = board.game.order[0]
    for r, row in enumerate(start.rows):
        for c, fruit in enumerate(row):
            square = board.grid.square((r, c))
            assert square is not None and f"orchard-st-fruit-{fruit}" in square.classes
            assert square.label == f"{fruit}: {st.FRUIT_NAMES[fruit]}, row {r}, column {c}"
            assert square.active and f">{fruit}<" in square.html


def test_a_whole_game_by_clicks_with_turns_and_tokens() -> None:
    board = StackedTreesBoard(seed=2)
    turned = rotten = 0
    while not board.game.is_over:
        moves = board.game.legal_moves()
        wanted = [m for m in moves if m.rotation and (m.rotten or rotten)] or moves
        move = wanted[(len(board.game.history) * 7) % len(wanted)]
        before = board.game.boards[0].total
        gain = board.game.boards[0].gain(move.card, move.at, move.rotation, move.rotten)
        _click_move(board, move)
        assert board.game.history[-1] == (0, move), board.message.value
        assert board.game.boards[0].total == before + gain
        turned += move.rotation != 0
        rotten += move.rotten
    game = board.game
    assert turned and rotten and len(game.history) == len(game.order) - 1
    total = game.scores()[0]
    assert f"Score: {total}" in board.score_text.value
    assert f"you scored {total} point" in board.summary.value
    # the score and rating said once: a solo game's winner sentence would say them again
    assert (
        board.summary.value.count(st.rating(total)) == 1 and "Solo game" not in board.summary.value
    )
    assert all(slot.layout.display == "none" for slot in board.hand_row.slots)
    orchard = game.boards[0]
    rmin, rmax, cmin, cmax = orchard.bounds()
    window = {(r, c) for r in range(rmin - 2, rmax + 3) for c in range(cmin - 2, cmax + 3)}
    assert {square.at for square in board.grid.shown()} == window  # the orchard and 2 around
    for square in board.grid.shown():  # a grown orchard leaves no stale text behind
        fruit = orchard.top(*square.at)
        die = orchard.die(*square.at)
        if fruit is None:
            assert square.html == "" and "orchard-st-empty" in square.classes, square
        else:
            assert f">{fruit}<" in square.html, square
            mark = "✗" if orchard.is_rotten(*square.at) else die
            assert (f">{mark}<" in square.html) == (mark is not None), square


def test_the_ghost_says_what_a_placement_would_do_before_anything_changes() -> None:
    board = StackedTreesBoard(seed=0)
    game = board.game
    saved = game.to_json()
    for move in game.legal_moves()[::5]:
        board.select_card(game.hand.index(move.card))
        board.rotation = move.rotation
        ghost = board.preview(move.at)
        copy = game.boards[0].copy()
        before = copy.dice()
        copy.place(move.card, move.at, move.rotation, move.rotten)
        assert ghost is not None and ghost.legal and (ghost.tokens > 0) == move.rotten
        assert ghost.gain == copy.total - game.boards[0].total
        assert {c for c, _ in ghost.new_dice} == set(copy.dice()) - set(before)
        assert "✓ Allowed here" in board.message.value
        assert board.place_button.disabled is False
    assert game.to_json() == saved


def test_illegal_placements_explain_themselves_and_change_nothing() -> None:
    board = StackedTreesBoard(seed=0)
    board.select_card(0)
    saved = board.game.to_json()
    board.grid.click((-2, -2))  # an empty cell: the card's trees lie on no tree in play
    assert "✗ Not allowed here" in board.message.value and "(ST-3)" in board.message.value
    assert "orchard-st-ghost-bad" in _classes(board, (-2, -2))
    assert board.place_button.disabled
    board.grid.click((-2, -2))  # a second click tries to place it
    assert "orchard-refused" in board.message.value
    board.place((40, 40))
    assert "Not allowed" in board.message.value and board.game.to_json() == saved
    board.confirm_button.click()
    assert "nothing to say yes to" in board.message.value and board.game.to_json() == saved


def test_a_placement_with_tokens_waits_for_an_explicit_yes_ST_5() -> None:
    board = StackedTreesBoard(seed=0)
    move = next(m for m in board.game.legal_moves() if m.rotten)
    board.select_card(board.game.hand.index(move.card))
    board.rotation = move.rotation
    saved = board.game.to_json()
    board.place(move.at)
    assert "rotten token" in board.message.value and board.confirm_button.layout.display is None
    assert board.game.to_json() == saved
    board.confirm()
    assert board.game.boards[0].rotten_used > 0 and board.confirm_button.layout.display == "none"


def test_undo_hint_and_keys() -> None:
    board = StackedTreesBoard(seed=3)
    board.undo_button.click()
    assert "no card of yours" in board.message.value
    board.hint_button.click()
    advice = st.hint(board.game)
    assert board.hint_text.value.startswith("<b>Hint:</b> Greedy choice")
    assert (board.selected, board.rotation, board.at) == (
        advice.move.card,
        advice.move.rotation,
        advice.move.at,
    )
    board.place_button.click()
    assert board.game.history[-1][1] == advice.move and board.hint_text.value == ""
    board.undo_button.click()
    assert board.game.history == () and board.game.to_json() == st.Game.new(seed=3).to_json()
    board.press("r")
    assert "Choose a card" in board.message.value
    board.select_card(1)
    assert board.board_keys.focus_to == '.orchard-st-grid [data-cell="0,0"]'
    board.press("r")
    board.grid.click((0, 1))
    assert board.rotation == 90 and board.at == (0, 1)
    board.press("q")
    assert "r turn the card" in board.message.value


def test_several_players_get_the_same_cards_and_answer_ST_7() -> None:
    board = StackedTreesBoard(seed=1, players=3)
    _click_move(board, board.game.legal_moves()[0])
    assert [len(b.cards()) for b in board.game.boards] == [2, 2, 2]
    assert "Player 2 (greedy)" in board.others.value
    board.undo()
    assert [len(b.cards()) for b in board.game.boards] == [1, 1, 1]


def test_new_game_by_seed_and_by_deal_code_and_a_mistyped_code() -> None:
    board = StackedTreesBoard(seed=0)
    code = st.deal_code(st.Game.new(seed=9).order)
    board.deal_choice.value = code.lower()
    board.rule_switches.controls["rotten_tokens"].value = 3
    board.new_button.click()
    assert board.game.order == st.Game.new(seed=9).order and board.game.rules.rotten_tokens == 3
    assert code in board.code.value
    saved = board.game.to_json()
    board.deal_choice.value = code[:-1] + ("2" if code[-1] != "2" else "3")
    board.new_button.click()
    assert "does not check out" in board.message.value and board.game.to_json() == saved
    board.new_game(deal="", seed=4, players=2)
    assert board.game.order == st.Game.new(seed=4).order and board.game.players == 2


def test_how_well_could_i_have_done_and_the_replay_of_the_best_line() -> None:
    board = StackedTreesBoard(deal=st.deal_code(st.default_deck()[:5]))
    assert board.compare_box.layout.display == "none" and board.replay_next.disabled
    _click_move(board, board.game.legal_moves()[0])
    board.how_well(wait=True, time_limit=3)
    best = board.best
    assert best is not None and len(best.moves) == 4
    assert board.compare_box.layout.display is None
    assert set(board.comparison) == {"random (mean)", "greedy", "lookahead", "planner", "best line"}
    assert board.comparison["best line"] == best.score >= board.comparison["greedy"]
    assert "you" not in board.figure.data[0].y  # a game not finished: no score to plot yet
    assert f"{best.score} points" in board.best_text.value
    steps = 0
    while not board.replay_next.disabled:
        board.replay_next.click()
        steps += 1
    assert steps == len(best.moves) + 1 and board.replay_step == len(best.moves)
    shown = board.replay_board()
    assert shown is not None and shown.total == best.score
    assert f"Total so far: {best.score}" in board.message.value
    assert "Watching the best line" in board.turn_line.value
    assert f"<b>Score: {best.score}</b>" in board.score_text.value  # the line's, not yours
    last = best.moves[-1]
    card_cells = {
        (last.at[0] + r, last.at[1] + c)
        for r, line in enumerate(last.card.rotated(last.rotation).rows)
        for c in range(len(line))
    }
    lit = {square.at for square in board.grid.shown() if "orchard-st-last" in square.classes}
    assert lit == card_cells
    saved = board.game.to_json()
    board.grid.click(last.at)
    assert "watching the best line" in board.message.value and board.game.to_json() == saved
    assert board.turning.layout.display == "none"  # no hand to turn or place while watching
    assert board.hint_button.layout.display == "none"
    board.replay_back.click()
    assert board.replay_step == len(best.moves) - 1
    board.replay_exit.click()
    assert board.replay_step is None and board.game.to_json() == saved
    assert board.turning.layout.display is None and board.hint_button.layout.display is None
    assert f"<b>Score: {board.game.scores()[0]}</b>" in board.score_text.value


def test_highlight_marks_cells_and_parts() -> None:
    board = StackedTreesBoard(seed=0)
    board.highlight(cells=[(0, 1)], supply=True, hand=True)
    assert HIGHLIGHT in _classes(board, (0, 1))
    assert HIGHLIGHT in board.supply._dom_classes and HIGHLIGHT in board.hand_box._dom_classes
    board.highlight(score=True)
    assert HIGHLIGHT not in _classes(board, (0, 1))
    assert HIGHLIGHT not in board.supply._dom_classes and board.highlighted == {"score": (True,)}


def test_no_traceback_reaches_a_learner() -> None:
    board = StackedTreesBoard(seed=0)
    board.seed_choice.value = 3
    board.players_choice.value = 2
    board.deal_choice.value = "hello"
    board.new_button.click()
    assert "That did not work" in board.message.value or "not used" in board.message.value
    with pytest.raises(ValueError, match="slot"):
        board.select_card(5)


def test_colours_and_text_reach_contrast_4_5() -> None:
    for name, (fg, bg) in TEXT_ON.items():
        assert contrast_ratio(fg, bg) >= 4.5, name
    assert len(set(FRUIT_FILL.values())) == 3


def test_effect_words() -> None:
    board = st.Board(st.Card.from_text("APL/LAP"))
    ghost = board.effect(st.Card.from_text("PPL/LAP"), (0, 0))
    assert "costs 1 rotten token (-3 points); +2 points in all" in effect_words(ghost, 3)
    refused = board.effect(st.Card.from_text("PPP/PPP"), (5, 5))
    assert effect_words(refused, 3).startswith("✗ Not allowed here: Stacking (ST-3)")


@pytest.fixture(scope="module")
def tour():
    from orchard_lab.widgets import rule_walkthrough

    return rule_walkthrough(st)


def test_the_walkthrough_steps_forward_and_back_with_each_highlight(tour) -> None:
    from orchard_lab.widgets.stacked_trees_walkthrough import SCRIPT

    board = tour.view
    assert isinstance(board, StackedTreesBoard) and 8 <= len(tour.steps) == len(SCRIPT) <= 12
    tour.go(0)
    order = [*range(len(SCRIPT)), *reversed(range(len(SCRIPT) - 1))]
    for index in order:
        if index > tour.index:
            tour.next_button.click()
        elif index < tour.index:
            tour.back_button.click()
        scene = SCRIPT[index]
        assert tour.index == index and "did not work" not in tour.note.value, scene.title
        assert tour.note.value, scene.title
        marked = board.highlighted
        for name in scene.highlight:
            assert marked[name] == (True,), scene.title
            assert HIGHLIGHT in board._highlightable[name]._dom_classes, scene.title
        for cell in marked.get("cells", ()):
            assert HIGHLIGHT in _classes(board, cell), scene.title


def test_the_walkthrough_shows_the_rules_on_its_own_board(tour) -> None:
    from orchard_lab.widgets.stacked_trees_walkthrough import SCRIPT

    titles = [scene.title for scene in SCRIPT]
    tour.go(titles.index("Matching fruit"))
    assert "✓ Allowed" in tour.note.value and "✗ Refused" in tour.note.value
    assert "Matching fruit (ST-3)" in tour.note.value
    tour.go(titles.index("Dice and the ladder"))
    assert max(tour.view.game.boards[0].dice().values()) >= 6
    tour.go(titles.index("The supply runs out"))
    assert 0 in tour.view.game.boards[0].dice_left.values()
    tour.go(titles.index("Rotten fruit"))
    assert tour.view.game.boards[0].rotten_used == 1 and "asked for a yes" in tour.note.value
    tour.go(titles.index("The end and your rating"))
    assert tour.view.game.is_over and "rating" in tour.view.summary.value
    tour.go(titles.index("Several players"))
    assert tour.view.game.players == 3 and tour.view.game.is_over
    first = tour.view.game.to_json(), tour.note.value
    tour.go(0)
    tour.go(titles.index("Several players"))
    assert (tour.view.game.to_json(), tour.note.value) == first


def test_a_search_cut_short_below_your_own_game_shows_your_line(monkeypatch) -> None:
    board = StackedTreesBoard(seed=6)
    while not board.game.is_over:
        board.hint()
        board.place()
        if board.confirm_button.layout.display is None:
            board.confirm()
    weak = st.BestLine(score=-6, moves=(), optimal=False, nodes=1)
    monkeypatch.setattr(st, "best_line", lambda *args, **kwargs: weak)
    board.how_well(wait=True)
    mine = tuple(move for _, move in board.game.history)
    assert board.best is not None and board.best.moves == mine
    assert board.comparison["best line"] == board.game.scores()[0]
    board.replay(len(mine))
    shown = board.replay_board()
    assert shown is not None and shown.total == board.game.scores()[0]


CSS = "stacked_trees_board.css"


def test_the_legend_names_every_frame_the_grid_draws() -> None:
    """Every frame the grid draws on a cell is in the legend, drawn by the same CSS rule,
    with its meaning: the ghost, a ghost where the card may not go, the spot clicked, the
    best line's last card (while replayed), the lesson's highlight (while highlighting)."""
    board = StackedTreesBoard(deal=st.deal_code(st.default_deck()[:4]))
    before = classes(board.widget)
    seen = set(before)
    move = board.game.legal_moves()[0]
    board.select_card(board.game.hand.index(move.card))
    board.rotation = move.rotation
    board.preview(move.at)
    seen |= classes(board.widget)
    board.preview((-2, -2))  # nothing under it: a ghost that may not go
    seen |= classes(board.widget)
    assert "orchard-st-legend-last" not in board.legend.value
    board.how_well(wait=True, time_limit=2)
    board.replay(1)
    board.highlight(cells=[(0, 0)])
    seen |= classes(board.widget)
    states = framed_states(CSS, before, seen)
    assert set(states) == {"orchard-st-ghost", "orchard-st-ghost-bad", "orchard-st-picked",
                           "orchard-st-last", HIGHLIGHT}, states  # fmt: skip
    legend = board.legend.value
    for state, sample, meaning in (*FRAMES, LAST_FRAME, HIGHLIGHT_FRAME):
        assert sample in states[state], f"{state}'s CSS rule does not draw {sample}"
        assert sample in legend and html.escape(meaning) in legend, sample
    board.stop_replay()
    board.highlight()
    assert LAST_FRAME[1] not in board.legend.value and HIGHLIGHT_FRAME[1] not in board.legend.value


def test_a_ghost_keeps_the_legends_dashes_when_a_lesson_marks_it_or_it_is_clicked() -> None:
    """The walkthrough highlighted the ghost's cells, and the highlight's solid orange frame
    hid the ghost's green dashes, the legend's picture of a ghost; the clicked spot's blue
    frame hid them on one cell. The ghost is drawn as the legend draws it, whatever else
    marks its cells (the spot clicked by a corner)."""
    sample = {"orchard-st-legend-tree", "orchard-st-fruit-A", "orchard-st-legend-ghost"}
    ghost = outline(CSS, sample)
    assert "dashed" in ghost and "#1b7837" in ghost
    from orchard_lab.widgets import rule_walkthrough
    from orchard_lab.widgets.stacked_trees_walkthrough import SCRIPT

    tour = rule_walkthrough(st)
    tour.go([scene.title for scene in SCRIPT].index("Matching fruit"))
    board = tour.view
    cells = [_classes(board, cell) for cell in board.highlighted["cells"]]
    assert cells and all({"orchard-st-ghost", HIGHLIGHT} <= cell for cell in cells)
    assert any("orchard-st-picked" in cell for cell in cells)
    for cell in cells:
        drawn = outline(CSS, cell)
        assert drawn.split()[1:] == ghost.split()[1:], (sorted(cell), drawn)
    bad = outline(CSS, {"orchard-st-cell", "orchard-st-ghost", "orchard-st-ghost-bad", HIGHLIGHT})
    assert "dashed" in bad


def test_an_ended_game_offers_only_what_one_can_do_and_says_the_end_once() -> None:
    """Once the game is over the hand's heading, its turn and place buttons and the hint are
    gone (they could do nothing), a New game button stands in their place with the focus on
    it, and "Game over" is said once, in the result box; undo brings the game back."""
    board = StackedTreesBoard(deal=st.deal_code(st.default_deck()[:4]))
    assert board.again_button.layout.display == "none"
    while not board.game.is_over:
        board.hint()
        board.place()
        if board._pending:
            board.confirm()
    hidden = (board.hand_heading, board.turning, board.hint_button, board.hint_choice)
    assert all(part.layout.display == "none" for part in hidden)
    assert board.again_button.layout.display is None
    assert "orchard-new-game" in board.again_button._dom_classes
    assert board.board_keys.focus_to == ".orchard-new-game"
    shown = " ".join(t for t in (board.turn_line.value, board.message.value, board.summary.value))
    assert shown.lower().count("game over") == 1, shown
    assert "Game over" in board.board_keys.said  # a screen reader hears how it ended
    # the keys line names only u, which still acts ("r turn", "h hint" did nothing there)
    over = board.board_keys.help
    assert "u undo" in over and "new game" in over
    assert not any(key in over for key in ("r turn", "h hint", "Tab reaches", "Enter")), over
    board.undo()
    assert "r turn the card" in board.board_keys.help and "h hint" in board.board_keys.help
    assert board.again_button.layout.display == "none"
    assert all(part.layout.display is None for part in hidden)
    board.hint()
    board.place()
    board.again_button.click()
    assert board.game.history == () and board.turning.layout.display is None
    assert "r turn the card" in board.board_keys.help and "h hint" in board.board_keys.help
    assert board.board_keys.focus_to == ".orchard-st-hand .orchard-st-choose-0"  # not lost


def test_in_a_walkthrough_the_ended_game_sends_the_focus_to_undo_not_a_hidden_button() -> None:
    """A walkthrough hides New game; the focus, which went there when the last card ended the
    game, was left on nothing. In a tour it goes to Undo (its keys line names u)."""
    board = StackedTreesBoard(deal=st.deal_code(st.default_deck()[:4]))
    board.in_tour = True
    while not board.game.is_over:
        board.hint()
        board.place()
        if board._pending:
            board.confirm()
    assert board.board_keys.focus_to == ".orchard-st-undo"
    assert "orchard-st-undo" in board.undo_button._dom_classes


def test_the_hint_names_the_card_as_the_hand_shows_it() -> None:
    """The hint turns the card it suggests; its words named the card as dealt and told to
    turn it, under a hand already showing it turned. They name it as the hand shows it and
    say no turn; the move chosen is the policy's, and the same."""
    from orchard_lab.stacked_trees.policies import say

    for policy in ("greedy", "lookahead"):
        board = StackedTreesBoard(seed=0)
        board.hint_choice.value = policy
        move = board.hint()
        assert move is not None and move.rotation  # a turned card, for the test
        assert move == st.hint(st.Game.new(seed=0), policy, seed=board.seed_choice.value).move
        words = board.hint_text.value
        assert say(move, shown=move.rotation) in words, words
        assert say(move) not in words
        assert board.hand_pictures[board.selected_slot].value.count("<td") == 6


def test_an_unfinished_game_is_not_plotted_among_whole_games() -> None:
    """A half-played game's "you: 1" sat among the policies' 33 to 48, scores of whole
    games: a game not finished has no star on the chart, and its line says it is not
    finished (no rating yet)."""
    board = StackedTreesBoard(deal=st.deal_code(st.default_deck()[:5]))
    _click_move(board, board.game.legal_moves()[0])
    board.how_well(wait=True, time_limit=2)
    assert "you" not in board.figure.data[0].y
    assert "not finished" in board.yours.value
    while not board.game.is_over:
        board.hint()
        board.place()
        if board._pending:
            board.confirm()
    assert board.figure.data[0].y[-1] == "you"
    assert board.figure.data[0].x[-1] == board.game.scores()[0]
    assert "not finished" not in board.yours.value


def test_the_tours_ended_game_offers_no_new_game(tour) -> None:
    """The tour's last steps show an ended game on its own board: its New game button, which
    would deal over the tour's game, is hidden there as the settings row is."""
    import re

    from orchard_lab.widgets.stacked_trees_walkthrough import SCRIPT
    from orchard_lab.widgets.styles import STATIC

    tour.go([scene.title for scene in SCRIPT].index("The end and your rating"))
    assert tour.view.game.is_over and tour.view.again_button.layout.display is None
    css = (STATIC / "stacked_trees_walkthrough.css").read_text(encoding="utf-8")
    hidden = re.search(r"([^{}]*)\{\s*display:\s*none\s*\}", css)
    assert hidden and ".orchard-walkthrough .orchard-st-again" in hidden[1]


def test_the_yes_button_says_token_or_tokens_as_the_question_does() -> None:
    """One token is "the token", in the question and on the button it quotes (in French
    the reviewer read "les jetons" under "1 jeton pourri")."""
    board = StackedTreesBoard(seed=0)
    game = board.game
    seen = set()
    for move in (m for m in game.legal_moves() if m.rotten):
        tokens = game.boards[0].tokens_needed(move.card, move.at, move.rotation)
        if tokens in seen:
            continue
        seen.add(tokens)
        board.select_card(game.hand.index(move.card))
        board.rotation = move.rotation
        board.place(move.at)
        label = board.confirm_button.description
        assert label == ("Yes, spend the token" if tokens == 1 else "Yes, spend the tokens")
        assert f"“{label}”" in board.message.value
        # its tooltip counts them too (it said "the rotten tokens it needs" for one)
        tip = board.confirm_button.tooltip
        assert tip == f"place it and spend {tokens} rotten token" + ("s" if tokens > 1 else "")
    assert 1 in seen


def test_the_yes_buttons_tooltip_says_one_token_in_french_too() -> None:
    """Under "1 jeton pourri" the tooltip read "les jetons pourris qu'il faut"."""
    with speaking("fr"):
        board = StackedTreesBoard(seed=0)
        game = board.game
        move = next(
            m
            for m in game.legal_moves()
            if m.rotten and game.boards[0].tokens_needed(m.card, m.at, m.rotation) == 1
        )
        board.select_card(game.hand.index(move.card))
        board.rotation = move.rotation
        board.place(move.at)
        tip = board.confirm_button.tooltip
        assert "1 jeton pourri" in board.message.value and "1 jeton pourri" in tip, tip
        assert "jetons" not in tip


@pytest.mark.parametrize(("code", "heading"), [("fr", "Ta main"), ("ko", "내 손패")])
def test_the_hand_heading_speaks_the_pupils_language(code: str, heading: str) -> None:
    """The heading "Your hand" was marked inside an f-string, which Babel's extractor skips, so no
    catalogue held it and every French and Korean board showed it in English (s18 review)."""
    with speaking(code):
        board = StackedTreesBoard(seed=0)
    assert board.hand_heading.value == f"<b>{heading}</b>"


def _rules(css_file: str) -> list[tuple[str, str]]:
    """Each rule of ``static/<css_file>`` as (its selectors, its declarations)."""
    css = re.sub(r"/\*.*?\*/", "", (STATIC / css_file).read_text(encoding="utf-8"), flags=re.S)
    return [(sel.strip(), body) for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)]


def _shadow(body: str) -> str:
    found = re.search(r"box-shadow:\s*([^;}]+)", body)
    assert found, body
    return found[1].strip()


def _weight(selector: str) -> int:
    """How many classes and pseudo-classes ``selector`` names (its specificity here)."""
    return len(re.findall(r"\.[\w-]+|:[\w-]+|\[", selector))


def test_a_focused_die_keeps_its_faint_band_and_the_focus_ring() -> None:
    """A die's faint band along its foot is a box-shadow, and so is the white ring of the
    grid's focus (square_grid.css), which replaced the band while the die had the focus: a
    focused die's own rule, weightier than the grid's, draws both."""
    band = [
        _shadow(body)
        for sel, body in _rules("stacked_trees_board.css")
        if sel.endswith(".orchard-st-die")
    ]
    assert len(band) == 1 and band[0].startswith("inset"), band
    (grid, ring), *_ = [
        (sel, _shadow(body))
        for sel, body in _rules("square_grid.css")
        if sel.endswith(".orchard-square:focus-visible")
    ]
    focused = [
        (sel, _shadow(body))
        for sel, body in _rules("stacked_trees_board.css")
        if sel.endswith(".orchard-st-die:focus-visible")
    ]
    assert focused, "a focused die draws only the grid's ring"
    for selector, shadow in focused:
        assert _weight(selector) > _weight(grid), (selector, grid)
        assert [part.strip() for part in shadow.split(",")] == [band[0], ring], shadow


def test_a_buttons_focus_ring_has_room_in_the_box_round_it() -> None:
    """As on water drops, New game's focus ring was cut by the settings column (an ipywidgets
    box clips what reaches past its padding): that column and the rows of buttons (turn and
    place; undo, hint and how well) leave the ring room, their padding and the button's
    margin (2px) as far as the ring reaches (buttons.css: its offset and its line)."""
    (ring,) = [
        body for sel, body in _rules("buttons.css") if ".jupyter-button:focus-visible" in sel
    ]
    line, offset = re.search(r"outline:\s*(\d+)px", ring), re.search(r"offset:\s*(\d+)px", ring)
    assert line and offset
    boxes = dict(_rules("stacked_trees_board.css"))
    for box in (".orchard-st-settings > .widget-box", ".orchard-st-buttons"):
        padding = re.search(r"padding:\s*(\d+)px", boxes[f".orchard-st-board {box}"])
        assert padding and int(padding[1]) + 2 >= int(line[1]) + int(offset[1]), box


def _charts(widget: Any) -> list[Any]:
    """The plotly charts among ``widget`` and everything it holds."""
    found = [widget] if isinstance(widget, SharedBundleFigure) else []
    for child in getattr(widget, "children", ()):
        found += _charts(child)
    return found


def test_a_new_board_holds_no_chart_until_the_best_line_is_shown() -> None:
    """A chart's view waits for plotly's bundle, and a board holding one waited with it: the
    app page drew the stacked trees board about 0.9 s after water drops' board, which holds
    no chart. The comparison chart is made when ``how_well`` first shows it."""
    board = StackedTreesBoard(seed=1)
    assert _charts(board.widget) == []
    board.how_well(wait=True, time_limit=2)
    assert _charts(board.widget) == [board.figure]
    assert board.compare_box.children[-1] is board.figure
    assert board.figure.data[0].y[-1] == "best line"


def test_the_keys_line_names_only_the_keys_that_act_while_the_best_line_is_replayed() -> None:
    """Watching the best line, r and h only say you are watching: the keys line names the
    replay's buttons and u (your own game's last card), and the board's keys come back with
    "Back to my game"."""
    board = StackedTreesBoard(deal=st.deal_code(st.default_deck()[:5]))
    _click_move(board, board.game.legal_moves()[0])
    playing = board.board_keys.help
    assert "r turn the card" in playing and "h hint" in playing
    board.how_well(wait=True, time_limit=2)
    board.replay_next.click()
    watching = board.board_keys.help
    assert not any(key in watching for key in ("r turn", "h hint", "arrows")), watching
    assert "Next ▶" in watching and "Back to my game" in watching and "u undo" in watching
    board.press("h")
    assert "watching the best line" in board.message.value  # h does nothing else
    board.replay_exit.click()
    assert board.board_keys.help == playing
    with speaking("fr"):
        board.replay_next.click()
        assert "Back to my game" not in board.board_keys.help


def test_the_game_over_box_keeps_the_rating_whole() -> None:
    """The rating's name is a pun with a hyphen ("Tree-mendous"): kept whole on its line in
    the game-over box, as in the score line, the word itself unchanged for a screen reader."""
    board = StackedTreesBoard(deal=st.deal_code(st.default_deck()[:4]))
    while not board.game.is_over:
        board.hint()
        board.place()
        if board._pending:
            board.confirm()
    rating = st.rating(board.game.scores()[0])
    kept = f'<span class="orchard-st-rating">{html.escape(rating)}</span>'
    assert kept in board.summary.value, board.summary.value
    assert f"“{rating}”" in board.board_keys.said  # read out as the plain word
    css = (STATIC / "stacked_trees_board.css").read_text(encoding="utf-8")
    assert re.search(r"\.orchard-st-rating\s*\{\s*white-space:\s*nowrap", css)
    with speaking("ko"):
        board._show_summary()
        assert kept not in board.summary.value
        assert '<span class="orchard-st-rating">' in board.summary.value
