"""Browser test harness: a live Voila (started from the repository, so it reads ./voila.json) and
Debian's headless Chromium driven by Playwright's sync API.

- ``voila``: one Voila for the whole session on a free port (``start_voila`` starts more, e.g. with
  short culling timeouts); its log goes to test-artifacts/voila-<name>.log (voila-<name>-gw<n>.log under a pytest-xdist worker).
- ``browser``: Chromium from /usr/bin/chromium, one per test module (the tests skip, saying why,
  when it is missing; ``bash scripts/setup.sh test`` installs it).
- ``page``: a fresh browser context and page that blocks every request that does not go to the
  local Voila and records it, with the console messages and page errors; ``page.watch`` holds
  them and ``page.watch.assert_clean()`` fails on any of them.
- every wait (Playwright's ``expect`` assertions, a locator's ``wait_for``, a click) is at least
  :data:`BUSY_MACHINE_WAIT` unless a test asks for longer: set here, in one place, for every page.

Screenshots go to test-artifacts/ (ignored by git, kept by CI as artifacts).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def worker_suffix() -> str:
    """``-gw1`` under pytest-xdist's worker gw1, else nothing: each worker starts its own servers, and
    two servers writing one log file (the second truncating it) lose each other's lines."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return f"-{worker}" if worker else ""
