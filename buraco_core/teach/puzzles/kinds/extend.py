"""extend: add cards from the hand to a meld on the table.

Goal: ``meld`` (0-based index into ``table``; None: any), ``buraco`` (the kind the meld must
become, or "any"), ``min_cards``, ``wild_end`` ("low" / "high": the task asks the learner to send
the meld's wild card to that end when it moves, where the rules let the player choose). Answer:
``(meld_index, cards)``, ``(meld_index, cards, end)`` or ``{"meld": i, "cards": ..., "end": ...}``
(``end``: "low" or "high", the player's choice for a wild card that moves; :meth:`Extend.ends`
lists them for a widget). The feedback says what happened to the wild card (it stayed, moved,
went home, or a natural 2 became it); a wrong answer names the wild-card mistake (a second wild
card, the end not chosen, an end the ace closes, a wild card that does not move) as well as a
card that does not belong.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....cards import format_cards, rank_message
from ....jsondata import whole
from ....melds import InvalidMeld, Meld, make_meld, wild_move
from ....messages import Message
from ....rules import Rules
from ....variants import rules_text
from ..answers import pick_cards, read_end, read_extend
from ..deal import Deck, growing_meld, hand_around, meld_cards, place_card
from ..explain import meld_clauses, refusal_clauses, wild_change, wild_end
from ..feedback import Feedback, join
from ..puzzle import Goal, Puzzle, goal_of
from ..search import extend_candidates
from .base import Kind, Option, Params, right, text_param, wrong
from .make_buraco import BURACO_KINDS, buraco_problem
from .make_meld import MakeMeldGoal, goal_problem

__all__ = ["EXTEND", "ExtendGoal"]

#: The ends of a run, in words.
_END_WORDS = {"low": "feedback.end-low", "high": "feedback.end-high"}


def _end_problem(old: Meld, new: Meld, wanted: str, chosen: str | None) -> tuple[list[str], Message] | None:
    """Where a grown meld's wild card misses the end the task asks for: the clauses and why."""
    got = wild_end(new)
    if got == wanted:
        return None
    facts: dict[str, object] = {"wild": new.wild or old.wild or "", "want": Message(_END_WORDS[wanted]),
                                "stands": new.wild_stands_for or old.wild_stands_for or ""}
    if wild_move(old, new) != "moved":
        return ["wild-moves", "extend"], Message("feedback.end-stays", facts)
    facts["got"] = Message(_END_WORDS[got]) if got is not None else Message("teach.nothing")
    if chosen is None:
        return ["wild-moves"], Message("feedback.end-default", facts)
    if chosen == wanted:  # asked for, but that end is closed: the run reaches the ace
        return ["wild-moves", "run-places"], Message("feedback.end-closed", facts)
    return ["wild-moves"], Message("feedback.end-other", facts)


#: What each shape of growth exercises (see :func:`buraco_core.teach.puzzles.deal.growing_meld`).
SHAPE_CLAUSES = {"plain": "extend", "wild-stays": "extend", "wild-moves": "wild-moves",
                 "natural-two": "fewest-wilds", "wild-home": "wild-two-home"}


@dataclass(frozen=True)
class ExtendGoal(Goal):
    meld: int | None = None
    buraco: str | None = None
    min_cards: int | None = None
    wild_end: str | None = None

    def __post_init__(self) -> None:
        if self.wild_end not in (None, "low", "high"):
            raise ValueError(f"goal wild_end is low or high, not {self.wild_end!r}")
        if self.buraco is not None and self.buraco not in BURACO_KINDS:
            raise ValueError(f"goal buraco {self.buraco!r} is not a kind: choose one of {', '.join(BURACO_KINDS)}")
        if self.meld is not None and (isinstance(self.meld, bool) or not isinstance(self.meld, int)):
            raise ValueError(f"goal meld is a meld index (0 for the first), not {self.meld!r}")


