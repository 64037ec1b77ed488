"""Hands per second: 4 players, random and greedy bots, every ruleset, one core; and, in the same
run, the random-play games per second of RLCard's pure-Python gin rummy for comparison.

Goal (issue 3): Buraco hands per second with random bots at least RLCard's gin rummy games per
second. Times are CPU seconds of this process (``time.process_time``), so other work on a shared
machine counts less; wall-clock figures are printed beside them.

RLCard is never a dependency of this project. The script looks for it in its own virtual
environment, ``benchmarks/.venv-rlcard`` (gitignored), and creates that on request:

    .venv/bin/python benchmarks/bench_game.py                   # Buraco, and RLCard if installed
    .venv/bin/python benchmarks/bench_game.py --install-rlcard  # first make the RLCard venv
    .venv/bin/python benchmarks/bench_game.py --hands 100 --rules buraco,italian
    .venv/bin/python benchmarks/bench_game.py --repeat 7 --json out.json   # best of 7, and median

``--repeat N`` plays each row N times in a row and reports the best CPU-time rate (the figure
least disturbed by other work on a shared machine) with the median beside it; the first round
of a row may find the engine's caches colder than the later ones. ``--json FILE`` writes every
row's rates (each round's too) as JSON, for comparing two runs.

Columns: ``hands/s`` with the bots deciding (each bot sees only its view and asks the game, its
referee, about its own moves, as ``play_hand`` runs them); ``engine hands/s`` replays the same
actions through the pure core alone (``apply``), the floor the engine sets; ``events hands/s`` the
same replay asking the engine what each move did (``apply_events``), what reporting events costs
(the bots never ask: their searches call ``apply``). Rows ``env``: random
play by the loop itself on the real state, as RLCard's env drives its RandomAgent (every
candidate action listed, a uniform choice among the legal ones; no views, no bots). The greedy
bots and the env rows are compared with RLCard's figure too, for information.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from buraco_core import RULESETS
from buraco_core.bots import draw_candidates, make_bot, play_candidates, play_hand
from buraco_core.game import Game, Phase, State, apply, apply_events, judge, new_game

HERE = Path(__file__).resolve().parent
RLCARD_VENV = HERE / ".venv-rlcard"

RLCARD_SCRIPT = r"""
import json, random, sys, time
import numpy as np
import rlcard
from rlcard.agents import RandomAgent
from rlcard.games.gin_rummy.game import GinRummyGame
games = int(sys.argv[1])
np.random.seed(0)
env = rlcard.make("gin-rummy", config={"seed": 0})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
env.run(is_training=False)
cpu, wall = time.process_time(), time.perf_counter()
for _ in range(games):
    env.run(is_training=False)
env_cpu, env_wall = time.process_time() - cpu, time.perf_counter() - wall
game, rng = GinRummyGame(), random.Random(0)
game.np_random = np.random.RandomState(0)
moves = 0
cpu, wall = time.process_time(), time.perf_counter()
for _ in range(games):
    game.init_game()
    while not game.is_over():
        game.step(rng.choice(game.judge.get_legal_actions()))
        moves += 1
core_cpu, core_wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"version": rlcard.__version__ if hasattr(rlcard, "__version__") else "?",
                  "games": games, "env_cpu": env_cpu, "env_wall": env_wall,
                  "core_cpu": core_cpu, "core_wall": core_wall, "moves": moves}))
