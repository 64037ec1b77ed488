"""MeldPuzzle, ScoreQuiz and Quiz, driven from Python as a learner would click them.

Right answers come from the engine (``buraco_core.puzzles.solve``) and are entered through the
widgets' own controls (hand selection, meld click, option, number), never typed in here.
"""

from typing import Any

import pytest
from buraco_widgets import MeldPuzzle, Progress, Quiz, RulesetPicker, ScoreQuiz

from buraco_core import score_side
from buraco_core.puzzles import Puzzle, generate, hint, solve

KINDS = ["make-meld", "make-buraco", "extend", "which-is-meld", "meld-value", "score", "legal-play", "match"]
CHOICE_KINDS = ("which-is-meld", "legal-play", "match")


def enter(widget: MeldPuzzle, answer: Any) -> None:
    """Put an answer into the widget's controls, as clicks and typing would."""
    kind = widget.puzzle.kind
    if kind in ("make-meld", "make-buraco"):
        widget.hand.select_cards(answer)
    elif kind == "extend":
        meld, cards = answer
        if widget.table.selected != [0, meld]:
            widget.table.select(0, meld)
        widget.hand.select_cards(cards)
    elif kind in CHOICE_KINDS:
        widget.choice.value = answer
    else:
        widget.number.value = int(answer)


def wrong_answer(widget: MeldPuzzle) -> None:
    kind = widget.puzzle.kind
    if kind in ("make-meld", "make-buraco", "extend"):
        widget.hand.clear_selection()  # nothing selected
    elif kind in CHOICE_KINDS:
        right = solve(widget.puzzle)
        values = [value for _, value in widget.choice.options]
        widget.choice.value = next(v for v in values if v != right)
    else:
        widget.number.value = int(solve(widget.puzzle)) + 10


@pytest.mark.parametrize("kind", KINDS)
def test_right_answer_is_confirmed_and_recorded(kind: str) -> None:
    progress = Progress()
    w = MeldPuzzle.generate(kind, rules="buraco", seed=5, lesson="03", progress=progress)
    assert progress.expected["03"] == [w.item] and not w.solved
    enter(w, solve(w.puzzle))
    w.check_button.click()
    assert w.correct is True and w.feedback.status == "right"
    assert w.feedback.value.startswith("Right")
    assert w.solved and progress.is_solved("03", w.item)


@pytest.mark.parametrize("kind", KINDS)
def test_wrong_answer_shows_the_engine_reason(kind: str) -> None:
    progress = Progress()
    w = MeldPuzzle.generate(kind, rules="buraco", seed=6, lesson="03", progress=progress)
    wrong_answer(w)
    w.check_button.click()
    assert w.correct is False and w.feedback.status == "wrong"
    assert w.feedback.value and not w.feedback.value.startswith("Right")
    assert progress.solved == {}


def test_wrong_meld_names_the_broken_rule() -> None:
    p = Puzzle(id="t", kind="make-meld", rules="buraco", prompt="Make a meld.",
               hand=("4h", "5h", "7c", "JK", "2s"), goal={})
    w = MeldPuzzle(p, progress=Progress())
    w.hand.select_cards("4h 5h 7c")
    assert w.check() is False
    assert "Not a meld" in w.feedback.value and "suit" in w.feedback.value
    w.hand.select_cards("4h JK 2s")
    w.check()
    assert "wild" in w.feedback.value  # one wild card a meld


def test_hint_comes_from_the_engine() -> None:
    w = MeldPuzzle.generate("make-buraco", seed=2, progress=Progress())
    w.hint_button.click()
    assert w.feedback.hint == hint(w.puzzle) and w.feedback.hint


def test_another_one_gives_a_different_seeded_puzzle_of_the_same_kind() -> None:
    w = MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, buraco="clean", progress=Progress())
    first = w.puzzle
    w.check()
    w.another_button.click()
    assert w.puzzle.kind == first.kind and w.puzzle.goal == first.goal
    assert w.puzzle != first and w.seed == 4
    assert w.puzzle == generate("make-buraco", "buraco", 4, buraco="clean")
    assert w.feedback.value == "" and w.correct is None
    assert w.hand.codes == list(w.puzzle.hand)


def test_ruleset_switch_redeals_in_the_new_ruleset() -> None:
    w = MeldPuzzle.generate("meld-value", rules="buraco", seed=3, progress=Progress())
    picker = RulesetPicker()
    picker.link(w)
    picker.value = "italian"
    assert w.puzzle.rules == "italian" and w.table.rules == "italian"
    assert w.puzzle == generate("meld-value", "italian", 3)
    w.number.value = solve(w.puzzle)
    assert w.check()


def test_a_teachers_puzzle_keeps_its_situation_when_it_still_works() -> None:
    p = Puzzle(id="clean", kind="make-buraco", rules="buraco", prompt="Make a clean buraco.",
               hand=("4h", "5h", "6h", "7h", "8h", "9h", "10h", "Kc"), goal={"buraco": "clean"},
               source=("03.yaml", 1))
    w = MeldPuzzle(p, lesson="03", progress=Progress())
    assert w.item == "clean"
    w.rules = "burraco"
    assert w.puzzle.hand == p.hand and w.puzzle.rules == "burraco"


def test_sorting_the_hand_does_not_change_the_answer() -> None:
    w = MeldPuzzle.generate("make-buraco", seed=8, progress=Progress())
    w.hand.sort_by = "rank"
    w.hand.select_cards(solve(w.puzzle))
    assert w.check()


