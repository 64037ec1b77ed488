"""A hand at the table, with no widget: the learner's seat against bots, with a coach.

A :class:`TableSession` holds the game, the bots of the other seats and what the table has told
so far. :meth:`~TableSession.play` takes the learner's play as text and returns a :class:`Move`:
the action made, or the rules' refusal (nothing changed), or why the text is no play, or why
nothing was judged (not the learner's turn, the hand over, the bots still moving); a move made
carries the play in words as the learner's seat saw it, the rules with a condition it used and
how it counts toward mastery. :meth:`~TableSession.step` lets the bot to move play once,
:meth:`~TableSession.run_bots` all of them until the learner's turn, at once or ``pace`` seconds
apart in the background. The coach is asked through :meth:`~TableSession.suggest` (a play and
why), :meth:`~TableSession.after_turn` (the learner's discard that fed the next player) and
:meth:`~TableSession.debrief` (the hand's costliest plays). :meth:`~TableSession.saved` and
:meth:`~TableSession.restore` keep the table (the game, the bots' random states, the log).

What a play did is learned in one place, :func:`effects`.

>>> table = TableSession("buraco", seed=7)
>>> move = table.play("discard JK")
>>> move.refusal.rule, move.action, move.answers
('turn', None, (('turn', <Outcome.WRONG: 'wrong'>),))
>>> move = table.play("draw")
>>> move.action, move.told[0].key
(Draw(), 'narrate.you.draw')
>>> table.play("fly away").unreadable is not None
True
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from ..board import seat_name
from ..bots import Bot, BotError, Seats, make_bot
from ..coach import Advice, Remark, advise, review
from ..game import Action, AddToMeld, Discard, Event, Game, Phase, State, View, seen_by, view_of
from ..game.actions import IllegalAction
from ..game.events import Added, Melded, PotTaken, PotToStock, PotWaiting
from ..jsondata import JsonValue
from ..melds import InvalidMeld, Meld
from ..messages import Message
from ..narrate import narrate_events
from ..rules import Rules
from ..teach.learners.mastery import Outcome
from ..teach.puzzles.puzzle import own_words
from ..variants import get_rules, parse_variant
from .base import SessionError, new_session_id

__all__ = ["KEPT_FORMAT", "Effects", "Move", "TableSession", "effects"]

_LOG = logging.getLogger(__name__)

#: The format of a kept table (:meth:`TableSession.saved`).
KEPT_FORMAT = "buraco-table/1"

_ANNOUNCED = frozenset({"narrate.pot", "narrate.pot-waiting", "narrate.out"})
"""What a computer play sets off that the table announces (not only logs)."""


class Fresh(TypedDict, total=False):
    """What the page marks of a computer play (:attr:`Effects.fresh`): the seat, what moved (the
    play's verb), the meld made or grown as ``[team, index]``, the team whose pot moved."""

    seat: int
    what: str
    meld: list[int]
    pot: int


@dataclass(frozen=True)
class Effects:
    """What a play did, as the table tells it: ``events`` (the engine's, as the learner's seat saw
    them: :func:`~buraco_core.game.events.seen_by`), ``told`` (the play in words, as that seat saw
    it, then what it set off), ``clauses`` (the rules with a condition a play of the learner used:
    the pot, going out), ``fresh`` (what the page marks of a computer play: the seat, what moved, a
    pot picked up, the meld made or grown as ``[team, index]``)."""

    events: tuple[Event, ...]
    told: tuple[Message, ...]
    clauses: tuple[str, ...] = ()
    fresh: Fresh = field(default_factory=Fresh)


def effects(events: Sequence[Event], after: State, seat: int, action: Action, *, viewer: int) -> Effects:
    """What ``seat``'s ``action`` did (its ``events``, the engine's ``Game.last_events``; ``after``
    the state it led to), for the table of ``viewer``: the one place the table learns it.

    The clauses a play used are those its own events name; the marks of a computer play come
    from the events; the words render them (:func:`~buraco_core.narrate.narrate_events`)."""
    told = tuple(narrate_events(events, view_of(after, viewer)))
    shown = seen_by(events, viewer)
    if seat == viewer:
        used = dict.fromkeys(c for e in shown if getattr(e, "seat", None) == seat for c in e.clauses)
        return Effects(shown, told, tuple(used))
    fresh: Fresh = {"seat": seat, "what": str(action).split()[0]}
    for e in shown:
        if isinstance(e, Melded | Added):
            fresh["meld"] = [e.team, e.number - 1]
        elif isinstance(e, PotTaken | PotWaiting | PotToStock):
            fresh["pot"] = e.team
    return Effects(shown, told, fresh=fresh)


@dataclass(frozen=True)
class Move:
    """What one play at the table came to: the learner's (:meth:`TableSession.play`) or a bot's
    (:meth:`TableSession.step`).

    Exactly one of these says what happened: ``action`` (the play made), ``refusal`` (the rules
    refused it: nothing changed), ``unreadable`` (the text is no play), ``blocked`` (why nothing
    was judged), ``failure`` (a bot could not move: the hand stops). A play made carries its
    :class:`Effects` (``events``, the engine's, as the learner saw them; ``told``, ``clauses``,
    ``fresh``), ``announced`` (a computer
    play that picked up a pot or went out), and ``answers``: how a play of the learner counts
    toward mastery, (clause, outcome) each, recorded as ``variant``."""

    seat: int
    text: str
    action: Action | None = None
    refusal: IllegalAction | None = None
    unreadable: ValueError | None = None
    blocked: Message | None = None
    failure: BotError | None = None
    told: tuple[Message, ...] = ()
    clauses: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    fresh: Fresh = field(default_factory=Fresh)
    announced: bool = False
    answers: tuple[tuple[str, Outcome], ...] = ()
    variant: str = ""

    @property
    def played(self) -> bool:
        return self.action is not None


class TableSession:
    """A hand against bots: ``TableSession("buraco", seed=7)``.

    ``rules`` a ruleset (a name, a house variant's text, which may name its players, or a
    :class:`Rules`), ``seat`` the learner's seat (0 plays first), ``bots`` a bot name (``greedy``,
    ``random``, ``mc``) or one name or :class:`~buraco_core.bots.Bot` per other seat (or per seat,
    the learner's left out), ``coach_worlds`` the coach's sampled deals. ``game`` a game in
    progress instead of a new one.

    ``log`` holds every move told so far (a line of messages each), ``bot_error`` why a bot could
    not move (the hand stops there until :meth:`new_game`), ``advice`` the coach's last
    suggestion, ``remarks`` its remarks (after a turn, the debrief), ``fresh`` the last computer
    play's marks, ``busy`` whether the bots are playing in the background, ``id`` the session the
    learner's answers are recorded with (a clause missed here is relearned only in another one).
    """

    def __init__(self, rules: Rules | str = "buraco", seed: int = 7, players: int = 4, *, seat: int = 0,
                 bots: str | Sequence[str | Bot] = "greedy", coach_worlds: int = 16, game: Game | None = None) -> None:
        if isinstance(rules, str):  # a preset's name or a house variant's text (its players too)
            variant = parse_variant(rules)
            rules, players = variant.rules, variant.players or players
        self.game = game if game is not None else Game(rules=get_rules(rules), players=players, seed=seed)
        self.seed = seed
        self.seat = seat
        self.coach_worlds = coach_worlds
        self._players = players
        self._bot_names = bots
        self._outcomes: list[Callable[[str, IllegalAction | None], None]] = []
        self._task: asyncio.Task[None] | None = None
        self.busy = False
        self.id = new_session_id("table")
        """The session the learner's answers at this table are recorded with (every hand of it)."""
        self._fresh_table()
        self._make_bots()

    def _fresh_table(self) -> None:
        self.log: list[tuple[Message, ...]] = []
        self.bot_error: Message | None = None
        self.advice: Advice | None = None
        self.remarks: list[Remark] = []
        self.fresh: Fresh = {}
        self.suggested = False
        """The coach was asked since the learner's last play that used a rule (it then counts as helped)."""
        self.turn_start = 0
        """Where the learner's current turn begins in the hand's moves (the last turn's remark)."""

    def _make_bots(self) -> None:
        names: list[str | Bot]
        players = self.game.players
        if isinstance(self._bot_names, str):
            names = [self._bot_names] * players
        else:
            names = list(self._bot_names)
            if len(names) == players - 1:
                names.insert(self.seat, "")
        if len(names) != players:
            raise ValueError(f"give one bot name, or one per other seat ({players - 1}), not {len(names)}")
        self.bots = {s: make_bot(b, self.seed * 10 + s) if isinstance(b, str) else b
                     for s, b in enumerate(names) if s != self.seat}
        self._seats = Seats(self.bots)

    @property
    def view(self) -> View:
        """What the learner's seat may see."""
        return self.game.view(self.seat)

    @property
    def learner_to_play(self) -> bool:
        """The learner may play now: it is their turn and no bot is moving in the background."""
        return self.view.my_turn and not self.busy

    def on_outcome(self, callback: Callable[[str, IllegalAction | None], None]) -> None:
        """Call ``callback(play, refusal)`` after each play of the learner the rules judged:
        ``refusal`` the rules' :class:`IllegalAction` (nothing changed), or None for a play made."""
        self._outcomes.append(callback)

    # -- the learner's plays ------------------------------------------------------------------
    def _blocked(self) -> Message | None:
        if self.busy:
            return Message("widget.game.still-moving")
        if self.bot_error is not None:
            return self.bot_error
        v = self.view
        if v.phase is Phase.HAND_OVER:
            return Message("widget.game.hand-over-next")
        if v.phase is Phase.MATCH_OVER:
            return Message("widget.game.hand-over")
        if not v.my_turn:
            return Message("widget.game.not-your-turn", {"player": seat_name(v, v.turn)})
        return None

    def _variant(self) -> str:
        v = self.view
        return f"game-{v.rules.name}-{self.seed}-{v.hand_number}-{len(self.game.history)}"

    def play(self, text: str) -> Move:
        """The learner's play ``text`` (``"meld 4h 5h 6h"``), judged by the rules and made if
        they allow it; a refused or unreadable play changes nothing."""
        blocked = self._blocked()
        if blocked is not None:
            return Move(self.seat, text, blocked=blocked)
        try:
            refusal = self.game.why_illegal(text)
            action = self.game.play(text) if refusal is None else None
        except ValueError as exc:  # the text is not a play
            return Move(self.seat, text, unreadable=exc)
        if action is None:
            assert refusal is not None
            move = Move(self.seat, text, refusal=refusal, answers=((refusal.rule, Outcome.WRONG),),
                        variant=self._variant())
            self._judged(text, move)
            return move
        did = effects(self.game.last_events, self.game.state, self.seat, action, viewer=self.seat)
        outcome = Outcome.HELPED if self.suggested else Outcome.FIRST
        answers = tuple((clause, outcome) for clause in did.clauses)
        if answers:
            self.suggested = False
        self.log.append(did.told)
        self.fresh = {}
        self.advice = None
        if isinstance(action, Discard):
            self.turn_start = len(self.game.state.history)
        move = Move(self.seat, str(action), action=action, told=did.told, clauses=did.clauses, events=did.events,
                    answers=answers, variant=self._variant())
        self._judged(str(action), move)
        return move

    def _judged(self, play: str, move: Move) -> None:
        for callback in self._outcomes:
            callback(play, move.refusal)

    def wild_ends(self, text: str) -> dict[str, Meld]:
        """For an addition whose wild card must move and could go to either end: the meld each
        end makes (``{"low": ..., "high": ...}``); empty when there is nothing to choose (the text
        names its end, the wild card has one place, it is no addition or no play at all) or
        nothing would be judged (not the learner's turn: :meth:`play` says why)."""
        if self._blocked() is not None:
            return {}
        try:
            action = self.game.parse(text)
        except ValueError:  # no play: :meth:`play` says why
            return {}
        if not isinstance(action, AddToMeld) or action.wild_end is not None:
            return {}
        v = self.view
        melds = v.melds[v.team if action.team is None else action.team]
        if not 1 <= action.meld <= len(melds):
            return {}
        made: dict[str, Meld] = {}
        for end in ("low", "high"):
            try:
                made[end] = melds[action.meld - 1].extend(action.cards, v.rules, wild_end=end)
            except InvalidMeld:
                continue
        return made if len(made) == 2 and made["low"].cards != made["high"].cards else {}

    # -- the bots -------------------------------------------------------------------------------
    @property
    def bots_to_move(self) -> bool:
        """A bot has the turn (and none has failed)."""
        v = self.game.view()
        return v.phase in (Phase.DRAW, Phase.PLAY) and v.turn != self.seat and self.bot_error is None

    def step(self) -> Move | None:
        """Let the bot to move play once (the engine's bot loop, :class:`~buraco_core.bots.Seats`);
        None when no bot has the turn. A bot that fails stops the hand (``bot_error``)."""
        if not self.bots_to_move:
            return None
        try:
            seat, text = self._seats.move(self.game)
        except BotError as err:
            return self._bot_failed(err)
        did = effects(self.game.last_events, self.game.state, seat, self.game.actions[-1], viewer=self.seat)
        self.log.append(did.told)
        self.fresh = did.fresh
        return Move(seat, text, action=self.game.actions[-1], told=did.told, events=did.events, fresh=did.fresh,
                    announced=any(m.key in _ANNOUNCED for m in did.told))

    def _bot_failed(self, err: BotError) -> Move:
        _LOG.error("%s", err, exc_info=err.cause)
        player = seat_name(self.view, err.seat)
        self.bot_error = Message("bot.stopped", {"player": player, "reason": err.message})
        line = (Message("table.seat-line", {"player": player, "what": Message("bot.log-failed", {"reason": err.message})}),)
        self.log.append(line)
        return Move(err.seat, "", failure=err, told=line)

    def advance(self, max_moves: int = 2000) -> list[Move]:
        """Let the bots play, without pauses, until the learner's turn or the end of the hand."""
        played = []
        for _ in range(max_moves):
            move = self.step()
            if move is None:
                break
            played.append(move)
        return played

    def run_bots(self, pace: float, each: Callable[[Move], None], done: Callable[[Exception | None], None]) -> None:
        """Let the bots play until the learner's turn: at once (``pace`` 0, or no running event
        loop), or in the background ``pace`` seconds apart (``busy`` meanwhile). ``each(move)``
        after every move, ``done(error)`` at the end (``error``: an unexpected one that stopped them)."""
        if self._task is not None:
            return
        try:
            loop = asyncio.get_running_loop() if pace > 0 else None
        except RuntimeError:  # no event loop (a plain script): play at once
            loop = None
        if loop is None:
            for move in self.advance():
                each(move)
            done(None)
            return
        self.busy = True
        self._task = loop.create_task(self._run(pace, each, done))

    async def _run(self, pace: float, each: Callable[[Move], None], done: Callable[[Exception | None], None]) -> None:
        error: Exception | None = None
        try:
            while True:
                await asyncio.sleep(pace)
                try:
                    move = self.step()
                except Exception as exc:  # a bug: said on the page, logged here
                    _LOG.exception("the bots stopped")
                    error = exc
                    break
                if move is None:
                    break
                each(move)
        finally:
            self.busy = False
            self._task = None
            done(error)

    def cancel(self) -> None:
        """Stop the bots playing in the background."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.busy = False

    # -- the coach ------------------------------------------------------------------------------
    def suggest(self) -> Advice:
        """The coach's advice for the learner's turn, from the learner's view (``advice``); a
        success that follows it counts as helped. :class:`SessionError` when it is not the learner's turn."""
        if not self.learner_to_play:
            raise SessionError(Message("widget.game.coach-on-your-turn"))
        self.advice = advise(self.game, self.seat, worlds=self.coach_worlds)
        self.suggested = True
        return self.advice

    def after_turn(self) -> list[Remark]:
        """Once the turn is the learner's again: if the learner's last discard fed the next player
        (they took the pile with it), the coach's remark on that discard (added to ``remarks``)."""
        history = self.game.state.history
        discards = [j for j in range(max(0, self.turn_start - 1), len(history))
                    if history[j][0] == self.seat and history[j][1].startswith("discard")]
        if not discards:
            return []
        last = discards[-1]
        fed = any(w == (self.seat + 1) % self.game.players and t.startswith("take") for w, t in history[last + 1:last + 2])
        if not fed:
            return []
        found = [r for r in review(self.game, self.seat, since=last, worlds=self.coach_worlds) if r.move == last]
        self.remarks = [*self.remarks, *found]
        return found

    def debrief(self) -> list[Remark] | None:
        """The end of the hand: the coach's three costliest plays of the learner (``remarks``), or
        None when nothing was played."""
        if not self.game.state.history:
            return None
        self.remarks = review(self.game, self.seat, worlds=self.coach_worlds)[:3]
        return self.remarks

    # -- hands and games ------------------------------------------------------------------------
    @property
    def hand_over(self) -> bool:
        """The hand is over (and maybe the match)."""
        return self.game.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)

    @property
    def under_way(self) -> bool:
        """A new game would lose this one: something was played, the match is not over and no
        bot stopped the hand."""
        return bool(self.game.history) and self.bot_error is None and self.game.phase is not Phase.MATCH_OVER

    def next_hand(self) -> Move:
        """Deal the next hand once this one is over."""
        v = self.view
        if v.phase is not Phase.HAND_OVER:
            return Move(self.seat, "next", blocked=Message(
                "widget.game.match-over" if v.phase is Phase.MATCH_OVER else "widget.game.hand-not-over"))
        action = self.game.play("next")
        did = effects(self.game.last_events, self.game.state, self.seat, action, viewer=self.seat)
        self.log.append(did.told)
        self.remarks = []
        self.turn_start = 0
        return Move(self.seat, "next", action=action, told=did.told, events=did.events)

    def is_this_game(self, rules: str) -> bool:
        """Whether the ruleset text ``rules`` (a preset's name or a house variant's text) names the
        game at the table: its rules, and its number of players if the text names one (False: a
        new game would be another). :class:`ValueError` for a text that names no ruleset."""
        variant = parse_variant(rules)
        return variant.rules == self.game.rules and variant.players in (None, self.game.players)

    def new_game(self, rules: Rules | str | None = None, seed: int | None = None, players: int | None = None) -> None:
        """A new game (the same seed unless given), in ``rules`` or the current ruleset (a house
        variant's text may name its ``players``; a number the ruleset does not play becomes its largest)."""
        if isinstance(rules, str):
            variant = parse_variant(rules)
            rules, players = variant.rules, variant.players or players
        chosen = get_rules(rules if rules is not None else self.game.rules)
        if players is not None:
            self._players = players
        count = self._players if self._players in chosen.player_counts else max(chosen.player_counts)
        if seed is not None:
            self.seed = seed
        self.cancel()
        self.game = Game(rules=chosen, players=count, seed=self.seed)
        self._make_bots()
        self._fresh_table()

    def log_words(self, lang: str = "en", start: int = 0) -> list[str]:
        """The log in ``lang`` from its line ``start`` on: a move and what it set off, in words, a line each."""
        return [" ".join(m.text(lang) for m in line) for line in self.log[start:]]

    # -- kept in the browser ----------------------------------------------------------------------
    def saved(self, lang: str = "en") -> str:
        """The table as a page keeps it: the game, the bots' random states, the seed and the log
        (in ``lang``), so that :meth:`restore` resumes exactly."""
        bots = {str(s): _rng_state(b) for s, b in self.bots.items()}
        return json.dumps({"format": KEPT_FORMAT, "seed": self.seed, "game": self.game.to_dict(), "bots": bots,
                           "log": self.log_words(lang)}, separators=(",", ":"))

    def restore(self, text: str) -> bool:
        """Resume the table :meth:`saved` kept; False (the table as it was, the reason logged) for
        an old or damaged copy."""
        try:
            data = json.loads(text)
            if data.get("format") != KEPT_FORMAT:
                raise ValueError("not a kept table")
            game = Game.from_dict(data["game"])
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            _LOG.warning("the game kept in the browser could not be resumed: %s", exc)
            return False
        self.cancel()
        self.seed = int(data.get("seed", self.seed))
        self.game = game
        self._make_bots()
        for s, state in dict(data.get("bots", {})).items():
            bot = self.bots.get(int(s))
            rng = getattr(bot, "rng", None)
            if isinstance(rng, random.Random) and state is not None:
                rng.setstate(_state_tuple(state))
        self._fresh_table()
        self.log = [(own_words(str(line)),) for line in data.get("log", [])]
        self.turn_start = len(game.state.history)
        return True


def _rng_state(bot: Bot) -> list[JsonValue] | None:
    rng = getattr(bot, "rng", None)
    if not isinstance(rng, random.Random):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _state_tuple(state: Sequence[JsonValue]) -> tuple[int, tuple[int, ...], float | None]:
    """A random state :func:`_rng_state` kept, as ``random.Random.setstate`` takes it."""
    version, internal, gauss = state
    numbers = tuple(x for x in internal if isinstance(x, int)) if isinstance(internal, list) else ()
    if not isinstance(version, int) or not isinstance(internal, list) or len(numbers) != len(internal) \
            or not isinstance(gauss, float | None):
        raise TypeError(f"not a random state: {str(state)[:40]}")
    return (version, numbers, gauss)
