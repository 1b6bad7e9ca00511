"""Plotly pictures of stacked trees: the orchard with its stacks, the dice ladder, the dice
supply through a game, final scores by policy against the rating table (ST-4, ST-6), and
your score on a deal among the policies' (``deal_comparison``).

Every builder is a pure function returning a ``go.Figure`` (never shown) and takes the same
keywords ``**look`` (``layout.Look``: ``title``, ``template``, ``width``, ``height``, each
None unless given; a misspelt one is refused); without a width the figure takes its
container's. Each fruit keeps one Okabe–Ito colour (``FRUIT_COLOURS``) and always shows its
letter too, so no one needs colour to tell apple, pear and plum apart. Every trace carries
``meta={"role": ...}`` so widgets and tests find it by meaning.

>>> from orchard_lab import stacked_trees as st
>>> fig = orchard_stacks(st.Board(start=st.Card.from_text("APL/LAP")))
>>> [trace.meta["role"] for trace in fig.data]
['trees']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Unpack

import numpy as np
import plotly.graph_objects as go
from babel.numbers import format_decimal

from orchard_lab import stacked_trees as st
from orchard_lab.figures.layout import Look, check_look, finish
from orchard_lab.figures.runs import RUN_COLOURS
from orchard_lab.fruit_words import tree_letter, tree_name
from orchard_lab.language import _, _n, language
from orchard_lab.sequences import triangular

__all__ = [
    "FRUIT_COLOURS",
    "RATING_SHADES",
    "deal_comparison",
    "dice_ladder",
    "orchard_stacks",
    "policy_scores",
    "stack_heights",
    "supply_through_game",
]

FRUIT_COLOURS = {"A": "#D55E00", "P": "#009E73", "L": "#CC79A7"}  # black text reads on all
FRUIT_SYMBOLS = {"A": "circle", "P": "diamond", "L": "square"}  # a second cue besides colour
RATING_SHADES = ("#f7f7f7", "#e8e8e8")  # the rating bands, alternately
_LINE = "#1a1a1a"
_OTHERS, _YOU = "#5b7083", "#b2182b"  # the policies' dots, and your star


def stack_heights(board: st.Board) -> dict[tuple[int, int], int]:
    """How many cards lie under the visible tree of every cell of ``board``, in reading order.

    >>> board = st.Board(start=st.Card.from_text("APL/LAP"))
    >>> board.place(st.Card.from_text("LAP/APL"), at=(1, 0))
    >>> stack_heights(board)[(1, 0)], stack_heights(board)[(0, 0)]
    (1, 0)
    """
    if not isinstance(board, st.Board):
        raise TypeError(f"board must be a stacked_trees Board, not {type(board).__name__}")
    cards_on: dict[tuple[int, int], int] = {}
    for card, (row, col), rotation, _tokens in board.history:
        for r, line in enumerate(card.rotated(rotation).rows):
            for c in range(len(line)):
                cell = (row + r, col + c)
                cards_on[cell] = cards_on.get(cell, 0) + 1
    return {cell: cards_on[cell] - 1 for cell in board.trees()}


def _tree_words(fruit: str, die: int | None, under: int, rotten: bool) -> str:
    """The hover sentence of one visible tree, in the session's language."""
    if under == 0:
        if rotten:
            said = _("{fruit} tree with a rotten token; no card under it")
        elif die is None:
            said = _("{fruit} tree with no die; no card under it")
        else:
            said = _("{fruit} tree with a die on {die}; no card under it")
    elif rotten:
        said = _n(
            "{fruit} tree with a rotten token; {count} card under it",
            "{fruit} tree with a rotten token; {count} cards under it",
            under,
        )
    elif die is None:
        said = _n(
            "{fruit} tree with no die; {count} card under it",
            "{fruit} tree with no die; {count} cards under it",
            under,
        )
    else:
        said = _n(
            "{fruit} tree with a die on {die}; {count} card under it",
            "{fruit} tree with a die on {die}; {count} cards under it",
            under,
        )
    return said.format(fruit=tree_name(fruit), die=die, count=under)


def _decimal(value: float) -> str:
    """``value`` to one decimal place, as the session's language writes it (French 42,0)."""
    return str(format_decimal(value, format="0.0", locale=language()))


