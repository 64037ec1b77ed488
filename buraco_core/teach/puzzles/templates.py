"""Dealt game positions, one recipe per clause: the position (scenario text, seat 0 to play) and
the play to ask about. The legal-play and outcome generators use them; the game decides what the
play does (a recipe that comes out otherwise is dealt again by the generator's check that the
verdict turns on the clause).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...cards import Card, format_cards
from ...rules import DiscardTake, GoingOut, Rules, StockEnd
from .deal import Deck, buraco_cards, make, meld_cards, position_text

__all__ = ["RECIPES", "Recipe", "last_cards"]

Recipe = Callable[[random.Random, Rules], "tuple[str, str] | None"]


def _trio(rng: random.Random, deck: Deck, rules: Rules) -> list[Card] | None:
    return meld_cards(rng, deck, rules, length=3, wild=None)


def _side(rng: random.Random, deck: Deck, rules: Rules, *, buraco: bool, clean: bool = False) -> list[list[Card]] | None:
    """The side's melds: a short meld, and a buraco if asked (a clean one if ``clean``)."""
    melds = []
    short = _trio(rng, deck, rules)
    if short is None:
        return None
    melds.append(short)
    if buraco:
        cards = buraco_cards(rng, deck, rules, "clean" if clean or rng.random() < 0.5 else "dirty")
        if cards is None:
            return None
        melds.append(cards)
    return melds


def _needs_clean(rules: Rules) -> bool:
    return rules.out_needs_clean


