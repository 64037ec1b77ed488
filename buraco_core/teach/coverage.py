"""Coverage of the rulebook by the course: for every clause of RULES.md (and, for a clause that
reads differently by ruleset, for every way of reading it: :attr:`Clause.readings`), the lesson
section that teaches it, the puzzles shown in a lesson that exercise it, and the mistakes whose
feedback names it.

A lesson section teaches a clause when its Markdown holds the clause's anchor,
``<a id="clause-pot-guard"></a>``: the link ``05_pot.ipynb#clause-pot-guard`` opens it. A puzzle
is shown in a lesson when a code cell loads it from its file (``MeldPuzzle.load(P, "id")`` or
``PuzzleSet.load(P, "a", "b")``, ``P`` the file named in the notebook). A reading is covered with
one teaching section, two puzzles shown under one of its rulesets, and one named mistake.
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..clauses import CLAUSES
from .core import check
from .files import load_file, puzzle_files
from .puzzle import Puzzle

__all__ = ["ANCHOR", "ClauseGroup", "Coverage", "Reading", "Section", "Shown", "clause_groups", "coverage",
           "lesson_sections", "lesson_titles", "lessons_of", "shown_puzzles", "teaching_link", "teaching_sections"]

#: A clause's anchor in a lesson's Markdown.
ANCHOR = re.compile(r"""<a\s+id=["']clause-([a-z0-9-]+)["']\s*>\s*</a>""")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$", re.M)
#: Puzzles needed per reading, and named mistakes.
PUZZLES_NEEDED = 2
MISTAKES_NEEDED = 1


@dataclass(frozen=True)
class Section:
    """A lesson section that teaches a clause: the notebook, its heading, and the link."""

    notebook: str
    heading: str
    clause: str

    @property
    def link(self) -> str:
        return f"{self.notebook}#clause-{self.clause}"


@dataclass(frozen=True)
class Shown:
    """A puzzle shown in a lesson: the notebook that shows it, and the puzzle."""

    notebook: str
    puzzle: Puzzle

    @property
    def name(self) -> str:
        stem = Path(self.puzzle.source[0]).stem if self.puzzle.source else "?"
        return f"{stem}/{self.puzzle.id}"


@dataclass
class Reading:
    """One row of the report: a clause, the rulesets of one way of reading it, what covers it."""

    clause: str
    rulesets: tuple[str, ...]
    sections: list[Section] = field(default_factory=list)
    puzzles: list[Shown] = field(default_factory=list)
    mistakes: list[tuple[Shown, object]] = field(default_factory=list)

    @property
    def missing(self) -> list[str]:
        out = []
        if not self.sections:
            out.append(f"a teaching section (an anchor <a id=\"clause-{self.clause}\"></a> in a lesson)")
        if len(self.puzzles) < PUZZLES_NEEDED:
            out.append(f"{PUZZLES_NEEDED} puzzles shown in a lesson (has {len(self.puzzles)})")
        if len(self.mistakes) < MISTAKES_NEEDED:
            out.append("a named mistake whose feedback names it")
        return out

    @property
    def covered(self) -> bool:
        return not self.missing


@dataclass
class Coverage:
    """The report: one :class:`Reading` per clause and way of reading it, in rulebook order."""

    readings: list[Reading]
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and all(r.covered for r in self.readings)

    def by_clause(self) -> Mapping[str, list[Reading]]:
        out: dict[str, list[Reading]] = {}
        for r in self.readings:
            out.setdefault(r.clause, []).append(r)
        return out

    def totals(self) -> dict[str, int]:
        clauses = self.by_clause()
        shown = {s.name for r in self.readings for s in r.puzzles}
        mistakes = {(s.name, repr(m)) for r in self.readings for s, m in r.mistakes}
        return {"clauses": len(clauses), "covered clauses": sum(all(r.covered for r in rs) for rs in clauses.values()),
                "readings": len(self.readings), "covered readings": sum(r.covered for r in self.readings),
                "sections": len({s.link for r in self.readings for s in r.sections}),
                "puzzles": len(shown), "mistakes": len(mistakes)}

    def gaps(self) -> str:
        """Only what is missing, a line each, and the totals."""
        lines = [f"MISSING [{r.clause}] {', '.join(r.rulesets)}: {m}" for r in self.readings for m in r.missing]
        return "\n".join([*lines, self.report().splitlines()[-1 - len(self.problems)], *self.problems])

    def report(self) -> str:
        """The report as text, one clause a block, and the totals."""
        lines = []
        for clause, readings in self.by_clause().items():
            lines.append(f"[{clause}] {CLAUSES[clause].title}")
            for r in readings:
                mark = "ok " if r.covered else "MISSING"
                where = ", ".join(r.rulesets) if CLAUSES[clause].varies or len(r.rulesets) < 5 else "every ruleset"
                taught = "; ".join(f"{s.link} ({s.heading})" for s in r.sections) or "-"
                puzzles = ", ".join(s.name for s in r.puzzles) or "-"
                named = ", ".join(f"{s.name}: {m!r}" for s, m in r.mistakes[:3]) or "-"
                more = f" (+{len(r.mistakes) - 3})" if len(r.mistakes) > 3 else ""
                lines.append(f"  {mark} {where}")
                lines.append(f"      taught:   {taught}")
                lines.append(f"      puzzles:  {len(r.puzzles)}: {puzzles}")
                lines.append(f"      mistakes: {len(r.mistakes)}: {named}{more}")
                for m in r.missing:
                    lines.append(f"      missing:  {m}")
        t = self.totals()
        lines.append(f"coverage: {t['covered clauses']} of {t['clauses']} clauses covered "
                     f"({t['covered readings']} of {t['readings']} readings), {t['sections']} teaching sections, "
                     f"{t['puzzles']} puzzles shown, {t['mistakes']} named mistakes")
        lines += self.problems
        return "\n".join(lines)


def _cells(notebook: Path) -> list[dict[str, object]]:
    data = json.loads(notebook.read_text(encoding="utf-8"))
    return list(data.get("cells", []))


def _source(cell: Mapping[str, object]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def lessons_of(folder: str | os.PathLike[str]) -> list[Path]:
    """The lesson notebooks of a folder (``NN_*.ipynb``), in order."""
    return sorted(Path(folder).glob("[0-9][0-9]_*.ipynb"))


def lesson_sections(notebooks: Iterable[Path]) -> tuple[list[Section], list[str]]:
    """Every clause anchor of the lessons, with its heading; and problems (an unknown clause, an
    anchor used twice on a page)."""
    sections: list[Section] = []
    problems: list[str] = []
    for nb in notebooks:
        heading = ""
        seen: set[str] = set()
        for cell in _cells(nb):
            if cell.get("cell_type") != "markdown":
                continue
            text = _source(cell)
            found = _HEADING.findall(text)
            for clause in ANCHOR.findall(text):
                title = found[0][1].strip() if found else heading
                if clause not in CLAUSES:
                    problems.append(f"{nb.name}: anchor clause-{clause} names no clause of RULES.md")
                elif clause in seen:
                    problems.append(f"{nb.name}: anchor clause-{clause} is on the page twice")
                else:
                    sections.append(Section(nb.name, title, clause))
                seen.add(clause)
            if found:
                heading = found[-1][1].strip()
    return sections, problems


def _loads(code: str) -> Iterable[tuple[str, list[str]]]:
    """(variable of the file, puzzle ids) of each ``MeldPuzzle.load(P, "id")`` and
    ``PuzzleSet.load(P, "a", "b")`` call."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "load" \
                and isinstance(node.func.value, ast.Name) and node.func.value.id in ("MeldPuzzle", "PuzzleSet") \
                and node.args and isinstance(node.args[0], (ast.Name, ast.Constant)):
            first = node.args[0]
            file = first.id if isinstance(first, ast.Name) else f"={first.value!s}"
            ids = [a.value for a in node.args[1:] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            for a in node.args[1:]:
                if isinstance(a, (ast.List, ast.Tuple)):
                    ids += [e.value for e in a.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            yield file, ids


def shown_puzzles(notebooks: Iterable[Path], puzzles: Mapping[tuple[str, str], Puzzle]) -> tuple[list[Shown], list[str]]:
    """The puzzles each lesson shows (``puzzles`` by (absolute file, id)), and problems (an id
    the file does not have)."""
    shown: list[Shown] = []
    problems: list[str] = []
    for nb in notebooks:
        names: dict[str, str] = {}
        for cell in _cells(nb):
            if cell.get("cell_type") != "code":
                continue
            code = _source(cell)
            for m in re.finditer(r"^(\w+)\s*=\s*[\"']([^\"']+\.ya?ml)[\"']", code, re.M):
                names[m.group(1)] = m.group(2)
            for var, ids in _loads(code):
                rel = var[1:] if var.startswith("=") else names.get(var)
                if rel is None:
                    problems.append(f"{nb.name}: {var} names no puzzle file")
                    continue
                file = os.path.abspath(nb.parent / rel)
                for pid in ids:
                    p = puzzles.get((file, pid))
                    if p is None:
                        problems.append(f"{nb.name}: no puzzle {pid!r} in {rel}")
                    else:
                        shown.append(Shown(nb.name, p))
    return shown, problems


def coverage(puzzle_folder: str | os.PathLike[str], lessons: str | os.PathLike[str] | None = None,
             clauses: Sequence[str] | None = None) -> Coverage:
    """The coverage report of a course: its puzzle files and its lessons (default: the puzzle
    folder's parent)."""
    folder = Path(puzzle_folder)
    lesson_dir = Path(lessons) if lessons is not None else (folder.parent if folder.is_dir() else folder.parent.parent)
    notebooks = lessons_of(lesson_dir)
    puzzles: dict[tuple[str, str], Puzzle] = {}
    for f in puzzle_files(str(folder)):
        for p in load_file(f)[0]:
            puzzles[(os.path.abspath(f), p.id)] = p
    sections, problems = lesson_sections(notebooks)
    shown, more = shown_puzzles(notebooks, puzzles)
    problems += more
    named: list[tuple[Shown, object, str | None]] = []
    seen: set[tuple[str, str]] = set()
    for s in shown:
        key = (s.notebook, s.name)
        if key in seen:
            continue
        seen.add(key)
        for mistake in s.puzzle.mistakes:
            named.append((s, mistake, check(s.puzzle, mistake).rule))
    readings = []
    for clause in clauses or list(CLAUSES):
        for group in CLAUSES[clause].readings:
            r = Reading(clause, group)
            r.sections = [sec for sec in sections if sec.clause == clause]
            unique: dict[str, Shown] = {}
            for s in shown:
                if clause in s.puzzle.clauses and s.puzzle.rules in group:
                    unique.setdefault(s.name, s)
            r.puzzles = list(unique.values())
            r.mistakes = [(s, m) for s, m, rule in named if rule == clause and s.puzzle.rules in group]
            readings.append(r)
    return Coverage(readings, problems)


_TAUGHT: dict[tuple[str, float], dict[str, Section]] = {}


def teaching_sections(folder: str | os.PathLike[str] | None = None) -> Mapping[str, Section]:
    """Where each clause is taught: the first lesson section with its anchor, by clause id, from
    the lessons of ``folder`` (default: the current folder, where a lesson runs, or its
    ``lessons/``). Empty where there are no lessons."""
    here = Path(folder or os.getcwd())
    if not lessons_of(here) and lessons_of(here / "lessons"):
        here = here / "lessons"
    notebooks = lessons_of(here)
    stamp = max((nb.stat().st_mtime for nb in notebooks), default=0.0)
    key = (str(here.resolve()), stamp)
    if key not in _TAUGHT:
        found: dict[str, Section] = {}
        for section in lesson_sections(notebooks)[0]:
            found.setdefault(section.clause, section)
        _TAUGHT[key] = found
    return _TAUGHT[key]


def teaching_link(clause: str | None, lang: str = "en", folder: str | os.PathLike[str] | None = None) -> tuple[str, str]:
    """(href, words) of the lesson section that teaches ``clause`` (``"04_turn.ipynb#clause-turn"``,
    ``"lesson 04, A turn, step by step"``), or ("", "") where no lesson teaches it."""
    from ..messages import render

    section = teaching_sections(folder).get(clause or "")
    if section is None:
        return "", ""
    return section.link, render("widget.feedback.lesson-link", lang, number=section.notebook[:2],
                                heading=section.heading)


def lesson_titles(folder: str | os.PathLike[str] | None = None) -> dict[str, str]:
    """Each lesson notebook's name and its title (its first heading), in order, from the lessons
    of ``folder`` (as :func:`teaching_sections` finds them)."""
    here = Path(folder or os.getcwd())
    if not lessons_of(here) and lessons_of(here / "lessons"):
        here = here / "lessons"
    out: dict[str, str] = {}
    for nb in lessons_of(here):
        title = nb.stem
        for cell in _cells(nb):
            found = _HEADING.findall(_source(cell)) if cell.get("cell_type") == "markdown" else []
            if found:
                title = found[0][1].strip()
                break
        out[nb.name] = title
    return out


@dataclass(frozen=True)
class ClauseGroup:
    """The clauses one lesson teaches (``key`` its notebook, ``href`` the link to it, ``title`` its
    title), or, for clauses no lesson teaches, those of one rulebook section (``key``
    ``~<section>``, no link)."""

    key: str
    title: str
    href: str
    clauses: tuple[str, ...]


def clause_groups(folder: str | os.PathLike[str] | None = None, lang: str = "en") -> list[ClauseGroup]:
    """Every clause of RULES.md in the group of the lesson teaching it, lessons in order, then
    the clauses no lesson teaches by rulebook section (the maps of the rulebook draw these)."""
    from ..messages import render

    taught = teaching_sections(folder)
    titles = lesson_titles(folder)
    groups: dict[str, tuple[str, str, list[str]]] = {}
    for clause_id, clause in CLAUSES.items():
        section = taught.get(clause_id)
        key = section.notebook if section is not None else f"~{clause.section}"
        if key not in groups:
            title = titles.get(key, "") if section is not None else render(f"section.{clause.section}", lang)
            groups[key] = (title, key if section is not None else "", [])
        groups[key][2].append(clause_id)
    ordered = sorted(groups, key=lambda k: (k.startswith("~"), k))
    return [ClauseGroup(k, groups[k][0], groups[k][1], tuple(groups[k][2])) for k in ordered]
