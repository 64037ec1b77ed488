"""mybinder.org as it really runs the repository, built here the way repo2docker builds the image.

- The base environment of repo2docker's Python buildpack (``environments.BINDER_BASE``): its conda
  lock for Python 3.11 (repo2docker/buildpacks/conda/environment.py-3.11-linux-64.lock,
  jupyterhub/repo2docker at 808ae6b, August 2026) holds, besides Jupyter's own packages, notebook
  7.4.7, jupyterlab 4.4.9, jupyterhub-singleuser 5.4.0 (the ``jupyterhub`` package on PyPI),
  jupyter-resource-usage 1.2.0 and jupyter-offlinenotebook 0.3.2. They go into a fresh venv first,
  then ``pip install --no-cache-dir -r binder/requirements.txt`` as repo2docker runs it, which must
  report no dependency conflict (``bash scripts/setup.sh test`` builds it: tests/deploy/environments.py).
- The repository copied into the home folder (repo2docker's REPO_DIR is HOME), ``binder/postBuild``
  run there with HOME set to it, then ``binder/start jupyter notebook ...`` under a ``/user/<name>/``
  base URL with a token, as BinderHub starts the server.

An assignment link: the teacher's session runs with the variables BinderHub sets (BINDER_LAUNCH_HOST,
BINDER_PERSISTENT_REQUEST, ...), so the teacher's page makes a Binder launch link of the session's
commit, its ``urlpath`` the review page with the set; a stand-in for BinderHub's launch page (on
127.0.0.1) sends the learner, as BinderHub's LaunchSpec does once a session is up, to
``new URL(urlpath, <their own server>)`` with the token in the query, and the learner answers there.

Then ``/tree``, ``/lab`` and the Voila link of docs/serving.md ("Binder") answer; the landing page shows every
widget, a card click and a Check work (a round trip to the kernel), and the browser console shows
no error (the resource-usage front-end extension's "Shared module @jupyterlab/statusbar doesn't
exist" among them) and nothing is fetched from the internet.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from browser.conftest import free_port, open_notebook, screenshot, wait_for_views, widget_outputs
from browser.test_lessons import give_answer
from browser.test_teacher import step_to

from .conftest import ROOT, PageWatch, copy_repository, log_path, ready, stop, wait_for_http
from .environments import binder_venv, clean_env

pytestmark = [pytest.mark.deploy, pytest.mark.browser]

USER = "learner"
LANDING = "voila/render/lessons/00_welcome.ipynb"


class Binder:
    """The single-user server of one Binder session."""

    def __init__(self, home: Path, port: int, token: str, process: subprocess.Popen[bytes], log: Path,
                 user: str = USER) -> None:
        self.home, self.port, self.token, self.process, self.log = home, port, token, process, log
        self.url = f"http://127.0.0.1:{port}"
        self.base = f"{self.url}/user/{user}/"

    def render_url(self, notebook: str) -> str:
        """The page of ``notebook`` (a path like the ``urlpath`` of docs/serving.md), for ``open_notebook``."""
        return f"{self.base}{notebook}?token={self.token}"

    def get(self, path: str) -> tuple[int, str]:
        with urllib.request.urlopen(f"{self.base}{path}?token={self.token}", timeout=60) as reply:
            return reply.status, reply.read().decode(errors="replace")


@pytest.fixture(scope="module")
def binder_env() -> tuple[Path, str]:
    return ready(binder_venv)  # built by scripts/setup.sh (tests/deploy/environments.py)


@pytest.fixture(scope="module")
def binder_home(binder_env: tuple[Path, str], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The image: the repository in the home folder, ``binder/postBuild`` run there; and its environment."""
    venv, _ = binder_env
    home = copy_repository(tmp_path_factory.mktemp("binder") / "jovyan")
    env = clean_env(HOME=str(home), REPO_DIR=str(home), PATH=f"{venv / 'bin'}:{clean_env()['PATH']}",
                    PYTHONUNBUFFERED="1")
    built = subprocess.run(["bash", str(home / "binder" / "postBuild")], cwd=home, env=env, capture_output=True,
                           text=True, stdin=subprocess.DEVNULL)
    assert built.returncode == 0, f"postBuild failed:\n{built.stdout}{built.stderr}"
    return home, env


