"""Issue 10 from Python, without a browser: answers recorded per clause, the browser's record and clock
(restore), export and import of format 2 and 1, the course's ruleset followed by every widget, the
quiz's retry pool, the mastery map, the review, the cheat sheet, the glossary lookup, and the game's
plays counted."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from buraco_widgets import (
    CheatSheet,
    GameTable,
    GlossaryLookup,
    MasteryMap,
    MeldPuzzle,
    Progress,
    PuzzleSet,
    Quiz,
    Review,
    RulesetPicker,
    follow_course,
)

from buraco_core.teach import check, generate, load_puzzle, load_puzzles, solve
from buraco_core.teach.learners.mastery import Answer, Outcome

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
SYLLABUS = LESSONS / "syllabus.yaml"
PUZZLES = LESSONS / "puzzles"


def enter(w: MeldPuzzle, answer: object) -> None:
    form = w.kind.form
    if form == "cards":
        w.hand.select_cards(list(answer))  # type: ignore[arg-type]
    elif form == "extend":
        meld, cards = answer  # type: ignore[misc]
        w.table.selected = [0, int(meld)]
        w.hand.select_cards(list(cards))
    elif form == "choice":
        assert w.choice is not None
        w.choice.value = answer
    else:
        w.number.value = int(answer)  # type: ignore[call-overload]


def wrong(w: MeldPuzzle) -> object:
    """A wrong answer the engine judges (a tempting one of the kind, or a plain wrong one)."""
    p = w.puzzle
    plain: list[object] = [list(p.hand[:2]), list(p.hand[:3])]
    if w.kind.form == "number":
        plain = [int(solve(p)) + 5]
    elif w.kind.form == "choice":
        plain = [o.value for o in w.kind.options(p)]
    elif w.kind.form == "extend":
        plain = [(0, list(p.hand[:1])), (0, list(p.hand[1:2]))]
    for answer in [*w.kind.tempting(p), *plain]:
        fb = check(p, answer)
        if fb.answered and not fb.correct:
            return answer
    raise AssertionError(f"no wrong answer for {p.id}")


def browser_clock(progress: Progress, day: date, offset_minutes: int = -60) -> None:
    """What the page sends: its clock at noon of ``day`` (local), and its time zone."""
    noon = datetime(day.year, day.month, day.day, 12, tzinfo=UTC) + timedelta(minutes=offset_minutes)
    progress.restore("", int(noon.timestamp() * 1000), offset_minutes)


# ---- answers recorded per clause and ruleset


def test_each_check_is_an_answer_on_the_puzzles_clause() -> None:
    progress = Progress()
    w = MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, buraco="clean", progress=progress, lesson="03")
    enter(w, wrong(w))
    w.check()
    enter(w, solve(w.puzzle))
    w.check()
    assert [(a.clause, a.rules, a.outcome, a.lesson) for a in progress.answers] == [
        ("buraco-clean", "buraco", Outcome.WRONG, "03"), ("buraco-clean", "buraco", Outcome.HELPED, "03")]
    assert progress.answers[0].variant == w.puzzle.id and progress.answers[0].id != progress.answers[1].id
    w2 = MeldPuzzle.generate("make-buraco", rules="buraco", seed=4, buraco="clean", progress=progress)
    w2.show_hint()
    enter(w2, solve(w2.puzzle))
    w2.check()
    assert progress.answers[-1].outcome is Outcome.HELPED
    assert progress.states()["buraco-clean"].level == "learning"


def test_three_fresh_first_tries_master_a_clause_in_the_widgets() -> None:
    progress = Progress()
    for seed in (1, 2, 3):
        w = MeldPuzzle.generate(rules="buraco", seed=seed, clause="run", kind="make-meld", progress=progress)
        enter(w, solve(w.puzzle))
        assert w.check()
    assert progress.states()["run"].mastered
    assert progress.states("italian")["run"].mastered  # a run is a run in Italian Burraco too


# ---- the browser's record and clock


def test_the_browsers_record_and_clock_arrive_when_the_page_loads() -> None:
    progress = Progress()
    assert not progress.loaded
    stored = {"format": "buraco-progress/2", "solved": {"01": ["run-of-hearts"]},
              "answers": [Answer("run", "buraco", Outcome.WRONG, "x", date(2026, 3, 1), 5, "a1").to_json()],
              "settings": {"ruleset": {"name": "fechado", "at": 9}}}
    noon = int(datetime(2026, 3, 4, 11, tzinfo=UTC).timestamp() * 1000)
    progress._on_front_end_msg(progress, {"type": "restore", "text": json.dumps(stored), "now": noon, "offset": -60},
                               [])
    assert progress.loaded and progress.solved == {"01": ["run-of-hearts"]} and progress.ruleset == "fechado"
    assert progress.clock.today() == date(2026, 3, 4) and abs(progress.clock.now_ms() - noon) < 60_000
    assert progress.states()["run"].is_due(progress.clock.today())
    entry = progress.answer("run", "fechado", "first", variant="y")
    assert entry.day == date(2026, 3, 4)  # the learner's day, not the kernel's


def test_the_first_format_in_the_browser_is_migrated() -> None:
    progress = Progress()
    progress.restore(json.dumps({"format": "buraco-progress/1", "solved": {"03": ["worked-clean"]}}))
    assert progress.solved == {"03": ["worked-clean"]} and progress.answers == []
    assert json.loads(progress.export_json())["format"] == "buraco-progress/3"


def test_an_unreadable_record_is_said_and_nothing_is_lost() -> None:
    progress = Progress()
    progress.record("01", "x")
    progress.restore("{not json")
    assert progress.loaded and progress.solved == {"01": ["x"]} and "could not be read" in progress.message


def test_export_and_import_carry_answers_and_settings() -> None:
    a = Progress()
    a.record("01", "x")
    a.answer("run", "buraco", "first", variant="r1")
    a.choose_ruleset("italian")
    b = Progress()
    b.import_text(a.export_json())
    assert b.message == "Imported: 1 new solved item and 1 new answer."
    assert b.solved == {"01": ["x"]} and [x.clause for x in b.answers] == ["run"] and b.ruleset == "italian"
    b.import_text(a.export_json())  # again: nothing new, nothing twice
    assert len(b.answers) == 1 and b.message.startswith("Imported: 0 new solved items and 0 new answers")
    b.import_text('{"format": "buraco-progress/2", "answers": [{"clause": "nope"}]}')
    assert b.message.startswith("Could not import: answer 1:") and len(b.answers) == 1


def test_clear_forgets_answers_and_settings_too() -> None:
    progress = Progress()
    progress.answer("run", "buraco", "first", variant="r1")
    progress.choose_ruleset("fechado")
    progress.reset()
    assert progress.answers == [] and progress.settings == {} and progress.ruleset == "buraco"


# ---- one ruleset for the course


def test_the_landing_pages_picker_sets_the_course_and_the_others_follow_it() -> None:
    progress = Progress()
    course = RulesetPicker(course=True, progress=progress)
    quiz = Quiz.for_lesson("03", seed=1, progress=progress, syllabus=SYLLABUS)
    lesson_menu = RulesetPicker(progress=progress).link(quiz)
    own = RulesetPicker("italian", progress=progress)
    assert course.value == lesson_menu.value == "buraco" and quiz.rules == "buraco"
    course.value = "fechado"
    assert progress.ruleset == "fechado" and progress.settings["ruleset"]["name"] == "fechado"
    assert lesson_menu.value == "fechado" and quiz.rules == "fechado"
    assert {q.puzzle.rules for q in quiz.questions} == {"fechado"}
    assert own.value == "italian"  # a picker with a ruleset of its own keeps it
    lesson_menu.value = "brazilian"  # a lesson's menu changes that page, not the course
    assert quiz.rules == "brazilian" and progress.ruleset == "fechado"


def test_a_ruleset_chosen_earlier_arrives_from_the_browser() -> None:
    progress = Progress()
    w = MeldPuzzle.load(PUZZLES / "03_buracos.yaml", "worked-clean", lesson="03", progress=progress)
    practice = MeldPuzzle.generate("make-buraco", rules="buraco", seed=30, lesson="03", progress=progress)
    table = follow_course(GameTable(rules="buraco", seed=8, pace=0, progress=progress), progress=progress)
    progress.restore(json.dumps({"format": "buraco-progress/2", "settings": {"ruleset": {"name": "italian"}}}))
    assert w.puzzle.rules == "italian" and w.puzzle.hand == load_puzzle(PUZZLES / "03_buracos.yaml", "worked-clean").hand
    assert practice.puzzle.rules == "italian" and table.game.rules.name == "italian"


def test_a_puzzle_about_one_ruleset_stays_and_says_so() -> None:
    progress = Progress()
    w = MeldPuzzle.load(PUZZLES / "03_buracos.yaml", "royal", lesson="03", progress=progress)
    assert "bw-only" not in w.header.value  # nothing chosen yet: nothing to say
    progress.choose_ruleset("italian")
    assert w.puzzle.rules == "fechado" and w.rules == "italian"
    assert "This puzzle is about Buraco Fechado; it has no version in Italian Burraco" in w.header.value
    progress.choose_ruleset("fechado")
    assert "bw-only" not in w.header.value


def test_a_puzzle_set_built_later_starts_in_the_course_ruleset() -> None:
    progress = Progress()
    progress.choose_ruleset("italian")
    s = PuzzleSet.load(PUZZLES / "03_buracos.yaml", "worked-clean", "a-buraco", lesson="03", progress=progress)
    s.next()
    assert s.current.puzzle.id == "a-buraco" and s.current.puzzle.rules == "italian"


# ---- the retry pool


def test_a_missed_question_comes_back_at_the_end_as_a_fresh_one_after_a_link() -> None:
    progress = Progress()
    quiz = Quiz.for_lesson("03", rules="buraco", seed=1, progress=progress, syllabus=SYLLABUS)
    n = len(quiz.puzzles)
    first = quiz.current
    enter(first, wrong(first))
    first.check()
    assert len(quiz.puzzles) == n + 1 and quiz.comeback == {n: 0}
    again = quiz.puzzles[n]
    assert again.main_clause == first.puzzle.main_clause and again != first.puzzle
    first.check()  # a second wrong answer to the same question brings nothing more back
    assert len(quiz.puzzles) == n + 1
    quiz.index = n
    assert "Question 1 comes back, as a fresh one" in quiz.retry_note.value
    assert "Read it again first:" in quiz.retry_note.value and "#clause-" in quiz.retry_note.value
    back = quiz.current
    enter(back, wrong(back))
    back.check()  # missed again: once more
    assert len(quiz.puzzles) == n + 2 and quiz.origin(n + 1) == 0
    last = quiz._question(n + 1)
    enter(last, wrong(last))
    last.check()
    assert len(quiz.puzzles) == n + 2  # RETRIES comebacks at most
    assert f"of {n + 2}" in quiz.summary() or str(n + 2) in quiz.header.value
    # seeded: the same quiz, missed the same way, brings the same question back
    other = Quiz.for_lesson("03", rules="buraco", seed=1, progress=Progress(), syllabus=SYLLABUS)
    enter(other.current, wrong(other.current))
    other.current.check()
    assert other.puzzles[n] == again
    assert [a.source for a in progress.answers] == ["quiz"] * len(progress.answers)


# ---- the mastery map


def test_the_map_shows_every_clause_by_lesson_with_words_and_links() -> None:
    from buraco_core import CLAUSES

    progress = Progress()
    m = MasteryMap(progress=progress, course=LESSONS)
    chips = [c for g in m.data["groups"] for c in g["chips"]]
    assert sorted(c["id"] for c in chips) == sorted(CLAUSES)
    assert all(c["href"].endswith(f".ipynb#clause-{c['id']}") for c in chips)
    assert [g["key"] for g in m.data["groups"]] == sorted({c["href"].split("#")[0] for c in chips})
    assert m.data["groups"][0]["title"].startswith("01")
    assert m.chip("run")["label"] == "runs: not started" and m.chip("run")["mark"] == "○"
    assert "nothing answered yet" in m.data["summary"]
    browser_clock(progress, date(2026, 5, 1))
    progress.answer("deal", "buraco", "wrong", variant="d")
    for v in "xyz":
        progress.answer("run", "buraco", "first", variant=v)
    assert (m.chip("deal")["level"], m.chip("deal")["mark"], m.chip("deal")["due"]) == ("weak", "✗", "review due")
    assert m.chip("run")["label"] == "runs: mastered, review tomorrow"
    assert "1 of 38 rules mastered" in m.data["summary"] and m.data["due"] == 1
    assert m.data["review"] == "1 rule is due for review today:" and m.data["review_href"] == "10_review.ipynb"
    progress.choose_ruleset("italian")
    assert m.data["rules"] == "italian" and m.chip("single-take")["level"] == "new"
    assert m.chip("pot-guard")["level"] == "elsewhere" and m.chip("pot-guard")["state"] == "not in Italian Burraco"


def test_a_german_map_links_the_german_sections_wherever_the_kernel_runs(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson titles and section headings come from the course's index in the map's language,
    not from the notebooks of the folder a kernel happens to run in."""
    monkeypatch.chdir(tmp_path)
    m = MasteryMap(progress=Progress(), lang="de")
    titles = {g["key"]: g["title"] for g in m.data["groups"]}
    assert titles["01_melds.ipynb"] == "01 · Karten, Folgen und Sätze"
    assert m.chip("single-take")["href"] == "04_turn.ipynb#clause-single-take"
    review = Review(progress=Progress(), lang="de")
    assert review.course.link("run", "de").words == "Lektion 01, Folgen"