def orchard_stacks(board: st.Board, **look: Unpack[Look]) -> go.Figure:
    """The orchard seen from above: every visible tree with its letter and die ("A 6", "P ·"
    without a die, "L ✗" rotten), how many cards lie under it (the small number, "+2"), and
    the outline of every card placed, the last one thicker.

    Row 0 is at the top, as on the table; one trace of trees (``role`` "trees"), each tree's
    fruit, die and stack in ``customdata``.

    >>> board = st.Board(start=st.Card.from_text("APL/LAP"))
    >>> board.place(st.Card.from_text("LAP/APL"), at=(1, 0))
    >>> fig = orchard_stacks(board)
    >>> list(fig.data[0].text)[3:6]
    ['L 1<br><sub>+1</sub>', 'A 1<br><sub>+1</sub>', 'P 1<br><sub>+1</sub>']
    >>> len(fig.layout.shapes)
    2
    """
    check_look(orchard_stacks, look)
    under = stack_heights(board)
    cells = list(board.trees().items())
    xs, ys, texts, colours, symbols, data, words = [], [], [], [], [], [], []
    for (row, col), fruit in cells:
        die, rotten, stack = board.die(row, col), board.is_rotten(row, col), under[(row, col)]
        mark = "✗" if rotten else ("·" if die is None else str(die))
        xs.append(col)
        ys.append(row)
        texts.append(f"{tree_letter(fruit)} {mark}" + (f"<br><sub>+{stack}</sub>" if stack else ""))
        colours.append(FRUIT_COLOURS[fruit])
        symbols.append(FRUIT_SYMBOLS[fruit])
        data.append([fruit, die, stack])
        words.append(_tree_words(fruit, die, stack, rotten))
    fig = go.Figure()
    fig.add_scatter(
        x=xs, y=ys, mode="markers+text", text=texts, customdata=data, hovertext=words,
        hovertemplate=_("row {row}, column {column}: {tree}").format(
            row="%{y}", column="%{x}", tree="%{hovertext}"
        ) + "<extra></extra>",
        marker={"color": colours, "symbol": symbols, "size": 34, "opacity": 0.85,
                "line": {"color": _LINE, "width": 1}},
        textfont={"color": _LINE, "size": 13}, showlegend=False, meta={"role": "trees"},
    )  # fmt: skip
    history = board.history
    for index, (card, (row, col), rotation, _tokens) in enumerate(history):
        turned = card.rotated(rotation)
        last = index == len(history) - 1 and index > 0
        fig.add_shape(
            type="rect", x0=col - 0.5, x1=col + turned.width - 0.5,
            y0=row - 0.5, y1=row + turned.height - 0.5,
            line={"color": _LINE, "width": 3 if last else 1, "dash": "solid" if last else "dot"},
            layer="below",
        )  # fmt: skip
    rmin, rmax, cmin, cmax = board.bounds()
    fig.update_xaxes(
        range=[cmin - 0.6, cmax + 0.6], dtick=1, title=_("column"), showgrid=False, zeroline=False,
        scaleanchor="y", constrain="domain",
    )  # fmt: skip
    fig.update_yaxes(
        range=[rmax + 0.6, rmin - 0.6], dtick=1, title=_("row"), showgrid=False, zeroline=False
    )
    fig.update_layout(plot_bgcolor="white")
    return finish(fig, **look)


