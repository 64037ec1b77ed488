"""The greedy bot and its policy: meld what it can now, keep the wild cards, feed nobody.

The policy reads only what the seat to move may see, so it runs on a real state (the
Monte-Carlo bot's rollouts) or on a determinized one (:func:`~buraco_core.game.view.determinize`).
Its valuations are public, for the coach to explain a choice: :func:`take_values` (what each
take of the pile earns), :func:`discard_scores` (what each discard hands the next player and
costs the hand, with the weights below), :func:`greedy_meld` (the next meld it would make).

>>> import random
>>> from buraco_core.game import new_game
>>> str(greedy_action(new_game("burraco", players=2, seed=8), random.Random(0)))
'draw'
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, NamedTuple

from ..cards import CARD_ORDER, Card
from ..game.actions import Action, AddToMeld, Discard, Draw, NewMeld, NextHand, Take
from ..game.engine import apply, judge, reachable_teams
from ..game.legal import legal_actions
from ..game.state import Phase, State
from ..game.view import View, determinize, visible_pile
from ..meld_search import extends, three_card_melds
from ..rules import DiscardTake, Rules
from .candidates import DISCARDS, draw_candidates
from .protocol import Referee
from .reading import (
    counted_connections,
    goes_onto,
    group_cards,
    makes_meld,
    natural_three_card_melds,
    near_meld,
    side_windows,
    suited_counts,
)

__all__ = [
    "BREAKS_HAND",
    "FEEDS_NEXT_MELDS",
    "FEEDS_PILE",
    "FITS_OWN_MELDS",
    "WILD_DISCARD",
    "DiscardFactors",
    "GreedyBot",
    "discard_factors",
    "discard_scores",
    "greedy_action",
    "greedy_draw",
    "greedy_meld",
    "greedy_step",
    "take_melds",
    "take_values",
    "taken_cards",
]

WILD_DISCARD = 1000.0
"""The badness of discarding a wild card (:func:`discard_scores`)."""
FEEDS_NEXT_MELDS = 300.0
"""The badness of discarding a card that goes onto the next player's side's melds."""
FEEDS_PILE = 40.0
"""The badness of each connection (up to three) a discard makes with the visible pile."""
BREAKS_HAND = 25.0
"""The badness of each connection (up to four) a discard has with the rest of the hand."""
FITS_OWN_MELDS = 60.0
"""The badness of discarding a card that goes onto the side's own melds."""

_DRAW = Draw()
_TAKE = Take()


