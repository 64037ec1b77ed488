"""The converter of lesson sources from the first format (``%% markdown`` markers) to MyST-NB's
Markdown: the cells read back the same, and a converted file is left alone."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


converter = _load("convert_lesson_sources", ROOT / "scripts" / "convert_lesson_sources.py")
lessons = _load("lesson_builder", ROOT / "scripts" / "lessons.py")

OLD = """%% code
from buraco_widgets import use_language

LANG = use_language({{LANG}})

%% markdown
%% en
# 99 · Demo

Some *words*.
%% de
# 99 · Vorführung

Ein paar *Wörter*.

%% markdown
%% en
[Home](00_welcome.ipynb)
%% de
[Start](00_welcome.ipynb)
"""


def test_a_converted_source_builds_the_same_cells_and_is_left_alone_the_second_time(tmp_path: Path) -> None:
    path = tmp_path / "99_demo.md"
    path.write_text(OLD, encoding="utf-8")
    before = converter.read_old(path, OLD)
    assert converter.convert(path) is True
    text = path.read_text(encoding="utf-8")
    assert text.startswith(converter.HEADER) and "%% " not in text
    assert '+++ {"lang": "en"}\n\n# 99 · Demo\n\nSome *words*.\n\n+++ {"lang": "de"}\n\n# 99 · Vorführung' in text
    assert "```{code-cell} ipython3\nfrom buraco_widgets import use_language\n\nLANG = use_language({{LANG}})\n```" in text
    after = [(c.kind, c.text) for c in lessons.read_source(path)]
    assert after == before
    assert converter.convert(path) is False and path.read_text(encoding="utf-8") == text


def test_a_malformed_old_source_is_reported_and_not_written(tmp_path: Path) -> None:
    path = tmp_path / "99_bad.md"
    path.write_text("%% markdown\n%% en\nHello\n", encoding="utf-8")
    assert converter.main([str(path)]) == 2
    assert path.read_text(encoding="utf-8") == "%% markdown\n%% en\nHello\n"
    with pytest.raises(converter.OldSourceError, match=r"99_bad.md:1: this markdown cell has no de text"):
        converter.convert(path)
