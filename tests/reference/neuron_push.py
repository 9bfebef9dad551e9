#!/usr/bin/env python3
"""Recompute transformer-bloc's neuron pushes from a trace file and compare them with the program's.

Why it exists: the neurons panel names, for the chosen token, the FFN neurons that push the predicted
word most (core/model/predictions.cpp, neuron_pushes); that must not be checked only against itself. This
is a second implementation, pure Python 3 standard library, written from the description alone:

  - the predicted word at token i: the most probable word of the output level read through the tied
    embedding, argmax_v E[v] · out_i (a softmax keeps the order);
  - the FFN's hidden activations of block b, recomputed from the weights: its input is the level's
    `normalized_input` in pre-norm, else the vectors of the level before (attention b's output), then
    h = act(W1 u + b1), or act(W1 u + b1) * (W3 u + b3) for a gated FFN (swiglu: SiLU, geglu: GELU),
    GELU exact (0.5 x (1 + erf(x / sqrt 2))), ReLU max(0, x);
  - neuron k's push on word v: h_k × (W2[:, k] · E[v]).

    python3 neuron_push.py TRACE.json NEURONS.csv --vocabulary assets/vocabulary.txt

NEURONS.csv is `/exporter neurones`'s file (bloc, position, mot, predit_id, predit, rang, neurone,
activation, alignement, poussee), every neuron of every (block, token), strongest push first.
Checks each row's predicted id and word, the order (pushes non-increasing, every neuron once), and
activation, alignment and push to 1e-9 (relative to 1 + |value|). Prints a line per block, then `OK`
or `FAIL: <reason>`. Exit status: 0 all good, 1 a check failed, 2 a file is unreadable.
"""
import argparse
import csv
import json
import math
import sys

from logit_lens import read_vocabulary


def activate(x, name):
    if name == "relu":
        return max(0.0, x)
    if name in ("gelu", "geglu"):
        return 0.5 * x * (1.0 + math.erf(x / math.sqrt(2.0)))
    if name == "swiglu":
        return x / (1.0 + math.exp(-x))
    raise ValueError(f"unknown activation {name!r}")


def matvec(m, v):
    return [sum(a * b for a, b in zip(row, v)) for row in m]


def hidden(trace, block, token):
    s = trace["settings"]
    level = trace["levels"][2 * block]
    u = level["normalized_input"][token] if s["norm"] == "pre" else trace["levels"][2 * block - 1]["vectors"][token]
    f = trace["weights"]["blocks"][block - 1]["ffn"]
    gate = [activate(a + b, s["activation"]) for a, b in zip(matvec(f["w1"], u), f["b1"])]
    if s["activation"] in ("swiglu", "geglu"):
        gate = [g * (a + b) for g, a, b in zip(gate, matvec(f["w3"], u), f["b3"])]
    return gate


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace")
    parser.add_argument("neurons")
    parser.add_argument("--vocabulary", required=True)
    parser.add_argument("--tolerance", type=float, default=1e-9)
    args = parser.parse_args()
    try:
        with open(args.trace, encoding="utf-8") as f:
            trace = json.load(f)
        with open(args.neurons, encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
        words = read_vocabulary(args.vocabulary)
    except (OSError, ValueError) as e:
        print(f"FAIL: unreadable input: {e}")
        return 2
    E = trace["weights"]["token_embedding"]
    L, n = trace["settings"]["layers"], len(trace["tokens"])
    out = trace["levels"][-1]["vectors"]
    predicted = []
    for i in range(n):
        z = [sum(e * v for e, v in zip(row, out[i])) for row in E]
        predicted.append(max(range(len(z)), key=lambda j: (z[j], -j)))
    width = trace["settings"]["ffn"]
    if len(rows) != L * n * width:
        print(f"FAIL: {len(rows)} rows, expected {L} blocks x {n} tokens x {width} neurons")
        return 1
    failures = []
    close = lambda a, b: abs(a - b) <= args.tolerance * (1.0 + abs(b))
    for b in range(1, L + 1):
        worst = 0.0
        for i in range(n):
            chunk = rows[((b - 1) * n + i) * width:((b - 1) * n + i + 1) * width]
            where = f"block {b} token {i}"
            v = predicted[i]
            h = hidden(trace, b, i)
            W2 = trace["weights"]["blocks"][b - 1]["ffn"]["w2"]
            seen, last = set(), math.inf
            for r, row in enumerate(chunk):
                if int(row["bloc"]) != b or int(row["position"]) != i or int(row["rang"]) != r + 1:
                    failures.append(f"{where}: row {r} out of order")
                    break
                if row["mot"] != trace["tokens"][i]["word"]:
                    failures.append(f"{where}: token word {row['mot']!r}")
                if int(row["predit_id"]) != v or row["predit"] != words[v]:
                    failures.append(f"{where}: predicted {row['predit_id']} {row['predit']!r}, expected {v} {words[v]!r}")
                k = int(row["neurone"]) - 1
                seen.add(k)
                align = sum(W2[f][k] * E[v][f] for f in range(len(W2)))
                want = (h[k], align, h[k] * align)
                got = (float(row["activation"]), float(row["alignement"]), float(row["poussee"]))
                for name, g, w in zip(("activation", "alignment", "push"), got, want):
                    worst = max(worst, abs(g - w))
                    if not close(g, w):
                        failures.append(f"{where} neuron {k + 1}: {name} {g!r}, expected {w!r}")
                if got[2] > last:
                    failures.append(f"{where}: rank {r + 1} pushes more ({got[2]!r}) than the rank before ({last!r})")
                last = got[2]
            if len(seen) != width:
                failures.append(f"{where}: {len(seen)} distinct neurons, expected {width}")
        print(f"block {b}: largest difference {worst:.2e}")
    if failures:
        for f in failures[:20]:
            print(f"FAIL: {f}")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