def turn(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    deck = Deck(rules, rng)
    hand = deck.random(11, natural=True)
    way = rng.choice(["discard-first", "draw-twice", "meld"])
    pile = deck.random(2)
    if way == "discard-first":
        return position_text(rules, phase="draw", hand=hand, discard=pile), f"discard {rng.choice(hand).code}"
    if way == "draw-twice":
        return position_text(rules, phase="play", hand=hand, discard=pile), "draw"
    trio = _trio(rng, deck, rules)
    if trio is None:
        return None
    return position_text(rules, phase="play", hand=[*hand[:8], *trio], discard=pile), "meld " + format_cards(trio)


def draw(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if rules.discard_take is not DiscardTake.WHOLE:
        return None
    deck = Deck(rules, rng)
    hand = deck.random(11)
    pile = deck.random(rng.randint(2, 5))
    play = "take" if rng.random() < 0.6 else f"take {pile[0].code}"
    return position_text(rules, phase="draw", hand=hand, discard=pile), play


def draw_dig(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if rules.discard_take is not DiscardTake.ANY_DEPTH:
        return None
    deck = Deck(rules, rng)
    pile = deck.random(4, natural=True)
    depth = rng.randint(0, 2)
    card = pile[depth]
    hand = deck.random(9, natural=True)
    if rng.random() < 0.6:
        pair = [c for c in deck.left if c.rank == card.rank and c.suit != card.suit and deck.left[c]][:2]
        if len(pair) < 2 or not deck.take(pair):
            return None
        hand = [*hand, *pair]
    return position_text(rules, phase="draw", hand=hand, discard=pile), f"take {card.code}"


def draw_top_card(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if rules.discard_take is not DiscardTake.WHOLE_IF_TOP_MELDS:
        return None
    deck = Deck(rules, rng)
    run = meld_cards(rng, deck, rules, length=3, wild=None, kind="run")
    if run is None:
        return None
    top = run.pop(rng.randrange(3))
    hand = deck.random(9, natural=True)
    if rng.random() < 0.6:
        hand = [*hand, *run]
    pile = [*deck.random(2), top]
    return position_text(rules, phase="draw", hand=hand, discard=pile), "take"


def single_take(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if not rules.single_take_no_discard:
        return None
    deck = Deck(rules, rng)
    hand = deck.random(12, natural=True)
    taken = hand[0]
    play = f"discard {taken.code}" if rng.random() < 0.7 else f"discard {hand[-1].code}"
    return position_text(rules, phase="play", hand=hand, extra=[f"single_take: {taken.code}"]), play


def wild_last_discard(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if not rules.wild_last_discard_guard:
        return None
    deck = Deck(rules, rng)
    wild = deck.wild()
    if wild is None or not deck.take([wild]):
        return None
    fits = rng.random() < 0.7
    buraco = buraco_cards(rng, deck, rules, "clean" if fits else "dirty")
    if buraco is None:
        return None
    melds = [buraco]
    if fits:
        short = _trio(rng, deck, rules)
        if short is not None:
            melds.append(short)
    return position_text(rules, hand=[wild], melds=melds, pot="taken", discard=deck.random(2)), \
        f"discard {wild.code}"


def meld_owner(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    deck = Deck(rules, rng)
    theirs = meld_cards(rng, deck, rules, length=3, wild=None, kind="run")
    if theirs is None:
        return None
    m = make(theirs, rules)
    if m is None:
        return None
    ends = [p for p in (m.low - 1, m.low + len(m)) if 3 <= p <= 13]
    if not ends:
        return None
    card = Card(ends[0], m.suit)
    if not deck.take([card]):
        return None
    hand = [card, *deck.random(8, natural=True)]
    return position_text(rules, hand=hand, other_melds=[theirs], discard=deck.random(2)), f"add 1:1 {card.code}"


def pot_guard(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if not rules.pot_guard:
        return None
    deck = Deck(rules, rng)
    side = _side(rng, deck, rules, buraco=False)
    trio = _trio(rng, deck, rules)
    if side is None or trio is None:
        return None
    if rng.random() < 0.5:
        hand = [*trio, *deck.random(1, natural=True)]
        play = "meld " + format_cards(trio)
    else:
        hand = deck.random(1, natural=True)
        play = f"discard {hand[0].code}"
    return position_text(rules, hand=hand, melds=side, pot="taken", discard=deck.random(2)), play


def _empty_by_meld(rng: random.Random, rules: Rules, pot: str, buraco: bool) -> tuple[str, str] | None:
    deck = Deck(rules, rng)
    side = _side(rng, deck, rules, buraco=buraco, clean=_needs_clean(rules))
    trio = _trio(rng, deck, rules)
    if side is None or trio is None:
        return None
    return position_text(rules, hand=trio, melds=side, pot=pot, discard=deck.random(2)), "meld " + format_cards(trio)


def _empty_by_discard(rng: random.Random, rules: Rules, pot: str, buraco: bool) -> tuple[str, str] | None:
    deck = Deck(rules, rng)
    side = _side(rng, deck, rules, buraco=buraco, clean=_needs_clean(rules))
    if side is None:
        return None
    hand = deck.random(1, natural=True)
    return position_text(rules, hand=hand, melds=side, pot=pot, discard=deck.random(2)), f"discard {hand[0].code}"


def no_direct_pot(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if rules.direct_pot or not rules.pots:
        return None
    return _empty_by_meld(rng, rules, "aside", rng.random() < 0.5)


def pot(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if not rules.pots:
        return None
    if rules.direct_pot and rng.random() < 0.5:
        return _empty_by_meld(rng, rules, "aside", rng.random() < 0.5)
    return _empty_by_discard(rng, rules, "aside", rng.random() < 0.5)


def pot_indirect(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if not rules.pots:
        return None
    return _empty_by_discard(rng, rules, "aside", rng.random() < 0.5)


def going_out(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if rules.going_out is GoingOut.MELD_OR_DISCARD and rng.random() < 0.4:
        return _empty_by_meld(rng, rules, "taken", True)
    return _empty_by_discard(rng, rules, "taken", rng.random() < 0.7)


def one_pot(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if not rules.pots:
        return None
    return _empty_by_discard(rng, rules, "taken", True)


def turn_guard(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    deck = Deck(rules, rng)
    if rules.pot_guard:
        # buraco: the pot guard refuses such a meld first; and a last wild card that may not be
        # discarded fits a meld, so adding it ends the turn: the general guard never decides
        return None
    if rules.going_out is GoingOut.DISCARD and rules.direct_pot:
        return _empty_by_meld(rng, rules, "taken", True)
    side = _side(rng, deck, rules, buraco=False)
    trio = _trio(rng, deck, rules)
    if side is None or trio is None:
        return None
    hand = [*trio, *deck.random(1, natural=True)]
    pot_state = "taken" if rules.pots else None
    return position_text(rules, hand=hand, melds=side, pot=pot_state, discard=deck.random(2)), \
        "meld " + format_cards(trio)


def stock_end(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    deck = Deck(rules, rng)
    hand = deck.random(11, natural=True)
    pile = deck.random(2)
    players = 2
    end = rules.stock_end
    if end is StockEnd.LAST_CARD_DRAWN:
        return position_text(rules, players=players, phase="draw", hand=hand, discard=pile,
                             extra=["stock_size: 1"]), "draw"
    if end is StockEnd.EMPTY_AT_DRAW:
        return position_text(rules, players=players, phase="draw", hand=hand, discard=pile,
                             extra=["stock_size: 0"]), "draw"
    if end is StockEnd.TWO_LEFT:
        return position_text(rules, players=players, phase="draw", hand=hand, discard=pile,
                             extra=["stock_size: 3"]), f"draw; discard {hand[0].code}"
    return position_text(rules, players=players, phase="draw", hand=hand, pot="taken", other_pot="taken",
                         discard=pile, extra=["stock_size: 1"]), f"draw; discard {hand[0].code}"


def pot_to_stock(rng: random.Random, rules: Rules) -> tuple[str, str] | None:
    if rules.stock_end is not StockEnd.EMPTY_NO_POT:
        return None
    deck = Deck(rules, rng)
    hand = deck.random(11, natural=True)
    return position_text(rules, players=2, phase="draw", hand=hand, pot="aside", other_pot="taken",
                         discard=deck.random(2), extra=["stock_size: 1"]), f"draw; discard {hand[0].code}"


def last_cards(rng: random.Random, rules: Rules, *, pot: str) -> tuple[str, str] | None:
    """A position of the strategy lesson's race for the pot (``pot`` "aside": the side's pot still
    to earn) or of going out (``pot`` "taken", with a buraco on the side): the seat holds a
    three-card meld and one card more, and the choices (separated by ``;``) are to lay the meld
    down (the card left may then be discarded) or to discard the lone card, or a card of the meld,
    keeping the rest. The game and the coach decide what each choice does and which is best."""
    if pot == "aside" and not rules.pots:
        return None
    deck = Deck(rules, rng)
    side = _side(rng, deck, rules, buraco=pot == "taken" or rng.random() < 0.5, clean=_needs_clean(rules))
    theirs = _trio(rng, deck, rules)
    trio = _trio(rng, deck, rules)
    if side is None or theirs is None or trio is None:
        return None
    loner = deck.random(1, natural=True)
    hand = [*trio, *loner]
    rng.shuffle(hand)
    plays = ["meld " + format_cards(trio), f"discard {loner[0].code}"]
    if rng.random() < 0.5:
        plays.append(f"discard {rng.choice(trio).code}")
    rng.shuffle(plays)
    text = position_text(rules, hand=hand, melds=side, other_melds=[theirs], pot=pot, discard=deck.random(2))
    return text, "; ".join(plays)


#: The recipes by the clause their position exercises.
RECIPES: dict[str, Recipe] = {
    "turn": turn, "draw": draw, "draw-dig": draw_dig, "draw-top-card": draw_top_card,
    "single-take": single_take, "wild-last-discard": wild_last_discard, "meld-owner": meld_owner,
    "pot-guard": pot_guard, "no-direct-pot": no_direct_pot, "pot": pot, "pot-indirect": pot_indirect,
    "going-out": going_out, "one-pot": one_pot, "turn-guard": turn_guard, "stock-end": stock_end,
    "pot-to-stock": pot_to_stock,
}
