// Each chart's module (widgets/plotly_state.py, SharedBundleFigure). The first chart on a page
// loads plotly's widget bundle (about 5 MB) once and keeps it on window; every chart then
// hands initialize and render to plotly.
//
// The bundle comes from the web server when it serves it (orchard_lab/plotly_bundle.py:
// JupyterLab's server extension, the app's route) at BUNDLE_PATH under the page's base
// address: the browser keeps it, and the kernel, busy running the cells after the chart's,
// has no part in it, so initialize awaits it and plotly starts with the model as it is.
//
// Otherwise the chart asks the kernel for it. That fetch is not awaited in initialize:
// anywidget holds the model's messages until that returns, so the answer could never
// arrive. A chart made while the bundle travelled missed the changes sent meanwhile, so the
// kernel refreshes its saved state before plotly reads it.
//
// The kernel answers between cells, so a request may wait. `ask` is the one retry loop: a
// request not answered within ASK_AGAIN_MS is sent again, through the next widget that joined
// the request (every chart waiting for the bundle joins it), up to TRIES times after the last
// one joined; the first answer wins. So neither a lost request nor a first chart whose widget
// no longer answers leaves every chart on the page saying "Drawing the chart…" (seen twice in
// loaded CI runs).
const BUNDLE = Symbol.for("orchard_lab.plotly_bundle");
const LOADED = Symbol.for("orchard_lab.plotly_bundle_loaded");
const SERVED = Symbol.for("orchard_lab.plotly_bundle_served");
export const BUNDLE_PATH = "orchard_lab/plotly.js";
export const SERVED_WAIT_MS = 20000; // a server that has not answered by then: ask the kernel
export const ASK_AGAIN_MS = 20000;
export const TRIES = 5;

// The bundle's address: under JupyterLab's base address (a hub pupil's is /user/NAME/), else
// at the root of the app's server.
export function bundleUrl() {
  const config = document.getElementById("jupyter-config-data");
  let base = "/";
  if (config) {
    try {
      base = JSON.parse(config.textContent).baseUrl || "/";
    } catch {
      base = "/";
    }
  }
  return new URL(base + BUNDLE_PATH, window.location.origin).href;
}

// The bundle as the web server serves it: the module, or null where it is not served (a
// notebook server without the extension), fails, or has not answered in SERVED_WAIT_MS.
// Asked once per page.
export function servedBundle(url = bundleUrl(), wait = SERVED_WAIT_MS) {
  if (!window[SERVED]) {
    const late = new Promise((resolve) => setTimeout(() => resolve(null), wait));
    window[SERVED] = Promise.race([import(url).catch(() => null), late]);
  }
  return window[SERVED];
}

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

// plotly sizes a chart to its element when it draws it, and an element that is not on the page
// or is in a hidden box has no width: plotly then draws at its default 700 px, wider than a
// notebook's output beside JupyterLab's sidebar, and nothing sizes it again until the window is
// resized. ipywidgets puts a view's element on the page only after its render has returned, and
// a chart may be made in a box shown later. So `draw` runs the first time the element is on the
// page with a width (a ResizeObserver's first report comes then), once; after that, `resize`
// runs each time the element's width changes (JupyterLab's sidebar opened or closed: the window
// keeps its size, so plotly's own `responsive` does not see it). The function returned stops
// watching, and undoes the drawing (what `draw` returned) when the view is removed.
export function drawnWhenSized(el, draw, resize) {
  let drawn = null;
  let width = 0;
  const observer = new ResizeObserver(() => {
    if (!el.isConnected || el.clientWidth === 0 || el.clientWidth === width) return;
    width = el.clientWidth;
    if (drawn === null) drawn = draw() || (() => {});
    else resize();
  });
  observer.observe(el);
  return () => {
    observer.disconnect();
    if (drawn !== null) drawn();
  };
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
    async initialize({ model, experimental }) {
      const bundle = window[LOADED] || (await servedBundle());
      if (bundle) window[LOADED] = bundle;
      plotly = bundle ? startLoaded(bundle, model, experimental) : startPlotly(model, experimental);
      plotly.catch((error) => console.error("[orchard_lab] plotly did not load", error));
    },
    async render({ el, ...view }) {
      el.textContent = "Drawing the chart…";
      let ready;
      try {
        ready = await plotly;
      } catch {
        el.textContent = "This chart could not be drawn. Reload the page to try again.";
        return undefined;
      }
      const draw = () => {
        el.textContent = "";
        return ready.render({ el, ...view });
      };
      return drawnWhenSized(el, draw, () => window.Plotly?.Plots?.resize(el));
    },
  };
};
