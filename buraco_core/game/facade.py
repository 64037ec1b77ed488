"""The game as one mutable object for notebooks, in the style of python-chess's ``Board``.

>>> game = Game(rules="buraco", players=4, seed=7)
>>> game.turn, game.phase.value
(0, 'draw')
>>> game.play("draw")
Draw()
>>> "draw" in game.legal_actions()
False
>>> reason = game.why_illegal("draw")
>>> reason.rule, str(reason)
('turn', 'you have already drawn this turn: meld, add to a meld, or discard to end your turn')
>>> game.last_events
(Drew(seat=0, card=Card.from_str('8♠'), empty=False, clauses=()),)
>>> game.undo()
Draw()
>>> Game.from_json(game.to_json()).state == game.state
True
"""

from __future__ import annotations

import json
from typing import NotRequired, TypedDict

from ..cards import Card
from ..jsondata import JsonObject
from ..melds import Meld
from ..rules import Rules
from ..scoring import Score
from ..variants import get_rules
from .actions import Action, IllegalAction, parse_action
from .engine import apply, apply_events, judge
from .events import Event
from .legal import LegalActions, legal_actions
from .scenario_text import read_scenario
from .serialize import StateDict, rules_to_dict, state_from_dict, state_to_dict
from .state import Phase, State, new_game
from .view import View, view_of

__all__ = ["FORMAT", "Game", "GameDict"]

#: The format tag of :meth:`Game.to_json`.
FORMAT = "buraco-game/1"


class GameDict(TypedDict):
    """A game as :meth:`Game.to_dict` writes it: the ruleset, the start, every move and the state
    they lead to (which loading checks)."""

    format: str
    rules: JsonObject
    description: NotRequired[str]
    perspective: NotRequired[int]
    start: StateDict
    actions: list[str]
    state: NotRequired[StateDict]


SNAPSHOT = 32
"""The game keeps every SNAPSHOT-th state for undo (and the current one), not every state: a
hand is hundreds of moves, and undo replays at most SNAPSHOT - 1 of them."""


