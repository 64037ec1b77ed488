"""Write the Jupyter server settings that Voila needs when it runs as a server extension
(mybinder.org, a JupyterHub), derived from voila.json.

As an extension, Voila reads voila.json (in the folder the server starts in) for its own settings
only: kernels belong to the Jupyter server. This adds the idle-kernel culling of voila.json
(MappingKernelManager) to the server's config file, merged with what is there. The server's web
settings are left alone: the lab template of share/jupyter keeps Voila's page off the internet
(MathJax included) by itself, and Notebook 7 and JupyterLab on the same server keep working.

Usage: python scripts/server_config.py [PATH]   (default: ~/.jupyter/jupyter_server_config.json)
Also set JUPYTER_PATH=<repo>/share/jupyter for the server (binder/start does), so that Voila finds
the lab template without CDN links.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def server_config(voila_json: Path = ROOT / "voila.json") -> dict[str, dict[str, object]]:
    culling = json.loads(voila_json.read_text())["MappingKernelManager"]
    return {"MappingKernelManager": dict(culling)}


def merge(target: dict[str, object], extra: dict[str, dict[str, object]]) -> dict[str, object]:
    for section, values in extra.items():
        current = target.setdefault(section, {})
        assert isinstance(current, dict), f"{section} is not a JSON object in the existing config"
        for key, value in values.items():
            if isinstance(value, dict) and isinstance(current.get(key), dict):
                current[key] = {**current[key], **value}
            else:
                current[key] = value
    return target


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else Path.home() / ".jupyter" / "jupyter_server_config.json"
    existing = json.loads(path.read_text()) if path.exists() else {}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(merge(existing, server_config()), indent=2) + "\n")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
