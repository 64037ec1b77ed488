"""The static site (``make site``, issue 16): its size, how fast a lesson becomes interactive with
Python in the browser, what one plain static server does for a class, and the bots' decision times
in WebAssembly.

- ``size``: the site on disk (target: at most 40 MB).
- ``visits``: per lesson, in headless Chromium against ``python -m http.server``, the seconds from
  ``page.goto`` to the first widget answering a click (the first puzzle's Check, a round trip to the
  browser's Python; bench_lessons.py's measure): a ``first`` visit (a fresh browser profile: nothing
  cached, no service worker; target: at most 8 s), a ``repeat`` visit of the same lesson and a
  ``second`` lesson opened after it (both cached; target: at most 3 s). Also the requests and bytes the
  server sent for the first visit.
- ``clients``: every file that a lesson's first visit fetched from the server (read from the server's
  own log), fetched by ``--clients`` concurrent clients at the same moment from one fresh plain
  static server, six connections each like a browser (target: 30 clients all done within 10 s). The
  Python of each learner runs in the learner's browser, so this is all a server does for a class.
- ``bots``: hands played in the site's own Pyodide (WebAssembly, in Chromium), the timed bots in
  seats 0 and 2 against greedy bots; every ``choose`` timed: median, 95th percentile, maximum
  (target: median under 1 s where ``TARGETS`` names one). A bot is a name of
  ``buraco_core.bots.BOTS`` or ``module:callable`` (called with a seed, giving an object with
  ``choose(view)``), e.g. ``--bots mc,coach=buraco_core.coach:make_coach``; add it to ``TARGETS``.

Run: ``.venv/bin/python benchmarks/bench_site.py [lesson-stem ...] [--repeat N] [--only visits,...]``
(or ``make bench``). Builds the site first when its inputs changed. Needs /usr/bin/chromium and the
site's build environment (``bash scripts/setup.sh site``). Figures vary with the machine's load
(printed). Exit status 0 when every target that was measured passes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lessons import answer_first_click, browser_harness  # noqa: E402

SECTIONS = ("size", "visits", "clients", "bots")
SIZE_MB = 40
FIRST_S = 8.0
CACHED_S = 3.0
CLIENTS_S = 10.0
#: Median decision time (seconds) each bot must keep in WebAssembly: they answer a learner's play.
TARGETS = {"mc": 1.0, "coach": 1.0}

#: Runs in the site's Pyodide: plays hands with the timed bots and prints one JSON line per bot.
BOTS_SCRIPT = """
import functools, importlib, json, statistics, time
from buraco_core.game import Game
from buraco_core.bots import make_bot, play_hand

def factory(spec):
    if ":" in spec:
        module, attr = spec.split(":", 1)
        return getattr(importlib.import_module(module), attr)
    return lambda seed: make_bot(spec, seed)

def timed(bot, times):
    inner = bot.choose
    @functools.wraps(inner)  # keeps its signature: play_hand looks for a referee parameter
    def choose(*args, **kwargs):
        started = time.perf_counter()
        action = inner(*args, **kwargs)
        times.append(time.perf_counter() - started)
        return action
    bot.choose = choose
    return bot

for label, spec in SPECS:
    make, times, started = factory(spec), [], time.perf_counter()
    for deal in range(HANDS):
        bots = [timed(make(deal * 10 + s), times) if s in (0, 2) else make_bot("greedy", deal * 10 + s)
                for s in range(4)]
        play_hand(Game(RULES, players=4, seed=deal), bots)
    times.sort()
    print(json.dumps({"bot": label, "decisions": len(times), "median": statistics.median(times),
                      "p95": times[min(len(times) - 1, int(0.95 * len(times)))], "max": times[-1],
                      "seconds": time.perf_counter() - started}))
