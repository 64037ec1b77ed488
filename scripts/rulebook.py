"""Write the rulebook of every language from the clauses and the catalog: ``docs/RULES.md`` (English)
and ``docs/<lang>/RULES.md`` (see :mod:`buraco_core.rulebook`).

    .venv/bin/python scripts/rulebook.py          # write them
    .venv/bin/python scripts/rulebook.py --check  # fail if one is not current
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from buraco_core.messages import LANGUAGES  # noqa: E402  (the checkout's engine, found above)
from buraco_core.rulebook import rulebook  # noqa: E402

DOCS = ROOT / "docs"


def target(lang: str) -> Path:
    """Where the rulebook of a language is written."""
    return DOCS / "RULES.md" if lang == LANGUAGES[0] else DOCS / lang / "RULES.md"


def stale() -> list[str]:
    """The rulebooks that are missing or differ from what the clauses and the catalog say."""
    return [f"{target(lang).relative_to(ROOT)} is not current: run scripts/rulebook.py" for lang in LANGUAGES
            if not target(lang).is_file() or target(lang).read_text(encoding="utf-8") != rulebook(lang)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a rulebook is not current")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale()
        for p in problems:
            print(p)
        return 1 if problems else 0
    for lang in LANGUAGES:
        path = target(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != rulebook(lang):
            path.write_text(rulebook(lang), encoding="utf-8")
            print("wrote", path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
