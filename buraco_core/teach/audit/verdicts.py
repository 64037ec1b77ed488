"""The verdict audit: every answer a puzzle can be given, judged by the puzzle and by the engine,
and every way a verdict can mislead a learner, looked for.

``python -m buraco_core check-puzzles lessons/puzzles --exhaustive`` runs it over the lessons'
puzzle files, over generated puzzles (``--seeds N`` of every kind in every ruleset) and over what
the lessons deal (``--quizzes N`` seeds of each lesson's quiz in each ruleset, and of each lesson's
practice); it fails while it finds any of these, naming the puzzle, the answer and why:

- **A right answer refused, or a wrong one accepted.** The right answers are worked out from the
  position by the engine (:mod:`~buraco_core.teach.audit.answers`), never taken from the puzzle:
  every option of a choice puzzle is judged, and exactly the options the engine makes right must
  be accepted; for a free answer every right answer (every legal meld that meets the task, every
  group of cards that may join the meld, with the wild card at either end), in every form (every
  order, codes or hand positions), must be accepted, and the plausible wrong ones refused. The
  answer the last hint shows must be right, and uses a wild card only where no meld without one
  is right.
- **A question the page cannot answer.** A position puzzle whose answer changes when the cards
  the learner cannot see are dealt otherwise (:mod:`~buraco_core.teach.audit.positions`); a task
  whose words do not say what it asks (:mod:`~buraco_core.teach.audit.causes`).
- **Feedback that contradicts its verdict or names the wrong cause**
  (:mod:`~buraco_core.teach.audit.causes`).
- **Testing before teaching**, and a clause tag on a puzzle that does not exercise it
  (:mod:`~buraco_core.teach.audit.teaching`).

>>> from buraco_core.teach import Puzzle
>>> p = Puzzle(id="p", kind="make-meld", rules="buraco", hand=("4h", "5h", "6h", "7h", "Kc"),
...            goal={"meld_kind": "run"}, clauses=("run",))
>>> result = audit_puzzle(p)
>>> result.findings, result.right, result.judged
([], 3, 15)
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeAlias

from ...cards import parse_cards
from ...melds import make_meld
from ...rules import RULESETS
from ...variants import get_rules
from ..course import Course
from ..course.files import load_file, puzzle_files
from ..course.syllabus import deal_quiz, load_syllabus
from ..puzzles.core import check, hint, solve
from ..puzzles.feedback import Feedback
from ..puzzles.generate import generate
from ..puzzles.kinds import KINDS
from ..puzzles.positions import game_of
from ..puzzles.puzzle import Puzzle, PuzzleError
from .answers import Answer, answer_forms, free_answers, right_choices
from .causes import hint_problems, said_problems, unsaid_task
from .positions import hidden_variants, page_of, position_answer, tie_matters
from .report import Finding, PuzzleAudit, Report, where_of
from .teaching import (
    named_clauses,
    order_findings,
    practice_cells,
    puzzle_key,
    taught_places,
    teaching_findings,
)

__all__ = ["BEST_PLAY_SHARE", "HIDDEN_DEALS", "audit_files", "audit_generated", "audit_puzzle", "quiz_findings"]

#: How many other deals of the hidden cards a position puzzle is asked about.
HIDDEN_DEALS = 4

#: Generated best-play puzzles are audited with one seed in this many (the coach plays each out).
BEST_PLAY_SHARE = 20


Found: TypeAlias = Callable[[object, str, str], None]
"""How a check of :func:`audit_puzzle` reports a finding: the answer (or None), the check, the reason."""


def _shown(answer: object) -> str:
    return repr(answer)


def audit_puzzle(puzzle: Puzzle) -> PuzzleAudit:
    """Every check of the audit but the lessons' order, on one puzzle."""
    out = PuzzleAudit()
    where = where_of(puzzle)

    def found(answer: object, check_name: str, reason: str) -> None:
        out.findings.append(Finding(where, puzzle.id, "" if answer is None else _shown(answer), check_name, reason))

    kind = KINDS.get(puzzle.kind)
    if kind is None:
        found(None, "puzzle", f"unknown kind {puzzle.kind!r}")
        return out
    rng = random.Random(f"audit/{puzzle.id}/{puzzle.rules}")
    judged: list[tuple[object, Feedback]] = []  # the engine's answers, their forms, the file's mistakes
    try:
        rights, wrongs = _expected(puzzle)
    except (ValueError, KeyError, PuzzleError) as e:
        found(None, "puzzle", f"the engine cannot read the position: {e}")
        return out
    if not rights:
        found(None, "refused", "the engine finds no right answer")
    for answer in rights:
        for form in answer_forms(puzzle, answer, rng):
            fb = check(puzzle, form)
            out.judged += 1
            if form is answer:
                judged.append((answer, fb))
            if not fb.correct:
                found(form, "refused", f"the engine makes it right, the puzzle refuses it: {fb}")
                break
    out.right = len(rights)
    for answer in wrongs:
        fb = check(puzzle, answer)
        out.judged += 1
        judged.append((answer, fb))
        if fb.correct:
            found(answer, "accepted", f"the engine makes it wrong, the puzzle accepts it: {fb}")
        elif not fb.answered:
            found(answer, "refused", f"an answer of the right form is not read: {fb}")
    for mistake in puzzle.mistakes:
        if all(mistake != a for a, _ in judged):
            judged.append((mistake, check(puzzle, mistake)))
            out.judged += 1
    out.exercised = named_clauses((fb for _, fb in judged), all_clauses=True)
    out.needs = named_clauses(fb for a, fb in judged if fb.correct)
    _check_shown(puzzle, rights, found)
    for given, fb in judged:
        for problem in said_problems(puzzle, given, fb, rights):
            found(given, "cause", problem)
    if puzzle.prompt is not None and not isinstance(puzzle.prompt, str):
        for problem in hint_problems(puzzle, puzzle.prompt, rights):
            found(None, "cause", f"the prompt: {problem}")
    for level in (1, 2):
        for problem in hint_problems(puzzle, hint(puzzle, level), rights):
            found(None, "cause", f"hint {level}: {problem}")
    for problem in unsaid_task(puzzle):
        found(None, "unsaid", problem)
    if puzzle.kind == "match" and "match-tie" in puzzle.clauses and not tie_matters(puzzle):
        found(None, "tag", "tagged [match-tie], and the answer is the same under every tie rule: the tie rule is "
                           "not what it asks")
    if kind.shows_position and puzzle.kind != "best-play":
        _check_hidden(puzzle, rights, found)
    return out


