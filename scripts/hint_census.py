"""What the lessons' puzzles tell a learner: where each second hint comes from (the position,
the puzzle's own sentence, or the kind's fixed sentence) and how many wrong answers are told the
right one (buraco_core/teach/audit/census.py decides both).

    .venv/bin/python scripts/hint_census.py                 # the puzzles of lessons/puzzles
    .venv/bin/python scripts/hint_census.py --generated 20  # and 20 generated puzzles per kind and ruleset
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from buraco_core.rules import RULESETS
from buraco_core.teach import KINDS, generate, load_puzzles
from buraco_core.teach.audit.census import census
from buraco_core.teach.puzzles.puzzle import Puzzle

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "lessons" / "puzzles"))
    parser.add_argument("--generated", type=int, default=0, help="generated puzzles per kind and ruleset")
    args = parser.parse_args(argv)
    puzzles: list[Puzzle] = [p for path in sorted(Path(args.folder).glob("*.yaml")) for p in load_puzzles(path)]
    print(f"lesson puzzles ({len(puzzles)}):")
    print("\n".join(census(puzzles).lines()))
    if args.generated:
        dealt: list[Puzzle] = []
        for kind in KINDS:
            if kind == "best-play":  # the coach's evaluation: slow, and it has no generator of its own here
                continue
            for rules in RULESETS:
                for seed in range(args.generated):
                    try:
                        dealt.append(generate(kind, rules, seed))
                    except ValueError:
                        continue
        print(f"generated puzzles ({len(dealt)}):")
        print("\n".join(census(dealt).lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
