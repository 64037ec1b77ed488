"""Bots: computer players that see only their own seat's view.

A bot is an object with a ``name`` and ``choose(view) -> Action``. It gets the
:class:`~buraco_core.game.view.View` of its seat (its own hand, the table, the other hands as
counts) and nothing else: never the :class:`~buraco_core.game.state.State`. Every bot is seeded
(``random.Random(seed)``), so a seed replays the same game.

A bot decides which of its moves are legal without seeing the hidden cards: legality depends
only on what its seat may see. :func:`determinize` builds a state consistent with the view (the
hidden cards dealt at random among the other hands, the stock, the pots and the closed part of
the discard pile) and the bot asks the pure core (:func:`~buraco_core.game.engine.check`,
:func:`~buraco_core.game.engine.legal_actions`) about its own moves in that state. Where a game
runs the bots (:func:`play_hand`), a bot may instead ask the game itself, as a player asks the
referee: ``choose(view, referee)`` with ``referee = game.why_illegal``, which answers only about
the moves of the seat to play. The answers are the same either way, and so are the bot's choices;
the game then builds a move it has just been asked about only once.

- :class:`RandomBot`: a uniform choice among a sample of legal actions.
- :class:`GreedyBot`: melds what it can, keeps its wild cards, avoids feeding the next player.
- :class:`MonteCarloBot`: samples the hidden cards, plays each candidate out with greedy
  players, and picks the best average score difference.

>>> from buraco_core.game import Game
>>> game = Game("buraco", players=4, seed=7)
>>> bots = [make_bot("greedy", seed) for seed in range(4)]
>>> actions = play_hand(game, bots)
>>> game.is_hand_over, len(actions) > 10
(True, True)
"""

from __future__ import annotations

import inspect
import random
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Protocol

from ..cards import SUITS, Card
from ..meld_search import (
    CARD_ORDER,
    addition_window,
    candidate_trios,
    card_counts,
    counted_connections,
    extends,
    goes_onto,
    group_cards,
    makes_meld,
    may_extend,
    natural_three_card_melds,
    near_meld,
    suited_counts,
    three_card_melds,
    trio_bound,
    trio_candidates,
)
from ..melds import Meld
from ..memo import Bounded
from ..rules import DiscardTake, Rules
from ..scoring import score_side
from .actions import Action, AddToMeld, Discard, Draw, IllegalAction, NewMeld, NextHand, Take
from .engine import apply, check, judge, legal_actions, out_refusal, reachable_teams
from .facade import Game
from .state import Phase, PotState, State
from .view import View, determinize, view_of

__all__ = [
    "BOTS",
    "FAR_HAND_WEIGHT",
    "Bot",
    "GreedyBot",
    "MonteCarloBot",
    "RandomBot",
    "Referee",
    "determinize",
    "draw_candidates",
    "make_bot",
    "play_candidates",
    "play_hand",
    "play_match",
    "trio_candidates",
]


Referee = Callable[[Action], "IllegalAction | None"]
"""The game's answer about a move of the seat to play: None if it is legal, else the reason
(:meth:`Game.why_illegal <buraco_core.game.facade.Game.why_illegal>`)."""


class Bot(Protocol):
    """A computer player: ``choose`` gets its seat's view and returns one legal action.

    ``referee`` (optional) answers whether a move of the seat is legal in the real game; a bot
    may ask it instead of the pure core on a determinized state (the same answers).
    """

    name: str

    def choose(self, view: View, referee: Referee | None = None) -> Action: ...


_DISCARDS: dict[Card, Discard] = {c: Discard(c) for c in [Card(0, ""), *(Card(r, su) for su in SUITS
                                                                           for r in range(1, 14))]}
"""One Discard action per card (actions are frozen values, so they can be shared)."""

_DRAW = Draw()
_TAKE = Take()


def draw_candidates(s: State) -> list[Action]:
    """The draw-phase actions the engine lists, not checked: ``draw``, ``take`` and
    (``brazilian``) a ``take`` down to every card above the bottom one (``take`` is the whole)."""
    out: list[Action] = [Draw(), Take()]
    if s.rules.discard_take is DiscardTake.ANY_DEPTH:
        pile = s.discard
        seen: dict[Card, int] = {}
        for i in range(len(pile) - 1, 0, -1):
            seen[pile[i]] = seen.get(pile[i], 0) + 1
            out.append(Take(pile[i], seen[pile[i]]))
    return out


