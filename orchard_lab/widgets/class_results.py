"""Check a class's result codes: paste "name: code" lines, click Check, read the ranked table.

A thin view over ``classroom.class_results``: every code is replayed by the engine, the
verified scores are ranked group by group (one game, one deal, the same rules), plotted with
``figures.class_scores``, and the lines that could not be read are listed with the reason.
Nothing here decides a rule; no traceback reaches the teacher. Its words, the table's and
the reasons are in the session's language (``orchard_lab.language``) when it checks.

On a class hub the pupils' boards send their games to the class's results file, and the
teacher's results notebook shows ``ClassResultsChecker(results_file=...)``: the file's lines
fill the box, and the table is checked again whenever the file grows (``refresh``, every two
seconds while the notebook's kernel runs).

>>> checker = ClassResultsChecker()
>>> checker.check()
>>> checker.status.value
'Paste one line per pupil, like <code>Ana: S4KX-9MP2-…</code>, then click Check.'
"""

from __future__ import annotations

import html
import threading
import time
from pathlib import Path
from typing import Any

import ipywidgets as w

from orchard_lab.classroom import (
    ClassResults,
    Group,
    Refused,
    at_table_words,
    class_results,
    summary,
    table_headings,
)
from orchard_lab.core import check_path
from orchard_lab.figures.classroom import class_scores
from orchard_lab.language import _
from orchard_lab.widgets.guard import guarded
from orchard_lab.widgets.plotly_state import SharedBundleFigure, fit_to_container, keep_state
from orchard_lab.widgets.styles import buttons_style, style_html, text_properties
from orchard_lab.widgets.view import WidgetView
from orchard_lab.widgets.view_language import ViewLanguage

__all__ = [
    "TEXT_ON",
    "ClassResultsChecker",
    "bold_name",
    "not_counted_html",
    "refused_html",
    "style",
    "table_html",
]

_TEXT = "#222222"  # the Check button is a darker green than "success": white on it reaches 5:1
_EXAMPLE = "Ana: S4KX-9MP2-…"
TEXT_ON = {  # every (text, background) pair of static/class_results.css; a test checks 4.5:1
    "text": (_TEXT, "#ffffff"),
    "check": ("#ffffff", "#2e7d32"),
    "group heading": (_TEXT, "#f2f2f2"),
}


def style() -> str:
    """The checker's ``<style>``: ``TEXT_ON`` as custom properties, then its CSS file."""
    return style_html("class_results.css", ".orchard-class", text_properties("cr", TEXT_ON))


