#!/usr/bin/env python3
"""An upload through `toolkit web` against the same import by path on the core's socket: `POST /api/upload`
streaming a phone-sized clip (about 50 MB) from a kept-alive HTTP connection, and `photos.import` of a clip of the
same size by its path, both into one album, alternated round by round (which goes first alternates too). Every
clip is a different file (a blob already in the store would be imported without a copy). Goal: the upload's
MB/s (median) >= 80 % of the import's. Release build; writes the suite's result (Benchmarks/results/web-upload.json).

    python3 Benchmarks/web/upload.py [--rounds R] [--seconds S]
"""
import argparse
import http.client
import json
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Benchmarks"))
import result  # noqa: E402
from webdiary import WebDiary  # noqa: E402


def call(path, method, params):
    with socket.socket(socket.AF_UNIX) as connection:
        connection.connect(path)
        connection.sendall(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
                           + b"\n")
        answer = json.loads(connection.makefile("rb").readline())
    if "error" in answer:
        sys.exit(f"upload.py: {method}: {answer['error']}")
    return answer["result"]


def clip(path, index, seconds):
    """A distinct H.264 clip of about 5 MB a second (the test pattern from a different start)."""
    subprocess.run(
        ["ffmpeg", "-v", "error", "-ss", str(index * 3), "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30",
         "-t", str(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "40M", "-pix_fmt", "yuv420p",
         str(path)], check=True)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=int, default=10, help="each clip's length (about 5 MB a second)")
    arguments = parser.parse_args()
    with WebDiary("toolkit-upload-bench.") as diary:
        clips = [clip(diary.directory / f"clip{index}.mp4", index, arguments.seconds)
                 for index in range(2 * arguments.rounds)]
        diary.start_core()
        sock = diary.socket
        album = call(sock, "albums.create", {"title": "Bench"})["id"]
        diary.start_web()
        port, token = diary.port, diary.token
        connection = http.client.HTTPConnection("127.0.0.1", port, blocksize=1 << 20)

        def upload(path):
            size = path.stat().st_size
            start = time.perf_counter()
            with open(path, "rb") as body:
                connection.request("POST", f"/api/upload?album={album}", body=body, headers={
                    "Authorization": f"Bearer {token}", "Host": f"127.0.0.1:{port}", "X-Filename": path.name,
                    "Content-Length": str(size), "Content-Type": "application/octet-stream"})
                answer = connection.getresponse()
                text = answer.read()
            if answer.status != 200:
                sys.exit(f"upload.py: /api/upload answered {answer.status}: {text[:200]!r}")
            return size / (time.perf_counter() - start) / 1e6

        def imported(path):
            size = path.stat().st_size
            start = time.perf_counter()
            call(sock, "photos.import", {"albumId": album, "path": str(path)})
            return size / (time.perf_counter() - start) / 1e6

        uploads, imports = [], []
        for round_ in range(arguments.rounds):
            first, second = clips[2 * round_], clips[2 * round_ + 1]
            if round_ % 2 == 0:
                uploads.append(upload(first))
                imports.append(imported(second))
            else:
                imports.append(imported(first))
                uploads.append(upload(second))
        size = statistics.median(path.stat().st_size for path in clips)

    web, direct = statistics.median(uploads), statistics.median(imports)
    print(f"{size / 1e6:.0f} MB clips: upload {web:.0f} MB/s, photos.import by path {direct:.0f} MB/s, "
          f"ratio {web / direct:.2f} (goal >= 0.80)")
    result.write(
        "web-upload", round(web, 1), "MB/s", what=f"POST /api/upload of a {size / 1e6:.0f} MB clip",
        anchor=round(direct, 1), anchor_name="photos.import of a clip of the same size by path",
        goal="ratio >= 0.8", command=("Benchmarks/web/upload.py " + " ".join(sys.argv[1:])).strip(),
        extra={"uploadsMBps": [round(v, 1) for v in uploads], "importsMBps": [round(v, 1) for v in imports],
               "clipBytes": size})


if __name__ == "__main__":
    main()
