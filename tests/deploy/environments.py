"""The environments the deployment tests run in, built by ``bash scripts/setup.sh test`` (so by
``make test`` before pytest starts, outside every test's timeout: they download from PyPI and npm and
build the project's wheel), and checked by the tests' fixtures, which fail saying what to run when
one is missing or was built from other inputs.

- ``.venv-binder``: repo2docker's base environment of its Python buildpack (:data:`BINDER_BASE`, see
  tests/deploy/test_binder.py), then ``pip install --no-cache-dir -r binder/requirements.txt`` as
  repo2docker runs it.
- ``.venv-hub``: ``scripts/hub_env.sh`` as a teacher runs it (JupyterHub, the pinned dependencies,
  this project, the proxy from npm).

Each holds a stamp of what built it (this interpreter, the steps, the bytes of the files they read);
a current one is not built again.

Usage: .venv/bin/python tests/deploy/environments.py      (what scripts/setup.sh runs)
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUP = "`bash scripts/setup.sh test` builds it (`make test` runs it before the tests)"

#: repo2docker's base environment for Python 3.11 (jupyterhub/repo2docker at 808ae6b,
#: buildpacks/conda/environment.py-3.11-linux-64.lock), as pip requirements.
BINDER_BASE = ["notebook==7.4.7", "jupyterlab==4.4.9", "jupyterhub==5.4.0", "jupyter-resource-usage==1.2.0",
               "jupyter-offlinenotebook==0.3.2", "ipywidgets==8.1.7", "jupyter_server==2.17.0", "ipykernel==7.0.1"]
BINDER_REQUIREMENTS = ROOT / "binder" / "requirements.txt"
HUB = ROOT / ".venv-hub"
#: What ``scripts/hub_env.sh`` installs: a change to any of these builds the hub's environment again
#: (the project's wheel holds the packages and, as buraco_trainer.data, the course and the app's settings).
HUB_INPUTS = ("scripts/hub_env.sh", "binder/requirements.txt", "pyproject.toml", "buraco_core", "widgets", "trainer",
              "lessons", "share", "voila.json", "scripts/server_config.py")

#: The environment variables of the test process that must not leak into a deployed server.
PRIVATE = ("JUPYTER_PATH", "JUPYTER_CONFIG_DIR", "JUPYTER_CONFIG_PATH", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
           "VIRTUAL_ENV", "PYTHONPATH", "CLASS_SIZE", "LESSON", "DISPLAY", "WAYLAND_DISPLAY")


class NotBuilt(Exception):
    """An environment is missing or was built from other inputs than the repository's."""


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in PRIVATE and not k.startswith(("JUPYTERHUB_", "PYTEST"))}
    env.update(extra)
    return env


def file_digest(paths: Sequence[str]) -> str:
    """One sha256 over the names and bytes of the files under ``paths`` (relative to the repository;
    caches left out)."""
    digest = hashlib.sha256()
    for name in paths:
        top = ROOT / name
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            if "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def current(stamp_file: Path, stamp: dict[str, object]) -> bool:
    return stamp_file.exists() and json.loads(stamp_file.read_text()) == stamp


def build_venv(name: str, steps: Sequence[Sequence[str]], reads: Sequence[Path] = (),
               build: bool = False) -> tuple[Path, str]:
    """``ROOT/.venv-<name>``: a fresh venv of this interpreter, then ``pip <step>`` for each step.

    Returns the venv and pip's output of every step (kept in the venv, so that a reused venv still
    tells what its install said). ``reads``: files the steps read (their content is in the stamp).
    Without ``build``, raises :class:`NotBuilt` unless the venv is current.
    """
    venv = ROOT / f".venv-{name}"
    stamp = {"python": sys.version, "steps": [list(s) for s in steps],
             "reads": {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in reads}}
    stamp_file, log_file = venv / ".stamp.json", venv / ".pip-output.txt"
    if current(stamp_file, stamp) and log_file.exists():
        return venv, log_file.read_text()
    if not build:
        raise NotBuilt(f"{venv} is missing or was built from other steps or files: {SETUP}")
    print(f"environments: building {venv}", flush=True)
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    output = []
    for step in steps:
        result = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", *step],
                                cwd=ROOT, env=clean_env(), capture_output=True, text=True, stdin=subprocess.DEVNULL)
        output.append(f"$ pip {' '.join(step)}\n{result.stdout}{result.stderr}")
        if result.returncode != 0:
            raise SystemExit(f"pip {' '.join(step)} failed in {venv}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    log_file.write_text("\n".join(output))
    stamp_file.write_text(json.dumps(stamp))
    return venv, log_file.read_text()


def binder_venv(build: bool = False) -> tuple[Path, str]:
    """``.venv-binder`` and pip's output of its install (see the module docstring)."""
    return build_venv("binder", [["install", "--quiet", *BINDER_BASE],
                                 ["install", "--no-cache-dir", "-r", str(BINDER_REQUIREMENTS)]],
                      reads=[BINDER_REQUIREMENTS], build=build)


def hub_venv(build: bool = False) -> Path:
    """``.venv-hub``, as ``scripts/hub_env.sh`` builds it from the repository as it is now."""
    stamp = {"python": sys.version, "inputs": file_digest(HUB_INPUTS)}
    stamp_file = HUB / ".test-stamp.json"
    if current(stamp_file, stamp):
        return HUB
    if not build:
        raise NotBuilt(f"{HUB} is missing or holds an older copy of the project: {SETUP}")
    print(f"environments: scripts/hub_env.sh {HUB}", flush=True)
    result = subprocess.run(["bash", str(ROOT / "scripts" / "hub_env.sh"), str(HUB)], cwd=ROOT, env=clean_env(),
                            capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if result.returncode != 0:
        raise SystemExit(f"scripts/hub_env.sh failed:\n{result.stdout}{result.stderr}")
    stamp_file.write_text(json.dumps(stamp))
    return HUB


def main() -> int:
    binder_venv(build=True)
    hub_venv(build=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