# ---- the review


def test_the_review_deals_the_due_rules_and_finds_them_the_next_day() -> None:
    progress = Progress()
    review = Review(progress=progress, course=LESSONS)
    assert review.state == "waiting" and review.quiz is None
    day = date(2026, 5, 1)
    browser_clock(progress, day)
    assert review.state == "nothing" and "You have not answered any question yet" in review.status.value
    progress.answer("run", "buraco", "first", variant="r")
    progress.answer("pot-guard", "buraco", "wrong", variant="p")
    review.start()
    assert review.state == "due" and review.clauses == ["pot-guard"]
    assert review.quiz is not None and review.quiz.puzzles[0].main_clause == "pot-guard"
    assert "05_pot.ipynb#clause-pot-guard" in review.status.value
    q = review.quiz.current
    enter(q, solve(q.puzzle))
    q.check()
    assert progress.answers[-1].source == "review" and review.again_button.layout.display is None
    review.start()  # relearned the day it was missed: due tomorrow, with the run
    assert review.state == "nothing" and "Your next review: tomorrow (2 rules)" in review.status.value
    browser_clock(progress, day + timedelta(days=1))  # the next day
    review.start()
    assert review.state == "due" and review.clauses == ["run", "pot-guard"]


def test_a_miss_in_a_lesson_quiz_is_due_in_todays_review_until_relearned_there() -> None:
    """The path from a first-try miss to the review: the quiz's own retry, answered right, and the
    missed question answered right after it show the rule again but do not make it learned."""
    progress = Progress()
    day = date(2026, 5, 1)
    browser_clock(progress, day, offset_minutes=-600)   # a learner far east of the kernel's clock
    m = MasteryMap(progress=progress, course=LESSONS)
    quiz = Quiz.for_lesson("03", rules="buraco", seed=1, progress=progress, syllabus=SYLLABUS)
    n = len(quiz.puzzles)
    first = quiz.current
    enter(first, wrong(first))
    first.check()
    enter(first, solve(first.puzzle))
    first.check()
    for i in range(1, n + 1):   # every other question right, and the one asked again
        quiz.index = i
        enter(quiz.current, solve(quiz.current.puzzle))
        assert quiz.current.check()
    missed = progress.answers[0]
    assert missed.outcome is Outcome.WRONG and missed.day == day
    assert len({a.session for a in progress.answers}) == 1 and missed.session == quiz.session.id
    assert m.chip(missed.clause)["level"] == "weak" and "1 to go over again" in m.data["summary"]
    review = Review(progress=progress, course=LESSONS)
    assert review.state == "due" and review.clauses[0] == missed.clause
    q = review.quiz.questions[0]
    enter(q, solve(q.puzzle))
    assert q.check() and progress.answers[-1].session == review.quiz.session.id != missed.session
    review.start()
    assert missed.clause not in review.clauses and m.chip(missed.clause)["level"] == "learning"
    assert m.chip(missed.clause)["due"] == "review tomorrow"


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "Score: 4 of 5 right at the first try, without a hint (5 questions, 1 asked again after a miss)."),
    ("de", "Ergebnis: 4 von 5 beim ersten Versuch richtig, ohne Tipp (5 Fragen, 1 nach einem Fehler noch einmal gestellt)."),
])
def test_a_quiz_of_five_with_one_miss_ends_four_of_five_at_the_first_try(lang: str, says: str) -> None:
    quiz = Quiz.for_lesson("03", rules="buraco", seed=1, progress=Progress(), syllabus=SYLLABUS, lang=lang)
    assert len(quiz.puzzles) == 5
    enter(quiz.current, wrong(quiz.current))
    quiz.current.check()
    for i in range(6):
        quiz.index = i
        enter(quiz.current, solve(quiz.current.puzzle))
        quiz.current.check()
    assert quiz.session.complete and says in quiz.score_label.value and says in quiz.summary()
    assert "6" not in quiz.summary().split("(")[0]


