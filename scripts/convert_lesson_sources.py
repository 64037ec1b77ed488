"""Convert lesson sources from the course's first format to MyST-NB's Markdown notebooks.

The first format (until the ``course: lesson sources`` commit) began each cell with a marker line:
``%% markdown`` followed by ``%% en`` and ``%% de`` parts, or ``%% code``. The format now read by
``scripts/lessons.py`` is the one Jupytext and MyST-NB open as a notebook (``md:myst``): code in
```` ```{code-cell} ipython3 ```` fences, each markdown cell begun by ``+++`` with its language as
cell metadata (``+++ {"lang": "en"}``), the German twin right below the English.

    .venv/bin/python scripts/convert_lesson_sources.py                 # every lessons/source/*.md
    .venv/bin/python scripts/convert_lesson_sources.py FILE [FILE ...]

A file already converted (it has no ``%% `` marker line) is left as it is, so the script can run
again over a tree where some sources are old and some new (a merge of lesson edits). The cells'
texts are kept exactly: the built notebooks do not change. A malformed old source is reported as
``file:line: message`` and nothing is written for it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "lessons" / "source"
LANGS = ("en", "de")

#: What a converted source begins with: the header that makes Jupytext and MyST-NB read it as a
#: notebook of MyST Markdown.
HEADER = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---
"""


class OldSourceError(ValueError):
    """An old-format source that cannot be read: its file and line, and what is wrong."""


def is_old(text: str) -> bool:
    """Whether a source is in the first format (a ``%% markdown`` / ``%% code`` marker line)."""
    return any(line.startswith("%% ") for line in text.splitlines())


def read_old(path: Path, text: str) -> list[tuple[str, dict[str, str]]]:
    """The cells of an old-format source: (kind, texts), texts by language for markdown, ``{"": code}``
    for code, each stripped of its blank lines around, as the old builder read them."""
    cells: list[tuple[str, dict[str, str], int]] = []
    lang: str | None = None
    lines: list[str] = []

    def close() -> None:
        if cells:
            kind, texts, _ = cells[-1]
            key = "" if kind == "code" else lang
            if key is not None:
                texts[key] = "\n".join(lines).strip("\n")

    def complete() -> None:
        if cells and cells[-1][0] == "markdown":
            missing = [lg for lg in LANGS if not cells[-1][1].get(lg, "").strip()]
            if missing:
                raise OldSourceError(f"{path}:{cells[-1][2]}: this markdown cell has no "
                                     f"{' and no '.join(missing)} text: every language needs its own")

    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.startswith("%% "):
            word = raw[3:].strip()
            if word in ("markdown", "code"):
                close()
                complete()
                cells.append((word, {}, number))
                lang, lines = None, []
                continue
            if word in LANGS:
                if not cells or cells[-1][0] != "markdown":
                    raise OldSourceError(f"{path}:{number}: '%% {word}' belongs inside a markdown cell")
                close()
                if word in cells[-1][1]:
                    raise OldSourceError(f"{path}:{number}: this markdown cell already has its '{word}' part")
                lang, lines = word, []
                continue
            raise OldSourceError(f"{path}:{number}: unknown marker '%% {word}'")
        if not cells:
            if raw.strip():
                raise OldSourceError(f"{path}:{number}: text before the first cell")
            continue
        if cells[-1][0] == "markdown" and lang is None and raw.strip():
            raise OldSourceError(f"{path}:{number}: markdown text before a language marker")
        lines.append(raw)
    close()
    complete()
    return [(kind, texts) for kind, texts, _ in cells]


def write_new(cells: list[tuple[str, dict[str, str]]]) -> str:
    """The MyST-NB text of the cells."""
    parts = [HEADER]
    for kind, texts in cells:
        if kind == "code":
            parts.append("```{code-cell} ipython3\n" + (texts[""] + "\n" if texts[""] else "") + "```\n")
            continue
        for lang in LANGS:
            parts.append(f"+++ {json.dumps({'lang': lang})}\n\n{texts[lang]}\n")
    return "\n".join(parts)


def convert(path: Path) -> bool:
    """Convert one source in place; False where it was converted already."""
    text = path.read_text(encoding="utf-8")
    if not is_old(text):
        return False
    path.write_text(write_new(read_old(path, text)), encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    paths = [Path(a) for a in args] or sorted(SOURCES.glob("*.md"))
    status = 0
    for path in paths:
        try:
            if convert(path):
                print("converted", path)
        except OldSourceError as err:
            print(err, file=sys.stderr)
            status = 2
    return status


if __name__ == "__main__":
    sys.exit(main())
