#!/usr/bin/env bash
# Set up everything the project needs, from nothing: a virtual environment in .venv with the
# project and its extras, and (for "test") Debian's chromium for the browser tests.
# Usage: bash scripts/setup.sh app|test
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-test}
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
if [ "$what" = app ]; then
  .venv/bin/python -m pip install --quiet -e ".[app]"
else
  .venv/bin/python -m pip install --quiet -e ".[test]"
  if [ ! -x /usr/bin/chromium ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  fi
fi
