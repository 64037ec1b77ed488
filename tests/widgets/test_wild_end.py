"""Lesson 02's extend puzzle asks where the joker goes, and the learner chooses the end (the extend
input's choice of the ends, where the task asks for one)."""

from __future__ import annotations

from pathlib import Path

from buraco_widgets import MeldPuzzle, Progress
from positions import WILD

PUZZLES = Path(__file__).resolve().parent.parent.parent / "lessons" / "puzzles"


def test_the_learner_chooses_the_end_the_joker_goes_to() -> None:
    w = MeldPuzzle.load(PUZZLES / "02_wilds.yaml", "wild-moves", lesson="02", progress=Progress())
    assert w.end is not None and w.input.parts["end"] is w.end
    assert {"slot": "_end", "box": "bw-answer"} in w.order and w._end["kind"] == "choice"
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
    assert w.end.label == "Schicke die wilde Karte an"
    assert [item["label"] for item in w.end.items] == ["das untere Ende", "das obere Ende"]



def test_the_table_asks_where_the_wild_card_goes_when_the_rules_leave_the_choice() -> None:
    from buraco_widgets import GameTable

    from buraco_core.game.scenarios import parse_scenario

    table = GameTable(game=parse_scenario(WILD), autoplay=False)
    before = table.game.to_json()
    table.board.hand.select_cards(["4h"])
    table.board.table.selected = [0, 0]   # the meld clicked: the addition, by the buttons
    assert table.game.to_json() == before and table.ends.choice.hidden is False
    assert table.feedback.value == "The wild card can go to either end of this meld: choose the end it goes to."
    assert [i["label"] for i in table.ends.choice.items] == ["the low end: run 3♥-6♥, JK standing for 3♥: 45 points",
                                                        "the high end: run 4♥-7♥, JK standing for 7♥: 45 points"]
    assert all(i["svg"] for i in table.ends.choice.items)   # each end's meld drawn
    table.ends.choice.value = "high"
    assert [c.code for c in table.game.melds[0][0].cards] == ["4h", "5h", "6h", "JK"]
    assert table.ends.choice.hidden and "You add 4♥" in table.feedback.value
    typed = GameTable(game=parse_scenario(WILD), autoplay=False)
    typed.controls.command.value = "add 1 4h"          # typed without an end: asked too
    typed.controls.command_button.click()
    assert typed.ends.choice.hidden is False and typed.game.to_json() == before
    typed.ends.choice.value = "low"
    assert typed.game.history[-1] == (0, "add 1 4h low") and typed.controls.command.value == ""
    named = GameTable(game=parse_scenario(WILD), autoplay=False)
    named.controls.command.value = "add 1 4h high"     # the end named: nothing to ask
    named.controls.command_button.click()
    assert named.ends.choice.hidden and named.game.history[-1] == (0, "add 1 4h high")
