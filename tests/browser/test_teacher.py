"""Teachers and their classes in a real browser (issue 23), against the live Voila.

- The sample class (thirty learners who played the course's quizzes with scripted answers:
  buraco_core.teach.learners.sample_class) is loaded into the teacher's page as thirty files, with bad files
  and a damaged code beside them: the bad ones are listed with a sentence each, the thirty load,
  and every figure on the page (the map's counts of every clause, every learner's row, the
  mistakes made most, the results per question of the assignment) is the engine's for those files
  and what the script leads to. A clause opens its learners and mistakes; the table sorts.
- A learner hands in from the landing page (a file downloaded and a code copied); the teacher's
  page loads the file, then the code, and shows that learner; another browser imports the code.
- An assignment link made on the teacher's page deals the same questions in two browsers; one
  learner answers and hands in, and the results per question show it.
- The class report prints on one A4 page for the thirty (Chromium's PDF), in both languages.
- axe-core finds no WCAG 2 A/AA violation on the teacher's page at 1280 and 390 px; nothing runs
  off a phone's screen. Screenshots go to test-artifacts/screenshots/teacher-*.png.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, VoilaServer, axe_violations, open_notebook, screenshot, watched_page
from .test_lessons import find_puzzle, give_answer

pytestmark = pytest.mark.browser

LESSONS = ROOT / "lessons"
TEACHER = LESSONS / "teacher.ipynb"
LANDING = LESSONS / "00_welcome.ipynb"
PDF_PAGE = re.compile(rb"/Type\s*/Page(?![s\w])")
#: The teacher's guide's pictures (docs/images/ holds the ones looked at and kept).
GUIDE = ROOT / "test-artifacts" / "screenshots" / "guide"


def picture(locator: Any, name: str) -> None:
    """A screenshot of one part of the page for the teacher's guide."""
    GUIDE.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(GUIDE / f"{name}.png"))
LEVELS = ("mastered", "learning", "weak", "new", "elsewhere")


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], Any]:
    """The sample class as thirty files (answered today: the page's day), and the engine's view of them."""
    from buraco_core.teach.learners.classroom import read_class
    from buraco_core.teach.learners.sample_class import sample_class

    folder = tmp_path_factory.mktemp("class")
    today = date.today()
    paths = []
    for h in sample_class(today):
        path = folder / h.file_name()
        path.write_text(h.dumps(), encoding="utf-8")
        paths.append(path)
    return paths, read_class([(p.name, p.read_text()) for p in paths], today)


def load(page: Any, files: list[Path], codes: str = "", learners: int | None = None) -> None:
    if files:
        page.set_input_files('[data-testid="class-files"]', [str(p) for p in files])
    page.fill('[data-testid="class-codes"]', codes)
    page.click('[data-testid="class-load"]')
    if learners is not None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        words = f"{learners} learner{'s' if learners != 1 else ''} in the class."
        try:
            page.wait_for_function("(w) => document.querySelector('[data-testid=class-summary]').textContent === w",
                                   arg=words, timeout=60_000)
        except PlaywrightTimeout:
            shown = page.locator('[data-testid="class-loader"]').inner_text()
            raise AssertionError(f"not {words!r} but {shown!r}; console: {page.watch.console[-10:]}") from None


