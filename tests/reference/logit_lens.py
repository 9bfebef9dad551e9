#!/usr/bin/env python3
"""Recompute transformer-bloc's logit lens from a trace file and compare it with the program's.

Why it exists: the lens the window draws (core/model/predictions.cpp, logit_lens) must not be checked only
against itself. This is a second implementation, pure Python 3 standard library, written from the
description alone: every level's vectors read through the output's own path (the final norm, with
the final norm's weights, when `settings.norm` is "pre"; nothing otherwise; the output level is
already past that norm), then the tied embedding (z = E h) and a softmax over all V rows.

    python3 logit_lens.py TRACE.json LENS.csv --vocabulary assets/vocabulary.txt

TRACE.json is `--trace`'s file (shared/spec/cli.md), LENS.csv is `/exporter lentille`'s file (one row
per level and token: niveau, nom, position, mot, id, lu, probabilite). The vocabulary file gives the
words: id 0 is "<inconnu>", then each non-empty line in order (a repeated line keeps its first id),
then "<masque>" as the last id (channel.md §7).
Checks every level and token: the most probable id (a near tie, within 1e-9, may go either way), its
word, its probability to 1e-9. Prints one line per level, then `OK` or `FAIL: <reason>`.
Exit status: 0 all good, 1 a check failed, 2 a file is unreadable.
"""
import argparse
import csv
import json
import math
import sys


def read_vocabulary(path):
    words, seen = ["<inconnu>"], set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            word = line.rstrip("\n").rstrip("\r")
            if word and word not in seen:
                seen.add(word)
                words.append(word)
    return words + ["<masque>"]


def final_norm(h, weights, norm_type, eps):
    """The final norm of one vector, LayerNorm (biased variance) or RMSNorm (no centring, no bias)."""
    gain = weights["gain"]
    d = len(h)
    if norm_type == "rmsnorm":
        scale = 1.0 / math.sqrt(sum(v * v for v in h) / d + eps)
        return [g * v * scale for g, v in zip(gain, h)]
    mu = sum(h) / d
    var = sum((v - mu) ** 2 for v in h) / d
    bias = weights["bias"]
    return [(v - mu) / math.sqrt(var + eps) * g + b for v, g, b in zip(h, gain, bias)]


def softmax(z):
    top = max(z)
    e = [math.exp(v - top) for v in z]
    s = sum(e)
    return [v / s for v in e]


def lens(trace):
    """[levels][tokens] of (probabilities over V)."""
    settings = trace["settings"]
    pre = settings["norm"] == "pre"
    norm_type = settings.get("norm_type", "layernorm")
    eps = trace["layer_norm_eps"]
    embedding = trace["weights"]["token_embedding"]
    top = 2 * settings["layers"] + 1
    out = []
    for level in trace["levels"]:
        rows = []
        for h in level["vectors"]:
            if pre and level["index"] != top:
                h = final_norm(h, trace["weights"]["final_norm"], norm_type, eps)
            rows.append(softmax([sum(e * v for e, v in zip(row, h)) for row in embedding]))
        out.append(rows)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace")
    parser.add_argument("lens")
    parser.add_argument("--vocabulary", required=True)
    parser.add_argument("--tolerance", type=float, default=1e-9)
    args = parser.parse_args()
    try:
        with open(args.trace, encoding="utf-8") as f:
            trace = json.load(f)
        with open(args.lens, encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
        words = read_vocabulary(args.vocabulary)
    except (OSError, ValueError) as e:
        print(f"FAIL: unreadable input: {e}")
        return 2
    if len(words) != trace["vocabulary_size"]:
        print(f"FAIL: the vocabulary file has {len(words)} words, the trace says V = {trace['vocabulary_size']}")
        return 1
    expected = lens(trace)
    n = len(trace["tokens"])
    if len(rows) != len(expected) * n:
        print(f"FAIL: {len(rows)} rows in the lens, expected {len(expected)} levels x {n} tokens")
        return 1
    failures = []
    for k, level in enumerate(expected):
        worst = 0.0
        for i, p in enumerate(level):
            row = rows[k * n + i]
            where = f"level {k} token {i}"
            if int(row["niveau"]) != trace["levels"][k]["index"] or int(row["position"]) != i:
                failures.append(f"{where}: row out of order ({row['niveau']}, {row['position']})")
                continue
            if row["mot"] != trace["tokens"][i]["word"]:
                failures.append(f"{where}: token word {row['mot']!r}, trace says {trace['tokens'][i]['word']!r}")
            best = max(range(len(p)), key=lambda j: (p[j], -j))
            got = int(row["id"])
            if not 0 <= got < len(p):
                failures.append(f"{where}: id {got} outside the vocabulary")
                continue
            if got != best and p[best] - p[got] > 1e-9:
                failures.append(f"{where}: top id {got} ({words[got]!r}, p {p[got]:.6g}), expected {best} ({words[best]!r}, p {p[best]:.6g})")
            if row["lu"] != words[got]:
                failures.append(f"{where}: word {row['lu']!r} for id {got}, the vocabulary says {words[got]!r}")
            diff = abs(float(row["probabilite"]) - p[got])
            worst = max(worst, diff)
            if diff > args.tolerance:
                failures.append(f"{where}: probability {row['probabilite']}, expected {p[got]:.12g}")
        print(f"level {k:2d} {trace['levels'][k]['name']:<12} largest probability difference {worst:.2e}")
    if failures:
        for f in failures[:20]:
            print(f"FAIL: {f}")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
