"""The simulate command: JSON Lines with the issue's fields, every card accounted for, every hand
scored again from its line alone (its events say where each wild card stands), exit 0 for every
seed, exit 2 with a clear message for bad arguments."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from buraco_core import RULESETS, make_meld, parse_cards
from buraco_core.bots import make_bot
from buraco_core.bots.simulate import main, simulate
from buraco_core.cards import build_deck
from buraco_core.game import HandEnded, event_from_dict
from buraco_core.game.record import hand_melds, rescore
from buraco_core.scoring import score_side

ROOT = Path(__file__).resolve().parents[2]
FIELDS = {"rules", "hand", "players", "melds", "wilds", "stock", "discard", "pots", "took_pot",
          "pot_unused", "went_out", "scores", "totals", "events"}
SETUPS = [(name, n) for name in RULESETS for n in RULESETS[name].player_counts]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict[str, Any]], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    return code, lines, err


def check_record(rec: dict[str, Any], rules: str, players: int) -> None:
    assert set(rec) == FIELDS
    r = RULESETS[rules]
    teams = [str(t) for t in range(2 if r.partnerships else players)]
    assert rec["rules"] == rules
    assert isinstance(rec["hand"], int) and rec["hand"] >= 1
    assert [p["seat"] for p in rec["players"]] == list(range(players))
    for p in rec["players"]:
        assert set(p) == {"seat", "team", "hand"}
        assert p["team"] == str(p["seat"] % len(teams))
        assert isinstance(p["hand"], str)
    for key in ("melds", "wilds", "took_pot", "pot_unused", "scores", "totals"):
        assert sorted(rec[key]) == teams, key
    assert all(isinstance(v, bool) for v in rec["took_pot"].values())
    assert all(isinstance(v, bool) for v in rec["pot_unused"].values())
    assert all(isinstance(v, int) for v in rec["scores"].values())
    assert all(isinstance(v, int) for v in rec["totals"].values())
    assert rec["went_out"] is None or rec["went_out"] in teams
    assert isinstance(rec["stock"], str) and isinstance(rec["discard"], str)
    assert isinstance(rec["pots"], list)
    # every card accounted for, none twice
    cards: Counter[Any] = Counter()
    for p in rec["players"]:
        cards.update(parse_cards(p["hand"]))
    for team in teams:
        for meld in rec["melds"][team]:
            cards.update(make_meld(meld, r).cards)  # every meld on the table is valid
    cards.update(parse_cards(rec["stock"]))
    cards.update(parse_cards(rec["discard"]))
    for pot in rec["pots"]:
        cards.update(parse_cards(pot))
    assert sum(cards.values()) == r.deck_size
    assert cards == Counter(build_deck(r))
    if not r.pots:
        assert rec["pots"] == [] and not any(rec["took_pot"].values())
    # the events: the melds they lay are the record's, each wild card where "wilds" says
    melds = hand_melds(rec)
    for team in teams:
        assert [" ".join(c.code for c in m.cards) for m in melds[team]] == rec["melds"][team]
        assert [m.wild_index for m in melds[team]] == rec["wilds"][team]
    ended = [e for e in (event_from_dict(d, r) for d in rec["events"]) if isinstance(e, HandEnded)]
    assert len(ended) == 1 and list(ended[0].scores) == [rec["scores"][t] for t in teams]
    assert rescore(rec) == rec["scores"]


@pytest.mark.parametrize(("rules", "players"), SETUPS)
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_every_seed_finishes_with_valid_records(capsys: pytest.CaptureFixture[str], rules: str,
                                                players: int, bots: str) -> None:
    for seed in range(6):
        code, lines, err = run(capsys, "--rules", rules, "--players", str(players), "--seed", str(seed),
                               "--bots", bots)
        assert code == 0, err
        assert len(lines) == 1
        check_record(lines[0], rules, players)
        assert lines[0]["hand"] == 1
        assert lines[0]["totals"] == lines[0]["scores"]


@pytest.mark.parametrize("rules", list(RULESETS))
def test_a_match_ends_with_a_winner_line(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    players = 3 if rules == "brazilian" else 4
    code, lines, err = run(capsys, "--rules", rules, "--players", str(players), "--seed", "2",
                           "--bots", "greedy", "--match")
    assert code == 0, err
    *hands, last = lines
    assert set(last) >= {"winner"} and "rules" not in last
    for i, rec in enumerate(hands, start=1):
        check_record(rec, rules, players)
        assert rec["hand"] == i
    running = Counter[str]()
    for rec in hands:
        running.update(rec["scores"])
        assert rec["totals"] == {t: running[t] for t in rec["totals"]}
    totals = hands[-1]["totals"]
    assert last["totals"] == totals
    r = RULESETS[rules]
    if r.target is None:
        assert len(hands) == 1
    else:
        assert max(totals.values()) >= r.target
        assert all(max(rec["totals"].values()) < r.target for rec in hands[:-1])
    if last["winner"] is not None:
        assert totals[last["winner"]] == max(totals.values())


@pytest.mark.parametrize(("rules", "players"), SETUPS)
def test_every_hand_is_scored_again_from_its_record(rules: str, players: int) -> None:
    for seed in range(25):
        out = io.StringIO()
        simulate(rules, players, seed, [make_bot("random", seed * 10 + i) for i in range(players)], out=out)
        rec = json.loads(out.getvalue())
        assert rescore(rec) == rec["scores"], (rules, players, seed)


@pytest.mark.parametrize(("players", "seed", "team"), [(2, 63, "1"), (4, 18, "1"), (4, 857, "0")])
def test_a_wild_card_where_the_cards_alone_read_otherwise(players: int, seed: int, team: str) -> None:
    """Random fechado hands where a meld's cards, read afresh, put the wild card elsewhere (a
    2 of the suit read as a natural card at the low ace): scored from the cards alone, the side
    gets 100 more; the record's events (and its wilds) keep the meld as it stood."""
    out = io.StringIO()
    simulate("fechado", players, seed, [make_bot("random", seed * 10 + i) for i in range(players)], out=out)
    rec = json.loads(out.getvalue())
    rules = RULESETS["fechado"]
    afresh = [make_meld(m, rules) for m in rec["melds"][team]]
    left = tuple(c for p in rec["players"] if p["team"] == team for c in parse_cards(p["hand"]))
    naive = score_side(afresh, left, rules, went_out=rec["went_out"] == team,
                       took_pot=rec["took_pot"][team], pot_unused=rec["pot_unused"][team]).total
    assert naive == rec["scores"][team] + 100
    assert [m.wild_index for m in afresh] != rec["wilds"][team]
    assert rescore(rec)[team] == rec["scores"][team]


