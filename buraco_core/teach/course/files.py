"""Puzzle files: the teacher-editable YAML files of ``lessons/puzzles/``, read with their lines.

A file holds ``lesson``, ``title``, ``rules`` (the default ruleset) and ``puzzles``: a list of
puzzles with the keys of :data:`FIELDS` (see ``lessons/puzzles/README.md``). Problems are
:class:`~buraco_core.teach.PuzzleError` values naming the file and line.

A puzzle with a ``rules:`` of its own is about that ruleset: it stays in it when the learner's
ruleset is another; the others follow the learner's ruleset where the engine finds the same
puzzle there (:func:`~buraco_core.teach.version_in`).

Words a learner reads: a puzzle without ``prompt:`` (or ``hint:``) takes its sentence from the
message catalog, key ``puzzle.<file stem>.<id>.prompt`` (``.hint``), so the lessons' puzzles can
be translated; without a catalog sentence the kind's own prompt is used. A ``prompt:`` written
in the file is the teacher's own words, shown as written.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import yaml

from ...cards import format_cards, parse_cards
from ...clauses import CLAUSES
from ...messages import Message, catalog, render
from ...rules import RULESETS, RulesError
from ...variants import get_rules, rules_text
from ..puzzles.core import check, validate
from ..puzzles.kinds import KINDS
from ..puzzles.puzzle import Puzzle, PuzzleError

__all__ = ["FIELDS", "PuzzleFile", "check_folder", "load_file", "load_puzzle", "load_puzzles", "load_text", "puzzle_files",
           "yaml_root"]

#: A loader of YAML text that marks each node's line: PyYAML's, or libyaml's (the same nodes, ten
#: times quicker: a lesson's kernel reads its puzzle file and the syllabus before its first answer).
#: Pyodide's PyYAML has no libyaml, so ``yaml.CSafeLoader`` is named only where types are checked.
if TYPE_CHECKING:
    YamlLoader: TypeAlias = yaml.SafeLoader | yaml.CSafeLoader
_QUICK: type[YamlLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: The keys of a puzzle in a file.
FIELDS = ("id", "kind", "rules", "prompt", "hand", "table", "options", "goal", "hint", "answer", "position",
          "clauses", "mistakes")



class PuzzleFile(os.PathLike[str]):
    """A puzzle file of a course: its path (``os.fspath(f)``, so every function taking a puzzle
    file's path takes it) and its puzzles, read once."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return str(self.path)

    def __repr__(self) -> str:
        return f"PuzzleFile({str(self.path)!r})"

    @cached_property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles of the file; its first problem raises :class:`PuzzleError` (file, line)."""
        puzzles, problems = load_file(str(self.path), play_out=False)
        if problems:
            raise problems[0]
        return tuple(puzzles)


def _cards_text(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(c.code for c in parse_cards(value))
    if isinstance(value, list):
        return tuple(c.code for c in parse_cards([str(v) for v in value]))
    raise ValueError(f"expected cards like '4h 5h 6h', not {value!r}")


def _groups(value: object, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ValueError(f"{what} is a list of card groups, one per line: - 4h 5h 6h")
    out = []
    for v in value:
        text = " ".join(str(x) for x in v) if isinstance(v, list) else str(v)
        out.append(format_cards(parse_cards(text)))
    return tuple(out)


def load_puzzles(path: str | os.PathLike[str]) -> list[Puzzle]:
    """The puzzles of one YAML file; the first problem raises :class:`PuzzleError` (file, line).

    A course's puzzle file (:meth:`~buraco_core.teach.course.Course.puzzle_file`) is read once,
    by the course; any other path is read when asked."""
    if isinstance(path, PuzzleFile):
        return list(path.puzzles)
    puzzles, problems = load_file(os.fspath(path))
    if problems:
        raise problems[0]
    return puzzles


def load_puzzle(path: str | os.PathLike[str], puzzle_id: str) -> Puzzle:
    """The puzzle ``puzzle_id`` of a puzzle file; a KeyError lists the file's ids."""
    puzzles = load_puzzles(path)
    for p in puzzles:
        if p.id == puzzle_id:
            return p
    raise KeyError(f"no puzzle {puzzle_id!r} in {os.fspath(path)}: its puzzles are "
                   f"{', '.join(p.id for p in puzzles) or 'none'}")


def load_file(path: str, *, play_out: bool = True) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Every sound puzzle of a file, and every problem found (not only the first); ``play_out``
    as for :func:`~buraco_core.teach.puzzles.core.validate`."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        return [], [PuzzleError(f"cannot read the file: {e.strerror}", path, 0)]
    except UnicodeDecodeError:
        return [], [PuzzleError("the file is not text (UTF-8): save it as a YAML text file", path, 0)]
    return load_text(text, path, play_out=play_out)


def load_text(text: str, path: str, *, play_out: bool = True) -> tuple[list[Puzzle], list[PuzzleError]]:
    """Every sound puzzle of a puzzle file's text (``path`` names it in problems, as
    ``path:line: message``: a file a teacher uploaded or an assignment carries), and every
    problem found."""
    try:
        loader, root = yaml_root(text)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        if e.context_mark is not None and e.problem_mark is not None and \
                e.problem_mark.line >= len(text.splitlines()):
            mark = e.context_mark  # unclosed at the end of the file: point at where it opened
        line = mark.line + 1 if mark else 0
        what = f"{e.context}: {e.problem}" if e.context else str(e.problem or e)
        return [], [PuzzleError(f"not valid YAML: {what}", path, line)]
    problems: list[PuzzleError] = []
    try:
        return _read_root(loader, root, path, problems, play_out), problems
    finally:
        loader.dispose()


def yaml_root(text: str) -> tuple[YamlLoader, yaml.Node | None]:
    """A loader over YAML ``text`` and the root node of its one document (None for an empty one),
    read by libyaml where PyYAML has it; text it cannot read is read again by PyYAML's own parser,
    whose MarkedYAMLError (its words and line) is what a problem quotes.

    >>> loader, root = yaml_root("lesson: '03'\\npuzzles: []")
    >>> loader.construct_document(root), root.value[1][0].start_mark.line
    ({'lesson': '03', 'puzzles': []}, 1)
    """
    loader = _QUICK(text)
    try:
        return loader, loader.get_single_node()
    except yaml.YAMLError:
        loader.dispose()
        if _QUICK is yaml.SafeLoader:
            raise
    loader = yaml.SafeLoader(text)
    return loader, loader.get_single_node()


def _read_root(loader: YamlLoader, root: yaml.Node | None, path: str, problems: list[PuzzleError],
               play_out: bool = True) -> list[Puzzle]:
    if root is None:
        problems.append(PuzzleError("the file is empty: write 'puzzles:' and a list of puzzles", path, 1))
        return []
    default_rules = "buraco"
    items: yaml.Node = root
    if isinstance(root, yaml.MappingNode):
        listed: yaml.Node | None = None
        for key, value in root.value:
            name = loader.construct_object(key)
            if name == "rules":
                default_rules = str(loader.construct_object(value))
            elif name == "puzzles":
                listed = value
            elif name in ("lesson", "title", "description"):
                pass
            else:
                problems.append(PuzzleError(f"unknown top-level key {name!r}: use lesson, title, rules,"
                                            " puzzles", path, key.start_mark.line + 1))
        if listed is None:
            problems.append(PuzzleError("no 'puzzles:' list in this file", path, root.start_mark.line + 1))
            return []
        items = listed
    if not isinstance(items, yaml.SequenceNode):
        problems.append(PuzzleError("'puzzles' must be a list of puzzles (lines starting with '- ')",
                                    path, items.start_mark.line + 1))
        return []
    puzzles: list[Puzzle] = []
    ids: dict[str, int] = {}
    for node in items.value:
        line = node.start_mark.line + 1
        try:
            puzzle = _read_puzzle(loader, node, path, default_rules, play_out)
        except PuzzleError as e:
            problems.append(e)
            continue
        if puzzle.id in ids:
            problems.append(PuzzleError(f"id {puzzle.id!r} is used twice (first at line {ids[puzzle.id]})",
                                        path, line))
            continue
        ids[puzzle.id] = line
        puzzles.append(puzzle)
    return puzzles


def _catalog_words(path: str, puzzle_id: str, part: str) -> Message | None:
    key = f"puzzle.{os.path.splitext(os.path.basename(path))[0]}.{puzzle_id}.{part}"
    return Message(key) if key in catalog() else None


def _read_puzzle(loader: YamlLoader, node: yaml.Node, path: str, default_rules: str, play_out: bool = True) -> Puzzle:
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.MappingNode):
        raise PuzzleError("each puzzle is a mapping of keys (id, kind, hand, ...)", path, line)
    data: dict[str, object] = {}
    lines: dict[str, int] = {}
    items: dict[str, list[int]] = {}
    for key, value in node.value:
        name = str(loader.construct_object(key))
        if isinstance(value, yaml.SequenceNode):
            items[name] = [item.start_mark.line + 1 for item in value.value]
        if name not in FIELDS:
            raise PuzzleError(f"unknown key {name!r}: a puzzle has {', '.join(FIELDS)}",
                              path, key.start_mark.line + 1)
        try:
            data[name] = loader.construct_object(value, deep=True)
        except yaml.YAMLError as e:
            raise PuzzleError(f"{name}: {e}", path, value.start_mark.line + 1) from None
        lines[name] = value.start_mark.line + 1

    def at(name: str) -> int:
        return int(lines.get(name, line))

    if "id" not in data:
        raise PuzzleError("this puzzle has no id", path, line)
    if "kind" not in data:
        raise PuzzleError("this puzzle has no kind: " + ", ".join(KINDS), path, line)
    kind_name = str(data["kind"])
    kind = KINDS.get(kind_name)
    if kind is None:
        raise PuzzleError(f"unknown kind {kind_name!r}: choose one of {', '.join(KINDS)}", path, at("kind"))
    rules = str(data.get("rules", default_rules))
    try:  # a ruleset's name, or a house variant's text: buraco+set_max_cards=4
        rules = rules_text(get_rules(rules))
    except RulesError as e:
        raise PuzzleError(str(e), path, at("rules") if "rules" in data else line) from None
    try:
        hand = _cards_text(data.get("hand"))
    except ValueError as e:
        raise PuzzleError(f"hand: {e}", path, at("hand")) from None
    table: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    for name in ("table", "options"):
        try:
            value = _groups(data.get(name), name)
        except ValueError as e:
            item_line = _item_line(node, name, loader) or at(name)
            raise PuzzleError(f"{name}: {e}", path, item_line) from None
        if name == "table":
            table = value
        else:
            options = value
    goal = data.get("goal") or {}
    if not isinstance(goal, dict):
        raise PuzzleError("goal is a mapping, e.g. {buraco: clean}", path, at("goal"))
    if "position" in data:
        goal = {**goal, "position": str(data["position"])}
    clauses = data.get("clauses") or []
    if isinstance(clauses, str):
        clauses = clauses.replace(",", " ").split()
    if not isinstance(clauses, list):
        raise PuzzleError("clauses is a list of clause ids of docs/RULES.md: [pot-guard, going-out]", path, at("clauses"))
    for i, clause in enumerate(clauses):
        if clause not in CLAUSES:
            places = items.get("clauses", [])
            raise PuzzleError(f"no clause {clause!r} in docs/RULES.md: see its list of clause ids at the end",
                              path, places[i] if i < len(places) else at("clauses"))
    mistakes = data.get("mistakes") or []
    if not isinstance(mistakes, list):
        raise PuzzleError("mistakes is a list of wrong answers, one per line", path, at("mistakes"))
    puzzle_id = str(data["id"])
    prompt = str(data["prompt"]) if data.get("prompt") else _catalog_words(path, puzzle_id, "prompt")
    hint = str(data["hint"]) if data.get("hint") else _catalog_words(path, puzzle_id, "hint")
    try:
        puzzle = Puzzle(id=puzzle_id, kind=kind_name, rules=rules, prompt=prompt, hand=hand, table=table,
                        options=options, goal=goal, hint=hint, clauses=tuple(str(c) for c in clauses),
                        mistakes=tuple(mistakes), source=(path, line), own_rules="rules" in data)
    except ValueError as e:
        raise PuzzleError(str(e), path, at("goal")) from None
    try:
        puzzle = kind.prepare(puzzle)
        if prompt is None:  # the kind's prompt may need the position read by prepare
            puzzle = dataclasses.replace(puzzle, prompt=kind.prompt(puzzle))
    except ValueError as e:
        message, where = _position_error(e, at("position") if "position" in data else at("goal"))
        raise PuzzleError(message, path, where) from None
    problem = validate(puzzle, play_out=play_out)
    if problem:
        raise PuzzleError(problem, path, _problem_line(problem, at, items, line))
    named = _names_a_ruleset(puzzle.prompt)
    if named and "rules" not in data:
        raise PuzzleError(f"the prompt names {named} but the puzzle has no 'rules:' of its own: it would follow a "
                          f"learner's ruleset and contradict its words; add 'rules: {rules}'", path,
                          at("prompt") if "prompt" in data else line)
    if "answer" in data and (play_out or not kind.plays_out):
        fb = check(puzzle, data["answer"])
        if not fb.correct:
            raise PuzzleError(f"the given answer {data['answer']!r} is wrong by the engine: {fb}",
                              path, at("answer"))
    return puzzle


