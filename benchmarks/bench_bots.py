"""Bot strength: seeded 4-player hands between two sides, with Wilson 95% intervals.

Targets (issue 3): the Monte-Carlo side wins at least 60% of hands against a greedy side, the
greedy side at least 90% against a random side, and the Monte-Carlo bot's median decision takes
under 1 s on this machine.

A hand is won by the side with more points in it (a tie is no win); in ``brazilian``, where
every seat plays alone, a side's points are its two seats' points together. Every deal is played twice
with the sides' seats swapped (0 and 2 against 1 and 3, then the other way round), so neither
side always starts and both sides get the same cards.

    .venv/bin/python benchmarks/bench_bots.py                  # 200 hands a match-up, buraco
    .venv/bin/python benchmarks/bench_bots.py --hands 40 --rules italian --matchups greedy:random
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from buraco_core.bots import BOTS, Bot, MonteCarloBot, make_bot, play_hand
from buraco_core.game import Game


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Result:
    side: str
    other: str
    rules: str
    hands: int = 0
    wins: int = 0
    ties: int = 0
    margin: list[int] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    searches: list[float] = field(default_factory=list)
    seconds: float = 0.0


def play_matchup(side: str, other: str, rules: str, hands: int, *, first_seed: int = 0,
                 progress: bool = True, mc: dict[str, int] | None = None,
                 factory: Callable[[str, int], Bot] | None = None) -> Result:
    """``hands`` hands (rounded up to pairs) of ``side`` against ``other``; ``mc`` passes
    settings (worlds, candidates, horizon) to the Monte-Carlo bots; ``factory(name, seed)``, if
    given, makes the bots instead (bench_coach.py seats the coach so)."""

    def make(name: str, seed: int) -> Bot:
        if factory is not None:
            return factory(name, seed)
        if name == "mc" and mc:
            return MonteCarloBot(seed, **mc)
        return make_bot(name, seed)

    result = Result(side, other, rules)
    started = time.perf_counter()
    deals = (hands + 1) // 2
    for k in range(deals):
        deal = first_seed + k
        for swap in (0, 1):
            side_seats = (0, 2) if swap == 0 else (1, 3)
            bots: list[Bot] = [make(side if seat in side_seats else other, deal * 10 + seat)
                               for seat in range(4)]
            game = Game(rules, players=4, seed=deal)
            play_hand(game, bots)
            state = game.state
            # a side's points: its team's (brazilian, every seat alone: its two seats' summed)
            side_teams = {state.team_of(seat) for seat in side_seats}
            mine = sum(sc.total for t, sc in enumerate(state.hand_scores) if t in side_teams)
            theirs = sum(sc.total for t, sc in enumerate(state.hand_scores) if t not in side_teams)
            result.hands += 1
            result.wins += mine > theirs
            result.ties += mine == theirs
            result.margin.append(mine - theirs)
            for b in bots:
                if isinstance(b, MonteCarloBot):
                    result.decisions.extend(b.decision_times)
                    result.searches.extend(b.search_times)
        if progress:
            print(f"  {side} vs {other}: {result.wins}/{result.hands} won "
                  f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    result.seconds = time.perf_counter() - started
    return result


def report(results: Sequence[Result], targets: dict[tuple[str, str], float]) -> bool:
    print(f"{'rules':<10} {'side':<7} {'vs':<7} {'hands':>5} {'won':>5} {'ties':>4} {'win %':>6} "
          f"{'95% CI':>15} {'mean margin':>11} {'target':>7}  verdict")
    ok = True
    for r in results:
        low, high = wilson(r.wins, r.hands)
        target = targets.get((r.side, r.other))
        rate = r.wins / r.hands if r.hands else 0.0
        verdict = "-" if target is None else ("PASS" if rate >= target else "FAIL")
        if target is not None and low >= target:
            verdict += " (whole CI above)"
        ok = ok and verdict.startswith(("PASS", "-"))
        margin = statistics.mean(r.margin) if r.margin else 0.0
        tgt = "-" if target is None else f"{target:.0%}"
        print(f"{r.rules:<10} {r.side:<7} {r.other:<7} {r.hands:>5} {r.wins:>5} {r.ties:>4} "
              f"{rate:>6.1%} {f'[{low:.1%}, {high:.1%}]':>15} {margin:>11.1f} {tgt:>7}  {verdict}")
    for r in results:
        if r.decisions:
            searches = sorted(r.searches)
            p95 = searches[int(0.95 * (len(searches) - 1))] if searches else 0.0
            med_all = statistics.median(r.decisions)
            med_search = statistics.median(searches) if searches else 0.0
            verdict = "PASS" if med_all < 1.0 and med_search < 1.0 else "FAIL"
            ok = ok and verdict == "PASS"
            print(f"mc decision time ({r.rules}, vs {r.other}): median {med_all * 1000:.0f} ms over "
                  f"{len(r.decisions)} decisions; decisions that searched: median "
                  f"{med_search * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms, max "
                  f"{(searches[-1] if searches else 0.0) * 1000:.0f} ms over {len(searches)}; "
                  f"target median < 1000 ms: {verdict}")
    for r in results:
        print(f"time for {r.side} vs {r.other} ({r.rules}): {r.seconds:.0f} s")
    return ok


TARGETS = {("mc", "greedy"): 0.60, ("greedy", "random"): 0.90}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per match-up (default 200)")
    parser.add_argument("--rules", default="buraco", help="ruleset (default buraco)")
    parser.add_argument("--matchups", default="mc:greedy,greedy:random",
                        help="side:other pairs, comma-separated (default mc:greedy,greedy:random)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--mc-worlds", type=int, default=None, help="MonteCarloBot worlds")
    parser.add_argument("--mc-candidates", type=int, default=None, help="MonteCarloBot candidates")
    parser.add_argument("--mc-horizon", type=int, default=None, help="MonteCarloBot horizon (turns)")
    args = parser.parse_args([] if argv is None else list(argv))
    mc = {k: v for k, v in (("worlds", args.mc_worlds), ("candidates", args.mc_candidates),
                            ("horizon", args.mc_horizon)) if v is not None}
    pairs = [tuple(p.split(":")) for p in args.matchups.split(",")]
    for pair in pairs:
        if len(pair) != 2 or any(name not in BOTS for name in pair):
            parser.error(f"--matchups: {':'.join(pair)} is not side:other with bots from "
                         f"{', '.join(BOTS)}")
    print(f"bot strength: {args.rules}, 4 players, {args.hands} hands a match-up "
          f"(each deal twice, seats swapped), seeds from {args.first_seed}", flush=True)
    if mc:
        print(f"MonteCarloBot settings: {mc}", flush=True)
    results = [play_matchup(a, b, args.rules, args.hands, first_seed=args.first_seed, mc=mc)
               for a, b in pairs]
    ok = report(results, TARGETS)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
