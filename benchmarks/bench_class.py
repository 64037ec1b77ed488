"""A class arriving at once: N learners open the lesson of the day in the same second (issue 12).

For each notebook (the lesson, and a bare ipywidgets notebook as the yardstick) and each start
(``cold``: no pool, every page starts its kernel; ``warm``: ``CLASS_SIZE=N``, Voila's preheated
kernels, measured once the pool is full and the machine quiet):

- one Voila started as ``make app`` starts it (``scripts/app.sh``, with PORT, CLASS_SIZE, LESSON);
- N real pages in one headless Chromium (a context each, as N browsers), all sent to the notebook
  at the same moment;
- per page, the time from that moment until a widget answers a click: the first puzzle's Check
  button, clicked as soon as it shows, until the kernel's feedback shows (a round trip to the
  kernel); in the bare notebook a Button whose click sets its description;
- no page may fail (an HTTP error, a page error, or no answer within ``--timeout``);
- then every tab is closed, and every closed tab's kernel must be gone from Voila within 60 s.

Printed side by side: pages answered, median, 95th percentile and slowest, kernels freed, the CPU
seconds per learner of the server side (Voila and its kernels, the pool's refill included; Voila's
own share in brackets) and of
the browser (Chromium, until every page answered), the memory of the server before the burst (the
pool on standby), and the load average before each burst (the machine is shared). Target (issue 12): warm, all N pages
answer, 95th percentile at most 15 s, none fails, every kernel freed; cold no worse than before
the issue (N=30: median 111 s, slowest 114 s).

``--profile`` also shows where one lesson page's CPU goes in its kernel: the kernel's start, the
imports, each cell (building the widgets), and the widget messages sent (count and bytes).

Run: ``.venv/bin/python benchmarks/bench_class.py [--learners 30] [--lesson 03] [--modes cold,warm]``
(or ``make bench``). Needs /usr/bin/chromium; takes a few minutes at N=30. Exit status 0 when the
targets hold, 1 otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lessons import BARE, browser_harness, cpu_seconds, stop_on_sigterm  # noqa: E402
from class_profile import PROFILER, print_areas, profile_lesson, rss_total, server_cpu, tree, wait_quiet  # noqa: E402
from protocol_client import Learner, Traffic, protocol_learner, ws_unpack  # noqa: E402

#: The figures of issue 12, measured before the pool: 30 learners, lesson 03, cold.
BEFORE = {"learners": 30, "median": 111.0, "max": 114.0}
WARM_P95_TARGET = 15.0
PROTOCOL_P95_TARGET = 10.0
#: Server CPU seconds per learner of a class arriving at a warm pool (protocol clients), at most.
PROTOCOL_CPU_TARGET = 0.3
#: Cold, the lesson's p95 at most this many times the bare notebook's under the same burst.
COLD_OVER_BARE = 2.0
#: A protocol client is faithful when its server CPU and messages are within this of a real page's.
FAITHFUL = 0.10


class App:
    """Voila started by ``scripts/app.sh`` (what ``make app`` runs after the setup) on a free port, with
    CLASS_SIZE and LESSON; started, it has its pool full and the machine quiet."""

    def __init__(self, notebook: str, class_size: int = 0, fill_delay: float | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.notebook, self.class_size = notebook, class_size
        env = {"CLASS_SIZE": str(class_size), "LESSON": notebook, "PYTHONUNBUFFERED": "1", **(env or {})}
        if fill_delay is not None:
            env["FILL_DELAY"] = str(fill_delay)
        self.server = browser_harness().VoilaServer(name=f"bench-class-{Path(notebook).stem}-{class_size}", kind="app",
                                             env=env)

    def start(self, timeout: float = 120.0) -> App:
        server = self.server.start(timeout=timeout)
        assert server.process is not None
        if self.class_size:
            want = f"Kernel pool of {self.notebook} is filled with {self.class_size} kernel(s)"
            deadline = time.monotonic() + 600
            while want not in server.log():
                if time.monotonic() > deadline or server.process.poll() is not None:
                    raise RuntimeError(f"the pool did not fill:\n{server.log_tail()}")
                time.sleep(0.5)
        wait_quiet(server.process.pid)  # the pool's notebooks executed, the machine quiet again
        return self

    @property
    def url(self) -> str:
        return str(self.server.url)

    @property
    def process(self) -> subprocess.Popen[bytes] | None:
        return self.server.process  # type: ignore[no-any-return]

    def log(self) -> str:
        return str(self.server.log())

    def running(self, kernel_ids: set[str]) -> set[str]:
        """Those of these kernels that Voila still runs."""
        return {k for k in kernel_ids if self.server.kernel(k) is not None}

    def stop(self) -> None:
        """Stop Voila (it shuts its kernels down); a kernel it left behind is killed."""
        def cmdline(pid: int) -> bytes:
            try:
                return Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                return b""

        left = {pid: cmdline(pid) for pid in (browser_harness().child_pids(self.process.pid) if self.process else [])}
        self.server.stop(timeout=90)
        for pid, was in left.items():
            if was and cmdline(pid) == was:  # still that same process of ours
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)


# -- one burst ----------------------------------------------------------------------------------------

@dataclass
class Burst:
    notebook: str
    mode: str
    learners: int
    times: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    freed: int = 0
    kernels: int = 0
    server_cpu: float = 0.0
    voila_cpu: float = 0.0
    browser_cpu: float = 0.0
    client_cpu: float = 0.0
    refill_cpu: float = 0.0
    load: float = 0.0
    standby_mib: float = 0.0
    pooled: int = 0

    def pct(self, q: float) -> float:
        if not self.times:
            return math.nan
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    @property
    def ok(self) -> int:
        return len(self.times)


async def one_learner(browser: Any, app: App, path: str, ready: asyncio.Event, start: asyncio.Event,
                      t0: list[float], timeout: float) -> tuple[float | None, str, Any]:
    """Open the page at the common start, click the first Check as soon as it shows; the time until
    the kernel's answer shows, or None and why not."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    ready.set()
    await start.wait()
    ms = timeout * 1000
    try:
        response = await page.goto(f"{app.url}/voila/render/{path}", timeout=ms)
        if response is None or not response.ok:
            return None, f"HTTP {response and response.status}", context
        if Path(path).resolve() == BARE.resolve():
            await page.locator(".bw-bare").click(timeout=ms)
            await page.locator(".bw-bare", has_text="Answered").wait_for(timeout=ms)
        else:
            puzzle = page.locator(".bw-puzzle").first
            await puzzle.locator(".bw-check").click(timeout=ms)  # waits until it shows
            await puzzle.locator('[data-testid="feedback"]:not([data-status=""])').wait_for(state="visible", timeout=ms)
        answered = time.perf_counter() - t0[0]
        if errors:
            return None, f"page error: {errors[0][:200]}", context
        return answered, "", context
    except Exception as exc:
        return None, f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}", context


