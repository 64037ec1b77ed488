"""Every lesson page on a slow device (issue 25): a learner's old laptop or school Chromebook.

Each page, in both languages, in Voila and in the static site, opens in a headless Chromium slowed
down :data:`SLOW_DEVICE` times (DevTools' CPU throttling, :func:`throttle`): every widget output shows
its view (none fails to initialize; anywidget gives a model's front end a fixed 2 s), nothing on the
page or in the console is an error, and the page's first puzzle (where the lesson has puzzles of its
own) is answered rightly by clicking, with the engine's verdict shown. Throttling costs wall time,
not the machine's CPU: Chromium pauses the page's threads (its workers' too, so the site's Python).

Every page passes since one front-end module per widget class per page (widgets/front_end.py):
on 2026-12-02, with main at 6992a1e on a quiet 2-core machine (load 2 to 4), all 30 Voila pages (220 s)
and all 30 static-site pages (366 s) opened, initialized every widget and answered their first
puzzle; before it, at a load of 12 to 40, 16 and 20 of 56 pages failed in two runs
("[anywidget] Failed to initialize model": anywidget's fixed 2 s, ``AbortSignal.timeout(2e3)``, for
each widget's own copy of the module). With light pages (issue 38: a puzzle and a game table one
model each, 12 to 27 models a lesson page), all 68 pages passed again on 2026-12-06 (592 s at a
load of 4 to 8). The whole set takes about 10 minutes on one worker, too long beside a suite that
aims at 15 in all: ``make test`` opens a :data:`SAMPLE` of four pages (the heaviest, in Voila and
the site, in both languages) and ``make test-slow-device`` every page. A page that fails again is
listed in :data:`FAILS_TODAY` with what fails, marked xfail (not strict): it shows as XPASS once
fixed, and is then taken off the list.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import (
    BAD_TEXT,
    ROOT,
    SLOW_DEVICE,
    StaticServer,
    VoilaServer,
    open_notebook,
    open_site_lesson,
    voila_views,
)
from .test_lessons import find_puzzle, give_answer, lesson_language, lesson_puzzles
from .test_site import assert_page_is_clean

pytestmark = [pytest.mark.browser]

LESSONS = sorted(p for p in (ROOT / "lessons").glob("*.ipynb")) + sorted((ROOT / "lessons" / "de").glob("*.ipynb"))
#: A throttled page gets this long (ms) to open, and a puzzle this long to answer.
OPEN_TIMEOUT = 240_000
ANSWER_TIMEOUT = 120_000
#: (where, page) -> what fails there today at SLOW_DEVICE; where is "voila" or "site", page as in the ids.
FAILS_TODAY: dict[tuple[str, str], str] = {}
#: The pages ``make test`` opens on a slow device (where -> pages): the heaviest of each kind, in both
#: languages (the most puzzles, the game tables); every other page is marked ``slow_device`` and
#: runs in ``make test-slow-device`` with these.
SAMPLE: dict[str, frozenset[str]] = {"voila": frozenset({"04_turn", "de/08_play"}),
                                      "site": frozenset({"02_wilds", "de/11_house_rules"})}


def page_id(lesson: Path) -> str:
    return lesson.relative_to(ROOT / "lessons").with_suffix("").as_posix()


def pages(where: str) -> list[Any]:
    out = []
    for lesson in LESSONS:
        reason = FAILS_TODAY.get((where, page_id(lesson)))
        marks = [pytest.mark.xfail(reason=f"KNOWN ISSUE (issue 25) at CPU rate {SLOW_DEVICE}: {reason}",
                                   strict=False)] if reason else []
        if page_id(lesson) not in SAMPLE[where]:
            marks.append(pytest.mark.slow_device)
        out.append(pytest.param(lesson, id=page_id(lesson), marks=marks))
    return out


def answer_first_puzzle(page: Any, lesson: Path) -> None:
    """The page's first puzzle of the lesson's own file, answered rightly (the engine's answer) by
    clicking; the page shows the engine's verdict. Pages without puzzles of their own (the review,
    the cheat sheet, the glossary) have nothing to answer."""
    from buraco_core.teach import check, solve

    if not (lesson_puzzles(lesson) and lesson.stem[:2].isdigit()):
        return
    lang = lesson_language(lesson)
    widget, puzzle = find_puzzle(page, lesson, lang, first=True)
    widget.scroll_into_view_if_needed()
    right = solve(puzzle)
    assert right is not None, f"{puzzle.id}: the engine finds no answer"
    give_answer(widget, puzzle, right)
    feedback = widget.locator('[data-testid="feedback"][data-status]:not([data-status=""])')
    feedback.wait_for(timeout=ANSWER_TIMEOUT)
    shown = (feedback.get_attribute("data-status"), feedback.inner_text())
    assert shown[0] == "right" and check(puzzle, right).message.text(lang).strip() in shown[1], \
        f"{puzzle.id}: answered {right!r}, the page shows {shown}"


def assert_no_failed_widget(page: Any, name: str) -> None:
    """No widget failed to initialize (anywidget's "Failed to initialize model", a view that could not
    be created) and nothing else went wrong on the page or in its console."""
    failed = [line for line in page.watch.console + page.watch.errors
              if re.search(r"Failed to initialize|Could not create|Error displaying widget", line)]
    assert not failed, f"{name}: " + "\n".join(failed)
    body = page.inner_text("body")
    assert not BAD_TEXT.search(body), f"{name}: {BAD_TEXT.search(body)} on the page"


@pytest.mark.timeout(420)
@pytest.mark.parametrize("lesson", pages("voila"))
def test_a_lesson_opens_and_answers_on_a_slow_device_in_voila(slow_page: Any, voila: VoilaServer,
                                                               lesson: Path) -> None:
    assert open_notebook(slow_page, voila, lesson, timeout=OPEN_TIMEOUT) > 0
    answer_first_puzzle(slow_page, lesson)
    assert_no_failed_widget(slow_page, lesson.name)
    slow_page.watch.assert_clean()


@pytest.mark.timeout(420)
@pytest.mark.parametrize("lesson", pages("site"))
def test_a_lesson_opens_and_answers_on_a_slow_device_in_the_static_site(slow_site_page: Any,
                                                                        static_site: StaticServer,
                                                                        voila: VoilaServer, lesson: Path) -> None:
    open_site_lesson(slow_site_page, static_site.url, lesson, voila_views(voila, lesson), timeout=OPEN_TIMEOUT)
    answer_first_puzzle(slow_site_page, lesson)
    assert_no_failed_widget(slow_site_page, lesson.name)
    assert_page_is_clean(slow_site_page, lesson.name)
