"""The course: its lessons in every language, its puzzle files, its syllabus and its anchors (the
lesson section that teaches each clause of the rulebook), found from one explicit root.

A course is a folder: the English lessons (``NN_name.ipynb``) in it, every other language's in
``<lang>/`` with the same names, the puzzle files in ``puzzles/``, the syllabus
(``syllabus.yaml``) and the anchor index (``course.json``). :func:`get_course` gives the installed one
(the package data of ``buraco_trainer``; the repository's ``lessons/`` in a checkout) or the one of
a folder; whoever needs the course is handed it (coverage, quizzes, the feedback's and the mastery
map's links, ``check-puzzles``), nobody looks for it from the working folder.

A lesson section teaches a clause when its Markdown holds the clause's anchor,
``<a id="clause-pot-guard"></a>``: the link ``05_pot.ipynb#clause-pot-guard`` opens it. A section
about a topic of play that is no rule (the strategy lesson's "When to go out") holds the topic's
anchor, ``<a id="topic-out"></a>`` (:meth:`Course.topic_link`; the strategy positions' topics are
their ``ask``). A lesson
shows a puzzle when a code cell loads it from a puzzle file (``MeldPuzzle.load(P, "id")`` or
``PuzzleSet.load(P, "a", "b")``, with ``P = get_course().puzzle_file("05_pot")`` or a file's path).
The lesson builder (``scripts/lessons.py``) writes what it finds into ``course.json`` (:meth:`Course.scan`
reads the notebooks themselves, :meth:`Course.index` is what is written), so nothing reads a notebook
while a lesson runs.

>>> c = get_course()
>>> c.link("pot-guard")
Link(href='05_pot.ipynb#clause-pot-guard', words='lesson 05, The guards')
>>> c.link("pot-guard", "de").words
'Lektion 05, Die Sperren'
>>> c.topic_link("out")
Link(href='09_strategy.ipynb#topic-out', words='lesson 09, When to go out')
>>> c.titles()["01_melds.ipynb"], c.puzzle("01_melds", "count-buraco").kind
('01 · Cards, runs and sets', 'deal-count')
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import NotRequired, TypedDict

from ...clauses import CLAUSES
from ...jsondata import JsonValue
from ...memo import remembered
from ...messages import LANGUAGES, render
from ..puzzles.lesson_link import Link
from ..puzzles.puzzle import Puzzle, PuzzleError
from .files import PuzzleFile, puzzle_files
from .installed import installed_root
from .syllabus import SYLLABUS_NAME, Syllabus, load_syllabus

__all__ = ["ANCHOR", "INDEX_NAME", "TOPIC_ANCHOR", "Course", "CourseIndex", "Link", "PuzzleFile", "Section", "ShownPuzzle", "get_course",
           "lesson_folder"]

#: A clause's anchor in a lesson's Markdown.
ANCHOR = re.compile(r"""<a\s+id=["']clause-([a-z0-9-]+)["']\s*>\s*</a>""")
#: A topic's anchor in a lesson's Markdown (a section about playing well, not a rule).
TOPIC_ANCHOR = re.compile(r"""<a\s+id=["']topic-([a-z0-9-]+)["']\s*>\s*</a>""")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$", re.M)
#: The anchor index beside the lessons, written by the lesson builder.
INDEX_NAME = "course.json"
#: What a lesson's notebook is called.
LESSON_GLOB = "[0-9][0-9]_*.ipynb"


def lesson_folder(lang: str) -> str:
    """The folder of a language's lessons inside the course (``""`` for English, ``"de/"``)."""
    return "" if lang == LANGUAGES[0] else f"{lang}/"


@dataclass(frozen=True)
class Section:
    """A lesson section that teaches a clause: the notebook, its heading, and the link; or, with
    ``topic`` (and no ``clause``), a section about a topic of play that is no clause of the
    rulebook (the strategy lesson's "When to go out": :meth:`Course.topics`)."""

    notebook: str
    heading: str
    clause: str
    cell: int = 0
    """The cell of the notebook that holds the anchor (0 for the first)."""
    topic: str = ""

    @property
    def link(self) -> str:
        return f"{self.notebook}#topic-{self.topic}" if self.topic else f"{self.notebook}#clause-{self.clause}"


@dataclass(frozen=True)
class ShownPuzzle:
    """A puzzle shown in a lesson: the notebook that shows it, and the puzzle."""

    notebook: str
    puzzle: Puzzle
    cell: int = 0
    """The cell of the notebook that loads the puzzle (0 for the first)."""

    @property
    def name(self) -> str:
        stem = Path(self.puzzle.source[0]).stem if self.puzzle.source else "?"
        return f"{stem}/{self.puzzle.id}"


class SectionEntry(TypedDict):
    """A section of a lesson in the anchor index: the clause it teaches, its heading, its cell."""

    clause: str
    heading: str
    cell: NotRequired[int]


class TopicEntry(TypedDict):
    """A topic section of a lesson in the anchor index (``<a id="topic-out"></a>``)."""

    topic: str
    heading: str
    cell: NotRequired[int]


class PageEntry(TypedDict):
    """One lesson of one language in the anchor index."""

    notebook: str
    title: str
    sections: list[SectionEntry]
    topics: NotRequired[list[TopicEntry]]


class ShownEntry(TypedDict):
    """A puzzle file a lesson's code cell loads, and the ids it shows."""

    file: str
    ids: list[str]
    cell: NotRequired[int]


class CourseIndex(TypedDict, total=False):
    """The anchor index (``course.json``): per language its lessons, per notebook the puzzles it
    shows, and what the notebooks get wrong."""

    lessons: dict[str, list[PageEntry]]
    shown: dict[str, list[ShownEntry]]
    problems: list[str]


@dataclass(frozen=True)
class _Page:
    """What the index holds of one lesson in one language: its title and its anchors."""

    notebook: str
    title: str
    sections: tuple[Section, ...]
    topics: tuple[Section, ...] = ()


class Course:
    """One course, found at ``root`` (see the module docstring), from its anchor index
    (:meth:`at`) or from its notebooks (:meth:`scan`)."""

    def __init__(self, root: str | os.PathLike[str], index: CourseIndex) -> None:
        self.root = Path(root)
        self._pages = {lang: tuple(_Page(p["notebook"], p["title"],
                                         tuple(Section(p["notebook"], s["heading"], s["clause"], s.get("cell", 0))
                                               for s in p["sections"]),
                                         tuple(Section(p["notebook"], t["heading"], "", t.get("cell", 0), t["topic"])
                                               for t in p.get("topics", ())))
                                   for p in pages)
                       for lang, pages in index.get("lessons", {}).items()}
        self._shown: dict[str, tuple[tuple[str, tuple[str, ...], int], ...]] = {
            nb: tuple((entry["file"], tuple(entry["ids"]), entry.get("cell", 0)) for entry in entries)
            for nb, entries in index.get("shown", {}).items()}
        self.problems: tuple[str, ...] = tuple(index.get("problems", ()))
        """What the notebooks get wrong (an anchor naming no clause, a puzzle id a file lacks)."""
        self._files: dict[str, PuzzleFile] = {}

    def __repr__(self) -> str:
        return f"Course({str(self.root)!r})"

    # -- finding a course --------------------------------------------------------------------------
    @classmethod
    def at(cls, root: str | os.PathLike[str]) -> Course:
        """The course of a folder, from its anchor index (``course.json``); a folder of notebooks
        without one is read once (:meth:`scan`)."""
        folder = Path(root)
        index = folder / INDEX_NAME
        if index.is_file():
            return cls(folder, json.loads(index.read_text(encoding="utf-8")))
        if not folder.is_dir():
            raise FileNotFoundError(f"no course in {folder}: give the folder of the lessons")
        return cls.scan(folder)

    @classmethod
    def scan(cls, root: str | os.PathLike[str]) -> Course:
        """The course of a folder read from its notebooks themselves (the lesson builder and
        ``check-puzzles`` do this; a running lesson reads the index)."""
        return cls(root, scan_index(Path(root)))

    def index(self) -> CourseIndex:
        """The anchor index, as ``course.json`` holds it."""
        return {"lessons": {lang: [_page_entry(p.notebook, p.title, p.sections, p.topics)
                                   for p in pages] for lang, pages in self._pages.items()},
                "shown": {nb: [{"file": f, "ids": list(ids), "cell": cell} for f, ids, cell in entries]
                          for nb, entries in self._shown.items()},
                "problems": list(self.problems)}

    # -- lessons and anchors ----------------------------------------------------------------------
    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in LANGUAGES if lang in self._pages)

    def _lang(self, lang: str) -> tuple[_Page, ...]:
        return self._pages.get(lang) or self._pages.get(LANGUAGES[0], ())

    def lessons(self, lang: str = "en") -> list[Path]:
        """The lesson notebooks of a language, in order."""
        return [self.root / lesson_folder(lang) / p.notebook for p in self._lang(lang)]

    def titles(self, lang: str = "en") -> dict[str, str]:
        """Each lesson notebook's name and its title (its first heading), in order."""
        return {p.notebook: p.title for p in self._lang(lang)}

    def sections(self, lang: str = "en") -> list[Section]:
        """Every section that teaches a clause, in lesson order (headings in ``lang``)."""
        return [s for p in self._lang(lang) for s in p.sections]

    def taught(self, lang: str = "en") -> dict[str, Section]:
        """Where each clause is taught, by clause id: the section with its anchor in the last lesson
        that has one (an earlier page may introduce a clause, as the welcome page's warm-up
        introduces runs and sets; the lesson about it teaches it in full)."""
        found: dict[str, Section] = {}
        for section in self.sections(lang):
            found[section.clause] = section  # in lesson order: the last lesson's section stays
        return found

    def link(self, clause: str | None, lang: str = "en") -> Link:
        """The link to the section that teaches ``clause``, in the words of ``lang``."""
        return _link(self.taught(lang).get(clause or ""), lang)

    def topics(self, lang: str = "en") -> list[Section]:
        """Every section about a topic of play, in lesson order (headings in ``lang``)."""
        return [t for p in self._lang(lang) for t in p.topics]

    def topic_link(self, topic: str | None, lang: str = "en") -> Link:
        """The link to the section about ``topic`` (its anchor in the last lesson that has one),
        in the words of ``lang``; both empty where no lesson has it."""
        found = {t.topic: t for t in self.topics(lang)}
        return _link(found.get(topic or ""), lang)

    # -- puzzles and the syllabus -----------------------------------------------------------------
    def puzzle_file(self, name: str) -> PuzzleFile:
        """The puzzle file ``puzzles/<name>.yaml`` (``name`` with or without ``.yaml``), read once."""
        relative = name if name.endswith((".yaml", ".yml")) else f"{name}.yaml"
        path = self.root / "puzzles" / relative
        if relative not in self._files:
            if not path.is_file():
                known = ", ".join(p.path.stem for p in self.puzzle_files()) or "none"
                raise FileNotFoundError(f"no puzzle file {relative!r} in {self.root / 'puzzles'}: the course has {known}")
            self._files[relative] = PuzzleFile(path)
        return self._files[relative]

    def puzzle_files(self) -> list[PuzzleFile]:
        """Every puzzle file of the course, in order."""
        folder = self.root / "puzzles"
        names = [os.path.relpath(f, folder) for f in puzzle_files(str(folder))] if folder.is_dir() else []
        return [self.puzzle_file(n) for n in names]

    def puzzle(self, file: str, puzzle_id: str) -> Puzzle:
        """The puzzle ``puzzle_id`` of the puzzle file ``file``; a KeyError lists the file's ids."""
        puzzles = self.puzzle_file(file).puzzles
        for p in puzzles:
            if p.id == puzzle_id:
                return p
        raise KeyError(f"no puzzle {puzzle_id!r} in {file}: its puzzles are {', '.join(p.id for p in puzzles) or 'none'}")

    def puzzles(self) -> list[Puzzle]:
        """Every puzzle of every puzzle file of the course."""
        return [p for f in self.puzzle_files() for p in f.puzzles]

    def shown(self) -> tuple[list[ShownPuzzle], list[str]]:
        """The puzzles each lesson shows, and problems (a file or an id the course lacks)."""
        shown: list[ShownPuzzle] = []
        problems: list[str] = []
        for nb, entries in self._shown.items():
            for file, ids, cell in entries:
                try:
                    by_id = {p.id: p for p in self._file_at(file).puzzles}
                except (FileNotFoundError, PuzzleError) as e:
                    problems.append(f"{nb}: {e}")
                    continue
                for pid in ids:
                    if pid in by_id:
                        shown.append(ShownPuzzle(nb, by_id[pid], cell))
                    else:
                        problems.append(f"{nb}: no puzzle {pid!r} in {file}")
        return shown, problems

    def _file_at(self, file: str) -> PuzzleFile:
        """A puzzle file named as the index names it: relative to the English lessons' folder."""
        path = Path(file)
        if path.parts and path.parts[0] == "puzzles":
            return self.puzzle_file(path.relative_to("puzzles").as_posix())
        full = (self.root / path).resolve()
        if not full.is_file():
            raise FileNotFoundError(f"no puzzle file {file}")
        return PuzzleFile(full)

    @cached_property
    def syllabus(self) -> Syllabus:
        """The course's syllabus (``syllabus.yaml``), read once."""
        path = self.root / SYLLABUS_NAME
        if not path.is_file():
            raise FileNotFoundError(f"no {SYLLABUS_NAME} in {self.root}: a course's quizzes are dealt from it")
        return load_syllabus(path)


