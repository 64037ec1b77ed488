"""Property tests of the meld engine (Hypothesis), checked against an independent oracle.

The oracle below does not call :func:`make_meld`: it reads RULES.md's meld clauses the slow and
obvious way. For a run it tries every suit and every window of places (1 = low ace ... 14 = high
ace), puts each natural card on its own place, and counts the places left for wild cards; for a
set it checks the rank, the wild card and the ruleset's limits. Then it applies RULES.md's
tie-breaks (fewest wild cards; the ace high when the run holds the king; the wild card in the
gap, else at the low end, or at the high end when the run starts at the ace).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from meld_shapes import run_shapes

from buraco_core import CLAUSES, RULESETS, Card, InvalidMeld, Meld, NotationError, Rules, make_meld
from buraco_core.cards import SUITS
from buraco_core.messages import catalog

RULESET_NAMES = sorted(RULESETS)
ALL_RULES = [*RULESETS.values(), dataclasses.replace(RULESETS["fechado"], jokers=4)]
JOKER = Card(0, "")
DISTINCT_CARDS = [JOKER] + [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
HIGH_ACE = 14


# ----------------------------------------------------------------------------------------------
# The independent oracle
# ----------------------------------------------------------------------------------------------

def is_wild_card(card: Card) -> bool:
    return card.rank == 0 or card.rank == 2


def natural_at(place: int, suit: str) -> Card:
    """The card that belongs at a place of a run of this suit."""
    return Card(1 if place == HIGH_ACE else place, suit)


@dataclasses.dataclass(frozen=True)
class RunReading:
    suit: str
    low: int
    wild_place: int | None  # the place held by a wild card, or None

    @property
    def wilds(self) -> int:
        return 0 if self.wild_place is None else 1


def supply_ok(cards: Sequence[Card], rules: Rules) -> bool:
    """No more copies of a card than the ruleset's deck holds."""
    return all(n <= (rules.jokers if card.rank == 0 else rules.decks) for card, n in Counter(cards).items())


def run_readings(cards: Sequence[Card], rules: Rules, fixed_ace: int | None = None) -> list[RunReading]:
    """Every way to read the cards as a run with at most one wild card and two naturals.

    Each natural card goes to its own place; an ace to place 1 or 14 (every choice is tried);
    whatever is left over must be one wild card, on the one place left empty.
    """
    n = len(cards)
    readings = []
    for suit in SUITS:
        ace = Card(1, suit)
        for low in range(1, HIGH_ACE - n + 2):
            places = range(low, low + n)
            ace_places = [p for p in (1, HIGH_ACE) if p in places]
            ace_choices = [()] + [(p,) for p in ace_places] + ([tuple(ace_places)] if len(ace_places) == 2 else [])
            for aces_at in ace_choices:
                pool = Counter(cards)
                if pool[ace] < len(aces_at):
                    continue
                pool[ace] -= len(aces_at)
                missing = []
                natural_places = list(aces_at)
                for place in places:
                    if place in (1, HIGH_ACE):
                        if place not in aces_at:
                            missing.append(place)
                        continue
                    want = natural_at(place, suit)
                    if pool[want]:
                        pool[want] -= 1
                        natural_places.append(place)
                    else:
                        missing.append(place)
                extra = list(pool.elements())
                if len(missing) != len(extra) or len(missing) > 1:
                    continue
                if extra and not is_wild_card(extra[0]):
                    continue
                if len(natural_places) < 2:
                    continue
                if len(aces_at) == 2 and not rules.ace_to_ace:
                    continue
                if fixed_ace is not None and aces_at and fixed_ace not in aces_at:
                    continue
                readings.append(RunReading(suit, low, missing[0] if missing else None))
    return readings