def play_candidates(s: State) -> list[Action]:
    """A quick superset of the play-phase actions the engine lists (every discard, every
    single-card addition, every three-card meld), not checked: filter with ``check``."""
    hand = s.hands[s.turn]
    counts = card_counts(hand)
    distinct = sorted(counts, key=CARD_ORDER)
    out: list[Action] = [_DISCARDS[c] for c in distinct]
    own = s.current_team
    teams = reachable_teams(s.rules, s.teams, own)
    wilds, by_rank, by_suit = group_cards(distinct)
    for team in teams:
        which = None if team == own else team
        for i, m in enumerate(s.melds[team]):
            rank, suit, lo, hi, takes_wild = addition_window(m)
            if rank:  # a set
                fits = list(by_rank.get(rank, ()))
            else:  # a run: an ace, or a card within two places of an end
                fits = [c for c in by_suit.get(suit, ()) if c.rank == 1 or lo <= c.rank <= hi]
            if takes_wild:
                fits += wilds
            out.extend([AddToMeld(i + 1, (c,), which) for c in fits])
    out.extend(NewMeld(t) for t in candidate_trios(counts, distinct, s.rules))
    return out


# --------------------------------------------------------------------------- the greedy policy

def _greedy_draw(s: State, rng: random.Random) -> Action:
    """Draw, or take the pile when its cards meld with the hand or the side's melds."""
    for _, take in _take_values(s):
        if _take_melds(s, take):
            return take
    if s.stock:
        return Draw()
    found = _first_legal(s, draw_candidates(s))
    if found is None:
        raise RuntimeError("no legal way to draw")
    return found[0]


def _take_values(s: State) -> list[tuple[float, Take]]:
    """The takes greedy considers, with their values, best first (ties in the order of
    :func:`draw_candidates`)."""
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


def _take_melds(s: State, take: Take) -> bool:
    """Whether ``take`` is legal and greedy would then meld one of the cards taken (a take that
    melds nothing would only pass the same cards round the table)."""
    try:
        t = apply(s, take)
    except IllegalAction:
        return False
    if t.must_meld is not None:
        # a taken card must be melded: the engine allowed the take only because some play of
        # that card is legal, and greedy plays it first (its first plays are all the card's)
        return True
    taken = set(_taken_cards(s.discard, take, s.rules))
    for _ in range(8):
        found = _greedy_meld_step(t)
        if found is None:
            return False
        act, after = found
        if not isinstance(act, (NewMeld, AddToMeld)):
            return False
        if any(c in taken for c in act.cards):
            return True
        t = apply(t, act) if after is None else after
    return False


def _taken_cards(pile: tuple[Card, ...], take: Take, rules: Rules) -> tuple[Card, ...]:
    if take.card is None:
        return pile
    seen = 0
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == take.card:
            seen += 1
            if seen == take.copy:
                return pile[i:]
    return ()


def _own_adds(s: State, cards: Iterable[Card]) -> list[AddToMeld]:
    own = s.melds[s.current_team]
    out = []
    for c in cards:
        for i, m in enumerate(own):
            if near_meld(m, c):
                out.append(AddToMeld(i + 1, (c,)))
    return out


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


def _greedy_meld(s: State, referee: Referee | None = None) -> Action | None:
    """The next meld or addition greedy would make, or None to discard now (``referee``: see
    :func:`greedy_action`)."""
    found = _greedy_meld_step(s, referee)
    return None if found is None else found[0]


def _greedy_meld_step(s: State, referee: Referee | None = None) -> tuple[Action, State | None] | None:
    """:func:`_greedy_meld`, with the next state where judging the play built it."""
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
    # additions of natural cards: those that complete a buraco first
    # (an addition the meld cannot take is refused by the engine too: skip its check)
    adds = []  # _own_adds, the refused ones never built
    for c in distinct:
        if c.rank == 0 or c.rank == 2:
            continue
        for i, m in enumerate(own):
            if near_meld(m, c) and extends(m, c):
                adds.append(AddToMeld(i + 1, (c,)))
    adds.sort(key=lambda a: -len(own[a.meld - 1].cards))
    found = _first_legal(s, adds, referee)
    if found is not None:
        return found
    # new melds of natural cards, the most points first
    trios = natural_three_card_melds(hand, rules)
    values = rules.card_values
    trios.sort(key=lambda t: -(values[t[0].rank] + values[t[1].rank] + values[t[2].rank]))
    found = _first_legal(s, [NewMeld(t) for t in trios], referee)
    if found is not None:
        return found
    wilds = [c for c in distinct if c.is_wild_card]
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


