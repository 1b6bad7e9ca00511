"""Does a part of a page speak French or Korean? Its words read in Chromium (issue 25).

For the French and Korean browser tests of the app pages and of the boards in JupyterLab:
``WORDS`` reads what an element shows and says (its text, tooltips and accessible names, its
charts' titles, axes, legends and hover texts), and ``language_problems`` looks in them for
the catalogue's English (``tests.catalogue_english``), for Hangul in Korean, and for Korean
text that may break inside a word (a computed word-break other than keep-all).
``lang_problems`` finds the text, tooltips, accessible names and placeholders inside an
element whose nearest ``lang`` is not the language expected (WCAG 2.1, 3.1.2: a screen
reader reads a French board with French pronunciation only when it is told), and
``cut_placeholders`` the text boxes whose hint (a placeholder, often longer in French or
Korean than in English) does not fit in them, ``cut_words`` the buttons, labels and
select menus whose words do not fit them, and ``small_letters`` the letters drawn too small
to read.
"""

from __future__ import annotations

from playwright.sync_api import Locator

from tests.catalogue_english import english_left, names_left

HANGUL_JS = "/[\\uac00-\\ud7a3]/"
# What the element shows and says: its text, the tooltips and accessible names inside it,
# and the words of every chart (plotly draws them as SVG text; a hover text is in the
# chart's data).
WORDS = """root => {
    const parts = [root.innerText];
    for (const el of root.querySelectorAll('[title], [aria-label], [placeholder]')) {
        parts.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '',
            el.getAttribute('placeholder') || '');
    }
    for (const plot of root.querySelectorAll('.js-plotly-plot')) {
        for (const text of plot.querySelectorAll('text')) parts.push(text.textContent);
        for (const trace of plot.data || []) {
            for (const key of ['name', 'hovertemplate', 'hovertext', 'text']) {
                const value = trace[key];
                if (typeof value === 'string') parts.push(value);
                else if (Array.isArray(value)) parts.push(...value.map(String));
            }
        }
    }
    return parts.join(' ').replace(/%\\{[^}]*\\}/g, ' ').replace(/<[^>]+>/g, ' ');
}"""
# Each piece of text inside the element on its own: every text node (styles and scripts left
# out), tooltip, accessible name and placeholder, and every text of its charts, for the
# labels too short to be looked for inside a sentence (``names_left``).
PIECES = """root => {
    const parts = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
        if (!walk.currentNode.parentElement.closest('style, script')) {
            parts.push(walk.currentNode.data);
        }
    }
    for (const el of root.querySelectorAll('[title], [aria-label], [placeholder]')) {
        parts.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '',
            el.getAttribute('placeholder') || '');
    }
    for (const plot of root.querySelectorAll('.js-plotly-plot')) {
        for (const trace of plot.data || []) {
            for (const key of ['name', 'hovertext', 'text']) {
                const value = trace[key];
                if (typeof value === 'string') parts.push(value);
                else if (Array.isArray(value)) parts.push(...value.map(String));
            }
        }
    }
    return parts;
}"""
# Korean text inside the element that may break inside a word (computed word-break other
# than keep-all): the first 30 characters of each such text.
BREAKS_INSIDE_WORDS = f"""root => {{
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found = [];
    while (walk.nextNode()) {{
        const node = walk.currentNode;
        if ({HANGUL_JS}.test(node.data)
            && getComputedStyle(node.parentElement).wordBreak !== 'keep-all') {{
            found.push(node.data.trim().slice(0, 30));
        }}
    }}
    return found;
}}"""

# Each text inside the element (text node, tooltip, accessible name, placeholder; styles and
# scripts left out) whose nearest [lang] is not `lang`: that lang ("none" if none) and the
# first 30 characters of the text.
NOT_IN_LANG = """(root, lang) => {
    const found = [];
    const check = (el, text) => {
        text = text.trim();
        if (!text || el.closest('style, script')) return;
        const said = el.closest('[lang]');
        const code = said ? said.getAttribute('lang') : 'none';
        if (code !== lang) found.push(`${code}: ${text.slice(0, 30)}`);
    };
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) check(walk.currentNode.parentElement, walk.currentNode.data);
    for (const el of root.querySelectorAll('[title], [aria-label], [placeholder]')) {
        for (const name of ['title', 'aria-label', 'placeholder']) {
            check(el, el.getAttribute(name) || '');
        }
    }
    return found;
}"""


def lang_problems(root: Locator, lang: str) -> list[str]:
    """The texts inside ``root`` (its words, tooltips, accessible names and placeholders, the
    first five) whose nearest ``lang`` attribute is not ``lang``."""
    found = root.evaluate(NOT_IN_LANG, lang)
    return [f"text not in lang={lang}: {text}" for text in found[:5]]


# Each shown, empty text box inside the element whose placeholder is wider than the box (its
# width in the box's font, with the box's padding and borders, against the box's width):
# the placeholder, and the widths needed and given.
CUT_PLACEHOLDERS = """root => {
    const found = [];
    const pen = document.createElement('canvas').getContext('2d');
    for (const box of root.querySelectorAll('input[placeholder], textarea[placeholder]')) {
        if (box.offsetParent === null || box.value || !box.placeholder) continue;
        const style = getComputedStyle(box);
        pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const sides = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth']
            .reduce((sum, side) => sum + parseFloat(style[side]), 0);
        const lines = box.placeholder.split('\\n');
        const need = Math.max(...lines.map(line => pen.measureText(line).width)) + sides;
        const given = box.getBoundingClientRect().width;
        if (need > given + 1) found.push(`${box.placeholder} (${need | 0} px in ${given | 0})`);
    }
    return found;
}"""


