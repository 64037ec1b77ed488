"""Build the whole course as a static site in _site/ (``make site``): Voici pages whose Python runs in
the learner's browser (Pyodide, WebAssembly), with no request to any other host.

Run with the build environment's Python (``.venv-site``, made by ``bash scripts/setup.sh site`` from
staticsite/requirements.txt)::

    .venv-site/bin/python scripts/build_site.py [--out _site]

What it does, in order (docs/static-site.md tells why):

1. checks every puzzle file under lessons/ (a malformed one stops the build with its file:line);
2. gathers the wheels the browser's Python needs, all pinned: pure wheels from PyPI
   (staticsite/pyodide-wheels.txt, with hashes), a pure PyYAML wheel made from its sdist's Python
   part (staticsite/pyodide-sdists.txt), the project's own wheel, the kernel's own wheels that
   jupyterlite-pyodide-kernel ships, and empty stand-ins for sqlite3 and jedi (see ``STANDINS``);
3. byte-compiles them and Pyodide's standard library with Pyodide itself (staticsite/pycompile.mjs),
   the standard library with the site's customization (staticsite/sitecustomize.py) added;
4. writes a Pyodide folder with the runtime from npm (staticsite/package-lock.json), those wheels and a
   ``pyodide-lock.json`` for exactly them, and ``jupyter-lite.json`` (staticsite/jupyter-lite.json:
   the packages loaded at start, no PyPI fallback);
4b. starts the kernel's Python in Node with that very folder and saves it as a memory snapshot
   (staticsite/snapshot.mjs): the kernel's web worker starts from it (staticsite/snapshot-start.js,
   appended to the folder's pyodide.js), or the normal way should it fail (``--no-snapshot``: none);
5. runs ``voici build`` on a copy of lessons/ (every notebook, recursively, and every puzzle file)
   with the repository's lab template (share/jupyter, no CDN links);
6. drops what no page loads, adds the landing redirect and the USB-stick launcher, lets the pages run
   without a service worker (plain http from another computer: ``SERVICE_WORKER_PATCHES``) and say what to do
   when opened from the disk (staticsite/file-url.js), and prints the size;
7. writes the web app's manifest and icons (scripts/webapp.py), links them from every page, and writes the
   service worker (staticsite/service-worker.js) with the build's list of files to keep for offline use.

Downloads are kept in .cache/site/ (ignored by git), so a second build fetches nothing.
"""

from __future__ import annotations

import argparse
import base64
import email.parser
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

from packaging.requirements import Requirement

# scripts/webapp.py, the web app's manifest and icons (scripts/ leaves sys.path again: the tests load this file)
sys.path.insert(0, str(Path(__file__).resolve().parent))
try:
    import webapp
finally:
    del sys.path[0]

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "staticsite"
CACHE = ROOT / ".cache" / "site"
PYODIDE_NPM = HERE / "node_modules" / "pyodide"
#: Pyodide's runtime files (the npm package holds them and no package wheels).
RUNTIME = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
#: The Python the browser runs (Pyodide 0.29.0): what the pure wheels are downloaded for.
BROWSER_PYTHON = "3.13"
#: Environment markers of the browser's Python (a requirement marked for Windows is not shipped).
BROWSER_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                   "platform_machine": "wasm32", "implementation_name": "cpython",
                   "platform_python_implementation": "CPython", "python_version": BROWSER_PYTHON,
                   "python_full_version": BROWSER_PYTHON + ".2", "extra": ""}
#: The kernel's own wheels, shipped inside jupyterlite-pyodide-kernel's lab extension.
KERNEL_WHEELS = ("pyodide_kernel", "piplite", "ipykernel", "widgetsnbextension-4")
#: Requirements of shipped wheels that the browser does not need, and why.
NOT_SHIPPED = {
    "jupyterlab-widgets": "the widgets' JupyterLab front end: the site bundles it as a lab extension",
    "voila": "the app's server (the buraco-trainer command): in the site, the page is the server",
}
#: Packages the kernel installs at start (jupyterlite-pyodide-kernel's worker asks for them by name)
#: that the site replaces by an empty stand-in, and why. Importing one fails as if it were absent,
#: which IPython handles by itself.
STANDINS = {
    "sqlite3": "Pyodide's sqlite3 module is its own C build, on no registry this build uses: IPython keeps"
               " no command history without it",
    "jedi": "jedi (and parso) only complete code typed in a notebook, and nobody types code in these pages:"
            " without them IPython starts 0.8 s sooner and the site is 1.7 MB smaller",
}
#: The wheel of the kernel's IPython profile (its folder in site-packages is IPYTHONDIR's parent).
PRELOAD = "buraco_site_preload"
#: A fixed date for every zip entry the build writes: the same inputs give the same bytes.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def log(message: str) -> None:
    print(f"site: {message}", flush=True)


