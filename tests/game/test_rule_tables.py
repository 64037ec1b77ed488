"""One scripted scenario per row of RULES.md's turn, pot, going-out and match tables.

Each test's docstring quotes the row it checks.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from game_helpers import play, refused, scenario, text_scenario, with_totals

from buraco_core import parse_cards
from buraco_core.game import Game, Phase, PotState, new_game

# --------------------------------------------------------------------------- the turn


@pytest.mark.parametrize("rules", ["buraco", "burraco", "italian"])
def test_turn_whole_pile_rulesets(rules: str) -> None:
    """| buraco, burraco, italian | one card from the stock, or the whole discard pile |"""
    game = scenario("first-turn")
    game = Game.from_state(replace(game.state, rules=__import__("buraco_core").RULESETS[rules]))
    top = game.stock[-1]
    hand = game.hands[0]
    play(game, "draw")
    assert game.hands[0] == (*hand, top) and game.phase is Phase.PLAY
    game.undo()
    refused(game, "take 8d", "whole discard pile", rule="draw")
    play(game, "take")
    assert game.hands[0] == hand + tuple(parse_cards("3c 8d 9s")) and game.discard == ()


def test_turn_brazilian_dig() -> None:
    """| brazilian | one card from the stock, or the discard pile down to any card you choose (that
    card and all above it), provided you meld the deepest card taken in this turn; taking only the
    top card has no condition |"""
    game = scenario("brazilian-dig")
    play(game, "take 9d")                      # the top card alone: no condition
    assert game.state.must_meld is None and game.discard == tuple(parse_cards("Kc 7h 3s"))
    game.undo()
    refused(game, "take", "K♣", rule="draw-dig")                # the deepest card, K♣, cannot be melded
    play(game, "take 7h")
    assert game.state.must_meld == parse_cards("7h")[0]
    assert game.discard == tuple(parse_cards("Kc"))
    refused(game, "discard 3s", "first meld the 7♥", rule="draw-dig")
    play(game, "meld 7h 7d 7s", "discard 3s")
    assert game.turn == 1
    game.undo()
    game.undo()
    game.undo()
    depths = {str(a) for a in game.legal_actions()}
    assert {"draw", "take 9d", "take 7h"} <= depths and "take" not in depths
    assert all(game.why_illegal(a) is None for a in depths)
    twice = text_scenario("""
        description: two 7♥ in the pile
        rules: brazilian
        players: 2
        hand 0: 7d 7s 4d 5c Jd Qs 8h 10h 6d 3h 9h
        discard: 7h Kc 7h 3s
    """)
    play(twice, "take 7h 2")
    assert twice.discard == () and twice.state.must_meld == parse_cards("7h")[0]
    stuck = text_scenario("""
        description: the 7♥ was dug from the pile; melding the 7♦ away would strand it
        rules: brazilian
        players: 2
        phase: play
        hand 0: 7h 7d 7s 5d 6d Kc
        must_meld: 7h
    """)
    refused(stuck, "meld 5d 6d 7d", "no legal way left to meld the 7♥", rule="draw-dig")
    play(stuck, "meld 7h 7d 7s", "discard Kc")


def test_turn_fechado_top_card() -> None:
    """| fechado | one card from the stock, or the whole discard pile only if its top card, with
    cards from your hand or on your side's melds, makes a legal meld; that card must be melded
    before the turn ends |"""
    game = scenario("fechado-top-card")
    refused(game, "take 5h", "whole discard pile", rule="draw-top-card")
    play(game, "take")
    assert game.state.must_meld == parse_cards("5h")[0] and game.discard == ()
    refused(game, "discard 9d", "first meld the 5♥", rule="draw-top-card")
    play(game, "meld 5h 6h 7h", "discard 9d")
    other = text_scenario("""
        description: the top card K♠ makes no run with this hand
        rules: fechado
        players: 2
        hand 0: 6h 7h 3c 9s Jd Qd 4c As 8c 10s Kd
        discard: 9d 5h Ks
    """)
    refused(other, "take", "only if its top card", "K♠", rule="draw-top-card")


def test_turn_italian_single_take() -> None:
    """`italian`: a player who took a discard pile of exactly one card may not discard that card in
    the same turn."""
    game = scenario("italian-single-take")
    play(game, "take")
    refused(game, "discard Qh", "single card you took", rule="single-take")
    play(game, "discard 3c")
    many = text_scenario("""
        description: a pile of two cards: the rule does not apply
        rules: italian
        hand 0: Qs Qd 4h 5h 9c 9d Ks 3c 7d Jd 6s
        discard: 8c Qh
    """)
    play(many, "take", "discard Qh")


def test_turn_buraco_wild_last_discard() -> None:
    """`buraco`: a wild card may not be the discard that empties your hand while it could be added
    to one of your side's melds."""
    game = scenario("wild-last-discard")
    refused(game, "discard JK", "wild card may not be the discard", rule="wild-last-discard")
    play(game, "add 1 JK")
    assert game.state.went_out == 0 and game.phase is Phase.HAND_OVER
    burraco = Game.from_state(replace(scenario("wild-last-discard").state,
                                      rules=__import__("buraco_core").RULESETS["burraco"]))
    play(burraco, "discard JK")                # no such guard in burraco
    assert burraco.state.went_out == 0


