#!/usr/bin/env python3
"""Superposition (seed 004), independently of the C++ code: the fraction of pairs of random unit
vectors in d dimensions whose angle lies within 85°–95°.

Two ways, Python's standard library only:
- exact: cos θ between two random directions has the density (1 − t²)^((d−3)/2) / B(1/2, (d−1)/2)
  on [−1, 1]; the fraction is P(|cos θ| ≤ sin 5°), integrated by Simpson's rule over [0, sin 5°]
  and normalised by the Beta function (math.lgamma), not by a second integral as the C++ does;
- sampled: 200 vectors drawn with Python's own random.gauss, every pair's angle by math.acos.

It prints both, checks they agree within sampling error (4 σ with σ = √(p(1 − p)/pairs), the pairs
being pairwise independent), and checks the exact values that tests/core/superposition_test.cpp
expects (kExact). Exit status 1 when a check fails.
"""
import math
import random
import re
import sys
from pathlib import Path

DIMENSIONS = (8, 16, 768, 12288)
VECTORS = 200


def exact(d):
    s = math.sin(math.radians(5))
    k = (d - 3) / 2
    steps = 20000  # even
    h = s / steps
    total = 0.0
    for i in range(steps + 1):
        t = i * h
        w = 1 if i in (0, steps) else (4 if i % 2 else 2)
        total += w * (1 - t * t) ** k
    inside = 2 * total * h / 3  # over [−s, s]
    log_beta = math.lgamma(0.5) + math.lgamma(k + 1) - math.lgamma(k + 1.5)
    return inside / math.exp(log_beta)


def sampled(d, vectors, rng):
    units = []
    for _ in range(vectors):
        v = [rng.gauss(0.0, 1.0) for _ in range(d)]
        n = math.sqrt(sum(x * x for x in v))
        units.append([x / n for x in v])
    pairs = near = 0
    for i in range(vectors):
        for j in range(i + 1, vectors):
            dot = sum(a * b for a, b in zip(units[i], units[j]))
            degrees = math.degrees(math.acos(max(-1.0, min(1.0, dot))))
            pairs += 1
            near += 85.0 <= degrees <= 95.0
    return near / pairs, pairs


def main():
    failures = 0
    rng = random.Random(2026)
    expected = None
    test = Path(__file__).resolve().parent.parent / "core" / "superposition_test.cpp"
    if test.exists():
        m = re.search(r"kExact\[\] = \{([^}]*)\}", test.read_text(encoding="utf-8"))
        expected = [float(x) for x in m.group(1).split(",")] if m else None
    for k, d in enumerate(DIMENSIONS):
        p = exact(d)
        # The largest width in pure Python is slow: fewer vectors there (its fraction is ~1 anyway).
        f, pairs = sampled(d, VECTORS if d <= 768 else 40, rng)
        sigma = math.sqrt(p * (1 - p) / pairs)
        ok = abs(f - p) <= 4 * sigma + 1e-4
        print(f"d {d:>6}: exact {100 * p:8.4f} %   sampled {100 * f:8.4f} % over {pairs} pairs   {'ok' if ok else 'FAIL'}")
        failures += not ok
        if expected is not None:
            if abs(expected[k] - p) > 2e-6:
                print(f"  superposition_test.cpp expects {expected[k]} at d {d}, the exact value is {p:.6f}: FAIL")
                failures += 1
    if expected is None:
        print("superposition_test.cpp's kExact not found: FAIL")
        failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
