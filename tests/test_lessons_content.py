"""The lessons' shape (issue 5): numbered notebooks that open with what you will learn, short cells that
only call the installed packages, at least three guided puzzles from the puzzle files and a quiz of at
least five engine questions each, links that resolve; and the ruleset comparison built from RULESETS."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from buraco_core import RULESETS
from buraco_core.compare import ROWS, compare_rulesets, score_under_each
from buraco_core.teach import load_puzzles
from buraco_core.teach.course import Course

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
#: The teaching lessons.
NAMES = ["00_welcome", "01_melds", "02_wilds", "03_buracos", "04_turn", "05_pot", "06_scoring",
         "07_rulesets", "08_play", "09_strategy", "11_house_rules"]
#: The review lesson, after the last one; the reference pages beside the lessons, and the teacher's page.
REVIEW = "10_review"
PAGES = ["glossary", "cheatsheet", "scorepad", "referee", "teacher"]
OPTIONAL: set[str] = set()


def cells(name: str) -> list[dict[str, object]]:
    """The lesson's cells after its first, which sets the page's language and shows the language
    menu (every lesson starts so: test_every_lesson_starts_in_its_language)."""
    data = json.loads((LESSONS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return list(data["cells"])[1:]


@pytest.mark.parametrize("name", [*NAMES, REVIEW, *PAGES])
def test_every_lesson_starts_in_its_language(name: str) -> None:
    first = json.loads((LESSONS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"][0]
    assert first["cell_type"] == "code" and "use_language(" in source(first) and "LanguageMenu(LANG)" in source(first)


def source(cell: dict[str, object]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


def code_lines(cell: dict[str, object]) -> list[str]:
    return [line for line in source(cell).splitlines() if line.strip() and not line.startswith("#")]


def test_every_lesson_is_there() -> None:
    found = sorted(p.stem for p in LESSONS.glob("[0-9][0-9]_*.ipynb"))
    assert [n for n in found if n not in OPTIONAL] == sorted([*NAMES, REVIEW])
    assert all((LESSONS / f"{page}.ipynb").is_file() for page in PAGES)


@pytest.mark.parametrize("name", [*NAMES, REVIEW])
def test_opens_with_what_you_will_learn(name: str) -> None:
    first = cells(name)[0]
    assert first["cell_type"] == "markdown"
    assert "What you will learn" in source(first)


@pytest.mark.parametrize("name", [*NAMES, REVIEW, *PAGES])
def test_code_cells_are_short_and_only_call_the_packages(name: str) -> None:
    for cell in cells(name):
        if cell["cell_type"] != "code":
            continue
        lines = code_lines(cell)
        assert 1 <= len(lines) <= 3, source(cell)
        for line in lines:
            assert not line.startswith(("def ", "class ", "import sys", "for ", "while ")), line
            if line.startswith(("import ", "from ")):
                assert re.match(r"from buraco_(core|widgets)[\w.]* import ", line), line


@pytest.mark.parametrize("name", NAMES)
def test_guided_puzzles_exist_in_the_lesson_file(name: str) -> None:
    course = Course.scan(LESSONS)
    shown, problems = course.shown()
    assert not problems
    shown = [s for s in shown if s.notebook == f"{name}.ipynb"]
    assert len(shown) >= 3, name
    # every puzzle of the lesson's file is shown in the lesson
    assert {s.puzzle.id for s in shown} == {p.id for p in course.puzzle_file(name).puzzles}, name


@pytest.mark.parametrize("name", NAMES[1:7])
def test_each_section_that_teaches_a_clause_has_its_anchor(name: str) -> None:
    course = Course.scan(LESSONS)
    sections = [s for s in course.sections() if s.notebook == f"{name}.ipynb"]
    assert sections and not course.problems
    for section in sections:
        assert section.link == f"{name}.ipynb#clause-{section.clause}" and section.heading


def test_no_developer_words_on_the_page() -> None:
    """Issue 9: "The engine answers `None`", a bare line of values, "change `rules=`" reached the page."""
    for name in [*NAMES, REVIEW, *PAGES]:
        prose = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "markdown")
        for word in ("`None`", "rules=", "`buraco`", "`fechado`", "`italian`", "`brazilian`", "`burraco`"):
            assert word not in prose, (name, word)
        for c in cells(name):
            for out in c.get("outputs", []):  # type: ignore[union-attr]
                text = "".join(out.get("text", []))  # what print shows (a value shows as HTML)
                assert "None" not in text and not re.search(r"^(clean|dirty) \d+ \d+ \d+$", text, re.M), (name, text)


def test_no_lesson_prints_the_answer_of_a_puzzle_it_shows() -> None:
    """Issue 9: lesson 06 printed the first puzzle's answer just above it."""
    from buraco_core.teach import solve

    for name in NAMES:
        printed = " ".join("".join(out.get("text", [])) + "".join(out.get("data", {}).get("text/plain", []))
                           for c in cells(name) for out in c.get("outputs", []))  # type: ignore[union-attr]
        for p in load_puzzles(LESSONS / "puzzles" / f"{name}.yaml"):
            answer = solve(p)
            if p.kind in ("score", "meld-value"):
                assert f"total={answer}," not in printed and f"= {answer} points" not in printed, (name, p.id)


