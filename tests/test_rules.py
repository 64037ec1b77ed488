"""Rulesets: presets that match RULES.md, house rules by dataclasses.replace, clear errors."""

from __future__ import annotations

import dataclasses
import random

import pytest

from buraco_core import RULESETS, Card, Rules, RulesError, build_deck, get_rules, shuffled_deck
from buraco_core.rules import DiscardTake, GoingOut, IndirectPot, StockEnd, Tie

ALL = sorted(RULESETS)


def test_the_five_rulesets_by_name() -> None:
    """RULES.md: "| `buraco` (default) | ... | `brazilian` | ... | `italian` | ... | `burraco` | ... |
    `fechado` |" """
    assert set(RULESETS) == {"buraco", "brazilian", "italian", "burraco", "fechado"}
    for name, rules in RULESETS.items():
        assert rules.name == name and get_rules(name) is rules and get_rules(rules) is rules
    with pytest.raises(RulesError, match="no ruleset called 'canasta': choose one of buraco"):
        get_rules("canasta")
    with pytest.raises(TypeError):
        RULESETS["house"] = RULESETS["buraco"]  # type: ignore[index]


@pytest.mark.parametrize("name", ALL)
def test_presets_are_consistent_and_frozen(name: str) -> None:
    """Every preset passes its own consistency check, and never changes."""
    rules = RULESETS[name]
    assert dataclasses.replace(rules) == rules
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 1  # type: ignore[misc]
    assert eval(repr(rules), {"RULESETS": RULESETS}) == rules


def test_presets_follow_the_rules_spec() -> None:
    """RULES.md's one-line summaries and tables, field by field."""
    b, br, it, bu, fe = (RULESETS[n] for n in ("buraco", "brazilian", "italian", "burraco", "fechado"))
    # meld rules
    assert [r.allow_sets for r in (b, br, it, bu, fe)] == [True, True, True, True, False]
    assert br.set_max_cards == 4 and br.set_distinct_suits and b.set_max_cards is None
    assert fe.ace_to_ace and not any(r.ace_to_ace for r in (b, br, it, bu))
    # buraco bonuses
    assert {r.clean_bonus for r in (b, br, it, bu, fe)} == {200} and {r.dirty_bonus for r in (b, br, it, bu, fe)} == {100}
    assert it.semi_clean_bonus == bu.semi_clean_bonus == 150
    assert b.semi_clean_bonus is None and br.semi_clean_bonus is None and fe.semi_clean_bonus is None
    assert (fe.royal_bonus, fe.ace_to_ace_bonus) == (500, 1000)
    # the table: "Each player gets 11 cards. Rulesets with pots set two face-down pots of 11 aside"
    assert {r.hand_size for r in (b, br, it, bu, fe)} == {11} and {r.pot_size for r in (b, it, bu, fe)} == {11}
    assert (b.pots, br.pots, it.pots, bu.pots, fe.pots) == (2, 0, 2, 2, 2)
    assert not br.partnerships and br.player_counts == (2, 3, 4) and br.meld_on_any
    assert (fe.jokers, b.jokers) == (0, 4)
    # drawing and the pot
    assert b.discard_take is it.discard_take is bu.discard_take is DiscardTake.WHOLE
    assert br.discard_take is DiscardTake.ANY_DEPTH and fe.discard_take is DiscardTake.WHOLE_IF_TOP_MELDS
    assert not b.initial_discard and all(r.initial_discard for r in (br, it, bu, fe))
    assert it.single_take_no_discard and b.wild_last_discard_guard and b.pot_guard
    assert b.indirect_pot is IndirectPot.NEXT_TURN and it.indirect_pot is IndirectPot.AT_ONCE
    assert not it.direct_pot and b.direct_pot
    assert fe.pot_unused_penalty == 100 and br.pot_not_taken_penalty == 0
    # going out and the end of a hand
    assert b.going_out is fe.going_out is GoingOut.MELD_OR_DISCARD
    assert br.going_out is it.going_out is bu.going_out is GoingOut.DISCARD
    assert br.out_needs_clean and fe.out_needs_clean and not it.out_needs_clean
    assert b.stock_end is StockEnd.LAST_CARD_DRAWN and bu.stock_end is StockEnd.TWO_LEFT
    assert br.stock_end is StockEnd.EMPTY_AT_DRAW and it.stock_end is fe.stock_end is StockEnd.EMPTY_NO_POT
    # the match
    assert (b.target, br.target, it.target, bu.target, fe.target) == (2005, 3000, None, 2005, None)
    assert b.target_range == (505, 3005) and it.one_hand and not b.one_hand
    assert (b.tie, br.tie, it.tie, bu.tie, fe.tie) == (
        Tie.ANOTHER_HAND, Tie.ANOTHER_HAND, Tie.STARTER_WINS, Tie.DRAW, Tie.STARTER_WINS)


def test_bonus_as_the_ruleset_counts_each_kind() -> None:
    """RULES.md's buraco table: semi-clean counts as dirty where it has no bonus of its own; royal
    and ace-to-ace count as clean where they are no kind of their own."""
    assert RULESETS["buraco"].bonus("semi-clean") == 100 and RULESETS["italian"].bonus("semi-clean") == 150
    assert RULESETS["buraco"].bonus("royal") == 200 and RULESETS["fechado"].bonus("royal") == 500
    assert RULESETS["fechado"].bonus("ace-to-ace") == 1000


