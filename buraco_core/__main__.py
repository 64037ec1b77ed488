"""Command line: ``python -m buraco_core simulate ...`` and ``python -m buraco_core check-puzzles``."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .bots.simulate import main as simulate
from .teach.cli import main as check_puzzles

USAGE = """usage: python -m buraco_core COMMAND [ARGS]

commands:
  simulate        play seeded hands between bots and print one JSON object per hand
  check-puzzles   check every puzzle file in a folder against the rules engine
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE, end="")
        return 0 if args else 2
    command, rest = args[0], args[1:]
    if command == "simulate":
        return simulate(rest)
    if command == "check-puzzles":
        return check_puzzles(rest)
    print(f"unknown command {command!r}\n{USAGE}", file=sys.stderr, end="")
    return 2


if __name__ == "__main__":
    sys.exit(main())