def fits(page: Any) -> list[str]:
    return list(page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        return Array.from(document.querySelectorAll('#rendered_cells *')).filter(el => {
            if (el.closest('.bw-class-scroll, .bw-class-report')) return false;  // these scroll
            const box = el.getBoundingClientRect();
            return box.width && box.height && box.right > width + 1;
        }).map(el => `${el.tagName.toLowerCase()}.${el.className}`).slice(0, 8);
    }"""))


@pytest.mark.timeout(420)
def test_the_sample_class_loads_and_every_figure_on_the_page_matches(page: Any, voila: VoilaServer,
                                                                     sample: tuple[list[Path], Any],
                                                                     tmp_path: Path) -> None:
    from buraco_core import CLAUSES

    paths, view = sample
    open_notebook(page, voila, TEACHER)
    assert axe_violations(page) == [], "the teacher's page as it loads"
    bad = tmp_path / "notes.txt"
    bad.write_text("our class trip: Tuesday")
    empty = tmp_path / "empty.json"
    empty.write_text("")
    code = next(h for h in view.learners if h.name == "Ada").handin.code()
    damaged = code[:60] + ("x" if code[60] != "x" else "y") + code[61:]
    load(page, [*paths, bad, empty], codes=damaged, learners=30)
    problems = page.locator('[data-testid="class-problem"]').all_inner_texts()
    assert sorted(problems) == sorted([
        f"code 1: This code is damaged (it begins {damaged[:14]} and ends {damaged[-6:]}): a character is missing"
        " or changed, so its check does not match what it holds. Ask its learner to send the whole code again.",
        "empty.json: The file is empty.",
        "notes.txt: This is not a progress file of the Buraco trainer, nor its code."])

    # the map: every clause's counts are the engine's, and what the script leads to for runs
    page.wait_for_selector('[data-testid="class-rule"][data-clause="run"][data-mastered="10"]')
    shown = page.evaluate("""() => Object.fromEntries(Array.from(document.querySelectorAll('[data-testid=class-rule]'))
        .map(b => [b.dataset.clause, [b.dataset.mastered, b.dataset.learning, b.dataset.weak, b.dataset.new,
                                      b.dataset.elsewhere].map(Number)]))""")
    assert shown == {c: [view.clause_row(c).count(level) for level in LEVELS] for c in CLAUSES}
    assert shown["run"] == [10, 10, 5, 5, 0]
    rule = page.locator('[data-testid="class-rule"][data-clause="run"]')
    rule.click()
    detail = page.locator('[data-testid="class-detail"][data-clause="run"]')
    assert rule.get_attribute("aria-expanded") == "true"
    assert "missed last: Uli, Vera, Wim, Xenia, Yusuf" in detail.inner_text()
    assert detail.locator('[data-testid="class-mistake-who"]').first.get_attribute("data-n") == "5"
    assert detail.locator("a").first.get_attribute("href") == "01_melds.ipynb#clause-run"
    picture(page.locator('[data-testid="class-loader"]'), "teacher-load")
    picture(page.locator('[data-testid="class-map"] .bw-class-group').first, "teacher-map-clause")

    # the learners: every row's figures, who is behind, and the sort
    rows = page.evaluate("""() => Array.from(document.querySelectorAll('[data-testid=class-learner]')).map(r =>
        Object.fromEntries(Array.from(r.querySelectorAll('[data-column]')).map(c => [c.dataset.column, c.innerText])))""")
    assert [r["name"] for r in rows] == [x.name for x in view.learners]
    for row, learner in zip(rows, view.learners, strict=True):
        assert (int(row["lessons"]), int(row["mastered"]), int(row["learning"]), int(row["weak"]), int(row["due"])) \
            == (len(learner.lessons_done), learner.count("mastered"), learner.count("learning"), learner.count("weak"),
                learner.due), learner.name
        assert (row["behind"] == "behind") == view.behind(learner)
    assert sum(r["behind"] == "behind" for r in rows) == 10
    summary = page.locator('[data-testid="class-learners-summary"]').inner_text()
    assert summary == "30 learners; median lessons done: 2. 10 learners are behind."
    # what "behind" means stands under the table, and its heading points to it
    note = page.locator('[data-testid="class-behind-note"]')
    assert note.inner_text().startswith("Behind: no answer handed in yet, or 2 lessons or more fewer done than the "
                                        "class's median")
    assert page.locator('[data-testid="class-sort"][data-column="behind"]').get_attribute("aria-describedby") == \
        note.get_attribute("id")
    page.click('[data-testid="class-sort"][data-column="weak"]')
    first = page.locator('[data-testid="class-learner"]').first
    assert first.get_attribute("data-name") in ("Uli", "Vera") and \
        page.locator('th[aria-sort="descending"] [data-column="weak"]').count() == 1

    # the mistakes made most, and the assignment's results per question
    who = page.locator('[data-testid="class-top"] [data-testid="class-mistake-who"]')
    assert [w.get_attribute("data-n") for w in who.all()] == ["5", "3", "2", "1"]
    assert page.locator('[data-testid="class-top"] [data-testid="class-mistake"]').first.get_attribute("data-puzzle") \
        == "first-run"
    results = page.evaluate("""() => Array.from(document.querySelectorAll('[data-testid=assign-question]')).map(q =>
        ['first', 'helped', 'wrong', 'open'].map(c => Number(q.querySelector(`[data-column=${c}]`).innerText)))""")
    assert results == [[10, 10, 5, 0], [10, 0, 5, 10], [10, 0, 5, 10]]
    # per question, who: the names of each group, and the five who never opened the link
    first_who = page.locator('[data-testid="assign-question-who"][data-number="1"]')
    assert first_who.locator('[data-testid="assign-who"][data-column="wrong"]').inner_text() == \
        "Wrong: Uli, Vera, Wim, Xenia, Yusuf"
    assert first_who.locator('[data-testid="assign-who"][data-column="unopened"]').inner_text() == \
        "Never opened the link: Arne, Bea, Cem, Dora, Zoe"
    cards = page.locator('[data-testid="assign-cards"]').all_inner_texts()
    assert len(cards) == 3 and cards[0] != cards[2]     # questions 1 and 3 share a prompt, not their cards
    assert page.locator('[data-testid="class-export"] [data-testid="class-csv"]').get_attribute("download") == \
        f"buraco-class-{date.today().isoformat()}.csv"

    picture(page.locator('[data-testid="class-learners"]'), "teacher-learners")
    picture(page.locator('[data-testid="class-top"]'), "teacher-mistakes")
    picture(page.locator('[data-testid="assign-results"]'), "teacher-results")
    screenshot(page, "teacher-class-1280")
    assert axe_violations(page) == [], "the teacher's page with the class and a clause opened"
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    assert fits(page) == [], "the teacher's page at 390 px runs off the side"
    screenshot(page, "teacher-class-390")
    assert axe_violations(page) == [], "the teacher's page at 390 px"
    page.watch.assert_clean()


@pytest.mark.timeout(300)
def test_the_report_prints_on_one_a4_page_for_a_class_of_thirty(page: Any, voila: VoilaServer,
                                                                sample: tuple[list[Path], Any]) -> None:
    from buraco_core.teach.learners.class_report import report_document
    from buraco_core.teach.learners.classroom import course_puzzles

    paths, view = sample
    open_notebook(page, voila, TEACHER)
    load(page, paths, learners=30)
    link = page.locator('[data-testid="class-report-download"]')
    link.wait_for()
    shown = page.evaluate("async () => (await fetch(document.querySelector('[data-testid=class-report-download]')"
                          ".href)).text()")
    assert shown == report_document(view.__class__(view.learners, (), view.today), "en", LESSONS,
                                    course_puzzles(LESSONS))
    out = ROOT / "test-artifacts" / "teacher"
    out.mkdir(parents=True, exist_ok=True)
    printer = page.context.new_page()
    printer.emulate_media(media="print")
    printer.set_viewport_size({"width": 726, "height": 1047})   # A4 inside the report's margins, at 96 dpi
    for lang, folder in (("en", LESSONS), ("de", LESSONS)):
        printer.set_content(report_document(view, lang, folder, course_puzzles(folder)))
        assert printer.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"), \
            f"the {lang} report is wider than the page"
        pdf = printer.pdf(format="A4", print_background=True, prefer_css_page_size=True)
        (out / f"class-report-{lang}.pdf").write_bytes(pdf)
        assert len(PDF_PAGE.findall(pdf)) == 1, f"the {lang} report of 30 learners prints on more than one A4 page"
        assert printer.locator(".bw-report-learner").count() == 30
        GUIDE.mkdir(parents=True, exist_ok=True)
        printer.screenshot(path=str(GUIDE / f"teacher-report-{lang}.png"), full_page=True)
    printer.close()
    page.watch.assert_clean()


@pytest.mark.timeout(420)
def test_a_learner_hands_in_and_the_teachers_page_shows_them(page: Any, voila: VoilaServer, browser: Any,
                                                              tmp_path: Path) -> None:
    from buraco_core.teach import solve
    from buraco_core.teach.learners.handin import read_handin

    open_notebook(page, voila, LANDING)
    widget, puzzle = find_puzzle(page, LANDING)
    widget.scroll_into_view_if_needed()
    give_answer(widget, puzzle, solve(puzzle))
    widget.locator('[data-testid="feedback"][data-status="right"]').wait_for(timeout=30_000)
    handin = page.locator('[data-testid="handin"]')
    handin.scroll_into_view_if_needed()
    page.fill('[data-testid="handin-name"]', "Ana Lima")
    page.click('[data-testid="handin-button"]')
    page.wait_for_function("() => document.querySelector('[data-testid=handin-code]').value.startsWith('buraco1.')"
                           " && document.querySelector('[data-testid=handin-message]').textContent !== ''",
                           timeout=30_000)
    assert page.locator('[data-testid="handin-message"]').inner_text().startswith("Handed in: 1 answer, 0 lessons done")
    with page.expect_download() as download:
        page.click('[data-testid="handin-download"]')
    name = download.value.suggested_filename
    assert re.fullmatch(r"buraco-progress-ana-lima-\d{4}-\d\d-\d\d\.json", name), name
    file = tmp_path / name
    download.value.save_as(file)
    code = page.locator('[data-testid="handin-code"]').input_value()
    assert read_handin(code) == read_handin(file.read_text())
    assert read_handin(code).record.answers[0].variant == puzzle.id
    screenshot(page, "teacher-handin-1280")
    picture(handin, "learner-handin")
    assert axe_violations(page) == [], "the landing page with a hand-in made"

    for teacher in watched_page(browser, voila.url):
        open_notebook(teacher, voila, TEACHER)
        load(teacher, [file], learners=1)
        row = teacher.locator('[data-testid="class-learner"][data-name="Ana Lima"]')
        assert row.locator('[data-column="lessons"]').inner_text() == "0"
        teacher.click('[data-testid="class-clear"]')
        teacher.wait_for_function("() => document.querySelector('[data-testid=class-summary]').textContent"
                                  " === 'No learner loaded yet.'")
        load(teacher, [], codes="Here is mine:\n" + "\n".join(code[i:i + 64] for i in range(0, len(code), 64)),
             learners=1)
        assert teacher.locator('[data-testid="class-learner"][data-name="Ana Lima"]').count() == 1
        assert teacher.locator('[data-testid="class-problem"]').count() == 0
        teacher.watch.assert_clean()

    # another browser (another Binder host) takes the progress along with the code
    for other in watched_page(browser, voila.url):
        open_notebook(other, voila, LANDING)
        box = other.locator('[data-testid="handin"] details')
        box.locator("summary").click()
        other.fill('[data-testid="handin-import-code"]', code)
        other.click('[data-testid="handin-import"]')
        other.wait_for_function("() => document.querySelector('[data-testid=handin-message]').textContent"
                                ".startsWith('Imported: 1 new solved item and 1 new answer')", timeout=30_000)
        other.watch.assert_clean()
    page.watch.assert_clean()


def step_to(page: Any, number: int) -> Any:
    """Question ``number`` (from 1) of the review's quiz, by Next; its puzzle, once shown."""
    quiz = page.locator(".bw-review .bw-quiz")
    header = quiz.locator(".bw-quiz-header")
    while not header.inner_text().startswith(f"Question {number} of"):
        shown = quiz.locator(".bw-puzzle").first.element_handle()
        quiz.locator(".bw-next").click()
        page.wait_for_function("(el) => !el.isConnected", arg=shown, timeout=30_000)  # the next one replaced it
    puzzle = quiz.locator(".bw-puzzle").first
    puzzle.locator(".bw-prompt strong").wait_for()
    return puzzle


