"""Rulesets: one frozen record, five named presets.

Every difference among the five rulesets of docs/RULES.md is a named field of :class:`Rules`,
read where that rule is applied; no code asks for a ruleset by name. House rules are
``dataclasses.replace(RULESETS["buraco"], target=1505)``; a combination that cannot be
played raises :class:`RulesError` saying which fields disagree.

>>> rules = RULESETS["italian"]
>>> rules.semi_clean_bonus, rules.direct_pot, rules.target
(150, False, None)
>>> import dataclasses
>>> dataclasses.replace(RULESETS["buraco"], target=100)
Traceback (most recent call last):
...
buraco_core.rules.RulesError: target 100 is outside this ruleset's range 505 to 3005
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Literal, NamedTuple

from .errors import LearnerError
from .messages import Message, Worded, catalog

__all__ = [
    "RULESETS",
    "DiscardTake",
    "GoingOut",
    "IndirectPot",
    "Rules",
    "RulesError",
    "RulesProblem",
    "StockEnd",
    "Tie",
]


class RulesProblem(NamedTuple):
    """One contradiction of a ruleset: its catalog key (``house.problem.<key>``), the fields that
    disagree (the first the one to change), the English sentence and the values it names."""

    key: str
    fields: tuple[str, ...]
    text: str
    params: Mapping[str, object]

    @property
    def message(self) -> Message:
        """The problem in the catalog's words (``house.problem.<key>``)."""
        return Message(f"house.problem.{self.key}", dict(self.params))


class RulesError(LearnerError):
    """A ruleset whose fields contradict each other, or an unknown ruleset name: ``message`` says
    why (the problems' sentences one after the other), ``str()`` in English.

    ``problems`` holds each contradiction as data (:class:`RulesProblem`), ``fields`` every field
    they name, so a panel can show each reason beside its fields without parsing English.
    """

    def __init__(self, key: str | Message, /, **params: object) -> None:
        super().__init__(key, **params)
        self.problems: tuple[RulesProblem, ...] = ()

    @classmethod
    def of(cls, problems: Sequence[RulesProblem]) -> RulesError:
        """The error of a ruleset with ``problems`` (at least one)."""
        said = problems[0].message
        for problem in problems[1:]:
            said = Message("teach.join", {"first": said, "then": problem.message})
        error = cls(said)
        error.problems = tuple(problems)
        return error

    def __str__(self) -> str:
        # the developer's sentences (the doctests' and the command line's), one per problem
        return "; ".join(p.text for p in self.problems) if self.problems else super().__str__()

    @property
    def fields(self) -> tuple[str, ...]:
        """Every field a problem names, each once, in the order named."""
        return tuple(dict.fromkeys(name for p in self.problems for name in p.fields))


class DiscardTake(enum.Enum):
    """How a player may take from the discard pile instead of drawing from the stock."""

    WHOLE = "whole"
    """Take the whole pile (``buraco``, ``italian``, ``burraco``)."""
    ANY_DEPTH = "any-depth"
    """Take down to any card, which must then be melded this turn; the top card alone is free
    (``brazilian``)."""
    WHOLE_IF_TOP_MELDS = "whole-if-top-melds"
    """Take the whole pile only if its top card makes a legal meld with the hand or the side's
    melds, and meld that card this turn (``fechado``)."""


class IndirectPot(enum.Enum):
    """When a pot earned by discarding the last card is picked up."""

    NEXT_TURN = "next-turn"
    """At the start of that player's next turn (``buraco``)."""
    AT_ONCE = "at-once"
    """At once, and play passes to the next player (``italian``, ``burraco``, ``fechado``)."""


class GoingOut(enum.Enum):
    """How the player who goes out empties the hand."""

    MELD_OR_DISCARD = "meld-or-discard"
    DISCARD = "discard"


class StockEnd(enum.Enum):
    """When the stock ends the hand."""

    LAST_CARD_DRAWN = "last-card-drawn"
    """The hand ends the moment the last stock card is drawn; that card is not played."""
    EMPTY_AT_DRAW = "empty-at-draw"
    """The hand ends when a player must draw from an empty stock (and does not take the pile)."""
    EMPTY_NO_POT = "empty-no-pot"
    """An untaken pot becomes the stock; the hand ends when the stock is empty and no pot is left."""
    TWO_LEFT = "two-left"
    """The hand ends when only two cards remain in the stock."""


