// Names every slider handle (noUiSlider's role="slider" element, which ipywidgets 8 leaves
// without a name) inside the nearest element of the model's class "root", after the
// description its slider shows; again whenever that element's content changes.

function nameSliders(root) {
  for (const slider of root.querySelectorAll(".widget-slider")) {
    const label = slider.querySelector(".widget-label");
    const words = label ? label.textContent.trim() : "";
    if (!words) continue;
    for (const handle of slider.querySelectorAll('[role="slider"]')) {
      if (handle.getAttribute("aria-label") !== words) handle.setAttribute("aria-label", words);
    }
  }
}

function render({ model, el }) {
  let observer = null;
  let frame = 0;
  // The view is put in its box after it is rendered: look for the box once it is there.
  const attach = () => {
    const root = el.closest(`.${model.get("root")}`);
    if (!root) {
      frame = requestAnimationFrame(attach);
      return;
    }
    nameSliders(root);
    observer = new MutationObserver(() => nameSliders(root));
    observer.observe(root, { childList: true, subtree: true });
  };
  attach();
  return () => {
    cancelAnimationFrame(frame);
    if (observer) observer.disconnect();
  };
}

export default { render };