def questions_shown(page: Any, n: int) -> list[tuple[str, list[str], str]]:
    """The assignment's questions as a learner's page shows them: each prompt, hand and options."""
    out = []
    for number in range(1, n + 1):
        puzzle = step_to(page, number)
        out.append(tuple(puzzle.evaluate("""(el) => [el.querySelector('.bw-prompt strong').innerText,
            Array.from(el.querySelectorAll('[data-testid="hand"] [data-testid="card"]')).map(c => c.dataset.code),
            Array.from(el.querySelectorAll('[data-testid="choice-option"]')).map(o => o.innerText).join(' | ')]""")))
    return out


@pytest.mark.timeout(480)
def test_an_assignment_link_deals_the_same_questions_in_two_browsers(page: Any, voila: VoilaServer, browser: Any,
                                                                     tmp_path: Path) -> None:
    from buraco_core.teach import solve
    from buraco_core.teach.learners.assignment import parse_assignment

    open_notebook(page, voila, TEACHER)
    maker = page.locator('[data-testid="assign-maker"]')
    maker.locator('details.bw-assign-group').first.locator("summary").click()
    for clause in ("run", "set"):
        maker.locator(f'[data-testid="assign-clause"][data-clause="{clause}"]').check()
    page.fill('[data-testid="assign-name"]', "Week 1")
    page.fill('[data-testid="assign-n"]', "3")
    page.fill('[data-testid="assign-seed"]', "9")
    page.click('[data-testid="assign-make"]')
    page.wait_for_function("() => document.querySelector('[data-testid=assign-link]').value.includes('#set=')")
    link = page.locator('[data-testid="assign-link"]').input_value()
    assert link.startswith(voila.render_url(LESSONS / "10_review.ipynb") + "#set=name:Week%201/rules:buraco/")
    assignment = parse_assignment(link)
    puzzles = [d.puzzle for d in assignment.questions()]
    # the page says which form of link it made and why, and that 127.0.0.1 is this computer only
    assert page.inner_text('[data-testid="assign-link-note"]').startswith("Made for this server (http://127.0.0.1:")
    assert page.inner_text('[data-testid="assign-link-warning"]').startswith("This page is open at 127.0.0.1,")
    screenshot(page, "teacher-assignment-1280")
    picture(maker, "teacher-assignment")

    seen = []
    for learner in (watched_page(browser, voila.url), watched_page(browser, voila.url)):
        for other in learner:
            other.goto(link, timeout=90_000)
            other.locator(".bw-review-assignment").wait_for(timeout=90_000)
            assert "Assignment “Week 1”: 3 questions in Classic Buraco" in other.inner_text(".bw-review-assignment")
            seen.append(questions_shown(other, 3))
            if len(seen) == 1:   # the first learner answers every question right, then hands in
                other.reload()
                other.locator(".bw-review-assignment").wait_for(timeout=90_000)
                for number, puzzle in enumerate(puzzles, start=1):
                    widget = step_to(other, number)
                    give_answer(widget, puzzle, solve(puzzle))
                    widget.locator('[data-testid="feedback"][data-status="right"]').wait_for(timeout=30_000)
                other.fill('[data-testid="handin-name"]', "Bo")
                other.click('[data-testid="handin-button"]')
                other.wait_for_function("() => document.querySelector('[data-testid=handin-code]').value", timeout=30_000)
                with other.expect_download() as download:
                    other.click('[data-testid="handin-download"]')
                download.value.save_as(tmp_path / "bo.json")
            other.watch.assert_clean()
    assert seen[0] == seen[1] and len(seen[0]) == 3
    assert [shown[0] for shown in seen[0]] == [str(p.prompt) for p in puzzles]

    load(page, [tmp_path / "bo.json"], learners=1)
    results = page.evaluate("""() => Array.from(document.querySelectorAll('[data-testid=assign-question]')).map(q =>
        ['first', 'helped', 'wrong', 'open'].map(c => Number(q.querySelector(`[data-column=${c}]`).innerText)))""")
    assert results == [[1, 0, 0, 0]] * 3
    page.watch.assert_clean()


