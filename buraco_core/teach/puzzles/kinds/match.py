"""match: the last play of a hand; what happens to the match?

Goal: ``play`` (the play that ends the hand) and the position (with ``totals``), as for
legal-play. The answer is one of :data:`MATCH_OUTCOMES` (or its index): a side wins, the match
is a draw, or another hand is dealt. The game plays it and decides ([match-end], [match-tie]).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

from ....cards import Card, format_cards
from ....game.facade import Game
from ....game.scenarios import parse_scenario
from ....messages import Message
from ....rules import Rules, Tie
from ....variants import rules_text
from ..answers import read_choice
from ..deal import Deck, buraco_cards, make, meld_cards
from ..explain import play_words
from ..feedback import Feedback, Line
from ..positions import PositionGoal, game_of, show_position, split_plays
from ..puzzle import Puzzle, PuzzleError
from .base import Kind, Option, Params, right, wrong
from .legal_play import judge_play

__all__ = ["MATCH", "MATCH_OUTCOMES", "match_outcome"]

#: The outcomes a match puzzle offers, in this order (the answer is one of them or its index).
MATCH_OUTCOMES: tuple[str, ...] = (
    "side 0 wins the match", "side 1 wins the match", "the match is a draw", "another hand is dealt",
)
_LABELS = {"the match is a draw": Message("outcome.match.draw"),
           "another hand is dealt": Message("outcome.match.another-hand")}


def side(rules: Rules, number: int) -> Message:
    """Side ``number`` as a match puzzle names it: a team where there are partners, else the player
    of that seat (Brazilian Buraco: every player is a side alone, so no „Team 0“)."""
    return Message("outcome.match.side-team" if rules.partnerships else "outcome.match.side-seat",
                   {"side": number})


def _label(outcome: str, rules: Rules) -> Message:
    """The words of an outcome of :data:`MATCH_OUTCOMES` (or a puzzle's own option)."""
    for number in (0, 1):
        if outcome == f"side {number} wins the match":
            return Message("outcome.match.side-wins", {"side": side(rules, number)})
    return _LABELS.get(outcome, Message("teach.own-words", {"text": outcome}))


def match_outcome(puzzle: Puzzle) -> tuple[str, Game]:
    """What the game says happens when the puzzle's play ends the hand: one of
    :data:`MATCH_OUTCOMES`, and the game after the play."""
    game = game_of(puzzle)
    play = split_plays(puzzle)[0]
    refusal = judge_play(game, play)
    if refusal is not None:
        raise PuzzleError(f"the play {play!r} is refused: {refusal}")
    game.play(play)
    if game.is_match_over:
        outcome = "the match is a draw" if game.winner is None else f"side {game.winner} wins the match"
    elif game.is_hand_over:
        outcome = "another hand is dealt"
    else:
        raise PuzzleError(f"the play {play!r} does not end the hand")
    return outcome, game


def _tied(game: Game) -> bool:
    totals = list(game.totals)
    return len(set(totals)) == 1


def _cards_worth(deck: Deck, rules: Rules, points: int) -> list[Card] | None:
    """Natural cards from ``deck`` worth exactly ``points`` (the highest values first), or None."""
    if points <= 0:
        return None
    values = rules.card_values
    out: list[Card] = []
    left = points
    for card in sorted((c for c in deck.left.elements() if c.rank not in (0, 2)),
                       key=lambda c: (-values[c.rank], c)):
        if values[card.rank] <= left:
            out.append(card)
            left -= values[card.rank]
        if left == 0:
            deck.take(out)
            return out
    return None


class MatchKind(Kind):
    name = "match"
    goal_type = PositionGoal
    form = "choice"
    clause = "match-end"
    shows_position = True
    params = frozenset({"outcome"})

    def prepare(self, puzzle: Puzzle) -> Puzzle:
        return show_position(puzzle, MATCH_OUTCOMES)

    def prompt(self, puzzle: Puzzle) -> Message:
        plays = split_plays(puzzle)
        try:
            game = game_of(puzzle)
        except (ValueError, PuzzleError):
            return Message("teach.solve-this")
        words = play_words(plays[0], game.view(game.state.turn)) if plays else ""
        return Message("prompt.match", {"play": words})

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        if len(split_plays(puzzle)) != 1:
            return "a match puzzle needs one goal 'play' (e.g. 'discard 3d')"
        match_outcome(puzzle)
        return None

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        rules = puzzle.ruleset
        return tuple(Option(o, _label(o, rules)) for o in (puzzle.options or MATCH_OUTCOMES))

    def facts(self, puzzle: Puzzle) -> tuple[Message, ...]:
        """The target, the totals before the hand, what the hand scores each side (the hand is
        over: every hand is shown and counted) and, where a tie goes to the side that started,
        which side that is: the match's answer follows from these and its rules alone."""
        game = game_of(puzzle)
        rules = game.rules
        facts = [Message("fact.match-target", {"target": rules.target}) if rules.target is not None
                 else Message("fact.match-one-hand")]
        if rules.target is not None:
            facts.append(Message("fact.totals", {"side": side(rules, 0), "a": game.totals[0],
                                                 "side2": side(rules, 1), "b": game.totals[1]}))
        try:
            _outcome, after = match_outcome(puzzle)
        except PuzzleError:
            return tuple(facts)
        facts.append(Message("fact.hand-scores", {"side": side(rules, 0), "a": int(after.scores[0].total),
                                                  "side2": side(rules, 1), "b": int(after.scores[1].total)}))
        if rules.tie is Tie.STARTER_WINS:
            facts.append(Message("fact.started", {"side": side(rules, game.state.team_of(game.state.starter))}))
        return tuple(facts)

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        chosen = read_choice(answer, tuple(str(o) for o in (puzzle.options or MATCH_OUTCOMES)))
        outcome, game = match_outcome(puzzle)
        lines: list[Line] = []
        for team, (score, total) in enumerate(zip(game.scores, game.totals, strict=True)):
            lines += [Line(Message("feedback.line.hand-of", {"side": side(rules, team)}), int(score.total), "hand-score"),
                      Line(Message("feedback.line.total-of", {"side": side(rules, team)}), int(total), "match-end")]
        tie = Message(f"fact.tie-{rules.tie.value}")
        target = (Message("fact.played-to", {"target": rules.target}) if rules.target is not None
                  else Message("fact.one-hand"))
        totals = tuple(Message("feedback.side-total", {"side": side(rules, t), "total": v})
                       for t, v in enumerate(game.totals))
        why = Message("feedback.match-why", {"totals": totals, "target": target, "tie": tie,
                                             "outcome": _label(outcome, rules)})
        # the tie rule decides only a tie: a draw chosen where the totals differ is a miss of the end
        ended = rules.target is None or max(game.totals) >= rules.target  # a tie below the target decides nothing
        tied = (_tied(game) and ended) or outcome == "the match is a draw"
        candidates = ["match-tie", "match-end"] if tied else ["match-end"]
        if chosen == outcome:  # each side's lines: no total of both
            return dataclasses.replace(right(puzzle, candidates, why, lines=lines), sums=False)
        return dataclasses.replace(wrong(puzzle, candidates, "feedback.not-so", self.look(puzzle), lines=lines),
                                   sums=False)

    def solve(self, puzzle: Puzzle) -> object | None:
        return match_outcome(puzzle)[0]

    def where(self, puzzle: Puzzle) -> Message:
        """This hand's scores (the engine's count), the totals before it and the target: what the
        match's end reads, not what it decides."""
        _outcome, game = match_outcome(puzzle)
        rules = game.rules
        scores = tuple(Message("feedback.side-total", {"side": side(rules, t), "total": int(score.total)})
                       for t, score in enumerate(game.scores))
        if rules.target is None:
            return Message("hint.here.match-one", {"scores": scores, "target": Message("fact.match-one-hand")})
        before = tuple(Message("feedback.side-total", {"side": side(rules, t), "total": int(total)})
                       for t, total in enumerate(game_of(puzzle).totals))
        return Message("hint.here.match", {"scores": scores, "before": before,
                                           "target": Message("fact.match-target", {"target": rules.target})})

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        return self.answer_and_why(puzzle, answer, _label(str(answer), game_of(puzzle).rules))

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        """The last play of a hand (side 0 goes out), with match totals chosen so that the hand
        ends the match, leaves it open, or ties; the game decides which."""
        deck = Deck(rules, rng)
        out = buraco_cards(rng, deck, rules, "clean")
        last = deck.random(1, natural=True)
        other = meld_cards(rng, deck, rules, length=rng.randint(3, 5), wild=rng.choice([None, "gap"]))
        theirs = (buraco_cards(rng, deck, rules, rng.choice(["clean", "dirty"])) if rng.random() < 0.5
                  else meld_cards(rng, deck, rules, length=rng.randint(3, 6), wild=rng.choice([None, "gap"])))
        if out is None or other is None or theirs is None:
            return None
        m_out, m_other, m_theirs = make(out, rules), make(other, rules), make(theirs, rules)
        if m_out is None or m_other is None or m_theirs is None:
            return None
        extra = ""
        if rules.target is None and params.get("outcome") == "tie":
            # side 1 needs more on the table than side 0, which goes out: a second buraco
            second = make(buraco_cards(rng, deck, rules, "clean") or [], rules)
            if second is None:
                return None
            extra = f" | {format_cards(second.cards)}"
        left = deck.random(rng.randint(1, 6))
        base = ["description: the last play of a hand", f"rules: {rules.name}", "players: 2", "turn: 0",
                "phase: play", f"hand 0: {format_cards(last)}", f"hand 1: {format_cards(left)}",
                f"melds 0: {format_cards(m_out.cards)} | {format_cards(m_other.cards)}",
                f"melds 1: {format_cards(m_theirs.cards)}{extra}"]
        if rules.pots:
            base += ["pot 0: taken", f"pot 1: {rng.choice(['taken', 'aside'])}"]
        base.append(f"discard: {format_cards(deck.random(2))}")
        if rules.tie is Tie.STARTER_WINS and params.get("outcome") == "tie":
            base.append(f"dealer: {rng.randrange(2)}")  # either side may have started: the tie rule decides
        play = f"discard {last[0].code}"
        try:
            game = parse_scenario("\n".join(base) + "\n", "position")
            if game.why_illegal(play) is not None:
                return None
            game.play(play)
        except ValueError:
            return None
        s0, s1 = (int(sc.total) for sc in game.scores)
        if rules.target is not None:
            target = rules.target
            want = params.get("outcome") or rng.choice(["win", "win", "tie", "open", "both"])
            if want == "tie":
                final = [target + rng.randrange(0, 200, 5)] * 2
            elif want == "open":
                final = [target - rng.randrange(5, 600, 5), target - rng.randrange(5, 600, 5)]
            elif want == "both":
                first = target + rng.randrange(0, 300, 5)
                final = [first, first + rng.choice([-1, 1]) * rng.randrange(5, 200, 5)]
            else:
                winner = rng.randrange(2)
                final = [0, 0]
                final[winner] = target + rng.randrange(0, 300, 5)
                final[1 - winner] = target - rng.randrange(5, 600, 5)
            base.append(f"totals: {final[0] - s0} {final[1] - s1}")
        elif params.get("outcome") == "tie" and s0 != s1:
            # one hand: side 1 holds more cards until both sides score the same
            more = _cards_worth(deck, rules, s1 - s0)
            if more is None:
                return None
            base[6] = f"hand 1: {format_cards([*left, *more])}"
            try:
                game = parse_scenario("\n".join(base) + "\n", "position")
                game.play(play)
            except ValueError:
                return None
            if len({int(sc.total) for sc in game.scores}) != 1:
                return None
        return Puzzle(id="", kind=self.name, rules=rules_text(rules),
                      goal={"position": "\n".join(base) + "\n", "play": play})

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        if rules.target is None:
            return {"match-end": [{}], "match-tie": [{"outcome": "tie"}]}
        return {"match-end": [{"outcome": "win"}, {"outcome": "open"}, {"outcome": "both"}],
                "match-tie": [{"outcome": "tie"}]}


MATCH = MatchKind()
