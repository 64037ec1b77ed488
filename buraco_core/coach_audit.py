"""The reason audit: every fact the coach states, re-checked against the engine.

The coach's reasons (:func:`~buraco_core.coach.play_reasons`) are catalog messages whose
parameters are the facts they state: this card melds with these cards, this card goes onto that
meld, this card goes with nothing of yours, this discard goes out. :func:`claim_problems` checks
each such message of one decision against the engine's own answers (:func:`~buraco_core.melds.make_meld`,
:meth:`~buraco_core.melds.Meld.can_extend`, :func:`~buraco_core.meld_search.melds_with`, the
events of the play, :func:`~buraco_core.game.engine.apply_events`), and reports a claim the play
turns on that the reasons leave out (going out, the side's pot). :func:`audit` replays seeded
coach decisions in every ruleset and checks each.

``python -m buraco_core.coach_audit --games 4 --moves 120`` runs a few thousand decisions and
prints the totals (tests/coach/test_coach_claims.py runs a CI-sized slice).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .cards import Card
from .coach import advise_view, guard_refusal
from .game.actions import Action
from .game.engine import apply_events
from .game.events import PotTaken, PotWaiting, TookPile, WentOut
from .game.facade import Game
from .game.state import Phase, PotState
from .game.view import View, determinize
from .meld_search import melds_with
from .melds import InvalidMeld, make_meld
from .messages import Message
from .rules import RULESETS

__all__ = ["FACT_KEYS", "AuditReport", "audit", "claim_problems", "main"]


def _holds(cards: Sequence[Card], within: Sequence[Card]) -> bool:
    """Whether ``within`` holds every card of ``cards`` (as many copies as named)."""
    have = Counter(within)
    have.subtract(Counter(cards))
    return all(n >= 0 for n in have.values())


def _melds(card: Card, cards: Sequence[Card], within: Sequence[Card], view: View) -> str | None:
    """The problem with "``card`` makes a meld with ``cards``, all of ``within``", or None."""
    if not _holds(cards, within):
        return f"{' '.join(c.code for c in cards)} are not all among {' '.join(c.code for c in within)}"
    try:
        make_meld((card, *cards), view.rules)
    except InvalidMeld:
        return f"{card.code} {' '.join(c.code for c in cards)} is not a meld"
    return None


def _onto(card: Card, number: int, view: View) -> str | None:
    """The problem with "``card`` goes onto the side's meld ``number``", or None."""
    side = view.melds[view.team]
    if not 1 <= number <= len(side) or not side[number - 1].can_extend([card], view.rules):
        return f"{card.code} does not go onto meld {number} of the side"
    return None


def _nothing(card: Card, cards: Sequence[Card], view: View, *, side: bool) -> str | None:
    """The problem with "``card`` goes with nothing of ``cards`` (and, ``side``, no meld of the
    side)", or None."""
    melds = (view.melds[view.team],) if side else ()
    if melds_with(card, cards, melds, view.rules):
        return f"{card.code} does meld with {' '.join(c.code for c in cards)}" + (" or the side's melds" if side else "")
    return None


def _taken(view: View, act: Action) -> tuple[Card, ...]:
    """The cards of the pile a take shows (every card where the pile is open, else the top)."""
    events = apply_events(determinize(view), act)[1]
    took = events[0]
    assert isinstance(took, TookPile)
    return took.shown


