#!/usr/bin/env bash
# The test suite on a busy machine: RUNS runs in a row (3 by default) while one busy-looping process
# per core (at normal priority) competes with the tests, Voila, the kernels and Chromium, as on a
# shared CI machine or a class server. Everything is set up first (scripts/setup.sh test), before the
# busy loops start. Any failure fails the script; the logs go to test-artifacts/busy/.
# Usage: bash scripts/busy_tests.sh [pytest args]   (default: the whole suite as make test runs it)
#        RUNS=10 BUSY=4 bash scripts/busy_tests.sh tests/browser/test_lessons.py
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
busy=${BUSY:-$(nproc)}
bash scripts/setup.sh test
out=test-artifacts/busy
mkdir -p "$out"
# the tests to run: pytest with the given arguments, or make test (its setup finds everything current)
if [ "$#" -gt 0 ]; then tests=(.venv/bin/python -m pytest -q "$@"); else tests=(make -s --no-print-directory test); fi

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
echo "busy: $busy busy-looping processes beside the tests (pids ${pids[*]}), $runs runs of: ${tests[*]}"

# cpu: CPU seconds (user + system) of the finished children so far, from bash's times (run in this
# shell, not in a pipe's subshell, which has no children)
children_cpu() {
  times >"$out/.times"
  cpu=$(tail -n 1 "$out/.times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] }
                                          printf "%.0f", t }')
}
failed=0
for run in $(seq "$runs"); do
  start=$SECONDS
  children_cpu
  before=$cpu
  if "${tests[@]}" </dev/null >"$out/run-$run.log" 2>&1; then
    verdict=passed
  else
    verdict=FAILED
    failed=$((failed + 1))
  fi
  children_cpu
  echo "busy: run $run of $runs $verdict in $((SECONDS - start)) s, $((cpu - before)) CPU s" \
       "($(tail -n 1 "$out/run-$run.log")); load average $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "busy: $((runs - failed)) of $runs runs passed"
[ "$failed" -eq 0 ]
