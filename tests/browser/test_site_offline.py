"""The static site at a table with poor reception (issue 39): a web app a phone can add to its home screen
(its manifest, served, valid and linked from the score pad's and the referee's pages, with icons of the sizes
it declares), and the score pad and the referee working offline after one visit online: the page is visited
once, then the server is stopped and the browser put offline, and the page, reloaded, scores a hand or
answers a gallery question from what the site's service worker kept (staticsite/service-worker.js).

A new build replaces the cache once the pages of the old are closed. Each offline test serves the built site
with its own server, which it stops. Over plain http from another computer there is no service worker and
no offline use (tests/browser/test_site_http.py)."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .conftest import (
    BUSY_MACHINE_WAIT,
    ROOT,
    PageWatch,
    StaticServer,
    built_site,
    open_site_lesson,
    screenshot,
    site_page_path,
    watched_page,
)
from .test_scorepad import tap, tid
from .test_site import console_problems

pytestmark = pytest.mark.browser

SCOREPAD = ROOT / "lessons" / "scorepad.ipynb"
REFEREE = ROOT / "lessons" / "referee.ipynb"
PAGES = {SCOREPAD: "en", REFEREE: "en", ROOT / "lessons" / "de" / "scorepad.ipynb": "de",
         ROOT / "lessons" / "de" / "referee.ipynb": "de"}
PHONE = {"width": 390, "height": 844}
#: How long the first visit may take to keep the site for offline use once its lesson shows (about 40 MB
#: that the service worker puts in its cache, through Playwright's routing, on a busy machine).
KEEPING = 4 * BUSY_MACHINE_WAIT
#: How long a page may take to show its lesson (its kernel started): as open_site_lesson waits.
LESSON = 2 * BUSY_MACHINE_WAIT


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        return bytes(response.read())


class HeadLinks(HTMLParser):
    """The ``<link>`` and ``<meta>`` tags of a page, as attribute dicts."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self.metas: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "link":
            self.links.append(found)
        elif tag == "meta":
            self.metas.append(found)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_the_manifest_is_served_valid_and_linked_from_the_real_table_pages(static_site: StaticServer) -> None:
    for notebook, lang in PAGES.items():
        url = f"{static_site.url}/{site_page_path(notebook)}"
        head = HeadLinks()
        head.feed(get(url).decode())
        manifests = [link["href"] for link in head.links if link.get("rel") == "manifest"]
        assert len(manifests) == 1, f"{notebook.name} ({lang}) links {manifests}"
        assert any(m.get("name") == "theme-color" for m in head.metas)
        touch = [link["href"] for link in head.links if link.get("rel") == "apple-touch-icon"]
        assert touch and png_size(get(urljoin(url, touch[0])))[0] >= 180
        manifest_url = urljoin(url, manifests[0])
        manifest = json.loads(get(manifest_url))
        assert manifest["lang"] == lang
        assert manifest["display"] == "standalone" and manifest["name"] and manifest["short_name"]
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"]) and manifest["background_color"]
        start, scope = urljoin(manifest_url, manifest["start_url"]), urljoin(manifest_url, manifest["scope"])
        assert start.startswith(scope) and start.endswith("/scorepad.html")
        assert get(start)  # the start page is served
        sizes = set()
        for icon in manifest["icons"]:
            data = get(urljoin(manifest_url, icon["src"]))
            if icon["type"] == "image/png":
                width, height = png_size(data)
                assert icon["sizes"] == f"{width}x{height}", icon
                sizes.add(width)
            else:
                assert icon["type"] == "image/svg+xml" and data.startswith(b"<svg")
        assert {192, 512} <= sizes, "Chrome's install prompt wants PNG icons of 192 and 512 px"


@pytest.fixture
def own_site() -> Iterator[StaticServer]:
    """The built site on a server of this test's own, which the test stops to be offline."""
    server = StaticServer(built_site(), name="site-offline").start()
    yield server
    server.stop()


@pytest.fixture
def offline_page(browser: Any, own_site: StaticServer) -> Iterator[Any]:
    yield from watched_page(browser, own_site.url)


def visit_then_go_offline(page: Any, server: StaticServer, notebook: Any) -> None:
    """A first visit online until the service worker has kept the site for offline use; then the server is
    stopped, the browser is offline, and the page is reloaded: it shows its lesson again."""
    open_site_lesson(page, server.url, notebook, 1, timeout=LESSON)
    page.wait_for_function("() => document.documentElement.dataset.offline", timeout=KEEPING)
    kept = page.evaluate("() => document.documentElement.dataset.offline")
    said = [line for line in page.watch.console if "offline:" in line]
    assert kept == "ready", f"the site was not all kept for offline use: {said}"
    server.stop()
    page.context.set_offline(True)
    page.reload(timeout=LESSON)
    wait_for_lesson(page)
    assert page.evaluate("() => !!navigator.serviceWorker.controller"), "no service worker controls the page"