def canonical_run(readings: list[RunReading], n: int, cards: Sequence[Card]) -> RunReading | None:
    """RULES.md's choice among run readings (make_meld's; no wild card to keep in place)."""
    if not readings:
        return None
    fewest = min(r.wilds for r in readings)
    best = [r for r in readings if r.wilds == fewest]

    def ace_high(r: RunReading) -> bool:
        return r.low + n - 1 == HIGH_ACE and r.wild_place != HIGH_ACE

    def ace_low(r: RunReading) -> bool:
        return r.low == 1 and r.wild_place != 1

    # where the ace could stand at either end, it stands high if the run holds the king, else low
    if any(ace_high(r) for r in best) and any(ace_low(r) for r in best):
        holds_king = any(c.rank == 13 for c in cards)
        best = [r for r in best if (ace_high(r) if holds_king else not ace_high(r))]
    # what is left differs only in where the wild card stands at an end: the low end if it can
    return min(best, key=lambda r: r.low)


def oracle(cards: Sequence[Card], rules: Rules) -> tuple[str, object] | None:
    """("set", (rank, has_wild)) or ("run", RunReading), or None when no meld."""
    if len(cards) < 3 or not supply_ok(cards, rules):
        return None
    naturals = [c for c in cards if not is_wild_card(c)]
    wilds = [c for c in cards if is_wild_card(c)]
    ranks = {c.rank for c in naturals}
    if len(naturals) >= 2 and len(ranks) == 1 and rules.allow_sets:
        if len(wilds) > 1:
            return None
        if rules.set_max_cards is not None and len(cards) > rules.set_max_cards:
            return None
        if rules.set_distinct_suits and len({c.suit for c in naturals}) < len(naturals):
            return None
        return "set", (naturals[0].rank, bool(wilds))
    reading = canonical_run(run_readings(cards, rules), len(cards), cards)
    return None if reading is None else ("run", reading)


def check_invariants(m: Meld, rules: Rules) -> None:
    """What every meld on the table satisfies, checked from its cards alone."""
    n = len(m.cards)
    assert n >= 3
    assert m.kind in ("run", "set")
    wild_positions = [i for i, c in enumerate(m.cards) if i == m.wild_index]
    assert len(wild_positions) <= 1
    if m.wild_index is not None:
        assert is_wild_card(m.cards[m.wild_index])
        assert m.wild is m.cards[m.wild_index]
    else:
        assert m.wild is None
    naturals = [c for i, c in enumerate(m.cards) if i != m.wild_index]
    assert len(naturals) >= 2
    if m.kind == "set":
        assert rules.allow_sets
        rank = naturals[0].rank
        assert rank not in (0, 2)
        assert all(c.rank == rank for c in naturals)
        if rules.set_max_cards is not None:
            assert n <= rules.set_max_cards
        if rules.set_distinct_suits:
            assert len({c.suit for c in naturals}) == len(naturals)
    else:
        suit = m.suit
        assert suit in SUITS
        assert m.low >= 1 and m.low + n - 1 <= HIGH_ACE
        for i, card in enumerate(m.cards):
            if i != m.wild_index:
                assert card == natural_at(m.low + i, suit), f"{card} is not at its place in {m}"
        aces = [i for i, c in enumerate(naturals) if c.rank == 1]
        if len(aces) == 2:
            assert rules.ace_to_ace and n == 14
        if m.wild_index is not None:
            assert m.wild_stands_for == natural_at(m.low + m.wild_index, suit)
    assert supply_ok(m.cards, rules)
    assert m.card_points == sum(rules.card_values[c.rank] for c in m.cards)
    assert m.points == m.card_points + m.bonus
    assert m.is_buraco == (n >= rules.min_buraco)
    assert (m.buraco_type is None) == (not m.is_buraco)
    if m.buraco_type in ("clean", "royal", "ace-to-ace"):
        assert m.wild is None
    if m.buraco_type in ("dirty", "semi-clean"):
        assert m.wild is not None


def run_places(m: Meld) -> dict[int, Card]:
    return {m.low + i: c for i, c in enumerate(m.cards)}


# ----------------------------------------------------------------------------------------------
# Strategies
# ----------------------------------------------------------------------------------------------

rules_st = st.sampled_from(ALL_RULES)
any_card = st.sampled_from(DISTINCT_CARDS)
wild_st = st.sampled_from([JOKER, *(Card(2, s) for s in SUITS)])


