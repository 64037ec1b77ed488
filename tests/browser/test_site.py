"""The whole course as a static site (``make site``): Python runs in the browser (Pyodide), served by a
plain static server (``python -m http.server``), with no request leaving the machine.

The site is built before the tests (``bash scripts/setup.sh test``; ``static_site`` checks that it
is current). For every notebook under lessons/ (recursively): its page shows as many widgets as
Voila shows for it, nothing on the page or in the console is an error (the harmless messages of
Voici are listed in ``KNOWN_CONSOLE``), axe-core finds no WCAG 2 A/AA violation, and a puzzle is
answered by clicking, wrongly then rightly, with the engine's own feedback (the helpers of
test_lessons.py). Also: the kernel's start from the build's memory snapshot (and the normal start
without it), the game against the computer, progress across a reload, the landing
redirect and the links between lessons, a school server's sub-path, the USB stick's launcher, the
pinned Pyodide folder, and the in-browser YAML reader's file:line messages. Screenshots at 1280 and
390 px go to test-artifacts/screenshots/site-*.png.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    BAD_TEXT,
    ROOT,
    StaticServer,
    VoilaServer,
    axe_violations,
    free_port,
    open_site_lesson,
    run_site_python,
    screenshot,
    site_lessons,
    site_page_path,
    voila_views,
)
from .test_lessons import (
    answer_wrong_then_right,
    find_puzzle,
    lesson_language,
    lesson_puzzles,
    solve_then_reload,
    wrong_answer,
)

pytestmark = pytest.mark.browser

LESSONS = site_lessons()

#: Console messages of Voici and JupyterLite that every page logs and that harm nothing, with why. Any
#: other warning or error fails the test.
KNOWN_CONSOLE = {
    r"python3 kernel is not available, fallback to using python":
        "the notebooks name the kernel python3; the site's Pyodide kernel is called python",
    r'Failed to fetch ipywidgets through the "jupyter\.widget\.control" comm channel, fallback to fetching'
    r" individual model state\. Reason: Control comm (did not respond in time|was closed too early)":
        "ipywidgets asks the kernel for the widgets that exist before the first cell runs; the kernel's"
        " profile registers the answer early, but a busy machine can still answer after the 4 s wait",
    r"\[yjs#509\] Not same Y\.Doc":
        "JupyterLite's shared notebook model, which Voici opens only to read the cells",
}


def console_problems(page: Any) -> list[str]:
    """The page's problems (:meth:`PageWatch.problems`) and every warning or error not in KNOWN_CONSOLE."""
    out = page.watch.problems()
    for line in page.watch.console:
        kind, _, text = line.partition(": ")
        if kind in ("warning", "error", "assert") and not any(re.search(p, text) for p in KNOWN_CONSOLE):
            out.append(f"console: {line}")
    return sorted(set(out))


def assert_page_is_clean(page: Any, name: str) -> None:
    body = page.inner_text("body")
    assert not BAD_TEXT.search(body), f"{name}: {BAD_TEXT.search(body)} on the page"
    assert not page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count(), f"{name}: stderr shown"
    assert not page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']").count()
    problems = console_problems(page)
    assert not problems, "\n".join(problems)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("lesson", LESSONS, ids=[p.relative_to(ROOT / "lessons").with_suffix("").as_posix()
                                                 for p in LESSONS])
def test_lesson_works_in_the_browser(site_page: Any, static_site: StaticServer, voila: VoilaServer,
                                     lesson: Path) -> None:
    from buraco_core.teach import solve

    page = site_page
    views = voila_views(voila, lesson)
    assert views > 0, f"{lesson.name} shows no widget in Voila"
    open_site_lesson(page, static_site.url, lesson, views)
    stem = lesson.relative_to(ROOT / "lessons").with_suffix("").as_posix().replace("/", "-")
    screenshot(page, f"site-{stem}")
    assert_page_is_clean(page, lesson.name)
    violations = axe_violations(page)
    assert not violations, f"{lesson.name}: axe-core (WCAG 2 A/AA):\n" + "\n".join(violations)

    if lesson_puzzles(lesson) and lesson.stem[:2].isdigit():
        lang = lesson_language(lesson)
        widget, puzzle = find_puzzle(page, lesson, lang)
        widget.scroll_into_view_if_needed()
        right = solve(puzzle)
        assert right is not None, f"{puzzle.id}: the engine finds no answer"
        answer_wrong_then_right(widget, puzzle, wrong_answer(puzzle, right), right, lang)

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    screenshot(page, f"site-{stem}-390")
    assert_page_is_clean(page, lesson.name)


