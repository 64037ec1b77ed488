"""The static site (``make site``, issues 16 and 25): its size, how fast a lesson becomes interactive
with Python in the browser, against a floor measured in the same run, what one plain static server
does for a class, and the bots' and the coach's decision times in WebAssembly.

- ``size``: the site on disk (target: at most 36 MB) and what its pages repeat: the bytes of each
  inline ``<style>``/``<script>`` block that several pages carry alike.
- ``visits``: per page, in headless Chromium against ``python -m http.server``, the seconds from
  ``page.goto`` to the first widget answering a click (the first puzzle's Check, a round trip to the
  browser's Python; bench_lessons.py's measure): a ``first`` visit (a fresh browser profile: nothing
  cached, no service worker; target: at most 6 s), a ``repeat`` visit of the same page and a
  ``second`` page opened after it (both cached; targets: at most 2.5 s, and at most 0.5 s more than
  the floor's). Also the requests and bytes the server sent for the first visit.
  The **floor** is the same build of two bare one-button ipywidgets notebooks
  (``benchmarks/floor/``, ``build_site.py --floor``: the same Pyodide, kernel and template, without
  the course's packages and without the kernel's memory snapshot: its kernel starts the normal way),
  measured in the same run, round by round with the course, so that the
  figures carry over to another machine. ``--compare label=DIR,...`` measures other builds in the
  same rounds (an older commit's site, built the same way into DIR), visits only.
- ``trace``: one repeat visit per site recorded as a Chromium performance trace: the CPU time of each
  thread (the page, the kernel's web worker, the service worker) and the costliest kinds of work.
- ``clients``: every file that a lesson's first visit fetched from the server (read from the server's
  own log), fetched by ``--clients`` concurrent clients at the same moment from one fresh plain
  static server, six connections each like a browser (target: 30 clients all done within 10 s). The
  Python of each learner runs in the learner's browser, so this is all a server does for a class.
- ``bots``: hands played in the site's own Pyodide (WebAssembly, in Chromium), the timed bots in
  seats 0 and 2 against greedy bots; every ``choose`` timed: median, 95th percentile, maximum
  (targets in ``TARGETS``: the Monte-Carlo bot and the coach, median at most 1 s, the coach's 95th
  percentile at most 3 s). A bot is a name of ``buraco_core.bots.BOTS`` or ``label=module:callable``
  (called with a seed, giving an object with ``choose(view)``).

Every measured figure is printed for each of ``--rounds`` rounds (2), beside the floor's of the same
round and the load average when the round began.

Run: ``.venv/bin/python benchmarks/bench_site.py [lesson-stem ...] [--rounds N] [--only visits,...]``
(or ``make bench``). Builds the site and the floor first when their inputs changed. Needs
/usr/bin/chromium and the site's build environment (``bash scripts/setup.sh site``). Exit status 0
when every target that was measured passes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lessons import answer_first_click, browser_cpu, browser_harness, stop_on_sigterm  # noqa: E402

SECTIONS = ("size", "visits", "trace", "clients", "bots")
DEFAULT_SECTIONS = ("size", "visits", "clients", "bots")
SIZE_MB = 36
FIRST_S = 6.0
CACHED_S = 2.5
#: A cached visit of a lesson may take at most this much longer than the floor's in the same round.
CACHED_OVER_FLOOR_S = 0.5
CLIENTS_S = 10.0
#: Decision times (seconds) each bot must keep in WebAssembly: (median, 95th percentile or None).
TARGETS: dict[str, tuple[float, float | None]] = {"mc": (1.0, None), "coach": (1.0, 3.0)}
DEFAULT_BOTS = "random,greedy,mc,coach=buraco_core.coach:CoachBot"
#: Where the floor (build_site.py --floor) is built.
FLOOR_SITE = ROOT / ".cache" / "site-floor"

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


def load() -> float:
    return os.getloadavg()[0]


def site_size(site: Path) -> tuple[float, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6, len(files)


INLINE = re.compile(r"<(style|script)\b[^>]*>(.*?)</\1>", re.S)


def repeated_blocks(site: Path, smallest: int = 2000) -> list[tuple[str, int, int]]:
    """What the site's HTML pages repeat: per inline block of at least ``smallest`` bytes that more
    than one page carries byte for byte, (its start, bytes, pages)."""
    seen: Counter[str] = Counter()
    for page in site.rglob("*.html"):
        for m in INLINE.finditer(page.read_text(errors="replace")):
            if len(m.group(2)) >= smallest:
                seen[m.group(0)] += 1
    rows = [(" ".join(block[:70].split()), len(block.encode()), n) for block, n in seen.items() if n > 1]
    return sorted(rows, key=lambda r: -r[1] * r[2])


def build_floor() -> Path:
    """The floor: ``build_site.py --floor`` into .cache/site-floor (skipped when its inputs are unchanged)."""
    subprocess.run([str(ROOT / ".venv-site" / "bin" / "python"), str(ROOT / "scripts" / "build_site.py"),
                    "--floor", "--if-changed", "--out", str(FLOOR_SITE)], cwd=ROOT, check=True,
                   stdin=subprocess.DEVNULL)
    return FLOOR_SITE


@dataclass
class Site:
    """A built site and the pages measured on it: (name, path under the site) in visiting order."""

    label: str
    root: Path
    pages: list[tuple[str, str]]
    server: Any = None
    #: per round: page -> {"first", "repeat", "second", "requests", "mb", "load"}
    rounds: list[dict[str, dict[str, float]]] = field(default_factory=list)


def course_pages(root: Path, lessons: list[Path]) -> list[tuple[str, str]]:
    """The lessons' pages that the site at ``root`` has (an older build may lack the German ones)."""
    h = browser_harness()
    out = []
    for lesson in lessons:
        path = h.site_page_path(lesson)
        if (root / path).is_file():
            out.append((page_name(lesson), path))
    return out


