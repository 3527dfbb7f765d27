"""The phone profiles' static server: gzip as static hosts do, a shaped link, and every response logged.

It runs in its own process (``bench.py --serve-phone``). The link is shaped here, at the server, not by
Chromium's network emulation: the server sees every request of the page, its engine worker and its
service worker alike, and the bytes it logs are the bytes that crossed the link at the moment they did.
Each new connection waits one round trip (the TCP handshake), each response one more before its first
byte (the request going up, the answer coming down), and every byte of every response goes through one
shared downlink at the profile's rate. Requests going up are a few hundred bytes: the uplink is not shaped.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import json
import os
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from browser.support import QuietHandler

COMPRESSED = {".html", ".js", ".mjs", ".css", ".json", ".map", ".wasm", ".svg", ".txt", ".py", ".xml",
              ".webmanifest", ".ico"}
"""What the static host gzips (text, JavaScript, JSON and wasm, as GitHub Pages and Netlify do)."""
CHUNK = 16 * 1024
MAX_AGE = 600
"""The host's ``Cache-Control: max-age`` (GitHub Pages sends ten minutes)."""


class Link:
    """One shared downlink: a byte leaves when the bytes before it have, at ``rate`` bytes per second."""

    def __init__(self, rate: float):
        self.rate = rate
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, n: int) -> float:
        """Reserve the link for ``n`` bytes; the moment they are through."""
        with self.lock:
            start = max(time.time(), self.free_at)
            self.free_at = start + n / self.rate
            return self.free_at


class Log:
    """One JSON line per response: arrival, end, path, status and bytes sent (headers and body)."""

    def __init__(self, path: str):
        self.file = open(path, "a", encoding="utf-8")  # noqa: SIM115 (open for the process's life)
        self.lock = threading.Lock()

    def write(self, entry: dict[str, Any]) -> None:
        with self.lock:
            self.file.write(json.dumps(entry) + "\n")
            self.file.flush()


@functools.lru_cache(maxsize=256)
def gzipped(path: str, mtime: float) -> bytes:
    """A file gzipped at level 6 (what nginx-style hosts use); cached by path and modification time."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class PhoneHandler(QuietHandler):
    """Static files, gzipped when the browser accepts it, sent through the shaped link and logged."""

    link: Link
    log: Log
    rtt: float

    def setup(self) -> None:
        super().setup()
        time.sleep(self.rtt)  # the connection's handshake

    def do_HEAD(self) -> None:
        self.respond(head=True)

    def do_GET(self) -> None:
        self.respond(head=False)

    def respond(self, head: bool) -> None:
        arrived = time.time()
        time.sleep(self.rtt)
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?")[0].endswith("/"):
                self.finish_response(arrived, 301, b"", {"Location": self.path.split("?")[0] + "/"}, head)
                return
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            self.finish_response(arrived, 404, b"not found", {"Content-Type": "text/plain"}, head)
            return
        stat = os.stat(path)
        etag = f'"{int(stat.st_mtime)}-{stat.st_size}"'
        headers = {"Content-Type": self.guess_type(path), "ETag": etag, "Cache-Control": f"max-age={MAX_AGE}",
                   "Last-Modified": email.utils.formatdate(stat.st_mtime, usegmt=True)}
        if self.headers.get("If-None-Match") == etag:
            self.finish_response(arrived, 304, b"", headers, head)
            return
        if Path(path).suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzipped(path, stat.st_mtime)
            headers["Content-Encoding"] = "gzip"
            headers["Vary"] = "Accept-Encoding"
        else:
            body = Path(path).read_bytes()
        self.finish_response(arrived, 200, body, headers, head)

    def finish_response(self, arrived: float, status: int, body: bytes, headers: dict[str, str], head: bool) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        sent = sum(len(line) for line in self._headers_buffer) + 2
        self.pace(sent)
        self.end_headers()
        if not head:
            for i in range(0, len(body), CHUNK):
                part = body[i:i + CHUNK]
                self.pace(len(part))
                self.wfile.write(part)
                sent += len(part)
        self.log.write({"t0": arrived, "t1": time.time(), "path": self.path, "method": self.command,
                        "status": status, "bytes": sent, "dest": self.headers.get("Sec-Fetch-Dest", "")})

    def pace(self, n: int) -> None:
        wait = self.link.send(n) - time.time()
        if wait > 0:
            time.sleep(wait)


def serve_phone(directory: str, port: int, log_path: str, down_bps: float, rtt_ms: float) -> None:
    """Serve ``directory`` on 127.0.0.1:``port`` through a link of ``down_bps`` bits per second and ``rtt_ms``."""
    handler = type("Handler", (PhoneHandler,), {"link": Link(down_bps / 8), "log": Log(log_path), "rtt": rtt_ms / 1000})
    ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=directory)).serve_forever()
