"""The verdict defects of issue 21, each fixed with a test that failed before the fix: answers a
puzzle refused though right, sentences that said what the position contradicts, causes named
wrongly, questions the page could not answer, and lessons that tested before they taught."""

from __future__ import annotations

from pathlib import Path

import pytest

from buraco_core.messages import Message
from buraco_core.teach import Puzzle, check, hint, load_puzzle, solve

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "lessons" / "puzzles"


def lesson_puzzle(file: str, puzzle_id: str) -> Puzzle:
    return load_puzzle(PUZZLES / file, puzzle_id)


def test_spot_the_meld_shows_the_clean_meld_not_one_that_spends_the_wild_card() -> None:
    p = lesson_puzzle("08_play.yaml", "spot-the-meld")
    assert solve(p) == ["9d", "10d", "Jd"]
    assert str(hint(p, 3)) == "The answer: 9♦ 10♦ J♦."
    assert check(p, ["9d", "10d", "2c"]).correct  # the wild card's meld is still right


def test_two_beyond_ace_gives_the_corner_as_the_reason_not_a_choice_of_end() -> None:
    p = lesson_puzzle("02_wilds.yaml", "two-beyond-ace")
    right = check(p, "low")
    assert right.correct
    text = str(right.message)
    assert "with a choice" not in text
    assert "turn the corner" in text and "for J♥" in text
    assert "natural-two" in right.clauses


def test_two_beyond_ace_is_not_its_rules_own_example() -> None:
    """Issue 37 N3: hint 1 and every miss quoted [wild-place], whose example ("K-A-2 of hearts is Q-K-A
    with the 2 as its wild card") was the puzzle itself. The puzzle is Q-K-A-2 now, and taking the 2
    for natural is answered with the natural 2's rule."""
    p = lesson_puzzle("02_wilds.yaml", "two-beyond-ace")
    assert "K-A-2 of hearts" in str(hint(p, 1)) and str(p.goal["add"]).split() != ["Kh", "Ah", "2h"]
    assert check(p, "natural").rule == "natural-two" and check(p, "high").rule == "wild-place"


def test_a_laid_down_run_ending_at_the_ace_gives_its_wild_card_no_choice() -> None:
    from buraco_core.teach import Puzzle

    p = Puzzle(id="p", kind="predict", rules="buraco", goal={"add": "Qc Kc Ac JK", "ask": "wild"})
    fb = check(p, "low")
    assert fb.correct and "ends at the ace" in str(fb.message) and "with a choice" not in str(fb.message)
    choice = Puzzle(id="q", kind="predict", rules="buraco", goal={"add": "7c 8c JK", "ask": "wild"})
    assert "with a choice" in str(check(choice, "low").message)


def test_worked_seven_back_in_classic_buraco_says_how_it_counts_and_never_calls_semi_clean_right() -> None:
    p = lesson_puzzle("03_buracos.yaml", "worked-seven-back-buraco")
    assert "How does Classic Buraco count it" in str(p.prompt)
    fb = check(p, "semi-clean-buraco")
    assert not fb.correct
    assert "by its cards it is semi-clean" not in str(fb.message)
    assert "Classic Buraco has no semi-clean buraco" in str(fb.message)
    assert "buraco-dirty" in fb.clauses and check(p, "dirty-buraco").correct


def test_royal_and_ace_to_ace_say_what_the_meld_lacks() -> None:
    royal = lesson_puzzle("03_buracos.yaml", "royal")
    fb = check(royal, "2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks")
    assert "12 of the thirteen ranks" in str(fb.message) and "no wild card" not in str(fb.message)
    assert "12 der dreizehn Ränge" in fb.explain("de")
    aces = lesson_puzzle("03_buracos.yaml", "ace-to-ace")
    fb = check(aces, "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc")
    assert "13 cards" in str(fb.message) and "from A to A" in str(fb.message)
    assert "no wild card" not in str(fb.message)


def test_fechado_pot_unused_never_says_nothing_comes_off_for_the_pot() -> None:
    for puzzle_id, answer in (("fechado-pot-unused", 50), ("fechado-pot-unused-again", -200)):
        p = lesson_puzzle("06_scoring.yaml", puzzle_id)
        fb = check(p, answer)
        assert not fb.correct and fb.rule == "pot-unused"
        assert "nothing is taken off" not in str(fb.message)
        assert "taken but not used" in str(fb.message) and "comes off once" in str(fb.message)


