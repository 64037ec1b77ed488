"""Voila's preheated kernels for a class: ``CLASS_SIZE=30 LESSON=03 make app``.

A class arrives together. With CLASS_SIZE learners, Voila keeps that many kernels per lesson of
the day on standby, each with the lesson already executed (``preheat_kernel``), so a learner's page
comes from a kernel that has nothing left to do: only the browser's work remains. Every other
notebook gets no pool and starts its kernel when asked, as without CLASS_SIZE.

This writes the Voila settings for that into ``FOLDER/voila.json``; ``scripts/app.sh`` puts FOLDER on
``JUPYTER_CONFIG_PATH``, where Voila merges it with the repository's voila.json.

- ``CLASS_SIZE``: kernels on standby per lesson (0 or unset: no pool). Each costs the memory of an
  open lesson (about 65 MiB) from the start, and Voila starts a new one a few seconds after each
  is taken, so a class of N uses about 2 x N lesson kernels while it is there.
- ``LESSON``: the lessons of the day, comma-separated, as ``03``, ``03_buracos`` or a notebook
  path from the repository folder (default: ``00_welcome``, the page ``make app`` opens).
- ``FILL_DELAY``: seconds Voila waits after a kernel is taken before starting its replacement
  (default 30: the class's pages become interactive before the refill competes for the CPU).

Voila's documented limits of preheating, and why they do not bite the lessons: a request with
``?template=`` or ``?theme=`` other than voila.json's gets a fresh kernel (the links never add
them); a preheated page cannot read the request (query string, headers) unless the notebook calls
``voila.utils.wait_for_request()`` first (no lesson reads the request).

Usage: python scripts/class_pool.py FOLDER   (reads CLASS_SIZE, LESSON, FILL_DELAY from the
environment; prints what it set up, or why the value is refused, and exits 2 on bad input).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
DEFAULT_LESSON = "00_welcome"
DEFAULT_FILL_DELAY = 30.0


class ClassPoolError(ValueError):
    """A CLASS_SIZE, LESSON or FILL_DELAY value that cannot be used (the message says what is allowed)."""


def class_size(text: str | None) -> int:
    text = (text or "").strip()
    if not text:
        return 0
    if not text.isdigit():
        raise ClassPoolError(f"CLASS_SIZE must be a whole number of learners (0 for no pool), not {text!r}")
    return int(text)


def lesson_paths(text: str | None) -> list[str]:
    """The notebooks named by LESSON, as paths relative to the repository (what Voila's URLs use)."""
    names = [n.strip() for n in (text or DEFAULT_LESSON).split(",") if n.strip()]
    lessons = sorted(LESSONS.glob("[0-9][0-9]_*.ipynb"))
    out: list[str] = []
    for name in names:
        path = ROOT / name
        if name.endswith(".ipynb") and path.is_file():
            found = path
        else:
            matches = [p for p in lessons if p.stem == name or p.stem.split("_")[0] == name]
            if len(matches) != 1:
                known = ", ".join(p.stem for p in lessons)
                raise ClassPoolError(f"LESSON {name!r} names no lesson: give one of {known}"
                                     " (or its number, or a notebook path from the repository folder)")
            found = matches[0]
        rel = found.resolve().relative_to(ROOT).as_posix()
        if rel not in out:
            out.append(rel)
    return out


def fill_delay(text: str | None) -> float:
    text = (text or "").strip()
    if not text:
        return DEFAULT_FILL_DELAY
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise ClassPoolError(f"FILL_DELAY must be a number of seconds (0 or more), not {text!r}")
    return value


def pool_config(size: int, lessons: list[str], delay: float = DEFAULT_FILL_DELAY) -> dict[str, object]:
    """Voila's settings: preheated kernels, ``size`` per lesson of the day, none for other notebooks."""
    pools: dict[str, object] = {"default": {"pool_size": 0}}
    pools.update({path: {"pool_size": size} for path in lessons})
    return {
        "VoilaConfiguration": {"preheat_kernel": True},
        "VoilaKernelManager": {"kernel_pools_config": pools, "fill_delay": delay},
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        print("usage: python scripts/class_pool.py FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    try:
        size = class_size(os.environ.get("CLASS_SIZE"))
        lessons = lesson_paths(os.environ.get("LESSON"))
        delay = fill_delay(os.environ.get("FILL_DELAY"))
    except ClassPoolError as exc:
        print(f"class pool: {exc}", file=sys.stderr)
        return 2
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "voila.json"
    if size == 0:
        target.unlink(missing_ok=True)
        return 0
    target.write_text(json.dumps(pool_config(size, lessons, delay), indent=2) + "\n")
    print(f"class pool: {size} preheated kernel(s) for {', '.join(lessons)}"
          f" (about {size * 65 * len(lessons)} MiB on standby; refilled {delay:g} s after each is taken)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