def dice_ladder(
    ladders: Mapping[str, Sequence[int]] | None = None, **look: Unpack[Look]
) -> go.Figure:
    """The value of a die after 1, 2, 3, … trees on it, one line per ladder (default: the
    engine's ``LADDERS``), with the triangular numbers T(n) as rings to compare.

    >>> fig = dice_ladder({"standard": (1, 3, 6, 10)})
    >>> [(t.meta["role"], list(t.y)) for t in fig.data]
    [('ladder', [1, 3, 6, 10]), ('triangular', [1, 3, 6, 10])]
    """
    check_look(dice_ladder, look)
    chosen = dict(st.LADDERS) if ladders is None else dict(ladders)
    if not chosen:
        raise ValueError("ladders must name at least one ladder")
    fig = go.Figure()
    longest = 0
    dashes = ("solid", "dash", "dot", "dashdot")
    ladder_hover = _("{ladder}<br>trees on the die: {trees}<br>value of the die: {value}")
    for index, (name, ladder) in enumerate(chosen.items()):
        values = list(st.Rules(ladder=tuple(ladder)).ladder)  # checked like a rule switch
        longest = max(longest, len(values))
        steps = list(range(1, len(values) + 1))
        fig.add_scatter(
            x=steps, y=values, mode="lines+markers+text" if index == 0 else "lines+markers",
            name=str(name), text=[str(v) for v in values], textposition="top left",
            line={"color": RUN_COLOURS[index % len(RUN_COLOURS)], "width": 2,
                  "dash": dashes[index % len(dashes)]},
            hovertemplate=ladder_hover.format(ladder=name, trees="%{x}", value="%{y}")
            + "<extra></extra>",
            meta={"role": "ladder", "ladder": tuple(values)},
        )  # fmt: skip
    steps = list(range(1, longest + 1))
    fig.add_scatter(
        x=steps, y=[triangular(n) for n in steps], mode="markers", name=_("T(n), triangular"),
        marker={"symbol": "circle-open", "size": 16, "color": _LINE, "line": {"width": 2}},
        hovertemplate="T(%{x}) = %{y}<extra></extra>", meta={"role": "triangular"},
    )  # fmt: skip
    top = max(max(t.y) for t in fig.data)
    fig.update_xaxes(
        title=_("trees stacked on the die (the 1st brings it)"),
        dtick=1,
        range=[0.7, longest + 0.3],
    )
    fig.update_yaxes(title=_("value of the die"), range=[0, top * 1.12])
    fig.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.25, "x": 0})
    return finish(fig, **look)


def supply_through_game(supplies: Sequence[Mapping[str, int]], **look: Unpack[Look]) -> go.Figure:
    """Dice left in the supply of each fruit after each card placed: ``supplies[0]`` is the
    start (``board.dice_left`` before the first placement), one line per fruit, each with its
    own marker shape and its letter in the legend.

    >>> fig = supply_through_game([{"A": 5, "P": 5, "L": 5}, {"A": 3, "P": 5, "L": 4}])
    >>> [(t.name, list(t.y)) for t in fig.data][0]
    ('A apple', [5, 3])
    """
    check_look(supply_through_game, look)
    if isinstance(supplies, Mapping) or not isinstance(supplies, Sequence) or not supplies:
        raise TypeError("supplies must be a non-empty list of dice_left dicts, one per card")
    fig = go.Figure()
    cards = list(range(len(supplies)))
    hover = _("{fruit}<br>cards placed: {cards}<br>dice left: {dice}")
    for fruit in st.FRUITS:
        left = [int(supply[fruit]) for supply in supplies]
        name = tree_name(fruit)
        fig.add_scatter(
            x=cards, y=left, mode="lines+markers", name=f"{tree_letter(fruit)} {name}",
            line={"color": FRUIT_COLOURS[fruit], "width": 2},
            marker={"symbol": FRUIT_SYMBOLS[fruit], "size": 9, "color": FRUIT_COLOURS[fruit]},
            hovertemplate=hover.format(fruit=name, cards="%{x}", dice="%{y}") + "<extra></extra>",
            meta={"role": "supply", "fruit": fruit},
        )  # fmt: skip
    fig.update_xaxes(title=_("cards placed"), dtick=1)
    most = max(max(supply.values()) for supply in supplies)
    fig.update_yaxes(title=_("dice left in the supply"), range=[-0.3, most + 0.5], dtick=1)
    fig.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.25, "x": 0})
    return finish(fig, **look)


