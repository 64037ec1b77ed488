"""The coach: what to play now and why (:func:`advise`), and what a hand's plays cost (:func:`review`).

The coach decides as the bots do, from one seat's :class:`~buraco_core.game.view.View` only:
it never sees a card that seat cannot see. Its choice is the Monte-Carlo bot's search
(:meth:`~buraco_core.bots.MonteCarloBot.appraise`: every way to draw, the best discards by the
greedy ranking, each played out in the same sampled deals of the hidden cards), its melds the
greedy policy's (:func:`~buraco_core.bots.greedy.greedy_meld`); its reasons come from the bots'
public valuations (:func:`~buraco_core.bots.greedy.take_values`,
:func:`~buraco_core.bots.greedy.discard_factors`) and from the engine's melds and points. Every
reason is a catalog :class:`~buraco_core.messages.Message` (``coach.*``), so it can be said in
another language (``advice.explain(lang)``).

Everything is seeded by the game's seed and the number of moves played, so the same position
gets the same advice.

>>> from buraco_core.game import Game
>>> game = Game("buraco", players=4, seed=7)
>>> advice = advise(game)
>>> advice.action in ("draw", "take")
True
>>> all(isinstance(r, Message) for r in advice.reasons)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .board import seat_name
from .bots.greedy import discard_factors, take_values
from .bots.monte_carlo import MonteCarloBot
from .cards import Card
from .game.actions import Action, AddToMeld, Discard, Draw, NewMeld, NextHand, Take, parse_action
from .game.engine import apply_events, check, take_clause
from .game.events import Added, Event, Melded, PotTaken, PotWaiting, TookPile, WentOut
from .game.facade import Game
from .game.guards import pot_guard
from .game.serialize import state_from_dict
from .game.state import Phase, State
from .game.view import View, determinize, view_of
from .meld_search import extends, three_card_melds, trios_with
from .melds import Meld, make_meld
from .messages import Message
from .narrate import play_words
from .rules import Rules

__all__ = ["CLOSE_POINTS", "COSTLY_POINTS", "Advice", "CoachBot", "Fit", "Remark", "advise", "advise_view",
           "card_fit", "compare", "guard_refusal", "hold_wild", "outcome_reasons", "play_outcome", "play_reasons", "review"]

CLOSE_POINTS = 5.0
"""Two choices whose values differ by less than this are called close (the coach says so)."""
COSTLY_POINTS = 10.0
"""A play the coach values this many points below its own choice is remarked on by :func:`review`."""
WORLDS = 16
"""Sampled deals of the hidden cards per decision (the Monte-Carlo bot's default)."""


@dataclass(frozen=True)
class Advice:
    """The coach's advice for the seat to play: ``action`` (the play in the game's notation),
    ``play`` (the same as an action value), ``reasons`` (catalog messages naming the cards and
    the points), ``options`` (each choice it weighed, in notation, with its value in points for
    the seat's side; None where it weighed nothing), ``close`` (the best two are within
    :data:`CLOSE_POINTS`)."""

    action: str
    play: Action
    reasons: tuple[Message, ...]
    options: tuple[tuple[str, float | None], ...] = ()
    close: bool = False

    def explain(self, lang: str = "en") -> list[str]:
        """The reasons as sentences in ``lang``."""
        return [r.text(lang) for r in self.reasons]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the hand the play uses (to select them on the table)."""
        if isinstance(self.play, (NewMeld, AddToMeld)):
            return tuple(self.play.cards)
        if isinstance(self.play, Discard):
            return (self.play.card,)
        return ()

    @property
    def meld(self) -> tuple[int, int] | None:
        """(team, meld number from 1) of the meld the play adds to, or None."""
        if isinstance(self.play, AddToMeld):
            return (self.play.team if self.play.team is not None else -1, self.play.meld)
        return None


@dataclass(frozen=True)
class Remark:
    """A reviewed play: ``move`` (its index among the hand's moves, ``state.history``),
    ``played`` and ``better`` (notation), ``points`` (what it cost by the coach's estimate,
    never negative), ``reason`` (a catalog message)."""

    move: int
    seat: int
    played: str
    better: str
    points: int
    reason: Message

    def explain(self, lang: str = "en") -> str:
        return self.reason.text(lang)


def _seed(game_seed: int, view: View, moves: int) -> int:
    """The seed of the coach's search at a position: the game's seed and the moves played so
    far in the whole game (a review searches with the seed the advice had)."""
    return (game_seed * 7919 + view.hand_number * 1_000_003 + moves * 101 + view.seat * 7) & 0xFFFFFFFF


def advise(game: Game, seat: int | None = None, *, worlds: int = WORLDS) -> Advice:
    """The coach's advice for the seat to play (``seat``, if given, must be that seat): from
    that seat's view only, seeded by the game's seed and its moves so far."""
    turn = game.state.turn
    if seat is not None and seat != turn:
        raise ValueError(f"seat {seat} is not to play: seat {turn} is")
    view = game.view(turn)
    return advise_view(view, seed=_seed(game.seed, view, len(game.history)), worlds=worlds)


def advise_view(view: View, *, seed: int = 0, worlds: int = WORLDS) -> Advice:
    """The coach's advice from one seat's ``view`` (a bot may follow it: :class:`CoachBot`)."""
    if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return Advice("next", NextHand(), (Message("coach.next"),))
    if not view.my_turn:
        raise ValueError(f"seat {view.seat} is not to play: seat {view.turn} is")
    bot = MonteCarloBot(seed, worlds=worlds)
    ranked = bot.appraise(view)
    best, value = ranked[0]
    weighed = _weigh_wild(view, best, seed, worlds)
    held = None
    if weighed is not None:
        ranked, held = weighed
        best, value = ranked[0]
    ranked, kept = hold_wild(view, ranked)
    if kept is not None:
        best, value = ranked[0]
    reasons = play_reasons(view, best)
    if held is not None:
        reasons.insert(1, held)
    if kept is not None:
        reasons.insert(1, kept)
    close = False
    scored = [(a, v) for a, v in ranked if v is not None]
    if value is not None and len(scored) >= 2 and kept is None:  # a wild card held: its reason says why
        second, second_value = scored[1]
        assert second_value is not None
        gap = value - second_value
        if gap < CLOSE_POINTS:
            close = True
            reasons.append(Message("coach.close", {"first": play_words(best, view),
                                                   "second": play_words(second, view),
                                                   "points": int(CLOSE_POINTS)}))
        else:
            reasons.append(Message("coach.better-than", {"second": play_words(second, view),
                                                         "points": round(gap), "worlds": bot.worlds}))
    options = tuple((str(a), None if v is None else round(v, 1)) for a, v in ranked)
    return Advice(str(best), best, tuple(reasons), options, close)


def _weigh_wild(view: View, meld: Action, seed: int, worlds: int
                ) -> tuple[list[tuple[Action, float | None]], Message | None] | None:
    """The strategy lesson's advice, hold your wild cards, against the greedy ``meld`` that lays
    one: the meld searched beside the discards the search weighs (holding the card), in the same
    sampled deals as :func:`review` weighs those discards (a fresh search of the same seed, the
    meld last so that a tie keeps the card); the ranking, and the reason (``coach.wild-lay``:
    the search found laying it better; ``coach.wild-hold``; None where the best discard lets a
    wild card go). None where the play lays no wild card."""
    if not isinstance(meld, NewMeld | AddToMeld):
        return None
    wild = next((c for c in meld.cards if c.is_wild_card), None)
    if wild is None:
        return None
    ranked = MonteCarloBot(seed, worlds=worlds).appraise(view, extra=meld)
    best = ranked[0][0]
    if len(ranked) < 2 or ranked[0][1] is None:
        return None
    second = ranked[1][0]
    if best == meld:
        return ranked, Message("coach.wild-lay", {"card": wild, "second": play_words(second, view)})
    if isinstance(best, Discard) and best.card.is_wild_card:
        return ranked, None
    return ranked, Message("coach.wild-hold", {"card": wild, "play": play_words(meld, view)})


def hold_wild(view: View, ranked: list[tuple[Action, float | None]]
              ) -> tuple[list[tuple[Action, float | None]], Message | None]:
    """The strategy lesson's advice, hold your wild cards, where the search's best play discards
    one: a wild card the next player's side can add to its melds (the greedy valuation,
    :func:`~buraco_core.bots.greedy.discard_factors`) is held, and the best natural discard the
    search weighed goes first (``coach.wild-kept``); one they cannot use may go, and the advice
    says why here (``coach.wild-let-go``). ``ranked`` unchanged and None where the best play
    lets no wild card go or no natural discard was weighed."""
    best = ranked[0][0]
    if not (isinstance(best, Discard) and best.card.is_wild_card):
        return ranked, None
    natural = next(((a, v) for a, v in ranked if isinstance(a, Discard) and not a.card.is_wild_card
                    and v is not None), None)
    if natural is None:
        return ranked, None
    if discard_factors(determinize(view), best.card).feeds_next:
        rest = [(a, v) for a, v in ranked if a != natural[0]]
        return [natural, *rest], Message("coach.wild-kept", {"card": best.card})
    return ranked, Message("coach.wild-let-go", {"card": best.card, "second": play_words(natural[0], view)})


def play_reasons(view: View, act: Action) -> list[Message]:
    """What the legal play ``act`` of the seat of ``view`` does (:func:`_play_reasons`), and,
    in the play phase, a meld the pot guard holds back ([pot-guard]): the choice turned on it."""
    out = _play_reasons(view, act)
    if view.phase is Phase.PLAY and not isinstance(act, NextHand):
        held = guard_refusal(determinize(view))
        if held is not None:
            out.insert(1, Message("coach.pot-guard", {"play": play_words(held, view)}))
    return out


def _play_reasons(view: View, act: Action) -> list[Message]:
    """What the legal play ``act`` of the seat of ``view`` does, in words that name its cards and
    points (from the view alone): the events the play reports from a state that shows the seat
    this view (:func:`~buraco_core.game.engine.apply_events`), and for a draw or a discard the
    bots' valuations."""
    s = determinize(view)
    rules = view.rules
    values = rules.card_values
    if isinstance(act, NewMeld | AddToMeld | Take):
        events = apply_events(s, act)[1]
        event = events[0]
        if isinstance(event, Melded):
            meld = event.meld
            out = [Message("coach.meld", {"cards": meld.cards, "points": meld.points})]
            if take_clause(rules) in event.clauses:  # it melds the card the take obliged
                out.append(Message("coach.must-meld", {"card": view.must_meld}))
            return [*out, *outcome_reasons(view, events)]
        if isinstance(event, Added):
            key = "coach.add" if event.team == view.team else "coach.add-theirs"  # brazilian: anyone's meld
            out = [Message(key, {"cards": event.cards, "meld": event.number, "team": event.team,
                                 "label": event.before.label_message, "points": event.points})]
            if event.made_buraco:
                out.append(Message("coach.buraco", {"bonus": event.meld.bonus}))
            return [*out, *outcome_reasons(view, events)]
        assert isinstance(event, TookPile)
        taken = event.shown
        out = [Message("coach.take", {"n": event.count})]
        said: set[Card] = set()
        for c in reversed(taken):  # the top card first
            if c.is_wild_card or c in said or len(said) == TAKE_FACTS:
                continue
            rest = list(taken)
            rest.remove(c)
            fit = card_fit(c, view.hand, view.melds, view.team, rules)
            if fit is not None:
                out.append(fit.message("coach.take-fits-meld", "coach.take-fits-hand"))
            else:
                fit = card_fit(c, (*view.hand, *rest), (), view.team, rules)
                if fit is None:
                    continue
                out.append(fit.message("", "coach.take-fits-pile"))
            said.add(c)
        wilds = tuple(c for c in taken if c.is_wild_card)
        if wilds:
            out.append(Message("coach.take-wilds", {"cards": wilds}))
        return out
    if isinstance(act, Draw):
        if not view.discard:
            return [Message("coach.draw-empty")]
        top = view.discard[-1]
        fit = card_fit(top, view.hand, view.melds, view.team, rules)
        if fit is not None:
            return [fit.message("coach.draw-fits-meld", "coach.draw-fits-hand")]
        if not take_values(s):
            return [Message("coach.draw", {"card": top})]
        return [Message("coach.draw-unsafe", {"card": top})]
    if isinstance(act, Discard):
        card = act.card
        f = discard_factors(s, card)
        out = [Message("coach.discard", {"card": card}), *outcome_reasons(view, apply_events(s, act)[1])]
        nxt = (view.seat + 1) % view.players
        if view.team_of(nxt) != view.team and view.melds[view.team_of(nxt)] and not f.feeds_next:
            out.append(Message("coach.discard-not-theirs", {"card": card}))
        if f.feeds_next:
            out.append(Message("coach.discard-feeds", {"card": card}))
        # the bots' counts of natural neighbours, and the engine's melds (a 2 of the suit may
        # stand at its place beside a wild card: no neighbour counted, and yet a meld)
        if f.pile_links == 0 and view.discard and not f.wild \
                and card_fit(card, view.discard, (), view.team, rules) is None:
            out.append(Message("coach.discard-pile-safe", {"card": card}))
        rest = list(view.hand)
        rest.remove(card)
        if f.hand_links == 0 and not f.wild and card_fit(card, rest, (), view.team, rules) is None:
            out.append(Message("coach.discard-loner", {"card": card}))
        if values[card.rank] >= 10 and not f.wild:
            out.append(Message("coach.discard-sheds", {"card": card, "points": values[card.rank]}))
        if all(m.key in ("coach.discard", "coach.discard-feeds") for m in out) and not f.wild:
            out.append(_discard_why(s, card, f.hand_links, rest))
        return out
    return [Message("coach.next")]


def _discard_why(s: State, card: Card, links: int, rest: Sequence[Card]) -> Message:
    """Why this natural discard, where nothing else is said for it: it goes with no more of the
    hand than any other natural card would (``coach.discard-fewest``, the greedy valuation's
    count), else the search's own finding (``coach.discard-searched``)."""
    others = [discard_factors(s, c).hand_links for c in dict.fromkeys(rest) if not c.is_wild_card]
    if links >= 1 and all(links <= n for n in others):
        return Message("coach.discard-fewest", {"card": card, "n": links})
    return Message("coach.discard-searched", {"card": card})


TAKE_FACTS = 3
"""At most this many cards of a pile taken are named with what they meld with."""


@dataclass(frozen=True)
class Fit:
    """What a card melds with, as the engine finds it (:func:`card_fit`): onto ``meld``, meld
    ``number`` (from 1) of team ``team``, or (``meld`` None) into a three-card meld with
    ``cards``."""

    card: Card
    cards: tuple[Card, ...] = ()
    meld: Meld | None = None
    team: int = 0
    number: int = 0

    def message(self, onto: str, trio: str) -> Message:
        """The fact as the catalog message ``onto`` (onto a meld) or ``trio`` (with cards)."""
        if self.meld is None:
            return Message(trio, {"card": self.card, "cards": self.cards})
        return Message(onto, {"card": self.card, "meld": self.number, "label": self.meld.label_message})


def card_fit(card: Card, hand: Sequence[Card], melds: Sequence[Sequence[Meld]], team: int, rules: Rules
             ) -> Fit | None:
    """What ``card`` (not in ``hand``) melds with: a meld of team ``team``'s side it goes onto
    (:func:`~buraco_core.meld_search.extends`), else two cards of ``hand`` it makes a
    three-card meld with, wild cards included (:func:`~buraco_core.meld_search.trios_with`),
    else None. ``melds`` are every team's (none: the hand alone); only the side's own are
    looked at ("yours": a learner adds to the other side's melds only in ``brazilian``, and the
    coach's reasons speak of the side's own).

    >>> from buraco_core import RULESETS, parse_card, parse_cards
    >>> card_fit(parse_card("7s"), parse_cards("8s JK Kc"), [(), ()], 0, RULESETS["buraco"]).cards
    (Card.from_str('JK'), Card.from_str('8♠'))
    """
    for i, m in enumerate(melds[team] if melds else (), 1):
        if extends(m, card):
            return Fit(card, meld=m, team=team, number=i)
    cards = (*hand, card)
    trios = (three_card_melds(cards, rules, with_card=card) if card.is_wild_card
             else trios_with(cards, rules, card))
    for trio in trios:
        rest = list(make_meld(trio, rules).cards)  # as the meld lays them out
        rest.remove(card)
        return Fit(card, tuple(rest))
    return None


def guard_refusal(s: State) -> NewMeld | AddToMeld | None:
    """A meld or an addition of the hand's cards that the engine refuses by the pot guard alone
    ([pot-guard]: the side has its pot and no buraco, and the play would leave one card or none)
    for the player to move in the play phase of ``s``, or None: a new three-card meld, or one or
    two cards onto a meld of the side, each asked of the engine (:func:`~buraco_core.game.engine.check`,
    which judges the meld before the guard)."""
    if s.phase is not Phase.PLAY:
        return None
    team = s.current_team
    hand = s.hands[s.turn]
    if len(hand) > 4 or pot_guard(s, team, s.melds[team], 0, by_meld=True) is None:
        return None
    plays: list[NewMeld | AddToMeld] = []
    if len(hand) >= 3:
        plays.extend(NewMeld(t) for t in three_card_melds(hand, s.rules))
    for k in range(max(1, len(hand) - 1), min(2, len(hand)) + 1):
        for cards in dict.fromkeys(combinations(hand, k)):
            plays.extend(AddToMeld(i, cards) for i in range(1, len(s.melds[team]) + 1))
    for play in plays:
        refusal = check(s, play)
        if refusal is not None and refusal.rule == "pot-guard":
            return play
    return None


def play_outcome(events: Sequence[Event], seat: int) -> str | None:
    """What a play of ``seat`` led to, as the engine reported it (``events``): ``"out"`` (the seat
    went out), ``"pot"`` (it earned its side's pot: picked up, or waiting), else None."""
    if any(isinstance(e, WentOut) and e.seat == seat for e in events):
        return "out"
    if any(isinstance(e, PotTaken | PotWaiting) and e.seat == seat for e in events):
        return "pot"
    return None


def outcome_reasons(view: View, events: Sequence[Event]) -> list[Message]:
    """What a play of the seat of ``view`` leads to, as the engine reported it (``events``):
    going out (the hand ends, with the bonus), or the side's pot earned."""
    outcome = play_outcome(events, view.seat)
    if outcome == "out":
        return [Message("coach.goes-out", {"bonus": view.rules.going_out_bonus})]
    if outcome == "pot":
        return [Message("coach.earns-pot")]
    return []


def compare(game: Game, plays: Sequence[str | Action], *, worlds: int = 2 * WORLDS) -> list[tuple[str, float]]:
    """The coach's values of ``plays`` (legal plays of the seat to play, each in the game's
    notation), best first: each played out in the same sampled deals of what that seat cannot
    see, seeded by the position (a puzzle's choices: the answer is the first)."""
    view = game.view(game.state.turn)
    actions = [parse_action(p) for p in plays]
    for a in actions:
        refusal = game.why_illegal(a)
        if refusal is not None:
            raise ValueError(f"{a} is not a legal play here: {refusal}")
    bot = MonteCarloBot(_seed(game.seed, view, len(game.history)), worlds=worlds)
    return [(str(a), float(v if v is not None else 0.0)) for a, v in bot.appraise(view, only=actions)]


# ------------------------------------------------------------------ review

def hand_moves(game: Game) -> tuple[list[State], list[tuple[Event, ...]]]:
    """The states of the current hand, one before each of its moves and the last one, and each
    move's events (replayed from the game's saved record, :meth:`Game.to_json`)."""
    data = game.to_dict()
    s = state_from_dict({**data["start"], "rules": data["rules"]})
    states, events = [s], []
    for text in data["actions"]:
        s, did = apply_events(s, parse_action(text))
        states.append(s)
        events.append(did)
    moves = len(game.state.history)
    return states[-(moves + 1):], events[len(events) - moves:]


def review(game: Game, seat: int, *, since: int = 0, worlds: int = WORLDS) -> list[Remark]:
    """The coach's remarks on ``seat``'s draws and discards in the current hand (from move
    ``since`` on), costliest first: a play the coach values at least :data:`COSTLY_POINTS` below
    its own choice, and every discard the next player (an opponent) took the pile with and
    melded at once. Each is judged from the view ``seat`` had then, by the search the advice
    had there (the same seed and sampled deals), with the play made weighed beside the
    coach's candidates: a play that followed the advice costs nothing."""
    states, events = hand_moves(game)
    history = game.state.history
    first = len(game.history) - len(history)  # the hand's first move among the game's
    remarks: list[Remark] = []
    for j in range(since, len(history)):
        who, text = history[j]
        before = states[j]
        if who != seat or before.phase not in (Phase.DRAW, Phase.PLAY):
            continue
        played = parse_action(text)
        if before.phase is Phase.PLAY and not isinstance(played, Discard):
            continue
        card = played.card if isinstance(played, Discard) else None
        fed = None if card is None else _fed_next(before, history, events, j, seat, card)
        view = view_of(before, seat)
        bot = MonteCarloBot(_seed(game.seed, view, first + j), worlds=worlds)
        ranked, _kept = hold_wild(view, bot.appraise(view, extra=played))
        valued = {str(a): v for a, v in ranked if v is not None}
        if str(played) not in valued:
            continue  # nothing to compare (the only legal move)
        best = next(str(a) for a, v in ranked if v is not None)  # the advice's choice (a wild card held)
        cost = max(0.0, valued[best] - valued[str(played)])
        if fed is not None:
            key = "coach.review-fed" if best != str(played) else "coach.review-fed-anyway"
            reason = Message(key, {"card": card, "player": fed, "better": play_words(best, view)})
        elif cost >= COSTLY_POINTS:
            reason = Message("coach.review-costly", {"played": play_words(played, view),
                                                     "better": play_words(best, view),
                                                     "points": round(cost)})
        else:
            continue
        remarks.append(Remark(j, seat, str(played), best, round(cost), reason))
    remarks.sort(key=lambda r: (-r.points, r.move))
    return remarks


def _fed_next(before: State, history: Sequence[tuple[int, str]], events: Sequence[Sequence[Event]], j: int,
              seat: int, card: Card) -> Message | None:
    """If the next player, an opponent, took the pile right after the discard at move ``j`` and
    melded that card in the same turn (as each move's ``events`` say): who (as ``seat`` calls
    them), else None."""
    nxt = (seat + 1) % before.players
    if before.team_of(nxt) == before.team_of(seat) or j + 1 >= len(history):
        return None
    if history[j + 1][0] != nxt or not isinstance(events[j + 1][0], TookPile):
        return None
    for k in range(j + 2, len(history)):
        if history[k][0] != nxt:
            break
        first = events[k][0]
        laid = first.meld.cards if isinstance(first, Melded) else first.cards if isinstance(first, Added) else ()
        if card in laid:
            return seat_name(view_of(before, seat), nxt)
    return None


class CoachBot:
    """A bot that follows the coach's advice (for the benchmark, and to let a learner watch it)."""

    name = "coach"

    def __init__(self, seed: int = 0, *, worlds: int = WORLDS) -> None:
        self.seed = seed
        self.worlds = worlds
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return advise_view(view, seed=self.rng.getrandbits(32), worlds=self.worlds).play
