"""The puzzle value: a situation, a task (a typed goal), the clauses it exercises, and the tempting
wrong answers a teacher expects.

A goal is a frozen dataclass per kind (:class:`Goal` subclasses, one in each kind's module): its
fields are the kind's parameters, checked when the puzzle is made. A goal also reads like the
mapping puzzle files write (``goal["meld"]``, ``goal.get("buraco")``), so a file's
``goal: {meld: 0}`` and ``MakeMeldGoal(meld_kind="run")`` are the same thing.

Words a learner reads are catalog :class:`~buraco_core.messages.Message` values: a puzzle's
``prompt`` and ``hint``. Text a teacher writes in a puzzle file (``prompt: ...``) is kept as
the teacher wrote it (:func:`own_words`).

>>> from buraco_core.teach import Puzzle
>>> p = Puzzle(id="demo", kind="make-meld", rules="buraco", hand=("4h", "5h", "6h", "9c"),
...            goal={"meld_kind": "run"}, clauses=("run",))
>>> p.goal["meld_kind"], type(p.goal).__name__, str(p.prompt)
('run', 'MakeMeldGoal', 'Select cards from your hand that make a run.')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Protocol, TypeVar

from ...cards import Card, parse_cards
from ...clauses import CLAUSES
from ...messages import Message
from ...rules import Rules
from ...variants import get_rules

__all__ = ["Goal", "Puzzle", "PuzzleError", "PuzzleKind", "RawGoal", "goal_of", "own_words", "read_kinds"]


class PuzzleError(ValueError):
    """A malformed or impossible puzzle, located in its file: ``str(e)`` is ``file:line: message``.

    These sentences are for the teacher who wrote the file (``check-puzzles``), not for a learner."""

    def __init__(self, message: str, file: str = "", line: int = 0) -> None:
        self.message = message
        self.file = file
        self.line = line
        super().__init__(f"{file}:{line}: {message}" if file else message)


def own_words(text: str) -> Message:
    """A teacher's own sentence from a puzzle file, shown as written (it has no translation)."""
    return Message("teach.own-words", {"text": text})


