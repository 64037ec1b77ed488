"""The teacher's page and an assignment link on the static site (make site), where Python runs in the
browser: the review page reads its #set= as in Voila and deals the same questions, a learner hands in
there, and the teacher's page of the site loads that hand-in, keeps it across a reload, and makes a link
that opens its set on the site. (Every page of the site, the teacher's
included, is also loaded, checked by axe-core and shot at 1280 and 390 px by test_site.py.)"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, StaticServer, VoilaServer, open_site_lesson, screenshot, site_page_path
from .test_site import assert_page_is_clean, voila_views

pytestmark = pytest.mark.browser

LESSONS = ROOT / "lessons"
ASSIGNMENT = "name:Site/rules:italian/clauses:run,single-take/n:2/seed:3"


@pytest.mark.timeout(1500)
def test_an_assignment_link_and_the_teachers_page_on_the_site(site_page: Any, static_site: StaticServer,
                                                              voila: VoilaServer, tmp_path: Path) -> None:
    from buraco_core.teach.learners.assignment import parse_assignment
    from buraco_core.teach.learners.handin import read_handin

    page = site_page
    review = LESSONS / "10_review.ipynb"
    page.goto(f"{static_site.url}/{site_page_path(review)}#set={ASSIGNMENT}", timeout=120_000)
    banner = page.locator(".bw-review-assignment")
    banner.wait_for(timeout=300_000)   # the browser's Python ran the page and read its address
    assert "Assignment “Site”: 2 questions in Italian Burraco" in banner.inner_text()
    expected = [str(d.puzzle.prompt) for d in parse_assignment(ASSIGNMENT).questions()]
    assert page.locator(".bw-review .bw-quiz .bw-prompt strong").first.inner_text() == expected[0]
    page.fill('[data-testid="handin-name"]', "Site learner")
    page.click('[data-testid="handin-button"]')
    page.wait_for_function("() => document.querySelector('[data-testid=handin-code]').value.startsWith('buraco1.')",
                           timeout=60_000)
    code = page.locator('[data-testid="handin-code"]').input_value()
    handin = read_handin(code)
    assert handin.name == "Site learner" and handin.record.assignments == {
        parse_assignment(ASSIGNMENT).id: parse_assignment(ASSIGNMENT).text()}
    screenshot(page, "site-assignment")
    assert_page_is_clean(page, review.name)

    teacher = LESSONS / "teacher.ipynb"
    open_site_lesson(page, static_site.url, teacher, voila_views(voila, teacher), timeout=300_000)
    file = tmp_path / f"buraco-progress-site-learner-{date.today().isoformat()}.json"
    file.write_text(handin.dumps())
    page.set_input_files('[data-testid="class-files"]', [str(file)])
    page.fill('[data-testid="class-codes"]', code)
    page.click('[data-testid="class-load"]')
    page.wait_for_function("() => document.querySelector('[data-testid=class-summary]').textContent"
                           " === '1 learner in the class.'", timeout=120_000)
    problems = page.locator('[data-testid="class-problem"]').all_inner_texts()
    assert len(problems) == 1 and "is in the class twice" in problems[0]     # the file and the code: one learner
    assert page.locator('[data-testid="class-learner"][data-name="Site learner"]').count() == 1
    assert page.locator('[data-testid="assign-question"]').count() == 2       # the assignment's questions, dealt again
    link = page.locator('[data-testid="assign-link"]')
    page.locator('[data-testid="assign-maker"] details.bw-assign-group').first.locator("summary").click()
    page.locator('[data-testid="assign-clause"][data-clause="run"]').check()
    page.click('[data-testid="assign-make"]')
    page.wait_for_function("() => document.querySelector('[data-testid=assign-link]').value.includes('#set=')",
                           timeout=60_000)
    assert link.input_value().startswith(f"{static_site.url}/{site_page_path(LESSONS / '10_review.ipynb')}#set=")
    screenshot(page, "site-teacher")
    assert_page_is_clean(page, teacher.name)
    made = link.input_value()

    # a reload keeps the class: the site's page keeps it in this browser's localStorage, as Voila's does
    open_site_lesson(page, static_site.url, teacher, voila_views(voila, teacher), timeout=300_000)
    page.wait_for_function("() => document.querySelector('[data-testid=class-summary]')?.textContent"
                           " === '1 learner in the class.'", timeout=120_000)
    assert page.inner_text('[data-testid="class-kept"]') == "The class kept in this browser is loaded again."
    assert page.locator('[data-testid="class-learner"][data-name="Site learner"]').count() == 1
    assert_page_is_clean(page, teacher.name)

    # the link made on the site opens its set on the site: the review page deals the link's questions
    made_set = parse_assignment(made)
    page.goto(made, timeout=120_000)
    banner = page.locator(".bw-review-assignment")
    banner.wait_for(timeout=300_000)
    assert f"{len(made_set.questions())} questions in Classic Buraco" in banner.inner_text()
    first = str(made_set.questions()[0].puzzle.prompt)
    assert page.locator(".bw-review .bw-quiz .bw-prompt strong").first.inner_text() == first
    assert_page_is_clean(page, review.name)