def test_clean_bonus_300_names_the_house_bonus_not_a_counting_slip() -> None:
    p = lesson_puzzle("11_house_rules.yaml", "clean-bonus-300")
    fb = check(p, 250)
    assert not fb.correct and fb.rule == "buraco-clean"
    assert "count again" not in str(fb.message)
    assert str(fb.reason) == ("that is the bonus of Classic Buraco, 200; in Classic Buraco, house rules a clean "
                              "buraco is worth a bonus of 300.")
    assert "bringt ein sauberer Buraco einen Bonus von 300" in fb.explain("de")


def test_brazilian_plays_name_another_players_meld_by_seat_not_by_team() -> None:
    for puzzle_id in ("brazilian-add-other", "brazilian-add-any"):
        p = lesson_puzzle("04_turn.yaml", puzzle_id)
        # the meld is named by the row of the table that shows it (issue 24: "meld 1 of team 1")
        assert "team" not in str(p.prompt) and "(seat 1)” row of the table" in str(p.prompt)
        assert "team 1" not in str(check(p, "allowed").message)
        assert isinstance(p.prompt, Message) and "Team 1" not in p.prompt.text("de")


def test_match_puzzles_show_the_hands_scores_and_their_lines_have_no_total_of_both_sides() -> None:
    from buraco_core.teach import KINDS

    p = lesson_puzzle("06_scoring.yaml", "buraco-tie")
    facts = [str(f) for f in KINDS["match"].facts(p)]
    assert any(f.startswith("The hand scores ") for f in facts)
    fb = check(p, solve(p))
    assert fb.correct and fb.lines and fb.total is None


TIES = ("italian-tie", "fechado-tie", "burraco-draw", "burraco-draw-again", "buraco-tie", "brazilian-tie")


def test_the_six_tie_puzzles_turn_on_the_tie_rule_and_on_nothing_the_page_hides() -> None:
    from buraco_core.teach.audit import audit_puzzle
    from buraco_core.teach.audit.positions import tie_matters

    for puzzle_id in TIES:
        p = lesson_puzzle("06_scoring.yaml", puzzle_id)
        assert "match-tie" in p.clauses and tie_matters(p), puzzle_id
        assert audit_puzzle(p).findings == [], puzzle_id
    one_hand = lesson_puzzle("06_scoring.yaml", "italian-tie")
    assert solve(one_hand) == "side 1 wins the match"  # the side that started, not the one that went out


def test_not_a_meld_names_every_card_chosen_the_wild_card_too() -> None:
    from buraco_core.teach import Puzzle

    p = Puzzle(id="p", kind="make-meld", rules="buraco", hand=("5h", "6h", "7s", "2s", "Kd"))
    fb = check(p, "5h 6h 7s 2s")
    assert not fb.correct and fb.rule == "run"
    assert "2♠ 5♥ 6♥ 7♠ are neither" in str(fb.message)  # the 2♠ no longer vanishes
    assert "2♠ 5♥ 6♥ 7♠" in fb.explain("de")


def test_the_going_out_row_says_if_one_is_left_where_a_pot_can_become_the_stock() -> None:
    from buraco_core.compare import compare_rulesets

    table = str(compare_rulesets(rows=["going out needs"]))
    row = table.splitlines()[1].split(" | ")
    assert row[3] == "the pot taken (if one is left) and a buraco"            # Italian Burraco
    assert row[5] == "the pot taken (if one is left) and a clean buraco"      # Buraco Fechado
    assert row[1] == "the pot taken and a buraco"                             # Classic: its pot never goes


def test_check_puzzles_counts_lesson_11s_house_rule_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    from buraco_core.teach.cli import main
    from buraco_core.teach.course import Course
    from buraco_core.teach.course.coverage import coverage

    report = coverage(Course.scan(PUZZLES.parent))
    shown = {s.name for r in report.readings for s in r.puzzles}
    assert {"11_house_rules/four-sevens", "11_house_rules/clean-bonus-300", "11_house_rules/no-sets-at-home"} <= shown
    assert main([str(PUZZLES), "--summary"]) == 0
    assert "158 puzzles shown" in capsys.readouterr().out


