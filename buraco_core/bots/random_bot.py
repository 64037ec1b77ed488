"""The random bot: a uniform choice among a sample of legal actions, the baseline the others beat.

>>> from buraco_core.game import Game
>>> game = Game("buraco", players=4, seed=7)
>>> str(RandomBot(1).choose(game.view(), game.why_illegal))
'draw'
"""

from __future__ import annotations

import random
from functools import partial

from ..cards import CARD_ORDER, Card
from ..game.actions import Action, AddToMeld, Draw, NewMeld, NextHand, Take
from ..game.engine import check, reachable_teams
from ..game.legal import legal_actions
from ..game.state import Phase
from ..game.view import View, determinize
from ..meld_search import may_extend
from ..rules import DiscardTake, Rules
from .candidates import DISCARDS
from .protocol import Referee
from .reading import candidate_trios, group_cards, side_windows, trio_bound

__all__ = ["RandomBot", "read_hand"]

_DRAW = Draw()
_TAKE = Take()


class RandomBot:
    """Random: a uniform choice among a sample of legal actions.

    Draw phase: the sample is ``draw``, ``take`` (the whole pile) and, in ``brazilian``, one
    ``take`` down to a card above the bottom, that card picked at random; it plays one of the
    legal ones, each equally likely. Play phase: the sample is every discard, every single-card
    addition and every three-card meld of
    :func:`~buraco_core.bots.candidates.play_candidates` (longer melds grow by additions), and
    it plays one of the legal ones, each equally likely (a random pick, checked with the
    engine; a refused pick is dropped and it picks again). It has no plan: it is the baseline
    the others beat.
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
        """A uniform choice among the legal ones of ``play_candidates``, built lazily: the
        discards and additions are listed (additions as (team, meld, card) until picked); the
        three-card meld candidates are counted from above (:func:`~buraco_core.bots.reading.trio_bound`) and listed only
        when a pick falls among them. A pick of an empty place of the bound, or of a refused
        action, is dropped and the pick repeated, so every legal candidate stays equally likely.
        """
        rules = view.rules
        counts, wilds, by_rank, by_suit, bound = read_hand(view.hand, rules)
        pool: list[Action | tuple[int | None, int, Card] | tuple[Card, ...]] = [DISCARDS[c] for c in counts]
        own = view.team
        melds = view.melds
        append = pool.append
        for team in reachable_teams(rules, view.teams, own):
            which = None if team == own else team
            for i, rank, suit, lo, hi, takes_wild in side_windows(melds[team]):
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


def read_hand(hand: tuple[Card, ...], rules: Rules) -> tuple[
        dict[Card, int], list[Card], dict[int, list[Card]], dict[str, list[Card]], int]:
    """What the random bot needs of its hand: the count of each card (in hand order), the
    distinct wild cards and natural cards by rank and by suit
    (:func:`~buraco_core.bots.reading.group_cards`), and
    :func:`~buraco_core.bots.reading.trio_bound`."""
    counts: dict[Card, int] = {}
    for c in hand:  # card_counts, inline (a decision of the random bot is quick)
        counts[c] = counts.get(c, 0) + 1
    wilds, by_rank, by_suit = group_cards(counts)
    return counts, wilds, by_rank, by_suit, trio_bound(counts, by_rank, by_suit, wilds, rules)
