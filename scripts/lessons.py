"""Build the lesson notebooks of every language from one source per lesson.

A lesson's source, ``lessons/source/<name>.md``, is a notebook in MyST-NB's Markdown (Jupytext's
``md:myst`` format, which Jupytext, JupyterLab with Jupytext and MyST-NB open as a notebook):
after its header (between ``---`` lines), the cells in order:

- a code cell is fenced: a line ```` ```{code-cell} ipython3 ````, the code, a line ```` ``` ````;
  it is shared by every language. In it, ``{{LANG}}`` becomes the language (``"de"``);
- a markdown cell is begun by a line ``+++ {"lang": "en"}`` and its text, followed at once by the
  same cell in each other language, ``+++ {"lang": "de"}`` and its text: side by side, so a change
  to one is seen beside the other.

For example::

    +++ {"lang": "en"}

    ## The pot

    +++ {"lang": "de"}

    ## Der Topf

    ```{code-cell} ipython3
    LANG = use_language({{LANG}})
    ```

The English notebooks are written to ``lessons/<name>.ipynb``, the others to
``lessons/<lang>/<name>.ipynb``, and the course's anchor index to ``lessons/course.json``: each
lesson's title and the sections that teach a clause (anchors ``<a id="clause-<id>"></a>``) in every
language, and the puzzles each lesson shows (:mod:`buraco_core.teach.course`), so a running lesson
never reads a notebook to find them. Code cells keep the outputs of the notebook already built where
their source is unchanged; ``--execute`` runs the built notebooks and keeps the outputs nbval checks
(cells marked ``# NBVAL_CHECK_OUTPUT``), each the kernel's own.

    .venv/bin/python scripts/lessons.py            # build every lesson from its source
    .venv/bin/python scripts/lessons.py --execute  # build, then run the changed notebooks
    .venv/bin/python scripts/lessons.py --check    # fail if a built notebook is not current

A malformed source is reported as ``file:line: message``. A source in the course's first format
(``%% markdown`` / ``%% code`` markers) is converted by ``scripts/convert_lesson_sources.py``.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from buraco_core.messages import LANGUAGES  # noqa: E402  (the checkout's engine, found above)
from buraco_core.teach.course import INDEX_NAME, Course, lesson_folder  # noqa: E402

LESSONS = ROOT / "lessons"
SOURCES = LESSONS / "source"
LANGS = LANGUAGES          # every language of the catalog has its lessons
NBFORMAT_MINOR = 4          # cells without ids: the builder's output is the same every time
METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                      "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                      "pygments_lexer": "ipython3", "version": "3.11.7"},
}


#: The lines that begin a code cell, end it, and begin a markdown cell (MyST-NB's).
CODE = "```{code-cell}"
FENCE = "```"
BREAK = "+++"


class SourceError(ValueError):
    """A lesson source that cannot be read: its file and line, and what is wrong."""


@dataclass
class Cell:
    kind: str                      # "markdown" or "code"
    line: int                      # where the cell starts in the source
    text: dict[str, str] = field(default_factory=dict)   # markdown: by language; code: {"": source}


def read_source(path: Path) -> list[Cell]:
    """The cells of one lesson source (see the module docstring)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    old = next((i for i, line in enumerate(lines, start=1) if line.startswith(("%% markdown", "%% code"))), 0)
    if old:
        raise SourceError(f"{path}:{old}: a source in the first format (%% markers): convert it with "
                          "scripts/convert_lesson_sources.py")
    cells: list[Cell] = []
    number = 0
    if lines and lines[0].strip() == "---":            # the header Jupytext and MyST-NB read
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
        if end is None:
            raise SourceError(f"{path}:1: the header begun by '---' is never closed by another '---'")
        number = end + 1
    group: Cell | None = None       # the markdown cell whose languages are being read
    part: list[str] | None = None   # the lines of the part being read
    code_open = 0

    def close() -> None:
        if part is not None and group is not None:
            group.text[current] = "\n".join(part).strip("\n")

    current = ""
    while number < len(lines):
        raw = lines[number]
        number += 1
        if code_open:
            if raw.rstrip() == FENCE:
                cells[-1].text[""] = "\n".join(part or []).strip("\n")
                code_open, part = 0, None
            else:
                assert part is not None
                part.append(raw)
            continue
        if raw.startswith(CODE):
            close()
            _complete(path, group)
            group, part, code_open = None, [], number
            cells.append(Cell("code", number))
            continue
        if raw.startswith(BREAK):
            close()
            lang = _language(path, number, raw[len(BREAK):].strip())
            if lang == LANGS[0]:
                _complete(path, group)
                group = Cell("markdown", number)
                cells.append(group)
            elif group is None:
                raise SourceError(f"{path}:{number}: this '{lang}' cell has no {LANGS[0]} cell above it: "
                                  f"write '{BREAK} {{\"lang\": \"{LANGS[0]}\"}}' and its text first")
            elif lang in group.text:
                raise SourceError(f"{path}:{number}: this markdown cell already has its '{lang}' part")
            current, part = lang, []
            continue
        if part is None:
            if raw.strip():
                where = "after a code cell" if cells else "before the first cell"
                raise SourceError(f"{path}:{number}: text {where}: begin a markdown cell with "
                                  f"'{BREAK} {{\"lang\": \"{LANGS[0]}\"}}' or code with '{CODE} ipython3'")
            continue
        part.append(raw)
    if code_open:
        raise SourceError(f"{path}:{code_open}: this code cell is never closed by a line '{FENCE}'")
    close()
    _complete(path, group)
    return cells


