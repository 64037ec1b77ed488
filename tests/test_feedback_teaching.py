"""The rule is taught, the answer is earned: what a wrong answer and a hint say.

A wrong answer names its rule and what to look at in this position, never the right answer (that
comes with the last hint); the second hint points at this position's cards, meld or pot; a
hand's wrong score names the classic slip; house rules are spoken as the variant plays them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from buraco_core.teach import Puzzle, check, hint, load_puzzle, solve

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "lessons" / "puzzles"


def _score(rules: str, table: tuple[str, ...], hand: tuple[str, ...], **goal: bool) -> Puzzle:
    return Puzzle(id="slip", kind="score", rules=rules, table=table, hand=hand, goal=goal)


# --------------------------------------------------------------------------- house rules

def test_a_house_rule_puzzle_states_the_variants_rule_not_the_presets() -> None:
    four = load_puzzle(PUZZLES / "11_house_rules.yaml", "four-sevens")   # buraco+set_max_cards=4
    rule = hint(four, 1)
    assert "at most 4 cards" in str(rule) and "different suits" not in str(rule)
    assert "höchstens 4 Karten" in rule.text("de") and "verschiedenen Farben" not in rule.text("de")
    clean = load_puzzle(PUZZLES / "11_house_rules.yaml", "clean-bonus-300")  # buraco+clean_bonus=300
    assert "300" in str(hint(clean, 1)) and "200" not in str(hint(clean, 1))
    sets = load_puzzle(PUZZLES / "11_house_rules.yaml", "no-sets-at-home")   # buraco+allow_sets=no
    assert "Buraco Fechado" not in str(hint(sets, 1)) and "runs only" in str(hint(sets, 1))


def test_a_count_by_the_presets_rules_is_diagnosed_as_the_house_rule_missed() -> None:
    clean = load_puzzle(PUZZLES / "11_house_rules.yaml", "clean-bonus-300")
    fb = check(clean, 250)  # 50 card points + the rulebook's 200
    assert fb.rule == "buraco-clean"
    assert "how Classic Buraco counts it" in str(fb.message) and "300" in str(fb.advice)
    assert "count again" not in fb.explain()
    assert "Klassisches Buraco" in fb.explain("de") and "300" in fb.explain("de")
    house = _score("buraco+going_out_bonus=300", ("4h 5h 6h 7h 8h 9h 10h",), (), went_out=True, took_pot=True)
    total = solve(house)
    slip = check(house, int(total) - 200)  # going out counted at the rulebook's 100
    assert slip.rule == "hand-score" and "how Classic Buraco counts it" in str(slip.message)
    assert "Going out scores 300 points" in str(slip.advice)


# --------------------------------------------------------------------------- a hand's score

SEMI = ("JK 4h 5h 6h 7h 8h 9h 10h",)  # the joker at the low end of seven naturals in a row


@pytest.mark.parametrize(("rules", "off", "rule", "words"), [
    ("italian", -50, "buraco-semi-clean", "it is semi-clean, and Italian Burraco gives a semi-clean buraco 150"),
    ("italian", +50, "buraco-semi-clean", "holds a wild card, the JK standing for 3♥: a buraco with a wild card is not clean"),
    ("buraco", +50, "buraco-semi-clean", "Classic Buraco counts a semi-clean buraco as dirty"),
    ("buraco", +100, "buraco-dirty", "a buraco with a wild card is not clean"),
])
def test_a_semi_clean_buraco_counted_as_another_kind_is_named(rules: str, off: int, rule: str, words: str) -> None:
    p = _score(rules, SEMI, (), went_out=True, took_pot=True)
    fb = check(p, int(solve(p)) + off)  # type: ignore[call-overload]
    assert not fb.correct and fb.rule == rule and words in str(fb.message)


def test_a_dirty_buraco_counted_as_semi_clean_is_named() -> None:
    p = _score("italian", ("4h 5h JK 7h 8h 9h 10h",), ("3c",), went_out=False, took_pot=True)
    fb = check(p, int(solve(p)) + 50)  # type: ignore[call-overload]
    assert fb.rule == "buraco-dirty" and "stands inside the run (for 6♥), not at an end" in str(fb.message)


def test_the_going_out_bonus_and_the_pot_slips_are_named() -> None:
    clean = ("4h 5h 6h 7h 8h 9h 10h",)
    out = _score("buraco", clean, (), went_out=True, took_pot=True)
    missed = check(out, int(solve(out)) - 100)  # type: ignore[call-overload]
    assert missed.rule == "going-out" and "the side went out, and going out scores 100" in str(missed.message)
    stayed = _score("buraco", clean, ("3c",), went_out=False, took_pot=True)
    added = check(stayed, int(solve(stayed)) + 100)  # type: ignore[call-overload]
    assert added.rule == "going-out" and "did not go out" in str(added.message)
    waiting = _score("buraco", clean, ("3c",), went_out=False, took_pot=True, pot_waiting=True)
    taken = check(waiting, int(solve(waiting)) + 100)  # type: ignore[call-overload]
    assert taken.rule == "pot-waiting" and "a waiting pot counts as not taken" in str(taken.message)
    unused = _score("fechado", clean, ("3c",), went_out=False, took_pot=True, pot_unused=True)
    forgot = check(unused, int(solve(unused)) + 100)  # type: ignore[call-overload]
    assert forgot.rule == "pot-unused" and "a pot taken but not used costs 100 too" in str(forgot.message)
    twice = check(unused, int(solve(unused)) - 100)  # type: ignore[call-overload]
    assert twice.rule == "pot-unused" and "only the 100 for a pot taken but not used comes off" in str(twice.message)
    assert "nothing is taken off" not in twice.explain()
    never = _score("buraco", clean, ("3c",), went_out=False, took_pot=False)
    kept = check(never, int(solve(never)) + 100)  # type: ignore[call-overload]
    assert kept.rule == "hand-score" and "never took its pot: that costs 100" in str(kept.message)
    for fb in (missed, added, taken, forgot, twice, kept):
        assert fb.explain("de") != fb.explain("en")
