"""GameTable: a hand against bots, with a coach: a view of a :class:`buraco_core.sessions.table.TableSession`
(the plays judged, the bots scheduled and narrated, the coach asked, the table kept), its parts
in :mod:`~buraco_widgets.game_board`, its buttons in :mod:`~buraco_widgets.game_controls`. With
``lesson`` set, the learner's plays count toward mastery (``Move.answers``) in :class:`Progress`.

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

from collections.abc import Sequence
from typing import Any

import anywidget
import traitlets

from buraco_core import Rules, board
from buraco_core.bots import Bot
from buraco_core.game import Game, Phase, View
from buraco_core.messages import Message, render
from buraco_core.sessions import Move, TableSession

from ._common import PlainLayout, guard, reason, rules_key
from .feedback import FeedbackPart
from .front_end import front_end
from .game_board import Board, move_message
from .game_coach import CoachPanel
from .game_controls import Controls
from .keeper import KeptTable
from .language import resolve
from .parts import Html, PartHost
from .progress import Progress
from .table_lesson import TableLesson
from .wild_end import WildEndQuestion

__all__ = ["GameTable"]

#: The front ends of the table's parts, by kind (:mod:`buraco_widgets.parts`).
VIEWS = {"keeper": "keeper.js", "tabletop": "tabletop.js", "table": "table.js", "hand": "hand.js",
         "controls": "game_controls.js", "choice": "choice.js", "feedback": "feedback.js"}


class GameTable(PartHost, PlainLayout, anywidget.AnyWidget):
    """Play a hand against bots: ``GameTable(rules="buraco", seed=7)``; ``seat`` the learner's (0
    plays first), ``bots`` a bot name or one per other seat, ``pace`` the seconds between two bot
    moves, ``coach`` the rule behind a refused play and Suggest; ``autoplay=False``: the bots wait
    for :meth:`step` / :meth:`advance_bots`. ``session`` is the :class:`~buraco_core.sessions.table.TableSession`,
    ``feedback.value`` the last message, ``log`` the moves so far, ``bot_error`` why a bot could not
    move (the hand stops there). Its parts: ``board`` (:class:`~buraco_widgets.game_board.Board`: the
    status, the melds, the hand, ...), ``controls`` (the buttons, the Play box, the New deal question),
    ``coach_panel`` (its ``note``), ``kept`` (its ``keeper``) and ``ends``: where the rules let the
    learner choose the end a moving wild card goes to, the table asks first
    (:mod:`~buraco_widgets.wild_end`, below the buttons). One model: each of these is a part
    (:mod:`buraco_widgets.parts`) in a slot of its own, drawn by ``static/parts.js``.
    """

    _esm = front_end("parts.js", "tabletop.css", "hand.css", "table.css", "choice.css", "feedback.css",
                     "game_controls.css", dom=True, views=VIEWS)

    # the slots (:class:`~buraco_widgets.parts.PartHost`), in the order drawn (``order``)
    _styles = traitlets.Dict().tag(sync=True)
    _keeper = traitlets.Dict().tag(sync=True)
    _status = traitlets.Dict().tag(sync=True)
    _center = traitlets.Dict().tag(sync=True)
    _melds = traitlets.Dict().tag(sync=True)
    _hand = traitlets.Dict().tag(sync=True)
    _actions = traitlets.Dict().tag(sync=True)
    _ends = traitlets.Dict().tag(sync=True)
    _command = traitlets.Dict().tag(sync=True)
    _feedback = traitlets.Dict().tag(sync=True)
    _coach = traitlets.Dict().tag(sync=True)
    _score = traitlets.Dict().tag(sync=True)
    _log = traitlets.Dict().tag(sync=True)

    rules = traitlets.Unicode("buraco")
    """The ruleset's name (a :class:`Rules` given to the constructor is kept as the game's)."""
    pace = traitlets.Float(0.6)
    coach = traitlets.Bool(True)
    log = traitlets.List(traitlets.Unicode())
    busy = traitlets.Bool(False)
    bot_error = traitlets.Unicode("")

    def __init__(self, rules: Rules | str = "buraco", seed: int = 7, players: int = 4, *, seat: int = 0,
                 bots: str | Sequence[str | Bot] = "greedy", pace: float = 0.6, coach: bool = True,
                 coach_worlds: int = 16, game: Game | None = None, autoplay: bool = True,
                 lesson: str = "", progress: Progress | None = None, keep: str | None = None,
                 debrief: bool = True, lang: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-game")
        self.lang = resolve(lang)
        self.session = TableSession(rules, seed, players, seat=seat, bots=bots, coach_worlds=coach_worlds, game=game)
        self.autoplay = autoplay
        self.rules, self.pace, self.coach = rules_key(self.game.rules), pace, coach  # observed once the parts exist
        self.board = b = Board(self.rules, self.lang)
        b.on_meld_clicked(guard(self._oops, self._meld_clicked))
        self.coach_panel = CoachPanel(self.session, self.lang, debrief=debrief)
        self.controls = c = Controls(self.lang, lambda name: getattr(self, name)(), self._oops)
        self.feedback = FeedbackPart(lang=self.lang)
        self.ends = WildEndQuestion(self.session, self.lang, lambda text, typed: self.play(text, typed=typed), self._oops)
        self.kept = KeptTable(self.session, keep if keep is not None else f"table/{lesson or 'game'}/{self.rules}/{seed}/{seat}",
                              self.lang, lambda: self._start_over(self._t("widget.game.welcome-back")), self._oops)
        styles = Html(value=board.style_tag())
        styles.hidden = True
        parts = {"styles": styles, "keeper": self.kept.keeper, "status": b.status, "center": b.center,
                 "melds": b.table, "hand": b.hand, "actions": c.row, "ends": self.ends.choice,
                 "command": c.command_row, "feedback": self.feedback, "coach": self.coach_panel.note,
                 "score": b.score_sheet, "log": b.log_view}
        with self.hold_sync():
            for slot, part in parts.items():
                self.place(f"_{slot}", part)
            self.order = [{"slot": f"_{slot}"} for slot in parts]
        self.observe(guard(self._oops, lambda _c: self._refresh()), "coach")
        self.observe(guard(self._oops, self._on_rules), "rules")
        self.in_lesson = TableLesson(self.session, lesson, progress, self.lang)
        self._refresh()
        self._after_move()
        self.kept.keep()

    # -- who is who ----------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def view(self) -> View:
        """What the learner's seat may see (the widget shows nothing else)."""
        return self.session.view

    def _t(self, key: str, **params: Any) -> str:
        return render(key, self.lang, **params)

    # -- the learner's plays --------------------------------------------------------------------
    def play(self, text: str | Message, *, typed: bool = False, ask_end: bool = False) -> bool:
        """Send one action (``"meld 4h 5h 6h"``) for the learner; True if the engine took it.
        A refused action shows the engine's reason and changes nothing, and says how to make the
        play it asks for: in the notation where the learner ``typed`` it (the Play box), else by
        the buttons. ``ask_end``: an addition whose wild card could go to either end asks the
        learner which first (False: the engine's default, the low end; what Add to meld and the
        Play box do is True). (A :class:`Message` is what to do first, said instead.)"""
        self.ends.forget()
        if isinstance(text, Message):
            self.feedback.show(text.text(self.lang))
            return False
        if ask_end and self.ends.ask(text, typed):
            self.feedback.show(self._t("widget.game.choose-end"))
            return False
        move = self.session.play(text)
        self.in_lesson.played(move)
        return self._made(move, typed=typed)

    def _made(self, move: Move, *, typed: bool = False, told: bool = True) -> bool:
        """The learner's ``move`` (a play, ``told`` on the table, or the next hand): not made, what
        the table says of it (:func:`~buraco_widgets.game_board.move_message`); made, kept and
        shown, then the bots' turns."""
        said = move_message(move, self.lang, coach=self.coach, stopped=self.session.bot_error, typed=typed)
        if said is not None:
            self.feedback.show(said[0], status=said[1])
            return False
        if typed:
            self.controls.command.value = ""  # the typed play is made (a refused one stays, to fix it)
        self.feedback.clear()
        self.coach_panel.clear()
        self.kept.keep()  # kept first: once the page shows a move, a reload resumes after it
        self._refresh()
        if told:
            self.feedback.show(self.log[-1])
        self._after_move()
        return True

    def play_command(self) -> None:
        """What Play (or Enter in the box) does: play the typed text (kept when refused, to fix it)."""
        text = self.controls.command.value.strip()
        if not text:
            self.feedback.show(self._t("widget.game.type-first"))
        else:
            self.play(text, typed=True, ask_end=True)

    def draw(self) -> bool:
        return self.play("draw")

    def take(self) -> bool:
        return self.play("take")

    def meld(self) -> bool:
        """Lay the selected cards of the hand as a new meld."""
        return self.play(self.board.meld_play())

    def add(self) -> bool:
        """Add the selected cards to the meld selected on the table."""
        return self.play(self.board.add_play(self.view), ask_end=True)

    def discard(self) -> bool:
        """Discard the one selected card."""
        return self.play(self.board.discard_play())

    def suggest(self) -> str | None:
        """Ask the coach for a move: select its cards and the meld it adds to, and show the play
        with the coach's reasons (``advice``)."""
        advice = self.coach_panel.suggest()
        if isinstance(advice, str):
            self.feedback.show(advice)
            return None
        self.board.select(advice, self.view)
        return advice.action

    def next_hand(self) -> bool:
        return self._made(self.session.next_hand(), told=False)

    # -- a new game -------------------------------------------------------------------------------
    def ask_new_deal(self) -> None:
        """New deal: ask first where a game would be lost (:attr:`TableSession.under_way
        <buraco_core.sessions.table.TableSession.under_way>`)."""
        if self.session.under_way:
            self.controls.ask(self._t("widget.game.confirm-question"))
        else:
            self.new_deal()

    def new_deal(self) -> None:
        """The next seed's game, in the same ruleset."""
        self.new_game(seed=self.session.seed + 1)

    def keep_playing(self) -> None:
        self.controls.hide_question()
        self.feedback.show(self._t("widget.game.keep-playing"))

    def new_game(self, rules: Rules | str | None = None, seed: int | None = None, players: int | None = None) -> None:
        """Start a new game (the same seed unless given), in ``rules`` or the current ruleset (a
        house variant's text may name its ``players``)."""
        self.session.new_game(rules, seed, players)
        self._start_over(self._t("widget.game.new-hand", rules=self.game.rules, players=self.game.players))
        self.kept.keep()

    def _on_rules(self, change: Any) -> None:
        try:
            if not self.session.is_this_game(change["new"]):
                self.new_game(change["new"])
        except ValueError as exc:
            self.feedback.show(reason(exc, self.lang))

    def _start_over(self, said: str) -> None:
        """The session has another game: show it from its start (or from where it was kept), say
        ``said``; then the bots' turns."""
        self.log = self.session.log_words(self.lang)
        self.coach_panel.clear()
        self.controls.hide_question()
        self.board.redraw_melds()
        if not self.session.is_this_game(self.rules):
            self.rules = rules_key(self.game.rules)  # observed: the same game, nothing more happens
        self._refresh()
        self.feedback.show(said)
        self._after_move()

    # -- the bots -------------------------------------------------------------------------------
    def step(self) -> str | None:
        """Let the bot to move play one action; return its text (None if it is not a bot's turn,
        or a bot has failed: see ``bot_error``)."""
        move = self.session.step()
        if move is None:
            return None
        self._bot_moved(move)
        return move.text if move.played else None

    def advance_bots(self, max_moves: int = 2000) -> list[str]:
        """Let the bots play, without pauses, until it is the learner's turn or the hand is over."""
        moves = self.session.advance(max_moves)
        for move in moves:
            self._bot_moved(move)
        self._turn_message()
        return [move.text for move in moves if move.played]

    def _bot_moved(self, move: Move) -> None:
        if move.failure is None:
            self.kept.keep()  # kept first: once the page shows a move, a reload resumes after it
        self._refresh()
        if move.failure is not None:
            self.feedback.show(self.bot_error, status="wrong")
        elif move.announced:
            self.feedback.show(self.log[-1])

    def _bots_done(self, error: Exception | None) -> None:
        if error is not None:
            self._oops(self._t("widget.game.bots-failed", reason=reason(error, self.lang)))
        self._refresh()
        self._turn_message()

    def _after_move(self) -> None:
        if not self.autoplay or not self.session.bots_to_move:
            self._turn_message()
            return
        self.session.run_bots(self.pace, self._bot_moved, self._bots_done)
        if self.session.busy:
            self._refresh()

    def _turn_message(self) -> None:
        if self.session.hand_over:
            self.in_lesson.hand_over()
            self.feedback.show((self.log[-1] if self.log else "") or self._t("widget.game.hand-over"))
        if self.coach:
            self.coach_panel.at_turn()

    # -- drawing ----------------------------------------------------------------------------------
    def _meld_clicked(self) -> None:
        if self.board.hand.selected and self.session.learner_to_play:
            self.add()
            self.board.table.selected = []
        else:
            self.feedback.show(self._t("widget.game.meld-chosen"))

    def _oops(self, message: str) -> None:
        self.feedback.show(message, status="wrong")

    def _refresh(self) -> None:
        """Show the session as it is: the log's new lines, whether the bots are playing, why the
        hand stopped, the board and the buttons."""
        s, v = self.session, self.view
        if len(s.log) > len(self.log):
            self.log = [*self.log, *s.log_words(self.lang, start=len(self.log))]
        self.busy, self.bot_error = s.busy, s.bot_error.text(self.lang) if s.bot_error is not None else ""
        playing = s.learner_to_play
        self.board.show(v, fresh=self.session.fresh, log=self.log, stopped=self.bot_error, playing=playing)
        self.controls.enable(playing=playing, coach=self.coach, hand_over=v.phase is Phase.HAND_OVER)