@pytest.mark.timeout(240)
def test_the_german_teachers_page_with_a_class(page: Any, voila: VoilaServer, sample: tuple[list[Path], Any]) -> None:
    paths, _view = sample
    open_notebook(page, voila, LESSONS / "de" / "teacher.ipynb")
    page.set_input_files('[data-testid="class-files"]', [str(p) for p in paths])
    page.click('[data-testid="class-load"]')
    page.wait_for_function("() => document.querySelector('[data-testid=class-summary]').textContent"
                           " === '30 Lernende in der Klasse.'", timeout=60_000)
    page.locator('[data-testid="class-rule"][data-clause="set"]').click()
    assert "zuletzt falsch beantwortet: Uli, Vera, Wim, Xenia, Yusuf" in page.locator('[data-testid="class-detail"]').inner_text()
    # at 1280 px the German learners' table shows its last column ("Im Rückstand") without a sideways scroll
    table = page.locator('[data-testid="class-learners"] .bw-class-scroll')
    assert table.evaluate("(box) => box.scrollWidth <= box.clientWidth + 1"), "the German learners' table is cut at 1280 px"
    screenshot(page, "teacher-de-1280")
    assert axe_violations(page) == []
    page.watch.assert_clean()


@pytest.mark.timeout(360)
def test_a_reload_and_back_keep_the_class_and_lesson_links_open_in_a_new_tab(page: Any, voila: VoilaServer,
                                                                             sample: tuple[list[Path], Any]) -> None:
    paths, _view = sample
    summary = "() => document.querySelector('[data-testid=class-summary]')?.textContent"
    open_notebook(page, voila, TEACHER)
    load(page, paths[:5], learners=5)
    assert page.inner_text('[data-testid="class-kept"]').startswith("This browser keeps the loaded class")
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('buraco-teacher-class'))")
    assert len(kept["entries"]) == 5

    # a lesson link of the map opens a new tab; the teacher's page stays as it was
    link = page.locator('[data-testid="class-lesson-link"]').first
    assert link.get_attribute("target") == "_blank" and link.get_attribute("rel") == "noopener"
    with page.context.expect_page() as opened:
        link.click()
    opened.value.close()
    assert page.evaluate(summary) == "5 learners in the class."

    # a reload brings the class again, and says so
    open_notebook(page, voila, TEACHER)
    page.wait_for_function(f"() => ({summary})() === '5 learners in the class.'", timeout=60_000)
    assert page.inner_text('[data-testid="class-kept"]') == "The class kept in this browser is loaded again."
    # a lesson followed in the same tab, then Back
    page.goto(voila.render_url(LANDING), timeout=90_000)
    page.go_back(timeout=90_000)
    page.wait_for_function(f"() => ({summary})() === '5 learners in the class.'", timeout=90_000)

    # "Start again" forgets it: a reload shows no learner
    page.click('[data-testid="class-clear"]')
    page.wait_for_function("() => localStorage.getItem('buraco-teacher-class') === null", timeout=30_000)
    open_notebook(page, voila, TEACHER)
    page.wait_for_function(f"() => ({summary})() === 'No learner loaded yet.'", timeout=60_000)
    page.watch.assert_clean()


