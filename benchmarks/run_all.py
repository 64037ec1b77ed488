"""Run every benchmark in this folder and print its figures (``make bench``).

Each benchmark is a script with a ``main()``; none of them is a timed test. See README.md here.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    names = sys.argv[1:] or sorted(p.stem for p in HERE.glob("bench_*.py"))
    for name in names:
        path = HERE / f"{name}.py"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            print(f"cannot load {path}", file=sys.stderr)
            return 2
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        module.main()
        print(f"== {name}: {time.perf_counter() - started:.1f} s\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
