"""Every lesson in a real browser, as a learner sees it in Voila.

For each lessons/NN_*.ipynb (new lessons are picked up): the page loads, every widget output shows
its view, nothing on the page or in the console is an error, a traceback or "Failed to load model
class", and nothing is fetched from the internet. Then one puzzle of the page is answered by
clicking, first wrongly, then rightly; the feedback shown must be the engine's own message for
that answer (``buraco_core.puzzles.check``), and the right answer comes from the engine
(``buraco_core.puzzles.solve``), never from the test. A screenshot of every lesson goes to
test-artifacts/screenshots/.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest
from playwright.sync_api import expect

from .conftest import BAD_TEXT, ROOT, VoilaServer, open_notebook, screenshot

pytestmark = pytest.mark.browser

LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
#: Puzzle kinds in the order the test prefers them (clicking cards first).
KIND_ORDER = ["make-meld", "make-buraco", "extend", "which-is-meld", "legal-play", "meld-value", "score"]


def lesson_puzzles(lesson: Path) -> list[Any]:
    """The puzzles of the lesson's data files (lessons/puzzles/NN_*.yaml|yml|json)."""
    from buraco_core.puzzles import load_puzzles

    folder = lesson.parent / "puzzles"
    files = sorted(p for p in folder.glob(lesson.name[:2] + "_*") if p.suffix in (".yaml", ".yml", ".json"))
    return [p for f in files for p in load_puzzles(f)]


def page_puzzles(page: Any) -> list[dict[str, Any]]:
    """What each puzzle widget on the page shows: its index, prompt and hand (card codes)."""
    return list(page.evaluate("""() => Array.from(document.querySelectorAll('.bw-puzzle')).map((el, i) => ({
        index: i,
        prompt: (el.querySelector('.bw-prompt strong') || {}).innerText || '',
        hand: Array.from(el.querySelectorAll('[data-testid="hand"] [data-testid="card"]')).map(c => c.dataset.code),
    }))"""))


def find_puzzle(page: Any, lesson: Path) -> tuple[Any, Any]:
    """A puzzle on the page and the same puzzle read from the lesson's file (matched by prompt and
    hand), preferring the kinds answered by clicking cards."""
    from buraco_core.puzzles import default_prompt

    known = lesson_puzzles(lesson)
    shown = page_puzzles(page)
    matches = []
    for dom in shown:
        for p in known:
            prompt = p.prompt or default_prompt(p.kind, p.goal, p.rules)
            if dom["prompt"].strip() == prompt.strip() and (
                    not dom["hand"] or Counter(dom["hand"]) == Counter(p.hand)):
                matches.append((KIND_ORDER.index(p.kind) if p.kind in KIND_ORDER else 99, dom["index"], p))
                break
    assert matches, f"{lesson.name}: no puzzle of {len(known)} in its file matches the {len(shown)} on the page"
    _, index, puzzle = min(matches, key=lambda m: (m[0], m[1]))
    return page.locator(".bw-puzzle").nth(index), puzzle


def click_card(widget: Any, code: str) -> Any:
    card = widget.locator(f'[data-testid="hand"] [data-testid="card"][data-code="{code}"][aria-pressed="false"]').first
    pressed = widget.locator('[data-testid="hand"] [data-testid="card"][aria-pressed="true"]')
    before = pressed.count()
    card.click()
    expect(pressed).to_have_count(before + 1)
    return card


def give_answer(widget: Any, puzzle: Any, answer: object) -> None:
    """Enter an answer the way a learner does: clicking cards, a meld, an option, or typing points."""
    kind = puzzle.kind
    if kind in ("make-meld", "make-buraco", "extend"):
        pressed = widget.locator('[data-testid="hand"] [data-testid="card"][aria-pressed="true"]')
        for left in reversed(range(pressed.count())):  # start from an empty selection
            pressed.first.click()
            expect(pressed).to_have_count(left)
        codes = answer
        if kind == "extend":
            meld_index, codes = answer  # type: ignore[misc]
            if puzzle.goal.get("meld") is None and len(puzzle.table) > 1:
                widget.locator('[data-testid="meld"]').nth(int(meld_index)).click()
        for code in codes:  # type: ignore[union-attr]
            click_card(widget, str(code))
    elif kind == "which-is-meld":
        widget.locator(".bw-choice input[type=radio]").nth(int(answer)).check()  # type: ignore[call-overload]
    elif kind == "legal-play":
        widget.locator(".bw-choice button", has_text="Allowed" if answer == "allowed" else "Refused").click()
    elif kind in ("meld-value", "score"):
        box = widget.locator(".bw-number input")
        box.fill(str(answer))
        box.press("Enter")
    else:
        raise AssertionError(f"no way to answer a {kind!r} puzzle")
    widget.locator(".bw-check").click()


def wrong_answer(puzzle: Any, right: object) -> object:
    """An answer the engine refuses, made from the right one."""
    from buraco_core.puzzles import check

    kind = puzzle.kind
    candidates: list[object]
    if kind in ("make-meld", "make-buraco"):
        codes = list(right)  # type: ignore[call-overload]
        candidates = [codes[:i] + codes[i + 1:] for i in range(len(codes))]
        candidates += [[c, *codes[:2]] for c in puzzle.hand if c not in codes]
    elif kind == "extend":
        i, codes = right  # type: ignore[misc]
        candidates = [(i, [c]) for c in puzzle.hand if c not in codes] + [(i, list(codes)[:-1])]
    elif kind == "which-is-meld":
        candidates = [j for j in range(len(puzzle.options)) if j != right]
    elif kind == "legal-play":
        candidates = ["refused" if right == "allowed" else "allowed"]
    else:
        candidates = [int(right) + 10, int(right) - 5]  # type: ignore[call-overload]
    for answer in candidates:
        if not check(puzzle, answer).correct:
            return answer
    raise AssertionError(f"{puzzle.id}: found no wrong answer to try")


