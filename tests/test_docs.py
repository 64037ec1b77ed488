"""The README and the documents say what is true (issue 36).

- Every local link of every Markdown file in the repository resolves: the file exists, and an
  ``#anchor`` into a Markdown file is one of its headings (GitHub's anchors) or an explicit
  ``<a id=...>``.
- Every Python example of the README and the documents (```` ```pycon ```` blocks) runs as a
  doctest, each file's examples in one namespace, and shows what it shows.
- Every shell command they show (```` ```bash ```` blocks and the README's ``make`` lines) is either
  run here (quick ones, and a server started, asked for its page, then stopped) or named in
  :data:`NOT_RUN` with the reason and the test that does run it instead. A command added to a
  document without either fails :func:`test_every_command_shown_is_run_or_says_why_not`.
- The README stays a page a newcomer reads in two minutes: at most 10,000 bytes, the two commands
  in its first 25 lines, the pictures it shows exist.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: The documents whose examples and commands are run (or say why not).
DOCUMENTS = ("README.md", "docs/engine.md", "docs/static-site.md", "docs/serving.md", "CONTRIBUTING.md")

FENCE = re.compile(r"^[ \t]*(```+|~~~+)[ \t]*([\w+-]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.M | re.S)
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
EXPLICIT_ANCHOR = re.compile(r"""<a\s+(?:name|id)=["']([^"']+)["']""")


def markdown_files() -> list[Path]:
    """The repository's own Markdown files (git's list, so no virtual environment or node_modules)."""
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "*.md"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return sorted({ROOT / line for line in out.splitlines() if (ROOT / line).is_file()})


def prose(text: str) -> str:
    """The Markdown without its fenced code and inline code (links there are not links)."""
    text = FENCE.sub("", text)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", text, flags=re.S)


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    heading = re.sub(r"`([^`]*)`", r"\1", heading)
    heading = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's words
    heading = re.sub(r"<[^>]+>", "", heading)
    heading = heading.strip().lower()
    heading = re.sub(r"[^\w\- ]", "", heading)
    return heading.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    found = set(EXPLICIT_ANCHOR.findall(text))
    for _, words in HEADING.findall(text):
        slug = github_anchor(words)
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def base_of(path: Path) -> Path:
    """Where a file's relative links start: its folder, but a lesson's source links from where its
    notebooks are built (``lessons/``, and ``lessons/de/`` with the same names)."""
    if path.parent.name == "source" and path.parent.parent.name == "lessons":
        return path.parent.parent
    return path.parent


def broken_links(path: Path) -> list[str]:
    problems = []
    for target in LINK.findall(prose(path.read_text(encoding="utf-8"))):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        resolved = (base_of(path) / file_part).resolve() if file_part else path
        where = f"{path.relative_to(ROOT)}: ({target})"
        if not resolved.exists():
            problems.append(f"{where}: no such file")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            problems.append(f"{where}: no heading or anchor #{anchor} in {resolved.relative_to(ROOT)}")
    return problems


def test_the_anchor_rule_is_githubs() -> None:
    assert github_anchor("For developers") == "for-developers"
    assert github_anchor("`bench_game.py`: hands per second (issue 3)") == "bench_gamepy-hands-per-second-issue-3"
    assert github_anchor("The kernel's memory snapshot") == "the-kernels-memory-snapshot"
    assert github_anchor("A ruleset or a house rule") == "a-ruleset-or-a-house-rule"


def test_the_link_check_finds_a_broken_link_and_a_broken_anchor(tmp_path: Path) -> None:
    (tmp_path / "b.md").write_text("# Here we are\n")
    page = tmp_path / "a.md"
    page.write_text("[ok](b.md#here-we-are) [gone](c.md) [no](b.md#there) `[code](x.md)`\n"
                    "```\n[fenced](y.md)\n```\n[web](https://example.org/x.md)\n")
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        assert broken_links(page) == ["a.md: (c.md): no such file", "a.md: (b.md#there): no heading or anchor #there in b.md"]
    finally:
        ROOT = old


def test_every_local_link_in_the_markdown_files_resolves() -> None:
    files = markdown_files()
    assert README in files and len(files) > 5
    problems = [p for path in files for p in broken_links(path)]
    assert problems == []


# --- the README's shape ---------------------------------------------------------------------------

def test_the_readme_is_a_page_with_the_two_commands_first() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) <= 10_000
    first = "\n".join(text.splitlines()[:25])
    assert re.search(r"^make app\b", first, re.M) and re.search(r"^make test\b", first, re.M)
    for heading in ("Try it", "For learners", "For teachers", "For developers"):
        assert re.search(rf"^## {heading}$", text, re.M), heading
    for ruleset in ("buraco", "brazilian", "italian", "burraco", "fechado"):
        assert f"`{ruleset}`" in text
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert len(pictures) >= 2 and all((ROOT / p).is_file() and p.startswith("docs/images/") for p in pictures)


# --- the Python examples --------------------------------------------------------------------------

def blocks(path: Path, *languages: str) -> list[str]:
    return [body for _, lang, body in FENCE.findall(path.read_text(encoding="utf-8")) if lang in languages]


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_python_example_runs_and_shows_what_it_shows(name: str) -> None:
    path = ROOT / name
    assert not blocks(path, "python", "py"), f"{name}: write Python examples as ```pycon (>>>), so they are run"
    examples = blocks(path, "pycon")
    if not examples:
        pytest.skip(f"{name} shows no Python example")
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(examples), {"__name__": "docs"}, name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        out: list[str] = []
        runner.run(test, out=out.append)
    finally:
        os.chdir(cwd)
    assert runner.failures == 0, "".join(out)
    assert runner.tries == len(test.examples) > 0


# --- the shell commands ---------------------------------------------------------------------------

#: Commands shown that the tests cannot run here, each with the reason and what runs it instead.
NOT_RUN: dict[str, str] = {
    "make test": "the whole suite (about 17 minutes): CI runs it (.ci/run); this test runs inside it",
    "make check": "the Python-only suite with lint and types (minutes), this test among them",
    "make bench": "every benchmark, minutes each; tests/test_benchmarks.py runs each script at a tiny size",
    "make site": "builds the site (minutes, downloads into .cache/site); bash scripts/setup.sh test builds _site/"
                 " the same way and tests/test_site_build.py checks it; the serving commands below are run here",
    "pip install .": "tests/test_install.py builds the wheel and installs it offline into a fresh virtual environment",
    "buraco-trainer": "tests/test_install.py starts it from that install and renders the landing page of both languages",
    "buraco-trainer --port 9000 --lang de": "tests/test_install.py (the German landing page too)",
    "CLASS_SIZE=30 LESSON=03 make app": "30 kernels, 2 GiB; tests/test_class_pool.py and tests/test_benchmarks.py"
                                        " (bench_class's tiny class) run the pool",
    ".venv/bin/python -m buraco_core check-puzzles lessons/puzzles --exhaustive":
        "the verdict audit takes about 10 minutes; tests/test_audit.py runs it",
    ".venv/bin/python scripts/lessons.py --execute": "writes the notebooks; tests/test_lesson_sources.py fails while"
                                                     " they are not current",
    ".venv/bin/python -m buraco_core.messages stamp de KEY": "writes de.sources.json; tests/test_translations.py",
    ".venv/bin/python -m pytest tests/browser -q": "the browser tests themselves (make test runs them)",
    '.venv/bin/python -m pytest -m "not browser" -q': "the Python-only tests themselves (make test runs them)",
    "bash scripts/busy_tests.sh": "make test three times (about an hour)",
    "git clone https://github.com/<owner>/<repo> /srv/buraco-trainer": "a placeholder address; tests/deploy/test_hub.py"
                                                                        " sets the hub up from this checkout",
    "bash /srv/buraco-trainer/scripts/hub_env.sh": "tests/deploy/test_hub.py (scripts/setup.sh test builds .venv-hub)",
    "/srv/buraco-trainer/.venv-hub/bin/jupyterhub -f /srv/buraco-trainer/scripts/jupyterhub_config.py":
        "tests/deploy/test_hub.py runs this hub on 127.0.0.1 with two learners",
}
#: Commands run by the tests (the test that runs each is named: in this module, or the servers, which
#: need what ``scripts/setup.sh test`` builds, in tests/browser/test_doc_servers.py).
SERVERS = "tests/browser/test_doc_servers.py"
RUN: dict[str, str] = {
    "make app": f"{SERVERS}::test_make_app_serves_the_landing_page",
    "PORT=9000 make app": f"{SERVERS}::test_make_app_serves_the_landing_page",
    "COURSE_LANGUAGE=de make app": f"{SERVERS}::test_make_app_serves_the_landing_page",
    "bash scripts/app.sh --Voila.ip=0.0.0.0": f"{SERVERS}::test_make_app_serves_the_landing_page",
    "python3 _site/serve.py": f"{SERVERS}::test_the_static_site_is_served_as_shown",
    "python3 -m http.server --directory _site": f"{SERVERS}::test_the_static_site_is_served_as_shown",
    ".venv/bin/python -m buraco_core simulate --rules italian --players 4 --seed 3 --bots greedy,random,greedy,random":
        "test_the_engines_command_line",
    ".venv/bin/python -m buraco_core check-puzzles lessons/puzzles/01_melds.yaml": "test_the_engines_command_line",
    ".venv/bin/python -m buraco_core check-puzzles lessons/puzzles": "test_the_engines_command_line",
    ".venv/bin/python -m buraco_core.messages check de": "test_the_engines_command_line",
}


def commands(path: Path) -> list[str]:
    """The commands a document's ```bash blocks show (comments and continuation lines joined)."""
    found = []
    for body in blocks(path, "bash", "sh", "shell", "console"):
        for line in re.sub(r"\\\n\s*", " ", body).splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line and not line.startswith("#"):
                found.append(line)
    return found


