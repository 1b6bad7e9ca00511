"""plotly's widget JavaScript (about 5 MB) served over HTTP, so a page's first chart need not
wait for the kernel.

Every chart of the package (``widgets.plotly_state.SharedBundleFigure``) needs plotly's
widget bundle in the page. Asked of the kernel, it waits for the cell running there to end:
during a lesson's Run All the first chart stayed "Drawing the chart…" until every later cell
had run. Served by the web server, it comes at once and the browser keeps it. Two servers
serve it at ``BUNDLE_PATH`` under their base address:

- JupyterLab's (and each JupyterHub pupil's) server, through the server extension this
  module is (``_load_jupyter_server_extension``), switched on by the configuration file
  the package installs (``jupyter-config/``) and by ``SERVER_OPTIONS``;
- the app server (``orchard-lab app``), through ``BundleRoute`` behind its token gate.

Where neither serves it (a notebook server without the extension), the chart asks the
kernel as before (``widgets/static/plotly_loader.js``).

>>> BUNDLE_PATH, bundle()[:1] != b""
('orchard_lab/plotly.js', True)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import plotly

__all__ = ["BUNDLE_PATH", "PLOTLY_BUNDLE", "SERVER_OPTIONS", "BundleRoute", "bundle", "headers"]

PLOTLY_BUNDLE = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"
BUNDLE_PATH = "orchard_lab/plotly.js"  # under the server's base address
# A Jupyter server started by orchard_lab switches the extension on itself (an editable
# install has no configuration file): ``orchard-lab lessons`` and the hub's pupils' servers.
SERVER_OPTIONS = ("--ServerApp.jpserver_extensions", "orchard_lab.plotly_bundle=True")
_KEPT_SECONDS = 7 * 24 * 3600  # the browser keeps it a week; a new plotly has a new ETag


@cache
def bundle() -> bytes:
    """plotly's widget JavaScript, read once per process."""
    return PLOTLY_BUNDLE.read_bytes()


def headers() -> dict[str, str]:
    """The answer's headers: JavaScript, kept by this browser only, tagged with plotly's version.

    >>> headers()["Content-Type"]
    'text/javascript; charset=utf-8'
    """
    return {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": f"private, max-age={_KEPT_SECONDS}",
        "ETag": f'"plotly-{plotly.__version__}"',
    }


class BundleRoute:
    """An ASGI app answering a GET of ``BUNDLE_PATH`` with the bundle, passing every other
    request to ``app``. Any folder before it will do: a Solara page's base address is
    ``/jupyter/``.

    >>> import asyncio
    >>> async def app(scope, receive, send): sent.append("app")
    >>> async def send(message): sent.append(message.get("status"))
    >>> sent = []; route = BundleRoute(app)
    >>> asyncio.run(route({"type": "http", "method": "GET", "path": "/orchard_lab/plotly.js"},
    ...                   None, send)); sent
    [200, None]
    >>> sent = []; asyncio.run(route({"type": "http", "method": "GET", "path": "/"}, None, send))
    >>> sent
    ['app']
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if (
            scope["type"] != "http"
            or scope.get("method") not in ("GET", "HEAD")
            or not str(scope.get("path", "")).endswith(f"/{BUNDLE_PATH}")
        ):
            await self.app(scope, receive, send)
            return
        body = bundle()
        fields = [(k.lower().encode(), v.encode()) for k, v in headers().items()]
        fields.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": fields})
        if scope["method"] == "HEAD":
            body = b""
        await send({"type": "http.response.body", "body": body})


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """This module is a Jupyter server extension (``jupyter server extension list``)."""
    return [{"module": "orchard_lab.plotly_bundle"}]


def _load_jupyter_server_extension(server: Any) -> None:
    """Serve the bundle at ``BUNDLE_PATH`` under the server's base address, to a signed-in
    browser (the page's own cookie)."""
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.utils import url_path_join
    from tornado import web

    class BundleHandler(JupyterHandler):
        @web.authenticated
        def get(self) -> None:
            for name, value in headers().items():
                self.set_header(name, value)
            self.finish(bundle())  # tornado answers 304 when the browser holds this ETag

    base = server.web_app.settings["base_url"]
    server.web_app.add_handlers(".*$", [(url_path_join(base, BUNDLE_PATH), BundleHandler)])
