"""Seeded dealing for the puzzle generators: cards from a two-deck supply, melds of a shape, hands
around them, wrong groups that each break one clause, and game positions as scenario text.

Every function takes the generator's ``random.Random``; the engine judges every meld dealt
(``make_meld``), so a shape that does not come out as asked is dealt again, never forced.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ...cards import SUITS, Card, build_deck, format_cards
from ...melds import InvalidMeld, Meld, make_meld
from ...rules import Rules
from ...variants import rules_text

__all__ = [
    "GROWTH_SHAPES",
    "Deck",
    "buraco_cards",
    "buraco_kinds",
    "growing_meld",
    "hand_around",
    "make",
    "meld_cards",
    "place_card",
    "position_text",
    "run_cards",
    "wrong_groups",
]


class Deck:
    """The cards still available while dealing a puzzle (the ruleset's deck: every card twice)."""

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        self.left = Counter(build_deck(rules))
        self.rng = rng
        self.rules = rules

    def take(self, cards: Sequence[Card]) -> bool:
        need = Counter(cards)
        if any(n > self.left[c] for c, n in need.items()):
            return False
        self.left -= need
        return True

    def give_back(self, cards: Sequence[Card]) -> None:
        self.left += Counter(cards)

    def random(self, n: int, *, natural: bool = False) -> list[Card]:
        """``n`` random cards (``natural``: no jokers and no 2s)."""
        pool = sorted(c for c in self.left.elements() if not natural or c.rank not in (0, 2))
        picked = self.rng.sample(pool, min(n, len(pool)))
        self.left -= Counter(picked)
        return picked

    def wild(self) -> Card | None:
        """A joker (where the deck has them) or a 2, still available."""
        options = sorted(c for c in self.left if c.rank in (0, 2) and self.left[c])
        if not options:
            return None
        jokers = [c for c in options if c.rank == 0]
        if jokers and self.rng.random() < 0.5:
            return jokers[0]
        return self.rng.choice(options)


def place_card(place: int, suit: str) -> Card:
    """The card of a run's place (1 and 14 are the aces)."""
    return Card(1 if place == 14 else place, suit)


def run_cards(rng: random.Random, rules: Rules, length: int, *, lo: int | None = None,
              suit: str | None = None) -> tuple[list[Card], int, str]:
    """Natural cards of a run of ``length`` places starting at ``lo`` (random if None)."""
    suit = suit or rng.choice(SUITS)
    if lo is None:
        lo = rng.randint(1, max(1, 14 - length + 1))
        if lo == 1 and length > 13 and not rules.ace_to_ace:
            lo = 2
    return [place_card(p, suit) for p in range(lo, lo + length)], lo, suit


def make(cards: Sequence[Card], rules: Rules) -> Meld | None:
    """The meld the engine makes of these cards, or None."""
    try:
        return make_meld(cards, rules)
    except InvalidMeld:
        return None


def meld_cards(rng: random.Random, deck: Deck, rules: Rules, *, length: int, wild: str | None,
               kind: str | None = None) -> list[Card] | None:
    """Cards of a meld taken from ``deck``: ``wild`` None (no wild card), "gap" (the wild card in
    place of an inner card) or "end" (the wild card added at an end); None if this try fails."""
    kinds = ["run", "set"] if rules.allow_sets else ["run"]
    kind = kind or rng.choice(kinds)
    if kind == "set" and not rules.allow_sets:
        return None
    cards: list[Card]
    if kind == "set":
        rank = rng.choice([1, *range(3, 14)])
        naturals = max(2, length - (1 if wild else 0))
        suits = [s for s in SUITS for _ in range(rules.decks)]
        if rules.set_distinct_suits:
            suits = list(SUITS)
        if rules.set_max_cards is not None:
            naturals = min(naturals, rules.set_max_cards - (1 if wild else 0))
        if naturals > len(suits):
            return None
        rng.shuffle(suits)
        cards = [Card(rank, s) for s in suits[:naturals]]
    else:
        cards, _, _ = run_cards(rng, rules, length)
        if wild == "gap":
            if len(cards) < 3:
                return None
            del cards[rng.randint(1, len(cards) - 2)]
    if wild:
        w = deck.wild()
        if w is None:
            return None
        cards.append(w)
    if not deck.take(cards):
        return None
    m = make(cards, rules)
    if m is None or (wild and m.wild is None) or (not wild and m.wild is not None) or (
            wild == "end" and m.kind == "run" and m.wild_index not in (0, len(m.cards) - 1)) or (
            wild == "gap" and m.kind == "run" and m.wild_index in (0, len(m.cards) - 1)):
        deck.give_back(cards)
        return None
    return cards


def hand_around(rng: random.Random, deck: Deck, core: Sequence[Card], size: int) -> tuple[str, ...]:
    """A hand of ``size`` cards holding ``core``, shuffled, as card codes."""
    extra = deck.random(max(0, size - len(core)))
    hand = list(core) + extra
    rng.shuffle(hand)
    return tuple(c.code for c in hand)


def buraco_kinds(rules: Rules) -> list[str]:
    """The buraco kinds the ruleset counts as kinds of their own."""
    kinds = ["clean", "dirty"]
    if rules.semi_clean_bonus is not None:
        kinds.append("semi-clean")
    if rules.royal_bonus is not None:
        kinds.append("royal")
    if rules.ace_to_ace_bonus is not None:
        kinds.append("ace-to-ace")
    return kinds


def buraco_cards(rng: random.Random, deck: Deck, rules: Rules, want: str) -> list[Card] | None:
    """Cards of a buraco of the kind ``want`` taken from ``deck``, or None (deal again)."""
    n = rules.min_buraco
    if want == "royal":
        cards, _, _ = run_cards(rng, rules, 13, lo=rng.choice([1, 2]))
        return cards if deck.take(cards) else None
    if want == "ace-to-ace":
        cards, _, _ = run_cards(rng, rules, 14, lo=1)
        return cards if deck.take(cards) else None
    set_ok = rules.allow_sets and (rules.set_max_cards is None or rules.set_max_cards >= n)
    kind = "set" if set_ok and rng.random() < 0.25 else "run"
    if want == "clean":
        return meld_cards(rng, deck, rules, length=rng.randint(n, n + 2), wild=None, kind=kind)
    if want == "dirty":
        return meld_cards(rng, deck, rules, length=rng.randint(n, n + 2), wild="gap", kind="run")
    if want == "semi-clean":
        return meld_cards(rng, deck, rules, length=rng.randint(n, n + 1), wild="end", kind=kind)
    return None


def wrong_groups(rng: random.Random, rules: Rules, wild: bool) -> list[tuple[list[Card], str]]:
    """Card groups that are no meld, each with the clause it breaks (the engine's refusal names
    it; groups that turn out to be melds are dropped)."""
    suit = rng.choice(SUITS)
    other = rng.choice([s for s in SUITS if s != suit])
    lo = rng.randint(3, 9)
    run = [Card(r, suit) for r in range(lo, lo + 3)]
    w = Card(0, "") if rules.jokers else Card(2, other)
    w2 = Card(2, rng.choice([s for s in SUITS if s != suit]))
    rank = rng.choice(range(3, 14))
    groups: list[list[Card]] = [
        [*run[:2], Card(run[2].rank, other)],                          # two suits
        [run[0], Card(run[0].rank + 1 if run[0].rank + 3 > 13 else run[0].rank + 3, suit),
         Card(run[0].rank + 4 if run[0].rank + 4 <= 13 else 3, suit)],  # gaps
        [Card(12, suit), Card(13, suit), Card(1, suit), Card(3, suit)],  # the corner
        [Card(rank, suit), Card(rank, other), Card(rank % 13 + 1 if rank < 13 else 3, suit)],  # mixed
        [Card(rank, suit), Card(rank, other)],                          # too few
        [Card(rank, suit)] * 2 + [Card(rank, suit)],                    # three copies of one card
        [Card(12, suit), Card(13, suit), Card(1, suit), Card(1, suit)],  # both aces of a run
    ]
    if wild:
        groups += [
            [run[0], w, w2, Card(run[0].rank + 3 if run[0].rank + 3 <= 13 else 3, suit)],  # two wilds
            [run[0], w, w2],                                            # one natural card
            [Card(rank, suit), Card(rank, other), w, w2],               # two wilds in a set
            [Card(2, s) for s in rng.sample(SUITS, 3)],                 # a "set" of 2s: no natural card
        ]
    if not rules.jokers:
        groups.append([run[0], run[1], Card(0, "")])                    # a joker where there are none
    if not rules.allow_sets:
        groups.append([Card(rank, s) for s in rng.sample(SUITS, 3)])
    if rules.set_distinct_suits:
        groups.append([Card(rank, suit), Card(rank, suit), Card(rank, other)])
    out = []
    for g in groups:
        try:
            make_meld(g, rules)
        except InvalidMeld as e:
            out.append((g, e.rule))
    return out


def position_text(rules: Rules, *, players: int = 0, phase: str = "play", hand: Sequence[Card] = (),
                  melds: Sequence[Sequence[Card]] = (), other_melds: Sequence[Sequence[Card]] = (),
                  pot: str | None = None, other_pot: str | None = None, discard: Sequence[Card] = (),
                  extra: Sequence[str] = (), description: str = "a dealt position") -> str:
    """Scenario text (:mod:`buraco_core.game.scenarios`) of a position where seat 0 is to play."""
    players = players or rules.default_players
    lines = [f"description: {description}", f"rules: {rules_text(rules)}", f"players: {players}", "turn: 0",
             f"phase: {phase}", f"hand 0: {format_cards(hand)}"]
    if melds:
        lines.append("melds 0: " + " | ".join(format_cards(m) for m in melds))
    if other_melds:
        lines.append("melds 1: " + " | ".join(format_cards(m) for m in other_melds))
    if pot is not None and rules.pots:
        lines.append(f"pot 0: {pot}")
    if other_pot is not None and rules.pots:
        lines.append(f"pot 1: {other_pot}")
    if discard:
        lines.append(f"discard: {format_cards(discard)}")
    lines += list(extra)
    return "\n".join(lines) + "\n"


def _wild_for(deck: Deck, rules: Rules, cards: list[Card], missing: Card) -> Meld | None:
    """The meld of ``cards`` (taken from ``deck``) if its wild card stands for ``missing``."""
    if not deck.take(cards):
        return None
    made = make(cards, rules)
    return made if made is not None and made.wild is not None and made.wild_stands_for == missing else None


#: The shapes :func:`growing_meld` deals: what the card added does to the meld's wild card.
GROWTH_SHAPES: tuple[str, ...] = ("plain", "wild-stays", "wild-moves", "natural-two", "wild-home")


def growing_meld(rng: random.Random, deck: Deck, rules: Rules, shape: str, *,
                 length: int | None = None) -> tuple[Meld, list[Card]] | None:
    """A meld on the table and the card(s) that grow it, taken from ``deck``, by ``shape``:

    - ``plain``: no wild card; a natural card at one end (a run) or of the rank (a set);
    - ``wild-stays``: a run whose wild card fills a gap; the card goes at an end;
    - ``wild-moves``: a run whose wild card stands for a card the hand holds: that card moves it;
    - ``natural-two``: a run holding its natural 2; a card beyond a gap makes the 2 the wild card;
    - ``wild-home``: a run with the 2 of its suit as the wild card; the card it stands for frees
      the 2's own place.

    None: this try fails (deal again). The engine checks the growth (``Meld.can_extend``)."""
    n = length or rng.randint(3, 5)
    if shape == "plain":
        cards = meld_cards(rng, deck, rules, length=n, wild=None)
        if cards is None:
            return None
        m = make_meld(cards, rules)
        if m.kind == "run":
            ends = [p for p in (m.low - 1, m.low + len(m)) if 1 <= p <= 14]
            if not ends:
                return None
            key = [place_card(rng.choice(ends), m.suit)]
        else:
            key = [Card(m.rank, rng.choice(SUITS))]
    elif shape == "wild-stays":
        cards = meld_cards(rng, deck, rules, length=n + 1, wild="gap", kind="run")
        if cards is None:
            return None
        m = make_meld(cards, rules)
        ends = [p for p in (m.low - 1, m.low + len(m)) if 2 < p < 14]
        if not ends:
            return None
        key = [place_card(rng.choice(ends), m.suit)]
    elif shape == "wild-moves":
        full, _, _ = run_cards(rng, rules, n + 1)
        missing = full[rng.randint(1, len(full) - 2)]
        w = deck.wild()
        if w is None or missing.rank == 2:
            return None
        made = _wild_for(deck, rules, [c for c in full if c != missing] + [w], missing)
        if made is None:
            return None
        m, key = made, [missing]
    elif shape == "natural-two":
        lo = rng.choice([1, 2])
        cards, _, suit = run_cards(rng, rules, n, lo=lo)
        if not deck.take(cards):
            return None
        m = make_meld(cards, rules)
        key = [place_card(lo + n + 1, suit)]
        if lo + n + 1 > 13:
            return None
    elif shape == "wild-home":
        suit = rng.choice(SUITS)
        naturals = [Card(r, suit) for r in range(3, 3 + n)]
        missing = naturals.pop(rng.randint(1, len(naturals) - 2))
        made = _wild_for(deck, rules, [*naturals, Card(2, suit)], missing)
        if made is None:
            return None
        m, key = made, [missing]
    else:
        raise ValueError(f"no growth shape {shape!r}: one of {', '.join(GROWTH_SHAPES)}")
    if not deck.take(key) or not m.can_extend(key):
        return None
    return m, key
