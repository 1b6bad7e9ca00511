// A view's language and its sliders' names: what a hidden widget tells the view it sits in,
// the view's root being the nearest element of the model's class "root" (found once it is on
// the page).
// - lang (widgets/view_language.py, ViewLanguage; the app's PageLanguage): sets the root's
//   lang attribute, now and whenever it changes, so a screen reader reads every text of the
//   view, buttons too, in that language (a notebook's <html lang> stays JupyterLab's). The
//   app's page also sets the document's (<html lang>, with whole_page) and names each option
//   of the language menu in its own language, so a screen reader reads "Français" in French.
// - name_sliders (widgets/slider_names.py, SliderNames): names every slider handle
//   (noUiSlider's role="slider" element, which ipywidgets 8 leaves without a name) after the
//   description its slider shows; again whenever the root's content changes.

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
  let frame = 0;
  let observer = null;
  const apply = () => {
    const root = el.closest(`.${model.get("root")}`);
    if (!root) {
      frame = requestAnimationFrame(apply);
      return;
    }
    const lang = model.get("lang");
    if (lang) {
      root.lang = lang;
      if (model.get("whole_page")) document.documentElement.lang = lang;
    }
    const names = model.get("names") || {};
    for (const option of root.querySelectorAll(".orchard-app-language option")) {
      const code = names[option.textContent.trim()];
      if (code) option.lang = code;
    }
    if (model.get("name_sliders") && !observer) {
      nameSliders(root);
      observer = new MutationObserver(() => nameSliders(root));
      observer.observe(root, { childList: true, subtree: true });
    }
  };
  apply();
  model.on("change:lang", apply);
  return () => {
    cancelAnimationFrame(frame);
    if (observer) observer.disconnect();
    model.off("change:lang", apply);
  };
}
export default { render };
