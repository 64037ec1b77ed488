"""The static site as a web app a phone can add to its home screen (issue 39): the icon, drawn once as
geometry and written both as SVG and as PNG (Chrome's install prompt wants PNGs of 192 and 512 px),
and the web app manifest of each language, whose start is the score pad.

Standard library only: the build environment has no Pillow, so the PNGs are written by
:func:`png` (zlib and struct). They are drawn at build time rather than committed: the drawing is
one function of a few shapes, the same for the SVG and the PNGs, takes well under a second, and no
binary file can drift from it. ``scripts/build_site.py`` calls :func:`write_web_app`.
"""

from __future__ import annotations

import json
import math
import struct
import zlib
from collections.abc import Iterable
from pathlib import Path

#: The site's colours (the widgets' own: their blue, the light theme's white, the cards' red).
THEME_COLOR = "#1565c0"
BACKGROUND_COLOR = "#ffffff"
CARD_RED = "#b71c1c"
#: Where the icons go, under the site's root.
ICONS = "icons"
#: The PNG sizes written (Chrome's installability asks for 192 and 512).
PNG_SIZES = (192, 512)
#: The manifest of each language, under the site's root, and its start page (the score pad). The app's
#: names are the catalog's (``page.app-name``, ``page.app-short-name``), which the build passes in.
MANIFESTS = {
    "en": ("manifest.webmanifest", "voici/render/lessons/scorepad.html"),
    "de": ("manifest.de.webmanifest", "voici/render/lessons/de/scorepad.html"),
}
#: A language's app names: its name and its short name (under the icon on a home screen).
Names = dict[str, tuple[str, str]]

RGBA = tuple[int, int, int, int]


def rgba(color: str, alpha: int = 255) -> RGBA:
    """``#rrggbb`` as an RGBA tuple."""
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16), alpha


def png(width: int, height: int, rows: Iterable[bytes]) -> bytes:
    """A PNG (8-bit RGBA, not interlaced) of ``height`` rows of ``4 * width`` bytes each."""
    raw = bytearray()
    count = 0
    for row in rows:
        if len(row) != 4 * width:
            raise ValueError(f"a row of {len(row)} bytes, not {4 * width}")
        raw += b"\0" + row  # filter type 0: the row as it is
        count += 1
    if count != height:
        raise ValueError(f"{count} rows, not {height}")

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height a PNG declares (its IHDR chunk)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# -- the icon: a white card with a red heart on the site's blue, in a unit square -----------------------

#: The card: left, top, right, bottom and the corners' radius, in the unit square (0 to 1), inside the
#: circle of radius 0.4 that a maskable icon keeps whatever the mask.
CARD = (0.28, 0.2, 0.72, 0.8, 0.05)
#: The heart: its centre and half its width.
HEART = (0.5, 0.5, 0.15)


def heart_points(steps: int = 120) -> list[tuple[float, float]]:
    """The heart's outline in the unit square (its classic parametric form, scaled to :data:`HEART`)."""
    cx, cy, half = HEART
    points = []
    for n in range(steps):
        t = 2 * math.pi * n / steps
        u = math.sin(t) ** 3
        v = (13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)) / 16
        points.append((cx + u * half, cy - (v + 0.15) * half))
    return points


def row_colors(y: float, n: int, heart: list[tuple[float, float]]) -> bytearray:
    """Which colour (0 the background, 1 the card, 2 the heart) each of ``n`` points across the unit
    square has on the line at height ``y`` (point ``k`` at ``(k + 0.5) / n``): the card's rounded
    rectangle, then the heart's polygon over it (even-odd), as the SVG paints them."""
    colors = bytearray(n)

    def fill(a: float, b: float, color: int) -> None:
        first, last = max(math.ceil(a * n - 0.5), 0), min(math.floor(b * n - 0.5), n - 1)
        if first <= last:
            colors[first:last + 1] = bytes([color]) * (last + 1 - first)

    left, top, right, bottom, r = CARD
    if top <= y <= bottom:
        dy = max(top + r - y, y - (bottom - r), 0.0)
        dx = r - math.sqrt(max(r * r - dy * dy, 0.0)) if dy > 0 else 0.0
        fill(left + dx, right - dx, 1)
    crossings = sorted(x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                       for (x0, y0), (x1, y1) in zip(heart, heart[1:] + heart[:1], strict=True)
                       if (y0 <= y < y1) or (y1 <= y < y0))
    for a, b in zip(crossings[::2], crossings[1::2], strict=True):
        fill(a, b, 2)
    return colors


