// A grid of squares, each drawn at its engine coordinates (row, column): the square at
// (r, c) sits in grid row r - r0 + 2 and column c - c0 + 2, where (r0, c0) is the smallest
// row and column shown, and carries data-square="r,c" (data-cell="r,c" when the model's
// coordinate is "cell"). Grid row 1 and column 1 are rulers: each column's number above it
// and each row's number left of it, the numbers the hints name ("row 0, column -1"); a
// screen reader skips them, since every square's own words name its row and column.
// Python sends the squares (their HTML, classes and words); this file only places them and
// reports clicks and keys.
// Every square is named by its words: an active square is a button (a click, Enter or Space
// sends {square: [r, c]} to Python), another a picture (role img). The grid is
// one stop of the Tab key (a roving tabindex: the square last focused, else the first active
// one); the arrow keys move the focus to the nearest square in that direction. A grid wider
// than its box is zoomed out to fit it (no sideways scroll), whatever the box's width.

const RULER_PX = 24; // the width of the rows' numbers, left of the squares
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function nearest(views, from, [dr, dc]) {
  let best = null;
  let bestCost = Infinity;
  for (const view of views) {
    if (view === from) continue;
    const down = view.orchardAt[0] - from.orchardAt[0];
    const right = view.orchardAt[1] - from.orchardAt[1];
    const ahead = down * dr + right * dc; // squares in the arrow's direction
    if (ahead <= 0) continue;
    const aside = Math.abs(down * dc) + Math.abs(right * dr);
    const cost = ahead + 2 * aside;
    if (cost < bestCost) [best, bestCost] = [view, cost];
  }
  return best;
}

function render({ model, el }) {
  const grid = document.createElement("div");
  grid.className = "orchard-square-grid";
  grid.setAttribute("role", "group");
  const views = new Map(); // "r,c" -> the square's element, reused while it is shown
  const rulers = []; // the rows' and columns' numbers, drawn again with the squares
  let current = null; // the square the Tab key reaches: the one last focused

  const press = (view) => {
    if (view.orchardActive) model.send({ square: view.orchardAt });
  };

  // Exactly one square is reached by Tab: the current one if still shown, else the first
  // active square (else the first square).
  const rove = () => {
    if (!current || !current.isConnected) {
      const all = [...views.values()];
      current = all.find((view) => view.orchardActive) ?? all[0] ?? null;
    }
    for (const view of views.values()) view.tabIndex = view === current ? 0 : -1;
  };

  const made = (key) => {
    const view = document.createElement("div");
    view.dataset[model.get("coordinate")] = key;
    view.addEventListener("click", () => press(view));
    view.addEventListener("focus", () => {
      current = view;
      rove();
    });
    view.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        press(view);
      } else if (event.key in ARROWS) {
        event.preventDefault();
        event.stopPropagation();
        nearest(views.values(), view, ARROWS[event.key])?.focus();
      }
    });
    grid.append(view);
    views.set(key, view);
    return view;
  };

  const draw = () => {
    const squares = model.get("squares");
    const size = model.get("size");
    grid.setAttribute("aria-label", model.get("label"));
    grid.style.setProperty("--square-px", `${size}px`);
    const hadFocus = grid.contains(document.activeElement);
    for (const ruler of rulers.splice(0)) ruler.remove();
    if (squares.length === 0) {
      for (const view of views.values()) view.remove();
      views.clear();
      current = null;
      return;
    }
    const rows = squares.map((s) => s.at[0]);
    const cols = squares.map((s) => s.at[1]);
    const [r0, c0] = [Math.min(...rows), Math.min(...cols)];
    const height = Math.max(...rows) - r0 + 1;
    const width = Math.max(...cols) - c0 + 1;
    grid.style.gridTemplateRows = `auto repeat(${height}, ${size}px)`;
    grid.style.gridTemplateColumns = `${RULER_PX}px repeat(${width}, ${size}px)`;
    fit(RULER_PX + width * size);
    const number = (n, row, column, kind) => {
      const ruler = document.createElement("div");
      ruler.className = `orchard-grid-ruler orchard-grid-ruler-${kind}`;
      ruler.setAttribute("aria-hidden", "true");
      ruler.textContent = String(n);
      ruler.style.gridRow = String(row);
      ruler.style.gridColumn = String(column);
      rulers.push(ruler);
    };
    for (let c = 0; c < width; c++) number(c0 + c, 1, c + 2, "column");
    for (let r = 0; r < height; r++) number(r0 + r, r + 2, 1, "row");
    grid.prepend(...rulers);
    const shown = new Set();
    for (const square of squares) {
      const key = `${square.at[0]},${square.at[1]}`;
      shown.add(key);
      const view = views.get(key) ?? made(key);
      view.orchardAt = square.at;
      view.orchardActive = square.active;
      view.style.gridRow = String(square.at[0] - r0 + 2);
      view.style.gridColumn = String(square.at[1] - c0 + 2);
      view.className = `orchard-square ${square.classes}`;
      view.title = square.label;
      view.setAttribute("aria-label", square.label);
      // a square that takes a click is a button, another a picture (a card laid): both named
      view.setAttribute("role", square.active ? "button" : "img");
      if (view.orchardHtml !== square.html) {
        view.innerHTML = square.html;
        view.orchardHtml = square.html;
      }
    }
    for (const [key, view] of views) {
      if (!shown.has(key)) {
        view.remove();
        views.delete(key);
      }
    }
    rove();
    // the focused square went away (a new game): the focus stays on the grid
    if (hadFocus && !grid.contains(document.activeElement)) current?.focus();
  };

  let needed = 0; // px of width the grid takes unzoomed
  const fit = (width) => {
    needed = width;
    const style = getComputedStyle(el);
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    grid.style.zoom = room > 0 && needed > room ? String(room / needed) : "";
  };
  const resized = new ResizeObserver(() => fit(needed));

  model.on("change:squares", draw);
  model.on("change:size", draw);
  model.on("change:label", draw);
  el.append(grid);
  draw();
  resized.observe(el);
  return () => {
    resized.disconnect();
    model.off("change:squares", draw);
    model.off("change:size", draw);
    model.off("change:label", draw);
  };
}

export default { render };
