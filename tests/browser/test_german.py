"""The German course in a real browser, as a German-speaking learner sees it in Voila.

Every German lesson (lessons/de/, built from the same sources as the English ones) loads with the
page's language set to German, shows no English interface word (every English label, button and
heading of the widgets' catalog is looked for), passes axe-core's WCAG 2 A/AA rules, and fits a
390 px phone without running off the side; where the lesson has puzzles, one is answered by clicking,
wrongly and then rightly, and the feedback shown is the engine's German sentence naming its rule.
The language menu takes a learner to the same page in the other language and the landing page
remembers the choice. Screenshots of every German lesson at 1280 and at 390 px go to
test-artifacts/screenshots/ (de-*.png).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import BAD_TEXT, ROOT, VoilaServer, axe_violations, open_notebook, screenshot
from .test_lessons import answer_wrong_then_right, find_puzzle, lesson_puzzles, wrong_answer

pytestmark = pytest.mark.browser

GERMAN = sorted((ROOT / "lessons" / "de").glob("*.ipynb"))


def english_interface_words() -> list[str]:
    """The English words of the widgets and the page (labels, buttons, headings: short catalog
    sentences) that the German catalog says otherwise."""
    from buraco_core.messages import catalog

    en, de = catalog("en"), catalog("de")
    german = {w.casefold() for text in de.values() for w in re.findall(r"\w+", re.sub(r"\{[^}]*\}", " ", text))}
    words = set()
    for key, text in en.items():
        if not key.startswith(("widget.", "table.", "score.", "house.group.", "mastery.", "review.", "cheat.",
                               "glossary.lookup", "page.", "coach.debrief-title")):
            continue
        plain = re.sub(r"\{[^}]*\}|[◀▶✓:;…().,]", " ", text).strip()
        if plain and len(plain.split()) <= 3 and de.get(key) != text and re.search(r"[A-Za-z]{3,}", plain) \
                and not (len(plain.split()) == 1 and plain.casefold() in german):   # "Hand" is German too
            words.add(" ".join(plain.split()))
    return sorted(words, key=len, reverse=True)


def english_found(text: str) -> list[str]:
    found = []
    for phrase in english_interface_words():
        if re.search(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])", text):
            found.append(phrase)
    return found


def test_the_english_interface_words_are_found_on_an_english_page() -> None:
    """The check below can fail: an English page's words are English interface words."""
    assert {"Check", "Hint", "Your hand"} <= set(english_interface_words())
    assert english_found("Your hand\nCheck  Hint") == ["Your hand", "Check", "Hint"]
    assert english_found("Prüfen · Tipp · Deine Hand") == []


def fits(page: Any) -> list[str]:
    """Elements wider than the page at this width (text that runs off the side)."""
    return list(page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        const out = [];
        for (const el of document.querySelectorAll('#rendered_cells *')) {
            const box = el.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) continue;
            if (el.closest('.buraco-compare, [style*="overflow-x"], .bw-log, pre')) continue;  // these scroll
            if (box.right > width + 1) out.push(`${el.tagName.toLowerCase()}.${el.className}: ${Math.round(box.right)}`);
        }
        return out.slice(0, 10);
    }"""))


@pytest.mark.timeout(240)
@pytest.mark.parametrize("lesson", GERMAN, ids=[p.stem for p in GERMAN])
def test_a_german_lesson_is_german_throughout(page: Any, voila: VoilaServer, lesson: Path) -> None:
    from buraco_core.teach import solve

    views = open_notebook(page, voila, lesson)
    assert views > 0, f"{lesson.name} shows no widget"
    assert page.evaluate("() => document.documentElement.lang") == "de"
    body = page.inner_text("body")
    assert not BAD_TEXT.search(body), BAD_TEXT.search(body)
    assert not english_found(body), f"de/{lesson.name}: English on the page: {english_found(body)}"
    page.watch.assert_clean()
    assert axe_violations(page) == [], f"de/{lesson.name} as it loads"
    screenshot(page, f"de-{lesson.stem}")

    if lesson_puzzles(lesson) and lesson.stem[:2].isdigit():
        widget, puzzle = find_puzzle(page, lesson, "de")
        widget.scroll_into_view_if_needed()
        right = solve(puzzle)
        assert right is not None, f"{puzzle.id}: the engine finds no answer"
        answer_wrong_then_right(widget, puzzle, wrong_answer(puzzle, right), right, "de")
        body = page.inner_text("body")
        assert not english_found(body), f"de/{lesson.name} with feedback: English on the page: {english_found(body)}"
        assert axe_violations(page) == [], f"de/{lesson.name} with a puzzle's feedback shown"

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    assert fits(page) == [], f"de/{lesson.name} at 390 px runs off the side"
    screenshot(page, f"de-{lesson.stem}-390")
    page.watch.assert_clean()


@pytest.mark.timeout(180)
def test_the_language_menu_goes_to_the_same_page_and_the_landing_page_remembers(page: Any, voila: VoilaServer) -> None:
    open_notebook(page, voila, ROOT / "lessons" / "05_pot.ipynb")
    menu = page.locator('[data-testid="language-menu"]')
    assert menu.get_attribute("aria-label") == "Language"
    with page.expect_navigation():
        menu.locator('a[data-lang="de"]').click()
    assert page.url.endswith("/lessons/de/05_pot.ipynb")
    page.wait_for_selector('[data-testid="language-menu"] a[data-lang="en"]')
    assert page.evaluate("() => window.localStorage.getItem('buraco.language')") == "de"

    # coming back to the course's first page (a bookmark: no referrer), the learner lands in German
    page.goto(voila.render_url(ROOT / "lessons" / "00_welcome.ipynb"))
    page.wait_for_url(re.compile(r"/lessons/de/00_welcome\.ipynb"), timeout=90_000)
    page.wait_for_selector('[data-testid="language-menu"] a[data-lang="en"]', timeout=90_000)
    assert page.evaluate("() => document.documentElement.lang") == "de"

    # choosing English on the German landing page goes back, and stays there
    with page.expect_navigation():
        page.locator('[data-testid="language-menu"] a[data-lang="en"]').click()
    page.wait_for_selector('[data-testid="language-menu"] a[data-lang="de"]', timeout=90_000)
    page.wait_for_timeout(1500)  # no redirect follows
    assert page.url.endswith("/lessons/00_welcome.ipynb")
    assert page.evaluate("() => window.localStorage.getItem('buraco.language')") == "en"
    page.watch.assert_clean()
