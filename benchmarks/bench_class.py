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
import re
import signal
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lessons import BARE, browser_harness, cpu_seconds, stop_on_sigterm  # noqa: E402

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


# -- processes ------------------------------------------------------------------------------------

def server_cpu(pid: int) -> float:
    """CPU seconds of a server and everything it ran, running or ended (its kernels)."""
    return cpu_seconds([pid], reaped=True) + cpu_seconds(browser_harness().child_pids(pid))


def rss_total(pids: list[int]) -> float:
    """Resident memory of these processes in MiB (those that ended, or are zombies, count 0)."""
    total = 0.0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")) / 1024
    return total


def tree(pid: int) -> list[int]:
    return [pid, *browser_harness().child_pids(pid)]


def wait_quiet(pid: int, timeout: float = 600.0, window: float = 2.0) -> float:
    """Wait until the process tree uses (almost) no CPU for ``window`` seconds; returns the wait."""
    started = time.monotonic()
    before = cpu_seconds(tree(pid))
    while time.monotonic() - started < timeout:
        time.sleep(window)
        now = cpu_seconds(tree(pid))
        if now - before < 0.05 * window:
            break
        before = now
    return time.monotonic() - started


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

#: The kernel websocket protocol Voila's page speaks (JupyterLab's services): binary frames.
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
CONTROL_TARGET = "jupyter.widget.control"
#: ipywidgets' control protocol (ipywidgets.widgets.widget.__control_protocol_version__)
CONTROL_VERSION = "1.0.0"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def ws_pack(channel: str, parts: list[bytes]) -> bytes:
    """A message as the v1 protocol frames it: the offsets, the channel, header, parent header,
    metadata, content and buffers."""
    offsets = [8 * (len(parts) + 3)]
    offsets.append(offsets[-1] + len(channel.encode()))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets),
                     channel.encode(), *parts])


def ws_unpack(frame: bytes) -> tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[bytes]]:
    """(channel, header, parent header, content, buffers) of a v1 frame."""
    n = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
    channel = frame[offsets[0]:offsets[1]].decode()
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(1, n - 1)]
    header, parent, _metadata, content = (json.loads(p) for p in parts[:4])
    return channel, header, parent, content, parts[4:]


def page_config(html: str) -> dict[str, Any]:
    found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', html, re.S)
    return dict(json.loads(found.group(1))) if found else {}


def shown_models(html: str) -> list[str]:
    """The widget models a rendered page shows, in page order (Voila's cell outputs)."""
    out = []
    for block in re.findall(r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', html, re.S):
        view = json.loads(block).get("data", {}).get(WIDGET_VIEW)
        if view:
            out.append(str(view["model_id"]))
    return out


def referenced(state: Any) -> list[str]:
    """The models a widget's state refers to ("IPY_MODEL_<id>"), in order: its children first."""
    if isinstance(state, str):
        return [state[10:]] if state.startswith("IPY_MODEL_") else []
    if isinstance(state, dict):
        return [m for v in state.values() for m in referenced(v)]
    if isinstance(state, list):
        return [m for v in state for m in referenced(v)]
    return []


def page_order(states: dict[str, Any], roots: list[str]) -> list[str]:
    """Every model reachable from the shown ones, depth first: the order of the page's elements."""
    seen: list[str] = []

    def walk(model: str) -> None:
        if model in seen or model not in states:
            return
        seen.append(model)
        state = states[model]["state"]
        for child in state.get("children", []) + referenced({k: v for k, v in state.items() if k != "children"}):
            walk(child[10:] if child.startswith("IPY_MODEL_") else child)

    for root in roots:
        walk(root)
    return seen


def first_check(states: dict[str, Any], roots: list[str]) -> tuple[str, set[str], str]:
    """What the page clicks (bench_lessons.answer_first_click): the first puzzle's Check button, or a
    floor page's button; with the models whose update is the answer, and which key of their state
    says it came ("status" of the puzzle's feedback, "description" of the floor's button)."""
    order = page_order(states, roots)
    classes = {m: states[m]["state"].get("_dom_classes", []) for m in order}
    bare = [m for m in order if "bw-bare" in classes[m]]
    if bare:
        return bare[0], {bare[0]}, "description"
    puzzle = next((m for m in order if "bw-puzzle" in classes[m]), None)
    if puzzle is None:
        raise RuntimeError("the protocol clients answer a puzzle's Check: this notebook shows no puzzle")
    inside = page_order(states, [puzzle])
    check = next(m for m in inside if "bw-check" in classes.get(m, []))
    return check, set(inside), "status"


@dataclass
class Traffic:
    """What one learner's page (or protocol client) exchanged with the server."""

    http: int = 0
    http_bytes: int = 0
    sent: int = 0
    received: int = 0
    received_bytes: int = 0
    statics: list[str] = field(default_factory=list)
    #: what was sent over the websocket: message type (and widget method) -> count
    kinds: dict[str, int] = field(default_factory=dict)
    #: anywidget messages the page sent before the click: (its model's _anywidget_id, content)
    replay: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def row(self) -> str:
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.kinds.items()))
        return (f"{self.http:>4} HTTP requests, websocket {self.sent:>3} sent, {self.received:>4} received"
                f" ({self.received_bytes / 1e6:5.2f} MB); sent: {kinds}")

    def count(self, header: dict[str, Any], content: dict[str, Any]) -> None:
        method = (content.get("data") or {}).get("method") if isinstance(content.get("data"), dict) else None
        kind = f"{header['msg_type']}/{method}" if method else str(header["msg_type"])
        self.kinds[kind] = self.kinds.get(kind, 0) + 1