def _link(section: Section | None, lang: str) -> Link:
    """The link to a section, its words in ``lang`` (``lesson 04, A turn, step by step``)."""
    if section is None:
        return Link("", "")
    return Link(section.link, render("widget.feedback.lesson-link", lang, number=section.notebook[:2],
                                     heading=section.heading))


def _page_entry(notebook: str, title: str, sections: Sequence[Section], topics: Sequence[Section]) -> PageEntry:
    """One lesson of one language as the anchor index holds it (``topics`` only where it has some)."""
    entry: PageEntry = {"notebook": notebook, "title": title,
                             "sections": [{"clause": s.clause, "heading": s.heading, "cell": s.cell} for s in sections]}
    if topics:
        entry["topics"] = [{"topic": t.topic, "heading": t.heading, "cell": t.cell} for t in topics]
    return entry


def get_course(root: str | os.PathLike[str] | Course | None = None) -> Course:
    """The course at ``root`` (a folder, see :meth:`Course.at`), or the installed course, made once."""
    if isinstance(root, Course):
        return root
    if root is not None:
        return Course.at(root)
    return _installed()


@remembered("course.installed", 1)
def _installed() -> Course:
    return Course.at(installed_root())


# -- reading the notebooks (the builder and check-puzzles) ---------------------------------------