@dataclass(frozen=True)
class Goal(Mapping[str, object]):
    """The task of a puzzle kind: one field per parameter (None: not asked).

    Read as a mapping, a goal holds the fields that are set. :meth:`from_mapping` builds one from
    a puzzle file's ``goal:``, saying which keys the kind has when one is unknown."""

    def __getitem__(self, key: str) -> object:
        if key not in self._names():
            raise KeyError(key)
        value = getattr(self, key)
        if value is None:
            raise KeyError(key)
        return value

    def __iter__(self) -> Iterator[str]:
        return (name for name in self._names() if getattr(self, name) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @classmethod
    def _names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> Goal:
        """A goal from a mapping; ValueError names an unknown key and the kind's keys."""
        if isinstance(data, cls):
            return data
        names = cls._names()
        for key in data:
            if key not in names:
                known = ", ".join(names) or "none"
                raise ValueError(f"goal key {key!r} is not one this kind has: {known}")
        return cls(**{k: data[k] for k in names if k in data and data[k] is not None})


@dataclass(frozen=True, init=False)
class RawGoal(Goal):
    """The goal of a puzzle whose kind is unknown: kept as given, so the puzzle can be reported."""

    data: Mapping[str, object] = field(default_factory=dict)

    def __init__(self, data: Mapping[str, object] | None = None) -> None:
        object.__setattr__(self, "data", MappingProxyType(dict(data or {})))

    def __getitem__(self, key: str) -> object:
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def __hash__(self) -> int:
        return hash(tuple(sorted(map(str, self.data))))

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> Goal:
        return cls(data)


class PuzzleKind(Protocol):
    """What a puzzle reads of its kind as it is made: the type of its goal, and the prompt it shows
    when it has none of its own (:class:`~buraco_core.teach.puzzles.kinds.Kind` is one)."""

    @property
    def goal_type(self) -> type[Goal]: ...

    def prompt(self, puzzle: Puzzle) -> Message: ...


_KINDS: dict[str, PuzzleKind] = {}


def read_kinds(kinds: Mapping[str, PuzzleKind]) -> None:
    """The kinds a puzzle finds by its ``kind`` (:data:`~buraco_core.teach.KINDS`, handed down by
    :mod:`buraco_core.teach` as it is imported: every kind reads a Puzzle, so the puzzle imports none)."""
    _KINDS.update(kinds)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the situation, the task, and where it came from.

    ``hand`` holds card codes (``"7h"``), ``table`` meld notation strings (``"4h 5h 6h"``),
    ``options`` card groups for multiple choice; ``goal`` the kind's typed goal (a mapping is
    turned into it); ``prompt`` and ``hint`` catalog messages (a string is a teacher's own
    words); ``clauses`` the clause ids of docs/RULES.md the puzzle exercises, the main one first;
    ``mistakes`` tempting wrong answers (``check-puzzles`` proves each wrong, with feedback that
    names one of ``clauses``); ``source`` the (file, line) it was read from, or None;
    ``seed`` the seed a generated puzzle came from ("Another one" asks for the next);
    ``own_rules`` the puzzle is about its ruleset (its file gives it a ``rules:`` of its own), so
    it has no version in another (:func:`~buraco_core.teach.version_in`).
    """

    id: str
    kind: str
    rules: str
    prompt: Message | str | None = None
    hand: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    goal: Goal | Mapping[str, object] = field(default_factory=dict, hash=False)
    hint: Message | str | None = field(default=None, compare=False)
    clauses: tuple[str, ...] = ()
    mistakes: tuple[object, ...] = field(default=(), hash=False, compare=False)
    source: tuple[str, int] | None = field(default=None, compare=False)
    seed: int | None = field(default=None, compare=False)
    own_rules: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        if not _KINDS:
            raise RuntimeError("no puzzle kinds are read: import buraco_core.teach, which reads them")
        kind = _KINDS.get(self.kind)
        goal = self.goal
        if not isinstance(goal, Goal):
            goal = kind.goal_type.from_mapping(goal) if kind is not None else RawGoal(goal)
        object.__setattr__(self, "goal", goal)
        object.__setattr__(self, "hand", tuple(self.hand))
        object.__setattr__(self, "table", tuple(self.table))
        object.__setattr__(self, "options", tuple(self.options))
        object.__setattr__(self, "clauses", tuple(self.clauses))
        object.__setattr__(self, "mistakes", tuple(self.mistakes))
        for clause in self.clauses:
            if clause not in CLAUSES:
                raise ValueError(f"no clause {clause!r} in docs/RULES.md: see buraco_core.CLAUSES")
        if isinstance(self.prompt, str) and self.prompt:
            object.__setattr__(self, "prompt", own_words(self.prompt))
        if isinstance(self.hint, str):
            object.__setattr__(self, "hint", own_words(self.hint) if self.hint else None)
        if not self.prompt:
            try:
                prompt = kind.prompt(self) if kind is not None else Message("teach.solve-this")
            except ValueError:  # an unknown ruleset, a broken position: validate() says what is wrong
                prompt = Message("teach.solve-this")
            object.__setattr__(self, "prompt", prompt)

    @property
    def ruleset(self) -> Rules:
        return get_rules(self.rules)

    @property
    def hand_cards(self) -> list[Card]:
        return parse_cards(list(self.hand))

    @property
    def main_clause(self) -> str | None:
        """The clause the puzzle is mainly about (its first), or None."""
        return self.clauses[0] if self.clauses else None


G = TypeVar("G", bound=Goal)


def goal_of(puzzle: Puzzle, goal_type: type[G]) -> G:
    """The puzzle's goal as its kind's type, read by attribute (``goal_of(p, ScoreGoal).went_out``):
    a puzzle is made with its kind's goal type (:meth:`Goal.from_mapping`), so only a puzzle of
    another kind fails here (TypeError, a bug)."""
    goal = puzzle.goal
    if not isinstance(goal, goal_type):
        raise TypeError(f"puzzle {puzzle.id!r} ({puzzle.kind}) has a {type(goal).__name__}, not a {goal_type.__name__}")
    return goal
