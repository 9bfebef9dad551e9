#!/usr/bin/env python3
"""docs/training.md's figures of training over seeds, from /graines sweeps (issue 37).

Runs the headless program, one process per sweep (`/graines 1..24 300`, then `/exporter graines` to a
temporary CSV, cli.md "The sweep over seeds"), for each wiring of the training table at L 6 and L 2,
post-norm and pre-norm with a warm-up, the start-up's `/entrainer 1000` of the README, and writes:
  - docs/training.md between its `<!-- training_table.py NAME -->` and `<!-- end training_table.py
    NAME -->` markers: the tables, each claim as "k of 24 seeds, median m";
  - core/training/warmup_figures.h: the warm-up figures the program quotes (the /echauffement reply).
With --check it writes nothing and fails, naming the command that rewrites them, if they differ.
Standard library only. The runs use TRANSFORMER_BLOC_THREADS threads (every core when unset).

    python3 tools/training_table.py [--binary build/app/transformer-bloc] [--check]
"""
import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile

import training_table_text as text

FIRST, LAST, STEPS = 1, 24, 300
DEEP = "/corpus grammaire; /couches 6; /dimension 16; /ffn 64"
SHALLOW = "/corpus grammaire; /couches 2; /dimension 16; /ffn 64"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "training.md")
HEADER = os.path.join(ROOT, "core", "training", "warmup_figures.h")
REWRITE = "python3 tools/training_table.py"

# A column: (layers, norm, residual, warm-up). Each sweep: its commands before /graines, the column
# of side A and, with /comparer on, side B (the same with /residuel off).
SWEEPS = [
    (DEEP + "; /norme pre", (6, "pre", True, 0), (6, "pre", False, 0)),
    (DEEP + "; /norme post", (6, "post", True, 0), (6, "post", False, 0)),
    (DEEP + "; /norme aucune", (6, "aucune", True, 0), None),
    (DEEP + "; /norme post; /echauffement 50", (6, "post", True, 50), None),
    (DEEP + "; /norme post; /echauffement 100", (6, "post", True, 100), None),
    (DEEP + "; /norme pre; /echauffement 50", (6, "pre", True, 50), None),
    (DEEP + "; /norme pre; /echauffement 100", (6, "pre", True, 100), None),
    (SHALLOW + "; /norme pre", (2, "pre", True, 0), (2, "pre", False, 0)),
    (SHALLOW + "; /norme post", (2, "post", True, 0), (2, "post", False, 0)),
    (SHALLOW + "; /norme aucune", (2, "aucune", True, 0), (2, "aucune", False, 0)),
]
STARTUP_STEPS = 1000  # the README's first five minutes: `/entrainer 1000` from the start-up state
# The generation lesson's « À toi de jouer » (assets/lessons/generation.txt): its commands, then for
# each seed `/entrainer 1000; /phrase le chat; /generer 2` (/graine draws new weights: a new run).
GENERATION = "/masque causal; /corpus grammaire; /couches 2; /tetes 2 2; /temperature 0"
GENERATION_STEPS = 1000


