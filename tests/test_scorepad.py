"""The score pad's session (buraco_core.sessions.scorepad), without widgets: a match set up, a hand entered meld
by meld and from text, scored as the game's own end of hand scores it, corrected, undone, kept."""

from __future__ import annotations

import json

import pytest

from buraco_core import RULESETS, InvalidMeld, NotationError, make_meld
from buraco_core.rules import RulesError
from buraco_core.sessions.puzzle import SessionError
from buraco_core.sessions.scorepad import ScorePad, meld_fixes

HAND = "us: 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ | 5♣ 5♦ 5♠; hand ada: 3♣ K♦; pot taken; out: us"


def four() -> ScorePad:
    return ScorePad("buraco", 4, ["Ada", "Bo", "Cy", "Di"], teams=["us", "them"])


def test_a_meld_is_read_at_once_and_an_impossible_one_refused_with_the_engines_clause() -> None:
    pad = four()
    m = pad.meld("us", "4h 5h 6h 2s 8h 9h 10h")
    assert m.buraco_type == "dirty" and m.wild_stands_for is not None and str(m.wild_stands_for) == "7♥"
    with pytest.raises(InvalidMeld) as info:
        pad.meld("them", "5s 5h JK 2d")
    assert info.value.rule == "wild-one"
    assert [str(f) for f in meld_fixes("5s 5h JK 2d", "buraco")] == ["5♠ 5♥ 2♦", "5♠ 5♥ JK"]
    assert len(pad.draft.melds[1]) == 0  # nothing changed


def test_a_card_the_deck_has_no_more_of_is_refused_under_deck() -> None:
    pad = four()
    pad.meld("us", "5s 5h 5d")
    pad.meld("them", "5s 6s 7s")
    with pytest.raises(InvalidMeld) as info:
        pad.left("Bo", "5s")
    assert info.value.rule == "deck"


def test_a_hand_typed_scores_as_entered_by_taps() -> None:
    typed, tapped = four(), four()
    entry = typed.enter(HAND)
    tapped.meld("us", "7h 8h 9h 10h Jh Qh Kh")
    tapped.meld("us", "5c 5d 5s")
    tapped.left("Ada", "3c Kd")
    tapped.pot("us")
    tapped.pot("them")
    tapped.out("us")
    assert entry == tapped.draft
    a, b = typed.end_hand(), tapped.end_hand()
    assert a.scores == b.scores and a.totals == b.totals
    # Ada is on side "us": her cards count against it
    assert [line for line in a.scores[0].lines] == [("clean buraco 7♥-K♥", 200), ("melded cards", 80),
                                                   ("going out", 100), ("cards in hand", -15)]


def test_notation_errors_name_the_position_and_what_is_allowed() -> None:
    pad = four()
    with pytest.raises(NotationError) as info:
        pad.enter("us: 7h 8h 9x")
    assert info.value.key == "scorepad.notation.card" and info.value.params["at"] == 11
    with pytest.raises(NotationError) as info:
        pad.enter("us: 7h 8h 9h; zz: 4c 5c 6c")
    assert info.value.key == "scorepad.notation.who" and "us, them" in str(info.value)
    with pytest.raises(NotationError) as info:
        pad.enter("us: 7h 8h 9h; banana")
    assert info.value.key == "scorepad.notation.part" and "hand PLAYER" in str(info.value)
    assert "An Stelle" in info.value.explain("de")
    with pytest.raises(InvalidMeld) as refused:
        pad.enter("us: Kh Ah 3h")
    assert refused.value.rule == "run" and "at 5" in str(refused.value)


def test_german_words_and_letters() -> None:
    pad = ScorePad("buraco", 4, teams=["wir", "ihr"])
    entry = pad.enter("wir: 7♥ 8♥ 9♥ 10♥ B♥ D♥ K♥\nHand 2: 3♣\nkein Topf: ihr\nTopf: wir\nraus: wir")
    assert entry.went_out == 0 and entry.pot_taken == (True, False) and len(entry.left[1]) == 1


def test_target_tie_and_the_end_of_the_match() -> None:
    pad = ScorePad("burraco", 2, ["Ada", "Bo"], target=505)
    pad.enter("Ada: 7h 8h 9h 10h Jh Qh Kh | 4c 5c 6c 7c 8c 9c 10c; Bo: 7s 8s 9s 10s Js Qs Ks | 4d 5d 6d 7d 8d 9d 10d;"
              " pot: Ada, Bo")
    result = pad.end_hand()
    assert result.totals[0] == result.totals[1] >= 505 and result.over and result.winner is None  # burraco: a draw
    assert pad.status().key == "scorepad.status.draw"
    with pytest.raises(SessionError):
        pad.meld("Ada", "4h 5h 6h")
    with pytest.raises(RulesError):
        ScorePad("buraco", 4, target=100)
    with pytest.raises(RulesError):
        ScorePad("italian", 3)


