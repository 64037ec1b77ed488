"""One named test for every meld clause of RULES.md ("Common ground"), the clause in its docstring."""

from __future__ import annotations

import dataclasses

import pytest

from buraco_core import RULESETS, Card, InvalidMeld, Meld, NotationError, make_meld, parse_cards

BURACO = RULESETS["buraco"]
ALL = sorted(RULESETS)
WITH_SETS = [name for name in ALL if RULESETS[name].allow_sets]
FOURTEEN = "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"  # the twelve cards between the aces


def meld(text: str, rules: str = "buraco") -> Meld:
    return make_meld(text, RULESETS[rules])


def refusal(text: str, rules: str = "buraco") -> str:
    with pytest.raises(InvalidMeld) as info:
        make_meld(text, RULESETS[rules])
    return str(info.value)


def codes(m: Meld) -> str:
    return " ".join(c.code for c in m.cards)


# --- Wild cards ----------------------------------------------------------------------------------

@pytest.mark.parametrize("wild", ["JK", "2s", "2h", "2d", "2c"])
def test_every_joker_and_every_two_is_a_wild_card(wild: str) -> None:
    """RULES.md: "Wild cards: every joker and every 2." """
    run = meld(f"7c 8c {wild}")
    assert run.wild == Card.from_str(wild)
    assert meld(f"9s 9h {wild}").wild == Card.from_str(wild)


@pytest.mark.parametrize("cards", ["5s 5h JK 2d", "7c 8c JK 2h", "7c 8c 9c JK JK", "7c 9c 2h 2d", "5s 5h 2s 2h"])
def test_a_meld_holds_at_most_one_wild_card(cards: str) -> None:
    """RULES.md: "A meld holds at most one wild card." """
    assert "only one wild card" in refusal(cards)


def test_a_two_of_the_runs_suit_at_its_place_is_natural() -> None:
    """RULES.md: "A 2 of a run's own suit standing at its natural place (between A and 3) is a
    natural card, not the meld's wild." """
    m = meld("3h Ah 2h")
    assert codes(m) == "Ah 2h 3h"
    assert m.wild is None


def test_a_run_can_hold_a_natural_two_and_one_wild_card() -> None:
    """RULES.md: "so a run can hold a natural 2 and one wild card." """
    m = meld("Ah 2h 3h JK")
    assert m.wild == Card.from_str("JK") and codes(m) == "Ah 2h 3h JK"
    m = meld("2h 3h 4h 2s")
    assert m.wild == Card.from_str("2s") and m.cards[1] == Card.from_str("2h")
    m = meld("2h 2h 3h")  # both copies of the 2♥: one natural, one wild
    assert m.wild == Card.from_str("2h") and m.wild_stands_for == Card.from_str("Ah")


def test_in_a_set_a_two_is_always_wild() -> None:
    """RULES.md: "In a set a 2 is always wild." """
    m = meld("5h 5s 2h")
    assert m.kind == "set" and m.wild == Card.from_str("2h") and codes(m) == "5s 5h 2h"
    assert "only one wild card" in refusal("5h 5s 2h 2s")


# --- Runs ----------------------------------------------------------------------------------------

def test_a_run_is_three_or_more_cards_of_one_suit_in_sequence() -> None:
    """RULES.md: "Run: three or more cards of one suit in sequence." """
    m = meld("6h 4h 5h")
    assert m.kind == "run" and codes(m) == "4h 5h 6h" and m.label == "4♥-6♥"
    assert "at least three cards" in refusal("4h 5h")
    assert "one suit" in refusal("4h 5s 6h")
    assert "consecutive" in refusal("4h 5h 7h")


def test_the_ace_is_low_or_high() -> None:
    """RULES.md: "The ace is low (A-2-3) or high (Q-K-A)." """
    assert codes(meld("3d Ad 2d")) == "Ad 2d 3d"
    assert codes(meld("Ad Qd Kd")) == "Qd Kd Ad"
    assert meld("Ad Qd Kd").places == (12, 13, 14)


@pytest.mark.parametrize("cards", ["Kh Ah 2h 3h", "Qh Kh Ah 2h 3h", "Kh Ah 3h", "Kh 2h 3h"])
def test_a_run_never_turns_the_corner(cards: str) -> None:
    """RULES.md: "a run never turns the corner (K-A-2 as natural cards is invalid)." """
    assert "never turns the corner" in refusal(cards)


