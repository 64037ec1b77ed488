"""Mastery and review in a real browser (issue 10), against the live Voila.

- An answer given in a lesson shows on the landing page's map of the rules, in the state the
  engine computes from what the browser keeps (:func:`buraco_core.teach.learners.mastery.clause_states`
  on the stored record), and stays there after a reload (a new kernel).
- The review lesson: a rule missed in a lesson (and answered right there at once after the miss)
  is due in today's review; answered right in the review, nothing is due and it says when the
  next review falls; the next day (the stored answers moved back a day) that rule is due, and
  still after a reload.
- The course's ruleset, chosen on the landing page, is the menu's and the quiz's ruleset in a
  lesson, also after a reload.
- axe-core finds no WCAG 2 A/AA violation on the landing page with its map, the review lesson,
  the glossary and the cheat sheet; the map (a chip opens the section that teaches its rule) and
  the review (Mixed practice, then Next) are used with the keyboard alone.
- The cheat sheet of every ruleset, printed to PDF by Chromium, fills at most two A4 pages; Print
  prints that same page.

Screenshots of the map at 1280 and 390 px go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ROOT, VoilaServer, axe_violations, open_notebook, screenshot
from .test_lessons import answer_wrong_then_right, feedback_after, find_puzzle, give_answer, wrong_answer

pytestmark = pytest.mark.browser

LESSONS = ROOT / "lessons"
LANDING = LESSONS / "00_welcome.ipynb"
REVIEW = LESSONS / "10_review.ipynb"
GLOSSARY = LESSONS / "glossary.ipynb"
CHEAT = LESSONS / "cheatsheet.ipynb"
STORAGE_KEY = "buraco-trainer/progress"
#: How a PDF names each of its pages (not the /Pages tree).
PDF_PAGE = re.compile(rb"/Type\s*/Page(?![s\w])")


def stored(page: Any) -> dict[str, Any]:
    """The learner's record as this browser keeps it (localStorage)."""
    raw = page.evaluate("(key) => window.localStorage.getItem(key)", STORAGE_KEY)
    assert raw, "nothing kept in localStorage"
    return dict(json.loads(raw))


def engine_level(page: Any, clause: str, rules: str) -> str:
    """The clause's level that the engine computes from the answers the browser keeps."""
    from buraco_core.teach.learners.mastery import Answer, clause_states

    answers = [Answer.from_json(a) for a in stored(page)["answers"]]
    return clause_states(answers, rules)[clause].level


def map_chip(page: Any, clause: str) -> Any:
    return page.locator(f'[data-testid="mastery-map"][data-loaded="true"] '
                        f'[data-testid="mastery-chip"][data-clause="{clause}"]')


def review_state(page: Any) -> str:
    """What the review shows once the browser's record has arrived: its status words."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    status = page.locator(".bw-review-status")
    try:
        page.wait_for_function(
            "() => { const s = document.querySelector('.bw-review-status');"
            " return s && s.innerText.trim() && !s.innerText.includes('Reading your progress'); }", timeout=60_000)
    except PlaywrightTimeout:
        shown = page.evaluate("() => Array.from(document.querySelectorAll('.bw-review, [data-testid=\"progress\"]'))"
                              ".map(e => e.innerText)")
        raise AssertionError(f"the review never left waiting: {shown}; the browser keeps "
                             f"{page.evaluate('(k) => localStorage.getItem(k)', STORAGE_KEY)}; console: {page.watch.console[-40:]}") from None
    return str(status.inner_text())


def a_day_earlier(page: Any) -> None:
    """Move every stored answer back one day, as if it had been given yesterday."""
    page.evaluate("""(key) => {
        const data = JSON.parse(window.localStorage.getItem(key));
        for (const a of data.answers) {
            const d = new Date(a.day + 'T12:00:00Z');
            d.setUTCDate(d.getUTCDate() - 1);
            a.day = d.toISOString().slice(0, 10);
            a.at = a.at - 86400000;
        }
        window.localStorage.setItem(key, JSON.stringify(data));
    }""", STORAGE_KEY)


def review_question(page: Any, clause: str) -> Any:
    """The review's first question, as the page deals it: one fresh question for each rule due on
    the learner's day, seeded by that day (:class:`buraco_widgets.Review`)."""
    from datetime import date

    from buraco_core.teach import get_course
    from buraco_core.teach.course import deal_clauses
    from buraco_core.teach.learners.mastery import Answer, clause_states, review_plan

    answers = [Answer.from_json(a) for a in stored(page)["answers"]]
    today = max(a.day for a in answers)
    plan = review_plan(clause_states(answers, "buraco"), today)
    assert plan[0] == clause, plan
    seed = int(date.strftime(today, "%Y%m%d")) * 1000 + 1
    return deal_clauses(plan, "buraco", seed, puzzles=get_course().puzzles())[0].puzzle


