"""The referee's session (buraco_core.sessions.referee), without widgets: a situation set, its question
answered by the engine with its clause; every dispute of the gallery proven in several rulesets (where
the rulesets differ, in rulesets that answer differently), in both languages; bad input refused with a
sentence, changing nothing."""

from __future__ import annotations

import pytest

from buraco_core import InvalidMeld, NotationError
from buraco_core.clauses import CLAUSES
from buraco_core.errors import LearnerError
from buraco_core.game.actions import IllegalAction
from buraco_core.messages import Message
from buraco_core.sessions import GALLERY, RefereeSession, SessionError
from buraco_core.sessions.referee import RefereeSituation, judge

HOUSE = "buraco+set_max_cards=4"

#: The five rulesets.
ALL = ("buraco", "brazilian", "italian", "burraco", "fechado")

#: Each dispute's verdict in every ruleset: (ruleset, allowed, clause, outcome of an allowed play),
#: each row as docs/RULES.md's clause plays it there.
PROVEN: dict[str, list[tuple[str, bool, str, str | None]]] = {
    "second-wild": [(r, False, "wild-one", None) for r in ALL],
    "natural-two": [(r, True, "fewest-wilds", "turn-goes-on") for r in ALL],
    "king-ace-two": [(r, False, "run", None) for r in ALL],
    # only Classic Buraco keeps a wild card from being the last discard ([wild-last-discard])
    "wild-last": [("buraco", False, "wild-last-discard", None), ("italian", True, "going-out", "go-out"),
                  ("burraco", True, "going-out", "go-out"), ("brazilian", True, "going-out", "go-out"),
                  ("fechado", True, "going-out", "go-out")],
    # going out needs the pot taken where there are pots (Brazilian Buraco has none)
    "out-no-pot": [("buraco", False, "going-out", None), ("italian", False, "going-out", None),
                   ("burraco", False, "going-out", None), ("fechado", False, "going-out", None),
                   ("brazilian", True, "going-out", "go-out")],
    # a clean buraco to go out: Brazilian Buraco and Buraco Fechado
    "out-no-clean": [("buraco", True, "going-out", "go-out"), ("italian", True, "going-out", "go-out"),
                     ("burraco", True, "going-out", "go-out"), ("brazilian", False, "going-out", None),
                     ("fechado", False, "going-out", None)],
    "take-pile": [("buraco", True, "draw", "turn-goes-on"), ("italian", True, "draw", "turn-goes-on"),
                  ("burraco", True, "draw", "turn-goes-on"), ("fechado", False, "draw-top-card", None),
                  ("brazilian", False, "draw-dig", None)],
    # only Brazilian Buraco lets a player add to the opponents' melds
    "opponents-meld": [("buraco", False, "meld-owner", None), ("italian", False, "meld-owner", None),
                       ("burraco", False, "meld-owner", None), ("fechado", False, "meld-owner", None),
                       ("brazilian", True, "meld-owner", "turn-goes-on")],
    "set-of-five": [("buraco", True, "extend", "turn-goes-on"), ("italian", True, "extend", "turn-goes-on"),
                    ("burraco", True, "extend", "turn-goes-on"), (HOUSE, False, "set-brazilian", None),
                    ("brazilian", False, "set-brazilian", None), ("fechado", False, "no-sets", None)],
    # [stock-end]: only Classic Buraco ends the hand when the stock's last card is drawn
    "stock-end": [("buraco", True, "stock-end", "stock-ends"), ("brazilian", True, "turn", "turn-goes-on"),
                  ("italian", True, "turn", "turn-goes-on"), ("burraco", True, "turn", "turn-goes-on"),
                  ("fechado", True, "turn", "turn-goes-on")],
}


def test_every_dispute_of_the_gallery_is_proven() -> None:
    """Each question of the gallery in every ruleset (and a house variant where it turns on one)."""
    assert sorted(PROVEN) == sorted(d.id for d in GALLERY)
    assert all({r for r, *_ in rows} >= set(ALL) for rows in PROVEN.values())


@pytest.mark.parametrize(("dispute", "rules", "allowed", "clause", "outcome"),
                         [(d, *row) for d, rows in PROVEN.items() for row in rows])