def test_k_a_2_reads_as_q_k_a_with_the_two_as_its_wild() -> None:
    """RULES.md: "Where a 2 can read as a wild on the other side of the ace, it does: K♥ A♥ 2♥ is
    the run Q-K-A with the 2♥ as its wild, while K♥ A♥ 3♥ is no meld." """
    m = meld("Kh Ah 2h")
    assert codes(m) == "2h Kh Ah"
    assert m.wild == Card.from_str("2h") and m.wild_stands_for == Card.from_str("Qh")
    assert m.label == "Q♥-A♥"
    assert "never turns the corner" in refusal("Kh Ah 3h")


def test_fourteen_places_with_the_wild_on_one_ace_place() -> None:
    """RULES.md: "A run covers at most the fourteen places A, 2, ..., K, A: ... elsewhere one of the
    two ace places may be held by the wild (2♠ 2♥ 3♥ ... K♥ A♥, fourteen cards)." """
    for name in ALL:
        m = meld(f"2s {FOURTEEN} Ah", name)
        assert len(m) == 14 and m.places == tuple(range(1, 15))
        assert m.cards[0] == Card.from_str("2s") and m.cards[-1] == Card.from_str("Ah")
        assert m.wild_stands_for == Card.from_str("Ah")


@pytest.mark.parametrize("name", ALL)
def test_both_aces_as_natural_cards_only_in_fechado(name: str) -> None:
    """RULES.md: "both aces as natural cards only in `fechado` (ace-to-ace)." """
    cards = f"Ah {FOURTEEN} Ah"
    if name == "fechado":
        m = meld(cards, name)
        assert m.wild is None and m.places == tuple(range(1, 15))
    else:
        assert "only one ace" in refusal(cards, name)


def test_a_run_covers_at_most_fourteen_places() -> None:
    """RULES.md: "A run covers at most the fourteen places A, 2, ..., K, A." """
    assert "fourteen places" in refusal(f"Ah {FOURTEEN} Ah 2s", "fechado")


def test_the_ace_stands_high_if_the_run_holds_the_king_else_low() -> None:
    """RULES.md: "Where the ace could stand at either end, it stands high if the run holds the
    king, else low." """
    m = meld(f"Ah {FOURTEEN}")  # A-2-...-K or 2-...-K-A: the run holds the king
    assert m.places == tuple(range(2, 15)) and m.label == "2♥-A♥"
    m = meld("Ah 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh JK")  # the joker stands for the 2
    assert m.cards[-1] == Card.from_str("Ah") and m.wild_stands_for == Card.from_str("2h")
    m = meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh JK")  # no king: the ace stays low
    assert m.cards[0] == Card.from_str("Ah") and m.wild_stands_for == Card.from_str("Kh")


# --- Sets ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", WITH_SETS)
def test_a_set_is_three_or_more_cards_of_one_rank(name: str) -> None:
    """RULES.md: "Set: three or more cards of one rank (2s excepted)." """
    m = meld("9d 9s 9h", name)
    assert m.kind == "set" and m.rank == 9 and codes(m) == "9s 9h 9d" and m.wild is None
    assert m.label == "nines (3 cards)"
    assert meld("Ac Ad JK", name).wild_label == "A"


@pytest.mark.parametrize("name", ALL)
def test_there_is_no_set_of_twos(name: str) -> None:
    """RULES.md: "Set: three or more cards of one rank (2s excepted)." """
    assert "two natural cards" in refusal("2s 2h 2d", name)
    assert "two natural cards" in refusal("2s 2h 2d 2c", name)


def test_brazilian_sets_hold_at_most_four_cards_of_different_suits() -> None:
    """RULES.md: "`brazilian`: a set holds at most four cards, all of different suits, the wild card
    counted among the four." """
    assert len(meld("9s 9h 9d 9c", "brazilian")) == 4
    assert meld("9s 9h 9d JK", "brazilian").wild == Card.joker()
    assert "at most 4 cards" in refusal("9s 9h 9d 9c JK", "brazilian")
    assert "different suits" in refusal("9s 9s 9h", "brazilian")
    assert "different suits" in refusal("9s 9h 9h JK", "brazilian")


def test_brazilian_set_wild_two_of_a_suit_already_there() -> None:
    """RULES.md: the wild card is "counted among the four"; it stands for a missing suit, so a wild
    2 whose own suit is already in the set is allowed (our reading; RULES.md is silent)."""
    m = meld("9s 9h 9d 2s", "brazilian")
    assert m.wild == Card.from_str("2s")


def test_other_rulesets_have_no_set_limit() -> None:
    """RULES.md: the set limits are `brazilian`'s alone; elsewhere any number of a rank."""
    for name in ("buraco", "italian", "burraco"):
        m = meld("9s 9s 9h 9h 9d 9d 9c 9c JK", name)
        assert len(m) == 9 and m.wild == Card.joker()


