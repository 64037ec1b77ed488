"""Deployment tests: the lessons as a teacher runs them, on Binder and on a JupyterHub.

Each test runs in the environment the real thing builds, from PyPI (and npm for JupyterHub's
proxy), in a virtual environment of its own under the repository (``.venv-binder``, ``.venv-hub``,
ignored by git). ``bash scripts/setup.sh test`` builds them before the tests start
(tests/deploy/environments.py; a current one is not built again); the fixtures only check them
(:func:`ready`), so no download or build runs inside a test's timeout.

The servers run on 127.0.0.1 only; their logs go to test-artifacts/.
"""

from __future__ import annotations

import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from browser.conftest import ARTIFACTS, ROOT, PageWatch, browser, widget_outputs  # noqa: F401  (browser: the fixture)

from .environments import NotBuilt

T = TypeVar("T")


def ready(environment: Callable[[], T]) -> T:
    """The environment (``environments.binder_venv`` or ``hub_venv``), or the test fails saying how to
    build it."""
    try:
        return environment()
    except NotBuilt as e:
        pytest.fail(str(e), pytrace=False)


def copy_repository(target: Path) -> Path:
    """The repository's files (tracked, and new ones git does not ignore) copied to ``target``, as
    repo2docker copies a repository into the image."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = ROOT / rel
        if src.is_file():
            dst = target / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    return target


def wait_for_http(url: str, process: subprocess.Popen[bytes], log: Path, timeout: float = 120.0,
                  status: int | None = None) -> None:
    """Until ``url`` answers with ``status`` (None: with any HTTP status); fails with the log if the
    process dies. JupyterHub's proxy answers before the hub behind it does (a 503 or 404 for
    /hub/health), so the hub waits for a 200."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode}:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                answered = int(reply.status)
        except urllib.error.HTTPError as e:
            answered = e.code
        except OSError:
            answered = 0
        if answered and (status is None or answered == status):
            return
        time.sleep(0.3)
    raise AssertionError(f"{url} did not answer{f' {status}' if status else ''} within {timeout:.0f} s:\n"
                         f"{log.read_text()[-4000:]}")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def log_path(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.log"