def _discard_scores(s: State, rng: random.Random) -> list[tuple[float, Discard]]:
    """Every legal discard with its badness (lower is a better discard), best first."""
    hand = s.hands[s.turn]
    rules = s.rules
    seat = s.turn
    nxt = (seat + 1) % s.players
    next_melds = s.melds[s.team_of(nxt)] if s.team_of(nxt) != s.current_team else ()
    own = s.melds[s.current_team]
    pile = s.discard if rules.discard_open else s.discard[-1:]
    feeds_pile = rules.discard_take is not DiscardTake.WHOLE_IF_TOP_MELDS
    scored: list[tuple[float, Discard]] = []
    in_pile = suited_counts(pile)
    in_hand = suited_counts(hand)
    for c in sorted(set(hand), key=CARD_ORDER):  # by rank, then suit
        act = _DISCARDS[c]
        if check(s, act) is not None:
            continue
        bad = 0.0
        wild = c.rank == 0 or c.rank == 2
        if wild:
            bad += 1000.0
        if next_melds and goes_onto(next_melds, c):
            bad += 300.0
        if feeds_pile:
            bad += 40.0 * min(3, counted_connections(c, in_pile, rules))
        if not wild:
            bad += 25.0 * min(4, counted_connections(c, in_hand, rules, holding=True))
        if own and goes_onto(own, c):
            bad += 60.0
        bad -= 0.5 * rules.card_values[c.rank]
        bad += rng.random()
        scored.append((bad, act))
    scored.sort(key=lambda x: x[0])
    return scored


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
        return _greedy_draw(s, rng), None
    if s.phase is Phase.PLAY:
        meld = _greedy_meld_step(s, referee)
        if meld is not None:
            return meld
        scored = _discard_scores(s, rng)
        if scored:
            return scored[0][1], None
        # nothing may be discarded: play anything legal (the engine guarantees something is)
        return next(iter(legal_actions(s))), None
    return NextHand(), None


# --------------------------------------------------------------------------- the bots