@dataclass
class Learner:
    answered: float | None = None
    why: str = ""
    kernel: str = ""
    traffic: Traffic = field(default_factory=Traffic)


class Wire:
    """One kernel websocket, as the page's kernel connection speaks it."""

    def __init__(self, conn: Any, traffic: Traffic) -> None:
        self.conn, self.traffic = conn, traffic
        self.session = uuid.uuid4().hex

    async def send(self, channel: str, msg_type: str, content: dict[str, Any],
                   metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "", "session": self.session,
                  "date": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()), "version": "5.2"}
        parts = [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)]
        await self.conn.write_message(ws_pack(channel, parts), binary=True)
        self.traffic.sent += 1
        self.traffic.count(header, content)
        return msg_id

    async def receive(self) -> tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[bytes]]:
        frame = await self.conn.read_message()
        if frame is None:
            raise ConnectionError("the kernel's websocket closed")
        self.traffic.received += 1
        self.traffic.received_bytes += len(frame)
        return ws_unpack(frame if isinstance(frame, bytes) else frame.encode())


async def protocol_learner(base: str, path: str, model: Traffic, start: asyncio.Event, t0: list[float],
                           timeout: float) -> Learner:
    """One learner's page without a browser: fetch the page and the files a real page fetched
    (``model.statics``, from :func:`chromium_learner`), open the kernel's channel, ask for the widgets'
    state, send what the page's widgets send once they exist (``model.replay``), press the first
    Check and wait for the kernel's answer; then close as a tab does (Voila's shutdown beacon)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    out = Learner()
    traffic = out.traffic
    client = AsyncHTTPClient(force_instance=True, max_clients=6)  # a browser's six connections
    xsrf = uuid.uuid4().hex
    cookies = {"_xsrf": xsrf}  # the template sets it on the page

    async def get(url: str) -> bytes:
        reply = await client.fetch(base + url, request_timeout=timeout, headers={
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
        for header in reply.headers.get_list("Set-Cookie"):
            name, _, value = header.split(";", 1)[0].partition("=")
            cookies[name.strip()] = value
        traffic.http += 1
        traffic.http_bytes += len(reply.body)
        return bytes(reply.body)

    await start.wait()
    conn = None
    try:
        html = (await get(f"/voila/render/{path}")).decode()
        out.kernel = str(page_config(html).get("kernelId", ""))
        if not out.kernel:
            raise RuntimeError("the page has no kernel id")
        statics = list(model.statics)

        async def fetcher() -> None:
            while statics:
                await get(statics.pop(0))

        await asyncio.gather(*(fetcher() for _ in range(6)))
        await get(f"/api/kernels/{out.kernel}?{int(time.time() * 1000)}")
        request = HTTPRequest(f"{base.replace('http', 'ws', 1)}/api/kernels/{out.kernel}/channels?session_id="
                              f"{uuid.uuid4()}", headers={"Cookie": f"_xsrf={xsrf}"}, request_timeout=timeout)
        conn = await websocket_connect(request, subprotocols=[WS_PROTOCOL], max_message_size=1 << 28)
        wire = Wire(conn, traffic)
        info = await wire.send("shell", "kernel_info_request", {})
        while (await wire.receive())[2].get("msg_id") != info:
            pass
        control = uuid.uuid4().hex
        await wire.send("shell", "comm_open", {"comm_id": control, "target_name": CONTROL_TARGET, "data": {}},
                        {"version": CONTROL_VERSION})
        await wire.send("shell", "comm_msg", {"comm_id": control, "data": {"method": "request_states"}},
                        {"version": CONTROL_VERSION})
        while True:
            _, _, _, content, _ = await wire.receive()
            data = content.get("data") or {}
            if content.get("comm_id") == control and data.get("method") == "update_states":
                states = data["states"]
                break
        await wire.send("shell", "comm_close", {"comm_id": control, "data": {}})
        by_id = {m["state"].get("_anywidget_id"): k for k, m in states.items() if m["state"].get("_anywidget_id")}
        for anywidget_id, content in model.replay:
            if anywidget_id in by_id:
                content = {**content, "now": int(time.time() * 1000)} if "now" in content else content
                await wire.send("shell", "comm_msg", {"comm_id": by_id[anywidget_id],
                                                      "data": {"method": "custom", "content": content}})
        target, answers, key = first_check(states, shown_models(html))
        click = await wire.send("shell", "comm_msg", {"comm_id": target, "data": {"method": "custom",
                                                                                  "content": {"event": "click"}}})
        answered = False
        while True:
            _, header, parent, content, _ = await wire.receive()
            data = content.get("data") or {}
            if (header["msg_type"] == "comm_msg" and data.get("method") == "update"
                    and content.get("comm_id") in answers and data.get("state", {}).get(key)):
                answered = True
            if (header["msg_type"] == "status" and parent.get("msg_id") == click
                    and content["execution_state"] == "idle"):
                break
        if not answered:
            raise RuntimeError("the Check was handled, but no answer came")
        out.answered = time.perf_counter() - t0[0]
    except Exception as exc:
        out.why = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
    finally:
        if out.kernel:  # the tab closes: Voila's beforeunload beacon, then the socket goes
            with contextlib.suppress(Exception):
                await client.fetch(f"{base}/voila/api/shutdown/{out.kernel}", method="POST", body=f"_xsrf={xsrf}",
                                   headers={"Cookie": f"_xsrf={xsrf}"}, request_timeout=30)
                traffic.http += 1
        if conn is not None:
            conn.close()
        client.close()
    return out


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
    pool of ``rounds`` kernels, none refilled meanwhile); per learner the server's CPU seconds (Voila
    and its kernels) from its arrival until its kernel is gone. The model for the protocol clients
    comes from the first Chromium page."""
    size = rounds if mode == "warm" else 0
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

