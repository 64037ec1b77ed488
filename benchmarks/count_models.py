"""How many widget models each lesson page makes, by kind: the weight of a page (issue 38).

Each model is a comm the kernel opens, state it sends and a view the browser builds, one after
another; a page of 278 models opened 1.75 times slower than a bare one-button page, and on a slow
laptop some failed to start. The target is at most :data:`TARGET` models on every lesson page.

Each page (every lesson in English and German, and the teacher's page, the cheat sheet and the
glossary) runs top to bottom with nbclient in its own folder, as Voila runs it; then the page's kernel
counts the widget models still open (those Voila's page receives), by class (``Layout``,
``Button``, ``Hand``, ...).

Run: ``.venv/bin/python benchmarks/count_models.py [page ...] [--jobs N] [--json]`` (a page is a
path under ``lessons/``: ``03_buracos``, ``de/03_buracos``). ``tests/test_count_models.py`` holds each
page under its ceiling (:data:`CEILINGS`), so a page cannot grow back.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"

#: The issue's target: at most this many widget models on every lesson page.
TARGET = 40

#: What the page's kernel runs after the page: the open models by class, as one marked line.
_COUNT = """\
import collections as _bw_collections, json as _bw_json
from ipywidgets.widgets.widget import _instances as _bw_instances
print("BW-MODELS " + _bw_json.dumps(_bw_collections.Counter(type(_w).__name__ for _w in _bw_instances.values())))
"""

#: Each page's ceiling of widget models, in either language (both make the same): today's count, a
#: ratchet (lower it as models are cut, never raise it). Before issue 38's work (2026-12-05, fcb5ba2):
#: 160, 284, 341, 272, 358, 317, 291, 139, 291, 272, 25, 205 for lessons 00 to 11 (median 278);
#: the teacher's page 16, the cheat sheet 9, the glossary 6. A set's Previous / Next row a part of its
#: question, not a model (2026-12-06): 12 to 27 (median 20) became 10 to 21 (median 17).
CEILINGS: dict[str, int] = {
    "00_welcome": 14, "01_melds": 18, "02_wilds": 21, "03_buracos": 18, "04_turn": 20, "05_pot": 18,
    "06_scoring": 16, "07_rulesets": 10, "08_play": 13, "09_strategy": 11, "10_review": 19,
    "11_house_rules": 13, "cheatsheet": 6, "glossary": 4, "scorepad": 3, "referee": 3, "teacher": 16,
}


def ceiling(page: str) -> int:
    """The most widget models ``page`` (``"03_buracos"``, ``"de/03_buracos"``) may make."""
    return CEILINGS[Path(page).name]


def pages() -> list[str]:
    """Every page: the lessons, the teacher's page, the cheat sheet, the glossary; English, then German."""
    return [str(p.relative_to(LESSONS).with_suffix("")) for folder in (LESSONS, LESSONS / "de")
            for p in sorted(folder.glob("*.ipynb"))]


def count(page: str, timeout: int = 600) -> Counter[str]:
    """The widget models ``page`` (``"03_buracos"``, ``"de/03_buracos"``) leaves open, by class."""
    path = LESSONS / f"{page}.ipynb"
    if not path.is_file():
        raise ValueError(f"no page {page!r}: {path} does not exist (pages: {', '.join(pages())})")
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    nb.cells.append(nbformat.v4.new_code_cell(_COUNT))  # type: ignore[no-untyped-call]
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for output in nb.cells[-1].get("outputs", []):
        for line in output.get("text", "").splitlines():
            if line.startswith("BW-MODELS "):
                return Counter(json.loads(line.removeprefix("BW-MODELS ")))
    raise RuntimeError(f"{page}: the count printed nothing ({nb.cells[-1].get('outputs')})")


def table(counts: dict[str, Counter[str]], largest: int = 5) -> str:
    """The counts as a Markdown table: page, models, ceiling, largest kinds."""
    lines = ["| page | models | ceiling | largest kinds |", "|---|---|---|---|"]
    for page, kinds in counts.items():
        top = ", ".join(f"{name} {n}" for name, n in kinds.most_common(largest))
        lines.append(f"| {page} | {sum(kinds.values())} | {ceiling(page)} | {top} |")
    lessons = sorted(sum(k.values()) for p, k in counts.items() if Path(p).name[:2].isdigit())
    if lessons:
        mid = len(lessons) // 2
        median = lessons[mid] if len(lessons) % 2 else (lessons[mid - 1] + lessons[mid]) / 2
        lines.append(f"| median of {len(lessons)} lesson pages | {median:g} | target {TARGET} | |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", help="pages under lessons/ (default: every page)")
    parser.add_argument("--jobs", type=int, default=1, help="pages run at once (default 1)")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    chosen = [p.removesuffix(".ipynb") for p in args.pages] or pages()
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        counts = dict(zip(chosen, pool.map(count, chosen), strict=True))
    if args.json:
        print(json.dumps({p: dict(k.most_common()) for p, k in counts.items()}, indent=1))
    else:
        print(table(counts))
    over = [p for p, k in counts.items() if sum(k.values()) > ceiling(p)]
    if over:
        print(f"over the ceiling: {', '.join(over)}", file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