class RandomBot:
    """Random: a uniform choice among a sample of legal actions.

    Draw phase: the sample is ``draw``, ``take`` (the whole pile) and, in ``brazilian``, one
    ``take`` down to a card above the bottom, that card picked at random; it plays one of the
    legal ones, each equally likely. Play phase: the sample is every discard, every single-card
    addition and every three-card meld of :func:`play_candidates` (longer melds grow by
    additions), and it plays one of the legal ones, each equally likely (a random pick, checked
    with the engine; a refused pick is dropped and it picks again). It has no plan: it is the
    baseline the others beat.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: View, referee: Referee | None = None) -> Action:
        phase = view.phase
        if phase is Phase.PLAY:
            if referee is None:
                referee = partial(check, determinize(view))
            return self._play(view, referee)
        if phase is not Phase.DRAW:
            return NextHand()
        candidates: list[Action] = [_DRAW, _TAKE]
        pile = view.discard
        if view.rules.discard_take is DiscardTake.ANY_DEPTH and len(pile) > 1:
            # one take down to a card above the bottom, that card picked at random
            i = 1 + int(self.rng.random() * (len(pile) - 1))
            card = pile[i]
            candidates.append(Take(card, pile[i:].count(card)))
        if referee is None:
            referee = partial(check, determinize(view))
        # rejection sampling: pick one of the superset at random, drop it if it is refused;
        # the first legal one drawn is a uniform choice among the legal ones, and it takes only
        # as many random numbers and checks as picks
        rand = self.rng.random
        while candidates:
            i = int(rand() * len(candidates))
            act = candidates[i]
            if referee(act) is None:
                return act
            candidates[i] = candidates[-1]
            candidates.pop()
        return next(iter(legal_actions(determinize(view))))

    def _play(self, view: View, referee: Referee) -> Action:
        """A uniform choice among the legal ones of :func:`play_candidates`, built lazily: the
        discards and additions are listed (additions as (team, meld, card) until picked); the
        three-card meld candidates are counted from above (:func:`trio_bound`) and listed only
        when a pick falls among them. A pick of an empty place of the bound, or of a refused
        action, is dropped and the pick repeated, so every legal candidate stays equally likely.
        """
        rules = view.rules
        counts, wilds, by_rank, by_suit, bound = _read_hand(view.hand, rules)
        pool: list[Action | tuple[int | None, int, Card] | tuple[Card, ...]] = [_DISCARDS[c] for c in counts]
        own = view.team
        melds = view.melds
        append = pool.append
        for team in reachable_teams(rules, view.teams, own):
            which = None if team == own else team
            for i, rank, suit, lo, hi, takes_wild in _side_shape(melds[team]):
                if rank:  # a set
                    for c in by_rank.get(rank, ()):
                        append((which, i, c))
                else:
                    for c in by_suit.get(suit, ()):
                        r = c.rank
                        if r == 1 or lo <= r <= hi:
                            append((which, i, c))
                if takes_wild:
                    for c in wilds:
                        append((which, i, c))
        rand = self.rng.random
        while pool or bound:
            i = int(rand() * (len(pool) + bound))
            if i >= len(pool):
                # the pick falls among the three-card melds: list them; the place picked is
                # one of them, or an empty place of the bound (pick again)
                j = i - len(pool)
                trios = candidate_trios(counts, sorted(counts, key=CARD_ORDER), rules)
                bound = 0
                pool.extend(trios)  # each a NewMeld once picked
                if j >= len(trios):
                    continue
                i = len(pool) - len(trios) + j
            item = pool[i]
            if type(item) is tuple:
                if type(item[1]) is int:
                    # an addition the engine's pre-test says the meld surely refuses is dropped
                    # without asking the engine (as check would refuse it)
                    team = own if item[0] is None else item[0]
                    m = melds[team][item[1] - 1]
                    if may_extend(m, item[2], rules):
                        act: Action = AddToMeld(item[1], (item[2],), item[0])
                        if referee(act) is None:
                            return act
                else:
                    act = NewMeld(item)  # type: ignore[arg-type]
                    if referee(act) is None:
                        return act
            elif referee(item) is None:  # type: ignore[arg-type]
                return item  # type: ignore[return-value]
            pool[i] = pool[-1]
            pool.pop()
        return next(iter(legal_actions(determinize(view))))


_SIDE_SHAPES: Bounded[int, tuple[tuple[Meld, ...], list[tuple[int, int, str, int, int, bool]]]] = Bounded(
    "bots.side_shapes", 512)


def _side_shape(side: tuple[Meld, ...]) -> list[tuple[int, int, str, int, int, bool]]:
    """Per meld of a side, what the random bot's additions need: (meld number, a set's rank or
    0, a run's suit, the lowest and highest place a natural card of it may have, whether a wild
    card is a candidate). Remembered per side (a side's tuple of melds is kept until it
    changes, and many moves see the same one)."""
    known = _SIDE_SHAPES.data.get(id(side))
    if known is not None and known[0] is side:
        return known[1]
    shape = [(i, *addition_window(m)) for i, m in enumerate(side, 1)]
    _SIDE_SHAPES.put(id(side), (side, shape))  # the entry holds the tuple, so its id stays its own
    return shape


def _read_hand(hand: tuple[Card, ...], rules: Rules) -> tuple[
        dict[Card, int], list[Card], dict[int, list[Card]], dict[str, list[Card]], int]:
    """What the random bot needs of its hand: the count of each card (in hand order), the
    distinct wild cards and natural cards by rank and by suit (:func:`group_cards`), and
    :func:`trio_bound`."""
    counts = card_counts(hand)
    wilds, by_rank, by_suit = group_cards(counts)
    return counts, wilds, by_rank, by_suit, trio_bound(counts, by_rank, wilds, rules)


class GreedyBot:
    """Greedy: melds what it can now, keeps its wild cards, avoids feeding the next player.

    Draw: takes the discard pile when cards of it meld with its hand or go onto its side's melds
    (in ``brazilian`` it picks the depth with the most such cards; in ``fechado`` it takes
    whenever the rules let it), else draws from the stock.
    Play: first the card it must meld, then every natural card that goes onto its side's melds,
    then every new meld of natural cards (most points first). A wild card is played only to make
    the side's first buraco, to spend a second wild card (onto the longest meld without one), or
    to empty a hand of three cards or fewer.
    Discard: never a wild card if it can help it; never a card that goes onto the next player's
    side's melds; avoids cards that connect with the discard pile (the next player could take
    it and use them); keeps cards that connect with its own hand; sheds high points otherwise.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: View, referee: Referee | None = None) -> Action:
        return greedy_action(determinize(view), self.rng, referee)


