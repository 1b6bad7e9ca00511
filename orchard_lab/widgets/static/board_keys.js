// A board's keys and voice (widgets/board_keys.py). Shows the key help; listens for keys on
// the board (the nearest element of class model.root): a board key (model.letters: r, u, h) goes to Python
// as {key}; an arrow steps along a row of buttons (each selector of model.rows), e.g. the
// market. Keys typed in a text box, a number box, a list or an editable value are left to
// it. The board is marked data-lm-suppress-shortcuts, so JupyterLab's own shortcuts (r makes
// a cell raw, arrows move between cells) leave the board's keys alone. What Python says
// (model.said) goes to a polite live region; model.focus_to moves the focus on the board,
// scrolling it into view for a keyboard user but not under a mouse user's pointer.

const EDITABLE = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";
const STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
const FOCUS_FRAMES = 90; // frames to wait for an element drawn by another widget's message

const shown = (node) => node.offsetParent !== null && !node.disabled;

function render({ model, el }) {
  const help = document.createElement("p");
  help.className = "orchard-keys-help";
  const live = document.createElement("div");
  live.className = "orchard-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  el.append(help, live);

  let root = null;
  let frame = 0;
  let focusFrame = 0;
  // Whether the focus is on the board, or left it for nowhere (the focused button was
  // hidden, the focused square drawn anew): then the board may still move it.
  let owned = false;
  const focusIn = () => {
    owned = true;
  };
  const focusOut = (event) => {
    if (event.relatedTarget && !root.contains(event.relatedTarget)) owned = false;
  };
  // Whether the last thing done on the board was a click (or touch), not a key.
  let pointing = false;
  const pointerDown = () => {
    pointing = true;
  };
  const keyDown = () => {
    pointing = false;
  };
  const mayFocus = () =>
    root && (root.contains(document.activeElement) || (owned && document.activeElement === document.body));

  const onKey = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    if (!(event.target instanceof Element) || event.target.closest(EDITABLE)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (model.get("letters").includes(key)) {
      event.preventDefault();
      event.stopPropagation();
      model.send({ key });
      return;
    }
    if (!(event.key in STEPS)) return;
    for (const selector of model.get("rows")) {
      const row = [...root.querySelectorAll(selector)].filter(shown);
      const at = row.findIndex((item) => item === event.target || item.contains(event.target));
      if (at < 0) continue;
      event.preventDefault();
      event.stopPropagation();
      row[at + STEPS[event.key]]?.focus();
      return;
    }
  };

  // The view is put on the page after it is rendered: find the board once it is there.
  const attach = () => {
    root = el.closest(`.${model.get("root")}`);
    if (!root) {
      frame = requestAnimationFrame(attach);
      return;
    }
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    root.addEventListener("keydown", onKey);
    root.addEventListener("pointerdown", pointerDown, true);
    root.addEventListener("keydown", keyDown, true); // seen before a square or button stops it
    root.addEventListener("focusin", focusIn);
    root.addEventListener("focusout", focusOut);
    owned = root.contains(document.activeElement);
  };

  const showHelp = () => {
    help.textContent = model.get("help");
  };

  const speak = () => {
    // Emptied first, so the same words said again are read again.
    live.textContent = "";
    requestAnimationFrame(() => {
      live.textContent = model.get("said");
    });
  };

  const moveFocus = () => {
    cancelAnimationFrame(focusFrame);
    const selector = model.get("focus_to");
    let frames = FOCUS_FRAMES;
    const tryFocus = () => {
      if (!mayFocus()) return; // the focus is elsewhere on the page: leave it there
      const target = [...root.querySelectorAll(selector)].find(shown);
      if (target) {
        // a page that scrolls after a click moves the next button from under the pointer
        if (document.activeElement !== target) target.focus({ preventScroll: pointing });
        return;
      }
      if (--frames > 0) focusFrame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
  };

  model.on("change:help", showHelp);
  model.on("change:said_count", speak);
  model.on("change:focus_count", moveFocus);
  showHelp();
  attach();
  return () => {
    cancelAnimationFrame(frame);
    cancelAnimationFrame(focusFrame);
    if (root) {
      root.removeEventListener("keydown", onKey);
      root.removeEventListener("pointerdown", pointerDown, true);
      root.removeEventListener("keydown", keyDown, true);
      root.removeEventListener("focusin", focusIn);
      root.removeEventListener("focusout", focusOut);
    }
    model.off("change:help", showHelp);
    model.off("change:said_count", speak);
    model.off("change:focus_count", moveFocus);
  };
}

export default { render };
