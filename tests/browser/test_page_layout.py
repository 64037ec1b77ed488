"""Page layouts at a 390 px phone and at 1280 px (issue 24, "Phone" and the glossary), from element
positions in a live Voila:

- the game table: on a phone the learner's hand, the action buttons and the side's melds lie
  within one screen (844 px) of each other, so adding to a meld needs no scrolling away;
- lesson 07's comparison table: at 390 px it scrolls sideways inside its own box, its first column
  (the row labels) stays in view while it scrolls, a scroll cue shows that more lies to the right,
  and nothing runs off the page;
- the glossary's list of every word: at 1280 px each term beside its text, at 390 px above it.

Screenshots at 1280 and 390 px go to test-artifacts/screenshots/layout-*.png; axe-core stays clean.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import expect
from positions import MELDED

from .conftest import (
    ARTIFACTS,
    ROOT,
    VoilaServer,
    axe_violations,
    open_notebook,
    scenario_table,
    screenshot,
)

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def part_shot(locator: Any, name: str) -> None:
    """A screenshot of one element, test-artifacts/screenshots/<name>.png: what the full page's shot
    shows too small to read."""
    (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
    page = locator.page
    size = page.viewport_size
    height = locator.evaluate("e => e.getBoundingClientRect().height")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], int(height) + 80)})
    try:
        locator.scroll_into_view_if_needed()
        locator.screenshot(path=str(ARTIFACTS / "screenshots" / f"{name}.png"))
    finally:
        page.set_viewport_size(size)


def top_shot(page: Any, locator: Any, name: str, height: int = 640) -> None:
    """A screenshot of the top of a long element (its first ``height`` px), scrolled into view."""
    locator.evaluate("e => e.scrollIntoView()")
    page.wait_for_timeout(200)
    b = locator.bounding_box()
    assert b is not None
    size = page.viewport_size
    (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "screenshots" / f"{name}.png"),
                    clip={"x": 0, "y": max(b["y"], 0), "width": size["width"],
                          "height": min(height, size["height"] - max(b["y"], 0))})


def box(page: Any, selector: str) -> dict[str, float]:
    """The element's box in page coordinates (its top and bottom as if the page were not scrolled)."""
    found = page.evaluate("""(sel) => {
        const el = document.querySelector(sel);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        const scroller = document.querySelector('#rendered_cells');
        const dy = (scroller ? scroller.scrollTop : 0) + window.scrollY;
        return {top: r.top + dy, bottom: r.bottom + dy, left: r.left, right: r.right, width: r.width};
    }""", selector)
    assert found is not None, f"nothing on the page matches {selector}"
    return dict(found)


