"""The suite's own machinery: how ``make test`` spreads the tests over its workers (tests/conftest.py),
and that what downloads or builds is built by ``bash scripts/setup.sh test`` before the tests, never
inside one: a test finding a build missing or stale fails at once, saying what to run."""

from __future__ import annotations

import ast
import http.server
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from conftest import BENCH, BENCH_MODULES, BROWSER, SITE, SITE_MODULES, drives_chromium, suite_groups

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_that_drives_chromium_runs_on_a_browser_worker_the_rest_a_module_at_a_time() -> None:
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py"))
    ids = [f"{m}::test_one" for m in modules] + ["tests/test_audit.py::test_two", "lessons/01_melds.ipynb::Cell 0", "lessons/01_melds.ipynb::Cell 1",
                                                 "buraco_core/cards.py::buraco_core.cards.parse_card"]
    groups = suite_groups(ROOT, ids)
    browser = {i.split("::")[0] for i, g in groups.items() if g == BROWSER}
    site = {i.split("::")[0] for i, g in groups.items() if g == SITE}
    bench = {i.split("::")[0] for i, g in groups.items() if g == BENCH}
    assert site == set(SITE_MODULES) and bench == set(BENCH_MODULES)
    assert not site & browser and not bench & browser and not site & bench
    assert {m for m in modules if m.startswith(("tests/browser/", "tests/deploy/"))} <= browser | site | bench
    assert all(drives_chromium(ROOT, m) for m in BENCH_MODULES)  # a misspelt path would be a Python-only group
    assert "tests/test_benchmarks.py" in bench  # outside tests/browser/, but it drives Voila and Chromium
    assert groups["tests/test_cards.py::test_one"] == "tests/test_cards.py"
    assert groups["tests/test_audit.py::test_one"] != groups["tests/test_audit.py::test_two"]  # SPLIT_MODULES
    assert groups["lessons/01_melds.ipynb::Cell 0"] == groups["lessons/01_melds.ipynb::Cell 1"]  # one kernel
    assert groups["buraco_core/cards.py::buraco_core.cards.parse_card"] == "buraco_core/cards.py"


def browser_test_timeouts(path: Path) -> dict[str, float]:
    """The ``pytest.mark.timeout(N)`` of each test function of the module at ``path``, in seconds."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            for mark in node.decorator_list:
                if (isinstance(mark, ast.Call) and ast.unparse(mark.func).endswith("mark.timeout")
                        and mark.args and isinstance(mark.args[0], ast.Constant)):
                    found[node.name] = float(mark.args[0].value)
    return found


def test_a_browser_test_lets_a_page_load_and_a_wait_each_take_the_busy_machine_s_time() -> None:
    """A test that opens a page and waits for something on it has two waits of
    ``BUSY_MACHINE_WAIT`` at the least (the load, the wait): its own timeout lets both run out, so that
    a slow page fails as Playwright's wait saying what it waited for, or passes late, never cut off by
    pytest-timeout in the middle of a wait it was allowed (CI, 2026-12-07: the tree page's test had 60 s,
    the one wait's own time, and was cut off at load average 10+)."""
    from browser.conftest import BUSY_MACHINE_WAIT

    least = 2 * BUSY_MACHINE_WAIT / 1000
    modules = [p for p in sorted((ROOT / "tests").rglob("test_*.py")) if drives_chromium(ROOT, p.relative_to(ROOT).as_posix())]
    timeouts = {f"{p.relative_to(ROOT).as_posix()}::{name}": seconds
                for p in modules for name, seconds in browser_test_timeouts(p).items()}
    assert len(timeouts) > 50  # the marks are found at all
    short = {test: seconds for test, seconds in timeouts.items() if seconds < least}
    assert not short, f"browser tests with a timeout under {least:.0f} s: {short}"


def test_a_site_built_from_other_files_fails_saying_what_to_run(tmp_path: Path) -> None:
    from browser.conftest import built_site

    with pytest.raises(pytest.fail.Exception, match=r"`bash scripts/setup\.sh test` builds it"):
        built_site(tmp_path)  # never built
    (tmp_path / ".build-inputs").write_text("0" * 64 + "\n")
    with pytest.raises(pytest.fail.Exception, match="built from other files"):
        built_site(tmp_path)


def test_a_deployment_environment_not_built_fails_saying_what_to_run(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from deploy import environments

    monkeypatch.setattr(environments, "ROOT", tmp_path)
    with pytest.raises(environments.NotBuilt, match=r"`bash scripts/setup\.sh test` builds it"):
        environments.build_venv("never", [["install", "nothing"]])
    stamp = {"python": sys.version, "steps": [["install", "nothing"]], "reads": {}}
    (tmp_path / ".venv-never").mkdir()
    (tmp_path / ".venv-never" / ".stamp.json").write_text(json.dumps(stamp))
    (tmp_path / ".venv-never" / ".pip-output.txt").write_text("what pip said")
    assert environments.build_venv("never", [["install", "nothing"]]) == (tmp_path / ".venv-never", "what pip said")
    with pytest.raises(environments.NotBuilt):  # other steps than the ones it was built by
        environments.build_venv("never", [["install", "something else"]])


def test_the_hub_is_waited_for_until_its_health_answers_200_not_the_proxy_s_503(tmp_path: Path) -> None:
    """JupyterHub's proxy answers /hub/health with a 503 before the hub behind it is up; a hub taken
    as started then showed no login form (tests/deploy/test_hub.py timed out on a busy machine)."""
    from deploy.conftest import wait_for_http

    answers = [503, 503, 404, 200]
    asked: list[int] = []

    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(answers[min(len(asked), len(answers) - 1)])
            self.send_response(asked[-1])
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Health)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    log = tmp_path / "server.log"
    log.write_text("")
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/hub/health"
        wait_for_http(url, process, log, status=200)
        assert asked == [503, 503, 404, 200]
        asked.clear()
        wait_for_http(url, process, log)  # any answer
        assert asked == [503]
    finally:
        process.kill()
        process.wait()
        server.shutdown()
        server.server_close()