@pytest.mark.timeout(300)
def test_copy_the_link_says_copied_only_when_the_browser_copied_it(page: Any, voila: VoilaServer) -> None:
    """"Copy the link" where the clipboard refuses (a permission denied) or is missing (a page over plain
    http is no secure context): the link is selected and the page says to copy it by hand, never "copied"."""
    from buraco_widgets._common import template

    open_notebook(page, voila, TEACHER)
    page.select_option('[data-testid="assign-lesson"]', index=1)
    page.click('[data-testid="assign-make"]')
    page.wait_for_function("() => document.querySelector('[data-testid=assign-link]').value.includes('set=')",
                           timeout=60_000)
    message = '[data-testid="assign-message"]'
    selected = """() => { const link = document.querySelector('[data-testid=assign-link]');
        return document.activeElement === link && link.selectionStart === 0 && link.selectionEnd === link.value.length; }"""
    stubs = {
        "refused": "{ writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) }",
        "missing": "undefined",
        "copied": "{ writeText: (text) => { window.copiedText = text; return Promise.resolve(); } }",
    }
    for case, stub in stubs.items():
        page.evaluate(f"() => Object.defineProperty(navigator, 'clipboard', {{ value: {stub}, configurable: true }})")
        page.evaluate(f"() => {{ document.querySelector('{message}').textContent = ''; }}")
        page.click('[data-testid="assign-copy"]')
        page.wait_for_function(f"() => document.querySelector('{message}').textContent !== ''", timeout=30_000)
        said = page.inner_text(message)
        if case == "copied":
            assert said == template("assign.maker.copied", "en")
            assert page.evaluate("() => window.copiedText") == page.input_value('[data-testid="assign-link"]')
        else:
            assert said == template("assign.maker.copy-failed", "en"), case
            assert page.evaluate(selected), f"{case}: the link is not selected for the teacher to copy"
    page.watch.assert_clean()


