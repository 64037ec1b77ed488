"""Shared test settings: Hypothesis profiles (CI is derandomized, so a run can be replayed), and how
``make test`` spreads the suite over pytest-xdist's workers (``-n N --dist loadscope``).

The workers share the machine's cores, so what needs a quick machine stays together: every module
that marks tests ``browser`` (Voila, the static site, Binder, JupyterHub, all driving Chromium) runs
on ONE worker in its usual order, as a plain ``pytest`` runs it; the slow-device pages
(tests/browser/test_slow_device.py: throttled, so mostly waiting) are dealt into
:data:`SLOW_DEVICE_GROUPS` groups, each on a worker of its own beside it; everything else is spread
over the other workers a module at a time (a notebook at a time for nbval, whose cells share one
kernel), so that a module's fixtures are built once. The browser groups are handed out first.

The groups are worked out from the test ids in pytest-xdist's controller (:class:`SuiteScheduling`),
not with ``xdist_group`` marks: ``--dist loadgroup`` of pytest-xdist 3.8 groups nothing under pytest
9.2 (pytest-dev/pytest-xdist#1386).
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

BROWSER = "browser"
SLOW_DEVICE_MODULE = "tests/browser/test_slow_device.py"
#: The slow-device pages run in this many groups, each on a worker of its own: a throttled page
#: waits most of its time, so they overlap the rest cheaply.
SLOW_DEVICE_GROUPS = 4


#: How much lower a worker of ``make test`` runs the Python-only tests (``os.nice``): the browser tests
#: beside them get the cores first, as if they ran alone, and the rest fills the time they wait.
PYTHON_ONLY_NICE = 5


@functools.cache
def drives_chromium(root: Path, path: str) -> bool:
    """Whether the test module at ``path`` (under ``root``) marks tests ``browser``."""
    return path.endswith(".py") and "mark.browser" in (root / path).read_text(encoding="utf-8")


def suite_groups(root: Path, nodeids: list[str]) -> dict[str, str]:
    """Each test id's group (see the module docstring). The slow-device pages are dealt by lesson in
    turn, so that a lesson's Voila page and its static site's page share a worker (which then asks
    Voila once how many widgets the lesson shows)."""
    groups = {}
    lessons: dict[str, int] = {}
    for nodeid in nodeids:
        path = nodeid.split("::", 1)[0]
        if path == SLOW_DEVICE_MODULE:
            lesson = lessons.setdefault(nodeid.rpartition("[")[2], len(lessons))
            groups[nodeid] = f"slow-device-{lesson % SLOW_DEVICE_GROUPS}"
        elif drives_chromium(root, path):
            groups[nodeid] = BROWSER
        else:
            groups[nodeid] = path  # a module, or a notebook for nbval
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
                browser = [s for s in self.workqueue if s == BROWSER or s.startswith("slow-device-")]
                for scope in sorted(browser, reverse=True):
                    self.workqueue.move_to_end(scope, last=False)
                self.ordered = True
            super()._assign_work_unit(node)

    config.option.loadscopereorder = False
    return SuiteScheduling(config, log)


_niced = False


def pytest_runtest_setup(item: pytest.Item) -> None:
    """On a worker of pytest-xdist, a Python-only test runs at a lower priority (:data:`PYTHON_ONLY_NICE`,
    for the rest of the worker's life: by then no browser group is left to hand out)."""
    global _niced
    if _niced or "PYTEST_XDIST_WORKER" not in os.environ:
        return
    root = item.config.rootpath
    if not drives_chromium(root, item.path.relative_to(root).as_posix()):
        os.nice(PYTHON_ONLY_NICE)
        _niced = True
