"""The right answers of a puzzle, worked out from its position by the engine alone, for the verdict
audit (:mod:`buraco_core.teach.audit`).

Nothing here asks a puzzle kind what is right: the answers come from the engine's own reading of
the position (``make_meld``, ``Meld.extend`` with either end, ``score_side``, a new game's deal, the
game after a play, the coach's values), read as RULES.md words them. The audit then asks the kind
(:func:`~buraco_core.teach.check`) about each one, so a kind that refuses a right answer, or
accepts a wrong one, is caught.

- A choice puzzle: the option values the engine makes right (:func:`right_choices`).
- A free answer (cards, a meld and cards, a number): every right answer, each in the forms a
  learner may give it (every order, card codes or hand positions), and plausible wrong ones
  (:func:`free_answers`): for cards every group of the hand that could be a meld
  (:func:`meld_groups`, complete: every legal meld of the hand is among them), for an addition
  every group of cards that could join the meld, with the wild card at either end.

>>> from buraco_core.teach import Puzzle
>>> p = Puzzle(id="p", kind="make-meld", rules="buraco", hand=("4h", "5h", "6h", "7h", "Kc"),
...            goal={"meld_kind": "run"})
>>> sorted(" ".join(a) for a in free_answers(p).right)
['4h 5h 6h', '4h 5h 6h 7h', '5h 6h 7h']
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from ...cards import SUITS, Card, parse_cards
from ...game.actions import NextHand
from ...game.engine import apply
from ...game.facade import Game
from ...game.state import Phase, deal_hand
from ...jsondata import whole
from ...melds import InvalidMeld, Meld, make_meld, wild_move
from ...rules import Rules
from ...scoring import Score
from ..puzzles.explain import wild_end
from ..puzzles.kinds import KINDS
from ..puzzles.kinds.deal_count import DealCountGoal
from ..puzzles.kinds.extend import ExtendGoal
from ..puzzles.kinds.make_buraco import MakeBuracoGoal
from ..puzzles.kinds.make_meld import MakeMeldGoal
from ..puzzles.kinds.predict import PredictGoal
from ..puzzles.kinds.score import score_of
from ..puzzles.kinds.seats import SeatsGoal
from ..puzzles.kinds.which_meld import WhichGoal
from ..puzzles.puzzle import Puzzle, goal_of
from .positions import position_answer

__all__ = [
    "Answer",
    "Answers",
    "CardsAnswer",
    "ExtendAnswer",
    "answer_forms",
    "free_answers",
    "grown_melds",
    "kind_reading",
    "meld_groups",
    "right_choices",
    "wild_outcome",
]

CardsAnswer: TypeAlias = list[str] | list[int] | str
"""Cards as a learner gives them: card codes (in any order), their positions in the hand, or the text."""

ExtendAnswer: TypeAlias = (tuple[int, CardsAnswer] | tuple[int, CardsAnswer, str]
                           | dict[str, int | CardsAnswer])
"""An addition: the meld's index and the cards, and the end for a moving wild card where the task
asks it (``"low"``, ``"high"``); or the same as ``{"meld": ..., "cards": ..., "end": ...}``."""

Answer: TypeAlias = CardsAnswer | ExtendAnswer | int | bool
"""An answer the audit gives a puzzle: cards, an addition, a number, or a choice (an option's
value, its position, or for a legal-play a truth value)."""


@dataclass(frozen=True)
class Answers:
    """The engine's right answers of a free-answer puzzle, and plausible wrong ones."""

    right: tuple[Answer, ...]
    wrong: tuple[Answer, ...] = ()


def _place_card(place: int, suit: str) -> Card:
    return Card(1 if place == 14 else place, suit)


def _fits(group: Sequence[Card], have: Counter[Card]) -> bool:
    return all(n <= have[c] for c, n in Counter(group).items())


