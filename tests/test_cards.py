"""Cards and their notation: parse, format, str and repr round trips, clear errors."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buraco_core import Card, NotationError, format_cards, parse_card, parse_cards, sort_cards
from buraco_core.cards import JOKER, RANK_NAMES, SUITS

EVERY_CARD = [JOKER] + [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]


def test_the_issue_example() -> None:
    """issue 2: ``parse_cards("4h 5♥ 10h Th JK 2s")``; ``format_cards`` gives the ASCII notation."""
    cards = parse_cards("4h 5♥ 10h Th JK 2s")
    assert format_cards(cards) == "4h 5h 10h 10h JK 2s"
    assert cards[2] == cards[3] and cards[1] == Card(5, "h") and cards[4].is_joker


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_parse_and_format_round_trip(card: Card) -> None:
    """Every card's ASCII code and symbol form read back to the same card."""
    assert parse_card(card.code) == card
    assert parse_card(str(card)) == card
    assert parse_cards(format_cards([card])) == [card]
    assert parse_cards(format_cards([card], symbols=True)) == [card]


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_str_and_repr_round_trip(card: Card) -> None:
    """STYLE.md: "`str(x)` is the notation a player writes ("7♥"), `repr(x)` evaluates back to `x`
    (`Card.from_str('7♥')`), and a test proves the round trip." """
    assert eval(repr(card), {"Card": Card}) == card
    assert Card.from_str(str(card)) == card
    assert repr(card) == f"Card.from_str({str(card)!r})"


def test_str_uses_suit_symbols_and_code_is_ascii() -> None:
    """issue 2: "`str` gives the notation with suit symbols"; the canonical notation is ASCII."""
    assert (str(Card(7, "h")), Card(7, "h").code) == ("7♥", "7h")
    assert (str(Card(10, "d")), Card(10, "d").code) == ("10♦", "10d")
    assert (str(Card(1, "s")), str(Card(13, "c")), str(JOKER)) == ("A♠", "K♣", "JK")


def test_card_names_in_words() -> None:
    """Cards have names for screen readers and feedback."""
    assert Card(7, "h").name == "seven of hearts"
    assert Card(1, "s").name == "ace of spades" and Card(12, "c").name == "queen of clubs"
    assert JOKER.name == "joker"


@pytest.mark.parametrize(("token", "card"), [
    ("Th", Card(10, "h")), ("tH", Card(10, "h")), ("10H", Card(10, "h")), ("T♥", Card(10, "h")),
    ("qc", Card(12, "c")), ("q♣", Card(12, "c")), ("a♠", Card(1, "s")), ("as", Card(1, "s")),
    ("jk", JOKER), ("Jk", JOKER), ("JK", JOKER), ("jd", Card(11, "d")), ("Jd", Card(11, "d")),
    ("2♦", Card(2, "d")), ("K♥", Card(13, "h")),
])
def test_t_for_ten_lower_case_and_symbols(token: str, card: Card) -> None:
    """issue 2: "ranks A 2-10 (T for 10) J Q K; suits s h d c or ♠ ♥ ♦ ♣; JK = joker" - in either case."""
    assert parse_card(token) == card


@pytest.mark.parametrize("token", ["1h", "11h", "0s", "5x", "Kz", "JJ", "J", "h", "", "10", "joker", "10hh", "♥7"])
def test_a_bad_token_raises_a_value_error_naming_it(token: str) -> None:
    """issue 2: "A bad card token raises a `ValueError` that names the token." """
    with pytest.raises(NotationError) as info:
        parse_card(token)
    assert f"'{token}'" in str(info.value)
    assert "write a rank" in str(info.value)


def test_a_bad_token_among_good_ones_is_named() -> None:
    with pytest.raises(ValueError, match="'5x' is not a card"):
        parse_cards("4h 5x 6h")
    with pytest.raises(NotationError, match="'7' is not a card"):
        parse_cards(["4h", 7])  # type: ignore[list-item]


def test_separators_and_inputs() -> None:
    """Cards separated by spaces or commas; a list of tokens or Cards also works."""
    assert parse_cards(" As,2s  3s ") == [Card(1, "s"), Card(2, "s"), Card(3, "s")]
    assert parse_cards(["As", Card(2, "s")]) == [Card(1, "s"), Card(2, "s")]
    assert parse_cards("") == []


def test_two_copies_of_a_card_are_equal_and_cards_are_frozen() -> None:
    """issue 2: "Cards are small frozen values; the two copies of a card are equal." """
    a, b = parse_cards("7h 7♥")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.rank = 8  # type: ignore[misc]


@pytest.mark.parametrize(("rank", "suit"), [(0, "h"), (14, "h"), (2, ""), (5, "x"), (-1, "s")])
def test_no_such_card(rank: int, suit: str) -> None:
    with pytest.raises(ValueError):
        Card(rank, suit)


def test_wild_card_properties() -> None:
    """RULES.md: "Wild cards: every joker and every 2." """
    assert JOKER.is_wild_card and Card(2, "c").is_wild_card
    assert not Card(1, "c").is_wild_card and not Card(3, "c").is_wild_card
    assert Card(2, "c").is_two and not JOKER.is_two


def test_sort_cards() -> None:
    cards = parse_cards("JK Kc 2h As 10h")
    assert format_cards(sort_cards(cards)) == "As 2h 10h Kc JK"
    assert format_cards(sort_cards(cards, by="rank")) == "As 2h 10h Kc JK"
    assert format_cards(sort_cards(parse_cards("3c 3s 2d"), by="rank")) == "2d 3s 3c"
    with pytest.raises(ValueError, match="choose 'suit' or 'rank'"):
        sort_cards(cards, by="colour")


@given(st.lists(st.sampled_from(EVERY_CARD), max_size=30))
def test_any_list_of_cards_round_trips_through_the_notation(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, symbols=True)) == cards


def test_rank_names_cover_the_thirteen_ranks() -> None:
    assert sorted(RANK_NAMES) == list(range(1, 14))