def wait_for_lesson(page: Any) -> None:
    page.wait_for_function(
        """() => {
            const cells = document.querySelector('#rendered_cells');
            return cells && getComputedStyle(cells).display !== 'none'
                && document.querySelector('.jp-OutputArea-output.lm-Panel');
        }""", timeout=LESSON)


def assert_clean(page: Any) -> None:
    problems = console_problems(page)
    assert not problems, "\n".join(problems)
    assert not page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count(), "stderr shown"


@pytest.mark.timeout(900)
def test_the_score_pad_scores_a_hand_offline_after_one_visit(offline_page: Any, own_site: StaticServer) -> None:
    page = offline_page
    visit_then_go_offline(page, own_site, SCOREPAD)
    page.set_viewport_size(PHONE)
    tid(page, "scorepad-players-2").click()
    tid(page, "scorepad-start").click()
    tid(page, "scorepad-add-meld-0").click()
    tap(page, "7h 8h 9h 10h Jh Qh Kh")
    expect(tid(page, "scorepad-reading")).to_contain_text("clean buraco")
    tid(page, "scorepad-done").click()
    expect(tid(page, "scorepad-melds-0")).to_contain_text("clean buraco")
    tid(page, "scorepad-out-0").check()
    tid(page, "scorepad-score").click()
    expect(tid(page, "scorepad-hand-1")).to_contain_text("clean buraco 7♥-K♥")
    expect(tid(page, "scorepad-totals")).to_be_visible()
    screenshot(page, "site-offline-scorepad-390")
    assert_clean(page)


def watch(page: Any, allowed_prefix: str) -> None:
    """A page the test did not open itself (a link's new tab) watched as :func:`watched_page` watches its
    own, from its first console message (its context's route already records requests leaving)."""
    page.watch = PageWatch(allowed_prefix=allowed_prefix)
    page.on("console", page.watch.heard)
    page.on("pageerror", page.watch.threw)


def practise_offline(page: Any, dispute: str, clause: str, named: str) -> None:
    """The referee's answer to ``dispute`` links to the review with a set of questions on its rule
    (``named``: the set's name, 'From your table'); followed offline, the review (kept by the build's list,
    never visited) opens in a new page and shows the set and its first question."""
    tid(page, f"referee-dispute-{dispute}").click()
    expect(tid(page, "referee-clause")).to_contain_text(f"[{clause}]")
    link = tid(page, "referee-practice")
    expect(link).to_be_visible()
    assert re.match(r"10_review\.html#set=", link.get_attribute("href") or ""), link.get_attribute("href")
    page.context.once("page", lambda opened: watch(opened, page.watch.allowed_prefix))
    with page.context.expect_page(timeout=LESSON) as opened:
        link.click()
    review = opened.value
    wait_for_lesson(review)
    expect(review.locator(".bw-review-assignment")).to_contain_text(named, timeout=LESSON)
    expect(review.locator(".bw-review .bw-puzzle").first).to_be_visible(timeout=LESSON)
    assert review.evaluate("() => !!navigator.serviceWorker.controller"), "no service worker controls the review"
    assert_clean(review)
    review.close()


@pytest.mark.timeout(1200)
def test_the_referee_answers_offline_and_the_score_pad_opens_too(offline_page: Any, own_site: StaticServer) -> None:
    """One visit to the referee online keeps the score pad's page too, the review its practice link opens,
    and the German pages (the build's list names them all)."""
    page = offline_page
    visit_then_go_offline(page, own_site, REFEREE)
    page.set_viewport_size(PHONE)
    expect(tid(page, "referee-badge")).to_be_visible()
    tid(page, "referee-dispute-opponents-meld").click()
    expect(tid(page, "referee-badge")).to_have_text("Refused")
    expect(tid(page, "referee-clause")).to_contain_text("[meld-owner]")
    screenshot(page, "site-offline-referee-390")
    assert_clean(page)
    practise_offline(page, "second-wild", "wild-one", "From your table")
    page.goto(f"{own_site.url}/{site_page_path(SCOREPAD)}", timeout=LESSON)
    wait_for_lesson(page)
    expect(tid(page, "scorepad-start")).to_be_visible()
    assert_clean(page)
    # the German pages are in the build's list too
    page.goto(f"{own_site.url}/{site_page_path(ROOT / 'lessons' / 'de' / 'referee.ipynb')}", timeout=LESSON)
    wait_for_lesson(page)
    tid(page, "referee-dispute-opponents-meld").click()
    expect(tid(page, "referee-badge")).to_have_text("Nicht erlaubt")
    assert_clean(page)
    practise_offline(page, "second-wild", "wild-one", "Von deinem Tisch")


CACHES = "() => caches.keys().then((names) => names.filter((n) => n.startsWith('buraco-')).sort())"


