"""The one loop that lets bots play: a bot's move (:meth:`Seats.move`), a hand
(:func:`play_hand`), a match (:func:`play_match`).

Everything that lets bots play (the simulate command, the benchmarks, the game table widget)
drives them here. A bot gets only its seat's view and, where its ``choose`` takes a
``referee``, the game's answers about its own moves (``game.why_illegal``): the game then builds
a move it has just been asked about once. A bot that fails (its ``choose`` raises, or it chooses
a move the rules refuse, or something that is no move) raises :class:`BotError`, which names the
seat, the bot and what went wrong; the game is left as it was before that move.

>>> from buraco_core.game import Game
>>> from buraco_core.bots import make_bot
>>> game = Game("buraco", players=4, seed=7)
>>> seats = Seats({0: make_bot("greedy", 0)})
>>> seats.move(game), seats.move(game)[0]
((0, 'draw'), 0)
>>> class Stubborn:
...     name = "stubborn"
...     def choose(self, view):
...         return "discard JK"
>>> Seats([Stubborn()] * 4).move(game)
Traceback (most recent call last):
...
buraco_core.bots.loop.BotError: the stubborn bot of seat 1 chose discard JK, which the rules refuse: first draw: take a card from the stock or take the discard pile
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence

from ..errors import message_of
from ..game.actions import Action, NextHand
from ..game.facade import Game
from ..game.state import Phase
from ..game.view import view_of
from ..memo import Bounded
from ..messages import Message
from .protocol import Bot

__all__ = ["BotError", "Seats", "play_hand", "play_match"]


class BotError(RuntimeError):
    """A bot could not move: ``seat``, ``bot`` (its name), ``cause`` (the exception: the rules'
    refusal of its choice, or the error its ``choose`` raised), ``action`` (its refused choice,
    or None). ``message`` is the catalog message a page shows: the cause's own message (a
    refusal's, in the page's language), or for a bug in the bot ``widget.unexpected``; ``str(e)``
    is for developers, in English with the cause's text."""

    def __init__(self, seat: int, bot: str, cause: Exception, action: Action | str | None = None) -> None:
        self.seat = seat
        self.bot = bot
        self.cause = cause
        self.action = action
        said: object = message_of(cause) or Message("widget.unexpected")
        if action is None:
            self.message = Message("bot.failed", {"bot": bot, "seat": seat, "error": said})
            told = Message("bot.failed", {"bot": bot, "seat": seat, "error": str(cause)})
        else:
            self.message = Message("bot.refused", {"bot": bot, "seat": seat, "action": str(action), "reason": said})
            told = Message("bot.refused", {"bot": bot, "seat": seat, "action": str(action), "reason": str(cause)})
        super().__init__(told.text("en"))


class Seats:
    """The bots at a table by seat: a sequence (one bot a seat) or a mapping (the seats bots
    play, as at a table where a person plays the others)."""

    def __init__(self, bots: Sequence[Bot] | Mapping[int, Bot]) -> None:
        self._bots = bots
        self._seated: dict[int, tuple[Bot, bool]] = {}
        """Per seat asked so far: its bot, and whether its ``choose`` takes a referee."""

    def __contains__(self, seat: object) -> bool:
        if isinstance(self._bots, Mapping):
            return seat in self._bots
        return isinstance(seat, int) and 0 <= seat < len(self._bots)

    def bot(self, seat: int) -> Bot:
        """The bot of ``seat``; ValueError if no bot plays it."""
        try:
            return self._bots[seat]
        except (IndexError, KeyError):
            raise ValueError(f"no bot for seat {seat}: give one bot per seat") from None

    def move(self, game: Game) -> tuple[int, str]:
        """Let the bot of the seat to play make one move in ``game``; returns (seat, the
        action's text) as the engine logged it. Raises :class:`BotError` if the bot fails
        (``game`` unchanged), ValueError if no bot plays that seat or the hand is over."""
        phase = game.state.phase
        if phase is not Phase.DRAW and phase is not Phase.PLAY:
            raise ValueError("the hand is over: no bot has a move to make")
        return self._play(game, 1)[0]

    def _play(self, game: Game, limit: int) -> list[tuple[int, str]]:
        """:meth:`move` until the hand is over or ``limit`` moves are made; the moves made.
        (The one loop: :meth:`move` is one turn of it, :func:`play_hand` all of them; what
        stays the same from move to move is looked up once.)"""
        played: list[tuple[int, str]] = []
        seated = self._seated
        referee = game.why_illegal
        play = game.play
        state = game.state
        phase = state.phase
        draw, play_phase = Phase.DRAW, Phase.PLAY
        while (phase is draw or phase is play_phase) and len(played) < limit:
            seat = state.turn
            known = seated.get(seat)
            if known is None:
                chosen = self.bot(seat)
                known = seated[seat] = (chosen, _asks_referee(chosen))
            bot, asks = known
            try:
                if asks:
                    action = bot.choose(view_of(state, seat), referee)
                else:
                    action = bot.choose(view_of(state, seat))
            except Exception as err:
                raise BotError(seat, _name(bot), err) from err
            try:
                play(action)
            except Exception as err:  # a refused move, or no move at all: the bot's bug
                raise BotError(seat, _name(bot), err, action) from err
            state = game.state
            phase = state.phase
            played.append(state.history[-1])  # (seat, the action's text), as the engine logged it
        return played


def _name(bot: Bot) -> str:
    return str(getattr(bot, "name", type(bot).__name__))


_ASKS_REFEREE: Bounded[type, bool] = Bounded("bots.asks_referee", 256)


def _asks_referee(bot: Bot) -> bool:
    """Whether ``bot.choose`` takes a ``referee`` (a bot written as ``choose(view)`` is asked
    with the view alone)."""
    known = _ASKS_REFEREE.get(type(bot))
    if known is None:
        try:
            known = "referee" in inspect.signature(bot.choose).parameters
        except (TypeError, ValueError):
            known = False
        _ASKS_REFEREE.put(type(bot), known)
    return known


def play_hand(game: Game, bots: Seats | Sequence[Bot] | Mapping[int, Bot], *,
              max_actions: int = 20000) -> list[tuple[int, str]]:
    """Let the bots play ``game`` until the hand is over (:meth:`Seats.move`, a move at a
    time); return the (seat, action text) played. A failing bot raises :class:`BotError`, and
    ``max_actions`` guards against a hand that never ends.
    """
    seats = bots if isinstance(bots, Seats) else Seats(bots)
    played = seats._play(game, max_actions)
    phase = game.state.phase
    if phase is Phase.DRAW or phase is Phase.PLAY:
        raise RuntimeError(f"the hand did not end within {max_actions} actions")
    return played


def play_match(game: Game, bots: Seats | Sequence[Bot] | Mapping[int, Bot], *,
               on_hand: Callable[[Game], None] | None = None, max_hands: int = 200) -> int | None:
    """Play hands until the match is over; ``on_hand(game)`` runs after every hand (before the
    next deal). Returns the winning team, or None for a draw."""
    seats = bots if isinstance(bots, Seats) else Seats(bots)
    for _ in range(max_hands):
        play_hand(game, seats)
        if on_hand is not None:
            on_hand(game)
        if game.is_match_over:
            return game.winner
        game.play(NextHand())
    raise RuntimeError(f"the match did not end within {max_hands} hands")