def test_fechado_has_no_sets() -> None:
    """RULES.md: "`fechado`: no sets." """
    assert "runs only, no sets" in refusal("9s 9h 9d", "fechado")
    assert "runs only, no sets" in refusal("9s 9h 2d", "fechado")
    assert "runs only, no sets" in refusal("9s 9s 9h 9h", "fechado")


# --- Two naturals, jokers in the deck ------------------------------------------------------------

def test_a_meld_always_needs_at_least_two_natural_cards() -> None:
    """RULES.md: "A meld always needs at least two natural cards." """
    assert "two natural cards" in refusal("2h 2h JK")
    assert "two natural cards" in refusal("JK JK 2s")
    assert "only one wild card" in refusal("5h JK 2s")  # one natural, two wild: the wild rule first
    m = meld("2h 3h JK")  # the natural 2 is one of the two naturals
    assert m.wild == Card.joker() and m.natural_cards == tuple(parse_cards("2h 3h"))


def test_fechado_is_played_without_jokers_unless_the_option_adds_them() -> None:
    """RULES.md: "`fechado`: no jokers, 104 cards; its eight 2s are its only wild cards; a `jokers`
    option adds them back at 20 points"."""
    assert "without jokers" in refusal("JK 7c 8c", "fechado")
    with_jokers = dataclasses.replace(RULESETS["fechado"], jokers=4)
    m = make_meld("JK 7c 8c", with_jokers)
    assert m.wild == Card.joker() and m.card_points == 20 + 5 + 10


def test_no_more_copies_of_a_card_than_the_deck_holds() -> None:
    """RULES.md: "Two 52-card decks plus 4 jokers": two copies of each card, four jokers."""
    assert "only two 5♠" in refusal("5s 5s 5s")
    assert "only 4 jokers" in refusal("JK JK JK JK JK 5s 5h")
    assert len(meld("5s 5s 5h")) == 3


# --- Fewest wilds and wild placement -------------------------------------------------------------

def test_the_reading_with_the_fewest_wild_cards_wins() -> None:
    """RULES.md: "Whether a 2 is natural or wild is a property of the meld's current arrangement,
    not of the card. The reading with the fewest wild cards wins (A-2-3 of one suit is clean)." """
    assert meld("Ah 2h 3h").wild is None
    assert meld("2c 3c 4c").wild is None
    m = meld("2c 4c 5c")  # no natural reading: the 2 must stand for the 3
    assert m.wild == Card.from_str("2c") and m.wild_stands_for == Card.from_str("3c")
    assert codes(m) == "2c 4c 5c"


def test_a_wild_card_fills_the_gap() -> None:
    """RULES.md (placement): the wild card "fills the one remaining gap if there is one"."""
    m = meld("9c 7c JK")
    assert codes(m) == "7c JK 9c" and m.wild_stands_for == Card.from_str("8c") and m.wild_label == "8♣"
    m = meld("4h 5h 6h 2s 8h 9h 10h")
    assert m.wild_index == 3 and m.wild_stands_for == Card.from_str("7h")


def test_without_a_gap_the_wild_stands_at_the_low_end() -> None:
    """RULES.md: "Where a wild card has a choice (no gap to fill), it stands at the low end, ...:
    JK 7♣ 8♣ 9♣" """
    m = meld("7c 8c 9c JK")
    assert codes(m) == "JK 7c 8c 9c" and m.wild_stands_for == Card.from_str("6c")
    assert m.label == "6♣-9♣"


def test_without_a_gap_the_wild_stands_high_when_the_run_starts_at_the_ace() -> None:
    """RULES.md: "... or at the high end when the run starts at the ace: ... A♥ 2♥ 3♥ 4♥ 5♥ JK." """
    m = meld("JK 5h 4h 3h 2h Ah")
    assert codes(m) == "Ah 2h 3h 4h 5h JK" and m.wild_stands_for == Card.from_str("6h")


def test_a_run_ending_at_the_high_ace_puts_its_wild_low() -> None:
    """RULES.md: the wild stands at the low end unless the run starts at the ace; Q-K-A does not."""
    assert codes(meld("Qh Kh Ah JK")) == "JK Qh Kh Ah"