def wait_until(page: Any, script: str, timeout: float) -> None:
    """Until ``script`` (a function, which may return a promise) gives a true value, asked every half second."""
    waited = 0.0
    while not page.evaluate(script):
        assert waited < timeout, f"not within {timeout / 1000:.0f} s: {script}"
        page.wait_for_timeout(500)
        waited += 500


#: Run in a service worker: until its registration has no worker installing or waiting, its active worker is
#: activated and the cache ``old`` is gone, or ``timeout`` ms have passed; says which (or what it saw last).
TAKEN_OVER = """async ({ old, timeout }) => {
    const start = Date.now();
    for (;;) {
        const r = self.registration;
        const seen = `installing: ${!!r.installing}, waiting: ${!!r.waiting}, active: ${r.active && r.active.state},`
            + ` caches: ${(await caches.keys()).join(" ")}`;
        if (!r.installing && !r.waiting && r.active && r.active.state === "activated" && !(await caches.has(old))) {
            return "active";
        }
        if (Date.now() - start > timeout) {
            return seen;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
    }
}"""


def worker_of_build(context: Any, build: str) -> Any:
    """The context's service worker of ``build`` (its ``BUILD``), as Playwright sees it (Chromium only):
    it can be asked things while no page of the site is open."""
    for worker in context.service_workers:
        try:
            if worker.evaluate("() => typeof BUILD === 'string' && BUILD") == build:
                return worker
        except PlaywrightError:  # a worker stopped meanwhile: not this build's
            continue
    raise AssertionError(f"no service worker of build {build} among {[w.url for w in context.service_workers]}")


@pytest.mark.timeout(900)
def test_a_new_build_replaces_the_cache_once_its_pages_are_closed(browser: Any, tmp_path: Any) -> None:
    """A new build (here: the same files with another service worker, as a new build's digest gives) fetches
    its files beside the old cache while the open page goes on, takes over once the page is closed, deletes
    the old cache, and the score pad then works offline from the new one."""
    site = built_site()
    for entry in site.iterdir():
        if entry.name != "service-worker.js":
            (tmp_path / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    worker = (site / "service-worker.js").read_text()
    old = re.search(r'const BUILD = "([0-9a-f]+)";', worker)
    assert old is not None
    (tmp_path / "service-worker.js").write_text(worker)
    server = StaticServer(tmp_path, name="site-offline-update").start()
    try:
        pages = watched_page(browser, server.url)
        page = next(pages)
        open_site_lesson(page, server.url, SCOREPAD, 1, timeout=LESSON)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'", timeout=KEEPING)
        assert page.evaluate(CACHES) == [f"buraco-{old.group(1)}"]
        new = old.group(1)[::-1]
        (tmp_path / "service-worker.js").write_text(worker.replace(old.group(0), f'const BUILD = "{new}";'))
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        wait_until(page, "() => navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)", KEEPING)
        assert page.evaluate(CACHES) == sorted([f"buraco-{old.group(1)}", f"buraco-{new}"])
        tid(page, "scorepad-start").click()  # the open page goes on, served by the old worker
        expect(tid(page, "scorepad-side-1")).to_be_visible()
        # Closed, the page lets the new worker take over. No page is opened until it has: a page opened
        # before Chromium has counted the old worker's last client gone is the old worker's again (as a
        # reload is), and keeps the new one waiting. The new worker itself says when it is active and the
        # old cache deleted, however long a busy machine takes.
        context = page.context
        page.close()
        took_over = worker_of_build(context, new).evaluate(TAKEN_OVER, {"old": f"buraco-{old.group(1)}",
                                                                       "timeout": KEEPING})
        assert took_over == "active", f"the new build's worker did not take over within {KEEPING / 1000:.0f} s: {took_over}"
        page = context.new_page()
        page.goto(f"{server.url}/{site_page_path(SCOREPAD)}", timeout=LESSON)
        assert page.evaluate("() => !!navigator.serviceWorker.controller"), "no service worker controls the page"
        assert page.evaluate(CACHES) == [f"buraco-{new}"]
        wait_for_lesson(page)
        server.stop()
        context.set_offline(True)
        page.reload(timeout=LESSON)
        wait_for_lesson(page)
        expect(tid(page, "scorepad-side-1")).to_be_visible()  # the match begun under the old build, kept
        next(pages, None)
    finally:
        server.stop()


#: What Chromium's installability check may say of a test's browser and not of the site: a Playwright context
#: is like an incognito window, where Chromium offers no installing.
NOT_THE_SITES = {"in-incognito"}


@pytest.mark.timeout(600)
def test_chromium_finds_the_score_pad_installable(site_page: Any, static_site: StaticServer) -> None:
    """Chromium's own check (DevTools' Page.getInstallabilityErrors): the manifest, its icons and the service
    worker make the score pad an app to add to the home screen."""
    page = site_page
    open_site_lesson(page, static_site.url, SCOREPAD, 1, timeout=LESSON)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"], manifest["errors"]
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert not [e for e in errors if e["errorId"] not in NOT_THE_SITES], errors