class GreedyBot:
    """Greedy: melds what it can now, keeps its wild cards, avoids feeding the next player.

    Draw: takes the discard pile when cards of it meld with its hand or go onto its side's melds
    (:func:`take_values`, :func:`take_melds`; in ``brazilian`` it picks the depth with the most
    such cards; in ``fechado`` it takes whenever the rules let it), else draws from the stock.
    Play (:func:`greedy_meld`): first the card it must meld, then every natural card that goes onto its side's melds,
    then every new meld of natural cards (most points first). A wild card is played only to make
    the side's first buraco, to spend a second wild card (onto the longest meld without one), or
    to empty a hand of three cards or fewer.
    Discard (:func:`discard_scores`): never a wild card if it can help it; never a card that goes onto the next player's
    side's melds; avoids cards that connect with the discard pile (the next player could take
    it and use them); keeps cards that connect with its own hand; sheds high points otherwise.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: View, referee: Referee | None = None) -> Action:
        return greedy_action(determinize(view), self.rng, referee)


def greedy_action(s: State, rng: random.Random, referee: Referee | None = None) -> Action:
    """What the greedy policy plays for the seat to move in ``s``.

    It reads only what that seat may see (its hand, the table, the discard pile as the ruleset
    shows it), so it may run on the real state of a rollout or on a determinized one. With a
    ``referee`` (the real game's answers), it asks that whether a meld or an addition is legal,
    so the game has built the move it then plays.
    """
    return _greedy(s, rng, referee)[0]


def greedy_step(s: State, rng: random.Random) -> tuple[Action, State]:
    """:func:`greedy_action` played: the action and the state after it (a move the policy had
    the engine judge is built once)."""
    act, after = _greedy(s, rng, None)
    return act, apply(s, act) if after is None else after


def _greedy(s: State, rng: random.Random, referee: Referee | None) -> tuple[Action, State | None]:
    if s.phase is Phase.DRAW:
        return _greedy_draw_step(s)
    if s.phase is Phase.PLAY:
        meld = _greedy_meld_step(s, referee)
        if meld is not None:
            return meld
        scored = discard_scores(s, rng)
        if scored:
            return scored[0][1], None
        # nothing may be discarded: play anything legal (the engine guarantees something is)
        return next(iter(legal_actions(s))), None
    return NextHand(), None


# --------------------------------------------------------------------------- drawing

def greedy_draw(s: State, rng: random.Random) -> Action:
    """Greedy's draw: the best take of :func:`take_values` after which it would meld a taken
    card (:func:`take_melds`), else a card from the stock."""
    return _greedy_draw_step(s)[0]


def _greedy_draw_step(s: State) -> tuple[Action, State | None]:
    """:func:`greedy_draw`, with the state after a take (built to see what it melds)."""
    for _, take in take_values(s):
        after = _take_melding(s, take)
        if after is not None:
            return take, after
    if s.stock:
        return _DRAW, None
    found = _first_legal(s, draw_candidates(s))
    if found is None:
        raise RuntimeError("no legal way to draw")
    return found


def take_values(s: State) -> list[tuple[float, Take]]:
    """What each take of the discard pile earns, as greedy values it, best first (ties in the
    order of :func:`~buraco_core.bots.candidates.draw_candidates`): 3 for each card taken that
    goes onto the side's melds or makes a natural three-card meld with the hand and the other
    cards taken (:func:`~buraco_core.bots.reading.makes_meld`), 4 for each wild card, and 0.5 for
    each card; ``fechado`` counts its top card (which must meld) as usable. A take worth
    nothing of the first two is left out. Not checked: a take listed may be refused."""
    hand = s.hands[s.turn]
    own = s.melds[s.current_team]
    rules = s.rules
    pile = s.discard
    size = len(pile)
    # Each take is valued by the natural cards it brings that go onto the side's melds or make
    # a natural three-card meld with the hand and the other cards taken, and its wild cards.
    # A card at place j of the pile counts for every take down to a place start <= j where it
    # does: at once if it goes onto a meld, else while start <= deepest[card], the deepest
    # start at which it still makes a meld (makes_meld only turns True with more cards, so a
    # search finds it). counted[start]: the cards that count for the take down to start.
    counts_from = [0] * (size + 1)
    wilds_from = [0] * (size + 1)
    on_melds: dict[Card, bool] = {}
    deepest: dict[Card, int] = {}
    depths = rules.discard_take is DiscardTake.ANY_DEPTH
    last_place = {c: j for j, c in enumerate(pile)} if depths else {}
    everything: tuple[Card, ...] | None = None
    for j in range(size):
        c = pile[j]
        if c.rank == 0 or c.rank == 2:
            wilds_from[j] += 1
            continue
        fits = on_melds.get(c)
        if fits is None:
            fits = on_melds[c] = goes_onto(own, c)
        if fits:
            counts_from[j] += 1
            continue
        t = deepest.get(c)
        if t is None:
            if depths:
                t = _deepest_meld_start(c, hand, pile, last_place[c], rules)
            else:  # only the whole pile is ever taken: whether it melds with all of it
                if everything is None:
                    everything = (*hand, *pile)
                t = 0 if makes_meld(c, everything, rules) else -1
            deepest[c] = t
        if t >= 0:
            counts_from[j if j < t else t] += 1
    for i in range(size - 1, -1, -1):
        counts_from[i] += counts_from[i + 1]
        wilds_from[i] += wilds_from[i + 1]
    # the takes of draw_candidates, in its order: the whole pile, then (brazilian) down to
    # each card from the top (a Take is built only for those worth valuing)
    starts: list[tuple[int, Card | None, int]] = [(0, None, 0)] if pile else []
    if pile and depths:
        seen: dict[Card, int] = {}
        for i in range(size - 1, 0, -1):
            card = pile[i]
            seen[card] = copy = seen.get(card, 0) + 1
            starts.append((i, card, copy))
    top_melds = rules.discard_take is DiscardTake.WHOLE_IF_TOP_MELDS
    valued: list[tuple[float, Take]] = []
    for start, named, copy in starts:
        usable = counts_from[start] + top_melds  # fechado: the top card melds, or the take is refused
        wilds = wilds_from[start]
        if usable == 0 and wilds == 0:
            continue
        valued.append((3.0 * usable + 4.0 * wilds + 0.5 * (size - start),
                       _TAKE if named is None else Take(named, copy)))
    valued.sort(key=lambda x: -x[0])
    return valued


def _deepest_meld_start(card: Card, hand: tuple[Card, ...], pile: tuple[Card, ...], last: int,
                        rules: Rules) -> int:
    """The largest start <= ``last`` such that ``card`` makes a natural three-card meld with
    two of ``hand + pile[start:]`` (:func:`makes_meld`), or -1 if none does: a binary search,
    as the answer only turns True with more cards (a smaller start)."""
    if not makes_meld(card, (*hand, *pile), rules):
        return -1
    if makes_meld(card, (*hand, *pile[last:]), rules):
        return last
    lo, hi = 0, last  # True at lo, False at hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if makes_meld(card, (*hand, *pile[mid:]), rules):
            lo = mid
        else:
            hi = mid
    return lo


def take_melds(s: State, take: Take) -> bool:
    """Whether ``take`` is legal and greedy would then meld one of the cards taken within its
    next eight plays (a take that melds nothing would only pass the same cards round the table)."""
    return _take_melding(s, take) is not None


def _take_melding(s: State, take: Take) -> State | None:
    """The state after ``take`` if :func:`take_melds`, else None."""
    verdict = judge(s, take)
    if verdict is None or type(verdict) is not State:
        return None  # refused (a take is always played out to be judged)
    after = t = verdict
    if t.must_meld is not None:
        # a taken card must be melded: the engine allowed the take only because some play of
        # that card is legal, and greedy plays it first (its first plays are all the card's)
        return after
    taken = set(taken_cards(s.discard, take))
    for _ in range(8):
        found = _greedy_meld_step(t)
        if found is None:
            return None
        act, built = found
        if not isinstance(act, (NewMeld, AddToMeld)):
            return None
        if any(c in taken for c in act.cards):
            return after
        t = apply(t, act) if built is None else built
    return None


def taken_cards(pile: tuple[Card, ...], take: Take) -> tuple[Card, ...]:
    """The cards of ``pile`` that ``take`` picks up (the whole pile, or down to the named copy
    of a card; none if the pile has no such copy)."""
    if take.card is None:
        return pile
    seen = 0
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == take.card:
            seen += 1
            if seen == take.copy:
                return pile[i:]
    return ()


# --------------------------------------------------------------------------- melding

def _first_legal(s: State, actions: Iterable[Action], referee: Referee | None = None
                 ) -> tuple[Action, State | None] | None:
    """The first of ``actions`` legal in ``s`` (asking ``referee`` instead, if given), with the
    next state where judging it built one (:func:`~buraco_core.game.engine.judge`)."""
    if referee is not None:
        for act in actions:
            if referee(act) is None:
                return act, None
        return None
    for act in actions:
        verdict = judge(s, act)
        if verdict is None:
            return act, None
        if type(verdict) is State:
            return act, verdict
    return None


def _own_adds(s: State, cards: Iterable[Card]) -> list[AddToMeld]:
    own = s.melds[s.current_team]
    out = []
    for c in cards:
        for i, m in enumerate(own):
            if near_meld(m, c):
                out.append(AddToMeld(i + 1, (c,)))
    return out


def greedy_meld(s: State, referee: Referee | None = None) -> Action | None:
    """The next meld or addition greedy would make, or None to discard now (``referee``: see
    :func:`greedy_action`): first the card it must meld, then every natural card that goes onto
    its side's melds (the longest meld first), then new melds of natural cards (most points
    first); a wild card only for the side's first buraco, a second wild card, or a small hand."""
    found = _greedy_meld_step(s, referee)
    return None if found is None else found[0]


