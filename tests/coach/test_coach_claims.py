"""The coach tells the truth about the cards (issue 24): the wrong claims a learner saw, each
rebuilt as a position, and the reason audit (:mod:`buraco_core.coach_audit`) over a CI-sized
slice of seeded coach decisions in every ruleset (40 moves each)."""

from __future__ import annotations

from buraco_core.cards import Card, parse_card, parse_cards
from buraco_core.coach import advise, play_reasons
from buraco_core.coach_audit import audit, claim_problems
from buraco_core.game import Game, parse_scenario
from buraco_core.game.actions import AddToMeld, Discard, Draw, Take
from buraco_core.messages import Message
from buraco_core.rules import RULESETS

PILE_SEVEN = """\
description: the 7s on the pile makes a run with the 8s, the joker and the 10s of seat 0's hand
rules: buraco
players: 4
seed: 5
turn: 0
phase: draw
hand 0: 8s JK 10s 4d Kc Qh 5c
discard: 3h 7s
"""

PILE_JACK = """\
description: seat 0 holds one jack (the Jc); the pile's Jh melds only with the Jd under it
rules: buraco
players: 4
seed: 5
turn: 0
phase: draw
hand 0: Jc 4d 9s Kh 6c
discard: 3h Jd Jh
"""


def _cards(m: Message) -> tuple[Card, ...]:
    cards = m.params["cards"]
    assert isinstance(cards, tuple)
    return cards


def test_a_pile_card_that_melds_with_a_wild_card_of_the_hand_is_not_called_useless() -> None:
    view = parse_scenario(PILE_SEVEN, "seven.txt").view(0)
    reasons = play_reasons(view, Draw())
    assert reasons[0].key == "coach.draw-fits-hand", reasons
    assert set(_cards(reasons[0])) <= set(parse_cards("8s JK 10s"))
    assert "goes with nothing" not in reasons[0].text()
    assert claim_problems(view, Draw(), reasons) == []


def test_a_taken_card_that_melds_only_with_the_pile_is_not_said_to_go_with_the_hand() -> None:
    view = parse_scenario(PILE_JACK, "jack.txt").view(0)
    reasons = play_reasons(view, Take())
    text = " ".join(r.text() for r in reasons)
    assert "goes with your hand" not in text
    jack = next(r for r in reasons if r.params.get("card") == parse_card("Jh"))
    assert jack.key == "coach.take-fits-pile"
    assert set(_cards(jack)) == set(parse_cards("Jc Jd"))
    assert claim_problems(view, Take(), reasons) == []


def test_a_taken_card_that_melds_with_nothing_is_named_for_nothing() -> None:
    view = parse_scenario(PILE_JACK.replace("discard: 3h Jd Jh", "discard: 3h 4c Jh"), "jack.txt").view(0)
    reasons = play_reasons(view, Take())
    assert [r.key for r in reasons] == ["coach.take"]
    assert claim_problems(view, Take(), reasons) == []


def test_a_discard_that_goes_out_says_so() -> None:
    game = Game.scenario("going-out-by-discard")
    game.play("meld Jh Qh Kh")
    view = game.view(0)
    reasons = play_reasons(view, Discard(parse_card("3d")))
    keys = [r.key for r in reasons]
    assert "coach.goes-out" in keys, keys
    assert str(RULESETS["burraco"].going_out_bonus) in reasons[keys.index("coach.goes-out")].text()
    assert claim_problems(view, Discard(parse_card("3d")), reasons) == []


def test_the_audit_catches_a_false_claim_and_an_omitted_one() -> None:
    view = parse_scenario(PILE_SEVEN, "seven.txt").view(0)
    lie = [Message("coach.draw", {"card": parse_card("7s")})]
    assert claim_problems(view, Draw(), lie)
    game = Game.scenario("going-out-by-discard")
    game.play("meld Jh Qh Kh")
    quiet = [Message("coach.discard", {"card": parse_card("3d")})]
    assert claim_problems(game.view(0), Discard(parse_card("3d")), quiet)