#: Put on PYTHONPATH for Voila with BENCH_PROFILE set: Voila (not its kernels) runs under cProfile and
#: writes its figures to that file when it stops.
PROFILER = '''
import os, sys
if os.environ.get("BENCH_PROFILE") and sys.argv and os.path.basename(sys.argv[0]) == "voila":
    import atexit, cProfile
    _profile = cProfile.Profile()
    _profile.enable()
    atexit.register(lambda: (_profile.disable(), _profile.dump_stats(os.environ["BENCH_PROFILE"])))
'''
#: Where a Voila's CPU goes, by the file that spent it (the first pattern that matches its path).
AREAS = (
    ("the page: Voila's template (nbconvert, Jinja, Markdown)", ("nbconvert", "jinja2", "mistune", "markupsafe",
                                                                  "bleach", "pygments", "voila/exporter",
                                                                  "voila/notebook_renderer", "voila/handler",
                                                                  "nbformat", "fastjsonschema", "jsonschema")),
    ("the kernel's messages relayed (websocket, ZeroMQ, JSON)", ("jupyter_server/services/kernels", "zmq", "json",
                                                                 "jupyter_client/session", "tornado/websocket")),
    ("static files", ("tornado/web.py", "staticfiles", "jupyter_server/base/handlers", "voila/static_file_handler",
                      "mimetypes")),
    ("starting and stopping kernels", ("jupyter_client/manager", "jupyter_client/provisioning", "jupyter_client/launcher",
                                        "subprocess", "jupyter_client/connect", "voila/voila_kernel_manager",
                                        "jupyter_server/services/kernels/kernelmanager")),
    ("tornado's event loop, HTTP and logging", ("tornado", "asyncio", "logging", "selectors", "socket", "ssl")),
)


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
    # the profile covers Voila's whole life (the pool's start too): the areas are shares of it
    areas: dict[str, float] = {}
    total = 0.0
    for (path, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        total += tottime
        area = next((label for label, parts in AREAS if any(p in path for p in parts)), "other")
        areas[area] = areas.get(area, 0.0) + tottime
    print(f"\nwhere Voila's own CPU goes ({learners} learners arriving at a warm pool; {voila:.2f} CPU s per learner"
          f" without the profiler's overhead; the shares below are of Voila's whole run, pool start included):")
    for label, secs in sorted(areas.items(), key=lambda kv: -kv[1]):
        print(f"  {secs / total:6.1%}  {label}")
    print("  the costliest functions (their own time, the profiler's overhead included):")
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:12]  # type: ignore[attr-defined]
    for (path, line, name), (_, calls, tottime, _, _) in rows:
        short = "/".join(Path(path).parts[-2:])
        print(f"    {tottime:7.2f} s  {calls:>8} calls  {name} ({short}:{line})")


