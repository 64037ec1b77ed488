"""The static site's build script (scripts/build_site.py) without building a site: the puzzle check
that stops it, the wheels it writes and the Pyodide lock file it derives from them. The built site
itself is tested in tests/browser/test_site.py."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import struct
import sys
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Pyodide's lock file, from the npm side of the site's build (``bash scripts/setup.sh site``, which
#: ``make test`` and ``make site`` run; ``make check`` sets up only .venv).
PYODIDE_LOCK = ROOT / "staticsite" / "node_modules" / "pyodide" / "pyodide-lock.json"
needs_pyodide = pytest.mark.skipif(not PYODIDE_LOCK.exists(),
                                   reason="needs Pyodide's lock file: bash scripts/setup.sh site (make test does)")


@pytest.fixture(scope="module")
def build_site() -> Any:
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_malformed_puzzle_file_stops_the_build_with_file_and_line(build_site: Any, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "puzzles").mkdir()
    bad = tmp_path / "puzzles" / "09_bad.yaml"
    bad.write_text("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h Zz\n")
    with pytest.raises(SystemExit, match="1 problem"):
        build_site.check_puzzles(tmp_path)
    assert f"{bad}:4: hand:" in capsys.readouterr().err
    bad.write_text("puzzles:\n  - id: a\n    kind: make-meld\n    hand: 4h 5h 6h 9c\n")
    build_site.check_puzzles(tmp_path)  # sound: nothing raised


def wheel(build_site: Any, folder: Path, name: str, requires: list[str], module: str) -> Path:
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n" + "".join(f"Requires-Dist: {r}\n" for r in requires)
    return build_site.write_wheel(folder / f"{name}-1.0-py3-none-any.whl", f"{name}-1.0",
                                  {f"{module}/__init__.py": b"x = 1\n"}, meta.encode(), "test")


@needs_pyodide
def test_the_lock_file_lists_exactly_the_wheels_with_their_dependencies(build_site: Any, tmp_path: Path) -> None:
    a = wheel(build_site, tmp_path, "pkg_a", ["pkg-b>=1", "colorama; sys_platform == 'win32'",
                                              "pytest; extra == 'test'"], "a")
    b = wheel(build_site, tmp_path, "pkg_b", [], "b")
    with zipfile.ZipFile(a) as zf:
        assert zf.testzip() is None and "pkg_a-1.0.dist-info/RECORD" in zf.namelist()
    lock = build_site.pyodide_lock([a, b], {"pkg-b": ["pkg-a"]})["packages"]
    assert set(lock) == {"pkg-a", "pkg-b"}
    assert lock["pkg-a"]["depends"] == ["pkg-b"]  # not Windows' colorama, not an extra's pytest
    assert lock["pkg-b"]["depends"] == ["pkg-a"]  # an extra dependency the build adds
    assert lock["pkg-a"]["imports"] == ["a"] and lock["pkg-a"]["file_name"] == a.name
    with pytest.raises(SystemExit, match="requires pkg-b, which the site does not ship"):
        build_site.pyodide_lock([a], {})


@needs_pyodide
def test_a_standin_installs_nothing_under_the_name_it_stands_for(build_site: Any, tmp_path: Path) -> None:
    standin = build_site.standin("sqlite3", tmp_path)
    with zipfile.ZipFile(standin) as zf:
        assert all(n.startswith("sqlite3_standin-0.0.0.dist-info/") for n in zf.namelist())
    assert set(build_site.pyodide_lock([standin], {})["packages"]) == {"sqlite3"}


def test_the_pages_run_without_a_service_worker(build_site: Any, tmp_path: Path) -> None:
    """Voici's build and a lab extension's bundle, as Voici 0.10 and JupyterLite 0.7.6 ship them: JupyterLite's
    manager settles `ready` when the browser has no service worker (a page that is no secure context), and
    Voici then renders the page, where it waited for ever."""
    build, extension = tmp_path / "voici" / "build", tmp_path / "extensions" / "@x" / "static"
    build.mkdir(parents=True)
    extension.mkdir(parents=True)
    (manager, _, _), (voici, _, _) = [(old, what, new) for what, old, new in build_site.SERVICE_WORKER_PATCHES]
    (build / "1650.js").write_text(f"a;{manager};b")
    (build / "5981.js").write_text(f"c;{voici};d")
    (extension / "644.js").write_text(f"e;{manager};f")
    (build / "other.js").write_text("nothing to change")
    changed = build_site.run_without_service_worker(tmp_path)
    assert changed == sorted([build / "1650.js", build / "5981.js", extension / "644.js"])
    assert (build / "1650.js").read_text() == \
        'a;else console.warn("ServiceWorkers not supported in this browser"),this._ready.reject(void 0)};b'
    assert (extension / "644.js").read_text().startswith("e;else console.warn") and "reject" in (extension / "644.js").read_text()
    assert (build / "5981.js").read_text() == "c;if(w)try{await w.ready}catch(e){void 0!==e&&console.error(e)};d"
    with pytest.raises(SystemExit, match="not in Voici's build: JupyterLite's ServiceWorkerManager"):
        build_site.run_without_service_worker(tmp_path)  # changed already: another Voici would not have it


def test_a_page_opened_from_the_disk_says_what_to_do_in_its_language(build_site: Any, tmp_path: Path) -> None:
    from buraco_core.messages import render

    render_dir = tmp_path / "voici" / "render"
    page = '<body><div id="loading"></div>\n<div id="rendered_cells" style="display: none"></div></body>'
    for name in ("lessons/03_buracos.html", "lessons/de/03_buracos.html", "floor.html"):
        (render_dir / name).parent.mkdir(parents=True, exist_ok=True)
        (render_dir / name).write_text(page)
    assert build_site.file_url_notice(tmp_path) == 3
    for name, lang in (("lessons/03_buracos.html", "en"), ("lessons/de/03_buracos.html", "de"), ("floor.html", "en")):
        text = (render_dir / name).read_text()
        said = re.search(r'<script data-sentence="([^"]*)">\n(.*?)</script>\n<div id="rendered_cells"', text, re.S)
        assert said is not None, text
        assert html.unescape(said.group(1)) == render("page.file-url", lang)
        assert said.group(2) == build_site.FILE_URL_SCRIPT.read_text()
    assert "&#x27;" in (render_dir / "lessons/03_buracos.html").read_text()  # "lesson's", quoted in the attribute
    (render_dir / "broken.html").write_text("<body>no cells</body>")
    with pytest.raises(SystemExit, match=r"broken\.html has 0"):
        build_site.file_url_notice(tmp_path)


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """A PNG of :func:`webapp.png` read back with the standard library: its size and its rows of RGBA."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = {}, 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = body
        at += 12 + length
    width, height, depth, color, *_ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, color) == (8, 6) and b"IEND" in chunks
    raw = zlib.decompress(chunks[b"IDAT"])
    rows = [raw[j * (4 * width + 1):(j + 1) * (4 * width + 1)] for j in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, [row[1:] for row in rows]


def test_the_png_writer_writes_what_it_is_given(build_site: Any) -> None:
    webapp = build_site.webapp
    rows = [bytes([10, 20, 30, 255, 200, 100, 0, 128]), bytes([0, 0, 0, 0, 255, 255, 255, 255])]
    data = webapp.png(2, 2, rows)
    assert png_pixels(data) == (2, 2, rows)
    assert webapp.png_size(data) == (2, 2)
    with pytest.raises(ValueError, match="a row of 4 bytes, not 8"):
        webapp.png(2, 1, [bytes(4)])
    with pytest.raises(ValueError, match="1 rows, not 2"):
        webapp.png(2, 2, [bytes(8)])


def test_the_icon_is_the_sites_blue_with_a_white_card_and_a_red_heart(build_site: Any) -> None:
    webapp = build_site.webapp
    width, height, rows = png_pixels(webapp.draw(192))
    assert (width, height) == (192, 192)

    def at(x: float, y: float) -> tuple[int, ...]:
        i, j = int(x * 192), int(y * 192)
        return tuple(rows[j][4 * i:4 * i + 4])

    assert at(0.02, 0.02) == webapp.rgba(webapp.THEME_COLOR)  # a maskable icon: no transparent corner
    assert at(0.5, 0.25) == webapp.rgba(webapp.BACKGROUND_COLOR)
    assert at(0.5, 0.5) == webapp.rgba(webapp.CARD_RED)
    svg = webapp.svg()
    assert svg.startswith("<svg") and webapp.CARD_RED in svg and webapp.THEME_COLOR in svg


def test_the_web_app_manifest_of_each_language_starts_at_its_score_pad(build_site: Any, tmp_path: Path) -> None:
    from buraco_core.messages import render


    webapp = build_site.webapp
    written = webapp.write_web_app(tmp_path, build_site.app_names())
    assert set(written) == {"icons/buraco.svg", "icons/buraco-192.png", "icons/buraco-512.png",
                            "manifest.webmanifest", "manifest.de.webmanifest"}
    for file, lang, start in (("manifest.webmanifest", "en", "voici/render/lessons/scorepad.html"),
                              ("manifest.de.webmanifest", "de", "voici/render/lessons/de/scorepad.html")):
        manifest = json.loads((tmp_path / file).read_text())
        assert manifest["lang"] == lang and manifest["start_url"] == start and manifest["scope"] == "./"
        assert manifest["display"] == "standalone"
        assert (manifest["name"], manifest["short_name"]) == (render("page.app-name", lang),
                                                              render("page.app-short-name", lang))
        sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
        for n in (192, 512):
            assert sizes[f"{n}x{n}"]["type"] == "image/png"
            assert webapp.png_size((tmp_path / sizes[f"{n}x{n}"]["src"]).read_bytes()) == (n, n)
    assert '<link rel="manifest" href="../../../manifest.de.webmanifest">' in webapp.head_links("de", "../../../")


def test_every_page_links_the_manifest_and_the_service_worker_lists_the_offline_pages(build_site: Any,
                                                                                     tmp_path: Path) -> None:
    pages = {"index.html": "en", "voici/render/lessons/scorepad.html": "en", "voici/render/lessons/de/referee.html": "de",
             "voici/render/lessons/01_melds.html": "en", "voici/render/lessons/10_review.html": "en",
             "voici/render/lessons/de/10_review.html": "de", "voici/tree/index.html": "en"}
    for name in pages:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("<html><head><title>x</title></head><body></body></html>")
    for name in ("voici/build/main.js", "static/pyodide/pyodide.asm.wasm", "static/pyodide/kernel-snapshot.json",
                 "static/pyodide/ipython-9.0.2-py3-none-any.whl", "jupyter-lite.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    web_app = build_site.webapp.write_web_app(tmp_path, build_site.app_names())
    assert build_site.link_web_app(tmp_path) == len(pages)
    for name, lang in pages.items():
        text = (tmp_path / name).read_text()
        manifest = "manifest.webmanifest" if lang == "en" else "manifest.de.webmanifest"
        to_root = "../" * name.count("/")
        assert f'<link rel="manifest" href="{to_root}{manifest}">' in text, name
        assert '<meta name="theme-color"' in text and 'rel="apple-touch-icon"' in text
        assert ("keep-offline" in text) == name.endswith(("scorepad.html", "referee.html")), name  # the review only kept
    said = build_site.write_service_worker(tmp_path, web_app)
    worker = (tmp_path / "service-worker.js").read_text()
    assert "__BUILD__" not in worker and "__OFFLINE__" not in worker
    listed = json.loads(re.search(r"const OFFLINE = (\[.*?\]);", worker, re.S).group(1))  # type: ignore[union-attr]
    assert {"voici/render/lessons/scorepad.html", "voici/render/lessons/de/referee.html", "voici/build/main.js",
            "static/pyodide/pyodide.asm.wasm", "manifest.webmanifest", "icons/buraco-512.png",
            # the referee's "Practise this rule" opens the review, in both languages
            "voici/render/lessons/10_review.html", "voici/render/lessons/de/10_review.html"} <= set(listed)
    assert "voici/render/lessons/01_melds.html" not in listed  # a lesson is kept once visited, not before
    assert "static/pyodide/ipython-9.0.2-py3-none-any.whl" not in listed  # the kernel starts from its snapshot
    assert f"{len(listed)} files" in said
    build = re.search(r'const BUILD = "([0-9a-f]{16})";', worker)
    assert build is not None
    (tmp_path / "voici/build/main.js").write_text("another build")
    build_site.write_service_worker(tmp_path, web_app)
    assert build.group(1) not in (tmp_path / "service-worker.js").read_text()  # a new build, a new cache