"""


def rlcard_python() -> str | None:
    """A Python that can import rlcard: the benchmark venv, else this one, else None."""
    candidates = [RLCARD_VENV / "bin" / "python", RLCARD_VENV / "Scripts" / "python.exe"]
    for py in candidates:
        if py.exists():
            return str(py)
    try:
        import rlcard  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return None
    return sys.executable


def install_rlcard() -> str | None:
    """Create benchmarks/.venv-rlcard and pip-install rlcard into it (needs PyPI)."""
    print(f"installing rlcard into {RLCARD_VENV} ...", flush=True)
    py = str(RLCARD_VENV / "bin" / "python")
    try:
        subprocess.run([sys.executable, "-m", "venv", str(RLCARD_VENV)], check=True)
        subprocess.run([py, "-m", "pip", "install", "-q", "rlcard"], check=True)
    except (OSError, subprocess.CalledProcessError) as err:
        print(f"could not install rlcard: {err}", flush=True)
        return None
    return py


def bench_rlcard(games: int) -> dict[str, float] | None:
    py = rlcard_python()
    if py is None:
        return None
    result = subprocess.run([py, "-c", RLCARD_SCRIPT, str(games)], capture_output=True, text=True)
    if result.returncode != 0:
        print(f"RLCard benchmark failed:\n{result.stderr[-2000:]}", flush=True)
        return None
    data: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return data


def bench_buraco(rules: str, bot: str, hands: int, players: int = 4) -> dict[str, float]:
    """Play ``hands`` seeded hands (seeds 0, 1, ...) and replay them through the core alone."""
    played: list[tuple[int, list[object]]] = []
    actions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(hands):
        game = Game(rules, players=players, seed=seed)
        play_hand(game, [make_bot(bot, seed * 10 + i) for i in range(players)])
        played.append((seed, list(game.actions)))
        actions += len(game.actions)
    bot_cpu, bot_wall = time.process_time() - cpu, time.perf_counter() - wall
    cpu = time.process_time()
    for seed, acts in played:
        s = new_game(rules, players, seed)
        for a in acts:
            s = apply(s, a)  # type: ignore[arg-type]
    engine_cpu = time.process_time() - cpu
    cpu = time.process_time()
    for seed, acts in played:
        s = new_game(rules, players, seed)
        for a in acts:
            s, _ = apply_events(s, a)  # type: ignore[arg-type]
    events_cpu = time.process_time() - cpu
    return {"hands": hands, "cpu": bot_cpu, "wall": bot_wall, "engine_cpu": engine_cpu,
            "events_cpu": events_cpu, "actions": actions}


def bench_env_random(rules: str, hands: int, players: int = 4) -> dict[str, float]:
    """Random play the way RLCard's env drives its RandomAgent: the loop, not a bot, lists the
    candidate actions of the real state (every draw and take; every discard, single-card
    addition and three-card meld) and picks uniformly among the legal ones (a random pick, asked
    with ``judge``, which hands back the state it built for a legal one; a refused one is
    dropped and the pick repeated); no views. It shows what the
    engine allows once the bots' own bookkeeping is left out."""
    import random

    actions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(hands):
        s = new_game(rules, players, seed)
        rng = random.Random(seed)
        while s.phase is Phase.DRAW or s.phase is Phase.PLAY:
            options = draw_candidates(s) if s.phase is Phase.DRAW else play_candidates(s)
            while options:
                i = int(rng.random() * len(options))
                act = options[i]
                verdict = judge(s, act)
                if verdict is not None and type(verdict) is not State:  # refused
                    options[i] = options[-1]
                    options.pop()
                    continue
                s = apply(s, act) if verdict is None else verdict  # the state judge built, if it did
                actions += 1
                break
            else:
                raise RuntimeError(f"no legal action found in {rules}, seed {seed}")
    return {"hands": hands, "cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
            "actions": actions}


