#!/usr/bin/env bash
# The environment of a JupyterHub for a class, from nothing but this repository, Python and npm.
# Usage: bash scripts/hub_env.sh [PREFIX]   (default: .venv-hub in this repository's folder)
#   PYTHON=/usr/bin/python3.12 bash scripts/hub_env.sh      to choose the interpreter
# Creates PREFIX, a virtual environment holding JupyterHub (the hub and jupyterhub-singleuser),
# the app's pinned dependencies (binder/requirements.txt), this project, and JupyterHub's proxy
# (configurable-http-proxy, from the npm registry, under PREFIX/node). The learners' servers read
# their settings from PREFIX/etc/jupyter, so nothing outside PREFIX changes:
#   voila.json                   Voila's settings (this repository's voila.json)
#   jupyter_server_config.json   the idle-kernel culling (scripts/server_config.py)
# Then: PREFIX/bin/jupyterhub -f scripts/jupyterhub_config.py (see docs/serving.md). Run it again after
# a git pull: the dependencies are reinstalled only when binder/requirements.txt changed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
prefix=$(realpath -m "${1:-.venv-hub}")
python=${PYTHON:-python3}
hub_version=5.4.6          # JupyterHub (the hub and jupyterhub-singleuser)
proxy_version=5.3.0        # configurable-http-proxy (npm)

if ! command -v "$python" >/dev/null; then
  echo "hub_env: no $python: install Python 3.11.5 or newer, or set PYTHON=/path/to/python3" >&2
  exit 2
fi
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11, 5))'; then
  echo "hub_env: the pinned packages need Python 3.11.5 or newer; $python is $("$python" --version 2>&1)." >&2
  echo "         Set PYTHON=/path/to/a/newer/python3 (and the venv module: apt-get install python3-venv)." >&2
  exit 2
fi
if ! command -v npm >/dev/null; then
  echo "hub_env: JupyterHub's proxy comes from the npm registry: install Node.js and npm (apt-get install nodejs npm)" >&2
  exit 2
fi

if [ ! -x "$prefix/bin/python" ]; then
  echo "hub_env: creating $prefix with $("$python" --version 2>&1)"
  "$python" -m venv "$prefix"
fi
pip=("$prefix/bin/python" -m pip --disable-pip-version-check)
stamp="$prefix/.hub-env-stamp"
want="$(sha256sum binder/requirements.txt scripts/hub_env.sh | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "hub_env: installing JupyterHub $hub_version and the app's pinned dependencies"
  "${pip[@]}" install --quiet --upgrade pip
  "${pip[@]}" install --quiet -r binder/requirements.txt "jupyterhub==$hub_version"
  echo "hub_env: installing configurable-http-proxy $proxy_version (npm) into $prefix/node"
  npm install --silent --no-audit --no-fund --prefix "$prefix/node" "configurable-http-proxy@$proxy_version" </dev/null
  echo "$want" > "$stamp"
fi
echo "hub_env: installing this project from $repo"
"${pip[@]}" install --quiet --no-deps --force-reinstall "$repo"
rm -rf "$repo/build"  # what building the wheel left behind
mkdir -p "$prefix/etc/jupyter"
cp voila.json "$prefix/etc/jupyter/voila.json"
"$prefix/bin/python" scripts/server_config.py "$prefix/etc/jupyter/jupyter_server_config.json" >/dev/null
echo "hub_env: ready. Start the hub: $prefix/bin/jupyterhub -f $repo/scripts/jupyterhub_config.py"
