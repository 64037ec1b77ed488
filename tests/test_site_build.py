"""The static site's build script (scripts/build_site.py) without building a site: the puzzle check
that stops it, the wheels it writes and the Pyodide lock file it derives from them. The built site
itself is tested in tests/browser/test_site.py."""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def build_site() -> Any:
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_malformed_puzzle_file_stops_the_build_with_file_and_line(build_site: Any, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "puzzles").mkdir()
    bad = tmp_path / "puzzles" / "09_bad.yaml"
    bad.write_text("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h Zz\n")
    with pytest.raises(SystemExit, match="1 problem"):
        build_site.check_puzzles(tmp_path)
    assert f"{bad}:4: hand:" in capsys.readouterr().err
    bad.write_text("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h 9c\n")
    build_site.check_puzzles(tmp_path)  # sound: nothing raised


def wheel(build_site: Any, folder: Path, name: str, requires: list[str], module: str) -> Path:
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n" + "".join(f"Requires-Dist: {r}\n" for r in requires)
    return build_site.write_wheel(folder / f"{name}-1.0-py3-none-any.whl", f"{name}-1.0",
                                  {f"{module}/__init__.py": b"x = 1\n"}, meta.encode(), "test")


def test_the_lock_file_lists_exactly_the_wheels_with_their_dependencies(build_site: Any, tmp_path: Path) -> None:
    a = wheel(build_site, tmp_path, "pkg_a", ["pkg-b>=1", "colorama; sys_platform == 'win32'",
                                              "pytest; extra == 'test'"], "a")
    b = wheel(build_site, tmp_path, "pkg_b", [], "b")
    with zipfile.ZipFile(a) as zf:
        assert zf.testzip() is None and "pkg_a-1.0.dist-info/RECORD" in zf.namelist()
    lock = build_site.pyodide_lock([a, b], {"pkg-b": ["pkg-a"]})["packages"]
    assert set(lock) == {"pkg-a", "pkg-b"}
    assert lock["pkg-a"]["depends"] == ["pkg-b"]  # not Windows' colorama, not an extra's pytest
    assert lock["pkg-b"]["depends"] == ["pkg-a"]  # an extra dependency the build adds
    assert lock["pkg-a"]["imports"] == ["a"] and lock["pkg-a"]["file_name"] == a.name
    with pytest.raises(SystemExit, match="requires pkg-b, which the site does not ship"):
        build_site.pyodide_lock([a], {})


def test_a_standin_installs_nothing_under_the_name_it_stands_for(build_site: Any, tmp_path: Path) -> None:
    standin = build_site.standin("sqlite3", tmp_path)
    with zipfile.ZipFile(standin) as zf:
        assert all(n.startswith("sqlite3_standin-0.0.0.dist-info/") for n in zf.namelist())
    assert set(build_site.pyodide_lock([standin], {})["packages"]) == {"sqlite3"}
