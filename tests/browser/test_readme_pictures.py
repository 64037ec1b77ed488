"""The README's two pictures, taken from the live Voila pages (issue 36), so they show the course as it is.

- ``docs/images/lesson-puzzle.png``: lesson 01 (``lessons/01_melds.ipynb``, English, 1280 px wide),
  its first puzzle answered by clicking cards, answered wrongly with the first mistake its puzzle file names:
  the puzzle with the engine's verdict under it (the rule it turns on and the link to its section).
- ``docs/images/card-table.png``: lesson 08's table (``lessons/08_play.ipynb``, the ``GameTable`` of
  ``seed=8`` with the coach), after the learner's first turn (draw, then discard the first card of the
  hand, by clicking) and the computer's moves that follow, until it is the learner's turn again.

Each test saves its picture to ``test-artifacts/screenshots/readme/``; with ``BURACO_DOC_IMAGES=1``
it also writes it over the one in ``docs/images/`` (look at it before committing it). The tests
also check that the README shows both pictures and that the files are there.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ROOT, VoilaServer, open_notebook
from .test_lessons import feedback_after, find_puzzle, give_answer, wrong_answer

pytestmark = pytest.mark.browser

SHOTS = ROOT / "test-artifacts" / "screenshots" / "readme"
IMAGES = ROOT / "docs" / "images"


def keep(locator: Any, name: str) -> Path:
    """A picture of one part of the page, for the README."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    path = SHOTS / name
    locator.screenshot(path=str(path))
    assert path.stat().st_size > 10_000, f"{name}: an empty picture?"
    if os.environ.get("BURACO_DOC_IMAGES") == "1":
        shutil.copyfile(path, IMAGES / name)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"](docs/images/{name})" in readme, f"the README does not show docs/images/{name}"
    assert (IMAGES / name).is_file(), f"docs/images/{name} is missing: run this test with BURACO_DOC_IMAGES=1"
    return path


@pytest.mark.timeout(300)
def test_a_lessons_puzzle_with_its_verdict(page: Any, voila: VoilaServer) -> None:
    from buraco_core.teach import check, solve

    page.set_viewport_size({"width": 1280, "height": 900})
    lesson = ROOT / "lessons" / "01_melds.ipynb"
    open_notebook(page, voila, lesson)
    widget, puzzle = find_puzzle(page, lesson)  # the first puzzle answered by clicking cards
    right = solve(puzzle)
    assert right is not None
    wrong = wrong_answer(puzzle, right)
    give_answer(widget, puzzle, wrong)
    shown = feedback_after(widget, "wrong")
    assert check(puzzle, wrong).message.text("en").strip() in shown
    widget.locator('[data-testid="feedback-link"]').wait_for()
    page.wait_for_timeout(500)  # the feedback's fade-in
    keep(widget, "lesson-puzzle.png")


def my_turn(table: Any) -> None:
    """Wait until this table says it is the learner's turn (the computer's moves may take a while)."""
    table.page.wait_for_function("""(t) => (t.querySelector('.bw-game-status') || {innerText: ''}).innerText
        .includes('Your turn')""", arg=table.element_handle(), timeout=120_000)


@pytest.mark.timeout(600)
def test_the_card_table_after_a_turn(page: Any, voila: VoilaServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_notebook(page, voila, ROOT / "lessons" / "08_play.ipynb")
    table = page.locator(".bw-game").first  # the lesson's first table (a second one comes later)
    hand = table.locator('[data-testid="hand"] [data-testid="card"]')
    my_turn(table)
    before = hand.count()
    table.locator(".bw-action-draw").click()
    expect(hand).to_have_count(before + 1, timeout=60_000)
    hand.first.click()
    moves = table.locator(".bw-game-log li").count()
    table.locator(".bw-action-discard").click()
    table.page.wait_for_function("""([t, moves]) => t.querySelectorAll('.bw-game-log li').length > moves + 1
        && t.querySelector('.bw-game-status').innerText.includes('Your turn')""",
                                 arg=[table.element_handle(), moves], timeout=120_000)
    page.set_viewport_size({"width": 1280, "height": 2400})  # the whole table in view: Voila's page scrolls inside
    table.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    keep(table, "card-table.png")
