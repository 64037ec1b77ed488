"""The app around the lessons: the repository's voila.json and lab template in a real browser.

Small notebooks made here (in test-artifacts/fixtures/, under the Voila root) stand in for a
lesson, so these tests do not depend on the lessons' content.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import nbformat
import pytest

from .conftest import (
    ROOT,
    TEMPLATES,
    PageWatch,
    VoilaServer,
    free_port,
    kernel_id,
    new_context,
    open_notebook,
    screenshot,
    write_notebook,
)


@pytest.fixture(scope="module")
def failing_notebook() -> Path:
    return write_notebook(
        "fails.ipynb",
        nbformat.v4.new_code_cell("secret = 'SOURCE-' + 'MARKER'\nprint('output shown')"),
        nbformat.v4.new_code_cell("raise ValueError('TRACEBACK-' + 'MARKER')"),
    )


def culler_started() -> str:
    """The line the kernel manager logs when it starts the culler with voila.json's settings."""
    culling = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    return (f"Culling kernels with idle durations > {culling['cull_idle_timeout']} seconds"
            f" at {culling['cull_interval']} second intervals")


def test_lab_template_copy_matches_installed_voila() -> None:
    """share/jupyter/voila/templates/lab/index.html.j2 is Voila's own lab template with only the marked
    changes (no CDN links, the _xsrf cookie): a Voila upgrade that changes the template fails here."""
    ours = (TEMPLATES / "voila" / "templates" / "lab" / "index.html.j2").read_text()
    installed = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "lab"
    upstream = (installed / "index.html.j2").read_text()
    stripped = re.sub(r"[ \t]*\{#-? buraco: begin.*?buraco: end -?#\}\n?", "", ours, flags=re.S)
    cdn = [line for line in upstream.splitlines(keepends=True) if "cdn.jsdelivr.net" in line]
    assert len(cdn) == 2, "Voila's lab template changed: re-sync share/jupyter/voila/templates/lab"
    assert stripped == "".join(line for line in upstream.splitlines(keepends=True) if line not in cdn)
    assert "https://" not in stripped.replace("https://github.com/pallets/jinja/issues/1044", "")


