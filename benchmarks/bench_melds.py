"""How fast is make_meld? Calls per second on random 3-8 card inputs, one core.

Inputs are seeded and mixed, roughly half valid: valid ones are slices of runs (sometimes with a
wild card swapped in or added) and sets cut from the ruleset's deck; invalid ones are random draws
from the shuffled deck. Every ruleset gets the same number of inputs; the figure is the mean of
the best of a few rounds, timed in this process's CPU time (``time.process_time``), so that
other work on a shared machine does not count against it.

Run it: ``python benchmarks/bench_melds.py`` (``--seconds`` for a longer run, ``--seed`` to vary).
The target on the development machine is 20,000 calls per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from buraco_core import RULESETS, Card, InvalidMeld, Rules, build_deck, make_meld

TARGET = 20_000


def valid_input(rng: random.Random, rules: Rules) -> list[Card]:
    """A run slice or a set cut from the deck, 3-8 cards, maybe with a wild card."""
    n = rng.randint(3, 8)
    wilds = [Card(2, s) for s in "shdc"] + ([Card.joker()] if rules.jokers else [])
    if rules.allow_sets and rng.random() < 0.3:
        rank = rng.choice([1, *range(3, 14)])
        most = rules.set_max_cards or 8
        n = min(n, most)
        suits = list("shdc") * 2
        rng.shuffle(suits)
        cards = [Card(rank, suit) for suit in suits[:n]]
        if rules.set_distinct_suits:
            cards = [Card(rank, suit) for suit in "shdc"][: min(n, 4)]
    else:
        suit = rng.choice("shdc")
        low = rng.randint(1, 15 - n)
        cards = [Card(1 if place == 14 else place, suit) for place in range(low, low + n)]
    if rng.random() < 0.4:
        cards[rng.randrange(len(cards))] = rng.choice(wilds)
    rng.shuffle(cards)
    return cards


def random_input(rng: random.Random, deck: Sequence[Card]) -> list[Card]:
    """A random draw of 3-8 cards: mostly no meld."""
    return rng.sample(list(deck), rng.randint(3, 8))


def make_inputs(rules: Rules, count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    deck = build_deck(rules)
    return [valid_input(rng, rules) if rng.random() < 0.5 else random_input(rng, deck) for _ in range(count)]


def time_calls(inputs: list[list[Card]], rules: Rules) -> tuple[float, float, int]:
    """CPU and wall seconds for one make_meld call per input, and how many inputs were melds."""
    valid = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for cards in inputs:
        try:
            make_meld(cards, rules)
            valid += 1
        except InvalidMeld:
            pass
    return time.process_time() - cpu, time.perf_counter() - wall, valid


def run(seconds: float = 1.0, seed: int = 2026, count: int = 4000) -> dict[str, float]:
    """CPU-time calls per second for each ruleset and overall; prints a small table."""
    results: dict[str, float] = {}
    total_calls = 0
    total_cpu = total_wall = 0.0
    print(f"make_meld on random 3-8 card inputs (seed {seed}, {count} inputs a ruleset, one core)")
    print(f"{'ruleset':<10} {'calls/s':>10} {'(wall)':>10} {'valid':>7}")
    for offset, (name, rules) in enumerate(RULESETS.items()):
        inputs = make_inputs(rules, count, seed + offset)
        time_calls(inputs[:200], rules)  # warm up
        best_cpu = best_wall = float("inf")
        valid = rounds = 0
        deadline = time.perf_counter() + seconds / len(RULESETS)
        while rounds < 3 or time.perf_counter() < deadline:
            cpu, wall, valid = time_calls(inputs, rules)
            best_cpu, best_wall = min(best_cpu, cpu), min(best_wall, wall)
            rounds += 1
        results[name] = count / best_cpu
        total_calls += count
        total_cpu += best_cpu
        total_wall += best_wall
        print(f"{name:<10} {results[name]:>10,.0f} {count / best_wall:>10,.0f} {valid / count:>7.0%}")
    results["overall"] = total_calls / total_cpu
    results["overall_wall"] = total_calls / total_wall
    verdict = "meets" if results["overall"] >= TARGET else "BELOW"
    print(f"{'overall':<10} {results['overall']:>10,.0f} {results['overall_wall']:>10,.0f}"
          f"   ({verdict} the target of {TARGET:,}/s)")
    return results


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry, also called by benchmarks/run_all.py as ``main()`` (the defaults; it
    never reads the caller's command line). Returns 0 when the target is met, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="time to spend measuring")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--count", type=int, default=4000, help="inputs per ruleset")
    args = parser.parse_args([] if argv is None else list(argv))
    results = run(args.seconds, args.seed, args.count)
    return 0 if results["overall"] >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