def run(command: list[str], **kwargs: object) -> None:
    subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# -- 1. the lessons and their puzzle files ---------------------------------------------------------

def lesson_files() -> list[Path]:
    """Every file under lessons/, recursively: the notebooks (lessons/de/ included), every puzzle file,
    and whatever else a lesson may read or show (checkpoints and caches left out)."""
    return sorted(p for p in (ROOT / "lessons").rglob("*") if p.is_file()
                  and not {".ipynb_checkpoints", "__pycache__"} & set(p.parts))


def check_puzzles(folder: Path = ROOT / "lessons") -> None:
    """A malformed puzzle file stops the build, reported as ``file:line: message``."""
    sys.path.insert(0, str(ROOT))
    from buraco_core.teach import check_folder

    problems = check_folder(folder)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(f"site: {len(problems)} problem(s) in the puzzle files: fix them and build again")


# -- 2. the wheels ---------------------------------------------------------------------------------

def download_wheels() -> list[Path]:
    """The pinned pure wheels from PyPI (their hashes checked by pip), cached in .cache/site/wheels."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--require-hashes", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
         "--python-version", BROWSER_PYTHON, "-d", str(folder), "-r", str(HERE / "pyodide-wheels.txt")])
    wanted = {canonical(line.split("==")[0]): line.split("==")[1].split()[0]
              for line in requirement_lines(HERE / "pyodide-wheels.txt")}
    found = [p for p in folder.glob("*.whl") if wanted.get(canonical(p.name.split("-")[0])) == p.name.split("-")[1]]
    assert len(found) == len(wanted), f"expected {len(wanted)} wheels in {folder}, found {len(found)}"
    return sorted(found)


def requirement_lines(path: Path) -> list[str]:
    text = path.read_text().replace("\\\n", " ")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def pure_wheel_from_sdist(line: str, out: Path) -> Path:
    """A ``py3-none-any`` wheel of a package's pure-Python part, from its pinned sdist (PyYAML: its
    C speed-ups are optional, ``yaml`` falls back to the pure loader by itself)."""
    name, version = line.split("==")[0], line.split("==")[1].split()[0]
    folder = CACHE / "sdists"
    folder.mkdir(parents=True, exist_ok=True)
    req = folder / f"{name}.txt"
    req.write_text(line + "\n")
    run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--require-hashes", "--no-binary=:all:", "-d", str(folder), "-r", str(req)])
    sdist = next(p for p in folder.glob("*.tar.gz") if canonical(p.name[:-7].rsplit("-", 1)[0]) == canonical(name)
                 and p.name[:-7].rsplit("-", 1)[1] == version)
    files: dict[str, bytes] = {}
    metadata = b""
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if member.isfile() and len(parts) > 3 and parts[1] == "lib" and parts[-1].endswith(".py"):
                files["/".join(parts[2:])] = tar.extractfile(member).read()  # type: ignore[union-attr]
            elif member.isfile() and len(parts) == 2 and parts[1] == "PKG-INFO":
                metadata = tar.extractfile(member).read()  # type: ignore[union-attr]
    assert files and metadata, f"{sdist.name}: no lib/*.py or PKG-INFO"
    dist = f"{canonical(name).replace('-', '_')}-{version}"
    return write_wheel(out / f"{dist}-py3-none-any.whl", dist, files, metadata,
                       "Built by scripts/build_site.py from the sdist's Python part (no C extension)")


def write_wheel(path: Path, dist: str, files: dict[str, bytes], metadata: bytes, generator: str) -> Path:
    """A wheel with these files, its dist-info and RECORD, entries at a fixed date."""
    info = f"{dist}.dist-info"
    entries = dict(files)
    entries[f"{info}/METADATA"] = metadata
    entries[f"{info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: {generator}\nRoot-Is-Purelib: true\n"
                                "Tag: py3-none-any\n").encode()
    record = [f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(d).digest()).rstrip(b'=').decode()},{len(d)}"
              for n, d in sorted(entries.items())]
    entries[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in sorted(entries.items()):
            zf.writestr(zipfile.ZipInfo(name, ZIP_DATE), data, zipfile.ZIP_DEFLATED)
    return path


def standin(name: str, out: Path) -> Path:
    """An empty wheel for the package ``name`` of :data:`STANDINS`: its lock entry is called ``name``,
    but the wheel installs no module and claims no distribution of that name (``<name>_standin``)."""
    dist = f"{name}_standin-0.0.0"
    metadata = (f"Metadata-Version: 2.1\nName: {name}-standin\nVersion: 0.0.0\n"
                f"Summary: Stand-in for {name} in the static site: {STANDINS[name]}.\n").encode()
    return write_wheel(out / f"{dist}-py3-none-any.whl", dist, {}, metadata, "scripts/build_site.py")


def preload_wheel(out: Path) -> Path:
    """The IPython profile of the site's kernel (staticsite/ipython/, found through IPYTHONDIR, see
    staticsite/jupyter-lite.json): its startup files import what the lessons import and turn a
    failing cell's traceback into a sentence."""
    files = {f"{PRELOAD}/ipython/{p.relative_to(HERE / 'ipython').as_posix()}": p.read_bytes()
             for p in sorted((HERE / "ipython").rglob("*.py"))}
    dist = f"{PRELOAD}-0.0.0"
    metadata = (f"Metadata-Version: 2.1\nName: {canonical(PRELOAD)}\nVersion: 0.0.0\n"
                "Summary: The static site kernel's IPython profile: imports what the lessons import.\n"
                "Requires-Dist: buraco-trainer\n").encode()
    return write_wheel(out / f"{dist}-py3-none-any.whl", dist, files, metadata, "scripts/build_site.py")


