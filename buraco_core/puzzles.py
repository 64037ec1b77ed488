"""Puzzles and quizzes: a situation, a task, and the engine's verdict on the learner's answer.

A :class:`Puzzle` is a value: a ruleset, a hand, melds on the table, maybe options, a task.
:func:`check` asks the engine (``make_meld``, ``Meld.extend``, ``score_side``, the game) whether
an answer is right and returns :class:`Feedback` with the engine's own reason when it is not.
Nothing in this module decides a rule or a point: it only selects what to ask the engine.

Kinds, their goal parameters and the answer :func:`check` takes:

============== ================================================ ======================================
kind           goal (``Puzzle.goal`` keys, all optional)         answer
============== ================================================ ======================================
make-meld      ``meld_kind`` ("run"/"set"), ``min_cards``,      cards from the hand: a list of card
               ``wild`` (True: must hold a wild; False: none)    strings or Cards, a string
                                                                 ``"4h 5h 6h"``, or a list of 0-based
                                                                 indices into ``hand``
make-buraco    ``buraco``: "clean", "dirty", "semi-clean",      cards, as for make-meld
               "royal", "ace-to-ace" or "any"
extend         ``meld`` (0-based index into ``table``; None:    ``(meld_index, cards)`` or
               any), ``buraco`` (kind reached), ``min_cards``    ``{"meld": i, "cards": ...}``
which-is-meld  (``options`` holds the card groups)              the 0-based option index
meld-value     (``table[0]`` is the meld)                       an int (points)
score          ``went_out``, ``took_pot``, ``pot_unused``       an int (the side's total)
               (``table``: the side's melds, ``hand``: cards
               left in its players' hands)
match          ``play`` (the action that ends the hand) and the  one of ``MATCH_OUTCOMES`` (or its
               position, as for legal-play (with ``totals``)     index): "side 0 wins the match", ...
legal-play     ``play`` (action text, e.g. "discard JK"),       True / "allowed" or False / "refused",
               and the position: ``game`` (saved game JSON),     or the option index (``options`` is
               ``scenario`` (a named scenario) or ``position``   ``("allowed", "refused")``)
               (scenario text); ``hand``/``table`` show the
               player's hand and side's melds
============== ================================================ ======================================

Indices are 0-based in the API; messages for learners number melds and options from 1.
A bad answer (a card not in the hand, an index out of range, a word instead of a number) gives a
wrong :class:`Feedback` saying what was wrong and what is allowed, never an exception.

Other functions: :func:`hint` (points at the rule, never the answer), :func:`solve` (one right
answer, found by asking the engine), :func:`validate` (why a puzzle is impossible, or None),
:func:`generate` and :func:`make_quiz` (seeded; see :mod:`buraco_core.quiz`), :func:`load_puzzles`
and :func:`check_folder` for the teacher-editable YAML files, and :func:`main` behind
``python -m buraco_core check-puzzles lessons/puzzles``.

>>> p = Puzzle(id="demo", kind="make-buraco", rules="buraco", prompt="Make a clean buraco.",
...            hand=("4h", "5h", "6h", "7h", "8h", "9h", "10h", "Kc"), goal={"buraco": "clean"})
>>> fb = check(p, "4h 5h 6h 7h 8h 9h 10h")
>>> fb.correct, fb.message
(True, 'Right: run 4♥-10♥: clean buraco, 50 + 200 = 250 points.')
>>> check(p, "4h 5h 6h Kc").message
'Not a meld: a run is all one suit and a set all one rank: 4♥ 5♥ 6♥ K♣ are neither.'
>>> check(p, [0, 1, 99]).message
'There is no card number 100: your hand has 8 cards (numbers 1 to 8).'
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import SUITS, Card, format_cards, parse_cards
from .melds import InvalidMeld, Meld, make_meld
from .rules import RULESETS, Rules, RulesError, get_rules
from .scoring import score_side

__all__ = [
    "BURACO_KINDS",
    "KINDS",
    "MATCH_OUTCOMES",
    "Feedback",
    "Puzzle",
    "PuzzleError",
    "check",
    "check_folder",
    "explain_meld",
    "game_of",
    "generate",
    "hint",
    "load_puzzle",
    "load_puzzles",
    "main",
    "make_quiz",
    "match_outcome",
    "play_words",
    "solve",
    "validate",
    "with_position",
]

#: Every puzzle kind, in the order the lessons meet them.
KINDS: tuple[str, ...] = (
    "make-meld", "make-buraco", "extend", "which-is-meld", "meld-value", "score", "legal-play", "match",
)
#: The outcomes a match puzzle offers, in this order (the answer is one of them or its index).
MATCH_OUTCOMES: tuple[str, ...] = (
    "side 0 wins the match", "side 1 wins the match", "the match is a draw", "another hand is dealt",
)
#: The buraco kinds a make-buraco goal may ask for ("any": any buraco).
BURACO_KINDS: tuple[str, ...] = ("clean", "dirty", "semi-clean", "royal", "ace-to-ace", "any")


class PuzzleError(ValueError):
    """A malformed or impossible puzzle, located in its file: ``str(e)`` is ``file:line: message``."""

    def __init__(self, message: str, file: str = "", line: int = 0) -> None:
        self.message = message
        self.file = file
        self.line = line
        super().__init__(f"{file}:{line}: {message}" if file else message)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the situation, the task, and where it came from.

    ``hand`` holds card codes (``"7h"``), ``table`` meld notation strings (``"4h 5h 6h"``),
    ``options`` card groups for multiple choice; ``goal`` the kind's parameters (see the module
    docstring); ``source`` the (file, line) it was read from, or None for a generated puzzle.
    """

    id: str
    kind: str
    rules: str
    prompt: str
    hand: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    goal: Mapping[str, Any] = field(default_factory=dict, hash=False)
    hint: str = ""
    source: tuple[str, int] | None = field(default=None, compare=False)
    seed: int | None = field(default=None, compare=False)
    """The seed a generated puzzle came from ("another one" asks for the next)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "goal", MappingProxyType(dict(self.goal)))
        object.__setattr__(self, "hand", tuple(self.hand))
        object.__setattr__(self, "table", tuple(self.table))
        object.__setattr__(self, "options", tuple(self.options))

    @property
    def ruleset(self) -> Rules:
        return get_rules(self.rules)

    @property
    def hand_cards(self) -> list[Card]:
        return parse_cards(list(self.hand))

    def table_melds(self) -> list[Meld]:
        """The table's melds as the engine reads them."""
        return [make_meld(m, self.rules) for m in self.table]