def _check(m: Message, view: View, act: Action) -> str | None:
    """The problem with the fact ``m`` states about the play ``act``, or None."""
    p = m.params
    card = p.get("card")
    hand = view.hand
    if m.key in ("coach.draw-fits-hand", "coach.take-fits-hand"):
        assert isinstance(card, Card)
        return _melds(card, p["cards"], hand, view)  # type: ignore[arg-type]
    if m.key == "coach.take-fits-pile":
        assert isinstance(card, Card)
        rest = list(_taken(view, act))
        rest.remove(card)
        return _melds(card, p["cards"], (*hand, *rest), view)  # type: ignore[arg-type]
    if m.key in ("coach.draw-fits-meld", "coach.take-fits-meld"):
        assert isinstance(card, Card) and isinstance(p["meld"], int)
        return _onto(card, p["meld"], view)
    if m.key == "coach.draw":
        assert isinstance(card, Card)
        return _nothing(card, hand, view, side=True)
    if m.key == "coach.discard-loner":
        assert isinstance(card, Card)
        rest = list(hand)
        rest.remove(card)
        return _nothing(card, rest, view, side=False)
    if m.key == "coach.discard-pile-safe":
        assert isinstance(card, Card)
        return _nothing(card, view.discard, view, side=False)
    if m.key in ("coach.discard-feeds", "coach.discard-not-theirs"):
        assert isinstance(card, Card)
        nxt = view.team_of((view.seat + 1) % view.players)
        feeds = any(x.can_extend([card], view.rules) for x in view.melds[nxt])
        if feeds != (m.key == "coach.discard-feeds"):
            return f"{card.code} {'does not go' if not feeds else 'goes'} onto the next player's side's melds"
        return None
    if m.key == "coach.meld":
        cards = p["cards"]
        assert isinstance(cards, tuple)
        try:
            laid = make_meld(cards, view.rules)
        except InvalidMeld:
            return f"{' '.join(c.code for c in cards)} is not a meld"
        if laid.points != p["points"] or not _holds(cards, hand):
            return f"{laid} is worth {laid.points} points, from the hand: not {p['points']}"
        return None
    if m.key in ("coach.add", "coach.add-theirs"):
        cards, number, team = p["cards"], p["meld"], p["team"]
        assert isinstance(cards, tuple) and isinstance(number, int) and isinstance(team, int)
        if (team == view.team) != (m.key == "coach.add"):
            return f"meld {number} of team {team} is {'not ' if m.key == 'coach.add' else ''}the side's own"
        side = view.melds[team]
        before = side[number - 1] if 1 <= number <= len(side) else None
        if before is None or not _holds(cards, hand) or not before.can_extend(cards, view.rules):
            return f"{' '.join(c.code for c in cards)} does not go onto meld {number} of team {team}"
        return None
    if m.key == "coach.pot-guard":
        team = view.team
        if not (view.rules.pot_guard and view.pot_state[team] is PotState.TAKEN
                and not any(x.is_buraco for x in view.melds[team])):
            return "the pot guard does not hold: the side has not taken its pot, or has a buraco"
        return None
    if m.key in ("coach.wild-lay", "coach.wild-hold"):
        assert isinstance(card, Card)
        lays = card in getattr(act, "cards", ())
        kept = not lays and getattr(act, "card", None) != card
        if not card.is_wild_card or card not in hand or (lays if m.key == "coach.wild-lay" else kept) is False:
            return f"{act} does not {'lay' if m.key == 'coach.wild-lay' else 'keep'} the wild card {card.code}"
        return None
    if m.key in ("coach.wild-kept", "coach.wild-let-go"):
        assert isinstance(card, Card)
        nxt = view.team_of((view.seat + 1) % view.players)
        feeds = nxt != view.team and any(x.can_extend([card], view.rules) for x in view.melds[nxt])
        goes = getattr(act, "card", None) == card
        if not card.is_wild_card or card not in hand or goes != (m.key == "coach.wild-let-go") \
                or feeds != (m.key == "coach.wild-kept"):
            return (f"{act} {'lets go' if goes else 'keeps'} the {card.code}, which "
                    f"{'goes' if feeds else 'does not go'} onto the next player's side's melds")
        return None
    if m.key == "coach.take-wilds":
        cards = p["cards"]
        assert isinstance(cards, tuple)
        if not all(c.is_wild_card for c in cards) or not _holds(cards, _taken(view, act)):
            return "the wild cards named are not the pile's"
    return None


