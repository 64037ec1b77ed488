"""How fast each lesson becomes interactive in Voila, and how much memory its kernel takes.

Per lesson, in headless Chromium against a Voila started from the repository (voila.json):

- ``rendered``: from ``page.goto`` to Voila having executed every cell and shown the page;
- ``first answer``: from ``page.goto`` to the first widget answering a click. The click is on the
  first puzzle's Check button (without an answer), which goes to the kernel and back; the answer is
  its feedback becoming visible (``[data-testid=feedback]`` with a status). A lesson without a
  puzzle uses its first card instead (the answer: ``aria-pressed="true"``);
- ``round trip``: that click alone, from the click to the answer;
- ``kernel RSS``: the resident memory of the lesson's kernel process (VmRSS from /proc) once the
  click is answered; ``voila RSS`` is the server itself.

Then the import cost of the packages a lesson starts with, in a fresh interpreter
(``python -X importtime``): what a learner waits for before the first widget exists.

Run: ``.venv/bin/python benchmarks/bench_lessons.py [lesson-stem ...] [--repeat N]`` (or
``make bench``). Needs /usr/bin/chromium. Figures vary with the machine's load (printed).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def browser_harness() -> Any:
    """The browser tests' Voila/Chromium helpers (tests/browser/conftest.py), loaded by path once
    (every benchmark that drives a browser asks here)."""
    name = "buraco_browser_harness"
    if name in sys.modules:
        return sys.modules[name]
    path = ROOT / "tests" / "browser" / "conftest.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


#: The floor of the speed benchmarks: bare notebooks with one ipywidgets Button each (class
#: ``bw-bare``) whose click sets its description to "Answered" through the kernel.
FLOOR = ROOT / "benchmarks" / "floor"
BARE = FLOOR / "00_bare.ipynb"


def stop_on_sigterm() -> None:
    """A benchmark stopped with SIGTERM (``kill PID``) stops its servers and browsers on the way out."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


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


def browser_cpu(*servers: int) -> float:
    """CPU seconds of everything this process runs (Playwright's driver and its Chromium, those of
    their processes that ended included) except the servers with these pids and their processes: the
    browser's work, read before and after what it is to measure."""
    h = browser_harness()
    skip = set(servers)
    for pid in servers:
        skip.update(h.child_pids(pid))
    return cpu_seconds([p for p in h.child_pids(os.getpid()) if p not in skip], reaped=True)


def answer_first_click(page: Any, timeout: float = 120_000) -> tuple[str, float]:
    """Click the first widget that answers through Python once it shows: the first puzzle's Check
    button (the answer: its feedback gets a status), or else the first card (``aria-pressed``), or on
    the review page, which has no puzzle of its own until asked, its mixed-practice button (the answer:
    the quiz the kernel deals), or on a floor page (``benchmarks/floor/``) its button (the answer: its
    new description). Returns what was clicked and when (``time.perf_counter``); the answer has come on
    return."""
    check = page.locator(".bw-puzzle .bw-check").first
    card = page.locator('[data-testid="card"]:not([disabled])').first
    mixed = page.locator(".bw-review-mixed").first
    bare = page.locator(".bw-bare").first
    check.or_(card).or_(mixed).or_(bare).first.wait_for(state="visible", timeout=timeout)
    target = ("check" if check.is_visible() else "card" if card.is_visible()
              else "mixed" if mixed.is_visible() else "bare")
    clicked = time.perf_counter()
    if target == "mixed":
        mixed.click()
        page.locator(".bw-review .bw-puzzle .bw-check").first.wait_for(state="visible", timeout=timeout)
    elif target == "bare":
        bare.click()
        page.locator(".bw-bare", has_text="Answered").wait_for(state="visible", timeout=timeout)
    elif target == "check":
        check.click()
        page.locator(".bw-puzzle").first.locator(
            '[data-testid="feedback"]:not([data-status=""])').wait_for(state="visible", timeout=timeout)
    else:
        card.click()
        page.wait_for_function("(el) => el.getAttribute('aria-pressed') === 'true'",
                               arg=card.element_handle(), timeout=timeout)
    return target, clicked


