"""Seeded puzzle generators and quizzes.

:func:`generate` deals a fresh puzzle of a kind from a seed: the same seed gives the same
puzzle, the next seed another one ("another one" in a widget). Every generated puzzle is solved
by the engine before it is returned (:func:`buraco_core.puzzles.validate`); a seed whose first
deal is not sound is redealt from the same random stream, so the result stays replayable.

Parameters per kind (all optional):

- ``make-meld``: ``meld_kind`` ("run"/"set"), ``wild`` (True/False);
- ``make-buraco``: ``buraco`` (a kind the ruleset counts; default: one at random);
- ``extend``: ``wild`` (True: the meld on the table holds a wild card that the right card moves);
- ``which-is-meld``: ``wild`` (True: groups with wild cards), ``want="not-meld"`` (the odd one out:
  one group is no meld);
- ``meld-value``: ``buraco`` (True: the meld is a buraco);
- ``score``: ``went_out`` (True/False);
- ``legal-play``: ``allowed`` (True: the play is allowed; False: refused); ``topic="pot"``: a
  position near the end of a hand, where the pot and going-out rules decide;
- ``match``: ``outcome`` ("win", "tie", "open", "both": the totals after the hand).

>>> p = generate("make-buraco", "buraco", 7, buraco="dirty")
>>> p == generate("make-buraco", "buraco", 7, buraco="dirty")
True
>>> from buraco_core.puzzles import check, solve
>>> check(p, solve(p)).correct
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .cards import SUITS, Card, build_deck, format_cards
from .melds import InvalidMeld, Meld, make_meld
from .puzzles import KINDS, Puzzle, default_prompt, validate
from .puzzles import solve as check_answer
from .rules import RULESETS, Rules, get_rules

__all__ = ["LESSON_TOPICS", "generate", "make_quiz"]

#: The kinds (with parameters) each lesson's quiz draws from; a topic name works as well as its number.
LESSON_TOPICS: dict[str, tuple[str, list[tuple[str, dict[str, Any]]]]] = {
    "00": ("welcome", [("make-meld", {"wild": False}), ("which-is-meld", {"wild": False}),
                       ("meld-value", {"buraco": False})]),
    "01": ("melds", [("which-is-meld", {"wild": False}), ("make-meld", {"wild": False}),
                     ("meld-value", {"buraco": False})]),
    "02": ("wilds", [("which-is-meld", {"wild": True, "want": "not-meld"}), ("extend", {"wild": True}),
                     ("make-meld", {"wild": True})]),
    "03": ("buracos", [("make-buraco", {}), ("meld-value", {"buraco": True}),
                       ("extend", {"buraco": True})]),
    "04": ("turn", [("legal-play", {"allowed": False}), ("legal-play", {"allowed": True}), ("extend", {})]),
    "05": ("pot", [("legal-play", {"topic": "pot"}), ("score", {"went_out": True}),
                   ("legal-play", {"topic": "pot"}), ("score", {"went_out": False})]),
    "06": ("scoring", [("score", {}), ("meld-value", {}), ("score", {"went_out": True}), ("match", {})]),
    "07": ("rulesets", [("meld-value", {"buraco": True}), ("score", {}), ("make-buraco", {}),
                        ("which-is-meld", {})]),
    "08": ("practice", [("make-meld", {}), ("legal-play", {}), ("extend", {}), ("make-buraco", {}),
                        ("score", {})]),
}

_TRIES = 200


class _Deck:
    """The cards still available while dealing a puzzle (two decks: every card twice)."""

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        self.left = Counter(build_deck(rules))
        self.rng = rng
        self.rules = rules

    def take(self, cards: list[Card]) -> bool:
        need = Counter(cards)
        if any(n > self.left[c] for c, n in need.items()):
            return False
        self.left -= need
        return True

    def random(self, n: int) -> list[Card]:
        pool = sorted(self.left.elements())
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


def _place_card(place: int, suit: str) -> Card:
    return Card(1 if place == 14 else place, suit)


def _run_cards(rng: random.Random, rules: Rules, length: int, *, lo: int | None = None,
               suit: str | None = None) -> tuple[list[Card], int, str]:
    """Natural cards of a run of ``length`` places starting at ``lo`` (random if None)."""
    suit = suit or rng.choice(SUITS)
    if lo is None:
        lo = rng.randint(1, max(1, 14 - length + 1))
        if lo == 1 and length > 13 and not rules.ace_to_ace:
            lo = 2
    return [_place_card(p, suit) for p in range(lo, lo + length)], lo, suit


def _make(cards: list[Card], rules: Rules) -> Meld | None:
    try:
        return make_meld(cards, rules)
    except InvalidMeld:
        return None


def _meld(rng: random.Random, deck: _Deck, rules: Rules, *, length: int, wild: str | None,
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
        cards, _, _ = _run_cards(rng, rules, length)
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
    m = _make(cards, rules)
    if m is None or (wild and m.wild is None) or (not wild and m.wild is not None):
        deck.left += Counter(cards)
        return None
    return cards


def _hand(rng: random.Random, deck: _Deck, core: list[Card], size: int) -> tuple[str, ...]:
    extra = deck.random(max(0, size - len(core)))
    hand = core + extra
    rng.shuffle(hand)
    return tuple(c.code for c in hand)


def _pid(kind: str, rules: Rules, seed: int, params: dict[str, Any]) -> str:
    tag = "".join(f"-{k}={v}" for k, v in sorted(params.items()))
    return f"{kind}-{rules.name}-{seed}{tag}"


def _puzzle(kind: str, rules: Rules, seed: int, params: dict[str, Any], **fields: Any) -> Puzzle:
    goal = fields.pop("goal", {})
    return Puzzle(id=_pid(kind, rules, seed, params), kind=kind, rules=rules.name,
                  prompt=fields.pop("prompt", None) or default_prompt(kind, goal, rules.name),
                  goal=goal, seed=seed, **fields)


# ---- one generator per kind; each returns a candidate puzzle or None (then redealt)


def _gen_make_meld(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    deck = _Deck(rules, rng)
    wild_param = params.get("wild")
    wild = rng.choice([None, None, "gap", "end"]) if wild_param is None else (
        rng.choice(["gap", "end"]) if wild_param else None)
    meld_kind = params.get("meld_kind")
    core = _meld(rng, deck, rules, length=rng.randint(3, 5), wild=wild, kind=meld_kind)
    if core is None:
        return None
    goal: dict[str, Any] = {}
    if meld_kind:
        goal["meld_kind"] = meld_kind
    if wild_param is not None:
        goal["wild"] = bool(wild_param)
    return _puzzle("make-meld", rules, seed, params, hand=_hand(rng, deck, core, rng.randint(7, 10)),
                   goal=goal)


def _buraco_kinds(rules: Rules) -> list[str]:
    kinds = ["clean", "dirty"]
    if rules.semi_clean_bonus is not None:
        kinds.append("semi-clean")
    if rules.royal_bonus is not None:
        kinds.append("royal")
    if rules.ace_to_ace_bonus is not None:
        kinds.append("ace-to-ace")
    return kinds


def _buraco_cards(rng: random.Random, deck: _Deck, rules: Rules, want: str) -> list[Card] | None:
    n = rules.min_buraco
    if want == "royal":
        cards, _, _ = _run_cards(rng, rules, 13, lo=rng.choice([1, 2]))
        return cards if deck.take(cards) else None
    if want == "ace-to-ace":
        cards, _, _ = _run_cards(rng, rules, 14, lo=1)
        return cards if deck.take(cards) else None
    set_ok = rules.allow_sets and (rules.set_max_cards is None or rules.set_max_cards >= n)
    kind = "set" if set_ok and rng.random() < 0.25 else "run"
    if want == "clean":
        return _meld(rng, deck, rules, length=rng.randint(n, n + 2), wild=None, kind=kind)
    if want == "dirty":
        return _meld(rng, deck, rules, length=rng.randint(n, n + 2), wild="gap", kind="run")
    if want == "semi-clean":
        return _meld(rng, deck, rules, length=rng.randint(n, n + 1), wild="end", kind=kind)
    return None


def _gen_make_buraco(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    kinds = _buraco_kinds(rules)
    want = params.get("buraco") or rng.choice(kinds)
    if want not in kinds and want != "any":
        raise ValueError(f"{rules.name} has no {want} buraco of its own: choose one of {', '.join(kinds)}")
    deck = _Deck(rules, rng)
    core = _buraco_cards(rng, deck, rules, rng.choice(kinds) if want == "any" else want)
    if core is None:
        return None
    return _puzzle("make-buraco", rules, seed, params, goal={"buraco": want},
                   hand=_hand(rng, deck, core, len(core) + rng.randint(2, 4)))


def _gen_extend(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    deck = _Deck(rules, rng)
    to_buraco = bool(params.get("buraco"))
    wild = params.get("wild")
    if wild is None:
        wild = rng.random() < 0.5
    n = rules.min_buraco
    length = rng.randint(n - 3, n - 1) if to_buraco else rng.randint(3, 5)
    if wild and not to_buraco and rng.random() < 0.3:
        # a run holding its natural 2; a card beyond a gap makes that 2 the wild card
        lo = rng.choice([1, 2])
        table_cards, _, suit = _run_cards(rng, rules, length, lo=lo)
        if not deck.take(table_cards):
            return None
        m = make_meld(table_cards, rules)
        key = [_place_card(lo + length + 1, suit)]
        if lo + length + 1 > 13 or not deck.take(key) or not m.can_extend(key):
            return None
    elif wild:
        # a run whose wild card stands where a card of the hand will go: that card moves it
        full, _, _ = _run_cards(rng, rules, length + 1)
        missing = full[rng.randint(1, len(full) - 2)]
        w = deck.wild()
        if w is None:
            return None
        table_cards = [c for c in full if c != missing] + [w]
        if not deck.take(table_cards):
            return None
        made = _make(table_cards, rules)
        if made is None or made.wild is None or not deck.take([missing]):
            return None
        m = made
        key = [missing]
    else:
        cards = _meld(rng, deck, rules, length=length, wild=None)
        if cards is None:
            return None
        m = make_meld(cards, rules)
        key = []
        if m.kind == "run":
            ends = [p for p in (m.low - 1, m.low + len(m)) if 1 <= p <= 14]
            if not ends:
                return None
            key = [_place_card(rng.choice(ends), m.suit)]
        else:
            key = [Card(m.rank, rng.choice(SUITS))]
        if not deck.take(key):
            return None
    if to_buraco:
        # enough cards to reach a buraco: continue the run upward or downward
        need = n - len(m) - len(key)
        if m.kind == "run" and need > 0:
            places = set(range(m.low, m.low + len(m))) | {k.rank if k.rank != 1 else 14 for k in key}
            hi = max(places)
            more = [_place_card(p, m.suit) for p in range(hi + 1, hi + 1 + need) if p <= 14]
            if len(more) < need or not deck.take(more):
                return None
            key = key + more
    others = []
    if rng.random() < 0.6:
        other = _meld(rng, deck, rules, length=3, wild=None)
        if other is not None:
            others.append(format_cards(make_meld(other, rules).cards))
    table = [format_cards(m.cards), *others]
    order = list(range(len(table)))
    rng.shuffle(order)
    table = [table[i] for i in order]
    goal: dict[str, Any] = {"meld": order.index(0)}
    if to_buraco:
        goal["buraco"] = "any"
    return _puzzle("extend", rules, seed, params, table=tuple(table), goal=goal,
                   hand=_hand(rng, deck, key, len(key) + rng.randint(3, 5)))


def _wrong_groups(rng: random.Random, rules: Rules, wild: bool) -> list[list[Card]]:
    """Card groups that are not melds, each made from a kind of mistake the lessons teach."""
    suit = rng.choice(SUITS)
    other = rng.choice([s for s in SUITS if s != suit])
    lo = rng.randint(3, 9)
    run = [Card(r, suit) for r in range(lo, lo + 3)]
    w = Card(0, "") if rules.jokers else Card(2, other)
    w2 = Card(2, rng.choice([s for s in SUITS if s != suit]))
    rank = rng.choice(range(3, 14))
    groups = [
        [*run[:2], Card(run[2].rank, other)],                          # two suits
        [run[0], Card(run[0].rank + 1 if run[0].rank + 3 > 13 else run[0].rank + 3, suit),
         Card(run[0].rank + 4 if run[0].rank + 4 <= 13 else 3, suit)],  # gaps
        [Card(12, suit), Card(13, suit), Card(1, suit), Card(3, suit)],  # the corner
        [Card(rank, suit), Card(rank, other), Card(rank % 13 + 1 if rank < 13 else 3, suit)],  # mixed
        [Card(rank, suit), Card(rank, other)],                          # too few
    ]
    if wild:
        groups += [
            [run[0], w, w2, Card(run[0].rank + 3 if run[0].rank + 3 <= 13 else 3, suit)],  # two wilds
            [run[0], w, w2],                                            # one natural card
            [Card(rank, suit), Card(rank, other), w, w2],               # two wilds in a set
        ]
    if not rules.allow_sets:
        groups.append([Card(rank, s) for s in rng.sample(SUITS, 3)])
    if rules.set_distinct_suits:
        groups.append([Card(rank, suit), Card(rank, suit), Card(rank, other)])
    return [g for g in groups if _make(g, rules) is None]


def _gen_which(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    wild = bool(params.get("wild", rng.random() < 0.5))
    odd_one_out = params.get("want") == "not-meld"
    deck = _Deck(rules, rng)
    rights = []
    for _ in range(rng.choice([2, 3]) if odd_one_out else 1):
        right = _meld(rng, deck, rules, length=rng.randint(3, 4),
                      wild=rng.choice(["gap", "end", None]) if wild else None)
        if right is None:
            return None
        rights.append(right)
    wrong = [g for g in _wrong_groups(rng, rules, wild) if len(g) >= 3 or not odd_one_out]
    if len(wrong) < 2:
        return None
    wrongs = rng.sample(wrong, 1 if odd_one_out else rng.choice([2, 3]))
    options = [*rights, *wrongs]
    for o in options:
        rng.shuffle(o)
    rng.shuffle(options)
    goal = {"want": "not-meld"} if odd_one_out else {}
    return _puzzle("which-is-meld", rules, seed, params, options=tuple(format_cards(o) for o in options),
                   goal=goal)


def _gen_value(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    deck = _Deck(rules, rng)
    buraco = params.get("buraco")
    if buraco is None:
        buraco = rng.random() < 0.4
    if buraco:
        cards = _buraco_cards(rng, deck, rules, rng.choice([k for k in _buraco_kinds(rules)
                                                             if k not in ("royal", "ace-to-ace")]))
    else:
        cards = _meld(rng, deck, rules, length=rng.randint(3, 6),
                      wild=rng.choice([None, "gap", "end"]))
    if cards is None:
        return None
    m = make_meld(cards, rules)
    if m.is_buraco != bool(buraco):
        return None
    return _puzzle("meld-value", rules, seed, params, table=(format_cards(m.cards),))


def _gen_score(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    deck = _Deck(rules, rng)
    went_out = params.get("went_out")
    if went_out is None:
        went_out = rng.random() < 0.5
    melds: list[Meld] = []
    if went_out or rng.random() < 0.6:
        want = "clean" if (went_out and rules.out_needs_clean) or rng.random() < 0.5 else "dirty"
        cards = _buraco_cards(rng, deck, rules, want)
        if cards is None:
            return None
        melds.append(make_meld(cards, rules))
    for _ in range(rng.randint(1, 3)):
        cards = _meld(rng, deck, rules, length=rng.randint(3, 5), wild=rng.choice([None, None, "gap"]))
        if cards is not None:
            melds.append(make_meld(cards, rules))
    if not melds:
        return None
    left = deck.random(rng.randint(0, 4) if went_out else rng.randint(1, 8))
    took_pot = True if (went_out and rules.pots) else (rules.pots > 0 and rng.random() < 0.6)
    goal: dict[str, Any] = {"went_out": bool(went_out), "took_pot": bool(took_pot)}
    if rules.pot_unused_penalty and took_pot and not went_out and rng.random() < 0.3:
        goal["pot_unused"] = True
    return _puzzle("score", rules, seed, params, table=tuple(format_cards(m.cards) for m in melds),
                   hand=tuple(c.code for c in left), goal=goal)


def _candidates(rng: random.Random, game: Any) -> list[tuple[str, int]]:
    """Plays a learner might try here, with weights (plays that teach a rule weigh more than
    plays out of turn order); the engine decides which of them are allowed."""
    state = game.state
    hand = list(state.hands[state.turn])
    drawing = state.phase.value == "draw"
    cands: list[tuple[str, int]] = [("draw", 3 if drawing else 1), ("take", 4 if drawing else 1)]
    if not hand:
        return cands
    late = 1 if drawing else 4
    card = rng.choice(hand)
    cands.append((f"discard {card.code}", 1 if drawing else 3))
    wilds = [c for c in hand if c.rank in (0, 2)]
    if wilds:
        cands.append((f"discard {wilds[0].code}", late))
    for trio in _near_melds(rng, hand):
        cands.append(("meld " + format_cards(trio), late))
    for text in _three_card_melds(game):
        cands.append((text, late + 1))
    team = state.team_of(state.turn)
    for n in range(len(state.melds[team])):
        for c in rng.sample(hand, min(3, len(hand))):
            cands.append((f"add {n + 1} {c.code}", late))
    return cands


def _near_melds(rng: random.Random, hand: list[Card]) -> list[list[Card]]:
    """Three cards that look like a meld: of one suit, or of one rank, or with a wild card."""
    out = []
    by_suit: dict[str, list[Card]] = {}
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c)
        by_rank.setdefault(c.rank, []).append(c)
    for group in [*by_suit.values(), *by_rank.values()]:
        if len(group) >= 3:
            out.append(rng.sample(group, 3))
        elif len(group) == 2 and len(hand) > 2:
            rest = [c for c in hand if c not in group]
            if rest:
                out.append([*group, rng.choice(rest)])
    rng.shuffle(out)
    return out[:4]


def _three_card_melds(game: Any) -> list[str]:
    if game.state.phase.value != "play":
        return []
    return [str(a) for a in game.legal_actions() if str(a).startswith(("meld", "add"))][:6]


def _gen_legal(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    from .game.facade import Game
    from .game.state import Phase

    if params.get("topic") == "pot":
        puzzle = _gen_pot_position(rng, rules, seed, params)
        if puzzle is None or "allowed" not in params:
            return puzzle
        return puzzle if (check_answer(puzzle) == "allowed") == bool(params["allowed"]) else None

    players = 4 if 4 in rules.player_counts else 2
    game = Game(rules, players=players, seed=rng.randrange(1 << 20))
    for _ in range(rng.randint(0, 10) * 2 + (1 if rng.random() < 0.75 else 0)):
        if game.phase not in (Phase.DRAW, Phase.PLAY):
            return None
        actions = [str(a) for a in game.legal_actions()]
        if game.phase is Phase.DRAW:
            choice = "take" if "take" in actions and rng.random() < 0.3 else "draw"
            if choice not in actions:
                choice = rng.choice(actions)
        else:
            melds = [a for a in actions if not a.startswith("discard")]
            for text in rng.sample(melds, min(len(melds), 2)):
                if game.is_legal(text):
                    game.play(text)
            discards = [str(a) for a in game.legal_actions() if str(a).startswith("discard")]
            if not discards:
                return None
            choice = rng.choice(discards)
        game.play(choice)
    if game.phase not in (Phase.DRAW, Phase.PLAY):
        return None
    want_allowed = params.get("allowed")
    if want_allowed is None:
        want_allowed = rng.random() < 0.5
    cands = [(text, w) for text, w in _candidates(rng, game) if _refused(game, text) != bool(want_allowed)]
    if want_allowed and not cands:
        cands = [(str(a), 1) for a in game.legal_actions()]
    if not cands:
        return None
    texts = sorted({t for t, _ in cands})
    weights = [max(w for t2, w in cands if t2 == t) for t in texts]
    play = rng.choices(texts, weights)[0]
    from .puzzles import with_position

    puzzle = _puzzle("legal-play", rules, seed, params, goal={"game": game.to_json(), "play": play})
    return with_position(puzzle)


def _gen_pot_position(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    """A position near the end of a hand: a short hand, the pot aside or taken, a buraco or not;
    the play empties the hand (or nearly), so the pot and going-out rules decide."""
    deck = _Deck(rules, rng)
    meld = _meld(rng, deck, rules, length=3, wild=None)
    if meld is None:
        return None
    one_card = rng.random() < 0.4
    extra = deck.random(1 if one_card or rng.random() < 0.5 else 0)
    hand = extra if one_card else meld + extra
    lines = ["description: near the end of a hand", f"rules: {rules.name}",
             f"players: {4 if 4 in rules.player_counts else 2}", "turn: 0", "phase: play",
             f"hand 0: {format_cards(hand)}"]
    side = []
    if one_card:
        side.append(make_meld(meld, rules))
    elif rng.random() < 0.6:
        other = _meld(rng, deck, rules, length=3, wild=None)
        if other is not None:
            side.append(make_meld(other, rules))
    if rng.random() < 0.6:
        cards = _buraco_cards(rng, deck, rules, rng.choice(["clean", "dirty"]))
        if cards is None:
            return None
        side.append(make_meld(cards, rules))
    if side:
        lines.append("melds 0: " + " | ".join(format_cards(m.cards) for m in side))
    if rules.pots:
        lines.append(f"pot 0: {rng.choice(['aside', 'taken'])}")
    lines.append(f"discard: {format_cards(deck.random(2))}")
    play = f"discard {hand[0].code}" if one_card else "meld " + format_cards(meld)
    goal = {"position": "\n".join(lines) + "\n", "play": play}
    from .puzzles import with_position

    try:
        return with_position(_puzzle("legal-play", rules, seed, params, goal=goal))
    except ValueError:  # a position the game cannot set up: deal again
        return None


def _gen_match(rng: random.Random, rules: Rules, seed: int, params: dict[str, Any]) -> Puzzle | None:
    """The last play of a hand (side 0 goes out), with match totals chosen so that the hand ends
    the match, leaves it open, or ties; the game decides which."""
    from .game.scenarios import parse_scenario

    deck = _Deck(rules, rng)
    out = _buraco_cards(rng, deck, rules, "clean")
    last = deck.random(1)
    other = _meld(rng, deck, rules, length=rng.randint(3, 5), wild=rng.choice([None, "gap"]))
    theirs = (_buraco_cards(rng, deck, rules, rng.choice(["clean", "dirty"])) if rng.random() < 0.5
              else _meld(rng, deck, rules, length=rng.randint(3, 6), wild=rng.choice([None, "gap"])))
    if out is None or other is None or theirs is None:
        return None
    left = deck.random(rng.randint(1, 6))
    base = ["description: the last play of a hand", f"rules: {rules.name}", "players: 2", "turn: 0",
            "phase: play", f"hand 0: {format_cards(last)}", f"hand 1: {format_cards(left)}",
            "melds 0: " + " | ".join(format_cards(make_meld(m, rules).cards) for m in (out, other)),
            f"melds 1: {format_cards(make_meld(theirs, rules).cards)}"]
    if rules.pots:
        base += ["pot 0: taken", f"pot 1: {rng.choice(['taken', 'aside'])}"]
    base.append(f"discard: {format_cards(deck.random(2))}")
    play = f"discard {last[0].code}"
    try:
        game = parse_scenario("\n".join(base) + "\n", "position")
        if game.why_illegal(play) is not None:
            return None
        game.play(play)
    except ValueError:
        return None
    s0, s1 = (int(sc.total) for sc in game.scores)
    totals = [0, 0]
    if rules.target is not None:
        target = rules.target
        want = params.get("outcome") or rng.choice(["win", "win", "tie", "open", "both"])
        if want == "tie":
            final = [target + rng.randrange(0, 200, 5)] * 2
        elif want == "open":
            final = [target - rng.randrange(5, 600, 5), target - rng.randrange(5, 600, 5)]
        elif want == "both":
            first = target + rng.randrange(0, 300, 5)
            final = [first, first + rng.choice([-1, 1]) * rng.randrange(5, 200, 5)]
        else:
            winner = rng.randrange(2)
            final = [0, 0]
            final[winner] = target + rng.randrange(0, 300, 5)
            final[1 - winner] = target - rng.randrange(5, 600, 5)
        totals = [final[0] - s0, final[1] - s1]
        base.append(f"totals: {totals[0]} {totals[1]}")
    text = "\n".join(base) + "\n"
    story = (f"before this hand side 0 had {totals[0]} and side 1 had {totals[1]}; "
             if rules.target is not None else "")
    match = (f"the match is played to {rules.target}" if rules.target is not None
             else "the match is one hand")
    prompt = (f"{rules.name}, {match}: {story}now you (side 0) go out by discarding {last[0]}. "
              f"This hand scores side 0 {s0} and side 1 {s1}. What happens to the match?")
    from .puzzles import with_position

    try:
        return with_position(_puzzle("match", rules, seed, params, goal={"position": text, "play": play},
                                     prompt=prompt))
    except ValueError:
        return None


def _refused(game: Any, play: str) -> bool:
    try:
        return game.why_illegal(play) is not None
    except ValueError:
        return False


_GENERATORS = {
    "make-meld": _gen_make_meld,
    "make-buraco": _gen_make_buraco,
    "extend": _gen_extend,
    "which-is-meld": _gen_which,
    "meld-value": _gen_value,
    "score": _gen_score,
    "legal-play": _gen_legal,
    "match": _gen_match,
}


def generate(kind: str, rules: Rules | str, seed: int, **params: Any) -> Puzzle:
    """A fresh puzzle of ``kind`` under ``rules`` from ``seed``, solved by the engine before it is
    returned. Raises ValueError for an unknown kind or a goal the ruleset does not have."""
    rules = get_rules(rules)
    gen = _GENERATORS.get(kind)
    if gen is None:
        known = ", ".join(k for k in KINDS if k in _GENERATORS)
        raise ValueError(f"no generator for kind {kind!r}: choose one of {known}")
    rng = random.Random(f"{kind}/{rules.name}/{seed}")
    for _ in range(_TRIES):
        puzzle = gen(rng, rules, seed, params)
        if puzzle is not None and validate(puzzle) is None:
            return puzzle
    raise ValueError(f"could not deal a sound {kind} puzzle for {rules.name} from seed {seed}")


def _topic(lesson_or_topic: str) -> tuple[str, list[tuple[str, dict[str, Any]]]]:
    key = str(lesson_or_topic).strip().lower()
    for number, (name, kinds) in LESSON_TOPICS.items():
        if key in (number, name, number.lstrip("0")) or key.startswith(number + "_"):
            return number, kinds
    if key in KINDS:
        return key, [(key, {})]
    topics = ", ".join(f"{n} ({name})" for n, (name, _) in LESSON_TOPICS.items())
    raise ValueError(f"no quiz for {lesson_or_topic!r}: choose a lesson or topic: {topics}, or a kind")


def make_quiz(lesson_or_topic: str, rules: Rules | str, seed: int, n: int = 5) -> list[Puzzle]:
    """``n`` seeded puzzles for a lesson (``"03"``, ``"03_buracos"``) or topic (``"buracos"``).

    Lesson 07 (the rulesets) deals each question under another ruleset; the others use ``rules``.

    >>> [p.kind for p in make_quiz("01", "buraco", 1)]
    ['which-is-meld', 'make-meld', 'meld-value', 'which-is-meld', 'make-meld']
    """
    topic, kinds = _topic(lesson_or_topic)
    rules = get_rules(rules)
    rng = random.Random(f"quiz/{topic}/{rules.name}/{seed}")
    mixed = topic == "07"
    quiz = []
    for i in range(n):
        kind, params = kinds[i % len(kinds)]
        these = RULESETS[list(RULESETS)[(i + seed) % len(RULESETS)]] if mixed else rules
        if kind == "make-buraco" and params.get("buraco") not in (None, *_buraco_kinds(these)):
            params = {}
        quiz.append(generate(kind, these, rng.randrange(1 << 30), **params))
    return quiz