@pytest.mark.parametrize("name", NAMES)
def test_each_lesson_has_a_quiz_and_practice(name: str) -> None:
    all_cells = cells(name)
    text = "\n".join(source(c) for c in all_cells)
    number = name[:2]
    assert re.search(rf'Quiz\.for_lesson\("{number}"', text), name
    assert "## Practice" in text or name == "08_play"
    assert 'MeldPuzzle.generate(' in text or "ScoreQuiz.generate(" in text or "GameTable(" in text
    assert f'Progress.for_lesson("{number if number != "00" else ""}")' in text


@pytest.mark.parametrize("name", [*NAMES, REVIEW, *PAGES])
def test_links_resolve(name: str) -> None:
    from buraco_core.teach.course.glossary import TERMS

    text = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "markdown")
    terms = {t.anchor for t in TERMS}
    for target in re.findall(r"\]\(([^)]+)\)", text):
        assert not target.startswith(("http:", "https:", "/")), target
        page, _, anchor = target.partition("#")
        assert (LESSONS / page).is_file(), target
        if page == "glossary.ipynb" and anchor:
            assert anchor in terms, target


def test_the_review_lesson_deals_the_due_rules_and_shows_the_map() -> None:
    text = "\n".join(source(c) for c in cells(REVIEW))
    assert "Review()" in text and "MasteryMap()" in text and 'Progress.for_lesson("")' in text
    assert "## Practice" in text


def test_every_lesson_links_the_glossary() -> None:
    for name in NAMES[1:]:
        assert "[Glossary](glossary.ipynb)" in source(cells(name)[1]), name


def test_the_lessons_menus_start_from_the_course_ruleset() -> None:
    """Issue 10: the ruleset chosen on the landing page is the learner's setting; every lesson's menu
    starts from it (a menu with a ruleset of its own would not)."""
    for name in NAMES:
        code = "\n".join(source(c) for c in cells(name) if c["cell_type"] == "code")
        assert not re.search(r'RulesetPicker\("', code), name
    landing = "\n".join(source(c) for c in cells("00_welcome"))
    assert "RulesetPicker(course=True)" in landing and "MasteryMap()" in landing
    assert "](10_review.ipynb)" in landing and "](glossary.ipynb)" in landing and "](cheatsheet.ipynb)" in landing
    assert "](scorepad.ipynb)" in landing and "](referee.ipynb)" in landing


def test_landing_page_links_every_lesson_and_has_choice_and_progress() -> None:
    text = "\n".join(source(c) for c in cells("00_welcome"))
    for name in NAMES[1:]:
        assert f"]({name}.ipynb)" in text
    assert "RulesetPicker(" in text and "Progress.for_lesson(" in text


