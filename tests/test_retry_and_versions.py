"""The retry pool's fresh variants (a miss comes back as another seeded puzzle of the same clause), the
review's dealing per clause, a teacher's puzzle in another ruleset (version_in), and what a play in
a real hand says about the rules the learner knows (plays.clauses_used)."""

from __future__ import annotations

from pathlib import Path

import pytest

from buraco_core import CLAUSES, RULESETS, Game
from buraco_core.teach import check, load_puzzle, load_puzzles, solve
from buraco_core.teach.course import Dealt, deal_clauses, deal_quiz
from buraco_core.teach.course.syllabus import Item, load_syllabus, retry
from buraco_core.teach.puzzles import validate, version_in
from buraco_core.teach.puzzles.plays import clauses_used

ROOT = Path(__file__).resolve().parent.parent
SYLLABUS = ROOT / "lessons" / "syllabus.yaml"
PUZZLES = ROOT / "lessons" / "puzzles"


@pytest.mark.parametrize("lesson", sorted(load_syllabus(SYLLABUS).lessons))
def test_a_missed_question_comes_back_as_another_seeded_variant_of_its_clause(lesson: str) -> None:
    for missed in deal_quiz(lesson, "buraco", 3, syllabus=SYLLABUS):
        again = retry(missed, 1)
        assert again == retry(missed, 1)  # seeded: a bug report replays it
        assert again.puzzle != missed.puzzle and again.puzzle.id != missed.puzzle.id
        assert again.puzzle.main_clause == missed.puzzle.main_clause or missed.item.clause is None
        assert again.rules == missed.rules and again.item.kind in (None, missed.item.kind)
        assert validate(again.puzzle) is None and check(again.puzzle, solve(again.puzzle)).correct
        assert retry(missed, 2).puzzle != again.puzzle  # a second comeback is fresh too


def test_a_retry_keeps_the_items_parameters() -> None:
    """Lessons 00 and 01 come before the wild cards: a comeback there has none either."""
    from buraco_core.teach.puzzles.generate import _has_wild_cards

    for lesson in ("00", "01"):
        for missed in deal_quiz(lesson, "buraco", 1, syllabus=SYLLABUS):
            assert not _has_wild_cards(retry(missed, 1).puzzle)


def test_deal_clauses_gives_one_question_each_and_falls_back_on_the_lessons_puzzles() -> None:
    puzzles = [p for f in sorted(PUZZLES.glob("*.yaml")) for p in load_puzzles(f)]
    dealt = deal_clauses(["run", "pot-guard", "turn-guard"], "buraco", 7, puzzles=puzzles)
    assert [d.puzzle.main_clause for d in dealt][:2] == ["run", "pot-guard"]
    # no generator deals the turn guard in Classic Buraco: a lesson's puzzle of a ruleset that reads it alike
    assert "turn-guard" in dealt[2].puzzle.clauses and dealt[2].puzzle.source is not None
    assert dealt[2].rules == "buraco" and dealt[2].puzzle.rules == "fechado"
    assert deal_clauses(["run"], "buraco", 7) == deal_clauses(["run"], "buraco", 7)
    assert deal_clauses(["turn-guard"], "buraco", 7) == []  # neither a generator nor a puzzle: left out


def test_every_clause_of_every_ruleset_can_be_reviewed() -> None:
    puzzles = [p for f in sorted(PUZZLES.glob("*.yaml")) for p in load_puzzles(f)]
    for name, rules in RULESETS.items():
        clauses = [c for c in CLAUSES if CLAUSES[c].applies(rules)]
        dealt = deal_clauses(clauses, name, 1, puzzles=puzzles)
        assert [c for c in clauses if c not in {d.item.clause for d in dealt}] == [], name


# ---- a teacher's puzzle in the learner's ruleset


def test_a_puzzle_follows_to_a_ruleset_where_it_is_the_same_puzzle() -> None:
    p = load_puzzle(PUZZLES / "03_buracos.yaml", "worked-clean")
    there = version_in(p, "italian")
    assert there is not None and there.rules == "italian" and there.hand == p.hand and there.id == p.id
    assert check(there, solve(p)).correct and there.mistakes == p.mistakes


def test_a_puzzle_about_its_own_ruleset_has_no_version_elsewhere() -> None:
    p = load_puzzle(PUZZLES / "03_buracos.yaml", "royal")
    assert p.own_rules and version_in(p, "buraco") is None and version_in(p, "fechado") is p


def test_a_puzzle_whose_answer_differs_has_no_version() -> None:
    p = load_puzzle(PUZZLES / "01_melds.yaml", "value-low-run")  # card values differ in Brazilian Buraco
    assert version_in(p, "brazilian") is None and version_in(p, "italian") is not None


def test_a_position_is_played_under_the_other_ruleset() -> None:
    p = load_puzzle(PUZZLES / "04_turn.yaml", "draw-first")
    there = version_in(p, "italian")
    assert there is not None and "rules: italian" in there.goal["position"]
    from buraco_core.teach.puzzles import game_of

    assert game_of(there).rules.name == "italian"
    assert version_in(load_puzzle(PUZZLES / "05_pot.yaml", "pot-guard"), "italian") is None  # no pot guard there


def test_a_prompt_that_names_a_ruleset_needs_the_puzzles_own_rules(tmp_path: Path) -> None:
    from buraco_core.teach import PuzzleError

    path = tmp_path / "mine.yaml"
    path.write_text("rules: buraco\npuzzles:\n  - id: p\n    kind: make-meld\n"
                    "    prompt: In Italian Burraco, make a run.\n    hand: 4h 5h 6h 9c\n    goal: {meld_kind: run}\n",
                    encoding="utf-8")
    with pytest.raises(PuzzleError, match=r"mine.yaml:5: the prompt names Italian Burraco .* add 'rules: buraco'"):
        load_puzzles(path)
    path.write_text(path.read_text().replace("    kind: make-meld\n", "    kind: make-meld\n    rules: buraco\n"),
                    encoding="utf-8")
    assert load_puzzles(path)[0].own_rules


# ---- plays in a real hand


def _play_all(game: Game, *plays: str) -> tuple[str, ...]:
    found: tuple[str, ...] = ()
    for text in plays:
        before = game.view(game.turn)
        action = game.play(text)
        found += clauses_used(before, action, game.view(before.seat))
    return found


def test_taking_the_pot_on_the_fly_and_by_the_discard() -> None:
    assert _play_all(Game.scenario("pot-direct"), "meld 4h 5h 6h", "meld 9c 9d 9s") == ("pot",)
    for name in ("pot-indirect-at-once", "pot-indirect-next-turn"):
        game = Game.scenario(name)
        last = game.view(game.turn).hand
        assert len(last) == 1, name
        assert _play_all(game, f"discard {last[0].code}") == ("pot-indirect",), name


def test_going_out_and_taking_the_pile_by_its_rule() -> None:
    assert _play_all(Game.scenario("going-out-by-discard"), "meld Jh Qh Kh", "discard 3d") == ("going-out",)
    assert _play_all(Game.scenario("fechado-top-card"), "take") == ("draw-top-card",)
    dig = Game.scenario("brazilian-dig")
    legal = [str(a) for a in dig.legal_actions() if str(a).startswith("take ")]
    deep = next(t for t in legal if t != f"take {dig.view(dig.turn).top_discard.code}")
    assert _play_all(dig, deep) == ("draw-dig",)


def test_an_ordinary_play_uses_no_rule_with_a_condition() -> None:
    game = Game("buraco", players=4, seed=7)
    assert _play_all(game, "draw") == ()
    assert isinstance(Dealt, type) and Item("run").clause == "run"