def draw(size: int, samples: int = 3) -> bytes:
    """The icon as a ``size`` px PNG, each pixel the mean of ``samples``² points (smooth edges); the
    background fills the whole square, so that it serves as a maskable icon too."""
    palette = [rgba(THEME_COLOR), rgba(BACKGROUND_COLOR), rgba(CARD_RED)]
    heart = heart_points()
    n = size * samples
    mean: dict[bytes, bytes] = {}  # a pixel's points' colours -> its RGBA
    rows = []
    for j in range(size):
        lines = [row_colors((j * samples + b + 0.5) / n, n, heart) for b in range(samples)]
        row = bytearray()
        for i in range(0, n, samples):
            key = b"".join(line[i:i + samples] for line in lines)
            if key not in mean:
                mean[key] = bytes(round(sum(palette[c][k] for c in key) / len(key)) for k in range(4))
            row += mean[key]
        rows.append(bytes(row))
    return png(size, size, rows)


def svg() -> str:
    """The icon as SVG (the same shapes as :func:`draw`, in a 100 × 100 box)."""
    left, top, right, bottom, r = (v * 100 for v in CARD)
    path = "M" + " L".join(f"{x * 100:.2f} {y * 100:.2f}" for x, y in heart_points()) + " Z"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">'
            f'<title>Buraco trainer</title>'
            f'<rect width="100" height="100" fill="{THEME_COLOR}"/>'
            f'<rect x="{left:g}" y="{top:g}" width="{right - left:g}" height="{bottom - top:g}" rx="{r:g}"'
            f' fill="{BACKGROUND_COLOR}"/>'
            f'<path d="{path}" fill="{CARD_RED}"/></svg>\n')


def manifest(lang: str, names: Names) -> dict[str, object]:
    """The web app manifest of ``lang``'s pages (its URLs relative to the manifest, at the site's root)."""
    start = MANIFESTS[lang][1]
    name, short_name = names[lang]
    icons: list[dict[str, str]] = [{"src": f"{ICONS}/buraco.svg", "type": "image/svg+xml", "sizes": "any"}]
    icons += [{"src": f"{ICONS}/buraco-{n}.png", "type": "image/png", "sizes": f"{n}x{n}", "purpose": "any maskable"}
              for n in PNG_SIZES]
    return {"name": name, "short_name": short_name, "lang": lang, "start_url": start, "scope": "./",
            "display": "standalone", "theme_color": THEME_COLOR, "background_color": BACKGROUND_COLOR,
            "icons": icons}


def write_web_app(out: Path, names: Names) -> list[str]:
    """The icons and every language's manifest in the site ``out``, with each language's app ``names``;
    returns the files written (relative to ``out``)."""
    (out / ICONS).mkdir(parents=True, exist_ok=True)
    written = [f"{ICONS}/buraco.svg"]
    (out / written[0]).write_text(svg(), encoding="utf-8")
    for n in PNG_SIZES:
        written.append(f"{ICONS}/buraco-{n}.png")
        (out / written[-1]).write_bytes(draw(n))
    for lang, (file, _start) in MANIFESTS.items():
        (out / file).write_text(json.dumps(manifest(lang, names), indent=2, ensure_ascii=False) + "\n",
                                encoding="utf-8")
        written.append(file)
    return written


def head_links(lang: str, to_root: str) -> str:
    """What a page of ``lang`` links in its head (``to_root``: the relative way to the site's root, ending in /)."""
    file = MANIFESTS.get(lang, MANIFESTS["en"])[0]
    return (f'<link rel="manifest" href="{to_root}{file}">\n'
            f'<meta name="theme-color" content="{THEME_COLOR}">\n'
            f'<link rel="apple-touch-icon" href="{to_root}{ICONS}/buraco-192.png">\n')