def _expected(puzzle: Puzzle) -> tuple[list[Answer], list[Answer]]:
    """(right answers, wrong answers) as the engine reads the position; for a choice puzzle every
    option is one or the other, and a right answer the options lack is still listed as right."""
    kind = KINDS[puzzle.kind]
    if kind.form == "choice":
        right = right_choices(puzzle)
        values = [o.value for o in kind.options(puzzle)]
        rights: list[Answer] = [v for v in values if v in right]
        wrongs: list[Answer] = [v for v in values if v not in right]
        return rights + sorted(str(v) for v in right if v not in values), wrongs
    answers = free_answers(puzzle)
    return list(answers.right), list(answers.wrong)


def _check_shown(puzzle: Puzzle, rights: Sequence[Answer], found: Found) -> None:
    """The answer the last hint shows is a right one, and where cards are the answer, it uses a
    wild card only where no right answer does without one."""
    shown = solve(puzzle)
    if shown is None:
        return
    kind = KINDS[puzzle.kind]
    if kind.form == "choice" and shown not in rights:
        found(shown, "refused", f"the last hint shows {shown!r}, the engine makes {', '.join(map(repr, rights))} right")
    if kind.form in ("cards", "extend"):
        fewest = min((_wilds(puzzle, a) for a in rights), default=0)
        if _wilds(puzzle, shown) > fewest:
            found(shown, "cause", "the last hint shows an answer with a wild card where a right answer without one "
                                  f"exists ({min(rights, key=lambda a: _wilds(puzzle, a))!r})")


def _wilds(puzzle: Puzzle, answer: object) -> int:
    """How many wild cards the answer lays down (a natural 2 is none): an answer of the engine's
    or of the last hint, card codes or (meld, codes[, end])."""
    rules = puzzle.ruleset
    if not isinstance(answer, list | tuple):
        raise TypeError(f"not cards nor an addition: {answer!r}")
    if puzzle.kind == "extend":
        index, codes, *end = answer
        cards = parse_cards(list(codes))
        grown = make_meld(puzzle.table[index], rules).extend(cards, rules, wild_end=end[0] if end else None)
        return int(grown.wild is not None and grown.wild in cards)
    return int(make_meld(parse_cards(list(answer)), rules).wild is not None)


def _check_hidden(puzzle: Puzzle, rights: Sequence[Answer], found: Found) -> None:
    """Neither the answer nor the reason the verdict gives for it changes when the cards the
    learner cannot see are dealt otherwise (the page staying the same)."""
    page = page_of(puzzle)
    truth = set(map(str, rights))
    reason = _reason(puzzle, rights)
    for variant in hidden_variants(puzzle, HIDDEN_DEALS):
        try:
            if page_of(variant) != page:
                continue
            other = position_answer(variant)
            other_reason = _reason(variant, [other])
        except (ValueError, PuzzleError):
            continue
        if other not in truth:
            found(None, "hidden", f"the answer depends on cards the page does not show: with the hidden cards dealt "
                                  f"otherwise the engine says {other!r}, not {', '.join(sorted(truth))}"
                                  + _hidden_hint(puzzle, variant))
            return
        if other_reason != reason:
            found(None, "hidden", f"the verdict's reason depends on cards the page does not show: {reason!r} here, "
                                  f"{other_reason!r} with the hidden cards dealt otherwise"
                                  + _hidden_hint(puzzle, variant))
            return


def _reason(puzzle: Puzzle, rights: Sequence[Answer]) -> str:
    fb = check(puzzle, rights[0]) if rights else None
    return fb.reason.text("en") if fb is not None and fb.reason is not None else ""