def page_name(lesson: Path) -> str:
    """A lesson's name in the tables: its path under lessons/ without .ipynb (``03_buracos``, ``de/03_buracos``)."""
    return lesson.relative_to(ROOT / "lessons").with_suffix("").as_posix()


def served_since(server: Any, offset: int) -> tuple[list[str], int]:
    """The paths the static server answered with 200 since ``offset`` bytes of its log, and the new offset."""
    text = server.log_path.read_text(errors="replace")
    paths = re.findall(r'"GET (\S+) HTTP/[\d.]+" 200 ', text[offset:])
    return paths, len(text)


#: The pids of the static servers this run started (their CPU is not the browser's).
SERVERS: list[int] = []


def visit(page: Any, url: str) -> tuple[float, float]:
    """Seconds from opening ``url`` to the first widget answering a click, and the browser's CPU
    seconds meanwhile (every Chromium process: the page, its workers, the service worker)."""
    cpu = browser_cpu(*SERVERS)
    started = time.perf_counter()
    page.goto(url, timeout=120_000)
    answer_first_click(page)
    return time.perf_counter() - started, browser_cpu(*SERVERS) - cpu


def measure_page(browser: Any, site: Site, i: int) -> tuple[dict[str, float], list[str]]:
    """A first visit of page ``i`` in a fresh profile, then its repeat visit and the next page; and the
    paths the first visit fetched."""
    path = site.pages[i][1]
    other = site.pages[(i + 1) % len(site.pages)][1]
    server = site.server
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    row: dict[str, float] = {"load": load()}
    try:
        _, offset = served_since(server, 0)
        row["first"], row["first_cpu"] = visit(page, f"{server.url}/{path}")
        time.sleep(0.5)  # the log is written after the response
        paths, _ = served_since(server, offset)
        row["requests"] = len(paths)
        files = [server.root / p.split("?")[0].lstrip("/") for p in paths]
        row["mb"] = sum(f.stat().st_size for f in files if f.is_file()) / 1e6
        row["repeat"], row["repeat_cpu"] = visit(page, f"{server.url}/{path}")
        row["second"], row["second_cpu"] = visit(page, f"{server.url}/{other}")
    finally:
        context.close()
    return row, paths


def median_of(site: Site, rnd: int, key: str) -> float:
    return statistics.median(r[key] for r in site.rounds[rnd].values())