@pytest.mark.timeout(300)
def test_a_hand_against_the_computer(site_page: Any, static_site: StaticServer, voila: VoilaServer) -> None:
    """Lesson 08's table: draw, discard, and the bots (in the browser's Python) play their turns."""
    lesson = next(p for p in LESSONS if p.name.startswith("08_"))
    page = site_page
    open_site_lesson(page, static_site.url, lesson, voila_views(voila, lesson))
    game = page.locator(".bw-game").first
    game.scroll_into_view_if_needed()
    status = game.locator(".bw-game-status")
    assert "Your turn: draw" in status.inner_text()
    game.locator(".bw-action-draw").click()
    status.filter(has_text="then discard one card").wait_for(timeout=30_000)
    game.locator('[data-testid="hand"] [data-testid="card"]').first.click()
    game.locator(".bw-action-discard").click()
    # the three others play (greedy bots, paced), then it is the learner's turn again
    status.filter(has_text="Your turn: draw").wait_for(timeout=120_000)
    log = game.locator(".bw-game-log").inner_text()
    for seat in (1, 2, 3):
        assert f"(seat {seat}) discards the" in log, f"seat {seat} did not play its turn:\n{log}"
    game.locator(".bw-action-suggest").click()
    game.locator(".bw-advice").first.wait_for(timeout=60_000)  # the coach's play and its reasons
    screenshot(page, "site-08-game")
    assert_page_is_clean(page, lesson.name)


@pytest.mark.timeout(300)
def test_progress_survives_a_reload(site_page: Any, static_site: StaticServer, voila: VoilaServer) -> None:
    lesson = puzzle_lesson()
    open_site_lesson(site_page, static_site.url, lesson, voila_views(voila, lesson))
    solve_then_reload(site_page, lesson)
    assert_page_is_clean(site_page, lesson.name)


#: What the kernel's worker logs when its Python started from the build's memory snapshot, and when it
#: did not (staticsite/snapshot-start.js).
FROM_SNAPSHOT = "kernel: Python started from the build's memory snapshot"
SNAPSHOT_NOT_USED = "kernel: the build's memory snapshot was not used"


def puzzle_lesson() -> Path:
    return next(p for p in LESSONS if p.name[:2] != "00" and lesson_puzzles(p))


@pytest.mark.timeout(300)
def test_the_kernel_starts_from_the_builds_memory_snapshot(site_page: Any, static_site: StaticServer,
                                                           voila: VoilaServer) -> None:
    """The kernel's Python is restored from kernel-snapshot.bin (build_site.py made it): no wheel is
    fetched, the worker says so, and the lesson answers a click as from a normal start."""
    from buraco_core.teach import solve

    lesson = puzzle_lesson()
    open_site_lesson(site_page, static_site.url, lesson, voila_views(voila, lesson))
    assert any(FROM_SNAPSHOT in line for line in site_page.watch.console), site_page.watch.console
    requested = [u.split("?")[0].rsplit("/", 1)[-1] for u in site_page.watch.requests]
    assert "kernel-snapshot.bin" in requested
    assert not [u for u in requested if u.endswith(".whl")], "a wheel was fetched beside the snapshot"
    lang = lesson_language(lesson)
    widget, puzzle = find_puzzle(site_page, lesson, lang)
    right = solve(puzzle)
    assert right is not None
    answer_wrong_then_right(widget, puzzle, wrong_answer(puzzle, right), right, lang)
    assert_page_is_clean(site_page, lesson.name)


@pytest.mark.timeout(300)
def test_without_the_snapshot_the_kernel_starts_the_normal_way(site_page: Any, static_site: StaticServer,
                                                               voila: VoilaServer) -> None:
    """A server that does not hand out kernel-snapshot.bin (here: the request fails): the worker warns,
    starts Python from the wheels, and the lesson works all the same."""
    from buraco_core.teach import solve

    site_page.context.route("**/kernel-snapshot.bin", lambda route: route.abort())
    lesson = puzzle_lesson()
    open_site_lesson(site_page, static_site.url, lesson, voila_views(voila, lesson))
    assert any(SNAPSHOT_NOT_USED in line for line in site_page.watch.console), site_page.watch.console
    assert not any(FROM_SNAPSHOT in line for line in site_page.watch.console)
    assert [u for u in site_page.watch.requests if u.split("?")[0].endswith(".whl")], "no wheel was fetched"
    lang = lesson_language(lesson)
    widget, puzzle = find_puzzle(site_page, lesson, lang)
    right = solve(puzzle)
    assert right is not None
    answer_wrong_then_right(widget, puzzle, wrong_answer(puzzle, right), right, lang)
    site_page.watch.console = [line for line in site_page.watch.console if SNAPSHOT_NOT_USED not in line
                               and "kernel-snapshot.bin" not in line]
    assert_page_is_clean(site_page, lesson.name)


