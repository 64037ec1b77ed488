"""legal-play: is this play allowed here?

Goal: ``play`` (the game's action notation, e.g. ``discard JK``) and the position (``position``:
scenario text, ``scenario``: a named scenario, or ``game``: a saved game). The learner is the seat
to play. The answer is ``"allowed"`` / ``"refused"`` (or True / False, or the option index). The
game decides (``Game.why_illegal``); a refusal names its clause, and an allowed play is explained
too: why it is allowed here and what it leads to.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ....cards import Card
from ....game.actions import Action, AddToMeld, Discard, IllegalAction, NewMeld, Take, parse_action
from ....game.engine import apply_events
from ....game.events import WentOut
from ....game.facade import Game
from ....game.state import Phase
from ....messages import Message
from ....rules import Rules
from ....variants import rules_text
from ..answers import read_bool, read_index
from ..explain import explain_allowed, out_has, play_words, refusal_clauses
from ..feedback import Feedback
from ..look import play_pointer
from ..positions import PositionGoal, game_of, position_facts, show_position, split_plays
from ..puzzle import Puzzle, PuzzleError, goal_of
from ..templates import RECIPES
from .base import Kind, Option, Params, right, wrong

__all__ = ["LEGAL_PLAY", "judge_play"]

_ANSWERS = ("allowed", "refused")


def judge_play(game: Game, play: str) -> IllegalAction | None:
    """The game's refusal of ``play`` (an IllegalAction) or None; unreadable text is the puzzle's
    fault, not the learner's."""
    try:
        parse_action(play)
    except ValueError as e:
        raise PuzzleError(f"the play {play!r} cannot be read: {e}") from None
    return game.why_illegal(play)


class LegalPlay(Kind):
    name = "legal-play"
    goal_type = PositionGoal
    form = "choice"
    clause = "turn"
    shows_position = True
    params = frozenset({"allowed", "topic", "clause"})
    keeps = ("allowed",)

    def prepare(self, puzzle: Puzzle) -> Puzzle:
        return show_position(puzzle, _ANSWERS)

    def prompt(self, puzzle: Puzzle) -> Message:
        try:
            game = game_of(puzzle)
            return Message("prompt.legal-play", {"play": play_words(str(goal_of(puzzle, PositionGoal).play or ""),
                                                                    game.view(game.state.turn))})
        except (ValueError, PuzzleError):
            return Message("teach.solve-this")

    def problems(self, puzzle: Puzzle, rules: Rules) -> str | None:
        plays = split_plays(puzzle)
        if len(plays) != 1:
            return "a legal-play puzzle needs one goal 'play' (e.g. 'discard JK')"
        game = game_of(puzzle)
        if game.rules.name != rules.name:
            return f"the position is played under {game.rules.name}, the puzzle under {rules.name}"
        judge_play(game, plays[0])
        return None

    def options(self, puzzle: Puzzle) -> tuple[Option, ...]:
        return (Option("allowed", Message("widget.allowed")), Option("refused", Message("widget.refused")))

    def facts(self, puzzle: Puzzle) -> tuple[Message, ...]:
        return position_facts(game_of(puzzle))

    def check(self, puzzle: Puzzle, rules: Rules, answer: object) -> Feedback:
        if isinstance(answer, int) and not isinstance(answer, bool):
            answer = _ANSWERS[read_index(answer, len(_ANSWERS))]
        says_allowed = read_bool(answer)
        game = game_of(puzzle)
        play = split_plays(puzzle)[0]
        refusal = judge_play(game, play)
        shown = play_words(play, game.view(game.state.turn))
        act = game.parse(play)
        if refusal is not None:
            candidates = refusal_clauses(refusal)
            if refusal.rule == "going-out" and isinstance(act, (NewMeld, AddToMeld)):
                candidates.append("turn-guard")  # a meld that would empty the hand before the side may go out
            if isinstance(act, Take) and not rules.discard_open:
                candidates.append("discard-pile")  # the take turns on the one card the closed pile shows
            if not says_allowed:
                reason = Message("feedback.play-refused", {"play": shown, "why": refusal.message})
                return right(puzzle, candidates, reason, verdict="feedback.right-refused")
            return wrong(puzzle, candidates, "feedback.not-so", self.look(puzzle))
        why, candidates = explain_allowed(game, play)
        if isinstance(act, Take) and not rules.discard_open:
            candidates.append("discard-pile")  # the take turns on the one card the closed pile shows
        left = _left_after(game, act)
        if isinstance(act, (NewMeld, AddToMeld)) and left is not None:
            # the turn guard asked whether the one card left may end the turn: it may, and that is
            # what the verdict turns on (where discarding it goes out: what the side has for that)
            candidates.insert(0, "turn-guard")
            why = Message("teach.join", {"first": why, "then": Message("explain.last-card-free", {"card": left})})
            if _goes_out(game, act, left):
                why = Message("teach.join", {"first": why, "then": out_has(game.state, game.state.current_team)})
        if says_allowed:
            reason = Message("feedback.play-allowed", {"play": shown, "why": why})
            return right(puzzle, candidates, reason, verdict="feedback.right-allowed")
        return wrong(puzzle, candidates, "feedback.not-so", self.look(puzzle))

    def solve(self, puzzle: Puzzle) -> object | None:
        return "allowed" if judge_play(game_of(puzzle), split_plays(puzzle)[0]) is None else "refused"

    def where(self, puzzle: Puzzle) -> Message:
        """What the clause deciding the play reads in this position (the stage of the turn, the
        cards the play leaves, the pot, the pile's top card, ...)."""
        told = self.check(puzzle, puzzle.ruleset, self.solve(puzzle))  # the clause the verdict names
        return play_pointer(game_of(puzzle), split_plays(puzzle)[0], told.rule)

    def show_answer(self, puzzle: Puzzle, answer: object) -> Message:
        fb = self.check(puzzle, puzzle.ruleset, answer)
        return Message("hint.answer-play", {"choice": Message(f"widget.{answer}"), "why": fb.reason or ""})

    def generate(self, rng: random.Random, rules: Rules, params: Params) -> Puzzle | None:
        clause = params.get("clause")
        if params.get("topic") == "pot":
            clause = rng.choice(["pot", "pot-indirect", "going-out", "pot-guard", "turn-guard", "no-direct-pot"])
        if clause is not None:
            recipe = RECIPES.get(str(clause))
            dealt = recipe(rng, rules) if recipe is not None else None
            if dealt is None:
                return None
            text, play = dealt
            if ";" in play:
                return None
            puzzle: Puzzle | None = Puzzle(id="", kind=self.name, rules=rules_text(rules),
                                           goal={"position": text, "play": play})
        else:
            puzzle = _random_position(rng, rules)
        if puzzle is None:
            return None
        if "allowed" in params and (self.solve(puzzle) == "allowed") != bool(params["allowed"]):
            return None
        return puzzle

    def deals(self, rules: Rules) -> Mapping[str, Sequence[Params]]:
        skip = {"stock-end", "pot-to-stock"}  # a sequence of plays: the outcome kind asks about them
        if rules.pot_guard:
            skip.add("turn-guard")  # the pot guard refuses first (see templates.turn_guard)
        return {clause: [{"clause": clause}] for clause in RECIPES if clause not in skip}


