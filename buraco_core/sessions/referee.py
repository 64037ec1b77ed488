"""The referee: a dispute at a real table ("may I?") answered by the engine, with its clause.

Glossary: the *situation* (:class:`RefereeSituation`) is what the table shows that the question turns on:
the ruleset or house rules, the *meld concerned* (a meld on the table) and whose it is (``"ours"``:
yours or your partner's; ``"theirs"``: the opponents'), the pot's state (``"aside"``, not yet
taken; ``"taken"``), the *cards in hand* besides those played (where they matter), the discard
*pile* and the cards left in the *stock*, and the *play* asked about with its *cards*: ``add``
(the cards to the meld concerned), ``meld`` (lay the cards down as a new meld), ``take`` (the
discard pile), ``discard`` (the card), ``out`` (go out by discarding the card, the last in hand),
``draw`` (from the stock). A *dispute* (:data:`GALLERY`) is a classic question that fills a
situation in.

A :class:`RefereeSession` is the session behind the referee's page, with no widget. It builds the
game position the situation describes (a :class:`~buraco_core.game.state.State` of two sides, you
to play) and asks the engine: :meth:`~buraco_core.game.facade.Game.why_illegal` (the refusal, its
clause), :func:`~buraco_core.teach.puzzles.explain.explain_allowed` (why an allowed play is allowed, what it
leads to), :func:`~buraco_core.game.guards.out_refusal` (why a side may not go out) and
:func:`~buraco_core.teach.puzzles.look.play_pointer` (what the clause reads in these cards). What would make
a refused play allowed is found the same way: changed situations (a card left out, the pot taken,
your own meld, another ruleset) that the engine allows. Nothing here decides a rule.

>>> ref = RefereeSession("buraco")
>>> verdict = ref.ask("second-wild")
>>> verdict.allowed, verdict.clause
(False, 'wild-one')
>>> print(verdict.reason.text())
a meld may hold only one wild card (a joker, or a 2 away from its natural place)
>>> ref.ask("opponents-meld").allowed, ref.set_rules("brazilian").ask("opponents-meld").allowed
(False, True)
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import CARD_ORDER, Card, build_deck, format_cards, parse_cards
from ..clauses import CLAUSES
from ..errors import LearnerError, Refusal
from ..game.actions import Action, AddToMeld, Discard, Draw, IllegalAction, NewMeld, Take
from ..game.engine import apply_events
from ..game.events import WentOut
from ..game.facade import Game
from ..game.guards import out_refusal
from ..game.state import Phase, PotState, State
from ..melds import Meld, check_supply, make_meld
from ..messages import Message
from ..rules import RULESETS, Rules
from ..teach.learners import Assignment
from ..teach.puzzles import dealers
from ..teach.puzzles.explain import explain_allowed, outcome_in, play_words, refusal_clauses
from ..teach.puzzles.look import play_pointer
from ..variants import get_rules, rules_text
from .base import SessionError, variant_text

__all__ = ["GALLERY", "OWNERS", "PLAYS", "PLAY_NAMES", "POTS", "Dispute", "Fix", "RefereeSession", "RefereeSituation", "Verdict"]

#: The plays a question may ask about, in the order the page offers them, each with its name in the catalog.
PLAY_NAMES: Mapping[str, str] = {"add": "referee.play.add", "meld": "referee.play.meld", "take": "referee.play.take",
                                 "discard": "referee.play.discard", "out": "referee.play.out",
                                 "draw": "referee.play.draw"}
PLAYS: tuple[str, ...] = tuple(PLAY_NAMES)
#: Whose the meld concerned is.
OWNERS: tuple[str, ...] = ("ours", "theirs")
#: The pot's state.
POTS: tuple[str, ...] = ("aside", "taken")

#: The cards in hand where the question leaves them open: two cards that meld with nothing.
_NEUTRAL = ("9c", "Kd", "4s", "Jh")
_STOCK = 30


@dataclass(frozen=True)
class RefereeSituation:
    """What the table shows that a question turns on (see the module's glossary). ``hand``: the
    cards in hand besides the play's (None: two cards that meld with nothing; ``()``: none, the
    play's cards are the last). A value: :meth:`RefereeSession.set` makes a new one."""

    rules: Rules
    play: str = "add"
    cards: tuple[Card, ...] = ()
    meld: tuple[Card, ...] = ()
    owner: str = "ours"
    pot: str = "aside"
    hand: tuple[Card, ...] | None = None
    pile: tuple[Card, ...] = ()
    stock: int = _STOCK

    def to_json(self) -> dict[str, Any]:
        return {"rules": rules_text(self.rules), "play": self.play, "cards": format_cards(self.cards),
                "meld": format_cards(self.meld), "owner": self.owner, "pot": self.pot,
                "hand": None if self.hand is None else format_cards(self.hand), "pile": format_cards(self.pile),
                "stock": self.stock}


@dataclass(frozen=True)
class Fix:
    """A change of the situation that the engine allows: ``change`` says it, ``situation`` is it."""

    change: Message
    situation: RefereeSituation


@dataclass(frozen=True)
class Verdict:
    """The engine's answer to a situation's question.

    ``allowed``; ``action``, the play in the game's notation (``words``: in a learner's words);
    ``clause``, the clause of docs/RULES.md the answer turns on (``clauses``: all it uses, the most
    specific first); ``reason``, the engine's sentence (the refusal, or why the play is allowed and
    what it leads to); ``look``, what the clause reads in these cards; ``outcome`` (an allowed
    play: what it led to, in the outcome kind's words, ``stock-ends``, ``go-out``...); ``fixes``,
    what would make a refused play allowed; ``hand``, the cards in hand the engine was asked with.
    """

    situation: RefereeSituation
    allowed: bool
    action: str
    words: Message
    clause: str
    clauses: tuple[str, ...]
    reason: Message
    look: Message | None
    outcome: str | None
    fixes: tuple[Fix, ...]
    hand: tuple[Card, ...]

    @property
    def title(self) -> Message:
        """The clause's title, from the catalog."""
        return CLAUSES[self.clause].title_message

    @property
    def rule(self) -> Message:
        """The clause's sentence as this ruleset plays it, from the catalog."""
        return CLAUSES[self.clause].text_for(self.situation.rules)

    def practice(self, name: str = "") -> str | None:
        """A question from the table as practice: the text of a set of three questions dealt for the
        clause the answer turns on, in this ruleset (what the review page opens with ``#set=``, as
        a teacher's assignment, marked ``origin:table``), named ``name``; None where no question can
        be dealt for it (a clause no puzzle exercises, or one this ruleset does not play)."""
        if not dealers(self.clause, self.situation.rules):
            return None
        return Assignment(name=name, rules=rules_text(self.situation.rules), clauses=(self.clause,), n=3,
                          origin="table").text()

    def text(self, lang: str = "en") -> str:
        """The verdict in a few lines, as the page shows it."""
        head = Message("referee.verdict.allowed" if self.allowed else "referee.verdict.refused",
                       {"play": self.words, "title": self.title, "clause": self.clause})
        lines = [head.text(lang), self.reason.text(lang), Message("referee.verdict.rule", {"rule": self.rule}).text(lang)]
        if self.look is not None:
            lines.append(self.look.text(lang))
        lines.extend(Message("referee.verdict.fix", {"change": f.change}).text(lang) for f in self.fixes)
        return "\n".join(lines)


@dataclass(frozen=True)
class Dispute:
    """A classic question: its ``id``, its question (a catalog key) and the situation it sets (the
    ruleset stays the one chosen)."""

    id: str
    key: str
    changes: Mapping[str, object]

    @property
    def question(self) -> Message:
        return Message(self.key)


_CLEAN = "4h 5h 6h 7h 8h 9h 10h"
_DIRTY = "4h 5h 6h 2s 8h 9h 10h"

#: The classic disputes, one tap away on the page (each proven in several rulesets by tests/test_referee.py).
GALLERY: tuple[Dispute, ...] = (
    Dispute("second-wild", "referee.gallery.second-wild",
            {"play": "add", "cards": "2c", "meld": "5h 6h 2s", "owner": "ours", "hand": "9c Kd"}),
    Dispute("natural-two", "referee.gallery.natural-two",
            {"play": "add", "cards": "2s", "meld": "Ah 2h 3h", "owner": "ours", "hand": "9c Kd"}),
    Dispute("king-ace-two", "referee.gallery.king-ace-two",
            {"play": "meld", "cards": "Kh Ah 2h 3h", "meld": "", "hand": "9c Kd"}),
    Dispute("wild-last", "referee.gallery.wild-last",
            {"play": "discard", "cards": "2c", "meld": _CLEAN, "owner": "ours", "pot": "taken", "hand": ""}),
    Dispute("out-no-pot", "referee.gallery.out-no-pot",
            {"play": "out", "cards": "5c", "meld": _CLEAN, "owner": "ours", "pot": "aside", "hand": ""}),
    Dispute("out-no-clean", "referee.gallery.out-no-clean",
            {"play": "out", "cards": "5c", "meld": _DIRTY, "owner": "ours", "pot": "taken", "hand": ""}),
    Dispute("take-pile", "referee.gallery.take-pile",
            {"play": "take", "cards": "", "pile": "Kc 7h 3s", "meld": "", "hand": "5d 9c Qh"}),
    Dispute("opponents-meld", "referee.gallery.opponents-meld",
            {"play": "add", "cards": "8h", "meld": "5h 6h 7h", "owner": "theirs", "hand": "9c Kd"}),
    Dispute("set-of-five", "referee.gallery.set-of-five",
            {"play": "add", "cards": "7c", "meld": "7c 7d 7h 7s", "owner": "ours", "hand": "9c Kd"}),
    Dispute("stock-end", "referee.gallery.stock-end",
            {"play": "draw", "cards": "", "meld": "", "stock": 1, "hand": "5d 9c Qh"}),
)
_DISPUTES = {d.id: d for d in GALLERY}


class RefereeSession:
    """A referee at a real table (see the module's docstring). ``rules``: a ruleset, its name, a
    house variant's text or the house-rules panel's link."""

    def __init__(self, rules: Rules | str = "buraco") -> None:
        self.situation = RefereeSituation(_rules(rules))
        self.dispute: str | None = None
        self._verdict: Verdict | None = None

    # ------------------------------------------------------------------ the situation
    def set_rules(self, rules: Rules | str) -> RefereeSession:
        """Play the question by another ruleset or house rules (the situation stays)."""
        self.situation = dataclasses.replace(self.situation, rules=_rules(rules))
        self._verdict = None
        return self

    def set(self, **changes: object) -> RefereeSituation:
        """Change the situation: ``play``, ``cards``, ``meld``, ``owner``, ``pot``, ``hand``,
        ``pile`` (cards as text or cards), ``stock``, ``rules``. Refused as a whole, with a sentence
        (a :class:`SessionError`, a :class:`~buraco_core.errors.NotationError`, or the engine's
        refusal of the meld concerned or of a card the deck has no more of): nothing changes then."""
        situation = _changed(self.situation, changes)
        _table_meld(situation)  # the meld concerned is a meld the engine reads
        self.situation = situation
        self.dispute = None
        self._verdict = None
        return situation

    def take_fix(self, index: int) -> Verdict:
        """Take the situation of the last verdict's fix ``index`` (from 0) and answer it."""
        fixes = self.ask().fixes
        if not 0 <= index < len(fixes):
            raise SessionError(Message("referee.error.no-fix", {"n": index + 1, "count": len(fixes)}))
        self.situation = fixes[index].situation
        self.dispute = None
        self._verdict = None
        return self.ask()

    def ask(self, dispute: str | None = None) -> Verdict:
        """The engine's answer to the situation's question; with ``dispute``, the situation of that
        classic question first (in the ruleset chosen)."""
        if dispute is not None:
            found = _DISPUTES.get(dispute)
            if found is None:
                raise SessionError(Message("referee.error.dispute", {"dispute": dispute,
                                                                     "disputes": ", ".join(_DISPUTES)}))
            self.situation = _changed(dataclasses.replace(RefereeSituation(self.situation.rules)), dict(found.changes))
            self.dispute = dispute
            self._verdict = None
        if self._verdict is None:
            self._verdict = judge(self.situation)
        return self._verdict


# ---------------------------------------------------------------------- judging

def judge(situation: RefereeSituation, *, fixes: bool = True) -> Verdict:
    """The engine's answer to ``situation``'s question (see :class:`Verdict`)."""
    try:
        table = _table_meld(situation)
    except Refusal as refused:  # the meld concerned is no meld in this ruleset: that is the answer
        return _refused(situation, "", Message("referee.words.table"), refused, None, (), fixes)
    game, act, hand = _position(situation, table)
    state = game.state
    words = play_words(act, game.view(state.turn))  # another side's meld as your table names it
    refusal: Refusal | None = game.why_illegal(act)
    if refusal is None and situation.play == "out":
        _, events = apply_events(state, act)
        if not any(isinstance(e, WentOut) for e in events):
            refusal = out_refusal(state, state.current_team) or IllegalAction("going-out", "referee.not-out")
    if refusal is not None:
        return _refused(situation, str(act), words, refusal, game, hand, fixes)
    why, used = explain_allowed(game, str(act))
    _, events = apply_events(state, act)
    clause = used[0] if used else "turn"
    return Verdict(situation, True, str(act), words, clause, tuple(dict.fromkeys(used or [clause])), why,
                   _look(game, str(act), clause), outcome_in(events, state.current_team), (), hand)


def _refused(situation: RefereeSituation, action: str, words: Message, refusal: Refusal, game: Game | None,
             hand: tuple[Card, ...], fixes: bool) -> Verdict:
    look = _look(game, action, refusal.rule) if game is not None else Message(
        "referee.look.table", {"cards": situation.meld})
    return Verdict(situation, False, action, words, refusal.rule, tuple(dict.fromkeys(refusal_clauses(refusal))),
                   refusal.message, look, None, _fixes(situation) if fixes else (), hand)


def _look(game: Game, action: str, clause: str) -> Message | None:
    try:
        return play_pointer(game, action, clause)
    except (LearnerError, ValueError, IndexError):
        return None


def _allowed(situation: RefereeSituation) -> bool:
    try:
        return judge(situation, fixes=False).allowed
    except (LearnerError, ValueError):  # a situation this change cannot make (a card another deck lacks)
        return False


def _fixes(situation: RefereeSituation) -> tuple[Fix, ...]:
    """What would make the play allowed: each change the engine allows, the nearest first."""
    candidates: list[tuple[Message, RefereeSituation]] = []
    if situation.play in ("add", "meld") and len(situation.cards) > 1:
        for i, card in enumerate(situation.cards):
            rest = situation.cards[:i] + situation.cards[i + 1:]
            candidates.append((Message("referee.fix.leave-out", {"card": card}),
                               dataclasses.replace(situation, cards=rest)))
    if situation.play == "add" and situation.owner == "theirs":
        candidates.append((Message("referee.fix.own-meld"), dataclasses.replace(situation, owner="ours")))
    if situation.rules.pots and situation.pot == "aside":
        candidates.append((Message("referee.fix.pot-taken"), dataclasses.replace(situation, pot="taken")))
    if situation.play == "discard" and situation.hand == ():
        keep = _neutral(situation, 1)
        candidates.append((Message("referee.fix.keep-card", {"card": keep[0]}),
                           dataclasses.replace(situation, play="discard", hand=keep)))
    found: list[Fix] = []
    seen: set[RefereeSituation] = set()
    for change, other in candidates:
        if other not in seen and _allowed(other):
            seen.add(other)
            found.append(Fix(change, other))
    for name, rules in RULESETS.items():
        if name != situation.rules.name or rules != situation.rules:
            other = dataclasses.replace(situation, rules=rules)
            if rules != situation.rules and _allowed(other):
                found.append(Fix(Message("referee.fix.ruleset", {"rules": rules}), other))
    return tuple(found)


# ---------------------------------------------------------------------- the position

def _position(situation: RefereeSituation, table: Meld | None) -> tuple[Game, Action, tuple[Card, ...]]:
    """The game position the situation describes (two sides, you at seat 0 to play, the cards not
    named dealt in a fixed order) and the play asked about."""
    rules = situation.rules
    play, cards = situation.play, situation.cards
    hand = situation.hand if situation.hand is not None else _neutral(situation, 2)
    if play in ("take", "draw"):
        own = hand
    else:
        if not cards:
            raise SessionError(Message("referee.error.no-cards", {"play": Message(PLAY_NAMES[play])}))
        if play in ("discard", "out") and len(cards) != 1:
            raise SessionError(Message("referee.error.one-card", {"play": Message(PLAY_NAMES[play])}))
        if play == "out" and situation.hand:
            raise SessionError(Message("referee.error.out-hand"))
        own = cards + (() if play == "out" else hand)
    if play == "add" and table is None:
        raise SessionError(Message("referee.error.no-meld"))
    named = [*own, *situation.meld, *situation.pile]
    check_supply(sorted(named, key=CARD_ORDER), rules)
    rest_count = Counter(build_deck(rules))
    rest_count.subtract(named)
    rest = sorted(rest_count.elements(), key=CARD_ORDER)
    random.Random(0).shuffle(rest)
    other, rest = tuple(rest[:rules.hand_size]), rest[rules.hand_size:]
    ours = situation.owner == "ours"
    melds = ((table,) if table is not None and ours else (), (table,) if table is not None and not ours else ())
    pots: list[tuple[Card, ...]] = []
    pot_state: list[PotState] = []
    for team in range(2):
        if not rules.pots:
            pots.append(())
            pot_state.append(PotState.NONE)
        elif team == 0 and situation.pot == "taken":
            pots.append(())
            pot_state.append(PotState.TAKEN)
        else:
            pots.append(tuple(rest[:rules.pot_size]))
            pot_state.append(PotState.ASIDE)
            rest = rest[rules.pot_size:]
    stock, aside = tuple(rest[:situation.stock]), tuple(rest[situation.stock:])
    state = State(rules=rules, players=2, seed=0, hand_number=1, dealer=1, starter=0,
                  phase=Phase.DRAW if play in ("take", "draw") else Phase.PLAY, turn=0, hands=(own, other),
                  melds=melds, stock=stock, discard=situation.pile, pots=tuple(pots), pot_state=tuple(pot_state),
                  pot_seat=(-1, -1), pot_unused=(False, False), totals=(0, 0), aside=aside)
    act: Action
    if play == "add":
        act = AddToMeld(1, cards, None if ours else 1)
    elif play == "meld":
        act = NewMeld(cards)
    elif play == "take":
        act = Take()
    elif play == "draw":
        act = Draw()
    else:
        act = Discard(cards[0])
    return Game.from_state(state), act, own


def _table_meld(situation: RefereeSituation) -> Meld | None:
    """The meld concerned as the engine reads it (None: no meld); the engine's refusal if it is none."""
    return make_meld(situation.meld, situation.rules) if situation.meld else None


def _neutral(situation: RefereeSituation, n: int) -> tuple[Card, ...]:
    """``n`` cards in hand that meld with nothing, of those the deck still has."""
    named = Counter([*situation.cards, *situation.meld, *situation.pile])
    deck = Counter(build_deck(situation.rules))
    picked = [c for c in parse_cards(" ".join(_NEUTRAL)) if named[c] < deck[c]]
    return tuple(picked[:n])


# ---------------------------------------------------------------------- reading what the page sends

def _rules(rules: Rules | str) -> Rules:
    if isinstance(rules, Rules):
        return rules
    text = variant_text(str(rules).strip())
    if not text:
        raise SessionError(Message("referee.error.no-rules"))
    return get_rules(text)


def _cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, str):
        return tuple(parse_cards(value.replace(",", " ")))
    if isinstance(value, Iterable):
        return tuple(parse_cards(list(value)))
    raise SessionError(Message("referee.error.cards", {"value": str(value)}))