def _names_a_ruleset(prompt: object) -> str:
    """The display name of a ruleset that a puzzle's own words (a file's prompt or the catalog's)
    name, or ""."""
    if not isinstance(prompt, Message) or not (prompt.key.startswith("puzzle.") or prompt.key == "teach.own-words"):
        return ""
    text = prompt.text("en")
    return next((n for n in (render(f"ruleset.{r}") for r in RULESETS) if n in text), "")


def _position_error(error: ValueError, first: int) -> tuple[str, int]:
    """A scenario error "position:K: message" as (message, file line); the position text's line K
    is K lines below the ``position: |`` line."""
    found = re.match(r"^position:(\d+): (.*)$", str(error), re.S)
    if found:
        return f"position: {found.group(2)}", first + int(found.group(1))
    return f"position: {error}", first


def _problem_line(problem: str, at: Callable[[str], int], items: dict[str, list[int]], line: int) -> int:
    """The line a validation problem points at: a table meld, an option or mistake item, a field,
    the puzzle."""
    for name, pattern in (("table", r"^table meld (\d+)"), ("options", r"^option (\d+)")):
        found = re.match(pattern, problem)
        if found and name in items and int(found.group(1)) <= len(items[name]):
            return items[name][int(found.group(1)) - 1]
    if problem.startswith("mistake") and "mistakes" in items:
        return int(at("mistakes"))
    if problem.startswith("clause") and "clauses" in items:
        return int(at("clauses"))
    for name in ("goal", "hand", "table", "options"):
        if problem.startswith(name):
            return int(at(name))
    return line