@pytest.mark.timeout(240)
def test_the_printed_report_cuts_no_heading_with_long_ruleset_names(browser: Any) -> None:
    """The German report's learners with "Brasilianisches Buraco" beside "Wiederholungen fällig" left
    the last heading cut at the page's edge ("Im Rückstanc"): every table of the printed report, in
    both languages, with a learner of each ruleset, ends inside its column, and so inside the page."""
    from dataclasses import replace

    from buraco_core.rules import RULESETS
    from buraco_core.teach.learners.class_report import report_document
    from buraco_core.teach.learners.classroom import course_puzzles, read_class
    from buraco_core.teach.learners.sample_class import sample_class

    day = date(2026, 12, 1)
    handins = list(sample_class(day))
    for i, name in enumerate(RULESETS):
        handins[i] = replace(handins[i], ruleset=name)
    view = read_class(((h.file_name(), h.dumps()) for h in handins), day)
    assert {x.ruleset for x in view.learners} == set(RULESETS)
    context = browser.new_context(viewport={"width": 726, "height": 1047})   # A4 inside the report's margins
    printer = context.new_page()
    printer.emulate_media(media="print")
    for lang in ("en", "de"):
        printer.set_content(report_document(view, lang, LESSONS, course_puzzles(LESSONS)))
        over = printer.evaluate("""() => Array.from(document.querySelectorAll('.bw-report table')).filter(t =>
            t.getBoundingClientRect().right > t.parentElement.getBoundingClientRect().right + 0.5)
            .map(t => t.parentElement.className)""")
        assert over == [], f"the {lang} report's {over} run past their column, off the printed page"
        assert printer.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    context.close()