def test_lesson_09s_coach_says_when_a_play_goes_out_or_earns_the_pot_and_why_to_keep_the_joker() -> None:
    out = check(lesson_puzzle("09_strategy.yaml", "go-out-now"), "meld Jh Qh Kh")
    assert out.correct and "discarding it goes out" in str(out.message) and "100 for going out" in str(out.message)
    pot = check(lesson_puzzle("09_strategy.yaml", "race-for-the-pot"), "meld Jh Qh Kh")
    assert pot.correct and "earns your side its pot" in str(pot.message)
    joker = check(lesson_puzzle("09_strategy.yaml", "keep-the-joker"), "discard JK")
    assert not joker.correct and "is a wild card: kept, it can fill a gap" in str(joker.message)
    assert "Ablagestapel aufnimmt" in joker.explain("de")


def test_the_tournament_preset_forbids_a_wild_card_as_the_closing_discard_italian_allows() -> None:
    from buraco_core.game.scenarios import parse_scenario
    from buraco_core.variants import NAMED_VARIANTS, VariantError, get_rules, named_variant

    tournament = named_variant("tournament")
    assert tournament.name == "Tournament rules" and named_variant("tournament", "de").name == "Turnierregeln"
    assert get_rules(NAMED_VARIANTS["tournament"]) == tournament.rules and tournament.preset.name == "italian"
    position = """description: a wild card is the last card, and it fits a meld
rules: {rules}
players: 2
turn: 0
phase: play
hand 0: JK
melds 0: 4s 5s 6s 7s 8s 9s 10s | Kd Kc Kh
pot 0: taken
pot 1: taken
discard: 3c 8d
"""
    italian = parse_scenario(position.format(rules="italian"))
    assert italian.why_illegal("discard JK") is None  # the seed's rules: any canasta closes, a joker too
    closed = parse_scenario(position.format(rules=NAMED_VARIANTS["tournament"]))
    refusal = closed.why_illegal("discard JK")
    assert refusal is not None and refusal.rule == "wild-last-discard"
    with pytest.raises(VariantError):
        named_variant("casino")


def test_lesson_07_mentions_the_tournament_preset_in_both_languages() -> None:
    from buraco_core.variants import NAMED_VARIANTS

    text = (ROOT / "lessons" / "source" / "07_rulesets.md").read_text(encoding="utf-8")
    link = f"11_house_rules.ipynb#variant={NAMED_VARIANTS['tournament']}"
    assert text.count(link) == 2 and "Tournament" in text and "Turnierregeln" in text


def test_the_welcome_pages_practice_and_quiz_deal_no_ace_before_lesson_01_teaches_it() -> None:
    """Its practice dealt Q-K-A runs (seed 24: the ace high, which lesson 01 teaches)."""
    from buraco_core.teach import generate
    from buraco_core.teach.audit.teaching import practice_cells

    (cell,) = [c for c in practice_cells(ROOT / "lessons") if c[0] == "00_welcome.ipynb"]
    _notebook, _index, kind, rules, first, params = cell
    assert params.get("ace") is False
    for seed in range(first, first + 40):
        assert not any(code.startswith("A") for code in generate(kind, rules, seed, **params).hand), seed
    for item in ("run", "set"):
        quiz = generate("make-meld", rules, 24, clause=item, plain=True, ace=False)
        assert not any(code.startswith("A") for code in quiz.hand)


@pytest.mark.parametrize(("hand", "cards"), [
    ("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks 4d", "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"),   # royal
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 4d", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"),  # ace to ace
])
def test_a_clean_buraco_task_accepts_a_royal_or_ace_to_ace_run(hand: str, cards: str) -> None:
    """Issue 37 N1: RULES.md's [buraco-clean] is any buraco without a wild card; Buraco Fechado
    refused its royal and ace-to-ace runs with "it has no wild card, so it is a royal buraco"."""
    p = Puzzle(id="p", kind="make-buraco", rules="fechado", hand=tuple(hand.split()), goal={"buraco": "clean"})
    fb = check(p, cards.split())
    assert fb.correct, fb.message
    dirty = Puzzle(id="q", kind="make-buraco", rules="fechado", hand=tuple(hand.split()), goal={"buraco": "dirty"})
    assert not check(dirty, cards.split()).correct