# --- Refusals in learner words -------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "name", "words", "rule"), [
    ("4h 5h", "buraco", ["at least three cards"], "run"),
    ("4h 5s 6h", "buraco", ["run", "one suit", "set", "one rank"], "run"),
    ("4h 5s 6h", "fechado", ["run", "one suit", "no sets"], "run"),
    ("4h 5h 7h", "buraco", ["consecutive", "gap", "no wild card"], "run"),
    ("4h 7h JK", "buraco", ["consecutive", "2 gaps", "one wild card"], "wild-one"),
    ("Ah 2h 4h", "buraco", ["consecutive", "gap", "2"], "natural-two"),
    ("4h 4h 5h", "buraco", ["same card twice"], "run"),
    ("5s 5h JK 2d", "buraco", ["only one wild card", "joker", "2"], "wild-one"),
    ("2s 2h 2d", "buraco", ["two natural cards", "no sets of 2s"], "two-naturals"),
    ("Kh Ah 3h", "buraco", ["never turns the corner", "K-A-2"], "run"),
    (f"Ah {FOURTEEN} Ah", "buraco", ["only one ace", "Fechado"], "run-places"),
    (f"Ah {FOURTEEN} Ah 2s", "fechado", ["fourteen places"], "run-places"),
    ("Ah Ah 2h", "fechado", ["ace-to-ace", "every place"], "ace-to-ace"),
    ("9s 9h 9d", "fechado", ["Buraco Fechado", "runs only", "no sets"], "no-sets"),
    ("9s 9h 9d 9c JK", "brazilian", ["at most 4 cards", "wild card counted"], "set-brazilian"),
    ("9s 9s 9h", "brazilian", ["different suits"], "set-brazilian"),
    ("9s 9h 8h", "buraco", ["neither"], "run"),
    ("9s 9h 8d JK", "buraco", ["neither"], "run"),
    ("9s 9h JK 2d", "buraco", ["only one wild card", "in a set every 2 is wild"], "wild-one"),
    ("JK 7c 8c", "fechado", ["without jokers", "2s"], "deck"),
    ("5s 5s 5s", "buraco", ["deck holds only two 5♠"], "deck"),
])
def test_every_refusal_names_the_broken_rule(cards: str, name: str, words: list[str], rule: str) -> None:
    """Every InvalidMeld names the clause it applies, and its message the broken rule in learner
    words."""
    with pytest.raises(InvalidMeld) as info:
        make_meld(cards, name)
    assert info.value.rule == rule, f"{cards}: {info.value.rule!r}, not {rule!r}"
    message = refusal(cards, name)
    for word in words:
        assert word in message, f"{word!r} missing from {message!r}"


def test_invalid_meld_is_a_value_error_and_a_bad_token_is_named() -> None:
    """issue 2: "make_meld ... raises InvalidMeld (a ValueError)"; "A bad card token raises a
    ValueError that names the token"."""
    assert issubclass(InvalidMeld, ValueError)
    with pytest.raises(NotationError, match="'Zz' is not a card") as info:
        make_meld("4h 5h Zz", BURACO)
    assert not isinstance(info.value, InvalidMeld)  # notation, not a rule
    with pytest.raises(ValueError, match="no ruleset called 'canasta'"):
        make_meld("4h 5h 6h", "canasta")


def test_make_meld_takes_text_tokens_cards_and_ruleset_names() -> None:
    """The public API: cards as text, a list of tokens or of Cards; rules as a Rules or a name."""
    expected = meld("4h 5h 6h")
    assert make_meld(["6h", "4♥", "5h"], "buraco") == expected
    assert make_meld(parse_cards("5h 6h 4h"), BURACO) == expected
    assert make_meld("4h,5h,6h", BURACO) == expected
    assert expected != make_meld("4h 5h 6h", "italian")  # the ruleset is part of the meld


def test_a_meld_is_a_frozen_value_that_shows_itself() -> None:
    """A meld never changes; str is the notation with suit symbols, repr evaluates back."""
    m = meld("7c 8c 9c JK")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.kind = "set"  # type: ignore[misc]
    assert str(m) == "JK 7♣ 8♣ 9♣"
    assert eval(repr(m), {"make_meld": make_meld, "RULESETS": RULESETS}) == m
    assert m.describe() == "run 6♣-9♣, JK standing for 6♣: 55 points"
    assert hash(m) == hash(meld("JK 9c 8c 7c"))


def test_a_sets_wild_stands_for_a_missing_suit() -> None:
    """In a set the wild card stands for a card of the set's rank (``wild_label`` is the rank)."""
    m = meld("9s 9h 9d JK", "brazilian")
    assert m.wild_stands_for == Card.from_str("9c") and m.wild_label == "9"
    assert meld("9s 9h 9d 9c 9s 2d").wild_stands_for == Card.from_str("9s")
