"""The browser tests' own watcher (:class:`~tests.browser.conftest.PageWatch`): a page error counts
against the page, but for the one Voila's kernel connection throws on a page that is being left
("Cannot send", a message sent after the connection was let go), which no learner sees."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from .conftest import watched_page

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