def test_extend_and_predict_call_a_grown_royal_run_clean() -> None:
    grow = Puzzle(id="p", kind="extend", rules="fechado", goal={"buraco": "clean"},
                  table=("2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs",), hand=("Ks", "As", "4d"))
    assert check(grow, (0, ["Ks", "As"])).correct
    royal = Puzzle(id="q", kind="extend", rules="fechado", goal={"buraco": "royal"},
                   table=("2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs",), hand=("Ks", "As", "4d"))
    assert not check(royal, (0, ["Ks"])).correct and check(royal, (0, ["Ks", "As"])).correct
    predict = Puzzle(id="r", kind="predict", rules="fechado", goal={"add": "Ks As", "ask": "kind"},
                     table=("2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs",))
    fb = check(predict, "clean-buraco")
    assert fb.correct and fb.clauses[:2] == ("buraco-clean", "buraco-royal")


@pytest.mark.parametrize(("file", "puzzle_id"), [("04_turn.yaml", "seats-partner"), ("09_strategy.yaml", "keep-the-joker"),
                                                 ("02_wilds.yaml", "choose-the-end")])
def test_the_last_hint_ends_the_answer_before_the_reason(file: str, puzzle_id: str) -> None:
    """Issue 37 N4: "The answer: seat 2 The reason: ..." ran the answer into its reason."""
    import re

    p = lesson_puzzle(file, puzzle_id)
    for lang in ("en", "de"):
        text = hint(p, 3).text(lang)
        reason = "The reason:" if lang == "en" else "Der Grund:"
        if reason in text:
            assert re.search(r"[.!?] " + reason, text) and ".. " not in text, text


def test_choose_the_end_says_why_low_is_not_the_answer() -> None:
    """Issue 37 D15: `low`, the rule's default, got only the pointer while the rule quoted says "with no
    choice given it goes to the low end"."""
    p = lesson_puzzle("02_wilds.yaml", "choose-the-end")
    fb = check(p, "low")
    assert not fb.correct and "only when no end is chosen" in str(fb.message)
    assert "nur, wenn kein Ende gewählt wird" in fb.message.text("de")
    assert "chooses" not in str(fb.message)  # the answer itself is left to the learner


def test_the_misleading_words_of_the_audit_are_gone() -> None:
    """Issue 37 D18: two-becomes-wild asked "What happens to its wild card?" of 2♦ 3♦ 4♦ (no wild card);
    joker-low-end offered "There is no wild card: the 2 is a natural card." for 7♣ 8♣ JK; the
    Brazilian adding puzzles said "meld 1 belongs to team 1, and you play for team 0" where every
    player plays alone."""
    from buraco_core.teach import KINDS

    two = lesson_puzzle("02_wilds.yaml", "two-becomes-wild")
    assert "wild card" not in str(two.prompt) and "2♦" in str(two.prompt) and "2♦" in two.prompt.text("de")
    joker = lesson_puzzle("02_wilds.yaml", "joker-low-end")
    assert "natural" not in [o.value for o in KINDS["predict"].options(joker)]
    assert "natural" in [o.value for o in KINDS["predict"].options(lesson_puzzle("02_wilds.yaml", "two-beyond-ace"))]
    for puzzle_id in ("brazilian-add-any", "brazilian-add-other"):
        p = lesson_puzzle("04_turn.yaml", puzzle_id)
        for text in (str(hint(p, 2)), check(p, "refused").explain(), hint(p, 2).text("de")):
            assert "belongs to team" not in text and "you play for team" not in text and "Team" not in text, text