async def burst(app: App, path: str, learners: int, timeout: float
                ) -> tuple[list[tuple[float | None, str]], set[str], float]:
    from playwright.async_api import async_playwright

    h = browser_harness()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(h.CHROMIUM), args=h.CHROMIUM_ARGS, headless=True)
        start = asyncio.Event()
        ready = [asyncio.Event() for _ in range(learners)]
        t0 = [0.0]
        tasks = [asyncio.create_task(one_learner(browser, app, path, r, start, t0, timeout)) for r in ready]
        await asyncio.gather(*(r.wait() for r in ready))  # every page exists: now they all arrive at once
        t0[0] = time.perf_counter()
        start.set()
        results = await asyncio.gather(*tasks)
        assert app.process is not None
        browser_cpu = cpu_seconds(sorted(set(browser_harness().child_pids(os.getpid())) - set(tree(app.process.pid))))
        kernel_ids: set[str] = set()
        for _, _, context in results:
            for page in context.pages:
                try:
                    config = await page.locator("#jupyter-config-data").text_content(timeout=2000)
                    kernel_ids.add(str(json.loads(config or "{}").get("kernelId")))
                except Exception:
                    pass
        # close every tab the way a learner does: the page unloads (Voila's shutdown beacon)
        for _, _, context in results:
            for page in context.pages:
                with contextlib.suppress(Exception):
                    await page.goto("about:blank", timeout=30_000)
            await context.close()
        await browser.close()
    return [(t, why) for t, why, _ in results], kernel_ids, browser_cpu


