"""best-play (lesson 09's positions): a miss that could have gone out says the discard does not
(the engine's events decide), "Another one" deals the same kind of position, and a miss links to
the strategy section the position is about."""

from __future__ import annotations

from pathlib import Path

import pytest

from buraco_core.cards import Card
from buraco_core.sessions import PuzzleSession
from buraco_core.teach import check, generate, load_puzzle, solve
from buraco_core.teach.audit.causes import messages_of
from buraco_core.teach.audit.positions import turn_outcome
from buraco_core.teach.course import Link
from buraco_core.teach.puzzles.positions import split_plays

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
PUZZLES = LESSONS / "puzzles"



def test_the_go_out_miss_says_the_discard_does_not_go_out() -> None:
    fb = check(load_puzzle(PUZZLES / "09_strategy.yaml", "go-out-now"), "discard 3d")
    assert not fb.correct
    said = [m for m in messages_of(fb.reason) if m.key == "coach.discard-not-out"]
    assert len(said) == 1 and "(discard the 3♦; it does not go out: your turn ends with J♥ Q♥ K♥ still in your hand" \
        in str(fb.message)
    assert "damit machst du nicht aus" in fb.explain("de") and "B♥ D♥ K♥" in said[0].text("de")


def test_a_discard_is_not_said_to_stay_in_when_no_choice_goes_out() -> None:
    fb = check(load_puzzle(PUZZLES / "09_strategy.yaml", "safest-discard"), "discard 8s")
    assert not fb.correct and "coach.discard-not-out" not in {m.key for m in messages_of(fb.reason)}


@pytest.mark.parametrize("ask", ["draw", "discard", "wild", "pot", "out"])
def test_a_dealt_position_is_of_the_kind_asked(ask: str) -> None:
    p = generate("best-play", "buraco", 3, ask=ask)
    assert p.goal["ask"] == ask and p == generate("best-play", "buraco", 3, ask=ask)  # seeded
    plays = split_plays(p)
    if ask == "draw":
        assert sorted(plays) == ["draw", "take"]
    elif ask in ("discard", "wild"):
        assert all(play.startswith("discard") for play in plays)
        wild = [play for play in plays if Card.from_str(play.split()[1]).is_wild_card]
        assert bool(wild) == (ask == "wild")
    else:  # the best choice goes out (or earns the pot) this turn, as the game plays it
        best = solve(p)
        assert turn_outcome(p, str(best)) in (("go-out",) if ask == "out" else ("pot-at-once", "pot-waits", "pot-fly"))
        assert any(turn_outcome(p, play) is None for play in plays)


def test_another_one_after_the_go_out_position_deals_a_go_out_position() -> None:
    s = PuzzleSession(load_puzzle(PUZZLES / "09_strategy.yaml", "go-out-now"), lesson="09", course=LESSONS)
    dealt = s.another()
    assert dealt.kind == "best-play" and dealt.goal["ask"] == "out"
    assert turn_outcome(dealt, str(solve(dealt))) == "go-out"
    again = PuzzleSession(load_puzzle(PUZZLES / "09_strategy.yaml", "go-out-now"), lesson="09").another()
    assert again == dealt  # replayable
    assert s.another().goal["ask"] == "out"


def test_a_miss_links_the_strategy_section_the_position_is_about() -> None:
    s = PuzzleSession(load_puzzle(PUZZLES / "09_strategy.yaml", "go-out-now"), lesson="09", course=LESSONS)
    assert s.check("discard 3d").link == Link("09_strategy.ipynb#topic-out", "lesson 09, When to go out")
    de = PuzzleSession(load_puzzle(PUZZLES / "09_strategy.yaml", "take-the-nines"), course=LESSONS, lang="de")
    assert de.check("draw").link == Link("09_strategy.ipynb#topic-draw",
                                         "Lektion 09, Wann du den Ablagestapel aufnimmst")
    s.another()
    miss = next(play for play in split_plays(s.puzzle) if play != solve(s.puzzle))
    assert s.check(miss).link == Link("09_strategy.ipynb#topic-out", "lesson 09, When to go out")


def test_every_position_of_lesson_09_links_its_own_section() -> None:
    headings = {"safest-discard": "What to discard", "take-the-nines": "When to take the pile",
                "keep-the-joker": "Holding wild cards", "race-for-the-pot": "Racing for the pot",
                "go-out-now": "When to go out"}
    for puzzle_id, heading in headings.items():
        s = PuzzleSession(load_puzzle(PUZZLES / "09_strategy.yaml", puzzle_id), lesson="09", course=LESSONS)
        miss = next(play for play in split_plays(s.puzzle) if play != solve(s.puzzle))
        link = s.check(miss).link
        assert link is not None and link.words == f"lesson 09, {heading}", puzzle_id


def test_the_verdict_names_the_rule_its_reasons_rest_on_not_the_first_tag() -> None:
    """Issue 37 D9: best-play's verdict clause was the puzzle's first tag (`candidates =
    list(puzzle.clauses)`): safest-discard's miss named [discard-pile] and its hint 1 read "The
    discard pile starts empty in Classic Buraco", and the coverage counted lesson 09 under tags no
    reason of the coach spoke of."""
    import dataclasses

    from buraco_core.teach import hint

    safest = load_puzzle(PUZZLES / "09_strategy.yaml", "safest-discard")
    miss = check(safest, "discard 8s")
    assert miss.rule == "draw" and "starts empty" not in str(hint(safest, 1))
    tagged = dataclasses.replace(safest, clauses=("discard-pile", "draw"))
    assert check(tagged, "discard 8s").rule == "draw"  # the reasons decide, not the tags' order
    joker = load_puzzle(PUZZLES / "09_strategy.yaml", "keep-the-joker")
    assert check(joker, "discard JK").rule == "wild-one"
    out = load_puzzle(PUZZLES / "09_strategy.yaml", "go-out-now")
    assert check(out, "discard 3d").rule == "going-out"
    brazilian = generate("best-play", "brazilian", 0)  # no [draw] there: its own drawing clause
    assert check(brazilian, solve(brazilian)).rule in ("draw-top-card", "draw-dig", "wild-one")
