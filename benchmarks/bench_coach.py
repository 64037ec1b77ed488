"""The coach's strength and speed (issue 11): a side that follows :func:`buraco_core.coach.advise`
against a greedy side, and how long one piece of advice takes.

Targets: the coach's side wins at least 60% of hands against greedy (each deal played twice with
the sides' seats swapped, as in bench_bots.py, with a Wilson 95% interval); the median advice at
most 0.5 s and the 95th percentile at most 2 s on this machine (wall clock, every call of
``advise_view`` the coach's seats make, a meld as much as a search). The load average is printed
beside the times: the CPU may be shared.

    .venv/bin/python benchmarks/bench_coach.py                   # 200 hands, buraco, deals from 1000
    .venv/bin/python benchmarks/bench_coach.py --hands 40 --rules italian
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence

from bench_bots import play_matchup, wilson

from buraco_core.bots import Bot, make_bot
from buraco_core.coach import advise_view
from buraco_core.game import Action, View

WIN_TARGET = 0.60
MEDIAN_TARGET = 0.5
P95_TARGET = 2.0


class TimedCoach:
    """A seat that plays what the coach advises, timing every piece of advice."""

    name = "coach"

    def __init__(self, seed: int, times: list[float]) -> None:
        self.rng = random.Random(seed)
        self.times = times

    def choose(self, view: View) -> Action:
        started = time.perf_counter()
        advice = advise_view(view, seed=self.rng.getrandbits(32))
        self.times.append(time.perf_counter() - started)
        return advice.play


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands (default 200: 100 deals, each twice)")
    parser.add_argument("--rules", default="buraco", help="ruleset (default buraco)")
    parser.add_argument("--first-seed", type=int, default=1000,
                        help="the first deal's seed (default 1000: deals the bots were never tuned on)")
    args = parser.parse_args([] if argv is None else list(argv))
    times: list[float] = []

    def bots(name: str, seed: int) -> Bot:
        return TimedCoach(seed, times) if name == "coach" else make_bot(name, seed)

    print(f"coach strength: {args.rules}, 4 players, {args.hands} hands (each deal twice, seats swapped), "
          f"deals from {args.first_seed}; load average before: {os.getloadavg()[0]:.2f}", flush=True)
    r = play_matchup("coach", "greedy", args.rules, args.hands, first_seed=args.first_seed, factory=bots)
    low, high = wilson(r.wins, r.hands)
    rate = r.wins / r.hands if r.hands else 0.0
    wins_ok = rate >= WIN_TARGET
    print(f"coach vs greedy: {r.wins} of {r.hands} hands won ({r.ties} ties), {rate:.1%}, "
          f"95% CI [{low:.1%}, {high:.1%}], mean margin {statistics.mean(r.margin):.1f} points; "
          f"target {WIN_TARGET:.0%}: {'PASS' if wins_ok else 'FAIL'}"
          f"{' (whole CI above)' if low >= WIN_TARGET else ''}")
    times.sort()
    median = statistics.median(times) if times else 0.0
    p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
    time_ok = median <= MEDIAN_TARGET and p95 <= P95_TARGET
    print(f"advice time over {len(times)} decisions: median {median * 1000:.0f} ms, 95th percentile "
          f"{p95 * 1000:.0f} ms, max {(times[-1] if times else 0.0) * 1000:.0f} ms; target median <= "
          f"{MEDIAN_TARGET * 1000:.0f} ms and p95 <= {P95_TARGET * 1000:.0f} ms: {'PASS' if time_ok else 'FAIL'}; "
          f"load average (1, 5, 15 min) {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"time: {r.seconds:.0f} s")
    return 0 if wins_ok and time_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