def measure_visits(browser: Any, sites: list[Site], rounds: int) -> list[str]:
    """Every page of every site, round after round (the sites alternate within a round, so a change
    of the machine's load touches them alike); the paths of the course's first visit."""
    first_paths: list[str] = []
    for rnd in range(rounds):
        print(f"\nround {rnd + 1} of {rounds} (load average {load():.1f}):", flush=True)
        for site in sites:
            site.rounds.append({})
        for i in range(max(len(s.pages) for s in sites)):
            for site in sites:
                if i >= len(site.pages):
                    continue
                row, paths = measure_page(browser, site, i)
                site.rounds[rnd][site.pages[i][0]] = row
                if site.label == "course" and not first_paths:
                    first_paths = paths
                print(f"  {site.label:<10} {site.pages[i][0]:<16} first {row['first']:5.2f} s, repeat "
                      f"{row['repeat']:5.2f} s, second {row['second']:5.2f} s; browser CPU {row['first_cpu']:5.2f},"
                      f" {row['repeat_cpu']:5.2f}, {row['second_cpu']:5.2f} s (load {row['load']:.1f})", flush=True)
    return first_paths


def print_visits(sites: list[Site], floor: Site | None, rounds: int) -> list[tuple[str, bool]]:
    """The per-page table of every round, the medians beside the floor's, and the verdicts."""
    verdicts: list[tuple[str, bool]] = []
    for site in sites:
        print(f"\n{site.label} ({site.root}):")
        print(f"{'page':<16} " + " ".join(f"{'first':>6} {'repeat':>6} {'second':>6} {'load':>5} |" for _ in range(rounds))
              + f" {'requests':>8} {'MB sent':>8}")
        for name, _ in site.pages:
            cells = [site.rounds[r].get(name) for r in range(rounds)]
            line = f"{name:<16} "
            for c in cells:
                line += (f"{c['first']:>5.2f}s {c['repeat']:>5.2f}s {c['second']:>5.2f}s {c['load']:>5.1f} |" if c
                         else f"{'':>29}|")
            last = next(c for c in reversed(cells) if c)
            print(line + f" {last['requests']:>8.0f} {last['mb']:>8.1f}")
    print("\nmedians over the pages, round by round, beside the floor's of the same round (wall seconds; the"
          " browser's CPU seconds in brackets):")
    print(f"{'site':<10} {'round':>5} {'first':>14} {'repeat':>14} {'second':>14}   {'floor first':>14} "
          f"{'floor repeat':>14} {'floor second':>14}   {'repeat-floor':>12} {'second-floor':>12}")

    def cell(site: Site, r: int, key: str) -> str:
        return f"{median_of(site, r, key):6.2f}s ({median_of(site, r, key + '_cpu'):5.2f})"

    for site in sites:
        for r in range(rounds):
            line = f"{site.label:<10} {r + 1:>5} " + " ".join(cell(site, r, k) for k in ("first", "repeat", "second"))
            if floor is not None and site is not floor:
                line += "   " + " ".join(cell(floor, r, k) for k in ("first", "repeat", "second"))
                line += "".join(f"   {median_of(site, r, k) - median_of(floor, r, k):>+11.2f}s" for k in ("repeat", "second"))
            print(line)
    course = next((s for s in sites if s.label == "course"), None)
    if course is None:
        return verdicts
    for r in range(rounds):
        worst_first = max(c["first"] for c in course.rounds[r].values())
        worst_cached = max(max(c["repeat"], c["second"]) for c in course.rounds[r].values())
        verdicts.append((f"round {r + 1}: first visit {worst_first:.2f} s <= {FIRST_S} s", worst_first <= FIRST_S))
        verdicts.append((f"round {r + 1}: cached visit {worst_cached:.2f} s <= {CACHED_S} s", worst_cached <= CACHED_S))
        if floor is not None:
            gap = max(median_of(course, r, k) - median_of(floor, r, k) for k in ("repeat", "second"))
            verdicts.append((f"round {r + 1}: cached visit {gap:+.2f} s over the floor's <= {CACHED_OVER_FLOOR_S} s",
                             gap <= CACHED_OVER_FLOOR_S))
    return verdicts


# -- where a repeat visit's time goes -------------------------------------------------------------

TRACE_CATEGORIES = ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline", "blink.user_timing",
                    "v8"]


