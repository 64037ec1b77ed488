"""GameTable: a whole hand against bots, with a coach.

The learner plays one seat through the buttons (draw, take the pile, meld the selected cards,
add them to a clicked meld, discard the selected card); every action is sent as text to
:class:`buraco_core.game.Game`, and a refused one shows the engine's reason
(``game.why_illegal``) and changes nothing. The bots then move one at a time, ``pace`` seconds
apart (0: all at once, as in tests), and every move is told in words in the log
(:func:`buraco_core.narrate.narrate`, from the learner's view). "Suggest" asks the coach
(:func:`buraco_core.coach.advise`): it selects the cards and the meld and says why. After a
learner's discard the next player melded from the pile, the coach remarks on it; at the end of
the hand the score sheet shows the engine's lines and the coach's debrief its three costliest
plays (:func:`buraco_core.coach.review`). The game is kept in the browser after every move
(:class:`~buraco_widgets.keeper.GameKeeper`) and resumes after a reload.

A play's outcome is known in one place, :meth:`GameTable.outcome` (a refused play with its
refusal, or a legal one): callbacks given to :meth:`on_outcome` are called there.

With ``lesson`` set, the learner's plays count toward mastery (:class:`Progress`): a refused play
is a miss on the clause of its refusal, a legal play that used a rule with a condition (the pot,
going out: :func:`buraco_core.teach.plays.clauses_used`) a success on it, helped after Suggest.

>>> from buraco_widgets import GameTable
>>> table = GameTable(rules="buraco", seed=7, pace=0)
>>> before = table.game.to_json()
>>> table.discard()                        # nothing selected, and no card drawn yet
False
>>> table.play("discard JK")
False
>>> table.feedback.value.startswith("Refused:"), table.game.to_json() == before
(True, True)
>>> table.draw()
True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import warnings
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets
import traitlets

from buraco_core import IllegalAction, Meld, Rules, board, format_cards
from buraco_core.bots import Bot, BotError, Seats, make_bot
from buraco_core.coach import Advice, Remark, advise, review
from buraco_core.game import Action, Game, Phase, State, View, view_of
from buraco_core.messages import Message, render
from buraco_core.narrate import narrate
from buraco_core.teach.mastery import Outcome
from buraco_core.teach.plays import clauses_used
from buraco_core.variants import parse_variant

from ._common import as_rules, button, guard, reason, rules_key
from .feedback import FeedbackBox
from .hand import Hand
from .keeper import GameKeeper
from .language import resolve
from .progress import Progress
from .table import TableView
from .tabletop import TableTop

_LOG = logging.getLogger(__name__)

__all__ = ["GameTable"]

_ANNOUNCED = frozenset({"narrate.pot", "narrate.pot-waiting", "narrate.out"})
"""What a computer play sets off that the table announces (not only logs)."""


class GameTable(ipywidgets.VBox):  # type: ignore[misc]
    """Play a hand against bots: ``GameTable(rules="buraco", seed=7)``.

    ``seat`` is the learner's seat (0 plays first); ``bots`` a bot name (``"greedy"``,
    ``"random"``, ``"mc"``) or one name (or :class:`~buraco_core.bots.Bot`) per other seat;
    ``pace`` the seconds between two bot moves; ``coach`` shows the rule behind a refused play and the Suggest button; with
    ``autoplay=False`` the bots wait for :meth:`step` / :meth:`advance_bots`.

    Python face for lessons and tests: :meth:`play` (any action text), :meth:`draw`,
    :meth:`take`, :meth:`meld`, :meth:`add`, :meth:`discard`, :meth:`suggest`, :meth:`step`
    (one bot move), :meth:`advance_bots` (bots until it is the learner's turn),
    :meth:`next_hand`. ``feedback.value`` is the last message, ``log`` the moves so far.
    The bots move through the engine's one bot loop (:class:`~buraco_core.bots.Seats`); a bot
    that fails stops the hand with a message on the page, a line in the moves log and in the
    Python log (``bot_error``).
    """

    rules = traitlets.Unicode("buraco")
    """The ruleset's name (a :class:`Rules` given to the constructor is kept as the game's)."""
    seat = traitlets.Int(0)
    pace = traitlets.Float(0.6)
    coach = traitlets.Bool(True)
    log = traitlets.List(traitlets.Unicode())
    busy = traitlets.Bool(False)
    bot_error = traitlets.Unicode("")
    """Why a bot could not move (the hand stops there); empty while the bots play."""

    def __init__(self, rules: Rules | str = "buraco", seed: int = 7, players: int = 4, *, seat: int = 0,
                 bots: str | Sequence[str | Bot] = "greedy", pace: float = 0.6, coach: bool = True,
                 coach_worlds: int = 16, game: Game | None = None, autoplay: bool = True,
                 lesson: str = "", progress: Progress | None = None, keep: str | None = None,
                 debrief: bool = True, lang: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = resolve(lang)
        """The language of every word at the table (default: the course's, :func:`~buraco_widgets.use_language`)."""
        self.add_class("bw-game")
        if isinstance(rules, str):  # a preset's name or a house variant's text (its players too)
            variant = parse_variant(rules)
            rules, players = variant.rules, variant.players or players
        self.game = game if game is not None else Game(rules=as_rules(rules), players=players, seed=seed)
        self._seed = seed
        self._players_arg = players
        self._bot_names = bots
        self._coach_worlds = coach_worlds
        self._debrief_on = debrief
        self._outcome_callbacks: list[Callable[[str, IllegalAction | None], None]] = []
        self.advice: Advice | None = None
        """The coach's last advice (Suggest), or None."""
        self.remarks: list[Remark] = []
        """The coach's remarks: after a turn, and the debrief at the end of the hand."""
        self._task: asyncio.Task[None] | None = None
        self._suggesting = False
        self._turn_start = 0
        """Where the learner's current turn begins in the hand's moves (the last turn's remark)."""
        self.autoplay = autoplay
        self._meld_key: list[tuple[int, tuple[str, ...]]] | None = None
        self.lesson = str(lesson)
        self._progress = progress
        self._suggested = False
        with self.hold_trait_notifications():
            self.rules = rules_key(self.game.rules)
            self.seat = seat
            self.pace = pace
            self.coach = coach
        self._make_bots()

        self.styles = ipywidgets.HTML(board.style_tag(), layout=ipywidgets.Layout(display="none"))
        self.status = ipywidgets.HTML()
        self.status.add_class("bw-game-status")
        self.center = TableTop(lang=self.lang)
        self.center.add_class("bw-game-center")
        self._fresh: dict[str, Any] = {}
        """The last computer play, for the page to highlight: seat, what moved, a pot, a meld."""
        self.table = TableView([], rules=self.rules, label=self._t("widget.game.melds-label"),
                               empty_text=self._t("widget.game.no-melds"), lang=self.lang)
        self.table.add_class("bw-game-melds")
        self.table.numbered = True
        self.table.observe(guard(self._oops, self._meld_clicked), "selected")
        self.hand = Hand([], label=self._t("widget.game.hand-label"), sort_by="suit", lang=self.lang)
        self.hand.add_class("bw-game-hand")
        self.feedback = FeedbackBox(hint_label=self._t("widget.game.coach-suggests"), lang=self.lang)
        self.coach_note = ipywidgets.HTML()
        self.coach_note.add_class("bw-coach-note")
        self.confirm = ipywidgets.HTML()
        self.confirm_yes = button(self._t("widget.game.confirm-yes"), "bw-action-confirm-new", self._t("widget.game.confirm-yes-tip"))
        self.confirm_no = button(self._t("widget.game.confirm-no"), "bw-action-cancel-new", self._t("widget.game.confirm-no-tip"))
        self.confirm_yes.on_click(guard(self._oops, lambda _b: self._confirmed_new_deal()))
        self.confirm_no.on_click(guard(self._oops, lambda _b: self._cancel_new_deal()))
        self.confirm_row = ipywidgets.HBox([self.confirm, self.confirm_yes, self.confirm_no],
                                           layout=ipywidgets.Layout(flex_flow="row wrap", display="none"))
        self.confirm_row.add_class("bw-confirm")
        self.keeper = GameKeeper(key=keep if keep is not None else f"table/{lesson or 'game'}/{self.rules}/{seed}/{seat}")
        self.keeper.observe(guard(self._oops, self._restore), "restored")
        self.score_sheet = ipywidgets.HTML()
        self.score_sheet.add_class("bw-score-sheet")
        self.log_view = ipywidgets.HTML()
        self.log_view.add_class("bw-game-log")

        self.draw_button = button(self._t("widget.game.draw"), "bw-action-draw", self._t("widget.game.draw-tip"))
        self.take_button = button(self._t("widget.game.take"), "bw-action-take", self._t("widget.game.take-tip"))
        self.meld_button = button(self._t("widget.game.meld"), "bw-action-meld", self._t("widget.game.meld-tip"))
        self.add_button = button(self._t("widget.game.add"), "bw-action-add", self._t("widget.game.add-tip"))
        self.discard_button = button(self._t("widget.game.discard"), "bw-action-discard", self._t("widget.game.discard-tip"))
        self.suggest_button = button(self._t("widget.game.suggest"), "bw-action-suggest", self._t("widget.game.suggest-tip"))
        self.next_button = button(self._t("widget.game.next-hand"), "bw-action-next-hand", self._t("widget.game.next-hand-tip"))
        self.new_deal_button = button(self._t("widget.game.new-deal"), "bw-action-new-deal", self._t("widget.game.new-deal-tip"))
        self.draw_button.on_click(guard(self._oops, lambda _b: self.draw()))
        self.take_button.on_click(guard(self._oops, lambda _b: self.take()))
        self.meld_button.on_click(guard(self._oops, lambda _b: self.meld()))
        self.add_button.on_click(guard(self._oops, lambda _b: self.add()))
        self.discard_button.on_click(guard(self._oops, lambda _b: self.discard()))
        self.suggest_button.on_click(guard(self._oops, lambda _b: self.suggest()))
        self.next_button.on_click(guard(self._oops, lambda _b: self.next_hand()))
        self.new_deal_button.on_click(guard(self._oops, lambda _b: self.ask_new_deal()))
        self.buttons = ipywidgets.HBox([self.draw_button, self.take_button, self.meld_button, self.add_button,
                                        self.discard_button, self.suggest_button, self.next_button,
                                        self.new_deal_button],
                                       layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.buttons.add_class("bw-game-buttons")
        self.command = ipywidgets.Text(placeholder=self._t("widget.play.placeholder"),
                                       description=self._t("widget.game.play-label"), layout=ipywidgets.Layout(width="34em", max_width="100%"))
        self.command.add_class("bw-command")
        with warnings.catch_warnings():  # Enter in the box plays (the one event ipywidgets has for it)
            warnings.simplefilter("ignore", DeprecationWarning)
            self.command.on_submit(guard(self._oops, lambda _w: self._play_command()))
        self.command_button = button(self._t("widget.game.play-it"), "bw-action-command", self._t("widget.game.play-it-tip"))
        self.command_button.on_click(guard(self._oops, lambda _b: self._play_command()))
        self.command_row = ipywidgets.HBox([self.command, self.command_button],
                                           layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.children = [self.styles, self.keeper, self.status, self.center, self.table, self.hand, self.buttons,
                         self.confirm_row, self.command_row, self.feedback, self.coach_note, self.score_sheet,
                         self.log_view]
        self.observe(guard(self._oops, lambda _c: self._refresh()), "coach")
        self.observe(guard(self._oops, self._on_rules), "rules")
        self._refresh()
        if self.lesson:
            (progress if progress is not None else Progress.shared()).expect(self.lesson, "hand")
        self._after_move()
        self._keep()

    # -- constructors -----------------------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game, **kwargs: Any) -> GameTable:
        """A table for a game in progress (a scenario, a loaded game)."""
        return cls(game=game, **kwargs)

    @classmethod
    def scenario(cls, name: str, **kwargs: Any) -> GameTable:
        """A table at a named scenario of the engine: ``GameTable.scenario("pot-direct")``."""
        return cls(game=Game.scenario(name), **kwargs)

    def new_game(self, rules: Rules | str | None = None, seed: int | None = None, players: int | None = None) -> None:
        """Start a new game (the same seed unless given), in ``rules`` or the current ruleset (a
        house variant's text may name its ``players``)."""
        if isinstance(rules, str):
            variant = parse_variant(rules)
            rules, players = variant.rules, variant.players or players
        chosen = as_rules(rules if rules is not None else self.game.rules)
        if players is not None:
            self._players_arg = players
        players = self._players_arg if self._players_arg in chosen.player_counts else max(chosen.player_counts)
        if seed is not None:
            self._seed = seed
        if self._task is not None:
            self._task.cancel()
            self._task = None
            self.busy = False
        self.game = Game(rules=chosen, players=players, seed=self._seed)
        self._make_bots()
        self.bot_error = ""
        self.log = []
        self.feedback.clear()
        self.coach_note.value = ""
        self.advice = None
        self.remarks = []
        self.confirm_row.layout.display = "none"
        self._meld_key = None
        if as_rules(self.rules) != chosen:
            self.rules = rules_key(chosen)  # observed: comes back here only if the rules differ
        self._refresh()
        self.feedback.show(self._t("widget.game.new-hand", rules=chosen, players=players), status="info")
        self._after_move()
        self._keep()

    def _on_rules(self, change: Any) -> None:
        try:
            variant = parse_variant(change["new"])
            if variant.rules == self.game.rules and variant.players in (None, self.game.players):
                return
            self.new_game(change["new"])
        except ValueError as exc:
            self._say(self._why(exc))

    # -- who is who ----------------------------------------------------------------------------
    @property
    def view(self) -> View:
        """What the learner's seat may see (the widget shows nothing else)."""
        return self.game.view(self.seat)

    def seat_name(self, seat: int) -> str:
        """What the learner calls ``seat`` (:func:`buraco_core.board.seat_name`)."""
        return board.seat_name(self.view, seat).text(self.lang)

    def _t(self, key: str, **params: Any) -> str:
        """A sentence of the game table from the catalog (its own ``[widget.game]`` and others)."""
        return render(key, self.lang, **params)

    def team_name(self, team: int) -> str:
        """What the learner calls ``team`` (:func:`buraco_core.board.team_name`)."""
        return board.team_name(self.view, team).text(self.lang)

    @property
    def my_turn(self) -> bool:
        return self.view.my_turn

    # -- the learner's actions ------------------------------------------------------------------
    def play(self, text: str) -> bool:
        """Send one action (``"meld 4h 5h 6h"``) for the learner; True if the engine took it.

        A refused action shows the engine's reason and changes nothing.
        """
        if self.busy:
            self._say(self._t("widget.game.still-moving"))
            return False
        if self.bot_error:
            self._say(self.bot_error, status="wrong")
            return False
        v = self.view
        if v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            self._say(self._t("widget.game.hand-over-next" if v.phase is Phase.HAND_OVER else "widget.game.hand-over"))
            return False
        if not v.my_turn:
            self._say(self._t("widget.game.not-your-turn", player=self.seat_name(v.turn)))
            return False
        try:
            reason = self.game.why_illegal(text)
        except ValueError as exc:  # the text is not an action
            self._say(self._t("widget.game.refused", reason=self._why(exc)), status="wrong")
            return False
        if reason is not None:
            self.outcome(text, reason)
            if self.coach:
                self._say(self._t("widget.game.refused", reason=f"{reason.explain(self.lang)}."), status="wrong")
            else:
                self._say(self._t("widget.game.refused-hidden"), status="wrong")
            return False
        before = self.game.state
        try:
            action = self.game.play(text)
        except ValueError as exc:
            self._say(self._t("widget.game.refused", reason=self._why(exc)), status="wrong")
            return False
        self.outcome(str(action), None, before, action)
        self._fresh = {}
        words = self._log(self.seat, str(action), before)
        self.feedback.show(words, status="info")
        self.feedback.hint = ""
        self.advice = None
        self.coach_note.value = ""
        if str(action).startswith("discard"):
            self._turn_start = len(self.game.state.history)
        self._keep()  # kept first: once the page shows a move, a reload resumes after it
        self._refresh()
        self._after_move()
        return True

    # -- outcomes (one place: the mastery record hooks in here) ---------------------------------
    def on_outcome(self, callback: Callable[[str, IllegalAction | None], None]) -> None:
        """Call ``callback(play, refusal)`` after each play of the learner the engine judged:
        ``refusal`` is the engine's :class:`IllegalAction` (the play changed nothing), or None
        for a legal play (already played)."""
        self._outcome_callbacks.append(callback)

    def outcome(self, play: str, refusal: IllegalAction | None, before: State | None = None,
                action: Action | None = None) -> None:
        """The one place where a learner's play has its outcome: a refusal, or a legal ``action``
        made from ``before``. In a lesson it counts toward mastery (a refusal is a miss on its
        clause, a legal play a success on each clause it used); then the :meth:`on_outcome`
        callbacks are called."""
        if refusal is not None:
            self._record_answer(refusal.rule, Outcome.WRONG)
        elif before is not None and action is not None:
            for clause in clauses_used(view_of(before, self.seat), action, self.view):
                self._record_answer(clause, Outcome.HELPED if self._suggested else Outcome.FIRST)
        for callback in self._outcome_callbacks:
            callback(play, refusal)

    def _play_command(self) -> None:
        text = self.command.value.strip()
        if not text:
            self._say(self._t("widget.game.type-first"))
            return
        if self.play(text):
            self.command.value = ""

    def draw(self) -> bool:
        return self.play("draw")

    def take(self) -> bool:
        return self.play("take")

    def meld(self) -> bool:
        """Lay the selected cards of the hand as a new meld."""
        cards = self.hand.selected_cards
        if not cards:
            self._say(self._t("widget.game.select-meld-cards"))
            return False
        return self.play("meld " + format_cards(cards))

    def add(self) -> bool:
        """Add the selected cards to the meld selected on the table."""
        cards = self.hand.selected_cards
        target = self._selected_target()
        if target is None:
            self._say(self._t("widget.game.click-meld"))
            return False
        if not cards:
            self._say(self._t("widget.game.select-add-cards"))
            return False
        return self.play(f"add {target} {format_cards(cards)}")

    def discard(self) -> bool:
        """Discard the one selected card."""
        cards = self.hand.selected_cards
        if len(cards) != 1:
            self._say(self._t("widget.game.select-discard") if not cards else self._t("widget.game.select-one-discard", n=len(cards)))
            return False
        return self.play(f"discard {cards[0].code}")

    def suggest(self) -> str | None:
        """Ask the coach for a move from the learner's view: select its cards and the meld it
        adds to, and show the play with the coach's reasons (``advice``)."""
        v = self.view
        if not v.my_turn or self.busy:
            self._say(self._t("widget.game.coach-on-your-turn"))
            return None
        try:
            advice = advise(self.game, self.seat, worlds=self._coach_worlds)
        except Exception as exc:  # the coach failing must not reach the page as a traceback
            self._say(self._t("widget.game.coach-none", reason=self._why(exc)))
            return None
        self.advice = advice
        self._suggested = True
        reasons = "".join(f"<li>{escape(line)}</li>" for line in advice.explain(self.lang))
        self.coach_note.value = (f"<div class='bw-advice' role='status'><strong>"
                                 f"{escape(Message('coach.suggest', {'play': _play_words(advice, v)}).text(self.lang))}"
                                 f"</strong><ul>{reasons}</ul></div>")
        if advice.cards:
            with contextlib.suppress(ValueError):
                self.hand.select_cards(list(advice.cards))
        if advice.meld is not None:
            team, number = advice.meld
            team = v.team if team < 0 else team
            if team in self._group_teams:
                self._suggesting = True  # a selection, not a click: it must not play the addition
                try:
                    self.table.selected = [self._group_teams.index(team), number - 1]
                finally:
                    self._suggesting = False
        return advice.action

    def next_hand(self) -> bool:
        if self.view.phase is not Phase.HAND_OVER:
            self._say(self._t("widget.game.hand-not-over" if self.view.phase is not Phase.MATCH_OVER else "widget.game.match-over"))
            return False
        before = self.game.state
        self.game.play("next")
        self._log(self.seat, "next", before)
        self.feedback.clear()
        self.coach_note.value = ""
        self.remarks = []
        self._turn_start = 0
        self._refresh()
        self._after_move()
        self._keep()
        return True

    # -- New deal asks first ------------------------------------------------------------------
    def ask_new_deal(self) -> None:
        """New deal: ask first (the game so far would be lost), unless nothing was played yet,
        the match is over, or a bot stopped the hand."""
        if not self.game.history or self.bot_error or self.view.phase is Phase.MATCH_OVER:
            self._confirmed_new_deal()
            return
        self.confirm.value = f"<strong role='alert'>{escape(self._t('widget.game.confirm-question'))}</strong>"
        self.confirm_row.layout.display = None

    def _confirmed_new_deal(self) -> None:
        self.confirm_row.layout.display = "none"
        self.new_game(seed=self._seed + 1)

    def _cancel_new_deal(self) -> None:
        self.confirm_row.layout.display = "none"
        self._say(self._t("widget.game.keep-playing"))

    # -- the bots -------------------------------------------------------------------------------
    def step(self) -> str | None:
        """Let the bot to move play one action (the engine's bot loop, :class:`Seats`); return
        its text (None if it is not a bot's turn, or a bot has failed: see ``bot_error``)."""
        v = self.game.view()
        if v.phase not in (Phase.DRAW, Phase.PLAY) or v.turn == self.seat or self.bot_error:
            return None
        before = self.game.state
        try:
            seat, text = self._seats.move(self.game)
        except BotError as err:
            self._bot_failed(err)
            return None
        self._log(seat, text, before)
        self._fresh = self._what_moved(seat, text, before)
        self._keep()  # kept first: once the page shows a move, a reload resumes after it
        self._refresh()
        return text

    def _what_moved(self, seat: int, text: str, before: State) -> dict[str, Any]:
        """What the page highlights after a computer play: the seat, the stock or the pile, a pot
        picked up, the meld made or grown (team, index)."""
        after = self.game.state
        fresh: dict[str, Any] = {"seat": seat, "what": text.split()[0]}
        for t in range(after.teams):
            if before.pot_state[t] is not after.pot_state[t]:
                fresh["pot"] = t
        team = before.team_of(seat)
        if text.startswith("meld") and after.melds[team]:
            fresh["meld"] = [team, len(after.melds[team]) - 1]
        elif text.startswith("add"):
            owner, _, number = text.split()[1].rpartition(":")
            fresh["meld"] = [int(owner) if owner else team, int(number) - 1]
        return fresh

    def _bot_failed(self, err: BotError) -> None:
        """A bot could not move: say so on the page, in the moves log and in the Python log;
        the hand stops there (New deal starts again)."""
        _LOG.error("%s", err, exc_info=err.cause)
        player = board.seat_name(self.view, err.seat)
        self.bot_error = Message("bot.stopped", {"player": player, "reason": err.message}).text(self.lang)
        self.log = [*self.log, f"{self.seat_name(err.seat)}: "
                    f"{Message('bot.log-failed', {'reason': err.message}).text(self.lang)}"]
        self.feedback.show(self.bot_error, status="wrong")
        self._refresh()

    def advance_bots(self, max_moves: int = 2000) -> list[str]:
        """Let the bots play, without pauses, until it is the learner's turn or the hand is over."""
        played = []
        for _ in range(max_moves):
            text = self.step()
            if text is None:
                break
            played.append(text)
        self._turn_message()
        return played

    async def _run_bots(self) -> None:
        try:
            while True:
                await asyncio.sleep(self.pace)
                try:
                    moved = self.step()
                except Exception as exc:  # shown, never a traceback in the page
                    self._oops(self._t("widget.game.bots-failed", reason=self._why(exc)))
                    break
                if moved is None:
                    break
        finally:
            self.busy = False
            self._task = None
            self._refresh()
            self._turn_message()

    def _after_move(self) -> None:
        v = self.game.view()
        if v.phase not in (Phase.DRAW, Phase.PLAY) or v.turn == self.seat or not self.autoplay:
            self._turn_message()
            return
        if self.pace <= 0:
            self.advance_bots()
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:  # no event loop (a plain script): play at once
            self.advance_bots()
            return
        if self._task is None:
            self.busy = True
            self._refresh()
            self._task = loop.create_task(self._run_bots())

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
        self._bots = {s: make_bot(b, self._seed * 10 + s) if isinstance(b, str) else b
                      for s, b in enumerate(names) if s != self.seat}
        self._seats = Seats(self._bots)

    # -- drawing ----------------------------------------------------------------------------------
    def _selected_target(self) -> str | None:
        if len(self.table.selected) != 2:
            return None
        group, index = self.table.selected
        team = self._group_teams[group]
        return f"{index + 1}" if team == self.view.team else f"{team}:{index + 1}"

    def _meld_clicked(self, change: Any) -> None:
        if self._suggesting:
            return
        if len(change["new"]) == 2 and self.hand.selected and self.my_turn and not self.busy:
            ok = self.add()
            self.table.selected = []
            if not ok:
                return
        elif len(change["new"]) == 2:
            self._say(self._t("widget.game.meld-chosen"))

    def _record_answer(self, clause: str, outcome: Outcome) -> None:
        """A play as an answer on its clause (only in a lesson's game); a success used the coach's
        suggestion if the learner asked for one since the last success."""
        if not self.lesson:
            return
        progress = self._progress if self._progress is not None else Progress.shared()
        v = self.view
        progress.answer(clause, v.rules, outcome, source="game", lesson=self.lesson,
                        variant=f"game-{v.rules.name}-{self._seed}-{v.hand_number}-{len(self.game.history)}")
        if outcome is not Outcome.WRONG:
            self._suggested = False

    def _oops(self, message: str) -> None:
        self.feedback.show(message, status="wrong")

    def _why(self, error: Exception) -> str:
        """An error's sentence in the table's language (:func:`~buraco_widgets._common.reason`)."""
        return reason(error, self.lang)

    def _say(self, message: str, status: str = "info") -> None:
        self.feedback.show(message, status=status)

    def _log(self, seat: int, text: str, before: State) -> str:
        """Add the move to the log, in words (:func:`~buraco_core.narrate.narrate`); return them.
        A pot picked up or earned, or a player going out, is also announced above the log."""
        told = narrate(before, self.game.state, seat, text, viewer=self.seat)
        words = " ".join(m.text(self.lang) for m in told)
        self.log = [*self.log, words]
        if seat != self.seat and any(m.key in _ANNOUNCED for m in told):
            self.feedback.show(words, status="info")
        return words

    def _turn_message(self) -> None:
        v = self.view
        if v.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            if self.lesson:
                progress = self._progress if self._progress is not None else Progress.shared()
                progress.record(self.lesson, "hand")
            words = self.log[-1] if self.log else ""
            self.feedback.show(words or self._t("widget.game.hand-over"), status="info")
            self._debrief()
        elif v.my_turn and self.coach:
            self._after_turn_remark()

    def _after_turn_remark(self) -> None:
        """After the others played: if the learner's last discard fed the next player (they took
        the pile and melded it), the coach says so (:func:`~buraco_core.coach.review` of that turn)."""
        history = self.game.state.history
        start = self._turn_start
        discards = [j for j in range(max(0, start - 1), len(history))
                    if history[j][0] == self.seat and history[j][1].startswith("discard")]
        if not discards or not any(w == (self.seat + 1) % self.game.players and t.startswith("take")
                                   for w, t in history[discards[-1] + 1:discards[-1] + 2]):
            return
        found = review(self.game, self.seat, since=discards[-1], worlds=self._coach_worlds)
        found = [r for r in found if r.move == discards[-1]]
        if found:
            self.remarks = [*self.remarks, *found]
            self.coach_note.value = (f"<div class='bw-remark' role='status'>"
                                     f"{escape(_capital(found[0].explain(self.lang)))}.</div>")

    def _debrief(self) -> None:
        """The end of the hand: the coach's three costliest plays of the learner, with what it
        would have done."""
        if not self.coach or not self._debrief_on or not self.game.state.history:
            return
        remarks = review(self.game, self.seat, worlds=self._coach_worlds)[:3]
        self.remarks = remarks
        title = escape(Message("coach.debrief-title").text(self.lang))
        if not remarks:
            body = f"<p>{escape(Message('coach.debrief-none').text(self.lang))}</p>"
        else:
            body = "<ol>" + "".join(
                f"<li>{escape(Message('coach.debrief-line', {'move': r.move + 1, 'reason': r.reason, 'points': r.points}).text(self.lang))}</li>"
                for r in remarks) + "</ol>"
        self.coach_note.value = f"<section class='bw-debrief' aria-label='{title}'><h4>{title}</h4>{body}</section>"

    # -- kept in the browser --------------------------------------------------------------------
    def saved(self) -> str:
        """The table's game as the browser keeps it: the game's JSON, the bots' random states,
        the seed and the log, so a reload resumes exactly."""
        bots = {str(s): _rng_state(b) for s, b in self._bots.items()}
        return json.dumps({"format": "buraco-table/1", "seed": self._seed, "game": self.game.to_dict(),
                           "bots": bots, "log": self.log}, separators=(",", ":"))

    def _keep(self) -> None:
        self.keeper.saved = self.saved()

    def _restore(self, change: Any) -> None:
        text = change["new"]
        if not text:
            return
        try:
            data = json.loads(text)
            if data.get("format") != "buraco-table/1":
                raise ValueError("not a kept table")
            game = Game.from_dict(data["game"])
        except (ValueError, KeyError, TypeError) as exc:  # an old or damaged copy: start afresh
            _LOG.warning("the game kept in the browser could not be resumed: %s", exc)
            self._keep()
            return
        if self._task is not None:
            self._task.cancel()
            self._task = None
            self.busy = False
        self._seed = int(data.get("seed", self._seed))
        self.game = game
        if self.rules != game.rules.name:
            self.rules = game.rules.name  # observed: the game already has these rules
        self._make_bots()
        for s, state in dict(data.get("bots", {})).items():
            bot = self._bots.get(int(s))
            if bot is not None and state is not None and hasattr(bot, "rng"):
                bot.rng.setstate(_state_tuple(state))
        self.log = [str(line) for line in data.get("log", [])]
        self.bot_error = ""
        self._meld_key = None
        self._turn_start = len(game.state.history)
        self._refresh()
        self.feedback.show(self._t("widget.game.welcome-back"), status="info")
        self.keeper.saved = text
        self._after_move()

    def _status_text(self, v: View) -> str:
        head = escape(self._t("widget.game.status-head", rules=v.rules, hand=v.hand_number))
        if v.phase is Phase.MATCH_OVER:
            who = self._t("widget.game.who-draw") if v.winner is None else (
                self._t("widget.game.who-you") if v.winner == v.team else self._t("widget.game.who-them", team=self.team_name(v.winner)))
            return self._t("widget.game.status-match-over", head=head, who=escape(who))
        if v.phase is Phase.HAND_OVER:
            return self._t("widget.game.status-hand-over", head=head)
        if v.my_turn:
            parts = [self._t("widget.game.status-draw" if v.phase is Phase.DRAW else "widget.game.status-play")]
            if v.must_meld is not None:
                parts.append(self._t("widget.game.status-must-meld", card=v.must_meld))
            if v.single_take is not None:
                parts.append(self._t("widget.game.status-single-take", card=v.single_take))
            return f"{head} · <strong>{escape(' '.join(parts))}</strong>"
        return self._t("widget.game.status-playing", head=head, player=escape(self.seat_name(v.turn)))

    def _refresh(self) -> None:
        v = self.view
        status = escape(self.bot_error) if self.bot_error else self._status_text(v)
        self.status.value = f"<div role='status' aria-live='polite'>{status}</div>"
        self.center.show(v, self._fresh)
        codes = [c.code for c in v.hand]
        if sorted(codes) != sorted(self.hand.codes):
            self.hand.codes = codes
        melds: list[tuple[int, tuple[Meld, ...]]] = [(v.team, v.melds[v.team])]
        melds += [(t, v.melds[t]) for t in range(v.teams) if t != v.team]
        groups = {self.team_name(t): list(ms) for t, ms in melds}
        key = [(t, tuple(str(m) for m in ms)) for t, ms in melds]
        if key != self._meld_key:
            self._meld_key = key
            self._group_teams = [t for t, _ in melds]
            self.table.rules = rules_key(v.rules)
            self.table.set_melds(groups)
        where = self._fresh.get("meld")
        self.table.highlight = ([self._group_teams.index(where[0]), where[1]]
                                if where and where[0] in self._group_teams else [])
        playing = v.my_turn and not self.busy
        # on the learner's turn every play can be tried: the engine says why one is refused
        for b in (self.draw_button, self.take_button, self.meld_button, self.add_button, self.discard_button,
                  self.command_button):
            b.disabled = not playing
        self.suggest_button.disabled = not playing
        self.suggest_button.layout.display = None if self.coach else "none"
        self.next_button.layout.display = None if v.phase is Phase.HAND_OVER else "none"
        self.hand.disabled = not playing
        self.score_sheet.value = board.score_sheet_html(v, lang=self.lang)
        items = "".join(f"<li>{escape(line)}</li>" for line in self.log)
        self.log_view.value = (f"<details open><summary>{escape(self._t('widget.play.log-title', n=len(self.log)))}</summary>"
                               f"<div class='bw-log-scroll' role='log' tabindex='0' "
                               f"aria-label='{escape(self._t('widget.play.log-label'))}'>"
                               f"<ol>{items}</ol></div></details>")


def _play_words(advice: Advice, v: View) -> Message:
    from buraco_core.teach.explain import play_words

    return play_words(advice.play, v.team)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rng_state(bot: Bot) -> list[Any] | None:
    rng = getattr(bot, "rng", None)
    if not isinstance(rng, random.Random):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _state_tuple(state: list[Any]) -> tuple[Any, ...]:
    version, internal, gauss = state
    return (int(version), tuple(int(x) for x in internal), gauss)
