"""MeldPuzzle, ScoreQuiz, PuzzleSet and Quiz, driven from Python as a learner would click them.

Right answers come from the engine (``buraco_core.teach.solve``) and are entered through the
widgets' own controls (hand selection, meld click, choice, number), never typed in here.
"""

from pathlib import Path
from typing import Any

import pytest
from buraco_widgets import MeldPuzzle, Progress, PuzzleSet, Quiz, RulesetPicker, ScoreQuiz

from buraco_core import CLAUSES, score_side
from buraco_core.teach import KINDS, Puzzle, check, generate, hint, solve

ROOT = Path(__file__).resolve().parents[2]
SYLLABUS = ROOT / "lessons" / "syllabus.yaml"
PUZZLES = ROOT / "lessons" / "puzzles"


def enter(widget: MeldPuzzle, answer: Any) -> None:
    """Put an answer into the widget's controls, as clicks and typing would."""
    form = KINDS[widget.puzzle.kind].form
    if form == "cards":
        widget.hand.select_cards(answer)
    elif form == "extend":
        meld, cards, *end = answer
        if widget.table.selected != [0, meld]:
            widget.table.select(0, meld)
        widget.hand.select_cards(cards)
        if widget.end is not None:
            widget.end.value = end[0] if end else None
    elif form == "choice":
        widget.choice.value = answer
    else:
        widget.number.value = int(answer)


def wrong_answer(widget: MeldPuzzle) -> None:
    form = KINDS[widget.puzzle.kind].form
    right = solve(widget.puzzle)
    if form in ("cards", "extend"):
        for tempting in KINDS[widget.puzzle.kind].tempting(widget.puzzle) or ():
            enter(widget, tempting)
            return
        hand = widget.puzzle.hand
        codes = right[1] if form == "extend" else right
        wrong = [c for c in hand if c not in codes][:1] or list(codes)[:2]
        enter(widget, (right[0], wrong) if form == "extend" else wrong)
    elif form == "choice":
        widget.choice.value = next(v for v in widget.choice.values if v != right)
    else:
        widget.number.value = int(right) + 10


@pytest.mark.parametrize("kind", list(KINDS))
def test_right_answer_is_confirmed_and_recorded_with_its_clause(kind: str) -> None:
    progress = Progress()
    w = MeldPuzzle.generate(kind, rules="buraco", seed=5, lesson="03", progress=progress)
    assert progress.expected["03"] == [w.item] and not w.solved
    assert progress.labels[w.item].startswith("practice: ")  # a learner's words on the chip, not an id
    enter(w, solve(w.puzzle))
    w.check_button.click()
    assert w.correct is True and w.feedback.status == "right"
    assert w.feedback.value.startswith("Right")
    assert w.solved and progress.is_solved("03", w.item)
    assert w.verdict["rule"] == w.puzzle.clauses[0] and w.verdict["first_try"] is True
    assert w.feedback.rule_title == CLAUSES[w.verdict["rule"]].title


@pytest.mark.parametrize("kind", list(KINDS))
def test_wrong_answer_names_the_rule_without_the_answer(kind: str) -> None:
    progress = Progress()
    w = MeldPuzzle.generate(kind, rules="buraco", seed=6, lesson="03", progress=progress)
    wrong_answer(w)
    w.check_button.click()
    assert w.correct is False and w.feedback.status in ("wrong", "info")
    if w.feedback.status == "wrong":
        assert w.feedback.rule in CLAUSES and w.feedback.rule_title and w.feedback.advice
        assert w.feedback.lines == [] and w.feedback.total is None  # the engine's count would give it away
        assert w.verdict["correct"] is False
    assert progress.solved == {}


def test_wrong_meld_names_the_broken_rule() -> None:
    p = Puzzle(id="t", kind="make-meld", rules="buraco", hand=("4h", "5h", "7c", "JK", "2s"))
    w = MeldPuzzle(p, progress=Progress())
    w.hand.select_cards("4h 5h 7c")
    assert w.check() is False
    assert "Not a meld" in w.feedback.value and "suit" in w.feedback.value and w.feedback.rule == "run"
    w.hand.select_cards("4h JK 2s")
    w.check()
    assert "wild" in w.feedback.value and w.feedback.rule == "wild-one"
    assert [a["correct"] for a in w.attempts] == [False, False]


