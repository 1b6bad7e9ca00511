// The app page's language (app/page.py, PageLanguage): sets the language of the page's root
// (the nearest .orchard-app), and with whole_page of the document (<html lang>), now and
// whenever it changes; names each option of the language menu in its own language, so a
// screen reader reads "Français" in French.
function render({ model, el }) {
  let frame = 0;
  const apply = () => {
    const root = el.closest(".orchard-app");
    if (!root) {
      frame = requestAnimationFrame(apply);
      return;
    }
    const lang = model.get("lang");
    root.lang = lang;
    if (model.get("whole_page")) document.documentElement.lang = lang;
    const names = model.get("names");
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
