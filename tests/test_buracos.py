"""Buracos (canastas): one named test for every row and the worked example of RULES.md's table."""

from __future__ import annotations

import dataclasses

import pytest

from buraco_core import RULESETS, InvalidMeld, Meld, make_meld

ALL = sorted(RULESETS)
FOURTEEN = "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"

#: RULES.md's table: how each ruleset counts each kind (None: counts as another kind; "invalid").
SEMI_CLEAN = {"buraco": "dirty", "brazilian": "dirty", "italian": "semi-clean", "burraco": "semi-clean",
              "fechado": "dirty"}


def meld(text: str, rules: str = "buraco") -> Meld:
    return make_meld(text, RULESETS[rules])


@pytest.mark.parametrize("name", ALL)
def test_a_buraco_is_seven_or_more_cards(name: str) -> None:
    """RULES.md: "Buracos (canastas): seven or more cards" """
    six = meld("4c 5c 6c 7c 8c 9c", name)
    assert not six.is_buraco and six.buraco_type is None and six.bonus == 0
    seven = meld("4c 5c 6c 7c 8c 9c 10c", name)
    assert seven.is_buraco and seven.buraco_type == "clean"


@pytest.mark.parametrize("name", ALL)
def test_clean_buraco_200_everywhere(name: str) -> None:
    """RULES.md: "clean | no wild card | 200" in all five rulesets."""
    m = meld("4c 5c 6c 7c 8c 9c 10c", name)
    assert m.buraco_type == "clean" and m.bonus == 200 and m.is_clean


@pytest.mark.parametrize("name", ALL)
def test_dirty_buraco_100_everywhere(name: str) -> None:
    """RULES.md: "dirty | any other buraco with a wild card | 100" in all five rulesets."""
    m = meld("4c 5c 6c 2h 8c 9c 10c", name)  # the wild in the middle
    assert m.buraco_type == "dirty" and m.bonus == 100 and not m.is_clean


@pytest.mark.parametrize("name", ALL)
def test_semi_clean_run_counts_per_ruleset(name: str) -> None:
    """RULES.md: "semi-clean | a wild card, and the meld without it is still a clean buraco (seven or
    more consecutive naturals with the wild at an end ...) | counts as dirty | counts as dirty | 150 |
    150 | counts as dirty" """
    m = meld("2s 4c 5c 6c 7c 8c 9c 10c", name)  # seven naturals, the wild at the low end
    assert m.natural_kind == "semi-clean"
    assert m.buraco_type == SEMI_CLEAN[name]
    assert m.bonus == (150 if SEMI_CLEAN[name] == "semi-clean" else 100)


@pytest.mark.parametrize("name", ["buraco", "italian", "burraco"])
def test_semi_clean_set_counts_per_ruleset(name: str) -> None:
    """RULES.md: semi-clean also means "seven naturals of a rank plus a wild"."""
    m = meld("Qs Qs Qh Qh Qd Qd Qc JK", name)
    assert m.buraco_type == SEMI_CLEAN[name]
    short = meld("Qs Qs Qh Qh Qd Qd JK", name)  # six naturals: the naturals alone are no buraco
    assert short.buraco_type == "dirty"


def test_a_wild_at_an_end_of_six_naturals_is_dirty() -> None:
    """RULES.md: semi-clean needs "seven or more consecutive naturals with the wild at an end"."""
    for name in ("italian", "burraco"):
        m = meld("JK 5c 6c 7c 8c 9c 10c", name)
        assert m.natural_kind == "dirty" and m.bonus == 100


@pytest.mark.parametrize("name", ALL)
def test_royal_only_in_fechado(name: str) -> None:
    """RULES.md: "royal | clean run of all thirteen ranks (A-2-...-K or 2-...-K-A) | - | - | - | - |
    500" """
    for cards in (f"Ah {FOURTEEN}", f"{FOURTEEN} Ah"):
        m = meld(cards, name)
        assert len(m) == 13 and m.natural_kind == "royal"
        if name == "fechado":
            assert m.buraco_type == "royal" and m.bonus == 500 and m.is_clean
        else:
            assert m.buraco_type == "clean" and m.bonus == 200


