"""Teaching before testing, for the verdict audit (:mod:`buraco_core.teach.audit`).

A puzzle needs a clause when the learner must know it to answer: the clauses it is tagged with,
the clauses its verdicts name (the right answer's, every option's, every named mistake's, and the
lines of a count), a wild card it shows ([wild-one]), a buraco it shows or asks for ([buraco]).
Each must be taught (its anchor ``#clause-<id>``) in a lesson before the puzzle's own, or earlier
on the puzzle's own page; a quiz's questions may need what its lesson teaches anywhere on the
page (the quiz comes at its end). A tag whose clause no verdict of the puzzle names is padding,
and fails too.

>>> from buraco_core.teach import Puzzle
>>> p = Puzzle(id="p", kind="make-meld", rules="buraco", hand=("4h", "5h", "6h", "2c"),
...            goal={"meld_kind": "run"})
>>> sorted(shown_needs(p))
['wild-one']
"""

from __future__ import annotations

import ast
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from ...cards import parse_cards
from ...clauses import CLAUSES
from ...jsondata import whole
from ...variants import get_rules
from ..course import LESSON_GLOB, Course
from ..puzzles.feedback import Feedback
from ..puzzles.kinds import KINDS
from ..puzzles.positions import game_of
from ..puzzles.puzzle import Puzzle
from .report import Finding, where_of

__all__ = ["named_clauses", "order_findings", "practice_cells", "puzzle_key", "shown_needs", "tag_findings", "taught_places",
           "teaching_findings"]


def shown_needs(puzzle: Puzzle) -> set[str]:
    """The clauses a puzzle needs for the cards it shows: a wild card (a joker or a 2) anywhere
    on the page needs [wild-one]; a meld the size of a buraco, or a task about buracos, needs
    [buraco]."""
    rules = puzzle.ruleset
    options = puzzle.options if puzzle.kind == "which-is-meld" else ()
    groups = [*puzzle.table, *options]
    if KINDS[puzzle.kind].shows_position:
        view = game_of(puzzle).view()
        groups += [" ".join(c.code for c in m.cards) for side in view.melds for m in side]
        groups.append(" ".join(c.code for c in view.discard))
    texts = [*puzzle.hand, *groups, str(puzzle.goal.get("add") or "")]
    cards = [c for text in texts if text for c in parse_cards(text)]
    out = set()
    if any(c.rank in (0, 2) for c in cards):
        out.add("wild-one")
    if any(len(parse_cards(g)) >= rules.min_buraco for g in groups) or puzzle.goal.get("buraco"):
        out.add("buraco")
    return out


def named_clauses(feedbacks: Iterable[Feedback], *, all_clauses: bool = False) -> set[str]:
    """The clauses a set of verdicts names: each verdict's rule and the rules of its lines
    (``all_clauses``: every clause each verdict turns on, not only the one it names)."""
    out: set[str] = set()
    for fb in feedbacks:
        if fb.rule:
            out.add(fb.rule)
        if all_clauses:
            out.update(fb.clauses)
        out.update(line.rule for line in fb.lines if line.rule)
    return out


def tag_findings(puzzle: Puzzle, named: set[str]) -> list[Finding]:
    """A finding for each clause tag of the puzzle that none of its verdicts turns on."""
    return [Finding(where_of(puzzle), puzzle.id, "", "tag",
                    f"tagged [{tag}], and no verdict of the puzzle turns on it (its verdicts turn on "
                    f"{', '.join(sorted(named)) or 'nothing'})")
            for tag in puzzle.clauses if tag not in named]


def _needs(puzzle: Puzzle, named: set[str]) -> set[str]:
    """A puzzle file's tags are the teacher's word for what it asks; a generated puzzle's are the
    clauses of every verdict it can give, wrong ones too: of those only its main clause (the one
    it was dealt for) is what it asks."""
    rules = get_rules(puzzle.rules)
    tags = set(puzzle.clauses) if puzzle.source else set(puzzle.clauses[:1])
    return {c for c in (tags | named | shown_needs(puzzle)) if CLAUSES[c].applies(rules)}