def project_wheel(out: Path) -> Path:
    """The project's own wheel (buraco_core and buraco_widgets), built from this checkout."""
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(ROOT, tmp, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
            ".git", ".venv*", ".cache", "_site", "node_modules", "test-artifacts", "build", "*.egg-info",
            "__pycache__"))
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--no-build-isolation", "-w", str(out), tmp], stdout=subprocess.DEVNULL)
    return next(out.glob("buraco_trainer-*.whl"))


def kernel_wheels() -> list[Path]:
    folder = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    found = [p for p in sorted(folder.glob("*.whl")) if p.name.startswith(KERNEL_WHEELS)]
    assert len(found) == len(KERNEL_WHEELS), f"expected the kernel's wheels {KERNEL_WHEELS} in {folder}"
    return found


# -- 3./4. compiled wheels, the Pyodide folder and its lock file -----------------------------------

def wheel_facts(path: Path) -> dict[str, object]:
    """Name, version, top-level imports and requirements of a wheel, from its own files."""
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode())
    imports = sorted({n.split("/")[0].removesuffix(".pyc").removesuffix(".py") for n in names
                      if not n.split("/")[0].endswith((".dist-info", ".data"))
                      and (n.endswith((".py", ".pyc")) or "/" in n)})
    requires = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate(BROWSER_MARKERS):
            requires.append(canonical(req.name))
    return {"name": canonical(meta["Name"]), "version": meta["Version"], "imports": imports,
            "requires": requires}


def pyodide_lock(wheels: list[Path], extra_depends: dict[str, list[str]]) -> dict[str, object]:
    """A pyodide-lock.json for exactly these wheels: real sha256, imports and dependencies."""
    base = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    facts = {}
    for w in wheels:
        f = wheel_facts(w)
        name = str(f["name"]).removesuffix("-standin")
        facts[name] = (w, {**f, "name": name})
    packages = {}
    for name, (w, f) in sorted(facts.items()):
        depends = []
        for req in [*f["requires"], *extra_depends.get(name, [])]:  # type: ignore[misc]
            if req in facts:
                depends.append(req)
            elif req not in NOT_SHIPPED:
                raise SystemExit(f"site: {w.name} requires {req}, which the site does not ship")
        packages[name] = {
            "name": name, "version": f["version"], "file_name": w.name, "install_dir": "site",
            "sha256": hashlib.sha256(w.read_bytes()).hexdigest(), "package_type": "package",
            "imports": f["imports"], "depends": sorted(set(depends)), "unvendored_tests": False,
            "shared_library": False,
        }
    return {"info": base["info"], "packages": packages}