@dataclass(frozen=True)
class Feedback:
    """The engine's verdict: ``correct``, a ``message`` for the learner (the engine's reason when
    wrong), itemized ``lines`` of (label, points) where points matter, and the ``meld`` the answer
    made (to draw it), if any."""

    correct: bool
    message: str
    lines: tuple[tuple[str, int], ...] = ()
    meld: Meld | None = None

    def __bool__(self) -> bool:
        return self.correct


class _BadAnswer(Exception):
    """An answer of the wrong form; its message says what is allowed."""


# ---------------------------------------------------------------------------------------------
# reading answers


def _hand_word(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _pick_cards(puzzle: Puzzle, answer: object) -> list[Card]:
    """The cards an answer names, checked against the hand (as a multiset)."""
    hand = puzzle.hand_cards
    if answer is None:
        raise _BadAnswer("Select some cards from your hand first.")
    if isinstance(answer, (str, Card)):
        items: list[object] = [answer]
    elif isinstance(answer, (Sequence, set, frozenset)):
        items = list(answer)
    else:
        raise _BadAnswer(f"An answer here is a list of cards from your hand, not {answer!r}.")
    if items and all(isinstance(i, int) and not isinstance(i, bool) for i in items):
        picked: list[Card] = []
        indices = [int(i) for i in items]  # type: ignore[call-overload]
        if len(set(indices)) < len(indices):
            raise _BadAnswer("The same card is selected twice: select each card once.")
        for i in indices:
            if not 0 <= i < len(hand):
                raise _BadAnswer(f"There is no card number {i + 1}: your hand has {_hand_word(len(hand))}"
                                 f" (numbers 1 to {len(hand)}).")
            picked.append(hand[i])
        return picked
    try:
        cards: list[Card] = []
        for i in items:
            if isinstance(i, Card):
                cards.append(i)
            elif isinstance(i, str):
                cards.extend(parse_cards(i))
            else:
                raise _BadAnswer(f"{i!r} is not a card: name cards like 7h, 10s, JK.")
    except ValueError as e:
        raise _BadAnswer(str(e)) from None
    if not cards:
        raise _BadAnswer("Select some cards from your hand first.")
    have = Counter(hand)
    for card, n in Counter(cards).items():
        if n > have[card]:
            if have[card] == 0:
                raise _BadAnswer(f"The {card} is not in your hand (your hand: "
                                 f"{format_cards(hand, symbols=True)}).")
            raise _BadAnswer(f"Your hand holds the {card} only {have[card]} time(s), not {n}.")
    return cards


def _read_int(answer: object) -> int:
    if isinstance(answer, bool):
        raise _BadAnswer("Enter a number of points, such as 165 or -20.")
    if isinstance(answer, int):
        return answer
    if isinstance(answer, str):
        text = answer.strip().replace("+", "", 1)
        try:
            return int(text)
        except ValueError:
            pass
    raise _BadAnswer(f"Enter a whole number of points, such as 165 or -20, not {answer!r}.")


def _read_index(answer: object, count: int, what: str) -> int:
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise _BadAnswer(f"Choose one of the {what}s by its number (1 to {count}).")
    if not 0 <= answer < count:
        raise _BadAnswer(f"There is no {what} number {answer + 1}: choose 1 to {count}.")
    return answer


def _read_bool(answer: object) -> bool:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and answer.strip().lower() in ("allowed", "legal", "yes", "true"):
        return True
    if isinstance(answer, str) and answer.strip().lower() in ("refused", "illegal", "no", "false"):
        return False
    raise _BadAnswer("Answer 'allowed' or 'refused'.")


# ---------------------------------------------------------------------------------------------
# checking


def _meld_lines(m: Meld) -> tuple[tuple[str, int], ...]:
    lines: list[tuple[str, int]] = [("card points", m.card_points)]
    if m.bonus:
        lines.append((f"{m.buraco_type} buraco bonus", m.bonus))
    return tuple(lines)


def _kind_reason(m: Meld) -> str:
    """Why a buraco is the kind it is, from the engine's facts about it."""
    natural, counted = m.natural_kind, m.buraco_type
    if natural != counted:
        return (f"by its cards it is {natural}, and {m.rules.name} counts a {natural} buraco "
                f"as {counted}")
    if counted == "clean":
        return "it has no wild card"
    if counted == "semi-clean":
        return "its wild card stands at an end of clean naturals"
    if counted == "dirty":
        return f"the {m.wild} is a wild card standing for {m.wild_label}"
    return f"{m.describe()}"


def _check_goal_meld(puzzle: Puzzle, m: Meld) -> str | None:
    goal = puzzle.goal
    want_kind = goal.get("meld_kind")
    if want_kind and m.kind != want_kind:
        return f"That is a {m.kind} ({m.describe()}); the task asks for a {want_kind}."
    min_cards = goal.get("min_cards")
    if min_cards and len(m) < int(min_cards):
        return f"That meld has {len(m)} cards; the task asks for at least {min_cards}."
    wild = goal.get("wild")
    if wild is True and m.wild is None:
        return "That meld has no wild card; the task asks for a meld with a wild card."
    if wild is False and m.wild is not None:
        return f"That meld uses the {m.wild} as a wild card; the task asks for a meld without one."
    want = goal.get("buraco")
    if want:
        if not m.is_buraco:
            return (f"That is a meld ({m.describe()}), but a buraco needs at least "
                    f"{m.rules.min_buraco} cards; it has {len(m)}.")
        if want != "any" and m.buraco_type != want:
            return f"That is a {m.buraco_type} buraco, not a {want} one: {_kind_reason(m)}."
    return None


def _check_make(puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
    cards = _pick_cards(puzzle, answer)
    try:
        m = make_meld(cards, rules)
    except InvalidMeld as e:
        return Feedback(False, f"Not a meld: {e}.")
    wrong = _check_goal_meld(puzzle, m)
    if wrong:
        return Feedback(False, wrong, _meld_lines(m), m)
    return Feedback(True, f"Right: {m.describe()}.", _meld_lines(m), m)


def _read_extend(puzzle: Puzzle, answer: object) -> tuple[int, object]:
    if isinstance(answer, Mapping):
        meld, cards = answer.get("meld"), answer.get("cards")
    elif isinstance(answer, Sequence) and not isinstance(answer, str) and len(answer) == 2:
        meld, cards = answer[0], answer[1]
    else:
        raise _BadAnswer("Choose a meld on the table and the cards to add to it.")
    return _read_index(meld, len(puzzle.table), "meld"), cards


def _wild_story(old: Meld, new: Meld) -> str:
    if old.wild is None:
        if new.wild is not None:
            return f" The {new.wild} is now the wild card, standing for {new.wild_label}."
        return ""
    if new.wild is None:
        return f" The {old.wild} went back to its natural place: the meld has no wild card now."
    if new.wild_label != old.wild_label:
        return (f" The wild card {new.wild} moved: it stood for {old.wild_label}, "
                f"now it stands for {new.wild_label}.")
    return f" The wild card {new.wild} still stands for {new.wild_label}."


def _check_extend(puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
    index, raw = _read_extend(puzzle, answer)
    want = puzzle.goal.get("meld")
    if want is not None and int(want) != index:
        return Feedback(False, f"The task is to add to meld {int(want) + 1}, not meld {index + 1}.")
    cards = _pick_cards(puzzle, raw)
    old = make_meld(puzzle.table[index], rules)
    try:
        new = old.extend(cards, rules)
    except InvalidMeld as e:
        return Feedback(False, f"{format_cards(cards, symbols=True)} cannot be added to {old}: {e}.")
    wrong = _check_goal_meld(puzzle, new)
    if wrong:
        return Feedback(False, wrong, _meld_lines(new), new)
    return Feedback(True, f"Right: {old} becomes {new}.{_wild_story(old, new)} "
                          f"Now: {new.describe()}.", _meld_lines(new), new)


def _check_which(puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
    i = _read_index(answer, len(puzzle.options), "option")
    want_meld = puzzle.goal.get("want", "meld") != "not-meld"
    try:
        m = make_meld(puzzle.options[i], rules)
    except InvalidMeld as e:
        if want_meld:
            return Feedback(False, f"Option {i + 1} is not a meld: {e}.")
        return Feedback(True, f"Right: option {i + 1} is not a meld: {e}.")
    if want_meld:
        return Feedback(True, f"Right: option {i + 1} is a meld: {m.describe()}.", _meld_lines(m), m)
    return Feedback(False, f"Option {i + 1} is a meld: {m.describe()}.", _meld_lines(m), m)


def _check_value(puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
    n = _read_int(answer)
    m = make_meld(puzzle.table[0], rules)
    lines = _meld_lines(m)
    if n == m.points:
        return Feedback(True, f"Right: {m.describe()}.", lines, m)
    return Feedback(False, f"Not {n}. The engine counts {m.points}: {m.describe()}.", lines, m)


def _score_of(puzzle: Puzzle, rules: Rules) -> Any:
    goal = puzzle.goal
    return score_side(list(puzzle.table), list(puzzle.hand), rules,
                      went_out=bool(goal.get("went_out", False)),
                      took_pot=bool(goal.get("took_pot", False)),
                      pot_unused=bool(goal.get("pot_unused", False)))


def _check_score(puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
    n = _read_int(answer)
    score = _score_of(puzzle, rules)
    lines = tuple(score.lines)
    if n == score.total:
        return Feedback(True, f"Right: {score.total} points.", lines)
    return Feedback(False, f"Not {n}: the side scores {score.total}. Compare the lines.", lines)


def game_of(puzzle: Puzzle) -> Any:
    """The game position of a legal-play puzzle, a fresh ``buraco_core.game.Game`` each call:
    from ``goal["game"]`` (a saved game, JSON), ``goal["scenario"]`` (a named scenario) or
    ``goal["position"]`` (scenario text, as in a puzzle file)."""
    from .game.facade import Game
    from .game.scenarios import load_scenario, parse_scenario

    goal = puzzle.goal
    if goal.get("game"):
        return Game.from_json(str(goal["game"]))
    if goal.get("scenario"):
        return load_scenario(str(goal["scenario"]))
    if goal.get("position"):
        return parse_scenario(str(goal["position"]), "position")
    raise PuzzleError("a legal-play puzzle needs a 'position' (scenario text) or a goal 'scenario' (a name)")


def play_words(play: str) -> str:
    """An action's text for the learner, with suit symbols.

    >>> play_words("discard Qd"), play_words("add 2 7h 8h")
    ('discard Q♦', 'add 7♥ 8♥ to meld 2')
    """
    from .cards import parse_card

    words = []
    for token in play.split():
        try:
            words.append(str(parse_card(token)) if token not in ("high", "low") else token)
        except ValueError:
            words.append(token)
    if len(words) >= 3 and words[0] == "add":
        target = words[1]
        team, _, number = target.rpartition(":")
        where = f"meld {number}" + (f" of side {team}" if team else "")
        return f"add {' '.join(words[2:])} to {where}"
    return " ".join(words)


def _why(game: Any, play: str) -> str | None:
    from .game.actions import parse_action

    try:
        parse_action(play)
    except ValueError as e:  # the text is not an action: the puzzle is broken, not the play refused
        raise PuzzleError(f"the play {play!r} cannot be read: {e}") from None
    reason = game.why_illegal(play)
    return None if reason is None else str(reason)


def _check_legal(puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
    if isinstance(answer, int) and not isinstance(answer, bool) and puzzle.options:
        answer = puzzle.options[_read_index(answer, len(puzzle.options), "option")]
    says_allowed = _read_bool(answer)
    play = str(puzzle.goal.get("play", ""))
    reason = _why(game_of(puzzle), play)
    shown = play_words(play)
    verdict = f"'{shown}' is allowed here." if reason is None else f"'{shown}' is refused: {reason}."
    if says_allowed == (reason is None):
        return Feedback(True, f"Right: {verdict}")
    return Feedback(False, f"No: {verdict}")


def match_outcome(puzzle: Puzzle) -> tuple[str, Any]:
    """What the game says happens when the puzzle's ``play`` ends the hand: one of
    :data:`MATCH_OUTCOMES`, and the game after the play."""
    game = game_of(puzzle)
    play = str(puzzle.goal.get("play", ""))
    reason = _why(game, play)
    if reason is not None:
        raise PuzzleError(f"the play {play_words(play)!r} is refused: {reason}")
    game.play(play)
    if game.is_match_over:
        outcome = "the match is a draw" if game.winner is None else f"side {game.winner} wins the match"
    elif game.is_hand_over:
        outcome = "another hand is dealt"
    else:
        raise PuzzleError(f"the play {play_words(play)!r} does not end the hand")
    return outcome, game


def _check_match(puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
    options = puzzle.options or MATCH_OUTCOMES
    if isinstance(answer, int) and not isinstance(answer, bool):
        answer = options[_read_index(answer, len(options), "option")]
    if not isinstance(answer, str) or answer not in options:
        raise _BadAnswer("Choose one of the outcomes: " + "; ".join(options) + ".")
    outcome, game = match_outcome(puzzle)
    lines: list[tuple[str, int]] = []
    for team, (score, total) in enumerate(zip(game.scores, game.totals, strict=True)):
        lines += [(f"side {team}: this hand", int(score.total)), (f"side {team}: total", int(total))]
    target = f"the target is {rules.target}" if rules.target is not None else "the match is one hand"
    totals = ", ".join(f"side {t} {v}" for t, v in enumerate(game.totals))
    why = f"After the hand: {totals} ({target}, a tie means {_tie_words(rules)}): {outcome}."
    if answer == outcome:
        return Feedback(True, f"Right. {why}", tuple(lines))
    return Feedback(False, f"No. {why}", tuple(lines))


def _tie_words(rules: Rules) -> str:
    from .rules import Tie

    return {Tie.ANOTHER_HAND: "another hand", Tie.STARTER_WINS: "the side that started wins",
            Tie.DRAW: "a draw"}[rules.tie]


_CHECKERS = {
    "make-meld": _check_make,
    "make-buraco": _check_make,
    "extend": _check_extend,
    "which-is-meld": _check_which,
    "meld-value": _check_value,
    "score": _check_score,
    "legal-play": _check_legal,
    "match": _check_match,
}


def check(puzzle: Puzzle, answer: object) -> Feedback:
    """The engine's verdict on ``answer`` (forms per kind: see the module docstring).

    Never raises for a bad answer: the Feedback says what was wrong and what is allowed.
    """
    checker = _CHECKERS.get(puzzle.kind)
    if checker is None:
        return Feedback(False, f"Unknown puzzle kind {puzzle.kind!r}: one of {', '.join(KINDS)}.")
    try:
        rules = get_rules(puzzle.rules)
        return checker(puzzle, rules, answer)
    except _BadAnswer as e:
        return Feedback(False, str(e))
    except (RulesError, InvalidMeld, PuzzleError) as e:
        return Feedback(False, f"This puzzle is broken: {e}")


def explain_meld(cards: str | Sequence[str | Card], rules: Rules | str = "buraco") -> str:
    """What the engine says about these cards as a meld, as one line (never raises for bad cards).

    >>> explain_meld("Qs Ks As")
    'a meld: run Q♠-A♠: 35 points'
    >>> explain_meld("Kc Ac 3c")
    'not a meld: a run never turns the corner: the ace is low (A-2-3) or high (Q-K-A), never both (K-A-2)'
    """
    try:
        return f"a meld: {make_meld(cards, rules).describe()}"
    except ValueError as e:
        return f"not a meld: {e}"


# ---------------------------------------------------------------------------------------------
# hints


def hint(puzzle: Puzzle) -> str:
    """A hint that points at the rule without giving the answer (the puzzle's own, if it has one)."""
    if puzzle.hint:
        return puzzle.hint
    rules = get_rules(puzzle.rules)
    goal = puzzle.goal
    sets = ("a set is three or more cards of one rank" if rules.allow_sets
            else f"{rules.name} has no sets, only runs")
    run = "a run is three or more cards of one suit in sequence (the ace low or high, never both)"
    if puzzle.kind == "make-meld":
        extra = ""
        if goal.get("wild") is True:
            extra = " A joker or a 2 can stand for one missing card; a meld holds one wild card at most."
        return f"Look for cards that belong together: {run}; {sets}.{extra}"
    if puzzle.kind == "make-buraco":
        want = goal.get("buraco", "any")
        n = rules.min_buraco
        text = {
            "clean": f"A clean buraco is {n} or more cards with no wild card at all.",
            "dirty": f"A dirty buraco is {n} or more cards with one wild card filling a gap.",
            "semi-clean": (f"A semi-clean buraco is {n} or more clean natural cards with the wild card "
                           "added at an end."),
            "royal": "A royal run holds all thirteen ranks of one suit, with no wild card.",
            "ace-to-ace": "An ace-to-ace run goes from the ace to the ace: fourteen cards of one suit.",
        }.get(str(want), f"A buraco is a meld of {n} or more cards.")
        return f"{text} Count the cards of each suit in sequence, and of each rank."
    if puzzle.kind == "extend":
        return ("A card joins a run at an end or in its one gap, in the run's suit; a set takes more "
                "of its rank. If a natural card arrives where the wild card stood, the wild moves.")
    if puzzle.kind == "which-is-meld":
        return (f"Check each group: {run}; {sets}. A meld holds at most one wild card and at least "
                "two natural cards.")
    if puzzle.kind == "meld-value":
        return ("Add the card points (see the ruleset's card values); a buraco of seven or more cards "
                "adds its bonus: clean, dirty or semi-clean.")
    if puzzle.kind == "score":
        return ("Melded cards count for the side; add buraco bonuses and going out; subtract the cards "
                "left in hand and the penalty for a pot never taken.")
    if puzzle.kind == "match":
        return ("Add this hand's scores to the totals. A match ends when a side reaches the target (in a "
                "one-hand ruleset, after the hand); if both pass it, the higher total wins; a tie is "
                "settled by the ruleset's tie rule.")
    if puzzle.kind == "legal-play":
        return ("Think of the turn: draw first, then melds, then one discard; and a play is refused if "
                "afterwards the turn could not end legally.")
    return "Read the task again and check each card against the rules."


# ---------------------------------------------------------------------------------------------
# solving: candidates are proposed here, the engine judges each one


def _sub_multiset(cards: Sequence[Card], hand: Counter[Card]) -> bool:
    return all(n <= hand[c] for c, n in Counter(cards).items())


def _meld_candidates(hand: Sequence[Card], rules: Rules) -> Iterator[list[Card]]:
    """Groups of hand cards that might be melds: run windows and sets, with at most one extra
    card from the jokers and 2s. The engine decides which of them are melds."""
    have = Counter(hand)
    wilds = sorted({c for c in hand if c.rank in (0, 2)})
    seen: set[tuple[Card, ...]] = set()

    def emit(group: list[Card]) -> Iterator[list[Card]]:
        key = tuple(sorted(group))
        if len(group) >= 3 and key not in seen and _sub_multiset(group, have):
            seen.add(key)
            yield group

    for suit in SUITS:
        for lo in range(1, 15):
            for hi in range(lo + 1, 15):
                nat = [Card(1 if p == 14 else p, suit) for p in range(lo, hi + 1)
                       if have[Card(1 if p == 14 else p, suit)]]
                missing = hi - lo + 1 - len(nat)
                if missing > 1:
                    continue
                if missing == 0:
                    yield from emit(nat)
                for w in wilds:
                    yield from emit([*nat, w])
    for rank in [1, *range(3, 14)]:
        copies = [c for c in sorted(have) if c.rank == rank for _ in range(have[c])]
        distinct = sorted({c for c in copies})
        for base in (copies, distinct):
            for k in range(2, len(base) + 1):
                yield from emit(base[:k])
                for w in wilds:
                    yield from emit([*base[:k], w])


def _extend_candidates(hand: Sequence[Card], meld: Meld) -> Iterator[list[Card]]:
    pool = [c for c in hand if c.rank in (0, 2)
            or (meld.kind == "run" and c.suit == meld.suit)
            or (meld.kind == "set" and c.rank == meld.rank)]
    pool = pool[:12]
    seen: set[tuple[Card, ...]] = set()
    n = len(pool)
    for mask in sorted(range(1, 1 << n), key=lambda x: bin(x).count("1")):
        group = [pool[i] for i in range(n) if mask >> i & 1]
        key = tuple(sorted(group))
        if key not in seen:
            seen.add(key)
            yield group


def with_position(puzzle: Puzzle) -> Puzzle:
    """A legal-play puzzle with its display filled from the position: the hand of the seat to play,
    its side's melds, the options "allowed" / "refused" and a prompt naming the play."""
    import dataclasses

    game = game_of(puzzle)
    state = game.state
    seat = state.turn
    melds = state.melds[state.team_of(seat)]
    play = str(puzzle.goal.get("play", ""))
    prompt = puzzle.prompt
    if puzzle.kind == "legal-play" and (
            not prompt or prompt == default_prompt("legal-play", puzzle.goal, puzzle.rules)):
        top = f" The top of the discard pile is {state.discard[-1]}." if state.discard else (
            " The discard pile is empty.")
        stage = "have not drawn yet" if state.phase.value == "draw" else "have drawn"
        team = state.team_of(seat)
        pot = {"aside": " Your side's pot is still set aside.", "taken": " Your side has taken its pot.",
               "waiting": " Your side's pot waits to be picked up.",
               "to-stock": " Your side's pot went to the stock."}.get(state.pot_state[team].value, "")
        buracos = sum(1 for m in melds if m.is_buraco)
        side = (f" Your side has {buracos} buraco{'s' if buracos > 1 else ''}." if buracos
                else " Your side has no buraco yet." if melds else "")
        prompt = (f"{game.rules.name}: it is your turn (seat {seat}), and you {stage}.{top}{pot}{side} "
                  f"Is the play '{play_words(play)}' allowed?")
    return dataclasses.replace(
        puzzle, hand=puzzle.hand or tuple(c.code for c in state.hands[seat]),
        table=puzzle.table or tuple(format_cards(m.cards) for m in melds),
        options=puzzle.options or (MATCH_OUTCOMES if puzzle.kind == "match" else ("allowed", "refused")),
        prompt=prompt)


def solve(puzzle: Puzzle) -> object | None:
    """One right answer, found by asking :func:`check`; None if there is none.

    Card answers come back as lists of card codes; extend as ``(meld_index, codes)``.
    """
    kind = puzzle.kind
    rules = get_rules(puzzle.rules)
    if kind in ("make-meld", "make-buraco"):
        for group in _meld_candidates(puzzle.hand_cards, rules):
            codes = [c.code for c in group]
            if check(puzzle, codes).correct:
                return codes
        return None
    if kind == "extend":
        want = puzzle.goal.get("meld")
        indices = range(len(puzzle.table)) if want is None else [int(want)]
        for i in indices:
            meld = make_meld(puzzle.table[i], rules)
            for group in _extend_candidates(puzzle.hand_cards, meld):
                codes = [c.code for c in group]
                if check(puzzle, (i, codes)).correct:
                    return (i, codes)
        return None
    if kind == "which-is-meld":
        right = [i for i in range(len(puzzle.options)) if check(puzzle, i).correct]
        return right[0] if right else None
    if kind == "meld-value":
        return make_meld(puzzle.table[0], rules).points
    if kind == "score":
        return int(_score_of(puzzle, rules).total)
    if kind == "match":
        return match_outcome(puzzle)[0]
    if kind == "legal-play":
        return "allowed" if _why(game_of(puzzle), str(puzzle.goal.get("play", ""))) is None else "refused"
    return None


def validate(puzzle: Puzzle) -> str | None:
    """Why the puzzle is malformed or impossible, or None if it is sound (and solvable)."""
    if puzzle.kind not in KINDS:
        return f"unknown kind {puzzle.kind!r}: choose one of {', '.join(KINDS)}"
    try:
        rules = get_rules(puzzle.rules)
    except RulesError as e:
        return str(e)
    try:
        parse_cards(list(puzzle.hand))
    except ValueError as e:
        return f"hand: {e}"
    for i, text in enumerate(puzzle.table):
        try:
            make_meld(text, rules)
        except InvalidMeld as e:
            return f"table meld {i + 1} ({text}) is not a meld under {rules.name}: {e}"
        except ValueError as e:
            return f"table meld {i + 1}: {e}"
    goal = puzzle.goal
    kind = puzzle.kind
    if kind == "make-buraco":
        want = goal.get("buraco", "any")
        if want not in BURACO_KINDS:
            return f"goal buraco {want!r} is not a kind: choose one of {', '.join(BURACO_KINDS)}"
    if kind in ("make-meld", "make-buraco") and not puzzle.hand:
        return "this puzzle needs a hand"
    if kind == "extend":
        if not puzzle.table:
            return "an extend puzzle needs at least one meld on the table"
        want_meld = goal.get("meld")
        if want_meld is not None and not (isinstance(want_meld, int) and 0 <= want_meld < len(puzzle.table)):
            return f"goal meld {want_meld!r} is not a meld index (0 to {len(puzzle.table) - 1})"
    if kind == "which-is-meld":
        if len(puzzle.options) < 2:
            return "a which-is-meld puzzle needs at least two options"
        for i, text in enumerate(puzzle.options):
            try:
                parse_cards(text)
            except ValueError as e:
                return f"option {i + 1}: {e}"
        right = [i for i in range(len(puzzle.options)) if check(puzzle, i).correct]
        if not right:
            return "no option is a right answer: the engine accepts none of them"
        if len(right) > 1:
            return (f"options {', '.join(str(i + 1) for i in right)} are all right answers: "
                    "make exactly one right")
        return None
    if kind in ("meld-value",) and len(puzzle.table) != 1:
        return "a meld-value puzzle needs exactly one meld in 'table'"
    if kind in ("legal-play", "match"):
        if not goal.get("play"):
            return f"a {kind} puzzle needs a goal 'play' (e.g. 'discard JK')"
        try:
            game = game_of(puzzle)
        except (ValueError, KeyError, OSError) as e:
            return f"position: {e}"
        if game.rules.name != rules.name:
            return f"the position is played under {game.rules.name}, the puzzle under {rules.name}"
    try:
        answer = solve(puzzle)
    except (ValueError, KeyError) as e:
        return f"cannot be solved: {e}"
    if answer is None:
        return f"impossible: no answer from this hand is right ({_goal_words(puzzle)})"
    return None


def _goal_words(puzzle: Puzzle) -> str:
    goal = dict(puzzle.goal)
    if puzzle.kind == "make-buraco":
        return f"no {goal.get('buraco', 'any')} buraco under {puzzle.rules}"
    return ", ".join(f"{k}={v}" for k, v in goal.items()) or puzzle.kind


def default_prompt(kind: str, goal: Mapping[str, Any], rules: str) -> str:
    """The task in words, when a puzzle file gives none."""
    if kind == "make-meld":
        what = goal.get("meld_kind") or "meld"
        wild = goal.get("wild")
        extra = "" if wild is None else " that uses a wild card" if wild else " without a wild card"
        n = goal.get("min_cards")
        more = f" of at least {n} cards" if n else ""
        return f"Select cards from your hand that make a {what}{more}{extra}."
    if kind == "make-buraco":
        want = goal.get("buraco", "any")
        return ("Select cards that make a buraco." if want == "any"
                else f"Select cards that make a {want} buraco ({rules}).")
    if kind == "extend":
        meld = goal.get("meld")
        target = f"meld {int(meld) + 1}" if meld is not None else "a meld on the table"
        buraco = goal.get("buraco")
        end = f" so that it becomes a {buraco} buraco" if buraco and buraco != "any" else (
            " so that it becomes a buraco" if buraco else "")
        return f"Add cards from your hand to {target}{end}."
    if kind == "which-is-meld":
        return ("Which of these is NOT a meld?" if goal.get("want") == "not-meld"
                else "Which of these groups is a meld?")
    if kind == "meld-value":
        return f"How many points is this meld worth ({rules})?"
    if kind == "score":
        return f"This hand is over. How many points does this side score ({rules})?"
    if kind == "match":
        return f"After '{play_words(str(goal.get('play', '')))}' the hand is over. What happens to the match?"
    if kind == "legal-play":
        return f"Is the play '{play_words(str(goal.get('play', '')))}' allowed here?"
    return "Solve this puzzle."


# ---------------------------------------------------------------------------------------------
# generators and quizzes (in buraco_core.quiz)


def generate(kind: str, rules: Rules | str, seed: int, **params: Any) -> Puzzle:
    """A fresh, solvable puzzle of ``kind``, the same for the same seed; see :mod:`buraco_core.quiz`."""
    from .quiz import generate as _generate

    return _generate(kind, rules, seed, **params)


def make_quiz(lesson_or_topic: str, rules: Rules | str, seed: int, n: int = 5) -> list[Puzzle]:
    """``n`` seeded puzzles for a lesson ("03") or topic ("buracos"); see :mod:`buraco_core.quiz`."""
    from .quiz import make_quiz as _make_quiz

    return _make_quiz(lesson_or_topic, rules, seed, n)


# ---------------------------------------------------------------------------------------------
# puzzle files (YAML)

_FIELDS = ("id", "kind", "rules", "prompt", "hand", "table", "options", "goal", "hint", "answer", "position")


def _cards_text(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(c.code for c in parse_cards(value))
    if isinstance(value, list):
        return tuple(c.code for c in parse_cards([str(v) for v in value]))
    raise ValueError(f"expected cards like '4h 5h 6h', not {value!r}")


def _groups(value: object, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ValueError(f"{what} is a list of card groups, one per line: - 4h 5h 6h")
    out = []
    for v in value:
        text = " ".join(str(x) for x in v) if isinstance(v, list) else str(v)
        out.append(format_cards(parse_cards(text)))
    return tuple(out)


_LOADED: dict[tuple[str, float, int], list[Puzzle]] = {}


def load_puzzles(path: str | os.PathLike[str]) -> list[Puzzle]:
    """The puzzles of one YAML file; the first problem raises :class:`PuzzleError` (file, line).

    A file read once is kept (its puzzles are values) until it changes on disk."""
    name = os.fspath(path)
    try:
        stat = os.stat(name)
        key: tuple[str, float, int] | None = (os.path.abspath(name), stat.st_mtime, stat.st_size)
    except OSError:
        key = None
    if key is not None and key in _LOADED:
        return list(_LOADED[key])
    puzzles, problems = _load_file(name)
    if problems:
        raise problems[0]
    if key is not None:
        _LOADED[key] = list(puzzles)
    return puzzles


def load_puzzle(path: str | os.PathLike[str], puzzle_id: str) -> Puzzle:
    """The puzzle ``puzzle_id`` of a puzzle file; a KeyError lists the file's ids."""
    puzzles = load_puzzles(path)
    for p in puzzles:
        if p.id == puzzle_id:
            return p
    raise KeyError(f"no puzzle {puzzle_id!r} in {os.fspath(path)}: its puzzles are "
                   f"{', '.join(p.id for p in puzzles) or 'none'}")


def _load_file(path: str) -> tuple[list[Puzzle], list[PuzzleError]]:
    import yaml

    problems: list[PuzzleError] = []
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        return [], [PuzzleError(f"cannot read the file: {e.strerror}", path, 0)]
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        if e.context_mark is not None and e.problem_mark is not None and \
                e.problem_mark.line >= len(text.splitlines()):
            mark = e.context_mark  # unclosed at the end of the file: point at where it opened
        line = mark.line + 1 if mark else 0
        what = f"{e.context}: {e.problem}" if e.context else str(e.problem or e)
        return [], [PuzzleError(f"not valid YAML: {what}", path, line)]
    try:
        return _read_root(loader, root, path, problems), problems
    finally:
        loader.dispose()


def _read_root(loader: Any, root: Any, path: str, problems: list[PuzzleError]) -> list[Puzzle]:
    import yaml

    if root is None:
        problems.append(PuzzleError("the file is empty: write 'puzzles:' and a list of puzzles", path, 1))
        return []
    default_rules = "buraco"
    items: Any = root
    if isinstance(root, yaml.MappingNode):
        items = None
        for key, value in root.value:
            name = loader.construct_object(key)
            if name == "rules":
                default_rules = str(loader.construct_object(value))
            elif name == "puzzles":
                items = value
            elif name in ("lesson", "title", "description"):
                pass
            else:
                problems.append(PuzzleError(f"unknown top-level key {name!r}: use lesson, title, rules,"
                                            " puzzles", path, key.start_mark.line + 1))
        if items is None:
            problems.append(PuzzleError("no 'puzzles:' list in this file", path, root.start_mark.line + 1))
            return []
    if not isinstance(items, yaml.SequenceNode):
        problems.append(PuzzleError("'puzzles' must be a list of puzzles (lines starting with '- ')",
                                    path, items.start_mark.line + 1))
        return []
    puzzles: list[Puzzle] = []
    ids: dict[str, int] = {}
    for node in items.value:
        line = node.start_mark.line + 1
        try:
            puzzle = _read_puzzle(loader, node, path, default_rules)
        except PuzzleError as e:
            problems.append(e)
            continue
        if puzzle.id in ids:
            problems.append(PuzzleError(f"id {puzzle.id!r} is used twice (first at line {ids[puzzle.id]})",
                                        path, line))
            continue
        ids[puzzle.id] = line
        puzzles.append(puzzle)
    return puzzles


def _read_puzzle(loader: Any, node: Any, path: str, default_rules: str) -> Puzzle:
    import yaml

    line = node.start_mark.line + 1
    if not isinstance(node, yaml.MappingNode):
        raise PuzzleError("each puzzle is a mapping of keys (id, kind, hand, ...)", path, line)
    data: dict[str, Any] = {}
    lines: dict[str, int] = {}
    items: dict[str, list[int]] = {}
    for key, value in node.value:
        name = str(loader.construct_object(key))
        if isinstance(value, yaml.SequenceNode):
            items[name] = [item.start_mark.line + 1 for item in value.value]
        if name not in _FIELDS:
            raise PuzzleError(f"unknown key {name!r}: a puzzle has {', '.join(_FIELDS)}",
                              path, key.start_mark.line + 1)
        try:
            data[name] = loader.construct_object(value, deep=True)
        except yaml.YAMLError as e:
            raise PuzzleError(f"{name}: {e}", path, value.start_mark.line + 1) from None
        lines[name] = value.start_mark.line + 1

    def at(name: str) -> int:
        return int(lines.get(name, line))

    if "id" not in data:
        raise PuzzleError("this puzzle has no id", path, line)
    if "kind" not in data:
        raise PuzzleError("this puzzle has no kind: " + ", ".join(KINDS), path, line)
    kind = str(data["kind"])
    if kind not in KINDS:
        raise PuzzleError(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}", path, at("kind"))
    rules = str(data.get("rules", default_rules))
    if rules not in RULESETS:
        raise PuzzleError(f"no ruleset called {rules!r}: choose one of {', '.join(RULESETS)}",
                          path, at("rules") if "rules" in data else line)
    try:
        hand = _cards_text(data.get("hand"))
    except ValueError as e:
        raise PuzzleError(f"hand: {e}", path, at("hand")) from None
    table: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    for name in ("table", "options"):
        try:
            value = _groups(data.get(name), name)
        except ValueError as e:
            item_line = _item_line(node, name, loader, e) or at(name)
            raise PuzzleError(f"{name}: {e}", path, item_line) from None
        if name == "table":
            table = value
        else:
            options = value
    goal = data.get("goal") or {}
    if not isinstance(goal, dict):
        raise PuzzleError("goal is a mapping, e.g. {buraco: clean}", path, at("goal"))
    if "position" in data:
        goal = {**goal, "position": str(data["position"])}
    prompt = str(data.get("prompt") or default_prompt(kind, goal, rules))
    puzzle = Puzzle(id=str(data["id"]), kind=kind, rules=rules, prompt=prompt, hand=hand,
                    table=table, options=options, goal=goal, hint=str(data.get("hint") or ""),
                    source=(path, line))
    if kind in ("legal-play", "match"):
        try:
            puzzle = with_position(puzzle)
        except ValueError as e:
            message, where = _position_error(e, at("position") if "position" in data else at("goal"))
            raise PuzzleError(message, path, where) from None
    problem = validate(puzzle)
    if problem:
        raise PuzzleError(problem, path, _problem_line(problem, at, items, line))
    if "answer" in data:
        fb = check(puzzle, data["answer"])
        if not fb.correct:
            raise PuzzleError(f"the given answer {data['answer']!r} is wrong by the engine: {fb.message}",
                              path, at("answer"))
    return puzzle


def _position_error(error: ValueError, first: int) -> tuple[str, int]:
    """A scenario error "position:K: message" as (message, file line); the position text's line K
    is K lines below the ``position: |`` line."""
    import re

    found = re.match(r"^position:(\d+): (.*)$", str(error), re.S)
    if found:
        return f"position: {found.group(2)}", first + int(found.group(1))
    return f"position: {error}", first


def _problem_line(problem: str, at: Any, items: dict[str, list[int]], line: int) -> int:
    """The line a validation problem points at: a table meld or option item, a field, the puzzle."""
    import re

    for name, pattern in (("table", r"^table meld (\d+)"), ("options", r"^option (\d+)")):
        found = re.match(pattern, problem)
        if found and name in items and int(found.group(1)) <= len(items[name]):
            return items[name][int(found.group(1)) - 1]
    for name in ("goal", "hand", "table", "options"):
        if problem.startswith(name):
            return int(at(name))
    return line


def _item_line(node: Any, name: str, loader: Any, error: Exception) -> int | None:
    """The line of the list item in ``name`` whose text holds the bad token, if it can be found."""
    import yaml

    for key, value in node.value:
        if loader.construct_object(key) == name and isinstance(value, yaml.SequenceNode):
            for item in value.value:
                text = str(loader.construct_object(item, deep=True))
                try:
                    parse_cards(text if not isinstance(item, yaml.SequenceNode) else
                                " ".join(str(x) for x in loader.construct_object(item, deep=True)))
                except ValueError:
                    return int(item.start_mark.line) + 1
    return None


def _puzzle_files(root: str) -> list[str]:
    if os.path.isfile(root):
        return [root]
    return sorted(os.path.join(d, f) for d, _, names in os.walk(root) for f in names
                  if f.endswith((".yaml", ".yml")))


def _check_target(path: str | os.PathLike[str]) -> tuple[int, int, list[PuzzleError]]:
    root = os.fspath(path)
    if not os.path.exists(root):
        return 0, 0, [PuzzleError("no such file or folder", root, 0)]
    files = _puzzle_files(root)
    problems: list[PuzzleError] = []
    count = 0
    for f in files:
        puzzles, found = _load_file(f)
        count += len(puzzles)
        problems.extend(found)
    return len(files), count, problems


def check_folder(path: str | os.PathLike[str]) -> list[PuzzleError]:
    """Every problem in every ``*.yaml`` / ``*.yml`` file under ``path`` (a folder or one file)."""
    return _check_target(path)[2]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m buraco_core check-puzzles [FOLDER_OR_FILE ...]``: print ``file:line: message`` for
    every problem; exit 1 if any, else 0 with a summary."""
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a in ("-h", "--help") for a in args):
        print("usage: python -m buraco_core check-puzzles [FOLDER_OR_FILE ...] (default: lessons/puzzles)")
        return 0
    targets = args or ["lessons/puzzles"]
    problems: list[PuzzleError] = []
    count = files = 0
    for target in targets:
        n_files, n_puzzles, found = _check_target(target)
        files += n_files
        count += n_puzzles
        problems.extend(found)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) found", file=sys.stderr)
        return 1
    print(f"{count} puzzles in {files} file(s): all sound")
    return 0