# -- where one page's CPU goes ------------------------------------------------------------------------

def profile_lesson(lesson: Path) -> list[tuple[str, float, int, int]]:
    """Run the lesson's cells in a fresh kernel as Voila does; per step, the kernel's CPU seconds and
    the widget messages it sent (count, bytes of JSON)."""
    import nbformat
    from jupyter_client.manager import KernelManager

    nb = nbformat.read(lesson, as_version=4)
    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(lesson.parent), env={**os.environ, "PYTHONUNBUFFERED": "1"})
    pid = int(km.provisioner.pid)  # type: ignore[union-attr]
    client = km.client()
    client.start_channels()
    rows: list[tuple[str, float, int, int]] = []
    try:
        client.wait_for_ready(timeout=120)
        rows.append(("kernel start (until it answers)", cpu_seconds([pid]), 0, 0))
        cells = [c for c in nb.cells if c.cell_type == "code"]
        for i, cell in enumerate(cells):
            before = cpu_seconds([pid])
            msg_id = client.execute(cell.source, store_history=False)
            count = size = 0
            while True:
                msg = client.get_iopub_msg(timeout=120)
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                if msg["msg_type"] in ("comm_open", "comm_msg"):
                    count += 1
                    size += len(json.dumps(msg["content"], default=str))
                if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                    break
            first = cell.source.strip().splitlines()[0] if cell.source.strip() else ""
            label = f"cell {i + 1}: {first[:48]}"
            rows.append((label, cpu_seconds([pid]) - before, count, size))
        # what a page receives when it connects: the state of every open widget (one message)
        before = cpu_seconds([pid])
        msg_id = client.execute("import ipywidgets as _w, json as _j\n_s = _w.Widget.get_manager_state()['state']\n"
                                "print(len(_s), len(_j.dumps(_s)))", store_history=False)
        reply = ""
        while True:
            msg = client.get_iopub_msg(timeout=120)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                reply += msg["content"]["text"]
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
        widgets, size = (int(x) for x in reply.split())
        rows.append(("the page's widget state (every open widget)", cpu_seconds([pid]) - before, widgets, size))
    finally:
        client.stop_channels()
        km.shutdown_kernel(now=True)
    return rows


# -- main ---------------------------------------------------------------------------------------------

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
        *cells, state = rows
        for label, cpu, count, size in cells:
            extra = f"  {count} widget messages, {size / 1024:.0f} KiB" if count else ""
            print(f"  {cpu:6.2f} s  {label}{extra}")
        print(f"  {sum(r[1] for r in cells):6.2f} s  in all; {sum(r[2] for r in cells)} widget messages,"
              f" {sum(r[3] for r in cells) / 1024:.0f} KiB")
        print(f"  the page then receives the state of {state[2]} open widgets, {state[3] / 1024:.0f} KiB")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