def run_program(binary, commands):
    """The headless program's reply to `commands` (one process); exits on failure."""
    done = subprocess.run([binary, "--headless", "--run", commands], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{binary} --headless --run \"{commands}\" failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return done.stdout


def sweep(binary, before, steps, with_b, after=""):
    """{"A": {seed: mean of the last 30}, "B": {...}} of one /graines process."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "graines.csv")
        b = "; /comparer on; /b /residuel off" if with_b else ""
        reply = run_program(binary, f"{before}{b}; /graines {FIRST}..{LAST} {steps}; /exporter graines {path}{after}")
        out = {"A": {}, "B": {}}
        with open(path, encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                if int(row["pas"]) != steps:
                    sys.exit(f"\"{before}\", seed {row['graine']} side {row['cote']}: {row['pas']} steps of {steps} (a non-finite step)")
                out[row["cote"]][int(row["graine"])] = float(row["derniers_30"])
    return out, reply


def measure(binary):
    """Every column of SWEEPS, and the start-up run's figures: ({column: {seed: figure}}, startup)."""
    columns = {}
    for before, a, b in SWEEPS:
        result, _ = sweep(binary, before, STEPS, b is not None)
        columns[a] = result["A"]
        if b is not None:
            columns[b] = result["B"]
    # The start-up state (corpus « interne »); then one step of the shown model, whose reply names
    # the word-frequencies line: the figure the README's first five minutes compare the curve with.
    result, reply = sweep(binary, "/reinit", STARTUP_STEPS, False, "; /entrainer 1")
    found = re.search(r"fréquences seules : (\d+),(\d+)", reply)
    if not found:
        sys.exit("/entrainer 1 did not name the word frequencies alone:\n" + reply)
    startup = {"means": result["A"], "frequencies": float(found.group(1) + "." + found.group(2))}
    generation = {"words": measure_generation(binary), "verbs": grammar_verbs(), "steps": GENERATION_STEPS}
    return columns, startup, generation


def grammar_verbs():
    """The grammar corpus's verbs: le|la NOUN VERB … (5 words), or 6 with an adjective: the 4th word."""
    verbs = set()
    with open(os.path.join(ROOT, "assets", "corpus", "grammaire.txt"), encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if w and not w[0].startswith("#") and len(w) in (5, 6):
                verbs.add(w[len(w) - 3])
    return verbs


def measure_generation(binary):
    """{seed: the two words /generer 2 adds to « le chat »} after the lesson's training, one process."""
    runs = "; ".join(f"/graine {s}; /entrainer {GENERATION_STEPS}; /phrase le chat; /generer 2" for s in range(FIRST, LAST + 1))
    words = re.findall(r"^phrase : « le chat (\S+) (\S+) »", run_program(binary, f"{GENERATION}; {runs}"), re.M)
    if len(words) != LAST - FIRST + 1:
        sys.exit(f"/generer 2 gave {len(words)} sentences for {LAST - FIRST + 1} seeds")
    return dict(zip(range(FIRST, LAST + 1), words))


def replace_between(document, name, block):
    begin, end = f"<!-- training_table.py {name} -->", f"<!-- end training_table.py {name} -->"
    head, found, rest = document.partition(begin)
    middle, found_end, tail = rest.partition(end)
    if not found or not found_end:
        sys.exit(f"{DOC}: the markers {begin} … {end} are missing")
    return head + begin + "\n" + block + end + tail


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "app", "transformer-bloc"))
    ap.add_argument("--check", action="store_true", help="write nothing; fail if docs/training.md or the header differ")
    args = ap.parse_args()
    columns, startup, generation = measure(args.binary)
    seeds = list(range(FIRST, LAST + 1))
    with open(DOC, encoding="utf-8") as f:
        old_doc = f.read()
    doc = replace_between(old_doc, "table", text.table_block(columns, startup, generation, seeds, STEPS, STARTUP_STEPS))
    doc = replace_between(doc, "warmup", text.warmup_block(columns, seeds, STEPS))
    header = text.warmup_header(columns, seeds, STEPS)
    if text.EVERY_SEED:
        sys.exit("claims that docs/training.md, the README or the lessons state for every seed no longer hold on every "
                 "seed: " + "; ".join(text.EVERY_SEED) + ". Reword them (with the fraction and the median), then mark "
                 "them every=False in tools/training_table_text.py")
    old_header = open(HEADER, encoding="utf-8").read() if os.path.exists(HEADER) else ""
    stale = [p for p, old, new in ((DOC, old_doc, doc), (HEADER, old_header, header)) if old != new]
    if args.check:
        if stale:
            sys.exit(f"{', '.join(os.path.relpath(p, ROOT) for p in stale)}: not what the sweeps give now; "
                     f"rewrite with `{REWRITE}` (after building transformer-bloc) and reread the prose around the tables")
        print("docs/training.md and core/training/warmup_figures.h agree with the sweeps")
        return
    for path, content in ((DOC, doc), (HEADER, header)):
        if path not in stale:
            continue  # untouched: the header's time stamp would rebuild the program
        with open(path, "w", encoding="utf-8") as f:
            f.write(content)
    print("rewrote " + (", ".join(os.path.relpath(p, ROOT) for p in stale) or "nothing (already up to date)"))


if __name__ == "__main__":
    main()