class Game:
    """A game in progress: the current :class:`State`, the moves so far, undo, save and load.

    ``perspective`` is the seat ``_repr_html_`` draws the table for (default 0).
    """

    def __init__(self, rules: Rules | str = "buraco", players: int = 4, seed: int = 0, *,
                 state: State | None = None) -> None:
        self._start = state if state is not None else new_game(get_rules(rules), players, seed)
        self._state = self._start
        self._kept: list[State] = [self._start]
        """The state before move 0, SNAPSHOT, 2 * SNAPSHOT, ...: undo replays from the last."""
        self._actions: list[Action] = []
        self._seats: list[int] = []
        self.perspective = 0
        self.description = ""
        self._checked: tuple[State, str | Action, State] | None = None
        """The last legal move :meth:`why_illegal` built: (state, action as given, next state)."""
        self._events: tuple[Event, ...] | None = ()
        """The last move's events; None: not worked out yet (the move came from why_illegal)."""
        self._last: tuple[State, Action] | None = None
        """The last move: (the state before it, the action), while its events are not worked out."""

    @classmethod
    def from_state(cls, state: State, description: str = "") -> Game:
        """A game that starts at ``state`` (a scenario, or any position), with its ``description``
        for the learner."""
        game = cls(state=state)
        game.description = description
        return game

    def copy(self) -> Game:
        """A game at the same point with the same moves behind it (undo, save, history), that goes
        on by itself: the states are immutable, so only the lists of moves are copied."""
        twin = Game(state=self._start)
        twin._state, twin._kept = self._state, list(self._kept)
        twin._actions, twin._seats = list(self._actions), list(self._seats)
        twin.perspective, twin.description = self.perspective, self.description
        twin._events, twin._last = self._events, self._last
        return twin

    @classmethod
    def scenario(cls, name: str) -> Game:
        """A named scenario of ``buraco_core/game/scenarios`` (a shipped name, or a path to a ``.txt``
        file: :mod:`buraco_core.game.scenario_text`)."""
        scenario = read_scenario(name)
        return cls.from_state(scenario.state, scenario.description)

    # ------------------------------------------------------------------ state
    @property
    def state(self) -> State:
        return self._state

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def turn(self) -> int:
        """The seat to play."""
        return self.state.turn

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return self.state.hands

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """The melds per team, in the order laid (meld numbers count from 1)."""
        return self.state.melds

    @property
    def stock(self) -> tuple[Card, ...]:
        return self.state.stock

    @property
    def discard(self) -> tuple[Card, ...]:
        return self.state.discard

    @property
    def scores(self) -> tuple[Score, ...]:
        """Per team, the scores of the hand just over (empty while a hand is on)."""
        return self.state.hand_scores

    @property
    def totals(self) -> tuple[int, ...]:
        return self.state.totals

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def is_hand_over(self) -> bool:
        return self.state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)

    @property
    def is_match_over(self) -> bool:
        return self.state.phase is Phase.MATCH_OVER

    @property
    def history(self) -> list[tuple[int, str]]:
        """(seat, action text) of every move since the start, across hands."""
        return [(seat, str(a)) for seat, a in zip(self._seats, self._actions, strict=True)]

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    # ------------------------------------------------------------------ moves
    def parse(self, text: str | Action) -> Action:
        """Read an action's text (an action is returned as it is)."""
        return parse_action(text)

    def play(self, action: str | Action) -> Action:
        """Parse and apply one move of the player to move; returns the action.

        A refused move raises :class:`IllegalAction` (``.rule`` names its clause) and changes
        nothing; text that is not a move raises :class:`~buraco_core.errors.NotationError`.
        """
        state = self._state
        act = parse_action(action)
        checked = self._checked
        if checked is not None and checked[0] is state and checked[1] is action:
            new = checked[2]  # why_illegal has just built it
        else:
            new = apply(state, act)
        # its events are worked out when asked for (last_events): the bots never ask
        self._events, self._last = None, (state, act)
        self._seats.append(state.turn)
        actions = self._actions
        actions.append(act)
        if len(actions) % SNAPSHOT == 0:
            self._kept.append(new)
        self._state = new
        return act

    @property
    def last_events(self) -> tuple[Event, ...]:
        """What the last move did (:func:`~buraco_core.game.engine.apply_events`): its events,
        every card named (:func:`~buraco_core.game.events.seen_by` gives one seat's share);
        empty at the start and after :meth:`undo`. Worked out from the move when first asked
        for, so that a move nobody asks about (a bot's) costs nothing more."""
        if self._events is None:
            assert self._last is not None
            self._events = apply_events(*self._last)[1]
            self._last = None
        return self._events

    def legal_actions(self) -> LegalActions:
        return legal_actions(self.state)

    def is_legal(self, action: str | Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: str | Action) -> IllegalAction | None:
        """The refusal of this move now (an :class:`IllegalAction`, not raised: ``.rule`` and
        ``str()``), or None if it is legal. Text that is not a move raises
        :class:`~buraco_core.errors.NotationError`: only a readable move is judged. A legal move
        asked about and then played as the same object (``play(action)``) is built once."""
        verdict = judge(self._state, action)
        if type(verdict) is State:
            self._checked = (self._state, action, verdict)
            return None
        return verdict  # type: ignore[return-value]  # a refusal, or None

    def undo(self) -> Action:
        """Take back the last move; returns it. IndexError at the start."""
        if not self._actions:
            raise IndexError("nothing to undo: this is the start of the game")
        if len(self._actions) % SNAPSHOT == 0:
            self._kept.pop()
        self._seats.pop()
        undone = self._actions.pop()
        self._events, self._last = (), None
        # the state before the undone move: the last kept one, and the moves since replayed
        # (apply is pure, so they give the same states again)
        start = len(self._actions) - len(self._actions) % SNAPSHOT
        state = self._kept[-1]
        for act in self._actions[start:]:
            state = apply(state, act)
        self._state = state
        return undone

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` (default: the seat to play) may see."""
        return view_of(self.state, self.turn if seat is None else seat)

    # ------------------------------------------------------------------ save and load
    def to_dict(self) -> GameDict:
        start = state_to_dict(self._start, with_rules=False)
        return {"format": FORMAT, "rules": rules_to_dict(self._start.rules), "description": self.description,
                "perspective": self.perspective, "start": start,
                "actions": [str(a) for a in self._actions],
                "state": state_to_dict(self.state, with_rules=False)}

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON: the start, every move, the current state."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: GameDict) -> Game:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a saved game: the format should be {FORMAT!r}")
        start_dict: StateDict = {**data["start"], "rules": data["rules"]}
        start = state_from_dict(start_dict)
        game = cls(state=start)
        for text in data["actions"]:
            game.play(text)
        game.perspective = int(data.get("perspective", 0))
        game.description = str(data.get("description", ""))
        if "state" in data and state_from_dict(data["state"], start.rules) != game.state:
            raise ValueError("the saved state does not match the replayed moves")
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game saved by :meth:`to_json`, at the same point, with its undo history."""
        return cls.from_dict(json.loads(text))

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        s = self.state
        return (f"<Game {s.rules.name} {s.players} players, hand {s.hand_number}, "
                f"seat {s.turn} to {s.phase.value}, totals {list(s.totals)}>")

    def __str__(self) -> str:
        from ..board import table_text  # the drawing is a floor above (render): handed off when asked

        return table_text(self.view(self.perspective))

    def _repr_html_(self) -> str:
        from ..board import table_html  # (the same hand-off)

        return table_html(self.view(self.perspective))
