"""The benchmark scripts still run (tiny sizes): their figures are measured by hand, but the
scripts must not rot. RLCard is treated as absent here (it is never a dependency)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(autouse=True)
def _benchmarks_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))


def test_bench_game_runs_and_says_when_rlcard_is_missing(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    import bench_game

    monkeypatch.setattr(bench_game, "rlcard_python", lambda: None)
    assert bench_game.main(["--hands", "2", "--rules", "fechado,brazilian"]) == 0
    out = capsys.readouterr().out
    for row in ("fechado    random", "fechado    greedy", "fechado    env", "brazilian  random"):
        assert row in out
    assert "NOT CHECKED" in out


def test_bench_game_repeats_each_row_and_writes_json(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import json

    import bench_game

    monkeypatch.setattr(bench_game, "rlcard_python", lambda: None)
    out_file = tmp_path / "game.json"
    assert bench_game.main(["--hands", "1", "--rules", "italian", "--repeat", "3",
                            "--json", str(out_file)]) == 0
    assert "best of 3 rounds" in capsys.readouterr().out
    data = json.loads(out_file.read_text())
    assert data["repeat"] == 3 and data["hands"] == 1
    rows = {(r["rules"], r["bots"]): r for r in data["rows"]}
    assert set(rows) == {("italian", "random"), ("italian", "greedy"), ("italian", "env")}
    for row in rows.values():
        assert len(row["rates"]) == 3
        assert row["best"] == max(row["rates"]) and min(row["rates"]) <= row["median"] <= row["best"]


def test_bench_game_refuses_a_repeat_below_one(capsys: pytest.CaptureFixture[str]) -> None:
    import bench_game

    with pytest.raises(SystemExit):
        bench_game.main(["--repeat", "0"])
    assert "--repeat must be at least 1" in capsys.readouterr().err


def test_bench_game_refuses_an_unknown_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    import bench_game

    with pytest.raises(SystemExit):
        bench_game.main(["--rules", "canasta"])
    assert "no ruleset called 'canasta'" in capsys.readouterr().err


def test_bench_bots_runs_a_tiny_match_up(capsys: pytest.CaptureFixture[str]) -> None:
    import bench_bots

    bench_bots.main(["--hands", "2", "--rules", "italian", "--matchups", "greedy:random"])
    out = capsys.readouterr().out
    assert "greedy" in out and "random" in out


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_bench_site_runs_every_section_at_a_tiny_size(capsys: pytest.CaptureFixture[str]) -> None:
    """bench_site.py on one lesson, two clients and one hand of the random bot (builds the site when
    its inputs changed, as the browser tests do)."""
    import bench_site

    bench_site.main(["00", "--rounds", "1", "--clients", "2", "--bots", "random,fast=buraco_core.bots:GreedyBot",
                     "--hands", "1"])
    out = capsys.readouterr().out
    assert "site:" in out and "MB in" in out and "what the" in out and "pages repeat" in out
    assert re.search(r"00_welcome\s+\d+\.\d+s\s+\d+\.\d+s\s+\d+\.\d+s", out), out
    assert re.search(r"00_bare\s+\d+\.\d+s\s+\d+\.\d+s\s+\d+\.\d+s", out), out  # the floor, same run
    assert re.search(r"^course\s+1\s.*[+-]\d+\.\d+s\s+[+-]\d+\.\d+s$", out, re.M), out  # beside the floor
    assert "2 clients x" in out and "serve.py (the site's launcher): all done in" in out
    assert re.search(r"^random\s+\d+ ", out, re.M) and re.search(r"^fast\s+\d+ ", out, re.M), out


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_bench_lessons_answers_the_review_page(capsys: pytest.CaptureFixture[str]) -> None:
    """bench_lessons.py on the review page, which has no puzzle of its own on a fresh profile (before,
    the run waited 120 s for a Check and stopped): its mixed-practice button is what answers, beside
    the floor measured just before it."""
    import bench_lessons

    if not Path("/usr/bin/chromium").exists():
        pytest.skip("/usr/bin/chromium is missing: `bash scripts/setup.sh test` installs it")
    bench_lessons.main(["10", "--rounds", "1"])
    out = capsys.readouterr().out  # (the verdicts are timings: printed, not asserted here)
    assert re.search(r"^10_review\s+\d+\s+\d+\.\d+s\s+\d+\.\d+s\s+\d+\.\d+s.*\smixed$", out, re.M), out
    assert "PASS  round 1: no page error or widget failing to start (none)" in out, out


@pytest.mark.browser
@pytest.mark.timeout(600)
def test_bench_class_runs_a_tiny_class(capsys: pytest.CaptureFixture[str]) -> None:
    """Two protocol clients, cold and warm, the lesson and the bare notebook, after one real page and
    one protocol client each one at a time (the check that they agree): every client answers, every
    closed client's kernel is freed, and the tables and the verdicts are printed."""
    import bench_class

    if not Path("/usr/bin/chromium").exists():
        pytest.skip("/usr/bin/chromium is missing: `bash scripts/setup.sh test` installs it")
    bench_class.main(["--learners", "2", "--lesson", "03", "--rounds", "1", "--timeout", "240", "--fill-delay", "5"])
    out = capsys.readouterr().out  # (the verdicts are timings: printed, not asserted here)
    for row in ("03_buracos       cold     2/2", "03_buracos       warm     2/2", "00_bare          cold     2/2",
                "00_bare          warm     2/2"):
        assert row in out, out
    assert out.count(" 2/2  ") >= 4, out  # kernels freed: 2 of 2 in every row
    assert "target round 1, warm: all 2 answer" in out and "target round 1, cold" in out
    assert out.count("2 page(s) from the pool") == 2 and out.count("0 page(s) from the pool") == 2, out
    assert out.count("protocol / chromium: server CPU") == 4, out