@contextmanager
def session(binder_home: tuple[Path, dict[str, str]], user: str, **binder_vars: str) -> Iterator[Binder]:
    """One Binder session of the image: ``binder/start jupyter notebook`` under ``/user/<user>/`` with a
    token, and the variables BinderHub's spawner sets (JUPYTERHUB_SERVICE_PREFIX, and ``binder_vars``:
    BINDER_LAUNCH_HOST, BINDER_PERSISTENT_REQUEST, ...)."""
    home, env = binder_home
    port, token, log = free_port(), secrets.token_hex(16), log_path(f"binder-server-{user}")
    command = [str(home / "binder" / "start"), "jupyter", "notebook", "--no-browser", "--ip=127.0.0.1",
               f"--port={port}", "--ServerApp.port_retries=0", f"--ServerApp.base_url=/user/{user}/",
               f"--IdentityProvider.token={token}",
               "--allow-root"]  # (Binder runs as jovyan; these tests may run as root)
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=home, env={**env, "JUPYTERHUB_SERVICE_PREFIX": f"/user/{user}/",
                                                           **binder_vars},
                                   stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = Binder(home, port, token, process, log, user)
    try:
        wait_for_http(server.base + "api/status", process, log)
        yield server
    finally:
        stop(process)


@pytest.fixture(scope="module")
def binder(binder_home: tuple[Path, dict[str, str]]) -> Iterator[Binder]:
    with session(binder_home, USER) as server:
        yield server


def test_requirements_install_over_the_base_image_without_a_conflict(binder_env: tuple[Path, str]) -> None:
    venv, output = binder_env
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}", runtime
    assert "dependency conflicts" not in output and "incompatible" not in output, output[-3000:]
    check = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "check"], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_tree_lab_and_the_voila_link_answer(binder: Binder) -> None:
    status, tree = binder.get("tree")
    assert status == 200 and "<title>Home</title>" in tree and "static/notebook/main" in tree, tree[:500]  # Notebook 7
    status, lab = binder.get("lab")
    assert status == 200 and "JupyterLab" in lab, lab[:500]
    status, page = binder.get(LANDING)
    assert status == 200 and "_xsrf=" in page and "cdn.jsdelivr.net" not in page  # the repository's template
    assert "TypeError" not in binder.log.read_text()