def run_burst(notebook: str, mode: str, learners: int, timeout: float, fill_delay: float | None) -> Burst:
    app = App(notebook, class_size=learners if mode == "warm" else 0, fill_delay=fill_delay).start()
    result = Burst(notebook=notebook, mode=mode, learners=learners)
    try:
        assert app.process is not None
        pids = tree(app.process.pid)
        result.standby_mib = rss_total(pids)
        result.load = os.getloadavg()[0]
        cpu_before, voila_before = server_cpu(app.process.pid), cpu_seconds([app.process.pid])
        outcomes, kernel_ids, browser_cpu = asyncio.run(burst(app, notebook, learners, timeout))
        result.server_cpu = (server_cpu(app.process.pid) - cpu_before) / learners
        result.voila_cpu = (cpu_seconds([app.process.pid]) - voila_before) / learners
        result.browser_cpu = browser_cpu / learners
        for answered, why in outcomes:
            if answered is None:
                result.failures.append(why)
            else:
                result.times.append(answered)
        kernel_ids.discard("None")
        result.kernels = len(kernel_ids)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and app.running(kernel_ids):
            time.sleep(0.5)
        result.freed = len(kernel_ids - app.running(kernel_ids))
        result.pooled = sum(f"Using pre-heated kernel: {k} " in app.log() for k in kernel_ids)
    finally:
        app.stop()
    return result


# -- a learner without a browser: what a lesson page does over HTTP and the kernel's websocket ----------

async def chromium_learner(base: str, path: str) -> tuple[Learner, Traffic]:
    """One real page in headless Chromium (a fresh profile), as a learner's: open it, click the first
    Check (or the floor's button), wait for the answer, close it. Returns what it did, and the model a
    protocol client follows: the files it fetched and the anywidget messages it sent before the click."""
    from playwright.async_api import async_playwright

    h = browser_harness()
    out = Learner()
    traffic = out.traffic
    received: list[bytes] = []
    sent: list[bytes] = []

    def on_request(request: Any) -> None:
        if request.url.startswith(base):
            traffic.http += 1
            url = request.url[len(base):]
            if request.method == "GET" and not url.startswith(("/voila/render/", "/api/kernels/")):
                traffic.statics.append(url)

    async def on_response(response: Any) -> None:
        if response.url.startswith(base):
            with contextlib.suppress(Exception):
                traffic.http_bytes += len(await response.body())

    def on_websocket(ws: Any) -> None:
        ws.on("framesent", lambda f: sent.append(f if isinstance(f, bytes) else f.encode()))
        ws.on("framereceived", lambda f: received.append(f if isinstance(f, bytes) else f.encode()))

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(h.CHROMIUM), args=h.CHROMIUM_ARGS, headless=True)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()
        page.on("request", on_request)
        page.on("response", on_response)
        page.on("websocket", on_websocket)
        started = time.perf_counter()
        try:
            await page.goto(f"{base}/voila/render/{path}", timeout=300_000)
            out.kernel = str(json.loads(await page.locator("#jupyter-config-data").text_content() or "{}")
                             .get("kernelId", ""))
            bare = Path(path).resolve() == BARE.resolve()
            button = page.locator(".bw-bare" if bare else ".bw-puzzle .bw-check").first
            await button.click(timeout=300_000)
            answer = (page.locator(".bw-bare", has_text="Answered") if bare else page.locator(".bw-puzzle").first
                      .locator('[data-testid="feedback"]:not([data-status=""])'))
            await answer.wait_for(state="visible", timeout=300_000)
            out.answered = time.perf_counter() - started
            await page.goto("about:blank")  # the tab closes: the shutdown beacon
            await asyncio.sleep(1)
        except Exception as exc:
            out.why = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
        await context.close()
        await browser.close()
    traffic.sent, traffic.received = len(sent), len(received)
    traffic.received_bytes = sum(len(f) for f in received)
    states: dict[str, Any] = {}
    for frame in received:
        with contextlib.suppress(Exception):
            data = ws_unpack(frame)[3].get("data") or {}
            if data.get("method") == "update_states":
                states = data["states"]
    ids = {k: m["state"].get("_anywidget_id", "") for k, m in states.items()}
    clicked = False
    for frame in sent:
        with contextlib.suppress(Exception):
            _, header, _, content, _ = ws_unpack(frame)
            traffic.count(header, content)
            data = content.get("data") or {}
            if clicked:
                continue
            if header["msg_type"] == "comm_msg" and data.get("method") == "custom":
                if data["content"].get("event") == "click":
                    clicked = True
                elif ids.get(content["comm_id"]):
                    traffic.replay.append((ids[content["comm_id"]], data["content"]))
    return out, traffic


