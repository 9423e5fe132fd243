#!/usr/bin/env python3
"""A small HTTP server for RemoteFetcher's tests: binds 127.0.0.1 (or the address given as the first
argument) on a free port, prints the port on its first line, and serves until stdin closes (so it never
outlives the test). With a second argument, it appends a line to that file for each connection it accepts
("connect") and each request it reads ("GET /path?query"), before answering.

  /photo.png          the PNG fixture, with Content-Disposition and Content-Type
  /missing            404
  /big?n=BYTES        n bytes, with Content-Length
  /big-chunked?n=B    n bytes, chunked (no Content-Length)
  /big-unannounced?n=B  n bytes with no length at all, ended by closing the connection
  /lying-length?n=B&claim=C  a Content-Length of c, then n bytes anyway
  /slow-body          headers, 10 bytes, then silence for 60 s
  /slow-headers       silence for 60 s before any answer
  /redirect?n=K       a chain of K redirects ending at /photo.png
  /redirect-ftp       a redirect to an ftp:// URL
  /redirect-to?url=U  a redirect to U
"""
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

HERE = os.path.dirname(os.path.abspath(__file__))
HOST = sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1"
LOG = sys.argv[2] if len(sys.argv) > 2 else None
LOG_LOCK = threading.Lock()


def log(line):
    if LOG is not None:
        with LOG_LOCK, open(LOG, "a") as f:
            f.write(line + "\n")

with open(os.path.join(HERE, "tiny-24x12.png"), "rb") as f:
    PNG = f.read()


class Handler(BaseHTTPRequestHandler):
    def write_filler(self, byte, n, chunked=False):
        """Writes n copies of byte in 64 KiB pieces (as chunks when chunked); a client that hangs up
        early (a size limit) ends it quietly."""
        try:
            while n > 0:
                step = min(n, 65536)
                piece = byte * step
                self.wfile.write(b"%x\r\n" % step + piece + b"\r\n" if chunked else piece)
                n -= step
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass

    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        log("GET " + self.path)
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path == "/photo.png":
            self.send_response(200)
            self.send_header("Content-Type", "image/png; charset=binary")
            self.send_header("Content-Disposition", 'attachment; filename="rex.png"')
            self.send_header("Content-Length", str(len(PNG)))
            self.end_headers()
            self.wfile.write(PNG)
        elif url.path == "/big":
            n = int(query.get("n", ["0"])[0])
            self.send_response(200)
            self.send_header("Content-Length", str(n))
            self.end_headers()
            self.write_filler(b"x", n)
        elif url.path == "/big-chunked":
            n = int(query.get("n", ["0"])[0])
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.write_filler(b"y", n, chunked=True)
        elif url.path == "/big-unannounced":
            n = int(query.get("n", ["0"])[0])
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            self.write_filler(b"u", n)
        elif url.path == "/lying-length":
            n = int(query.get("n", ["0"])[0])
            claim = int(query.get("claim", ["0"])[0])
            self.send_response(200)
            self.send_header("Content-Length", str(claim))
            self.send_header("Connection", "close")
            self.end_headers()
            self.write_filler(b"l", n)
        elif url.path == "/slow-body":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"z" * 10)
            self.wfile.flush()
            time.sleep(60)
        elif url.path == "/slow-headers":
            time.sleep(60)
        elif url.path == "/redirect":
            n = int(query.get("n", ["1"])[0])
            self.send_response(302)
            self.send_header("Location", "/photo.png" if n <= 1 else "/redirect?n=%d" % (n - 1))
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif url.path == "/redirect-to":
            self.send_response(302)
            self.send_header("Location", query.get("url", ["/"])[0])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif url.path == "/redirect-ftp":
            self.send_response(302)
            self.send_header("Location", "ftp://127.0.0.1/photo.png")
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            body = b"not found"
            self.send_response(404)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def get_request(self):
        accepted = super().get_request()
        log("connect")
        return accepted


server = Server((HOST, 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()  # until the test closes our stdin (or dies)
os._exit(0)
