"""The verdict defects of issue 21, each fixed with a test that failed before the fix: answers a
puzzle refused though right, sentences that said what the position contradicts, causes named
wrongly, questions the page could not answer, and lessons that tested before they taught."""

from __future__ import annotations

from pathlib import Path

from buraco_core.teach import check, hint, load_puzzle, solve

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "lessons" / "puzzles"


def lesson_puzzle(file: str, puzzle_id: str):  # type: ignore[no-untyped-def]
    return load_puzzle(PUZZLES / file, puzzle_id)


def test_spot_the_meld_shows_the_clean_meld_not_one_that_spends_the_wild_card() -> None:
    p = lesson_puzzle("08_play.yaml", "spot-the-meld")
    assert solve(p) == ["9d", "10d", "Jd"]
    assert str(hint(p, 3)) == "The answer: 9♦ 10♦ J♦."
    assert check(p, ["9d", "10d", "2c"]).correct  # the wild card's meld is still right