FACT_KEYS: frozenset[str] = frozenset({
    "coach.meld", "coach.add", "coach.add-theirs", "coach.draw", "coach.draw-fits-hand", "coach.draw-fits-meld", "coach.take-fits-hand", "coach.take-fits-meld",
    "coach.take-fits-pile", "coach.take-wilds", "coach.discard-loner", "coach.discard-pile-safe",
    "coach.discard-feeds", "coach.discard-not-theirs", "coach.goes-out", "coach.earns-pot", "coach.pot-guard",
    "coach.wild-lay", "coach.wild-hold", "coach.wild-kept", "coach.wild-let-go"})
"""The reasons that state a fact about the cards that :func:`claim_problems` re-checks."""


def claim_problems(view: View, act: Action, reasons: Sequence[Message]) -> list[str]:
    """Every false fact among ``reasons`` (the coach's for the legal play ``act`` of the seat of
    ``view``), and every claim the play turns on that they leave out: going out
    (``coach.goes-out``), the side's pot earned (``coach.earns-pot``), a meld the pot guard
    holds back (``coach.pot-guard``, :func:`~buraco_core.coach.guard_refusal`). Empty: all true."""
    problems = [f"{m.key}: {why}" for m in reasons if (why := _check(m, view, act)) is not None]
    events = apply_events(determinize(view), act)[1]
    keys = {m.key for m in reasons}
    out = any(isinstance(e, WentOut) and e.seat == view.seat for e in events)
    pot = not out and any(isinstance(e, PotTaken | PotWaiting) and e.seat == view.seat for e in events)
    guard = guard_refusal(determinize(view)) is not None
    for key, happens in (("coach.goes-out", out), ("coach.earns-pot", pot), ("coach.pot-guard", guard)):
        if happens and key not in keys:
            problems.append(f"{key} left out: {act} does it")
        elif key in keys and not happens:
            problems.append(f"{key}: {act} does not do it")
    return problems


@dataclass
class AuditReport:
    """The totals of :func:`audit`: decisions checked, facts checked, the problems found (each
    with its ruleset, game, move and play)."""

    rulesets: list[str] = field(default_factory=list)
    decisions: int = 0
    facts: int = 0
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.decisions} decisions in {len(self.rulesets)} rulesets, {self.facts} facts checked, "
                f"{len(self.problems)} false or missing claims")


def audit(*, games: int = 1, moves: int = 40, worlds: int = 2, seed: int = 0,
          rulesets: Sequence[str] | None = None, progress: Callable[[str], None] | None = None) -> AuditReport:
    """Replay ``games`` seeded games of each ruleset (``rulesets``, default every one), ``moves``
    moves each, every move the coach's advice (searched over ``worlds`` sampled deals), and check
    each decision's reasons with :func:`claim_problems`."""
    report = AuditReport()
    for name in rulesets or sorted(RULESETS):
        report.rulesets.append(name)
        for g in range(games):
            game = Game(name, seed=seed + g)
            for k in range(moves):
                s = game.state
                if s.phase is Phase.MATCH_OVER:
                    break
                if s.phase is Phase.HAND_OVER:
                    game.play("next")
                    continue
                view = game.view(s.turn)
                advice = advise_view(view, seed=seed * 1_000_003 + g * 1009 + k, worlds=worlds)
                report.decisions += 1
                report.facts += sum(1 for m in advice.reasons if m.key in FACT_KEYS)
                report.problems.extend(f"{name} game {seed + g} move {k} ({advice.action}): {why}"
                                       for why in claim_problems(view, advice.play, advice.reasons))
                game.play(advice.play)
            if progress is not None:
                progress(f"{name} game {seed + g}: {report.summary()}")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """The audit from the command line: its totals and each problem; exit status 1 on any."""
    ap = argparse.ArgumentParser(prog="python -m buraco_core.coach_audit", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4, help="games per ruleset")
    ap.add_argument("--moves", type=int, default=120, help="moves per game")
    ap.add_argument("--worlds", type=int, default=2, help="sampled deals per decision")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", nargs="*", default=None, help="rulesets (default: every one)")
    args = ap.parse_args(argv)
    report = audit(games=args.games, moves=args.moves, worlds=args.worlds, seed=args.seed, rulesets=args.rules,
                   progress=print)
    for p in report.problems:
        print(p)
    print(report.summary())
    return 1 if report.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
