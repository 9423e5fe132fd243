#!/usr/bin/env python3
"""Imports the make-corpus corpus into a running core over its socket, as a user would: a pet, an album,
the photos by path (photos.importMany, the files read by the core), the WAVs as sounds (sounds.import by
path) and each diary text as an entry of the pet on its day (diary.create, in batches of 500).

usage: seed.py SOCKET CORPUS PET [--variant TAG]
  --variant TAG   import copies whose bytes differ from the corpus (so their blobs are new): each JPEG with
                  a comment segment "TAG" after its start marker, each WAV with its last byte changed; the
                  copies go to CORPUS/../variant-TAG/. Used to make a diary twice the corpus's size.
Prints one JSON line: {"photos", "sounds", "entries", "seconds"}.
"""
import json, os, socket, sys, time


class Client:
    """A JSON-RPC 2.0 client on a Unix socket: one request (or batch) at a time, one answer per line."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.reader = self.sock.makefile("rb")
        self.next_id = 0

    def send(self, payload):
        self.sock.sendall((json.dumps(payload, ensure_ascii=False) + "\n").encode())
        while True:
            answer = json.loads(self.reader.readline())
            # progress notifications and events carry no id
            if isinstance(answer, list) or "id" in answer:
                return answer

    def call(self, method, **params):
        self.next_id += 1
        answer = self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        if "error" in answer:
            sys.exit(f"seed.py: {method}: {answer['error']}")
        return answer["result"]


def variant_tree(corpus, tag):
    """Copies of the corpus's photos and WAVs with different bytes (and so different SHA-256)."""
    out = os.path.join(os.path.dirname(os.path.abspath(corpus)), f"variant-{tag}")
    stamp = os.path.join(out, ".complete")
    if os.path.exists(stamp):
        return out
    comment = tag.encode()
    for part in ("photos", "audio"):
        for folder, _, names in os.walk(os.path.join(corpus, part)):
            for name in sorted(names):
                source = os.path.join(folder, name)
                target = os.path.join(out, os.path.relpath(source, corpus))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                data = open(source, "rb").read()
                if name.endswith(".jpg"):
                    segment = b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment
                    data = data[:2] + segment + data[2:]
                else:
                    data = data[:-1] + bytes([data[-1] ^ 1])
                with open(target, "wb") as f:
                    f.write(data)
                stat = os.stat(source)
                os.utime(target, (stat.st_atime, stat.st_mtime))
    open(stamp, "w").close()
    return out


def main():
    args = sys.argv[1:]
    variant = None
    if "--variant" in args:
        at = args.index("--variant")
        variant = args[at + 1]
        del args[at:at + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    path, corpus, pet_name = args
    corpus = os.path.abspath(corpus)
    media = variant_tree(corpus, variant) if variant else corpus
    began = time.time()
    client = Client(path)
    pet = client.call("pets.create", name=pet_name, species="dog")
    album = client.call("albums.create", title=f"{pet_name} photos", petId=pet["id"])
    photos = client.call("photos.importMany", albumId=album["id"], directory=os.path.join(media, "photos"),
                         recursive=True)
    if photos["skipped"]:
        sys.exit(f"seed.py: photos skipped: {photos['skipped'][:3]}")
    sounds = 0
    for folder, _, names in sorted(os.walk(os.path.join(media, "audio"))):
        for name in sorted(names):
            client.call("sounds.import", path=os.path.join(folder, name), title=name[5:20])
            sounds += 1
    entries, batch = 0, []
    texts = []
    for folder, _, names in os.walk(os.path.join(corpus, "diary")):
        texts += [os.path.join(folder, name) for name in names]
    for i, text_path in enumerate(sorted(texts)):
        text = open(text_path, encoding="utf-8").read().strip()
        day = os.path.basename(text_path)[:10]
        title = text.split("\n", 1)[0][:15]
        batch.append({"jsonrpc": "2.0", "id": i, "method": "diary.create",
                      "params": {"title": title, "body": text[:500], "date": day, "petId": pet["id"]}})
        if len(batch) == 500 or i == len(texts) - 1:
            errors = [r for r in client.send(batch) if "error" in r]
            if errors:
                sys.exit(f"seed.py: diary.create: {errors[0]}")
            entries += len(batch)
            batch = []
    print(json.dumps({"photos": photos["imported"], "duplicates": photos["duplicates"], "sounds": sounds,
                      "entries": entries, "seconds": round(time.time() - began, 1)}))


main()
