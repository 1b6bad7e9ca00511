"""Lesson tooling: exercise checks that answer in words (``checks``) and the build of the
pupil and teacher copies of every lesson from its source notebook (``build``).

>>> from orchard_lab.lessons import check
>>> check("answer", ..., 4)
Not answered yet: replace ... in answer with your answer.
"""

from orchard_lab.lessons.checks import STRICT_VARIABLE, check, check_function

__all__ = ["STRICT_VARIABLE", "check", "check_function"]