"""


def site_size(site: Path) -> tuple[float, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6, len(files)


def served_since(server: Any, offset: int) -> tuple[list[str], int]:
    """The paths the static server answered with 200 since ``offset`` bytes of its log, and the new offset."""
    text = server.log_path.read_text(errors="replace")
    paths = re.findall(r'"GET (\S+) HTTP/[\d.]+" 200 ', text[offset:])
    return paths, len(text)


def visit(page: Any, url: str) -> float:
    started = time.perf_counter()
    page.goto(url, timeout=120_000)
    answer_first_click(page)
    return time.perf_counter() - started


def measure_visits(h: Any, browser: Any, server: Any, lessons: list[Path], repeat: int) -> tuple[list[dict[str, Any]], list[str]]:
    """First, repeat and second-lesson visits per lesson; also the paths of one first visit."""
    rows = []
    first_paths: list[str] = []
    for i, lesson in enumerate(lessons):
        other = lessons[(i + 1) % len(lessons)] if len(lessons) > 1 else lesson
        runs: dict[str, list[float]] = {"first": [], "repeat": [], "second": []}
        requests = sent = 0
        for _ in range(repeat):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            try:
                _, offset = served_since(server, 0)
                runs["first"].append(visit(page, f"{server.url}/{h.site_page_path(lesson)}"))
                time.sleep(0.5)  # the log is written after the response
                paths, _ = served_since(server, offset)
                requests = len(paths)
                sent = sum((server.root / p.split("?")[0].lstrip("/")).stat().st_size for p in paths
                           if (server.root / p.split("?")[0].lstrip("/")).is_file())
                if not first_paths:
                    first_paths = paths
                runs["repeat"].append(visit(page, f"{server.url}/{h.site_page_path(lesson)}"))
                runs["second"].append(visit(page, f"{server.url}/{h.site_page_path(other)}"))
            finally:
                context.close()
        row = {k: statistics.median(v) for k, v in runs.items()}
        row.update(lesson=lesson.stem, second_lesson=other.stem, requests=requests, mb=sent / 1e6)
        rows.append(row)
        print(f"  {lesson.stem}: first {row['first']:.2f} s, repeat {row['repeat']:.2f} s, "
              f"then {other.stem} {row['second']:.2f} s", flush=True)
    return rows, first_paths


async def _client(port: int, paths: list[str], connections: int) -> int:
    """One learner's browser: ``paths`` over ``connections`` parallel HTTP/1.0 connections; bytes read."""
    queue: asyncio.Queue[str] = asyncio.Queue()
    for p in paths:
        queue.put_nowait(p)
    total = 0

    async def worker() -> None:
        nonlocal total
        while not queue.empty():
            path = queue.get_nowait()
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
            await writer.drain()
            status = (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n", 1)[0].decode()
            if " 200 " not in status:
                raise RuntimeError(f"{path}: {status}")
            while chunk := await reader.read(1 << 16):
                total += len(chunk)
            writer.close()

    await asyncio.gather(*(worker() for _ in range(connections)))
    return total


def measure_clients(h: Any, site: Path, paths: list[str], clients: int, launcher: bool) -> tuple[float, float]:
    """Seconds until ``clients`` concurrent clients all fetched ``paths`` from a fresh plain server (the
    site's serve.py, or ``python -m http.server``); MB sent."""
    server = h.StaticServer(site, name="bench-clients", launcher=launcher).start()
    try:
        async def everyone() -> list[int]:
            return await asyncio.gather(*(_client(server.port, paths, 6) for _ in range(clients)))

        started = time.perf_counter()
        sizes = asyncio.run(everyone())
        return time.perf_counter() - started, sum(sizes) / 1e6
    finally:
        server.stop()


def measure_bots(h: Any, browser: Any, server: Any, specs: list[tuple[str, str]], hands: int,
                 rules: str) -> list[dict[str, Any]]:
    context = browser.new_context()
    page = context.new_page()
    try:
        code = f"SPECS = {specs!r}\nHANDS = {hands!r}\nRULES = {rules!r}\n" + BOTS_SCRIPT
        out = h.run_site_python(page, server.url, code)
    finally:
        context.close()
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def parse_bots(text: str) -> list[tuple[str, str]]:
    """``mc,coach=buraco_core.coach:make_coach`` as [(label, spec), ...]."""
    out = []
    for item in filter(None, (t.strip() for t in text.split(","))):
        label, _, spec = item.partition("=")
        out.append((label, spec or label))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson stems or NN prefixes (default: all)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per lesson (medians shown)")
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"sections to run: {','.join(SECTIONS)}")
    parser.add_argument("--clients", type=int, default=30, help="concurrent clients of one static server")
    parser.add_argument("--bots", default="random,greedy,mc", help="bots to time in WebAssembly (see above)")
    parser.add_argument("--hands", type=int, default=2, help="hands per timed bot")
    parser.add_argument("--rules", default="buraco", help="the ruleset of the bots' hands")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:] if __name__ == "__main__" else [])
    only = set(args.only.split(","))
    unknown = only - set(SECTIONS)
    if unknown:
        parser.error(f"no section {', '.join(sorted(unknown))}: choose from {', '.join(SECTIONS)}")

    h = browser_harness()
    if not h.CHROMIUM.exists():
        print(f"bench_site: {h.CHROMIUM} is missing (bash scripts/setup.sh test installs it)")
        return 1
    lessons = h.site_lessons()
    if args.lessons:
        lessons = [p for p in lessons if any(p.stem.startswith(w) for w in args.lessons)]
    site = h.build_site()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {args.repeat} run(s) per lesson")
    verdicts: list[tuple[str, bool]] = []

    if "size" in only:
        mb, files = site_size(site)
        print(f"\nsite: {mb:.1f} MB in {files} files (target: at most {SIZE_MB} MB)")
        verdicts.append((f"site size {mb:.1f} MB <= {SIZE_MB} MB", mb <= SIZE_MB))

    from playwright.sync_api import sync_playwright

    os.environ[h.SERVICE_WORKER_EVENTS] = "1"
    server = h.StaticServer(site, name="bench").start()
    first_paths: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(h.CHROMIUM), args=h.CHROMIUM_ARGS, headless=True)
            if ("visits" in only or "clients" in only) and lessons:
                print("\nvisits (seconds from opening the page to the first widget answering a click):")
                rows, first_paths = measure_visits(h, browser, server, lessons if "visits" in only else lessons[:1],
                                                   args.repeat if "visits" in only else 1)
                if "visits" in only:
                    print(f"\n{'lesson':<16} {'first':>7} {'repeat':>7} {'second':>7}  second lesson   "
                          f"{'requests':>8} {'MB sent':>8}")
                    for r in rows:
                        print(f"{r['lesson']:<16} {r['first']:>6.2f}s {r['repeat']:>6.2f}s {r['second']:>6.2f}s  "
                              f"{r['second_lesson']:<15} {r['requests']:>8} {r['mb']:>8.1f}")
                    worst_first = max(r["first"] for r in rows)
                    worst_cached = max(max(r["repeat"], r["second"]) for r in rows)
                    print(f"{'max':<16} {worst_first:>6.2f}s {max(r['repeat'] for r in rows):>6.2f}s "
                          f"{max(r['second'] for r in rows):>6.2f}s")
                    verdicts.append((f"first visit {worst_first:.2f} s <= {FIRST_S} s", worst_first <= FIRST_S))
                    verdicts.append((f"cached visit {worst_cached:.2f} s <= {CACHED_S} s", worst_cached <= CACHED_S))
            if "bots" in only:
                specs = parse_bots(args.bots)
                print(f"\nbots in WebAssembly ({args.hands} hand(s) each of {args.rules}, seats 0 and 2 timed):")
                print(f"{'bot':<10} {'decisions':>9} {'median':>9} {'p95':>9} {'max':>9} {'hands took':>11}")
                for r in measure_bots(h, browser, server, specs, args.hands, args.rules):
                    print(f"{r['bot']:<10} {r['decisions']:>9} {r['median'] * 1000:>7.1f}ms {r['p95'] * 1000:>7.1f}ms "
                          f"{r['max'] * 1000:>7.1f}ms {r['seconds']:>10.1f}s")
                    if r["bot"] in TARGETS:
                        target = TARGETS[r["bot"]]
                        verdicts.append((f"{r['bot']} median decision {r['median']:.3f} s < {target} s",
                                         r["median"] < target))
            browser.close()
    finally:
        server.stop()

    if "clients" in only and first_paths:
        print(f"\n{args.clients} clients x {len(first_paths)} files of a first visit, all at once, 6 connections each:")
        for launcher, label in ((True, "serve.py (the site's launcher)"), (False, "python -m http.server")):
            try:
                seconds, mb = measure_clients(h, site, first_paths, args.clients, launcher)
            except (OSError, RuntimeError) as e:  # the standard server's queue of 5 refuses a class
                print(f"  {label}: failed: {e!r}")
                if launcher:
                    verdicts.append((f"{args.clients} clients from {label}", False))
                continue
            print(f"  {label}: all done in {seconds:.2f} s ({mb:.0f} MB sent)")
            if launcher and args.clients >= 30:
                verdicts.append((f"{args.clients} clients from {label} in {seconds:.2f} s <= {CLIENTS_S} s",
                                 seconds <= CLIENTS_S))

    print()
    for text, ok in verdicts:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