def trace_repeat_visit(browser: Any, site: Site) -> dict[str, Any]:
    """A repeat visit of the site's first page, recorded as a Chromium trace and summed up: per thread
    its CPU seconds (the top-level tasks' thread time), and the costliest kinds of work."""
    name, path = site.pages[0]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        visit(page, f"{site.server.url}/{path}")
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        wall, _ = visit(page, f"{site.server.url}/{path}")
        raw = browser.stop_tracing()
    finally:
        context.close()
    events = json.loads(raw)
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    busy: dict[str, float] = defaultdict(float)
    kinds: dict[str, float] = defaultdict(float)
    for e in events:
        if e.get("ph") != "X" or "dur" not in e:
            continue
        thread = names.get((e["pid"], e["tid"]), "?")
        if e.get("name") in ("RunTask", "ThreadControllerImpl::RunTask"):
            busy[thread] += e.get("tdur", e["dur"]) / 1e6
        elif e.get("name") in ("FunctionCall", "EvaluateScript", "v8.compile", "v8.compileModule", "ParseHTML",
                               "UpdateLayoutTree", "Layout", "Paint", "MajorGC", "MinorGC", "v8.wasm.compiledModule",
                               "v8.wasm.streamFromResponseCallback", "ResourceReceivedData", "v8.evaluateModule",
                               "RunMicrotasks", "TimerFire", "EventDispatch", "ParseAuthorStyleSheet"):
            kinds[f"{thread}: {e['name']}"] += e.get("tdur", e["dur"]) / 1e6
    return {"page": name, "wall": wall, "busy": dict(busy), "kinds": dict(kinds)}


def print_trace(site: Site, trace: dict[str, Any]) -> None:
    print(f"\n{site.label}: a repeat visit of {trace['page']} took {trace['wall']:.2f} s (load {load():.1f}); "
          "CPU seconds per thread (top-level tasks):")
    for thread, secs in sorted(trace["busy"].items(), key=lambda kv: -kv[1])[:6]:
        print(f"  {secs:6.2f} s  {thread}")
    print("  the costliest kinds of work (nested inside those tasks, so they overlap):")
    for kind, secs in sorted(trace["kinds"].items(), key=lambda kv: -kv[1])[:10]:
        print(f"    {secs:6.2f} s  {kind}")


# -- a class fetching the files --------------------------------------------------------------------

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


# -- the bots in WebAssembly -----------------------------------------------------------------------

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
    """``mc,coach=buraco_core.coach:CoachBot`` as [(label, spec), ...]."""
    out = []
    for item in filter(None, (t.strip() for t in text.split(","))):
        label, _, spec = item.partition("=")
        out.append((label, spec or label))
    return out


