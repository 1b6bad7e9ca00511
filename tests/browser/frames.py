"""Frames a board draws round its parts, measured in the browser: whole, and apart.

A frame drawn with an outline reaches past its element's box by the outline's width plus
its offset; any ancestor that clips (a scrolling box: ipywidgets' boxes scroll, the boards'
roots hide what sticks out sideways) cuts what reaches past its padding box round all it
holds (an outline does not make a box scroll further). The lesson's
highlight round the market or the hand was cut so, and so was the legend's ringed apple
at the start of a line. ``frames_cut`` names each such frame; ``samples_overlapping`` the
legend samples that overlap one another or another entry's words. And a row's buttons in
line: ``assert_hint_by_in_line`` (stacked trees' "hint by" buttons fell under their label).
"""

from __future__ import annotations

# What is framed: the lesson's highlight on every board, and the legends' samples.
FRAMED = (
    ".orchard-highlight, .orchard-ab-legend [class*='orchard-ab-sample-'],"
    " .orchard-st-legend .orchard-st-legend-tree, .wd-legend-highlight"
)
FRAMES_CUT = """(root, framed) => {
    const cut = [];
    const name = el => (el.className.baseVal ?? el.className).toString().trim()
        .split(/\\s+/).filter(c => c.startsWith('orchard') || c.startsWith('wd-')).join('.');
    for (const el of root.querySelectorAll(framed)) {
        const style = getComputedStyle(el);
        if (el.getClientRects().length === 0) continue;  // not shown
        const reach = style.outlineStyle === 'none' ? 0
            : Math.max(0, parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset));
        const r = el.getBoundingClientRect();
        const ring = {left: r.left - reach, right: r.right + reach,
                      top: r.top - reach, bottom: r.bottom + reach};
        for (let box = el.parentElement; box; box = box.parentElement) {
            const s = getComputedStyle(box);
            if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
                // what the box can show, scrolled or not: its padding box round all it
                // holds (an outline does not widen it)
                const b = box.getBoundingClientRect();
                const left = b.left + box.clientLeft - box.scrollLeft;
                const top = b.top + box.clientTop - box.scrollTop;
                const inside = {left: left, top: top, right: left + box.scrollWidth,
                                bottom: top + box.scrollHeight};
                const sides = ['left', 'top'].filter(k => ring[k] < inside[k] - 0.5)
                    .concat(['right', 'bottom'].filter(k => ring[k] > inside[k] + 0.5));
                if (sides.length) {
                    cut.push(name(el) + ' (reaching ' + reach + 'px out) cut at its '
                        + sides.join(', ') + ' by ' + name(box) + ' <' + box.tagName + '>');
                    break;
                }
            }
            if (box === root) break;
        }
    }
    return cut;
}"""
SAMPLES_OVERLAPPING = """root => {
    const bad = [];
    for (const legend of root.querySelectorAll('.orchard-st-legend')) {
        const entries = [...legend.querySelectorAll('.orchard-legend-entry')]
            .filter(e => e.getClientRects().length);
        const reach = el => {
            const s = getComputedStyle(el);
            return s.outlineStyle === 'none' ? 0
                : Math.max(0, parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset));
        };
        const samples = entries.map(e => {
            const tree = e.querySelector('.orchard-st-legend-tree');
            const r = tree.getBoundingClientRect(), out = reach(tree);
            return {entry: e, text: e.textContent.trim(), left: r.left - out,
                    right: r.right + out, top: r.top - out, bottom: r.bottom + out};
        });
        const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
            && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        samples.forEach((a, i) => {
            samples.forEach((b, j) => {
                if (j > i && meet(a, b)) bad.push(a.text + ' / ' + b.text + ': samples overlap');
                if (j === i) return;
                // another entry's words, line by line
                for (const line of range(b.entry)) {
                    if (meet(a, line)) {
                        bad.push(a.text + ': its sample overlaps the words of ' + b.text);
                        break;
                    }
                }
            });
        });
        for (const e of entries)
            if (e.previousSibling && /^\\s*·/.test(e.previousSibling.textContent || ''))
                bad.push('a "·" starts before ' + e.textContent.trim());
    }
    return bad;
    function range(entry) {
        const words = document.createRange();
        words.selectNodeContents(entry);
        return [...words.getClientRects()].filter(r => r.width > 0);
    }
}"""


def frames_cut(locator) -> list[str]:
    """The frames in ``locator`` (a board, a walkthrough) that a clipping ancestor cuts."""
    return locator.evaluate(FRAMES_CUT, FRAMED)


def samples_overlapping(locator) -> list[str]:
    """The stacked trees legend samples in ``locator`` that overlap another sample or
    another entry's words, and any "·" left at the start of an entry."""
    return locator.evaluate(SAMPLES_OVERLAPPING)


def assert_frames_whole(locator, name: str) -> None:
    """No frame in ``locator`` is cut, no legend sample overlaps; else say which."""
    problems = frames_cut(locator) + samples_overlapping(locator)
    assert problems == [], f"{name}:\n" + "\n".join(problems)


# The "hint by" buttons against their label and the row's Undo: each button's middle as
# high as the label's, and as Undo's when the choice shares Undo's line.
HINT_BY_OUT_OF_LINE = """board => {
    const bad = [];
    const mid = el => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
    for (const choice of board.querySelectorAll('.orchard-st-buttons .widget-toggle-buttons')) {
        if (!choice.getClientRects().length) continue;
        const label = choice.querySelector('label');
        const buttons = [...choice.querySelectorAll('button')];
        const undo = choice.parentElement.querySelector('.widget-button');
        const line = mid(label);
        for (const b of buttons)
            if (Math.abs(mid(b) - line) > 2)
                bad.push(b.textContent + ' at ' + Math.round(mid(b)) + ', its label at '
                    + Math.round(line));
        const u = undo.getBoundingClientRect(), c = choice.getBoundingClientRect();
        if (c.top < u.bottom && Math.abs(mid(undo) - mid(buttons[0])) > 2)
            bad.push('the buttons at ' + Math.round(mid(buttons[0])) + ', Undo at '
                + Math.round(mid(undo)));
    }
    return bad;
}"""


def assert_hint_by_in_line(board) -> None:
    """The stacked trees "hint by" buttons in ``board`` (a board, a page) sit on their
    label's line, in line with Undo; else say where."""
    problems = board.evaluate(HINT_BY_OUT_OF_LINE)
    assert problems == [], "\n".join(problems)