FAR_HAND_WEIGHT = 0.3
"""The share of the points of the cards in hand that :func:`_evaluate` counts against a side
where closing needs a clean buraco (``Rules.out_needs_clean``) and no side may go out yet: the
hand has far to run, and the cards are mostly melds to come. Set by measurement in ``fechado``
(benchmarks/bench_bots.py, the same 60 hands against greedy): 0.15, 0.3 and 0.5 won 39, 39 and
40 of them; counting the cards in full, as before, won 42.5% of the first 40 where 0.3 won 65%.
Over 200 hands: 61.5% (deals 0-99, which include those 60), but 52.0% on deals 100-199, where
the full count won 50.0%: most of the first gain was those deals. Where any buraco closes, the
same weight lost hands (buraco 64 of 100 against 69, italian 34 of 60 against 40), so there the
cards count in full."""


def _evaluate(s: State, team: int, far_weight: float = FAR_HAND_WEIGHT) -> float:
    """The seat's side's score minus the best other side's, as if the hand ended now
    (the real hand scores once the hand is over).

    Where closing needs a clean buraco (``fechado``, ``brazilian``), the cards in hand count at
    ``far_weight`` of their points until some side may go out (its pot taken where one is left,
    and a clean buraco: :func:`~buraco_core.game.engine._out_reason`), then in full, as they
    always do elsewhere. Counted in full, every card a side took from the pile or its pot, and had
    not yet melded when the rollout stopped, weighed as a loss; in ``fechado``, where for most of a
    long hand no side may go out, that made the search lose more hands than greedy.
    """
    if s.phase in (Phase.HAND_OVER, Phase.MATCH_OVER) and s.hand_scores:
        totals = [float(sc.total) for sc in s.hand_scores]
    else:
        rules = s.rules
        values = rules.card_values
        teams = range(s.teams)
        weight = 1.0
        if rules.out_needs_clean and all(out_refusal(s, t) is not None for t in teams):
            weight = far_weight
        totals = []
        for t in teams:
            left = sum(values[c.rank] for seat in s.seats_of(t) for c in s.hands[seat])
            taken = s.pot_state[t] in (PotState.TAKEN, PotState.WAITING)
            melded = score_side(s.melds[t], (), rules, went_out=False, took_pot=taken).total
            totals.append(melded - weight * left)
    mine = totals[team]
    others = [v for t, v in enumerate(totals) if t != team]
    return mine - max(others)


class MonteCarloBot:
    """Monte-Carlo: determinized rollouts over the hidden cards.

    At each draw and each discard it lists its candidates (every way to draw; the
    ``candidates`` best discards by the greedy ranking), samples ``worlds`` deals of the hidden
    cards consistent with its view (unknown cards = deck minus its hand, the melds and the
    visible discard pile, dealt by the hand counts, the stock and pot sizes), and in each world
    plays every candidate out with greedy players for ``horizon`` turns (or to the end of the
    hand). It picks the candidate with the best average difference between its side's score and
    the best other side's (the same worlds for every candidate, so the comparison is fair), the
    score taken as if the hand ended there, except that where closing needs a clean buraco and no
    side may go out yet, the cards in hand count at only :data:`FAR_HAND_WEIGHT` of their points
    (:func:`_evaluate`).
    Melds and additions follow the greedy policy. ``max_seconds`` (None: no limit) caps the
    time of one decision; with a limit the choice may depend on the machine's speed.
    """

    name = "mc"

    def __init__(self, seed: int = 0, *, worlds: int = 16, candidates: int = 6, horizon: int = 10,
                 max_seconds: float | None = None) -> None:
        if worlds < 1 or candidates < 1 or horizon < 1:
            raise ValueError("worlds, candidates and horizon must each be at least 1")
        self.seed = seed
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates
        self.horizon = horizon
        self.max_seconds = max_seconds
        self.decision_times: list[float] = []
        """Seconds of every decision."""
        self.search_times: list[float] = []
        """Seconds of the decisions that played rollouts (a draw or a discard with a choice)."""

    def choose(self, view: View, referee: Referee | None = None) -> Action:
        """Its choice for ``view`` (the searched worlds are its own; ``referee`` is not asked)."""
        started = time.perf_counter()
        try:
            return self._choose(view, started)
        finally:
            self.decision_times.append(time.perf_counter() - started)

    def _choose(self, view: View, started: float) -> Action:
        base = determinize(view, self.rng)
        if base.phase is Phase.DRAW:
            options: list[Action] = legal_actions(base).list()
            greedy = _greedy_draw(base, self.rng)
            if len(options) > self.candidates:
                rest = [a for a in options if a != greedy]
                options = [greedy, *rest[:1], *rest[-(self.candidates - 2):]]
            else:
                options = [greedy, *(a for a in options if a != greedy)]
        elif base.phase is Phase.PLAY:
            meld = _greedy_meld(base)
            if meld is not None:
                return meld
            options = [a for _, a in _discard_scores(base, self.rng)[:self.candidates]]
            if not options:
                return next(iter(legal_actions(base)))
        else:
            return NextHand()
        if len(options) == 1:
            return options[0]
        team = view.team
        totals = [0.0] * len(options)
        for _ in range(self.worlds):
            world = determinize(view, self.rng)
            world_seed = self.rng.getrandbits(32)
            for i, option in enumerate(options):
                totals[i] += self._rollout(apply(world, option), team, random.Random(world_seed))
            if self.max_seconds is not None and time.perf_counter() - started > self.max_seconds:
                break
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        self.search_times.append(time.perf_counter() - started)
        return options[best]

    def _rollout(self, s: State, team: int, rng: random.Random) -> float:
        turns = 0
        seat = s.turn
        while s.phase in (Phase.DRAW, Phase.PLAY):
            if s.turn != seat:
                seat = s.turn
                turns += 1
                if turns >= self.horizon:
                    break
            s = greedy_step(s, rng)[1]
        return _evaluate(s, team)

    def median_decision_seconds(self) -> float | None:
        """The median time of the decisions so far (None before the first)."""
        return statistics.median(self.decision_times) if self.decision_times else None


