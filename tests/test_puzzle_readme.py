"""lessons/puzzles/README.md documents every goal key a puzzle file may write (issue 37: the
predict kind's ``offer`` was read by the kind and written in lesson 02, but documented nowhere)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from buraco_core.teach.puzzles.kinds import KINDS
from buraco_core.teach.puzzles.positions import PositionGoal

README = Path(__file__).resolve().parent.parent / "lessons" / "puzzles" / "README.md"
_ROW = re.compile(r"^\| ([\w-]+) \| (.*?) \| .*\|$", re.M)


def _rows() -> dict[str, str]:
    return {m.group(1): m.group(2) for m in _ROW.finditer(README.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_goal_key_of_a_kind_is_in_its_row_of_the_readme(name: str) -> None:
    """A kind's own keys are named in its row of the kinds table; the keys of a position (every
    kind played in a game position shares them) in the paragraph on positions."""
    goal = KINDS[name].goal_type
    position = {f.name for f in dataclasses.fields(PositionGoal)} if issubclass(goal, PositionGoal) else set()
    own = [f.name for f in dataclasses.fields(goal) if f.name not in position]
    row = _rows().get(name)
    assert row is not None, f"the README's kinds table has no row for {name}"
    missing = [key for key in own if f"`{key}`" not in row]
    assert not missing, f"{name}: goal keys not documented in its row: {', '.join(missing)}"


def test_the_keys_of_a_position_are_in_the_readme() -> None:
    text = README.read_text(encoding="utf-8")
    paragraph = text[text.index("A position is"):]
    missing = [f.name for f in dataclasses.fields(PositionGoal)
               if f.name != "play" and not re.search(rf"`{f.name}\b|\b{f.name}:", paragraph)]
    assert not missing, f"position keys not documented: {', '.join(missing)}"