def test_a_dispute_is_answered_by_the_engine_with_its_clause(dispute: str, rules: str, allowed: bool,
                                                            clause: str, outcome: str | None) -> None:
    verdict = RefereeSession(rules).ask(dispute)
    assert (verdict.allowed, verdict.clause, verdict.outcome) == (allowed, clause, outcome)
    assert clause in verdict.clauses and clause in CLAUSES
    # the clause's title and sentence come from the catalog, in both languages
    for lang in ("en", "de"):
        assert verdict.title.text(lang) and verdict.rule.text(lang) and verdict.reason.text(lang)
        assert verdict.look is not None and verdict.look.text(lang)
        assert verdict.words.text(lang)
    text, german = verdict.text("en"), verdict.text("de")
    assert f"[{clause}:" in text and f"[{clause}:" in german
    assert text.startswith("Allowed" if allowed else "Refused")
    assert german.startswith("Erlaubt" if allowed else "Nicht erlaubt")


def test_the_engine_decides_the_same_play_made_in_a_game() -> None:
    """The verdict is the game's own: the action played on the position the session built."""
    ref = RefereeSession("buraco")
    verdict = ref.ask("second-wild")
    assert verdict.action == "add 1 2c"
    refused = judge(ref.situation)
    assert refused == verdict
    assert RefereeSession("brazilian").ask("opponents-meld").action == "add 1:1 8h"


def test_a_refused_play_says_what_would_make_it_allowed_each_change_allowed_by_the_engine() -> None:
    verdict = RefereeSession("buraco").ask("opponents-meld")
    changes = [f.change.text() for f in verdict.fixes]
    assert changes == ["on your own side's meld", "in Brazilian Buraco"]
    assert all(judge(f.situation).allowed for f in verdict.fixes)
    out = RefereeSession("buraco").ask("out-no-pot")
    assert [f.change.text() for f in out.fixes] == ["with your pot taken", "in Brazilian Buraco"]
    corner = RefereeSession("buraco").ask("king-ace-two")
    assert [f.change.text("de") for f in corner.fixes] == ["ohne K♥", "ohne 3♥"]
    assert RefereeSession("buraco").ask("natural-two").fixes == ()


def test_a_situation_set_by_hand_is_answered_and_the_ruleset_may_change_under_it() -> None:
    ref = RefereeSession("buraco")
    ref.set(play="meld", cards="5s 5h JK 2d", meld="", hand="9c Kd")
    verdict = ref.ask()
    assert (verdict.allowed, verdict.clause) == (False, "wild-one")
    assert [f.change.text() for f in verdict.fixes] == ["without JK", "without 2♦"]
    ref.set(cards="5s 5h 5d JK")
    assert ref.ask().allowed
    ref.set_rules("brazilian")  # four cards, two of them spades' rank... all different suits? 5♠ 5♥ 5♦ JK: yes
    assert ref.ask().allowed
    # the house-rules panel's link is read as the score pad reads it
    ref.set_rules("https://example.org/11_house_rules.html#variant=buraco%2Bset_max_cards%3D3")
    assert ref.situation.rules.set_max_cards == 3
    assert (ref.ask().allowed, ref.ask().clause) == (False, "set-brazilian")


def test_the_meld_concerned_that_no_longer_reads_as_a_meld_is_the_answer() -> None:
    ref = RefereeSession("buraco")
    ref.ask("set-of-five")
    verdict = ref.set_rules("fechado").ask()
    assert (verdict.allowed, verdict.clause) == (False, "no-sets")
    assert "7♣ 7♦ 7♥ 7♠" in verdict.look.text() if verdict.look else False