def order_findings(puzzle: Puzzle, named: set[str], at: tuple[int, int], taught: Mapping[str, tuple[int, int]],
                   names: Sequence[str], where: str) -> list[Finding]:
    """A finding for each clause the puzzle needs that is taught after ``at`` (lesson index, cell)
    or nowhere."""
    out: list[Finding] = []
    for clause in sorted(_needs(puzzle, named)):
        place = taught.get(clause)
        if place is None:
            out.append(Finding(where_of(puzzle), puzzle.id, "", "teaching",
                               f"{where} needs [{clause}], which no lesson teaches"))
        elif place > at:
            later = "further down the page" if place[0] == at[0] else f"in {names[place[0]]}"
            out.append(Finding(where_of(puzzle), puzzle.id, "", "teaching",
                               f"{where} needs [{clause}], which is taught only {later}"))
    return out


def taught_places(course: Course) -> tuple[dict[str, tuple[int, int]], list[str], dict[str, int]]:
    """Where each clause is first taught (lesson index, cell), the lessons' names, their indices."""
    names = [nb.name for nb in course.lessons()]
    index = {name: i for i, name in enumerate(names)}
    taught: dict[str, tuple[int, int]] = {}
    for section in course.sections():
        place = (index[section.notebook], section.cell)
        taught[section.clause] = min(taught.get(section.clause, place), place)
    return taught, names, index


def teaching_findings(puzzles: Sequence[Puzzle], lesson_dir: str | os.PathLike[str],
                      named: Mapping[tuple[str, int, str], tuple[set[str], set[str]]]) -> list[Finding]:
    """Every clause tag no verdict turns on, and every puzzle a lesson shows before it teaches what
    the puzzle needs (``named``: by each puzzle's source and id, the clauses its verdicts turn on
    and the clauses its right answers' verdicts name)."""
    out: list[Finding] = []
    for p in puzzles:
        out += tag_findings(p, named.get(puzzle_key(p), (set(), set()))[0])
    folder = Path(lesson_dir)
    if not any(folder.glob(LESSON_GLOB)):
        return out
    course = Course.scan(folder)
    taught, names, index = taught_places(course)
    by_key = {(os.path.abspath(p.source[0]), p.id): p for p in puzzles if p.source}
    seen: set[tuple[str, str]] = set()
    for shown in course.shown()[0]:
        source = shown.puzzle.source
        found = by_key.get((os.path.abspath(source[0]), shown.puzzle.id)) if source else None
        if found is None:
            continue
        p = found
        if (shown.notebook, p.id) in seen:
            continue
        seen.add((shown.notebook, p.id))
        out += order_findings(p, named.get(puzzle_key(p), (set(), set()))[1], (index[shown.notebook], shown.cell), taught, names,
                              f"shown in {shown.notebook}")
    return out


def puzzle_key(puzzle: Puzzle) -> tuple[str, int, str]:
    return (os.path.abspath(puzzle.source[0]), puzzle.source[1], puzzle.id) if puzzle.source else ("", 0, puzzle.id)


def practice_cells(folder: Path) -> list[tuple[str, int, str, str, int, dict[str, object]]]:
    """The practice each lesson deals (``MeldPuzzle.generate("kind", rules=..., seed=..., **params)``
    in a code cell): (notebook, cell, kind, ruleset, seed, parameters); a ruleset the cell does
    not write as text (a panel's variant) is left out."""
    out = []
    for nb in sorted(folder.glob(LESSON_GLOB)):
        cells = json.loads(nb.read_text(encoding="utf-8")).get("cells", [])
        for index, cell in enumerate(cells):
            if cell.get("cell_type") != "code":
                continue
            source = "".join(cell.get("source", []))
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "generate" and isinstance(node.func.value, ast.Name)
                        and node.func.value.id == "MeldPuzzle" and node.args
                        and isinstance(node.args[0], ast.Constant)):
                    continue
                values: dict[str, object] = {k.arg: k.value.value for k in node.keywords
                                          if k.arg is not None and isinstance(k.value, ast.Constant)}
                if any(k.arg == "rules" and not isinstance(k.value, ast.Constant) for k in node.keywords):
                    continue
                rules = str(values.pop("rules", "buraco"))
                seed = whole(values.pop("seed", 0))
                values.pop("lesson", None)
                out.append((nb.name, index, str(node.args[0].value), rules, seed, values))
    return out
