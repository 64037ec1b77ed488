"""The prose of the lesson sources as the lesson builder reads it (``scripts/lessons.py``'s
``read_source``), so a test of what the lessons say follows the builder's format of the sources."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "lessons" / "source").glob("*.md"))


def builder() -> ModuleType:
    """``scripts/lessons.py`` as a module (loaded once, under the name its dataclasses look up)."""
    loaded = sys.modules.get("lesson_builder")
    if loaded is None:
        spec = importlib.util.spec_from_file_location("lesson_builder", ROOT / "scripts" / "lessons.py")
        assert spec and spec.loader
        loaded = importlib.util.module_from_spec(spec)
        sys.modules["lesson_builder"] = loaded
        spec.loader.exec_module(loaded)
    return loaded


def prose(path: Path) -> list[tuple[int, dict[str, str]]]:
    """Each markdown cell of a lesson source: the line it starts on, and its text by language."""
    return [(cell.line, dict(cell.text)) for cell in builder().read_source(path) if cell.kind == "markdown"]
