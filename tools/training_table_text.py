"""The text tools/training_table.py writes: docs/training.md's blocks and the warm-up header.

A column is {seed: mean of the last 30 losses}, keyed (layers, norm, residual, warm-up). Every claim
is said as a count of seeds and a median, with its least favourable seed, never as a bound.
"""
import math
import statistics

WARMUPS = (50, 100)


def two(v):
    return f"{v:.2f}"


def signed(v):
    return f"{v:+.2f}"


def span(values):
    values = list(values)
    return f"{two(min(values))} – {two(max(values))}"


def cell(column):
    return f"{span(column.values())} ({two(statistics.median(column.values()))})"


# The claims the prose around the tables (and TrainingTable before it) states for every seed: the
# script fails when one no longer holds on every seed swept, for that prose must then be reread.
EVERY_SEED = []


def claim_row(claim, figures, holds, shown, least, every=False):
    """A row: the claim, on how many seeds it holds, the median, the least favourable seed.
    figures: {seed: figure}; holds(figure) -> bool; shown(figure) -> str; least: min or max."""
    seed = least(figures, key=lambda s: (figures[s], s))
    count = sum(holds(v) for v in figures.values())
    if every and count < len(figures):
        EVERY_SEED.append(f"{claim}: {count} of {len(figures)}")
    return f"| {claim} | {count} of {len(figures)} | {shown(statistics.median(figures.values()))} | {seed}: {shown(figures[seed])} |"


def gaps(upper, lower):
    return {s: upper[s] - lower[s] for s in lower}


def table_block(columns, startup, generation, seeds, steps, startup_steps):
    c = lambda layers, norm, residual=True, warmup=0: columns[(layers, norm, residual, warmup)]
    first, last = seeds[0], seeds[-1]
    chance = math.log(478)
    lines = [
        f"Seeds {first} to {last} (`/graines {first}..{last} {steps}`, one sweep a wiring, side B the same with",
        f"`/residuel off`); each cell: the range over the {len(seeds)} seeds of the mean of the last 30 of the {steps}",
        "losses, and its median in brackets (chance: ln 478 = 6.17; word frequencies alone: 2.75):",
        "",
        "| | residual on | residual off |",
        "|---|---|---|",
    ]
    for layers in (6, 2):
        for norm in ("pre", "post", "aucune"):
            off = c(layers, norm, False) if (layers, norm, False, 0) in columns else None
            lines.append(f"| L {layers}, {norm} | {cell(c(layers, norm))} | {cell(off) if off else '—'} |")
    ratio = {s: c(6, "aucune")[s] / c(6, "pre")[s] for s in seeds}
    worst_l2 = {s: max(columns[k][s] for k in columns if k[0] == 2) for s in seeds}
    under = {s: startup["means"][s] - startup["frequencies"] for s in seeds}
    times = lambda v: f"× {v:.2f}"
    lines += [
        "",
        "Each claim, on how many of these seeds it holds, the median of its figure, and the seed least in its favour:",
        "",
        "| claim | holds on | median | least favourable seed |",
        "|---|---|---|---|",
        claim_row("L 6, pre: cutting the residual raises the loss (gap)", gaps(c(6, "pre", False), c(6, "pre")),
                  lambda v: v > 0, signed, min, every=True),
        claim_row("L 6, post: cutting the residual raises the loss (gap)", gaps(c(6, "post", False), c(6, "post")),
                  lambda v: v > 0, signed, min),
        claim_row("L 6, residual on: post-norm ends above pre-norm (gap)", gaps(c(6, "post"), c(6, "pre")),
                  lambda v: v > 0, signed, min, every=True),
        claim_row("L 6, residual on: no norm ends above pre-norm (ratio)", ratio, lambda v: v > 1, times, min, every=True),
        claim_row("L 6, residual on: no norm ends at least twice pre-norm (ratio)", ratio, lambda v: v >= 2, times, min),
        claim_row(f"L 2: every wiring ends below chance − 2 = {two(chance - 2)} (the seed's highest)", worst_l2,
                  lambda v: v < chance - 2, two, max, every=True),
        claim_row(f"README, from the start-up state (corpus « interne »), `/entrainer {startup_steps}` ends below the word "
                  f"frequencies alone, {two(startup['frequencies'])} (gap)", under, lambda v: v < 0, signed, max, every=True),
        generation_row(generation),
        "",
        "Seeds where cutting the residual raises post-norm's loss by more than 0.5 (its lesson, clearly): "
        + ", ".join(str(s) for s in seeds if c(6, "post", False)[s] - c(6, "post")[s] > 0.5) + "; by less, or lowers it: "
        + ", ".join(str(s) for s in seeds if c(6, "post", False)[s] - c(6, "post")[s] <= 0.5) + ".",
        "",
    ]
    return "\n".join(lines) + "\n"