def cut_placeholders(root: Locator) -> list[str]:
    """The placeholders inside ``root`` that do not fit in their text box."""
    return [f"placeholder cut: {cut}" for cut in root.evaluate(CUT_PLACEHOLDERS)]


def language_problems(root: Locator, lang: str) -> list[str]:
    """What ``root`` shows against speaking ``lang``: each English sentence of the catalogue
    in its words, and each short English label of it shown whole (``names_left``); in
    Korean, no Hangul at all, or Hangul that may break inside a word (the first five)."""
    words = " ".join(root.evaluate(WORDS).split())
    problems = [f"English: {left}" for left in english_left(words)]
    problems += [f"English name: {name}" for name in names_left(root.evaluate(PIECES), lang)]
    if lang == "ko":
        if not root.evaluate(f"root => {HANGUL_JS}.test(root.innerText)"):
            problems.append("no Hangul")
        breaking = root.evaluate(BREAKS_INSIDE_WORDS)[:5]
        problems += [f"may break inside a word: {text}" for text in breaking]
    return problems


# The widgets whose words are cut when they do not fit: buttons, toggle buttons, labels
# (ipywidgets gives them white-space: nowrap, overflow: hidden and text-overflow: ellipsis)
# and select menus (a select clips its chosen option, with no ellipsis).
WORDED = ".widget-button, .widget-toggle-button, .widget-label, .widget-label-basic, select"
# Each shown element of the list whose words are wider than its content box, or taller: its
# words, and the widths needed and given. The words' width is measured whole, to a fraction
# of a pixel (Chromium puts an ellipsis for a 64th of a pixel too many): a Range over the
# element's contents spans the whole text under an ellipsis too. scrollWidth, a whole number
# compared with a 1 px slack, missed French "Prendre" (50.22 px of text in 50 px) shown as
# "Pren…". A select's chosen option is measured in the select's font (a select clips it:
# neither scrollWidth nor a Range tells); its right padding holds its arrow.
CUT_WORDS = """elements => {
    const found = [];
    const pen = document.createElement('canvas').getContext('2d');
    for (const el of elements) {
        if (el.getClientRects().length === 0) continue;
        const style = getComputedStyle(el);
        const px = name => parseFloat(style[name]) || 0;
        const room = el.getBoundingClientRect().width - px('paddingLeft') - px('paddingRight')
            - px('borderLeftWidth') - px('borderRightWidth');
        let words, need;
        if (el.tagName === 'SELECT') {
            const chosen = el.options[el.selectedIndex];
            if (!chosen) continue;
            words = chosen.text;
            pen.font = [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily]
                .join(' ');
            need = pen.measureText(words).width;
        } else {
            words = el.textContent.replace(/\\s+/g, ' ').trim();
            if (!words) continue;
            const range = document.createRange();
            range.selectNodeContents(el);
            need = range.getBoundingClientRect().width;
            if (el.scrollHeight > el.clientHeight + 1) {
                found.push(`${words} (${el.scrollHeight} px high in ${el.clientHeight})`);
                continue;
            }
        }
        if (need > room + 0.02) {
            found.push(`${words} (${need.toFixed(1)} px in ${room.toFixed(1)})`);
        }
    }
    return found;
}"""


# Each word of the elements' text drawn on two lines or more (broken inside the word, as
# "monochrom" / "e" on a narrow button, not at a space): the word.
SPLIT_WORDS = """elements => {
    const found = [];
    for (const el of elements) {
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
            const node = walk.currentNode;
            for (const word of node.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                if (lines.size > 1) found.push(word[0]);
            }
        }
    }
    return found;
}"""


def cut_words(root: Locator, selector: str = WORDED) -> list[str]:
    """The buttons, labels and select menus inside ``root`` (those ``selector`` finds) whose
    words do not fit them, each with the widths needed and given, and the words they break
    across two lines."""
    found = root.locator(selector)
    cut = [f"cut: {each}" for each in found.evaluate_all(CUT_WORDS)]
    return cut + [f"broken inside: {word}" for word in found.evaluate_all(SPLIT_WORDS)]


# Each shown element of the list whose letters are drawn smaller than `least` px: its font
# size as computed, times the zoom or scale it is drawn at (its box's drawn width over its
# laid-out width), and its text.
SMALL_LETTERS = """(elements, least) => elements.flatMap(el => {
    if (el.getClientRects().length === 0 || !el.textContent.trim()) return [];
    const scale = el.offsetWidth ? el.getBoundingClientRect().width / el.offsetWidth : 1;
    const px = parseFloat(getComputedStyle(el).fontSize) * scale;
    return px < least ? [`${el.textContent.trim()} (${px.toFixed(1)} px)`] : [];
})"""


def small_letters(root: Locator, selector: str, least: float) -> list[str]:
    """The elements inside ``root`` that ``selector`` finds (none of them turned: a turned
    box is drawn wider than it is laid out) whose letters are drawn smaller than ``least``
    px."""
    found = root.locator(selector).evaluate_all(SMALL_LETTERS, least)
    return [f"letters below {least} px: {small}" for small in found]
