"""The charts' loader in Debian's Chromium (``widgets/static/plotly_loader.js``): a request the
kernel never answers is sent again, and a later chart's widget joins the request and carries
it in turn, so neither a lost request nor a first chart whose widget never answers leaves
every chart on a page waiting."""

from __future__ import annotations

import pytest

from orchard_lab.widgets.plotly_state import BUNDLE_LOADER

pytestmark = pytest.mark.browser
LOADER = BUNDLE_LOADER.read_text(encoding="utf-8")

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
        result = page.evaluate(ASK, [LOADER, lost])
    finally:
        page.context.close()
    answer = f"answer {lost + 1}" if lost < 5 else "no answer"
    assert result == {"answer": answer, "sent": min(lost + 1, 5), "tries": 5}


# Two charts share the page's bundle. The first chart's widget answers nothing, or answers
# at once; the second, made 10 ms later, answers. Every chart must get the bundle, and the
# second asks only when the first's answer has not come within 50 ms.
SHARE = """async ([loader, first_answers]) => {
  const url = URL.createObjectURL(new Blob([loader], { type: "text/javascript" }));
  const { fetchBundle } = await import(url);
  const asked = [];
  const widget = (name, answers) => (command) => {
    asked.push(name);
    if (!answers) return new Promise(() => {});
    return Promise.resolve([null, ["export default () => 'plotly from " + name + "';"]]);
  };
  const first = fetchBundle(widget("first", first_answers), 50);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const second = fetchBundle(widget("second", true), 50);
  const bundles = await Promise.race([
    Promise.all([first, second]).then((both) => both.map((bundle) => bundle.default())),
    new Promise((resolve) => setTimeout(() => resolve("no bundle"), 2000)),
  ]);
  return { bundles, asked };
}"""


@pytest.mark.parametrize("first_answers", [False, True])
def test_a_chart_asks_itself_when_the_first_charts_widget_does_not_answer(
    browser, first_answers: bool
) -> None:
    page = browser.new_context().new_page()
    try:
        result = page.evaluate(SHARE, [LOADER, first_answers])
    finally:
        page.context.close()
    if first_answers:
        assert result == {"bundles": ["plotly from first"] * 2, "asked": ["first"]}
    else:
        assert result["bundles"] == ["plotly from second"] * 2
        assert result["asked"][0] == "first" and "second" in result["asked"]


# A third chart joins after the first two widgets sent all their tries and never answered:
# it gets TRIES more, through its own widget in turn, and its answer serves all three.
LATE = """async ([loader]) => {
  const url = URL.createObjectURL(new Blob([loader], { type: "text/javascript" }));
  const { fetchBundle, TRIES } = await import(url);
  const asked = [];
  const widget = (name, answers) => (command) => {
    asked.push(name);
    if (!answers) return new Promise(() => {});
    return Promise.resolve([null, ["export default () => 'plotly from " + name + "';"]]);
  };
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const first = fetchBundle(widget("first", false), 20);
  const second = fetchBundle(widget("second", false), 20);
  await wait(20 * TRIES + 100);
  const before = asked.length;
  const third = fetchBundle(widget("third", true), 20);
  const bundles = await Promise.race([
    Promise.all([first, second, third]).then((all) => all.map((bundle) => bundle.default())),
    wait(2000).then(() => "no bundle"),
  ]);
  return { bundles, before, asked };
}"""


def test_a_chart_joining_after_the_tries_ran_out_asks_again(browser) -> None:
    page = browser.new_context().new_page()
    try:
        result = page.evaluate(LATE, [LOADER])
    finally:
        page.context.close()
    assert result["bundles"] == ["plotly from third"] * 3
    assert result["before"] == 1 + 5  # the first send, then TRIES once the second joined
    assert set(result["asked"][:6]) == {"first", "second"}
    assert "third" in result["asked"][6:]


# The bundle as the page's web server serves it: the module when served, else null, so the
# chart asks the kernel (a 404 from a server without the extension, or no answer in time).
SERVED = """async ([loader, url, wait]) => {
  const blob = URL.createObjectURL(new Blob([loader], { type: "text/javascript" }));
  const { servedBundle } = await import(blob);
  const bundle = await servedBundle(url, wait);
  return bundle === null ? null : bundle.default();
}"""


