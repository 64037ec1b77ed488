"""The Monte-Carlo bot: determinized rollouts over the hidden cards, played out by greedy players.

:func:`evaluate` is what a position is worth to a side (its score as if the hand ended there,
less the best other side's): what a play earns is the difference it makes to it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence

from ..game.actions import Action, NextHand
from ..game.engine import apply, out_refusal
from ..game.legal import legal_actions
from ..game.state import Phase, PotState, State
from ..game.view import View, determinize
from ..scoring import score_side
from .greedy import discard_scores, greedy_draw, greedy_meld, greedy_step
from .protocol import Referee

__all__ = ["FAR_HAND_WEIGHT", "MonteCarloBot", "evaluate"]

FAR_HAND_WEIGHT = 0.3
"""The share of the points of the cards in hand that :func:`evaluate` counts against a side
where closing needs a clean buraco (``Rules.out_needs_clean``) and no side may go out yet: the
hand has far to run, and the cards are mostly melds to come. Set by measurement in ``fechado``
(benchmarks/bench_bots.py, the same 60 hands against greedy): 0.15, 0.3 and 0.5 won 39, 39 and
40 of them; counting the cards in full, as before, won 42.5% of the first 40 where 0.3 won 65%.
Over 200 hands: 61.5% (deals 0-99, which include those 60), but 52.0% on deals 100-199, where
the full count won 50.0%: most of the first gain was those deals. Where any buraco closes, the
same weight lost hands (buraco 64 of 100 against 69, italian 34 of 60 against 40), so there the
cards count in full."""


def evaluate(s: State, team: int, far_weight: float = FAR_HAND_WEIGHT) -> float:
    """The seat's side's score minus the best other side's, as if the hand ended now
    (the real hand scores once the hand is over).

    Where closing needs a clean buraco (``fechado``, ``brazilian``), the cards in hand count at
    ``far_weight`` of their points until some side may go out (its pot taken where one is left,
    and a clean buraco: :func:`~buraco_core.game.engine.out_refusal`), then in full, as they
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
    (:func:`evaluate`).
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
        return self.appraise(view)[0][0]

    def appraise(self, view: View, extra: Action | None = None, *,
                 only: Sequence[Action] | None = None) -> list[tuple[Action, float | None]]:
        """Its candidates for ``view`` with what each is worth, best first: the mean over the
        sampled worlds of :func:`evaluate` after playing it out (points for the seat's side,
        less the best other side's). A move it does not search (a meld or an addition of the
        greedy policy, the only legal move, the next deal) comes alone, worth None. ``extra``
        (a legal draw or discard it may not list) is searched beside its candidates, in the
        same worlds; the coach uses it to value the move a person played. ``only`` (legal moves
        of the seat now) are searched instead of its own candidates, even one alone (a puzzle's
        choices). ``choose`` is the first move of this list."""
        started = time.perf_counter()
        try:
            if only is not None:
                return self._search(view, started, list(only))
            return self._appraise(view, started, extra)
        finally:
            self.decision_times.append(time.perf_counter() - started)

    def _appraise(self, view: View, started: float, extra: Action | None
                  ) -> list[tuple[Action, float | None]]:
        base = determinize(view, self.rng)
        if base.phase is Phase.DRAW:
            options: list[Action] = legal_actions(base).list()
            greedy = greedy_draw(base, self.rng)
            if len(options) > self.candidates:
                rest = [a for a in options if a != greedy]
                options = [greedy, *rest[:1], *rest[-(self.candidates - 2):]]
            else:
                options = [greedy, *(a for a in options if a != greedy)]
        elif base.phase is Phase.PLAY:
            meld = greedy_meld(base)
            if meld is not None and extra is None:
                return [(meld, None)]
            options = [a for _, a in discard_scores(base, self.rng)[:self.candidates]]
            if not options:
                return [(next(iter(legal_actions(base))), None)]
        else:
            return [(NextHand(), None)]
        if extra is not None and extra not in options:
            options.append(extra)
        if len(options) == 1:
            return [(options[0], None)]
        return self._search(view, started, options)

    def _search(self, view: View, started: float, options: list[Action]) -> list[tuple[Action, float | None]]:
        """Each of ``options`` played out in the same sampled worlds: their mean values, best first."""
        team = view.team
        totals = [0.0] * len(options)
        worlds = 0
        for _ in range(self.worlds):
            world = determinize(view, self.rng)
            world_seed = self.rng.getrandbits(32)
            for i, option in enumerate(options):
                totals[i] += self._rollout(apply(world, option), team, random.Random(world_seed))
            worlds += 1
            if self.max_seconds is not None and time.perf_counter() - started > self.max_seconds:
                break
        order = sorted(range(len(options)), key=lambda i: (-totals[i], i))
        self.search_times.append(time.perf_counter() - started)
        return [(options[i], totals[i] / worlds) for i in order]

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
        return evaluate(s, team)

    def median_decision_seconds(self) -> float | None:
        """The median time of the decisions so far (None before the first)."""
        return statistics.median(self.decision_times) if self.decision_times else None
