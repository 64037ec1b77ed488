"""What the verdict audit finds (:mod:`buraco_core.teach.audit`): a finding, the audit of one
puzzle, and the report of many; read by the per-puzzle checks and by the teaching checks alike."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..puzzles.puzzle import Puzzle

__all__ = ["Finding", "PuzzleAudit", "Report", "where_of"]


@dataclass(frozen=True)
class Finding:
    """One defect: where the puzzle is (``file:line`` or the generated puzzle's id), its id, the
    answer concerned ("" for the puzzle as a whole), the class of defect and why."""

    where: str
    puzzle: str
    answer: str
    check: str
    reason: str

    def __str__(self) -> str:
        answer = f" answer {self.answer}:" if self.answer else ""
        return f"{self.where}: {self.puzzle}:{answer} [{self.check}] {self.reason}"


@dataclass
class PuzzleAudit:
    """The audit of one puzzle: its findings, how many answers were judged and how many right
    answers the engine found (all accepted where there is no finding)."""

    findings: list[Finding] = field(default_factory=list)
    judged: int = 0
    right: int = 0
    exercised: set[str] = field(default_factory=set)
    """The clauses the judged answers' verdicts turn on (and their lines)."""
    needs: set[str] = field(default_factory=set)
    """The clauses the right answers' verdicts name (and their lines): what the learner must know."""


@dataclass
class Report:
    """The audit of many puzzles: the findings and the totals."""

    findings: list[Finding] = field(default_factory=list)
    puzzles: int = 0
    judged: int = 0
    right: int = 0
    alternatives: int = 0
    """Right answers beyond one per puzzle (each accepted)."""
    generated: Counter[tuple[str, str]] = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, result: PuzzleAudit) -> None:
        self.findings += result.findings
        self.puzzles += 1
        self.judged += result.judged
        self.right += result.right
        self.alternatives += max(0, result.right - 1)

    def merge(self, other: Report) -> None:
        self.findings += other.findings
        self.puzzles += other.puzzles
        self.judged += other.judged
        self.right += other.right
        self.alternatives += other.alternatives
        self.generated.update(other.generated)
        self.seconds += other.seconds

    def summary(self) -> str:
        text = (f"audit: {self.puzzles} puzzles, {self.judged} answers judged, {self.right} right answers "
                f"accepted ({self.alternatives} beyond the first), {len(self.findings)} finding(s)")
        if self.generated:
            per = sorted(set(self.generated.values()))
            kinds, rulesets = ({k for k, _ in self.generated}, {r for _, r in self.generated})
            each = f"{per[0]} each" if len(per) == 1 else f"{per[0]} to {per[-1]} each"
            text += (f"; {sum(self.generated.values())} of them generated, {len(kinds)} kinds in "
                     f"{len(rulesets)} rulesets ({each})")
        return text + f", {self.seconds:.1f} s"


def where_of(puzzle: Puzzle) -> str:
    """Where a puzzle is: ``file:line``, or \"generated\"."""
    return f"{puzzle.source[0]}:{puzzle.source[1]}" if puzzle.source else "generated"
