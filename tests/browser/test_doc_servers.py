"""The servers the README and the documents tell to start, started as they show (issue 36).

``tests/test_docs.py`` checks that every command the documents show is run by a test or says why
not; these are the ones that serve forever: each is started in a process group of its own, asked
for its page over HTTP, then stopped. They need what ``bash scripts/setup.sh test`` builds (the
app's ``.venv`` and the static site in ``_site/``), as the browser tests do, hence the ``browser``
mark, though no browser is driven: a plain HTTP client asks.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.browser


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def started(command: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """A server started in a process group of its own (so stopping it stops its children)."""
    return subprocess.Popen(command, cwd=ROOT, env={**os.environ, **(env or {})}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)


def stop(process: subprocess.Popen[str]) -> str:
    """Stop a server started by :func:`started` and its children; what it printed."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.stdout.read() if process.stdout else ""


def fetch(url: str, process: subprocess.Popen[str], timeout: float = 180.0) -> str:
    """The page at ``url`` once the server answers (it may be slow to start on a busy machine)."""
    deadline = time.monotonic() + timeout
    while True:
        assert process.poll() is None, f"the server stopped: {stop(process)}"
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                return str(response.read().decode("utf-8", "replace"))
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            if isinstance(error, urllib.error.HTTPError) or time.monotonic() > deadline:
                raise AssertionError(f"{url}: {error}") from error
            time.sleep(0.5)


@pytest.mark.timeout(600)
def test_make_app_serves_the_landing_page() -> None:
    """``make app`` is ``scripts/setup.sh app`` (its steps are tested by tests/test_suite_setup.py, and
    may install) then ``scripts/app.sh``: that part is started as each command shows, with
    ``PORT`` set to a free port (no desktop, so it opens no browser), asked for its landing page, stopped."""
    recipe = subprocess.run(["make", "-n", "app"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert recipe.split() == ["bash", "scripts/setup.sh", "app", "bash", "scripts/app.sh"]
    quiet = {"DISPLAY": "", "WAYLAND_DISPLAY": ""}
    for env, args, landing in (({}, [], "lessons/00_welcome.ipynb"),
                               ({"COURSE_LANGUAGE": "de"}, [], "lessons/de/00_welcome.ipynb"),
                               ({}, ["--Voila.ip=0.0.0.0"], "lessons/00_welcome.ipynb")):
        port = free_port()
        server = started(["bash", "scripts/app.sh", *args], env={**quiet, "PORT": str(port), **env})
        try:
            page = fetch(f"http://127.0.0.1:{port}/voila/render/{landing}", server)
            assert "application/vnd.jupyter.widget-view+json" in page, page[:2000]
        finally:
            said = stop(server)
        assert f"open http://localhost:{port}/voila/render/{landing}" in said, said[:2000]


@pytest.mark.timeout(300)
def test_the_static_site_is_served_as_shown() -> None:
    """``python3 _site/serve.py`` and ``python3 -m http.server --directory _site`` serve the built site
    (``scripts/setup.sh test`` builds it): each started as shown (a free port added; the browser it
    opens is ``true``), asked for the landing redirect and a lesson's page, then stopped."""
    site = ROOT / "_site"
    if not (site / "serve.py").is_file():
        pytest.fail("no _site/: run bash scripts/setup.sh test (it builds the static site)")
    lesson = "voici/render/lessons/01_melds.html"
    for command in (["python3", "_site/serve.py"], ["python3", "-m", "http.server", "--directory", "_site"]):
        port = free_port()
        server = started([*command, "--port", str(port)] if "serve.py" in command[1] else [*command, str(port)],
                         env={"BROWSER": "true"})
        try:
            assert "00_welcome.html" in fetch(f"http://127.0.0.1:{port}/", server)
            assert "<html" in fetch(f"http://127.0.0.1:{port}/{lesson}", server).lower()
        finally:
            stop(server)
