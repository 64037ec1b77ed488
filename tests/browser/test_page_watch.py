"""The browser tests' own watcher (:class:`~tests.browser.conftest.PageWatch`): a page error counts
against the page, but for the one Voila's kernel connection throws on a page that is being left
("Cannot send", a message sent after the connection was let go), which no learner sees. And the
harness's wait for a busy machine (:data:`~tests.browser.conftest.BUSY_MACHINE_WAIT`)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from .conftest import BUSY_MACHINE_WAIT, watched_page

pytestmark = pytest.mark.browser

THROWS_ON_LEAVING = """<!doctype html><title>t</title><p>page</p>
<script>window.addEventListener("beforeunload", () => { throw new Error("Cannot send"); });</script>"""


def test_an_error_on_a_page_being_left_is_told_apart(browser: Any) -> None:
    for page in watched_page(browser, "about:"):
        page.goto("data:text/html," + quote(THROWS_ON_LEAVING))  # a navigation: the watcher's script runs
        page.evaluate("() => { setTimeout(() => { throw new Error('Cannot send'); }, 0); }")
        page.wait_for_timeout(300)
        assert len(page.watch.errors) == 1 and "Cannot send" in page.watch.errors[0]  # thrown while here: counted
        page.goto("about:blank")
        page.wait_for_timeout(500)
        assert len(page.watch.errors) == 1, page.watch.errors          # thrown on the way out: not counted
        assert len(page.watch.left) == 1 and page.watch.left[0].startswith("Cannot send"), page.watch.left
        page.evaluate("() => { setTimeout(() => { throw new Error('Cannot send'); }, 0); }")
        page.wait_for_timeout(300)
        assert len(page.watch.errors) == 2, "the next page is watched again"


#: Shows its paragraph after 7 s, longer than Playwright's own 5 s default for an ``expect``.
SHOWS_LATE = """<!doctype html><title>t</title>
<script>setTimeout(() => { const p = document.createElement("p"); p.className = "late";
  p.textContent = "here"; document.body.append(p); }, 7000);</script>"""


def test_an_expectation_after_a_load_waits_as_long_as_a_busy_machine_needs(browser: Any) -> None:
    """A view that shows 7 s after a page load (as a reloaded review did at load 9 to 14, issue 35)
    passes a plain ``expect``, and so does a plain ``wait_for``: neither stops at Playwright's 5 s."""
    from playwright.sync_api import expect

    assert BUSY_MACHINE_WAIT >= 60_000
    for page in watched_page(browser, "about:"):
        page.goto("data:text/html," + quote(SHOWS_LATE))
        expect(page.locator(".late")).to_be_visible()
        page.reload()
        page.locator(".late").wait_for()
        expect(page.locator(".late")).to_have_text("here")