@pytest.mark.parametrize("rules, size, whole", [("buraco", 0, True), ("brazilian", 1, True),
                                                ("italian", 1, True), ("burraco", 1, True),
                                                ("fechado", 1, False)])
def test_turn_discard_pile_at_start(rules: str, size: int, whole: bool) -> None:
    """Discard pile at the start: empty in `buraco`; one face-up card from the stock in the others.
    `italian` shows the whole discard pile face up; `fechado` shows only its top card."""
    game = Game(rules, players=2, seed=3)
    assert len(game.discard) == size
    game.state.deck_check()
    # after a few turns the pile grows: the view shows all of it, or only the top
    for _ in range(3):
        game.play("draw")
        game.play(f"discard {game.hands[game.turn][0].code}")
    v = game.view(1)
    assert v.discard_count == size + 3
    assert v.discard == (game.discard if whole else game.discard[-1:])


# --------------------------------------------------------------------------- the pot


def test_pot_direct() -> None:
    """The first time a player's hand is empty, that player's team takes its pot. Emptied by a meld
    ("direct", "on the fly"): the player picks the pot up and plays on in the same turn."""
    game = scenario("pot-direct")
    pot = game.state.pots[0]
    play(game, "meld 4h 5h 6h", "meld 9c 9d 9s")
    assert game.hands[0] == pot and game.turn == 0 and game.phase is Phase.PLAY
    assert game.state.pot_state[0] is PotState.TAKEN and game.state.pots[0] == ()
    game.state.deck_check()


def test_pot_indirect_next_turn_buraco() -> None:
    """Emptied by the discard ("indirect"): the pot is picked up at the start of that player's next
    turn (`buraco`)."""
    game = scenario("pot-indirect-next-turn")
    pot = game.state.pots[0]
    play(game, "discard Qd")
    assert game.hands[0] == () and game.state.pot_state[0] is PotState.WAITING and game.turn == 1
    for _ in range(3):
        play(game, "draw", f"discard {game.hands[game.turn][0].code}")
    assert game.turn == 0 and game.phase is Phase.DRAW
    assert game.hands[0] == pot and game.state.pot_state[0] is PotState.TAKEN


