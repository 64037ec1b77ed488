"""The simulate command: seeded hands between bots, one JSON object per finished hand.

``python -m buraco_core simulate --rules R --players N --seed S --bots B[,B,...] [--hands K | --match]``

Each line (JSON Lines) is :func:`~buraco_core.game.record.hand_record` of a hand as it ended:
``rules``, ``hand`` (1-based), ``players`` (``seat``, ``team``, ``hand``), ``melds`` per team,
``wilds`` (per meld, the index of its wild card among its cards, or null), ``stock``,
``discard``, ``pots`` (the untaken pots), ``took_pot``, ``pot_unused``, ``went_out`` (a team or
null), ``scores`` (points this hand), ``totals`` and ``events``: what every move of the hand did
(:mod:`buraco_core.game.events`, melds with their arrangement), so that
:func:`~buraco_core.game.record.rescore` scores the hand again from its line alone. Cards and
melds are strings in :func:`~buraco_core.cards.format_cards` notation; team keys are strings.
With ``--match`` the hands go on until the match is over and a last line gives the ``winner``
(null: a draw).

One bot name plays every seat, or one name a seat (``--bots mc,greedy,mc,greedy``). The bot of
seat ``i`` is seeded with ``seed * 10 + i``, so a seed replays the whole run.

>>> main(["--rules", "italian", "--players", "2", "--seed", "1", "--bots", "greedy"])  # doctest: +ELLIPSIS
{"rules": "italian", "hand": 1, ...}
0
>>> main(["--rules", "italian", "--players", "3"])  # the reason goes to stderr
2
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from ..game.actions import NextHand
from ..game.facade import Game
from ..game.record import hand_events, hand_record, match_record
from ..game.state import players_problem
from ..rules import RULESETS, RulesError
from ..variants import get_rules
from . import BOTS, Bot, Seats, make_bot, play_hand

__all__ = ["build_parser", "main", "simulate"]


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of exiting, so ``main`` returns 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(message)


class _Usage(Exception):
    pass


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m buraco_core simulate",
        description="Play seeded hands between bots; print one JSON object per finished hand.",
    )
    parser.add_argument("--rules", default="buraco",
                        help=f"the ruleset: {', '.join(RULESETS)} (default buraco)")
    parser.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the deals and the bots")
    parser.add_argument("--bots", default="greedy",
                        help=f"one bot for every seat or one a seat, comma-separated: "
                             f"{', '.join(BOTS)} (default greedy)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--hands", type=int, default=None,
                       help="play this many hands (default 1; fewer if the match ends first)")
    group.add_argument("--match", action="store_true",
                       help="play until the match is over; a last line names the winner")
    parser.add_argument("--max-hands", type=int, default=1000,
                        help="with --match, stop after this many hands (default 1000)")
    return parser


def _bots(spec: str, players: int, seed: int) -> list[Bot]:
    names = [n.strip() for n in spec.split(",")]
    if any(not n for n in names):
        raise _Usage(f"--bots {spec!r}: write bot names separated by commas, as in greedy,mc")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise _Usage(f"--bots names {len(names)} bots for {players} players: "
                     "give one name for every seat, or one name a seat")
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        raise _Usage(f"no bot called {unknown[0]!r}: choose from {', '.join(BOTS)}")
    return [make_bot(name, seed * 10 + seat) for seat, name in enumerate(names)]


def simulate(rules: str, players: int, seed: int, bots: Sequence[Bot], *, hands: int | None = 1,
             match: bool = False, max_hands: int = 1000, out: TextIO | None = None) -> int:
    """Play and print the JSON lines; returns the number of hands played."""
    stream = sys.stdout if out is None else out
    game = Game(rules, players=players, seed=seed)
    seats = Seats(bots)
    limit = max_hands if match else (1 if hands is None else hands)
    played = 0
    while played < limit:
        start, moves = game.state, len(game.actions)
        play_hand(game, seats)
        played += 1
        events = hand_events(start, game.actions[moves:])
        print(json.dumps(hand_record(game.state, events)), file=stream, flush=True)
        if game.is_match_over:
            break
        if played < limit:
            game.play(NextHand())
    if match:
        if game.is_match_over:
            print(json.dumps(match_record(game.state)), file=stream, flush=True)
        else:
            totals = {str(t): v for t, v in enumerate(game.totals)}
            print(json.dumps({"winner": None, "totals": totals, "hands": played,
                              "unfinished": f"no side reached the target in {max_hands} hands"}),
                  file=stream, flush=True)
    return played


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit status (0, or 2 for bad arguments)."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        try:
            rules = get_rules(args.rules)
        except RulesError as err:
            raise _Usage(str(err)) from None
        problem = players_problem(rules, args.players)
        if problem is not None:
            raise _Usage(problem.text())
        if args.hands is not None and args.hands < 1:
            raise _Usage(f"--hands {args.hands}: play at least one hand")
        if args.max_hands < 1:
            raise _Usage(f"--max-hands {args.max_hands}: allow at least one hand")
        bots = _bots(args.bots, args.players, args.seed)
    except _Usage as err:
        print(f"simulate: {err}", file=sys.stderr)
        return 2
    except SystemExit as exit_:  # --help
        return exit_.code if isinstance(exit_.code, int) else 0
    simulate(rules.name, args.players, args.seed, bots, hands=args.hands, match=args.match,
             max_hands=args.max_hands)
    return 0


if __name__ == "__main__":
    sys.exit(main())
