"""The charts' loader in Debian's Chromium: a request the kernel never answers is sent again,
so one lost request cannot leave every chart on a page waiting (``widgets/plotly_state``)."""

from __future__ import annotations

import pytest

from orchard_lab.widgets.plotly_state import BUNDLE_LOADER

pytestmark = pytest.mark.browser

# Imports the loader as the page does, then calls ask() (sending again after 50 ms) with a
# stand-in for anywidget's invoke that loses the first ``lost`` requests and answers the rest.
# It counts the requests 200 ms after the answer, so one sent after the answer would count.
ASK = """async ([loader, lost]) => {
  const url = URL.createObjectURL(new Blob([loader], { type: "text/javascript" }));
  const { ask, TRIES } = await import(url);
  const sent = [];
  const invoke = (command) => {
    sent.push(command);
    if (sent.length <= lost) return new Promise(() => {});
    return Promise.resolve("answer " + sent.length);
  };
  const answer = await Promise.race([
    ask(invoke, "send_plotly_bundle", 50),
    new Promise((resolve) => setTimeout(() => resolve("no answer"), 2000)),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { answer, sent: sent.length, tries: TRIES };
}"""


@pytest.mark.parametrize("lost", [0, 1, 4, 5])
def test_a_lost_request_is_sent_again_up_to_five_times(browser, lost: int) -> None:
    page = browser.new_context().new_page()
    try:
        result = page.evaluate(ASK, [BUNDLE_LOADER, lost])
    finally:
        page.context.close()
    answer = f"answer {lost + 1}" if lost < 5 else "no answer"
    assert result == {"answer": answer, "sent": min(lost + 1, 5), "tries": 5}
