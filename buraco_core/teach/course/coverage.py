"""Coverage of the rulebook by the course: for every clause of the rulebook (and, for a clause that
reads differently by ruleset, for every way of reading it: :attr:`Clause.readings`), the lesson
section that teaches it, the puzzles shown in a lesson that exercise it, and the mistakes whose
feedback names it, all from a :class:`~buraco_core.teach.course.Course` (its anchors, the puzzles
its lessons show, its puzzle files). A reading is covered with one teaching section, two puzzles
shown under one of its rulesets, and one named mistake.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ...clauses import CLAUSES
from ...messages import render
from ...rules import RULESETS, RulesError
from ...variants import get_rules
from ..puzzles.core import check
from .course import Course, Link, Section, ShownPuzzle, get_course

__all__ = ["ClauseGroup", "Coverage", "Reading", "clause_groups", "coverage", "reads_as", "teaching_link"]

#: Puzzles needed per reading, and named mistakes.
PUZZLES_NEEDED = 2
MISTAKES_NEEDED = 1


@dataclass
class Reading:
    """One row of the report: a clause, the rulesets of one way of reading it, what covers it."""

    clause: str
    rulesets: tuple[str, ...]
    sections: list[Section] = field(default_factory=list)
    puzzles: list[ShownPuzzle] = field(default_factory=list)
    mistakes: list[tuple[ShownPuzzle, object]] = field(default_factory=list)

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


def coverage(of: Course, clauses: Sequence[str] | None = None) -> Coverage:
    """The coverage report of a course (``check-puzzles`` reads its notebooks: :meth:`Course.scan`)."""
    sections = of.sections()
    shown, problems = of.shown()
    problems = [*of.problems, *problems]
    named: list[tuple[ShownPuzzle, object, str | None]] = []
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
            unique: dict[str, ShownPuzzle] = {}
            for s in shown:
                if clause in s.puzzle.clauses and reads_as(clause, s.puzzle.rules, group):
                    unique.setdefault(s.name, s)
            r.puzzles = list(unique.values())
            r.mistakes = [(s, m) for s, m, rule in named if rule == clause and reads_as(clause, s.puzzle.rules, group)]
            readings.append(r)
    return Coverage(readings, problems)


def reads_as(clause: str, rules: str, group: Sequence[str]) -> bool:
    """Whether a puzzle under ``rules`` (a preset's name, or a house variant's text) exercises the
    reading of ``clause`` that the presets of ``group`` share: one of them, or a house variant of
    one of them that plays by the clause and reads it alike (lesson 11's puzzles)."""
    if rules in group:
        return True
    if rules in RULESETS:
        return False
    try:
        variant = get_rules(rules)
    except RulesError:
        return False
    c = CLAUSES[clause]
    return variant.name in group and c.applies(variant) and c.reading(variant) == c.reading(RULESETS[variant.name])


def teaching_link(clause: str | None, lang: str = "en", of: Course | None = None) -> Link:
    """The link to the lesson section that teaches ``clause`` in the course ``of`` (default: the
    installed course): :meth:`Course.link`."""
    return get_course(of).link(clause, lang)


@dataclass(frozen=True)
class ClauseGroup:
    """The clauses one lesson teaches (``key`` its notebook, ``href`` the link to it, ``title`` its
    title), or, for clauses no lesson teaches, those of one rulebook section (``key``
    ``~<section>``, no link)."""

    key: str
    title: str
    href: str
    clauses: tuple[str, ...]


def clause_groups(of: Course | str | os.PathLike[str] | None = None, lang: str = "en") -> list[ClauseGroup]:
    """Every clause of the rulebook in the group of the lesson teaching it (:meth:`Course.taught`),
    lessons in order, then the clauses no lesson teaches by rulebook section (the maps of the
    rulebook draw these); ``of``: the course (default: the installed one) or its folder."""
    course = get_course(of)
    taught = course.taught(lang)
    titles = course.titles(lang)
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