def pyodide_folder(folder: Path, wheels: list[Path], extra_depends: dict[str, list[str]]) -> None:
    folder.mkdir(parents=True)
    for name in RUNTIME:
        if name != "python_stdlib.zip":
            shutil.copy2(PYODIDE_NPM / name, folder / name)
    # the kernel's web worker loads pyodide.js: its loadPyodide then starts from the kernel's snapshot
    # when the kernel's options name one (see kernel_snapshot), and as it is otherwise
    with (folder / "pyodide.js").open("a") as out:
        out.write((HERE / "snapshot-start.js").read_text())
    stdlib = folder.parent / "python_stdlib.zip"
    with zipfile.ZipFile(PYODIDE_NPM / "python_stdlib.zip") as zin, zipfile.ZipFile(stdlib, "w") as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info))
        zout.writestr(zipfile.ZipInfo("sitecustomize.py", ZIP_DATE), (HERE / "sitecustomize.py").read_bytes())
    jobs: list[str] = [str(stdlib), str(folder / "python_stdlib.zip")]
    for w in wheels:
        if w.name.startswith(PRELOAD):  # IPython runs startup files from source only
            shutil.copy2(w, folder / w.name)
        else:
            jobs += [str(w), str(folder / w.name)]
    log(f"byte-compiling the standard library and {len(jobs) // 2 - 1} wheels with Pyodide")
    run(["node", str(HERE / "pycompile.mjs"), *jobs], cwd=HERE)
    stdlib.unlink()
    compiled = [folder / w.name for w in wheels]
    lock = pyodide_lock(compiled, extra_depends)
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


# -- 5./6. Voici and the finishing touches ---------------------------------------------------------

def stage_contents(stage: Path, floor: bool = False) -> Path:
    """The folder Voici builds pages of: lessons/ as it is, or for the floor (``--floor``) the bare
    notebooks of benchmarks/floor/ at its top."""
    contents = stage / "contents"
    files = [(p, p.name) for p in sorted(FLOOR.glob("*.ipynb"))] if floor else \
        [(p, p.relative_to(ROOT).as_posix()) for p in lesson_files()]
    for path, name in files:
        target = contents / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    return contents


#: The bare one-button ipywidgets notebooks the speed benchmarks measure the site against (``--floor``).
FLOOR = ROOT / "benchmarks" / "floor"
#: Packages the kernel loads for the course only: the floor's kernel (``--floor``) goes without them,
#: without the course's IPython profile and without a memory snapshot, as a bare ipywidgets page would.
COURSE_PACKAGES = ("anywidget", "pyyaml", "buraco-trainer", PRELOAD.replace("_", "-"))


def lite_config(floor: bool) -> dict[str, object]:
    """staticsite/jupyter-lite.json; for the floor, its kernel without the course's packages and profile."""
    config: dict[str, object] = json.loads((HERE / "jupyter-lite.json").read_text())
    if floor:
        kernel = config["jupyter-config-data"]["litePluginSettings"][  # type: ignore[index]
            "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
        kernel["packages"] = [p for p in kernel["packages"] if p not in COURSE_PACKAGES]
        kernel.pop("env", None)
    return config


#: Where the kernel's snapshot is, in the Pyodide folder (staticsite/snapshot.mjs writes it and its data,
#: kernel-snapshot.bin).
SNAPSHOT = "kernel-snapshot.json"


def kernel_snapshot(folder: Path, config: dict[str, object]) -> None:
    """The kernel's Python started in Node from the Pyodide ``folder`` with the kernel's options of
    ``config`` (the packages, the IPython profile), saved as a memory snapshot in ``folder``
    (staticsite/snapshot.mjs); the options then name it, for the worker's loadPyodide
    (staticsite/snapshot-start.js)."""
    kernel = config["jupyter-config-data"]["litePluginSettings"][  # type: ignore[index]
        "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    run(["node", str(HERE / "snapshot.mjs"), str(folder), json.dumps(kernel)], cwd=HERE)
    kernel["snapshot"] = SNAPSHOT


def voici_build(lite_dir: Path, contents: Path, out: Path) -> None:
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(ROOT / "share" / "jupyter"), env.get("JUPYTER_PATH")) if p)
    env["JUPYTER_CONFIG_DIR"] = str(lite_dir / "jupyter-config")  # no user settings leak into the site
    voila = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    build_log = CACHE / "voici-build.log"
    command = [str(Path(sys.executable).parent / "voici"), "build", "--contents", str(contents),
         "--output-dir", str(out), "--lite-dir", str(lite_dir), "--no-sourcemaps",
         f"--template={voila['template']}", f"--theme={voila['theme']}",
         f"--strip_sources={voila['strip_sources']}", f"--show_tracebacks={voila['show_tracebacks']}",
         f"--VoilaConfiguration.show_margins={voila['show_margins']}"]
    with build_log.open("w") as out_log:
        done = subprocess.run(command, cwd=lite_dir, env=env, stdout=out_log, stderr=subprocess.STDOUT, check=False)
    if done.returncode:
        print("\n".join(build_log.read_text().splitlines()[-40:]), file=sys.stderr)
        sys.exit(f"site: voici build failed (exit {done.returncode}); its whole log: {build_log}")