def generation_row(generation):
    """The generation lesson's claim: « le chat » continues with a verb then an article."""
    words = generation["words"]
    holds = [s for s, (verb, article) in words.items() if verb in generation["verbs"] and article in ("le", "la")]
    others = "; ".join(f"{s}: « {' '.join(words[s])} »" for s in words if s not in holds) or "none"
    if len(holds) < len(words):  # the lesson says it for every seed of 1 to 24
        EVERY_SEED.append(f"the generation lesson: {len(holds)} of {len(words)}")
    return (f"| lesson « Générer », `/tetes 2 2; /temperature 0; /entrainer {generation['steps']}; /phrase le chat; /generer 2`: "
            f"a verb then le or la | {len(holds)} of {len(words)} | | {others} |")


def warmup_figures(columns, seeds):
    """[(norm, warm-up, seeds lowered, median change)] against the same norm without warm-up, at L 6."""
    out = []
    for norm in ("post", "pre"):
        base = columns[(6, norm, True, 0)]
        for w in WARMUPS:
            col = columns[(6, norm, True, w)]
            lowered = sum(col[s] < base[s] for s in seeds)
            out.append((norm, w, lowered, round(statistics.median(col[s] - base[s] for s in seeds), 2)))
    return out


def warmup_sentence(columns, seeds):
    f = {(n, w): (k, m) for n, w, k, m in warmup_figures(columns, seeds)}
    n = len(seeds)
    return (f"On seeds {seeds[0]} to {seeds[-1]}, a warm-up of 50 steps lowers post-norm's loss at L 6 on {f['post', 50][0]} "
            f"of {n} seeds (median change {signed(f['post', 50][1])}), 100 steps on {f['post', 100][0]} of {n} "
            f"({signed(f['post', 100][1])}); in pre-norm they lower it on {f['pre', 50][0]} and {f['pre', 100][0]} of {n} "
            f"(median change {signed(f['pre', 50][1])} and {signed(f['pre', 100][1])}). The `/echauffement` reply quotes "
            "these figures (core/training/warmup_figures.h, written by the same script).")


def warmup_block(columns, seeds, steps):
    keys = [(6, norm, True, w) for norm in ("post", "pre") for w in (0,) + WARMUPS]
    head = lambda k: f"{k[1]}, N {k[3]}"
    lines = ["| seed | " + " | ".join(head(k) for k in keys) + " |", "|---" * (len(keys) + 1) + "|"]
    for s in seeds:
        lines.append(f"| {s} | " + " | ".join(two(columns[k][s]) for k in keys) + " |")

    def against(k, reference):
        if reference == k:
            return "—"
        return signed(statistics.median(columns[k][s] - columns[reference][s] for s in seeds))

    n = len(seeds)
    rows = {
        "median": lambda k: two(statistics.median(columns[k].values())),
        "range": lambda k: span(columns[k].values()),
        "below 2.0": lambda k: f"{sum(v < 2.0 for v in columns[k].values())} of {n}",
        "lower than N 0": lambda k: "—" if k[3] == 0 else
        f"{sum(columns[k][s] < columns[(6, k[1], True, 0)][s] for s in seeds)} of {n}",
        "median change": lambda k: against(k, (6, k[1], True, 0)),
        "median above pre, N 0": lambda k: signed(statistics.median(columns[k][s] - columns[(6, "pre", True, 0)][s] for s in seeds)),
    }
    for name, row in rows.items():
        lines.append(f"| {name} | " + " | ".join(row(k) for k in keys) + " |")
    return "\n".join(lines) + "\n\n" + warmup_sentence(columns, seeds) + "\n\n"


def warmup_header(columns, seeds, steps):
    entries = "\n".join(f"    {{{w}, {'true' if norm == 'post' else 'false'}, {k}, {m:.2f}}},"
                        for norm, w, k, m in warmup_figures(columns, seeds))
    return f"""#pragma once
// Generated by python3 tools/training_table.py from /graines sweeps (docs/training.md, "Warm-up and
// post-norm at depth"): do not edit. ctest docs.training_table reruns the sweeps and fails when this
// file or the document differ from what they give.

namespace tb {{

// What /echauffement N does, measured at L 6, d 16, w 64, corpus « grammaire », the masked word,
// Adam 0.003, batch 16, residual on: the mean of the last 30 losses of each seed's run, with the
// warm-up against the same seed's without it.
struct WarmupFigure {{
    int warmup_steps;      // N
    bool post_norm;        // post-norm, else pre-norm
    int lowered;           // seeds whose loss the warm-up lowers, of kWarmupSeeds
    double median_change;  // median over the seeds of (with − without), rounded to 2 decimals
}};

inline constexpr int kWarmupFirstSeed = {seeds[0]}, kWarmupLastSeed = {seeds[-1]}, kWarmupSeeds = {len(seeds)};
inline constexpr int kWarmupLayers = 6, kWarmupRunSteps = {steps};
inline constexpr WarmupFigure kWarmupFigures[] = {{
{entries}
}};

}}  // namespace tb
"""
