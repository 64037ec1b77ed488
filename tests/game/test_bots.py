"""The bots: only legal actions, only their own view, the same game for the same seed."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from buraco_core import RULESETS
from buraco_core.cards import build_deck, parse_cards
from buraco_core.game import Game, Phase, State, View, apply, check, legal_actions, new_game, view_of
from buraco_core.game.actions import Action
from buraco_core.game.bots import (
    BOTS,
    FAR_HAND_WEIGHT,
    GreedyBot,
    MonteCarloBot,
    RandomBot,
    _evaluate,
    determinize,
    draw_candidates,
    greedy_action,
    make_bot,
    play_candidates,
    play_hand,
    play_match,
    trio_candidates,
)
from buraco_core.game.state import PotState
from buraco_core.meld_search import three_card_melds
from buraco_core.melds import make_meld
from buraco_core.scoring import score_side

SETUPS = [(name, n) for name in RULESETS for n in RULESETS[name].player_counts]


class Spy:
    """Wraps a bot: records what it is given, and checks each choice against the real state."""

    def __init__(self, bot: RandomBot | GreedyBot | MonteCarloBot, game: Game) -> None:
        self.bot = bot
        self.name = bot.name
        self.game = game
        self.seen: list[object] = []

    def choose(self, view: View) -> Action:
        self.seen.append(view)
        action = self.bot.choose(view)
        reason = check(self.game.state, action)
        assert reason is None, f"{self.name} chose {action}, refused: {reason}"
        return action


def _mid_game_states(rules: str, players: int, seed: int, every: int = 7) -> list[State]:
    """States along a greedy hand, in both phases."""
    game = Game(rules, players=players, seed=seed)
    bots = [GreedyBot(seed * 10 + i) for i in range(players)]
    states = []
    i = 0
    while not game.is_hand_over:
        if i % every == 0:
            states.append(game.state)
        game.play(bots[game.turn].choose(game.view()))
        i += 1
    return states


@pytest.mark.parametrize(("rules", "players"), SETUPS)
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_only_legal_actions_and_see_only_views(rules: str, players: int, bot: str) -> None:
    for seed in range(2):
        game = Game(rules, players=players, seed=seed)
        spies = [Spy(make_bot(bot, seed * 10 + i), game) for i in range(players)]  # type: ignore[arg-type]
        play_hand(game, spies)
        assert game.is_hand_over
        game.state.deck_check()
        for seat, spy in enumerate(spies):
            assert spy.seen, "every seat plays"
            for view in spy.seen:
                assert type(view) is View
                assert view.seat == seat and view.turn == seat
                assert not hasattr(view, "hands") and not hasattr(view, "stock")
                assert not hasattr(view, "pots")


@pytest.mark.parametrize(("rules", "players"), [("buraco", 4), ("brazilian", 3), ("fechado", 2)])
def test_monte_carlo_bot_plays_legal_actions(rules: str, players: int) -> None:
    game = Game(rules, players=players, seed=5)
    spies = [Spy(MonteCarloBot(i, worlds=2, horizon=2), game) if i % 2 == 0
             else Spy(GreedyBot(i), game) for i in range(players)]
    play_hand(game, spies)
    assert game.is_hand_over
    mc = spies[0].bot
    assert isinstance(mc, MonteCarloBot)
    assert mc.decision_times and mc.median_decision_seconds() is not None


@pytest.mark.parametrize("rules", list(RULESETS))
def test_determinized_state_agrees_with_the_view_and_the_legal_moves(rules: str) -> None:
    players = 3 if rules == "brazilian" else 4
    for real in _mid_game_states(rules, players, seed=3):
        seat = real.turn
        view = view_of(real, seat)
        world = determinize(view, random.Random(1))
        assert view_of(world, seat) == view
        world.deck_check()
        assert world.hands[seat] == real.hands[seat]
        mine = {str(a) for a in legal_actions(real)}
        assert {str(a) for a in legal_actions(world)} == mine
        quick = determinize(view)  # hidden cards as placeholders: only for the seat's own moves
        assert view_of(quick, seat) == view
        assert {str(a) for a in legal_actions(quick)} == mine
        assert {str(a) for a in play_candidates(quick)} == {str(a) for a in play_candidates(real)} \
            or real.phase is not Phase.PLAY


def test_determinize_deals_the_hidden_cards_at_random() -> None:
    real = _mid_game_states("buraco", 4, seed=2)[3]
    view = view_of(real, real.turn)
    worlds = [determinize(view, random.Random(i)) for i in range(5)]
    others = {w.hands[(real.turn + 1) % 4] for w in worlds}
    assert len(others) > 1, "different seeds deal the hidden cards differently"


@pytest.mark.parametrize("name", list(BOTS))
def test_a_decision_depends_only_on_the_view(name: str) -> None:
    """Two tables that look the same from the seat get the same answer from the same seed."""
    for real in _mid_game_states("burraco", 4, seed=4, every=11):
        seat = real.turn
        other = determinize(view_of(real, seat), random.Random(99))  # other hidden cards
        assert other.hands != real.hands or other.stock != real.stock
        kwargs = {"worlds": 2, "horizon": 2} if name == "mc" else {}
        a = BOTS[name](7, **kwargs).choose(view_of(real, seat))  # type: ignore[call-arg]
        b = BOTS[name](7, **kwargs).choose(view_of(other, seat))  # type: ignore[call-arg]
        assert a == b


@pytest.mark.parametrize("rules", list(RULESETS))
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_asking_the_referee_or_the_core_gives_the_same_choices(name: str, rules: str) -> None:
    """play_hand lets a bot ask the game (its referee) whether a move is legal; the same bot
    asking the pure core on a determinized state of its view makes exactly the same choices,
    since legality depends only on what the seat sees."""
    for seed in range(3):
        players = 2 if seed == 2 else 4
        refereed = Game(rules, players=players, seed=seed)
        with_referee = play_hand(refereed, [BOTS[name](seed * 10 + i) for i in range(players)])
        alone = Game(rules, players=players, seed=seed)
        bots = [BOTS[name](seed * 10 + i) for i in range(players)]
        without: list[tuple[int, str]] = []
        while alone.phase in (Phase.DRAW, Phase.PLAY):
            seat = alone.turn
            without.append((seat, str(alone.play(bots[seat].choose(alone.view(seat))))))
        assert with_referee == without
        assert refereed.state == alone.state


def test_the_referee_answers_as_the_core_and_a_checked_move_is_built_once() -> None:
    game = Game("brazilian", players=3, seed=5)
    bots = [make_bot("random", i) for i in range(3)]
    for _ in range(60):
        state, seat = game.state, game.turn
        action = bots[seat].choose(game.view(seat), game.why_illegal)
        assert game.why_illegal(action) is None
        game.play(action)
        assert game.state == apply(state, str(action))  # built from the text: the long way
    assert game.why_illegal("discard JK") == check(game.state, "discard JK") is not None


@pytest.mark.parametrize("name", list(BOTS))
def test_the_same_seed_plays_the_same_hand(name: str) -> None:
    def run(seed: int) -> list[tuple[int, str]]:
        game = Game("italian", players=2, seed=11)
        kwargs = {"worlds": 1, "horizon": 1} if name == "mc" else {}
        bots = [BOTS[name](seed + i, **kwargs) for i in range(2)]  # type: ignore[call-arg]
        return play_hand(game, bots)

    assert run(1) == run(1)
    if name == "random":  # greedy and mc break only ties at random; random differs by seed
        assert run(1) != run(2)


def test_play_match_plays_to_the_end() -> None:
    game = Game("buraco", players=2, seed=3)
    hands: list[int] = []
    winner = play_match(game, [GreedyBot(1), GreedyBot(2)], on_hand=lambda g: hands.append(g.state.hand_number))
    assert game.is_match_over and winner == game.winner
    assert hands == list(range(1, len(hands) + 1))
    assert max(game.totals) >= RULESETS["buraco"].target  # type: ignore[operator]


def test_make_bot_and_the_registry() -> None:
    assert set(BOTS) == {"random", "greedy", "mc"}
    for name in BOTS:
        bot = make_bot(name, 3)
        assert bot.name == name
        assert (bot.__doc__ or "").strip(), "every bot states its strategy"
    with pytest.raises(ValueError, match="no bot called 'clever'"):
        make_bot("clever")
    with pytest.raises(ValueError, match="at least 1"):
        MonteCarloBot(0, worlds=0)


def test_play_hand_needs_a_bot_for_every_seat() -> None:
    with pytest.raises(ValueError, match="no bot for seat"):
        play_hand(Game("buraco", players=4, seed=1), [GreedyBot(0), GreedyBot(1)])


def test_greedy_keeps_wild_cards_and_melds_naturals() -> None:
    from buraco_core.game.scenarios import parse_scenario

    game = parse_scenario(
        "description: t\nrules: buraco\nplayers: 2\nseed: 1\nturn: 0\nphase: play\n"
        "hand 0: 4h 5h 6h JK 9c Kd 3s 8d\nhand 1: 3s 3d 8c 8d Qs\n"
    )
    bot = GreedyBot(0)
    first = bot.choose(game.view(0))
    assert str(first) == "meld 4h 5h 6h"
    game.play(first)
    second = bot.choose(game.view(0))
    assert str(second).startswith("discard") and "JK" not in str(second)


def test_greedy_does_not_feed_the_next_players_melds() -> None:
    from buraco_core.game.scenarios import parse_scenario

    game = parse_scenario(
        "description: t\nrules: buraco\nplayers: 2\nseed: 1\nturn: 0\nphase: play\n"
        "hand 0: 10s Qd 4c\nhand 1: 3s 3d 8c 8d Qs\nmelds 1: 7s 8s 9s | 4h 4d 4s\n"
    )
    action = GreedyBot(0).choose(game.view(0))
    assert str(action) == "discard Qd"


def test_greedy_takes_a_pile_it_can_meld_with() -> None:
    from buraco_core.game.scenarios import parse_scenario

    game = parse_scenario(
        "description: t\nrules: buraco\nplayers: 2\nseed: 1\nturn: 0\nphase: draw\n"
        "hand 0: 9s 10s 4c Kd 7h\nhand 1: 3s 3d 8c 8d Qs\ndiscard: 5d Js\n"
    )
    assert str(GreedyBot(0).choose(game.view(0))) == "take"
    game2 = parse_scenario(
        "description: t\nrules: buraco\nplayers: 2\nseed: 1\nturn: 0\nphase: draw\n"
        "hand 0: 9s 10s 4c Kd 7h\nhand 1: 3s 3d 8c 8d Qs\ndiscard: 5d 3h\n"
    )
    assert str(GreedyBot(0).choose(game2.view(0))) == "draw"


def test_greedy_policy_reads_the_seat_to_move() -> None:
    s = new_game("burraco", players=2, seed=8)
    assert str(greedy_action(s, random.Random(0))) in ("draw", "take")


hands = st.lists(st.sampled_from(build_deck(RULESETS["buraco"])), min_size=3, max_size=14)


@given(hands, st.sampled_from(list(RULESETS)))
def test_trio_candidates_hold_every_three_card_meld(hand: list, rules: str) -> None:  # type: ignore[type-arg]
    r = RULESETS[rules]
    if not r.jokers:
        hand = [c for c in hand if c.rank != 0]
    found = set(trio_candidates(hand, r))
    assert set(three_card_melds(tuple(hand), r)) <= found


@pytest.mark.parametrize("rules", list(RULESETS))
def test_candidates_hold_every_listed_action(rules: str) -> None:
    players = 3 if rules == "brazilian" else 2
    for s in _mid_game_states(rules, players, seed=6, every=3):
        listed = {str(a) for a in legal_actions(s)}
        if s.phase is Phase.DRAW:
            cands = {str(a) for a in draw_candidates(s)}
        else:
            cands = {str(a) for a in play_candidates(s)}
        assert listed <= cands, listed - cands
        for a in (draw_candidates(s) if s.phase is Phase.DRAW else play_candidates(s)):
            if check(s, a) is None:
                assert apply(s, a) is not None


def test_random_bot_choices_are_spread_over_the_legal_actions() -> None:
    s = _mid_game_states("buraco", 4, seed=9)[1]
    while s.phase is not Phase.PLAY:
        s = apply(s, "draw")
    view = view_of(s, s.turn)
    listed = {str(a) for a in legal_actions(s)}
    bot = RandomBot(0)
    picks = {str(bot.choose(view)) for _ in range(400)}
    assert all(check(s, a) is None for a in picks)
    assert len(picks & listed) >= 0.8 * len(listed)


def test_view_is_frozen() -> None:
    view = Game("buraco", players=4, seed=1).view(0)
    with pytest.raises(AttributeError):
        view.hand = ()  # type: ignore[misc]


def test_the_random_bots_trio_bound_is_never_below_the_trios_listed() -> None:
    """RandomBot lists the three-card melds only when a pick falls among them; its count from
    above must hold for every hand, or some melds could never be picked."""
    from buraco_core.game.bots import _read_hand
    from buraco_core.meld_search import candidate_trios, group_cards, trio_bound

    rng = random.Random(5)
    names = list(RULESETS)
    for _ in range(3000):
        rules = RULESETS[rng.choice(names)]
        hand = rng.sample(build_deck(rules), rng.randrange(0, 23))
        counts: dict[object, int] = {}
        for c in hand:
            counts[c] = counts.get(c, 0) + 1
        wilds = [c for c in counts if c.rank in (0, 2)]  # type: ignore[attr-defined]
        by_rank: dict[int, list[object]] = {}
        for c in counts:
            if c.rank not in (0, 2):  # type: ignore[attr-defined]
                by_rank.setdefault(c.rank, []).append(c)  # type: ignore[attr-defined]
        trios = candidate_trios(counts, sorted(counts), rules)  # type: ignore[arg-type,type-var]
        bound = trio_bound(counts, by_rank, wilds, rules)  # type: ignore[arg-type]
        assert bound >= len(trios)
        # the random bot reads all of it in one pass: the same groups and the same bound
        read = _read_hand(tuple(hand), rules)
        assert read == (counts, wilds, by_rank, read[3], bound)
        assert (read[1], read[2], read[3]) == group_cards(counts)  # type: ignore[arg-type]


def test_the_random_bot_picks_melds_too() -> None:
    """A hand with a three-card meld and nothing else to do but discard: both get picked."""
    s = new_game("buraco", players=4, seed=1)
    while s.phase is not Phase.PLAY:
        s = apply(s, "draw")
    hand = s.hands[s.turn]
    trios = [t for t in trio_candidates(hand, s.rules) if check(s, f"meld {' '.join(c.code for c in t)}") is None]
    if not trios:
        pytest.skip("this deal has no three-card meld")
    bot = RandomBot(3)
    picks = {str(bot.choose(view_of(s, s.turn))) for _ in range(300)}
    assert any(p.startswith("meld") for p in picks) and any(p.startswith("discard") for p in picks)


def _fechado_position(*, pot_taken: bool, run: str) -> State:
    """A 2-player ``fechado`` position: seat 0's side has ``run`` on the table and holds five
    cards; its pot of eleven high cards (120 points) is still aside or picked up into the hand.
    The cards are not accounted for: ``_evaluate`` reads only hands, melds and pots."""
    s = new_game("fechado", players=2, seed=3)
    rules = s.rules
    pot = tuple(parse_cards("As Ah Ks Kh Qs Qh Js Jh 10s 10h 9s"))
    hand = tuple(parse_cards("3c 5d 8s Jc Kd"))
    melds = ((make_meld(run, rules),), ())
    if pot_taken:
        return dataclasses.replace(s, hands=(hand + pot, s.hands[1]), pots=((), s.pots[1]), melds=melds,
                                   pot_state=(PotState.TAKEN, PotState.ASIDE), pot_seat=(0, -1))
    return dataclasses.replace(s, hands=(hand, s.hands[1]), pots=(pot, s.pots[1]), melds=melds)


def test_the_evaluation_ranks_a_picked_up_pot_above_an_untaken_one() -> None:
    # the pot's 120 points in hand would outweigh the 100 points of its penalty if the cards in
    # hand counted in full; with no side able to go out they count at FAR_HAND_WEIGHT
    run = "4h 5h 6h 7h 8h 9h"
    taken, aside = _fechado_position(pot_taken=True, run=run), _fechado_position(pot_taken=False, run=run)
    assert _evaluate(taken, 0) > _evaluate(aside, 0)
    assert _evaluate(taken, 0) - _evaluate(aside, 0) == pytest.approx(100 - FAR_HAND_WEIGHT * 120)
    # ... as the other side sees it too
    assert _evaluate(taken, 1) < _evaluate(aside, 1)


def test_the_evaluation_counts_cards_in_hand_in_full_once_a_side_may_go_out() -> None:
    # with its pot taken and a clean buraco, seat 0's side may go out: the hand may end on any
    # turn, and every card in hand counts (fechado needs a clean buraco: a dirty one does not do)
    clean = _fechado_position(pot_taken=True, run="4h 5h 6h 7h 8h 9h 10h")
    dirty = _fechado_position(pot_taken=True, run="4h 5h 6h 2c 8h 9h 10h")
    rules = clean.rules
    mine = sum(rules.card_values[c.rank] for c in clean.hands[0])
    theirs = sum(rules.card_values[c.rank] for c in clean.hands[1])
    penalty = rules.pot_not_taken_penalty  # the other side's pot is still aside
    melded_clean = score_side(clean.melds[0], (), rules, went_out=False, took_pot=True).total
    melded_dirty = score_side(dirty.melds[0], (), rules, went_out=False, took_pot=True).total
    assert _evaluate(clean, 0) == pytest.approx((melded_clean - mine) - (-penalty - theirs))
    w = FAR_HAND_WEIGHT
    assert _evaluate(dirty, 0) == pytest.approx((melded_dirty - w * mine) - (-penalty - w * theirs))


def test_the_evaluation_counts_cards_in_hand_in_full_where_any_buraco_closes() -> None:
    # buraco closes with any buraco: the cards in hand count in full even while no side may go out
    s = new_game("buraco", players=2, seed=3)
    rules = s.rules
    scores = [score_side(s.melds[t], s.hands[t], rules, went_out=False, took_pot=False).total for t in (0, 1)]
    assert _evaluate(s, 0) == scores[0] - scores[1]
    assert _evaluate(s, 0, far_weight=0.0) == _evaluate(s, 0)