def test_royal_is_clean_only() -> None:
    """RULES.md: royal is a *clean* run of all thirteen ranks; with a wild card it is not royal."""
    m = meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh 2s", "fechado")  # the 2♠ stands for the K
    assert len(m) == 13 and m.buraco_type == "dirty"


@pytest.mark.parametrize("name", ALL)
def test_ace_to_ace_only_in_fechado(name: str) -> None:
    """RULES.md: "ace-to-ace | clean run A-2-...-K-A (14 cards, both aces natural) | invalid |
    invalid | invalid | invalid | 1000" """
    cards = f"Ah {FOURTEEN} Ah"
    if name == "fechado":
        m = meld(cards, name)
        assert m.buraco_type == "ace-to-ace" and m.bonus == 1000 and m.is_clean
    else:
        with pytest.raises(InvalidMeld, match="only one ace"):
            meld(cards, name)


def test_fourteen_cards_with_a_wild_ace_is_semi_clean_or_dirty() -> None:
    """RULES.md: "2♠ 2♥ 3♥ ... K♥ A♥, fourteen cards": the wild at an end of thirteen naturals."""
    for name in ALL:
        m = meld(f"2s {FOURTEEN} Ah", name)
        assert m.buraco_type == SEMI_CLEAN[name]


def test_fechado_jokers_option_counts_the_same_kinds() -> None:
    """RULES.md: fechado's `jokers` option adds jokers as wild cards; the buraco kinds stay."""
    rules = dataclasses.replace(RULESETS["fechado"], jokers=4)
    m = make_meld(f"Ah {FOURTEEN[:-3]} JK", rules)  # the joker stands for the K
    assert m.buraco_type == "dirty" and m.card_points == 15 + 10 + 5 * 5 + 10 * 5 + 20


# --- The worked example --------------------------------------------------------------------------

def test_worked_example_clean_250() -> None:
    """RULES.md: "Worked example (`buraco`): 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ is clean: 200 + 50 card points =
    250." """
    m = meld("4h 5h 6h 7h 8h 9h 10h")
    assert (m.buraco_type, m.bonus, m.card_points, m.points) == ("clean", 200, 50, 250)
    assert m.describe() == "run 4♥-10♥: clean buraco, 50 + 200 = 250 points"


def test_worked_example_dirty_165() -> None:
    """RULES.md: "With a wild 2♠ in place of the 7♥ it is dirty: 100 + 15 + 20 + 30 = 165." """
    m = meld("4h 5h 6h 2s 8h 9h 10h")
    assert m.wild_label == "7♥"
    assert (m.buraco_type, m.bonus, m.card_points, m.points) == ("dirty", 100, 65, 165)


@pytest.mark.parametrize(("name", "kind", "bonus"), [
    ("buraco", "dirty", 100), ("italian", "semi-clean", 150), ("burraco", "semi-clean", 150),
])
def test_worked_example_adding_the_7h_back(name: str, kind: str, bonus: int) -> None:
    """RULES.md: "Adding the 7♥ back to that dirty buraco moves the 2♠ to an end: eight cards, dirty
    100 under `buraco`, semi-clean 150 under `italian` and `burraco`." """
    dirty = meld("4h 5h 6h 2s 8h 9h 10h", name)
    grown = dirty.extend("7h")
    assert len(grown) == 8 and grown.wild_index in (0, 7)
    assert " ".join(c.code for c in grown.cards) == "2s 4h 5h 6h 7h 8h 9h 10h"
    assert grown.buraco_type == kind and grown.bonus == bonus
    assert grown.points == grown.card_points + bonus == 70 + bonus