@pytest.mark.timeout(420)
def test_progress_and_the_due_review_survive_a_reload(page: Any, voila: VoilaServer) -> None:
    from buraco_core import CLAUSES
    from buraco_core.teach import check, solve

    lesson = LESSONS / "01_melds.ipynb"
    open_notebook(page, voila, lesson)
    widget, puzzle = find_puzzle(page, lesson)
    widget.scroll_into_view_if_needed()
    right = solve(puzzle)
    wrong = wrong_answer(puzzle, right)
    clause = puzzle.main_clause or check(puzzle, wrong).rule
    assert clause
    answer_wrong_then_right(widget, puzzle, wrong, right)
    page.wait_for_function("(key) => (JSON.parse(localStorage.getItem(key) || '{}').answers || []).length >= 2",
                           arg=STORAGE_KEY)
    level = engine_level(page, clause, puzzle.rules)
    assert level == "weak"   # right at once after the miss, in the same puzzle: not relearned yet

    # the landing page's map shows the rule in the engine's state, also after a reload
    open_notebook(page, voila, LANDING)
    expect(map_chip(page, clause)).to_have_attribute("data-level", level, timeout=60_000)
    label = map_chip(page, clause).get_attribute("aria-label") or ""
    assert CLAUSES[clause].title in label
    page.reload()
    expect(map_chip(page, clause)).to_have_attribute("data-level", level, timeout=90_000)

    # the review: the rule missed in the lesson is due today; answered right there, it is relearned
    open_notebook(page, voila, REVIEW)
    words = review_state(page)
    assert "due today" in words and CLAUSES[clause].title in words, words
    question = review_question(page, clause)
    widget = page.locator(".bw-review .bw-puzzle").first
    give_answer(widget, question, solve(question))
    feedback_after(widget, "right")
    page.locator(".bw-review-again").click()
    expect(page.locator(".bw-review-status")).to_contain_text("Nothing is due today")
    expect(page.locator(".bw-review-status")).to_contain_text("tomorrow")
    expect(page.locator(".bw-review-mixed")).to_be_visible()
    assert engine_level(page, clause, puzzle.rules) == "learning"

    # the next day: the rule is due, and still after a reload
    a_day_earlier(page)
    for _ in range(2):
        page.reload()
        words = review_state(page)
        assert "due today" in words and CLAUSES[clause].title in words, words
        due = page.locator(".bw-review-due a").filter(has_text=CLAUSES[clause].title)
        assert (due.first.get_attribute("href") or "").endswith(f"#clause-{clause}")
        expect(page.locator(".bw-review .bw-quiz")).to_be_visible()
    screenshot(page, "review-due")
    page.watch.assert_clean()


#: The ruleset menu's choice as it reads (ipywidgets writes the options' spaces as no-break spaces).
CHOICE = ("() => { const s = document.querySelector('.bw-ruleset-picker select');"
          " return s && s.selectedIndex >= 0 ? s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ') : ''; }")


@pytest.mark.timeout(300)
def test_the_course_ruleset_carries_from_the_landing_page_into_a_lesson(page: Any, voila: VoilaServer) -> None:
    from buraco_core import get_rules
    from buraco_core.messages import show

    italian = show(get_rules("italian"))
    open_notebook(page, voila, LANDING)
    page.locator('[data-testid="mastery-map"][data-loaded="true"]').wait_for(timeout=60_000)
    page.locator(".bw-ruleset-picker select").first.select_option(label=italian)
    expect(page.locator('[data-testid="mastery-map"]')).to_have_attribute("data-rules", "italian")
    page.wait_for_function(
        "(key) => ((JSON.parse(localStorage.getItem(key) || '{}').settings || {}).ruleset || {}).name === 'italian'",
        arg=STORAGE_KEY)

    lesson = LESSONS / "03_buracos.ipynb"
    for _ in range(2):  # the lesson, then the same lesson after a reload
        open_notebook(page, voila, lesson)
        page.wait_for_function(f"(name) => ({CHOICE})() === name", arg=italian, timeout=60_000)
        quiz = page.locator(".bw-quiz:not(.bw-puzzle-set)").first  # the quiz (a guided set keeps its puzzles)
        expect(quiz.locator(".bw-ruleset").first).to_contain_text(italian)
    assert page.evaluate(CHOICE) == italian
    page.watch.assert_clean()


