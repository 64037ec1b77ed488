"""Issue 39 from Python, without a browser: the referee's page driven by the messages its taps send (a
dispute of the gallery, the ruleset, the situation's parts tapped in the picker, a change the answer
offers); the answer is the session's, the engine's, in the page's language; a refusal changes nothing."""

from __future__ import annotations

from pathlib import Path

from buraco_widgets import Progress, RefereePage, Review

from buraco_core.sessions import GALLERY, RefereeSession

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def _tap(page: RefereePage, cards: str, *, meld: bool) -> None:
    """What the picker sends while cards are tapped: a read after each card."""
    picked: list[str] = []
    for token in cards.split():
        picked.append(token)
        page.handle({"type": "read", "cards": " ".join(picked), "meld": meld})


def test_the_page_opens_on_the_first_dispute_with_the_engines_answer() -> None:
    page = RefereePage(lang="en")
    assert page.dispute == GALLERY[0].id and page.problem == ""
    assert [d["id"] for d in page.gallery] == [d.id for d in GALLERY]
    assert page.verdict["allowed"] is False and page.verdict["clause"] == "wild-one"
    assert page.verdict["title"] and page.verdict["rule"] and page.verdict["look"]
    assert page.verdict["asked"] == "Asked of the engine: add 2♣ to your side's meld 1, with 2♣ 9♣ K♦ in hand"
    assert page.texts["allowed"] == "Allowed" and page.texts["joker"] == "Joker"


def test_every_dispute_tapped_answers_as_the_session_does_in_two_rulesets() -> None:
    for rules in ("buraco", "brazilian"):
        page = RefereePage(lang="en")
        page.handle({"type": "rules", "rules": rules})
        for dispute in GALLERY:
            page.handle({"type": "dispute", "id": dispute.id})
            verdict = RefereeSession(rules).ask(dispute.id)
            assert page.dispute == dispute.id and page.problem == ""
            assert (page.verdict["allowed"], page.verdict["clause"]) == (verdict.allowed, verdict.clause)
            assert page.verdict["reason"] == verdict.reason.text("en")
            assert page.verdict["fixes"] == [f"It would be allowed {f.change.text()}." for f in verdict.fixes]


def test_a_situation_tapped_part_by_part_is_answered_at_each_change() -> None:
    page = RefereePage(lang="en")
    page.handle({"type": "set", "play": "meld"})
    _tap(page, "5s 5h JK 2d", meld=True)
    assert page.reading["cards"] == "5♠ 5♥ JK 2♦" and not page.reading["ok"]
    assert "only one wild card" in page.reading["text"]
    page.handle({"type": "set", "cards": "5s 5h JK 2d"})
    assert page.dispute == "" and page.situation["play"] == "meld" and page.situation["cards_shown"] == "5♠ 5♥ JK 2♦"
    assert (page.verdict["allowed"], page.verdict["clause"]) == (False, "wild-one")
    assert page.verdict["fixes"][:2] == ["It would be allowed without JK.", "It would be allowed without 2♦."]
    page.handle({"type": "fix", "index": 0})
    assert page.verdict["allowed"] and page.situation["cards"] == "5s 5h 2d"
    # the meld concerned, whose, the pot, the hand, the stock
    page.handle({"type": "set", "play": "add", "cards": "8h", "meld": "5h 6h 7h", "owner": "theirs"})
    assert page.situation["meld_label"] == "run 5♥-7♥: 15 points"
    assert (page.verdict["allowed"], page.verdict["clause"]) == (False, "meld-owner")
    page.handle({"type": "set", "owner": "ours", "hand": ""})  # the last card added: the pot on the fly
    assert (page.verdict["allowed"], page.verdict["clause"], page.verdict["outcome"]) == (True, "pot", "pot-fly")
    page.handle({"type": "set", "pot": "taken"})
    assert (page.verdict["allowed"], page.verdict["clause"]) == (False, "pot-guard")
    page.handle({"type": "set", "hand": None})
    assert page.verdict["allowed"] is True and page.situation["hand"] is None
    page.handle({"type": "set", "play": "draw", "stock": 1.0})
    assert page.situation["stock"] == 1 and page.verdict["outcome"] == "stock-ends"