def _item_line(node: yaml.MappingNode, name: str, loader: YamlLoader) -> int | None:
    """The line of the list item in ``name`` whose text holds the bad token, if it can be found."""
    for key, value in node.value:
        if loader.construct_object(key) == name and isinstance(value, yaml.SequenceNode):
            for item in value.value:
                text = str(loader.construct_object(item, deep=True))
                try:
                    parse_cards(text if not isinstance(item, yaml.SequenceNode) else
                                " ".join(str(x) for x in loader.construct_object(item, deep=True)))
                except ValueError:
                    return int(item.start_mark.line) + 1
    return None


def puzzle_files(root: str) -> list[str]:
    """The puzzle files of a folder (``*.yaml`` / ``*.yml``), or the one file given."""
    if os.path.isfile(root):
        return [root]
    return sorted(os.path.join(d, f) for d, _, names in os.walk(root) for f in names
                  if f.endswith((".yaml", ".yml")) and not f.startswith("syllabus"))


def check_folder(path: str | os.PathLike[str]) -> list[PuzzleError]:
    """Every problem in every puzzle file under ``path`` (a folder or one file)."""
    root = os.fspath(path)
    if not os.path.exists(root):
        return [PuzzleError("no such file or folder", root, 0)]
    problems: list[PuzzleError] = []
    for f in puzzle_files(root):
        problems.extend(load_file(f)[1])
    return problems
