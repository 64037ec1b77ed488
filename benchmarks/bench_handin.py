"""How big a hand-in is (the file, the code) and how long a teacher's page takes to read a class.

    .venv/bin/python benchmarks/bench_handin.py            # the sample class (thirty learners)
    .venv/bin/python benchmarks/bench_handin.py --repeat 5 # reading the class five times: best and median

For each group of the sample class (buraco_core.teach.learners.sample_class: strong, learning, slipping,
absent learners), the number of answers, the file's size and the code's length (characters to paste),
with the answers' ids as a browser makes them (the time in hex and six random hex digits: the sample's
own ids compress better);
then the time to read the thirty hand-ins and compute the class's view (every clause's levels), and to
make its CSV and its one-page report, in CPU seconds of this process. Nothing is asserted: the
figures go into the teacher's guide.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    from buraco_core.teach.learners.class_report import report_document
    from buraco_core.teach.learners.classroom import read_class
    from buraco_core.teach.learners.sample_class import GROUPS, sample_class

    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--repeat", type=int, default=3)
    options = args.parse_args(argv)
    day = date(2026, 12, 1)
    rng = random.Random(1)
    handins = [dataclasses.replace(h, record=dataclasses.replace(h.record, answers=tuple(
        dataclasses.replace(a, id=f"{a.at:x}-{rng.getrandbits(24):06x}") for a in h.record.answers)))
        for h in sample_class(day)]
    print(f"{'group':<10} {'learners':>8} {'answers':>12} {'file bytes':>14} {'code chars':>14}")
    start = 0
    for group in GROUPS:
        these = handins[start:start + group.size]
        start += group.size
        answers = [len(h.record.answers) for h in these]
        files = [len(h.dumps().encode()) for h in these]
        codes = [len(h.code()) for h in these]
        print(f"{group.name:<10} {group.size:>8} {min(answers):>5} to {max(answers):<4} {min(files):>6} to "
              f"{max(files):<6} {min(codes):>6} to {max(codes):<6}")
    entries = [(h.file_name(), h.dumps()) for h in handins]
    reads, exports = [], []
    for _ in range(options.repeat):
        began = time.process_time()
        view = read_class(entries, day)
        reads.append(time.process_time() - began)
        began = time.process_time()
        view.csv("en", ROOT / "lessons")
        report_document(view, "en", ROOT / "lessons")
        exports.append(time.process_time() - began)
    print(f"read 30 hand-ins and the class's view: best {min(reads):.3f} s, median {statistics.median(reads):.3f} s CPU")
    print(f"CSV and report: best {min(exports):.3f} s, median {statistics.median(exports):.3f} s CPU")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