def shown_commands() -> dict[str, list[str]]:
    shown: dict[str, list[str]] = {}
    for name in DOCUMENTS:
        for command in commands(ROOT / name):
            shown.setdefault(command, []).append(name)
    return shown


def test_every_command_shown_is_run_or_says_why_not() -> None:
    shown = shown_commands()
    assert "make app" in shown and "make test" in shown
    unaccounted = {c: where for c, where in shown.items() if c not in RUN and c not in NOT_RUN}
    assert unaccounted == {}, "run these in this module, or say in NOT_RUN why they cannot run in a test"
    stale = sorted(c for c in (*RUN, *NOT_RUN) if c not in shown)
    assert stale == [], "no document shows these any more"
    for reason in NOT_RUN.values():  # a test named instead exists
        for test in re.findall(r"tests/[\w/]+\.py", reason):
            assert (ROOT / test).is_file(), test
    for test in RUN.values():
        module, _, name = test.rpartition("::")
        assert f"def {name}(" in (ROOT / module if module else Path(__file__)).read_text(encoding="utf-8"), test


def test_every_make_target_shown_exists_and_sets_up_first() -> None:
    """``make -n`` prints a target's recipe without running it: each target shown exists, and the
    two commands of the README set everything up before they do anything else."""
    targets = sorted({m.group(1) for c in shown_commands() for m in [re.search(r"(?:^|\s)make (\w[\w-]*)", c)] if m})
    assert {"app", "test", "check", "bench", "site"} <= set(targets)
    for target in targets:
        done = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, f"make {target}: {done.stderr}"
        if target in ("app", "test"):
            assert done.stdout.splitlines()[0].startswith("bash scripts/setup.sh "), done.stdout


@pytest.mark.timeout(300)
def test_the_engines_command_line() -> None:
    """docs/engine.md's and CONTRIBUTING.md's engine commands, exactly as shown."""
    def run(command: str) -> str:
        argv = command.split()
        done = subprocess.run([sys.executable, *argv[1:]], cwd=ROOT, capture_output=True, text=True, timeout=240)
        assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}{done.stderr[-2000:]}"
        return done.stdout

    import json

    simulate = [c for c in RUN if " simulate " in c]
    assert len(simulate) == 1
    hands = [json.loads(line) for line in run(simulate[0]).splitlines() if line.strip()]
    assert hands and all("wilds" in hand for hand in hands)
    for command in RUN:
        if "check-puzzles" in command or "messages check" in command:
            run(command)
