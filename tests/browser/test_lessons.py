"""Every lesson in a real browser, as a learner sees it in Voila.

For each lessons/NN_*.ipynb (new lessons are picked up): the page loads, every widget output shows
its view, nothing on the page or in the console is an error, a traceback or "Failed to load model
class", and nothing is fetched from the internet. Then one puzzle of the page is answered by
clicking, first wrongly (a mistake the puzzle's file names), then rightly; the feedback shown
must be the engine's own message for that answer (``buraco_core.teach.check``) and name its rule,
with a link to the lesson section that teaches it, and the right answer comes from the engine
(``buraco_core.teach.solve``), never from the test. A link to a section opens the lesson at that
section. Every lesson passes axe-core's WCAG 2 A/AA rules as it loads and with a verdict shown, and
a puzzle can be solved with the keyboard alone. A screenshot of every lesson goes to
test-artifacts/screenshots/.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest
from playwright.sync_api import expect

from .conftest import BAD_TEXT, ROOT, VoilaServer, axe_violations, open_notebook, screenshot

pytestmark = pytest.mark.browser

LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
#: Puzzle kinds in the order the test prefers them (clicking cards first).
KIND_ORDER = ["make-meld", "make-buraco", "extend", "which-is-meld", "predict", "legal-play", "outcome", "seats",
              "meld-value", "score", "deal-count", "match"]


def lesson_puzzles(lesson: Path) -> list[Any]:
    """The puzzles of the lesson's data files (lessons/puzzles/NN_*.yaml|yml|json; a lesson in
    another language, lessons/de/NN_*.ipynb, has the same puzzles)."""
    from buraco_core.teach import load_puzzles

    folder = ROOT / "lessons" / "puzzles"
    files = sorted(p for p in folder.glob(lesson.name[:2] + "_*") if p.suffix in (".yaml", ".yml", ".json"))
    return [p for f in files for p in load_puzzles(f)]


def page_puzzles(page: Any) -> list[dict[str, Any]]:
    """What each puzzle widget on the page shows: its index, prompt and hand (card codes)."""
    return list(page.evaluate("""() => Array.from(document.querySelectorAll('.bw-puzzle')).map((el, i) => ({
        index: i,
        prompt: (el.querySelector('.bw-prompt strong') || {}).innerText || '',
        hand: Array.from(el.querySelectorAll('[data-testid="hand"] [data-testid="card"]')).map(c => c.dataset.code),
    }))"""))


def lesson_language(lesson: Path) -> str:
    """The language a lesson notebook is in: its folder's (lessons/de/), or English."""
    from buraco_core.messages import LANGUAGES

    return lesson.parent.name if lesson.parent.name in LANGUAGES else "en"


def shown_in(text: object, lang: str) -> str:
    """A catalog message (or a teacher's own words) as a page in ``lang`` shows it."""
    from buraco_core.messages import Message

    return text.text(lang) if isinstance(text, Message) else str(text)


def find_puzzle(page: Any, lesson: Path, lang: str = "en", first: bool = False) -> tuple[Any, Any]:
    """A puzzle on the page and the same puzzle read from the lesson's file (matched by prompt and
    hand), preferring the kinds answered by clicking cards; with ``first``, the page's first one."""
    known = lesson_puzzles(lesson)
    shown = page_puzzles(page)
    matches = []
    for dom in shown:
        for p in known:
            if dom["prompt"].strip() == shown_in(p.prompt, lang).strip() and (
                    not dom["hand"] or Counter(dom["hand"]) == Counter(p.hand)):
                matches.append((KIND_ORDER.index(p.kind) if p.kind in KIND_ORDER else 99, dom["index"], p))
                break
    assert matches, f"{lesson.name}: no puzzle of {len(known)} in its file matches the {len(shown)} on the page"
    _, index, puzzle = min(matches, key=lambda m: (0 if first else m[0], m[1]))
    return page.locator(".bw-puzzle").nth(index), puzzle