@pytest.mark.timeout(300)
def test_the_landing_page_works_offline_with_a_clean_console(binder: Binder, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        watch = PageWatch(allowed_prefix=binder.url)
        page.route("**/*", watch.route)
        page.on("console", lambda m: watch.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: watch.errors.append(str(e)))
        assert open_notebook(page, binder, LANDING) > 0  # every widget output shows its view
        puzzle = page.locator(".bw-puzzle").first
        card = puzzle.locator('[data-testid="hand"] [data-testid="card"]').first
        card.click()
        page.wait_for_function("(el) => el.getAttribute('aria-pressed') === 'true'", arg=card.element_handle())
        puzzle.locator(".bw-check").click()
        puzzle.locator('[data-testid="feedback"]:not([data-status=""])').wait_for(timeout=60_000)
        screenshot(page, "binder-landing")
        watch.assert_clean()
        assert not any("statusbar" in c for c in watch.console), watch.console
    finally:
        context.close()


#: BinderHub's launch page once the learner's session is up (binderhub-client's LaunchSpec:
#: ``getJupyterServerRedirectUrl``): ``urlpath`` of the launch link resolved against the server, the
#: token added to the query (a fragment in ``urlpath`` stays the fragment).
LAUNCHED = """<!doctype html><title>Launching</title><script>
const urlPath = (new URLSearchParams(location.search).get("urlpath") || "").replace(/^\\/*/, "");
const url = new URL(urlPath, SERVER);
url.searchParams.append("token", TOKEN);
location.href = url.toString();
</script>"""


@contextmanager
def launcher(learner: Binder) -> Iterator[str]:
    """A stand-in for BinderHub at the address it returns, sending every launch to ``learner``'s session."""
    page = LAUNCHED.replace("SERVER", repr(learner.base)).replace("TOKEN", repr(learner.token)).encode()

    class Launch(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200 if self.path.startswith("/v2/gh/") else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Launch)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.timeout(420)
def test_a_teachers_assignment_link_launches_a_session_of_the_learners_own_that_deals_the_set(
        binder_home: tuple[Path, dict[str, str]], binder: Binder, browser: Any) -> None:
    from buraco_core.teach import solve
    from buraco_core.teach.learners.assignment import parse_assignment

    sha = "0123456789abcdef0123456789abcdef01234567"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(90_000)
    try:
        with launcher(binder) as host, session(binder_home, "school-buraco-teacher", BINDER_LAUNCH_HOST=host,
                                               BINDER_REQUEST="v2/gh/school/buraco/HEAD",
                                               BINDER_PERSISTENT_REQUEST=f"v2/gh/school/buraco/{sha}",
                                               BINDER_REPO_URL="https://github.com/school/buraco",
                                               BINDER_REF_URL=f"https://github.com/school/buraco/tree/{sha}") as teachers:
            teacher = context.new_page()
            watch = PageWatch(allowed_prefix="http://127.0.0.1:")
            teacher.route("**/*", watch.route)
            teacher.on("console", lambda m: watch.console.append(f"{m.type}: {m.text}"))
            teacher.on("pageerror", lambda e: watch.errors.append(str(e)))
            open_notebook(teacher, teachers, "voila/render/lessons/teacher.ipynb")
            maker = teacher.locator('[data-testid="assign-maker"]')
            maker.locator("details.bw-assign-group").first.locator("summary").click()
            maker.locator('[data-testid="assign-clause"][data-clause="set"]').check()
            teacher.fill('[data-testid="assign-name"]', "Binder week")
            teacher.fill('[data-testid="assign-n"]', "2")
            teacher.click('[data-testid="assign-make"]')
            teacher.wait_for_function("() => document.querySelector('[data-testid=assign-link]').value")
            link = teacher.locator('[data-testid="assign-link"]').input_value()
            assert link.startswith(f"{host}v2/gh/school/buraco/{sha}?urlpath=voila/render/lessons/10_review.ipynb"
                                   "%23set%3D"), link
            assert teachers.token not in link and "school-buraco-teacher" not in link
            assert teacher.inner_text('[data-testid="assign-link-note"]').startswith("Made for Binder")
            puzzles = [d.puzzle for d in parse_assignment(link).questions()]
            screenshot(teacher, "binder-teacher-assignment")
            watch.assert_clean()

            learner = context.new_page()
            watch = PageWatch(allowed_prefix="http://127.0.0.1:")
            learner.route("**/*", watch.route)
            learner.on("console", lambda m: watch.console.append(f"{m.type}: {m.text}"))
            learner.on("pageerror", lambda e: watch.errors.append(str(e)))
            review = f"/user/{USER}/voila/render/lessons/10_review.ipynb"
            with learner.expect_response(lambda r: r.status == 200 and r.url.split("?")[0].endswith(review)) as landed:
                learner.goto(link)
            wait_for_views(learner, widget_outputs(landed.value.text()))
            assert "#set=" in learner.url
            banner = learner.locator(".bw-review-assignment")
            banner.wait_for()
            assert "Assignment “Binder week”: 2 questions in Classic Buraco" in banner.inner_text()
            widget = step_to(learner, 1)
            give_answer(widget, puzzles[0], solve(puzzles[0]))
            widget.locator('[data-testid="feedback"][data-status="right"]').wait_for(timeout=60_000)
            screenshot(learner, "binder-learner-assignment")
            watch.assert_clean()
    finally:
        context.close()
