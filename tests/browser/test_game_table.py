"""The game table in a real browser (issue 11): a whole hand played by clicking, a reload in the
middle of a hand resumes it, the typed-play box by keyboard, axe-core clean, screenshots at 1280
and 390 px (test-artifacts/screenshots/table-*.png).

A small notebook made here (test-artifacts/fixtures/) holds one table: the bots move at once
(``pace=0``) and the coach searches few deals (``coach_worlds=4``), so the test is quick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from playwright.sync_api import expect
from positions import WILD

from .conftest import VoilaServer, axe_violations, open_notebook, scenario_table, screenshot, write_notebook

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table_notebook() -> Path:
    return write_notebook(
        "table.ipynb",
        nbformat.v4.new_code_cell("from buraco_widgets import GameTable"),
        nbformat.v4.new_code_cell('GameTable(rules="buraco", seed=5, pace=0, coach_worlds=4)'),
    )


def hand_codes(page: Any) -> list[str]:
    return list(page.evaluate("""() => Array.from(document.querySelectorAll(
        '.bw-game [data-testid="hand"] [data-testid="card"]')).map(c => c.dataset.code)"""))


def log_lines(page: Any) -> list[str]:
    return list(page.evaluate("() => Array.from(document.querySelectorAll('.bw-game-log li')).map(li => li.innerText)"))


def play_a_turn(page: Any) -> None:
    """Draw, select the first card of the hand and discard it, by clicking; wait for the others."""
    before = len(hand_codes(page))
    page.locator(".bw-action-draw").click()
    expect(page.locator('.bw-game [data-testid="hand"] [data-testid="card"]')).to_have_count(before + 1)
    page.locator('.bw-game [data-testid="hand"] [data-testid="card"]').first.click()
    discard_and_wait(page)


def discard_and_wait(page: Any) -> None:
    """Press Discard and wait until the others have played (the log grew past the discard)."""
    moves = len(log_lines(page))
    page.locator(".bw-action-discard").click()
    page.wait_for_function("""(moves) => {
        const s = document.querySelector('.bw-game-status');
        const n = document.querySelectorAll('.bw-game-log li').length;
        return s && (s.innerText.includes('is over') || (n > moves + 1 && s.innerText.includes('Your turn')));
    }""", arg=moves, timeout=60_000)


def hand_over(page: Any) -> bool:
    return "The hand is over" in page.locator(".bw-game-status").inner_text()


def wait_for_my_turn(page: Any) -> None:
    page.wait_for_function("""() => {
        const s = document.querySelector('.bw-game-status');
        return s && (s.innerText.includes('Your turn') || s.innerText.includes('is over'));
    }""", timeout=60_000)


@pytest.mark.timeout(600)
def test_a_hand_played_by_clicking_to_its_end(page: Any, voila: VoilaServer, table_notebook: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_notebook(page, voila, table_notebook)
    wait_for_my_turn(page)
    # Suggest: the coach selects the cards of its play and says why
    page.locator(".bw-action-draw").click()
    page.locator(".bw-action-suggest").click()
    note = page.locator(".bw-advice")
    expect(note).to_contain_text("The coach suggests:")
    assert note.locator("li").count() >= 1
    expect(page.locator('.bw-game [data-testid="hand"] [data-testid="card"][aria-pressed="true"]').first).to_be_visible()
    page.locator('.bw-game [data-testid="hand"] [data-testid="card"][aria-pressed="true"]').first.wait_for()
    screenshot(page, "table-1280-suggest")
    # play the suggestion if it is a discard, else discard the first card
    pressed = page.locator('.bw-game [data-testid="hand"] [data-testid="card"][aria-pressed="true"]')
    if pressed.count() != 1:
        for _ in range(pressed.count()):
            pressed.first.click()
        page.locator('.bw-game [data-testid="hand"] [data-testid="card"]').first.click()
    discard_and_wait(page)
    lines = log_lines(page)
    assert any(line.startswith("Left opponent") for line in lines) and all(" (seat " in line or
                                                                            line.startswith(("You", "Hand")) for line in lines)
    # the last computer play is marked; it flashes, except where the browser asks for reduced motion
    marked = page.locator(".bw-tt .bw-fresh")
    expect(marked.first).to_be_visible()
    assert marked.first.evaluate("e => getComputedStyle(e).animationName") == "bw-tt-flash"
    page.emulate_media(reduced_motion="reduce")
    assert marked.first.evaluate("e => getComputedStyle(e).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    screenshot(page, "table-1280-after-a-turn")
    for _ in range(80):
        if hand_over(page):
            break
        play_a_turn(page)
    assert hand_over(page)
    expect(page.locator(".bw-score-sheet table").first).to_be_visible()
    expect(page.locator(".bw-debrief")).to_contain_text("The coach's review of your hand", timeout=60_000)
    assert "The hand is over." in log_lines(page)[-1]
    screenshot(page, "table-1280-hand-over")
    assert axe_violations(page) == []
    page.watch.assert_clean()


@pytest.mark.timeout(300)
def test_a_reload_mid_hand_resumes_it(page: Any, voila: VoilaServer, table_notebook: Path) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_notebook(page, voila, table_notebook)
    wait_for_my_turn(page)
    for _ in range(3):
        play_a_turn(page)
    hand, lines = hand_codes(page), log_lines(page)
    assert len(lines) > 6
    kept = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('buraco-trainer/table/'))
        .map(k => JSON.parse(localStorage.getItem(k)).log.length)""")
    assert kept == [len(lines)], "the browser keeps the game as the page shows it"
    screenshot(page, "table-390-mid-hand")
    page.reload()
    open_notebook(page, voila, table_notebook)
    expect(page.locator(".bw-game")).to_contain_text("Welcome back")
    assert sorted(hand_codes(page)) == sorted(hand) and log_lines(page) == lines
    # and it goes on: by keyboard, the typed play and Enter
    box = page.locator(".bw-command input")
    box.focus()
    box.fill("draw")
    box.press("Enter")
    expect(page.locator('.bw-game [data-testid="hand"] [data-testid="card"]')).to_have_count(len(hand) + 1)
    expect(box).to_have_value("")
    page.locator(".bw-action-new-deal").click()
    expect(page.locator(".bw-confirm")).to_contain_text("Throw this hand away")
    page.locator(".bw-action-cancel-new").click()
    expect(page.locator('.bw-game [data-testid="hand"] [data-testid="card"]')).to_have_count(len(hand) + 1)
    assert axe_violations(page) == []
    page.watch.assert_clean()