def wait_gone(app: App, kernels: set[str], timeout: float = 60.0) -> int:
    """Wait until Voila runs none of these kernels (at most ``timeout``); how many are gone."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and app.running(kernels):
        time.sleep(0.25)
    return len(kernels - app.running(kernels))


@dataclass
class Faithful:
    """One learner at a time: the server's CPU and the messages of a real page and of a protocol client."""

    notebook: str
    mode: str
    chromium: list[tuple[float, Learner]] = field(default_factory=list)
    protocol: list[tuple[float, Learner]] = field(default_factory=list)
    load: list[float] = field(default_factory=list)


def faithfulness(notebook: str, mode: str, rounds: int, timeout: float) -> tuple[Faithful, Traffic]:
    """Alternately a real Chromium page and a protocol client, one at a time, on one Voila (``warm``: a
    pool of a kernel for each of the ``2 * rounds`` learners, none refilled meanwhile); per learner the server's CPU seconds (Voila
    and its kernels) from its arrival until its kernel is gone. The model for the protocol clients
    comes from the first Chromium page."""
    size = 2 * rounds if mode == "warm" else 0  # a Chromium page and a protocol client a round
    app = App(notebook, class_size=size, fill_delay=3600.0 if size else None).start()
    result = Faithful(notebook, mode)
    model = Traffic()
    try:
        assert app.process is not None
        for r in range(rounds):
            for kind in ("chromium", "protocol"):
                wait_quiet(app.process.pid)
                result.load.append(os.getloadavg()[0])
                before = server_cpu(app.process.pid)
                if kind == "chromium":
                    learner, traffic = asyncio.run(chromium_learner(app.url, notebook))
                    if r == 0:
                        model = traffic
                else:
                    learner = asyncio.run(protocol_burst(app, notebook, 1, model, timeout))[0]
                if learner.why:
                    raise RuntimeError(f"{kind} learner of {notebook} ({mode}): {learner.why}")
                wait_gone(app, {learner.kernel})
                cpu = server_cpu(app.process.pid) - before
                (result.chromium if kind == "chromium" else result.protocol).append((cpu, learner))
    finally:
        app.stop()
    return result, model


async def protocol_burst(app: App, path: str, learners: int, model: Traffic, timeout: float) -> list[Learner]:
    start = asyncio.Event()
    t0 = [0.0]
    tasks = [asyncio.create_task(protocol_learner(app.url, path, model, start, t0, timeout)) for _ in range(learners)]
    await asyncio.sleep(0.1)
    t0[0] = time.perf_counter()
    start.set()  # every learner arrives in the same moment
    return list(await asyncio.gather(*tasks))


