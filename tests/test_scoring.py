"""Card points and scoring a hand: RULES.md's card table and "Scoring a hand", clause by clause."""

from __future__ import annotations

import dataclasses

import pytest

from buraco_core import RULESETS, Card, Score, make_meld, parse_cards, score_side

ALL = sorted(RULESETS)

#: RULES.md's card table, column by column: joker, 2, ace, then 3 .. K.
TABLE = {
    "standard": {0: 30, 2: 20, 1: 15, **{r: 5 for r in range(3, 8)}, **{r: 10 for r in range(8, 14)}},
    "fechado": {0: 20, 2: 10, 1: 15, **{r: 5 for r in range(3, 8)}, **{r: 10 for r in range(8, 14)}},
    "brazilian": {0: 20, 2: 2, 1: 15, **{r: r for r in range(3, 11)}, 11: 10, 12: 10, 13: 10},
}
COLUMN = {"buraco": "standard", "italian": "standard", "burraco": "standard", "fechado": "fechado",
          "brazilian": "brazilian"}


@pytest.mark.parametrize("name", ALL)
def test_card_points_table(name: str) -> None:
    """RULES.md: "| joker | 30 | 20 | 20 | ... | 2 | 20 | 10 | 2 (number cards count their face
    value) | ace | 15 | 15 | 15 | 8 to K | 10 | 10 | 8, 9, 10 face value; J, Q, K 10 | 3 to 7 | 5 | 5 |
    face value |" """
    rules = RULESETS[name]
    for rank, points in TABLE[COLUMN[name]].items():
        assert rules.card_points(rank) == points, (name, rank)
        assert rules.card_values[rank] == points


def test_fechado_jokers_option_adds_jokers_at_20() -> None:
    """RULES.md: "`fechado`: no jokers ...; a `jokers` option adds them back at 20 points" """
    rules = dataclasses.replace(RULESETS["fechado"], jokers=4)
    assert rules.card_points(0) == 20
    score = score_side([], "JK 2h", rules, went_out=False, took_pot=True)
    assert score.total == -30


@pytest.mark.parametrize("name", ALL)
def test_a_melds_card_points_are_its_cards_values(name: str) -> None:
    """RULES.md: "Card points: counted for the side that melded them" """
    rules = RULESETS[name]
    m = make_meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", rules)
    assert m.card_points == sum(rules.card_points(c.rank) for c in m.cards)
    assert m.card_points == {"standard": 15 + 20 + 25 + 60, "fechado": 15 + 10 + 25 + 60,
                             "brazilian": 15 + 2 + 52 + 30}[COLUMN[name]]


def test_score_lines_and_total_like_a_teacher() -> None:
    """RULES.md: "Per side: melded card points + buraco bonuses + 100 for going out - card points
    left in its players' hands - 100 if the team never took its pot."; issue 2: lines like "clean
    buraco 4♥-10♥: +200", "cards in hand: -15"."""
    rules = RULESETS["buraco"]
    melds = [make_meld("4h 5h 6h 7h 8h 9h 10h", rules), make_meld("Qs Qd JK", rules)]
    score = score_side(melds, "3c 8d", rules, went_out=True, took_pot=True)
    assert score.lines == (
        ("clean buraco 4♥-10♥", 200),
        ("melded cards", 50 + 20 + 30),
        ("going out", 100),
        ("cards in hand", -15),
    )
    assert score.total == 200 + 100 + 100 - 15
    assert str(score).splitlines()[0] == "clean buraco 4♥-10♥: +200"
    assert str(score).splitlines()[-1] == "total: 385"


def test_pot_never_taken_costs_100() -> None:
    """RULES.md: "- 100 if the team never took its pot." """
    for name in ("buraco", "italian", "burraco", "fechado"):
        score = score_side(["4h 5h 6h"], "", name, went_out=False, took_pot=False)
        assert ("pot never taken", -100) in score.lines
        assert score.total == 15 - 100


def test_a_pot_waiting_when_the_hand_ends_counts_as_not_taken() -> None:
    """RULES.md: "A pot still waiting to be picked up when the hand ends (`buraco`, emptied by a
    discard) counts as not taken." The caller passes took_pot=False for it."""
    score = score_side(["4h 5h 6h 7h 8h 9h 10h"], [], "buraco", went_out=False, took_pot=False)
    assert score.total == 250 - 100


def test_fechado_pot_taken_but_not_used() -> None:
    """RULES.md: "`fechado` also takes 100 off a team whose pot was picked up by a discard when the
    hand ends before that player's next turn ("taken but not used")." """
    score = score_side(["4h 5h 6h"], "", "fechado", went_out=False, took_pot=True, pot_unused=True)
    assert ("pot taken but not used", -100) in score.lines and score.total == 15 - 100
    for name in ("buraco", "italian", "burraco"):  # the other rulesets have no such penalty
        score = score_side(["4h 5h 6h"], "", name, went_out=False, took_pot=True, pot_unused=True)
        assert score.total == 15 and all("not used" not in label for label, _ in score.lines)


