"""Issue 39 in a real browser: the score pad's page at 390 px, as on a phone held in one hand. A
4-player match is set up, a hand entered by taps in the card picker (each meld read by the engine as
it is tapped, an impossible one refused with its clause), scored, and the match is still there after a
reload; the page passes axe-core at 390 and 1280 px, at 1280 px the hand is entered beside the totals and
the score sheet, and a meld can be entered by keyboard alone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ROOT, VoilaServer, axe_violations, open_notebook, screenshot

pytestmark = pytest.mark.browser

PAGE = ROOT / "lessons" / "scorepad.ipynb"
GERMAN = ROOT / "lessons" / "de" / "scorepad.ipynb"
PHONE = {"width": 390, "height": 844}


def tid(page: Any, name: str) -> Any:
    return page.locator(f'[data-testid="{name}"]')


def set_up(page: Any, voila: VoilaServer) -> None:
    open_notebook(page, voila, PAGE)
    page.set_viewport_size(PHONE)
    tid(page, "scorepad-players-4").click()
    for n, name in enumerate(("Ada", "Bo", "Cy", "Di"), 1):
        tid(page, f"scorepad-name-{n}").fill(name)
    tid(page, "scorepad-team-1").fill("us")
    tid(page, "scorepad-team-2").fill("them")
    tid(page, "scorepad-start").click()
    expect(tid(page, "scorepad-side-0")).to_contain_text("us")


def overflow(page: Any) -> int:
    """How many px the page is wider than its window (0: nothing to scroll sideways)."""
    return int(page.evaluate("() => { const c = document.querySelector('#rendered_cells');"
                             " return Math.max(c.scrollWidth - c.clientWidth, document.documentElement.scrollWidth"
                             " - document.documentElement.clientWidth); }"))


def tap(page: Any, cards: str) -> None:
    """Tap cards in the open picker: a rank then a suit, or the joker."""
    for card in cards.split():
        if card == "JK":
            tid(page, "scorepad-joker").click()
        else:
            tid(page, f"scorepad-rank-{card[:-1]}").click()
            tid(page, f"scorepad-suit-{card[-1]}").click()


def meld(page: Any, side: int, cards: str, reads: str) -> None:
    tid(page, f"scorepad-add-meld-{side}").click()
    tap(page, cards)
    expect(tid(page, "scorepad-reading")).to_contain_text(reads)
    tid(page, "scorepad-done").click()
    expect(tid(page, f"scorepad-melds-{side}")).to_contain_text(reads)


def left(page: Any, seat: int, cards: str) -> None:
    tid(page, f"scorepad-left-{seat}").click()
    tap(page, cards)
    tid(page, "scorepad-done").click()
    expect(tid(page, f"scorepad-left-{seat}")).to_contain_text(cards[:2].replace("c", "♣").replace("s", "♠"))


@pytest.mark.timeout(420)
def test_a_four_player_hand_entered_by_taps_at_390_px(page: Any, voila: VoilaServer) -> None:
    set_up(page, voila)
    meld(page, 0, "7h 8h 9h 10h Jh Qh Kh", "clean buraco")
    # an impossible meld: refused as it is tapped, with its clause
    tid(page, "scorepad-add-meld-1").click()
    tap(page, "5c 2d JK")
    expect(tid(page, "scorepad-reading")).to_contain_text("[wild-one]")
    assert overflow(page) <= 2, f"the open picker at 390 px is {overflow(page)} px wider than the page"
    screenshot(page, "scorepad-picker-390")
    tid(page, "scorepad-cancel").click()
    meld(page, 1, "5c 5d JK", "JK standing for a five: 40 points")
    left(page, 1, "3c Kd")
    left(page, 3, "4s")
    tid(page, "scorepad-pot-0").check()
    expect(tid(page, "scorepad-pot-0")).to_be_checked()
    tid(page, "scorepad-pot-1").check()
    tid(page, "scorepad-out-0").check()
    expect(tid(page, "scorepad-preview")).to_contain_text("going out")
    screenshot(page, "scorepad-hand-390")
    tid(page, "scorepad-score").click()
    totals = tid(page, "scorepad-totals")
    expect(totals).to_contain_text("365")
    expect(totals).to_contain_text("20")
    expect(tid(page, "scorepad-hand-1")).to_contain_text("clean buraco 7♥-K♥")
    expect(tid(page, "scorepad-print")).to_be_visible()
    assert overflow(page) <= 2, f"the score pad at 390 px is {overflow(page)} px wider than the page"
    screenshot(page, "scorepad-scored-390")
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        violations = axe_violations(page)
        assert not violations, f"scorepad at {width} px: axe-core (WCAG 2 A/AA):\n" + "\n".join(violations)
    screenshot(page, "scorepad-scored-1280")
    # a wide screen: the hand being entered beside the totals and the score sheet, the picker in its column
    entry, sheet = tid(page, "scorepad-side-0").bounding_box(), tid(page, "scorepad-totals").bounding_box()
    assert entry["x"] + entry["width"] <= sheet["x"] and abs(entry["y"] - sheet["y"]) < 100, (entry, sheet)
    assert tid(page, "scorepad-hand-1").bounding_box()["x"] >= sheet["x"] - 1
    tid(page, "scorepad-add-meld-1").click()
    picker = tid(page, "scorepad-joker").bounding_box()
    assert picker["x"] + picker["width"] <= sheet["x"] and overflow(page) <= 2
    screenshot(page, "scorepad-picker-1280")
    tid(page, "scorepad-cancel").click()
    page.set_viewport_size(PHONE)  # a phone again: one column, the totals above the hand
    expect(tid(page, "scorepad-totals")).to_be_visible()
    assert tid(page, "scorepad-totals").bounding_box()["y"] < tid(page, "scorepad-side-0").bounding_box()["y"]
    # kept in the browser: a reload (a new kernel) shows the same match
    page.reload()
    expect(tid(page, "scorepad-totals")).to_contain_text("365")
    page.watch.assert_clean()


@pytest.mark.timeout(300)
def test_the_setup_and_a_meld_by_keyboard(page: Any, voila: VoilaServer) -> None:
    open_notebook(page, voila, PAGE)
    page.set_viewport_size(PHONE)
    violations = axe_violations(page)
    assert not violations, "the score pad's setup: axe-core (WCAG 2 A/AA):\n" + "\n".join(violations)
    screenshot(page, "scorepad-setup-390")
    tid(page, "scorepad-players-2").focus()
    page.keyboard.press("Enter")
    expect(tid(page, "scorepad-players-2")).to_have_attribute("aria-pressed", "true")
    tid(page, "scorepad-start").focus()
    page.keyboard.press("Enter")
    expect(tid(page, "scorepad-side-1")).to_be_visible()
    tid(page, "scorepad-add-meld-0").focus()
    page.keyboard.press("Enter")
    expect(tid(page, "scorepad-rank-A")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # the 2, then the 3 ...
    page.keyboard.press("Space")
    expect(tid(page, "scorepad-rank-3")).to_have_attribute("aria-pressed", "true")
    tid(page, "scorepad-typed").fill("4h 5h 6h")
    expect(tid(page, "scorepad-reading")).to_contain_text("run 4♥-6♥")
    page.keyboard.press("Enter")
    expect(tid(page, "scorepad-melds-0")).to_contain_text("run 4♥-6♥")
    page.watch.assert_clean()


@pytest.mark.timeout(300)
def test_a_german_match_is_german_throughout(page: Any, voila: VoilaServer) -> None:
    """The German page with a hand scored and a meld refused: no English word of the interface."""
    from .test_german import english_found

    open_notebook(page, voila, GERMAN)
    page.set_viewport_size(PHONE)
    tid(page, "scorepad-players-2").click()
    tid(page, "scorepad-start").click()
    meld(page, 0, "Qh Kh Ah", "Folge D♥–A♥ (35 Punkte)")
    tid(page, "scorepad-add-meld-1").click()
    tap(page, "5c 2d JK")
    expect(tid(page, "scorepad-reading")).to_contain_text("[wild-one]")
    tid(page, "scorepad-done").click()
    expect(tid(page, "scorepad-problem")).to_contain_text("Nicht erlaubt")
    tid(page, "scorepad-out-0").check()
    tid(page, "scorepad-score").click()
    expect(tid(page, "scorepad-hands")).to_contain_text("Runde 1 (ausgemacht: Spieler 1)")
    tid(page, "scorepad-export").locator("summary").click()
    text = page.locator("#rendered_cells").inner_text()
    assert english_found(text) == [], english_found(text)
    screenshot(page, "scorepad-de-390")
    page.watch.assert_clean()