@pytest.mark.timeout(420)
@pytest.mark.parametrize("notebook", [LANDING, REVIEW, GLOSSARY, CHEAT], ids=lambda p: p.stem)
def test_the_map_review_glossary_and_cheat_sheet_pass_axe(page: Any, voila: VoilaServer, notebook: Path) -> None:
    open_notebook(page, voila, notebook)
    if notebook == REVIEW:
        review_state(page)
    if notebook == LANDING:
        page.locator('[data-testid="mastery-map"][data-loaded="true"]').wait_for(timeout=60_000)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        violations = axe_violations(page)
        assert not violations, f"{notebook.name} at {width} px: axe-core (WCAG 2 A/AA):\n" + "\n".join(violations)
        wide = page.evaluate("() => document.querySelector('#rendered_cells').scrollWidth"
                             " - document.querySelector('#rendered_cells').clientWidth")
        assert wide <= 2, f"{notebook.name} at {width} px is {wide} px wider than the page"
        if notebook == LANDING:
            the_map = page.locator('[data-testid="mastery-map"]')
            box = the_map.bounding_box()
            assert box is not None
            page.set_viewport_size({"width": width, "height": int(box["height"]) + 400})  # all of it in view
            the_map.scroll_into_view_if_needed()
            the_map.screenshot(path=str(ROOT / "test-artifacts" / "screenshots" / f"mastery-map-{width}.png"))
            page.set_viewport_size({"width": width, "height": 900})
        screenshot(page, f"{notebook.stem}-{width}")
    page.watch.assert_clean()


