"""What a class server's processes spend, for bench_class.py: the CPU and memory of a server and its
kernels (:func:`server_cpu`, :func:`rss_total`, :func:`wait_quiet`), and for ``--profile``: Voila run
under cProfile (:data:`PROFILER`, its CPU by :data:`AREAS`), and a lesson's cells run in a fresh kernel
as Voila runs them (:func:`profile_lesson`: per step the kernel's CPU and the widget messages it sent).
"""

from __future__ import annotations

import json
import os
import resource
import time
from pathlib import Path
from typing import Any

from bench_lessons import browser_harness, cpu_seconds


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



def print_areas(stats: Any, learners: int, voila: float) -> None:
    """Print where a profiled Voila's own CPU went (``stats``: its ``pstats.Stats``), by :data:`AREAS`,
    and its costliest functions; ``voila`` is its CPU seconds per learner without the profiler."""
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


def profile_lesson(lesson: Path) -> list[tuple[str, float, int, int]]:
    """Run the lesson's cells in a fresh kernel as Voila does; per step, the kernel's CPU seconds and
    the widget messages it sent (count, bytes of JSON); then the state a page receives, and the
    kernel's shutdown as a closed tab's (its CPU until it has ended)."""
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
        # the tab closed: Voila asks the kernel to shut down; its CPU until it is gone (reaped)
        before = cpu_seconds([pid])
        reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
        client.stop_channels()
        km.shutdown_kernel(now=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        total = after.ru_utime + after.ru_stime - reaped.ru_utime - reaped.ru_stime
        rows.append(("the kernel's shutdown (a closed tab)", total - before, 0, 0))
    finally:
        client.stop_channels()
        if km.is_alive():
            km.shutdown_kernel(now=True)
    return rows


# -- main ---------------------------------------------------------------------------------------------
