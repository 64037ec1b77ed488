"""The bots: only legal actions, only their own view, the same game for the same seed."""

from __future__ import annotations

import random

import pytest

from buraco_core import RULESETS, Rules
from buraco_core.bots import (
    BOTS,
    BotError,
    GreedyBot,
    MonteCarloBot,
    RandomBot,
    Seats,
    draw_candidates,
    make_bot,
    play_candidates,
    play_hand,
    play_match,
)
from buraco_core.bots.random_bot import read_hand
from buraco_core.bots.reading import ACE_PLACES, candidate_trios, card_counts
from buraco_core.cards import CARD_ORDER, build_deck
from buraco_core.game import Game, Phase, State, View, apply, check, legal_actions, new_game, view_of
from buraco_core.game.actions import Action
from buraco_core.game.view import determinize

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


def _trio_bound_by_card(counts: dict[object, int], wilds: list[object], rules: Rules) -> int:
    """trio_bound's count, the plain way: every card's places put into its suit's mask one by
    one (a 2 too), the sets per rank."""
    w = len(wilds)
    bound = 0
    if rules.allow_sets:
        per_rank: dict[int, int] = {}
        for c, n in counts.items():
            if c.rank not in (0, 2):  # type: ignore[attr-defined]
                per_rank[c.rank] = per_rank.get(c.rank, 0) + min(n, 3)  # type: ignore[attr-defined]
        for k in per_rank.values():
            if k >= 2:
                bound += k * (k - 1) * (k - 2) // 6 + k * (k - 1) // 2 * w
    places: dict[str, int] = {}
    for c in counts:
        r = c.rank  # type: ignore[attr-defined]
        if r:
            places[c.suit] = places.get(c.suit, 0) | (ACE_PLACES if r == 1 else 1 << r)  # type: ignore[attr-defined]
    for m in places.values():
        next_to = m & (m >> 1)
        bound += (next_to.bit_count() + (m & (m >> 2)).bit_count()) * w + (next_to & (m >> 2)).bit_count()
    return bound


def test_the_random_bots_trio_bound_is_never_below_the_trios_listed() -> None:
    """RandomBot lists the three-card melds only when a pick falls among them; its count from
    above must hold for every hand, or some melds could never be picked."""
    from buraco_core.bots.reading import group_cards, trio_bound

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
        by_suit: dict[str, list[object]] = {}
        for c in counts:
            if c.rank not in (0, 2):  # type: ignore[attr-defined]
                by_rank.setdefault(c.rank, []).append(c)  # type: ignore[attr-defined]
                by_suit.setdefault(c.suit, []).append(c)  # type: ignore[attr-defined]
        trios = candidate_trios(counts, sorted(counts), rules)  # type: ignore[arg-type,type-var]
        bound = trio_bound(counts, by_rank, by_suit, wilds, rules)  # type: ignore[arg-type]
        assert bound >= len(trios)
        assert bound == _trio_bound_by_card(counts, wilds, rules)  # the random bot's picks depend on it
        # the random bot reads all of it in one pass: the same groups and the same bound
        read = read_hand(tuple(hand), rules)
        assert read == (counts, wilds, by_rank, read[3], bound)
        assert (read[1], read[2], read[3]) == group_cards(counts)  # type: ignore[arg-type]


def test_the_random_bot_picks_melds_too() -> None:
    """A hand with a three-card meld and nothing else to do but discard: both get picked."""
    s = new_game("buraco", players=4, seed=1)
    while s.phase is not Phase.PLAY:
        s = apply(s, "draw")
    hand = s.hands[s.turn]
    counts = card_counts(hand)
    trios = [t for t in candidate_trios(counts, sorted(counts, key=CARD_ORDER), s.rules)
             if check(s, f"meld {' '.join(c.code for c in t)}") is None]
    if not trios:
        pytest.skip("this deal has no three-card meld")
    bot = RandomBot(3)
    picks = {str(bot.choose(view_of(s, s.turn))) for _ in range(300)}
    assert any(p.startswith("meld") for p in picks) and any(p.startswith("discard") for p in picks)




class _Failing:
    """A bot with a bug: its choose raises."""

    name = "failing"

    def choose(self, view: View) -> Action:
        raise KeyError("no such card in my notes")


class _Stubborn:
    """A bot that always asks for the same move, legal or not."""

    name = "stubborn"

    def __init__(self, text: str) -> None:
        self.text = text

    def choose(self, view: View) -> str:
        return self.text


@pytest.mark.parametrize(("bot", "action", "words"), [
    (_Failing(), None, "could not choose a move: 'no such card in my notes'"),
    (_Stubborn("discard JK"), "discard JK", "chose discard JK, which the rules refuse: first draw"),
    (_Stubborn("fold"), "fold", "chose fold, which the rules refuse: "),
])
def test_a_failing_bot_raises_a_bot_error_and_changes_nothing(bot: object, action: str | None,
                                                               words: str) -> None:
    game = Game("buraco", players=4, seed=3)
    before = game.to_json()
    seats = Seats({0: bot})  # type: ignore[dict-item]
    with pytest.raises(BotError) as caught:
        seats.move(game)
    err = caught.value
    assert (err.seat, err.bot, err.action) == (0, bot.name, action)  # type: ignore[attr-defined]
    assert words in str(err) and str(err).startswith(f"the {bot.name} bot of seat 0 ")  # type: ignore[attr-defined]
    assert err.message.key == ("bot.failed" if action is None else "bot.refused")
    assert err.__cause__ is err.cause
    assert game.to_json() == before
    with pytest.raises(BotError):
        play_hand(game, [bot] * 4)  # type: ignore[list-item]
    assert game.to_json() == before


def test_seats_say_which_seats_bots_play_and_stop_at_the_end_of_the_hand() -> None:
    seats = Seats({1: GreedyBot(1), 3: GreedyBot(3)})
    assert 1 in seats and 3 in seats and 0 not in seats and "1" not in seats
    assert 0 in Seats([GreedyBot(0)] * 2) and 2 not in Seats([GreedyBot(0)] * 2)
    game = Game("buraco", players=4, seed=3)
    with pytest.raises(ValueError, match="no bot for seat 0"):
        seats.move(game)
    play_hand(game, [GreedyBot(i) for i in range(4)])
    with pytest.raises(ValueError, match="the hand is over"):
        Seats([GreedyBot(i) for i in range(4)]).move(game)
