"""buraco_core: the rules engine of the Buraco trainer.

Glossary (one vocabulary, used the same way in code, messages and lessons):

- **card**: a rank (A, 2-10, J, Q, K) and a suit (♠ ♥ ♦ ♣), or a joker (JK).
- **wild card**: a joker, or a 2 standing for another card (Italian *pinella*). A 2 of a run's
  own suit at its natural place is a **natural** card, not the wild card.
- **meld**: cards laid on the table, a **run** (one suit in sequence) or a **set** (one rank).
- **buraco** (Portuguese/Brazilian *canastra*, *canasta*; Italian *burraco*): a meld of seven
  or more cards; **clean** without a wild card, **dirty** with one, **semi-clean** with the wild
  card at an end of otherwise clean naturals; **royal** (A-K) and **ace-to-ace** in ``fechado``.
- **stock**: the face-down draw pile; **discard pile**: the face-up pile (Italian *pozzo*).
- **pot** (Portuguese *morto*, Italian *pozzetto*): the 11 face-down cards a team picks up when a
  player's hand is first empty; **direct** when emptied by a meld, **indirect** by a discard.
- **side** or **team**: partners sitting opposite; in ``brazilian`` every player alone.
- **going out**: ending the hand by emptying one's hand once the side may.
- **ruleset**: one of ``buraco``, ``brazilian``, ``italian``, ``burraco``, ``fechado``.
- **clause**: one rule of docs/RULES.md, named by its stable id (``pot-guard``): :data:`CLAUSES`.
  A refused meld or play (:class:`Refusal`: :class:`InvalidMeld`, :class:`IllegalAction`)
  names the clause it applies in ``.rule``; text that is not a card or a play is a
  :class:`NotationError`. Sentences come from the message catalog (:class:`Message`).

>>> cards = parse_cards("4h 5♥ 10h Th JK 2s")
>>> format_cards(cards)
'4h 5h 10h 10h JK 2s'
>>> m = make_meld("4h 5h 6h 7h 8h 9h 10h", RULESETS["buraco"])
>>> m.buraco_type, m.card_points, m.bonus, m.points
('clean', 50, 200, 250)
"""

from .cards import Card, build_deck, format_cards, parse_card, parse_cards, shuffled_deck, sort_cards
from .clauses import CLAUSES, Clause
from .compare import compare_rulesets, score_under_each
from .errors import NotationError, Refusal
from .game import Game, IllegalAction, State, View, apply, hand_record, legal_actions, new_game
from .game.scenarios import load_scenario
from .melds import InvalidMeld, Meld, make_meld
from .messages import Message, message
from .rules import RULESETS, Rules, RulesError
from .scoring import Score, score_side
from .variants import get_rules

__all__ = [
    "CLAUSES",
    "RULESETS",
    "Card",
    "Clause",
    "Game",
    "IllegalAction",
    "InvalidMeld",
    "Meld",
    "Message",
    "NotationError",
    "Refusal",
    "Rules",
    "RulesError",
    "Score",
    "State",
    "View",
    "apply",
    "build_deck",
    "compare_rulesets",
    "format_cards",
    "get_rules",
    "hand_record",
    "legal_actions",
    "load_scenario",
    "make_meld",
    "message",
    "new_game",
    "parse_card",
    "parse_cards",
    "score_side",
    "score_under_each",
    "shuffled_deck",
    "sort_cards",
]