def test_a_record_without_events_cannot_give_its_melds() -> None:
    out = io.StringIO()
    simulate("buraco", 2, 1, [make_bot("random", i) for i in range(2)], out=out)
    rec = json.loads(out.getvalue())
    del rec["events"]
    with pytest.raises(ValueError, match="no events"):
        hand_melds(rec)


def test_several_hands_and_one_bot_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "--rules", "burraco", "--players", "4", "--seed", "5",
                         "--bots", "random,greedy,random,greedy", "--hands", "3")
    assert code == 0
    assert [rec["hand"] for rec in lines] == [1, 2, 3]
    for rec in lines:
        check_record(rec, "burraco", 4)


def test_one_hand_rulesets_stop_when_the_match_ends(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = run(capsys, "--rules", "italian", "--players", "2", "--seed", "1", "--hands", "5")
    assert code == 0 and len(lines) == 1


def test_the_same_seed_prints_the_same_lines(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--rules", "fechado", "--players", "4", "--seed", "9", "--bots", "random")
    assert run(capsys, *args)[1] == run(capsys, *args)[1]
    assert run(capsys, *args)[1] != run(capsys, "--rules", "fechado", "--seed", "10", "--bots", "random")[1]


@pytest.mark.parametrize(("argv", "words"), [
    (["--rules", "poker"], "no ruleset called 'poker'"),
    (["--rules", "italian", "--players", "3"], "Italian Burraco is played by 2 or 4 players, not 3"),
    (["--rules", "brazilian", "--players", "7"], "Brazilian Buraco is played by 2, 3 or 4 players, not 7"),
    (["--players", "x"], "invalid int value"),
    (["--bots", "greedy,random"], "2 bots for 4 players"),
    (["--bots", "clever"], "no bot called 'clever'"),
    (["--bots", "greedy,,mc,mc"], "separated by commas"),
    (["--hands", "0"], "at least one hand"),
    (["--hands", "2", "--match"], "not allowed with"),
    (["--max-hands", "0", "--match"], "at least one hand"),
    (["--colour", "red"], "unrecognized arguments"),
])
def test_bad_arguments_exit_2_with_a_reason(capsys: pytest.CaptureFixture[str], argv: list[str],
                                            words: str) -> None:
    code, lines, err = run(capsys, *argv)
    assert code == 2
    assert lines == []
    assert words in err and err.startswith("simulate: ")


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "--bots" in capsys.readouterr().out


def test_unfinished_match_says_so() -> None:
    out = io.StringIO()
    bots = [make_bot("random", i) for i in range(2)]
    played = simulate("buraco", 2, 3, bots, match=True, max_hands=1, out=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert played == 1 and len(lines) == 2
    assert lines[-1]["winner"] is None and "unfinished" in lines[-1]


def test_the_module_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "buraco_core", "simulate", "--rules", "brazilian", "--players", "3",
         "--seed", "4", "--bots", "greedy"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    check_record(json.loads(result.stdout), "brazilian", 3)
    bad = subprocess.run([sys.executable, "-m", "buraco_core", "simulate", "--players", "9"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "not 9" in bad.stderr