@pytest.mark.parametrize("server", ["serves", "404", "silent"])
def test_the_bundle_comes_from_the_web_server_when_it_serves_it(browser, server: str) -> None:
    page = browser.new_context().new_page()
    origin = "http://127.0.0.1:9"  # nothing listens: every answer below is the route's

    def answer(route) -> None:
        if route.request.url.endswith("/page"):
            route.fulfill(status=200, content_type="text/html", body="<p>page</p>")
        elif server == "serves":
            route.fulfill(
                status=200,
                content_type="text/javascript",
                body="export default () => 'plotly from the server';",
            )
        elif server == "404":
            route.fulfill(status=404, content_type="text/html", body="Not found")
        # "silent": never answered

    try:
        page.route(f"{origin}/**", answer)
        page.goto(f"{origin}/page")
        # A server that answers is waited for as long as a loaded machine needs (the route's
        # answer comes from this Python process); only the silent one is given up on early.
        wait = 300 if server == "silent" else 60_000
        result = page.evaluate(SERVED, [LOADER, f"{origin}/orchard_lab/plotly.js", wait])
    finally:
        page.context.close()
    assert result == ("plotly from the server" if server == "serves" else None)


# A chart's element as ipywidgets gives it: off the page while the view renders, then put in a
# box, hidden here, then shown, narrowed (JupyterLab's sidebar opened), hidden and shown again.
# Each step waits two frames (a ResizeObserver reports before a frame is painted) and notes the
# widths the chart was drawn and resized at; after removal, a resize does nothing more.
SIZED = """async ([loader]) => {
  const url = URL.createObjectURL(new Blob([loader], { type: "text/javascript" }));
  const { drawnWhenSized } = await import(url);
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const drawn = [];
  const resized = [];
  let removed = 0;
  const el = document.createElement("div");
  el.textContent = "Drawing the chart…";
  const draw = () => {
    drawn.push(el.clientWidth);
    el.style.height = "200px"; // as plotly's drawing: taller, not wider
    return () => (removed += 1);
  };
  const remove = drawnWhenSized(el, draw, () => resized.push(el.clientWidth));
  const steps = {};
  const note = async (step) => {
    await frames();
    steps[step] = { drawn: [...drawn], resized: [...resized] };
  };
  await note("off_the_page");
  const box = document.createElement("div");
  box.style.cssText = "display: none; width: 480px";
  box.append(el);
  document.body.append(box);
  await note("in_a_hidden_box");
  box.style.display = "block";
  await note("shown");
  box.style.width = "300px";
  await note("narrowed");
  box.style.display = "none";
  await note("hidden");
  box.style.display = "block";
  await note("shown_again");
  remove();
  box.style.width = "200px";
  await note("removed");
  steps.cleaned_up = removed;
  return steps;
}"""


def test_a_chart_is_drawn_once_on_the_page_with_a_width_and_follows_its_width(browser) -> None:
    """plotly draws a view at its element's width, and at its default 700 px when the element
    has none: ipywidgets renders a view off the page, and a chart may sit in a hidden box. The
    best line's chart stayed 700 px wide beside JupyterLab's sidebar (CI, stop 42). Once
    drawn, a chart follows its element's width, which JupyterLab's sidebar changes without
    resizing the window."""
    page = browser.new_context().new_page()
    try:
        steps = page.evaluate(SIZED, [LOADER])
    finally:
        page.context.close()
    assert steps == {
        "off_the_page": {"drawn": [], "resized": []},
        "in_a_hidden_box": {"drawn": [], "resized": []},
        "shown": {"drawn": [480], "resized": []},
        "narrowed": {"drawn": [480], "resized": [300]},
        "hidden": {"drawn": [480], "resized": [300]},
        "shown_again": {"drawn": [480], "resized": [300]},
        "removed": {"drawn": [480], "resized": [300]},
        "cleaned_up": 1,
    }
