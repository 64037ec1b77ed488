"""Deployment tests: the lessons as a teacher runs them, on Binder and on a JupyterHub.

Each test builds the environment the way the real thing does, from PyPI (and npm for JupyterHub's
proxy), into a virtual environment of its own under the repository (``.venv-<name>/``, ignored by
git). A venv is reused while the steps that built it are unchanged (a stamp file holds them), so
only the first run pays for the install; CI's fresh clone builds each once.

The servers run on 127.0.0.1 only; their logs go to test-artifacts/.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from browser.conftest import ARTIFACTS, ROOT, PageWatch, browser, widget_outputs  # noqa: F401  (browser: the fixture)

#: The environment variables of the test process that must not leak into a deployed server.
PRIVATE = ("JUPYTER_PATH", "JUPYTER_CONFIG_DIR", "JUPYTER_CONFIG_PATH", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
           "VIRTUAL_ENV", "PYTHONPATH", "CLASS_SIZE", "LESSON", "DISPLAY", "WAYLAND_DISPLAY")


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in PRIVATE and not k.startswith(("JUPYTERHUB_", "PYTEST"))}
    env.update(extra)
    return env


def build_venv(name: str, steps: Sequence[Sequence[str]], reads: Sequence[Path] = ()) -> tuple[Path, str]:
    """``ROOT/.venv-<name>``: a fresh venv of this interpreter, then ``pip <step>`` for each step.

    Returns the venv and pip's output of every step (kept in the venv, so that a reused venv still
    tells what its install said). ``reads``: files the steps read (their content is in the stamp).
    """
    venv = ROOT / f".venv-{name}"
    stamp = {"python": sys.version, "steps": [list(s) for s in steps],
             "reads": {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in reads}}
    stamp_file, log_file = venv / ".stamp.json", venv / ".pip-output.txt"
    if stamp_file.exists() and json.loads(stamp_file.read_text()) == stamp and log_file.exists():
        return venv, log_file.read_text()
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    output = []
    for step in steps:
        result = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", *step],
                                cwd=ROOT, env=clean_env(), capture_output=True, text=True, stdin=subprocess.DEVNULL)
        output.append(f"$ pip {' '.join(step)}\n{result.stdout}{result.stderr}")
        if result.returncode != 0:
            raise AssertionError(f"pip {' '.join(step)} failed in {venv}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    log_file.write_text("\n".join(output))
    stamp_file.write_text(json.dumps(stamp))
    return venv, log_file.read_text()


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


def wait_for_http(url: str, process: subprocess.Popen[bytes], log: Path, timeout: float = 120.0) -> None:
    """Until ``url`` answers at all (any HTTP status); fails with the log if the process dies."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode}:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"{url} did not answer within {timeout} s:\n{log.read_text()[-4000:]}")


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