def best_and_median(rates: Sequence[float]) -> tuple[float, float]:
    return max(rates), statistics.median(rates)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=40, help="hands per ruleset and bot (default 40)")
    parser.add_argument("--rules", default=",".join(RULESETS), help="rulesets, comma-separated")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds of each row; the best CPU-time rate is reported, with the "
                             "median (default 1)")
    parser.add_argument("--json", metavar="FILE", help="also write every row's rates to FILE as JSON")
    parser.add_argument("--rlcard-games", type=int, default=300,
                        help="RLCard gin rummy games to time (default 300)")
    parser.add_argument("--install-rlcard", action="store_true",
                        help="create benchmarks/.venv-rlcard with rlcard if it is missing")
    args = parser.parse_args([] if argv is None else list(argv))
    names = [n.strip() for n in args.rules.split(",") if n.strip()]
    unknown = [n for n in names if n not in RULESETS]
    if unknown:
        parser.error(f"no ruleset called {unknown[0]!r}: choose from {', '.join(RULESETS)}")
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, not {args.repeat}")
    if args.hands < 1:
        parser.error(f"--hands must be at least 1, not {args.hands}")

    if args.install_rlcard and rlcard_python() is None:
        install_rlcard()
    rl = bench_rlcard(args.rlcard_games)
    rounds = f", best of {args.repeat} rounds (median beside it)" if args.repeat > 1 else ""
    print(f"Buraco: 4 players, {args.hands} seeded hands per cell, one core{rounds} "
          f"(Python {sys.version.split()[0]})")
    print(f"{'rules':<10} {'bots':<7} {'hands/s':>8} {'median':>8} {'wall h/s':>8} "
          f"{'actions/hand':>12} {'us/action':>9} {'engine hands/s':>14} {'events hands/s':>14}")
    slowest_random = float("inf")
    env_rates: list[float] = []
    greedy_rates: dict[str, float] = {}
    rows: list[dict[str, object]] = []
    for rules in names:
        for bot in ("random", "greedy"):
            runs = [bench_buraco(rules, bot, args.hands) for _ in range(args.repeat)]
            rates = [r["hands"] / r["cpu"] for r in runs]
            rate, median = best_and_median(rates)
            engine = max(r["hands"] / r["engine_cpu"] for r in runs)
            events = max(r["hands"] / r["events_cpu"] for r in runs)
            wall = max(r["hands"] / r["wall"] for r in runs)
            r = runs[0]
            if bot == "random":
                slowest_random = min(slowest_random, rate)
            else:
                greedy_rates[rules] = rate
            rows.append({"rules": rules, "bots": bot, "best": rate, "median": median,
                         "rates": rates, "wall_best": wall, "engine_best": engine, "events_best": events,
                         "actions_per_hand": r["actions"] / r["hands"]})
            print(f"{rules:<10} {bot:<7} {rate:>8.1f} {median:>8.1f} {wall:>8.1f} "
                  f"{r['actions'] / r['hands']:>12.0f} {r['hands'] / rate / r['actions'] * 1e6:>9.0f} "
                  f"{engine:>14.1f} {events:>14.1f}", flush=True)
        envs = [bench_env_random(rules, args.hands) for _ in range(args.repeat)]
        rates = [e["hands"] / e["cpu"] for e in envs]
        rate, median = best_and_median(rates)
        wall = max(e["hands"] / e["wall"] for e in envs)
        e = envs[0]
        env_rates.append(rate)
        rows.append({"rules": rules, "bots": "env", "best": rate, "median": median, "rates": rates,
                     "wall_best": wall, "actions_per_hand": e["actions"] / e["hands"]})
        print(f"{rules:<10} {'env':<7} {rate:>8.1f} {median:>8.1f} {wall:>8.1f} "
              f"{e['actions'] / e['hands']:>12.0f} {e['hands'] / rate / e['actions'] * 1e6:>9.0f} "
              f"{'-':>14} {'-':>14}", flush=True)
    print("(env: random play by the loop itself on the real state, no views and no bots: every "
          "candidate action listed, a uniform choice among the legal ones, as RLCard's env drives "
          "its RandomAgent)")
    print()
    if args.json:
        load = os.getloadavg() if hasattr(os, "getloadavg") else None
        Path(args.json).write_text(json.dumps(
            {"hands": args.hands, "repeat": args.repeat, "python": sys.version.split()[0],
             "load_average": load, "rows": rows, "rlcard": rl}, indent=1) + "\n")
    if rl is None:
        print("RLCard gin rummy: UNAVAILABLE (rlcard is not installed; it is never a dependency of "
              "this project). Run with --install-rlcard to create benchmarks/.venv-rlcard, or "
              "pip install rlcard into any venv and run this script with it.")
        print("goal (Buraco random hands/s >= RLCard gin rummy games/s): NOT CHECKED")
        return 0
    env_rate = rl["games"] / rl["env_cpu"]
    core_rate = rl["games"] / rl["core_cpu"]
    print(f"RLCard {rl['version']} gin rummy, random play, {int(rl['games'])} games: "
          f"{env_rate:.1f} games/s through rlcard.make('gin-rummy').run() with RandomAgent "
          f"(wall {rl['games'] / rl['env_wall']:.1f}); {core_rate:.1f} games/s driving "
          f"GinRummyGame directly with random legal actions "
          f"({rl['moves'] / rl['games']:.0f} actions/game)")
    verdict = "PASS" if slowest_random >= env_rate else "FAIL"
    print(f"goal: slowest Buraco random-bot hands/s {slowest_random:.1f} >= RLCard env games/s "
          f"{env_rate:.1f}: {verdict}")
    strict = "yes" if slowest_random >= core_rate else "no"
    print(f"(stricter, against RLCard's bare game loop {core_rate:.1f} games/s: {strict})")
    greedy_beaten = [r for r, rate in greedy_rates.items() if rate >= env_rate]
    print(f"greedy bots: {len(greedy_beaten)} of {len(greedy_rates)} rulesets >= RLCard env games/s "
          f"({', '.join(greedy_beaten) or 'none'}); the greedy bot weighs its moves before each "
          "one, where RLCard's figure is random play")
    beaten = sum(1 for rate in env_rates if rate >= env_rate)
    print(f"env rows (every candidate built as an action and asked of the engine at each step, as "
          f"RLCard's env lists its legal actions): {beaten} of {len(env_rates)} rulesets >= RLCard "
          f"env games/s; slowest {min(env_rates):.1f}")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