#: Lab extensions of the build environment that no Voici page needs (a JupyterLab toolbar button).
UNUSED_EXTENSIONS = ("@voila-dashboards/jupyterlab-preview",)
#: Where the style sheets that several pages carried inline go (see :func:`share_styles`).
SHARED_STYLES = "voici/shared"
STYLE = re.compile(r'<style type="text/css">(.*?)</style>', re.S)


def share_styles(out: Path, smallest: int = 8000) -> int:
    """Every inline style sheet of at least ``smallest`` bytes that more than one page carries, written
    once as ``voici/shared/<sha256>.css`` and linked from each page in its place (the same cascade).
    Voici inlines JupyterLab's style sheets into every page (256 KB each, 8 MB in all); a linked file
    is fetched once and then comes from the browser's cache. Returns the bytes saved."""
    pages = {page: page.read_text() for page in sorted(out.rglob("*.html"))}
    count: dict[str, int] = {}
    for text in pages.values():
        for m in STYLE.finditer(text):
            if len(m.group(1)) >= smallest:
                count[m.group(0)] = count.get(m.group(0), 0) + 1
    shared = {}
    for block, n in count.items():
        if n > 1:
            name = f"{hashlib.sha256(block.encode()).hexdigest()[:16]}.css"
            target = out / SHARED_STYLES / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(STYLE.match(block).group(1))  # type: ignore[union-attr]
            shared[block] = target
    saved = 0
    for page, text in pages.items():
        def link(m: re.Match[str], page: Path = page) -> str:
            target = shared.get(m.group(0))
            if target is None:
                return m.group(0)
            return f'<link rel="stylesheet" type="text/css" href="{os.path.relpath(target, page.parent)}">'

        new = STYLE.sub(link, text)
        if new != text:
            saved += len(text.encode()) - len(new.encode())
            page.write_text(new)
    return saved - sum(p.stat().st_size for p in shared.values())


#: What waits for a service worker, and the site's changes to it. A browser gives a page service workers only in
#: a secure context (https, or http from localhost); elsewhere (plain http from a school server or a teacher's
#: laptop) ``navigator.serviceWorker`` is undefined. JupyterLite 0.7.6's ServiceWorkerManager then returns
#: without settling its ``ready`` promise, and Voici 0.10's page awaits that promise before it renders the
#: notebook: "Loading the lesson…" for ever. The first change settles it as a failed registration does (later
#: JupyterLite does the same); the page then runs with no service worker, and the Pyodide kernel, seeing none,
#: does not mount the lessons' folder (/drive), which nothing in the lessons reads (the course's files are the
#: project wheel's package data). The second keeps Voici from logging that rejection, which carries no reason
#: (the manager has just warned why), as an error. Each is found exactly as written here, or the build stops.
SERVICE_WORKER_PATCHES = (
    ("JupyterLite's ServiceWorkerManager settles `ready` when the browser has no service worker",
     'else console.warn("ServiceWorkers not supported in this browser")}',
     'else console.warn("ServiceWorkers not supported in this browser"),this._ready.reject(void 0)}'),
    ("Voici renders the page once `ready` is settled, without logging a rejection that has no reason",
     "if(w)try{await w.ready}catch(e){console.error(e)}",
     "if(w)try{await w.ready}catch(e){void 0!==e&&console.error(e)}"),
)