def meld_groups(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every group of hand cards that could be a meld (the engine then says which are), each
    once (as a multiset): runs of one suit over the places A, 2, ..., K, A with at most one place
    missing between their first and last natural card, and sets of a rank; each with no wild
    card or one (a joker or a 2 of the hand). A meld needs two natural cards and holds one wild
    card at most, so every legal meld of the hand is one of these."""
    have = Counter(hand)
    wilds = sorted({c for c in hand if c.rank in (0, 2)})
    out: dict[tuple[Card, ...], None] = {}

    def add(naturals: list[Card], wild_needed: bool) -> None:
        if not wild_needed and len(naturals) >= 3 and _fits(naturals, have):
            out.setdefault(tuple(sorted(naturals)), None)
        for w in wilds:
            group = [*naturals, w]
            if len(group) >= 3 and _fits(group, have):
                out.setdefault(tuple(sorted(group)), None)

    for suit in SUITS:
        present = {p for p in range(1, 15) if have[_place_card(p, suit)]}
        for lo in sorted(present):
            for hi in (p for p in sorted(present) if p > lo):
                inner = range(lo + 1, hi)
                missing = [p for p in inner if p not in present]
                if len(missing) > 1:
                    break
                full = [_place_card(p, suit) for p in range(lo, hi + 1) if p in present]
                if missing:
                    add(full, wild_needed=True)
                    continue
                add(full, wild_needed=False)
                for gap in inner:  # leave a card out: the wild card takes its place
                    add([_place_card(p, suit) for p in range(lo, hi + 1) if p != gap], wild_needed=True)
    for rank in [1, *range(3, 14)]:
        suits = {c: have[c] for c in have if c.rank == rank}
        if sum(suits.values()) < 2:
            continue
        for counts in _sub_counts(list(suits.values())):
            naturals = [c for c, k in zip(suits, counts, strict=True) for _ in range(k)]
            if len(naturals) >= 2:
                add(naturals, wild_needed=False)
    return list(out)


def _sub_counts(limits: list[int]) -> Iterator[list[int]]:
    if not limits:
        yield []
        return
    for rest in _sub_counts(limits[1:]):
        for k in range(limits[0] + 1):
            yield [k, *rest]


def _sub_groups(cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every non-empty sub-multiset of ``cards``."""
    have = Counter(cards)
    kinds = sorted(have)
    for counts in _sub_counts([have[c] for c in kinds]):
        group = tuple(c for c, k in zip(kinds, counts, strict=True) for _ in range(k))
        if group:
            yield group


def make(cards: Sequence[Card], rules: Rules) -> Meld | None:
    try:
        return make_meld(cards, rules)
    except InvalidMeld:
        return None


def grown_melds(meld: Meld, cards: Sequence[Card], rules: Rules) -> tuple[Meld, ...]:
    """Every meld the engine makes of ``meld`` with ``cards`` added, one for each end the player
    may choose for a moving wild card (one meld where there is no choice, none if they cannot
    be added)."""
    found: list[Meld] = []
    ends: tuple[Literal["low", "high"] | None, ...] = (None, "low", "high")
    for end in ends:
        grown = meld.extend_or_reason(list(cards), rules, wild_end=end)
        if isinstance(grown, Meld) and grown not in found:
            found.append(grown)
    return tuple(found)


def _meets_meld_goal(puzzle: Puzzle, meld: Meld) -> bool:
    """RULES.md's words for a make-meld task, read off the engine's meld."""
    goal = goal_of(puzzle, MakeMeldGoal)
    if goal.meld_kind and meld.kind != goal.meld_kind:
        return False
    if goal.min_cards and len(meld) < whole(goal.min_cards):
        return False
    if goal.wild is True and meld.wild is None:
        return False
    if goal.wild is False and meld.wild is not None:
        return False
    at = goal.wild_at
    if at:
        if meld.wild is None or meld.kind != "run":
            return False  # a wild card in a gap or at an end of a run: a set has neither
        at_end = meld.wild_index in (0, len(meld) - 1)
        if (at == "end") != at_end:
            return False
    return True


def _meets_buraco(meld: Meld, want: str) -> bool:
    """RULES.md's words for the buraco kind a task asks for, read off the meld's cards and the
    ruleset's bonuses, never off :attr:`Meld.buraco_type` (the kinds' reading, which the audit
    checks): [buraco-clean] "a buraco without a wild card is clean" (a royal or ace-to-ace run
    too); [buraco-royal] "a clean run of all thirteen ranks"; [ace-to-ace] "a clean run from A to
    A, fourteen cards"; [buraco-semi-clean] "seven or more naturals in a row with the wild card at
    an end, or seven naturals of a rank and a wild card", where the ruleset scores it, and dirty
    otherwise; [buraco-dirty] "a buraco with a wild card that is not semi-clean"."""
    if not meld.is_buraco:
        return False
    rules, n = meld.rules, len(meld)
    wild = meld.wild is not None
    clean_run = meld.kind == "run" and not wild
    semi = wild and (meld.kind == "set" or meld.wild_index in (0, n - 1)) and n - 1 >= rules.min_buraco \
        and rules.semi_clean_bonus is not None
    return {"any": True, "clean": not wild, "royal": clean_run and n == 13 and rules.royal_bonus is not None,
            "ace-to-ace": clean_run and n == 14 and rules.ace_to_ace_bonus is not None,
            "semi-clean": semi, "dirty": wild and not semi}[want]


def _meets_extend_goal(puzzle: Puzzle, meld: Meld) -> bool:
    goal = goal_of(puzzle, ExtendGoal)
    if goal.min_cards and len(meld) < whole(goal.min_cards):
        return False
    want = goal.buraco
    return not want or _meets_buraco(meld, str(want))


def free_answers(puzzle: Puzzle) -> Answers:
    """Every right answer of a cards, extend or number puzzle, worked out by the engine, and
    plausible wrong ones (``Answers``); an empty ``right`` for a puzzle of another form."""
    kind = puzzle.kind
    rules = puzzle.ruleset
    if kind in ("make-meld", "make-buraco"):
        right: list[Answer] = []
        wrong: list[Answer] = []
        near = rules.min_buraco - 1 if kind == "make-buraco" else 3  # a wrong buraco: one card short, or another kind
        for group in meld_groups(puzzle.hand_cards):
            meld = make(group, rules)
            if meld is None:
                continue
            ok = _meets_buraco(meld, str(goal_of(puzzle, MakeBuracoGoal).buraco or "any")) if kind == "make-buraco" \
                else _meets_meld_goal(puzzle, meld)
            if ok or len(group) >= near:
                (right if ok else wrong).append([c.code for c in group])
        return Answers(tuple(right), tuple(wrong))
    if kind == "extend":
        return _extend_answers(puzzle, rules)
    if kind == "meld-value":
        points = make_meld(puzzle.table[0], rules).points
        return Answers((points,), (points + 5, points - 5, points + 10))
    if kind == "score":
        total = int(score_of(puzzle, rules).total)
        return Answers((total,), (total + 5, total - 5, total + 100, total - 100))
    if kind == "deal-count":
        n = _dealt(puzzle, rules)
        return Answers((n,), (n + 1, n - 1, n + rules.pot_size, n - rules.hand_size))
    return Answers(())


def _dealt(puzzle: Puzzle, rules: Rules) -> int:
    """The cards a new game leaves outside the hands and pots (and the pile, for the stock)."""
    players = whole(goal_of(puzzle, DealCountGoal).players or rules.default_players)
    state = Game(rules, players=players, seed=0).state
    return len(state.stock) + (len(state.discard) if goal_of(puzzle, DealCountGoal).counted == "left" else 0)


def _extend_answers(puzzle: Puzzle, rules: Rules) -> Answers:
    want = goal_of(puzzle, ExtendGoal).meld
    right: list[Answer] = []
    wrong: list[Answer] = []
    hand = puzzle.hand_cards
    for i, text in enumerate(puzzle.table):
        meld = make_meld(text, rules)
        pool = [c for c in hand if c.rank in (0, 2) or (meld.kind == "run" and c.suit == meld.suit)
                or (meld.kind == "set" and c.rank == meld.rank)]
        for group in _sub_groups(pool):
            grown = grown_melds(meld, group, rules)
            if not grown:
                continue
            codes = [c.code for c in group]
            if goal_of(puzzle, ExtendGoal).wild_end:  # the task asks for the end: each end is an answer of its own
                for end in (None, "low", "high"):
                    made = meld.extend_or_reason(list(group), rules, wild_end=end)
                    if not isinstance(made, Meld):
                        continue
                    ok = (want is None or whole(want) == i) and _meets_extend_goal(puzzle, made) and \
                        wild_end(made) == goal_of(puzzle, ExtendGoal).wild_end
                    (right if ok else wrong).append((i, codes) if end is None else (i, codes, end))
                continue
            ok = (want is None or whole(want) == i) and any(_meets_extend_goal(puzzle, g) for g in grown)
            (right if ok else wrong).append((i, codes))
    return Answers(tuple(right), tuple(wrong))



def answer_forms(puzzle: Puzzle, answer: Answer, rng: random.Random) -> list[Answer]:
    """``answer`` in each form a learner may give it: for cards every order (reversed, shuffled),
    the text, the positions in the hand; for an addition the same with its meld; for a number
    the text; for a choice its position among the options."""
    kind = KINDS[puzzle.kind]
    if kind.form == "cards":
        if not isinstance(answer, list):
            raise TypeError(f"the engine's cards are a list of codes, not {answer!r}")
        return [answer, *_card_forms(puzzle, [str(c) for c in answer], rng)]
    if kind.form == "extend":
        if not isinstance(answer, tuple):
            raise TypeError(f"the engine's addition is (meld, cards[, end]), not {answer!r}")
        index, cards, *end = answer
        orders = _card_forms(puzzle, [str(c) for c in cards], rng)
        return [answer, {"meld": index, "cards": cards, **({"end": end[0]} if end else {})},
                *((index, form, end[0]) if end else (index, form) for form in orders)]
    if kind.form == "number":
        return [answer, str(answer), f" {answer} "]
    values = [o.value for o in kind.options(puzzle)]
    forms: list[Answer] = [answer]
    if answer in values and not isinstance(answer, int):
        forms.append(values.index(answer))
    if puzzle.kind == "legal-play":
        forms.append(answer == "allowed")
    return forms


def _card_forms(puzzle: Puzzle, codes: list[str], rng: random.Random) -> list[CardsAnswer]:
    shuffled = list(codes)
    rng.shuffle(shuffled)
    hand = list(puzzle.hand_cards)
    used: set[int] = set()
    indices: list[int] = []
    for card in parse_cards(codes):
        i = next(j for j, c in enumerate(hand) if c == card and j not in used)
        used.add(i)
        indices.append(i)
    return [list(reversed(codes)), shuffled, " ".join(codes), indices]


# ------------------------------------------------------------------ the choices

def kind_reading(meld: Meld) -> str:
    """What a meld is, as the predict kind's choices say it: the buraco kind its ruleset counts,
    read as RULES.md words it (:func:`_meets_buraco`: a royal or ace-to-ace run is a clean
    buraco), or a meld below a buraco with or without a wild card."""
    if not meld.is_buraco:
        return "clean-meld" if meld.wild is None else "wild-meld"
    return next(f"{kind}-buraco" for kind in ("clean", "semi-clean", "dirty") if _meets_buraco(meld, kind))


def wild_outcome(old: Meld | None, grown: Sequence[Meld]) -> str:
    """Where the wild card goes, in the predict kind's words, from the engine's meld before and
    after (``grown``: one meld per end the player may choose)."""
    new = grown[0]
    if len(grown) > 1 and len({g.wild_index for g in grown}) > 1:
        return "choose"
    move = wild_move(old, new) if old is not None else "moved" if new.wild is not None else None
    if move != "moved":
        return move or "natural"
    return wild_end(new) or ("gap" if new.kind == "run" else "stays")


def right_choices(puzzle: Puzzle) -> frozenset[str | int]:
    """The option values the engine makes right in a choice puzzle."""
    rules = puzzle.ruleset
    kind = puzzle.kind
    if kind == "which-is-meld":
        want = goal_of(puzzle, WhichGoal).wanted
        out = set()
        for i, text in enumerate(puzzle.options):
            meld = make(parse_cards(text), rules)
            if (want == "not-meld" and meld is None) or (want == "meld" and meld is not None) or \
                    (want == "clean" and meld is not None and meld.wild is None):
                out.add(i)
        return frozenset(out)
    if kind == "predict":
        cards = goal_of(puzzle, PredictGoal).cards
        old = make_meld(puzzle.table[0], rules) if puzzle.table else None
        grown = grown_melds(old, cards, rules) if old is not None else (make_meld(cards, rules),)
        if goal_of(puzzle, PredictGoal).asks_kind:
            return frozenset(kind_reading(g) for g in grown)
        return frozenset({wild_outcome(old, grown)})
    if kind == "seats":
        return frozenset({_seat(puzzle, rules)})
    if kind in ("legal-play", "outcome", "match", "best-play"):
        return frozenset({position_answer(puzzle)})
    raise ValueError(f"{kind} is not a choice kind")


def _seat(puzzle: Puzzle, rules: Rules) -> str:
    players = whole(goal_of(puzzle, SeatsGoal).players or rules.default_players)
    dealer = goal_of(puzzle, SeatsGoal).dealer
    dealer = players - 1 if dealer is None else whole(dealer)
    state = deal_hand(rules, players, 0, 1, dealer, 0, ())
    ask = goal_of(puzzle, SeatsGoal).asked
    if ask == "partner":
        mates = [s for s in range(players) if s != 0 and state.team_of(s) == state.team_of(0)]
        return f"seat {mates[0]}" if mates else "nobody"
    if ask == "first":
        return f"seat {state.turn}"
    over = dataclasses.replace(state, phase=Phase.HAND_OVER, hand_scores=tuple(Score(0, ()) for _ in
                                                                               range(state.teams)))
    return f"seat {apply(over, NextHand()).dealer}"
