#!/usr/bin/env bash
# The browser tests on a busy machine: RUNS runs in a row (5 by default) while one busy-looping
# process per core (at normal priority) competes with Voila, the kernels and Chromium, as on a
# class server. Any failure fails the script; the logs go to test-artifacts/busy/.
# Usage: bash scripts/busy_tests.sh [pytest args]   (default: tests/browser)
#        RUNS=10 BUSY=4 bash scripts/busy_tests.sh tests/browser/test_lessons.py
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
busy=${BUSY:-$(nproc)}
[ -x .venv/bin/python ] || bash scripts/setup.sh test
out=test-artifacts/busy
mkdir -p "$out"
[ "$#" -gt 0 ] || set -- tests/browser

pids=()
stop_burners() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_burners EXIT
for _ in $(seq "$busy"); do
  .venv/bin/python -c "while True: pass" &
  pids+=("$!")
done
echo "busy: $busy busy-looping processes beside the tests (pids ${pids[*]}), $runs runs of: $*"

failed=0
for run in $(seq "$runs"); do
  start=$SECONDS
  if .venv/bin/python -m pytest -q -p no:randomly "$@" >"$out/run-$run.log" 2>&1; then
    verdict=passed
  else
    verdict=FAILED
    failed=$((failed + 1))
  fi
  echo "busy: run $run of $runs $verdict in $((SECONDS - start)) s ($(tail -n 1 "$out/run-$run.log")); load average $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "busy: $((runs - failed)) of $runs runs passed"
[ "$failed" -eq 0 ]
