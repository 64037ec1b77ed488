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


def test_no_distractor_holds_three_copies_of_a_card_unless_the_deck_is_asked() -> None:
    """Lesson 02's quiz offered „5♣ 5♣ 5♣“, which two decks cannot hold: three copies of one card
    are a distractor only in a puzzle about the deck ([deck])."""
    import random
    from collections import Counter

    from buraco_core import RULESETS, parse_cards
    from buraco_core.teach.puzzles.kinds.which_meld import WHICH_MELD

    def triples(params: dict[str, object]) -> int:
        found = 0
        for seed in range(300):
            p = WHICH_MELD.generate(random.Random(seed), RULESETS["buraco"], params)
            if p is not None:
                found += sum(max(Counter(parse_cards(o)).values()) > 2 for o in p.options)
        return found

    assert triples({}) == 0 and triples({"want": "not-meld"}) == 0 and triples({"mistake": "run"}) == 0
    assert triples({"mistake": "deck"}) > 0


def test_a_waiting_pot_has_one_name_on_the_table_and_the_score_sheet() -> None:
    """The table said „Topf wartet darauf, aufgenommen zu werden“, the score sheet „Topf nie
    aufgenommen“, lesson 06 „Topf wartet noch (zählt als nicht aufgenommen)“: the sheet now names
    a waiting pot so (tests/game/test_rule_tables.py), and the table's words begin the same."""
    for lang in ("en", "de"):
        table = render("table.pot-waiting", lang, team="X").removeprefix("X: ")
        sheet = render("score-line.pot-waiting", lang)
        assert sheet.casefold().startswith(table.casefold()), (table, sheet)


def test_the_worked_example_shows_each_meld_once() -> None:
    """Lesson 03's worked example drew each buraco (its picture shows its caption) and then printed
    the caption again below it: a meld drawn is not also printed."""
    import json

    root = PUZZLES.parent
    for notebook in (root / "03_buracos.ipynb", root / "de" / "03_buracos.ipynb"):
        cells = ["".join(c["source"]) for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
                 if c["cell_type"] == "code"]
        drawn = {c.split("MeldView(")[1].split(")")[0] for c in cells if "MeldView(" in c}
        assert drawn >= {"clean", "dirty"}
        printed = [c for c in cells if any(f"print({name}.describe" in c for name in drawn)]
        assert printed == [], printed


def test_a_player_alone_is_no_team() -> None:
    """A17: in Brazilian Buraco every player is alone, yet a right score said „Das Team bekommt 7
    Punkte“ after „Zähl die Punkte dieses Spielers“; and anyone's melds counted „für das Team“."""
    from buraco_core import RULESETS
    from buraco_core.teach import solve

    p = load_puzzle(PUZZLES / "06_scoring.yaml", "brazilian-went-out")

    said = check(p, solve(p)).message
    assert "Der Spieler bekommt" in said.text("de") and "Team" not in said.text("de")
    assert "the player scores" in said.text("en")
    assert "für den Spieler, dem die Meldung gehört" in render("explain.anyones-meld", "de", rules=RULESETS["brazilian"])


def test_a_position_with_points_scored_is_not_the_first_hand() -> None:
    """Lesson 06 labelled a position „Runde 1“ although its teams had 1.900 and 1.700 points: a
    puzzle position that starts with points on the score sheet is a later hand of its match."""
    import yaml

    from buraco_core.game.scenarios import parse_scenario

    for path in sorted(PUZZLES.glob("*.yaml")):
        for puzzle in yaml.safe_load(path.read_text(encoding="utf-8"))["puzzles"]:
            position = puzzle.get("position")
            if isinstance(position, str) and "totals:" in position:
                state = parse_scenario(position, f"{path.name}:{puzzle['id']}").state
                if any(state.totals):
                    assert state.hand_number > 1, f"{path.name} {puzzle['id']}: hand 1 with totals {state.totals}"