class Extend(Kind):
    name = "extend"
    goal_type = ExtendGoal
    form = "extend"
    draws_meld = True
    clause = "extend"
    hand_label = "widget.your-hand"
    table_label = "widget.table-click"
    params = frozenset({"wild", "buraco", "shape"})
    keeps = ("buraco",)

    def prompt(self, puzzle: Puzzle) -> Message:
        meld = goal_of(puzzle, ExtendGoal).meld
        target = (Message("prompt.meld-number", {"n": whole(meld) + 1}) if meld is not None
                  else Message("prompt.a-meld-on-the-table"))
        buraco = goal_of(puzzle, ExtendGoal).buraco
        end = (Message("prompt.becomes-buraco", {"kind": Message(f"teach.a-kind.{buraco}")})
               if buraco and buraco != "any" else Message("prompt.becomes-any-buraco") if buraco
               else Message("teach.nothing"))
        asked = goal_of(puzzle, ExtendGoal).wild_end
        if asked:
            send = Message("prompt.extend-end", {"end": Message(_END_WORDS[str(asked)])})
            end = Message("teach.concat", {"first": end, "then": send}) if buraco else send
        return Message("prompt.extend", {"target": target, "end": end})

    def ends(self, puzzle: Puzzle) -> tuple[Option, ...]:
        """The ends a learner may send the wild card to, where the task asks for one (a widget
        shows them beside the cards; empty where the task does not ask)."""
        if not goal_of(puzzle, ExtendGoal).wild_end:
            return ()
        return tuple(Option(end, Message(key)) for end, key in _END_WORDS.items())

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if not puzzle.table:
            return "an extend puzzle needs at least one meld on the table"
        want = goal_of(puzzle, ExtendGoal).meld
        if want is not None and not 0 <= whole(want) < len(puzzle.table):
            return f"goal meld {want!r} is not a meld index (0 to {len(puzzle.table) - 1})"
        if goal_of(puzzle, ExtendGoal).wild_end and want is None:
            return "a goal wild_end needs the goal meld it is about (meld: 0 for the first)"
        return None

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        index, raw = read_extend(answer, len(puzzle.table))
        want = goal_of(puzzle, ExtendGoal).meld
        if want is not None and whole(want) != index:
            return wrong(puzzle, ["extend"], "feedback.not-the-task",
                         Message("feedback.other-meld", {"want": whole(want) + 1, "got": index + 1}))
        cards = pick_cards(puzzle.hand_cards, raw)
        end = read_end(answer)
        old = make_meld(puzzle.table[index], rules)
        try:
            new = old.extend(cards, rules, wild_end=end)  # type: ignore[arg-type]
        except InvalidMeld as e:
            candidates = refusal_clauses(e)
            try:
                make_meld([*old.cards, *cards], rules)
                candidates.insert(0, "extend")  # a fresh meld of all the cards is fine: places stay
            except InvalidMeld:
                pass
            return wrong(puzzle, candidates, "feedback.cannot-add",
                         Message("feedback.cannot-add-why", {"cards": tuple(cards), "meld": old.cards,
                                                             "why": e.message}))
        missed = goal_problem(MakeMeldGoal(min_cards=goal_of(puzzle, ExtendGoal).min_cards), new)
        buraco = goal_of(puzzle, ExtendGoal).buraco
        if missed is None and buraco:
            missed = buraco_problem(puzzle, new, str(buraco))
        wanted = goal_of(puzzle, ExtendGoal).wild_end
        if missed is None and wanted:
            missed = _end_problem(old, new, str(wanted), end)
        if missed is not None:
            return wrong(puzzle, missed[0], "feedback.not-the-task", missed[1], meld=new)
        story, clause = wild_change(old, new)
        reason = join(Message("feedback.grows", {"old": old.cards, "new": new.cards}), story,
                      Message("feedback.now", {"meld": new.description}))
        other = old.extend_or_reason(cards, rules, wild_end="low" if wild_end(new) == "high" else "high")
        if isinstance(other, Meld) and other.wild is not None and other.wild_index != new.wild_index:
            reason = join(reason, Message("feedback.other-end", {"wild": other.wild, "other": other.cards}))
        return right(puzzle, [clause, *meld_clauses(new), "extend"], reason, meld=new)

    def solve(self, puzzle: Puzzle) -> object | None:
        rules = puzzle.ruleset
        want = goal_of(puzzle, ExtendGoal).meld
        found: tuple[object, ...] | None = None
        for i in range(len(puzzle.table)) if want is None else [whole(want)]:
            meld = make_meld(puzzle.table[i], rules)
            for group in extend_candidates(puzzle.hand_cards, meld):
                codes = [c.code for c in group]
                for end in (None, "low", "high") if goal_of(puzzle, ExtendGoal).wild_end else (None,):
                    answer: tuple[object, ...] = (i, codes) if end is None else (i, codes, end)
                    fb = self.check(puzzle, rules, answer)
                    if fb.correct:  # fewest cards first; one that spends no wild card where one does
                        if fb.meld is None or fb.meld.wild is None or fb.meld.wild not in group:
                            return answer
                        found = found or answer
        return found

    def tempting(self, puzzle: Puzzle) -> tuple[object, ...]:
        """Wrong answers a learner might give: the right cards with the other end for the wild
        card (or none chosen), a second wild card, a card of another suit."""
        right_answer = self.solve(puzzle)
        if right_answer is None:
            return ()
        index, codes = read_extend(right_answer, len(puzzle.table))
        rules = puzzle.ruleset
        meld = make_meld(puzzle.table[index], rules)
        out: list[object] = []
        if goal_of(puzzle, ExtendGoal).wild_end:
            end = read_end(right_answer)
            out += [(index, codes), (index, codes, "low" if end == "high" else "high")]
        hand = list(puzzle.hand_cards)
        for card in pick_cards(hand, codes):
            hand.remove(card)
        wild = next((c for c in hand if c.is_wild_card), None)
        if wild is not None and meld.wild is not None:
            out.append((index, [wild.code]))
        if meld.kind == "run":
            other = next((c for c in hand if not c.is_wild_card and c.suit != meld.suit), None)
            if other is not None:
                out.append((index, [other.code]))
        return tuple(a for a in out if not self.check(puzzle, rules, a).correct)

    def where(self, puzzle: Puzzle) -> Message:
        """The meld to grow: its cards, its ends and the place its wild card holds; how many
        cards it lacks to be a buraco; its two ends where the task asks for one."""
        want = goal_of(puzzle, ExtendGoal).meld
        if want is None:
            right_answer = self.solve(puzzle)
            want = read_extend(right_answer, len(puzzle.table))[0] if right_answer is not None else 0
        index = whole(want)
        meld = make_meld(puzzle.table[index], puzzle.ruleset)
        parts = []
        short = meld.rules.min_buraco - len(meld)
        if goal_of(puzzle, ExtendGoal).buraco and short > 0:
            parts.append(Message("hint.here.extend-more", {"k": short}))
        if goal_of(puzzle, ExtendGoal).wild_end and meld.wild is not None:
            parts.append(Message("hint.here.extend-end", {"wild": meld.wild}))
        more = Message("teach.concat", {"first": parts[0], "then": parts[1]}) if len(parts) == 2 else (
            parts[0] if parts else Message("teach.nothing"))
        if meld.kind == "set":
            return Message("hint.here.extend-set", {"n": index + 1, "cards": meld.cards,
                                                    "rank": rank_message(meld.rank, plural=True), "more": more})
        two = next((c for c in meld.natural_cards if c.rank == 2 and c.suit == meld.suit), None)
        wild = (Message("hint.here.extend-wild", {"wild": meld.wild, "stands": meld.wild_stands_for})
                if meld.wild is not None else Message("hint.here.extend-two", {"two": two}) if two is not None
                else Message("teach.nothing"))
        return Message("hint.here.extend", {"n": index + 1, "cards": meld.cards, "wild": wild, "more": more})

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        index, cards = read_extend(answer, len(puzzle.table))
        shown = tuple(pick_cards(puzzle.hand_cards, cards))
        end = read_end(answer)
        if end is not None:
            return Message("hint.answer-extend-end", {"cards": shown, "meld": index + 1,
                                                      "end": Message(_END_WORDS[end])})
        return Message("hint.answer-extend", {"cards": shown, "meld": index + 1})

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        deck = Deck(rules, rng)
        to_buraco = bool(params.get("buraco"))
        shape = text_param(params, "shape")
        wild = params.get("wild")
        if shape is None:
            if wild is None:
                wild = rng.random() < 0.5
            shape = rng.choice(["wild-moves", "wild-moves", "natural-two"]) if wild and not to_buraco else (
                "wild-moves" if wild else "plain")
        n = rules.min_buraco
        grown = growing_meld(rng, deck, rules, shape,
                             length=rng.randint(n - 3, n - 1) if to_buraco else None)
        if grown is None:
            return None
        m, key = grown
        if to_buraco:
            # enough cards to reach a buraco: continue the run upward
            need = n - len(m) - len(key)
            if need > 0:
                if m.kind != "run":
                    return None
                places = set(range(m.low, m.low + len(m))) | {14 if k.rank == 1 else k.rank for k in key}
                hi = max(places)
                more = [place_card(p, m.suit) for p in range(hi + 1, hi + 1 + need) if p <= 14]
                if len(more) < need or not deck.take(more):
                    return None
                key = key + more
        others = []
        if rng.random() < 0.6:
            other = meld_cards(rng, deck, rules, length=3, wild=None)
            if other is not None:
                others.append(format_cards(make_meld(other, rules).cards))
        table = [format_cards(m.cards), *others]
        order = list(range(len(table)))
        rng.shuffle(order)
        table = [table[i] for i in order]
        goal: dict[str, object] = {"meld": order.index(0)}
        if to_buraco:
            goal["buraco"] = "any"
        return Puzzle(id="", kind=self.name, rules=rules_text(rules), table=tuple(table), goal=goal,
                      hand=hand_around(rng, deck, key, len(key) + rng.randint(3, 5)))

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        out: dict[str, list[Params]] = {}
        for shape, clause in SHAPE_CLAUSES.items():
            out.setdefault(clause, []).append({"shape": shape})
        out["buraco"] = [{"buraco": True}]
        return out


EXTEND = Extend()
