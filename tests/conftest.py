"""Shared test settings: Hypothesis profiles (CI is derandomized, so a run can be replayed), and how
``make test`` spreads the suite over pytest-xdist's workers (``-n N --dist loadscope``).

The workers share the machine's two cores, so what needs a quick machine stays together: every
module that marks tests ``browser`` (Voila, the static site, Binder, JupyterHub, all driving
Chromium) is in one of three groups, each run on one worker in its usual order, as a plain ``pytest``
runs it: the static site's (:data:`SITE_MODULES`), the benchmarks' with some of the Voila pages'
(:data:`BENCH_MODULES`), and all the others, each about a third of their time; everything else is spread over the other workers a module at a time (a notebook at a
time for nbval, whose cells share one kernel), so that a module's fixtures are built once, at a lower
priority (:data:`PYTHON_ONLY_NICE`). The browser groups are handed out first: they are the longest.

The groups are worked out from the test ids in pytest-xdist's controller (:class:`SuiteScheduling`),
not with ``xdist_group`` marks: ``--dist loadgroup`` of pytest-xdist 3.8 groups nothing under pytest
9.2 (pytest-dev/pytest-xdist#1386; tests/test_suite_setup.py).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=200,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# The suite runs under make (make check, make test): a make that a test starts (make -n app) would
# inherit MAKELEVEL and print "Entering directory" around its recipe, so the suite's makes start afresh.
for _inherited in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS"):
    os.environ.pop(_inherited, None)

BROWSER = "browser"
#: The static site's browser tests: a group of their own, on a worker beside the other browser groups.
SITE = "browser-site"
SITE_MODULES = ("tests/browser/test_site.py", "tests/browser/test_site_teacher.py",
                "tests/browser/test_site_http.py")
#: The benchmarks' tests (bench_site, bench_class with Voila and Chromium) and the browser modules
#: that are neither a lesson's page nor the static site's: a third group, so that the three take
#: about as long. With two groups (four workers) each took about 1,040 s of a 1,069 s run on a quiet
#: 2-core machine that was busy only about half the time (the browser tests wait more than they
#: compute); with three (five workers): 790 to 975 s each, the run 1,003 s quiet, 1,046 s beside two
#: busy loops (scripts/busy_tests.sh).
BENCH = "browser-bench"
BENCH_MODULES = ("tests/test_benchmarks.py", "tests/browser/test_mastery.py", "tests/browser/test_teacher.py",
                 "tests/deploy/test_hub.py", "tests/deploy/test_binder.py", "tests/browser/test_house.py",
                 "tests/browser/test_culling.py", "tests/browser/test_landing_progress.py",
                 "tests/browser/test_busy_kernel.py")
#: Python-only modules whose tests are each a unit of their own (no module fixture to share; one of them
#: alone would otherwise be the longest unit of the run: the exhaustive audit, about 12 minutes as one).
SPLIT_MODULES = ("tests/test_audit.py",)

#: The exhaustive verdict audit's green runs (tests/test_audit.py: every lesson puzzle, generated puzzles of
#: every kind under every ruleset, the syllabus's quizzes; about 10 minutes of the Python-only tests): marked
#: ``exhaustive`` here, so that ``make check`` leaves them to ``make test``. The audit's red tests (each
#: class of defect caught on a broken puzzle) stay in ``make check``: its quick form.
EXHAUSTIVE = ("tests/test_audit.py::test_the_lessons_puzzles_pass_the_exhaustive_audit",
              "tests/test_audit.py::test_generated_puzzles_of_every_kind_and_ruleset_pass_the_audit",
              "tests/test_audit.py::test_the_syllabus_quizzes_pass_the_audit_and_ask_only_what_their_lesson_taught",
              "tests/test_audit.py::test_check_puzzles_exhaustive_prints_the_totals")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests of :data:`EXHAUSTIVE` marked ``exhaustive``."""
    for item in items:
        if item.nodeid.split("[", 1)[0] in EXHAUSTIVE:
            item.add_marker(pytest.mark.exhaustive)


#: How much lower a worker of ``make test`` runs the Python-only tests (``os.nice``): the browser tests
#: beside them get the cores first, as if they ran alone, and the rest fills the time they wait.
PYTHON_ONLY_NICE = 5


@functools.cache
def drives_chromium(root: Path, path: str) -> bool:
    """Whether the test module at ``path`` (under ``root``) marks tests ``browser``."""
    return path.endswith(".py") and "mark.browser" in (root / path).read_text(encoding="utf-8")


def suite_groups(root: Path, nodeids: list[str]) -> dict[str, str]:
    """Each test id's group (see the module docstring): :data:`SITE`, :data:`BENCH`, :data:`BROWSER`, its
    module (its notebook), or in :data:`SPLIT_MODULES` the test alone."""
    groups = {}
    for nodeid in nodeids:
        path = nodeid.split("::", 1)[0]
        if path in SITE_MODULES:
            groups[nodeid] = SITE
        elif path in BENCH_MODULES:
            groups[nodeid] = BENCH
        elif drives_chromium(root, path):
            groups[nodeid] = BROWSER
        else:
            groups[nodeid] = nodeid if path in SPLIT_MODULES else path
    return groups


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``--dist loadscope``: :class:`SuiteScheduling` (None: pytest-xdist's own)."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SuiteScheduling(LoadScopeScheduling):  # type: ignore[misc]
        """pytest-xdist's loadscope with :func:`suite_groups` as the scopes, the browser groups
        handed out first, then the rest in the order of collection."""

        def __init__(self, config: pytest.Config, log: Any) -> None:
            super().__init__(config, log)
            self.groups: dict[str, str] = {}
            self.ordered = False

        def _split_scope(self, nodeid: str) -> str:
            if not self.groups:  # every worker collected the same ids (pytest-xdist checks)
                self.groups = suite_groups(self.config.rootpath,
                                           list(next(iter(self.registered_collections.values()))))
            return self.groups.get(nodeid) or nodeid.rsplit("::", 1)[0]

        def _assign_work_unit(self, node: Any) -> None:
            if not self.ordered:
                for scope in (BENCH, SITE, BROWSER):  # BROWSER first, then SITE, then BENCH
                    if scope in self.workqueue:
                        self.workqueue.move_to_end(scope, last=False)
                self.ordered = True
            super()._assign_work_unit(node)

    config.option.loadscopereorder = False
    return SuiteScheduling(config, log)


_niced = False


def pytest_runtest_setup(item: pytest.Item) -> None:
    """On a worker of pytest-xdist, a Python-only test runs at a lower priority (:data:`PYTHON_ONLY_NICE`,
    for the rest of the worker's life: by then the browser groups are handed out)."""
    global _niced
    if _niced or "PYTEST_XDIST_WORKER" not in os.environ:
        return
    root = item.config.rootpath
    if not drives_chromium(root, item.path.relative_to(root).as_posix()):
        os.nice(PYTHON_ONLY_NICE)
        _niced = True
