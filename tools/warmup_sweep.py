#!/usr/bin/env python3
"""What a linear warm-up (/echauffement N) does at depth: the table of docs/training.md.

For each wiring and warm-up, seeds 1 to 12 (or --seeds A..B) are trained headless with
    /corpus grammaire; /couches 6; /dimension 16; /ffn 64; /norme NORM; /echauffement N;
    /graine S; /entrainer 300
(the masked word, Adam 0.003, batch 16), each run's training log exported, and its figure is the mean
of the last 30 logged losses (issue 15's figure). Prints a Markdown table: per seed, then the median,
the range, and against the same wiring without warm-up the number of seeds improved and the median
change, and each seed's distance to its pre-norm run without warm-up (median). Standard library only; one process per (wiring, warm-up), PARALLEL of them at once.

    python3 tools/warmup_sweep.py [--binary build/app/transformer-bloc] [--seeds 1..12]
                                  [--warmups 0,50,100] [--steps 300] [--parallel 2]
"""
import argparse
import concurrent.futures
import json
import os
import statistics
import subprocess
import sys
import tempfile

MODEL = "/corpus grammaire; /couches 6; /dimension 16; /ffn 64"


def last_mean(log_path, count=30):
    with open(log_path, encoding="utf-8") as f:
        steps = json.load(f)["steps"]
    losses = [s["loss"] for s in steps[-count:]]
    return sum(losses) / len(losses), len(steps)


def sweep(binary, norm, warmup, seeds, steps):
    """{seed: mean of the last 30 losses} for one wiring and warm-up, in one process."""
    with tempfile.TemporaryDirectory() as folder:
        commands = [MODEL, f"/norme {norm}", f"/echauffement {warmup}"]
        for s in seeds:
            commands += [f"/graine {s}", f"/entrainer {steps}", f"/exporter entrainement {folder}/{s}.json"]
        subprocess.run([binary, "--headless", "--run", "; ".join(commands)], check=True, stdout=subprocess.DEVNULL)
        out = {}
        for s in seeds:
            mean, logged = last_mean(os.path.join(folder, f"{s}.json"))
            if logged != steps:
                sys.exit(f"seed {s}, {norm}, warm-up {warmup}: {logged} steps logged, {steps} asked (a non-finite step?)")
            out[s] = mean
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="build/app/transformer-bloc")
    ap.add_argument("--seeds", default="1..12")
    ap.add_argument("--warmups", default="0,50,100")
    ap.add_argument("--norms", default="post,pre")
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--parallel", type=int, default=2)
    ap.add_argument("--summary-only", action="store_true", help="the summary rows without the seeds' rows")
    args = ap.parse_args()
    a, b = (int(x) for x in args.seeds.split(".."))
    seeds = list(range(a, b + 1))
    warmups = [int(x) for x in args.warmups.split(",")]
    norms = args.norms.split(",")
    columns = [(n, w) for n in norms for w in warmups]
    with concurrent.futures.ThreadPoolExecutor(args.parallel) as pool:
        jobs = {c: pool.submit(sweep, args.binary, c[0], c[1], seeds, args.steps) for c in columns}
        result = {c: j.result() for c, j in jobs.items()}

    def head(c):
        return f"{c[0]}, N {c[1]}"

    print(f"Mean of the last 30 of {args.steps} losses, L 6, d 16, w 64, grammaire, Adam 0.003, batch 16, "
          f"residual on; `/echauffement N` (tools/warmup_sweep.py):\n")
    first = f"seeds {a}–{b}" if args.summary_only else "seed"
    print(f"| {first} | " + " | ".join(head(c) for c in columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for s in [] if args.summary_only else seeds:
        print(f"| {s} | " + " | ".join(f"{result[c][s]:.2f}" for c in columns) + " |")
    rows = {
        "median": lambda c: f"{statistics.median(result[c].values()):.2f}",
        "range": lambda c: f"{min(result[c].values()):.2f} – {max(result[c].values()):.2f}",
        "below 2.0": lambda c: f"{sum(v < 2.0 for v in result[c].values())} of {len(seeds)}",
    }
    for name, cell in rows.items():
        print(f"| {name} | " + " | ".join(cell(c) for c in columns) + " |")
    base = {n: (n, warmups[0]) for n in norms}

    def better(c):
        if c == base[c[0]]:
            return "—"
        return f"{sum(result[c][s] < result[base[c[0]]][s] for s in seeds)} of {len(seeds)}"

    def change(c):
        if c == base[c[0]]:
            return "—"
        return f"{statistics.median(result[c][s] - result[base[c[0]]][s] for s in seeds):+.2f}"

    print(f"| lower than N {warmups[0]} | " + " | ".join(better(c) for c in columns) + " |")
    print(f"| median change | " + " | ".join(change(c) for c in columns) + " |")
    reference = ("pre", warmups[0])
    if reference in result:  # each seed against its own pre-norm run without warm-up
        print(f"| median above pre, N {warmups[0]} | " + " | ".join(
            f"{statistics.median(result[c][s] - result[reference][s] for s in seeds):+.2f}" for c in columns) + " |")


if __name__ == "__main__":
    main()