def run_without_service_worker(out: Path) -> list[Path]:
    """Apply :data:`SERVICE_WORKER_PATCHES` to the site's scripts in ``out`` (Voici's build and the lab
    extensions' bundles: JupyterLite's manager is in both). Each must be found in Voici's build; returns the
    files changed. Stops the build, saying which, when one is not found (Voici or JupyterLite changed)."""
    scripts = sorted((out / "voici" / "build").glob("*.js")) + sorted((out / "extensions").rglob("*.js"))
    changed = []
    for what, old, new in SERVICE_WORKER_PATCHES:
        found = [p for p in scripts if old in p.read_text(encoding="utf-8")]
        if not any(p.parent == out / "voici" / "build" for p in found):
            sys.exit(f"site: not in Voici's build: {what} ({old!r}); Voici or JupyterLite changed, see"
                     " SERVICE_WORKER_PATCHES in scripts/build_site.py")
        for path in found:
            path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
            changed.append(path)
    return sorted(set(changed))


#: The page's script that, opened from the disk (file://), says so in place of the spinner
#: (staticsite/file-url.js); its sentence comes from the message catalog in the page's language.
FILE_URL_SCRIPT = HERE / "file-url.js"
#: Where in a page the script goes: after the spinner, before the notebook's cells.
CELLS = '<div id="rendered_cells"'


def page_language(page: Path, render: Path) -> str:
    """The language of a page of ``render`` (voici/render/): a lesson under lessons/<lang>/ is in ``lang``."""
    from buraco_core.messages import LANGUAGES

    parts = page.relative_to(render).parts
    return parts[1] if len(parts) > 2 and parts[0] == "lessons" and parts[1] in LANGUAGES else LANGUAGES[0]


def file_url_notice(out: Path) -> int:
    """Every notebook page of the site says, when opened from the disk, why nothing runs and what to do
    (browsers start no web worker for a file:// page, so the browser's Python cannot run): the sentence
    ``page.file-url`` of the page's language, shown by :data:`FILE_URL_SCRIPT`. Returns the pages changed."""
    sys.path.insert(0, str(ROOT))
    from buraco_core.messages import render as sentence

    script = FILE_URL_SCRIPT.read_text(encoding="utf-8")
    render = out / "voici" / "render"
    pages = sorted(render.rglob("*.html"))
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if text.count(CELLS) != 1:
            sys.exit(f"site: {page.relative_to(out)} has {text.count(CELLS)} {CELLS!r}, not one: the lab template changed")
        words = html.escape(sentence("page.file-url", page_language(page, render)), quote=True)
        tag = f'<script data-sentence="{words}">\n{script}</script>\n'
        page.write_text(text.replace(CELLS, tag + CELLS), encoding="utf-8")
    return len(pages)


#: The pages that work offline after a first visit (issue 39: used at a table with real cards), in every
#: language: their page and everything it and its kernel load are in the service worker's list. The review
#: is one of them: the referee's "Practise this rule" opens it (``10_review.html#set=...``).
OFFLINE_PAGES = ("scorepad", "referee", "10_review")
#: The pages whose visit asks the service worker to keep :data:`OFFLINE_PAGES` (the real-table pages).
OFFLINE_ASKING = ("scorepad", "referee")
#: The page's script that asks the service worker to keep the site for offline use (staticsite/offline.js).
OFFLINE_SCRIPT = HERE / "offline.js"


def app_names() -> dict[str, tuple[str, str]]:
    """Each language of :data:`webapp.MANIFESTS` with its app's name and short name, from the catalog."""
    sys.path.insert(0, str(ROOT))
    from buraco_core.messages import render as sentence

    return {lang: (sentence("page.app-name", lang), sentence("page.app-short-name", lang)) for lang in webapp.MANIFESTS}