def test_brazilian_scores_each_player_alone_with_no_pot_penalty() -> None:
    """RULES.md: "`brazilian` scores each player alone, with no pot penalty." """
    rules = RULESETS["brazilian"]
    score = score_side([make_meld("9s 9h 9d", rules)], "Kc 3d", rules, went_out=False, took_pot=False)
    assert score.lines == (("melded cards", 27), ("cards in hand", -13))
    assert score.total == 14


def test_card_points_in_hand_count_against_the_side() -> None:
    """RULES.md: "Card points: ... against the side still holding them at the end of a hand." """
    for name in ALL:
        rules = RULESETS[name]
        hand = parse_cards("Ah 2c 7d Kc")
        score = score_side([], hand, rules, went_out=False, took_pot=True)
        assert score.total == -sum(rules.card_points(c.rank) for c in hand)
        assert score.lines == (("cards in hand", score.total),)


def test_dirty_and_semi_clean_lines_name_the_kind_as_the_ruleset_counts_it() -> None:
    """RULES.md: semi-clean "counts as dirty" in `buraco`, 150 in `italian`."""
    cards = "2s 4h 5h 6h 7h 8h 9h 10h"
    assert score_side([cards], "", "buraco", went_out=False, took_pot=True).lines[0] == \
        ("dirty buraco 3♥-10♥", 100)
    assert score_side([cards], "", "italian", went_out=False, took_pot=True).lines[0] == \
        ("semi-clean buraco 3♥-10♥", 150)
    royal = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    assert score_side([royal], "", "fechado", went_out=True, took_pot=True).lines[:3] == (
        ("royal buraco 2♥-A♥", 500), ("melded cards", 110), ("going out", 100))


def test_score_side_takes_melds_as_text_and_hands_as_text_or_cards() -> None:
    """The public API: ``score_side(melds, hand, rules, *, went_out, took_pot, pot_unused=False)``."""
    a = score_side(["4h 5h 6h"], "3c", "buraco", went_out=False, took_pot=True)
    b = score_side([make_meld("6h 5h 4h", "buraco")], [Card.from_str("3c")], RULESETS["buraco"],
                   went_out=False, took_pot=True)
    assert a == b and isinstance(a, Score)
    empty = score_side([], [], "buraco", went_out=False, took_pot=True)
    assert empty.total == 0 and empty.lines == ()
    assert "<table" in a._repr_html_() and "total" in a._repr_html_()


def test_a_meld_counts_as_the_scoring_ruleset_counts_it() -> None:
    """RULES.md: semi-clean is 150 under `italian`, dirty under `buraco`: a meld made under one
    ruleset and scored under another counts as the scoring ruleset says."""
    m = make_meld("2s 4h 5h 6h 7h 8h 9h 10h", "buraco")
    assert score_side([m], "", "italian", went_out=False, took_pot=True).lines[0] == \
        ("semi-clean buraco 3♥-10♥", 150)
    assert m.bonus == 100  # the meld itself never changes


def test_every_line_names_its_clause_and_counts_its_cards_one_by_one() -> None:
    """Issue 9: wrong points are diagnosed line by line, so a line carries its clause and a
    catalog message, and a line of cards its cards and their values."""
    score = score_side(["4h 5h 6h 2s 8h 9h 10h"], "3c JK", "buraco", went_out=True, took_pot=False)
    assert [(item.label.key, item.rule) for item in score.items] == [
        ("score-line.bonus", "buraco-dirty"), ("score-line.melded", "card-points"), ("score-line.going-out", "going-out"),
        ("score-line.pot-never-taken", "hand-score"), ("score-line.in-hand", "card-points")]
    assert [(str(i.label), i.points) for i in score.items] == list(score.lines)
    hand = score.items[-1]
    assert [c.code for c in hand.cards] == ["3c", "JK"] and hand.values == (5, 30)
    assert str(hand.detail) == "3♣ 5, JK 30 = 35"
    waiting = score_side(["4h 5h 6h"], "", "buraco", went_out=False, took_pot=False, pot_waiting=True)
    assert waiting.items[-1].rule == "pot-waiting" and waiting.total == 15 - 100
    assert score_side(["4h 5h 6h"], "", "fechado", went_out=False, took_pot=True, pot_unused=True).items[-1].rule == \
        "pot-unused"


def test_a_score_read_back_has_its_lines_and_equals_the_counted_one() -> None:
    import pickle

    counted = score_side(["4h 5h 6h 7h 8h 9h 10h"], "3c 8d", "buraco", went_out=False, took_pot=True)
    read = Score(counted.total, counted.lines)
    assert read == counted and hash(read) == hash(counted) and read.items == ()
    assert pickle.loads(pickle.dumps(counted)) == counted
    with pytest.raises(AttributeError):
        counted.total = 3  # type: ignore[misc]