def test_hints_escalate_and_the_answer_shown_does_not_count() -> None:
    progress = Progress()
    w = MeldPuzzle.generate("make-buraco", seed=2, lesson="03", progress=progress)
    assert w.hint_button.description == "Hint"
    w.hint_button.click()
    assert w.feedback.hint == "Hint 1 of 3: " + str(hint(w.puzzle, 1)) and w.hints == 1
    assert w.hint_button.description == "Another hint"
    w.hint_button.click()
    assert w.feedback.hint.splitlines()[1] == "Hint 2 of 3: " + str(hint(w.puzzle, 2))
    assert w.hint_button.description == "Show the answer"
    w.hint_button.click()
    assert w.revealed and w.feedback.hint.splitlines()[2].startswith("Hint 3 of 3: The answer") and w.hint_button.disabled
    enter(w, solve(w.puzzle))
    assert w.check() is True
    assert not w.solved and progress.solved == {} and "answer shown" in w.badge.value
    assert w.feedback.lines or w.puzzle.kind == "make-buraco"
    assert w.verdict["revealed"] and w.verdict["hints"] == 3 and not w.verdict["first_try"]


def test_the_hint_goes_once_solved() -> None:
    """Issue 9: an old hint stayed after solving."""
    w = MeldPuzzle.generate("meld-value", seed=2, progress=Progress())
    w.hint_button.click()
    assert w.feedback.hint
    enter(w, solve(w.puzzle))
    w.check()
    assert w.feedback.hint == "" and w.hint_button.disabled and w.solved
    assert w.feedback.lines and w.feedback.total == solve(w.puzzle)  # now the count can show


def test_another_one_is_a_fresh_unsolved_puzzle_of_the_same_kind() -> None:
    """Issue 9: "Another one" dealt a puzzle already marked solved."""
    w = MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, buraco="clean", progress=Progress(), lesson="03")
    first = w.puzzle
    enter(w, solve(first))
    assert w.check() and w.solved
    w.another_button.click()
    assert w.puzzle.kind == first.kind and w.puzzle.goal == first.goal
    assert w.puzzle != first and w.seed == 4 and not w.solved and w.badge.value == ""
    assert w.puzzle == generate("make-buraco", "buraco", 4, buraco="clean")
    assert w.feedback.value == "" and w.feedback.hint == "" and w.correct is None and w.hints == 0
    assert w.hand.codes == list(w.puzzle.hand)
    assert w.progress.is_solved("03", w.item)  # the practice stays recorded


def test_a_practice_widget_for_a_clause_deals_that_clause_again() -> None:
    w = MeldPuzzle.generate(rules="italian", seed=1, clause="single-take", progress=Progress())
    assert w.puzzle.clauses[0] == "single-take"
    w.another()
    assert w.puzzle.clauses[0] == "single-take" and w.seed == 2


def test_ruleset_switch_redeals_in_the_new_ruleset() -> None:
    w = MeldPuzzle.generate("meld-value", rules="buraco", seed=3, progress=Progress())
    picker = RulesetPicker()
    picker.link(w)
    picker.value = "italian"
    assert w.puzzle.rules == "italian" and w.table.rules == "italian"
    assert w.puzzle == generate("meld-value", "italian", 3)
    assert "Italian Burraco" in w.header.value  # the ruleset's display name
    w.number.value = solve(w.puzzle)
    assert w.check()


def test_a_teachers_puzzle_keeps_its_situation_when_it_still_works() -> None:
    p = Puzzle(id="clean", kind="make-buraco", rules="buraco", prompt="Make a clean buraco.",
               hand=("4h", "5h", "6h", "7h", "8h", "9h", "10h", "Kc"), goal={"buraco": "clean"},
               source=("03.yaml", 1), clauses=("buraco-clean",))
    w = MeldPuzzle(p, lesson="03", progress=Progress())
    assert w.item == "clean" and w.progress.labels["clean"] == "the clean buraco"
    w.rules = "burraco"
    assert w.puzzle.hand == p.hand and w.puzzle.rules == "burraco"


