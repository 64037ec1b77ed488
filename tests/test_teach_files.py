"""The teaching layer, continued (tests/test_teach.py): puzzle files, explaining in a lesson, and the
coverage of the rulebook that check-puzzles proves."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from teach_helpers import only_messages, puzzle

from buraco_core import CLAUSES, make_meld
from buraco_core.teach import (
    PuzzleError,
    check,
    check_folder,
    explain_meld,
    explain_play,
    hint,
    load_puzzle,
    load_puzzles,
)
from buraco_core.teach.cli import main

ROOT = Path(__file__).resolve().parent.parent
LESSON_PUZZLES = ROOT / "lessons" / "puzzles"
SYLLABUS = ROOT / "lessons" / "syllabus.yaml"


# ---- puzzle files


def write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


GOOD = """
# a comment
rules: buraco
puzzles:
  - id: clean
    kind: make-buraco
    hand: 4h 5h 6h 7h 8h 9h 10h Kc
    goal: {buraco: clean}
    clauses: [buraco-clean, buraco]
    mistakes:
      - 4h 5h 6h 7h 8h 9h
    answer: 4h 5h 6h 7h 8h 9h 10h
  - id: which
    kind: which-is-meld
    options:
      - 4h 5h 7h
      - Qs Ks As
"""


def test_load_a_good_file(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    puzzles = load_puzzles(path)
    assert [p.id for p in puzzles] == ["clean", "which"]
    assert puzzles[0].source == (str(path), 4)
    assert str(puzzles[0].prompt) == "Select cards that make a clean buraco."  # the kind's own prompt
    assert puzzles[0].clauses == ("buraco-clean", "buraco") and puzzles[0].mistakes == ("4h 5h 6h 7h 8h 9h",)
    assert check(puzzles[1], 1).correct
    assert load_puzzle(path, "which") == puzzles[1]
    with pytest.raises(KeyError, match="its puzzles are clean, which"):
        load_puzzle(path, "nope")


def test_a_teachers_own_words_are_kept(tmp_path: Path) -> None:
    path = write(tmp_path, "puzzles:\n  - id: a\n    kind: make-meld\n    prompt: Mach eine Folge.\n"
                           "    hint: Schau auf die Herzen.\n    hand: 4h 5h 6h\n")
    p = load_puzzles(path)[0]
    assert str(p.prompt) == "Mach eine Folge." and str(hint(p, 2)) == "Schau auf die Herzen."


@pytest.mark.parametrize("text, line, says", [
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6x\n", 4, "'6x' is not a card"),
    ("puzzles:\n  - id: a\n    kind: dance\n", 3, "unknown kind 'dance'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    rules: poker\n    hand: 4h 5h 6h\n", 4, "no ruleset called 'poker'"),
    ("puzzles:\n  - id: a\n    kind: make-buraco\n    hand: 4h 5h 6h 7h 8h 9h Kc 2s\n    goal: {buraco: clean}\n",
     2, "impossible"),
    ("puzzles:\n  - id: a\n    kind: which-is-meld\n    options:\n      - 4h 5h 7h\n      - 4h 4h\n", 2, "no option"),
    ("puzzles:\n  - id: a\n    kind: which-is-meld\n    options:\n      - 4h 5h 6h\n      - 7s 8s 9s\n", 5,
     "options 1, 2 are all right"),
    ("puzzles:\n  - id: a\n    kind: score\n    table: [4h 5h 6h]\n    goal: {took_pot: true}\n    answer: 30\n",
     6, "given answer 30 is wrong"),
    ("puzzles:\n  - id: a\n    kind: meld-value\n    table:\n      - 4h 5h 6h\n      - 7s 8s 10s\n", 6, "table meld 2 (7s 8s 10s) is not a meld"),
    ("puzzles:\n  - id: a\n    kind: meld-value\n    table:\n      - 4h 5h 6h\n      - 7s 8q 10s\n", 6, "'8q'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n    colour: red\n", 5, "unknown key 'colour'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: [4h, 5h\n", 4, "not valid YAML"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n",
     5, "used twice"),
    ("puzzles:\n  - kind: make-meld\n", 2, "no id"),
    ("lessons: 3\n", 1, "unknown top-level key"),
    ("puzzles:\n  - id: a\n    kind: legal-play\n    position: |\n      description: x\n      hand 0: 4h 5x\n"
     "    goal: {play: draw}\n", 6, "'5x' is not a card"),
    ("puzzles:\n  - id: a\n    kind: legal-play\n    position: |\n      description: x\n      phase: draw\n"
     "    goal: {play: dance}\n", 2, "cannot be read"),
    ("puzzles:\n  - id: a\n    kind: match\n    position: |\n      description: x\n      phase: play\n"
     "      hand 0: 4h 5h\n    goal: {play: discard 4h}\n", 2, "does not end the hand"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n    clauses:\n      - run\n      - runs\n",
     7, "no clause 'runs'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n    clauses: [single-take]\n", 5,
     "does not apply in buraco"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h 9c\n    clauses: [run]\n    mistakes:\n"
     "      - 4h 5h 6h\n", 7, "mistake '4h 5h 6h' is right"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 7h 9c 9d 9s\n    clauses: [set]\n    mistakes:\n"
     "      - 4h 5h 7h\n", 7, "naming 'run'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h 9c\n    clauses: [set]\n", 2,
     "gets feedback naming 'run'"),
    ("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h\n    goal: {colour: red}\n", 5, "goal key 'colour'"),
])
def test_bad_files_report_file_and_line(tmp_path: Path, text: str, line: int, says: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(PuzzleError) as info:
        load_puzzles(path)
    assert info.value.file == str(path)
    assert info.value.line == line, str(info.value)
    assert says in info.value.message
    assert str(info.value).startswith(f"{path}:{line}: ")


def test_check_folder_and_main(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, GOOD, "a.yaml")
    assert check_folder(tmp_path) == []
    assert main([str(tmp_path)]) == 0
    assert "2 puzzles in 1 file(s)" in capsys.readouterr().out
    write(tmp_path, "puzzles:\n  - id: a\n    kind: dance\n", "b.yaml")
    problems = check_folder(tmp_path)
    assert len(problems) == 1 and problems[0].line == 3
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'b.yaml'}:3: unknown kind" in out
    assert main([str(tmp_path / "missing")]) == 1


def test_the_lesson_puzzle_folder_is_clean() -> None:
    problems = check_folder(LESSON_PUZZLES)
    assert problems == [], "\n".join(map(str, problems))
    files = sorted(LESSON_PUZZLES.glob("*.yaml"))
    assert len(files) >= 9
    for f in files:
        puzzles = load_puzzles(f)
        assert len(puzzles) >= 3, f
        for p in puzzles:
            assert p.clauses, f"{f.name}: {p.id} names no clause"
            assert p.mistakes or p.kind == "extend", f"{f.name}: {p.id} names no tempting mistake"


def test_every_wrong_answer_in_the_lessons_names_its_clause() -> None:
    for f in sorted(LESSON_PUZZLES.glob("*.yaml")):
        for p in load_puzzles(f):
            for mistake in p.mistakes:
                fb = check(p, mistake)
                assert fb.answered and not fb.correct and fb.rule in p.clauses, (p.id, mistake, str(fb))
                only_messages(fb)


# ---- explaining in a lesson


def test_explain_meld_and_explain_play_are_messages() -> None:
    assert str(explain_meld("Qs Ks As")) == "a meld: run Q♠-A♠: 35 points"
    assert str(explain_meld("Kc Ac 3c")).startswith("not a meld: a run never turns the corner")
    assert str(explain_meld("4x")).startswith("not a meld: '4x' is not a card")
    from buraco_core import Game

    game = Game("buraco", players=4, seed=7)
    assert str(explain_play(game, "draw")) == "Allowed: at the start of your turn you draw one card from the stock."
    assert str(explain_play(game, "discard JK")).startswith("Refused: first draw")
    assert game.history == []  # asking changes nothing


def test_a_question_asked_of_the_game_is_said_as_sentences_of_the_page_naming_the_play() -> None:
    """Not a program's printed output (monospace that breaks "the s / tock" on a phone): a paragraph
    per question, in the page's own type, the question asked in words and then the verdict."""
    from buraco_core import Game
    from buraco_core.teach import asked_meld, asked_play, said

    game = Game("buraco", players=4, seed=7)
    shown = said(asked_play(game, "discard JK"), asked_play(game, "draw"), lang="en")
    assert str(shown).splitlines() == [
        "May you discard the JK now? Refused: first draw: take a card from the stock or take the discard pile.",
        "May you draw a card from the stock now? Allowed: at the start of your turn you draw one card from the stock."]
    page = shown._repr_html_()
    assert "<pre" not in page and page.count("<p>") == 2 and "font: inherit" in page
    assert "<strong>May you discard the JK now?</strong> Refused: first draw" in page
    assert str(said(asked_play(game, "draw"), lang="de")).startswith("Darfst du jetzt vom Stapel ziehen? Erlaubt:")
    assert str(said(asked_meld("Kc Ac 3c"))).startswith("Is K♣ A♣ 3♣ a meld in Classic Buraco? Not a meld: a run")
    assert str(said(asked_meld("7s 7h 7h", "brazilian"))).startswith("Is 7♠ 7♥ 7♥ a meld in Brazilian Buraco?")
    assert "'4x' is not a card" in str(said(asked_meld("4h 4x")))   # bad cards: said, never raised
    assert game.history == []


