"""The static site where schools serve it (issue 34): over plain http under another computer's name (a school
server, a teacher's laptop with ``serve.py --bind 0.0.0.0``), which is no secure context, so the browser gives
the page no service worker; and opened from the disk (``file://``), where no lesson can run and the page says
what to do.

Chromium maps the name school.example to this machine (``--host-resolver-rules``), so the page's origin is
``http://school.example:<port>`` and nothing leaves the machine; every request to another origin is blocked
and fails the test, as in test_site.py.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SERVICE_WORKER_EVENTS,
    StaticServer,
    VoilaServer,
    open_site_lesson,
    screenshot,
    site_page_path,
    voila_views,
    watched_page,
)
from .test_lessons import answer_wrong_then_right, find_puzzle, lesson_language, wrong_answer
from .test_site import LESSONS, assert_page_is_clean, puzzle_lesson

pytestmark = pytest.mark.browser

#: The school server's name, which this module's Chromium resolves to 127.0.0.1.
SCHOOL = "school.example"

#: What a page logs on the console when it is no secure context, and why that harms nothing. They are
#: warnings, not errors; any other warning or error still fails the test (test_site.KNOWN_CONSOLE).
WITHOUT_SERVICE_WORKER = {
    "ServiceWorkers not supported in this browser":
        "JupyterLite's service worker manager: the page is no secure context, so the browser has none",
    "Pyodide contents will NOT be synced with Jupyter Contents":
        "the kernel, seeing no service worker, does not mount the lessons' folder (/drive), which no lesson"
        " reads: the course's files come with the project's wheel",
    "Clipboard API not available":
        "JupyterLab's clipboard, for secure contexts only; the course's copy buttons say to copy by hand",
}


@pytest.fixture(scope="module")
def school_browser() -> Iterator[Any]:
    """Chromium that resolves :data:`SCHOOL` to this machine (one per module, as conftest's ``browser``)."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: `bash scripts/setup.sh test` installs Debian's chromium")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    os.environ[SERVICE_WORKER_EVENTS] = "1"
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True,
            args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {SCHOOL} 127.0.0.1"])
        yield chromium
        chromium.close()


def school_url(static_site: StaticServer) -> str:
    """The site's address under the school server's name (its server listens on 127.0.0.1)."""
    return static_site.url.replace("127.0.0.1", SCHOOL)


@pytest.fixture
def school_page(school_browser: Any, static_site: StaticServer) -> Iterator[Any]:
    """A fresh page whose requests may only reach the site under :data:`SCHOOL`."""
    yield from watched_page(school_browser, school_url(static_site))


def without_known_warnings(page: Any) -> None:
    """Drop the console lines of :data:`WITHOUT_SERVICE_WORKER` (warnings only) from the page's watch."""
    page.watch.console = [line for line in page.watch.console
                          if not (line.startswith("warning: ") and any(w in line for w in WITHOUT_SERVICE_WORKER))]


@pytest.mark.timeout(300)
def test_a_lesson_over_plain_http_from_a_school_server(school_page: Any, static_site: StaticServer,
                                                        voila: VoilaServer) -> None:
    """No secure context, no service worker: the lesson runs all the same, and a puzzle answered wrongly,
    then rightly, gets the engine's own verdicts (before issue 34: "Loading the lesson…" for ever)."""
    from buraco_core.teach import solve

    page = school_page
    lesson = puzzle_lesson()
    open_site_lesson(page, school_url(static_site), lesson, voila_views(voila, lesson), timeout=180_000)
    assert page.evaluate("() => [window.isSecureContext, 'serviceWorker' in navigator]") == [False, False]
    lang = lesson_language(lesson)
    widget, puzzle = find_puzzle(page, lesson, lang)
    widget.scroll_into_view_if_needed()
    right = solve(puzzle)
    assert right is not None, f"{puzzle.id}: the engine finds no answer"
    answer_wrong_then_right(widget, puzzle, wrong_answer(puzzle, right), right, lang)
    screenshot(page, "site-http-" + lesson.stem)
    assert any("ServiceWorkers not supported" in line for line in page.watch.console), page.watch.console
    without_known_warnings(page)
    assert_page_is_clean(page, lesson.name)


@pytest.mark.timeout(300)
def test_the_score_pad_over_plain_http_runs_without_offline_use(school_page: Any, static_site: StaticServer) -> None:
    """Issue 39: the score pad links the web app's manifest and scores a hand over plain http too; with no
    service worker, nothing is kept for offline use and the page does not ask (test_site_offline.py)."""
    from .test_scorepad import tap, tid

    page = school_page
    open_site_lesson(page, school_url(static_site), ROOT / "lessons" / "scorepad.ipynb", 1, timeout=180_000)
    assert page.locator('link[rel="manifest"]').count() == 1
    tid(page, "scorepad-players-2").click()
    tid(page, "scorepad-start").click()
    tid(page, "scorepad-add-meld-0").click()
    tap(page, "4h 5h 6h")
    tid(page, "scorepad-done").click()
    tid(page, "scorepad-score").click()
    expect(tid(page, "scorepad-hand-1")).to_contain_text("-85")  # a run of 15 points, the pot never taken
    page.wait_for_timeout(2000)  # the page would have asked by now: it checks every second once it shows
    assert page.evaluate("() => [document.documentElement.dataset.offline, 'caches' in window]") == [None, False]
    without_known_warnings(page)
    assert_page_is_clean(page, "scorepad.ipynb")


@pytest.mark.timeout(300)
def test_the_teachers_page_over_plain_http(school_page: Any, static_site: StaticServer, voila: VoilaServer) -> None:
    """The teacher's page, which a teacher opens from the same school server, shows all its widgets."""
    teacher = next(p for p in LESSONS if p.relative_to(ROOT / "lessons").as_posix() == "de/teacher.ipynb")
    open_site_lesson(school_page, school_url(static_site), teacher, voila_views(voila, teacher), timeout=180_000)
    assert not school_page.evaluate("() => window.isSecureContext")
    without_known_warnings(school_page)
    assert_page_is_clean(school_page, teacher.name)


@pytest.mark.timeout(180)  # a load and a wait of 60 s each, and a browser started
@pytest.mark.parametrize("page_path", ["index.html", site_page_path(ROOT / "lessons" / "de" / "03_buracos.ipynb")])
def test_opened_from_the_disk_the_page_says_what_to_do(school_browser: Any, static_site: StaticServer,
                                                         page_path: str) -> None:
    """A page opened as a file (a double-click on index.html of a copied site): no web worker, so no lesson
    can run; the page says why and what to do, in its language, in place of a spinner that never stops.
    index.html leads to the English landing page, which says it in English."""
    from buraco_core.messages import render

    context = school_browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto((static_site.root / page_path).as_uri(), timeout=60_000)
        note = page.locator(".bw-site-file-url")
        note.wait_for(timeout=60_000)
        lang = "de" if "/de/" in page_path else "en"
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert note.inner_text() == render("page.file-url", lang)
        assert note.get_attribute("role") == "alert"
        assert not page.locator("#loading").is_visible(), "the spinner still turns"
        on_top = "(n) => { const r = n.getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === n; }"
        page.wait_for_timeout(2_000)  # and stays so while the page's scripts fail
        assert note.evaluate(on_top), "the sentence is covered (by Voici's shell)"
        assert not page.locator("#loading").is_visible()
        screenshot(page, "site-file-url-" + lang)
    finally:
        context.close()


def test_the_built_sites_scripts_settle_without_a_service_worker(static_site: StaticServer) -> None:
    """The built site carries the build's changes (scripts/build_site.py's SERVICE_WORKER_PATCHES), and
    every notebook page the file:// sentence of its language."""
    from buraco_core.messages import render

    build = static_site.root / "voici" / "build"
    scripts = "".join(p.read_text(encoding="utf-8") for p in build.glob("*.js"))
    assert 'console.warn("ServiceWorkers not supported in this browser"),this._ready.reject(void 0)}' in scripts
    assert "catch(e){void 0!==e&&console.error(e)}" in scripts
    for lesson in LESSONS:
        page = (static_site.root / site_page_path(lesson)).read_text(encoding="utf-8")
        said = re.findall(r'<script data-sentence="([^"]*)">', page)
        assert len(said) == 1, f"{lesson}: {len(said)} file:// sentences"
        assert html.unescape(said[0]) == render("page.file-url", lesson_language(lesson)), lesson


def test_the_lessons_run_from_the_wheel_not_from_the_drive() -> None:
    """What a kernel without the lessons' folder needs: no lesson cell opens a file by a path of its own
    (the puzzle files, syllabus and anchor index come from ``get_course()``, the wheel's package data)."""
    relative = re.compile(r"""(open|Path|load_puzzles|read_text)\(\s*["'](?!/)[^"']*\.(ya?ml|json|csv|txt)["']""")
    for lesson in LESSONS:
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        found = [m.group(0) for source in code for m in relative.finditer(source)]
        assert not found, f"{Path(lesson).name} reads a file beside it: {found}"