@st.composite
def near_melds(draw: st.DrawFn) -> list[Card]:
    """A slice of a run or a set, maybe with wild cards swapped in or cards added; shuffled."""
    if draw(st.booleans()):
        suit = draw(st.sampled_from(SUITS))
        n = draw(st.integers(2, 14))
        low = draw(st.integers(1, HIGH_ACE - n + 1))
        cards = [natural_at(p, suit) for p in range(low, low + n)]
    else:
        rank = draw(st.sampled_from([1, *range(3, 14)]))
        cards = [Card(rank, s) for s in draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=8))]
    for _ in range(draw(st.integers(0, 2))):
        if cards and draw(st.booleans()):
            cards[draw(st.integers(0, len(cards) - 1))] = draw(wild_st)
        else:
            cards.append(draw(st.one_of(wild_st, any_card)))
    return draw(st.permutations(cards))


card_lists = st.one_of(near_melds(), st.lists(any_card, min_size=0, max_size=20))
valid_meld_inputs = st.tuples(near_melds(), rules_st)


def valid_meld(cards: list[Card], rules: Rules) -> Meld:
    try:
        return make_meld(cards, rules)
    except InvalidMeld:
        assume(False)
        raise


# ----------------------------------------------------------------------------------------------
# The properties
# ----------------------------------------------------------------------------------------------

@given(card_lists, rules_st)
def test_make_meld_agrees_with_the_independent_oracle(cards: list[Card], rules: Rules) -> None:
    """Valid exactly when the oracle finds a reading; and then the same kind, suit, places and wild."""
    expected = oracle(cards, rules)
    try:
        m = make_meld(cards, rules)
    except InvalidMeld as exc:
        assert expected is None, f"{cards} refused ({exc}) but the oracle reads {expected}"
        return
    assert expected is not None, f"{cards} accepted as {m} but the oracle finds no meld"
    kind, detail = expected
    assert m.kind == kind
    if kind == "run":
        assert isinstance(detail, RunReading)
        assert (m.suit, m.low, m.wild_place) == (detail.suit, detail.low, detail.wild_place), str(m)
    else:
        assert (m.rank, m.wild is not None) == detail
    assert Counter(m.cards) == Counter(cards)
    check_invariants(m, rules)


@given(card_lists, rules_st, st.randoms(use_true_random=False))
def test_make_meld_does_not_depend_on_input_order(cards: list[Card], rules: Rules, rnd: random.Random) -> None:
    """The same cards in another order give an equal meld, or the same refusal."""
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    def outcome(cs: list[Card]) -> object:
        try:
            return make_meld(cs, rules)
        except InvalidMeld as exc:
            return str(exc)
    assert outcome(cards) == outcome(shuffled)


@given(valid_meld_inputs)
def test_a_melds_arrangement_is_valid_again_and_gives_the_same_meld(args: tuple[list[Card], Rules]) -> None:
    cards, rules = args
    m = valid_meld(cards, rules)
    again = make_meld(m.cards, rules)
    assert again == m
    assert again.cards == m.cards and again.wild_index == m.wild_index
    assert make_meld(str(m), rules) == m  # the notation with suit symbols reads back too


def expected_extension_ok(m: Meld, extra: list[Card], rules: Rules) -> bool:
    """The oracle's view: can these cards join this meld, the ace keeping its end?"""
    combined = list(m.cards) + extra
    if m.kind == "set":
        reading = oracle(combined, rules)
        return reading is not None and reading[0] == "set" and reading[1] in ((m.rank, True), (m.rank, False))
    if not supply_ok(combined, rules):
        return False
    ace = next((m.low + i for i, c in enumerate(m.cards) if c.rank == 1 and i != m.wild_index), None)
    return any(r.suit == m.suit for r in run_readings(combined, rules, fixed_ace=ace))


