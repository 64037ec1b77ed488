"""Assignments by link (buraco_core.teach.learners.assignment): one text per assignment, the same seeded
questions every time and in every process, a teacher's own puzzle file inside the link, and a
sentence for every text that is not an assignment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from buraco_core.teach.learners.assignment import MAX_QUESTIONS, Assignment, AssignmentError, parse_assignment

ROOT = Path(__file__).resolve().parent.parent
SYLLABUS = ROOT / "lessons" / "syllabus.yaml"
OWN = """title: Week 3
rules: buraco
puzzles:
  - id: three-hearts
    kind: make-meld
    hand: 4h 5h 6h 9c Kd
    goal: {meld_kind: run}
    clauses: [run]
    mistakes: [4h 5h 9c]
    prompt: Our run of hearts.
"""
BROKEN = OWN.replace("hand: 4h 5h 6h 9c Kd", "hand: 4h 5h Zz")


def test_an_assignment_is_one_text_and_reads_back() -> None:
    a = Assignment(rules="italian", n=4, seed=7, clauses=("run", "single-take"), name="Week 3 / rules")
    text = a.text()
    assert text == "name:Week%203%20%2F%20rules/rules:italian/clauses:run,single-take/n:4/seed:7"
    assert parse_assignment(text) == a and parse_assignment(text).id == a.id and len(a.id) == 10
    assert parse_assignment(f"http://host/voila/render/lessons/10_review.ipynb#set={text}") == a
    assert parse_assignment(f"#other=1&set={text}") == a
    # a set from the referee's practice link says so, last; a teacher's has no origin
    table = Assignment(rules="buraco", n=3, clauses=("wild-one",), name="From your table", origin="table")
    assert table.text().endswith("/origin:table") and parse_assignment(table.text()) == table
    assert a.origin == "" and "origin" not in text


def test_the_same_questions_every_time_and_in_another_process() -> None:
    text = "rules:burraco/clauses:run,set,wild-one/n:6/seed:11"
    ids = [d.puzzle.id for d in parse_assignment(text).questions()]
    assert ids == [d.puzzle.id for d in parse_assignment(text).questions()] and len(ids) == 6
    assert [d.puzzle.main_clause for d in parse_assignment(text).questions()] == ["run", "set", "wild-one"] * 2
    code = ("from buraco_core.teach.learners.assignment import parse_assignment\n"
            f"print(' '.join(d.puzzle.id for d in parse_assignment({text!r}).questions()))")
    other = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert other.stdout.split() == ids


def test_a_lesson_quiz_and_a_house_variant() -> None:
    quiz = parse_assignment("rules:italian/lesson:04/n:3/seed:2", SYLLABUS)
    assert len(quiz.questions(SYLLABUS)) == 3
    house = parse_assignment("rules:buraco+target=1505/clauses:run/n:2")
    assert house.rules == "buraco+target=1505" and {d.puzzle.rules for d in house.questions()} <= {"buraco+target=1505",
                                                                                                    "buraco"}


def test_a_teachers_own_puzzle_file_travels_inside_the_link() -> None:
    a = parse_assignment(Assignment(rules="buraco", n=2, seed=3, clauses=("set",), file="week3.yaml", yaml=OWN).text())
    questions = a.questions()
    assert questions[0].puzzle.id == "three-hearts" and len(questions) == 3
    assert str(questions[0].puzzle.prompt) == "Our run of hearts."
    only = parse_assignment(Assignment(file="week3.yaml", yaml=OWN).text())
    assert [d.puzzle.id for d in only.questions()] == ["three-hearts"] and "n:" not in only.text()


def test_a_broken_puzzle_file_is_reported_with_its_file_and_line() -> None:
    with pytest.raises(AssignmentError) as error:
        parse_assignment(Assignment(file="week3.yaml", yaml=BROKEN).text())
    assert error.value.message.key == "assign.file-problems" and "week3.yaml:6: " in str(error.value)


@pytest.mark.parametrize(("text", "key"), [
    ("rules:buraco/clauses:run/colour:red", "assign.unknown-part"),
    ("rules:buraco/clauses:run/origin:shop", "assign.unknown-part"),
    ("rules:poker/clauses:run", "assign.bad-rules"),
    ("rules:buraco/clauses:nonsense", "assign.unknown-clause"),
    ("rules:buraco/clauses:single-take", "assign.clause-not-dealt"),   # Classic Buraco has no single take
    ("rules:buraco/clauses:run/n:0", "assign.bad-number"),
    (f"rules:buraco/clauses:run/n:{MAX_QUESTIONS + 1}", "assign.bad-number"),
    ("rules:buraco/clauses:run/n:many", "assign.bad-number"),
    ("rules:buraco/clauses:run/lesson:03", "assign.lesson-or-rules"),
    ("rules:buraco", "assign.no-questions"),
    ("rules:buraco/lesson:42", "assign.unknown-lesson"),
    ("rules:buraco/file:x.yaml/yaml:!!notbase64", "assign.file-damaged"),
])
def test_a_text_that_is_no_assignment_says_why(text: str, key: str) -> None:
    with pytest.raises(AssignmentError) as error:
        parse_assignment(text, SYLLABUS)
    assert error.value.message.key == key
    assert error.value.explain("de") and error.value.explain("de") != error.value.explain("en")


# ---------------------------------------------------------------- the link a learner can open (buraco_core.teach.learners.links)
HUB_ENV = {"JUPYTERHUB_SERVICE_PREFIX": "/user/mrs-smith/", "JUPYTERHUB_BASE_URL": "/", "JUPYTERHUB_USER": "mrs-smith"}
BINDER_ENV = {**HUB_ENV, "JUPYTERHUB_SERVICE_PREFIX": "/user/school-buraco-abc123/",
              "BINDER_LAUNCH_HOST": "https://mybinder.org/", "BINDER_REQUEST": "v2/gh/school/buraco/main",
              "BINDER_PERSISTENT_REQUEST": "v2/gh/school/buraco/0123abcd",
              "BINDER_REPO_URL": "https://github.com/school/buraco"}
NAMED = Assignment(rules="italian", n=4, seed=7, clauses=("run", "single-take"), name="Week 3 / rules + more",
                   file="week3.yaml", yaml=OWN)


def test_on_a_hub_the_link_goes_through_user_redirect_and_survives_the_hubs_redirects() -> None:
    from urllib.parse import parse_qsl, urlencode, urlsplit

    from buraco_core.teach.learners.links import assignment_link

    link = assignment_link(NAMED.text(), "https://hub.school.org/user/mrs-smith/voila/render/lessons/de/teacher.ipynb",
                           HUB_ENV)
    assert link.form == "hub" and link.warning is None
    assert link.url.startswith("https://hub.school.org/hub/user-redirect/voila/render/lessons/de/10_review.ipynb?set=")
    assert "mrs-smith" not in link.url                      # never the teacher's own server (403 for a learner)
    assert "/hub/user-redirect/" in link.note.text("en") and "/user/mrs-smith/" in link.note.text("de")
    # JupyterHub's UserRedirectHandler: url_concat(user_url, parse_qsl(query)), i.e. decoded and encoded again
    query = urlencode(parse_qsl(urlsplit(link.url).query))
    landed = f"https://hub.school.org/user/tom/voila/render/lessons/de/10_review.ipynb?{query}"
    assert parse_assignment(landed) == NAMED and parse_assignment(link.url) == NAMED
    # a hub under a prefix
    env = {"JUPYTERHUB_SERVICE_PREFIX": "/jupyter/user/mrs-smith/", "JUPYTERHUB_BASE_URL": "/jupyter/"}
    link = assignment_link("rules:buraco/clauses:run", "http://hub/jupyter/user/mrs-smith/voila/render/lessons/teacher.ipynb",
                           env)
    assert link.url == ("http://hub/jupyter/hub/user-redirect/voila/render/lessons/10_review.ipynb"
                        "?set=rules%3Aburaco%2Fclauses%3Arun")


def test_on_binder_the_link_launches_a_session_of_the_same_commit_that_opens_the_set() -> None:
    from urllib.parse import parse_qs, urljoin, urlsplit

    from buraco_core.teach.learners.links import assignment_link

    page = "https://hub.2i2c.mybinder.org/user/school-buraco-abc123/voila/render/lessons/teacher.ipynb?token=secret"
    link = assignment_link(NAMED.text(), page, BINDER_ENV)
    assert link.form == "binder" and link.warning is None
    assert link.url.startswith("https://mybinder.org/v2/gh/school/buraco/0123abcd?urlpath=voila/render/lessons/"
                               "10_review.ipynb%23set%3D")
    assert "secret" not in link.url and "school-buraco-abc123" not in link.url
    # BinderHub's LaunchSpec: new URL(urlpath, serverUrl), the token appended to the query
    urlpath = parse_qs(urlsplit(link.url).query)["urlpath"][0]
    opened = urljoin("https://hub.gesis.mybinder.org/user/school-buraco-xyz/", urlpath)
    before, _, fragment = opened.partition("#")
    opened = f"{before}?token=t#{fragment}"
    assert opened.startswith("https://hub.gesis.mybinder.org/user/school-buraco-xyz/voila/render/lessons/10_review.ipynb")
    assert parse_assignment(opened) == NAMED and parse_assignment(link.url) == NAMED
    assert "0123abcd" in link.note.text("en")
    # without the persistent request, the request as launched
    env = {k: v for k, v in BINDER_ENV.items() if k != "BINDER_PERSISTENT_REQUEST"}
    assert assignment_link("rules:buraco/n:2", page, env).url.startswith("https://mybinder.org/v2/gh/school/buraco/main?")


@pytest.mark.parametrize("page", ["http://localhost:8866/voila/render/lessons/teacher.ipynb",
                                  "http://127.0.0.1:8000/buraco/lessons/teacher.html",
                                  "http://[::1]:8866/voila/render/lessons/teacher.ipynb",
                                  "http://0.0.0.0:8000/lessons/teacher.html"])
def test_a_page_at_localhost_makes_the_link_and_says_learners_cannot_open_it(page: str) -> None:
    from buraco_core.teach.learners.links import assignment_link

    link = assignment_link("rules:buraco/clauses:run", page, {})
    assert link.warning is not None and link.warning.key == "assign.link.local"
    assert "make the link again" in link.warning.text("en") and "Sie" in link.warning.text("de")
    assert parse_assignment(link.url).rules == "buraco"


def test_the_static_site_and_a_plain_server_link_beside_the_page() -> None:
    from buraco_core.teach.learners.links import assignment_link

    site = assignment_link("rules:buraco/clauses:run", "http://school.example/buraco/lessons/de/teacher.html#x", {})
    assert (site.form, site.url, site.warning) == ("static", "http://school.example/buraco/lessons/de/10_review.html"
                                                   "#set=rules:buraco/clauses:run", None)
    server = assignment_link("rules:buraco/clauses:run", "http://club-pc:8866/voila/render/lessons/teacher.ipynb?x=1", {})
    assert (server.form, server.url) == ("server", "http://club-pc:8866/voila/render/lessons/10_review.ipynb"
                                         "#set=rules:buraco/clauses:run")
    assert "http://club-pc:8866" in server.note.text("de")
    # the static site never takes the hub's or Binder's form (a hub's variables do not reach the browser's Python)
    assert assignment_link("rules:buraco/n:1", "https://x.org/lessons/teacher.html", BINDER_ENV).form == "static"
    with pytest.raises(ValueError):
        assignment_link("rules:buraco/n:1", "file:///home/t/_site/lessons/teacher.html", {})


def test_a_number_out_of_range_is_named_as_the_teachers_form_names_it() -> None:
    with pytest.raises(AssignmentError) as refused:
        parse_assignment(f"rules:buraco/clauses:run/n:{MAX_QUESTIONS + 1}")
    assert refused.value.explain("en") == "The assignment's number of questions must be a whole number from 1 to 30."
    assert refused.value.explain("de") == "Die Zahl der Fragen des Übungsblatts muss eine ganze Zahl von 1 bis 30 sein."
    with pytest.raises(AssignmentError) as refused:
        parse_assignment("rules:buraco/clauses:run/seed:x")
    assert refused.value.explain("en").startswith("The assignment's seed must be")
