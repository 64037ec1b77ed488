"""The reference a learner consults: the glossary (defined once in the catalog, linked from the lessons)
and one cheat sheet per ruleset, generated from the engine's rulesets and the clause catalog, so that
a change of the rules changes the sheet."""

from __future__ import annotations

import dataclasses
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from buraco_core import CLAUSES, RULESETS
from buraco_core.compare import ROWS
from buraco_core.messages import catalog, render
from buraco_core.teach.course import Course
from buraco_core.teach.course.cheatsheet import PARTS, cheat_sheet
from buraco_core.teach.course.glossary import GLOSSARY_PAGE, TERMS, course_glossary, term_link

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
#: The words the issue asks the glossary for, as a learner would look them up.
ASKED = ["meld", "run", "set", "wild card", "natural 2", "buraco", "canasta", "clean", "dirty", "semi-clean",
         "royal", "ace-to-ace", "pot", "morto", "pozzetto", "Tote", "Quelle", "direct", "indirect", "on the fly",
         "going out", "stock", "discard pile"]


def markdown(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


# ---- the glossary


def test_every_term_is_defined_once_in_the_catalog() -> None:
    cat = catalog()
    for term in TERMS:
        assert f"glossary.{term.id}.term" in cat and f"glossary.{term.id}.text" in cat
    defined = {k.split(".")[1] for k in cat if k.startswith("glossary.") and k.count(".") == 2}
    assert defined == {t.id for t in TERMS}


@pytest.mark.parametrize("word", ASKED)
def test_every_word_asked_for_can_be_looked_up(word: str) -> None:
    found = course_glossary(of=Course.scan(LESSONS)).find(word)
    assert found, word
    first = found[0]
    assert word.casefold() in f"{first.word()} {first.names()}".casefold(), (word, first.id)


def test_each_term_links_the_lesson_that_teaches_it() -> None:
    for entry in course_glossary(of=Course.scan(LESSONS)).entries():
        target, _, anchor = entry["href"].partition("#")
        assert (LESSONS / target).is_file() and f'id="{anchor}"' in markdown(LESSONS / target), entry


def test_the_glossary_draws_one_anchor_per_term() -> None:
    html = course_glossary(of=Course.scan(LESSONS))._repr_html_()
    assert re.findall(r"<dt id='term-([a-z-]+)'", html) == [t.id for t in TERMS]
    assert "Tote, Quelle or Pott" in html


def test_the_lessons_link_their_terms_to_the_glossary() -> None:
    linked: set[str] = set()
    for nb in sorted(LESSONS.glob("[0-9][0-9]_*.ipynb")):
        for term in re.findall(r"\]\(" + re.escape(GLOSSARY_PAGE) + r"#term-([a-z-]+)\)", markdown(nb)):
            assert term_link(term), (nb.name, term)
            linked.add(term)
    assert linked == {t.id for t in TERMS}, f"terms no lesson links: {sorted({t.id for t in TERMS} - linked)}"
    with pytest.raises(KeyError, match="no term 'poker'"):
        term_link("poker")


def test_the_glossary_page_shows_the_generated_glossary() -> None:
    text = "".join("".join(c["source"]) for c in json.loads((LESSONS / GLOSSARY_PAGE).read_text())["cells"])
    assert "GlossaryList(" in text and "GlossaryLookup(" in text


# ---- the cheat sheets


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.cells: list[str] = []

    def handle_data(self, data: str) -> None:
        self.cells.append(data)


def sheet_text(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.cells


@pytest.mark.parametrize("name", list(RULESETS))
def test_a_cheat_sheet_matches_the_engine(name: str) -> None:
    rules = RULESETS[name]
    sheet = cheat_sheet(name)
    readers = dict(ROWS)
    values = dict(sheet.part("values").rows)
    assert values["2"] == str(rules.card_values[2]) and values["ace"] == str(rules.card_values[1])
    buracos = dict(sheet.part("buracos").rows)
    assert buracos["clean buraco"] == str(rules.clean_bonus) and buracos["dirty buraco"] == str(rules.dirty_bonus)
    for part in sheet.parts:
        for label, value in part.rows:
            assert value == readers[label](rules).text("en")
    # every clause the ruleset plays by is stated, once, in the catalog's words as it plays it; no other is
    stated = [c for part in sheet.parts for c in part.clauses]
    assert sorted(stated) == sorted(c for c in CLAUSES if CLAUSES[c].applies(rules))
    text = " ".join(sheet_text(sheet.html()))
    for clause in stated:
        assert CLAUSES[clause].text_for(rules).text("en") in text
    assert render(f"ruleset.{name}") in sheet.title
    for part_id, _, _ in PARTS:
        assert render(f"cheat.part.{part_id}") in text


def test_the_sheets_differ_where_the_rulesets_do() -> None:
    italian, buraco = cheat_sheet("italian"), cheat_sheet("buraco")
    assert dict(italian.part("buracos").rows)["semi-clean buraco"] == "150"
    assert dict(buraco.part("buracos").rows)["semi-clean buraco"] == "counts as dirty (100)"
    assert "single-take" in italian.part("turn").clauses and "single-take" not in buraco.part("turn").clauses
    assert "royal" not in dict(buraco.part("buracos").rows)  # a row the ruleset lacks is left off
    assert dict(cheat_sheet("brazilian").part("values").rows)["3 to 7"] == "face value"


def test_a_change_of_the_rules_changes_the_sheet() -> None:
    house = dataclasses.replace(RULESETS["buraco"], clean_bonus=300, target=1505, pot_guard=False)
    sheet = cheat_sheet(house)
    assert dict(sheet.part("buracos").rows)["clean buraco"] == "300"
    assert dict(sheet.part("match").rows)["match"] == "to 1505"
    assert "pot-guard" not in sheet.part("pot").clauses and "pot-guard" in cheat_sheet("buraco").part("pot").clauses
    assert sheet.html() != cheat_sheet("buraco").html()


def test_every_clause_has_its_part_and_every_row_is_a_comparison_row() -> None:
    clauses = [c for _, _, cs in PARTS for c in cs]
    assert sorted(clauses) == sorted(CLAUSES) and len(clauses) == len(set(clauses))
    labels = [label for _, rows, _ in PARTS for label in rows]
    assert set(labels) <= dict(ROWS).keys() and len(labels) == len(set(labels))


def test_the_sheet_is_a_page_with_a_print_stylesheet_for_a4() -> None:
    page = cheat_sheet("fechado").document()
    assert page.startswith("<!doctype html>") and "<title>Buraco Fechado: cheat sheet</title>" in page
    assert "@page { size: A4" in page and "@media print" in page and "column-count: 2" in page


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", list(RULESETS))
def test_a_cheat_sheet_states_its_own_rulesets_deck_and_seats(name: str, lang: str) -> None:
    """A sheet says the deck and the seats as its ruleset plays them, never the rulebook's sentence
    about every ruleset (the Fechado sheet said "4 jokers, 108 cards", the Brazilian one "Partners
    sit opposite")."""

    rules = RULESETS[name]
    html = cheat_sheet(name, lang).html()
    for clause in ("deck", "seats"):
        general = CLAUSES[clause].text_message.text(lang)
        own = CLAUSES[clause].text_for(rules).text(lang)
        assert own in html.replace("&#x27;", "'")
        if own != general:
            assert general not in html
    assert f"{52 * rules.decks + rules.jokers}" in re.sub(r"\s", " ", html)
    assert ("108" in html) == (rules.jokers == 4)
    partners = render("clause.seats.text", lang).rsplit(". ", 1)[-1]
    assert (partners in html) == rules.partnerships