def run_protocol_burst(notebook: str, mode: str, learners: int, model: Traffic, timeout: float,
                       fill_delay: float | None) -> Burst:
    """N protocol clients at once on one Voila (``warm``: CLASS_SIZE=N); the server's CPU per learner
    until every one has its answer and its kernel is gone (``server_cpu``), and for ``warm`` the pool's
    refill after it, per learner (``refill_cpu``)."""
    app = App(notebook, class_size=learners if mode == "warm" else 0, fill_delay=fill_delay).start()
    result = Burst(notebook=notebook, mode=mode, learners=learners)
    try:
        assert app.process is not None
        result.standby_mib = rss_total(tree(app.process.pid))
        result.load = os.getloadavg()[0]
        cpu_before, voila_before = server_cpu(app.process.pid), cpu_seconds([app.process.pid])
        client_before = cpu_seconds([os.getpid()])
        outcomes = asyncio.run(protocol_burst(app, notebook, learners, model, timeout))
        result.client_cpu = (cpu_seconds([os.getpid()]) - client_before) / learners
        kernels = {o.kernel for o in outcomes if o.kernel}
        result.kernels = len(kernels)
        result.freed = wait_gone(app, kernels)
        result.server_cpu = (server_cpu(app.process.pid) - cpu_before) / learners
        result.voila_cpu = (cpu_seconds([app.process.pid]) - voila_before) / learners
        for o in outcomes:
            if o.answered is None:
                result.failures.append(o.why)
            else:
                result.times.append(o.answered)
        result.pooled = sum(f"Using pre-heated kernel: {k} " in app.log() for k in kernels)
        if mode == "warm":
            after = server_cpu(app.process.pid)
            time.sleep((fill_delay if fill_delay is not None else 30.0) + 1)
            wait_quiet(app.process.pid)
            result.refill_cpu = (server_cpu(app.process.pid) - after) / learners
    finally:
        app.stop()
    return result


# -- where the server's time per learner goes --------------------------------------------------------

def profile_server(notebook: str, learners: int, model: Traffic, timeout: float) -> None:
    """A warm class of ``learners`` protocol clients on a Voila that runs under cProfile; its CPU per
    learner by area (its own work only: the kernels are separate processes, see ``--profile``) and
    its costliest functions."""
    import pstats
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        (Path(tmp) / "sitecustomize.py").write_text(PROFILER)
        stats_file = Path(tmp) / "voila.prof"
        env = {"BENCH_PROFILE": str(stats_file),
               "PYTHONPATH": os.pathsep.join(p for p in (tmp, os.environ.get("PYTHONPATH", "")) if p)}
        app = App(notebook, class_size=learners, fill_delay=3600.0, env=env).start()
        try:
            assert app.process is not None
            before = cpu_seconds([app.process.pid])
            outcomes = asyncio.run(protocol_burst(app, notebook, learners, model, timeout))
            wait_gone(app, {o.kernel for o in outcomes if o.kernel})
            voila = (cpu_seconds([app.process.pid]) - before) / learners
        finally:
            app.stop()
        stats = pstats.Stats(str(stats_file))
    print_areas(stats, learners, voila)