def test_a_miss_counts_on_the_rule_the_verdict_names() -> None:
    """Choosing "back to the hand" for a joker that moves misses *a wild card stays on the table*,
    although the puzzle is mainly about where it moves: the map shows that rule missed."""
    progress = Progress()
    m = MasteryMap(progress=progress, course=LESSONS)
    by_id = {p.id: p for p in load_puzzles(PUZZLES / "02_wilds.yaml")}
    w = MeldPuzzle(by_id["choose-the-end"], lesson="02", progress=progress)
    enter(w, "hand")
    assert not w.check()
    assert (progress.answers[-1].clause, progress.answers[-1].outcome) == ("wild-stays", Outcome.WRONG)
    assert m.chip("wild-stays")["level"] == "weak"
    enter(w, solve(w.puzzle))
    assert w.check() and progress.answers[-1].clause == "wild-moves"
    assert m.chip("wild-stays")["level"] == "weak"   # right here, at once: not relearned yet


def test_a_miss_in_mixed_practice_is_one_to_go_over_again() -> None:
    progress = Progress()
    browser_clock(progress, date(2026, 5, 1))
    m = MasteryMap(progress=progress, course=LESSONS)
    review = Review(progress=progress, course=LESSONS)
    review.mixed_button.click()
    assert review.quiz is not None
    q = review.quiz.current
    enter(q, wrong(q))
    q.check()
    review.quiz.index = len(review.quiz.puzzles) - 1   # the question asked again, answered right
    back = review.quiz.current
    enter(back, solve(back.puzzle))
    assert back.check()
    assert "1 to go over again" in m.data["summary"]
    review.start()
    assert review.state == "due" and review.clauses == [progress.answers[0].clause]