@pytest.mark.timeout(240)
def test_the_table_asks_where_the_wild_card_goes_and_the_keyboard_chooses(page: Any, voila: VoilaServer) -> None:
    """An addition whose joker could go to either end: the table shows the meld each end makes and
    the learner chooses one with the keyboard; the meld on the table is the one chosen."""
    notebook = scenario_table("table-wild-end.ipynb", WILD)
    open_notebook(page, voila, notebook)
    page.locator('.bw-game [data-testid="hand"] [data-testid="card"][data-code="4h"]').click()
    page.locator('.bw-game [data-testid="meld"]').first.click()
    choice = page.locator(".bw-wild-end")
    expect(choice).to_be_visible()
    expect(page.locator(".bw-game")).to_contain_text("choose the end it goes to")
    options = choice.locator('[data-testid="choice-option"]')
    expect(options).to_have_count(2)
    expect(options.nth(0)).to_contain_text("the low end: run 3♥-6♥")
    expect(options.nth(1)).to_contain_text("the high end: run 4♥-7♥")
    options.nth(0).focus()
    page.keyboard.press("ArrowRight")   # the radio group: the arrow moves to the high end and chooses it
    expect(choice).to_be_hidden()
    expect(page.locator(".bw-game")).to_contain_text("You add 4♥")
    expect(page.locator('.bw-game [data-testid="meld"]').first).to_contain_text("7♥")
    screenshot(page, "table-wild-end")
    page.watch.assert_clean()
