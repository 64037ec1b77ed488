"""Lesson 02's extend puzzle asks where the joker goes, and the learner chooses the end (the extend
input's choice of the ends, where the task asks for one)."""

from __future__ import annotations

from pathlib import Path

from buraco_widgets import MeldPuzzle, Progress

PUZZLES = Path(__file__).resolve().parent.parent.parent / "lessons" / "puzzles"


def test_the_learner_chooses_the_end_the_joker_goes_to() -> None:
    w = MeldPuzzle.load(PUZZLES / "02_wilds.yaml", "wild-moves", lesson="02", progress=Progress())
    children = list(w.children)
    assert w.end is not None and w.input in children and w.end in w.input.children
    assert w.end.values == ["low", "high"] and w.end.value is None
    w.hand.select_cards(["5h"])
    assert w.answer() == (0, ["5h"]) and not w.check()
    assert "with no end chosen the JK goes to the low end" in w.feedback.value
    w.end.value = "low"
    assert w.answer() == (0, ["5h"], "low") and not w.check()
    assert "you sent the JK to the low end" in w.feedback.value and w.feedback.rule == "wild-moves"
    w.end.value = "high"
    assert w.check() and w.solved and "3♥ 4♥ 5♥ 6♥ 7♥ JK" in w.feedback.value


def test_the_choice_of_the_end_speaks_german() -> None:
    w = MeldPuzzle.load(PUZZLES / "02_wilds.yaml", "wild-moves", progress=Progress(), lang="de")
    assert w.end.label == "Schick die wilde Karte an"
    assert [item["label"] for item in w.end.items] == ["das untere Ende", "das obere Ende"]