def link_web_app(out: Path) -> int:
    """Every page of the site (the lessons, the folder listings, the landing redirect) links the web app's
    manifest of its language, its theme colour and its icon for iOS (:func:`webapp.head_links`); the pages of
    :data:`OFFLINE_ASKING` also get :data:`OFFLINE_SCRIPT`. Returns the pages changed."""
    render = out / "voici" / "render"
    script = OFFLINE_SCRIPT.read_text(encoding="utf-8")
    pages = sorted(out.rglob("*.html"))
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if text.count("</head>") != 1:
            sys.exit(f"site: {page.relative_to(out)} has {text.count('</head>')} </head>, not one")
        lesson = render in page.parents
        to_root = os.path.relpath(out, page.parent).replace(os.sep, "/") + "/"
        head = webapp.head_links(page_language(page, render) if lesson else "en", "" if to_root == "./" else to_root)
        if lesson and page.stem in OFFLINE_ASKING:
            head += f"<script>\n{script}</script>\n"
        page.write_text(text.replace("</head>", head + "</head>"), encoding="utf-8")
    return len(pages)


def offline_files(out: Path, web_app: list[str]) -> list[str]:
    """What the service worker keeps for offline use once a real-table page has shown its lesson, relative to
    the site's root: the pages of :data:`OFFLINE_PAGES` in every language, the web app's files, Voici's
    scripts and the shared style sheets, the lab extensions, the site's settings and Pyodide's folder (its
    wheels only when there is no memory snapshot: with one, the kernel fetches none)."""
    render = out / "voici" / "render"
    pyodide = out / "static" / "pyodide"
    snapshot = (pyodide / SNAPSHOT).is_file()
    files = [p for p in sorted(render.rglob("*.html")) if p.stem in OFFLINE_PAGES]
    for folder in ("voici/build", "voici/shared", "extensions", "api"):
        files += sorted(p for p in (out / folder).rglob("*") if p.is_file())
    files += [p for p in sorted(pyodide.iterdir()) if p.is_file() and not (snapshot and p.suffix == ".whl")]
    files += [out / name for name in ("jupyter-lite.json", "config-utils.js", "bootstrap.js") if (out / name).is_file()]
    return [*web_app, *(p.relative_to(out).as_posix() for p in files)]


def write_service_worker(out: Path, web_app: list[str]) -> str:
    """The site's service worker (staticsite/service-worker.js) with the build's name (a digest of every file
    it keeps, so a new build is a new worker with a new cache) and its list (:func:`offline_files`) filled in;
    returns what it keeps, in words."""
    files = offline_files(out, web_app)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes() + b"\0")
    build = digest.hexdigest()[:16]
    text = (HERE / "service-worker.js").read_text(encoding="utf-8")
    for placeholder in ('"__BUILD__"', '["__OFFLINE__"]'):
        if text.count(placeholder) != 1:
            sys.exit(f"site: staticsite/service-worker.js has {text.count(placeholder)} {placeholder}, not one")
    text = text.replace('"__BUILD__"', json.dumps(build)).replace('["__OFFLINE__"]', json.dumps(files, indent=0))
    (out / "service-worker.js").write_text(text, encoding="utf-8")
    size = sum((out / name).stat().st_size for name in files)
    return f"{len(files)} files, {size / 1e6:.1f} MB, build {build}"


def finish(out: Path) -> None:
    # The root build/ folder is JupyterLite's own app (lab, notebook); the Voici pages load voici/build/.
    shutil.rmtree(out / "build", ignore_errors=True)
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    data = config["jupyter-config-data"]
    data["federated_extensions"] = [e for e in data["federated_extensions"] if e["name"] not in UNUSED_EXTENSIONS]
    config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n")
    for name in UNUSED_EXTENSIONS:
        shutil.rmtree(out / "extensions" / name, ignore_errors=True)
    first = sorted((out / "voici" / "render" / "lessons").glob("00_*.html"))
    target = f"voici/render/lessons/{first[0].name}" if first else "voici/tree/index.html"
    (out / "index.html").write_text(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Buraco trainer</title>\n"
        f"<meta http-equiv=\"refresh\" content=\"0; url={target}\"></head>\n"
        f"<body><p><a href=\"{target}\">Open the Buraco trainer</a></p></body></html>\n")
    shutil.copy2(HERE / "serve.py", out / "serve.py")
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve every file as it is
    # JupyterLite's manifest and icons give way to the site's (scripts/webapp.py), and its service worker to
    # the site's own (staticsite/service-worker.js), both written last: the worker's list names every page's file
    for name in ("icon-120x120.png", "icon-512x512.png"):
        (out / name).unlink(missing_ok=True)
    log(f"the pages' shared style sheets: {share_styles(out) / 1e6:.1f} MB smaller")
    log(f"the pages run without a service worker too ({len(run_without_service_worker(out))} scripts changed)"
        f" and say what to do when opened from the disk ({file_url_notice(out)} pages)")
    web_app = webapp.write_web_app(out, app_names())
    log(f"a web app to add to a phone's home screen ({link_web_app(out)} pages link its manifest);"
        f" offline use: {write_service_worker(out, web_app)}")