def click_card(widget: Any, code: str) -> Any:
    card = widget.locator(f'[data-testid="hand"] [data-testid="card"][data-code="{code}"][aria-pressed="false"]').first
    pressed = widget.locator('[data-testid="hand"] [data-testid="card"][aria-pressed="true"]')
    before = pressed.count()
    card.click()
    expect(pressed).to_have_count(before + 1)
    return card


def give_answer(widget: Any, puzzle: Any, answer: object) -> None:
    """Enter an answer the way a learner does: clicking cards, a meld, an option, or typing a number."""
    from buraco_core.teach import KINDS

    kind = KINDS[puzzle.kind]
    if kind.form in ("cards", "extend"):
        pressed = widget.locator('[data-testid="hand"] [data-testid="card"][aria-pressed="true"]')
        for left in reversed(range(pressed.count())):  # start from an empty selection
            pressed.first.click()
            expect(pressed).to_have_count(left)
        codes = answer
        if kind.form == "extend":
            meld_index, codes = answer  # type: ignore[misc]
            if puzzle.goal.get("meld") is None and len(puzzle.table) > 1:
                widget.locator('[data-testid="meld"]').nth(int(meld_index)).click()
        for code in codes:  # type: ignore[union-attr]
            click_card(widget, str(code))
    elif kind.form == "choice":
        values = [o.value for o in kind.options(puzzle)]
        option = widget.locator(f'[data-testid="choice-option"][data-index="{values.index(answer)}"]')
        option.click()
        expect(option).to_have_attribute("aria-checked", "true")
    else:
        box = widget.locator(".bw-number input")
        box.fill(str(answer))
        box.press("Enter")
    widget.locator(".bw-check").click()


def wrong_answer(puzzle: Any, right: object) -> object:
    """A wrong answer: the first mistake the puzzle's file names."""
    from buraco_core.teach import check

    assert puzzle.mistakes, f"{puzzle.id}: the file names no mistake"
    answer = puzzle.mistakes[0]
    if isinstance(answer, str) and puzzle.kind in ("make-meld", "make-buraco"):
        answer = answer.split()
    if isinstance(answer, list) and puzzle.kind == "extend":
        answer = (answer[0], answer[1])
    assert not check(puzzle, answer).correct
    return answer


def feedback_after(widget: Any, status: str) -> str:
    feedback = widget.locator(f'[data-testid="feedback"][data-status="{status}"]')
    feedback.wait_for()
    return str(feedback.inner_text())


def answer_wrong_then_right(widget: Any, puzzle: Any, wrong: object, right: object, lang: str = "en") -> None:
    """Answer a puzzle wrongly, then rightly, by clicking: each time the page shows the engine's own
    verdict (in the page's language), and the wrong one names the clause it turns on and links the
    section teaching it."""
    from buraco_core import CLAUSES
    from buraco_core.teach import KINDS, check

    give_answer(widget, puzzle, wrong)
    shown = feedback_after(widget, "wrong")
    verdict = check(puzzle, wrong)
    expected = verdict.message.text(lang)
    assert expected and expected.strip() in shown, f"wrong answer {wrong!r}: shown {shown!r}, engine says {expected!r}"
    rule = widget.locator('[data-testid="feedback-rule"]')  # the feedback names the rule it turns on
    assert rule.get_attribute("data-rule") == verdict.rule
    assert CLAUSES[verdict.rule].title_message.text(lang) in rule.inner_text()
    link = widget.locator('[data-testid="feedback-link"]')
    topic = KINDS[puzzle.kind].topic(puzzle)  # a strategy position: the section about its task
    anchor = f"topic-{topic}" if topic else f"clause-{verdict.rule}"
    assert (link.get_attribute("href") or "").endswith(f".ipynb#{anchor}")

    give_answer(widget, puzzle, right)
    shown = feedback_after(widget, "right")
    assert check(puzzle, right).message.text(lang).strip() in shown


