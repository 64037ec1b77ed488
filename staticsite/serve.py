"""Open the Buraco trainer from this folder: a tiny web server on this computer, then the browser.

The course runs in the browser, but a browser refuses to run it from a file:// address (its service
worker needs http), so this starts a plain local server. Double-click it, or run::

    python3 serve.py            # http://127.0.0.1:8000/ (the next free port if that one is taken)
    python3 serve.py --port 9000 --no-browser

It needs only Python 3.8 or newer, nothing else, and sends nothing to the internet. Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import ClassVar

HERE = Path(__file__).resolve().parent


class Handler(http.server.SimpleHTTPRequestHandler):
    """The folder's files, with the types browsers insist on (WebAssembly, JavaScript modules)."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: object) -> None:  # quiet: one line per error only
        if len(args) > 1 and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    """One thread a connection, and room for a class arriving at once: 30 browsers open about 180
    connections together, where the standard library's default queue (5) refuses some."""

    request_queue_size = 256
    daemon_threads = True


def serve(port: int, bind: str = "127.0.0.1", folder: Path = HERE) -> Server:
    """A server for ``folder`` on ``port`` (or, when it is taken, the next free one)."""
    handler = functools.partial(Handler, directory=str(folder))
    for candidate in range(port, port + 50):
        try:
            return Server((bind, candidate), handler)
        except OSError:
            continue
    raise SystemExit(f"no free port from {port} to {port + 49}: try --port")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Buraco trainer from this folder and open it.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1",
                        help="the address to listen on (0.0.0.0 lets other computers of the network in)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    args = parser.parse_args(argv)
    server = serve(args.port, args.bind)
    host = "127.0.0.1" if args.bind in ("0.0.0.0", "") else args.bind
    url = f"http://{host}:{server.server_address[1]}/"
    if args.bind in ("0.0.0.0", ""):
        print(f"Others on this network open http://{socket.gethostname()}:{server.server_address[1]}/")
    print(f"Buraco trainer: {url}  (Ctrl-C stops it)", flush=True)
    if not args.no_browser:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