@pytest.mark.parametrize(("changes", "error", "words"), [
    ({"cards": "7h Zz"}, NotationError, "Zz"),
    ({"play": "fold"}, SessionError, "fold"),
    ({"owner": "mine"}, SessionError, "mine"),
    ({"pot": "lost"}, SessionError, "lost"),
    ({"stock": "many"}, SessionError, "many"),
    ({"stock": 500}, SessionError, "500"),
    ({"meld": "5h 6h 2s 2c"}, InvalidMeld, "wild"),
    ({"cards": "7h 7h 7h"}, InvalidMeld, "7♥"),
    ({"rules": "buraco+jokers=9"}, ValueError, "jokers"),
    ({"colour": "red"}, SessionError, "colour"),
])
def test_bad_input_gives_a_clear_sentence_and_changes_nothing(changes: dict[str, object], error: type[Exception],
                                                              words: str) -> None:
    ref = RefereeSession("buraco")
    ref.ask("second-wild")
    before, answer = ref.situation, ref.ask()
    with pytest.raises(error) as info:
        ref.set(**changes)
    assert words in str(info.value)
    if isinstance(info.value, LearnerError):
        assert info.value.explain("de")
    assert ref.situation == before and ref.ask() == answer and ref.dispute == "second-wild"


@pytest.mark.parametrize(("changes", "key"), [
    ({"play": "add", "meld": "", "cards": "8h"}, "referee.error.no-meld"),
    ({"play": "discard", "cards": "8h 9h"}, "referee.error.one-card"),
    ({"play": "meld", "cards": ""}, "referee.error.no-cards"),
    ({"play": "out", "cards": "8h", "hand": "9c"}, "referee.error.out-hand"),
])
def test_a_question_that_cannot_be_asked_says_what_is_missing(changes: dict[str, object], key: str) -> None:
    ref = RefereeSession("buraco")
    ref.set(**changes)
    with pytest.raises(SessionError) as info:
        ref.ask()
    assert info.value.key == key
    assert info.value.explain("de") != str(info.value)


def test_an_unknown_dispute_is_refused_and_the_situation_stays() -> None:
    ref = RefereeSession("italian")
    ref.ask("take-pile")
    before = ref.situation
    with pytest.raises(SessionError) as info:
        ref.ask("who-shuffles")
    assert "who-shuffles" in str(info.value) and "take-pile" in str(info.value)
    assert ref.situation == before


def test_going_out_that_the_discard_does_not_reach_names_the_engines_reason() -> None:
    verdict = RefereeSession("buraco").ask("out-no-pot")
    assert verdict.reason == IllegalAction("going-out", "illegal.out-needs-pot").message
    assert isinstance(verdict.reason, Message)


def test_a_situation_keeps_its_json_and_the_gallery_keeps_the_ruleset_chosen() -> None:
    ref = RefereeSession(HOUSE)
    ref.ask("set-of-five")
    assert ref.situation.to_json() == {"rules": HOUSE, "play": "add", "cards": "7c", "meld": "7c 7d 7h 7s",
                                       "owner": "ours", "pot": "aside", "hand": "9c Kd", "pile": "", "stock": 30}
    assert isinstance(ref.situation, RefereeSituation)


def test_a_fix_taken_is_the_situation_the_engine_allowed() -> None:
    ref = RefereeSession("buraco")
    ref.ask("opponents-meld")
    verdict = ref.take_fix(0)
    assert verdict.allowed and ref.situation.owner == "ours" and ref.dispute is None
    before = ref.situation
    with pytest.raises(SessionError) as info:
        ref.take_fix(3)
    assert info.value.key == "referee.error.no-fix" and ref.situation == before


@pytest.mark.parametrize("rules", ["buraco", "brazilian", "italian", "burraco", "fechado", "buraco+set_max_cards=4"])
def test_every_answer_of_the_gallery_becomes_practice_on_its_rule(rules: str) -> None:
    """A question from the table as practice in the review: three questions dealt for the clause
    the answer turned on, in the ruleset asked about, read back as the review reads an assignment."""
    import dataclasses

    from buraco_core.teach.learners import parse_assignment
    from buraco_core.teach.puzzles import dealers

    ref = RefereeSession(rules)
    for dispute in GALLERY:
        verdict = ref.ask(dispute.id)
        text = verdict.practice("From your table")
        assert text is not None, (rules, dispute.id, verdict.clause)
        assignment = parse_assignment(text)
        assert assignment.name == "From your table" and assignment.rules == rules and assignment.origin == "table"
        assert [d.puzzle.main_clause for d in assignment.questions()] == [verdict.clause] * 3
    # a rule no puzzle exercises in this ruleset offers no practice
    undealt = next(c for c in CLAUSES if not dealers(c, rules))
    assert dataclasses.replace(ref.ask("second-wild"), clause=undealt).practice() is None
