"""The SVG module: valid XML, names for screen readers, the joker, four colours, the wild ribbon,
meld captions, determinism and size."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buraco_core import Card, InvalidMeld, make_meld, parse_cards
from buraco_core import svg as svgmod
from buraco_core.cards import SUITS
from buraco_core.svg import card_back_svg, card_svg, cards_svg, meld_svg

NS = "{http://www.w3.org/2000/svg}"
ALL_CARDS = [Card(0, "")] + [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def fills(svg: str) -> set[str]:
    return set(re.findall(r'fill="(#[0-9a-f]{6})"', svg))


def ribbons(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(NS + "rect") if e.get("fill") == svgmod._RIBBON]


def card_groups(root: ET.Element) -> list[ET.Element]:
    """The cards of a row or meld: the groups that carry their own title."""
    return [g for g in root.iter(NS + "g") if g.find(NS + "title") is not None]


def number(text: str | None) -> float:
    assert text is not None
    return float(text)


# --- one card ---------------------------------------------------------------------------------

def test_all_53_distinct_cards_are_valid_xml_with_names() -> None:
    assert len(set(ALL_CARDS)) == 53
    for card in ALL_CARDS:
        for four_color in (False, True):
            root = parse(card_svg(card, four_color=four_color))
            assert root.get("role") == "img"
            assert root.get("aria-label") == card.name
            title = root.find(NS + "title")
            assert title is not None and title.text == card.name
            assert root.get("viewBox") == "0 0 100 140"


def test_names_read_like_a_player_says_them() -> None:
    assert parse(card_svg(Card(7, "h"))).get("aria-label") == "seven of hearts"
    assert parse(card_svg(Card(1, "s"))).get("aria-label") == "ace of spades"
    joker = parse(card_svg(Card(0, ""), stands_for="7♥"))
    assert joker.get("aria-label") == "joker, standing for seven of hearts"
    title = joker.find(NS + "title")
    assert title is not None and title.text == "joker, standing for seven of hearts"
    assert parse(card_svg(Card(2, "c"), stands_for="7")).get("aria-label") == "two of clubs, standing for a seven"
    assert parse(card_svg(Card(2, "c"), stands_for="A")).get("aria-label") == "two of clubs, standing for an ace"
    assert parse(card_svg(Card(2, "c"), stands_for="10d")).get("aria-label") == (
        "two of clubs, standing for ten of diamonds")


def test_every_card_shows_its_rank_in_the_corner() -> None:
    for card in ALL_CARDS[1:]:
        texts = [t.text for t in parse(card_svg(card)).iter(NS + "text")]
        assert texts[0] == card.rank_name


def test_joker_is_distinct_from_every_other_card() -> None:
    joker_svg = card_svg(Card(0, ""))
    joker = parse(joker_svg)
    letters = "".join(t.text or "" for t in joker.iter(NS + "text"))
    assert letters == "JOKER"
    assert joker.find(NS + "polygon") is not None  # the star
    face = joker.find(NS + "rect")
    assert face is not None
    for card in ALL_CARDS[1:]:
        for four_color in (False, True):
            other_svg = card_svg(card, four_color=four_color)
            other_face = parse(other_svg).find(NS + "rect")
            assert other_face is not None and other_face.get("fill") != face.get("fill")
            # the joker's colours appear on no other card
            assert svgmod._JOKER_INK not in other_svg and svgmod._JOKER_STAR not in other_svg
            assert "JOKER" not in other_svg


def test_four_colour_deck_changes_diamonds_and_clubs_only() -> None:
    for rank in range(1, 14):
        assert card_svg(Card(rank, "s")) == card_svg(Card(rank, "s"), four_color=True)
        assert card_svg(Card(rank, "h")) == card_svg(Card(rank, "h"), four_color=True)
        diamonds, diamonds4 = card_svg(Card(rank, "d")), card_svg(Card(rank, "d"), four_color=True)
        clubs, clubs4 = card_svg(Card(rank, "c")), card_svg(Card(rank, "c"), four_color=True)
        assert svgmod._RED in fills(diamonds) and svgmod._BLUE not in fills(diamonds)
        assert svgmod._BLUE in fills(diamonds4) and svgmod._RED not in fills(diamonds4)
        assert svgmod._BLACK in fills(clubs) and svgmod._GREEN not in fills(clubs)
        assert svgmod._GREEN in fills(clubs4) and svgmod._BLACK not in fills(clubs4)


def test_red_and_black_by_default() -> None:
    assert svgmod._RED in fills(card_svg(Card(5, "h"))) and svgmod._BLACK not in fills(card_svg(Card(5, "h")))
    assert svgmod._BLACK in fills(card_svg(Card(5, "s"))) and svgmod._RED not in fills(card_svg(Card(5, "s")))


def test_stands_for_ribbon_only_when_given() -> None:
    for card in ALL_CARDS:
        assert ribbons(parse(card_svg(card))) == []
    root = parse(card_svg(Card(2, "s"), stands_for="7♥"))
    assert len(ribbons(root)) == 1
    texts = [t.text for t in root.iter(NS + "text")]
    assert "7" in texts
    heart = svgmod._SUIT_PATHS["h"]
    assert sum(p.get("d") == heart for p in root.iter(NS + "path")) == 1  # the ribbon's heart
    # a set's wild stands for a rank: no suit in the ribbon
    root = parse(card_svg(Card(0, ""), stands_for="Q"))
    assert len(ribbons(root)) == 1 and "Q" in [t.text for t in root.iter(NS + "text")]


@pytest.mark.parametrize("bad", ["7x", "", "JK", "<b>", "1h", "11"])
def test_bad_stands_for_is_refused_with_a_reason(bad: str) -> None:
    with pytest.raises(ValueError, match="stands_for must be a card such as"):
        card_svg(Card(2, "s"), stands_for=bad)


def test_face_down_hides_the_card() -> None:
    svg = card_svg(Card(7, "h"), face_down=True)
    root = parse(svg)
    assert root.get("aria-label") == "a face-down card"
    assert "seven" not in svg and svgmod._RED not in svg
    assert card_back_svg() == card_svg(Card(0, ""), face_down=True)
    assert parse(card_back_svg(width=45)).get("width") == "45"
    assert "<text" not in card_back_svg(lang="de")      # no „B“ on the back, which reads as a Bube in German


def test_selected_card_is_ringed_and_says_so() -> None:
    plain, ringed = card_svg(Card(7, "h")), card_svg(Card(7, "h"), selected=True)
    assert svgmod._SELECTED not in plain and svgmod._SELECTED in ringed
    root = parse(ringed)
    assert root.get("aria-label") == "seven of hearts, selected"
    # selecting does not change the card's size (nothing jumps in a page)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("60", "84", "0 0 100 140")


@pytest.mark.parametrize("width", [30, 60, 90, 121])
def test_width_is_respected(width: int) -> None:
    root = parse(card_svg(Card(9, "d"), width=width))
    assert number(root.get("width")) == width
    assert number(root.get("height")) == pytest.approx(width * 1.4, abs=0.01)
    for svg in (cards_svg(parse_cards("4h 5h 6h"), width=width, overlap=0.3),
                meld_svg(make_meld("4h 5h 6h", "buraco"), width=width)):
        root = parse(svg)
        view = [float(v) for v in (root.get("viewBox") or "").split()]
        # one card (100 units) is `width` pixels, horizontally and vertically
        assert number(root.get("width")) / view[2] * 100 == pytest.approx(width, abs=0.05)
        assert number(root.get("height")) / view[3] * 100 == pytest.approx(width, abs=0.05)


@pytest.mark.parametrize("width", [0, -5, 1.5, True, "60"])
def test_bad_width_is_refused(width: object) -> None:
    with pytest.raises(ValueError, match="width must be a positive whole number"):
        card_svg(Card(9, "d"), width=width)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="width must be a positive whole number"):
        cards_svg([Card(9, "d")], width=width)  # type: ignore[arg-type]


# --- rows -------------------------------------------------------------------------------------

def test_row_raises_the_selected_cards() -> None:
    cards = parse_cards("4h 5h JK Qs 10d")
    root = parse(cards_svg(cards, overlap=0.5, selected=[2, 4]))
    groups = card_groups(root)
    assert [g.findtext(NS + "title") for g in groups] == [c.name for c in cards]
    assert [g.get("data-index") for g in groups] == ["0", "1", "2", "3", "4"]
    assert [g.get("class") for g in groups] == ["card", "card", "card selected", "card", "card selected"]
    ys = [float(re.findall(r"[-\d.]+", g.get("transform") or "")[1]) for g in groups]
    assert ys[2] < ys[0] and ys[4] < ys[0]
    assert ys[0] == ys[1] == ys[3]
    assert root.get("aria-label") == ("5 cards: four of hearts, five of hearts, joker (selected), "
                                      "queen of spades, ten of diamonds (selected)")


def test_row_overlap_brings_cards_closer() -> None:
    cards = parse_cards("4h 5h 6h 7h")
    wide = parse(cards_svg(cards))
    tight = parse(cards_svg(cards, overlap=0.6))
    assert number(tight.get("width")) < number(wide.get("width"))
    xs = [float(re.findall(r"[-\d.]+", g.get("transform") or "")[0]) for g in card_groups(wide)]
    assert all(b - a > 100 for a, b in itertools.pairwise(xs))  # side by side, nothing hidden


def test_row_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match=r"overlap must be between 0 and 0\.7"):
        cards_svg(parse_cards("4h 5h"), overlap=0.9)
    with pytest.raises(ValueError, match="positions of these cards are 0 to 1"):
        cards_svg(parse_cards("4h 5h"), selected=[2])


def test_empty_row() -> None:
    root = parse(cards_svg([]))
    assert root.get("aria-label") == "no cards"


@given(
    st.lists(st.sampled_from(ALL_CARDS), max_size=15),
    st.floats(min_value=0, max_value=0.7),
    st.booleans(),
    st.data(),
)
def test_any_row_is_valid_xml_naming_its_cards(cards: list[Card], overlap: float, four_color: bool,
                                               data: st.DataObject) -> None:
    selected = data.draw(st.sets(st.integers(0, len(cards) - 1))) if cards else set()
    root = parse(cards_svg(cards, overlap=overlap, four_color=four_color, selected=selected))
    names = [g.findtext(NS + "title") for g in card_groups(root)]
    assert names == [c.name for c in cards]


# --- melds ------------------------------------------------------------------------------------

def test_dirty_buraco_marks_its_wild_and_shows_the_caption() -> None:
    meld = make_meld("4h 5h 6h 2s 8h 9h 10h", "buraco")
    root = parse(meld_svg(meld))
    groups = card_groups(root)
    assert len(groups) == 7
    assert meld.wild_index == 3
    assert groups[3].findtext(NS + "title") == "two of spades, standing for seven of hearts"
    assert [len(ribbons(g)) for g in groups] == [0, 0, 0, 1, 0, 0, 0]
    assert "7" in [t.text for t in groups[3].iter(NS + "text")]
    captions = [t.text for t in root.iter(NS + "text") if t.text and "points" in t.text]
    assert captions == ["dirty buraco · 165 points"]
    assert captions == [f"{meld.buraco_type} buraco · {meld.points} points"]
    assert root.get("aria-label", "").startswith("dirty buraco, 165 points: four of hearts,")


def test_clean_buraco_has_no_ribbon() -> None:
    meld = make_meld("4h 5h 6h 7h 8h 9h 10h", "buraco")
    root = parse(meld_svg(meld))
    assert ribbons(root) == []
    assert "clean buraco · 250 points" in [t.text for t in root.iter(NS + "text")]


@pytest.mark.parametrize("ruleset", ["buraco", "brazilian", "italian", "burraco", "fechado"])
def test_caption_follows_the_ruleset(ruleset: str) -> None:
    drawn = 0
    for notation in ("4h 5h 6h 7h 8h 9h 10h JK", "4h 5h 6h 7h 8h 9h 10h 2c", "7h 7s 7d 7c 7h 7s 2c",
                     "7h 7s 2d", "9c 7c JK", "Ah 2h 3h", "Qd Kd Ad 2d", "3s 4s 5s 6s 7s 8s 9s 10s",
                     "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"):
        try:
            meld = make_meld(notation, ruleset)
        except InvalidMeld:
            continue  # not a meld in this ruleset
        drawn += 1
        root = parse(meld_svg(meld, four_color=True))
        texts = [t.text for t in root.iter(NS + "text")]
        what = f"{meld.buraco_type} buraco" if meld.buraco_type else meld.kind
        assert f"{what} · {meld.points} points" in texts
        assert len(ribbons(root)) == (meld.wild is not None)
        label = meld.wild_label
        if label is not None:
            assert label in texts or label[:-1] in texts
    assert drawn >= 5


def test_set_wild_stands_for_a_rank() -> None:
    meld = make_meld("7c 7d JK", "buraco")
    root = parse(meld_svg(meld))
    assert card_groups(root)[2].findtext(NS + "title") == "joker, standing for a seven"
    assert "set · 40 points" in [t.text for t in root.iter(NS + "text")]


def test_natural_two_is_not_marked() -> None:
    meld = make_meld("As 2s 3s", "buraco")
    assert meld.wild is None
    assert ribbons(parse(meld_svg(meld))) == []


def test_meld_corners_stay_visible() -> None:
    """Each next card starts far enough right that the rank and suit in the corner show."""
    root = parse(meld_svg(make_meld("4h 5h 6h 7h 8h 9h 10h JK", "buraco")))
    xs = [float(re.findall(r"[-\d.]+", g.get("transform") or "")[0]) for g in card_groups(root)]
    assert all(b - a >= 30 for a, b in itertools.pairwise(xs))


# --- determinism and the objects' own drawing --------------------------------------------------

def _sample() -> str:
    meld = make_meld("4h 5h 6h 2s 8h 9h 10h", "buraco")
    return (meld_svg(meld) + cards_svg(parse_cards("4h JK 5h Qs"), selected={3, 1}, overlap=0.4)
            + card_svg(Card(0, ""), stands_for="7♥") + card_back_svg())


def test_deterministic() -> None:
    assert _sample() == _sample()
    code = "from tests.test_svg import _sample; import sys; sys.stdout.write(_sample())"
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       env={"PYTHONHASHSEED": seed, "PYTHONIOENCODING": "utf-8"}).stdout
        for seed in ("1", "2")
    }
    assert outputs == {_sample()}


def test_repr_svg_of_card_and_meld() -> None:
    card = Card(12, "d")
    assert card._repr_svg_() == card_svg(card)
    assert parse(card._repr_svg_()).get("aria-label") == "queen of diamonds"
    meld = make_meld("9c 7c JK", "buraco")
    assert meld._repr_svg_() == meld_svg(meld)
    assert "joker, standing for eight of clubs" in meld._repr_svg_()
