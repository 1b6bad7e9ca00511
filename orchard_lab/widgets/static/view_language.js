// A view's language (widgets/view_language.py, ViewLanguage; the app's PageLanguage): sets the
// lang attribute of the view's root (the nearest element of the model's class "root"), now
// and whenever it changes, so a screen reader reads every text of the view, buttons too, in
// that language (a notebook's <html lang> stays JupyterLab's). The app's page also sets the
// document's (<html lang>, with whole_page) and names each option of the language menu in
// its own language, so a screen reader reads "Français" in French.
function render({ model, el }) {
  let frame = 0;
  const apply = () => {
    const root = el.closest(`.${model.get("root")}`);
    if (!root) {
      frame = requestAnimationFrame(apply);
      return;
    }
    const lang = model.get("lang");
    root.lang = lang;
    if (model.get("whole_page")) document.documentElement.lang = lang;
    const names = model.get("names") || {};
    for (const option of root.querySelectorAll(".orchard-app-language option")) {
      const code = names[option.textContent.trim()];
      if (code) option.lang = code;
    }
  };
  apply();
  model.on("change:lang", apply);
  return () => {
    cancelAnimationFrame(frame);
    model.off("change:lang", apply);
  };
}
export default { render };
