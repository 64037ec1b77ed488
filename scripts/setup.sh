#!/usr/bin/env bash
# Set up everything the project needs, from nothing: a virtual environment in .venv with the
# project and its extras, and (for "test") Debian's chromium for the browser tests.
# Usage: bash scripts/setup.sh app|test
# Runs non-interactively (CI=true, no stdin). A second run is quick: the install is skipped while
# pyproject.toml is older than the stamp file .venv/.setup-<what>.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-test}
case "$what" in app|test) ;; *) echo "usage: $0 app|test" >&2; exit 2 ;; esac
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $("$python" --version 2>&1)"
  "$python" -m venv .venv
fi
stamp=.venv/.setup-$what
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ scripts/setup.sh -nt "$stamp" ]; then
  echo "setup: installing the project with its [$what] extras into .venv"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$what]"
  touch "$stamp"
fi
if [ "$what" = test ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium for the browser tests"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null
  $sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core </dev/null >/dev/null
fi
