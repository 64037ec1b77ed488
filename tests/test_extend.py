"""Extending a meld: one named test for every clause and example of RULES.md's extension rules."""

from __future__ import annotations

import pytest

from buraco_core import RULESETS, Card, InvalidMeld, Meld, NotationError, make_meld

FOURTEEN = "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"


def meld(text: str, rules: str = "burraco") -> Meld:
    return make_meld(text, RULESETS[rules])


def codes(m: Meld) -> str:
    return " ".join(c.code for c in m.cards)


def test_burraco_example_3_4_jk_6_7_plus_5() -> None:
    """RULES.md: "Example (`burraco`): 3-4-JK-6-7 plus 5 gives JK-3-4-5-6-7" """
    m = meld("3h 4h JK 6h 7h")
    assert codes(m) == "3h 4h JK 6h 7h"
    grown = m.extend("5h")
    assert codes(grown) == "JK 3h 4h 5h 6h 7h"
    assert grown.wild_stands_for == Card.from_str("2h")


def test_burraco_example_2s_7_8_9_plus_j() -> None:
    """RULES.md: "2♠-7-8-9 (the 2 standing for 6) plus J gives 7-8-9-2♠-J." """
    m = meld("7h 8h 9h 2s")
    assert codes(m) == "2s 7h 8h 9h" and m.wild_stands_for == Card.from_str("6h")
    grown = m.extend(["Jh"], RULESETS["burraco"])
    assert codes(grown) == "7h 8h 9h 2s Jh" and grown.wild_stands_for == Card.from_str("10h")


def test_a_natural_two_becomes_the_wild_when_a_later_card_needs_it() -> None:
    """RULES.md: "a natural 2 becomes the wild when a later card needs it (2♣-3♣-4♣ plus 6♣ gives
    3♣-4♣-2♣-6♣)" """
    m = meld("2c 3c 4c")
    assert m.wild is None
    grown = m.extend("6c")
    assert codes(grown) == "3c 4c 2c 6c"
    assert grown.wild == Card.from_str("2c") and grown.wild_stands_for == Card.from_str("5c")


def test_a_wild_two_of_the_suit_returns_to_its_natural_place() -> None:
    """RULES.md: "A wild 2 of the run's own suit goes to its natural place when that place becomes
    free, and the meld then has no wild card." """
    grown = meld("2c 3c 4c").extend("6c").extend("5c")
    assert codes(grown) == "2c 3c 4c 5c 6c" and grown.wild is None
    m = meld("2h 4h 5h")  # the seeds' example: 2 4 5 plus a 3 gives 2 3 4 5
    assert m.wild == Card.from_str("2h")
    assert codes(m.extend("3h")) == "2h 3h 4h 5h" and m.extend("3h").wild is None


def test_a_wild_two_of_the_suit_returns_when_another_card_takes_its_place() -> None:
    """RULES.md: "a wild 2 of the suit goes back to its natural place when it can" - also when a
    natural card arrives for the place it held."""
    m = meld("Ac 3c 4c 2c")  # 2♣ natural at its place, no wild
    assert m.wild is None
    grown = meld("3c 4c 2c 6c").extend("5c Ac")
    assert codes(grown) == "Ac 2c 3c 4c 5c 6c" and grown.wild is None


def test_table_cards_keep_their_places() -> None:
    """RULES.md: "Extending a meld: the cards already on the table keep their places, with two
    exceptions: the wild card, and a 2 of the run's suit" """
    m = meld("5d 6d 7d JK")
    grown = m.extend("8d 9d")
    assert codes(grown) == "JK 5d 6d 7d 8d 9d"
    assert grown.places[1:4] == m.places[1:4]


def test_the_displaced_wild_fills_the_one_remaining_gap() -> None:
    """RULES.md: "If a natural card arrives for the position that the wild card held, the wild card
    moves: it fills the one remaining gap if there is one" """
    grown = meld("4h JK 6h 7h").extend("5h 9h")
    assert codes(grown) == "4h 5h 6h 7h JK 9h" and grown.wild_stands_for == Card.from_str("8h")


def test_the_displaced_wild_goes_to_the_low_end_by_default() -> None:
    """RULES.md: "else it goes to an end of the run (... with no choice given, the low end ...)" """
    grown = meld("JK 7c 8c 9c").extend("6c")
    assert codes(grown) == "JK 6c 7c 8c 9c" and grown.wild_stands_for == Card.from_str("5c")


def test_the_displaced_wild_goes_high_when_the_run_starts_at_the_ace() -> None:
    """RULES.md: "... and the high end where the run already starts at the ace" """
    grown = meld("Ah 2h JK 4h").extend("3h")
    assert codes(grown) == "Ah 2h 3h 4h JK"


@pytest.mark.parametrize(("wild_end", "expected"), [
    (None, "JK 3h 4h 5h 6h 7h"),
    ("low", "JK 3h 4h 5h 6h 7h"),
    ("high", "3h 4h 5h 6h 7h JK"),
])
def test_the_player_may_choose_the_end(wild_end: str | None, expected: str) -> None:
    """RULES.md: "the player may choose the end where both are possible" (``wild_end``)."""
    grown = meld("3h 4h JK 6h 7h").extend("5h", wild_end=wild_end)  # type: ignore[arg-type]
    assert codes(grown) == expected