def test_house_rules_by_dataclasses_replace() -> None:
    """issue 2: "house rules via `dataclasses.replace`" """
    short = dataclasses.replace(RULESETS["buraco"], target=1505)
    assert short.target == 1505 and short.name == "buraco" and short != RULESETS["buraco"]
    assert repr(short) == "dataclasses.replace(RULESETS['buraco'], target=1505)"
    with_jokers = dataclasses.replace(RULESETS["fechado"], jokers=4)
    assert with_jokers.deck_size == 108 and with_jokers.card_points(0) == 20
    assert eval(repr(with_jokers), {"RULESETS": RULESETS, "dataclasses": dataclasses}) == with_jokers
    italian_semi = dataclasses.replace(RULESETS["buraco"], semi_clean_bonus=150)
    assert italian_semi.bonus("semi-clean") == 150


@pytest.mark.parametrize(("name", "changes", "words"), [
    ("buraco", {"target": 100}, "target 100 is outside this ruleset's range 505 to 3005"),
    ("fechado", {"set_max_cards": 4}, "set_max_cards is set but allow_sets is False"),
    ("fechado", {"set_distinct_suits": True}, "set_distinct_suits is set but allow_sets is False"),
    ("buraco", {"set_max_cards": 2}, "below the 3 cards a set needs"),
    ("buraco", {"ace_to_ace_bonus": 1000}, "ace_to_ace_bonus is set but ace_to_ace runs are not allowed"),
    ("buraco", {"min_buraco": 2}, "min_buraco 2 is below the 3 cards"),
    ("buraco", {"pots": 1}, "pots must be 0 or 2"),
    ("italian", {"pots": 0}, "stock_end EMPTY_NO_POT needs pots"),
    ("brazilian", {"pots": 2}, "cannot end at an empty stock draw"),
    ("brazilian", {"pot_unused_penalty": 100}, "pot_unused_penalty and pot_guard need pots"),
    ("brazilian", {"out_needs_pot": True}, "out_needs_pot needs pots"),
    ("buraco", {"partnerships": False}, "pots are one per team"),
    ("buraco", {"player_counts": (2, 5)}, "must be among 2, 3 and 4"),
    ("buraco", {"player_counts": (2, 3, 4)}, "partnerships need 2 or 4 players"),
    ("buraco", {"hand_size": 30}, "cannot deal 4 hands of 30"),
    ("buraco", {"card_values": (1, 2, 3)}, "card_values needs 14 entries"),
    ("italian", {"target": 1505}, "STARTER_WINS is for one-hand games"),
    ("italian", {"going_out": GoingOut.MELD_OR_DISCARD}, "going_out must be DISCARD"),
    ("buraco", {"decks": 0}, "at least one deck"),
    ("buraco", {"jokers": -1}, "no negative jokers"),
    ("buraco", {"target_range": (3005, 505), "target": None}, "runs backwards"),
])
def test_inconsistent_combinations_raise_a_clear_rules_error(name: str, changes: dict[str, object],
                                                             words: str) -> None:
    """issue 2: "an inconsistent combination raises a clear error" naming the fields."""
    with pytest.raises(RulesError) as info:
        dataclasses.replace(RULESETS[name], **changes)  # type: ignore[arg-type]
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_every_problem_is_named_at_once() -> None:
    """Several contradictions are reported together, not one at a time."""
    with pytest.raises(RulesError) as info:
        dataclasses.replace(RULESETS["fechado"], set_max_cards=4, min_buraco=2)
    assert "set_max_cards" in str(info.value) and "min_buraco" in str(info.value)


@pytest.mark.parametrize(("name", "size", "jokers"), [
    ("buraco", 108, 4), ("brazilian", 108, 4), ("italian", 108, 4), ("burraco", 108, 4), ("fechado", 104, 0),
])
def test_deck_sizes(name: str, size: int, jokers: int) -> None:
    """RULES.md: "Two 52-card decks plus 4 jokers: 108 cards (`fechado`: no jokers, 104 cards; its
    eight 2s are its only wild cards" """
    rules = RULESETS[name]
    deck = build_deck(rules)
    assert len(deck) == size == rules.deck_size
    assert deck.count(Card.joker()) == jokers
    assert sum(1 for c in deck if c.rank == 2) == 8
    assert all(deck.count(Card(rank, suit)) == 2 for suit in "shdc" for rank in range(1, 14))
    assert build_deck(rules) == deck  # a fixed order


def test_shuffled_deck_is_seeded_and_replayable() -> None:
    """COMMON: "Every random thing is seeded (random.Random(seed)), so it can be replayed." """
    rules = RULESETS["buraco"]
    a, b = shuffled_deck(rules, 7), shuffled_deck(rules, 7)
    assert a == b and a != build_deck(rules) and sorted(a) == sorted(build_deck(rules))
    assert shuffled_deck(rules, 8) != a
    assert shuffled_deck(rules, random.Random(7)) == a
    rng = random.Random(3)
    first, second = shuffled_deck(rules, rng), shuffled_deck(rules, rng)
    assert first != second  # one generator goes on: two different deals


def test_rules_is_a_documented_record() -> None:
    """issue 2: "`Rules` is one frozen, documented record: every difference ... is a named field" """
    doc = Rules.__doc__ or ""
    for f in dataclasses.fields(Rules):
        if f.name != "name":
            assert f"``{f.name}``" in doc, f"field {f.name} is not documented"