def test_a_miss_on_another_page_of_the_browser_makes_the_open_review_look_again() -> None:
    progress = Progress()
    review = Review(progress=progress, course=LESSONS)
    browser_clock(progress, date(2026, 5, 1))
    assert review.state == "nothing"
    other = {"format": "buraco-progress/3", "answers": [
        Answer("run", "buraco", Outcome.WRONG, "x", date(2026, 5, 1), 5, "a1", "01", "quiz", session="quiz-1").to_json()]}
    progress._on_front_end_msg(progress, {"type": "restore", "text": json.dumps(other)}, [])   # the storage event
    assert review.state == "due" and review.clauses == ["run"]


def test_with_nothing_due_the_review_offers_mixed_practice() -> None:
    progress = Progress()
    review = Review(progress=progress, course=LESSONS)
    progress.restore("")
    review.mixed_button.click()
    assert review.state == "mixed" and review.quiz is not None and len(review.quiz.puzzles) == review.n
    assert len(set(review.clauses)) == review.n
    progress.choose_ruleset("fechado")  # the course's ruleset changes: the review looks again, in it
    assert review.state == "nothing" and "Nothing is due today in Buraco Fechado" in review.status.value


# ---- the cheat sheet and the glossary lookup


def test_the_cheat_sheet_follows_the_course_and_prints_the_engines_sheet() -> None:
    from buraco_core.teach.course.cheatsheet import cheat_sheet

    progress = Progress()
    sheet = CheatSheet(progress=progress)
    assert sheet.rules == "buraco" and sheet.html == cheat_sheet("buraco").html()
    progress.choose_ruleset("brazilian")
    assert sheet.rules == "brazilian" and sheet.document == cheat_sheet("brazilian").document()
    assert sheet.texts["print"] == "Print"