@pytest.mark.parametrize("rules", ["burraco", "italian", "fechado"])
def test_pot_indirect_at_once(rules: str) -> None:
    """... or at once, with play passing to the next player (`italian`, `burraco`, `fechado`)."""
    base = scenario("pot-indirect-at-once").state
    if rules == "fechado":   # no sets in fechado: the same position with runs only
        game = text_scenario("""
            description: fechado
            rules: fechado
            phase: play
            hand 0: Qd
            melds 0: 7c 8c 9c | 4s 5s 6s
            discard: 3c 8d
        """)
    else:
        game = Game.from_state(replace(base, rules=__import__("buraco_core").RULESETS[rules]))
    pot = game.state.pots[0]
    play(game, "discard Qd")
    assert game.hands[0] == pot and game.turn == 1 and game.phase is Phase.DRAW
    assert game.state.pot_state[0] is PotState.TAKEN


def test_pot_italian_no_direct_pot() -> None:
    """`italian`: no direct pot; a meld may never empty your hand."""
    game = scenario("italian-no-direct-pot")
    play(game, "meld 4h 5h 6h")
    refused(game, "add 1 10c", "a meld may never empty your hand", rule="no-direct-pot")
    play(game, "discard 10c")
    assert game.state.pot_state[0] is PotState.TAKEN and len(game.hands[0]) == 11


def test_pot_one_per_team() -> None:
    """Each team takes one pot at most."""
    game = text_scenario("""
        description: team 0 has its pot already; emptying the hand again is going out or nothing
        rules: burraco
        phase: play
        turn: 2
        hand 2: Qd
        melds 0: 7c 8c 9c
        pot 0: taken
    """)
    refused(game, "discard Qd", "needs a buraco", rule="going-out")


@pytest.mark.parametrize("rules", ["italian", "fechado"])
def test_pot_untaken_pot_becomes_stock(rules: str) -> None:
    """When the stock runs out, `italian` and `fechado` add an untaken pot to the stock."""
    game = text_scenario(f"""
        description: the last stock card
        rules: {rules}
        players: 2
        stock_size: 1
        pot 1: taken
    """)
    pot = game.state.pots[0]
    play(game, "draw", f"discard {game.hands[0][0].code}")
    assert game.turn == 1 and game.phase is Phase.DRAW
    assert game.stock == pot and game.state.pot_state[0] is PotState.TO_STOCK
    game.state.deck_check()
    play(game, "draw")


def test_pot_guard_buraco() -> None:
    """`buraco`: while your team has its pot but no buraco, a meld that would leave you one card or
    none is refused, and so is a discard that would leave you none."""
    game = scenario("pot-guard")
    refused(game, "meld 4h 5h 6h", "pot but no buraco", "one card or none", rule="pot-guard")
    play(game, "discard Qd")  # leaves three: fine
    last = text_scenario("""
        description: one card left
        rules: buraco
        phase: play
        hand 0: Qd
        melds 0: 7c 8c 9c
        pot 0: taken
    """)
    refused(last, "discard Qd", "pot but no buraco", rule="pot-guard")


def test_guard_meld_to_nothing_where_out_needs_a_discard() -> None:
    """The same guard holds in every ruleset ...: melding down to no cards where that would be going
    out and going out needs a discard (`italian`, `burraco` once the pot is taken, `brazilian`)."""
    for rules, extra in [("burraco", "pot 0: taken"), ("italian", "pot 0: taken"),
                         ("brazilian", "players: 2")]:
        game = text_scenario(f"""
            description: a buraco on the table, three cards in hand
            rules: {rules}
            phase: play
            hand 0: Jh Qh Kh
            melds 0: 4s 5s 6s 7s 8s 9s 10s
            {extra}
        """)
        refused(game, "meld Jh Qh Kh", "discarding your last card", rule="going-out")


def test_guard_meld_to_one_card_that_may_not_be_discarded() -> None:
    """... melding down to one card that may not be the last discard (... the single card just taken
    from the discard pile in `italian`)."""
    game = text_scenario("""
        description: the Q♥ was the single card taken; it could not be discarded nor melded
        rules: italian
        phase: play
        hand 0: 4h 5h 6h Qh
        single_take: Qh
        melds 0: Qs Qd Qc
    """)
    refused(game, "meld 4h 5h 6h", "could not end your turn", "Q♥", rule="single-take")


