"""The rule is taught, the answer is earned: what a wrong answer and a hint say.

A wrong answer names its rule and what to look at in this position, never the right answer (that
comes with the last hint); the second hint points at this position's cards, meld or pot; a
hand's wrong score names the classic slip; house rules are spoken as the variant plays them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from buraco_core.messages import Message
from buraco_core.teach import Puzzle, check, hint, load_puzzle, solve
from buraco_core.teach.puzzles import Option

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "lessons" / "puzzles"


def _score(rules: str, table: tuple[str, ...], hand: tuple[str, ...], **goal: bool) -> Puzzle:
    return Puzzle(id="slip", kind="score", rules=rules, table=table, hand=hand, goal=goal)


# --------------------------------------------------------------------------- house rules

def test_a_house_rule_puzzle_states_the_variants_rule_not_the_presets() -> None:
    four = load_puzzle(PUZZLES / "11_house_rules.yaml", "four-sevens")   # buraco+set_max_cards=4
    five = check(four, four.mistakes[0])                                  # five sevens: a set too big
    assert five.rule == "set-brazilian" and "different suits" not in five.explain() + str(hint(four, 1))
    assert "A set holds at most 4 cards. A set may hold cards of the same suit." in str(five.advice)
    assert "höchstens 4\u00a0Karten" in five.explain("de") and "verschiedenen Farben" not in five.explain("de")
    clean = load_puzzle(PUZZLES / "11_house_rules.yaml", "clean-bonus-300")  # buraco+clean_bonus=300
    assert "300" in str(hint(clean, 1)) and "200" not in str(hint(clean, 1))
    sets = load_puzzle(PUZZLES / "11_house_rules.yaml", "no-sets-at-home")   # buraco+allow_sets=no
    assert "Buraco Fechado" not in str(hint(sets, 1)) and "runs only" in str(hint(sets, 1))


def test_a_count_by_the_presets_rules_is_diagnosed_as_the_house_rule_missed() -> None:
    clean = load_puzzle(PUZZLES / "11_house_rules.yaml", "clean-bonus-300")
    fb = check(clean, 250)  # 50 card points + the rulebook's 200
    assert fb.rule == "buraco-clean"
    assert "the bonus of Classic Buraco, 200" in str(fb.message) and "300" in str(fb.advice)
    assert "200" not in str(fb.advice) and "count again" not in fb.explain()
    assert "Klassischen Buraco" in fb.explain("de") and "300" in fb.explain("de")  # the ruleset declined (issue 37)
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
    assert twice.rule == "pot-unused" and "it comes off once" in str(twice.message)
    assert "nothing is taken off" not in twice.explain()
    never = _score("buraco", clean, ("3c",), went_out=False, took_pot=False)
    kept = check(never, int(solve(never)) + 100)  # type: ignore[call-overload]
    assert kept.rule == "hand-score" and "never took its pot: that costs 100" in str(kept.message)
    for fb in (missed, added, taken, forgot, twice, kept):
        assert fb.explain("de") != fb.explain("en")


# --------------------------------------------------------------------------- the answer is earned

def _lesson_puzzles() -> list[Puzzle]:
    from buraco_core.teach import KINDS, load_puzzles

    return [KINDS[p.kind].prepare(p) for path in sorted(PUZZLES.glob("*.yaml")) for p in load_puzzles(path)]


def test_no_wrong_answer_of_a_lesson_puzzle_is_told_the_right_one() -> None:
    from buraco_core.teach.audit.census import census

    counts = census(_lesson_puzzles())
    assert sum(counts.wrong.values()) > 350  # every wrong option, every named mistake
    assert not counts.examples, counts.examples[:5]
    for kind in ("predict", "outcome", "match", "legal-play", "seats"):  # the kinds that told it before
        assert counts.wrong[kind] and not counts.given_away[kind]


def test_every_second_hint_of_the_lessons_is_read_from_its_puzzle() -> None:
    from buraco_core.teach import KINDS
    from buraco_core.teach.audit.census import census

    puzzles = _lesson_puzzles()
    counts = census(puzzles)
    assert counts.hints["position"] == len(puzzles) and not counts.hints["kind"] and not counts.hints["puzzle"]
    for kind in KINDS:  # a pointer says this puzzle's things: puzzles of a kind get different ones
        said = {hint(p, 2).text("en") for p in puzzles if p.kind == kind}
        assert len(said) > 1 or len([p for p in puzzles if p.kind == kind]) < 2, kind


@pytest.mark.parametrize(("file", "pid", "answer", "rule", "pointer"), [
    ("02_wilds", "choose-the-end", "high", "wild-moves", "In 4♣ JK 6♣ 7♣ the JK stands for 5♣"),
    ("02_wilds", "two-goes-home", "low", "wild-two-home", "the 2♥ stands for 5♥"),
    ("05_pot", "pot-waits", "next-player", "pot-indirect", "after you discard the Q♦ (no card), your side's pot (still set aside)"),
    ("06_scoring", "match-point", "another hand is dealt", "match-end", "it scores 255 for side 0"),
    ("04_turn", "draw-first", "allowed", "turn", "you have not drawn yet"),
])
def test_a_wrong_choice_names_the_rule_and_what_to_look_at_and_the_last_hint_gives_the_answer(
        file: str, pid: str, answer: str, rule: str, pointer: str) -> None:
    from buraco_core.clauses import CLAUSES
    from buraco_core.teach import KINDS

    p = KINDS[load_puzzle(PUZZLES / f"{file}.yaml", pid).kind].prepare(load_puzzle(PUZZLES / f"{file}.yaml", pid))
    right = solve(p)
    fb = check(p, answer)
    assert not fb.correct and fb.rule == rule
    assert pointer in str(fb.message) and fb.reason == hint(p, 2)  # what to look at, in this position
    assert CLAUSES[rule].text in str(fb.advice)                    # the rule, in the learner's words
    told = check(p, right)
    assert told.reason is not None and str(told.reason) not in fb.explain()
    last = hint(p, 3)
    assert str(told.reason) in str(last)                           # the answer and its reason come last
    assert fb.explain("de") != fb.explain("en") and hint(p, 2).text("de") in fb.explain("de")


def test_a_wrong_choice_is_refuted_where_that_keeps_the_answer_open() -> None:
    p = load_puzzle(PUZZLES / "02_wilds.yaml", "choose-the-end")  # 4♣ JK 6♣ 7♣ + 5♣: the player chooses
    assert "the 5♣ takes the place the JK holds (5♣): the JK cannot stay there" in str(check(p, "stays").message)
    assert "there is no gap to fill" in str(check(p, "gap").message)
    assert "only when no end is chosen" in str(check(p, "low").message)  # the default end (issue 37 D15)
    assert "never goes back to a hand" in str(check(p, "hand").message)
    for answer in ("stays", "gap", "low", "high", "hand"):
        assert "chooses" not in str(check(p, answer).message)


def test_the_legal_play_verdict_of_a_miss_does_not_state_the_engines_reason() -> None:
    p = load_puzzle(PUZZLES / "05_pot.yaml", "pot-guard")
    fb = check(p, "allowed")
    assert str(fb.verdict) == "Not so:" and "may not leave you one card or none" not in fb.explain()
    assert "may not leave you one card or none" in str(hint(p, 3))
    assert check(p, "refused").correct and "may not leave you one card or none" in str(check(p, "refused").message)


# --------------------------------------------------------------------------- extend: the end of a moving wild card

def _extend(table: str, hand: str, rules: str = "buraco", **goal: object) -> Puzzle:
    return Puzzle(id="end", kind="extend", rules=rules, table=(table,), hand=tuple(hand.split()),
                  goal={"meld": 0, **goal})


def test_an_extend_task_can_ask_for_the_end_the_wild_card_goes_to() -> None:
    p = load_puzzle(PUZZLES / "02_wilds.yaml", "wild-moves")  # 3♥ 4♥ JK 6♥ 7♥, the 5♥ in hand, the high end
    assert "send the joker to the high end" in str(p.prompt)
    assert solve(p) == (0, ["5h"], "high") and check(p, {"meld": 0, "cards": ["5h"], "end": "high"}).correct
    none = check(p, [0, ["5h"]])
    assert none.rule == "wild-moves" and "with no end chosen the JK goes to the low end (for 2♥)" in str(none.message)
    other = check(p, [0, ["5h"], "low"])
    assert other.rule == "wild-moves" and "you sent the JK to the low end" in str(other.message)
    assert check(p, [0, ["5h"], "unten"]).message == other.message  # the German words for the ends
    assert check(p, [0, ["5h"], "oben"]).correct
    second = check(p, [0, ["2c"]])
    assert second.rule == "wild-one" and "only one wild card" in str(second.message)
    odd = check(p, [0, ["5h"], "middle"])
    assert not odd.answered and "the low end or the high end" in str(odd.message)
    assert "Then look at its two ends" in str(hint(p, 2)) and "the high end" in str(hint(p, 3))
    assert [o.value for o in _ends(p)] == ["low", "high"]


def _ends(p: Puzzle) -> tuple[Option, ...]:
    """The ends the kind offers, as a widget asks for them."""
    from buraco_core.teach import KINDS

    return KINDS[p.kind].ends(p)


def test_an_end_the_ace_closes_and_a_wild_card_that_does_not_move_are_named() -> None:
    closed = _extend("Jh JK Kh Ah", "Qh 5c", wild_end="high")  # the JK stands for Q♥; the run ends at the ace
    fb = check(closed, [0, ["Qh"], "high"])
    assert fb.rule in ("wild-moves", "run-places") and "cannot go to the high end: the run reaches the ace" in str(fb)
    assert solve(closed) is None or solve(closed) == (0, ["Qh"], "high")
    stays = _extend("5s JK 7s 8s", "9s 6s", wild_end="high")     # the 9♠ leaves the JK where it is
    still = check(stays, [0, ["9s"], "high"])
    assert still.rule in ("wild-moves", "extend") and "still stands for 6♠: it moves only when a card takes its place" in str(still)
    assert check(stays, [0, ["6s"], "high"]).correct
    assert not _ends(_extend("5s JK 7s 8s", "9s 6s"))  # no end asked: no choice to show


def test_an_extends_tempting_answers_include_wild_card_mistakes() -> None:
    from buraco_core.teach import KINDS

    p = _extend("4h JK 6h", "5h 2c Ks")
    tempting = KINDS["extend"].tempting(p)
    assert (0, ["2c"]) in tempting and (0, ["Ks"]) in tempting
    assert check(p, (0, ["2c"])).rule == "wild-one" and check(p, (0, ["Ks"])).rule == "run"
    asked = _extend("4h JK 6h 7h", "5h Ks", wild_end="low")
    assert (0, ["5h"], "high") in KINDS["extend"].tempting(asked)


# --------------------------------------------------------------------------- a meld's value (issue 37 N2)

def _meld_value_puzzles() -> list[Puzzle]:
    from buraco_core.teach import load_puzzles

    return [p for f in sorted(PUZZLES.glob("*.yaml")) for p in load_puzzles(f) if p.kind == "meld-value"]


def test_a_meld_value_miss_and_its_second_hint_name_the_rule_not_each_cards_value() -> None:
    """Every lesson meld-value miss, and the hint before the answer, said each rank's value ("In
    Classic Buraco: ace 15, queen 10, king 10"), leaving only the sum. Now the miss names the rule
    as the puzzle's ruleset reads it and where to look; no card's value is handed over."""
    from buraco_core.melds import make_meld
    from buraco_core.teach.puzzles.feedback import rule_text

    puzzles = _meld_value_puzzles()
    assert len(puzzles) == 14
    for p in puzzles:
        meld = make_meld(p.table[0], p.ruleset)
        values = p.ruleset.card_values
        given = [f"{word} {values[c.rank]}" for c in meld.cards
                 for word in (str(Message(f"rank.one.{c.rank}")), str(c))]
        for n in (meld.points + 3, meld.points - 10):
            fb = check(p, n)
            assert not fb.correct
            text = fb.explain() + " " + str(hint(p, 2))
            assert not [g for g in given if g in text], (p.id, n, text)
            if fb.rule == "card-values":
                assert str(rule_text("card-values", p.ruleset)) in text
            if fb.reason is not None and fb.reason.key == "feedback.count-again":  # no slip found: where to look
                assert "Count the" in fb.explain(), fb.explain()


def test_the_card_values_rule_is_said_as_the_ruleset_counts() -> None:
    """[card-values]'s rulebook sentence gives only the Classic Buraco values: a Buraco Fechado or
    Brazilian Buraco learner told to count again could not read a 2's value in it."""
    fechado = load_puzzle(PUZZLES / "02_wilds.yaml", "fechado-two-value")
    for text in (str(hint(fechado, 1)), check(fechado, 28).explain()):
        assert "twos 10" in text and "count some cards differently" not in text
    assert "Zweien 10" in check(fechado, 28).explain("de")
    brazilian = load_puzzle(PUZZLES / "07_rulesets.yaml", "brazilian-values")
    assert "threes to nines as many as their number" in str(hint(brazilian, 1))


