"""Issue 39 from Python, without a browser: the score pad's page set up for 4 players, a hand entered
by the messages the page's taps send (each meld read by the engine as it is tapped, a refused one
with its clause), scored line by line as the game's own score sheet scores it, undone, corrected,
kept in the browser and opened again from its text or link."""

from __future__ import annotations

import json

from buraco_widgets import ScorePadPage

from buraco_core.sessions.scorepad import ScorePad


def _tap(page: ScorePadPage, cards: str) -> None:
    """What the picker sends while cards are tapped: a read after each card."""
    picked: list[str] = []
    for token in cards.split():
        picked.append(token)
        page.handle({"type": "read", "cards": " ".join(picked)})


def _four(lang: str = "en") -> ScorePadPage:
    page = ScorePadPage(lang=lang)
    page.handle({"type": "setup", "rules": "buraco", "house": "", "players": 4, "names": ["Ada", "Bo", "Cy", "Di"],
                 "teams": ["us", "them"], "target": 2005})
    assert page.problem == "" and page.view["sides"][0]["name"] == "us"
    return page


def _enter_hand(page: ScorePadPage) -> None:
    _tap(page, "7h 8h 9h 10h Jh Qh Kh")
    assert page.reading["ok"] and page.reading["text"] == "run 7♥-K♥: clean buraco, 65 + 200 = 265 points"
    page.handle({"type": "meld", "side": 0, "cards": "7h 8h 9h 10h Jh Qh Kh"})
    page.handle({"type": "meld", "side": 1, "cards": "5c 5d JK"})
    page.handle({"type": "left", "player": 1, "cards": "3c Kd"})
    page.handle({"type": "left", "player": 3, "cards": "4s"})
    for side in (0, 1):
        page.handle({"type": "pot", "side": side, "taken": True})
    page.handle({"type": "out", "side": 0})


def test_a_four_player_hand_entered_by_taps_is_scored_as_the_game_scores_it() -> None:
    page = _four()
    _enter_hand(page)
    sides = page.view["sides"]
    assert [m["label"] for m in sides[1]["melds"]] == ["set fives (3 cards), JK standing for a five: 40 points"]
    assert [p["name"] for p in sides[1]["players"]] == ["Bo", "Di"] and sides[1]["players"][0]["left"] == "3♣ K♦"
    assert page.view["went_out"] == 0
    page.handle({"type": "score"})
    assert page.problem == "" and page.view["totals"] == ["365", "20"]
    hand = page.view["hands"][0]
    assert hand["scores"][0]["lines"] == [{"label": "clean buraco 7♥-K♥", "points": "+200"},
                                         {"label": "melded cards", "points": "+65"},
                                         {"label": "going out", "points": "+100"}]
    assert hand["scores"][1]["total"] == "20"
    assert page.view["status"] == "the match goes on: the first side to 2005 points wins"
    # the same hand through the session alone: the page adds nothing of its own
    pad = ScorePad("buraco", 4, ["Ada", "Bo", "Cy", "Di"], teams=["us", "them"])
    pad.enter(hand["text"])
    assert pad.end_hand().totals == (365, 20)


def test_an_impossible_meld_is_refused_with_its_clause_as_it_is_tapped_and_when_entered() -> None:
    page = _four()
    _tap(page, "5c 2d JK")
    assert not page.reading["ok"] and page.reading["clause"] == "wild-one"
    page.handle({"type": "meld", "side": 1, "cards": "5s 5h JK 2d"})
    refusal = page.refusal
    assert refusal["clause"] == "wild-one" and refusal["title"] == "jokers and 2s are wild, one per meld"
    assert refusal["fixes"] == ["5♠ 5♥ 2♦", "5♠ 5♥ JK"]
    assert page.view["sides"][1]["melds"] == []
    page.handle({"type": "meld", "side": 1, "cards": "5s 5h JK"})
    assert page.refusal == {} and len(page.view["sides"][1]["melds"]) == 1