@pytest.mark.timeout(180)
@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_loads_and_a_puzzle_is_solved_by_clicking(page: Any, voila: VoilaServer, lesson: Path) -> None:
    from buraco_core.teach import solve

    views = open_notebook(page, voila, lesson)
    assert views > 0, f"{lesson.name} shows no widget"
    screenshot(page, f"lesson-{lesson.stem}")
    body = page.inner_text("body")
    assert not BAD_TEXT.search(body), BAD_TEXT.search(body)
    assert not page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count(), "stderr on the page"
    page.watch.assert_clean()
    assert axe_violations(page) == [], f"{lesson.name} as it loads"
    if not lesson_puzzles(lesson):  # the review lesson deals other lessons' rules: test_mastery.py
        return

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

    answer_wrong_then_right(widget, puzzle, wrong, right)
    screenshot(page, f"lesson-{lesson.stem}-solved")
    page.watch.assert_clean()
    assert axe_violations(page) == [], f"{lesson.name} with a puzzle's feedback shown"


@pytest.mark.timeout(240)
def test_the_feedback_links_the_section_that_teaches_the_rule(page: Any, voila: VoilaServer) -> None:
    """A wrong answer's "Read it again" link opens the lesson at the section with the clause's anchor,
    in Voila (whose page shows only once every cell ran), at 1280 and at 390 px."""
    from buraco_core.teach import check, load_puzzle

    lesson = ROOT / "lessons" / "04_turn.ipynb"
    puzzle = load_puzzle(ROOT / "lessons" / "puzzles" / "04_turn.yaml", "draw-first")
    open_notebook(page, voila, lesson)
    widget = page.locator(".bw-puzzle").filter(has_text=str(puzzle.prompt)).first
    give_answer(widget, puzzle, "allowed")
    feedback_after(widget, "wrong")
    rule = check(puzzle, "allowed").rule
    link = widget.locator('[data-testid="feedback-link"]')
    assert link.get_attribute("href") == f"04_turn.ipynb#clause-{rule}"
    link.click()  # a section of the same lesson: the page scrolls up to it
    page.wait_for_function(
        f"() => {{ const a = document.getElementById('clause-{rule}'); const top = a.getBoundingClientRect().top;"
        " return top >= -5 && top < 200; }")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800})
        target = ROOT / "lessons" / "05_pot.ipynb"
        page.goto(voila.render_url(target) + "#clause-pot-guard", timeout=90_000)
        page.wait_for_function(
            "() => { const a = document.getElementById('clause-pot-guard');"
            " if (!a || document.querySelector('script[type=\"application/vnd.voila.cell-output+json\"]')) return false;"
            " const top = a.getBoundingClientRect().top; return top >= -5 && top < 200; }", timeout=90_000)
        page.wait_for_timeout(1500)  # still there once the widgets above have grown
        top = page.evaluate("() => document.getElementById('clause-pot-guard').getBoundingClientRect().top")
        assert -5 <= top < 200, f"at {width} px the section is at {top}"
        page.screenshot(path=str(ROOT / "test-artifacts" / "screenshots" / f"anchor-pot-guard-{width}.png"))
    page.watch.assert_clean()


