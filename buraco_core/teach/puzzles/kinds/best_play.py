"""best-play: which of these plays is best here? (lesson 09, strategy)

Goal: ``play`` (two or more legal plays of the seat to play, separated by ``;``: the choices),
``ask`` (what the task is about: ``discard``, ``draw``, ``wild``, ``pot``, ``out``; it picks the
prompt) and the position (``position``, ``scenario`` or ``game``, as for legal-play). The coach's
evaluation decides (:func:`buraco_core.coach.compare`: each choice played out in the same sampled
deals of the cards the learner cannot see, seeded by the position): the answer is the choice it
values most. A puzzle whose best two choices are within :data:`~buraco_core.coach.CLOSE_POINTS`
is refused as a close call (no fair answer). The feedback gives the coach's reasons
(:func:`~buraco_core.coach.play_reasons`): for a wrong choice why it is worse and by how much,
without naming the best one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....bots.greedy import greedy_action, greedy_meld
from ....cards import Card
from ....clauses import CLAUSES
from ....game.actions import AddToMeld, Discard, NewMeld, Take
from ....game.engine import apply_events, check
from ....game.facade import Game
from ....game.state import Phase
from ....memo import Bounded
from ....messages import Message
from ....rules import Rules
from ....variants import rules_text
from ..answers import read_index
from ..explain import play_words
from ..feedback import Feedback
from ..positions import PositionGoal, game_of, position_facts, show_position, split_plays
from ..puzzle import Puzzle, PuzzleError, goal_of
from ..templates import last_cards
from .base import Kind, Option, Params, right, wrong

__all__ = ["ASKS", "BEST_PLAY", "leads_to", "values", "what_follows"]

_PROMPTS = {
    "discard": "prompt.best-play-discard",
    "draw": "prompt.best-play-draw",
    "wild": "prompt.best-play-wild",
    "pot": "prompt.best-play-pot",
    "out": "prompt.best-play-out",
}

#: The tasks a position may ask about (its goal's ``ask``): each the topic of a section of the
#: strategy lesson (``<a id="topic-out"></a>``), which a miss links.
ASKS: tuple[str, ...] = tuple(_PROMPTS)

_VALUES: Bounded[tuple[str, str, str, str], tuple[tuple[str, float], ...]] = Bounded("best_play.values", 256)


@dataclass(frozen=True)
class BestPlayGoal(PositionGoal):
    """A best-play goal: the choices (``play``), the position, and ``ask`` (the prompt's topic)."""

    ask: str | None = None

    @property
    def asked(self) -> str:
        """The prompt's topic: ``ask``, ``"discard"`` where the goal does not say."""
        return str(self.ask or "discard")


def values(puzzle: Puzzle) -> tuple[tuple[str, float], ...]:
    """The coach's values of the puzzle's choices, best first (remembered per position)."""
    goal = goal_of(puzzle, BestPlayGoal)
    key = (str(goal.position or ""), str(goal.scenario or ""), str(goal.game or ""),
           str(goal.play or ""))
    known = _VALUES.get(key)
    if known is None:
        from ....coach import compare  # a cycle: the coach reads teach.explain's play words

        plays = split_plays(puzzle)
        try:
            known = tuple(compare(game_of(puzzle), plays))
        except ValueError as e:
            raise PuzzleError(str(e)) from None
        _VALUES.put(key, known)
    return known


class BestPlay(Kind):
    name = "best-play"
    goal_type = BestPlayGoal
    form = "choice"
    clause = "discard-pile"
    shows_position = True
    plays_out = True
    params = frozenset({"ask"})
    keeps = ("ask",)

    def prepare(self, puzzle: Puzzle) -> Puzzle:
        return show_position(puzzle, tuple(split_plays(puzzle)))

    def prompt(self, puzzle: Puzzle) -> Message:
        return Message(_PROMPTS.get(goal_of(puzzle, BestPlayGoal).asked, "prompt.best-play-discard"))

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        plays = split_plays(puzzle)
        if len(plays) < 2:
            return "a best-play puzzle needs two plays or more in its goal 'play', separated by ';'"
        ask = goal_of(puzzle, BestPlayGoal).ask
        if ask is not None and ask not in _PROMPTS:
            return f"goal 'ask' is {ask!r}: write one of {', '.join(_PROMPTS)}"
        game = game_of(puzzle)
        if game.rules.name != rules.name:
            return f"the position is played under {game.rules.name}, the puzzle under {rules.name}"
        for play in plays:
            refusal = game.why_illegal(play)
            if refusal is not None:
                return f"the choice {play!r} is not a legal play here: {refusal}"
        return None

    def answer_problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        ranked = values(puzzle)
        if ranked[0][1] - ranked[1][1] < _close():
            return (f"a close call: the coach values {ranked[0][0]} and {ranked[1][0]} within "
                    f"{_close():.0f} points, so neither is a fair answer")
        return None

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        game = game_of(puzzle)
        team = game.state.current_team
        out = []
        for play in split_plays(puzzle):
            act = game.parse(play)  # a meld's cards, a discard's or a take's card
            laid = act.cards if isinstance(act, NewMeld | AddToMeld) else ()
            card = act.card if isinstance(act, Discard | Take) else None
            cards = tuple(c.code for c in laid or ((card,) if card is not None else ()))
            out.append(Option(play, play_words(play, team), cards))
        return tuple(out)

    def topic(self, puzzle: Puzzle) -> str | None:
        """The task (``ask``): the strategy lesson's section about it (``topic-out``)."""
        return goal_of(puzzle, BestPlayGoal).asked

    def facts(self, puzzle: Puzzle) -> tuple[Message, ...]:
        return position_facts(game_of(puzzle))

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        from ....coach import play_reasons  # a cycle: the coach reads teach.explain's play words

        plays = split_plays(puzzle)
        if isinstance(answer, int) and not isinstance(answer, bool):
            answer = plays[read_index(answer, len(plays))]
        chosen = " ".join(str(answer).split())
        ranked = dict(values(puzzle))
        match = next((p for p in plays if p.lower() == chosen.lower()), None)
        if match is None:
            raise ValueError(f"{answer!r} is not one of the choices: {'; '.join(plays)}")
        game = game_of(puzzle)
        view = game.view(game.state.turn)
        team = view.team
        best = max(plays, key=lambda p: ranked[p])
        why = [*play_reasons(view, game.parse(match)), *what_follows(game, match)]
        candidates = reason_clauses(why, goal_of(puzzle, BestPlayGoal).asked, rules)
        if match == best:
            second = max((p for p in plays if p != best), key=lambda p: ranked[p])
            reason = Message("coach.puzzle-right", {"why": _joined(why), "second": play_words(second, team),
                                                    "points": round(ranked[best] - ranked[second])})
            return right(puzzle, candidates, reason)
        stays = _stays_in(game, plays, match)
        if stays is not None:  # the fact the choice turns on, beside the play it names
            why.insert(1, stays)
        reason = Message("coach.puzzle-wrong", {"play": play_words(match, team), "why": _joined(why),
                                                "points": round(ranked[best] - ranked[match])})
        return wrong(puzzle, candidates, "feedback.not-best", reason, advice=Message("coach.puzzle-advice"))

    def solve(self, puzzle: Puzzle) -> object | None:
        return values(puzzle)[0][0]

    def where(self, puzzle: Puzzle) -> Message:
        """The choices and what the next player and the pile show: the things the coach weighs,
        not its verdict."""
        state = game_of(puzzle).state
        following = (state.turn + 1) % state.players
        pile = (Message("hint.here.pile", {"n": len(state.discard), "card": state.discard[-1]}) if state.discard
                else Message("hint.here.pile-empty"))
        return Message("hint.here.best", {
            "choices": len(split_plays(puzzle)), "melds": len(state.melds[state.team_of(following)]),
            "cards": len(state.hands[following]), "pile": pile})

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        game = game_of(puzzle)
        return self.answer_and_why(puzzle, answer, play_words(str(answer), game.state.current_team))


    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        """A position of the kind ``params["ask"]`` names ("Another one" keeps it), or of any of
        ``draw``, ``discard``, ``wild`` without one. ``out`` and ``pot``: a dealt position
        (:func:`~buraco_core.teach.puzzles.templates.last_cards`) whose best choice, by the coach's count,
        goes out or earns the side's pot in this turn (the engine's events say which). The others:
        a seeded game the greedy policy played a few rounds, at seat 0's turn: take the pile or
        draw (when the pile may be taken), else, after seat 0's greedy draw and melds, three of its
        discards (a wild card among them for ``wild``, none for ``discard``)."""
        ask = params.get("ask")
        if ask is not None and ask not in _PROMPTS:
            raise ValueError(f"no best-play task {ask!r}: choose one of {', '.join(_PROMPTS)}")
        if ask in ("out", "pot"):
            return self._last_cards(rng, rules, str(ask))
        players = rules.default_players
        game = Game(rules, players=players, seed=rng.randrange(1 << 20))
        rounds = rng.randint(1, 5)
        for _ in range(rounds * players * 12):
            s = game.state
            if s.phase not in (Phase.DRAW, Phase.PLAY):
                return None
            if s.turn == 0 and s.phase is Phase.DRAW and len(s.history) >= rounds * players * 2:
                break
            game.play(greedy_action(s, rng))
        else:
            return None
        legal = [str(a) for a in game.legal_actions()]
        can_take = "take" in legal and "draw" in legal and len(game.state.discard) >= 2
        if ask == "draw":
            return self._puzzle(rules, game, "take; draw", "draw") if can_take else None
        if ask is None and can_take and rng.random() < 0.5:
            return self._puzzle(rules, game, "take; draw", "draw")
        game.play(greedy_action(game.state, rng))
        for _ in range(12):
            if game.state.phase is not Phase.PLAY or game.state.turn != 0:
                return None
            meld = greedy_meld(game.state)
            if meld is None:
                break
            game.play(meld)
        discards = sorted({str(a) for a in game.legal_actions() if str(a).startswith("discard")})
        if ask is None:
            if len(discards) < 3:
                return None
            chosen = rng.sample(discards, 3)
            wild = any(_lets_go_wild(game, d) for d in chosen)
            return self._puzzle(rules, game, "; ".join(chosen), "wild" if wild else "discard")
        wilds = [d for d in discards if _lets_go_wild(game, d)]
        naturals = [d for d in discards if d not in wilds]
        if len(naturals) < (2 if ask == "wild" else 3) or (ask == "wild" and not wilds):
            return None
        chosen = [rng.choice(wilds), *rng.sample(naturals, 2)] if ask == "wild" else rng.sample(naturals, 3)
        rng.shuffle(chosen)
        return self._puzzle(rules, game, "; ".join(chosen), str(ask))

    def _last_cards(self, rng: random.Random, rules: Rules, ask: str) -> Puzzle | None:
        """A dealt position whose best choice goes out (``ask`` "out") or earns the pot ("pot")."""
        dealt = last_cards(rng, rules, pot="taken" if ask == "out" else "aside")
        if dealt is None:
            return None
        text, plays = dealt
        puzzle = Puzzle(id="", kind=self.name, rules=rules_text(rules), goal={"position": text, "play": plays, "ask": ask})
        try:
            best = values(puzzle)[0][0]
        except PuzzleError:
            return None
        return puzzle if leads_to(game_of(puzzle), best)[0] == ask else None

    def _puzzle(self, rules: Rules, game: Game, plays: str, ask: str) -> Puzzle:
        return Puzzle(id="", kind=self.name, rules=rules.name, goal={"game": game.to_json(), "play": plays, "ask": ask})

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        return {}


#: The clause each of the coach's reasons rests on: what a best-play verdict names is the rule its
#: reasons turn on, not the puzzle's first tag.
_REASON_CLAUSES: Mapping[str, str] = {
    "coach.goes-out": "going-out", "coach.then-out": "going-out", "coach.discard-not-out": "going-out",
    "coach.earns-pot": "pot", "coach.then-pot": "pot-indirect", "coach.pot-guard": "pot-guard",
    "coach.discard-wild": "wild-one", "coach.wild-hold": "wild-one", "coach.wild-lay": "wild-one",
    "coach.discard-feeds": "draw", "coach.discard-not-theirs": "draw", "coach.discard-pile-safe": "draw",
    "coach.take": "draw", "coach.take-fits-hand": "draw", "coach.take-fits-meld": "draw",
    "coach.take-fits-pile": "draw", "coach.take-wilds": "draw", "coach.draw": "draw",
    "coach.draw-fits-hand": "draw", "coach.draw-fits-meld": "draw", "coach.draw-unsafe": "draw",
    "coach.draw-empty": "draw", "coach.buraco": "buraco",
}

#: The rule each task is about, where the coach's reasons name none.
_ASK_CLAUSES: Mapping[str, str] = {"discard": "draw", "draw": "draw", "wild": "wild-one", "pot": "pot",
                                   "out": "going-out"}


def reason_clauses(why: Sequence[Message], ask: str, rules: Rules) -> list[str]:
    """The clauses the coach's reasons rest on (a discard the next player may take with the pile:
    the ruleset's drawing clause; a wild card let go: [wild-one]; going out: [going-out]), in the
    reasons' order, and the task's own clause after them; each as ``rules`` play it."""
    out: list[str] = []
    for clause in [*(_REASON_CLAUSES.get(m.key) for m in why), _ASK_CLAUSES.get(ask, "draw")]:
        here = _played(clause, rules) if clause is not None else None
        if here is not None and here not in out:
            out.append(here)
    return out or ["turn"]


def _played(clause: str, rules: Rules) -> str | None:
    """``clause`` if ``rules`` play by it; for drawing, the ruleset's own drawing clause."""
    options = ("draw", "draw-top-card", "draw-dig") if clause == "draw" else (clause,)
    return next((c for c in options if CLAUSES[c].applies(rules)), None)


def what_follows(game: Game, play: str) -> list[Message]:
    """What a play leads to in this turn beyond what the coach's reasons say
    (:func:`~buraco_core.coach.play_reasons` says when the play itself goes out or earns the
    side's pot): going out or the pot by discarding the one card it leaves (:func:`leads_to`);
    and, for a wild card let go, what a wild card is worth kept."""
    out: list[Message] = []
    act = game.parse(play)
    if isinstance(act, Discard) and act.card.is_wild_card:
        out.append(Message("coach.discard-wild", {"card": act.card}))
    then, last = leads_to(game, play)
    if then is not None and last is not None:
        out.append(Message("coach.then-out" if then == "out" else "coach.then-pot",
                           {"card": last, "bonus": game.state.rules.going_out_bonus}))
    return out


def leads_to(game: Game, play: str) -> tuple[str | None, Card | None]:
    """What ``play`` of the seat to play leads to in this turn, as the engine's events report it
    (:func:`~buraco_core.coach.play_outcome`): ``("out", None)`` or ``("pot", None)`` by the play
    itself; ``("out", card)`` or ``("pot", card)`` by then discarding ``card``, the one card it
    leaves; ``(None, None)`` where it does neither."""
    from ....coach import play_outcome  # a cycle: the coach reads teach.explain's play words

    state = game.state
    seat = state.turn
    after, events = apply_events(state, game.parse(play))
    found = play_outcome(events, seat)
    if found is not None:
        return found, None
    hand = after.hands[seat]
    if after.phase is Phase.PLAY and after.turn == seat and len(hand) == 1:
        last = Discard(hand[0])
        if check(after, last) is None:
            found = play_outcome(apply_events(after, last)[1], seat)
            if found is not None:
                return found, hand[0]
    return None, None


def _joined(why: Sequence[Message]) -> Message | str:
    """The coach's reasons one after another, each set off by a semicolon: a reason may hold
    commas of its own, so a list's commas ran them together (the German review's A10)."""
    if not why:
        return ""
    out = why[0]
    for reason in why[1:]:
        out = Message("coach.reason-then", {"first": out, "then": reason})
    return out


def _stays_in(game: Game, plays: Sequence[str], chosen: str) -> Message | None:
    """For a discard that ends the turn without going out where another of the choices goes out
    (the engine's events say which: :func:`leads_to`): that it does not go out, and the cards it
    leaves in the hand."""
    act = game.parse(chosen)
    if not isinstance(act, Discard) or leads_to(game, chosen)[0] == "out":
        return None
    if not any(leads_to(game, p)[0] == "out" for p in plays if p != chosen):
        return None
    kept = list(game.state.hands[game.state.turn])
    kept.remove(act.card)
    return Message("coach.discard-not-out", {"cards": tuple(kept)})


def _lets_go_wild(game: Game, play: str) -> bool:
    """Whether ``play`` discards a wild card."""
    act = game.parse(play)
    return isinstance(act, Discard) and act.card.is_wild_card


def _close() -> float:
    from ....coach import CLOSE_POINTS  # a cycle: the coach reads teach.explain's play words

    return CLOSE_POINTS


BEST_PLAY = BestPlay()