BOTS: Mapping[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mc": MonteCarloBot,
}
"""The bots by name, each a constructor taking a seed."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by its name (``random``, ``greedy``, ``mc``) with its seed.

    >>> make_bot("greedy", 3).name
    'greedy'
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    ValueError: no bot called 'clever': choose one of random, greedy, mc
    """
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot called {name!r}: choose one of {', '.join(BOTS)}") from None
    return factory(seed)


# --------------------------------------------------------------------------- playing

def _bot_for(bots: Sequence[Bot] | Mapping[int, Bot], seat: int) -> Bot:
    try:
        return bots[seat]
    except (IndexError, KeyError):
        raise ValueError(f"no bot for seat {seat}: give one bot per seat") from None


_ASKS_REFEREE: Bounded[type, bool] = Bounded("bots.asks_referee", 256)


def _asks_referee(bot: Bot) -> bool:
    """Whether ``bot.choose`` takes a ``referee`` (a bot written as ``choose(view)`` is asked
    with the view alone)."""
    known = _ASKS_REFEREE.get(type(bot))
    if known is None:
        try:
            known = "referee" in inspect.signature(bot.choose).parameters
        except (TypeError, ValueError):
            known = False
        _ASKS_REFEREE.put(type(bot), known)
    return known


def play_hand(game: Game, bots: Sequence[Bot] | Mapping[int, Bot], *,
              max_actions: int = 20000) -> list[tuple[int, str]]:
    """Let the bots play ``game`` until the hand is over; return the (seat, action) played.

    Each bot gets only ``game.view(seat)`` and, where its ``choose`` takes a ``referee``, the
    game's answers about its own moves (``game.why_illegal``). An illegal choice raises
    :class:`~buraco_core.game.actions.IllegalAction` (a bot bug), and ``max_actions`` guards
    against a hand that never ends.
    """
    played: list[tuple[int, str]] = []
    referee = game.why_illegal
    seated: dict[int, tuple[Bot, bool]] = {}  # per seat: its bot, and whether it takes a referee
    state = game.state
    while state.phase is Phase.DRAW or state.phase is Phase.PLAY:
        if len(played) >= max_actions:
            raise RuntimeError(f"the hand did not end within {max_actions} actions")
        seat = state.turn
        known = seated.get(seat)
        if known is None:
            bot = _bot_for(bots, seat)
            known = seated[seat] = (bot, _asks_referee(bot))
        view = view_of(state, seat)
        action = known[0].choose(view, referee) if known[1] else known[0].choose(view)
        game.play(action)
        state = game.state
        played.append(state.history[-1])  # (seat, the action's text), as the engine logged it
    return played


def play_match(game: Game, bots: Sequence[Bot] | Mapping[int, Bot], *,
               on_hand: Callable[[Game], None] | None = None, max_hands: int = 200) -> int | None:
    """Play hands until the match is over; ``on_hand(game)`` runs after every hand (before the
    next deal). Returns the winning team, or None for a draw."""
    for _ in range(max_hands):
        play_hand(game, bots)
        if on_hand is not None:
            on_hand(game)
        if game.is_match_over:
            return game.winner
        game.play(NextHand())
    raise RuntimeError(f"the match did not end within {max_hands} hands")