def test_the_reason_audit_finds_no_false_claim_in_every_ruleset() -> None:
    report = audit(games=1, moves=40, worlds=1)
    assert set(report.rulesets) == set(RULESETS)
    assert report.decisions >= 40 * len(RULESETS) // 2
    assert report.facts >= report.decisions // 2
    assert report.problems == [], "\n".join(report.problems[:10])


def test_a_discard_that_melds_with_a_two_of_its_suit_and_a_wild_card_is_not_called_a_loner() -> None:
    game = parse_scenario("""\
description: the 4d stands in 2d 2s 4d (the 2d at its place, the 2s wild), though no natural card is its neighbour
rules: buraco
players: 4
seed: 5
turn: 0
phase: play
hand 0: 4d 2d 2s Ks Kc 7d 5h
discard: 3h 9c
""", "two.txt")
    view = game.view(0)
    discard = Discard(parse_card("4d"))
    reasons = play_reasons(view, discard)
    assert "coach.discard-loner" not in [r.key for r in reasons]
    assert claim_problems(view, discard, reasons) == []


GUARDED = """\
description: seat 0's side has its pot and no buraco: laying Jh Qh Kh would leave one card
rules: buraco
players: 4
seed: 5
turn: 0
phase: play
hand 0: Jh Qh Kh 3d
melds 0: 4s 5s 6s
pot 0: taken
discard: 3c 8d
"""


def test_a_play_held_back_by_the_pot_guard_says_so() -> None:
    view = parse_scenario(GUARDED, "guard.txt").view(0)
    discard = Discard(parse_card("3d"))
    reasons = play_reasons(view, discard)
    guard = next(r for r in reasons if r.key == "coach.pot-guard")
    assert "J♥ Q♥ K♥" in guard.text() and "no buraco" in guard.text()
    assert claim_problems(view, discard, reasons) == []
    assert claim_problems(view, discard, [r for r in reasons if r is not guard])  # left out: caught
    free = parse_scenario(GUARDED.replace("pot 0: taken\n", ""), "free.txt").view(0)
    assert "coach.pot-guard" not in [r.key for r in play_reasons(free, discard)]


def test_an_addition_to_another_players_meld_is_not_called_yours() -> None:
    view = parse_scenario("""\
description: in Brazilian Buraco seat 0 may add its 7s to seat 1's 4s 5s 6s
rules: brazilian
players: 3
seed: 5
turn: 0
phase: play
hand 0: 7s Kc 9h 4d
melds 1: 4s 5s 6s
discard: 3c 8d
""", "theirs.txt").view(0)
    add = AddToMeld(1, (parse_card("7s"),), team=1)
    reasons = play_reasons(view, add)
    assert reasons[0].key == "coach.add-theirs" and "your meld" not in reasons[0].text()
    assert claim_problems(view, add, reasons) == []


TENS = """\
description: seat 0 holds two wild cards beside its tens: the greedy policy lays the spare one
rules: buraco
players: 4
seed: {seed}
turn: 0
phase: play
hand 0: JK 2c 5h 9c Jd 4s 7h 3d Qs 8d 6s
melds 0: 10s 10h 10c
discard: 3h 9h
"""


def test_laying_a_wild_card_is_weighed_against_holding_it_and_the_coach_says_which() -> None:
    for seed in (1, 5):  # other deals of the hidden cards
        game = parse_scenario(TENS.format(seed=seed), "tens.txt")
        advice = advise(game)
        assert isinstance(advice.play, Discard) and not advice.play.card.is_wild_card, advice.action
        hold = next(r for r in advice.reasons if r.key == "coach.wild-hold")
        assert "JK" in hold.text() or "2♣" in hold.text()
        weighed = dict(advice.options)
        assert any(a.startswith("add 1") for a in weighed) and all(v is not None for v in weighed.values())
        assert claim_problems(game.view(0), advice.play, advice.reasons) == []