def tab_until(page: Any, test: str, limit: int = 120) -> None:
    """Press Tab until ``test`` (a JS expression on ``document.activeElement``, as ``el``) holds."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const el = document.activeElement; return !!(el && ({test})); }}"):
            return
    raise AssertionError(f"{limit} presses of Tab never reached {test}")


@pytest.mark.timeout(300)
def test_the_map_by_keyboard(page: Any, voila: VoilaServer) -> None:
    """Tab from the ruleset menu reaches a rule on the map; Enter opens the section teaching it."""
    open_notebook(page, voila, LANDING)
    page.locator('[data-testid="mastery-map"][data-loaded="true"]').wait_for(timeout=60_000)
    page.locator(".bw-ruleset-picker select").first.focus()
    tab_until(page, "el.dataset.testid === 'mastery-chip'")
    href = page.evaluate("() => document.activeElement.getAttribute('href')")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none"), "the focused rule shows no focus outline"
    notebook, _, anchor = href.partition("#")
    assert notebook.endswith(".ipynb") and anchor.startswith("clause-"), href
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/voila/render/lessons/{notebook}#{anchor}", timeout=60_000)
    page.wait_for_function(
        f"() => {{ const a = document.getElementById('{anchor}');"
        " if (!a || document.querySelector('script[type=\"application/vnd.voila.cell-output+json\"]')) return false;"
        " const top = a.getBoundingClientRect().top; return top >= -5 && top < 250; }", timeout=90_000)
    page.watch.assert_clean()


@pytest.mark.timeout(300)
def test_the_review_by_keyboard(page: Any, voila: VoilaServer) -> None:
    """Nothing due (a new learner): Tab to Mixed practice, Space deals a session, Tab and Enter
    on Next moves to the second question."""
    open_notebook(page, voila, REVIEW)
    assert "Nothing is due today" in review_state(page)
    page.locator("body").focus()
    tab_until(page, "el.classList.contains('bw-review-mixed')")
    page.keyboard.press("Space")
    quiz = page.locator(".bw-review .bw-quiz")
    expect(quiz).to_be_visible()
    assert "Mixed practice" in page.locator(".bw-review-status").inner_text()
    first = quiz.locator(".bw-puzzle .bw-prompt").first.inner_text()
    tab_until(page, "el.closest('.bw-quiz-nav') && el.innerText.trim().startsWith('Next')")
    page.keyboard.press("Enter")
    page.wait_for_function("(first) => { const p = document.querySelector('.bw-review .bw-quiz .bw-puzzle .bw-prompt');"
                           " return p && p.innerText !== first; }", arg=first)
    page.watch.assert_clean()


@pytest.mark.timeout(300)
def test_every_cheat_sheet_prints_on_two_a4_pages(page: Any, voila: VoilaServer) -> None:
    """Each ruleset's sheet (the page Print prints) printed to PDF by Chromium: at most two A4 pages,
    and more than one line of rules on them (not an empty print)."""
    from buraco_core import RULESETS
    from buraco_core.teach.course.cheatsheet import cheat_sheet

    open_notebook(page, voila, CHEAT)
    sheet = page.locator('[data-testid="cheat-sheet"]')
    expect(sheet).to_be_visible()
    # what Print prints and the link downloads is the engine's page for the course's ruleset
    shown = page.evaluate("async () => (await fetch(document.querySelector('[data-testid=\"cheat-download\"]')"
                          ".href)).text()")
    assert shown == cheat_sheet("buraco").document()
    out = ROOT / "test-artifacts" / "cheat"
    out.mkdir(parents=True, exist_ok=True)
    printer = page.context.new_page()
    printer.emulate_media(media="print")
    for name in RULESETS:
        sheet_page = cheat_sheet(name)
        printer.set_content(sheet_page.document())
        pdf = printer.pdf(format="A4", print_background=True, prefer_css_page_size=True)
        (out / f"cheat-sheet-{name}.pdf").write_bytes(pdf)
        pages = len(PDF_PAGE.findall(pdf))
        assert 1 <= pages <= 2, f"the {name} cheat sheet prints on {pages} A4 pages"
        assert printer.locator(".bw-cheat header h2").first.inner_text() == sheet_page.title
    printer.close()
    page.watch.assert_clean()



@pytest.mark.timeout(300)
def test_a_quiz_of_five_with_one_miss_counts_the_first_tries(page: Any, voila: VoilaServer) -> None:
    """Lesson 03's quiz, its first question missed and every other right, the one asked again too:
    it ends "4 of 5 right at the first try ... 5 questions, 1 asked again", not "6 of 6 right"."""
    from buraco_core.teach import KINDS, check, solve
    from buraco_core.teach.course import deal_quiz
    from buraco_core.teach.course.syllabus import retry

    dealt = deal_quiz("03", "buraco", 1, 5)
    puzzles = [d.puzzle for d in dealt] + [retry(dealt[0], 1).puzzle]
    first = puzzles[0]
    miss = next(a for a in KINDS[first.kind].tempting(first) if check(first, a).answered and not check(first, a).correct)
    open_notebook(page, voila, LESSONS / "03_buracos.ipynb")
    quiz = page.locator(".bw-quiz:not(.bw-puzzle-set)").first
    header = quiz.locator(".bw-quiz-header")
    for number, puzzle in enumerate(puzzles, 1):
        while not header.inner_text().startswith(f"Question {number} of"):
            shown = quiz.locator(".bw-puzzle").first.element_handle()
            quiz.locator(".bw-next").click()
            page.wait_for_function("(el) => !el.isConnected", arg=shown)
        widget = quiz.locator(".bw-puzzle").first
        widget.scroll_into_view_if_needed()
        give_answer(widget, puzzle, miss if number == 1 else solve(puzzle))
        feedback_after(widget, "wrong" if number == 1 else "right")
        if number == 1:
            expect(header).to_contain_text("of 6")
    expect(quiz.locator(".bw-quiz-score")).to_contain_text(
        "Score: 4 of 5 right at the first try, without a hint (5 questions, 1 asked again after a miss).")
    assert "6 of 6" not in quiz.locator(".bw-quiz-score").inner_text()
    page.watch.assert_clean()


@pytest.mark.timeout(300)
def test_a_miss_recorded_in_another_tab_reaches_the_open_review(page: Any, voila: VoilaServer) -> None:
    """The review lesson open in one tab, a lesson in another records a miss: the open review (its
    kernel told by the browser's storage event) finds the rule due without a reload."""
    from datetime import date

    from buraco_core.teach.learners.mastery import Answer, Outcome

    open_notebook(page, voila, REVIEW)
    assert "Nothing is due today" in review_state(page)
    today = date.fromisoformat(page.evaluate(
        "() => { const d = new Date(); d.setMinutes(d.getMinutes() - d.getTimezoneOffset());"
        " return d.toISOString().slice(0, 10); }"))
    record = {"format": "buraco-progress/3", "solved": {}, "settings": {}, "assignments": {}, "answers": [
        Answer("run", "buraco", Outcome.WRONG, "run-x", today, 1, "tab-1", "01", "quiz", session="quiz-tab").to_json()]}
    other = page.context.new_page()
    try:
        other.goto(voila.url)   # the same origin: another page of this browser
        other.evaluate("([key, text]) => window.localStorage.setItem(key, text)", [STORAGE_KEY, json.dumps(record)])
    finally:
        other.close()
    expect(page.locator(".bw-review-status")).to_contain_text("due today")
    expect(page.locator(".bw-review-due")).to_contain_text("runs")
    page.watch.assert_clean()