def test_bad_input_is_said_in_the_pages_language_and_changes_nothing() -> None:
    page = RefereePage(lang="de")
    page.handle({"type": "dispute", "id": "take-pile"})
    before, verdict = dict(page.situation), dict(page.verdict)
    for content in ({"type": "set", "cards": "7h Zz"}, {"type": "set", "play": "fold"},
                    {"type": "set", "meld": "5h 6h 2s 2c"}, {"type": "rules", "house": "buraco+jokers=9"},
                    {"type": "dispute", "id": "who-shuffles"}, {"type": "fix", "index": 5}):
        page.handle(content)
        assert page.problem and "Traceback" not in page.problem, content
        assert page.situation == before and page.verdict == verdict, content
    page.handle({"type": "set", "play": "fold"})
    assert "Spielzug" in page.problem


def test_the_german_page_speaks_german() -> None:
    page = RefereePage(lang="de")
    page.handle({"type": "dispute", "id": "opponents-meld"})
    assert page.verdict["allowed"] is False and page.verdict["clause"] == "meld-owner"
    assert page.texts["refused"] == "Nicht erlaubt" and page.texts["joker"] == "Joker"
    assert page.verdict["fixes"] == ["Erlaubt wäre es an einer Meldung deiner eigenen Seite.",
                                     "Erlaubt wäre es im Brasilianischen Buraco."]
    assert page.gallery[0]["question"] == "Eine zweite wilde Karte in einer Meldung?"
    assert [p["label"] for p in page.plays][:2] == ["an die Meldung anlegen", "eine neue Meldung auslegen"]


def test_house_rules_pasted_as_the_panels_link_decide() -> None:
    page = RefereePage(lang="en")
    page.handle({"type": "dispute", "id": "set-of-five"})
    assert page.verdict["allowed"] is True
    page.handle({"type": "rules", "house": "https://example.org/11_house_rules.html#variant=buraco%2Bset_max_cards%3D4"})
    assert page.situation["rules"] == "buraco+set_max_cards=4" and page.situation["preset"] == ""
    assert (page.verdict["allowed"], page.verdict["clause"]) == (False, "set-brazilian")


def test_the_practice_link_opens_in_the_review_as_from_the_table_not_a_class() -> None:
    """The answer's "Practise this rule" set, opened by the review page (as its link's ``#set=`` does),
    says where it comes from: the learner's own table, not a teacher's assignment for a class."""
    said = {"en": ("“From your table”: 3 questions in Classic Buraco on the rule that settled your question at the"
                   " table. Your answers count towards your review, just like the rest."),
            "de": ("„Von deinem Tisch“: 3 Fragen im Klassischen Buraco zu der Regel, die deine Frage am Tisch"
                   " entschieden hat. Deine Antworten zählen für deine Wiederholung wie alle anderen auch.")}
    for lang, words in said.items():
        page = RefereePage(lang=lang)
        page.handle({"type": "dispute", "id": "second-wild"})
        review = Review(progress=Progress(), course=str(LESSONS), lang=lang)
        review.link._on_page(review.link, {"type": "link", "value": page.verdict["practice"]}, [])
        assert review.state == "assignment" and len(review.quiz.puzzles) == 3
        assert words in review.status.value, review.status.value
        assert "your class" not in review.status.value and "deiner Klasse" not in review.status.value
    # a teacher's assignment still speaks of the class
    review = Review(progress=Progress(), course=str(LESSONS), lang="en")
    review.open_assignment("name:Week%201/rules:buraco/clauses:wild-one/n:3")
    assert "the same for everyone in your class" in review.status.value