def test_the_last_hint_of_a_refused_play_gives_its_reason_once() -> None:
    """The German review's short list: „Die Antwort: Die Regeln erlauben diesen Spielzug nicht. Der Grund:
    Die Regeln erlauben diesen Spielzug nicht: …“ said the answer twice; the reason is the refusal's own."""
    puzzle = load_puzzle(PUZZLES / "05_pot.yaml", "italian-no-direct-add")
    assert solve(puzzle) == "refused"
    for lang, answer in (("de", "Die Regeln erlauben diesen Spielzug nicht"), ("en", "The game refuses the play")):
        text = hint(puzzle, 3).text(lang)
        assert text.casefold().count(answer.casefold()) == 1, text
        assert "Burraco" in text.partition(":")[2].partition(":")[2], text     # the refusal's own reason follows


def test_a_right_count_of_a_semi_clean_buraco_says_how_the_ruleset_counts_it() -> None:
    """The newcomer's walkthrough: a right count read „schmutziger Buraco“ beside „Regel: der halbsaubere
    Buraco“, and nothing said that Classic Buraco counts a semi-clean buraco as dirty."""
    puzzle = Puzzle(id="semi", kind="meld-value", rules="buraco", table=("JK 4h 5h 6h 7h 8h 9h 10h Jh",), goal={})
    fb = check(puzzle, solve(puzzle))
    assert fb.correct
    assert "Nach seinen Karten ist dieser Buraco halbsauber, und Klassisches Buraco wertet" in fb.explain("de")
    assert "By its cards it is semi-clean, and Classic Buraco counts a semi-clean buraco as dirty." in fb.explain("en")
    clean = Puzzle(id="clean", kind="meld-value", rules="buraco", table=("3h 4h 5h 6h 7h 8h 9h",), goal={})
    assert "halbsauber" not in check(clean, solve(clean)).explain("de")