def test_undo_and_correct_a_hand() -> None:
    page = _four()
    _enter_hand(page)
    page.handle({"type": "unmeld", "side": 1, "index": 0})
    assert page.view["sides"][1]["melds"] == []
    page.handle({"type": "undo"})
    assert len(page.view["sides"][1]["melds"]) == 1
    page.handle({"type": "score"})
    text = page.view["hands"][0]["text"]
    page.handle({"type": "correct", "number": 1, "text": text.replace("out: us", "out: them")})
    assert page.problem == "" and page.view["hands"][0]["title"] == "Hand 1 (out: them)"
    page.handle({"type": "undo"})
    assert page.view["totals"] == ["365", "20"]
    page.handle({"type": "undo"})
    assert page.view["hands"] == [] and len(page.view["sides"][0]["melds"]) == 1


def test_the_match_is_kept_in_the_browser_and_opened_from_its_text_or_link() -> None:
    page = _four()
    _enter_hand(page)
    page.handle({"type": "score"})
    kept = page.kept
    assert json.loads(kept)["format"] == "buraco-scorepad/1"
    again = ScorePadPage(lang="en")
    again.handle({"type": "restore", "kept": kept})
    assert again.view["totals"] == ["365", "20"] and again.kept == kept
    damaged = ScorePadPage(lang="en")
    damaged.handle({"type": "restore", "kept": "{not json"})
    assert damaged.view == {} and damaged.problem == ""
    for shared in (page.view["text"], "https://example.org/scorepad.html" + page.view["link"]):
        other = ScorePadPage(lang="en")
        other.handle({"type": "import", "text": shared})
        assert other.view["totals"] == ["365", "20"]
    page.handle({"type": "new"})
    assert page.view == {} and page.kept == ""


def test_refusals_and_bad_input_are_sentences_of_the_page_language() -> None:
    page = ScorePadPage(lang="de")
    page.handle({"type": "setup", "rules": "buraco", "players": 4, "names": ["Ada", "Ada", "Cy", "Di"], "target": 2005})
    assert page.view == {} and "„Ada“" in page.problem
    page.handle({"type": "setup", "rules": "buraco", "players": 2, "names": [], "target": None})
    assert [s["name"] for s in page.view["sides"]] == ["Spieler 1", "Spieler 2"]
    page.handle({"type": "meld", "side": 0, "cards": "Dh Kh Ah"})
    assert page.view["sides"][0]["melds"][0]["cards"] == "D♥ K♥ A♥"
    page.handle({"type": "read", "cards": "7"})
    assert page.problem == "" and not page.reading["ok"]
    page.handle({"type": "undo"})
    page.handle({"type": "undo"})
    assert page.problem == "Es gibt nichts rückgängig zu machen"
    assert page.texts["score"] == "Runde zählen" and [r["label"] for r in page.ranks][10:12] == ["B", "D"]


def test_a_pot_taken_but_not_used_where_the_ruleset_counts_it() -> None:
    page = ScorePadPage(lang="en")
    page.handle({"type": "setup", "rules": "buraco", "players": 4, "names": [], "teams": [], "target": None})
    assert page.view["unused_counts"] is False and [s["name"] for s in page.view["sides"]] == ["Team 1", "Team 2"]
    page.handle({"type": "setup", "rules": "fechado", "players": 4, "names": [], "teams": [], "target": None})
    assert page.view["unused_counts"] is True
    page.handle({"type": "meld", "side": 0, "cards": "7h 8h 9h"})
    page.handle({"type": "pot", "side": 0, "taken": True, "unused": True})
    assert page.view["sides"][0]["unused"] is True
    assert {"label": "pot taken but not used", "points": "-100"} in page.view["preview"][0]["lines"]
    page.handle({"type": "score"})
    assert "pot taken but not used" in page.view["sheet"] and page.view["hands"][0]["scores"][0]["total"] == "-75"
    assert page.view["document"].startswith("<!doctype html>") and "<title>Score sheet</title>" in page.view["document"]