def test_lesson_02_asks_whether_a_meld_is_clean_without_offering_the_kinds_of_buraco() -> None:
    """Issue 37 D12: 02_wilds/two-home-clean offered "A clean / semi-clean / dirty buraco." in
    lesson 02, a lesson before the kinds of buraco are taught; a predict goal's ``offer`` names the
    lesson's own choices, and one that leaves out the right answer is refused."""
    from buraco_core.teach import KINDS
    from buraco_core.teach.puzzles import validate

    p = lesson_puzzle("02_wilds.yaml", "two-home-clean")
    assert [o.value for o in KINDS["predict"].options(p)] == ["clean-meld", "wild-meld"]
    assert check(p, "clean-meld").correct and not check(p, "wild-meld").correct
    wrong_offer = Puzzle(id="x", kind="predict", rules="buraco", table=("3s 4s 2s 6s 7s",),
                         goal={"add": "5s", "ask": "kind", "offer": "wild-meld dirty-buraco"})
    assert "not among the outcomes offered" in str(validate(wrong_offer))
    with pytest.raises(ValueError, match="offer lists"):
        Puzzle(id="y", kind="predict", rules="buraco", table=("3s 4s 2s 6s 7s",),
               goal={"add": "5s", "ask": "kind", "offer": "clean-meld royal"})


def test_an_allowed_play_says_why_the_side_may_go_out() -> None:
    """Issue 37 D14: fechado-last-card-free's `refused` got [turn] and "Look at where you are in your
    turn", not the clean buraco that lets the Q♦ go; going-out's right answer said only "Your side
    may go out"."""
    free = lesson_puzzle("05_pot.yaml", "fechado-last-card-free")
    miss = check(free, "refused")
    assert miss.rule == "turn-guard" and "the buracos on your side (one, and it is clean)" in miss.explain()
    assert "a clean buraco (7♣-K♣)" in str(check(free, "allowed").message)
    out = check(lesson_puzzle("05_pot.yaml", "going-out"), "allowed")
    assert "its pot taken, a buraco (4♠-10♠)" in str(out.message)
    assert "den aufgenommenen Topf, einen Buraco (4♠–10♠)" in out.message.text("de")


def test_a_miss_quotes_the_rule_as_its_ruleset_reads_it() -> None:
    """Issue 37 N5: a miss quoted the all-rulesets sentence of its clause: brazilian-dirty-canasta's
    `allowed` read "What it needs differs by ruleset (the pot taken, a buraco or a clean one)", never
    that Brazilian Buraco needs a clean canasta."""
    from buraco_core.clauses import CLAUSES
    from buraco_core.rules import RULESETS

    p = lesson_puzzle("05_pot.yaml", "brazilian-dirty-canasta")
    text = check(p, "allowed").explain()
    assert "differs by ruleset" not in text and "In Brazilian Buraco it needs a clean buraco" in text
    fechado = CLAUSES["going-out"].text_for(RULESETS["fechado"]).text("en")
    assert "a clean buraco, and a player goes out by a meld or a discard" in fechado


def test_natural_two_value_20_is_the_two_counted_as_nothing() -> None:
    """Issue 37 D16: natural-two-value's 20 read "those are the card values of Brazilian Buraco", where
    15 + 0 + 5, the 2 counted as nothing, is the likelier slip; both are said now."""
    p = lesson_puzzle("02_wilds.yaml", "natural-two-value")
    text = str(check(p, 20).message)
    assert text.startswith("Not 20: the 2♥ counts too") and "Brazilian Buraco" in text
    assert "2♥ zählt auch" in check(p, 20).message.text("de")


def test_answers_written_with_a_phones_suits_a_unit_or_a_full_stop_are_read() -> None:
    """Issue 37 N7: '♥️' (♥ and U+FE0F), '250 points', '250 Punkte', 'erlaubt.', 'Allowed!' got a
    notation message each, never a verdict."""
    value = lesson_puzzle("01_melds.yaml", "value-ace-high")
    for answer in ("35 points", "35 Punkte", "35.", " 35 pts "):
        assert check(value, answer).correct, answer
    assert not check(value, "30 points").correct and check(value, "30 points").answered
    legal = lesson_puzzle("04_turn.yaml", "draw-first")
    right = solve(legal)
    said = {"allowed": ("Allowed!", "erlaubt."), "refused": ("Refused.", "nicht erlaubt!")}[str(right)]
    for answer in said:
        assert check(legal, answer).correct, answer
    run = Puzzle(id="p", kind="make-meld", rules="buraco", hand=("4h", "5h", "6h", "Kc"), goal={"meld_kind": "run"})
    assert check(run, "4\u2665\ufe0f 5\u2665\ufe0f 6\u2665\ufe0f").correct