def _language(path: Path, number: int, meta: str) -> str:
    """The language of a markdown cell from its metadata (``{"lang": "de"}``)."""
    try:
        data = json.loads(meta) if meta else {}
    except json.JSONDecodeError as e:
        raise SourceError(f"{path}:{number}: the cell's metadata is not JSON ({e.msg}): "
                          f"write {BREAK} {{\"lang\": \"{LANGS[0]}\"}}") from None
    lang = data.get("lang") if isinstance(data, dict) else None
    if lang not in LANGS:
        raise SourceError(f"{path}:{number}: a markdown cell names its language, one of {', '.join(LANGS)}: "
                          f"{BREAK} {{\"lang\": \"{LANGS[0]}\"}}")
    return str(lang)


def _complete(path: Path, cell: Cell | None) -> None:
    if cell is not None:
        missing = [lang for lang in LANGS if not cell.text.get(lang, "").strip()]
        if missing:
            raise SourceError(f"{path}:{cell.line}: this markdown cell has no "
                              f"{' and no '.join(missing)} text: every language needs its own")


def target(name: str, lang: str) -> Path:
    """Where the notebook of a lesson in a language is written."""
    return LESSONS / lesson_folder(lang) / f"{name}.ipynb"


INDEX = LESSONS / INDEX_NAME


def index_text() -> str:
    """The anchor index of the built notebooks, as ``lessons/course.json`` holds it."""
    return _dumps(Course.scan(LESSONS).index())


LANDING = "00_welcome"


def page(lang: str, name: str = "") -> dict[str, object]:
    """What the page template needs to know of a notebook's language (its ``buraco`` metadata):
    the language, the words Voila shows while the lesson loads (from the catalog), the folder of
    the same page in each other language (``"de/"``, ``"../"``), and whether it is the landing page
    (which follows the language the learner chose before)."""
    from buraco_widgets.language_menu import STORAGE_KEY

    from buraco_core.messages import render

    up = "../" if lesson_folder(lang) else ""
    twins = {other: up + lesson_folder(other) for other in LANGS if other != lang}
    return {"lang": lang, "loading": render("page.loading", lang), "step": render("page.step", lang, i="{i}", n="{n}"),
            "twins": twins, "home": name == LANDING, "storage": STORAGE_KEY}


def notebook(cells: list[Cell], lang: str, old: dict | None = None, name: str = "") -> dict:
    """The notebook of ``lang`` built from the cells, keeping ``old``'s outputs of unchanged code."""
    old_code = {}
    for cell in (old or {}).get("cells", []):
        if cell["cell_type"] == "code":
            old_code.setdefault("".join(cell["source"]), cell)
    out = []
    for cell in cells:
        if cell.kind == "markdown":
            out.append({"cell_type": "markdown", "metadata": {}, "source": _lines(cell.text[lang])})
            continue
        source = cell.text[""].replace("{{LANG}}", json.dumps(lang))
        kept = old_code.get(source)
        out.append({"cell_type": "code", "execution_count": kept.get("execution_count") if kept else None,
                    "metadata": copy.deepcopy(kept["metadata"]) if kept else {},
                    "outputs": copy.deepcopy(kept["outputs"]) if kept else [],
                    "source": _lines(source)})
    return {"cells": out, "metadata": {**METADATA, "buraco": page(lang, name)}, "nbformat": 4,
            "nbformat_minor": NBFORMAT_MINOR}