def _cells(notebook: Path) -> list[dict[str, JsonValue]]:
    data = json.loads(notebook.read_text(encoding="utf-8"))
    return list(data.get("cells", []))


def _source(cell: Mapping[str, JsonValue]) -> str:
    src = cell.get("source", "")
    return "".join(map(str, src)) if isinstance(src, list) else str(src)


def page_anchors(notebook: str, markdown: Iterable[str | tuple[int, str]]
                 ) -> tuple[str, list[Section], list[Section], list[str]]:
    """A lesson's title, the sections its Markdown cells anchor, the sections about a topic
    (``<a id="topic-out"></a>``), and problems (an anchor that names no clause, or is on the page
    twice). ``markdown``: the cells' texts, each with its cell's index in the notebook where it is
    known."""
    title, heading = "", ""
    sections: list[Section] = []
    topics: list[Section] = []
    problems: list[str] = []
    seen: set[str] = set()
    for i, item in enumerate(markdown):
        cell, text = item if isinstance(item, tuple) else (i, item)
        found = _HEADING.findall(text)
        if found and not title:
            title = found[0][1].strip()
        where = found[0][1].strip() if found else heading
        for clause in ANCHOR.findall(text):
            if clause not in CLAUSES:
                problems.append(f"{notebook}: anchor clause-{clause} names no clause of the rulebook")
            elif clause in seen:
                problems.append(f"{notebook}: anchor clause-{clause} is on the page twice")
            else:
                sections.append(Section(notebook, where, clause, cell))
            seen.add(clause)
        for topic in TOPIC_ANCHOR.findall(text):
            if f"topic-{topic}" in seen:
                problems.append(f"{notebook}: anchor topic-{topic} is on the page twice")
            else:
                topics.append(Section(notebook, where, "", cell, topic))
            seen.add(f"topic-{topic}")
        if found:
            heading = found[-1][1].strip()
    return title, sections, topics, problems