def _hidden_hint(puzzle: Puzzle, variant: Puzzle) -> str:
    """Which hidden cards differ in ``variant``, in a few words (the other hands)."""
    real = game_of(puzzle).state
    other = game_of(variant).state
    seat = real.turn
    parts = []
    for s in range(real.players):
        if s != seat and real.hands[s] != other.hands[s]:
            parts.append(f"seat {s} holding {' '.join(c.code for c in other.hands[s][:6])}"
                         + (" ..." if len(other.hands[s]) > 6 else ""))
    return f" (e.g. {'; '.join(parts)})" if parts else ""


# ------------------------------------------------------------------ many puzzles

def audit_files(folder: str | os.PathLike[str], *, lessons: str | os.PathLike[str] | None = None) -> Report:
    """The audit of every puzzle file under ``folder``, and of the lessons' order where the
    folder sits beside lesson notebooks (every clause taught before it is tested)."""
    start = time.perf_counter()
    report = Report()
    puzzles: list[Puzzle] = []
    for f in puzzle_files(os.fspath(folder)):
        loaded, problems = load_file(f)
        for problem in problems:
            report.findings.append(Finding(f"{problem.file}:{problem.line}", "", "", "file", problem.message))
        puzzles += loaded
    named = {}
    for puzzle in puzzles:
        result = audit_puzzle(puzzle)
        named[puzzle_key(puzzle)] = (result.exercised, result.needs)
        report.add(result)
    root = Path(folder)
    lesson_dir = Path(lessons) if lessons is not None else (root.parent if root.is_dir() else root.parent.parent)
    report.findings += teaching_findings(puzzles, lesson_dir, named)
    report.seconds = time.perf_counter() - start
    return report


def audit_generated(seeds: int, *, kinds: Iterable[str] | None = None, rulesets: Sequence[str] | None = None,
                    syllabus: str | os.PathLike[str] | None = None, quiz_seeds: int = 0) -> Report:
    """The audit of ``seeds`` generated puzzles per kind and ruleset (seeds 0, 1, ...; for
    best-play one in :data:`BEST_PLAY_SHARE`, at least one), and of the quizzes the syllabus
    deals (every lesson, every ruleset, ``seeds`` questions each)."""
    start = time.perf_counter()
    report = Report()
    names = list(rulesets or RULESETS)
    for kind in kinds or KINDS:
        # the coach's playouts make a best-play puzzle some 50 times dearer: one in BEST_PLAY_SHARE
        # (200 seeds of each found 10 findings, all the coach's reasons: see issue 37's note)
        count = max(1, seeds // BEST_PLAY_SHARE) if kind == "best-play" and seeds else seeds
        for name in names:
            for seed in range(count):
                try:
                    puzzle = generate(kind, get_rules(name), seed)
                except ValueError:
                    continue
                report.generated[(kind, name)] += 1
                report.add(audit_puzzle(puzzle))
    if syllabus is not None and quiz_seeds:
        report.merge(quiz_findings(syllabus, names, quiz_seeds))
    report.seconds = time.perf_counter() - start
    return report


def quiz_findings(syllabus: str | os.PathLike[str], rulesets: Sequence[str], seeds: int) -> Report:
    """The audit of the quizzes the syllabus deals, ``seeds`` of each lesson under each ruleset,
    and of ``seeds`` puzzles of each lesson's practice (each as
    :func:`audit_puzzle` audits it), and every question that needs a
    clause its lesson has not taught by its quiz or its practice."""
    start = time.perf_counter()
    report = Report()
    course = load_syllabus(syllabus)
    folder = Path(syllabus).parent
    taught, names, index = taught_places(Course.scan(folder))
    by_number = {name[:2]: i for name, i in index.items()}
    for notebook, cell, kind, rules_name, first, params in practice_cells(folder):
        clause = params.pop("clause", None)
        for seed in range(first, first + seeds):  # "Another one" deals the next seeds
            try:
                puzzle = generate(kind, rules_name, seed, clause=None if clause is None else str(clause), **params)
            except ValueError:
                continue
            result = audit_puzzle(puzzle)
            report.add(result)
            report.findings += order_findings(puzzle, result.needs, (index[notebook], cell), taught, names,
                                              f"the practice of {notebook} (seed {seed})")
    for number, quiz in course.lessons.items():
        at = (by_number.get(number, len(names)), 1 << 30)
        for name in (rulesets if not quiz.mixed else ["buraco"]):
            if not any(item.applies(RULESETS[name]) for item in quiz.items):
                continue
            for seed in range(seeds):
                try:
                    questions = deal_quiz(number, name, seed, n=len(quiz.items), syllabus=course)
                except ValueError as e:
                    report.findings.append(Finding(str(syllabus), f"lesson {number}", "", "quiz",
                                                   f"its quiz under {name} (seed {seed}) cannot be dealt: {e}"))
                    continue
                for dealt in questions:
                    result = audit_puzzle(dealt.puzzle)
                    report.add(result)
                    report.findings += order_findings(dealt.puzzle, result.needs, at, taught, names,
                                                      f"the quiz of lesson {number} ({name}, seed {seed})")
    report.seconds = time.perf_counter() - start
    return report