@pytest.mark.parametrize(("query", "first"), [("Tote", "pot"), ("on the fly", "direct-indirect"),
                                              ("canasta", "buraco"), ("NATURAL 2", "natural-two")])
def test_the_glossary_lookup_answers_as_the_learner_types(query: str, first: str) -> None:
    lookup = GlossaryLookup(course=LESSONS)
    lookup.query = query
    assert lookup.results[0] == first and "match" in lookup.message
    lookup.query = "xyzzy"
    assert lookup.results == [] and "No word of the glossary matches “xyzzy”" in lookup.message


# ---- lesson 08's games count


def test_a_refused_play_is_a_miss_and_a_legal_play_that_used_a_rule_a_success() -> None:
    from buraco_core import Game

    progress = Progress()
    table = GameTable(game=Game.scenario("pot-direct"), pace=0, lesson="08", progress=progress, autoplay=False)
    assert not table.play("meld 4h 5h 6h 9c")  # not a meld: refused
    refused = [a for a in progress.answers if a.outcome is Outcome.WRONG]
    assert refused and refused[-1].source == "game" and refused[-1].lesson == "08"
    assert table.play("meld 4h 5h 6h") and table.play("meld 9c 9d 9s")
    assert (progress.answers[-1].clause, progress.answers[-1].outcome) == ("pot", Outcome.FIRST)


def test_a_success_after_the_coachs_suggestion_counts_as_helped() -> None:
    from buraco_core import Game

    progress = Progress()
    table = GameTable(game=Game.scenario("pot-direct"), pace=0, lesson="08", progress=progress, autoplay=False)
    table.play("meld 4h 5h 6h")
    table.suggest()
    table.play("meld 9c 9d 9s")
    assert (progress.answers[-1].clause, progress.answers[-1].outcome) == ("pot", Outcome.HELPED)


def test_a_table_outside_a_lesson_records_nothing() -> None:
    progress = Progress()
    table = GameTable(rules="buraco", seed=7, pace=0, progress=progress)
    table.play("discard JK")
    assert progress.answers == []


def test_generated_practice_is_dealt_again_in_the_course_ruleset() -> None:
    progress = Progress()
    w = MeldPuzzle.generate("meld-value", rules="buraco", seed=3, progress=progress)
    progress.choose_ruleset("fechado")
    assert w.puzzle == generate("meld-value", "fechado", 3)