def lesson_path(name: str) -> str:
    spec = importlib.util.spec_from_file_location("class_pool", ROOT / "scripts" / "class_pool.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.lesson_paths(name)[0])


def print_bursts(results: list[Burst], clients: str) -> None:
    print()
    print(f"{'notebook':<16} {'start':<5} {'answered':>8} {'median':>7} {'p95':>7} {'slowest':>8} {'freed':>7} "
          f"{'server CPU (Voila)':>19} {'refill':>7} {'client CPU':>11} {'standby':>9} {'load':>5}")
    for r in results:
        client = r.browser_cpu if clients == "browser" else r.client_cpu
        print(f"{Path(r.notebook).stem:<16} {r.mode:<5} {r.ok:>4}/{r.learners:<3} {r.pct(0.5):>6.1f}s "
              f"{r.pct(0.95):>6.1f}s {max(r.times, default=math.nan):>7.1f}s {r.freed:>3}/{r.kernels:<3} "
              f"{r.server_cpu:>9.2f} s ({r.voila_cpu:4.2f} s) {r.refill_cpu:>6.2f}s {client:>9.2f} s "
              f"{r.standby_mib:>5.0f} MiB {r.load:>5.1f}")
    for r in results:
        for why in sorted(set(r.failures)):
            print(f"  FAILED {Path(r.notebook).stem} {r.mode}: {r.failures.count(why)} page(s): {why}")


def print_faithful(f: Faithful) -> bool:
    """The real page's and the protocol client's figures side by side; whether they agree within FAITHFUL."""
    print(f"\none learner at a time, {Path(f.notebook).stem} {f.mode} (server CPU from arrival until the kernel is"
          " gone; loads " + ", ".join(f"{x:.1f}" for x in f.load) + "):")
    for (c_cpu, c), (p_cpu, p) in zip(f.chromium, f.protocol, strict=True):
        print(f"  chromium  server CPU {c_cpu:5.2f} s; {c.traffic.row()}")
        print(f"  protocol  server CPU {p_cpu:5.2f} s; {p.traffic.row()}")
    cpu = statistics.median(x for x, _ in f.protocol) / statistics.median(x for x, _ in f.chromium)

    def messages(learners: list[tuple[float, Learner]]) -> float:
        return statistics.median(x.traffic.sent + x.traffic.received + x.traffic.http for _, x in learners)

    msgs = messages(f.protocol) / messages(f.chromium)
    good = abs(cpu - 1) <= FAITHFUL and abs(msgs - 1) <= FAITHFUL
    print(f"  protocol / chromium: server CPU {cpu:.2f}, messages {msgs:.2f} (within {FAITHFUL:.0%}:"
          f" {'yes' if good else 'NO'})")
    return good


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30, help="learners arriving at once (default 30)")
    parser.add_argument("--lesson", default="03", help="the lesson of the day (default 03)")
    parser.add_argument("--modes", default="cold,warm", help="cold, warm or both (default cold,warm)")
    parser.add_argument("--clients", choices=("protocol", "browser"), default="protocol",
                        help="protocol: clients speaking the page's HTTP and websocket protocol, no rendering"
                             " (default); browser: headless Chromium pages on this machine")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of every measure (default 2)")
    parser.add_argument("--no-bare", action="store_true", help="skip the bare ipywidgets notebook")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds a page may take (default 300)")
    parser.add_argument("--fill-delay", type=float, default=None, help="FILL_DELAY for the warm runs")
    parser.add_argument("--profile", action="store_true",
                        help="also show where the server's CPU per learner goes: Voila's (under cProfile, a warm"
                             " class of protocol clients) and one page's kernel's, step by step")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:] if __name__ == "__main__" else [])
    stop_on_sigterm()

    h = browser_harness()
    if not h.CHROMIUM.exists():
        print(f"bench_class: {h.CHROMIUM} is missing (bash scripts/setup.sh test installs it)")
        return 1
    lesson = lesson_path(args.lesson)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    bad = [m for m in modes if m not in ("cold", "warm")]
    if bad:
        parser.error(f"--modes takes cold and warm, not {', '.join(bad)}")
    notebooks = [lesson] + ([] if args.no_bare else [BARE.relative_to(ROOT).as_posix()])
    print(f"machine: {os.cpu_count()} cores; {args.learners} learners arrive at once ({args.clients} clients);"
          f" Voila started by scripts/app.sh (make app); {args.rounds} round(s)", flush=True)

    passed = True
    results: list[Burst] = []
    models: dict[str, Traffic] = {}
    if args.clients == "protocol":
        for notebook in notebooks:
            for mode in modes:
                f, models[notebook] = faithfulness(notebook, mode, args.rounds, args.timeout)
                passed = print_faithful(f) and passed
    for r_index in range(args.rounds):
        for notebook in notebooks:
            for mode in modes:
                if args.clients == "protocol":
                    r = run_protocol_burst(notebook, mode, args.learners, models[notebook], args.timeout,
                                           args.fill_delay)
                else:
                    r = run_burst(notebook, mode, args.learners, args.timeout, args.fill_delay)
                results.append(r)
                print(f"  round {r_index + 1}: {Path(notebook).stem} {mode}: {r.ok}/{r.learners} answered, p95"
                      f" {r.pct(0.95):.1f} s, {r.pooled} page(s) from the pool (load average before: {r.load:.1f})",
                      flush=True)
    print_bursts(results, args.clients)

    cores = os.cpu_count() or 1
    per_round = len(notebooks) * len(modes)
    for r_index in range(args.rounds):
        batch = results[r_index * per_round:(r_index + 1) * per_round]
        bare_cold = next((r for r in batch if r.notebook != lesson and r.mode == "cold"), None)
        for r in (x for x in batch if x.notebook == lesson):
            whole = r.ok == r.learners and not r.failures and r.freed == r.kernels == r.learners
            tag = f"round {r_index + 1}, {r.mode}:"
            if r.mode == "warm":
                p95_target = PROTOCOL_P95_TARGET if args.clients == "protocol" else WARM_P95_TARGET
                good = whole and r.pct(0.95) <= p95_target
                text = f"all {r.learners} answer, p95 {r.pct(0.95):.1f} s <= {p95_target:.0f} s, every kernel freed"
                if args.clients == "protocol":
                    good = good and r.server_cpu <= PROTOCOL_CPU_TARGET
                    text += f", server CPU {r.server_cpu:.2f} s per learner <= {PROTOCOL_CPU_TARGET} s"
                print(f"target {tag} {text}: {'PASS' if good else 'FAIL'}")
                if r.server_cpu > 0:
                    print(f"  so one core serves about {PROTOCOL_P95_TARGET / r.server_cpu:.0f} learners arriving at once"
                          f" within {PROTOCOL_P95_TARGET:.0f} s ({cores} cores: {cores * PROTOCOL_P95_TARGET / r.server_cpu:.0f});"
                          f" Voila's own share runs on one core, which caps one Voila at about"
                          f" {PROTOCOL_P95_TARGET / max(r.voila_cpu, 1e-9):.0f}; the pool's refill costs"
                          f" {r.refill_cpu:.2f} s per learner after the class has arrived")
            else:
                good = whole
                text = f"all {r.learners} answer, every kernel freed"
                if bare_cold is not None and bare_cold.times:
                    ratio = r.pct(0.95) / bare_cold.pct(0.95)
                    good = good and ratio <= COLD_OVER_BARE
                    text += f", p95 {ratio:.2f} x the bare notebook's <= {COLD_OVER_BARE}"
                print(f"target {tag} {text}: {'PASS' if good else 'FAIL'}")
            passed = passed and good

    if args.profile and args.clients == "protocol":
        profile_server(lesson, args.learners, models[lesson], args.timeout)
    if args.profile:
        print()
        print(f"where one page of {Path(lesson).stem} spends its kernel's CPU (a fresh kernel, as Voila runs it):")
        rows = profile_lesson(ROOT / lesson)
        *cells, state, closing = rows
        for label, cpu, count, size in cells:
            extra = f"  {count} widget messages, {size / 1024:.0f} KiB" if count else ""
            print(f"  {cpu:6.2f} s  {label}{extra}")
        print(f"  {sum(r[1] for r in cells):6.2f} s  in all; {sum(r[2] for r in cells)} widget messages,"
              f" {sum(r[3] for r in cells) / 1024:.0f} KiB")
        print(f"  the page then receives the state of {state[2]} open widgets, {state[3] / 1024:.0f} KiB")
        print(f"  {closing[1]:6.2f} s  {closing[0]}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
