"""The no-traceback rule of every widget: a failing action shows its reason, not a stack.

>>> class Demo:
...     def __init__(self):
...         self.message = type("Message", (), {"value": ""})()
...     @guarded
...     def act(self):
...         raise ValueError("no apple there")
>>> demo = Demo(); demo.act(); demo.message.value
'<b>That did not work:</b> ValueError: no apple there'
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["guarded"]

_Method = TypeVar("_Method", bound=Callable[..., Any])


def guarded(method: _Method) -> _Method:
    """Run a widget callback; on any error show the reason in ``self.message``, never raise.

    Buttons call public methods through this, so a classroom never sees a traceback.
    """

    @functools.wraps(method)
    def run(self: Any, *args: Any) -> None:
        try:
            method(self, *args)
        except Exception as exc:  # a learner's widget must keep working
            self.message.value = (
                f"<b>That did not work:</b> {html.escape(type(exc).__name__)}: "
                f"{html.escape(str(exc))}"
            )

    return run  # type: ignore[return-value]
