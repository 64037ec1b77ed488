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
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lessons import browser_harness  # noqa: E402

#: The figures of issue 12, measured before the pool: 30 learners, lesson 03, cold.
BEFORE = {"learners": 30, "median": 111.0, "max": 114.0}
WARM_P95_TARGET = 15.0
BARE = ROOT / "test-artifacts" / "fixtures" / "bare_class.ipynb"


def bare_notebook() -> Path:
    """A notebook with nothing but an ipywidgets Button that answers a click (the yardstick)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "import ipywidgets as w\nb = w.Button(description='Check')\nb.add_class('bw-check')\n"
        "b.on_click(lambda _: setattr(b, 'description', 'Answered'))\nb")]
    BARE.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, BARE)
    return BARE


# -- processes ------------------------------------------------------------------------------------

def cpu_seconds(pids: list[int], reaped: bool = False) -> float:
    """User + system CPU time of these processes; with ``reaped``, also that of their children that
    ended and were waited for (a kernel shut down counts in its server's figure)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if reaped else 0)
    return total / tick


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

    def __init__(self, notebook: str, class_size: int = 0, fill_delay: float | None = None) -> None:
        self.notebook, self.class_size = notebook, class_size
        env = {"CLASS_SIZE": str(class_size), "LESSON": notebook, "PYTHONUNBUFFERED": "1"}
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
            await page.locator(".bw-check").click(timeout=ms)
            await page.get_by_role("button", name="Answered").wait_for(timeout=ms)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30, help="pages arriving at once (default 30)")
    parser.add_argument("--lesson", default="03", help="the lesson of the day (default 03)")
    parser.add_argument("--modes", default="cold,warm", help="cold, warm or both (default cold,warm)")
    parser.add_argument("--no-bare", action="store_true", help="skip the bare ipywidgets notebook")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds a page may take (default 300)")
    parser.add_argument("--fill-delay", type=float, default=None, help="FILL_DELAY for the warm runs")
    parser.add_argument("--profile", action="store_true", help="also show where one page's kernel CPU goes")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:] if __name__ == "__main__" else [])

    h = browser_harness()
    if not h.CHROMIUM.exists():
        print(f"bench_class: {h.CHROMIUM} is missing (bash scripts/setup.sh test installs it)")
        return 1
    lesson = lesson_path(args.lesson)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    bad = [m for m in modes if m not in ("cold", "warm")]
    if bad:
        parser.error(f"--modes takes cold and warm, not {', '.join(bad)}")
    notebooks = [lesson] + ([] if args.no_bare else [bare_notebook().relative_to(ROOT).as_posix()])
    print(f"machine: {os.cpu_count()} cores; {args.learners} learners arrive at once;"
          f" Voila started by scripts/app.sh (make app)", flush=True)

    results: list[Burst] = []
    for notebook in notebooks:
        for mode in modes:
            r = run_burst(notebook, mode, args.learners, args.timeout, args.fill_delay)
            results.append(r)
            print(f"  {Path(notebook).stem} {mode}: {r.ok}/{r.learners} answered, p95 {r.pct(0.95):.1f} s,"
                  f" {r.pooled} page(s) from the pool (load average before: {r.load:.1f})", flush=True)

    print()
    print(f"{'notebook':<16} {'start':<5} {'answered':>8} {'median':>7} {'p95':>7} {'slowest':>8} "
          f"{'freed':>7} {'server CPU (Voila)':>19} {'browser CPU':>12} {'standby':>9} {'load':>5}")
    for r in results:
        print(f"{Path(r.notebook).stem:<16} {r.mode:<5} {r.ok:>4}/{r.learners:<3} {r.pct(0.5):>6.1f}s "
              f"{r.pct(0.95):>6.1f}s {max(r.times, default=math.nan):>7.1f}s {r.freed:>3}/{r.kernels:<3} "
              f"{r.server_cpu:>9.2f} s ({r.voila_cpu:4.2f} s) {r.browser_cpu:>10.2f} s {r.standby_mib:>5.0f} MiB"
              f" {r.load:>5.1f}")
    for r in results:
        for why in sorted(set(r.failures)):
            print(f"  FAILED {Path(r.notebook).stem} {r.mode}: {r.failures.count(why)} page(s): {why}")

    passed = True
    for r in results:
        if r.notebook != lesson:
            continue
        whole = r.ok == r.learners and not r.failures and r.freed == r.kernels == r.learners
        if r.mode == "warm":
            good = whole and r.pct(0.95) <= WARM_P95_TARGET
            print(f"target warm: all {r.learners} answer, p95 <= {WARM_P95_TARGET:.0f} s, none fails, every kernel"
                  f" freed: {'PASS' if good else 'FAIL'} (p95 {r.pct(0.95):.1f} s)")
        else:
            good = whole
            if r.learners == BEFORE["learners"]:
                good = good and r.pct(0.5) <= BEFORE["median"] and max(r.times) <= BEFORE["max"]
                print(f"target cold: no worse than before (median {BEFORE['median']:.0f} s, slowest"
                      f" {BEFORE['max']:.0f} s): {'PASS' if good else 'FAIL'}")
            else:
                print(f"target cold: all answer, every kernel freed: {'PASS' if good else 'FAIL'}"
                      f" (the before figures are for {BEFORE['learners']} learners)")
        passed = passed and good
    warm = next((r for r in results if r.notebook == lesson and r.mode == "warm"), None)
    if warm and warm.ok == warm.learners and warm.pct(0.95) <= WARM_P95_TARGET:
        cores = os.cpu_count() or 1
        print(f"one core served {warm.learners / cores:.0f} learners arriving at once (warm pool, the browsers"
              f" on the same machine), {warm.server_cpu:.2f} CPU s each on the server side")

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
