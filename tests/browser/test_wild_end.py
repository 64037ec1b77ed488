"""Lesson 02 in a real browser: the learner chooses the end the joker goes to (issue 21)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ROOT, VoilaServer, axe_violations, open_notebook
from .test_lessons import click_card, feedback_after

pytestmark = pytest.mark.browser


@pytest.mark.timeout(180)
def test_lesson_02_lets_the_learner_choose_the_end_the_joker_goes_to(page: Any, voila: VoilaServer) -> None:
    from buraco_core.teach import check, load_puzzle

    puzzle = load_puzzle(ROOT / "lessons" / "puzzles" / "02_wilds.yaml", "wild-moves")
    open_notebook(page, voila, ROOT / "lessons" / "02_wilds.ipynb")
    widget = page.locator(".bw-puzzle").filter(has=page.locator(".bw-wild-end")).first
    widget.scroll_into_view_if_needed()
    click_card(widget, "5h")
    widget.locator(".bw-check").click()  # no end chosen: the joker goes to the low end, the task asks the high one
    shown = feedback_after(widget, "wrong")
    assert check(puzzle, (0, ["5h"])).message.text("en").strip() in shown
    high = widget.locator('.bw-wild-end [data-testid="choice-option"][data-index="1"]')
    high.click()
    expect(high).to_have_attribute("aria-checked", "true")
    widget.locator(".bw-check").click()
    shown = feedback_after(widget, "right")
    assert check(puzzle, (0, ["5h"], "high")).message.text("en").strip() in shown
    page.watch.assert_clean()
    assert axe_violations(page) == []