def test_guard_emptying_before_the_going_out_condition() -> None:
    """... emptying the hand before the side meets its going-out condition."""
    game = text_scenario("""
        description: fechado, pot taken but only a dirty canasta
        rules: fechado
        players: 2
        phase: play
        hand 0: 3c 4c 5c
        melds 0: 4s 5s 6s 2h 8s 9s 10s
        pot 0: taken
    """)
    refused(game, "meld 3c 4c 5c", "clean buraco", rule="going-out")


# --------------------------------------------------------------------------- going out


def test_going_out_buraco() -> None:
    """| buraco | pot taken and a buraco | emptying your hand again, by meld or discard | the last
    stock card is drawn (that card is not played) |"""
    game = scenario("going-out")
    play(game, "meld Jh Qh Kh", "discard 3d")
    assert game.state.went_out == 0 and game.phase is Phase.HAND_OVER
    assert ("going out", 100) in game.scores[0].lines
    meld_out = text_scenario("""
        description: out by a meld
        rules: buraco
        phase: play
        hand 0: Jh Qh Kh
        melds 0: 4s 5s 6s 7s 8s 9s 10s
        pot 0: taken
    """)
    play(meld_out, "meld Jh Qh Kh")
    assert meld_out.state.went_out == 0 and meld_out.phase is Phase.HAND_OVER
    no_buraco = text_scenario("""
        description: no buraco yet
        rules: buraco
        phase: play
        hand 0: Jh Qh Kh
        melds 0: 4s 5s 6s
        pot 0: taken
    """)
    refused(no_buraco, "meld Jh Qh Kh", "no buraco", rule="pot-guard")
    stock = scenario("stock-last-card")
    last = stock.stock[-1]
    play(stock, "draw")
    assert stock.phase is Phase.HAND_OVER and stock.state.went_out is None
    assert stock.hands[0][-1] == last and stock.stock == ()


def test_going_out_brazilian() -> None:
    """| brazilian | a clean canasta | discarding your last card | the stock is empty at a draw |"""
    game = scenario("brazilian-going-out")
    play(game, "discard 9d")
    assert game.state.went_out == 0 and game.phase is Phase.HAND_OVER
    assert not any("pot" in label for label, _ in game.scores[0].lines)
    dirty = text_scenario("""
        description: a dirty canasta is not enough
        rules: brazilian
        players: 3
        phase: play
        hand 0: 9d
        melds 0: 5h 6h 7h JK 9h 10h Jh
    """)
    refused(dirty, "discard 9d", "clean buraco", rule="going-out")
    stock = text_scenario("""
        description: one card left in the stock
        rules: brazilian
        players: 2
        stock_size: 1
    """)
    play(stock, "draw", f"discard {stock.hands[0][0].code}")
    assert stock.phase is Phase.DRAW and stock.stock == () and stock.turn == 1
    assert "take" in stock.legal_actions()          # the pile may still be taken
    play(stock, "draw")                              # a draw from the empty stock ends the hand
    assert stock.phase is Phase.HAND_OVER and stock.state.went_out is None


def test_going_out_italian() -> None:
    """| italian | pot taken (if one is left) and any canasta | discarding your last card | the stock
    is empty and no pot is left |"""
    for pot in ("taken", "to-stock"):
        game = text_scenario(f"""
            description: a dirty canasta and no pot to take
            rules: italian
            phase: play
            hand 0: 9d 3c
            melds 0: 5h 6h 7h JK 9h 10h Jh
            pot 0: {pot}
        """)
        refused(game, "add 1 9d 3c", "this run is all hearts", rule="run")
        play(game, "discard 9d")
        assert game.turn == 1
        game.undo()
        refused(game, "meld 9d 3c", "at least three cards", rule="run")
    out = text_scenario("""
        description: out
        rules: italian
        phase: play
        hand 0: 9d
        melds 0: 5h 6h 7h JK 9h 10h Jh
        pot 0: to-stock
    """)
    play(out, "discard 9d")
    assert out.state.went_out == 0
    no_pot_left = text_scenario("""
        description: the stock's last card, and no pot left
        rules: italian
        stock_size: 1
        pot 0: taken
        pot 1: to-stock
    """)
    play(no_pot_left, "draw", f"discard {no_pot_left.hands[0][0].code}")
    assert no_pot_left.phase is Phase.MATCH_OVER and no_pot_left.state.went_out is None


