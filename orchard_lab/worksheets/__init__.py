"""Worksheets a teacher prints for the class: a one-page rules sheet per game for pupils,
with a picture of a real position for each rule, and the teacher's page of readings
(``pupil_sheet``); and the reference sheet (``rules_sheet``), cut from docs/rules.md by rule
id (``rules_text``).

>>> from orchard_lab.worksheets import game_rules
>>> list(game_rules("water_drops"))
['WD-1', 'WD-2', 'WD-3', 'WD-4', 'WD-5', 'WD-6']
"""

from orchard_lab.worksheets.pupil_sheet import (
    pupil_sheet_html,
    sheet_name,
    teacher_sheet_html,
    write_pupil_sheets,
)
from orchard_lab.worksheets.rules_sheet import rules_sheet_html, write_rules_sheet
from orchard_lab.worksheets.rules_text import game_rules, game_text

__all__ = [
    "game_rules",
    "game_text",
    "pupil_sheet_html",
    "rules_sheet_html",
    "sheet_name",
    "teacher_sheet_html",
    "write_pupil_sheets",
    "write_rules_sheet",
]
