"""The engine's shortcuts give the answers of the long way round.

The engine answers many legality questions quickly (cheap pre-tests before the meld search,
remembered answers, a discard or a draw checked without building the next state). Each shortcut
must say exactly what the long way would: these tests compare them on seeded random hands and
games of every ruleset.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable, Iterable, Iterator

import pytest

from buraco_core import RULESETS, Card, InvalidMeld
from buraco_core.cards import SUITS, build_deck
from buraco_core.game import IllegalAction, Phase, apply, check, new_game
from buraco_core.game.actions import Action, AddToMeld, Discard, Draw, NewMeld, Take
from buraco_core.game.bots import (
    _greedy_meld,
    _take_melds,
    _take_values,
    _taken_cards,
    draw_candidates,
    play_candidates,
)
from buraco_core.game.engine import finish_refusal, reachable_teams
from buraco_core.game.state import PotState, State
from buraco_core.game.state import state_with as _with
from buraco_core.game.view import determinize, unknown_cards, view_of
from buraco_core.meld_search import (
    counted_connections,
    extends,
    makes_meld,
    may_extend,
    may_meld,
    melds_with,
    natural_three_card_melds,
    near_meld,
    suited_counts,
    three_card_melds,
    trios_with,
)
from buraco_core.melds import Meld, make_meld
from buraco_core.rules import DiscardTake, Rules

RULES = list(RULESETS.values())


def _reachable(s: State) -> tuple[int, ...]:
    return reachable_teams(s.rules, s.teams, s.current_team)


def _connections(card: Card, cards: Iterable[Card], rules: Rules) -> int:
    """counted_connections the slow way: how many of ``cards`` could stand in a natural meld
    with ``card``: the same rank (where sets are allowed; another suit where sets need distinct
    suits), or the same suit within two places (an ace at either end)."""
    r = card.rank
    if r == 0 or r == 2:
        return 0
    n = 0
    for other in cards:
        o = other.rank
        if o == 0 or o == 2:
            continue
        if o == r:
            if rules.allow_sets and not (rules.set_distinct_suits and other.suit == card.suit):
                n += 1
            continue
        if other.suit == card.suit:
            if r == 1:
                n += o <= 3 or o >= 12
            elif o == 1:
                n += r <= 3 or r >= 12
            else:
                n += -2 <= o - r <= 2
    return n


def _random_play(rules: Rules | str, seeds: Iterable[int], rng: random.Random, *,
                 players: int | Callable[[], int] = 4, moves: int = 1500,
                 prefer: Callable[[State, list[Action]], None] | None = None) -> Iterator[State]:
    """The states of seeded games of random play, each before its move (draw and play phases,
    at most ``moves`` a game): the move played is the first legal one of the candidates shuffled
    with ``rng``, which ``prefer`` may reorder first."""
    for seed in seeds:
        s = new_game(rules, players if isinstance(players, int) else players(), seed)
        for _ in range(moves):
            if s.phase is not Phase.DRAW and s.phase is not Phase.PLAY:
                break
            yield s
            options = draw_candidates(s) if s.phase is Phase.DRAW else play_candidates(s)
            rng.shuffle(options)
            if prefer is not None:
                prefer(s, options)
            s = next(apply(s, a) for a in options if check(s, a) is None)


def test_one_object_per_card() -> None:
    seven = Card(7, "h")
    assert seven is Card(7, "h") is Card.from_str("7♥")
    assert copy.copy(seven) is seven and copy.deepcopy(seven) is seven
    assert pickle.loads(pickle.dumps(seven)) is seven
    assert seven != Card(7, "s") and seven != 7 and seven != (7, "h")
    with pytest.raises(ValueError, match="no such card"):
        Card(7.0, "h")  # type: ignore[arg-type]


def test_card_order_is_rank_then_suit() -> None:
    cards = [Card(0, "")] + [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    random.Random(1).shuffle(cards)
    assert sorted(cards) == sorted(cards, key=lambda c: (c.rank, c.suit))
    for a in cards[:12]:
        for b in cards[:12]:
            assert (a < b) == ((a.rank, a.suit) < (b.rank, b.suit))
            assert (a <= b) == ((a.rank, a.suit) <= (b.rank, b.suit))
            assert (a > b) == ((a.rank, a.suit) > (b.rank, b.suit))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_trios_with_a_card(rules: Rules) -> None:
    """trios_with finds every three-card meld three_card_melds lists with the card (and perhaps
    a few more valid ones), and none when it lists none; may_meld never rules out a card that
    has one."""
    rng = random.Random(2)
    deck = build_deck(rules)
    for _ in range(1500):
        hand = tuple(rng.sample(deck, rng.randint(1, 20)))
        for card in set(hand):
            listed = three_card_melds(hand, rules, with_card=card)
            if card.rank not in (0, 2):
                found = list(trios_with(hand, rules, card))
                assert len(found) == len(set(found))
                assert set(listed) <= set(found) and bool(listed) == bool(found)
                for trio in found:
                    make_meld(trio, rules)
            if listed:
                assert may_meld(card, hand, [], rules)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_may_extend_never_rules_out_a_legal_addition(rules: Rules) -> None:
    rng = random.Random(3)
    deck = build_deck(rules)
    distinct = sorted(set(deck))
    for _ in range(300):
        hand = tuple(rng.sample(deck, 14))
        for trio in three_card_melds(hand, rules)[:3]:
            meld: Meld = make_meld(trio, rules)
            for _ in range(rng.randint(0, 8)):
                grown = meld.extend_or_reason([rng.choice(deck)], rules)
                if isinstance(grown, Meld):
                    meld = grown
            for card in distinct:
                if not may_extend(meld, card, rules):
                    assert not meld.can_extend([card], rules)
                reason = meld.extend_or_reason([card])
                assert isinstance(reason, InvalidMeld) != meld.can_extend([card])


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_check_agrees_with_apply(rules: Rules) -> None:
    """check() (with its quick answers for a discard and a draw) says what apply says, for every
    candidate action of random games."""
    for seed in range(2):
        s = new_game(rules, 4, seed)
        rng = random.Random(seed)
        while s.phase is Phase.DRAW or s.phase is Phase.PLAY:
            options = draw_candidates(s) if s.phase is Phase.DRAW else play_candidates(s)
            for act in options:
                expected: tuple[str, str] | None = None
                try:
                    apply(s, act)
                except IllegalAction as err:
                    expected = (err.rule, str(err))
                for asked in (act, str(act)):
                    reason = check(s, asked)
                    assert (None if reason is None else (reason.rule, str(reason))) == expected
            rng.shuffle(options)
            s = next(apply(s, a) for a in options if check(s, a) is None)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_top_melds_agrees_with_the_long_way(rules: Rules) -> None:
    """melds_with (pre-test and the card's neighbours for a natural card) says what the long way
    says: the card goes onto a reachable meld, or three_card_melds lists a meld with it."""
    rng = random.Random(4)
    deck = build_deck(rules)
    distinct = sorted(set(deck))
    seen = 0
    for s in _random_play(rules, [1], rng, moves=100_000):
        hand = s.hands[s.turn]
        for top in rng.sample(distinct, 12):
            onto = any(m.can_extend([top]) for team in _reachable(s) for m in s.melds[team])
            trios = three_card_melds((*hand, top), rules, with_card=top)
            sides = [s.melds[team] for team in _reachable(s)]
            assert melds_with(top, hand, sides, rules) == (onto or any(top in t for t in trios))
            seen += 1
    assert seen > 100


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_natural_three_card_melds_are_three_card_melds_without_wild_cards(rules: Rules) -> None:
    """Found on their own (before three_card_melds knows the hand) and filtered from the known
    list (after), the natural three-card melds are three_card_melds' without a joker or a 2."""
    rng = random.Random(5)
    deck = build_deck(rules)
    for _ in range(1500):
        hand = tuple(rng.sample(deck, rng.randint(0, 22)))
        first = natural_three_card_melds(hand, rules)
        every = three_card_melds(hand, rules)
        expected = [t for t in every if not any(c.rank in (0, 2) for c in t)]
        assert first == expected
        assert natural_three_card_melds(hand, rules) == expected


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_makes_meld_only_turns_true_with_more_cards(rules: Rules) -> None:
    """Greedy's draw remembers makes_meld per card over the depths of a take: with the cards of
    a deeper take (a superset) the answer is never False where a shallower take's was True."""
    rng = random.Random(6)
    deck = build_deck(rules)
    naturals = [c for c in set(deck) if c.rank not in (0, 2)]
    for _ in range(400):
        cards = rng.sample(deck, rng.randint(8, 30))
        hand, pile = tuple(cards[:11]), tuple(cards[11:])
        for card in rng.sample(naturals, 6):
            answers = [makes_meld(card, (*hand, *pile[i:]), rules) for i in range(len(pile) + 1)]
            assert answers == sorted(answers, reverse=True)


def _finish_long_way(s: State) -> bool:
    """The turn can still end: some play of the card to be melded (an addition to a reachable
    meld, or a three-card meld of the hand with it) is legal."""
    card = s.must_meld
    assert card is not None
    plays: list[Action] = [NewMeld(t) for t in three_card_melds(s.hands[s.turn], s.rules, with_card=card)]
    for team in _reachable(s):
        for i in range(len(s.melds[team])):
            plays.append(AddToMeld(i + 1, (card,), None if team == s.current_team else team))
    for act in plays:
        try:
            apply(s, act)
        except IllegalAction:
            continue
        return True
    return False


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_finish_reason_with_a_card_to_meld_agrees_with_the_long_way(rules: Rules) -> None:
    """With a card to be melded, finish_refusal (pre-test, three-card melds found one at a time,
    no second make_meld) says None exactly when some play of that card is legal."""
    rng = random.Random(7)

    def takes_first(s: State, options: list[Action]) -> None:
        if rng.random() < 0.3:
            options.sort(key=lambda a: not isinstance(a, Take))  # a take: a card to meld

    seen = 0
    for s in _random_play(rules, range(6), rng, prefer=takes_first):
        if s.phase is Phase.PLAY and s.must_meld is not None:
            for hand in (s.hands[s.turn], s.hands[s.turn][:5], s.hands[s.turn][-4:]):
                if s.must_meld not in hand:
                    continue
                t = _with(s, hands=tuple(hand if i == s.turn else h for i, h in enumerate(s.hands)))
                assert (finish_refusal(t) is None) == _finish_long_way(t)
                seen += 1
    if rules.discard_take is not DiscardTake.WHOLE:
        assert seen > 20


def _last_card_long_way(s: State) -> bool:
    """The turn can still end with one card in hand: discarding it is legal, or adding it to
    some reachable meld is (tried on every meld, no pre-test)."""
    card = s.hands[s.turn][0]
    if check(s, Discard(card)) is None:
        return True
    for team in _reachable(s):
        for i in range(len(s.melds[team])):
            try:
                apply(s, AddToMeld(i + 1, (card,), None if team == s.current_team else team))
            except IllegalAction:
                continue
            return True
    return False


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_finish_reason_with_one_card_left_agrees_with_the_long_way(rules: Rules) -> None:
    """With one card left and none to meld, finish_refusal (the exact _may_extend, no addition
    tried where no meld may empty the hand) says None exactly when the card can be discarded or
    added somewhere."""
    answers: list[bool] = []
    for s in _random_play(rules, range(4), random.Random(8)):
        if s.phase is Phase.PLAY and s.must_meld is None:
            team = s.current_team
            for card in set(s.hands[s.turn]):
                for pot in PotState:  # every pot state of the side, real or not
                    t = _with(s, hands=tuple((card,) if i == s.turn else h for i, h in enumerate(s.hands)),
                              pot_state=tuple(pot if i == team else p for i, p in enumerate(s.pot_state)))
                    expected = _last_card_long_way(t)
                    assert (finish_refusal(t) is None) == expected
                    answers.append(expected)
    assert len(answers) > 100 and True in answers and False in answers


def _run_shapes(rules: Rules) -> list[Meld]:
    """Every run of 3 to 7 places in hearts: natural, with one wild card (a joker, a 2 of another
    suit, the 2 of hearts) on each place, and with a wild card added at either end."""
    wilds = [Card(2, "c"), Card(2, "h")] + ([Card(0, "")] if rules.jokers else [])
    melds: list[Meld] = []
    # every short run, and long runs reaching an end (where an ace may go either way)
    windows = [(low, n) for low in range(1, 13) for n in range(3, 8)]
    windows += [(low, n) for low in (1, 2, 3) for n in (11, 12, 13)]
    for low, length in windows:
        if low + length - 1 > 14:
            continue
        naturals = [Card(1 if p == 14 else p, "h") for p in range(low, low + length)]
        shapes = [naturals] + [[*naturals[:i], w, *naturals[i + 1:]] for i in range(length) for w in wilds]
        for cards in shapes:
            try:
                melds.append(make_meld(cards, rules))
            except ValueError:
                continue
            if cards is naturals:
                natural = melds[-1]
                for w in wilds:
                    for end in ("low", "high"):
                        grown = natural.extend_or_reason([w], wild_end=end)  # type: ignore[arg-type]
                        if isinstance(grown, Meld):
                            melds.append(grown)
    return melds


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_may_extend_never_rules_out_a_legal_addition_to_any_run(rules: Rules) -> None:
    """_may_extend (exact past the ends of a run without a wild card; a card two places away
    only where the wild card could move into the gap) is False only where extend refuses: every
    run shape of _run_shapes, every card."""
    cards = [Card(0, "")] + [Card(r, su) for su in SUITS for r in range(1, 14)]
    refused_with_a_wild = 0
    for meld in _run_shapes(rules):
        for card in cards:
            if not may_extend(meld, card, rules):
                assert not meld.can_extend([card], rules), (meld, card)
                refused_with_a_wild += meld.wild is not None and card.suit == "h"
    assert refused_with_a_wild > 50


def _take_melds_long_way(s: State, take: Take) -> bool:
    """Greedy's question the long way: after the take, does greedy's meld loop play a taken
    card within eight plays?"""
    try:
        t = apply(s, take)
    except IllegalAction:
        return False
    taken = set(_taken_cards(s.discard, take, s.rules))
    for _ in range(8):
        act = _greedy_meld(t)
        if not isinstance(act, (NewMeld, AddToMeld)):
            return False
        if any(c in taken for c in act.cards):
            return True
        t = apply(t, act)
    return False


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_take_melds_agrees_with_the_long_way(rules: Rules) -> None:
    """_take_melds answers a take that leaves a card to be melded without running greedy's meld
    loop (the engine allowed the take only if some play of that card is legal, and greedy plays
    the card first): the same answer as the loop, for every take of random games."""
    asked = 0
    for s in _random_play(rules, range(5), random.Random(9)):
        if s.phase is Phase.DRAW:
            for take in draw_candidates(s)[1:]:
                assert isinstance(take, Take)
                assert _take_melds(s, take) == _take_melds_long_way(s, take)
                asked += 1
    assert asked > 100


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_counted_connections_are_the_connections(rules: Rules) -> None:
    """Greedy's discard ranking counts a card's connections from per-suit rank counts
    (counted_connections) instead of going through the cards: the same numbers."""
    rng = random.Random(10)
    deck = build_deck(rules)
    distinct = sorted(set(deck))
    for _ in range(300):
        cards = rng.sample(deck, rng.randint(0, 25))
        counts = suited_counts(cards)
        for card in distinct:
            assert counted_connections(card, counts, rules) == _connections(card, cards, rules)
            if card in cards:  # a hand that holds the card: its own copy does not count
                rest = list(cards)
                rest.remove(card)
                assert counted_connections(card, counts, rules, holding=True) == _connections(card, rest, rules)



def _take_values_long_way(s: State) -> list[tuple[float, Take]]:
    """_take_values as first written: every take of draw_candidates, its taken cards
    gone through one by one (with a memo of makes_meld, which only turns True with more cards)."""
    hand = s.hands[s.turn]
    own = s.melds[s.current_team]
    rules = s.rules
    pile = s.discard
    valued: list[tuple[float, Take]] = []
    on_melds: dict[Card, bool] = {}  # per natural card: whether it goes onto the side's melds
    # makes_meld(c, hand + pile[start:]) can only turn True as start falls (more cards): per
    # natural card, the highest start known True and the lowest start known False
    true_to: dict[Card, int] = {}
    false_from: dict[Card, int] = {}
    size = len(pile)
    for take in draw_candidates(s)[1:] if pile else ():
        if not isinstance(take, Take):
            continue
        taken = _taken_cards(pile, take, rules)
        start = size - len(taken)
        cards: tuple[Card, ...] | None = None
        usable = 0
        for c in taken:
            if c.rank == 0 or c.rank == 2:
                continue
            fits = on_melds.get(c)
            if fits is None:
                fits = on_melds[c] = any(near_meld(m, c) and extends(m, c) for m in own)
            if fits:
                usable += 1
                continue
            if start <= true_to.get(c, -1):
                usable += 1
                continue
            if start >= false_from.get(c, size + 1):
                continue
            if cards is None:
                cards = (*hand, *taken)
            if makes_meld(c, cards, rules):
                usable += 1  # _usable(c, cards, own, rules)
                true_to[c] = start
            else:
                false_from[c] = start
        wilds = sum(1 for c in taken if c.is_wild_card)
        if rules.discard_take is DiscardTake.WHOLE_IF_TOP_MELDS:
            usable += 1  # the top card melds, or the take would be refused
        if usable == 0 and wilds == 0:
            continue
        valued.append((3.0 * usable + 4.0 * wilds + 0.5 * len(taken), take))
    valued.sort(key=lambda x: -x[0])
    return valued


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_greedy_take_values_agree_with_the_long_way(rules: Rules) -> None:
    """Greedy's draw counts each pile card once (the deepest take at which it still melds, found
    by a binary search) instead of going through the taken cards of every take: the same
    values in every draw phase of random games, with piles made long."""
    rng = random.Random(11)

    def mostly_draw(s: State, options: list[Action]) -> None:
        if s.phase is Phase.DRAW and rng.random() < 0.8:
            options.sort(key=lambda a: not isinstance(a, Draw))  # long piles

    asked = 0
    for s in _random_play(rules, range(6), rng, prefer=mostly_draw):
        if s.phase is Phase.DRAW:
            assert _take_values(s) == _take_values_long_way(s)
            asked += 1
    assert asked > 100


def test_the_closed_pile_is_dealt_as_the_deck_order_deal() -> None:
    """Without a random generator, determinize fills the closed part of a fechado pile (draw
    phase) with the cards a deal of the hidden cards in deck order gives it, from the end:
    first the other hands, then the pile (found without the deal, walking the deck)."""
    rng = random.Random(12)
    checked = 0
    for s in _random_play("fechado", range(8), rng, players=lambda: rng.choice((2, 4)), moves=600):
        view = view_of(s, s.turn)
        hidden = view.discard_count - len(view.discard)
        if hidden and view.phase is Phase.DRAW:
            unknown = unknown_cards(view)
            for seat, count in enumerate(view.hand_counts):
                if seat != view.seat:
                    del unknown[max(0, len(unknown) - count):]
            expected = tuple(unknown[max(0, len(unknown) - hidden):])
            assert determinize(view).discard[:hidden] == expected
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_three_card_melds_with_a_card_check_only_those(rules: Rules) -> None:
    """three_card_melds(..., with_card=c) on a hand not seen yet checks only the candidate melds
    with c: the same list as all of them filtered."""
    rng = random.Random(13)
    deck = build_deck(rules)
    for _ in range(400):
        hand = tuple(rng.sample(deck, rng.randint(1, 30)))
        cards = set(hand) | {rng.choice(deck)}
        restricted = {card: three_card_melds(hand, rules, with_card=card) for card in cards}  # before the hand is known
        every = three_card_melds(hand, rules)
        for card in cards:
            assert restricted[card] == [t for t in every if card in t]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_three_card_melds_are_every_three_card_meld_of_the_hand(rules: Rules) -> None:
    """three_card_melds lists every distinct three cards of the hand that make_meld accepts (the
    long way: every combination tried), e.g. 4h JK 6h also when the hand holds the 5h."""
    from itertools import combinations

    rng = random.Random(14)
    deck = build_deck(rules)
    hands = [tuple(rng.sample(deck, rng.randint(3, 14))) for _ in range(300)]
    if rules.jokers:
        hands.append((Card(4, "h"), Card(5, "h"), Card(6, "h"), Card(0, "")))
    for hand in hands:
        expected = set()
        for trio in combinations(sorted(hand), 3):
            try:
                make_meld(trio, rules)
            except ValueError:
                continue
            expected.add(trio)
        assert set(three_card_melds(hand, rules)) == expected
