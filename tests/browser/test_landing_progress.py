"""The landing page counts the progress of every lesson visited in this browser."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import ROOT, VoilaServer, open_notebook

pytestmark = pytest.mark.browser


@pytest.mark.timeout(240)
def test_landing_page_lists_the_items_of_a_visited_lesson(page: Any, voila: VoilaServer) -> None:
    lesson = ROOT / "lessons" / "03_buracos.ipynb"
    open_notebook(page, voila, lesson)
    mine = page.locator('[data-testid="progress-lesson"][data-lesson="03"]')
    mine.first.wait_for(timeout=60_000)
    items = mine.first.locator(".bw-tag").count()
    assert items >= 4, f"lesson 03 lists only {items} items"
    assert mine.first.locator(".bw-tag").first.is_visible()   # the current lesson in full

    open_notebook(page, voila, ROOT / "lessons" / "00_welcome.ipynb")
    row = page.locator('[data-testid="progress-lesson"][data-lesson="03"]')
    row.first.wait_for(timeout=60_000)
    assert row.first.locator(".bw-tag").count() == items
    assert f"0 of {items} solved" in row.first.inner_text()
    # another lesson is folded under its count: its chips show once the learner opens it
    assert not row.first.locator(".bw-tag").first.is_visible()
    row.first.locator("summary.bw-progress-count").click()
    assert row.first.locator(".bw-tag").first.is_visible()
    # a learner's words on each chip, also on another lesson's page: "1. the clean buraco", not an id
    first = row.first.locator(".bw-tag").first
    assert first.get_attribute("data-item") == "worked-clean" and "1. the clean buraco" in first.inner_text()
    page.watch.assert_clean()