@pytest.mark.timeout(300)
def test_landing_redirect_and_links_between_lessons(site_page: Any, static_site: StaticServer,
                                                     voila: VoilaServer) -> None:
    page = site_page
    page.goto(static_site.url + "/")
    for folder in sorted({p.parent for p in LESSONS}):          # lessons/, then lessons/de/
        lessons = [p for p in LESSONS if p.parent == folder]
        landing = next(p for p in lessons if p.name.startswith("00_"))
        if folder != ROOT / "lessons":
            page.goto(f"{static_site.url}/{site_page_path(landing)}")
        page.wait_for_url(f"**/{site_page_path(landing)}", timeout=30_000)
        # the links of the page's text, and (once its widgets run) the language menu's
        page.wait_for_selector('[data-testid="language-menu"] a', timeout=120_000)
        hrefs = page.eval_on_selector_all(
            "#rendered_cells .jp-RenderedMarkdown a[href], [data-testid='language-menu'] a[href]",
            "links => links.map(a => a.href)")
        pages = {h.split("#")[0] for h in hrefs if h.startswith(static_site.url) and ".html" in h}
        missing = [p.name for p in lessons if p != landing and f"{static_site.url}/{site_page_path(p)}" not in pages]
        assert not missing, f"the landing page {site_page_path(landing)} does not link to {missing}"
        others = [p for p in LESSONS if p.name == landing.name and p != landing]
        assert all(f"{static_site.url}/{site_page_path(p)}" in pages for p in others), \
            "the landing pages of the languages link each other"
        for url in sorted(pages):
            with urllib.request.urlopen(url, timeout=10) as reply:
                assert reply.status == 200, url
        assert not [h for h in hrefs if h.endswith(".ipynb")], "a link still points at a notebook"
    # a widget's link to a lesson section (the mastery map's) leads to the lesson's page in the site
    link = page.locator("#rendered_cells .jp-OutputArea a[href*='.ipynb#clause-']").first
    with page.expect_navigation():
        link.click()
    assert re.search(r"/voici/render/lessons/de/\d\d_\w+\.html#clause-", page.url), page.url


@pytest.mark.timeout(300)
def test_a_school_server_sub_path(browser: Any, static_site: StaticServer, voila: VoilaServer,
                                  tmp_path: Path) -> None:
    """The same files under /buraco/ of a server (a school's web server, GitHub Pages' /<repo>/)."""
    from .conftest import watched_page

    (tmp_path / "buraco").symlink_to(static_site.root, target_is_directory=True)
    # JupyterLite's service worker asks /api/service-worker-heartbeat of the server's root every 20 s
    # (outside the site's folder, so a 404 on a school server, harmless); here the root answers it.
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "service-worker-heartbeat").write_text("ok")
    server = StaticServer(tmp_path, name="sub-path").start()
    heartbeat = server.url + "/api/service-worker-heartbeat"
    try:
        pages = watched_page(browser, server.url)
        page = next(pages)
        lesson = next(p for p in LESSONS if p.name.startswith("03_"))
        page.goto(server.url + "/buraco/")
        page.wait_for_url(f"**/buraco/{site_page_path(LESSONS[0])}", timeout=30_000)
        open_site_lesson(page, server.url + "/buraco", lesson, voila_views(voila, lesson))
        page.locator(".bw-puzzle .bw-check").first.click()
        page.locator('.bw-puzzle [data-testid="feedback"]:not([data-status=""])').first.wait_for(timeout=60_000)
        assert_page_is_clean(page, lesson.name)
        outside = [u for u in page.watch.requests if not u.startswith((server.url + "/buraco/", heartbeat))]
        assert not outside, outside[:5]
        next(pages, None)
    finally:
        server.stop()


