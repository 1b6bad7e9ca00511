// Each chart's module (widgets/plotly_state.py, SharedBundleFigure). The first chart on a page
// fetches plotly's widget bundle (about 5 MB) from the kernel once and caches it on window (a
// reloaded page has no cache and asks again); every chart then hands initialize and render to
// plotly. The fetch is not awaited in initialize: anywidget holds the model's messages until
// that returns, so the answer could never arrive. A chart made while the bundle travelled
// missed the changes sent meanwhile, so the kernel refreshes its saved state before plotly
// reads it; once the bundle is here, plotly starts at once.
//
// The kernel answers between cells, so a request may wait. `ask` is the one retry loop: a
// request not answered within ASK_AGAIN_MS is sent again, through the next widget that joined
// the request (every chart waiting for the bundle joins it), up to TRIES times after the last
// one joined; the first answer wins. So neither a lost request nor a first chart whose widget
// no longer answers leaves every chart on the page saying "Drawing the chart…" (seen twice in
// loaded CI runs).
const BUNDLE = Symbol.for("orchard_lab.plotly_bundle");
const LOADED = Symbol.for("orchard_lab.plotly_bundle_loaded");
export const ASK_AGAIN_MS = 20000;
export const TRIES = 5;

// Send `command` through `invoke` (a widget's anywidget invoke) until one answer comes. The
// promise has `join(invoke)`: another widget to send through, in turn, with TRIES tries more.
// It fails only when every request it sent failed.
export function ask(invoke, command, again = ASK_AGAIN_MS) {
  const askers = [invoke];
  let join;
  const answer = new Promise((resolve, reject) => {
    let sent = 0, left = TRIES, waiting = 0, done = false, timer = null;
    const send = () => {
      timer = null;
      const through = askers[sent % askers.length];
      sent += 1;
      left -= 1;
      waiting += 1;
      through(command, null, { signal: AbortSignal.timeout(600000) }).then(
        (value) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve(value);
        },
        (error) => {
          waiting -= 1;
          if (!done && left === 0 && waiting === 0) {
            done = true;
            reject(error);
          }
        },
      );
      if (left > 0) timer = setTimeout(send, again);
    };
    join = (other) => {
      if (done) return;
      askers.push(other);
      left = TRIES;
      if (timer === null) timer = setTimeout(send, again);
    };
    send();
  });
  return Object.assign(answer, { join });
}

// The page's one bundle: the first chart asks for it, every later chart joins that request
// (so it is sent through the later chart's widget when the answer is late); the first answer
// serves them all. When it fails, the next chart starts a new request.
export function fetchBundle(invoke, again = ASK_AGAIN_MS) {
  const waiting = window[BUNDLE];
  if (waiting) {
    waiting.request.join(invoke);
    return waiting.bundle;
  }
  const request = ask(invoke, "send_plotly_bundle", again);
  const bundle = request.then(([, [code]]) => {
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    return import(url).finally(() => URL.revokeObjectURL(url));
  });
  const page = { request, bundle };
  window[BUNDLE] = page;
  bundle.then(
    (loaded) => (window[LOADED] = loaded),
    () => {
      if (window[BUNDLE] === page) delete window[BUNDLE];
    },
  );
  return bundle;
}

async function startLoaded(bundle, model, experimental) {
  const plotly = bundle.default();
  await plotly.initialize({ model, experimental });
  return plotly;
}

async function startPlotly(model, experimental) {
  const bundle = await fetchBundle(experimental.invoke);
  await ask(experimental.invoke, "refresh_saved_state");
  return startLoaded(bundle, model, experimental);
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