def test_the_landing_and_review_pages_hand_in_and_the_teachers_page_is_linked() -> None:
    """Issue 23: "Hand in my progress" on the landing page and the review page; the landing page links
    the teacher's page, which loads a class and shows it."""
    for name in ("00_welcome", REVIEW):
        assert "HandIn()" in "\n".join(source(c) for c in cells(name) if c["cell_type"] == "code"), name
    assert "](teacher.ipynb)" in "\n".join(source(c) for c in cells("00_welcome"))
    code = "\n".join(source(c) for c in cells("teacher") if c["cell_type"] == "code")
    for widget in ("ClassLoader()", "ClassMap(loader)", "ClassLearners(loader)", "ClassMistakes(loader)",
                   "AssignmentMaker()", "AssignmentResults(loader)", "ClassExport(loader)"):
        assert widget in code, widget


def test_lesson_03_has_the_worked_example_as_guided_puzzles() -> None:
    puzzles = {p.id: p for p in load_puzzles(LESSONS / "puzzles" / "03_buracos.yaml")}
    from buraco_core.teach import check

    assert check(puzzles["worked-clean"], "4h 5h 6h 7h 8h 9h 10h").meld.points == 250  # type: ignore[union-attr]
    assert check(puzzles["worked-dirty"], "4h 5h 6h 2s 8h 9h 10h").meld.points == 165  # type: ignore[union-attr]
    assert check(puzzles["worked-values"], 155).correct and not check(puzzles["worked-values"], 165).correct
    text = "\n".join(source(c) for c in cells("03_buracos"))
    assert '"worked-clean"' in text and '"worked-dirty"' in text


def test_lesson_07_table_is_generated_and_scores_one_situation_everywhere() -> None:
    text = "\n".join(source(c) for c in cells("07_rulesets"))
    assert "compare_rulesets(lang=LANG)" in text and "score_under_each(" in text
    assert "| buraco | brazilian |" not in text  # never typed by hand


def test_lesson_08_plays_a_hand_with_the_coach() -> None:
    text = "\n".join(source(c) for c in cells("08_play"))
    assert re.search(r"GameTable\(.*coach=True", text)


# ---- the comparison table


def test_compare_rulesets_reads_every_ruleset() -> None:
    table = compare_rulesets()
    assert table.names == tuple(RULESETS)
    assert [label for label, _ in table.rows] == [label for label, _ in ROWS]
    assert table.row("semi-clean buraco")[2] == str(RULESETS["italian"].semi_clean_bonus)
    assert table.row("sets")[4] == "no sets, runs only"
    assert table.row("match")[0] == f"to {RULESETS['buraco'].target}"
    assert "<table" in table._repr_html_()
    with pytest.raises(KeyError):
        compare_rulesets(rows=["colour"])


def test_compare_rows_come_from_the_rules_fields() -> None:
    table = compare_rulesets()
    for i, rules in enumerate(RULESETS.values()):
        assert table.row("2")[i] == str(rules.card_values[2])
        assert table.row("clean buraco")[i] == str(rules.clean_bonus)
        assert table.row("cards dealt")[i] == str(rules.hand_size)
    two = compare_rulesets(["italian", "fechado"], rows=["royal"])
    assert two.rows == (("royal", ("-", "500")),)


def test_score_under_each() -> None:
    rows = score_under_each(["4h 5h 6h 7h 8h 9h 10h 2c", "5s 5h 5d"], "9c", went_out=False, took_pot=True)
    by = {r.rules: r for r in rows}
    assert by["italian"].total == by["burraco"].total
    assert by["buraco"].total is not None and by["italian"].total is not None
    assert by["italian"].total - by["buraco"].total == 50  # semi-clean 150 against dirty 100
    assert by["fechado"].total is None and by["fechado"].problem is not None
    assert "no sets" in by["fechado"].problem.text("en")
    assert "<table" in rows._repr_html_()