def test_sorting_the_hand_does_not_change_the_answer() -> None:
    w = MeldPuzzle.generate("make-buraco", seed=8, progress=Progress())
    w.hand.sort_by = "rank"
    w.hand.select_cards(solve(w.puzzle))
    assert w.check()


def test_which_is_meld_options_are_pictures_a_click_chooses() -> None:
    """Issue 9: clicking the card pictures of a which-is-meld option did nothing: the pictures are
    inside the option's button now."""
    w = MeldPuzzle.generate("which-is-meld", seed=4, progress=Progress())
    assert w.choice is not None and all(item["svg"].startswith("<svg") for item in w.choice.items)
    w.choice.index = 0  # what a click on the first option's cards sends
    assert w.answer() == 0


def test_score_quiz_shows_the_engine_lines_once_right() -> None:
    q = ScoreQuiz.from_hand(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", "buraco", went_out=False, took_pot=True,
                            progress=Progress(), lesson="06")
    expected = score_side(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", "buraco", went_out=False, took_pot=True)
    q.number.value = expected.total + 15
    q.check_button.click()
    assert q.feedback.status == "wrong" and q.feedback.rule == "card-points" and q.feedback.lines == []
    assert "cards in hand" in q.feedback.value and "235" not in q.feedback.value
    q.number.value = expected.total
    assert q.check() and q.progress.is_solved("06", "score")
    assert [[label, points] for label, points, _ in q.feedback.lines] == [list(line) for line in expected.lines]
    assert q.feedback.answer == str(expected.total) and q.feedback.total == expected.total
    assert q.feedback.lines[1][2].startswith("4♥ 5, 5♥ 5")  # card by card


def test_score_quiz_from_a_generated_puzzle() -> None:
    p = generate("score", "fechado", 9)
    q = ScoreQuiz.from_puzzle(p, progress=Progress())
    q.number.value = solve(p)
    assert q.check()
    with pytest.raises(ValueError, match="score"):
        ScoreQuiz(generate("make-meld", "buraco", 1))


def test_quiz_steps_through_five_questions_and_keeps_score() -> None:
    progress = Progress()
    quiz = Quiz.for_lesson("03", rules="buraco", seed=1, progress=progress, syllabus=SYLLABUS)
    assert len(quiz.questions) >= 5
    quiz.previous_button.click()
    assert quiz.index == 0
    wrong_answer(quiz.current)  # first question wrong, then right
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
    assert {(a.lesson, a.source) for a in progress.answers} == {("03", "quiz")}  # each answer names its lesson


def test_quiz_new_quiz_and_ruleset_switch() -> None:
    quiz = Quiz.for_lesson("01", seed=1, progress=Progress(), syllabus=SYLLABUS)
    first = [q.puzzle for q in quiz.questions]
    quiz.new_button.click()
    assert [q.puzzle for q in quiz.questions] != first and quiz.seed == 2
    quiz.rules = "fechado"
    assert {q.puzzle.rules for q in quiz.questions} == {"fechado"}
    assert quiz.score == 0 and quiz.index == 0


def test_a_puzzle_set_records_each_puzzle_and_builds_them_when_shown() -> None:
    progress = Progress()
    s = PuzzleSet.load(PUZZLES / "02_wilds.yaml", "wild-jumps", "choose-the-end", "two-goes-home", lesson="02",
                       progress=progress)
    assert progress.expected["02"] == ["wild-jumps", "choose-the-end", "two-goes-home"]
    assert progress.labels["choose-the-end"] == CLAUSES["wild-moves"].title
    assert list(s._built) == [0]  # the others are made when shown
    enter(s.current, solve(s.current.puzzle))
    s.current.check()
    assert progress.is_solved("02", "wild-jumps") and s.right[0]
    s.next_button.click()
    assert s.current.puzzle.id == "choose-the-end" and "Puzzle 2 of 3" in s.header.value
    with pytest.raises(KeyError, match="no puzzle 'nope'"):
        PuzzleSet.load(PUZZLES / "02_wilds.yaml", "nope")


def test_the_row_under_a_set_is_drawn_by_the_question_shown_and_moves_with_it() -> None:
    """Previous / Next and the score are a part of the question shown (its ``_nav`` slot, under its
    verdict), not a model of their own; Next moves the row to the next question, whose state says
    which buttons apply, and a click the page sends there moves on (issue 38)."""
    s = PuzzleSet.load(PUZZLES / "02_wilds.yaml", "wild-jumps", "choose-the-end", "two-goes-home", lesson="02",
                       progress=Progress())
    first = s.current
    assert s.children == (first,)
    assert [o["slot"] for o in first.order][-3:] == ["_buttons", "_feedback", "_nav"]
    row = first._nav
    assert row["kind"] == "steps_nav" and row["owner"] == s.model_id
    assert row["buttons"]["previous"]["disabled"] and not row["buttons"]["next"]["disabled"]
    assert "Puzzle 1 of 3" in first._heading["value"] and "0 of 3" in row["score"]
    first._on_part_msg(first, {"part": "_nav", "content": {"event": "click", "button": "next"}}, [])
    second = s.current
    assert s.index == 1 and second is not first and s.children == (second,)
    assert first._nav == {} and "_nav" not in [o["slot"] for o in first.order]  # the first one lets it go
    assert not second._nav["buttons"]["previous"]["disabled"] and "Puzzle 2 of 3" in second._heading["value"]
    # a click the first question's row still sends (the page had not redrawn it yet) moves nothing
    first._on_part_msg(first, {"part": "_nav", "content": {"event": "click", "button": "previous"}}, [])
    assert s.index == 1
    second._on_part_msg(second, {"part": "_nav", "content": {"event": "click", "button": "previous"}}, [])
    assert s.index == 0 and s.current is first and first._nav["buttons"]["previous"]["disabled"]


def test_a_quiz_without_questions_says_so_and_shows_no_row() -> None:
    s = Quiz(dealer=lambda _rules, _seed: [], progress=Progress(), lang="en", follow=False)
    assert len(s.children) == 1 and "No questions." in s.children[0].value
    s._oops("Something went wrong.")
    assert "Something went wrong." in s.children[-1].value


def test_a_broken_puzzle_shows_a_message_not_a_traceback() -> None:
    p = Puzzle(id="bad", kind="meld-value", rules="buraco", table=("4h 5h 7c",))
    w = MeldPuzzle(p, progress=Progress())
    w.check_button.click()
    assert w.correct is None and "broken" in w.feedback.value and w.feedback.status == "info"


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
    assert w.item == "worked-clean" and "Make a clean buraco." in w.header.value
    w.hand.select_cards("4h 5h 6h 2s 8h 9h 10h")
    assert w.check() is False and "wild card" in w.feedback.value  # the engine's reason
    w.hand.select_cards("4h 5h 6h 7h 8h 9h 10h")
    assert w.check() and progress.solved == {"03": ["worked-clean"]}
    w.another()  # a generated clean buraco puzzle: the goal is kept
    assert w.puzzle.kind == "make-buraco" and w.puzzle.goal["buraco"] == "clean"
    with pytest.raises(KeyError, match="no puzzle 'nope'"):
        MeldPuzzle.load(path, "nope")


def test_each_kind_tells_the_learner_what_to_do() -> None:
    for kind in KINDS:
        w = MeldPuzzle.generate(kind, seed=1, progress=Progress())
        assert "press Check" in w.header.value


def test_link_returns_the_picker_so_a_cell_shows_it() -> None:
    w = MeldPuzzle.generate("make-meld", seed=1, progress=Progress())
    picker = RulesetPicker("italian")
    assert picker.link(w) is picker and w.rules == "italian"


def test_progress_from_the_browser_marks_a_lesson_puzzle_solved() -> None:
    progress = Progress()
    p = generate("make-meld", "buraco", 1)
    w = MeldPuzzle(Puzzle(id="mine", kind=p.kind, rules=p.rules, hand=p.hand, source=("f.yaml", 1)), lesson="01",
                   progress=progress)
    assert not w.solved and w.badge.value == ""
    progress.solved = {"01": [w.item]}  # what the page's localStorage sends after loading
    assert w.solved and "solved" in w.badge.value


def test_feedback_links_the_lesson_section_that_teaches_the_rule(monkeypatch: Any) -> None:
    monkeypatch.chdir(ROOT / "lessons")
    w = MeldPuzzle.load("puzzles/04_turn.yaml", "italian-single-take", progress=Progress())
    w.choice.value = "allowed"
    w.check()
    assert w.feedback.rule == "single-take"
    assert w.feedback.link == "04_turn.ipynb#clause-single-take" and "lesson 04" in w.feedback.link_text


def test_an_unexpected_error_in_a_handler_becomes_a_message(monkeypatch: Any) -> None:
    w = MeldPuzzle.generate("make-meld", seed=1, progress=Progress())

    def broken() -> str:
        raise KeyError("no such thing")

    monkeypatch.setattr(w, "show_hint", broken)
    w.hint_button.click()  # would print a traceback into the page without the guard
    # a bug's own text is for developers (it goes to the log): the page says so in its language
    assert w.feedback.value == ("Something went wrong: the trainer met an error of its own; try again, or reload the page")
    assert "no such thing" not in w.feedback.value and w.feedback.status == "wrong"


def test_every_puzzle_of_the_lessons_is_answered_in_its_widget() -> None:
    for f in sorted(PUZZLES.glob("*.yaml")):
        from buraco_core.teach import load_puzzles

        for p in load_puzzles(f):
            w = MeldPuzzle(p, progress=Progress())
            enter(w, solve(p))
            assert w.check(), (f.name, p.id, w.feedback.value)
            for mistake in p.mistakes[:1]:
                w2 = MeldPuzzle(p, progress=Progress())
                enter(w2, mistake)
                w2.check()
                assert w2.feedback.rule == check(p, mistake).rule and w2.feedback.status == "wrong"


@pytest.mark.parametrize(("kind", "label"), [("deal-count", "widget.cards-count"), ("meld-value", "widget.points"),
                                             ("score", "widget.points")])
def test_the_number_box_names_what_it_counts(kind: str, label: str) -> None:
    """A count of cards is asked in a box labelled "Cards:", not "Points:" (issue 24)."""
    from buraco_core.messages import render

    for lang in ("en", "de"):
        w = MeldPuzzle.generate(kind, rules="buraco", seed=1, progress=Progress(), lang=lang)
        assert w.number.description == render(label, lang)


def test_a_lesson_page_is_built_in_few_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a constructor sets after its model opened goes to the page in one update message per
    model, and a set's puzzles are registered with the progress box in one: each message is serialised
    by the kernel and read by Voila before the page shows (lesson 01 sent 104 update messages while it
    was built, now 37)."""
    from collections import Counter

    import ipywidgets

    from buraco_core.teach import get_course

    sent: list[tuple[str, str]] = []
    comm_class = type(ipywidgets.Button().comm)
    monkeypatch.setattr(comm_class, "publish_msg", lambda self, msg_type, data=None, **_kw:
                        sent.append((self.comm_id, str((data or {}).get("method", msg_type)))))
    progress = Progress()
    puzzle = MeldPuzzle.generate("meld-value", rules="buraco", seed=110, lesson="11", progress=progress)
    steps = PuzzleSet.load(get_course().puzzle_file("01_melds"), "ace-high", "no-corner", "one-ace", lesson="01",
                           progress=progress)
    quiz = Quiz.for_lesson("01", rules="buraco", seed=1, progress=progress)
    updates = Counter(comm for comm, method in sent if method == "update")
    assert updates[puzzle.model_id] <= 1, updates
    assert updates[steps.model_id] <= 1 and updates[quiz.model_id] <= 1, updates
    # the question shown: built, then framed with its header and the row under it (Previous / Next)
    assert updates[steps.current.model_id] <= 2 and updates[quiz.current.model_id] <= 2, updates
    # a set is its box and the question shown: the row is a part of the question, not a model
    opened = {comm for comm, method in sent if method == "comm_open"}
    assert {steps.model_id, steps.current.model_id} <= opened and len(opened) <= 8, opened
    assert updates[progress.model_id] <= 3, updates  # the puzzle, the set (all three at once), the quiz