def policy_scores(
    samples: Mapping[str, Sequence[float] | np.ndarray], **look: Unpack[Look]
) -> go.Figure:
    """Final scores by policy, one row of dots per policy named with its mean, over the ST-6
    rating bands (shaded alternately, their names above the chart).

    Each policy gives two traces: its games (``role`` "scores", every game a dot) and its mean
    (``role`` "mean", an upright bar).

    >>> fig = policy_scores({"greedy": [40, 44], "best line": [50]})
    >>> [(t.meta["role"], t.meta["policy"]) for t in fig.data]
    [('scores', 'greedy'), ('mean', 'greedy'), ('scores', 'best line'), ('mean', 'best line')]
    >>> fig.data[1].x[0], fig.data[1].y[0]
    (42.0, 'greedy · mean 42.0')
    """
    check_look(policy_scores, look)
    if not isinstance(samples, Mapping) or not samples:
        raise TypeError("samples must map each policy's name to its final scores")
    fig = go.Figure()
    arrays = {str(k): np.asarray(v, dtype=float).ravel() for k, v in samples.items()}
    everything = np.concatenate([*arrays.values(), [0.0, 60.0]])
    low, high = float(everything.min()) - 2, float(everything.max()) + 2
    for index, (name, values) in enumerate(arrays.items()):
        colour = RUN_COLOURS[index % len(RUN_COLOURS)]
        mean = float(values.mean()) if values.size else float("nan")
        row = _("{policy} · mean {mean}").format(policy=name, mean=_decimal(mean))
        fig.add_scatter(
            x=values, y=[row] * len(values), mode="markers", name=name,
            marker={"color": colour, "size": 10, "opacity": 0.7, "symbol": "circle",
                    "line": {"color": _LINE, "width": 1}},
            hovertemplate=_("{policy}<br>final score of a game: {score}").format(
                policy=name, score="%{x}") + "<extra></extra>",
            showlegend=False, meta={"role": "scores", "policy": name},
        )  # fmt: skip
        fig.add_scatter(
            x=[mean], y=[row], mode="markers", showlegend=False,
            marker={"symbol": "line-ns", "size": 26, "line": {"color": _LINE, "width": 3}},
            hovertemplate=_("{policy}<br>mean: {mean}").format(policy=name, mean="%{x:.1f}")
            + "<extra></extra>",
            meta={"role": "mean", "policy": name},
        )  # fmt: skip
    floors = [low, *(floor for floor, _ in reversed(st.RATINGS)), high]
    names = [_(st.rating(int(floors[1]) - 1)), *(_(name) for _low, name in reversed(st.RATINGS))]
    for index, name in enumerate(names):
        x0, x1 = max(floors[index], low), min(floors[index + 1], high)
        if x1 <= x0:
            continue
        fig.add_vrect(x0=x0, x1=x1, fillcolor=RATING_SHADES[index % 2], line_width=0, layer="below")
        fig.add_annotation(
            x=(x0 + x1) / 2, y=1, xref="x", yref="paper", yanchor="bottom", text=name,
            textangle=-90, showarrow=False, font={"size": 10, "color": "#444444"},
        )  # fmt: skip
    fig.update_xaxes(title=_("final score"), range=[low, high], dtick=5)
    fig.update_yaxes(autorange="reversed", automargin=True)
    fig = finish(fig, **look)
    return fig.update_layout(margin={"t": 170 if look.get("title") else 130}, plot_bgcolor="white")


def deal_comparison(
    scores: Mapping[str, float], you: int | None, **look: Unpack[Look]
) -> go.Figure:
    """Your score ``you`` among the policies' ``scores`` on the same deal (from
    ``st.deal_scores``), as one row of labelled dots, yours a star (``role`` "scores"). The
    policies' scores are whole games': ``you`` None (a game not finished yet) plots no star,
    since a score halfway is no score to set beside them.

    >>> fig = deal_comparison({"random (mean)": 4.5, "greedy": 36, "best line": 51}, you=40)
    >>> fig.data[0].x[-1], fig.data[0].y[-1]
    (40, 'you')
    >>> list(deal_comparison({"greedy": 36}, you=None).data[0].y)
    ['greedy']
    """
    check_look(deal_comparison, look)
    yours = [] if you is None else [you]
    names = [*scores, *(_("you") for _you in yours)]
    values = [*scores.values(), *yours]
    fig = go.Figure(
        go.Scatter(
            x=values, y=names, mode="markers+text",
            marker={"size": 14, "color": [_OTHERS] * len(scores) + [_YOU] * len(yours),
                    "symbol": ["circle"] * len(scores) + ["star"] * len(yours)},
            text=[f"{v:g}" for v in values], textposition="middle right",
            hovertemplate=_("{who}<br>points: {points}").format(who="%{y}", points="%{x}")
            + "<extra></extra>", meta={"role": "scores"},
        )
    )  # fmt: skip
    top = max([10.0, *values]) * 1.15
    fig.update_xaxes(title=_("points on this deal"), range=[min(0.0, *values) - 2, top])
    fig.update_yaxes(automargin=True)
    fig = finish(fig, **(look | {"template": look.get("template") or "plotly_white"}))
    return fig.update_layout(
        margin={"l": 10, "r": 10, "t": 36 if look.get("title") else 10, "b": 36}
    )
