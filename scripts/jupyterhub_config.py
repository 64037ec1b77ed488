"""JupyterHub for a class: every learner lands on the course's landing page in Voila.

Start it (after ``bash scripts/hub_env.sh``, see docs/serving.md, "A JupyterHub for a class"):

    .venv-hub/bin/jupyterhub -f scripts/jupyterhub_config.py

Learners log in with the hub's authenticator (by default the machine's own accounts, PAM; any
JupyterHub authenticator works: set ``c.JupyterHub.authenticator_class`` in a config file of your
own that loads this one with ``load_subconfig``) and each gets a single-user server from the
environment ``hub_env.sh`` built (BURACO_HUB_ENV, default ``.venv-hub`` beside this folder).

The memory figures below are measured by tests/deploy/test_hub.py (two learners, one lesson open
each): see docs/serving.md, "Memory to plan".

A class folder: start the hub with ``BURACO_CLASS_DIR=/srv/buraco-class`` (a folder the learners
may write to and the teacher may read: docs/teachers.md) and every learner's "Hand in my progress"
also writes their progress there, as ``<hub user>.json``; the teacher's page reads the folder. Without
it, nothing is written anywhere.
"""

import os
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub's config loader provides it)

REPO = Path(__file__).resolve().parent.parent
ENV = Path(os.environ.get("BURACO_HUB_ENV", REPO / ".venv-hub"))

c.JupyterHub.ip = os.environ.get("BURACO_HUB_IP", "0.0.0.0")  # the classroom's network
c.JupyterHub.port = int(os.environ.get("BURACO_HUB_PORT", "8000"))
c.ConfigurableHTTPProxy.command = [str(ENV / "node" / "node_modules" / ".bin" / "configurable-http-proxy")]

c.Spawner.cmd = [str(ENV / "bin" / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(REPO)  # the lessons' folder is the root
# the landing page in the class's language: BURACO_LANGUAGE=de for the German course (lessons/de/)
_LANGUAGE = os.environ.get("BURACO_LANGUAGE", "en")
c.Spawner.default_url = ("/voila/render/lessons/00_welcome.ipynb" if _LANGUAGE == "en"
                         else f"/voila/render/lessons/{_LANGUAGE}/00_welcome.ipynb")
# the lab template without CDN links (share/jupyter), as scripts/app.sh and binder/start set it
c.Spawner.environment = {"JUPYTER_PATH": str(REPO / "share" / "jupyter")}
# the class folder, where hand-ins go (only when a learner presses the button; see the docstring)
if os.environ.get("BURACO_CLASS_DIR"):
    c.Spawner.environment["BURACO_CLASS_DIR"] = os.environ["BURACO_CLASS_DIR"]
# measured (tests/deploy/test_hub.py): a learner's server with one lesson open takes about 215 MiB (RSS),
# each more lesson open at the same time about 65 MiB more: 320M covers two lessons (docs/serving.md)
c.Spawner.mem_guarantee = "320M"
c.Spawner.mem_limit = "512M"