#: What the site is made of: a change to any of these makes ``--if-changed`` build again.
INPUTS = ("lessons", "benchmarks/floor", "buraco_core", "widgets", "share/jupyter", "pyproject.toml", "voila.json",
          "scripts/build_site.py", "staticsite/requirements.txt", "staticsite/pyodide-wheels.txt",
          "staticsite/pyodide-sdists.txt", "staticsite/jupyter-lite.json", "staticsite/package-lock.json",
          "staticsite/pycompile.mjs", "staticsite/serve.py", "staticsite/ipython",
          "staticsite/sitecustomize.py", "staticsite/service-worker.js", "staticsite/snapshot.mjs",
          "staticsite/snapshot-start.js", "staticsite/file-url.js", "staticsite/offline.js", "scripts/webapp.py")
STAMP = ".build-inputs"


def inputs_digest() -> str:
    """One sha256 over the names and bytes of every input file (caches and checkpoints left out)."""
    digest = hashlib.sha256()
    for name in INPUTS:
        top = ROOT / name
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            if {"__pycache__", ".ipynb_checkpoints"} & set(path.parts) or path.suffix == ".pyc":
                continue
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def size_of(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "_site"), help="where the site goes (default: _site)")
    parser.add_argument("--if-changed", action="store_true",
                        help="do nothing when the site in --out was built from the same inputs")
    parser.add_argument("--floor", action="store_true",
                        help="build the speed benchmarks' floor instead: the same site with only the bare"
                             " one-button notebooks of benchmarks/floor/ and a kernel without the course")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="no memory snapshot of the kernel: it starts the normal way (the floor never has one)")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    started = time.perf_counter()
    digest = inputs_digest() + ("-floor" if args.floor else "") + ("-no-snapshot" if args.no_snapshot else "")
    if args.if_changed and (out / STAMP).is_file() and (out / STAMP).read_text().strip() == digest:
        log(f"{out} is up to date ({size_of(out) / 1e6:.1f} MB)")
        return 0
    if not PYODIDE_NPM.exists():
        sys.exit("site: staticsite/node_modules is missing: run `bash scripts/setup.sh site` (or make site)")
    if not args.floor:
        log("checking the puzzle files")
        check_puzzles()
    with tempfile.TemporaryDirectory(prefix="buraco-site-") as tmp:
        stage = Path(tmp)
        wheels_dir = stage / "wheels"
        wheels_dir.mkdir()
        log("gathering the wheels")
        wheels = download_wheels()
        wheels += [pure_wheel_from_sdist(line, wheels_dir) for line in requirement_lines(HERE / "pyodide-sdists.txt")]
        project = project_wheel(wheels_dir)
        wheels += [project, preload_wheel(wheels_dir), *(standin(name, wheels_dir) for name in STANDINS),
                   *kernel_wheels()]
        # The project's wheel has no install requirements (the engine needs only the standard library);
        # in the browser the lessons need the widgets and the YAML reader too.
        extra = {"buraco-trainer": ["ipywidgets", "anywidget", "pyyaml"]}
        lite = stage / "lite"
        lite.mkdir()
        pyodide_folder(lite / "static" / "pyodide", wheels, extra)
        config = lite_config(args.floor)
        if not (args.floor or args.no_snapshot):
            log("the kernel's memory snapshot (Python started in Node)")
            kernel_snapshot(lite / "static" / "pyodide", config)
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
        contents = stage_contents(stage, args.floor)
        log(f"voici build of {sum(1 for p in contents.rglob('*.ipynb'))} notebooks")
        if out.exists():
            shutil.rmtree(out)
        voici_build(lite, contents, out)
    finish(out)
    (out / STAMP).write_text(digest + "\n")
    log(f"{out} is {size_of(out) / 1e6:.1f} MB in {sum(1 for p in out.rglob('*') if p.is_file())} files"
        f" (built in {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