def _changed(situation: RefereeSituation, changes: Mapping[str, object]) -> RefereeSituation:
    fields: dict[str, Any] = {}
    for key, value in changes.items():
        if key == "rules":
            fields["rules"] = _rules(value if isinstance(value, Rules) else str(value))
        elif key == "play":
            if value not in PLAYS:
                raise SessionError(Message("referee.error.play", {"play": str(value), "plays": ", ".join(PLAYS)}))
            fields["play"] = value
        elif key == "owner":
            if value not in OWNERS:
                raise SessionError(Message("referee.error.owner", {"owner": str(value)}))
            fields["owner"] = value
        elif key == "pot":
            if value not in POTS:
                raise SessionError(Message("referee.error.pot", {"pot": str(value)}))
            fields["pot"] = value
        elif key in ("cards", "meld", "pile"):
            fields[key] = _cards(value)
        elif key == "hand":
            fields["hand"] = None if value is None else _cards(value)
        elif key == "stock":
            if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).isdigit() \
                    or not 0 <= int(value) <= 200:
                raise SessionError(Message("referee.error.stock", {"stock": str(value)}))
            fields["stock"] = int(value)
        else:
            raise SessionError(Message("referee.error.what", {"what": key}))
    changed = dataclasses.replace(situation, **fields)
    named = [*changed.cards, *changed.meld, *changed.pile, *(changed.hand or ())]
    check_supply(sorted(named, key=CARD_ORDER), changed.rules)
    return changed

