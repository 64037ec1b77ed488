"""What the German newcomer met (issue 37, ../shared/reviews/2026-12-05-learner-walkthrough.md): each
finding the engine or the catalog can say, held here."""

from __future__ import annotations

from pathlib import Path

from buraco_core.clauses import CLAUSES
from buraco_core.messages import render
from buraco_core.teach import check, load_puzzle

PUZZLES = Path(__file__).resolve().parent.parent / "lessons" / "puzzles"


def test_the_no_wild_question_is_answered_in_its_own_words() -> None:
    """Lesson 02 asked „Welche dieser Meldungen hat keine wilde Karte?“ and the right answer read
    „Möglichkeit 2 ist eine Meldung“: it now says the option has no wild card."""
    p = load_puzzle(PUZZLES / "02_wilds.yaml", "natural-two-clean")
    fb = check(p, 1)
    assert fb.correct
    assert fb.message.text("de").startswith("Richtig: Möglichkeit 2 hat keine wilde Karte: ")
    assert "option 2 has no wild card: " in fb.message.text("en")


def test_the_rule_of_a_four_card_set_names_cards_not_suits() -> None:
    """Lesson 11's house rule 'a set holds at most 4 cards' (of any suits) was labelled „Sätze aus
    höchstens vier Farben“; the rule is about the cards (Brazilian adds: all of different suits)."""
    assert render("clause.set-brazilian.title", "de") == "Sätze aus höchstens vier Karten"
    assert CLAUSES["set-brazilian"].title == "sets of four cards at most"
    fb = check(load_puzzle(PUZZLES / "11_house_rules.yaml", "four-sevens"), "7c 7d 7h 7s")
    assert fb.correct and "Farben" not in str(fb.message.text("de"))
