"""axe-core, the accessibility engine, run in a page the browser tests already have open.

axe-core comes from npm (``tests/browser/package.json``, pinned in its lock file; ``./dev
test`` runs ``npm ci`` there) and is put into the page with playwright's ``add_script_tag``:
the page never fetches it. ``violations`` runs the WCAG 2.1 A and AA rules and returns what
fails, one line per rule with the elements it names, so an assertion message says what to fix.

In JupyterLab orchard_lab's output is scanned (``LAB_OUTPUT``) and must pass; JupyterLab's
own interface is not ours to fix: what it fails is listed by rule with its reason in
``JUPYTERLAB_OWN``, and a whole-page scan checks it fails nothing else and nothing inside an
output area. On the app's page, Solara's own busy bar is excluded with its reason
(``APP_EXCLUDED``).
"""

from __future__ import annotations

from pathlib import Path

AXE_JS = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
SIZES = {"1024x768": (1024, 768), "1400x900": (1400, 900)}
# In JupyterLab: the output areas of the notebook, where orchard_lab draws.
LAB_OUTPUT = ".jp-OutputArea-output"
# What axe finds in JupyterLab 4.6's own interface around the outputs (a whole-page scan of
# a lesson after Run All), by rule, and why it is not orchard_lab's to fix. Each page's
# whole-page scan is checked to find nothing else (``lab_violations``).
JUPYTERLAB_OWN: dict[str, str] = {
    "aria-input-field-name": (
        "every code cell's editor (CodeMirror's .cm-content, role=textbox) has no accessible "
        "name; JupyterLab draws the cells"
    ),
    "aria-allowed-attr": (
        "toolbar buttons of JupyterLab's file browser and debugger (jp-button elements) carry "
        "ARIA attributes their role does not allow"
    ),
    "aria-required-children": (
        "the notebook's windowed list (.jp-WindowedPanel-viewport, role=list) holds cells, "
        "not list items"
    ),
}

# In the app: Solara's own elements on the page, and why each is left out.
APP_EXCLUDED: dict[str, str] = {
    ".v-progress-linear": (
        "Solara's busy bar across the top of the page (Vuetify's unnamed progressbar), shown "
        "while the page's kernel works, e.g. just after Run; drawn by Solara's page template"
    ),
}

_RUN = """async ([include, exclude, tags]) => {
    const context = include === null ? {exclude} : {include, exclude};
    const result = await axe.run(context, {
        runOnly: {type: 'tag', values: tags},
        resultTypes: ['violations'],
    });
    return result.violations.map(v => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n')[1]),
    }));
}"""


def violations(page, include: str | None = None, exclude: tuple[str, ...] = ()) -> list[str]:
    """The WCAG 2.1 A and AA violations axe finds in ``page`` (within the elements matching
    ``include``, if given, less those matching ``exclude``), one line per rule."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    found = page.evaluate(
        _RUN, [None if include is None else [[include]], [[s] for s in exclude], list(WCAG_21_AA)]
    )
    return [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])}): " + " | ".join(v["nodes"][:4])
        for v in found
    ]


def app_violations(page) -> list[str]:
    """``violations`` over a page of ``orchard-lab app``, less Solara's own busy bar."""
    return violations(page, exclude=tuple(APP_EXCLUDED))


def lab_violations(page, whole_page: bool = True) -> list[str]:
    """``violations`` over orchard_lab's output in a JupyterLab notebook page, and (when
    ``whole_page``) those of the whole page that are not JupyterLab's own
    (``JUPYTERLAB_OWN``)."""
    ours = violations(page, include=LAB_OUTPUT)
    whole = violations(page) if whole_page else []
    others = [found for found in whole if found.split(" ", 1)[0] not in JUPYTERLAB_OWN]
    return ours + [f"outside the outputs: {found}" for found in others]


# Drawn: the notebook has outputs, every board its pictures, every chart its first drawing,
# and no widget is still loading.
_LAB_DRAWN = """() => {
    const boards = [...document.querySelectorAll(
        '.orchard-ab-board, .orchard-wd-board, .orchard-st-board')];
    const plots = [...document.querySelectorAll('.jp-OutputArea-output .js-plotly-plot')];
    return document.querySelectorAll('.jp-OutputArea-output').length > 0
        && boards.every(b => b.querySelector('.orchard-keys-help') !== null)
        && plots.every(p => p.querySelector('.main-svg') !== null)
        && document.querySelector('.jp-OutputArea-output .jp-mod-loading') === null;
}"""


def assert_no_violations(page, where: str) -> None:
    """``lab_violations`` at 1024×768 and then 1400×900 (the window is left at that size);
    the whole page is checked for JupyterLab's own violations at the first size."""
    for first, (size, (width, height)) in zip((True, False), SIZES.items(), strict=True):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(_LAB_DRAWN)
        found = lab_violations(page, whole_page=first)  # JupyterLab's own: once a page
        assert found == [], f"{where} at {size}: {found}"