def check_extension(m: Meld, extra: list[Card], rules: Rules, wild_end: str | None) -> Meld | None:
    """Extend and check everything RULES.md says about it; return the new meld or None."""
    before = (m.kind, m.cards, m.wild_index, m.low, m.rank, m.suit, m.points, hash(m))
    expected_ok = expected_extension_ok(m, extra, rules)
    try:
        grown = m.extend(extra, rules, wild_end=wild_end)  # type: ignore[arg-type]
    except InvalidMeld as exc:
        assert_names_a_rule(exc)
        assert not expected_ok, f"{m} + {extra} refused ({exc}), but the cards can be read as a meld"
        grown = None
    assert (m.kind, m.cards, m.wild_index, m.low, m.rank, m.suit, m.points, hash(m)) == before
    if grown is None:
        return None
    assert expected_ok, f"{m} + {extra} gave {grown}, but the oracle finds no reading"
    assert Counter(grown.cards) == Counter(m.cards) + Counter(extra)
    assert grown.kind == m.kind
    check_invariants(grown, rules)
    if m.kind == "set":
        assert grown.rank == m.rank
        return grown
    assert grown.suit == m.suit
    old, new = run_places(m), run_places(grown)
    for place, card in old.items():
        if place != m.wild_place and card.rank != 2:
            assert new.get(place) == card, f"{card} left its place: {m} -> {grown}"
    if grown.wild_place is not None:
        naturals = [grown.low + i for i in range(len(grown)) if i != grown.wild_index]
        lo, hi = min(naturals), max(naturals)
        if lo < grown.wild_place < hi:
            return grown  # the wild card fills the one gap
        kept = m.wild_place
        if kept is not None and kept in (lo - 1, hi + 1) and 1 <= kept <= HIGH_ACE:
            expected = kept  # a wild card at a free end stays there
        elif wild_end == "high" and hi < HIGH_ACE:
            expected = hi + 1
        elif wild_end == "low" and lo > 1:
            expected = lo - 1
        else:
            expected = lo - 1 if lo > 1 else hi + 1  # the low end, or high when it starts at the ace
        assert grown.wild_place == expected, f"{m} + {extra} ({wild_end}) -> {grown}"
    return grown


def near_cards(m: Meld) -> list[Card]:
    """Cards that might join this meld: its rank, or its suit around its ends, and wild cards."""
    if m.kind == "set":
        return [Card(m.rank, s) for s in SUITS]
    places = range(max(1, m.low - 3), min(HIGH_ACE, m.low + len(m) + 2) + 1)
    return [natural_at(p, m.suit) for p in places]


@given(valid_meld_inputs, st.data())
def test_extend_never_changes_its_meld_is_all_or_nothing_and_follows_the_oracle(
    args: tuple[list[Card], Rules], data: st.DataObject,
) -> None:
    """Melds grow step by step: each step leaves the old meld as it was, adds every card or none,
    accepts exactly what the oracle reads (the ace keeping its end), keeps the table's natural
    cards in their places, and puts the wild card in the gap, at its old free end, at the chosen
    end, or at the usual end."""
    cards, rules = args
    m = valid_meld(cards, rules)
    for _ in range(data.draw(st.integers(1, 4), label="steps")):
        card = st.one_of(st.sampled_from(near_cards(m)), st.sampled_from(near_cards(m)), wild_st, any_card)
        extra = data.draw(st.lists(card, min_size=1, max_size=4), label="extra")
        wild_end = data.draw(st.sampled_from([None, "low", "high"]), label="wild_end")
        grown = check_extension(m, extra, rules, wild_end)
        if grown is not None:
            m = grown


@given(valid_meld_inputs)
def test_card_points_are_the_sum_of_the_rulesets_card_values(args: tuple[list[Card], Rules]) -> None:
    cards, rules = args
    m = valid_meld(cards, rules)
    assert m.card_points == sum(rules.card_points(c.rank) for c in cards)
    assert m.points == m.card_points + m.bonus


TOKENS = [c.code for c in DISTINCT_CARDS] + [str(c) for c in DISTINCT_CARDS]


@given(st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=4)), max_size=20),
       st.sampled_from(RULESET_NAMES))
def test_any_tokens_give_a_meld_or_an_invalid_meld_with_a_reason(tokens: list[str], name: str) -> None:
    """Nonsense, duplicates, 0-20 cards, every ruleset: a Meld, an InvalidMeld naming its rule,
    or (a token that is no card) a NotationError naming the token."""
    try:
        m = make_meld(tokens, name)
    except InvalidMeld as exc:
        assert_names_a_rule(exc)
        return
    except NotationError as exc:
        assert not isinstance(exc, InvalidMeld)
        assert any(str(exc).startswith(f"'{t}' is not a card") for t in tokens), str(exc)
        return
    check_invariants(m, RULESETS[name])


