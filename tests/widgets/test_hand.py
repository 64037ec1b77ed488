"""Hand: selection through the trait, sorting by the engine's sort_cards, keyboard-ready markup."""

import pytest
from buraco_widgets import Hand

from buraco_core import parse_cards, sort_cards


def test_constructor_takes_notation_and_cards() -> None:
    assert Hand("4h 5♥ JK").codes == ["4h", "5h", "JK"]
    assert Hand(parse_cards("Qc 2s")).codes == ["Qc", "2s"]
    with pytest.raises(ValueError, match="'5x' is not a card"):
        Hand("4h 5x")


def test_selection_via_the_trait_gives_the_cards() -> None:
    hand = Hand("4h 5h 6h JK")
    hand.selected = [3, 0]
    assert [c.code for c in hand.selected_cards] == ["JK", "4h"]


def test_toggle_selects_and_deselects_like_a_click() -> None:
    hand = Hand("4h 5h 6h")
    hand.toggle(1)
    hand.toggle(2)
    assert hand.selected == [1, 2]
    hand.toggle(1)
    assert hand.selected == [2]


def test_selection_drops_bad_and_repeated_indices() -> None:
    hand = Hand("4h 5h")
    hand.selected = [1, 1, 7, -1, 0]
    assert hand.selected == [1, 0]


def test_single_selection_mode_keeps_the_last_pick() -> None:
    hand = Hand("4h 5h 6h", multiple=False)
    hand.toggle(0)
    hand.toggle(2)
    assert hand.selected == [2]


def test_disabled_hand_ignores_clicks() -> None:
    hand = Hand("4h 5h", disabled=True)
    hand.toggle(0)
    assert hand.selected == []


def test_select_cards_by_notation_and_refusal() -> None:
    hand = Hand("7h 7h 8c")
    hand.select_cards("7h 7h")
    assert hand.selected == [0, 1]
    with pytest.raises(ValueError, match="not in this hand"):
        hand.select_cards("9s")


@pytest.mark.parametrize("by", ["suit", "rank"])
def test_sorting_uses_the_engine_and_keeps_the_selection(by: str) -> None:
    text = "Kc 4h JK 2s 4d Ah 4h"
    hand = Hand(text)
    hand.select_cards("JK 4d")
    hand.sort_by = by
    assert hand.codes == [c.code for c in sort_cards(parse_cards(text), by=by)]
    assert sorted(c.code for c in hand.selected_cards) == ["4d", "JK"]
    assert [i["code"] for i in hand._items] == hand.codes


def test_new_cards_stay_sorted_and_clear_the_selection() -> None:
    hand = Hand("Kc 4h", sort_by="rank")
    hand.selected = [0]
    hand.cards = "9s 3h JK"
    assert hand.codes == [c.code for c in sort_cards(parse_cards("9s 3h JK"), by="rank")]
    assert hand.selected == []


def test_bad_sort_is_refused() -> None:
    hand = Hand("4h")
    with pytest.raises(Exception, match="sort_by must be"):
        hand.sort_by = "colour"


def test_each_card_is_sent_with_its_name_and_drawing() -> None:
    hand = Hand("7h JK")
    assert [i["name"] for i in hand._items] == ["seven of hearts", "joker"]
    assert all(i["svg"].startswith("<svg") for i in hand._items)


def test_front_end_files_are_shipped_files_with_stable_hooks() -> None:
    from buraco_widgets._common import STATIC

    js = (STATIC / "hand.js").read_text()
    for hook in ('"card"', "aria-pressed", "aria-label", 'role: "button"', "sort-suit", "sort-rank", "ArrowRight"):
        assert hook in js
    assert "export default" in str(Hand._esm)  # anywidget read the shipped file