def measure_lesson(h: Any, browser: Any, voila: Any, lesson: Path, throttle: float = 1.0,
                   others: tuple[int, ...] = ()) -> dict[str, Any]:
    """Open the lesson in a fresh browser profile, answer its first click; the figures of one visit.
    ``throttle`` slows the page's CPU that many times (DevTools' ``Emulation.setCPUThrottlingRate``);
    ``others``, the pids of other servers this process runs (not the browser's work)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Failed to initialize model" in m.text else None)
    if throttle > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    assert voila.process is not None
    try:
        cpu = browser_cpu(voila.process.pid, *others)
        start = time.perf_counter()
        response = page.goto(voila.render_url(lesson), timeout=120_000)
        assert response is not None and response.ok, f"{lesson.name}: HTTP {response and response.status}"
        page.wait_for_function("() => { const c = document.querySelector('#rendered_cells');"
                               " return c && getComputedStyle(c).display !== 'none'; }", timeout=120_000)
        rendered = time.perf_counter() - start
        views = h.widget_outputs(response.text())
        target, clicked = answer_first_click(page)
        answered = time.perf_counter()
        cpu = browser_cpu(voila.process.pid, *others) - cpu
        kid = h.kernel_id(page)
        pid = voila.kernel_pids().get(kid)
        rss = h.rss_mib(pid) if pid else float("nan")
        return {"lesson": lesson_name(lesson), "views": views, "rendered": rendered, "first_answer": answered - start,
                "round_trip": answered - clicked, "kernel_rss": rss, "via": target, "browser_cpu": cpu,
                "errors": errors, "load": os.getloadavg()[0]}
    finally:
        page.goto("about:blank")  # the tab-close beacon frees the kernel
        context.close()


def lesson_name(notebook: Path) -> str:
    """``03_buracos``, ``de/03_buracos``; the floor's ``floor``."""
    if notebook.resolve().parent == FLOOR.resolve():
        return "floor"
    return notebook.resolve().relative_to((ROOT / "lessons").resolve()).with_suffix("").as_posix()


#: Targets (issue 38): the medians over the lessons of the first answer and of the browser's CPU per
#: page at most this many times the floor's (a bare one-button page, measured beside each lesson). The
#: worst page's CPU is printed beside its median, not checked.
BROWSER_OVER_FLOOR = 1.2
ANSWER_OVER_FLOOR = 1.3


