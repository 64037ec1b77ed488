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

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest
from positions import MELDED

from .conftest import (
    BAD_TEXT,
    ROOT,
    VoilaServer,
    axe_violations,
    open_notebook,
    scenario_table,
    screenshot,
)
from .test_lessons import answer_wrong_then_right, find_puzzle, lesson_puzzles, wrong_answer
from .test_page_layout import mid_turn

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


#: A word of a page: letters, hyphenated ones one word (a rule's id, [pot-guard], is one); a card
#: (10♥, Kc) leaves at most two letters.
WORD = re.compile(r"[A-Za-zÄÖÜäöüßÀ-ÿ]+(?:-[A-Za-zÄÖÜäöüßÀ-ÿ]+)*")
#: Notation a German page shows as written, in English words: a house variant
#: (``italian+wild_last_discard_guard=yes``) or a ruleset's id.
NOTATION = re.compile(r"\S*[+=_]\S*")


def _words(text: str) -> list[str]:
    return WORD.findall(re.sub(r"\{[^}]*\}", " ", text))


@functools.cache
def german_words() -> frozenset[str]:
    """Every word, as written, a German page may show: the German catalog's and the German lessons'
    own prose (their Markdown, without code, links' targets and HTML tags)."""
    from buraco_core.messages import catalog

    found = {w for text in catalog("de").values() for w in _words(text)}
    for lesson in GERMAN:
        for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                found |= set(_words(re.sub(r"`[^`]*`|\]\([^)]*\)|<[^>]*>", " ", "".join(cell["source"]))))
    return frozenset(found)


@functools.cache
def english_words() -> tuple[frozenset[str], frozenset[str]]:
    """The single English words a learner reads, of three letters or more, from the English
    catalog's sentences: those no German sentence or lesson uses in any case (compared casefolded),
    and those written as German never writes them ("hand", where German writes "Hand": compared as
    written). "Hand", "Team" or "Joker", German too, are neither."""
    from buraco_core.messages import catalog

    german = german_words()
    folded = {w.casefold() for w in german}
    written = {w for text in catalog("en").values() for w in _words(text) if len(w) >= 3}
    return (frozenset(w.casefold() for w in written if w.casefold() not in folded),
            frozenset(w for w in written if w not in german))


def english_found(text: str) -> list[str]:
    """The English on a German page: the interface's short phrases ("Your hand"), then the single
    English words of any sentence ("meld", "Cards"), each once, in the order they stand."""
    found = []
    for phrase in english_interface_words():
        if re.search(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])", text):
            found.append(phrase)
    folded, written = english_words()
    for word in WORD.findall(NOTATION.sub(" ", text)):
        if (word.casefold() in folded or word in written) and word not in found \
                and not any(word in phrase.split() for phrase in found):
            found.append(word)
    return found


def test_the_english_interface_words_are_found_on_an_english_page() -> None:
    """The check below can fail: an English page's words are English interface words."""
    assert {"Check", "Hint", "Your hand"} <= set(english_interface_words())
    assert english_found("Your hand\nCheck  Hint") == ["Your hand", "Check", "Hint"]
    assert english_found("Prüfen · Tipp · Deine Hand") == []


def test_single_english_words_are_found_in_german_sentences() -> None:
    """Not only the interface's phrases: one English word in a German sentence is found, and a
    card, a variant's notation or a word German shares with English is not."""
    assert english_found("Lege die meld an den Topf") == ["meld"]
    assert english_found("4. Hand · Noch eine") == []              # "Hand" is German too
    assert english_found("4. hand") == ["hand"]                     # but German writes it "Hand"
    assert english_found("Another one") == ["Another one"]
    assert english_found("Karten: 10♥ Kc JK, der pot ist leer") == ["pot"]
    assert english_found("Cards: 11") == ["Cards"]
    assert english_found("Spiel `italian+wild_last_discard_guard=yes` als Team mit dem Joker") == []


def page_words(page: Any) -> str:
    """The page's text as a learner reads it, without what it shows as code (``mistakes:``, the
    key of a puzzle file, or a play to type, are notation, not English)."""
    text = str(page.inner_text("body"))
    for code in sorted(page.evaluate("() => Array.from(document.querySelectorAll('#rendered_cells code,"
                                     " #rendered_cells pre, #rendered_cells kbd')).map(c => c.innerText)"),
                       key=len, reverse=True):
        text = text.replace(code, " ")
    return text


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
    words = page_words(page)
    assert not english_found(words), f"de/{lesson.name}: English on the page: {english_found(words)}"
    page.watch.assert_clean()
    assert axe_violations(page) == [], f"de/{lesson.name} as it loads"
    screenshot(page, f"de-{lesson.stem}")

    if lesson_puzzles(lesson) and lesson.stem[:2].isdigit():
        widget, puzzle = find_puzzle(page, lesson, "de")
        widget.scroll_into_view_if_needed()
        right = solve(puzzle)
        assert right is not None, f"{puzzle.id}: the engine finds no answer"
        answer_wrong_then_right(widget, puzzle, wrong_answer(puzzle, right), right, "de")
        words = page_words(page)
        assert not english_found(words), f"de/{lesson.name} with feedback: English on the page: {english_found(words)}"
        assert axe_violations(page) == [], f"de/{lesson.name} with a puzzle's feedback shown"

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    assert fits(page) == [], f"de/{lesson.name} at 390 px runs off the side"
    screenshot(page, f"de-{lesson.stem}-390")
    page.watch.assert_clean()


@pytest.mark.timeout(180)
def test_the_german_game_table_mid_turn_is_german(page: Any, voila: VoilaServer) -> None:
    """The table's longest words in German: both sides' melds, the coach's suggestion and a refused
    play's verdict; no single English word among them."""
    notebook = scenario_table("de-table.ipynb", MELDED, lang="de")
    open_notebook(page, voila, notebook)
    mid_turn(page, "Abgelehnt")
    words = page_words(page)
    assert not english_found(words), f"the German table: English on the page: {english_found(words)}"
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