def test_correct_undo_and_keep() -> None:
    pad = four()
    pad.enter(HAND)
    pad.end_hand()
    pad.enter("them: 4c 5c 6c; out: them; pot: them")
    pad.end_hand()
    before = pad.totals
    pad.correct(1, "us: 4h 5h 6h; pot: us; out: us")
    assert pad.totals != before and pad.results[1].totals[1] == pad.results[1].scores[1].total + pad.results[0].totals[1]
    pad.undo()
    assert pad.totals == before
    for copy in (ScorePad.from_json(json.loads(json.dumps(pad.to_json()))), ScorePad.from_text(pad.to_text()),
                 ScorePad.from_link(pad.link("https://example.org/scorepad.html"))):
        assert copy.totals == pad.totals and copy.side_names == pad.side_names
        assert [r.scores for r in copy.results] == [r.scores for r in pad.results]
    with pytest.raises(SessionError):
        ScorePad.from_link("https://example.org/#scorepad=@@")
    with pytest.raises(SessionError):
        pad.correct(3, HAND)
    sheet = pad.sheet_text("de")
    assert "Punkteblatt" in sheet and "Summe der Partie" in sheet
    assert "<table>" in pad.sheet_html() and "match total" in pad.sheet_html()


def test_setup_refuses_bad_names_and_reads_a_house_rules_link() -> None:
    with pytest.raises(SessionError):
        ScorePad("buraco", 4, ["Ada", "Bo", "Cy"])
    with pytest.raises(SessionError):
        ScorePad("buraco", 2, ["Ada", "ada"])
    with pytest.raises(SessionError):
        ScorePad("brazilian", 3, teams=["a", "b", "c"])
    pad = ScorePad("https://example.org/house.html#variant=buraco+target=1505;players=4", 4)
    assert pad.rules.target == 1505


@pytest.mark.parametrize(("cards", "name", "rule"), [
    (c, n, r) for c, n, _, r in [
        ("4h 5h", "buraco", None, "run"), ("4h 5s 6h", "buraco", None, "run"), ("4h 5s 6h", "fechado", None, "run"),
        ("4h 5h 7h", "buraco", None, "run"), ("4h 7h JK", "buraco", None, "wild-one"),
        ("Ah 2h 4h", "buraco", None, "natural-two"), ("4h 4h 5h", "buraco", None, "run"),
        ("5s 5h JK 2d", "buraco", None, "wild-one"), ("2s 2h 2d", "buraco", None, "two-naturals"),
        ("Kh Ah 3h", "buraco", None, "run"), ("Ah Ah 2h", "fechado", None, "ace-to-ace"),
        ("9s 9h 9d", "fechado", None, "no-sets"), ("9s 9h 9d 9c JK", "brazilian", None, "set-brazilian"),
        ("9s 9s 9h", "brazilian", None, "set-brazilian"), ("9s 9h 8h", "buraco", None, "run"),
        ("9s 9h JK 2d", "buraco", None, "wild-one"), ("JK 7c 8c", "fechado", None, "deck"),
        ("5s 5s 5s", "buraco", None, "deck")]])
def test_every_impossible_meld_of_the_engines_refusal_tests_is_refused_with_its_clause(
        cards: str, name: str, rule: str) -> None:
    with pytest.raises(InvalidMeld) as engine:
        make_meld(cards, RULESETS[name])
    players = 4 if 4 in RULESETS[name].player_counts else 2
    pad = ScorePad(name, players)
    with pytest.raises(InvalidMeld) as tapped:
        pad.meld(0, cards)
    with pytest.raises(InvalidMeld) as typed:
        pad.enter(f"1: {cards}")
    assert engine.value.rule == tapped.value.rule == typed.value.rule == rule
    assert tapped.value == engine.value


def test_a_run_keeps_the_arrangement_written_where_the_engine_allows_it() -> None:
    pad = four()
    # the engine's own reading puts the ace high and the wild low (2♦-A♦); written with the ace low and
    # the wild in the 2's place, the run is that one, as a meld on the table keeps its places
    written = "Ad JK 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd"
    assert make_meld(written, "buraco").label == "2♦-A♦"
    assert pad.meld("us", written).label == "A♦-K♦"
    assert pad.meld("them", "JK 7c 8c 9c").wild_stands_for is not None
    assert str(pad.draft.melds[1][0]) == "JK 7♣ 8♣ 9♣"


def test_a_waiting_pot_and_taking_back_a_meld() -> None:
    pad = four()
    pad.enter("us: 4h 5h 6h | 9c 9d 9s; pot waiting: us; out: none")
    assert pad.draft.pot_waiting == (True, False) and pad.draft.pot_taken == (False, False)
    assert pad.unmeld("us", 1).kind == "set" and len(pad.draft.melds[0]) == 1
    with pytest.raises(SessionError):
        pad.unmeld("us", 5)
    result = pad.end_hand()
    assert ("pot still waiting (counts as not taken)", -100) in result.scores[0].lines
    assert ScorePad.from_json(pad.to_json()).results[0].scores == result.scores
    assert ScorePad.from_text(pad.to_text()).results[0].scores == result.scores


def test_a_correction_that_would_end_the_match_early_is_refused() -> None:
    pad = ScorePad("burraco", 2, ["Ada", "Bo"], target=505)
    pad.enter("Ada: 4h 5h 6h; pot: Ada, Bo")
    pad.end_hand()
    pad.enter("Bo: 4c 5c 6c; pot: Ada, Bo")
    pad.end_hand()
    with pytest.raises(SessionError) as info:
        pad.correct(1, "Ada: 7h 8h 9h 10h Jh Qh Kh | 4c 5c 6c 7c 8c 9c 10c; pot: Ada, Bo; out: Ada")
    assert info.value.key == "scorepad.error.ends-early"
    assert len(pad.results) == 2 and not pad.over
