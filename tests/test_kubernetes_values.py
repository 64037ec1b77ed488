"""deploy/kubernetes/values.yaml, the Zero to JupyterHub values for a class: every key is one the chart
documents, and the values agree with the rest of the repository (the landing page, the memory the hub
recipe guarantees, the class folder's variable, the JupyterHub version of scripts/hub_env.sh).

The chart's own schema (jupyterhub/values.schema.yaml of jupyterhub/zero-to-jupyterhub-k8s) is not
copied here: ``DOCUMENTED`` lists the key paths this file uses, each as the schema of chart 4.3.5
documents it, and a key not in the list fails the test until it is looked up there and added. With
``Z2JH_SCHEMA`` pointing at that schema (``helm pull jupyterhub/jupyterhub --version 4.3.5 --untar``
gives values.schema.json), the whole file is also validated against it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from buraco_core.teach.learners.handin import CLASS_DIR

ROOT = Path(__file__).resolve().parent.parent
VALUES = ROOT / "deploy" / "kubernetes" / "values.yaml"
#: The chart's version the file is written for, and the JupyterHub it runs (its appVersion).
CHART, JUPYTERHUB = "4.3.5", "5.4.6"
#: Key paths of the chart's values.schema.yaml (4.3.5) this file uses. Those ending in "*" are free-form
#: mappings in the schema (additionalProperties: true) or lists of Kubernetes objects: not descended.
DOCUMENTED = {
    "singleuser", "singleuser.image", "singleuser.image.name", "singleuser.image.tag", "singleuser.defaultUrl",
    "singleuser.memory", "singleuser.memory.guarantee", "singleuser.memory.limit", "singleuser.cpu",
    "singleuser.cpu.guarantee", "singleuser.cpu.limit", "singleuser.storage", "singleuser.storage.type",
    "singleuser.storage.extraVolumes*", "singleuser.storage.extraVolumeMounts*", "singleuser.extraEnv*",
    "singleuser.initContainers*", "singleuser.startTimeout", "cull", "cull.enabled", "cull.timeout", "cull.every",
    "prePuller", "prePuller.hook", "prePuller.hook.enabled", "prePuller.continuous", "prePuller.continuous.enabled",
}


def values() -> dict[str, Any]:
    return dict(yaml.safe_load(VALUES.read_text()))


def key_paths(node: Any, prefix: str = "") -> Iterator[str]:
    for key, value in node.items():
        path = f"{prefix}{key}"
        if f"{path}*" in DOCUMENTED:
            yield f"{path}*"
            continue
        yield path
        if isinstance(value, dict):
            yield from key_paths(value, path + ".")


def test_every_key_is_one_the_chart_documents() -> None:
    used = list(key_paths(values()))
    assert [p for p in used if p not in DOCUMENTED] == []
    assert f"--version {CHART}" in VALUES.read_text() and f"version {CHART} (JupyterHub {JUPYTERHUB}" in \
        VALUES.read_text()
    assert f"hub_version={JUPYTERHUB}" in (ROOT / "scripts" / "hub_env.sh").read_text()


@pytest.mark.skipif(not os.environ.get("Z2JH_SCHEMA"), reason="set Z2JH_SCHEMA to the chart's values.schema file")
def test_the_file_validates_against_the_charts_own_schema() -> None:
    import jsonschema

    path = Path(os.environ["Z2JH_SCHEMA"])
    schema = json.loads(path.read_text()) if path.suffix == ".json" else yaml.safe_load(path.read_text())

    def optional(node: Any) -> None:   # the chart's defaults give what the schema requires
        if isinstance(node, dict):
            node.pop("required", None)
            for value in node.values():
                optional(value)
        elif isinstance(node, list):
            for value in node:
                optional(value)

    optional(schema)
    assert [e.message for e in jsonschema.Draft7Validator(schema).iter_errors(values())] == []


def test_the_values_agree_with_the_repository() -> None:
    user = values()["singleuser"]
    page = user["defaultUrl"].removeprefix("/voila/render/")
    assert (ROOT / page).is_file(), page
    hub = (ROOT / "scripts" / "jupyterhub_config.py").read_text()
    assert user["memory"]["guarantee"] == re.search(r'mem_guarantee = "(\w+)"', hub).group(1)  # type: ignore[union-attr]
    assert user["memory"]["limit"] == re.search(r'mem_limit = "(\w+)"', hub).group(1)  # type: ignore[union-attr]
    folder = user["extraEnv"][CLASS_DIR]
    mounts = {m["name"]: m["mountPath"] for m in user["storage"]["extraVolumeMounts"]}
    volumes = {v["name"] for v in user["storage"]["extraVolumes"]}
    (init,) = user["initContainers"]
    assert mounts == {"buraco-class": folder} and volumes == {"buraco-class"}
    assert init["volumeMounts"] == [{"name": "buraco-class", "mountPath": folder}] and folder in init["command"][-1]
    claim = yaml.safe_load((ROOT / "deploy" / "kubernetes" / "class-folder.yaml").read_text())
    assert claim["kind"] == "PersistentVolumeClaim" and claim["metadata"]["name"] == \
        user["storage"]["extraVolumes"][0]["persistentVolumeClaim"]["claimName"]
    assert claim["spec"]["accessModes"] == ["ReadWriteMany"]