def _greedy_meld_step(s: State, referee: Referee | None = None) -> tuple[Action, State | None] | None:
    """:func:`greedy_meld`, with the next state where judging the play built it."""
    hand = s.hands[s.turn]
    rules = s.rules
    team = s.current_team
    own = s.melds[team]
    must = s.must_meld
    if must is not None:
        plays: list[Action] = list(_own_adds(s, [must]))
        trios = three_card_melds(hand, rules, with_card=must)
        trios.sort(key=lambda t: sum(1 for c in t if c.is_wild_card))
        plays.extend(NewMeld(t) for t in trios)
        for t in reachable_teams(rules, s.teams, team):  # the other sides' melds, where allowed
            if t != team:
                plays.extend(AddToMeld(i + 1, (must,), t) for i, m in enumerate(s.melds[t])
                             if near_meld(m, must))
        found = _first_legal(s, plays, referee)
        if found is not None:
            return found
    distinct = sorted(set(hand), key=CARD_ORDER)  # by rank, then suit
    if not own:
        wilds = [c for c in distinct if c.rank == 0 or c.rank == 2]
    else:
        wilds, by_rank, by_suit = group_cards(distinct)
        # additions of natural cards (_own_adds, the refused ones never built): those that
        # complete a buraco first, i.e. the longest meld first, then by card, then by meld.
        # The candidates of a meld are the natural cards in its window (side_windows, what
        # near_meld says card by card); an addition the meld cannot take is refused by the
        # engine too: skip its check
        found_adds: list[tuple[int, int, int, Card]] = []
        for i, rank, suit, lo, hi, _ in side_windows(own):
            m = own[i - 1]
            size = -len(m.cards)
            for c in (by_rank.get(rank, ()) if rank else by_suit.get(suit, ())):
                r = c.rank
                if (rank or r == 1 or lo <= r <= hi) and extends(m, c):
                    found_adds.append((size, CARD_ORDER(c), i, c))
        found_adds.sort()
        found = _first_legal(s, [AddToMeld(i, (c,)) for _, _, i, c in found_adds], referee)
        if found is not None:
            return found
    # new melds of natural cards, the most points first
    trios = natural_three_card_melds(hand, rules)
    values = rules.card_values
    trios.sort(key=lambda t: -(values[t[0].rank] + values[t[1].rank] + values[t[2].rank]))
    found = _first_legal(s, [NewMeld(t) for t in trios], referee)
    if found is not None:
        return found
    if wilds:
        # a wild card only to make the side's first buraco, to spend a second wild card, or to
        # empty a small hand
        has_buraco = any(m.is_buraco for m in own)
        plays = []
        if not has_buraco:
            for i, m in enumerate(own):
                if m.wild is None and len(m.cards) == rules.min_buraco - 1:
                    plays.extend(AddToMeld(i + 1, (w,)) for w in wilds)
        if sum(1 for c in hand if c.is_wild_card) >= 2:
            # more than one wild card: the spare goes onto the longest meld that has none
            longest = sorted(range(len(own)), key=lambda i: -len(own[i].cards))
            plays.extend(AddToMeld(i + 1, (w,)) for i in longest if own[i].wild is None
                         for w in wilds)
        if len(hand) <= 3:
            plays.extend(_own_adds(s, wilds))
            plays.extend(NewMeld(t) for t in three_card_melds(hand, rules))
        found = _first_legal(s, plays, referee)
        if found is not None:
            return found
    return None