def test_the_end_choice_counts_only_where_both_ends_are_possible() -> None:
    """RULES.md: the choice exists "where both are possible"; elsewhere the one free end, and a
    wild card that need not move stays where it is (our reading: ``wild_end`` is then ignored)."""
    assert codes(meld("Ah 2h JK 4h").extend("3h", wild_end="low")) == "Ah 2h 3h 4h JK"
    assert codes(meld("Qh JK Ah").extend("Kh", wild_end="high")) == "JK Qh Kh Ah"
    assert codes(meld("JK 7c 8c 9c").extend("10c", wild_end="high")) == "JK 7c 8c 9c 10c"
    high = meld("3h 4h JK 6h 7h").extend("5h", wild_end="high")
    assert codes(high.extend("2h")) == "2h 3h 4h 5h 6h 7h JK"  # it stays at its end


def test_a_bad_end_choice_is_refused() -> None:
    """Bad input: a clear message saying what is allowed."""
    with pytest.raises(NotationError, match="'low' or 'high'"):
        meld("3h 4h JK 6h 7h").extend("5h", wild_end="middle")  # type: ignore[arg-type]


def test_an_ace_that_stands_low_stays_low() -> None:
    """RULES.md: "An ace that stands low stays low" """
    m = meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh")
    grown = m.extend("Kh")
    assert grown.cards[0] == Card.from_str("Ah") and grown.label == "A♥-K♥"
    assert make_meld(grown.cards, RULESETS["burraco"]).label == "2♥-A♥"  # a fresh meld reads it high
    with pytest.raises(InvalidMeld, match="never turns the corner"):
        meld("Ah 2h 3h").extend("Kh")


def test_an_ace_that_stands_high_stays_high() -> None:
    """RULES.md: "... one that stands high stays high." """
    m = meld("Qh JK Ah")
    grown = m.extend("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh")
    assert grown.cards[-1] == Card.from_str("Ah") and grown.wild_stands_for == Card.from_str("Kh")
    fresh = make_meld(grown.cards, RULESETS["burraco"])  # no king: a fresh meld reads the ace low
    assert fresh.cards[0] == Card.from_str("Ah")
    wild_two = meld("Qh Kh Ah").extend("2h")  # the 2 cannot go past the ace: it becomes the J
    assert codes(wild_two) == "2h Qh Kh Ah" and wild_two.wild_stands_for == Card.from_str("Jh")


def test_the_new_cards_go_to_their_natural_places() -> None:
    """RULES.md: "The new cards go to their natural places." """
    grown = meld("6s 7s 8s").extend("9s 5s 10s")
    assert codes(grown) == "5s 6s 7s 8s 9s 10s"


def test_a_wild_card_once_on_the_table_stays_on_the_table() -> None:
    """RULES.md: "A wild card once on the table stays on the table; it never goes back to a hand." """
    m = meld("4h JK 6h")
    grown = m.extend("5h")
    assert Card.joker() in grown.cards and len(grown) == 4
    assert not hasattr(m, "take_wild")


def test_extend_is_all_or_nothing_and_never_changes_the_meld() -> None:
    """issue 2: "m.extend(cards, rules): a new Meld with the cards added (all or nothing); m itself
    never changes." """
    m = meld("3h 4h 5h")
    before = m.cards
    with pytest.raises(InvalidMeld, match="this run is all hearts"):
        m.extend("6h 8s")
    with pytest.raises(InvalidMeld, match="only one wild card"):
        m.extend("JK 2s")
    with pytest.raises(InvalidMeld, match="at least one card"):
        m.extend("")
    assert m.cards == before and m.can_extend("6h") and not m.can_extend("8h")
    grown = m.extend("6h")
    assert m.cards == before and grown is not m


def test_extending_sets() -> None:
    """RULES.md: sets grow by cards of their rank and at most one wild card, within the ruleset's
    limits (`brazilian`: four cards, different suits)."""
    s = meld("9s 9h 9d")
    assert codes(s.extend("9c JK")) == "9s 9h 9d 9c JK"
    with pytest.raises(InvalidMeld, match="takes only nines"):
        s.extend("8c")
    b = meld("9s 9h 9d", "brazilian")
    assert len(b.extend("JK")) == 4
    with pytest.raises(InvalidMeld, match="at most 4 cards"):
        b.extend("9c JK")
    with pytest.raises(InvalidMeld, match="different suits"):
        b.extend("9s")


def test_extend_counts_the_decks_cards() -> None:
    """Extending never makes a third copy of a card (two 52-card decks)."""
    with pytest.raises(InvalidMeld, match="only two") as info:
        meld("9s 9h 9s").extend("9s")
    assert info.value.rule == "deck"


def test_extend_in_fechado_reaches_ace_to_ace() -> None:
    """RULES.md: "both aces as natural cards only in `fechado` (ace-to-ace)" - also by extension."""
    royal = meld(f"Ah {FOURTEEN}", "fechado")
    assert royal.buraco_type == "royal"
    top = royal.extend("Ah")
    assert top.buraco_type == "ace-to-ace" and len(top) == 14
    with pytest.raises(InvalidMeld, match="only one ace"):
        meld(f"Ah {FOURTEEN}", "burraco").extend("Ah")


def test_a_grown_melds_repr_evaluates_back() -> None:
    """A meld grown with its wild card at a chosen end is not what make_meld would arrange; its repr
    still evaluates back to it."""
    import dataclasses

    from buraco_core import parse_cards
    from buraco_core.melds import Meld as MeldClass

    grown = meld("3h 4h JK 6h 7h").extend("5h", wild_end="high")
    scope = {"Meld": MeldClass, "parse_cards": parse_cards, "RULESETS": RULESETS, "make_meld": make_meld,
             "dataclasses": dataclasses}
    assert repr(grown).startswith("Meld('run'")
    assert eval(repr(grown), scope) == grown
    low_ace = meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh").extend("Kh")
    assert eval(repr(low_ace), scope) == low_ace