def _lines(text: str) -> list[str]:
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def sources() -> list[Path]:
    return sorted(SOURCES.glob("*.md"))


def stale() -> list[str]:
    """The built notebooks whose cells differ from their source (outputs aside)."""
    problems = []
    for path in sources():
        cells = read_source(path)
        for lang in LANGS:
            built = target(path.stem, lang)
            if not built.is_file():
                problems.append(f"{built.relative_to(ROOT)} is missing")
                continue
            have = json.loads(built.read_text(encoding="utf-8"))
            want = notebook(cells, lang, name=path.stem)
            if [(c["cell_type"], "".join(c["source"])) for c in have["cells"]] != \
                    [(c["cell_type"], "".join(c["source"])) for c in want["cells"]] \
                    or have["metadata"].get("buraco") != want["metadata"]["buraco"]:
                problems.append(f"{built.relative_to(ROOT)} is not built from {path.relative_to(ROOT)}")
    for lang in LANGS:
        for nb in (LESSONS / lesson_folder(lang)).glob("*.ipynb"):
            if not (SOURCES / f"{nb.stem}.md").is_file():
                problems.append(f"{nb.relative_to(ROOT)} has no source in lessons/source/")
    if not problems and (not INDEX.is_file() or INDEX.read_text(encoding="utf-8") != index_text()):
        problems.append(f"{INDEX.relative_to(ROOT)} is not the anchor index of the built notebooks")
    return problems


def build(execute: bool = False) -> list[Path]:
    """Write every lesson's notebooks; return those written anew (or changed)."""
    changed = []
    for path in sources():
        cells = read_source(path)
        for lang in LANGS:
            built = target(path.stem, lang)
            old = json.loads(built.read_text(encoding="utf-8")) if built.is_file() else None
            nb = notebook(cells, lang, old, path.stem)
            text = _dumps(nb)
            if old is None or built.read_text(encoding="utf-8") != text:
                built.parent.mkdir(parents=True, exist_ok=True)
                built.write_text(text, encoding="utf-8")
                if old is None or [c["source"] for c in old["cells"]] != [c["source"] for c in nb["cells"]]:
                    changed.append(built)
    if execute:
        for built in changed:
            run(built)
    write_index()
    return changed


def write_index() -> None:
    """Write the anchor index of the built notebooks; an anchor that names no clause, or a puzzle
    a lesson shows that its file lacks, stops the build."""
    scanned = Course.scan(LESSONS)
    problems = [*scanned.problems, *scanned.shown()[1]]
    if problems:
        raise SourceError("\n".join(f"{LESSONS.relative_to(ROOT)}/{p}" for p in problems))
    text = _dumps(scanned.index())
    if not INDEX.is_file() or INDEX.read_text(encoding="utf-8") != text:
        INDEX.write_text(text, encoding="utf-8")


def run(path: Path) -> None:
    """Run a notebook in its own folder and store its outputs."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False, store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code" and "NBVAL_CHECK_OUTPUT" not in cell.source:
            # only the outputs nbval compares are kept: the others (widgets) are the page's own
            cell.outputs, cell.execution_count = [], None
    data = json.loads(nbformat.writes(nb))            # sources and texts as lists of lines
    for cell in data["cells"]:
        cell.pop("id", None)                          # format 4.4: the builder writes no cell ids
    data["nbformat_minor"] = NBFORMAT_MINOR
    path.write_text(_dumps(data), encoding="utf-8")


def _dumps(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a built notebook is not current")
    parser.add_argument("--execute", action="store_true", help="run the notebooks that changed")
    parser.add_argument("--all", action="store_true", help="with --execute: run every notebook")
    args = parser.parse_args(argv)
    try:
        if args.check:
            problems = stale()
            for p in problems:
                print(p)
            return 1 if problems else 0
        changed = build(execute=args.execute and not args.all)
        if args.execute and args.all:
            for path in sources():
                for lang in LANGS:
                    run(target(path.stem, lang))
            write_index()
    except SourceError as err:
        print(err, file=sys.stderr)
        return 2
    for p in changed:
        print("built", p.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
