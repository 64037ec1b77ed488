"""The game state: one frozen value, and the deal that starts a hand.

A :class:`State` holds everything on the table (tuples only, so it is hashable in parts). The
:class:`Phase` says which moves come next; :mod:`buraco_core.game.engine` picks one
legal-actions function and one apply function per phase. This module owns the state's shape:
its fields, the deal of a hand, the number of teams (the one reader of ``partnerships``), and
the two quick ways to build a state that the engine and the bots use at every move,
:func:`state_with` (``dataclasses.replace``) and :func:`state_from_fields` (``State(**fields)``),
each building exactly what the dataclass would.

>>> s = new_game("buraco", players=4, seed=7)
>>> s.phase, s.turn, s.dealer, [len(h) for h in s.hands], len(s.stock), s.discard
(<Phase.DRAW: 'draw'>, 0, 3, [11, 11, 11, 11], 42, ())
>>> s.team_of(2), s.teams
(0, 2)
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from dataclasses import dataclass, field, fields
from functools import cached_property

from ..cards import Card, build_deck
from ..melds import Meld
from ..messages import Message
from ..rules import Rules, RulesError, or_list
from ..scoring import Score
from ..variants import get_rules

__all__ = [
    "Phase",
    "PotState",
    "State",
    "deal_hand",
    "hand_rng",
    "new_game",
    "players_problem",
    "state_from_fields",
    "state_with",
    "team_count",
]


class Phase(str, enum.Enum):
    """Where a turn (or the match) stands."""

    DRAW = "draw"
    """The player to move draws from the stock or takes the discard pile."""
    PLAY = "play"
    """The player melds, adds to melds, and ends the turn with a discard."""
    HAND_OVER = "hand-over"
    """The hand is over and scored; ``next`` deals the next one."""
    MATCH_OVER = "match-over"
    """The match is over."""


class PotState(str, enum.Enum):
    """Where a team's pot is."""

    NONE = "none"
    """The ruleset has no pots."""
    ASIDE = "aside"
    """Still set aside, waiting for the team's first empty hand."""
    WAITING = "waiting"
    """Earned by a discard; picked up at the start of that player's next turn (``buraco``)."""
    TAKEN = "taken"
    TO_STOCK = "to-stock"
    """Never taken: it became the stock when the stock ran out (``italian``, ``fechado``)."""


@dataclass(frozen=True)
class State:
    """Everything on the table at one moment. Never changed: every move makes a new one."""

    rules: Rules
    players: int
    seed: int
    hand_number: int
    dealer: int
    starter: int
    phase: Phase
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    stock: tuple[Card, ...]
    """The last card is the next one drawn."""
    discard: tuple[Card, ...]
    """Bottom first; the last card is the top."""
    pots: tuple[tuple[Card, ...], ...]
    pot_state: tuple[PotState, ...]
    pot_seat: tuple[int, ...]
    """Per team: the seat whose empty hand earned the pot (-1 while none has)."""
    pot_unused: tuple[bool, ...]
    """Per team: picked up by a discard and its player has not played since (``fechado``)."""
    must_meld: Card | None = None
    single_take: Card | None = None
    went_out: int | None = None
    hand_scores: tuple[Score, ...] = ()
    totals: tuple[int, ...] = ()
    winner: int | None = None
    aside: tuple[Card, ...] = ()
    history: tuple[tuple[int, str], ...] = field(default=())

    @cached_property
    def teams(self) -> int:
        """The number of teams: 2 with partnerships (or 2 players), else one per player."""
        return team_count(self.rules, self.players)

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    @property
    def current_team(self) -> int:
        return self.turn % self.teams

    def seats_of(self, team: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s % self.teams == team)

    def all_cards(self) -> Counter[Card]:
        """Every card in the state, wherever it is (hands, melds, stock, pile, pots, aside)."""
        count: Counter[Card] = Counter()
        for h in self.hands:
            count.update(h)
        for side in self.melds:
            for m in side:
                count.update(m.cards)
        count.update(self.stock)
        count.update(self.discard)
        for p in self.pots:
            count.update(p)
        count.update(self.aside)
        return count

    def deck_check(self) -> None:
        """Raise AssertionError unless every card of the deck is here exactly once."""
        if self.all_cards() != Counter(build_deck(self.rules)):
            diff = self.all_cards()
            diff.subtract(Counter(build_deck(self.rules)))
            wrong = {c.code: n for c, n in diff.items() if n}
            raise AssertionError(f"cards missing (<0) or doubled (>0): {wrong}")