@pytest.mark.timeout(240)
def test_lesson_09s_go_out_miss_says_so_links_its_section_and_another_one_stays_on_going_out(
        page: Any, voila: VoilaServer) -> None:
    """Lesson 09's "when to go out" position: a discard that does not go out is told so (the
    engine's verdict), the miss links the section "When to go out", and "Another one" deals another
    go-out position (the engine's next one: the session's own). Shots at 1280 and 390 px."""
    from buraco_core.sessions import PuzzleSession
    from buraco_core.teach import KINDS, check, load_puzzle

    lesson = ROOT / "lessons" / "09_strategy.ipynb"
    puzzle = load_puzzle(ROOT / "lessons" / "puzzles" / "09_strategy.yaml", "go-out-now")
    open_notebook(page, voila, lesson)
    prompt = shown_in(puzzle.prompt, "en")
    widget = page.locator(".bw-puzzle").filter(has_text=prompt).first
    widget.scroll_into_view_if_needed()
    give_answer(widget, puzzle, "discard 3d")
    shown = feedback_after(widget, "wrong")
    assert check(puzzle, "discard 3d").message.text("en").strip() in shown and "it does not go out" in shown
    link = widget.locator('[data-testid="feedback-link"]')
    assert link.get_attribute("href") == "09_strategy.ipynb#topic-out" and "When to go out" in link.inner_text()
    shots = ROOT / "test-artifacts" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):  # the page scrolls inside its cells: a viewport as tall as the puzzle
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        box = widget.bounding_box()
        assert box is not None
        page.set_viewport_size({"width": width, "height": int(box["height"]) + 120})
        page.wait_for_timeout(300)
        widget.scroll_into_view_if_needed()
        widget.screenshot(path=str(shots / f"lesson-09-go-out-miss-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})

    dealt = PuzzleSession(puzzle, lesson="09").another()
    labels = [o.label.text("en") for o in KINDS[dealt.kind].options(dealt)]
    widget.locator(".bw-another").click()
    options = widget.locator('[data-testid="choice-option"]')
    expect(options.first).to_contain_text(labels[0])
    expect(options).to_have_count(len(labels))
    for i, label in enumerate(labels):  # each drawn with its cards, and in the engine's words
        expect(options.nth(i)).to_contain_text(label)
    expect(widget.locator(".bw-prompt")).to_contain_text(prompt)  # still "You could go out now"
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
    from buraco_core.teach import solve

    widget, puzzle = find_puzzle(page, lesson)
    give_answer(widget, puzzle, solve(puzzle))
    feedback_after(widget, "right")
    done = page.locator(f'[data-testid="progress-lesson"][data-lesson="{lesson.name[:2]}"] '
                        f'.bw-done[data-item="{puzzle.id}"]')
    done.first.wait_for()
    page.reload()
    page.wait_for_function("() => document.querySelector('[data-testid=\"progress\"]')", timeout=timeout)
    done.first.wait_for(timeout=60_000)


@pytest.mark.timeout(240)
def test_a_puzzle_is_solved_with_the_keyboard_alone(page: Any, voila: VoilaServer) -> None:
    """No mouse: from the top of lesson 01, Tab reaches the cards of a make-meld puzzle, Space picks
    the engine's answer card by card, Tab reaches Check and Enter answers; the engine's verdict
    shows. Focus is visible on each control it stops at (an outline or a box shadow)."""
    from buraco_core.teach import check, solve

    lesson = ROOT / "lessons" / "01_melds.ipynb"
    open_notebook(page, voila, lesson)
    widget, puzzle = find_puzzle(page, lesson)
    assert puzzle.kind in ("make-meld", "make-buraco"), puzzle.kind
    right = [str(code) for code in solve(puzzle)]  # type: ignore[union-attr]
    index = page.evaluate("(el) => Array.from(document.querySelectorAll('.bw-puzzle')).indexOf(el)",
                          widget.element_handle())
    focused = """(index) => {
        const el = document.activeElement, box = document.querySelectorAll('.bw-puzzle')[index];
        if (!el || !box || !box.contains(el)) return null;
        const style = getComputedStyle(el);
        return {code: el.dataset.code || null, check: el.classList.contains('bw-check')
                    || !!el.closest('.bw-check'),
                visible: style.outlineStyle !== 'none' || style.boxShadow !== 'none'};
    }"""
    page.locator("body").focus()
    picked: list[str] = []
    for _ in range(400):
        page.keyboard.press("Tab")
        here = page.evaluate(focused, index)
        if here is None:
            continue
        assert here["visible"], f"no visible focus on {here}"
        if here["code"] in right and here["code"] not in picked:
            page.keyboard.press("Space")
            picked.append(here["code"])
        if here["check"] and sorted(picked) == sorted(right):
            page.keyboard.press("Enter")
            break
    else:
        raise AssertionError(f"Tab never reached Check with the answer picked (picked {picked} of {right})")
    shown = feedback_after(widget, "right")
    assert check(puzzle, right).message.text("en").strip() in shown
    page.watch.assert_clean()