def test_score_quiz_shows_the_engine_lines_next_to_the_answer() -> None:
    q = ScoreQuiz.from_hand(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", "buraco", went_out=False, took_pot=True,
                            progress=Progress(), lesson="06")
    expected = score_side(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", "buraco", went_out=False, took_pot=True)
    q.number.value = expected.total - 15
    q.check_button.click()
    assert q.feedback.status == "wrong"
    assert q.feedback.lines == [[label, points] for label, points in expected.lines]
    assert q.feedback.answer == str(expected.total - 15) and q.feedback.total == expected.total
    q.number.value = expected.total
    assert q.check() and q.progress.is_solved("06", "score")


def test_score_quiz_from_a_generated_puzzle() -> None:
    p = generate("score", "fechado", 9)
    q = ScoreQuiz.from_puzzle(p, progress=Progress())
    q.number.value = solve(p)
    assert q.check()
    with pytest.raises(ValueError, match="score"):
        ScoreQuiz(generate("make-meld", "buraco", 1))


def test_quiz_steps_through_five_questions_and_keeps_score() -> None:
    progress = Progress()
    quiz = Quiz.for_lesson("03", rules="buraco", seed=1, progress=progress)
    assert len(quiz.questions) >= 5
    quiz.previous_button.click()
    assert quiz.index == 0
    # first question wrong, then right
    wrong_answer(quiz.current)
    quiz.current.check()
    enter(quiz.current, solve(quiz.current.puzzle))
    quiz.current.check()
    assert quiz.score == 1 and quiz.first_try[0] is False
    for _ in range(len(quiz.questions) - 1):
        quiz.next_button.click()
        enter(quiz.current, solve(quiz.current.puzzle))
        quiz.current.check()
    assert quiz.index == len(quiz.questions) - 1 and quiz.next_button.disabled
    assert quiz.score == len(quiz.questions)
    assert "Quiz complete" in quiz.summary() and quiz.solved
    assert progress.is_solved("03", "quiz")


def test_quiz_new_quiz_and_ruleset_switch() -> None:
    quiz = Quiz.for_lesson("01", seed=1, progress=Progress())
    first = [q.puzzle for q in quiz.questions]
    quiz.new_button.click()
    assert [q.puzzle for q in quiz.questions] != first and quiz.seed == 2
    quiz.rules = "fechado"
    assert {q.puzzle.rules for q in quiz.questions} == {"fechado"}
    assert quiz.score == 0 and quiz.index == 0


def test_a_broken_puzzle_shows_a_message_not_a_traceback() -> None:
    p = Puzzle(id="bad", kind="meld-value", rules="buraco", prompt="?", table=("4h 5h 7c",))
    w = MeldPuzzle(p, progress=Progress())
    w.check_button.click()
    assert w.correct is False and "broken" in w.feedback.value


def test_a_puzzle_from_a_teachers_file(tmp_path: Any) -> None:
    path = tmp_path / "03.yaml"
    path.write_text(
        "rules: buraco\n"
        "puzzles:\n"
        "  - id: worked-clean\n"
        "    kind: make-buraco\n"
        "    prompt: Make a clean buraco.\n"
        "    hand: 4h 5h 6h 7h 8h 9h 10h 2s Kc\n"
        "    goal: {buraco: clean}\n", encoding="utf-8")
    progress = Progress()
    w = MeldPuzzle.load(path, "worked-clean", lesson="03", progress=progress)
    assert w.item == "worked-clean" and "Make a clean buraco." in w.children[0].value
    w.hand.select_cards("4h 5h 6h 2s 8h 9h 10h")
    assert w.check() is False and "dirty" in w.feedback.value  # the engine's reason
    w.hand.select_cards("4h 5h 6h 7h 8h 9h 10h")
    assert w.check() and progress.solved == {"03": ["worked-clean"]}
    w.another()  # a generated clean buraco puzzle: the goal is kept
    assert w.puzzle.kind == "make-buraco" and w.puzzle.goal["buraco"] == "clean"
    with pytest.raises(ValueError, match="no puzzle 'nope'"):
        MeldPuzzle.load(path, "nope")


def test_each_kind_tells_the_learner_what_to_do() -> None:
    for kind in KINDS:
        w = MeldPuzzle.generate(kind, seed=1, progress=Progress())
        assert "press Check" in w.children[0].value


def test_link_returns_the_picker_so_a_cell_shows_it() -> None:
    w = MeldPuzzle.generate("make-meld", seed=1, progress=Progress())
    picker = RulesetPicker("italian")
    assert picker.link(w) is picker and w.rules == "italian"


def test_progress_from_the_browser_marks_the_puzzle_solved() -> None:
    progress = Progress()
    w = MeldPuzzle.generate("make-meld", seed=1, lesson="01", progress=progress)
    assert not w.solved and w.badge.value == ""
    progress.solved = {"01": [w.item]}  # what the page's localStorage sends after loading
    assert w.solved and "solved" in w.badge.value


def test_an_unexpected_error_in_a_handler_becomes_a_message(monkeypatch: Any) -> None:
    w = MeldPuzzle.generate("make-meld", seed=1, progress=Progress())

    def broken() -> str:
        raise KeyError("no such thing")

    monkeypatch.setattr(w, "show_hint", broken)
    w.hint_button.click()  # would print a traceback into the page without the guard
    assert w.feedback.value == "Something went wrong: 'no such thing'" and w.feedback.status == "wrong"
