"""Keep a plotly FigureWidget's saved state equal to what Python drew.

plotly sends each change to the open views as a message, but refreshes the state a page
loads *later* (Voilà, a reloaded notebook, a second view) only when the FigureWidget itself
is displayed. Inside a Box it never is, so such a page drew the figure as first built: all
four lines of the sequence explorer while two were switched on, an empty what-if histogram
beside a filled table. ``keep_state`` after each change closes that gap.

``SharedBundleFigure`` is the FigureWidget the package builds: its page fetches plotly's
widget JavaScript (about 5 MB) from the kernel once, where each FigureWidget carried it.

>>> import plotly.graph_objects as go
>>> fig = go.FigureWidget(go.Figure(go.Scatter(y=[1, 2])))
>>> fig.data[0].visible = False
>>> def saved(): return fig.get_state("_widget_data")["_widget_data"][0].get("visible")
>>> saved()
>>> keep_state(fig); saved()
False
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import plotly
import plotly.graph_objects as go

__all__ = ["SharedBundleFigure", "fit_to_container", "keep_state"]

PLOTLY_BUNDLE = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"

# Each chart's module. The first chart on a page fetches plotly's bundle from the kernel and
# caches it on window (a reloaded page has no cache and asks again); every chart then hands
# initialize and render to plotly. The fetch is not awaited in initialize: anywidget holds
# the model's messages until that returns, so the answer could never arrive. A chart made
# while the bundle travelled missed the changes sent meanwhile, so the kernel refreshes its
# saved state before plotly reads it; once the bundle is here, plotly starts at once.
# The kernel answers between cells, so a request may wait. One it has not answered within
# ASK_AGAIN_MS is sent again (up to TRIES in all, the first answer wins), and every other
# chart still waiting by then asks through its own widget too: a lost request, or a first
# chart whose widget no longer answers, must not leave every chart on the page saying
# "Drawing the chart…" (seen twice in loaded CI runs).
BUNDLE_LOADER = """\
const BUNDLE = Symbol.for("orchard_lab.plotly_bundle");
const LOADED = Symbol.for("orchard_lab.plotly_bundle_loaded");
export const ASK_AGAIN_MS = 20000;
export const TRIES = 5;

export function ask(invoke, command, again = ASK_AGAIN_MS) {
  return new Promise((resolve, reject) => {
    let sent = 0, failed = 0, timer;
    const send = () => {
      sent += 1;
      invoke(command, null, { signal: AbortSignal.timeout(600000) }).then(
        (answer) => { clearTimeout(timer); resolve(answer); },
        (error) => { failed += 1; if (failed === TRIES) reject(error); },
      );
      if (sent < TRIES) timer = setTimeout(send, again);
    };
    send();
  });
}

// The page's one bundle: the first chart asks for it at once, a later chart only once it has
// waited ASK_AGAIN_MS; the first answer serves them all. It fails only when every request did.
export function fetchBundle(invoke, again = ASK_AGAIN_MS) {
  if (!window[BUNDLE]) {
    const box = { asking: 0 };
    box.promise = new Promise((resolve, reject) => Object.assign(box, { resolve, reject }));
    box.promise.then((bundle) => (window[LOADED] = bundle), () => {
      if (window[BUNDLE] === box) delete window[BUNDLE];
    });
    window[BUNDLE] = box;
  }
  const box = window[BUNDLE];
  const request = () => {
    box.asking += 1;
    ask(invoke, "send_plotly_bundle", again).then(([, [code]]) => {
      const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
      return import(url).finally(() => URL.revokeObjectURL(url));
    }).then(box.resolve, (error) => { box.asking -= 1; if (box.asking === 0) box.reject(error); });
  };
  if (box.asking === 0) request();
  else setTimeout(() => { if (!window[LOADED] && window[BUNDLE] === box) request(); }, again);
  return box.promise;
}

async function startLoaded(bundle, model, experimental) {
  const plotly = bundle.default();
  await plotly.initialize({ model, experimental });
  return plotly;
}

async function startPlotly(model, experimental) {
  for (let attempt = 1; ; attempt++) {
    try {
      const bundle = await fetchBundle(experimental.invoke);
      await ask(experimental.invoke, "refresh_saved_state");
      return await startLoaded(bundle, model, experimental);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export default () => {
  let plotly;
  return {
    initialize({ model, experimental }) {
      const bundle = window[LOADED];
      plotly = bundle ? startLoaded(bundle, model, experimental) : startPlotly(model, experimental);
      plotly.catch((error) => console.error("[orchard_lab] plotly did not load", error));
    },
    async render({ el, ...view }) {
      el.textContent = "Drawing the chart…";
      try {
        const ready = await plotly;
        el.textContent = "";
        return ready.render({ el, ...view });
      } catch {
        el.textContent = "This chart could not be drawn. Reload the page to try again.";
      }
    },
  };
};
"""


@cache
def plotly_bundle() -> bytes:
    """Plotly's widget JavaScript, read once per kernel."""
    return PLOTLY_BUNDLE.read_bytes()


class SharedBundleFigure(go.FigureWidget):  # type: ignore[misc]
    """A FigureWidget whose page fetches plotly's 5 MB JavaScript once, not once per chart.

    >>> figure = SharedBundleFigure(go.Figure(go.Bar(y=[3, 1])))
    >>> len(figure.get_state("_esm")["_esm"]) < 20_000
    True
    """

    _esm = BUNDLE_LOADER

    @anywidget.experimental.command  # type: ignore[untyped-decorator]
    def send_plotly_bundle(self, msg: object, buffers: list[bytes]) -> tuple[None, list[bytes]]:
        """Answer the page's one request for plotly's bundle."""
        return None, [plotly_bundle()]

    @anywidget.experimental.command  # type: ignore[untyped-decorator]
    def refresh_saved_state(self, msg: object, buffers: list[bytes]) -> tuple[None, list[bytes]]:
        """Bring the saved data and layout up to date just before plotly reads them."""
        keep_state(self)
        return None, []


def keep_state(figure: go.FigureWidget) -> None:
    """Copy the figure's current data and layout into the state a later page loads."""
    figure._repr_mimebundle_()  # plotly's own refresh of that state (no display happens)


def fit_to_container(figure: go.FigureWidget) -> None:
    """Let a FigureWidget take its container's width when a view appears and on resizes.

    plotly 6 draws a new view before it is on the page, at plotly's default 700 px, and
    only sizes it again on a relayout that changes ``autosize`` (plotly.py#5208). So each
    time a view appears, ``autosize`` is switched off and on; ``responsive`` makes plotly
    follow later window resizes.
    """
    figure.set_trait("_config", {"responsive": True})

    def refit(change: dict[str, Any]) -> None:
        if (change["new"] or 0) > (change["old"] or 0):
            figure.layout.autosize = False
            figure.layout.autosize = True

    figure.observe(refit, names="_view_count")