TEMPLATES = ROOT / "share" / "jupyter"
CHROMIUM = Path(os.environ.get("BURACO_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
#: How long a browser test waits, in ms, for anything a page should do by itself (a view shown, an
#: answer judged, a page reloaded): the default of every ``expect`` assertion and of every context's
#: actions and waits (:func:`new_context`, set for every test module by the ``browser`` fixture).
#: Playwright's own default for ``expect`` is 5 s: with three other programs on the 2 cores (load 9
#: to 14) a reloaded page showed its review quiz later than that (issue 35). A test that waits for
#: something slower (a kernel started, a whole lesson run) asks for more; none asks for less.
BUSY_MACHINE_WAIT = 60_000
#: What a learner must never see on a page or in the console.
BAD_TEXT = re.compile(
    r"Traceback|Failed to load model class|Error displaying widget|There was an error when executing cell"
    r"|Could not create view|Uncaught|Exception",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def voila_env() -> dict[str, str]:
    """The environment of ``make app``: share/jupyter of the repo on JUPYTER_PATH (the lab template
    without CDN links), nothing else changed."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def answers(url: str, process: subprocess.Popen[bytes], timeout: float) -> bool:
    """Wait until ``url`` answers (any HTTP status); False when ``process`` exits or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return True
        except urllib.error.HTTPError:
            return True
        except (OSError, urllib.error.URLError):
            time.sleep(0.1)
    return False


@dataclass
class VoilaServer:
    """A Voila subprocess serving the repository root with the repository's voila.json."""

    name: str
    args: tuple[str, ...] = ()
    #: "voila" (the app, as ``make app`` runs it), "app" (``scripts/app.sh`` itself, so with its
    #: CLASS_SIZE pool) or "jupyter_server" (Voila as a server extension, as on mybinder.org or a
    #: JupyterHub)
    kind: str = "voila"
    env: dict[str, str] = field(default_factory=dict)
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    log_path: Path = field(default_factory=Path)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def render_url(self, notebook: str | Path) -> str:
        rel = Path(notebook).resolve().relative_to(ROOT).as_posix() if Path(notebook).is_absolute() else str(notebook)
        return f"{self.url}/voila/render/{rel}"

    def start(self, timeout: float = 60.0) -> VoilaServer:
        self.port = free_port()
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / f"voila-{self.name}{worker_suffix()}.log"
        if self.kind == "voila":
            command = [sys.executable, "-m", "voila", "--no-browser", f"--port={self.port}", "--Voila.ip=127.0.0.1",
                       "--Voila.port_retries=0", *self.args]
        elif self.kind == "app":
            command = ["bash", str(ROOT / "scripts" / "app.sh"), "--Voila.ip=127.0.0.1", *self.args]
        else:
            command = [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={self.port}",
                       "--ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
                       "--allow-root", *self.args]
        env = {**voila_env(), **self.env}
        if self.kind == "app":  # app.sh sets JUPYTER_PATH itself, and opens no browser without a desktop
            env = {k: v for k, v in {**os.environ, **self.env}.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
            env["PORT"] = str(self.port)
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        if not answers(self.url + "/", self.process, timeout):
            if self.process.poll() is not None:
                raise RuntimeError(f"Voila exited with {self.process.returncode}:\n{self.log_tail()}")
            self.stop()
            raise RuntimeError(f"Voila did not answer within {timeout} s:\n{self.log_tail()}")
        return self

    def stop(self, timeout: float = 20.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()  # Voila shuts its kernels down on SIGTERM
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log().splitlines()[-lines:])

    def kernel(self, kernel_id: str) -> dict[str, Any] | None:
        """The kernel's model from Voila's /api/kernels/<id>, or None once it is gone (404)."""
        try:
            with urllib.request.urlopen(f"{self.url}/api/kernels/{kernel_id}", timeout=5) as reply:
                return dict(json.load(reply))
        except urllib.error.HTTPError as e:
            if e.code == 404:
                return None
            raise

    def kernel_pids(self) -> dict[str, int]:
        """Kernel id -> pid of every kernel process Voila runs (found by its connection file)."""
        assert self.process is not None
        found: dict[str, int] = {}
        for pid in child_pids(self.process.pid):
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            for arg in cmdline:
                m = re.search(rb"kernel-([0-9a-f-]{36})\.json$", arg)
                if m:
                    found[m.group(1).decode()] = pid
        return found


#: Playwright routes a service worker's own requests only with this variable set (Chromium): the
#: static site's service worker fetches most of what its pages load.
SERVICE_WORKER_EVENTS = "PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"


def child_pids(pid: int) -> list[int]:
    """All descendants of pid, from /proc (no psutil needed)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(ppid, []).append(int(entry.name))
    out: list[int] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (VmRSS from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise ValueError(f"no VmRSS for pid {pid}")


@pytest.fixture(scope="session")
def start_voila() -> Iterator[Any]:
    """Factory: ``start_voila(name, *extra_args)`` starts a Voila that is stopped at the session end."""
    started: list[VoilaServer] = []

    def start(name: str, *args: str, kind: str = "voila", env: dict[str, str] | None = None) -> VoilaServer:
        server = VoilaServer(name=name, args=args, kind=kind, env=env or {}).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def voila(start_voila: Any) -> VoilaServer:
    """The Voila every browser test shares, with exactly the repository's settings."""
    server: VoilaServer = start_voila("shared")
    return server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Not for the session: while Playwright's sync API runs, the main
    thread has a running asyncio loop, and later tests of other folders that call asyncio.run()
    would fail."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: `bash scripts/setup.sh test` installs Debian's chromium")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    os.environ[SERVICE_WORKER_EVENTS] = "1"
    sync_api.expect.set_options(timeout=BUSY_MACHINE_WAIT)
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


#: What a page says on the console when it begins to be left, and when it is shown (its own
#: words, not counted among its messages): :class:`PageWatch` knows from them which errors a page
#: threw on its way out.
LEAVING, HERE = "bw-watch: leaving", "bw-watch: here"
LEAVING_SCRIPT = (f"window.addEventListener('beforeunload', () => console.debug({LEAVING!r}), true);"
                  f"window.addEventListener('pageshow', () => console.debug({HERE!r}), true);")
#: What Voila's kernel connection throws once it has been let go (comm.send, comm.open).
KERNEL_LET_GO = ("Error: Cannot send", "Cannot send", "Error: Cannot open", "Cannot open")


@dataclass
class PageWatch:
    """What a page did that a learner must not see: console errors, page errors, requests that
    left the machine (they are blocked and recorded here)."""

    allowed_prefix: str
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.allowed_prefix, "data:", "blob:", "about:")):
            route.continue_()
        else:
            self.external.append(url)
            route.abort()

    #: Errors a page threw while it was being left, because Voila had let go of its kernel
    #: connection ("Cannot send"): a message from the page it left, that no learner sees.
    left: list[str] = field(default_factory=list)
    leaving: bool = False

    def heard(self, message: Any) -> None:
        text = f"{message.type}: {message.text}"
        if message.text in (LEAVING, HERE):
            self.leaving = message.text == LEAVING
        else:
            self.console.append(text)

    def threw(self, error: Any) -> None:
        words = _error_words(error)
        if self.leaving and str(error).strip() in KERNEL_LET_GO:
            self.left.append(words)
        else:
            self.errors.append(words)

    def problems(self) -> list[str]:
        out = [f"request to the internet: {u}" for u in self.external]
        out += [f"page error: {e}" for e in self.errors]
        out += [f"console: {c}" for c in self.console if c.startswith("error") or BAD_TEXT.search(c)]
        return out

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "\n".join(problems)


def _error_words(error: Any) -> str:
    """A page error with where it was thrown (its stack's first frames), so that a failure seen
    once in CI says which front end threw."""
    stack = [line.strip() for line in str(getattr(error, "stack", "") or "").splitlines()[1:4]]
    return " | ".join([str(error), *stack])


def new_context(browser: Any, **options: Any) -> Any:
    """A fresh browser context (``browser.new_context(**options)``) whose actions and waits default
    to :data:`BUSY_MACHINE_WAIT`."""
    context = browser.new_context(**options)
    context.set_default_timeout(BUSY_MACHINE_WAIT)
    return context


def watched_page(browser: Any, allowed_prefix: str) -> Iterator[Any]:
    """A page in a fresh context (empty localStorage) whose requests may only reach ``allowed_prefix``;
    ``page.watch`` is its :class:`PageWatch`. Fails at the end if a request left the machine. The
    context's route sees the page's requests, its workers' and (with the environment variable that
    :data:`SERVICE_WORKER_EVENTS` names, set before Playwright starts) its service worker's."""
    context = new_context(browser, viewport={"width": 1280, "height": 900})
    watch = PageWatch(allowed_prefix=allowed_prefix)
    context.route("**/*", watch.route)
    context.on("request", lambda r: watch.requests.append(r.url))
    pg = context.new_page()
    pg.add_init_script(LEAVING_SCRIPT)
    pg.on("console", watch.heard)
    pg.on("pageerror", watch.threw)
    pg.watch = watch
    yield pg
    context.close()
    assert not watch.external, f"requests to the internet: {watch.external}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A browser test that failed says, beside its traceback, what the machine and the page were doing:
    the load average, the last requests and console lines of each watched page it used, the end of
    each Voila's log. A failure seen once in CI (a wait cut off at load 10+) is read from there."""
    report = yield
    if report.failed and call.when == "call":
        report.sections.append(("load average", " ".join(f"{x:.1f}" for x in os.getloadavg())))
        for name, value in getattr(item, "funcargs", {}).items():
            watch = getattr(value, "watch", None)
            if isinstance(watch, PageWatch):
                report.sections.append((f"page {name}: last requests", "\n".join(watch.requests[-15:])))
                report.sections.append((f"page {name}: last console lines", "\n".join(watch.console[-15:])))
            if isinstance(value, VoilaServer):
                report.sections.append((f"voila {value.name}: end of its log", value.log_tail(30)))
    return report


@pytest.fixture
def page(browser: Any, voila: VoilaServer) -> Iterator[Any]:
    """A page in a fresh context (empty localStorage) whose requests may only reach the local Voila."""
    yield from watched_page(browser, voila.url)


# -- a slow device: DevTools' CPU throttling ---------------------------------------------------------

#: How many times slower than this machine a learner's device runs a page: 6 is DevTools' "6x
#: slowdown", about a low-end laptop or a school Chromebook (issue 25).
SLOW_DEVICE = 6


def throttle(page: Any, rate: float = SLOW_DEVICE) -> Any:
    """Slow the page's CPU down ``rate`` times, as a slow device runs it: DevTools' CPU throttling
    (``Emulation.setCPUThrottlingRate``) through a CDP session of the page, for everything it runs
    from now on, later navigations included. Chromium throttles by pausing the page's threads, so a
    throttled page takes ``rate`` times the wall time but no more of the machine's CPU. Returns the
    CDP session; ``throttle(page, 1)`` ends the slowdown."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return cdp


@pytest.fixture
def slow_page(page: Any) -> Any:
    """:func:`page` on a slow device (:func:`throttle` at :data:`SLOW_DEVICE`)."""
    throttle(page)
    return page


FIXTURES = ARTIFACTS / "fixtures"


def write_notebook(name: str, *cells: Any) -> Path:
    """A small notebook in test-artifacts/fixtures/ (under the Voila root, ignored by git)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = list(cells)
    path = FIXTURES / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def scenario_table(name: str, scenario: str, *, lang: str = "en") -> Path:
    """A notebook of one game table at a scenario's position (``parse_scenario``'s text), the bots
    not moving by themselves, in ``lang``."""
    import nbformat

    options = "" if lang == "en" else f", lang={lang!r}"
    return write_notebook(
        name,
        nbformat.v4.new_code_cell("from buraco_widgets import GameTable\n"
                                  "from buraco_core.game.scenarios import parse_scenario"),
        nbformat.v4.new_code_cell(f"GameTable(game=parse_scenario({scenario!r}), pace=0, autoplay=False{options})"),
    )


@pytest.fixture(scope="session")
def widgets_notebook() -> Path:
    """A stand-in lesson: Markdown with math, and a button with a Font Awesome icon that answers a click."""
    import nbformat

    return write_notebook(
        "widgets.ipynb",
        nbformat.v4.new_markdown_cell("# Offline\nAn icon, a formula $x^2 + 1$ and a button."),
        nbformat.v4.new_code_cell("import ipywidgets as w\n"
                                  "b = w.Button(description='Check', icon='check')\n"
                                  "b.on_click(lambda _: setattr(b, 'description', 'Clicked'))\nb"),
    )


def screenshot(page: Any, name: str) -> Path:
    """Save a screenshot of the whole page as test-artifacts/screenshots/<name>.png. Voila's lab page
    scrolls inside #rendered_cells, so the viewport is made as tall as the content for the shot."""
    path = ARTIFACTS / "screenshots" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("() => { const c = document.querySelector('#rendered_cells');"
                           " return c ? c.scrollHeight : document.documentElement.scrollHeight; }")
    if size and height > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(int(height) + 40, 16_000)})
        page.wait_for_timeout(200)
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        if size:
            page.set_viewport_size(size)
    return path


