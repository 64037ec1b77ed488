"""Puzzles and quizzes: every kind checked right and wrong by the engine, seeded generators that are
always solvable, puzzle files whose problems are reported with file and line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buraco_core import RULESETS, make_meld, score_side
from buraco_core.puzzles import (
    KINDS,
    Feedback,
    Puzzle,
    PuzzleError,
    check,
    check_folder,
    generate,
    hint,
    load_puzzles,
    main,
    make_quiz,
    solve,
    validate,
)
from buraco_core.quiz import _GENERATORS, LESSON_TOPICS

LESSON_PUZZLES = Path(__file__).resolve().parent.parent / "lessons" / "puzzles"


def puzzle(kind: str, **fields: object) -> Puzzle:
    fields.setdefault("rules", "buraco")
    fields.setdefault("prompt", "task")
    return Puzzle(id="t", kind=kind, **fields)  # type: ignore[arg-type]


# ---- every kind, right and wrong


def test_make_meld_right_and_wrong() -> None:
    p = puzzle("make-meld", hand=("4h", "5h", "6h", "9c", "9d", "Ks"))
    assert check(p, ["4h", "5h", "6h"]).correct
    assert check(p, [0, 1, 2]).correct
    wrong = check(p, ["4h", "5h", "9c"])
    assert not wrong.correct
    assert "a run is all one suit" in wrong.message


def test_make_meld_goal_kind_and_wild() -> None:
    p = puzzle("make-meld", hand=("4h", "5h", "6h", "9c", "9d", "9s", "JK"), goal={"meld_kind": "set"})
    assert not check(p, "4h 5h 6h").correct
    assert "the task asks for a set" in check(p, "4h 5h 6h").message
    assert check(p, "9c 9d 9s").correct
    p = puzzle("make-meld", hand=("4h", "5h", "6h", "JK"), goal={"wild": True})
    assert not check(p, "4h 5h 6h").correct
    assert check(p, "4h 5h JK").correct


def test_make_buraco_worked_example() -> None:
    """RULES.md worked example: 4♥-10♥ clean 250; the 2♠ for the 7♥ dirty 165."""
    p = puzzle("make-buraco", hand=("4h", "5h", "6h", "7h", "8h", "9h", "10h", "2s"), goal={"buraco": "clean"})
    fb = check(p, "4h 5h 6h 7h 8h 9h 10h")
    assert fb.correct and fb.meld is not None and fb.meld.points == 250
    assert ("clean buraco bonus", 200) in fb.lines
    dirty = puzzle("make-buraco", hand=p.hand, goal={"buraco": "dirty"})
    fb = check(dirty, "4h 5h 6h 2s 8h 9h 10h")
    assert fb.correct and fb.meld is not None and fb.meld.points == 165
    wrong = check(dirty, "4h 5h 6h 7h 8h 9h 10h")
    assert not wrong.correct and "clean buraco, not a dirty one" in wrong.message
    short = check(p, "4h 5h 6h")
    assert not short.correct and "at least 7 cards" in short.message


def test_make_buraco_semi_clean_counted_by_ruleset() -> None:
    hand = ("4h", "5h", "6h", "7h", "8h", "9h", "10h", "JK")
    italian = puzzle("make-buraco", rules="italian", hand=hand, goal={"buraco": "semi-clean"})
    assert check(italian, hand).correct
    buraco = puzzle("make-buraco", rules="buraco", hand=hand, goal={"buraco": "semi-clean"})
    fb = check(buraco, hand)
    assert not fb.correct and "counts a semi-clean buraco as dirty" in fb.message
    assert validate(buraco) is not None  # impossible under buraco


def test_extend_moves_the_wild() -> None:
    """RULES.md: 3-4-JK-6-7 plus 5 gives JK-3-4-5-6-7."""
    p = puzzle("extend", rules="burraco", hand=("5h", "Kc"), table=("3h 4h JK 6h 7h",), goal={"meld": 0})
    fb = check(p, (0, ["5h"]))
    assert fb.correct
    assert fb.meld is not None
    assert str(fb.meld) == "JK 3♥ 4♥ 5♥ 6♥ 7♥"
    assert "moved" in fb.message and "stood for 5♥" in fb.message
    wrong = check(p, {"meld": 0, "cards": ["Kc"]})
    assert not wrong.correct and "cannot be added" in wrong.message


def test_extend_wrong_meld_and_buraco_goal() -> None:
    p = puzzle("extend", hand=("7h", "8h", "9h", "10h", "5s"), table=("5d 5c 5h", "4h 5h 6h"),
               goal={"meld": 1, "buraco": "clean"})
    assert "meld 2, not meld 1" in check(p, (0, ["5s"])).message
    assert not check(p, (1, ["7h"])).correct
    assert check(p, (1, ["7h", "8h", "9h", "10h"])).correct


def test_which_is_meld() -> None:
    p = puzzle("which-is-meld", options=("4h 5h 7h", "Qs Ks As", "Kd Ad 3d"))
    assert check(p, 1).correct
    wrong = check(p, 0)
    assert not wrong.correct
    assert wrong.message.startswith("Option 1 is not a meld: a run needs consecutive cards")
    corner = check(p, 2)
    assert "never turns the corner" in corner.message


def test_meld_value() -> None:
    p = puzzle("meld-value", table=("4h 5h 6h 2s 8h 9h 10h",))
    assert check(p, 165).correct
    assert check(p, "165").correct
    wrong = check(p, 160)
    assert not wrong.correct and "165" in wrong.message


def test_score_uses_score_side_lines() -> None:
    p = puzzle("score", table=("4h 5h 6h 7h 8h 9h 10h",), hand=("3c", "8d"), goal={"went_out": False, "took_pot": True})
    expected = score_side(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", "buraco", went_out=False, took_pot=True)
    fb = check(p, expected.total)
    assert fb.correct and fb.lines == expected.lines
    wrong = check(p, 250)
    assert not wrong.correct and wrong.lines == expected.lines and "235" in wrong.message


def test_legal_play_uses_the_game() -> None:
    scenarios = pytest.importorskip("buraco_core.game.scenarios")
    names = scenarios.scenario_names()
    if not names:
        pytest.skip("no scenarios yet")
    game = scenarios.load_scenario(names[0])
    actions = [str(a) for a in list(game.legal_actions())[:1]]
    if not actions:
        pytest.skip("scenario without legal actions")
    p = puzzle("legal-play", goal={"scenario": names[0], "play": actions[0]})
    assert check(p, "allowed").correct
    assert not check(p, "refused").correct


TIE_POSITION = """description: both sides end the hand on the same total
rules: {rules}
players: 2
turn: 0
phase: play
hand 0: 3d
hand 1: 3h
melds 0: 4h 5h 6h 7h 8h 9h 10h
melds 1: 4c 5c 6c 7c 8c 9c 10c | Jd Qd Kd Ad | 8s 9s 10s Js Qs Ks
pot 0: taken
pot 1: taken
{totals}discard: 3c 8d
"""


@pytest.mark.parametrize("rules, totals, outcome", [
    ("italian", "", "side 0 wins the match"),            # one hand: the side that started wins a tie
    ("fechado", "", "side 0 wins the match"),
    ("burraco", "totals: 1700 1700\n", "the match is a draw"),
    ("buraco", "totals: 1700 1700\n", "another hand is dealt"),
    ("buraco", "totals: 1000 1000\n", "another hand is dealt"),
    ("buraco", "totals: 1700 1600\n", "side 0 wins the match"),
])
def test_match_tie_rules(rules: str, totals: str, outcome: str) -> None:
    from buraco_core.puzzles import MATCH_OUTCOMES, with_position

    p = with_position(puzzle("match", rules=rules, goal={
        "position": TIE_POSITION.format(rules=rules, totals=totals), "play": "discard 3d"}))
    assert p.options == MATCH_OUTCOMES
    fb = check(p, outcome)
    assert fb.correct, fb.message
    assert ("side 0: this hand", 350) in fb.lines or rules == "fechado"
    wrong = next(o for o in MATCH_OUTCOMES if o != outcome)
    assert not check(p, wrong).correct
    assert check(p, MATCH_OUTCOMES.index(outcome)).correct
    assert "Choose one of the outcomes" in check(p, "nobody").message


@pytest.mark.parametrize("answer, says", [
    (["Qs"], "not in your hand"),
    ([0, 0], "selected twice"),
    ([7], "no card number 8"),
    ("4x", "'4x' is not a card"),
    (None, "Select some cards"),
    (3.5, "list of cards"),
    ([], "Select some cards"),
])
def test_bad_card_answers_give_feedback(answer: object, says: str) -> None:
    p = puzzle("make-meld", hand=("4h", "5h", "6h"))
    fb = check(p, answer)
    assert isinstance(fb, Feedback) and not fb.correct
    assert says in fb.message


@pytest.mark.parametrize("kind, extra, answer, says", [
    ("meld-value", {"table": ("4h 5h 6h",)}, "lots", "whole number"),
    ("meld-value", {"table": ("4h 5h 6h",)}, True, "number of points"),
    ("which-is-meld", {"options": ("4h 5h 6h", "4h")}, 5, "no option number 6"),
    ("which-is-meld", {"options": ("4h 5h 6h", "4h")}, "a", "by its number"),
    ("extend", {"table": ("4h 5h 6h",), "hand": ("7h",)}, (3, ["7h"]), "no meld number 4"),
    ("extend", {"table": ("4h 5h 6h",), "hand": ("7h",)}, "7h", "Choose a meld"),
])
def test_bad_answers_of_other_kinds(kind: str, extra: dict[str, object], answer: object, says: str) -> None:
    fb = check(puzzle(kind, **extra), answer)
    assert not fb.correct and says in fb.message


def test_unknown_kind_and_ruleset_are_feedback_not_exceptions() -> None:
    assert "Unknown puzzle kind" in check(puzzle("dance"), 1).message
    assert "broken" in check(puzzle("meld-value", rules="poker", table=("4h 5h 6h",)), 15).message


@given(st.lists(st.one_of(st.integers(-3, 20), st.sampled_from(["4h", "JK", "zz", "10s", ""])), max_size=6))
def test_check_never_raises(answer: list[object]) -> None:
    p = generate("make-buraco", "buraco", 3)
    assert isinstance(check(p, answer), Feedback)
    assert isinstance(check(generate("extend", "italian", 3), (0, answer)), Feedback)


# ---- hints


def test_hints_point_at_the_rule_not_the_answer() -> None:
    for kind in _GENERATORS:
        p = generate(kind, "buraco", 11)
        text = hint(p)
        assert len(text) > 20
        for code in p.hand:
            assert f" {code} " not in f" {text} "
    own = puzzle("make-meld", hand=("4h",), hint="Look at the hearts.")
    assert hint(own) == "Look at the hearts."


# ---- generators


@pytest.mark.parametrize("kind", sorted(_GENERATORS))
@pytest.mark.parametrize("rules", list(RULESETS))
def test_generated_puzzles_are_solvable(kind: str, rules: str) -> None:
    for seed in range(25):
        p = generate(kind, rules, seed)
        assert validate(p) is None
        answer = solve(p)
        assert answer is not None
        assert check(p, answer).correct, (p, answer)
        assert p.rules == rules and p.kind == kind and p.seed == seed


@given(st.sampled_from(sorted(_GENERATORS)), st.sampled_from(list(RULESETS)), st.integers(0, 10**9))
def test_any_seed_gives_a_solvable_puzzle(kind: str, rules: str, seed: int) -> None:
    p = generate(kind, rules, seed)
    assert check(p, solve(p)).correct


@pytest.mark.parametrize("kind", sorted(_GENERATORS))
def test_generators_are_seeded_and_vary(kind: str) -> None:
    assert generate(kind, "buraco", 5) == generate(kind, "buraco", 5)
    seen = {(generate(kind, "buraco", s).hand, generate(kind, "buraco", s).table,
             generate(kind, "buraco", s).options) for s in range(12)}
    assert len(seen) >= 10


@pytest.mark.parametrize("rules", list(RULESETS))
def test_every_buraco_kind_the_ruleset_counts(rules: str) -> None:
    r = RULESETS[rules]
    kinds = ["clean", "dirty"] + (["semi-clean"] if r.semi_clean_bonus else []) + (
        ["royal", "ace-to-ace"] if r.royal_bonus else [])
    for want in kinds:
        for seed in range(5):
            p = generate("make-buraco", rules, seed, buraco=want)
            answer = solve(p)
            fb = check(p, answer)
            assert fb.correct and fb.meld is not None and fb.meld.buraco_type == want


@pytest.mark.parametrize("rules", list(RULESETS))
def test_pot_positions_are_decided_by_the_game(rules: str) -> None:
    verdicts = set()
    for seed in range(15):
        p = generate("legal-play", rules, seed, topic="pot")
        answer = solve(p)
        assert check(p, answer).correct
        assert p.options == ("allowed", "refused") and p.hand
        verdicts.add(answer)
    assert verdicts == {"allowed", "refused"}
    for seed in range(5):
        p = generate("legal-play", rules, seed, topic="pot", allowed=False)
        assert solve(p) == "refused"
        assert "refused" in check(p, "refused").message


def test_generate_refuses_what_the_ruleset_lacks() -> None:
    with pytest.raises(ValueError, match="no semi-clean buraco"):
        generate("make-buraco", "buraco", 1, buraco="semi-clean")
    with pytest.raises(ValueError, match="no generator"):
        generate("dance", "buraco", 1)


def test_generated_params_are_honoured() -> None:
    for seed in range(10):
        p = generate("make-meld", "buraco", seed, wild=True)
        fb = check(p, solve(p))
        assert fb.meld is not None and fb.meld.wild is not None
        p = generate("extend", "buraco", seed, wild=True)
        grown = check(p, solve(p)).meld
        assert grown is not None
        assert make_meld(p.table[p.goal["meld"]], "buraco").wild is not None or grown.wild is not None
        p = generate("meld-value", "buraco", seed, buraco=True)
        assert make_meld(p.table[0], "buraco").is_buraco
        p = generate("score", "buraco", seed, went_out=True)
        assert p.goal["went_out"] is True


# ---- quizzes


@pytest.mark.parametrize("lesson", sorted(LESSON_TOPICS))
def test_quizzes_are_seeded_and_sound(lesson: str) -> None:
    quiz = make_quiz(lesson, "buraco", 3)
    assert len(quiz) == 5
    assert quiz == make_quiz(lesson, "buraco", 3)
    assert quiz != make_quiz(lesson, "buraco", 4)
    for p in quiz:
        assert check(p, solve(p)).correct
    assert len(make_quiz(lesson, "fechado", 1, n=8)) == 8


def test_quiz_by_topic_name_and_rulesets_lesson_mixes_rulesets() -> None:
    assert make_quiz("buracos", "buraco", 2) == make_quiz("03", "buraco", 2)
    assert len({p.rules for p in make_quiz("07", "buraco", 0)}) == 5
    with pytest.raises(ValueError, match="no quiz for"):
        make_quiz("99", "buraco", 1)


# ---- puzzle files


def write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


GOOD = """
# a comment
rules: buraco
puzzles:
  - id: clean
    kind: make-buraco
    hand: 4h 5h 6h 7h 8h 9h 10h Kc
    goal: {buraco: clean}
    answer: 4h 5h 6h 7h 8h 9h 10h
  - id: which
    kind: which-is-meld
    options:
      - 4h 5h 7h
      - Qs Ks As