def parse_compare(text: str) -> list[tuple[str, Path]]:
    out = []
    for item in filter(None, (t.strip() for t in text.split(","))):
        label, _, folder = item.partition("=")
        if not folder or not (Path(folder) / "index.html").is_file():
            raise SystemExit(f"bench_site: --compare takes label=DIR with a built site in DIR, not {item!r}")
        out.append((label, Path(folder).resolve()))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*",
                        help="lessons by the start of their name: 03 (English), de/03 (German); default: all")
    parser.add_argument("--rounds", "--repeat", type=int, default=2, help="rounds of every measure (default 2)")
    parser.add_argument("--only", default=",".join(DEFAULT_SECTIONS),
                        help=f"sections to run: {','.join(SECTIONS)} (default {','.join(DEFAULT_SECTIONS)})")
    parser.add_argument("--no-floor", action="store_true", help="measure no floor (the figures lose their yardstick)")
    parser.add_argument("--compare", default="", help="label=DIR,...: other built sites to visit in the same rounds")
    parser.add_argument("--clients", type=int, default=30, help="concurrent clients of one static server")
    parser.add_argument("--bots", default=DEFAULT_BOTS, help="bots to time in WebAssembly (see above)")
    parser.add_argument("--hands", type=int, default=2, help="hands per timed bot")
    parser.add_argument("--rules", default="buraco", help="the ruleset of the bots' hands")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:] if __name__ == "__main__" else [])
    stop_on_sigterm()
    only = set(args.only.split(","))
    unknown = only - set(SECTIONS)
    if unknown:
        parser.error(f"no section {', '.join(sorted(unknown))}: choose from {', '.join(SECTIONS)}")
    compare = parse_compare(args.compare)

    h = browser_harness()
    if not h.CHROMIUM.exists():
        print(f"bench_site: {h.CHROMIUM} is missing (bash scripts/setup.sh test installs it)")
        return 1
    lessons = h.site_lessons()
    if args.lessons:  # "03" is the English lesson 03, "de/03" the German one
        lessons = [p for p in lessons if any(page_name(p).startswith(w) for w in args.lessons)]
    site_root = h.build_site()
    use_floor = not args.no_floor and bool({"visits", "trace"} & only)
    floor_root = build_floor() if use_floor else None
    print(f"machine: {os.cpu_count()} cores, load average {load():.1f}; {args.rounds} round(s)")
    verdicts: list[tuple[str, bool]] = []

    if "size" in only:
        mb, files = site_size(site_root)
        print(f"\nsite: {mb:.1f} MB in {files} files (target: at most {SIZE_MB} MB)")
        verdicts.append((f"site size {mb:.1f} MB <= {SIZE_MB} MB", mb <= SIZE_MB))
        pages = sum(1 for _ in (site_root / "voici").rglob("*.html"))
        blocks = repeated_blocks(site_root)
        print(f"what the {pages} HTML pages repeat (inline blocks carried alike by several pages):")
        for start, size, n in blocks[:6]:
            print(f"  {size / 1e3:7.1f} KB x {n:>2} pages = {size * n / 1e6:5.2f} MB  {start}")
        print(f"  in all {sum(s * (n - 1) for _, s, n in blocks) / 1e6:.2f} MB repeated")

    from playwright.sync_api import sync_playwright

    course = Site("course", site_root, course_pages(site_root, lessons))
    floor = (Site("floor", floor_root, [(p.stem, f"voici/render/{p.stem}.html")
                                        for p in sorted(h.ROOT.joinpath("benchmarks", "floor").glob("*.ipynb"))])
             if floor_root else None)
    others = [Site(label, folder, course_pages(folder, lessons)) for label, folder in compare]
    sites = [s for s in (floor, course, *others) if s is not None and s.pages]
    for site in sites:
        site.server = h.StaticServer(site.root, name=f"bench-{site.label}").start()
        SERVERS.append(site.server.process.pid)
    first_paths: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(h.CHROMIUM), args=h.CHROMIUM_ARGS, headless=True)
            if "visits" in only:
                print("\nvisits (seconds from opening the page to the first widget answering a click):")
                first_paths = measure_visits(browser, sites, args.rounds)
                verdicts += print_visits(sites, floor, args.rounds)
            elif "clients" in only and course.pages:
                _, first_paths = measure_page(browser, course, 0)
            if "trace" in only:
                for site in sites:
                    for _ in range(args.rounds):
                        print_trace(site, trace_repeat_visit(browser, site))
            if "bots" in only:
                specs = parse_bots(args.bots)
                for r in range(args.rounds):
                    print(f"\nbots in WebAssembly, round {r + 1} ({args.hands} hand(s) each of {args.rules}, seats 0 and"
                          f" 2 timed; load average {load():.1f}):")
                    print(f"{'bot':<10} {'decisions':>9} {'median':>9} {'p95':>9} {'max':>9} {'hands took':>11}")
                    for row in measure_bots(h, browser, course.server, specs, args.hands, args.rules):
                        print(f"{row['bot']:<10} {row['decisions']:>9} {row['median'] * 1000:>7.1f}ms "
                              f"{row['p95'] * 1000:>7.1f}ms {row['max'] * 1000:>7.1f}ms {row['seconds']:>10.1f}s")
                        if row["bot"] in TARGETS:
                            median, p95 = TARGETS[row["bot"]]
                            verdicts.append((f"round {r + 1}: {row['bot']} median decision {row['median']:.3f} s"
                                             f" <= {median} s", row["median"] <= median))
                            if p95 is not None:
                                verdicts.append((f"round {r + 1}: {row['bot']} 95th percentile {row['p95']:.3f} s"
                                                 f" <= {p95} s", row["p95"] <= p95))
            browser.close()
    finally:
        for site in sites:
            site.server.stop()

    if "clients" in only and first_paths:
        print(f"\n{args.clients} clients x {len(first_paths)} files of a first visit, all at once, 6 connections each:")
        for launcher, label in ((True, "serve.py (the site's launcher)"), (False, "python -m http.server")):
            try:
                seconds, mb = measure_clients(h, site_root, first_paths, args.clients, launcher)
            except (OSError, RuntimeError) as e:  # the standard server's queue of 5 refuses a class
                print(f"  {label}: failed: {e!r}")
                if launcher:
                    verdicts.append((f"{args.clients} clients from {label}", False))
                continue
            print(f"  {label}: all done in {seconds:.2f} s ({mb:.0f} MB sent; load average {load():.1f})")
            if launcher and args.clients >= 30:
                verdicts.append((f"{args.clients} clients from {label} in {seconds:.2f} s <= {CLIENTS_S} s",
                                 seconds <= CLIENTS_S))

    print()
    for text, ok in verdicts:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
