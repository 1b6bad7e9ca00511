// The app page's signal that the browser has drawn what comes before it (Drawn, in
// orchard_lab/app/page.py). It shows nothing; once drawn it tells the kernel, which then
// builds the rest of the page, and meanwhile runs plotly's bundle, which the page's template
// (orchard_lab/templates/index.html.j2) preloads: the what-if's charts then find it ready
// (their loader imports the same address).
export default {
  render({ model }) {
    model.send({ drawn: true });
    const preloaded = document.querySelector('link[rel="modulepreload"][href$="/plotly.js"]');
    if (preloaded) setTimeout(() => import(preloaded.href).catch(() => null), 0);
  },
};