class Tie(enum.Enum):
    """What a tie at the end of a match means."""

    ANOTHER_HAND = "another-hand"
    STARTER_WINS = "starter-wins"
    DRAW = "draw"


def _code(value: object) -> str:
    """A field value as Python source: enums by name (``Tie.DRAW``), the rest by ``repr``."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


BuracoKind = Literal["clean", "semi-clean", "dirty", "royal", "ace-to-ace"]


def standard_values(*, joker: int = 30, two: int = 20) -> tuple[int, ...]:
    """Card points indexed by rank (0 joker, 1 ace, ..., 13 king): A 15, 8-K 10, 3-7 5."""
    return (joker, 15, two, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)


def face_values() -> tuple[int, ...]:
    """``brazilian`` card points: number cards their face value, J Q K 10, A 15, joker 20."""
    return (20, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@dataclass(frozen=True)
class Rules(Worded):
    """Everything that differs among the rulesets, one named field each.

    The preset
        ``name``: the ruleset this one is, or starts from (one of :data:`RULESETS`).
    Meld fields
        ``allow_sets``: sets (three or more of a rank) may be melded (``fechado``: no).
        ``set_max_cards`` / ``set_distinct_suits``: the ``brazilian`` set limit (at most four
        cards, all of different suits, the wild counted among them).
        ``ace_to_ace``: a run may hold both aces as natural cards (``fechado``).
        ``min_buraco``: cards that make a buraco (canasta).
    Points
        ``card_values``: points per rank, index 0 the joker, 1 the ace, 13 the king.
        ``clean_bonus``, ``dirty_bonus``; ``semi_clean_bonus`` (None: a semi-clean buraco
        counts as dirty); ``royal_bonus`` and ``ace_to_ace_bonus`` (None: not a kind of its own).
        ``going_out_bonus``, ``pot_not_taken_penalty``, ``pot_unused_penalty`` (``fechado``'s
        "taken but not used").
    The table
        ``jokers``: jokers in the deck (4, or 0 in ``fechado``); ``decks``: 52-card decks.
        ``hand_size``; ``pots`` (pots set aside, one per team; 0 for none) of ``pot_size`` cards.
        ``partnerships``: 4 players play as two teams of partners opposite each other.
        ``player_counts``: the allowed numbers of players.
        ``meld_on_any``: players may add to anyone's melds (``brazilian``), not only their side's.
    The turn
        ``discard_take``: see :class:`DiscardTake`. ``initial_discard``: the pile starts with
        one face-up card. ``discard_open``: the whole pile is visible (else only its top card).
        ``single_take_no_discard``: a player who took a pile of one card may not discard it
        this turn (``italian``). ``wild_last_discard_guard``: a wild card may not be the discard
        that empties the hand while it could be added to a meld of the side (``buraco``).
        ``pot_guard``: while the side has its pot but no buraco, a meld leaving one card or none
        and a discard leaving none are refused (``buraco``; the general guard covers the rest).
    The pot and going out
        ``direct_pot``: a pot can be earned by melding the last card (``italian``: no).
        ``indirect_pot``: see :class:`IndirectPot`. ``going_out``: see :class:`GoingOut`.
        ``out_needs_clean``: going out needs a clean buraco (royal and ace-to-ace count), not
        any buraco. ``out_needs_pot``: going out needs the side's pot taken, if one is left.
        ``stock_end``: see :class:`StockEnd`.
    The match
        ``target``: points that end the match (None: one hand, "express"), within
        ``target_range``. ``tie``: see :class:`Tie`.
    """

    name: str
    # melds
    allow_sets: bool = True
    set_max_cards: int | None = None
    set_distinct_suits: bool = False
    ace_to_ace: bool = False
    min_buraco: int = 7
    # points
    card_values: tuple[int, ...] = field(default_factory=standard_values)
    clean_bonus: int = 200
    dirty_bonus: int = 100
    semi_clean_bonus: int | None = None
    royal_bonus: int | None = None
    ace_to_ace_bonus: int | None = None
    going_out_bonus: int = 100
    pot_not_taken_penalty: int = 100
    pot_unused_penalty: int = 0
    # the table
    jokers: int = 4
    decks: int = 2
    hand_size: int = 11
    pots: int = 2
    pot_size: int = 11
    partnerships: bool = True
    player_counts: tuple[int, ...] = (2, 4)
    meld_on_any: bool = False
    # the turn
    discard_take: DiscardTake = DiscardTake.WHOLE
    initial_discard: bool = True
    discard_open: bool = True
    single_take_no_discard: bool = False
    wild_last_discard_guard: bool = False
    pot_guard: bool = False
    # the pot and going out
    direct_pot: bool = True
    indirect_pot: IndirectPot = IndirectPot.AT_ONCE
    going_out: GoingOut = GoingOut.DISCARD
    out_needs_clean: bool = False
    out_needs_pot: bool = True
    stock_end: StockEnd = StockEnd.EMPTY_NO_POT
    # the match
    target: int | None = 2005
    target_range: tuple[int, int] = (505, 3005)
    tie: Tie = Tie.ANOTHER_HAND

    def __post_init__(self) -> None:
        problems: list[RulesProblem] = []

        def refuse(key: str, names: tuple[str, ...], text: str, **params: object) -> None:
            problems.append(RulesProblem(key, names, text, MappingProxyType(params)))

        if len(self.card_values) != 14:
            refuse("card-values", ("card_values",),
                   "card_values needs 14 entries: the joker, then the ace to the king", n=len(self.card_values))
        if not self.name:
            refuse("name", ("name",), "a ruleset needs a name")
        if self.decks < 1 or self.jokers < 0 or self.hand_size < 1:
            refuse("deck-counts", ("decks", "jokers", "hand_size"),
                   f"decks {self.decks}, jokers {self.jokers} and hand_size {self.hand_size}: "
                   "at least one deck, no negative jokers, at least one card a hand",
                   decks=self.decks, jokers=self.jokers, hand_size=self.hand_size)
        if self.set_distinct_suits and not self.allow_sets:
            refuse("suits-without-sets", ("set_distinct_suits", "allow_sets"),
                   "set_distinct_suits is set but allow_sets is False")
        if self.set_max_cards is not None and not self.allow_sets:
            refuse("max-without-sets", ("set_max_cards", "allow_sets"),
                   "set_max_cards is set but allow_sets is False")
        if self.set_max_cards is not None and self.set_max_cards < 3:
            refuse("set-max-small", ("set_max_cards",),
                   f"set_max_cards {self.set_max_cards} is below the 3 cards a set needs", n=self.set_max_cards)
        if self.ace_to_ace_bonus is not None and not self.ace_to_ace:
            refuse("ace-bonus-without-ace", ("ace_to_ace_bonus", "ace_to_ace"),
                   "ace_to_ace_bonus is set but ace_to_ace runs are not allowed")
        if self.min_buraco < 3:
            refuse("buraco-small", ("min_buraco",),
                   f"min_buraco {self.min_buraco} is below the 3 cards of any meld", n=self.min_buraco)
        if self.pots not in (0, 2):
            refuse("pots-count", ("pots",), f"pots must be 0 or 2 (one per team), not {self.pots}", n=self.pots)
        if self.pots and self.stock_end is StockEnd.EMPTY_AT_DRAW:
            refuse("pots-empty-draw", ("pots", "stock_end"),
                   "a ruleset with pots cannot end at an empty stock draw; "
                   "use EMPTY_NO_POT, LAST_CARD_DRAWN or TWO_LEFT")
        if not self.pots and self.stock_end is StockEnd.EMPTY_NO_POT:
            refuse("no-pot-stock", ("stock_end", "pots"), "stock_end EMPTY_NO_POT needs pots")
        if not self.pots and (self.pot_unused_penalty or self.pot_guard):
            refuse("no-pot-guard", ("pot_unused_penalty", "pot_guard", "pots"),
                   "pot_unused_penalty and pot_guard need pots")
        if not self.pots and self.out_needs_pot:
            refuse("no-pot-out", ("out_needs_pot", "pots"),
                   "out_needs_pot needs pots; set out_needs_pot=False for a game without pots")
        if not self.direct_pot and self.going_out is GoingOut.MELD_OR_DISCARD:
            refuse("meld-out-without-direct", ("direct_pot", "going_out"),
                   "without a direct pot a meld may never empty the hand, so going_out "
                   "must be DISCARD, not MELD_OR_DISCARD")
        if self.pots and not self.partnerships:
            refuse("pots-alone", ("pots", "partnerships"),
                   "pots are one per team, so they need partnerships "
                   "(or 2 players); set pots=0 for every player alone")
        if any(n < 2 or n > 4 for n in self.player_counts) or not self.player_counts:
            refuse("player-counts", ("player_counts",),
                   f"player_counts {self.player_counts} must be among 2, 3 and 4")
        if self.partnerships and 3 in self.player_counts:
            refuse("partners-three", ("partnerships", "player_counts"), "partnerships need 2 or 4 players, not 3")
        deck = 52 * self.decks + self.jokers
        most = max(self.player_counts, default=2)
        if deck < most * self.hand_size + self.pots * self.pot_size + 2:
            refuse("deck-small", ("decks", "jokers", "hand_size", "pots", "pot_size", "player_counts"),
                   f"a deck of {deck} cards cannot deal {most} hands of {self.hand_size}"
                   f" and {self.pots} pots of {self.pot_size}",
                   deck=deck, players=most, hand_size=self.hand_size, pots=self.pots, pot_size=self.pot_size)
        if self.target_range[0] > self.target_range[1]:
            refuse("range-backwards", ("target_range",), f"target_range {self.target_range} runs backwards",
                   low=self.target_range[0], high=self.target_range[1])
        if self.target is not None:
            low, high = self.target_range
            if not low <= self.target <= high:
                refuse("target-range", ("target", "target_range"),
                       f"target {self.target} is outside this ruleset's range {low} to {high}",
                       target=self.target, low=low, high=high)
        if self.tie is Tie.STARTER_WINS and self.target is not None:
            refuse("starter-wins-match", ("tie", "target"), "tie STARTER_WINS is for one-hand games (target None)")
        if problems:
            raise RulesError.of(problems)

    def term(self) -> Message | str:
        """The term that names this ruleset in a sentence: ``ruleset.<name>``, a house variant that
        term with ``house.column``; a name the catalog lacks as itself."""
        if f"ruleset.{self.name}" not in catalog("en"):
            return self.name
        term = Message(f"ruleset.{self.name}")
        # a house variant: its preset's name, and that it has house rules
        return term if RULESETS.get(self.name, self) == self else Message("house.column", {"rules": term})

    def __repr__(self) -> str:
        """``RULESETS['buraco']``, or the preset with its changed fields: evaluates back.

        >>> import dataclasses
        >>> dataclasses.replace(RULESETS["fechado"], jokers=4)
        dataclasses.replace(RULESETS['fechado'], jokers=4)
        """
        preset = RULESETS.get(self.name) if "RULESETS" in globals() else None
        if preset is None:
            return "Rules(" + ", ".join(f"{f.name}={_code(getattr(self, f.name))}" for f in fields(self)) + ")"
        changed = [f"{f.name}={_code(getattr(self, f.name))}" for f in fields(self)
                   if getattr(self, f.name) != getattr(preset, f.name)]
        if not changed:
            return f"RULESETS[{self.name!r}]"
        return f"dataclasses.replace(RULESETS[{self.name!r}], {', '.join(changed)})"

    @property
    def deck_size(self) -> int:
        return 52 * self.decks + self.jokers

    @property
    def default_players(self) -> int:
        """The table a puzzle or a dealt position assumes: four where the ruleset plays with four, else two."""
        return 4 if 4 in self.player_counts else 2

    @property
    def one_hand(self) -> bool:
        """The match is one hand ("express")."""
        return self.target is None

    def card_points(self, rank: int) -> int:
        """Points of a card of this rank (0 for the joker)."""
        return self.card_values[rank]

    def bonus(self, kind: BuracoKind) -> int:
        """The bonus of a buraco of this kind as this ruleset counts it."""
        return {
            "clean": self.clean_bonus,
            "dirty": self.dirty_bonus,
            "semi-clean": self.semi_clean_bonus if self.semi_clean_bonus is not None
            else self.dirty_bonus,
            "royal": self.royal_bonus if self.royal_bonus is not None else self.clean_bonus,
            "ace-to-ace": self.ace_to_ace_bonus if self.ace_to_ace_bonus is not None
            else self.clean_bonus,
        }[kind]


_BURACO = Rules(
    name="buraco",
    initial_discard=False,
    wild_last_discard_guard=True,
    pot_guard=True,
    indirect_pot=IndirectPot.NEXT_TURN,
    going_out=GoingOut.MELD_OR_DISCARD,
    stock_end=StockEnd.LAST_CARD_DRAWN,
)
"""``buraco`` (default): partners, two pots of 11, the whole discard pile, clean 200 / dirty 100,
going out by meld or discard once the pot and a buraco are in, game to 2005 (505-3005).
Choices where docs/RULES.md is silent: the discard pile is open (every card visible)."""

_BRAZILIAN = Rules(
    name="brazilian",
    card_values=face_values(),
    pot_not_taken_penalty=0,
    pots=0,
    partnerships=False,
    player_counts=(2, 3, 4),
    meld_on_any=True,
    set_max_cards=4,
    set_distinct_suits=True,
    discard_take=DiscardTake.ANY_DEPTH,
    out_needs_clean=True,
    out_needs_pot=False,
    stock_end=StockEnd.EMPTY_AT_DRAW,
    target=3000,
    target_range=(500, 10000),
)
"""``brazilian``: every player alone, no pots, the discard pile taken at any depth, sets of at most
four different suits, out by discarding with a clean canasta, game to 3000.
Choices where docs/RULES.md is silent: the discard pile starts with one face-up card and is open;
the target may be set from 500 to 10000."""

_ITALIAN = Rules(
    name="italian",
    semi_clean_bonus=150,
    single_take_no_discard=True,
    direct_pot=False,
    target=None,
    tie=Tie.STARTER_WINS,
)
"""``italian``: partners, open discard pile, semi-clean 150, no direct pot, close with any canasta
by discarding, one hand ("express"); a tie goes to the side that started."""

_BURRACO = Rules(
    name="burraco",
    semi_clean_bonus=150,
    stock_end=StockEnd.TWO_LEFT,
    tie=Tie.DRAW,
)
"""``burraco``: 2 or 4 players, pots, semi-clean 150, close by discarding with a buraco, the hand
ends when two stock cards remain, game to 2005 (505-3005); equal totals are a draw.
Choices where docs/RULES.md is silent: the discard pile is open."""

_FECHADO = Rules(
    name="fechado",
    allow_sets=False,
    ace_to_ace=True,
    card_values=standard_values(joker=20, two=10),
    jokers=0,
    royal_bonus=500,
    ace_to_ace_bonus=1000,
    pot_unused_penalty=100,
    discard_take=DiscardTake.WHOLE_IF_TOP_MELDS,
    discard_open=False,
    going_out=GoingOut.MELD_OR_DISCARD,
    out_needs_clean=True,
    target=None,
    tie=Tie.STARTER_WINS,
)
"""``fechado``: runs only, no jokers (its eight 2s are the wild cards; ``jokers=4`` adds them back
at 20 points), a closed discard pile of which only the top card shows and whose top card must be
used, close with a clean canasta by discard or meld, royal 500, ace-to-ace 1000, one hand."""

#: The five rulesets of docs/RULES.md by name.
RULESETS: MappingProxyType[str, Rules] = MappingProxyType({
    r.name: r for r in (_BURACO, _BRAZILIAN, _ITALIAN, _BURRACO, _FECHADO)
})


def or_list(values: Sequence[int]) -> Message:
    """``2 or 4``, ``2, 3 or 4`` in the sentence's language (a ruleset's player counts, say).

    >>> or_list((2, 3, 4)).text(), or_list((2, 4)).text("de")
    ('2, 3 or 4', '2 oder 4')
    """
    if len(values) == 1:
        return Message("compare.number", {"n": values[0]})
    return Message("compare.or", {"first": [Message("compare.number", {"n": v}) for v in values[:-1]],
                                  "last": values[-1]})

