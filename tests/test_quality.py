"""The code checks that CI runs with the tests: ruff over the project, strict mypy on the engine
and the widgets, and the rule that importing the engine never imports ipywidgets."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", "buraco_core", "widgets", "tests", "benchmarks", "scripts", "staticsite/serve.py",
                 "staticsite/sitecustomize.py", "staticsite/ipython")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_the_engine_and_the_widgets() -> None:
    # widgets/ installs as buraco_widgets through a package-dir mapping, which the checker does
    # not follow: it checks the folder itself (the package "widgets")
    result = run("mypy", "--strict", "-p", "buraco_core", "-p", "widgets")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_import_does_not_import_ipywidgets() -> None:
    code = ("import sys, buraco_core, buraco_core.game, buraco_core.bots, buraco_core.board, buraco_core.teach, "
            "buraco_core.sessions.table; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', "
            "'traitlets', 'IPython')]; print(bad); assert not bad")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
