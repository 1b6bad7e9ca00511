"""``orchard-lab app``: the page holds the three widgets and no code, the gate checks the
token, the command parses, and Solara is set up offline with idle kernels culled."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import given
from hypothesis import strategies as hs

from orchard_lab import games
from orchard_lab.app.command import class_token
from orchard_lab.app.gate import TokenGate
from orchard_lab.app.page import game_page
from orchard_lab.app.server import new_token, solara_environment
from orchard_lab.cli import build_parser
from orchard_lab.widgets import WhatIfExplorer
from orchard_lab.widgets.styles import static_text


def _all_widgets(widget: w.Widget) -> list[w.Widget]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _all_widgets(child)
    return found


@pytest.mark.parametrize("slug", [entry.slug for entry in games.entries()])
def test_page_holds_board_walkthrough_and_what_if_of_its_game(slug: str) -> None:
    page = game_page(slug)
    shown = _all_widgets(page.widget)
    assert page.board.widget in shown and page.walkthrough.widget in shown
    assert page.what_if.widget in shown
    assert (
        isinstance(page.what_if, WhatIfExplorer) and page.what_if.game is games.entry(slug).module
    )
    assert page.walkthrough.progress.value.startswith("Step 1 of ")


@pytest.mark.parametrize("slug", [entry.slug for entry in games.entries()])
def test_page_shows_no_code_and_no_bare_output(slug: str) -> None:
    shown = _all_widgets(game_page(slug).widget)
    assert not any(isinstance(widget, (w.Output, w.Textarea)) for widget in shown)
    headings = [widget.value for widget in shown if isinstance(widget, w.HTML)]
    for heading in ("Play", "Learn the rules", "What if the rules changed?"):
        assert any(f"<h2>{heading}</h2>" in value for value in headings)


def test_two_pages_of_a_game_share_no_board() -> None:
    first, second = game_page("apple-batches"), game_page("apple-batches")
    assert first.board is not second.board
    first.board.select_card(0)
    first.board.choose_batch("bad")
    assert len(first.board.game.boards[0].batches["bad"]) == 1
    assert len(second.board.game.boards[0].batches["bad"]) == 0


def test_page_names_a_wrong_game() -> None:
    with pytest.raises(ValueError, match="slug must be one of apple-batches"):
        game_page("apple_batches")
    with pytest.raises(TypeError, match="slug"):
        game_page(3)  # type: ignore[arg-type]


def _gate() -> TokenGate:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})

    return TokenGate(app, "orchard-token-1", port=8866)


def _send(gate: TokenGate, kind: str, query: str = "", cookie: str = "") -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(message)

    headers = [(b"cookie", cookie.encode())] if cookie else []
    scope = {"type": kind, "query_string": query.encode(), "headers": headers}
    # A thread of its own: the browser tests' playwright keeps an event loop running in this
    # one for the whole session, and asyncio.run refuses to start inside it.
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, gate(scope, None, send)).result()
    return sent


def test_gate_refuses_without_the_token_and_sets_a_cookie_with_it() -> None:
    gate = _gate()
    assert _send(gate, "http")[0]["status"] == 403
    assert _send(gate, "http", "token=orchard-token-2")[0]["status"] == 403
    passed = _send(gate, "http", "token=orchard-token-1")[0]
    assert passed["status"] == 200
    cookie = dict(passed["headers"])[b"set-cookie"].decode()
    assert cookie.startswith("orchard_lab_token_8866=orchard-token-1;")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert _send(gate, "http", cookie="orchard_lab_token_8866=orchard-token-1")[0]["status"] == 200
    assert _send(gate, "http", cookie="orchard_lab_token_8867=orchard-token-1")[0]["status"] == 403


def test_gate_closes_a_websocket_without_the_token() -> None:
    gate = _gate()
    assert _send(gate, "websocket") == [{"type": "websocket.close", "code": 1008}]
    cookie = "orchard_lab_token_8866=orchard-token-1"
    assert _send(gate, "websocket", cookie=cookie)[0]["status"] == 200


@given(hs.text(max_size=30))
def test_gate_lets_no_other_token_through(guess: str) -> None:
    gate = _gate()
    query = "token=" + guess.replace("&", "").replace("%", "").replace("+", "")
    status = _send(gate, "http", query)[0]["status"]
    assert (status == 200) == (query == "token=orchard-token-1")


def test_gate_names_a_bad_token() -> None:
    with pytest.raises(ValueError, match="token must have at least 8"):
        TokenGate(_gate().app, "short", port=1)
    with pytest.raises(TypeError, match="token must be a str"):
        TokenGate(_gate().app, 12345678, port=1)  # type: ignore[arg-type]


def test_new_tokens_are_fresh_and_typeable() -> None:
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(re.fullmatch(r"[0-9a-f]{10}", token) for token in tokens)


def test_solara_runs_offline_without_telemetry_and_culls_idle_kernels() -> None:
    env = solara_environment("stacked-trees", cull_minutes=5)
    assert env["SOLARA_TELEMETRY_MIXPANEL_ENABLE"] == "False"
    assert env["SOLARA_ASSETS_PROXY"] == "True"  # the local solara-assets copy, not a CDN
    assert env["SOLARA_KERNEL_CULL_TIMEOUT"] == "5m"
    assert env["SOLARA_THEME_SHOW_BANNER"] == "False"
    assert env["ORCHARD_LAB_GAME"] == "stacked-trees"
    with pytest.raises(ValueError, match="cull_minutes"):
        solara_environment("stacked-trees", cull_minutes=0)


def test_command_serves_localhost_by_default_and_the_class_network_on_request() -> None:
    args = build_parser().parse_args(["app", "water-drops"])
    assert (args.game, args.lan, args.token_file, args.port) == ("water-drops", False, None, 8866)
    args = build_parser().parse_args(["app", "apple-batches", "--lan", "--token-file", "t.txt"])
    assert args.lan and args.token_file == Path("t.txt")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["app", "chess"])


def test_the_token_comes_from_a_file_or_the_environment_never_the_command_line(
    tmp_path: Path, capsys
) -> None:
    secret = tmp_path / "token.txt"
    secret.write_text("apple-pie-42\nthe rest is ignored\n", encoding="utf-8")
    environment = {"ORCHARD_LAB_TOKEN": " pear-tart-7 "}
    assert class_token(secret, environment) == "apple-pie-42"  # the file first
    assert class_token(None, environment) == "pear-tart-7"
    assert re.fullmatch(r"[0-9a-f]{10}", class_token(None, {}))  # else a fresh one
    assert class_token(None, {"ORCHARD_LAB_TOKEN": ""}) != ""
    with pytest.raises(ValueError, match=r"^\$ORCHARD_LAB_TOKEN: token must have at least 8"):
        class_token(None, {"ORCHARD_LAB_TOKEN": "short"})
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^the token in .*empty.txt: token must have at least"):
        class_token(tmp_path / "empty.txt", {})
    with pytest.raises(SystemExit) as exit_code:
        build_parser().parse_args(["app", "water-drops", "--token", "apple-pie-42"])
    assert exit_code.value.code == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "apple-pie-42" not in err  # not even repeated in the refusal
    assert "a token on the command line is visible to every user of this computer" in err
    assert "--token-file" in err and "$ORCHARD_LAB_TOKEN" in err


TITLES = {
    "water-drops": "Water drops · orchard_lab",
    "apple-batches": "Apple batches · orchard_lab",
    "stacked-trees": "Stacked trees · orchard_lab",
}


@pytest.mark.parametrize(("slug", "title"), TITLES.items())
def test_the_tab_is_titled_after_the_game(
    slug: str, title: str, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    import solara
    from solara.components.title import TitleWidget

    from orchard_lab.app.solara_page import Page

    assert solara_environment(slug)["SOLARA_THEME_TITLE"] == title  # the page as first sent
    monkeypatch.setenv("ORCHARD_LAB_GAME", slug)
    _, context = solara.render(Page(), handle_error=False)
    assert context.find(TitleWidget).widget.title == title  # the title the page then sets
    context.close()
    capsys.readouterr()  # outside a kernel, solara.display prints the page


def test_the_page_is_completed_even_if_the_browser_never_says_it_is_drawn(
    monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A ``Drawn`` widget that never loads (no message) must not leave the page half built."""
    import time

    import solara

    from orchard_lab.app import solara_page

    made = []

    def kept_page(*args: Any, **options: Any) -> Any:
        made.append(game_page(*args, **options))
        return made[-1]

    monkeypatch.setattr(solara_page, "game_page", kept_page)
    monkeypatch.setattr(solara_page, "DRAWN_WAIT", 0.3)
    monkeypatch.setenv("ORCHARD_LAB_GAME", "water-drops")
    _, context = solara.render(solara_page.Page(), handle_error=False)
    page = made[0]
    assert page.what_if is None and page.drawn in page.widget.children  # no message sent
    waited = 0.0
    while page.what_if is None and waited < 30:  # the page's own wait, in its own thread
        time.sleep(0.1)
        waited += 0.1
    assert isinstance(page.what_if, WhatIfExplorer) and page.walkthrough is not None
    assert page.drawn not in page.widget.children
    assert page.what_if.widget in page.widget.children
    page.complete()  # the browser's late message: built once, not again
    assert page.widget.children.count(page.what_if.widget) == 1
    context.close()
    capsys.readouterr()


def test_a_pupils_own_sequence_box_sits_under_its_label_on_every_switch() -> None:
    """The rule switches put a pupil's own sequence box beside its label when both fit:
    of the apple batches page's four, the shortest label ("your own feather batch points")
    sat beside its box and the three others above theirs (s18 review). The switches put
    each label on a line of its own, in JupyterLab and on the app page."""
    own = [
        widget
        for widget in _all_widgets(game_page("apple-batches").board.widget)
        if "orchard-own-value" in getattr(widget, "_dom_classes", ())
    ]
    assert len(own) == 4, [widget.description for widget in own]
    css = re.sub(r"/\*.*?\*/", "", static_text("rule_switches.css"), flags=re.S)
    label = [
        body
        for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)
        if selector.strip().endswith(".orchard-own-value > .widget-label")
    ]
    assert label and re.search(r"flex:\s*1 0 100%", label[0]), label
    assert re.search(r"text-align:\s*left", label[0]), label
