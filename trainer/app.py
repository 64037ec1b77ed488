"""``buraco-trainer``: serve the installed course with Voilà and print the landing page's address.

Voilà starts in :data:`buraco_trainer.ROOT` (the package data of an installed wheel, the repository's
root in a checkout), so it reads that folder's ``voila.json`` and serves ``lessons/`` under
``/voila/render/lessons/``, as ``make app`` does; ``share/jupyter`` goes first on ``JUPYTER_PATH``, so
the pages use the lab template without CDN links. Options this command does not know go to Voilà
(``buraco-trainer --Voila.ip=0.0.0.0`` serves a classroom network).

    buraco-trainer                 # http://localhost:8866/voila/render/lessons/00_welcome.ipynb
    buraco-trainer --port 9000 --lang de
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence

from buraco_core.messages import LANGUAGES
from buraco_core.teach.course import lesson_folder

from . import JUPYTER_PATH, LESSONS, ROOT, VOILA_JSON

__all__ = ["landing_url", "main", "voila_command"]

#: The landing page of the course, in the lessons' folder.
LANDING = "00_welcome.ipynb"


def landing_url(port: int, lang: str = "en", host: str = "localhost") -> str:
    """The address of the landing page of the course in ``lang``."""
    return f"http://{host}:{port}/voila/render/{LESSONS.relative_to(ROOT).as_posix()}/{lesson_folder(lang)}{LANDING}"


def voila_command(port: int, extra: Sequence[str] = ()) -> list[str]:
    """The Voilà command that serves the course on ``port``."""
    return [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.port_retries=0",
            f"--Voila.root_dir={ROOT}", *extra]


def environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment Voilà runs in: the lab template without CDN links first on ``JUPYTER_PATH``."""
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join([str(JUPYTER_PATH), *filter(None, [env.get("JUPYTER_PATH")])])
    return env


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="buraco-trainer", description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8866, help="the port Voilà listens on (default 8866)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the landing page")
    args, extra = parser.parse_known_args(argv)
    if not VOILA_JSON.is_file() or not (LESSONS / LANDING).is_file():
        print(f"buraco-trainer: the course's files are missing from {ROOT}", file=sys.stderr)
        return 2
    print(f"Buraco trainer: open {landing_url(args.port, args.lang)} (Ctrl-C stops it)", flush=True)
    command = voila_command(args.port, extra)
    os.chdir(ROOT)            # Voilà reads voila.json from the folder it starts in
    if os.name == "posix":
        os.execve(command[0], command, environment())
    return subprocess.call(command, env=environment())  # pragma: no cover  (no exec on Windows)


if __name__ == "__main__":
    sys.exit(main())