def import_costs(modules: list[str]) -> list[tuple[str, float, list[tuple[str, float]]]]:
    """Per module: seconds to import it in a fresh interpreter, and its 6 costliest imports."""
    out = []
    for name in modules:
        started = time.perf_counter()
        proc = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {name}"], cwd=ROOT,
                              capture_output=True, text=True, check=True)
        wall = time.perf_counter() - started
        rows = []
        for line in proc.stderr.splitlines():
            m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
            if m and len(m.group(3)) <= 3:  # top-level imports of the module and its direct children
                rows.append((m.group(4), int(m.group(2)) / 1e6))
        rows.sort(key=lambda r: -r[1])
        out.append((name, wall, rows[:6]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*",
                        help="lessons by the start of their name: 03 (English), de/03 (German); default: all")
    parser.add_argument("--rounds", "--repeat", type=int, default=2, help="rounds of every lesson (default 2)")
    parser.add_argument("--throttle", type=float, default=1.0,
                        help="slow the pages' CPU this many times (Emulation.setCPUThrottlingRate; 6: a low-end laptop)")
    parser.add_argument("--progressive", action="store_true",
                        help="open the lessons on a second Voila with progressive rendering"
                             " (VoilaConfiguration.progressive_rendering: each cell's output shows as it runs);"
                             " the floor stays on the usual one")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:] if __name__ == "__main__" else [])
    stop_on_sigterm()

    lessons = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb")) + sorted((ROOT / "lessons" / "de").glob("[0-9][0-9]_*.ipynb"))
    if args.lessons:
        lessons = [p for p in lessons if any(lesson_name(p).startswith(w) for w in args.lessons)]
    if not lessons:
        print("bench_lessons: no lesson matches", " ".join(args.lessons))
        return 1
    h = browser_harness()
    if not h.CHROMIUM.exists():
        print(f"bench_lessons: {h.CHROMIUM} is missing (bash scripts/setup.sh test installs it)")
        return 1
    from playwright.sync_api import sync_playwright

    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {args.rounds} round(s);"
          f" CPU throttled {args.throttle:g}x; the floor: {BARE.relative_to(ROOT)}, measured before every lesson")
    voila = h.VoilaServer(name="bench").start(timeout=300)
    served = voila  # the lessons' server
    others: tuple[int, ...] = ()  # with two servers, each page's browser CPU leaves out the other
    if args.progressive:
        print("the lessons: on a Voila with progressive rendering; the floor: on the usual one")
        served = h.VoilaServer(name="bench-progressive",
                               args=("--VoilaConfiguration.progressive_rendering=True",)).start(timeout=300)
        others = (voila.process.pid, served.process.pid)
    rounds: list[list[tuple[dict[str, Any], dict[str, Any]]]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(h.CHROMIUM), args=h.CHROMIUM_ARGS, headless=True)
            measure_lesson(h, browser, voila, BARE, others=others)  # warm the disk cache and the kernel spec
            if served is not voila:
                measure_lesson(h, browser, served, BARE, others=others)
            for r in range(args.rounds):
                rows = []
                for lesson in lessons:
                    floor = measure_lesson(h, browser, voila, BARE, args.throttle, others)
                    row = measure_lesson(h, browser, served, lesson, args.throttle, others)
                    rows.append((row, floor))
                    print(f"  round {r + 1}: {row['lesson']}: first answer {row['first_answer']:.2f} s (floor"
                          f" {floor['first_answer']:.2f} s), browser CPU {row['browser_cpu']:.2f} s (floor"
                          f" {floor['browser_cpu']:.2f} s), load {row['load']:.1f}", flush=True)
                rounds.append(rows)
            browser.close()
        voila_rss = h.rss_mib(voila.process.pid)
    finally:
        voila.stop()
        served.stop()

    passed = True
    for r, rows in enumerate(rounds):
        print(f"\nround {r + 1}:")
        print(f"{'lesson':<18} {'widgets':>7} {'rendered':>9} {'first answer':>13} {'(floor)':>8} {'ratio':>6} "
              f"{'browser CPU':>12} {'(floor)':>8} {'ratio':>6} {'round trip':>11} {'kernel RSS':>11} {'load':>5}  clicked")
        for row, floor in rows:
            print(f"{row['lesson']:<18} {row['views']:>7} {row['rendered']:>8.2f}s {row['first_answer']:>12.2f}s "
                  f"{floor['first_answer']:>7.2f}s {row['first_answer'] / floor['first_answer']:>6.2f} "
                  f"{row['browser_cpu']:>11.2f}s {floor['browser_cpu']:>7.2f}s "
                  f"{row['browser_cpu'] / floor['browser_cpu']:>6.2f} {row['round_trip'] * 1000:>9.0f}ms "
                  f"{row['kernel_rss']:>8.0f} MiB {row['load']:>5.1f}  {row['via']}")
            for error in row["errors"]:
                print(f"    ERROR on the page: {error[:200]}")
        answer = statistics.median(row["first_answer"] / floor["first_answer"] for row, floor in rows)
        cpu = statistics.median(row["browser_cpu"] / floor["browser_cpu"] for row, floor in rows)
        worst = max(rows, key=lambda rf: rf[0]["browser_cpu"] / rf[1]["browser_cpu"])
        worst_cpu = worst[0]["browser_cpu"] / worst[1]["browser_cpu"]
        failed = [row["lesson"] for row, _ in rows if row["errors"]]
        checks = [(f"round {r + 1}: first answer, median over the lessons, {answer:.2f} x the floor's <= "
                   f"{ANSWER_OVER_FLOOR}", answer <= ANSWER_OVER_FLOOR),
                  (f"round {r + 1}: browser CPU per page, median over the lessons, {cpu:.2f} x the floor's <= "
                   f"{BROWSER_OVER_FLOOR} (the worst page {worst_cpu:.2f} x: {worst[0]['lesson']})",
                   cpu <= BROWSER_OVER_FLOOR),
                  (f"round {r + 1}: no page error or widget failing to start ({', '.join(failed) or 'none'})",
                   not failed)]
        for text, ok in checks:
            print(f"{'PASS' if ok else 'FAIL'}  {text}")
            passed = passed and ok
    print(f"voila server RSS: {voila_rss:.0f} MiB")
    print()
    print("import cost in a fresh interpreter (what every lesson's first cell pays):")
    for name, wall, costly in import_costs(["buraco_core", "buraco_widgets"]):
        print(f"  import {name}: {wall:.2f} s wall (interpreter start included)")
        for mod, secs in costly:
            print(f"      {secs * 1000:7.0f} ms  {mod}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
