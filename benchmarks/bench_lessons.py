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
import statistics
import subprocess
import sys
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


def answer_first_click(page: Any, timeout: float = 120_000) -> tuple[str, float]:
    """Click the first widget that answers through Python once it shows: the first puzzle's Check
    button (the answer: its feedback gets a status), or else the first card (``aria-pressed``).
    Returns what was clicked and when (``time.perf_counter``); the answer has come on return."""
    check = page.locator(".bw-puzzle .bw-check").first
    card = page.locator('[data-testid="card"]:not([disabled])').first
    check.or_(card).first.wait_for(state="visible", timeout=timeout)
    target = "check" if check.is_visible() else "card"
    clicked = time.perf_counter()
    if target == "check":
        check.click()
        page.locator(".bw-puzzle").first.locator(
            '[data-testid="feedback"]:not([data-status=""])').wait_for(state="visible", timeout=timeout)
    else:
        card.click()
        page.wait_for_function("(el) => el.getAttribute('aria-pressed') === 'true'",
                               arg=card.element_handle(), timeout=timeout)
    return target, clicked


def measure_lesson(h: Any, browser: Any, voila: Any, lesson: Path) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        start = time.perf_counter()
        response = page.goto(voila.render_url(lesson), timeout=120_000)
        assert response is not None and response.ok, f"{lesson.name}: HTTP {response and response.status}"
        page.wait_for_function("() => { const c = document.querySelector('#rendered_cells');"
                               " return c && getComputedStyle(c).display !== 'none'; }", timeout=120_000)
        rendered = time.perf_counter() - start
        views = h.widget_outputs(response.text())
        target, clicked = answer_first_click(page)
        answered = time.perf_counter()
        kid = h.kernel_id(page)
        pid = voila.kernel_pids().get(kid)
        rss = h.rss_mib(pid) if pid else float("nan")
        return {"lesson": lesson.stem, "views": views, "rendered": rendered, "first_answer": answered - start,
                "round_trip": answered - clicked, "kernel_rss": rss, "via": target}
    finally:
        page.goto("about:blank")  # the tab-close beacon frees the kernel
        context.close()


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson stems or NN prefixes (default: all)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per lesson (the median is shown)")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:] if __name__ == "__main__" else [])

    lessons = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
    if args.lessons:
        lessons = [p for p in lessons if any(p.stem.startswith(w) for w in args.lessons)]
    if not lessons:
        print("bench_lessons: no lesson matches", " ".join(args.lessons))
        return
    h = browser_harness()
    if not h.CHROMIUM.exists():
        print(f"bench_lessons: {h.CHROMIUM} is missing (bash scripts/setup.sh test installs it)")
        return
    from playwright.sync_api import sync_playwright

    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {args.repeat} run(s) per lesson")
    voila = h.VoilaServer(name="bench").start()
    results = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(h.CHROMIUM), args=h.CHROMIUM_ARGS, headless=True)
            measure_lesson(h, browser, voila, lessons[0])  # warm the disk cache and the kernel spec
            for lesson in lessons:
                runs = [measure_lesson(h, browser, voila, lesson) for _ in range(args.repeat)]
                row = dict(runs[0])
                for key in ("rendered", "first_answer", "round_trip", "kernel_rss"):
                    row[key] = statistics.median(r[key] for r in runs)
                results.append(row)
                print(f"  {row['lesson']}: first answer {row['first_answer']:.2f} s", flush=True)
            browser.close()
        voila_rss = h.rss_mib(voila.process.pid)
    finally:
        voila.stop()

    print()
    print(f"{'lesson':<16} {'widgets':>7} {'rendered':>9} {'first answer':>13} {'round trip':>11} "
          f"{'kernel RSS':>11}  clicked")
    for r in results:
        print(f"{r['lesson']:<16} {r['views']:>7} {r['rendered']:>8.2f}s {r['first_answer']:>12.2f}s "
              f"{r['round_trip'] * 1000:>9.0f}ms {r['kernel_rss']:>8.0f} MiB  {r['via']}")
    if results:
        print(f"{'max':<16} {'':>7} {max(r['rendered'] for r in results):>8.2f}s "
              f"{max(r['first_answer'] for r in results):>12.2f}s "
              f"{max(r['round_trip'] for r in results) * 1000:>9.0f}ms "
              f"{max(r['kernel_rss'] for r in results):>8.0f} MiB")
    print(f"voila server RSS: {voila_rss:.0f} MiB")
    print()
    print("import cost in a fresh interpreter (what every lesson's first cell pays):")
    for name, wall, rows in import_costs(["buraco_core", "buraco_widgets"]):
        print(f"  import {name}: {wall:.2f} s wall (interpreter start included)")
        for mod, secs in rows:
            print(f"      {secs * 1000:7.0f} ms  {mod}")


if __name__ == "__main__":
    main()
