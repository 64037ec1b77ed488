"""What one seat may see (a :class:`View`), and states consistent with it (:func:`determinize`).

Bots and widgets get a :class:`View`, never the :class:`~buraco_core.game.state.State`:
its own hand, the others' hands as counts, the table. The discard pile shows whole where the
ruleset's pile is open (``discard_open``, read here only), else only its top card.
:func:`view_of` builds a view in one step (a bot asks for one at every move); it builds what the
keyword constructor ``View(...)`` would.

:func:`determinize` goes the other way: a real :class:`State` in which this seat sees exactly
this view, the cards it cannot see (:func:`unknown_cards`) dealt at random, or as placeholders
where only the seat's own moves are asked about (those depend only on what the seat sees).

>>> from buraco_core.game.state import new_game
>>> v = view_of(new_game("fechado", players=2, seed=1), 1)
>>> v.seat, v.hand_counts, len(v.hand), v.discard_count, len(v.discard)
(1, (11, 11), 11, 1, 1)
"""

from __future__ import annotations

import random
from typing import NamedTuple, cast

from ..cards import Card, build_deck
from ..melds import Meld
from ..memo import PerRules
from ..rules import Rules
from ..scoring import Score
from .state import Phase, PotState, State, state_from_fields

__all__ = ["View", "determinize", "unknown_cards", "view_of", "visible_pile"]


class View(NamedTuple):
    """One seat's view of the table. Meld numbers are 1-based per team, as in ``add 2 7h``.

    A frozen record (a named tuple: a bot asks for one at every move, and a tuple is built in
    one step).
    """

    seat: int
    team: int
    players: int
    teams: int
    rules: Rules
    phase: Phase
    turn: int
    dealer: int
    hand_number: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    discard: tuple[Card, ...]
    """The whole pile (bottom first) where it is open, else the top card alone."""
    discard_count: int
    stock_count: int
    pots_left: tuple[bool, ...]
    pot_state: tuple[PotState, ...]
    must_meld: Card | None
    single_take: Card | None
    went_out: int | None
    hand_scores: tuple[Score, ...]
    totals: tuple[int, ...]
    winner: int | None
    history: tuple[tuple[int, str], ...]
    starter: int
    """The seat that played first in the match (the ruleset's tie rule may favour it)."""
    pot_seat: tuple[int, ...]
    """Per team: the seat whose empty hand earned the pot (-1 while none has); public."""
    pot_unused: tuple[bool, ...]
    """Per team: a pot picked up by a discard whose player has not played since (``fechado``)."""

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    @property
    def my_melds(self) -> tuple[Meld, ...]:
        return self.melds[self.team]

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.phase in (Phase.DRAW, Phase.PLAY)

    @property
    def top_discard(self) -> Card | None:
        return self.discard[-1] if self.discard else None


def visible_pile(rules: Rules, pile: tuple[Card, ...]) -> tuple[Card, ...]:
    """The part of the discard pile a seat sees: the whole pile where the ruleset's pile is open
    (``discard_open``), else its top card alone (:func:`view_of` builds the same, inline)."""
    return pile if rules.discard_open else pile[-1:]


