"""A JupyterHub for a class, set up as docs/serving.md says, with two learners landing on the course.

``scripts/hub_env.sh`` builds the hub's environment (``.venv-hub``: JupyterHub, the pinned
dependencies, the project, configurable-http-proxy from npm), exactly as a teacher runs it;
``bash scripts/setup.sh test`` runs it before the tests (tests/deploy/environments.py). The
hub runs ``scripts/jupyterhub_config.py`` with what a test needs on top: 127.0.0.1 and free
ports, a throwaway database, the DummyAuthenticator (any name, one password), and the
SimpleLocalProcessSpawner (the learners' servers run as this user, in their own home folders).

Two learners log in; each lands on the landing page in Voila (the config's default URL) through the
hub's proxy, every widget shows, a card click and a Check answer, and nothing on the page is an
error or comes from the internet. Then the memory of each learner's server and lesson kernel is
measured (RSS) and written to test-artifacts/hub-memory.txt: the figures of docs/serving.md ("Memory to
plan") come from it.

The teacher makes an assignment link on the teacher's page: it goes through the hub
(``/hub/user-redirect/...?set=...``, never into the teacher's own server, which answers 403 to
everyone else), and a second learner who is not logged in yet opens it, logs in, lands on the review
page on their own server with the assignment's questions, and answers one.

The hub runs with a class folder (``BURACO_CLASS_DIR``): nothing is in it until a learner presses
"Hand in my progress", which writes ``<hub user>.json`` there; a teacher logs in, opens the teacher's
page, reads the class folder and sees that learner.
"""

from __future__ import annotations

import secrets
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser.conftest import child_pids, free_port, rss_mib, screenshot, wait_for_views, widget_outputs
from browser.test_lessons import give_answer
from browser.test_teacher import step_to

from .conftest import ARTIFACTS, ROOT, PageWatch, log_path, ready, stop, wait_for_http
from .environments import clean_env, hub_venv

pytestmark = [pytest.mark.deploy, pytest.mark.browser]

LEARNERS = ("ana", "bruno")
PASSWORD = secrets.token_hex(8)
LANDING = "voila/render/lessons/00_welcome.ipynb"
MIB = 1024 * 1024


class Hub:
    def __init__(self, url: str, process: subprocess.Popen[bytes], log: Path, class_dir: Path) -> None:
        self.url, self.process, self.log, self.class_dir = url, process, log, class_dir


@pytest.fixture(scope="module")
def hub_env() -> Path:
    return ready(hub_venv)  # built by scripts/setup.sh with scripts/hub_env.sh (tests/deploy/environments.py)


