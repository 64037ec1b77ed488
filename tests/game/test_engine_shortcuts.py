"""The engine's shortcuts give the answers of the long way round.

The engine answers many legality questions quickly (cheap pre-tests before the meld search,
remembered answers, a discard or a draw checked without building the next state). Each shortcut
must say exactly what the long way would: these tests compare them on seeded random hands and
games of every ruleset."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from random_games import random_play

from buraco_core import RULESETS, Card
from buraco_core.bots import draw_candidates, play_candidates
from buraco_core.cards import SUITS
from buraco_core.game import IllegalAction, Phase, apply, check, new_game
from buraco_core.game.actions import Action, AddToMeld, Discard, NewMeld, Take
from buraco_core.game.engine import finish_refusal, reachable_teams
from buraco_core.game.state import PotState, State, state_with
from buraco_core.meld_search import three_card_melds
from buraco_core.rules import DiscardTake, Rules

RULES = list(RULESETS.values())


def _reachable(s: State) -> tuple[int, ...]:
    return reachable_teams(s.rules, s.teams, s.current_team)


def test_one_object_per_card() -> None:
    seven = Card(7, "h")
    assert seven is Card(7, "h") is Card.from_str("7♥")
    assert copy.copy(seven) is seven and copy.deepcopy(seven) is seven
    assert pickle.loads(pickle.dumps(seven)) is seven
    assert seven != Card(7, "s") and seven != 7 and seven != (7, "h")
    with pytest.raises(ValueError, match="no such card"):
        Card(7.0, "h")  # type: ignore[arg-type]


def test_card_order_is_rank_then_suit() -> None:
    cards = [Card(0, "")] + [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    random.Random(1).shuffle(cards)
    assert sorted(cards) == sorted(cards, key=lambda c: (c.rank, c.suit))
    for a in cards[:12]:
        for b in cards[:12]:
            assert (a < b) == ((a.rank, a.suit) < (b.rank, b.suit))
            assert (a <= b) == ((a.rank, a.suit) <= (b.rank, b.suit))
            assert (a > b) == ((a.rank, a.suit) > (b.rank, b.suit))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_check_agrees_with_apply(rules: Rules) -> None:
    """check() (with its quick answers for a discard and a draw) says what apply says, for every
    candidate action of random games."""
    for seed in range(2):
        s = new_game(rules, 4, seed)
        rng = random.Random(seed)
        while s.phase is Phase.DRAW or s.phase is Phase.PLAY:
            options = draw_candidates(s) if s.phase is Phase.DRAW else play_candidates(s)
            for act in options:
                expected: tuple[str, str] | None = None
                try:
                    apply(s, act)
                except IllegalAction as err:
                    expected = (err.rule, str(err))
                for asked in (act, str(act)):
                    reason = check(s, asked)
                    assert (None if reason is None else (reason.rule, str(reason))) == expected
            rng.shuffle(options)
            s = next(apply(s, a) for a in options if check(s, a) is None)


def _finish_long_way(s: State) -> bool:
    """The turn can still end: some play of the card to be melded (an addition to a reachable
    meld, or a three-card meld of the hand with it) is legal."""
    card = s.must_meld
    assert card is not None
    plays: list[Action] = [NewMeld(t) for t in three_card_melds(s.hands[s.turn], s.rules, with_card=card)]
    for team in _reachable(s):
        for i in range(len(s.melds[team])):
            plays.append(AddToMeld(i + 1, (card,), None if team == s.current_team else team))
    for act in plays:
        try:
            apply(s, act)
        except IllegalAction:
            continue
        return True
    return False


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_finish_reason_with_a_card_to_meld_agrees_with_the_long_way(rules: Rules) -> None:
    """With a card to be melded, finish_refusal (pre-test, three-card melds found one at a time,
    no second make_meld) says None exactly when some play of that card is legal."""
    rng = random.Random(7)

    def takes_first(s: State, options: list[Action]) -> None:
        if rng.random() < 0.3:
            options.sort(key=lambda a: not isinstance(a, Take))  # a take: a card to meld

    seen = 0
    for s in random_play(rules, range(6), rng, prefer=takes_first):
        if s.phase is Phase.PLAY and s.must_meld is not None:
            for hand in (s.hands[s.turn], s.hands[s.turn][:5], s.hands[s.turn][-4:]):
                if s.must_meld not in hand:
                    continue
                t = state_with(s, hands=tuple(hand if i == s.turn else h for i, h in enumerate(s.hands)))
                assert (finish_refusal(t) is None) == _finish_long_way(t)
                seen += 1
    if rules.discard_take is not DiscardTake.WHOLE:
        assert seen > 20


def _last_card_long_way(s: State) -> bool:
    """The turn can still end with one card in hand: discarding it is legal, or adding it to
    some reachable meld is (tried on every meld, no pre-test)."""
    card = s.hands[s.turn][0]
    if check(s, Discard(card)) is None:
        return True
    for team in _reachable(s):
        for i in range(len(s.melds[team])):
            try:
                apply(s, AddToMeld(i + 1, (card,), None if team == s.current_team else team))
            except IllegalAction:
                continue
            return True
    return False


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_finish_reason_with_one_card_left_agrees_with_the_long_way(rules: Rules) -> None:
    """With one card left and none to meld, finish_refusal (the exact _may_extend, no addition
    tried where no meld may empty the hand) says None exactly when the card can be discarded or
    added somewhere."""
    answers: list[bool] = []
    for s in random_play(rules, range(4), random.Random(8)):
        if s.phase is Phase.PLAY and s.must_meld is None:
            team = s.current_team
            for card in set(s.hands[s.turn]):
                for pot in PotState:  # every pot state of the side, real or not
                    t = state_with(s, hands=tuple((card,) if i == s.turn else h for i, h in enumerate(s.hands)),
                                   pot_state=tuple(pot if i == team else p for i, p in enumerate(s.pot_state)))
                    expected = _last_card_long_way(t)
                    assert (finish_refusal(t) is None) == expected
                    answers.append(expected)
    assert len(answers) > 100 and True in answers and False in answers