@pytest.mark.timeout(120)
def test_the_usb_stick_launcher_serves_the_site(static_site: StaticServer) -> None:
    """_site/serve.py (python3 serve.py on a stick): a plain local server with the types browsers need."""
    port = free_port()
    launcher = subprocess.Popen([sys.executable, str(static_site.root / "serve.py"), "--port", str(port),
                                 "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    try:
        first = launcher.stdout.readline().decode()  # type: ignore[union-attr]
        assert f"http://127.0.0.1:{port}/" in first, first
        base = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(base + "/", timeout=10) as reply:
            assert "voici/render/lessons/00_" in reply.read().decode()
        with urllib.request.urlopen(base + "/static/pyodide/pyodide.asm.wasm", timeout=10) as reply:
            assert reply.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(base + "/static/pyodide/pyodide.mjs", timeout=10) as reply:
            assert reply.headers["Content-Type"].startswith("text/javascript")
    finally:
        launcher.terminate()
        launcher.wait(timeout=10)


def test_the_pyodide_folder_is_pinned_and_complete(static_site: StaticServer) -> None:
    """pyodide-lock.json lists exactly the wheels shipped (real sha256, dependencies inside the lock),
    every package loaded at start is in it, and PyPI is never asked."""
    folder = static_site.root / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())["packages"]
    shipped = {p.name for p in folder.glob("*.whl")}
    assert {p["file_name"] for p in lock.values()} == shipped
    for name, entry in lock.items():
        assert hashlib.sha256((folder / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(lock), f"{name} depends on {set(entry['depends']) - set(lock)}"
    config = json.loads((static_site.root / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js"
    canonical = {re.sub(r"[-_.]+", "-", n).lower() for n in kernel["loadPyodideOptions"]["packages"]}
    assert canonical <= set(lock), canonical - set(lock)
    assert "buraco-trainer" in canonical
    for html in static_site.root.rglob("*.html"):
        text = html.read_text()
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), f"{html}: loads from another host"


@pytest.mark.timeout(300)
def test_a_malformed_puzzle_file_says_file_and_line_in_the_browser(site_page: Any, static_site: StaticServer,
                                                                    tmp_path: Path) -> None:
    """The browser's YAML reader (the pure PyYAML wheel) reports the very file:line messages CPython does."""
    from buraco_core.teach import check_folder

    samples = {
        "bad_yaml.yaml": "puzzles:\n  - id: a\n    kind: make-meld\n    hand: [4h, 5h\n",
        "bad_card.yaml": "puzzles:\n  - id: b\n    kind: make-meld\n    hand: 4h 5h Zz\n",
        "bad_key.yaml": "title: x\nrulez: buraco\npuzzles: []\n",
    }
    for name, text in samples.items():
        (tmp_path / name).write_text(text)
    expected = sorted(str(p).replace(str(tmp_path), "/tmp/puzzles") for p in check_folder(tmp_path))
    assert len(expected) == 3
    code = "import os\nos.makedirs('/tmp/puzzles', exist_ok=True)\n"
    for name, text in samples.items():
        code += f"open('/tmp/puzzles/{name}', 'w').write({text!r})\n"
    code += ("from buraco_core.teach import check_folder\n"
             "for p in sorted(str(p) for p in check_folder('/tmp/puzzles')): print(p)\n")
    shown = run_site_python(site_page, static_site.url, code).splitlines()
    assert shown == expected


@pytest.mark.timeout(300)
def test_requests_through_the_service_worker_are_blocked_too(site_page: Any, static_site: StaticServer,
                                                              voila: VoilaServer) -> None:
    """The watch sees what the site's service worker fetches for its page (most of what a page loads
    goes through it), so "no request left the machine" covers those too."""
    page = site_page
    lesson = next(p for p in LESSONS if p.name.startswith("00_"))
    open_site_lesson(page, static_site.url, lesson, voila_views(voila, lesson))
    assert page.evaluate("() => !!navigator.serviceWorker.controller"), "no service worker controls the page"
    assert page.evaluate("() => fetch('http://example.invalid/probe.css').then(() => 'fetched', () => 'refused')") \
        == "refused"
    assert page.watch.external == ["http://example.invalid/probe.css"]
    page.watch.external.clear()


@pytest.mark.timeout(300)
def test_a_failing_cell_says_so_in_plain_words(site_page: Any, static_site: StaticServer) -> None:
    """The kernel's profile (staticsite/ipython/) as the site's kernel starts it: the lessons' modules
    are loaded before any cell, and a failing cell shows a sentence, never a traceback (Voici would
    show one); a malformed puzzle file is named with its file and line."""
    code = (
        "shell = pyodide_kernel.ipython_shell\n"
        "print('preloaded', all(m in sys.modules for m in ('buraco_widgets', 'buraco_core.teach', 'yaml')))\n"
        "shell.run_cell('import threading; threading.Thread(target=print).start()')\n"
        "print('shown', shell._last_traceback['traceback'])\n"
        "open('/tmp/broken.yaml', 'w').write('puzzles:\\n  - id: a\\n    kind: nonsense\\n')\n"
        "shell.run_cell(\"from buraco_widgets import MeldPuzzle; MeldPuzzle.load('/tmp/broken.yaml', 'a')\")\n"
        "print('shown', shell._last_traceback['traceback'])\n")
    out = run_site_python(site_page, static_site.url, code, kernel=True)
    shown = [line for line in out.splitlines() if line.startswith(("preloaded", "shown"))]
    assert shown[0] == "preloaded True"
    assert "could not run in your browser" in shown[1] and "Traceback" not in shown[1]
    assert "/tmp/broken.yaml:3: unknown kind 'nonsense'" in shown[2] and "Traceback" not in shown[2]
