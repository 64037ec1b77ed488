"""What a verdict says, checked against the position, for the verdict audit
(:mod:`buraco_core.teach.audit`).

A feedback is a tree of catalog messages. Many of its sentences state a fact about the position
("a wild card with a choice stands at the low end", "nothing is taken off for the pot", "those are
the card values of Brazilian Buraco"). :data:`CLAIMS` holds, for each such sentence, the engine's
test of its fact: :func:`said_problems` walks a feedback and reports every sentence whose fact is
false here, every wrong answer whose sentence calls the learner's reading right, and every count
diagnosed by a cause that is not the one (or not the only one) that gives the learner's number.

:func:`unsaid_task` reports a task whose words do not say what it asks: a goal (the buraco kind,
the meld kind, the wild card, the number of cards or players) that changes which answers are
right, and that its prompt does not name.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ...cards import Card, parse_cards
from ...melds import Meld, make_meld
from ...messages import LANGUAGES, Message, render
from ...rules import RULESETS, Rules
from ...variants import rules_text
from ..puzzles.answers import BadAnswer, pick_cards, read_extend, read_int
from ..puzzles.feedback import Feedback
from ..puzzles.kinds.predict import PredictGoal
from ..puzzles.positions import split_plays
from ..puzzles.puzzle import Puzzle, goal_of
from .answers import Answer, free_answers, grown_melds, make
from .positions import turn_outcome

__all__ = ["CLAIMS", "HINT_CLAIMS", "SaidLine", "count_causes", "hint_problems", "messages_of", "said_problems",
           "unsaid_task", "wild_places"]


def messages_of(*parts: Message | None) -> Iterator[Message]:
    """Every message of a feedback, the nested ones too."""
    stack = [p for p in parts if p is not None]
    while stack:
        m = stack.pop()
        yield m
        for value in m.params.values():
            if isinstance(value, Message):
                stack.append(value)
            elif isinstance(value, (tuple, list)):
                stack.extend(v for v in value if isinstance(v, Message))


@dataclass(frozen=True)
class SaidLine:
    """One sentence of a feedback, with what it is about: the puzzle, the answer and the verdict."""

    puzzle: Puzzle
    answer: object
    """The answer the feedback judged (the engine's, a form of it, or a mistake of the puzzle's file), or None."""
    feedback: Feedback | None
    message: Message

    @property
    def params(self) -> Mapping[str, object]:
        return self.message.params


def _predicted(said: SaidLine) -> tuple[Meld | None, tuple[Meld, ...]]:
    puzzle = said.puzzle
    rules = puzzle.ruleset
    cards = parse_cards(goal_of(puzzle, PredictGoal).add or "")
    if not puzzle.table:
        return None, (make_meld(cards, rules),)
    old = make_meld(puzzle.table[0], rules)
    return old, grown_melds(old, cards, rules)


def wild_places(meld: Meld) -> list[int]:
    """The places of a run the wild card could stand for with the same natural cards: the one
    gap they leave, or each end where the natural card of that place would make the run too."""
    if meld.kind != "run" or meld.wild_index is None:
        return []
    naturals = list(meld.natural_cards)
    places = [meld.low + i for i in range(len(meld)) if i != meld.wild_index]
    lo, hi = min(places), max(places)
    gaps = [p for p in range(lo, hi) if p not in places]
    if gaps:
        return gaps
    out = []
    for place in (lo - 1, hi + 1):
        if 1 <= place <= 14 and make([*naturals, Card(1 if place == 14 else place, meld.suit)], meld.rules):
            out.append(place)
    return out


def _choice_of_end(said: SaidLine) -> str | None:
    _old, grown = _predicted(said)
    places = wild_places(grown[0])
    if len(places) < 2:
        return (f"it says the wild card has a choice of place, but with these cards it can stand only for "
                f"{' or '.join(str(Card(1 if p == 14 else p, grown[0].suit)) for p in places) or 'one card'}")
    return None


def _both_ends(said: SaidLine) -> str | None:
    if said.puzzle.kind == "predict":
        grown = _predicted(said)[1]
    elif said.answer is None:
        return None
    else:
        index, cards = read_extend(said.answer, len(said.puzzle.table))  # the end, if named, aside
        meld = make_meld(said.puzzle.table[index], said.puzzle.ruleset)
        grown = grown_melds(meld, pick_cards(said.puzzle.hand_cards, cards), said.puzzle.ruleset)
    if len({g.wild_index for g in grown}) < 2:
        return "it says the player chooses the end of the wild card, but the engine gives it one place only"
    return None


def _starts_at_ace(said: SaidLine) -> str | None:
    grown = _predicted(said)[1]
    if grown[0].cards[0].rank != 1:
        return "it says the run starts at the ace, and it does not"
    return None


def _ends_at_ace(said: SaidLine) -> str | None:
    grown = _predicted(said)[1]
    if grown[0].cards[-1].rank != 1:
        return "it says the run ends at the ace, and it does not"
    return None


def _corner(said: SaidLine) -> str | None:
    grown = _predicted(said)[1][0]
    wild = grown.wild
    if wild is None or wild.rank != 2 or wild.suit != grown.suit:
        return "it says a 2 of the run's suit would turn the corner, and the wild card is not one"
    return _ends_at_ace(said)


def _natural_is_answer(said: SaidLine) -> str | None:
    """A refused kind whose sentence says the meld is that kind by its cards."""
    natural = said.params.get("natural")
    if said.feedback is None or said.feedback.correct or not isinstance(natural, Message):
        return None
    kind = natural.key.rpartition(".")[2]
    if said.answer == f"{kind}-buraco":
        return (f"the answer is refused, yet its sentence says the meld is {kind} by its cards: the learner's "
                "reading is called right")
    return None


#: The lines of a count that take points off for the pot.
_POT_LINES = frozenset({"score-line.pot-never-taken", "score-line.pot-waiting", "score-line.pot-unused"})


def _no_pot_line(said: SaidLine) -> str | None:
    if said.feedback is not None and any(line.label.key in _POT_LINES for line in said.feedback.lines):
        return "it says nothing is taken off for the pot, and the count takes 100 off for it"
    return None


def _no_out_line(said: SaidLine) -> str | None:
    if said.feedback is not None and any(line.rule == "going-out" and line.points > 0 for line in said.feedback.lines):
        return "it says there is no bonus for going out, and the count has one"
    return None


def _clean_is_the_cause(said: SaidLine) -> str | None:
    """'It has no wild card, so it is clean' explains a miss only where the task wants a wild card."""
    want = said.puzzle.goal.get("buraco")  # make-buraco or extend: the same key
    if want in ("royal", "ace-to-ace"):
        return (f"the task asks for {want}, and the sentence names the wild card (it has none) instead of what the "
                "meld lacks (its ranks, its aces)")
    return None


def _every_card(said: SaidLine) -> str | None:
    """A sentence naming the cards of a group that is no meld names every card of it."""
    puzzle = said.puzzle
    if puzzle.kind in ("make-meld", "make-buraco") and said.answer is not None:
        try:
            chosen = pick_cards(puzzle.hand_cards, said.answer)
        except BadAnswer:
            return None
    elif puzzle.kind == "which-is-meld" and isinstance(said.answer, int):
        chosen = parse_cards(puzzle.options[said.answer])
    else:
        return None
    named = said.params.get("cards")
    if isinstance(named, tuple) and Counter(named) != Counter(chosen):
        left = Counter(chosen) - Counter(named)
        return f"it names {len(named)} of the {len(chosen)} cards chosen, leaving out {' '.join(map(str, left))}"
    return None


def _stays_in(said: SaidLine) -> str | None:
    """'It does not go out': the game, playing the chosen discard, does not end the hand, and
    another choice of the puzzle does go out in this turn."""
    plays = split_plays(said.puzzle)
    chosen = plays[said.answer] if isinstance(said.answer, int) and 0 <= said.answer < len(plays) else str(said.answer)
    if turn_outcome(said.puzzle, chosen) == "go-out":
        return "it says the discard does not go out, and the game ends the hand with it"
    if not any(turn_outcome(said.puzzle, p) == "go-out" for p in plays if p != chosen):
        return "it says the discard does not go out where no choice of the puzzle goes out"
    return None


def _teams(said: SaidLine) -> str | None:
    if not said.puzzle.ruleset.partnerships:
        return "it names a team in a ruleset where every player is a side alone"
    return None


#: For each sentence that states a fact of the position, the engine's test of it: a problem, or
#: None where the fact holds.
CLAIMS: Mapping[str, Callable[[SaidLine], str | None]] = {
    "feedback.predict.new-low": _choice_of_end,
    "feedback.predict.new-high": _starts_at_ace,
    "feedback.predict.new-low-ace": _ends_at_ace,
    "feedback.predict.new-corner": _corner,
    "feedback.predict.why-low": _ends_at_ace,
    "feedback.predict.why-high": _starts_at_ace,
    "feedback.predict.why-choose": _both_ends,
    "feedback.other-end": _both_ends,
    "feedback.predict.why-dirty-buraco": _natural_is_answer,
    "feedback.predict.why-semi-clean-buraco": _natural_is_answer,
    "feedback.slip.pot-taken": _no_pot_line,
    "feedback.slip.not-out": _no_out_line,
    "feedback.no-wild-so-clean": _clean_is_the_cause,
    "coach.discard-not-out": _stays_in,
    "play-words.add-team": _teams,
    "meld.neither": _every_card,
}


def _brazilian_sets(said: SaidLine, rights: Sequence[Answer]) -> str | None:
    """Brazilian Buraco's set rule (at most four, all suits different) shown where a right answer's
    set repeats a suit."""
    rules = said.puzzle.ruleset
    if rules.set_distinct_suits:
        return None
    for answer in rights:
        codes = answer[1] if said.puzzle.kind == "extend" and isinstance(answer, tuple) else answer
        if not isinstance(codes, (list, tuple)):
            continue
        meld = make(parse_cards([str(c) for c in codes]), rules)
        if meld is not None and meld.kind == "set" and len({c.suit for c in meld.natural_cards}) < len(meld.natural_cards):
            return (f"it says a set's suits all differ, and {rules_text(rules)} accepts "
                    f"{' '.join(str(c) for c in meld.cards)}")
    return None


#: Sentences of a hint that state a rule of the ruleset, with the engine's test of it against the
#: puzzle's right answers.
HINT_CLAIMS: Mapping[str, Callable[[SaidLine, Sequence[Answer]], str | None]] = {
    "clause.set-brazilian.text": _brazilian_sets,
}


def hint_problems(puzzle: Puzzle, shown: Message, rights: Sequence[Answer]) -> list[str]:
    """Every sentence of a hint that is false of the position or of its right answers."""
    out = []
    for message in messages_of(shown):
        said = SaidLine(puzzle, None, None, message)
        claim = CLAIMS.get(message.key)
        problem = claim(said) if claim is not None else None
        rule_claim = HINT_CLAIMS.get(message.key)
        problem = problem or (rule_claim(said, rights) if rule_claim is not None else None)
        if problem:
            out.append(f"{problem}: {message.text('en')!r}")
    return out


def said_problems(puzzle: Puzzle, answer: object, feedback: Feedback, rights: Sequence[Answer]) -> list[str]:
    """Every sentence of ``feedback`` that is false of the position or contradicts the verdict."""
    out: list[str] = []
    right_verdict = feedback.verdict.key.startswith("feedback.right")
    if feedback.answered and right_verdict != feedback.correct:
        out.append(f"the verdict reads {feedback.verdict.text('en')!r} for an answer judged "
                   f"{'right' if feedback.correct else 'wrong'}")
    for message in messages_of(feedback.verdict, feedback.reason, feedback.advice):
        claim = CLAIMS.get(message.key)
        if claim is not None:
            problem = claim(SaidLine(puzzle, answer, feedback, message))
            if problem:
                out.append(f"{problem}: {message.text('en')!r}")
    if puzzle.kind == "meld-value" and not feedback.correct and feedback.answered:
        out += _count_cause(puzzle, answer, feedback)
    if puzzle.kind == "best-play" and feedback.answered:
        out += _coach_reasons(puzzle, str(answer), feedback)
    return out


#: The coach's sentences that only name the play, no reason for it.
_BARE = frozenset({"coach.discard", "coach.puzzle-right", "coach.puzzle-wrong", "coach.puzzle-advice", "coach.reason-then"})
#: The sentences that say a play goes out or earns the pot, by itself or with the discard after it.
_OUT_OR_POT = frozenset({"coach.goes-out", "coach.earns-pot", "coach.then-out", "coach.then-pot"})


def _coach_reasons(puzzle: Puzzle, play: str, feedback: Feedback) -> list[str]:
    """A best-play verdict gives a reason for the choice, and says when it goes out or earns the
    pot in this turn."""
    keys = {m.key for m in messages_of(feedback.reason)}
    out = []
    if not any(k not in _BARE and not k.startswith("play-words.") for k in keys):
        out.append("the coach's sentence names the play and gives no reason for or against it")
    leads = turn_outcome(puzzle, play)
    if leads is not None and not keys & _OUT_OR_POT:
        out.append(f"the play leads to {leads} in this turn, and the sentence does not say so")
    return out


# ------------------------------------------------------------------ the cause of a wrong count

def count_causes(meld: Meld) -> dict[str, int]:
    """The numbers a learner gets from the meld by one slip each, by cause: the bonus or the cards
    left out, the bonus of another kind, another ruleset's card values, the preset's bonus where a
    house rule changed it. Rulesets that count these cards alike are one cause."""
    rules = meld.rules
    points, bonus, kind = meld.card_points, meld.bonus, meld.buraco_type
    out: dict[str, int] = {}
    if kind is not None and bonus:
        out["bonus-left-out"] = points
        out["cards-left-out"] = bonus
        for other, extra in _bonuses(rules):
            if other != kind:
                out.setdefault(f"kind:{other}:{extra}", points + extra)
    seen: set[int] = set()
    for preset in RULESETS.values():
        count = sum(preset.card_values[c.rank] for c in meld.cards)
        if count != points and count not in seen:
            seen.add(count)
            out[f"values:{preset.name}"] = count + bonus
    values = rules.card_values
    for card in meld.cards:  # a 2 or a joker counted as nothing
        if card.rank in (0, 2) and values[card.rank]:
            out.setdefault("left-out", points + bonus - values[card.rank])
    preset = RULESETS[rules.name]
    if kind is not None and preset != rules:
        own = make_meld(meld.cards, preset)
        if own.buraco_type == kind and own.bonus != bonus:
            out["house-bonus"] = points + own.bonus
    return out


def _bonuses(rules: Rules) -> list[tuple[str, int]]:
    out = [("clean", rules.clean_bonus), ("dirty", rules.dirty_bonus)]
    for kind, name in (("semi-clean", "semi_clean_bonus"), ("royal", "royal_bonus"), ("ace-to-ace", "ace_to_ace_bonus")):
        own = getattr(rules, name)
        values = [own] if own is not None else sorted({getattr(r, name) for r in RULESETS.values()} - {None})
        out += [(kind, int(v)) for v in values]
    return out


def _named_cause(feedback: Feedback) -> set[str] | None:
    """The causes the feedback of a wrong count names: families of :func:`count_causes` (more than
    one where it says that the number has two causes), "" for "count again", None where it names
    none."""
    named: set[str] = set()
    for message in messages_of(feedback.reason):
        key = message.key
        if key in ("feedback.bonus-left-out", "feedback.cards-left-out"):
            named.add(key.rpartition(".")[2])
        elif key in ("feedback.kind-is", "feedback.counted-as"):
            named.add("kind")
        elif key in ("feedback.other-values", "feedback.also-values"):
            other = message.params.get("other")
            named.add(f"values:{getattr(other, 'name', other)}")
        elif key == "feedback.card-left-out":
            named.add("left-out")
        elif key == "feedback.house-bonus":
            named.add("house-bonus")
        elif key == "feedback.count-again":
            named.add("")
    return named or None


def _count_cause(puzzle: Puzzle, answer: object, feedback: Feedback) -> list[str]:
    try:
        n = read_int(answer)
    except BadAnswer:
        return []
    meld = make_meld(puzzle.table[0], puzzle.ruleset)
    causes = [c for c, v in count_causes(meld).items() if v == n]
    families = {c.split(":")[0] if c.startswith("kind:") else c for c in causes}
    named = _named_cause(feedback)
    if named is None:
        return []
    if named == {""}:
        if causes:
            return [f"{n} is what {', '.join(sorted(causes))} gives, and the feedback only says to count again"]
        return []
    shown = ", ".join(sorted(named))
    if not named <= families:
        return [f"the feedback names {shown} as the cause, and {n} is not what it gives"
                + (f" ({', '.join(sorted(causes))} gives it)" if causes else "")]
    if families - named:
        return [f"the feedback names {shown}, and {n} is what {', '.join(sorted(families - named))} gives too: "
                "the diagnosis matches by coincidence"]
    return []


# ------------------------------------------------------------------ the task in words

def _terms(key: str, value: object) -> list[list[str]] | None:
    """For each language, the words of which a prompt must hold one to say the goal ``key:
    value``; None where the goal needs none."""
    def words(*keys: str) -> list[list[str]]:
        return [[_plain(render(k, lang)).split()[0].rstrip("e") for k in keys] for lang in LANGUAGES]

    if key == "meld_kind":
        return words(f"meld.kind.{value}")
    if key == "buraco" and value != "any":
        return [[_plain(render(f"buraco-kind.{value}", lang))] for lang in LANGUAGES]
    if key == "wild":
        return words("glossary.wild-card.term", "rank.one.0")
    if key == "wild_at":
        return [[_WHERE[lang][str(value)]] for lang in LANGUAGES]
    if key in ("min_cards", "players"):
        return [[str(value)] for _ in LANGUAGES]
    return None


#: The word for a gap and an end of a run in each language's prompts (what the audit looks for).
_WHERE: Mapping[str, Mapping[str, str]] = {"en": {"gap": "gap", "end": "end"}, "de": {"gap": "lücke", "end": "ende"}}


def _plain(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").split())


def unsaid_task(puzzle: Puzzle) -> list[str]:
    """Each goal that changes the right answers while the prompt does not name it."""
    if puzzle.kind not in ("make-meld", "make-buraco", "extend", "deal-count") or not isinstance(puzzle.prompt, Message):
        return []
    texts = [_plain(puzzle.prompt.text(lang)) for lang in LANGUAGES]
    out = []
    full = None
    for key, value in puzzle.goal.items():
        terms = _terms(key, value)
        if terms is None or all(any(t in text for t in ts) for ts, text in zip(terms, texts, strict=True)):
            continue
        if puzzle.kind != "deal-count":
            full = full or {repr(a) for a in free_answers(puzzle).right}
            loose = dataclasses.replace(puzzle, goal={k: v for k, v in puzzle.goal.items() if k != key})
            if {repr(a) for a in free_answers(loose).right} == full:
                continue
        missing = [lang for ts, text, lang in zip(terms, texts, LANGUAGES, strict=True) if not any(t in text for t in ts)]
        out.append(f"the task asks {key}: {value}, and its prompt does not say so "
                   f"({', '.join(missing)}: {puzzle.prompt.text(missing[0])!r})")
    return out