def test_no_lesson_prints_a_verdict() -> None:
    lessons = Path(__file__).resolve().parent.parent / "lessons" / "source"
    for source in lessons.glob("*.md"):
        text = source.read_text(encoding="utf-8")
        assert "print(explain_" not in text, source.name


def test_typed_goals_read_as_mappings_and_refuse_unknown_keys() -> None:
    p = puzzle("extend", table=("4h 5h 6h",), hand=("7h",), goal={"meld": 0, "buraco": "any"})
    assert type(p.goal).__name__ == "ExtendGoal" and p.goal["meld"] == 0 and dict(p.goal) == {"meld": 0, "buraco": "any"}
    with pytest.raises(ValueError, match="goal key 'colour'"):
        puzzle("extend", goal={"colour": "red"})
    with pytest.raises(ValueError, match="no clause 'runs'"):
        puzzle("make-meld", clauses=("runs",))


def test_make_meld_accepts_a_meld_made_elsewhere() -> None:
    assert make_meld("4h 5h 6h", "buraco").points == 15


# ---- coverage of the rulebook


def test_check_puzzles_proves_the_lessons_cover_every_clause(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 9: the coverage report is green for all 49 clauses, in every ruleset where they differ."""
    assert main([str(LESSON_PUZZLES)]) == 0
    out = capsys.readouterr().out
    assert "coverage: 49 of 49 clauses covered (75 of 75 readings)" in out
    assert "[pot-guard] no going out before a buraco" in out and "05_pot.ipynb#clause-pot-guard" in out
    from buraco_core.teach.course import Course
    from buraco_core.teach.course.coverage import coverage, reads_as

    report = coverage(Course.scan(LESSON_PUZZLES.parent))
    assert report.ok and {r.clause for r in report.readings} == set(CLAUSES)
    for reading in report.readings:
        assert len(reading.puzzles) >= 2 and reading.mistakes and reading.sections
        for shown in reading.puzzles:
            assert reading.clause in shown.puzzle.clauses and reads_as(reading.clause, shown.puzzle.rules,
                                                                       reading.rulesets)


def test_check_puzzles_fails_while_a_clause_lacks_a_section_puzzles_or_a_mistake(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json
    import shutil

    course = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", course, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    notebook = course / "05_pot.ipynb"
    data = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in data["cells"]:
        cell["source"] = [line.replace('<a id="clause-pot-guard"></a>', "") for line in cell["source"]]
        cell["source"] = [line.replace('"pot-guard-discard", ', "") for line in cell["source"]]
    notebook.write_text(json.dumps(data), encoding="utf-8")
    assert main([str(course / "puzzles"), "--summary"]) == 1
    out = capsys.readouterr().out
    assert "MISSING [pot-guard] buraco: a teaching section" in out
    assert "MISSING [pot-guard] buraco: 2 puzzles shown in a lesson (has 1)" in out
    assert "48 of 49 clauses covered" in out


def test_yaml_is_read_quickly_and_its_errors_in_pyyamls_words() -> None:
    """Puzzle files and the syllabus are read by libyaml where PyYAML has it (a lesson's kernel reads
    both before its first answer); unreadable text is read again by PyYAML's own parser, so a problem
    quotes its words and line whichever parser read the file."""
    import yaml

    from buraco_core.teach.course.files import yaml_root

    loader, root = yaml_root("puzzles:\n  - id: a\n")
    assert isinstance(loader, getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert root is not None and root.value[0][1].value[0].start_mark.line == 1
    broken = "puzzles:\n  - id: a\n    hand: [4h, 5h\n"
    with pytest.raises(yaml.MarkedYAMLError) as quick:
        yaml_root(broken)
    with pytest.raises(yaml.MarkedYAMLError) as pure:
        yaml.SafeLoader(broken).get_single_node()
    assert str(quick.value) == str(pure.value)


def test_puzzle_files_are_read_where_pyyaml_has_no_libyaml() -> None:
    """Pyodide's PyYAML, in the static site, has no libyaml: ``yaml.CSafeLoader`` is missing there, and
    the course still imports and reads its files with PyYAML's own loader (a fresh interpreter, since
    the loader is chosen when the module is imported)."""
    script = (
        "import yaml\n"
        "del yaml.CSafeLoader\n"
        "from buraco_core.teach.course.files import load_file, yaml_root\n"
        "loader, root = yaml_root('puzzles:\\n  - id: a\\n')\n"
        "assert type(loader) is yaml.SafeLoader, type(loader)\n"
        "puzzles, problems = load_file(sys.argv[1], play_out=False)\n"
        "assert puzzles and not problems, problems\n"
        "print(len(puzzles))\n"
    )
    path = ROOT / "lessons" / "puzzles" / "01_melds.yaml"
    done = subprocess.run([sys.executable, "-c", "import sys\n" + script, str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0


def test_a_courses_own_file_is_read_without_playing_its_positions_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """A best-play puzzle's answer is found by playing the position out (about 0.1 s a puzzle): a kernel
    reading the course's own file (checked whole by check-puzzles and these tests) leaves that to the
    first check, so mixed practice, which reads every file, answers at once; check-puzzles plays out."""
    from buraco_core.teach.course.files import PuzzleFile, load_file
    from buraco_core.teach.puzzles.kinds import best_play

    played: list[str] = []
    real = best_play.values
    monkeypatch.setattr(best_play, "values", lambda p: played.append(p.id) or real(p))
    path = Path(__file__).resolve().parent.parent / "lessons" / "puzzles" / "09_strategy.yaml"
    read = PuzzleFile(path).puzzles
    assert played == [] and any(p.kind == "best-play" for p in read)
    checked, problems = load_file(str(path))
    assert problems == [] and played and [p.id for p in checked] == [p.id for p in read]