# --------------------------------------------------------------------------- discarding

class DiscardFactors(NamedTuple):
    """What :func:`discard_scores` weighs in discarding one card (see there)."""

    wild: bool
    """The card is a wild card."""
    feeds_next: bool
    """It goes onto the next player's side's melds."""
    pile_links: int
    """Its connections (up to three) with the visible pile the next player could take."""
    hand_links: int
    """Its connections (up to four) with the rest of the hand (0 for a wild card)."""
    fits_own: bool
    """It goes onto the side's own melds."""


def discard_factors(s: State, card: Card) -> DiscardFactors:
    """The factors :func:`discard_scores` weighs for discarding ``card`` from the hand of the
    seat to move (public, so the coach can say why one discard is safer than another)."""
    return DiscardFactors(*_weigh_discards(s, (card,), None)[0])


def _weigh_discards(s: State, cards: Iterable[Card], rng: random.Random | None) -> list[Any]:
    """The :class:`DiscardFactors` of discarding each of ``cards`` (the one place they are
    worked out), as plain tuples in field order; with ``rng``, each card's badness instead, as
    :func:`discard_scores` lists it (the factors weighed on the spot: it weighs every card of the
    hand at each discard, so it gets them without a call or a tuple per card).

    Each discard is weighed against the next player's side's melds (none if a partner plays
    next), the side's own, and the counts of the visible pile and of the hand."""
    rules = s.rules
    values = rules.card_values
    nxt = (s.turn + 1) % s.players
    next_melds = s.melds[s.team_of(nxt)] if s.team_of(nxt) != s.current_team else ()
    own = s.melds[s.current_team]
    # fechado (no pile counts): the pile needs its top card, so the next player cannot take it for this one
    in_pile = (suited_counts(visible_pile(rules, s.discard))
               if rules.discard_take is not DiscardTake.WHOLE_IF_TOP_MELDS else None)
    in_hand = suited_counts(s.hands[s.turn])
    out: list[Any] = []
    for card in cards:
        wild = card.rank == 0 or card.rank == 2
        feeds_next = goes_onto(next_melds, card) if next_melds else False
        pile_links = 0 if in_pile is None else min(3, counted_connections(card, in_pile, rules))
        hand_links = 0 if wild else min(4, counted_connections(card, in_hand, rules, holding=True))
        fits_own = goes_onto(own, card) if own else False
        if rng is None:
            out.append((wild, feeds_next, pile_links, hand_links, fits_own))
            continue
        bad = 0.0
        if wild:
            bad += WILD_DISCARD
        if feeds_next:
            bad += FEEDS_NEXT_MELDS
        bad += FEEDS_PILE * pile_links
        bad += BREAKS_HAND * hand_links
        if fits_own:
            bad += FITS_OWN_MELDS
        bad -= 0.5 * values[card.rank]
        bad += rng.random()
        out.append((bad, DISCARDS[card]))
    return out


def discard_scores(s: State, rng: random.Random) -> list[tuple[float, Discard]]:
    """Every legal discard with its badness (lower is a better discard), best first: what the
    discard hands the next player and what it costs the hand.

    - :data:`WILD_DISCARD` for a wild card;
    - :data:`FEEDS_NEXT_MELDS` for a card that goes onto the next player's side's melds;
    - :data:`FEEDS_PILE` for each connection (up to three) with the visible discard pile,
      which the next player could take (not in ``fechado``, whose pile needs its top card);
    - :data:`BREAKS_HAND` for each connection (up to four) with the rest of the hand;
    - :data:`FITS_OWN_MELDS` for a card that goes onto the side's own melds;
    - less half the card's points (shed high cards), and a random number below 1 for ties.
    """
    # a discard in the play phase is refused or not (judge builds no state for it)
    legal = [c for c in sorted(set(s.hands[s.turn]), key=CARD_ORDER)  # by rank, then suit
             if judge(s, DISCARDS[c]) is None]
    scored: list[tuple[float, Discard]] = _weigh_discards(s, legal, rng)
    scored.sort(key=lambda x: x[0])
    return scored
