"""scripts/class_pool.py: CLASS_SIZE and LESSON become Voila's preheated-kernel settings, and bad
values are refused with what is allowed (and nothing written)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "class_pool.py"


def load() -> Any:
    spec = importlib.util.spec_from_file_location("class_pool", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("CLASS_SIZE", "LESSON", "FILL_DELAY")}
    return subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], env={**clean, **env}, capture_output=True,
                          text=True)


def test_a_class_gets_a_pool_for_the_lesson_of_the_day_only(tmp_path: Path) -> None:
    result = run(tmp_path, CLASS_SIZE="30", LESSON="03")
    assert result.returncode == 0, result.stderr
    config = json.loads((tmp_path / "voila.json").read_text())
    assert config["VoilaConfiguration"] == {"preheat_kernel": True}
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools == {"default": {"pool_size": 0}, "lessons/03_buracos.ipynb": {"pool_size": 30}}
    assert config["VoilaKernelManager"]["fill_delay"] == 30
    assert "30 preheated kernel(s) for lessons/03_buracos.ipynb" in result.stdout


def test_lessons_by_number_stem_or_path_and_the_landing_page_by_default() -> None:
    pool = load()
    assert pool.lesson_paths("01, 03_buracos,lessons/05_pot.ipynb,01") == [
        "lessons/01_melds.ipynb", "lessons/03_buracos.ipynb", "lessons/05_pot.ipynb"]
    assert pool.lesson_paths(None) == ["lessons/00_welcome.ipynb"]


@pytest.mark.parametrize(("env", "message"), [
    ({"CLASS_SIZE": "thirty"}, "CLASS_SIZE must be a whole number of learners (0 for no pool), not 'thirty'"),
    ({"CLASS_SIZE": "-3"}, "CLASS_SIZE must be a whole number"),
    ({"CLASS_SIZE": "30", "LESSON": "9"}, "LESSON '9' names no lesson: give one of 00_welcome, 01_melds"),
    ({"CLASS_SIZE": "30", "FILL_DELAY": "soon"}, "FILL_DELAY must be a number of seconds (0 or more), not 'soon'"),
])
def test_bad_values_are_refused_with_what_is_allowed(tmp_path: Path, env: dict[str, str], message: str) -> None:
    result = run(tmp_path, **env)
    assert result.returncode == 2
    assert message in result.stderr
    assert not (tmp_path / "voila.json").exists()


def test_no_class_size_means_no_pool(tmp_path: Path) -> None:
    (tmp_path / "voila.json").write_text("{}")
    assert run(tmp_path, CLASS_SIZE="0").returncode == 0
    assert not (tmp_path / "voila.json").exists()