#: The widgets whose ``load(P, ...)`` shows a lesson's puzzles.
LOADERS = ("MeldPuzzle", "PuzzleSet")


def loaded_puzzles(code_cells: Sequence[str | tuple[int, str]]) -> tuple[list[tuple[str, list[str], int]], list[str]]:
    """(puzzle file, ids) of each ``MeldPuzzle.load(P, "id")`` / ``PuzzleSet.load(P, "a", "b")`` of
    a lesson's code, the file named as ``puzzles/<name>.yaml`` (``P = get_course().puzzle_file(name)``)
    or as the path the code gives (``P = "../puzzles/x.yaml"``), with the index of the cell that
    loads them; and problems."""
    names: dict[str, str] = {}
    out: list[tuple[str, list[str], int]] = []
    problems: list[str] = []
    for i, item in enumerate(code_cells):
        cell, code = item if isinstance(item, tuple) else (i, item)
        try:
            tree = ast.parse(code)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                file = _file_named(node.value)
                if file is not None:
                    names[node.targets[0].id] = file
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "load" \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in LOADERS \
                    and node.args:
                first = node.args[0]
                file = names.get(first.id) if isinstance(first, ast.Name) else _file_named(first)
                if file is None:
                    problems.append(f"{ast.unparse(first)} names no puzzle file")
                    continue
                ids = [a.value for a in node.args[1:] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                for a in node.args[1:]:
                    if isinstance(a, (ast.List, ast.Tuple)):
                        ids += [e.value for e in a.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                out.append((file, ids, cell))
    return out, problems


def _file_named(node: ast.expr) -> str | None:
    """The puzzle file an expression names: ``"x.yaml"``, or ``get_course().puzzle_file("x")``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.endswith((".yaml", ".yml")):
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "puzzle_file" \
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        name = node.args[0].value
        return f"puzzles/{name if name.endswith(('.yaml', '.yml')) else name + '.yaml'}"
    return None


def scan_index(root: Path) -> CourseIndex:
    """The anchor index of the course at ``root``, read from its notebooks."""
    lessons: dict[str, list[PageEntry]] = {}
    shown: dict[str, list[ShownEntry]] = {}
    problems: list[str] = []
    for lang in LANGUAGES:
        folder = root / lesson_folder(lang)
        pages = []
        for nb in sorted(folder.glob(LESSON_GLOB)):
            cells = _cells(nb)
            title, sections, topics, more = page_anchors(
                nb.name, [(i, _source(c)) for i, c in enumerate(cells) if c.get("cell_type") == "markdown"])
            pages.append(_page_entry(nb.name, title or nb.stem, sections, topics))
            if lang != LANGUAGES[0]:
                continue
            problems += more
            loads, bad = loaded_puzzles([(i, _source(c)) for i, c in enumerate(cells) if c.get("cell_type") == "code"])
            problems += [f"{nb.name}: {p}" for p in bad]
            if loads:
                shown[nb.name] = [{"file": _relative(root, folder, f), "ids": ids, "cell": cell}
                                  for f, ids, cell in loads]
        if pages:
            lessons[lang] = pages
    return {"lessons": lessons, "shown": shown, "problems": problems}


def _relative(root: Path, folder: Path, file: str) -> str:
    """A puzzle file a notebook of ``folder`` names, relative to the course's root."""
    if file.startswith("puzzles/"):
        return file
    return Path(os.path.relpath(os.path.normpath(folder / file), root)).as_posix()