def test_going_out_burraco() -> None:
    """| burraco | pot taken and a buraco | discarding your last card | two cards remain in the
    stock |"""
    game = scenario("going-out-by-discard")
    refused(game, "add 1 Jh Qh Kh 3d", "this run is all spades", rule="run")
    play(game, "meld Jh Qh Kh", "discard 3d")
    assert game.state.went_out == 0
    stock = scenario("stock-two-left")
    play(stock, "draw")
    assert len(stock.stock) == 2 and stock.phase is Phase.PLAY
    play(stock, f"discard {stock.hands[0][0].code}")
    assert stock.phase is Phase.HAND_OVER and stock.state.went_out is None


def test_going_out_fechado() -> None:
    """| fechado | pot taken (if one is left) and a clean canasta (royal and ace-to-ace count as
    clean) | discard or meld your last card | the stock is empty and no pot is left |"""
    game = scenario("fechado-out-by-meld")
    play(game, "meld 3c 4c 5c")
    assert game.state.went_out == 0 and game.phase is Phase.MATCH_OVER
    refused(game, "next", "the match is over", rule="match-end")
    assert list(game.legal_actions()) == [] and not game.legal_actions()
    by_discard = text_scenario("""
        description: out by discard with a royal
        rules: fechado
        players: 2
        phase: play
        hand 0: 3c
        melds 0: Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh
        pot 0: taken
    """)
    play(by_discard, "discard 3c")
    assert by_discard.state.went_out == 0
    assert any(label.startswith("royal buraco") and points == 500
               for label, points in by_discard.scores[0].lines)


# --------------------------------------------------------------------------- scoring a hand


def test_waiting_pot_counts_as_not_taken() -> None:
    """A pot still waiting to be picked up when the hand ends (`buraco`, emptied by a discard)
    counts as not taken, and its line on the score sheet says it waited, as the table did (the
    newcomer's sheet said 'Topf nie aufgenommen' under a table that said the pot was waiting)."""
    game = text_scenario("""
        description: the pot waits, and the stock ends
        rules: buraco
        phase: play
        hand 0: Qd
        stock_size: 1
    """)
    play(game, "discard Qd", "draw")
    assert game.phase is Phase.HAND_OVER
    assert ("pot still waiting (counts as not taken)", -100) in game.scores[0].lines
    assert game.scores[0].total == sum(points for _, points in game.scores[0].lines)


def test_fechado_pot_taken_but_not_used() -> None:
    """`fechado` also takes 100 off a team whose pot was picked up by a discard when the hand ends
    before that player's next turn ("taken but not used")."""
    game = text_scenario("""
        description: the pot is picked up by a discard; the stock ends before that player plays
        rules: fechado
        players: 2
        phase: play
        hand 0: Qd
        pot 1: taken
        stock_size: 1
    """)
    play(game, "discard Qd", "draw", f"discard {game.hands[1][0].code}")
    assert game.is_hand_over
    assert ("pot taken but not used", -100) in game.scores[0].lines


# --------------------------------------------------------------------------- the match


def _tie_totals(game: Game, actions: tuple[str, ...], level: int) -> tuple[int, ...]:
    """Totals before the hand so that every team ends it at ``level``."""
    probe = Game.from_state(game.state)
    play(probe, *actions)
    return tuple(level - sc.total for sc in probe.scores)


