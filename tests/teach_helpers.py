"""Helpers of the teaching layer's tests (tests/test_teach.py, tests/test_teach_files.py)."""

from __future__ import annotations

from buraco_core.messages import Message
from buraco_core.teach import Feedback, Puzzle


def puzzle(kind: str, **fields: object) -> Puzzle:
    fields.setdefault("rules", "buraco")
    return Puzzle(id="t", kind=kind, **fields)  # type: ignore[arg-type]


def only_messages(fb: Feedback) -> None:
    """Feedback holds catalog messages, no finished prose: explain() works in the catalog's language."""
    for part in (fb.verdict, fb.reason, fb.advice):
        assert part is None or isinstance(part, Message)
    for line in fb.lines:
        assert isinstance(line.label, Message) and (line.detail is None or isinstance(line.detail, Message))
    assert fb.explain("en") == str(fb) or fb.explain("en").startswith(str(fb))
