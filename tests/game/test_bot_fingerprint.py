"""Fingerprints of the bots' choices: every move of seeded hands, per ruleset, of the random,
greedy and Monte-Carlo bots, and at every move what the engine answers about a fixed set of
probes (every listed legal action, and for each probe the refusal's clause and sentence).

Any change of a bot's choice, of the engine's enumeration or of a refusal's rule or words shows
as a diff against ``tests/game/golden/bots-<ruleset>.txt`` (one line a move). When a change is
intended, regenerate the files and review the diff in git:

    BURACO_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/game/test_bot_fingerprint.py
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from game_helpers import check_golden

from buraco_core import RULESETS, format_cards, sort_cards
from buraco_core.bots import GreedyBot, MonteCarloBot, RandomBot, Referee, play_hand
from buraco_core.cards import build_deck
from buraco_core.game import Game, Phase, State, View, check, legal_actions
from buraco_core.game.actions import Action, AddToMeld, Discard, Draw, NewMeld, NextHand, Take

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("BURACO_UPDATE_GOLDEN") == "1"
SEEDS = (0, 1)
PLAYERS = {"brazilian": 3}


def _bots(kind: str, seed: int, players: int) -> list[RandomBot | GreedyBot | MonteCarloBot]:
    """The bots of one fingerprinted hand: every seat ``kind``; the Monte-Carlo bots (small
    searches, so that the test stays quick) at the even seats against greedy ones."""
    if kind == "random":
        return [RandomBot(seed * 10 + i) for i in range(players)]
    if kind == "greedy":
        return [GreedyBot(seed * 10 + i) for i in range(players)]
    return [MonteCarloBot(seed * 10 + i, worlds=2, candidates=3, horizon=2) if i % 2 == 0
            else GreedyBot(seed * 10 + i) for i in range(players)]


def probes(s: State) -> list[Action]:
    """A fixed set of actions to ask the engine about in ``s``, legal or not: draw, take, a take
    down to each card of the pile; every discard (and one of a card the hand lacks); every card
    of the hand added alone to every meld of every team; a new meld of each three cards in a row
    of the sorted hand; next."""
    hand = sort_cards(s.hands[s.turn])
    out: list[Action] = [Draw(), Take(), NextHand()]
    out += [Take(c) for c in dict.fromkeys(s.discard)]
    distinct = list(dict.fromkeys(hand))
    out += [Discard(c) for c in distinct]
    missing = next((c for c in build_deck(s.rules) if c not in hand), None)
    if missing is not None:
        out.append(Discard(missing))
    for team, side in enumerate(s.melds):
        for i in range(len(side)):
            out += [AddToMeld(i + 1, (c,), None if team == s.current_team else team) for c in distinct]
    out += [NewMeld(tuple(hand[i:i + 3])) for i in range(len(hand) - 2)]
    return out


def _digest(s: State) -> str:
    """What the engine says in ``s``: the legal actions it lists, and its answer to each probe."""
    answers = [str(a) for a in legal_actions(s)]
    for act in probes(s):
        reason = check(s, act)
        answers.append(f"{act}: " + ("legal" if reason is None else f"{reason.rule}: {reason}"))
    return hashlib.sha256("\n".join(answers).encode()).hexdigest()[:12]


class Probe:
    """Wraps a bot: records the digest of the real state each time the bot is asked (with the
    number of the move), then lets the bot choose."""

    def __init__(self, bot: RandomBot | GreedyBot | MonteCarloBot, game: Game) -> None:
        self.bot = bot
        self.name = bot.name
        self.game = game
        self.asked: list[tuple[int, str]] = []

    def choose(self, view: View, referee: Referee | None = None) -> Action:
        self.asked.append((len(self.game.actions), _digest(self.game.state)))
        return self.bot.choose(view, referee)


def fingerprint(rules: str) -> str:
    """The fingerprint text of one ruleset: per bot kind and seed, one hand, a line a move."""
    players = PLAYERS.get(rules, 4)
    out = [f"# bot fingerprints: {rules}, {players} players, seeds {', '.join(map(str, SEEDS))}",
           "# each line: seat, action, digest of the engine's answers before the move",
           "# regenerate: BURACO_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/game/test_bot_fingerprint.py"]
    for kind in ("random", "greedy", "mc"):
        for seed in SEEDS:
            game = Game(rules, players=players, seed=seed)
            bots = _bots(kind, seed, players)
            out.append(f"== {kind}, seed {seed}")
            probe = [Probe(b, game) for b in bots]
            moves = play_hand(game, probe)  # type: ignore[arg-type]
            digests = [d for _, d in sorted((i, d) for p in probe for i, d in p.asked)]
            assert len(moves) == len(digests)
            out += [f"{seat} {text}  {digest}" for (seat, text), digest in zip(moves, digests, strict=True)]
            s = game.state
            assert s.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
            scores = ", ".join(f"team {t} {sc.total}" for t, sc in enumerate(s.hand_scores))
            left = " | ".join(format_cards(sort_cards(h)) or "-" for h in s.hands)
            out.append(f"-- over: went out {s.went_out}; {scores}; left {left}")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("rules", list(RULESETS))
def test_bot_fingerprint(rules: str) -> None:
    check_golden(GOLDEN / f"bots-{rules}.txt", fingerprint(rules), f"the {rules} bot fingerprint",
                 "tests/game/test_bot_fingerprint.py")