class ClassResultsChecker(WidgetView):
    """A Textarea for the codes, a Check button, the ranked table, the plot and the refused
    lines. ``check()`` is what the button does; ``results`` holds the last ``ClassResults``.

    >>> checker = ClassResultsChecker(text="Ben: S2")
    >>> checker.check_button.click()
    >>> checker.results.refused[0].name, checker.status.value
    ('Ben', '0 results verified in 0 groups; 1 line refused (below).')
    """

    WATCH_SECONDS = 2.0  # how often a results file is looked at

    def __init__(self, text: str = "", *, results_file: str | Path | None = None) -> None:
        self.codes = w.Textarea(
            value=text,
            placeholder=_("One line per pupil:") + "\nAna: S4KX-9MP2-...\nBen: A5SA-LP82-C6YY-Q4",
            layout={"width": "auto"},
        ).add_class("orchard-class-codes")
        self.check_button = w.Button(
            description=_("Check"),
            button_style="success",
            tooltip=_("replay every code and rank"),
        ).add_class("orchard-class-check")
        self.status = w.HTML().add_class("orchard-class-status")
        self.message = w.HTML().add_class("orchard-class-message")
        self.table = w.HTML().add_class("orchard-class-table")
        self.refused = w.HTML().add_class("orchard-class-refused")
        self.figure = SharedBundleFigure(class_scores([]))
        fit_to_container(self.figure)
        self.figure.add_class("orchard-class-plot")
        self.results: ClassResults | None = None
        self.check_button.on_click(lambda _: self._clicked())
        self.results_file = (
            None if results_file is None else Path(check_path(results_file, "results_file"))
        )
        self.widget = self._layout()
        self.status.value = self._waiting()
        self._read: str | None = None  # the file's text when last read
        if self.results_file is not None:  # the pupils' sends fill it: nothing to paste
            self.codes.layout.display = self.check_button.layout.display = "none"
            self.refresh()
            threading.Thread(target=self._watch, daemon=True).start()

    def refresh(self) -> bool:
        """Read the results file again and, if it has changed, check it: True if it had
        (False too without a file)."""
        if self.results_file is None:
            return False
        try:
            text = self.results_file.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            text = ""  # nobody has sent yet
        if text == self._read:
            return False
        self._read = self.codes.value = text
        self.check()
        return True

    def _waiting(self) -> str:
        """The status while there is nothing to check."""
        if self.results_file is not None:
            return html.escape(_("No results yet: they appear here as pupils send them."))
        said = html.escape(_("Paste one line per pupil, like {example}, then click Check."))
        return said.format(example=f"<code>{_EXAMPLE}</code>")

    def _watch(self) -> None:
        """``refresh`` every ``WATCH_SECONDS`` until the checker is closed."""
        while self.widget.comm is not None:
            time.sleep(self.WATCH_SECONDS)
            self._refreshed()

    @guarded
    def _refreshed(self) -> None:
        self.refresh()

    @guarded
    def _clicked(self) -> None:
        self.check()

    def check(self) -> None:
        """Replay the pasted codes and show the table, the plot and the refused lines."""
        self.message.value = ""
        self.results = None  # nothing stale stays on show if the paste is refused
        self.table.value = self.refused.value = ""
        self._draw([])
        self.status.value = self._waiting()
        if not self.codes.value.strip():
            return
        self.results = class_results(self.codes.value)
        self.table.value = table_html(self.results.groups, self.results.shared_names)
        self.refused.value = refused_html(self.results.refused)
        self._draw(self.results.groups)
        self.status.value = html.escape(summary(self.results))

    def _draw(self, groups: Any) -> None:
        fresh = class_scores(groups)
        with self.figure.batch_update():
            self.figure.data = []
            self.figure.add_traces(list(fresh.data))
            self.figure.layout = fresh.layout
        keep_state(self.figure)

    def _layout(self) -> w.Box:
        css = w.HTML(style() + buttons_style())
        if self.results_file is None:
            title = _("Check the class's result codes")
        else:
            title = _("Class results")
        heading = w.HTML(f'<b style="color:{_TEXT};font-size:15px">{html.escape(title)}</b>')
        go_row = w.HBox([self.check_button, self.status]).add_class("orchard-class-go")
        go_row.layout.flex_flow = "row wrap"
        go_row.layout.align_items = "center"
        parts = [css, heading, self.codes, go_row, self.message, self.table, self.refused]
        root = w.VBox([*parts, self.figure, ViewLanguage("orchard-class")])
        root.layout.max_width = "100%"
        return root.add_class("orchard-class")


def table_html(groups: tuple[Group, ...], shared: tuple[str, ...]) -> str:
    """One table: a header row per group (its game, deal, rules and best line), then its pupils
    by place; a name on more than one line is marked "same name" (in the session's
    language)."""
    rows = []
    for group in groups:
        label = html.escape(group.label)
        if group.best is not None:
            best = _("{group}; best line found: {score}")
            label = html.escape(best).format(group=label, score=group.best.score)
        rows.append(
            f'<tr class="orchard-class-group"><th colspan="5">{group.number}. {label}</th></tr>'
        )
        for row in group.rows:
            name = html.escape(row.name)
            if row.name in shared:
                name = html.escape(_("{name} (same name)")).format(name=name)
            rows.append(
                f'<tr><td class="orchard-num">{row.place}</td><td>{name}</td>'
                f'<td class="orchard-num">{row.score}</td>'
                f"<td>{html.escape(at_table_words(row))}</td>"
                f"<td>{html.escape(_(row.rating) if row.rating else '')}</td></tr>"
            )
    head = "".join(f"<th>{html.escape(heading)}</th>" for heading in table_headings())
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>" if groups else ""


def refused_html(refused: tuple[Refused, ...]) -> str:
    said = html.escape(_("line {number}, {name}: {reason}"))
    lines = [
        said.format(number=each.line, name=bold_name(each.name), reason=html.escape(each.reason))
        for each in refused
    ]
    return not_counted_html(_("Lines not counted"), lines)


def bold_name(name: str) -> str:
    """A pupil's name in bold, as a line not counted shows it (HTML)."""
    return f"<b>{html.escape(name)}</b>"


def not_counted_html(heading: str, lines: list[str]) -> str:
    """``heading`` over the list of ``lines`` (HTML) not counted; nothing when there is none:
    the checker's refused lines, the teacher's page's sends."""
    items = "".join(f"<li>{line}</li>" for line in lines)
    return f"<b>{html.escape(heading)}</b><ul>{items}</ul>" if lines else ""
