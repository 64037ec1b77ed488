"""The project installs on its own: the checkout's wheel, installed into a fresh virtual environment
with nothing else, gives a ``buraco-trainer`` command that serves the installed course in Voilà,
the landing page rendered (its cells run, its widgets made) in both languages.

Offline: the wheels a clean install needs (every dependency's and the build backend's) are
downloaded by ``bash scripts/setup.sh test`` into ``.cache/wheelhouse``; this test builds the
checkout's own wheel from them, installs it with ``--no-index`` and starts the command.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / ".cache" / "wheelhouse"
#: The package data the wheel carries (a glob each, and how many files at least).
DATA = {"buraco_trainer/data/voila.json": 1, "buraco_trainer/data/lessons/[0-9][0-9]_*.ipynb": 12,
        "buraco_trainer/data/lessons/de/[0-9][0-9]_*.ipynb": 12, "buraco_trainer/data/lessons/puzzles/*.yaml": 10,
        "buraco_trainer/data/lessons/syllabus.yaml": 1, "buraco_trainer/data/lessons/course.json": 1,
        "buraco_trainer/data/share/jupyter/voila/templates/lab/index.html.j2": 1}


#: What the wheel is built from.
PACKAGED = ("pyproject.toml", "README.md", "voila.json", "buraco_core", "widgets", "trainer", "lessons", "share")


def _run(command: list[str], **kwargs: object) -> None:
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    assert done.returncode == 0, f"{' '.join(command)}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with only the checkout's wheel and its dependencies."""
    if not (HOUSE / ".setup-wheelhouse").is_file():
        pytest.fail(f"no wheels for a clean install in {HOUSE}: run bash scripts/setup.sh test")
    tmp = tmp_path_factory.mktemp("install")
    source = tmp / "source"     # what the wheel is built from, copied: a build leaves no build/ in the checkout
    source.mkdir()
    for name in PACKAGED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
        else:
            shutil.copy(ROOT / name, source / name)
    offline = ["--no-index", "--find-links", str(HOUSE), "--disable-pip-version-check", "--quiet"]
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", *offline, "-w", str(tmp / "dist"), str(source)])
    wheel = next((tmp / "dist").glob("buraco_trainer-*.whl"))
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    _run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--no-compile", *offline,
          str(wheel)])
    return venv


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def served(installed: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``buraco-trainer`` of the fresh environment, started in an empty folder: (address, venv)."""
    home = tmp_path_factory.mktemp("home")
    env = {"PATH": f"{installed / 'bin'}:/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
           "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "IPYTHONDIR": str(home / "ipython")}
    port = _free_port()
    log = (home / "trainer.log").open("w")
    process = subprocess.Popen([str(installed / "bin" / "buraco-trainer"), "--port", str(port)], cwd=home, env=env,
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            text = (home / "trainer.log").read_text()
            found = re.search(r"open (http://\S+)", text)
            if found:
                try:
                    urllib.request.urlopen(f"http://localhost:{port}/voila/static/", timeout=2)
                except urllib.error.HTTPError:
                    pass     # Voila answers
                except OSError:
                    time.sleep(0.5)
                    continue
                yield found.group(1), installed
                break
            assert process.poll() is None, text
            time.sleep(0.5)
        else:
            pytest.fail("buraco-trainer did not answer:\n" + (home / "trainer.log").read_text()[-3000:])
    finally:
        os.killpg(process.pid, 15)
        process.wait(timeout=30)
        log.close()


def test_the_wheel_holds_the_course_and_the_app_s_settings(installed: Path) -> None:
    record = next(installed.glob("lib/python*/site-packages/buraco_trainer-*.dist-info/RECORD")).read_text()
    files = [line.split(",")[0] for line in record.splitlines()]
    for pattern, least in DATA.items():
        regex = re.escape(pattern).replace(r"\[0\-9\]\[0\-9\]", "[0-9][0-9]").replace(r"\*", "[^/]*")
        assert len([f for f in files if re.fullmatch(regex, f)]) >= least, pattern
    data = [f for f in files if f.startswith("buraco_trainer/data/")]
    assert not [f for f in data if f.endswith(".py")], "no module of the checkout's root in the package data"
    where = subprocess.run([str(installed / "bin" / "python"), "-c", "import buraco_core, buraco_trainer, buraco_widgets;"
                            "print(buraco_trainer.LESSONS, buraco_core.__file__, buraco_widgets.__file__)"],
                           capture_output=True, text=True, check=True, cwd=installed).stdout.split()
    assert all(Path(w).is_relative_to(installed) for w in where), where       # nothing of this checkout


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as answer:
        assert answer.status == 200
        return str(answer.read().decode("utf-8"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_buraco_trainer_serves_the_installed_landing_page(served: tuple[str, Path], lang: str) -> None:
    address, _ = served
    assert address.endswith("/voila/render/lessons/00_welcome.ipynb")
    page = _get(address if lang == "en" else address.replace("/lessons/", "/lessons/de/"))
    assert page.count("application/vnd.jupyter.widget-view+json") >= 5       # its cells ran: the widgets
    assert "There was an error when executing cell" not in page
    assert '"lang": "de"' in page if lang == "de" else '"lang": "en"' in page
    assert "buraco.language" in page                          # the repository's lab template, from the wheel
    assert "cdn.jsdelivr.net" not in page                     # ... without its CDN links


def test_the_command_serves_the_package_s_root_with_its_template_first(monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import buraco_trainer
    from buraco_trainer import app

    assert app.landing_url(9000, "de") == "http://localhost:9000/voila/render/lessons/de/00_welcome.ipynb"
    command = app.voila_command(9000, ["--Voila.ip=0.0.0.0"])
    assert command[1:3] == ["-m", "voila"] and f"--Voila.root_dir={buraco_trainer.ROOT}" in command
    assert command[-1] == "--Voila.ip=0.0.0.0"
    env = app.environment({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(buraco_trainer.JUPYTER_PATH), "/elsewhere"]
    assert (buraco_trainer.JUPYTER_PATH / "voila" / "templates" / "lab" / "index.html.j2").is_file()
    monkeypatch.setattr(app, "VOILA_JSON", buraco_trainer.ROOT / "no-such.json")
    assert app.main(["--port", "9000"]) == 2
    assert "the course's files are missing" in capsys.readouterr().err
