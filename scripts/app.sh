#!/usr/bin/env bash
# Serve the lessons with Voila (settings: voila.json) and open the landing page in a browser.
# Usage: bash scripts/app.sh [extra voila options]   (PORT=8866 by default; make app runs this;
# COURSE_LANGUAGE=de opens the German course)
# A class arriving together: CLASS_SIZE=30 LESSON=03 make app keeps 30 kernels of lesson 03 on
# standby, already executed (Voila's preheated kernels; see scripts/class_pool.py).
# JUPYTER_PATH adds share/jupyter of this repository, where the lab template is patched to load
# no asset from the internet (see share/jupyter/voila/templates/lab/).
set -euo pipefail
cd "$(dirname "$0")/.."
export JUPYTER_PATH="$PWD/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
port=${PORT:-8866}
if [ -n "${CLASS_SIZE:-}" ] && [ "${CLASS_SIZE}" != 0 ]; then
  # Voila merges this folder's voila.json (the pool) with ./voila.json
  pool=.venv/class-pool
  .venv/bin/python scripts/class_pool.py "$pool"
  export JUPYTER_CONFIG_PATH="$PWD/$pool${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"
fi
# COURSE_LANGUAGE=de make app opens the German landing page (lessons/de/)
case "${COURSE_LANGUAGE:-en}" in
  en) landing=lessons/00_welcome.ipynb ;;
  *) landing="lessons/${COURSE_LANGUAGE}/00_welcome.ipynb" ;;
esac
url="http://localhost:$port/voila/render/$landing"
echo "Buraco trainer: open $url (Ctrl-C stops it)"
# Open the landing page once Voila answers (quietly does nothing where there is no browser).
.venv/bin/python - "$url" <<'PY' &
import os, sys, time, urllib.request, webbrowser
url = sys.argv[1]
if sys.platform != "darwin" and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    sys.exit(0)  # no desktop: a console browser would fight Voila for the terminal
for _ in range(120):
    try:
        urllib.request.urlopen(url.split("/voila/")[0] + "/", timeout=2)
    except urllib.error.HTTPError:
        break  # it answers
    except OSError:
        time.sleep(0.5)
        continue
    break
try:
    webbrowser.open(url)
except Exception:
    pass
PY
exec .venv/bin/voila --no-browser --port="$port" --Voila.port_retries=0 "$@"