def view_of(state: State, seat: int) -> View:
    """The view of ``seat`` (0 to players - 1)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat}: seats are 0 to {state.players - 1}")
    teams = state.teams
    discard = state.discard
    # a bot asks for a view at every move: the tuple is built directly, in field order
    return _new_view(View, (
        seat, seat % teams, state.players, teams, state.rules, state.phase, state.turn,
        state.dealer, state.hand_number, state.hands[seat], tuple(map(len, state.hands)),
        state.melds, discard if state.rules.discard_open else discard[-1:], len(discard),  # visible_pile
        len(state.stock), tuple(map(bool, state.pots)), state.pot_state, state.must_meld,
        state.single_take, state.went_out, state.hand_scores, state.totals, state.winner,
        state.history, state.starter, state.pot_seat, state.pot_unused,
    ))


_new_view = cast("type[tuple[object, ...]]", tuple).__new__
"""``tuple.__new__``: a View from its values in field order, without the keyword constructor."""


# --------------------------------------------------------------------------- determinization

def determinize(view: View, rng: random.Random | None = None) -> State:
    """A state consistent with ``view``: the seat's own cards and everything public as the view
    shows them, the hidden cards (:func:`unknown_cards`) dealt at random (by ``rng``) into the
    other hands, the stock, the pots and the closed part of the pile, each with the count the
    view gives: ``view_of(determinize(view, rng), view.seat) == view``.

    Without ``rng`` the state is only for questions about the seat's own moves now, which do not
    depend on the hidden cards: they are dealt in deck order where the seat's move could bring
    them into its hand (the closed part of a ``fechado`` pile, in the draw phase), else they are
    all copies of one placeholder card (quicker).

    Legality of the seat's own moves depends only on what the view shows, so the pure core
    answers the same about them in this state as in the real one.

    >>> from buraco_core.game.state import new_game
    >>> real = new_game("buraco", players=4, seed=7)
    >>> world = determinize(view_of(real, 0), random.Random(1))
    >>> view_of(world, 0) == view_of(real, 0), world.hands[0] == real.hands[0]
    (True, True)
    """
    rules = view.rules
    hidden_discard = view.discard_count - len(view.discard)
    unknown: list[Card] = []
    if rng is not None:
        unknown = unknown_cards(view)
        rng.shuffle(unknown)
    seat_ = view.seat
    if unknown:
        def deal(n: int) -> tuple[Card, ...]:
            if not unknown:
                return (_PLACEHOLDER,) * n
            n = min(n, len(unknown))
            cards = tuple(unknown[len(unknown) - n:]) if n else ()
            del unknown[len(unknown) - n:]
            return cards

        hands = tuple(view.hand if seat == seat_ else deal(count)
                      for seat, count in enumerate(view.hand_counts))
        discard = deal(hidden_discard) + view.discard if hidden_discard else view.discard
        pots = tuple(deal(rules.pot_size) if left else () for left in view.pots_left)
        stock = deal(view.stock_count)
    else:  # all placeholders (what deal gives then), built directly
        one = (_PLACEHOLDER,)
        hands_ = []
        for count in view.hand_counts:
            hands_.append(one * count)
        hands_[seat_] = view.hand
        hands = tuple(hands_)
        if not hidden_discard:
            discard = view.discard
        elif view.phase is Phase.DRAW:  # a take could bring the closed cards into the hand
            discard = _closed_pile(view, hidden_discard) + view.discard
        else:
            discard = one * hidden_discard + view.discard
        pot = one * rules.pot_size
        pots = tuple([pot if left else () for left in view.pots_left])
        stock = one * view.stock_count
    return state_from_fields({
        "rules": rules, "players": view.players, "seed": 0, "hand_number": view.hand_number,
        "dealer": view.dealer, "starter": view.starter, "phase": view.phase, "turn": view.turn,
        "hands": hands, "melds": view.melds, "stock": stock, "discard": discard, "pots": pots,
        "pot_state": view.pot_state, "pot_seat": view.pot_seat, "pot_unused": view.pot_unused,
        "must_meld": view.must_meld, "single_take": view.single_take, "went_out": view.went_out,
        "hand_scores": view.hand_scores, "totals": view.totals, "winner": view.winner,
        "aside": (), "history": view.history, "teams": view.teams,
    })


_PLACEHOLDER = Card(13, "s")
"""The card :func:`determinize` deals, without ``rng``, where the hidden cards cannot matter."""


def unknown_cards(view: View) -> list[Card]:
    """The cards ``view`` does not show, in deck order: the deck minus the seat's hand, the
    melds and the visible pile (the other hands, the stock, the pots, the closed pile).

    >>> from buraco_core.game.state import new_game
    >>> len(unknown_cards(view_of(new_game("buraco", players=4, seed=7), 0)))
    97
    """
    pool = dict(_deck_counts(view.rules))
    for c in view.hand:
        pool[c] -= 1
    for side in view.melds:
        for m in side:
            for c in m.cards:
                pool[c] -= 1
    for c in view.discard:
        pool[c] -= 1
    return [c for c, n in pool.items() for _ in range(n)]


def _closed_pile(view: View, hidden: int) -> tuple[Card, ...]:
    """The closed part of the pile as :func:`determinize` deals it without ``rng``: the hidden
    cards in deck order, dealt from the end first to the other hands, then to the pile. Found
    by walking the deck backwards past the other hands' cards, without listing the rest."""
    skip = sum(view.hand_counts) - len(view.hand)  # the other hands' cards
    seen: dict[Card, int] = {}
    for cards in (view.hand, view.discard):
        for c in cards:
            seen[c] = seen.get(c, 0) + 1
    for side in view.melds:
        for m in side:
            for c in m.cards:
                seen[c] = seen.get(c, 0) + 1
    taken: list[Card] = []  # the pile's cards, from its top down
    for c, n in reversed(_deck_order(view.rules)):
        n -= seen.get(c, 0)
        if n <= 0:
            continue
        if skip >= n:
            skip -= n
            continue
        n -= skip
        skip = 0
        while n and len(taken) < hidden:
            taken.append(c)
            n -= 1
        if len(taken) == hidden:
            break
    if not taken:
        return (_PLACEHOLDER,) * hidden
    return tuple(reversed(taken))


_DECKS: PerRules[str, object] = PerRules("view.deck", 2)
"""Per ruleset: how many of each card its deck holds, as a dict and as (card, copies) pairs."""


def _deck_counts(rules: Rules) -> dict[Card, int]:
    """How many of each card the ruleset's deck holds, in deck order."""
    known = _DECKS.table(rules)
    found = known.get("counts")
    if found is not None:
        return cast("dict[Card, int]", found)
    counts: dict[Card, int] = {}
    for c in build_deck(rules):
        counts[c] = counts.get(c, 0) + 1
    _DECKS.put(known, "counts", counts)
    return counts


def _deck_order(rules: Rules) -> tuple[tuple[Card, int], ...]:
    """:func:`_deck_counts` as (card, copies) pairs, in the same order."""
    known = _DECKS.table(rules)
    found = known.get("order")
    if found is not None:
        return cast("tuple[tuple[Card, int], ...]", found)
    order = tuple(_deck_counts(rules).items())
    _DECKS.put(known, "order", order)
    return order
