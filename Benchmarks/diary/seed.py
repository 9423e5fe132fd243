#!/usr/bin/env python3
"""Fills a running core with N diary entries over its socket: mixed Korean and English bodies of
100-500 characters with #tags, dates spread over seven years. Sends JSON-RPC batches of 500.

usage: seed.py SOCKET [N]     (default N = 100000; deterministic: seeded PRNG)
"""
import datetime, json, random, socket, sys, time

KO = ["오늘 공원에서 산책했다", "보리가 간식을 먹었다", "비가 와서 집에 있었다", "친구 강아지를 만났다",
      "목욕을 하고 털을 말렸다", "동물병원에 다녀왔다", "새 장난감을 좋아한다", "낮잠을 오래 잤다",
      "바닷가를 함께 걸었다", "눈이 와서 신나게 뛰었다", "사진을 많이 찍었다", "밥을 남기지 않았다"]
EN = ["we walked along the river", "she chased a red ball", "a long nap in the sun", "met a new friend at the park",
      "the vet said all is well", "rainy day, stayed inside", "tried a new treat today", "learned to sit and wait",
      "a bath and a towel fight", "played fetch until dusk", "took many photos", "slept on the sofa again"]
TAGS = ["#산책", "#간식", "#공원", "#병원", "#walk", "#park", "#photo", "#목욕", "#friends", "#낮잠"]

def body(rng):
    parts, length = [], 0
    target = rng.randint(100, 500)
    while True:
        piece = rng.choice(KO if rng.random() < 0.6 else EN)
        if rng.random() < 0.15:
            piece += " " + rng.choice(TAGS)
        if length + len(piece) + 2 > target:
            break
        parts.append(piece)
        length += len(piece) + 2
    text = ". ".join(parts) + "."
    while len(text) < 100:
        text += " " + rng.choice(EN)
    return text[:500]

def main():
    path, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    rng = random.Random(20241122)
    start_day = datetime.date(2019, 1, 1)
    sock = socket.socket(socket.AF_UNIX)
    sock.connect(path)
    reader = sock.makefile("rb")
    began = time.time()
    sent = 0
    while sent < count:
        batch = []
        for i in range(min(500, count - sent)):
            day = start_day + datetime.timedelta(days=rng.randint(0, 7 * 365))
            title = rng.choice(["산책", "간식", "walk", "park day", "병원", "낮잠", "friends", "목욕"]) + " " + str(sent + i)
            batch.append({"jsonrpc": "2.0", "id": sent + i, "method": "diary.create",
                          "params": {"title": title[:15], "body": body(rng), "date": day.isoformat()}})
        sock.sendall((json.dumps(batch, ensure_ascii=False) + "\n").encode())
        replies = json.loads(reader.readline())
        errors = [r for r in replies if "error" in r]
        if errors:
            sys.exit("seed.py: %s" % errors[0])
        sent += len(batch)
    print(json.dumps({"entries": sent, "seconds": round(time.time() - began, 2),
                      "entriesPerSecond": round(sent / (time.time() - began))}))

main()