def test_match_buraco() -> None:
    """| buraco | a side reaches the target, 2005 by default (505 to 3005) | higher total wins |
    another hand |"""
    game = scenario("match-point")
    play(game, "meld Jh Qh Kh", "discard 3d")
    assert game.is_match_over and game.winner == 0 and game.totals[0] >= 2005
    both = with_totals(scenario("match-point"), (1900, 2300))
    play(both, "meld Jh Qh Kh", "discard 3d")
    assert min(both.totals) >= 2005 and both.winner == (0 if both.totals[0] > both.totals[1] else 1)
    tie = with_totals(scenario("match-point"),
                      _tie_totals(scenario("match-point"), ("meld Jh Qh Kh", "discard 3d"), 2100))
    play(tie, "meld Jh Qh Kh", "discard 3d")
    assert tie.totals == (2100, 2100) and tie.phase is Phase.HAND_OVER   # another hand
    dealer = tie.state.dealer
    play(tie, "next")
    assert tie.state.hand_number == 2 and tie.state.dealer == (dealer + 1) % 4
    assert tie.turn == (dealer + 2) % 4 and tie.totals == (2100, 2100)
    tie.state.deck_check()


def test_match_brazilian() -> None:
    """| brazilian | a player reaches 3000 | higher total wins | another hand |"""
    base = scenario("brazilian-going-out")
    game = with_totals(base, (2900, 100, 2950))
    play(game, "discard 9d")
    assert game.is_match_over and game.winner == 0
    tie = with_totals(base, _tie_totals(base, ("discard 9d",), 3000))
    play(tie, "discard 9d")
    assert tie.phase is Phase.HAND_OVER and tie.totals == (3000, 3000, 3000)


@pytest.mark.parametrize("rules", ["italian", "fechado"])
def test_match_one_hand_starter_wins_a_tie(rules: str) -> None:
    """| italian | after one hand | - | the side that started the game wins |
    | fechado | after one hand | - | the side that started the game wins |"""
    text = f"""
        description: one hand
        rules: {rules}
        players: 4
        phase: play
        turn: 1
        dealer: 0
        hand 1: 9d
        melds 1: 3h 4h 5h 6h 7h 8h 9h
        pot 1: taken
    """
    game = text_scenario(text)
    play(game, "discard 9d")
    assert game.is_match_over and game.winner == 1   # the higher total
    base = text_scenario(text)
    tie = with_totals(base, _tie_totals(base, ("discard 9d",), 0))
    assert tie.state.starter == 1
    play(tie, "discard 9d")
    assert tie.totals == (0, 0) and tie.is_match_over and tie.winner == 1


def test_match_burraco_tie_is_a_draw() -> None:
    """| burraco | a side reaches the target, 2005 by default | higher total wins | draw |"""
    base = Game.from_state(replace(scenario("match-point").state,
                                   rules=__import__("buraco_core").RULESETS["burraco"]))
    game = Game.from_state(base.state)
    play(game, "meld Jh Qh Kh", "discard 3d")
    assert game.is_match_over and game.winner == 0
    tie = with_totals(base, _tie_totals(base, ("meld Jh Qh Kh", "discard 3d"), 2005))
    play(tie, "meld Jh Qh Kh", "discard 3d")
    assert tie.is_match_over and tie.winner is None and tie.totals == (2005, 2005)


def test_seats_and_deal() -> None:
    """Seats: the player after the dealer plays first; the deal passes to the left each hand.
    Partners sit opposite (seats 0 and 2 against 1 and 3)."""
    s = new_game("buraco", 4, seed=1)
    assert s.turn == (s.dealer + 1) % 4 == 0
    assert [s.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    b = new_game("brazilian", 3, seed=1)
    assert [b.team_of(seat) for seat in range(3)] == [0, 1, 2] and b.teams == 3