def feedback_after(widget: Any, status: str) -> str:
    feedback = widget.locator(f'[data-testid="feedback"][data-status="{status}"]')
    feedback.wait_for(timeout=20_000)
    return str(feedback.inner_text())


@pytest.mark.timeout(180)
@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_loads_and_a_puzzle_is_solved_by_clicking(page: Any, voila: VoilaServer, lesson: Path) -> None:
    from buraco_core.puzzles import check, solve

    views = open_notebook(page, voila, lesson)
    assert views > 0, f"{lesson.name} shows no widget"
    screenshot(page, f"lesson-{lesson.stem}")
    body = page.inner_text("body")
    assert not BAD_TEXT.search(body), BAD_TEXT.search(body)
    assert not page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count(), "stderr on the page"
    page.watch.assert_clean()

    widget, puzzle = find_puzzle(page, lesson)
    widget.scroll_into_view_if_needed()
    right = solve(puzzle)
    assert right is not None, f"{puzzle.id}: the engine finds no answer"
    wrong = wrong_answer(puzzle, right)

    if puzzle.kind in ("make-meld", "make-buraco", "extend"):  # a click selects a card and raises it
        code = puzzle.hand[0]
        card = widget.locator(f'[data-testid="hand"] [data-testid="card"][data-code="{code}"]').first
        before = card.bounding_box()
        card.click()
        page.wait_for_function("(el) => el.getAttribute('aria-pressed') === 'true'", arg=card.element_handle())
        assert "bw-selected" in (card.get_attribute("class") or "")
        page.wait_for_timeout(300)  # the raise is a CSS transition
        after = card.bounding_box()
        assert before and after and after["y"] < before["y"] - 5, "a selected card is raised"
        card.click()
        page.wait_for_function("(el) => el.getAttribute('aria-pressed') === 'false'", arg=card.element_handle())

    give_answer(widget, puzzle, wrong)
    shown = feedback_after(widget, "wrong")
    expected = check(puzzle, wrong).message
    assert expected and expected.strip() in shown, f"wrong answer {wrong!r}: shown {shown!r}, engine says {expected!r}"

    give_answer(widget, puzzle, right)
    shown = feedback_after(widget, "right")
    assert check(puzzle, right).message.strip() in shown
    screenshot(page, f"lesson-{lesson.stem}-solved")
    page.watch.assert_clean()


@pytest.mark.timeout(180)
def test_landing_page_links_to_every_lesson(page: Any, voila: VoilaServer) -> None:
    landing = ROOT / "lessons" / "00_welcome.ipynb"
    if not landing.exists():
        pytest.fail("lessons/00_welcome.ipynb is missing")
    open_notebook(page, voila, landing)
    hrefs = page.eval_on_selector_all("#rendered_cells a[href]", "links => links.map(a => a.getAttribute('href'))")
    linked = set()
    for href in hrefs:
        url = urljoin(page.url, href)
        path = urlparse(url).path
        if not path.endswith(".ipynb"):
            continue
        assert path.startswith("/voila/render/"), f"{href!r} leaves the app: {url}"
        target = ROOT / path.removeprefix("/voila/render/")
        assert target.exists(), f"{href!r} points at {target}, which does not exist"
        linked.add(target.resolve())
    missing = [p.name for p in LESSONS if p != landing and p.resolve() not in linked]
    assert not missing, f"the landing page does not link to {missing}"
    # Following a link opens that lesson in Voila.
    first = next(p for p in LESSONS if p != landing)
    page.locator(f'#rendered_cells a[href$="{first.name}"]').first.click()
    page.wait_for_url(f"**/voila/render/lessons/{first.name}", timeout=60_000)


@pytest.mark.timeout(180)
def test_progress_survives_a_reload(page: Any, voila: VoilaServer) -> None:
    """Solve a puzzle, reload (a new kernel): the Progress widget still shows it solved (localStorage)."""
    lesson = next((p for p in LESSONS if p.name[:2] != "00" and lesson_puzzles(p)), None)
    if lesson is None:
        pytest.fail("no lesson with puzzles")
    open_notebook(page, voila, lesson)
    solve_then_reload(page, lesson)
    page.watch.assert_clean()


def solve_then_reload(page: Any, lesson: Path, timeout: float = 120_000) -> None:
    """Solve a puzzle of the open lesson by clicking, see the Progress widget count it, reload the
    page and see it counted again (progress lives in the browser's localStorage)."""
    from buraco_core.puzzles import solve

    widget, puzzle = find_puzzle(page, lesson)
    give_answer(widget, puzzle, solve(puzzle))
    feedback_after(widget, "right")
    done = page.locator(f'[data-testid="progress-lesson"][data-lesson="{lesson.name[:2]}"] .bw-done',
                        has_text=puzzle.id)
    done.first.wait_for(timeout=20_000)
    page.reload()
    page.wait_for_function("() => document.querySelector('[data-testid=\"progress\"]')", timeout=timeout)
    done.first.wait_for(timeout=60_000)