def test_voila_json_is_what_the_app_runs_with() -> None:
    config = json.loads((ROOT / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == "lab"
    assert config["VoilaConfiguration"]["strip_sources"] is True
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    culling = config["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0
    assert culling["cull_connected"] is False  # a learner's open page keeps its kernel
    # only the front-end extensions a lesson needs (not, say, a Binder image's resource-usage one)
    assert "anywidget" in config["VoilaConfiguration"]["extension_allowlist"]


def page_config(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.locator("#jupyter-config-data").text_content()))


def assert_offline_page_config(page: Any) -> None:
    """The page loads MathJax from nowhere (it typesets with its bundled copy) and only the
    front-end extensions that voila.json allows."""
    config = page_config(page)
    assert config["fullMathjaxUrl"] is None and config["mathjaxConfig"] is None
    allowed = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["extension_allowlist"]
    loaded = {e["name"] for e in config["federated_extensions"]}
    assert loaded <= set(allowed) and "anywidget" in loaded, loaded


@pytest.mark.browser
@pytest.mark.timeout(240)
def test_page_needs_nothing_from_the_internet(page: Any, voila: VoilaServer, widgets_notebook: Path) -> None:
    open_notebook(page, voila, widgets_notebook)
    page.evaluate("document.fonts.ready")
    icon = page.locator("button.jupyter-button i.fa-check")
    icon.wait_for()
    family = page.evaluate("(el) => getComputedStyle(el, '::before').fontFamily", icon.element_handle())
    assert "Font Awesome" in family
    assert page.evaluate("() => document.fonts.check('900 16px \"Font Awesome 5 Free\"')"), "icon font not loaded"
    page.get_by_role("button", name="Check").click()
    page.get_by_role("button", name="Clicked").wait_for()
    screenshot(page, "app-offline")
    assert "cdn.jsdelivr.net" not in page.content()
    assert_offline_page_config(page)
    page.watch.assert_clean()
    assert all(u.startswith((voila.url, "data:", "blob:", "about:")) for u in page.watch.requests)
    # The repository's voila.json is the one in force: its culler started with the first kernel.
    assert culler_started() in voila.log()


@pytest.mark.browser
@pytest.mark.timeout(240)
def test_sources_are_stripped_and_tracebacks_hidden(page: Any, voila: VoilaServer, failing_notebook: Path) -> None:
    page.goto(voila.render_url(failing_notebook))
    page.wait_for_function("() => getComputedStyle(document.querySelector('#rendered_cells')).display !== 'none'")
    text = page.inner_text("body")
    assert "output shown" in text
    assert "SOURCE-MARKER" not in page.content()  # no code is sent to the learner
    assert "TRACEBACK-MARKER" not in text and "Traceback" not in text and "ValueError" not in text
    screenshot(page, "app-error-hidden")


@pytest.mark.browser
@pytest.mark.timeout(240)
def test_closing_a_tab_shuts_its_kernel_down(page: Any, voila: VoilaServer, widgets_notebook: Path) -> None:
    """Voila's tab-close beacon works with the template's _xsrf cookie (voila issue 1458)."""
    open_notebook(page, voila, widgets_notebook)
    kid = kernel_id(page)
    assert voila.kernel(kid) is not None
    assert "_xsrf=" in page.evaluate("document.cookie")
    page.watch.assert_clean()
    page.context.unroute("**/*")  # (the watch routes the context) a routed request dies with its page: let the beacon go out as it would
    page.goto("about:blank")  # fires beforeunload, as closing the tab does
    deadline = time.monotonic() + 15
    while voila.kernel(kid) is not None and time.monotonic() < deadline:
        time.sleep(0.25)
    assert voila.kernel(kid) is None, "the kernel survived its closed page"
    assert kid not in voila.kernel_pids()


@pytest.mark.browser
@pytest.mark.timeout(180)  # two loads and a wait, each up to BUSY_MACHINE_WAIT
def test_tree_and_missing_pages_need_nothing_from_the_internet(page: Any, voila: VoilaServer) -> None:
    page.goto(voila.url + "/")
    page.get_by_text("lessons").first.wait_for()
    screenshot(page, "app-tree")
    response = page.goto(voila.url + "/voila/render/lessons/no_such_lesson.ipynb")
    assert response is not None and response.status == 404
    # (Voila's own tree page logs console errors of widget plugins that have no kernel there: not ours.)
    assert not page.watch.external


@pytest.mark.browser
@pytest.mark.timeout(240)
def test_as_a_server_extension_too(browser: Any, start_voila: Any, widgets_notebook: Path,
                                   tmp_path_factory: pytest.TempPathFactory) -> None:
    """Voila inside a Jupyter server, set up as binder/postBuild and binder/start do (the server config
    of scripts/server_config.py, JUPYTER_PATH): offline, tab close frees the kernel, culling on."""
    config_dir = tmp_path_factory.mktemp("jupyter-config")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "server_config.py"),
                    str(config_dir / "jupyter_server_config.json")], check=True, capture_output=True)
    server: VoilaServer = start_voila("server-extension", kind="jupyter_server",
                                      env={"JUPYTER_CONFIG_DIR": str(config_dir)})
    context = new_context(browser)
    try:
        page = context.new_page()
        watch = PageWatch(allowed_prefix=server.url)
        page.route("**/*", watch.route)
        page.on("pageerror", lambda e: watch.errors.append(str(e)))
        page.on("console", lambda m: watch.console.append(f"{m.type}: {m.text}"))
        open_notebook(page, server, widgets_notebook)
        page.get_by_role("button", name="Check").click()
        page.get_by_role("button", name="Clicked").wait_for()
        assert_offline_page_config(page)
        watch.assert_clean()
        kid = kernel_id(page)
        page.unroute("**/*")
        page.goto("about:blank")
        deadline = time.monotonic() + 15
        while server.kernel(kid) is not None and time.monotonic() < deadline:
            time.sleep(0.25)
        assert server.kernel(kid) is None, "the kernel survived its closed page"
        assert culler_started() in server.log()
    finally:
        context.close()


@pytest.mark.timeout(120)
def test_make_app_serves_the_landing_page(tmp_path: Path) -> None:
    """scripts/app.sh (what `make app` runs after the setup) serves lessons/00_welcome.ipynb with voila.json."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PORT"] = str(port)
    log = tmp_path / "app.log"
    with log.open("wb") as out:
        app = subprocess.Popen(["bash", str(ROOT / "scripts" / "app.sh")], cwd=ROOT, env=env, stdout=out,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        url = f"http://localhost:{port}/voila/render/lessons/00_welcome.ipynb"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url, timeout=60) as reply:
                    html = reply.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline or app.poll() is not None:
                    raise AssertionError(log.read_text()) from None
                time.sleep(0.5)
        assert "cdn.jsdelivr.net" not in html and "_xsrf=" in html  # the repo's lab template
        assert url in log.read_text()
        assert culler_started() in log.read_text()  # the repo's voila.json
    finally:
        app.terminate()
        app.wait(timeout=30)