def test_the_protocol_clients_frame_messages_as_the_server_reads_them() -> None:
    """The protocol clients' v1 websocket frames, read back by jupyter_server's own reader, and the other way."""
    import json

    import protocol_client
    from jupyter_server.services.kernels.connection.base import (
        deserialize_msg_from_ws_v1,
        serialize_msg_to_ws_v1,
    )

    parts = [json.dumps(x).encode() for x in ({"msg_type": "comm_msg"}, {}, {}, {"comm_id": "c", "data": {}})]
    assert deserialize_msg_from_ws_v1(protocol_client.ws_pack("shell", [*parts, b"buffer"])) == ("shell", [*parts, b"buffer"])
    channel, header, parent, content, buffers = protocol_client.ws_unpack(serialize_msg_to_ws_v1(parts, "iopub"))
    assert (channel, header, parent, content, buffers) == ("iopub", {"msg_type": "comm_msg"}, {}, {"comm_id": "c", "data": {}}, [])


def test_the_protocol_clients_click_what_the_page_shows_first() -> None:
    """The first puzzle's Check in page order (outputs in order, children depth first), and the models
    whose update answers it; a floor page's button; a page without a puzzle is refused."""
    import protocol_client

    def model(classes: list[str], **state: object) -> dict[str, object]:
        return {"state": {"_dom_classes": classes, **state}}

    states = {
        "menu": model([]),
        "p1": model(["bw-puzzle"], children=["IPY_MODEL_hand1", "IPY_MODEL_box1"]),
        "hand1": model([]),
        "box1": model([], children=["IPY_MODEL_check1", "IPY_MODEL_other1"], feedback="IPY_MODEL_fb1"),
        "check1": model(["bw-check"]), "other1": model(["bw-hint"]), "fb1": model([]),
        "p2": model(["bw-puzzle"], children=["IPY_MODEL_check2"]), "check2": model(["bw-check"]),
        "p3": model(["bw-puzzle"], children=["IPY_MODEL_row3", "IPY_MODEL_fb3"]),
        "row3": model(["bw-puzzle-buttons"]), "fb3": model([]),
        "p4": model(["bw-puzzle"], order=[{"slot": "_buttons"}], _buttons={"kind": "buttons"}, _feedback={}),
    }
    click = protocol_client.CLICK
    assert click == {"event": "click", "button": "check"}
    # a puzzle is one model (issue 38): the click names its row's slot, and its feedback's slot answers
    assert protocol_client.first_check(states, ["p4", "p1"]) == ("p4", {"p4"}, "_feedback",
                                                                 {"part": "_buttons", "content": click})
    assert protocol_client.first_check(states, ["p3", "p1"]) == ("row3", {"p3", "row3", "fb3"}, "status", click)
    assert protocol_client.first_check(states, ["menu", "p2", "p1"]) == ("check2", {"p2", "check2"}, "status", click)
    target, answers, key, _ = protocol_client.first_check(states, ["menu", "p1", "p2"])
    assert (target, key) == ("check1", "status") and answers == {"p1", "hand1", "box1", "check1", "other1", "fb1"}
    assert protocol_client.first_check({"b": model(["bw-bare"])}, ["b"]) == ("b", {"b"}, "description", click)
    with pytest.raises(RuntimeError, match="shows no puzzle"):
        protocol_client.first_check({"m": model([])}, ["m"])


def test_bench_coach_runs_two_hands(capsys: pytest.CaptureFixture[str]) -> None:
    import bench_coach

    bench_coach.main(["--hands", "2"])
    out = capsys.readouterr().out
    assert "coach vs greedy: " in out and "95% CI" in out
    assert re.search(r"advice time over \d+ decisions: median \d+ ms, 95th percentile \d+ ms", out)
    assert "load average" in out


def test_bench_handin_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import bench_handin

    assert bench_handin.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "strong" in out and "absent" in out and "read 30 hand-ins" in out