def assert_names_a_rule(exc: InvalidMeld) -> None:
    """A refusal names a clause of RULES.md and says why in a catalog sentence (so no bare
    internal error ever reaches a learner)."""
    assert exc.rule in CLAUSES, exc.rule
    assert exc.key in catalog("en"), exc.key
    assert str(exc) and str(exc) == exc.explain("en")


@given(card_lists, st.sampled_from(RULESET_NAMES))
def test_any_card_list_gives_a_meld_or_an_invalid_meld_with_a_reason(cards: list[Card], name: str) -> None:
    """Every refusal is an InvalidMeld that names a rule in learner words."""
    try:
        m = make_meld(cards, name)
    except InvalidMeld as exc:
        assert_names_a_rule(exc)
        return
    check_invariants(m, RULESETS[name])


def test_the_oracle_itself_reads_the_worked_examples() -> None:
    """The oracle is only worth as much as its own reading of RULES.md's examples."""
    from buraco_core import parse_cards
    buraco = RULESETS["buraco"]
    assert oracle(parse_cards("Kh Ah 2h"), buraco) == ("run", RunReading("h", 12, 12))
    assert oracle(parse_cards("Kh Ah 3h"), buraco) is None
    assert oracle(parse_cards("Ah 2h 3h"), buraco) == ("run", RunReading("h", 1, None))
    assert oracle(parse_cards("7c 8c 9c JK"), buraco) == ("run", RunReading("c", 6, 6))
    assert oracle(parse_cards("Ah 2h 3h 4h 5h JK"), buraco) == ("run", RunReading("h", 1, 6))
    assert oracle(parse_cards("2s 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"), buraco) == \
        ("run", RunReading("h", 1, 1))


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"{r.name}-{r.jokers}")
def test_every_run_slice_of_a_deck_is_a_meld(rules: Rules) -> None:
    """Exhaustive: every natural run of 3-13 cards of every suit, and each with a wild card
    swapped in anywhere, agrees with the oracle."""
    for suit in SUITS:
        for n in range(3, 14):
            for low in range(1, HIGH_ACE - n + 2):
                run = [natural_at(p, suit) for p in range(low, low + n)]
                for swap in [None, *range(n)]:
                    cards = list(run)
                    if swap is not None:
                        cards[swap] = Card(2, "s") if rules.jokers == 0 else JOKER
                    expected = oracle(cards, rules)
                    try:
                        m = make_meld(cards, rules)
                    except InvalidMeld:
                        assert expected is None, cards
                        continue
                    assert expected is not None and expected[0] == "run", cards
                    reading = expected[1]
                    assert isinstance(reading, RunReading)
                    assert (m.suit, m.low, m.wild_place) == (reading.suit, reading.low, reading.wild_place)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"{r.name}-{r.jokers}")
def test_every_one_card_addition_to_a_run_follows_the_oracle(rules: Rules) -> None:
    """Every card of the run's suit around its ends, every wild card and an off-suit card onto
    runs of 3 to 7 places (and long ones reaching an end) with and without one wild card (joker,
    2 of another suit, 2 of the suit) on a place, or with the wild card added at either end (a
    seeded sample of 60 such runs a ruleset), with every choice of end where a wild card may
    move: extend accepts exactly what the
    oracle reads and places every card as RULES.md says (the additions Meld.extend builds
    without its search, a natural card just past an end or on the wild card's place and a wild
    card onto a run without one, are among them)."""
    grown = 0
    others = [Card(9, "s"), Card(2, "c"), Card(2, "h")] + ([JOKER] if rules.jokers else [])
    shapes = run_shapes(rules)
    for meld in random.Random(f"{rules.name}-{rules.jokers}").sample(shapes, 60):  # seeded: quick
        for card in [*near_cards(meld), *others]:
            ends = (None, "low", "high") if meld.wild is not None or is_wild_card(card) else (None,)
            for end in ends:
                grown += check_extension(meld, [card], rules, end) is not None
    assert grown > 300