"""


def test_load_a_good_file(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    puzzles = load_puzzles(path)
    assert [p.id for p in puzzles] == ["clean", "which"]
    assert puzzles[0].source == (str(path), 4)
    assert puzzles[0].prompt  # a default prompt
    assert check(puzzles[1], 1).correct
    from buraco_core.puzzles import load_puzzle

    assert load_puzzle(path, "which") == puzzles[1]
    with pytest.raises(KeyError, match="its puzzles are clean, which"):
        load_puzzle(path, "nope")


@pytest.mark.parametrize("text, line, says", [
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6x\n", 4, "'6x' is not a card"),
    ("puzzles:\n  - id: a\n    kind: dance\n", 3, "unknown kind 'dance'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    rules: poker\n    hand: 4h 5h 6h\n", 4, "no ruleset called 'poker'"),
    ("puzzles:\n  - id: a\n    kind: make-buraco\n    hand: 4h 5h 6h 7h 8h 9h Kc 2s\n    goal: {buraco: clean}\n",
     2, "impossible"),
    ("puzzles:\n  - id: a\n    kind: which-is-meld\n    options:\n      - 4h 5h 7h\n      - 4h 4h\n", 2, "no option"),
    ("puzzles:\n  - id: a\n    kind: which-is-meld\n    options:\n      - 4h 5h 6h\n      - 7s 8s 9s\n", 5,
     "options 1, 2 are all right"),
    ("puzzles:\n  - id: a\n    kind: score\n    table: [4h 5h 6h]\n    goal: {took_pot: true}\n    answer: 30\n",
     6, "given answer 30 is wrong"),
    ("puzzles:\n  - id: a\n    kind: meld-value\n    table:\n      - 4h 5h 6h\n      - 7s 8s 10s\n", 6, "table meld 2 (7s 8s 10s) is not a meld"),
    ("puzzles:\n  - id: a\n    kind: meld-value\n    table:\n      - 4h 5h 6h\n      - 7s 8q 10s\n", 6, "'8q'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n    colour: red\n", 5, "unknown key 'colour'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: [4h, 5h\n", 4, "not valid YAML"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n",
     5, "used twice"),
    ("puzzles:\n  - kind: make-meld\n", 2, "no id"),
    ("lessons: 3\n", 1, "unknown top-level key"),
    ("puzzles:\n  - id: a\n    kind: legal-play\n    position: |\n      description: x\n      hand 0: 4h 5x\n"
     "    goal: {play: draw}\n", 6, "'5x' is not a card"),
    ("puzzles:\n  - id: a\n    kind: legal-play\n    position: |\n      description: x\n      phase: draw\n"
     "    goal: {play: dance}\n", 2, "cannot be read"),
    ("puzzles:\n  - id: a\n    kind: match\n    position: |\n      description: x\n      phase: play\n"
     "      hand 0: 4h 5h\n    goal: {play: discard 4h}\n", 2, "does not end the hand"),
])
def test_bad_files_report_file_and_line(tmp_path: Path, text: str, line: int, says: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(PuzzleError) as info:
        load_puzzles(path)
    assert info.value.file == str(path)
    assert info.value.line == line, str(info.value)
    assert says in info.value.message
    assert str(info.value).startswith(f"{path}:{line}: ")


def test_check_folder_and_main(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, GOOD, "a.yaml")
    assert check_folder(tmp_path) == []
    assert main([str(tmp_path)]) == 0
    assert "2 puzzles in 1 file(s)" in capsys.readouterr().out
    write(tmp_path, "puzzles:\n  - id: a\n    kind: dance\n", "b.yaml")
    problems = check_folder(tmp_path)
    assert len(problems) == 1 and problems[0].line == 3
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'b.yaml'}:3: unknown kind" in out
    assert main([str(tmp_path / "missing")]) == 1


def test_the_lesson_puzzle_folder_is_clean() -> None:
    assert LESSON_PUZZLES.is_dir()
    problems = check_folder(LESSON_PUZZLES)
    assert problems == [], "\n".join(map(str, problems))
    files = sorted(LESSON_PUZZLES.glob("*.yaml"))
    assert len(files) >= 9
    for f in files:
        assert len(load_puzzles(f)) >= 3, f


def test_every_kind_is_known() -> None:
    assert set(_GENERATORS) <= set(KINDS)
