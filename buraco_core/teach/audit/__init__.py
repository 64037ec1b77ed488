"""The verdict audit and the census: what the engine's teaching is checked by, and what no lesson
imports (:mod:`buraco_core.teach.cli`, ``scripts/hint_census.py`` and the tests run them).

- :mod:`.verdicts`: every answer of every puzzle judged against what the engine says is right
  (:func:`audit_puzzle`), over the puzzle files, the generated puzzles and the quizzes;
- :mod:`.answers`, :mod:`.positions`, :mod:`.causes`: the answers a puzzle is asked, the hidden
  cards dealt otherwise, the causes a wrong answer's words name;
- :mod:`.teaching`: every clause a puzzle needs is taught before it;
- :mod:`.report`: a finding, a puzzle's audit, a report;
- :mod:`.census`: where each second hint comes from, and which wrong answers are told the right one.
"""

from __future__ import annotations

from .report import Finding, Report
from .verdicts import BEST_PLAY_SHARE, audit_files, audit_generated, audit_puzzle

__all__ = ["BEST_PLAY_SHARE", "Finding", "Report", "audit_files", "audit_generated", "audit_puzzle"]