CELL_OUTPUT = re.compile(r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', re.S)
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def widget_outputs(html: str) -> int:
    """How many widget views the page Voila sent must show (outputs with the widget-view mime type)."""
    count = 0
    for blob in CELL_OUTPUT.findall(html):
        output = json.loads(blob)
        if WIDGET_MIME in output.get("data", {}):
            count += 1
    return count


#: How many widget views Voila's page of a notebook must show, by the page's address: what a page opened
#: in this process found (:func:`open_notebook`), for :func:`voila_views`.
VOILA_VIEWS: dict[str, int] = {}


def open_notebook(page: Any, voila: VoilaServer, notebook: str | Path, timeout: float = 90_000) -> int:
    """Open a notebook in Voila and wait until every cell ran and every widget output shows its view.
    Returns the number of widget views."""
    url = voila.render_url(notebook)
    response = page.goto(url, timeout=timeout)
    assert response is not None and response.ok, f"{notebook}: HTTP {response and response.status}"
    expected = VOILA_VIEWS[url] = widget_outputs(response.text())
    wait_for_views(page, expected, timeout)
    return expected


def voila_views(voila: VoilaServer, notebook: Path) -> int:
    """How many widget outputs Voila shows for a notebook (it runs the notebook server-side): what a
    page of it opened before in this process found, else from Voila's page fetched without a browser."""
    url = voila.render_url(notebook)
    if url not in VOILA_VIEWS:
        with urllib.request.urlopen(url, timeout=120) as reply:
            VOILA_VIEWS[url] = widget_outputs(reply.read().decode())
    return VOILA_VIEWS[url]


def wait_for_views(page: Any, expected: int, timeout: float = 90_000) -> None:
    """Wait until every cell ran and ``expected`` widget outputs show their views."""
    page.wait_for_function(
        """(expected) => {
            const cells = document.querySelector('#rendered_cells');
            if (!cells || getComputedStyle(cells).display === 'none') return false;
            if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]')) return false;
            const views = Array.from(document.querySelectorAll('.jp-OutputArea-output.lm-Panel'))
                .filter(o => o.firstElementChild && o.firstElementChild.getBoundingClientRect().height > 0);
            return views.length >= expected;
        }""", arg=expected, timeout=timeout)


def kernel_id(page: Any) -> str:
    """The id of the kernel Voila started for this page (from the page config)."""
    return str(json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"])


# -- the static site (make site): built by scripts/setup.sh, served by a plain static server -----------

SITE = ROOT / "_site"
AXE = ROOT / "staticsite" / "node_modules" / "axe-core" / "axe.min.js"


def build_site(out: Path = SITE) -> Path:
    """``make site`` into ``out``, skipped when the site there was built from the same inputs (the
    downloads are cached in .cache/site/, so even a rebuild fetches nothing twice). For the
    benchmarks (bench_site.py); the tests take the site setup built (:func:`built_site`)."""
    subprocess.run(["bash", str(ROOT / "scripts" / "setup.sh"), "site"], cwd=ROOT, check=True,
                   stdin=subprocess.DEVNULL)
    subprocess.run([str(ROOT / ".venv-site" / "bin" / "python"), str(ROOT / "scripts" / "build_site.py"),
                    "--if-changed", "--out", str(out)], cwd=ROOT, check=True, stdin=subprocess.DEVNULL)
    return out


def built_site(out: Path = SITE) -> Path:
    """``out`` as ``make site`` builds it from the repository as it is now, which ``bash scripts/setup.sh
    test`` (so ``make test``) does before the tests start: its build downloads and takes minutes, so
    it never runs inside a test's timeout. Fails, saying what to run, when the site there was built
    from other inputs (``build_site.py --if-changed``'s stamp)."""
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    stamp = out / script.STAMP
    if not stamp.is_file() or stamp.read_text().strip() != script.inputs_digest():
        pytest.fail(f"{out} is missing or was built from other files (a lesson, the engine or the widgets changed"
                    " since): `bash scripts/setup.sh test` builds it (`make test` runs it before the tests)",
                    pytrace=False)
    return out


@dataclass
class StaticServer:
    """A plain static server for a folder: ``python -m http.server`` (as any web host serves files), or
    with ``launcher`` the site's own serve.py (the USB stick's launcher)."""

    root: Path
    name: str = "site"
    launcher: bool = False
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    log_path: Path = field(default_factory=Path)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> StaticServer:
        self.port = free_port()
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / f"static-{self.name}{worker_suffix()}.log"
        command = ([sys.executable, str(self.root / "serve.py"), "--port", str(self.port), "--no-browser"]
                   if self.launcher else
                   [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory",
                    str(self.root)])
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        if not answers(self.url + "/", self.process, timeout):
            self.stop()
            raise RuntimeError(f"the static server did not answer within {timeout} s:\n{self.log_path.read_text()}")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def site_lessons() -> list[Path]:
    """Every notebook under lessons/, recursively (lessons/de/ too): each is a page of the site."""
    return sorted(p for p in (ROOT / "lessons").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def site_page_path(notebook: Path) -> str:
    """Where ``make site`` puts a notebook's page: voici/render/<path under the repo>.html."""
    return "voici/render/" + notebook.relative_to(ROOT).with_suffix(".html").as_posix()


@pytest.fixture(scope="session")
def static_site() -> Iterator[StaticServer]:
    """The site ``make site`` builds (:func:`built_site`: built before the tests), served by ``python -m
    http.server``."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: `bash scripts/setup.sh test` installs Debian's chromium")
    server = StaticServer(built_site()).start()
    yield server
    server.stop()


@pytest.fixture
def site_page(browser: Any, static_site: StaticServer) -> Iterator[Any]:
    """A fresh page for the static site: requests may only reach its server (the page's, its workers'
    and its service worker's are routed, blocked and recorded); ``page.watch`` as for :func:`page`."""
    yield from watched_page(browser, static_site.url)


@pytest.fixture
def slow_site_page(site_page: Any) -> Any:
    """:func:`site_page` on a slow device (:func:`throttle` at :data:`SLOW_DEVICE`)."""
    throttle(site_page)
    return site_page


def open_site_lesson(page: Any, base_url: str, notebook: Path, expected: int, timeout: float = 120_000) -> None:
    """Open a lesson's page of the static site at ``base_url`` and wait until the browser's Python ran every cell (Voici
    shows the cells then) and ``expected`` widget outputs show their view (Voila's count for the same
    lesson: :func:`widget_outputs`)."""
    response = page.goto(f"{base_url.rstrip('/')}/{site_page_path(notebook)}", timeout=timeout)
    assert response is not None and response.ok, f"{notebook.name}: HTTP {response and response.status}"
    page.wait_for_function(
        """(expected) => {
            const cells = document.querySelector('#rendered_cells');
            if (!cells || getComputedStyle(cells).display === 'none') return false;
            const views = Array.from(document.querySelectorAll('.jp-OutputArea-output.lm-Panel'))
                .filter(o => o.firstElementChild && o.firstElementChild.getBoundingClientRect().height > 0);
            return views.length >= expected;
        }""", arg=expected, timeout=timeout)


def axe_violations(page: Any, tags: tuple[str, ...] = ("wcag2a", "wcag2aa")) -> list[str]:
    """axe-core's violations of these rule tags on the page as it is now, one line each (rule, impact,
    how many nodes, the first node's selector). axe-core comes from the npm package (staticsite/)."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: `bash scripts/setup.sh site` installs axe-core")
    page.add_script_tag(content=AXE.read_text())
    result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})", list(tags))
    return [f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes, e.g. {v['nodes'][0]['target']}): {v['help']}"
            for v in result["violations"]]


def run_site_python(page: Any, site_url: str, code: str, packages: tuple[str, ...] = ("buraco-trainer",),
                    timeout: float = 600_000, kernel: bool = False) -> str:
    """Run ``code`` in the site's own Pyodide (WebAssembly, in this Chromium page), with ``packages``
    loaded from the site's pyodide-lock.json; returns what it printed. The page is put on the site's
    origin first (its Pyodide folder's listing). With ``kernel``, the packages and environment are
    the kernel's (the site's jupyter-lite.json) and ``code`` runs after ``import pyodide_kernel``."""
    env: dict[str, str] = {}
    if kernel:
        config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
        options = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
        packages, env = tuple(options["packages"]), dict(options.get("env", {}))
        code = "import sys, pyodide_kernel\nsys.stdout = sys.__stdout__\n" + code
    pyodide = f"{site_url.rstrip('/')}/static/pyodide/"
    page.goto(pyodide, timeout=timeout)
    page.set_default_timeout(timeout)
    return str(page.evaluate(
        """async ({pyodide, code, packages, env}) => {
            const { loadPyodide } = await import(pyodide + 'pyodide.mjs');
            const out = [];
            const py = await loadPyodide({ indexURL: pyodide, env, stdout: (s) => out.push(s), stderr: (s) => out.push(s) });
            await py.loadPackage(packages, { messageCallback: () => {} });
            try {
                await py.runPythonAsync(code);
            } catch (e) {  // a Python error: its traceback, after what was printed
                throw new Error(out.join('\\n') + '\\n' + e.message);
            }
            return out.join('\\n');
        }""", {"pyodide": pyodide, "code": code, "packages": list(packages), "env": env}))