def _goes_out(game: Game, act: Action, left: Card) -> bool:
    """Whether discarding ``left``, the one card ``act`` leaves, goes out (the engine's events say)."""
    after, _ = apply_events(game.state, act)
    _, events = apply_events(after, Discard(left))
    return any(isinstance(e, WentOut) for e in events)


def _left_after(game: Game, act: Action) -> Card | None:
    """The one card a meld leaves in the hand, where it may be the discard that ends the turn;
    None otherwise."""
    after = Game.from_state(game.state)
    after.play(act)
    hand = after.state.hands[game.state.turn]
    if after.state.turn != game.state.turn or len(hand) != 1:
        return None
    return hand[0] if after.why_illegal(f"discard {hand[0].code}") is None else None


def _random_position(rng: random.Random, rules: Rules) -> Puzzle | None:
    """A position from a seeded game played a few turns, at seat 0's turn, and a play a learner
    might try there (plays that teach a rule weigh more)."""
    players = rules.default_players
    game = Game(rules, players=players, seed=rng.randrange(1 << 20))
    for _ in range(rng.randint(0, 5) * players):  # whole turns: seat 0 is to play again
        if game.phase is not Phase.DRAW:
            return None
        actions = [str(a) for a in game.legal_actions()]
        choice = "take" if "take" in actions and rng.random() < 0.3 else "draw"
        game.play(choice if choice in actions else rng.choice(actions))
        if not _playing(game):
            return None
        melds = [str(a) for a in game.legal_actions() if not str(a).startswith("discard")]
        for text in rng.sample(melds, min(len(melds), 2)):
            if game.is_legal(text):
                game.play(text)
        discards = [str(a) for a in game.legal_actions() if str(a).startswith("discard")]
        if not discards:
            return None
        game.play(rng.choice(discards))
    if game.turn != 0:
        return None
    if rng.random() < 0.75 and game.phase is Phase.DRAW:
        game.play("draw" if "draw" in game.legal_actions() else "take")
    if game.phase not in (Phase.DRAW, Phase.PLAY):
        return None
    play = _candidate(rng, game)
    if play is None:
        return None
    return Puzzle(id="", kind=LEGAL_PLAY.name, rules=rules_text(rules), goal={"game": game.to_json(), "play": play})


def _playing(game: Game) -> bool:
    return bool(game.phase is Phase.PLAY)


def _candidate(rng: random.Random, game: Game) -> str | None:
    state = game.state
    hand = list(state.hands[state.turn])
    drawing = state.phase is Phase.DRAW
    cands: list[tuple[str, int]] = [("draw", 3 if drawing else 1), ("take", 4 if drawing else 1)]
    if hand:
        late = 1 if drawing else 4
        cands.append((f"discard {rng.choice(hand).code}", 1 if drawing else 3))
        wilds = [c for c in hand if c.rank in (0, 2)]
        if wilds:
            cands.append((f"discard {wilds[0].code}", late))
        if not drawing:
            for text in [str(a) for a in game.legal_actions() if str(a).startswith(("meld", "add"))][:6]:
                cands.append((text, late + 1))
        for n in range(len(state.melds[state.current_team])):
            for c in rng.sample(hand, min(3, len(hand))):
                cands.append((f"add {n + 1} {c.code}", late))
    texts = sorted({t for t, _ in cands})
    weights = [max(w for t2, w in cands if t2 == t) for t in texts]
    return rng.choices(texts, weights)[0] if texts else None


LEGAL_PLAY = LegalPlay()