def overflowing(page: Any) -> list[str]:
    """What runs off the page at this width: the page itself scrolling sideways, or an element past
    its right edge that is not inside a box that scrolls sideways on its own."""
    return list(page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        const out = [];
        if (document.documentElement.scrollWidth > width + 1) out.push(`the page: ${document.documentElement.scrollWidth}`);
        if (document.body.scrollWidth > width + 1) out.push(`body: ${document.body.scrollWidth}`);
        const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
            if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true; } return false; };
        for (const el of document.querySelectorAll('#rendered_cells *')) {
            const b = el.getBoundingClientRect();
            if (b.width && b.height && b.right > width + 1 && !scrolls(el))
                out.push(`${el.tagName.toLowerCase()}.${el.className}: ${Math.round(b.right)}`);
        }
        return out.slice(0, 10);
    }"""))


def mid_turn(page: Any, refused: str) -> None:
    """What a learner has on screen mid-turn at the table of :data:`positions.MELDED`: the coach's
    suggestion, then the verdict of a refused play (3♣ 9♦ is no meld), which starts ``refused``."""
    page.locator(".bw-action-suggest").click()
    expect(page.locator(".bw-advice")).to_be_visible()
    pressed = page.locator('.bw-game [data-testid="hand"] [data-testid="card"][aria-pressed="true"]')
    pressed.first.wait_for()
    for _ in range(pressed.count()):
        pressed.first.click()
    for code in ("3c", "9d"):
        page.locator(f'.bw-game [data-testid="hand"] [data-testid="card"][data-code="{code}"]').click()
    page.locator(".bw-action-meld").click()
    expect(page.locator(".bw-game .bw-feedback")).to_contain_text(refused)


@pytest.mark.timeout(240)
def test_on_a_phone_the_hand_the_buttons_and_the_sides_melds_are_one_screen(page: Any, voila: VoilaServer) -> None:
    notebook = scenario_table("layout-table.ipynb", MELDED)
    page.set_viewport_size(PHONE)
    open_notebook(page, voila, notebook)
    expect(page.locator('.bw-game [data-testid="meld"]')).to_have_count(5)
    mid_turn(page, "Refused")
    hand = box(page, ".bw-game-hand")
    buttons = box(page, ".bw-game-buttons")
    own = box(page, '.bw-game-melds [data-testid="side"]')              # the learner's side comes first
    first_meld = box(page, '.bw-game-melds [data-testid="side"] [data-testid="meld"]')
    # from the top of the hand, one screen shows the buttons, the verdict and every meld of the side
    assert buttons["bottom"] - hand["top"] <= PHONE["height"], (hand, buttons)
    assert first_meld["top"] > buttons["bottom"], "the melds come after the buttons"
    assert own["bottom"] - hand["top"] <= PHONE["height"], f"hand {hand}, the side's melds {own}"
    assert box(page, ".bw-game .bw-feedback")["bottom"] <= own["top"], "the verdict stays by the buttons"
    assert overflowing(page) == []
    screenshot(page, "layout-table-390")
    assert axe_violations(page) == []

    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(300)
    assert overflowing(page) == []
    screenshot(page, "layout-table-1280")
    page.watch.assert_clean()


@pytest.mark.timeout(240)
def test_lesson_07s_comparison_keeps_its_row_labels_and_shows_it_scrolls(page: Any, voila: VoilaServer) -> None:
    page.set_viewport_size(PHONE)
    open_notebook(page, voila, ROOT / "lessons" / "07_rulesets.ipynb")
    table = page.locator("table.buraco-compare").first
    scroller = page.locator(".buraco-compare-scroll").first
    table.scroll_into_view_if_needed()
    assert overflowing(page) == []
    wide = scroller.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert wide[0] > wide[1] + 40, f"at 390 px the table is wider than its box: {wide}"
    # a visible cue: the box's right edge shades while more lies to the right, the left one once scrolled
    cue = scroller.evaluate("e => getComputedStyle(e).backgroundImage")
    assert "gradient" in cue, cue
    part_shot(scroller, "layout-compare-390-table")
    label = table.locator("tbody th").first
    cell = table.locator("tbody td").first
    before_label, before_cell = label.bounding_box(), cell.bounding_box()
    assert before_label and before_cell
    scroller.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_timeout(200)
    after_label, after_cell = label.bounding_box(), cell.bounding_box()
    assert after_label and after_cell
    assert after_cell["x"] < before_cell["x"] - 40, "the cells scrolled"
    part_shot(scroller, "layout-compare-390-table-scrolled")
    assert abs(after_label["x"] - before_label["x"]) <= 1, "the row labels stay where they were"
    # the label covers the cells that slide under it: an opaque background
    assert label.evaluate("e => getComputedStyle(e).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    # the box scrolls by keyboard too (axe's scrollable-region-focusable) and says what it holds
    assert scroller.get_attribute("tabindex") == "0" and scroller.get_attribute("aria-label")
    screenshot(page, "layout-compare-390")
    scroller.evaluate("e => { e.scrollLeft = 0; }")
    assert axe_violations(page) == []
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(300)
    assert overflowing(page) == []
    screenshot(page, "layout-compare-1280")
    part_shot(scroller, "layout-compare-1280-table")
    page.watch.assert_clean()


def terms_and_texts(page: Any, n: int = 6) -> list[tuple[dict[str, float], dict[str, float]]]:
    """The boxes of the first ``n`` terms of the list of every word and of the text after each."""
    pairs = page.evaluate("""(n) => Array.from(document.querySelectorAll('dl.bw-glossary dt')).slice(0, n).map(dt => {
        const a = dt.getBoundingClientRect(), b = dt.nextElementSibling.getBoundingClientRect();
        return [{top: a.top, bottom: a.bottom, left: a.left, right: a.right},
                {top: b.top, bottom: b.bottom, left: b.left, right: b.right}];
    })""", n)
    assert len(pairs) == n
    return [(dict(a), dict(b)) for a, b in pairs]


@pytest.mark.timeout(240)
def test_the_glossary_sets_each_term_beside_its_text_and_above_it_on_a_phone(page: Any, voila: VoilaServer) -> None:
    page.set_viewport_size(DESKTOP)
    open_notebook(page, voila, ROOT / "lessons" / "glossary.ipynb")
    pairs = terms_and_texts(page)
    for (term, text), (after, _) in pairwise(pairs):
        assert text["left"] > term["right"] - 1, f"at 1280 px the text starts right of its term: {term}, {text}"
        assert abs(text["top"] - term["top"]) < 4, f"at 1280 px the term and its text share a line: {term}, {text}"
        assert after["top"] >= max(term["bottom"], text["bottom"]) - 1, "each term a row of its own"
    assert overflowing(page) == []
    screenshot(page, "layout-glossary-1280")
    top_shot(page, page.locator("dl.bw-glossary"), "layout-glossary-1280-top")
    assert axe_violations(page) == []
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    pairs = terms_and_texts(page)
    for (term, text), (after, _) in pairwise(pairs):
        assert text["top"] >= term["bottom"] - 1, f"at 390 px the text comes under its term: {term}, {text}"
        assert text["left"] < term["left"] + 40, (term, text)
        assert after["top"] >= text["bottom"] - 1, f"the next term comes under the text: {text}, {after}"
    assert overflowing(page) == []
    screenshot(page, "layout-glossary-390")
    top_shot(page, page.locator("dl.bw-glossary"), "layout-glossary-390-top")
    page.watch.assert_clean()
