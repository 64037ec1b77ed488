"""Build the lesson notebooks of every language from one source per lesson.

A lesson's source, ``lessons/source/<name>.md``, holds its cells in order. Each cell starts with a
marker line:

- ``%% markdown``, followed by one part per language, each begun by ``%% en`` or ``%% de``: the
  same cell in each language, side by side, so a change to one is seen beside the other;
- ``%% code``: a code cell shared by every language. In it, ``{{LANG}}`` becomes the language
  (``"de"``) and ``{{UP}}`` the way from the notebook's folder up to ``lessons/`` (``""`` for
  English, ``"../"`` for German), so ``"{{UP}}puzzles/01_melds.yaml"`` finds the puzzle file.

The English notebooks are written to ``lessons/<name>.ipynb``, the others to
``lessons/<lang>/<name>.ipynb``. Code cells keep the outputs of the notebook already built where
their source is unchanged; ``--execute`` runs the built notebooks and keeps the outputs nbval checks
(cells marked ``# NBVAL_CHECK_OUTPUT``), each the kernel's own.

    .venv/bin/python scripts/lessons.py            # build every lesson from its source
    .venv/bin/python scripts/lessons.py --execute  # build, then run the changed notebooks
    .venv/bin/python scripts/lessons.py --check    # fail if a built notebook is not current

A malformed source is reported as ``file:line: message``.
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


class SourceError(ValueError):
    """A lesson source that cannot be read: its file and line, and what is wrong."""


@dataclass
class Cell:
    kind: str                      # "markdown" or "code"
    line: int                      # where the cell starts in the source
    text: dict[str, str] = field(default_factory=dict)   # markdown: by language; code: {"": source}


def read_source(path: Path) -> list[Cell]:
    """The cells of one lesson source (see the module docstring)."""
    cells: list[Cell] = []
    lang: str | None = None
    lines: list[str] = []

    def close() -> None:
        if not cells:
            return
        cell = cells[-1]
        key = "" if cell.kind == "code" else lang
        if key is not None:
            cell.text[key] = "\n".join(lines).strip("\n")

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if raw.startswith("%% "):
            word = raw[3:].strip()
            if word in ("markdown", "code"):
                close()
                _complete(path, cells)
                cells.append(Cell(word, number))
                lang, lines = None, []
                continue
            if word in LANGS:
                if not cells or cells[-1].kind != "markdown":
                    raise SourceError(f"{path}:{number}: '%% {word}' belongs inside a markdown cell "
                                      "(begin it with '%% markdown')")
                close()
                if word in cells[-1].text:
                    raise SourceError(f"{path}:{number}: this markdown cell already has its '{word}' part")
                lang, lines = word, []
                continue
            raise SourceError(f"{path}:{number}: unknown marker '%% {word}': write '%% markdown', "
                              f"'%% code' or a language ({', '.join(LANGS)})")
        if not cells:
            if raw.strip():
                raise SourceError(f"{path}:{number}: text before the first cell: begin with '%% markdown' "
                                  "or '%% code'")
            continue
        if cells[-1].kind == "markdown" and lang is None and raw.strip():
            raise SourceError(f"{path}:{number}: markdown text before a language marker "
                              f"('%% en' or '%% de')")
        lines.append(raw)
    close()
    _complete(path, cells)
    return cells


def _complete(path: Path, cells: list[Cell]) -> None:
    if cells and cells[-1].kind == "markdown":
        missing = [lang for lang in LANGS if not cells[-1].text.get(lang, "").strip()]
        if missing:
            raise SourceError(f"{path}:{cells[-1].line}: this markdown cell has no "
                              f"{' and no '.join(missing)} text: every language needs its own")


def target(name: str, lang: str) -> Path:
    """Where the notebook of a lesson in a language is written."""
    return LESSONS / f"{name}.ipynb" if lang == "en" else LESSONS / lang / f"{name}.ipynb"


LANDING = "00_welcome"


def page(lang: str, name: str = "") -> dict[str, object]:
    """What the page template needs to know of a notebook's language (its ``buraco`` metadata):
    the language, the words Voila shows while the lesson loads (from the catalog), the folder of
    the same page in each other language (``"de/"``, ``"../"``), and whether it is the landing page
    (which follows the language the learner chose before)."""
    from buraco_widgets.language_menu import STORAGE_KEY, lesson_folder

    from buraco_core.messages import render

    up = "../" if lesson_folder(lang) else ""
    twins = {other: up + lesson_folder(other) for other in LANGS if other != lang}
    return {"lang": lang, "loading": render("page.loading", lang), "step": render("page.step", lang, i="{i}", n="{n}"),
            "twins": twins, "home": name == LANDING, "storage": STORAGE_KEY}


def notebook(cells: list[Cell], lang: str, old: dict | None = None, name: str = "") -> dict:
    """The notebook of ``lang`` built from the cells, keeping ``old``'s outputs of unchanged code."""
    up = "" if lang == "en" else "../"
    old_code = {}
    for cell in (old or {}).get("cells", []):
        if cell["cell_type"] == "code":
            old_code.setdefault("".join(cell["source"]), cell)
    out = []
    for cell in cells:
        if cell.kind == "markdown":
            out.append({"cell_type": "markdown", "metadata": {}, "source": _lines(cell.text[lang])})
            continue
        source = cell.text[""].replace("{{LANG}}", json.dumps(lang)).replace("{{UP}}", up)
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
        folder = LESSONS if lang == "en" else LESSONS / lang
        for nb in folder.glob("*.ipynb"):
            if not (SOURCES / f"{nb.stem}.md").is_file():
                problems.append(f"{nb.relative_to(ROOT)} has no source in lessons/source/")
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
    return changed


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
    except SourceError as err:
        print(err, file=sys.stderr)
        return 2
    for p in changed:
        print("built", p.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