@pytest.fixture(scope="module")
def hub(hub_env: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    work = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port = free_port(), free_port(), free_port()
    config = work / "jupyterhub_test_config.py"
    config.write_text(f"""
c = get_config()
load_subconfig({str(ROOT / "scripts" / "jupyterhub_config.py")!r})
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.JupyterHub.db_url = "sqlite:///{work / "hub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(work / "cookie_secret")!r}
c.JupyterHub.pid_file = {str(work / "hub.pid")!r}
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(work / "home" / "{username}")!r}
c.Spawner.args = ["--ServerApp.ip=127.0.0.1", "--allow-root"]  # (these tests may run as root)
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
""")
    log = log_path("hub")
    class_dir = work / "class"
    class_dir.mkdir()
    with log.open("wb") as out:
        process = subprocess.Popen([str(hub_env / "bin" / "jupyterhub"), "-f", str(config)], cwd=work,
                                   env=clean_env(PATH=f"{hub_env / 'bin'}:{clean_env()['PATH']}", PYTHONUNBUFFERED="1",
                                                 BURACO_CLASS_DIR=str(class_dir)),
                                   stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    hub = Hub(f"http://127.0.0.1:{port}", process, log, class_dir)
    try:
        wait_for_http(f"{hub.url}/hub/health", process, log, status=200)
        yield hub
    finally:
        stop(process)  # stops the learners' servers and the proxy too


def learner_processes(hub: Hub) -> dict[str, tuple[int, list[int]]]:
    """Per learner: the pid of the single-user server and the pids of its kernels."""
    out: dict[str, tuple[int, list[int]]] = {}
    for pid in child_pids(hub.process.pid):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if not any(b"jupyterhub-singleuser" in a for a in cmdline):
            continue
        user = next((e.split(b"=", 1)[1].decode() for e in environ if e.startswith(b"JUPYTERHUB_USER=")), "")
        kernels = [k for k in child_pids(pid) if any(b"ipykernel" in a for a in
                                                    Path(f"/proc/{k}/cmdline").read_bytes().split(b"\0"))]
        out[user] = (pid, kernels)
    return out


def log_in(hub: Hub, browser: Any, name: str) -> tuple[Any, Any, PageWatch]:
    """A fresh browser context logged in as ``name``, on the landing page the hub sends them to,
    every widget shown: (context, page, its watch)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(120_000)
    page = context.new_page()
    watch = PageWatch(allowed_prefix=hub.url)
    page.route("**/*", watch.route)
    page.goto(f"{hub.url}/hub/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.on("console", lambda m, w=watch: w.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e, w=watch: w.errors.append(str(e)))
    # the hub starts the learner's server and sends them to the default URL: the landing page
    with page.expect_response(lambda r: r.status == 200 and r.url.split("?")[0].endswith(f"/user/{name}/{LANDING}"),
                              timeout=180_000) as landed:
        page.click("[type=submit]")
    assert landed.value.ok, landed.value.status
    expected = widget_outputs(landed.value.text())
    assert expected > 0
    wait_for_views(page, expected, timeout=180_000)
    return context, page, watch


@pytest.mark.timeout(600)
def test_two_learners_land_on_the_course_and_their_memory_is_measured(hub: Hub, browser: Any) -> None:
    contexts = []
    try:
        for name in LEARNERS:
            context, page, watch = log_in(hub, browser, name)
            contexts.append(context)
            puzzle = page.locator(".bw-puzzle").first
            card = puzzle.locator('[data-testid="hand"] [data-testid="card"]').first
            card.click()
            page.wait_for_function("(el) => el.getAttribute('aria-pressed') === 'true'", arg=card.element_handle())
            puzzle.locator(".bw-check").click()
            puzzle.locator('[data-testid="feedback"]:not([data-status=""])').wait_for()
            screenshot(page, f"hub-{name}")
            watch.assert_clean()

        servers = learner_processes(hub)
        assert set(servers) == set(LEARNERS), servers
        lines = []
        per_learner = []
        for name, (server, kernels) in sorted(servers.items()):
            assert len(kernels) == 1, f"{name}: one lesson open, kernels {kernels}"
            server_mib, kernel_mib = rss_mib(server), sum(rss_mib(k) for k in kernels)
            per_learner.append(server_mib + kernel_mib)
            lines.append(f"{name}: single-user server {server_mib:.0f} MiB + lesson kernel {kernel_mib:.0f} MiB"
                         f" = {server_mib + kernel_mib:.0f} MiB")
        proxy = [p for p in child_pids(hub.process.pid)
                 if b"configurable-http-proxy" in Path(f"/proc/{p}/cmdline").read_bytes()]
        lines.append(f"hub {rss_mib(hub.process.pid):.0f} MiB, proxy {sum(rss_mib(p) for p in proxy):.0f} MiB"
                     " (once for the whole class)")
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "hub-memory.txt").write_text("\n".join(lines) + "\n")
        print("\n".join(lines))
        # a learner with one lesson open fits in the config's guarantee, far under its limit
        from_config = (ROOT / "scripts" / "jupyterhub_config.py").read_text()
        guarantee = int(from_config.split('mem_guarantee = "')[1].split("M")[0])
        assert max(per_learner) < guarantee, lines
    finally:
        for context in contexts:
            context.close()


@pytest.mark.timeout(600)
def test_a_learner_hands_in_to_the_class_folder_and_the_teachers_page_reads_it(hub: Hub, browser: Any) -> None:
    from buraco_core.teach.learners.handin import read_handin

    assert list(hub.class_dir.iterdir()) == [], "nothing is written before a learner hands in"
    contexts = []
    try:
        context, page, watch = log_in(hub, browser, LEARNERS[0])
        contexts.append(context)
        assert LEARNERS[0] in page.locator('[data-testid="handin-hub"]').inner_text()
        page.fill('[data-testid="handin-name"]', "Ana")
        page.click('[data-testid="handin-button"]')
        page.wait_for_function("() => document.querySelector('[data-testid=handin-message]').textContent"
                               ".startsWith(\"In your class's folder as ana.json.\")", timeout=60_000)
        written = read_handin((hub.class_dir / "ana.json").read_text())
        assert written.user == "ana" and written.name == "Ana"
        assert sorted(p.name for p in hub.class_dir.iterdir()) == ["ana.json"]
        screenshot(page, "hub-handin")
        watch.assert_clean()

        context, teacher, watch = log_in(hub, browser, "teacher")
        contexts.append(context)
        response = teacher.goto(f"{hub.url}/user/teacher/voila/render/lessons/teacher.ipynb")
        assert response is not None and response.ok
        wait_for_views(teacher, widget_outputs(response.text()), timeout=180_000)
        folder = teacher.locator('[data-testid="class-folder"]')
        assert str(hub.class_dir) in folder.inner_text()
        folder.click()
        teacher.wait_for_function("() => document.querySelector('[data-testid=class-summary]').textContent"
                                  " === '1 learner in the class.'", timeout=60_000)
        row = teacher.locator('[data-testid="class-learner"][data-name="Ana"]')
        assert "(ana)" in row.inner_text()
        screenshot(teacher, "hub-teacher")
        watch.assert_clean()
    finally:
        for context in contexts:
            context.close()


def open_teachers_page(hub: Hub, browser: Any) -> tuple[Any, Any, PageWatch]:
    """The teacher logged in, on the teacher's page with every widget shown: (context, page, watch)."""
    context, teacher, watch = log_in(hub, browser, "teacher")
    response = teacher.goto(f"{hub.url}/user/teacher/voila/render/lessons/teacher.ipynb")
    assert response is not None and response.ok
    wait_for_views(teacher, widget_outputs(response.text()), timeout=180_000)
    return context, teacher, watch


@pytest.mark.timeout(600)
def test_a_teachers_assignment_link_opens_for_another_learner_who_logs_in_and_answers(hub: Hub, browser: Any) -> None:
    from buraco_core.teach import solve
    from buraco_core.teach.learners.assignment import parse_assignment

    contexts = []
    try:
        context, teacher, watch = open_teachers_page(hub, browser)
        contexts.append(context)
        maker = teacher.locator('[data-testid="assign-maker"]')
        maker.locator("details.bw-assign-group").first.locator("summary").click()
        maker.locator('[data-testid="assign-clause"][data-clause="run"]').check()
        teacher.fill('[data-testid="assign-name"]', "Hub week")
        teacher.fill('[data-testid="assign-n"]', "2")
        teacher.click('[data-testid="assign-make"]')
        teacher.wait_for_function("() => document.querySelector('[data-testid=assign-link]').value", timeout=60_000)
        link = teacher.locator('[data-testid="assign-link"]').input_value()
        assert link.startswith(f"{hub.url}/hub/user-redirect/voila/render/lessons/10_review.ipynb?set="), link
        assert "/user/teacher/" not in link
        assert teacher.inner_text('[data-testid="assign-link-note"]').startswith("Made for this JupyterHub")
        puzzles = [d.puzzle for d in parse_assignment(link).questions()]
        screenshot(teacher, "hub-teacher-assignment")
        watch.assert_clean()

        # a learner not logged in opens the link: the hub's login, then the review page on their own server
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(120_000)
        contexts.append(context)
        page = context.new_page()
        watch = PageWatch(allowed_prefix=hub.url)
        page.route("**/*", watch.route)
        page.on("console", lambda m: watch.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: watch.errors.append(str(e)))
        page.goto(link)
        page.fill("input[name=username]", "cleo")
        page.fill("input[name=password]", PASSWORD)
        review = "/user/cleo/voila/render/lessons/10_review.ipynb"
        with page.expect_response(lambda r: r.status == 200 and r.url.split("?")[0].endswith(review),
                                  timeout=180_000) as landed:
            page.click("[type=submit]")
        wait_for_views(page, widget_outputs(landed.value.text()), timeout=180_000)
        banner = page.locator(".bw-review-assignment")
        banner.wait_for(timeout=120_000)
        assert "Assignment “Hub week”: 2 questions in Classic Buraco" in banner.inner_text()
        widget = step_to(page, 1)
        give_answer(widget, puzzles[0], solve(puzzles[0]))
        widget.locator('[data-testid="feedback"][data-status="right"]').wait_for(timeout=60_000)
        screenshot(page, "hub-learner-assignment")
        watch.assert_clean()
    finally:
        for context in contexts:
            context.close()