FIELDS: frozenset[str] = frozenset(f.name for f in fields(State))
"""The names of the fields of :class:`State`."""
_FIELD_COUNT = len(FIELDS)

_new = object.__new__
_setattr = object.__setattr__


def state_with(s: State, **changes: object) -> State:
    """``dataclasses.replace(s, **changes)``, built in one step: the dataclass's own ``__init__``
    sets every field through a checked setattr, and the engine makes a new state at every move.
    ``changes`` must name fields of :class:`State` (not checked: the engine is the caller).

    >>> s = new_game("buraco", players=4, seed=7)
    >>> import dataclasses
    >>> state_with(s, turn=2) == dataclasses.replace(s, turn=2)
    True
    """
    new = _new(State)
    values = s.__dict__.copy()
    values.update(changes)
    if "rules" in changes or "players" in changes:
        values.pop("teams", None)  # a cached count of teams of the old table
    _setattr(new, "__dict__", values)
    return new


def state_from_fields(values: dict[str, object]) -> State:
    """``State(**values)`` for a dict that names every field (and may hold ``teams``, the
    count :attr:`State.teams` would compute), built in one step; the dict becomes the state's
    own, so the caller must not keep it. A bot builds a state at every decision
    (:func:`~buraco_core.game.view.determinize`), so only the number of entries is checked.

    >>> s = new_game("italian", players=2, seed=1)
    >>> state_from_fields(dict(vars(s))) == s
    True
    >>> state_from_fields({"rules": s.rules})
    Traceback (most recent call last):
    ...
    TypeError: a State needs every field: aside, dealer, discard, ... missing
    """
    if len(values) < _FIELD_COUNT:
        names = sorted(FIELDS - values.keys())
        shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
        raise TypeError(f"a State needs every field: {shown} missing")
    new = _new(State)
    _setattr(new, "__dict__", values)
    return new


def team_count(rules: Rules, players: int) -> int:
    """Teams at the table: 2 where partners play together (2 players: one each), else one per
    player (the one reader of ``partnerships``)."""
    return 2 if rules.partnerships else players


def hand_rng(seed: int, hand_number: int) -> random.Random:
    """The random source of one hand's shuffle: every hand of a seeded match replays."""
    return random.Random(f"{seed}/{hand_number}")


def deal_hand(rules: Rules, players: int, seed: int, hand_number: int, dealer: int, starter: int,
              totals: tuple[int, ...]) -> State:
    """Shuffle and deal one hand: hands, pots, the first discard if the ruleset has one."""
    deck = build_deck(rules)
    hand_rng(seed, hand_number).shuffle(deck)
    n = rules.hand_size
    hands = tuple(tuple(deck[i * n:(i + 1) * n]) for i in range(players))
    pos = players * n
    pots: list[tuple[Card, ...]] = []
    for _ in range(rules.pots):
        pots.append(tuple(deck[pos:pos + rules.pot_size]))
        pos += rules.pot_size
    stock = deck[pos:]
    discard: tuple[Card, ...] = ()
    if rules.initial_discard:
        discard = (stock.pop(),)
    teams = team_count(rules, players)
    has_pots = rules.pots > 0
    return State(
        rules=rules, players=players, seed=seed, hand_number=hand_number, dealer=dealer,
        starter=starter, phase=Phase.DRAW, turn=(dealer + 1) % players, hands=hands,
        melds=((),) * teams, stock=tuple(stock), discard=discard,
        pots=tuple(pots) if has_pots else ((),) * teams,
        pot_state=((PotState.ASIDE if has_pots else PotState.NONE),) * teams,
        pot_seat=(-1,) * teams, pot_unused=(False,) * teams, totals=totals or (0,) * teams,
    )


def players_problem(rules: Rules, players: int) -> Message | None:
    """Why ``players`` players cannot play ``rules`` (a catalog sentence), or None if they can.

    >>> from buraco_core import RULESETS
    >>> players_problem(RULESETS["italian"], 7).text()
    'Italian Burraco is played by 2 or 4 players, not 7'
    """
    if players in rules.player_counts:
        return None
    return Message("compare.players", {"rules": rules, "counts": or_list(rules.player_counts),
                                       "players": players})


def new_game(rules: Rules | str = "buraco", players: int = 4, seed: int = 0) -> State:
    """The first hand of a new match: seat 0 plays first (the last seat deals)."""
    rules = get_rules(rules)
    problem = players_problem(rules, players)
    if problem is not None:
        raise RulesError(problem)
    return deal_hand(rules, players, seed, 1, players - 1, 0, ())
