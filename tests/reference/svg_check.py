#!/usr/bin/env python3
"""Check transformer-bloc's SVG cross-section against its trace, over many configurations.

Why it exists: `/exporter svg FICHIER` (shared/spec/cli.md, "The cross-section as SVG") draws the
picture from the window's records; this is a second reading of the contract, in another language,
written from the specification alone (cli.md "The trace file" and the SVG rules, channel.md §3, §4,
§6 and §7's picture paragraph), in pure Python 3 standard library, sharing no code with the C++.

    python3 svg_check.py EXE [--keep DIR] [--jobs N]     # runs EXE headless on every configuration
    python3 svg_check.py --svg FILE --trace FILE [--size WxH]   # one picture and its trace
    python3 svg_check.py --self-test                     # the checker against its fixture and mutants

For each configuration (6 wirings: residual on/off x norm aucune/post/pre; L 1, 2, 6; d 8, 16;
several seeds; positions sinus, appris, aucun; causal mask; steps below the top; sentences of 2, 5
and 8 words; two at --size 1024x768) it runs
    EXE --headless --run "<commands>; /exporter svg OUT.svg" --trace TRACE.json [--size WxH]
and checks, against the trace:
  - the root: viewBox "0 0 W H" (1600x900 unless --size); data-area-per-norm, data-norm-min,
    data-norm-max plain numbers with at least 3 decimals, min < max;
  - every element: no `transform` on one carrying data-* (nor a scaling one above it), `fill` and
    `stroke` only as #rrggbb or none, no colour or opacity in `style` or CSS, opacities numbers in 0..1;
  - beads: exactly one <circle> data-role="bead" (level = settings.step) or "trail" (levels below)
    per token and level <= step, none above; data-token, data-level, data-norm (= |levels[k].vectors[i]|
    to 1e-5 relative, written with 6 significant digits or more), r, fill and stroke #rrggbb; pi r^2 =
    area x norm to 1 %, except a bead whose norm is really outside [norm-min, norm-max], which carries
    data-clamped="low|high" (and is not larger, or smaller, than the bound's); only beads carry
    data-norm; trails faint through opacity or fill-opacity; the stroke (identity) one colour per token,
    distinct between tokens, the same token place the same colour in every configuration;
  - per bead: d direction cells (data-part="direction", data-component 0..d-1 once each, #rrggbb fill)
    and one reference ring (data-part="reference") with pi r^2 = area x sqrt(d) to 1 % (when sqrt(d)
    is within the clamp); in post-norm every bead above level 0 has its ring's r to 1 %;
  - identical vectors (to 1e-9) have identical fill, r and cue; with sinus or appris the two « le » of
    the sentence differ at level 0 (fill or cue); with aucun (and no causal mask) they are identical at
    every level;
  - pooled over every configuration, for every same-level pair of tokens: the cue difference (mean
    over the d cells of the sRGB distance of their fills) has a Spearman rank correlation >= 0.8 with
    1 - cos, and no pair with cos < 0.2 has a difference under 10 % of the largest; the cue is one fixed
    two-sided scale per d (components of x/|x| within 1e-3 of each other drawn within 0.03 in sRGB, and
    no colour used both for a component >= +0.1 and one <= -0.1);
  - boxes: one <rect> data-part="input" (level 0), "attention" (odd levels), "ffn" (even), "output"
    (2L+1) (by data-level when they carry it, else by their order bottom to top); bands data-part="norm"
    with data-level, data-placement and data-norm-type: pre, one under every sublayer plus the final
    norm (2L+1); post, one after every sublayer; aucune, none; residual arcs data-part="residual", one
    per sublayer when the residual is on, none when off;
  - A/B (/comparer on; /b /residuel off): every element with data-* (the root aside) carries
    data-side="a|b", and each side passes the checks above against its own trace. Headless, when the
    program answers that /comparer needs the window, the case is skipped and said so.
The self-test needs no program: tests/reference/fixtures/svg_small.svg and its trace must pass, and
each of some thirty mutants of them (a wrong norm, a missing trail, a transform, an rgb() fill, ...)
must fail with the rule it breaks.
Prints each failure as `FAIL [configuration] element: expected ..., found ...`, then a summary.
Exit status: 0 all good, 1 a check failed, 2 the program or a file could not be used at all.
"""
import argparse
import concurrent.futures
import copy
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

DEFAULT_SIZE = (1600, 900)
SENTENCE_5 = "le chat regarde le chien"            # the default sentence: two « le »
SENTENCE_2 = "le chat"
SENTENCE_8 = "le petit chat dort sur le tapis rouge"
SPEARMAN_MIN = 0.8
LOW_COS, LOW_RATIO = 0.2, 0.10
MIN_POOLED_PAIRS = 30        # below, the pooled figures are printed but not judged
AREA_TOL = 0.01
NORM_TOL = 1e-5
IDENTICAL = 1e-9
MAX_MESSAGES = 25            # per configuration
SCALE_STEP, SCALE_COLOUR = 1e-3, 0.03   # the cue's one fixed scale: nearby components, nearby colours
SIDE = 0.1                   # |component of x/|x|| beyond which the two sides of the scale must differ

HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
PLAIN3 = re.compile(r"^[+-]?[0-9]+\.[0-9]{3,}$")
INTEGER = re.compile(r"^[0-9]+$")
NUMBER = re.compile(r"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$")
TRANSLATE = re.compile(r"^\s*(translate\s*\([^)]*\)\s*)*$")
BOX_PARTS = ("input", "attention", "ffn", "output")


class Unusable(Exception):
    """The program or a file cannot be used at all (exit status 2)."""


# --- configurations ----------------------------------------------------------------------------

class Config:
    def __init__(self, name, commands, size=None):
        self.name, self.commands, self.size = name, commands, size

    def args(self):
        return ["--size", f"{self.size[0]}x{self.size[1]}"] if self.size else []


def configurations():
    """A fixed list (reproducible failures): the 6 wirings x L x d x 2 seeds, the other settings
    turning with the index, then the cases the rules need by name."""
    out = []
    wirings = [(res, norm) for norm in ("aucune", "post", "pre") for res in ("on", "off")]
    sentences = (SENTENCE_5, SENTENCE_2, SENTENCE_8)
    c = 0
    for res, norm in wirings:
        for L in (1, 2, 6):
            for d in (8, 16):
                for seed in (7 + c, 2024 + 3 * c):
                    position = ("sinus", "appris", "aucun")[c % 3]
                    mask = "causal" if c % 4 == 3 else "aucun"
                    sentence = sentences[(c // 3) % 3]
                    top = 2 * L + 1
                    step = top if c % 5 in (0, 3, 4) else (c * 7) % top     # below the top 2 times in 5
                    cmds = [f"/couches {L}", f"/dimension {d}", f"/norme {norm}", f"/residuel {res}",
                            f"/position {position}", f"/masque {mask}", f"/graine {seed}", f"/phrase {sentence}",
                            f"/etape {step}"]
                    name = (f"c{c:02d} L{L} d{d} {norm} res-{res} {position} mask-{mask} seed{seed} "
                            f"step{step}/{top} {len(sentence.split())}w")
                    out.append(Config(name, "; ".join(cmds)))
                    c += 1
    out += [
        Config("start-up", "/reinit"),
        Config("start-up aucun", "/reinit; /position aucun"),
        Config("post aucun L6", "/reinit; /couches 6; /norme post; /position aucun"),
        Config("step 0", "/reinit; /etape 0"),
        Config("step 0 d16 8w", f"/reinit; /dimension 16; /phrase {SENTENCE_8}; /etape 0"),
        Config("res-off aucune L6 (vanishing)", "/reinit; /couches 6; /norme aucune; /residuel off"),
        Config("res-on aucune L6 (growing)", "/reinit; /couches 6; /norme aucune; /graine 12"),
        Config("size 1024x768", "/reinit; /couches 3", (1024, 768)),
        Config("size 1024x768 d16 post 8w", f"/reinit; /dimension 16; /norme post; /phrase {SENTENCE_8}",
               (1024, 768)),
    ]
    return out


AB_BASE = "/reinit; /couches 2"
AB_B = "/residuel off"


# --- reading ----------------------------------------------------------------------------------

def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def describe(e):
    keys = ("data-role", "data-part", "data-side", "data-token", "data-level", "data-component")
    attrs = " ".join(f'{k}="{e.get(k)}"' for k in keys if e.get(k) is not None)
    return f"<{local(e.tag)} {attrs}>" if attrs else f"<{local(e.tag)}>"


def number(text):
    if text is None or not NUMBER.match(text.strip()):
        return None
    v = float(text)
    return v if math.isfinite(v) else None


def significant_digits(text):
    mantissa = re.split(r"[eE]", text.strip().lstrip("+-"))[0].replace(".", "")
    return len(mantissa.lstrip("0"))


def rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def srgb_distance(a, b):
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(rgb(a), rgb(b)))) / 255.0


def norm(x):
    return math.sqrt(math.fsum(v * v for v in x))


def read_trace(path):
    def no_constant(name):
        raise Unusable(f"non-finite number {name} in {path}")
    try:
        with open(path, encoding="utf-8") as f:
            t = json.load(f, parse_constant=no_constant)
        s = t["settings"]
        L, d = s["layers"], s["dimension"]
        levels = [lv["vectors"] for lv in t["levels"]]
        words = [tok["word"] for tok in t["tokens"]]
        if len(levels) != 2 * L + 2 or any(len(v) != len(words) or any(len(x) != d for x in v) for v in levels):
            raise Unusable(f"{path}: levels do not have the shape 2L+2 x n x d")
        return t
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError) as e:
        raise Unusable(f"cannot read {path} as a trace: {e!r}")


def read_svg(path):
    try:
        return ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        raise Unusable(f"cannot read {path} as XML: {e}")


# --- the checks of one picture -----------------------------------------------------------------

class Report:
    """Failures and notes of one configuration; the pooled pairs for the rules over all of them."""

    def __init__(self, name):
        self.name, self.failures, self.notes = name, [], []
        self.pairs = []          # (1 - cos, cue difference, where)
        self.cells = []          # (d, component of x/|x|, colour, where): one fixed scale per d
        self.identity = {}       # token index -> stroke, to compare across configurations
        self.beads = 0

    def fail(self, where, expected, found):
        self.failures.append(f"{where}: expected {expected}, found {found}")


def walk(root):
    """Every element with its ancestors (root first)."""
    stack = [(root, [])]
    while stack:
        e, above = stack.pop()
        yield e, above
        for child in reversed(list(e)):
            stack.append((child, above + [e]))


def data_keys(e):
    return [k for k in e.attrib if k.startswith("data-")]


def check_root(root, size, rep):
    scale = {}
    if local(root.tag) != "svg":
        rep.fail("root", "<svg>", f"<{local(root.tag)}>")
    vb = (root.get("viewBox") or "").replace(",", " ").split()
    want = ["0", "0", str(size[0]), str(size[1])]
    if [number(v) for v in vb] != [float(v) for v in want]:
        rep.fail("root viewBox", '"' + " ".join(want) + '"', repr(root.get("viewBox")))
    for key in ("data-area-per-norm", "data-norm-min", "data-norm-max"):
        text = root.get(key)
        if text is None or not PLAIN3.match(text.strip()):
            rep.fail(f"root {key}", "a plain number with at least 3 decimals", repr(text))
            continue
        scale[key] = float(text)
    if len(scale) == 3:
        if not scale["data-area-per-norm"] > 0:
            rep.fail("root data-area-per-norm", "> 0", scale["data-area-per-norm"])
        if not 0 <= scale["data-norm-min"] < scale["data-norm-max"]:
            rep.fail("root data-norm-min/max", "0 <= min < max", f'{scale["data-norm-min"]} / {scale["data-norm-max"]}')
    return scale if len(scale) == 3 else None


def check_elements(root, rep, ab):
    """The rules on every element: transforms, colours, opacities, data-side. Returns {element: opacity}."""
    opacity = {}
    for e, above in walk(root):
        where = describe(e)
        keys = data_keys(e)
        if keys and e.get("transform") is not None:
            rep.fail(where, "no transform on an element carrying data-*", f'transform="{e.get("transform")}"')
        if keys and e is not root:
            scaling = [a for a in above if a.get("transform") is not None and not TRANSLATE.match(a.get("transform"))]
            if scaling:
                rep.fail(where, "no scaling transform above an element carrying data-* (r in window pixels)",
                         f'<{local(scaling[0].tag)} transform="{scaling[0].get("transform")}">')
        for attr in ("fill", "stroke"):
            v = e.get(attr)
            if v is not None and v.strip() != "none" and not HEX.match(v.strip()):
                rep.fail(f"{where} {attr}", "#rrggbb or none", repr(v))
        style = e.get("style")
        if style and re.search(r"(^|;)\s*(fill|stroke|opacity|fill-opacity|stroke-opacity|color)\s*:", style):
            rep.fail(f"{where} style", "colours in fill/stroke and faintness in opacity/fill-opacity attributes",
                     repr(style))
        if local(e.tag) == "style" and re.search(r"fill|stroke|opacity|color", e.text or ""):
            rep.fail("<style>", "no CSS colour or opacity (colours in fill/stroke attributes)",
                     repr((e.text or "")[:60]))
        for attr in ("opacity", "fill-opacity", "stroke-opacity"):
            v = e.get(attr)
            if v is not None and (number(v) is None or not 0 <= number(v) <= 1):
                rep.fail(f"{where} {attr}", "a number in 0..1", repr(v))
        if ab and keys and e is not root and e.get("data-side") not in ("a", "b"):
            rep.fail(where, 'data-side="a|b" in A/B', repr(e.get("data-side")))
        # Faintness: the element's opacity times its ancestors', times its own or inherited fill-opacity.
        o = 1.0
        for a in above + [e]:
            o *= number(a.get("opacity")) if number(a.get("opacity")) is not None else 1.0
        for a in reversed(above + [e]):
            if number(a.get("fill-opacity")) is not None:
                o *= number(a.get("fill-opacity"))
                break
        opacity[e] = o
    return opacity


def int_attr(e, key, lo, hi, rep, where):
    v = e.get(key)
    if v is None or not INTEGER.match(v.strip()) or not lo <= int(v) <= hi:
        rep.fail(f"{where} {key}", f"an integer in {lo}..{hi}", repr(v))
        return None
    return int(v)


def check_picture(elements, root_scale, trace, rep, opacity):
    """Beads, cues, rings, boxes, bands and arcs of one stack against its trace."""
    s = trace["settings"]
    L, d, step = s["layers"], s["dimension"], s["step"]
    top = 2 * L + 1
    wiring_norm = s["norm"]
    n = len(trace["tokens"])
    vectors = [lv["vectors"] for lv in trace["levels"]]
    if not isinstance(step, int) or not 0 <= step <= top:
        rep.fail("trace settings.step", f"an integer in 0..{top}", repr(step))
        return

    # Only beads carry data-norm; data-role is bead or trail, on a circle.
    beads = {}
    for e in elements:
        role = e.get("data-role")
        if e.get("data-norm") is not None and role not in ("bead", "trail"):
            rep.fail(describe(e), 'data-norm only on data-role="bead|trail" circles',
                     f'data-norm="{e.get("data-norm")}"')
        if role is None:
            continue
        where = describe(e)
        if role not in ("bead", "trail"):
            rep.fail(f"{where} data-role", '"bead" or "trail"', repr(role))
            continue
        if local(e.tag) != "circle":
            rep.fail(where, "a <circle>", f"<{local(e.tag)}>")
        i = int_attr(e, "data-token", 0, n - 1, rep, where)
        k = int_attr(e, "data-level", 0, top, rep, where)
        if i is None or k is None:
            continue
        if (i, k) in beads:
            rep.fail(f"token {i} level {k}", "exactly one bead or trail", "two or more")
            continue
        beads[(i, k)] = e

    for i in range(n):
        for k in range(top + 1):
            e = beads.get((i, k))
            where = f"token {i} « {trace['tokens'][i]['word']} » level {k}"
            if k > step:
                if e is not None:
                    rep.fail(where, f"no bead above the step ({step})", describe(e))
                continue
            if e is None:
                rep.fail(where, f'a data-role="{"bead" if k == step else "trail"}" circle', "none")
                continue
            want_role = "bead" if k == step else "trail"
            if e.get("data-role") != want_role:
                rep.fail(where, f'data-role="{want_role}" (step {step})', repr(e.get("data-role")))
            if want_role == "trail" and not opacity.get(e, 1.0) < 1.0:
                rep.fail(where, "a faint trail (opacity or fill-opacity < 1)", f"opacity {opacity.get(e, 1.0):g}")
    shown = {key: e for key, e in beads.items() if key[1] <= step}
    rep.beads += len(shown)

    # Norms, areas, clamps, colours.
    area = root_scale["data-area-per-norm"] if root_scale else None
    lo_n = root_scale["data-norm-min"] if root_scale else None
    hi_n = root_scale["data-norm-max"] if root_scale else None
    radius = {}
    for (i, k), e in sorted(shown.items()):
        where = f"{describe(e)} (« {trace['tokens'][i]['word']} »)"
        true = norm(vectors[k][i])
        text = e.get("data-norm")
        found = number(text)
        if found is None:
            rep.fail(f"{where} data-norm", f"a number (|x| = {true:.9g})", repr(text))
        else:
            if abs(found - true) > NORM_TOL * true + 1e-300:
                rep.fail(f"{where} data-norm", f"{true:.9g} (to {NORM_TOL:g} relative)", text)
            if significant_digits(text) < 6 and found != true:
                rep.fail(f"{where} data-norm", "6 significant digits or more", repr(text))
        r = number(e.get("r"))
        if r is None or r <= 0:
            rep.fail(f"{where} r", "a positive number", repr(e.get("r")))
        radius[(i, k)] = r
        for attr in ("fill", "stroke"):
            if not HEX.match((e.get(attr) or "").strip()):
                rep.fail(f"{where} {attr}", "#rrggbb", repr(e.get(attr)))
        clamped = e.get("data-clamped")
        if area is None or r is None:
            continue
        cx, cy = number(e.get("cx") or "0"), number(e.get("cy") or "0")
        if cx is None or cy is None:
            rep.fail(f"{where} cx/cy", "numbers", f'{e.get("cx")!r} {e.get("cy")!r}')
        expect_clamp = "low" if true < lo_n else "high" if true > hi_n else None
        near_bound = min(abs(true - lo_n), abs(true - hi_n)) <= 1e-6 * max(true, 1e-300)
        if clamped != expect_clamp and not near_bound:
            rep.fail(f"{where} data-clamped", repr(expect_clamp) + f" (norm {true:.6g}, clamp [{lo_n:g}, {hi_n:g}])",
                     repr(clamped))
        drawn = math.pi * r * r
        if clamped is None and expect_clamp is None:
            if abs(drawn - area * true) > AREA_TOL * area * true:
                rep.fail(f"{where} area pi r^2", f"{area * true:.6g} (area-per-norm x norm {true:.6g}, to 1 %)",
                         f"{drawn:.6g} (r = {e.get('r')})")
        elif clamped == "low" and drawn > area * lo_n * (1 + AREA_TOL):
            rep.fail(f"{where} area (clamped low)", f"at most area x norm-min = {area * lo_n:.6g}", f"{drawn:.6g}")
        elif clamped == "high" and drawn < area * hi_n * (1 - AREA_TOL):
            rep.fail(f"{where} area (clamped high)", f"at least area x norm-max = {area * hi_n:.6g}", f"{drawn:.6g}")
        elif clamped not in (None, "low", "high"):
            rep.fail(f"{where} data-clamped", '"low" or "high"', repr(clamped))

    # Identity: one stroke per token, distinct between tokens.
    for i in range(n):
        strokes = {shown[(i, k)].get("stroke") for k in range(step + 1) if (i, k) in shown}
        if len(strokes) > 1:
            rep.fail(f"token {i} stroke", "one identity colour at every level", sorted(map(str, strokes)))
        if strokes:
            rep.identity[i] = next(iter(strokes))
    by_colour = {}
    for i, c in rep.identity.items():
        by_colour.setdefault((c or "").lower(), []).append(i)
    for c, tokens in by_colour.items():
        if len(tokens) > 1:
            rep.fail(f"tokens {tokens} stroke", "a distinct identity colour per token", f"all {c}")

    # Direction cues and reference rings.
    cues, rings = {}, {}
    for e in elements:
        part = e.get("data-part")
        if part not in ("direction", "reference"):
            continue
        where = describe(e)
        i = int_attr(e, "data-token", 0, n - 1, rep, where)
        k = int_attr(e, "data-level", 0, top, rep, where)
        if i is None or k is None:
            continue
        if (i, k) not in shown:
            rep.fail(where, f"a {part} element only for a bead or trail shown", "none at this token and level")
            continue
        if part == "reference":
            if (i, k) in rings:
                rep.fail(f"token {i} level {k}", "one reference ring", "two or more")
            rings[(i, k)] = e
            continue
        j = int_attr(e, "data-component", 0, d - 1, rep, where)
        if j is None:
            continue
        cell = cues.setdefault((i, k), {})
        if j in cell:
            rep.fail(where, "each component once", "twice")
        if not HEX.match((e.get("fill") or "").strip()):
            rep.fail(f"{where} fill", "#rrggbb", repr(e.get("fill")))
            continue
        cell[j] = e.get("fill").strip().lower()
    sqrt_d = math.sqrt(d)
    for key in sorted(shown):
        i, k = key
        where = f"token {i} level {k}"
        got = sorted(cues.get(key, {}))
        if got != list(range(d)):
            missing = sorted(set(range(d)) - set(got))
            rep.fail(f"{where} direction cue", f"{d} data-part=\"direction\" cells 0..{d - 1}",
                     f"{len(got)} (missing {missing})")
            cues.pop(key, None)
        ring = rings.get(key)
        if ring is None:
            rep.fail(where, 'one data-part="reference" ring', "none")
            continue
        rr = number(ring.get("r"))
        if rr is None or rr <= 0:
            rep.fail(f"{describe(ring)} r", "a positive number", repr(ring.get("r")))
            continue
        ring_off = abs(math.pi * rr * rr - area * sqrt_d) > AREA_TOL * area * sqrt_d if area is not None else False
        if ring_off and lo_n <= sqrt_d <= hi_n:
            rep.fail(f"{describe(ring)} area pi r^2", f"area x sqrt(d) = {area * sqrt_d:.6g} (to 1 %)",
                     f"{math.pi * rr * rr:.6g} (r = {ring.get('r')})")
        r = radius.get(key)
        if wiring_norm == "post" and k >= 1 and r is not None and abs(r - rr) > AREA_TOL * rr:
            rep.fail(f"{where} r (post-norm)", f"its ring's r = {rr:g} (to 1 %)", f"{r:g}")

    # Identical vectors: identical fill, size and cue.
    keys = sorted(shown)
    for a in range(len(keys)):
        for b in range(a + 1, len(keys)):
            (i, k), (j, m) = keys[a], keys[b]
            x, y = vectors[k][i], vectors[m][j]
            if max(abs(p - q) for p, q in zip(x, y)) > IDENTICAL * max(1.0, norm(x)):
                continue
            ea, eb = shown[keys[a]], shown[keys[b]]
            pair = f"tokens {i}@{k} and {j}@{m} (identical vectors)"
            if (ea.get("fill") or "").lower() != (eb.get("fill") or "").lower():
                rep.fail(f"{pair} fill", "identical fills", f'{ea.get("fill")} / {eb.get("fill")}')
            if radius.get(keys[a]) is not None and radius.get(keys[b]) is not None and \
                    abs(radius[keys[a]] - radius[keys[b]]) > 1e-6 * radius[keys[a]]:
                rep.fail(f"{pair} r", "identical radii", f'{ea.get("r")} / {eb.get("r")}')
            if keys[a] in cues and keys[b] in cues and cues[keys[a]] != cues[keys[b]]:
                diff = [c for c in range(d) if cues[keys[a]][c] != cues[keys[b]][c]]
                rep.fail(f"{pair} direction cue", "identical cells", f"cells {diff} differ")

    # The two « le »: apart at level 0 when positions differ; together at every level without them.
    le = [i for i, tok in enumerate(trace["tokens"]) if tok["word"] == "le"]
    position, mask = s.get("position"), s.get("mask", "aucun")
    for a in range(len(le)):
        for b in range(a + 1, len(le)):
            i, j = le[a], le[b]
            if position in ("sinus", "appris") and (i, 0) in shown and (j, 0) in shown:
                if shown[(i, 0)].get("fill") == shown[(j, 0)].get("fill") and cues.get((i, 0)) == cues.get((j, 0)):
                    rep.fail(f"the two « le » (tokens {i}, {j}) at level 0 with position {position}",
                             "different fills or cues", "identical")
            if position == "aucun" and mask == "aucun":
                for k in range(step + 1):
                    gap = max(abs(p - q) for p, q in zip(vectors[k][i], vectors[k][j]))
                    if gap > IDENTICAL * max(1.0, norm(vectors[k][i])):
                        rep.fail(f"trace: the two « le » (tokens {i}, {j}) at level {k} with position aucun",
                                 "identical vectors", "different")
                    elif (i, k) in shown and (j, k) in shown:
                        ea, eb = shown[(i, k)], shown[(j, k)]
                        drawn_i = (ea.get("fill"), ea.get("r"), cues.get((i, k)))
                        if drawn_i != (eb.get("fill"), eb.get("r"), cues.get((j, k))):
                            rep.fail(f"the two « le » (tokens {i}, {j}) at level {k} with position aucun",
                                     "identical fill, r and cue", f'{ea.get("fill")} r {ea.get("r")} / '
                                     f'{eb.get("fill")} r {eb.get("r")}')

    # Every cell's component of x/|x| and colour, for the one fixed scale.
    for (i, k), cell in cues.items():
        nx = norm(vectors[k][i])
        if nx > 0:
            for j, colour in cell.items():
                rep.cells.append((d, vectors[k][i][j] / nx, colour, f"[{rep.name}] token {i} level {k} component {j}"))

    # Same-level pairs for the pooled rank correlation.
    for k in range(step + 1):
        for i in range(n):
            for j in range(i + 1, n):
                if (i, k) not in cues or (j, k) not in cues:
                    continue
                x, y = vectors[k][i], vectors[k][j]
                nx, ny = norm(x), norm(y)
                if nx == 0 or ny == 0:
                    continue
                cos = math.fsum(p * q for p, q in zip(x, y)) / (nx * ny)
                diff = math.fsum(srgb_distance(cues[(i, k)][c], cues[(j, k)][c]) for c in range(d)) / d
                rep.pairs.append((1 - cos, diff, f"[{rep.name}] tokens {i}, {j} at level {k} (cos {cos:.3f})"))

    check_structure(elements, trace, rep)


def check_structure(elements, trace, rep):
    """Boxes, normalization bands and residual arcs as cli.md says for the wiring."""
    s = trace["settings"]
    L = s["layers"]
    top = 2 * L + 1
    boxes = {p: [] for p in BOX_PARTS}
    bands, arcs, others = [], [], {}
    for e in elements:
        part = e.get("data-part")
        if part in boxes:
            boxes[part].append(e)
        elif part == "norm":
            bands.append(e)
        elif part == "residual":
            arcs.append(e)
        elif part not in (None, "direction", "reference"):
            others[part] = others.get(part, 0) + 1
    if others:
        rep.notes.append("other data-part values (not checked): "
                         + ", ".join(f"{p} x{c}" for p, c in sorted(others.items())))

    want = {"input": [0], "attention": list(range(1, top, 2)), "ffn": list(range(2, top, 2)), "output": [top]}
    all_levelled = True
    for part, es in boxes.items():
        for e in es:
            if local(e.tag) != "rect":
                rep.fail(describe(e), "a <rect>", f"<{local(e.tag)}>")
        if len(es) != len(want[part]):
            rep.fail(f'boxes data-part="{part}"', f"{len(want[part])} (L = {L})", len(es))
        if any(e.get("data-level") is None for e in es):
            all_levelled = False
            continue
        levels = sorted(int(e.get("data-level")) if INTEGER.match(e.get("data-level")) else -1 for e in es)
        if levels != want[part]:
            rep.fail(f'boxes data-part="{part}" data-level', want[part], levels)
    if not all_levelled:
        # No data-level on the boxes: their order bottom to top must be input, attention, ffn, ..., output.
        ordered = []
        for part, es in boxes.items():
            for e in es:
                y, h = number(e.get("y") or "0"), number(e.get("height") or "0")
                ordered.append(((y or 0) + (h or 0) / 2, part))
        got = [p for _, p in sorted(ordered, reverse=True)]
        expected = ["input"] + ["attention", "ffn"] * L + ["output"]
        if got != expected:
            rep.fail("boxes bottom to top (no data-level)", expected, got)
        rep.notes.append("boxes carry no data-level: checked by their order bottom to top")

    norm = s["norm"]
    norm_type = s.get("norm_type", "layernorm")
    expected = ([(k, "pre") for k in range(1, top)] + [(top, "pre")] if norm == "pre" else
                [(k, "post") for k in range(1, top)] if norm == "post" else [])
    got = []
    for e in bands:
        where = describe(e)
        k = int_attr(e, "data-level", 1, top, rep, where)
        if e.get("data-norm-type") != norm_type:
            rep.fail(f"{where} data-norm-type", repr(norm_type), repr(e.get("data-norm-type")))
        if e.get("data-placement") not in ("pre", "post"):
            rep.fail(f"{where} data-placement", '"pre" or "post"', repr(e.get("data-placement")))
        got.append((k, e.get("data-placement")))
    if sorted(got, key=str) != sorted(expected, key=str):
        extra = sorted(set(got) - set(expected), key=str)
        missing = sorted(set(expected) - set(got), key=str)
        rep.fail(f"norm bands (norm {norm})", f"{len(expected)} as (level, placement)",
                 f"{len(got)}, missing {missing}, unexpected {extra}" if set(got) != set(expected) else
                 f"{len(got)} (duplicates)")
    levels = []
    for e in arcs:
        k = int_attr(e, "data-level", 1, top - 1, rep, describe(e))
        levels.append(k)
    want_arcs = list(range(1, top)) if s["residual"] else []
    if sorted(levels, key=str) != sorted(want_arcs, key=str):
        rep.fail(f"residual arcs (residual {'on' if s['residual'] else 'off'})", f"data-level {want_arcs}",
                 sorted(levels, key=str))


# --- the badges (issue 12): what the last change did, as « old → new (× r) » ---------------------

N_MAX = 8   # rows of a learned position table (channel.md §2)


def parameter_counts(s, V):
    """channel.md §5, term by term."""
    d, w, L = s["dimension"], s["ffn"], s["layers"]
    attention = 4 * (d * d + d)
    ffn = d * w + w + w * d + d
    norms = 0 if s["norm"] == "aucune" else 2 * 2 * d
    blocks = L * (attention + ffn + norms)
    counts = {"blocks": blocks, "attention": attention, "ffn": ffn}
    if V is not None:   # a trace without its vocabulary size (the fixture) has no total to check
        counts["total"] = blocks + V * d + (N_MAX * d if s["position"] == "appris" else 0) + (2 * d if s["norm"] == "pre" else 0)
    return counts


def mean_cosine(vectors):
    cos = []
    for i in range(len(vectors)):
        for j in range(i + 1, len(vectors)):
            a, b = norm(vectors[i]), norm(vectors[j])
            cos.append(math.fsum(x * y for x, y in zip(vectors[i], vectors[j])) / (a * b) if a > 0 and b > 0 else 0.0)
    return math.fsum(cos) / len(cos) if cos else 1.0


def grouped(n, sep):
    text = str(abs(n))
    parts = [text[max(0, i - 3):i] for i in range(len(text), 0, -3)][::-1]
    return ("−" if n < 0 else "") + sep.join(parts)


def check_badges(elements, trace, rep):
    """Each badge <text data-figure>: its new count is the formula's on the trace's settings, its new
    cosine or norm the trace's at data-level; its text writes the new count and an arrow."""
    s = trace["settings"]
    if s.get("activation", "gelu") not in ("gelu", "relu"):
        return   # a gated FFN adds W3: §5's formula is the ungated one
    counts = parameter_counts(s, trace.get("vocabulary_size"))
    for e in elements:
        figure = e.get("data-figure")
        if figure is None:
            continue
        where = f'badge {figure}'
        after = number(e.get("data-after"))
        text = "".join(e.itertext())
        if "→" not in text:
            rep.fail(f"{where} text", "« old → new »", repr(text))
        if figure == "total" and figure not in counts:
            continue
        if figure in counts:
            if after != counts[figure]:
                rep.fail(f"{where} data-after", f"{counts[figure]} (§5 on the trace's settings)", e.get("data-after"))
            if grouped(counts[figure], " ") not in text and grouped(counts[figure], ",") not in text:
                rep.fail(f"{where} text", f"the new count {counts[figure]} with its thousands grouped", repr(text))
            continue
        level = int_attr(e, "data-level", 0, 2 * s["layers"] + 1, rep, where)
        if figure not in ("cosine", "norm") or level is None or after is None:
            rep.fail(where, "blocks|total|attention|ffn|cosine|norm with data-after and data-level", describe(e))
            continue
        vectors = trace["levels"][level]["vectors"]
        true = mean_cosine(vectors) if figure == "cosine" else math.fsum(norm(x) for x in vectors) / len(vectors)
        if abs(after - true) > 1e-6 * max(1.0, abs(true)):
            rep.fail(f"{where} data-after", f"{true:.9g} (the trace's level {level})", e.get("data-after"))


def check_svg(root, traces, size, rep):
    """The whole file: one trace, or {"a": trace, "b": trace} for A/B."""
    ab = "settings" not in traces
    scale = check_root(root, size, rep)
    opacity = check_elements(root, rep, ab)
    elements = [e for e, _ in walk(root) if e is not root]
    if not ab:
        check_picture(elements, scale, traces, rep, opacity)
        check_badges(elements, traces, rep)
        return
    check_badges([e for e in elements if e.get("data-side") == "a"], traces["a"], rep)
    for side, trace in traces.items():
        sub = Report(f"{rep.name} side {side}")
        check_picture([e for e in elements if e.get("data-side") == side], scale, trace, sub, opacity)
        rep.failures += [f"side {side}: {m}" for m in sub.failures]
        rep.notes += [f"side {side}: {m}" for m in sub.notes]
        rep.pairs += sub.pairs
        rep.cells += sub.cells
        rep.beads += sub.beads


# --- pooled rules ------------------------------------------------------------------------------

def ranks(values):
    """1-based ranks, ties given the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    a = 0
    while a < len(order):
        b = a
        while b + 1 < len(order) and values[order[b + 1]] == values[order[a]]:
            b += 1
        for i in order[a:b + 1]:
            out[i] = (a + b) / 2 + 1
        a = b + 1
    return out


def spearman(x, y):
    rx, ry = ranks(x), ranks(y)
    mx, my = math.fsum(rx) / len(rx), math.fsum(ry) / len(ry)
    sxy = math.fsum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = math.fsum((a - mx) ** 2 for a in rx)
    syy = math.fsum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")


def fixed_scale(cells, failures):
    """One fixed two-sided scale per d: components within SCALE_STEP of each other have colours within
    SCALE_COLOUR (sRGB distance, 0..sqrt(3)); no colour serves both a component >= +SIDE and one <= -SIDE."""
    lines = []
    for d in sorted({c[0] for c in cells}):
        mine = sorted((c for c in cells if c[0] == d), key=lambda c: c[1])
        worst, bad = 0.0, []
        for a in range(len(mine)):
            b = a + 1
            while b < len(mine) and mine[b][1] - mine[a][1] <= SCALE_STEP:
                dist = srgb_distance(mine[a][2], mine[b][2])
                worst = max(worst, dist)
                if dist > SCALE_COLOUR:
                    bad.append((dist, a, b))
                b += 1
        for dist, a, b in sorted(bad, reverse=True)[:5]:
            failures.append(f"FAIL [pooled] direction cue, one fixed scale at d = {d}: {mine[a][3]} "
                            f"({mine[a][1]:+.5f}) "
                            f"and {mine[b][3]} ({mine[b][1]:+.5f}): expected colours within {SCALE_COLOUR}, found "
                            f"{mine[a][2]} and {mine[b][2]} ({dist:.3f} apart)")
        positive = {c[2]: c for c in mine if c[1] >= SIDE}
        both = [(positive[c[2]], c) for c in mine if c[1] <= -SIDE and c[2] in positive]
        for p, q in both[:5]:
            failures.append(f"FAIL [pooled] direction cue, two-sided at d = {d}: {p[3]} ({p[1]:+.4f}) and {q[3]} "
                            f"({q[1]:+.4f}): expected different colours either side of 0, found both {p[2]}")
        lines.append(f"direction cells at d = {d}: {len(mine)}, largest colour gap for components within "
                     f"{SCALE_STEP:g}: {worst:.3f} (allowed {SCALE_COLOUR}), {len(bad) + len(both)} problem(s)")
    return lines


def pooled(pairs, failures):
    """The rank correlation and the 10 % rule; returns the summary lines."""
    lines = [f"same-level pairs pooled: {len(pairs)}"]
    if len(pairs) < 2:
        return lines
    rho = spearman([p[0] for p in pairs], [p[1] for p in pairs])
    largest = max(p[1] for p in pairs)
    low = [p for p in pairs if 1 - p[0] < LOW_COS]
    judged = len(pairs) >= MIN_POOLED_PAIRS
    lines.append(f"Spearman rho(cue difference, 1 - cos) = {rho:.4f} (needs >= {SPEARMAN_MIN})"
                 + ("" if judged else f" [not judged: fewer than {MIN_POOLED_PAIRS} pairs]"))
    if judged and not rho >= SPEARMAN_MIN:
        failures.append(f"FAIL [pooled] Spearman rank correlation: expected >= {SPEARMAN_MIN}, found {rho:.4f}")
    if low and largest > 0:
        worst = min(low, key=lambda p: p[1])
        ratio = worst[1] / largest
        lines.append(f"smallest cue difference for cos < {LOW_COS}: {ratio:.1%} of the largest ({worst[2]}; "
                     f"{len(low)} such pairs)")
        if judged:
            for p in sorted(low, key=lambda p: p[1]):
                if p[1] >= LOW_RATIO * largest:
                    break
                failures.append(f"FAIL [pooled] {p[2]}: expected a cue difference >= {LOW_RATIO:.0%} of the largest "
                                f"({LOW_RATIO * largest:.4f}), found {p[1]:.4f} ({p[1] / largest:.1%})")
    else:
        lines.append(f"no pair with cos < {LOW_COS}")
    return lines


# --- running the program -----------------------------------------------------------------------

def run_program(exe, commands, size_args, svg, trace):
    for path in (svg, trace):  # never read a file a previous run left (--keep)
        if os.path.exists(path):
            os.remove(path)
    cmd = [exe, "--headless", "--run", f"{commands}; /exporter svg {svg}", "--trace", trace] + size_args
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"could not run {exe}: {e}"
    if p.returncode != 0:
        return f"exit status {p.returncode}: {p.stderr.strip() or p.stdout.strip()}"
    if not os.path.isfile(svg) or not os.path.isfile(trace):
        return f"exit status 0 but {'no SVG' if not os.path.isfile(svg) else 'no trace'} was written"
    return None


def print_report(rep, commands=None):
    for m in rep.failures[:MAX_MESSAGES]:
        print(f"FAIL [{rep.name}] {m}")
    if len(rep.failures) > MAX_MESSAGES:
        print(f"FAIL [{rep.name}] ... and {len(rep.failures) - MAX_MESSAGES} more")
    if rep.failures and commands:
        print(f"     [{rep.name}] commands: {commands}")


def check_program(exe, workdir, jobs):
    configs = configurations()
    failures, pairs, cells, identity, beads, notes = [], [], [], {}, 0, set()

    def one(idx_cfg):
        idx, cfg = idx_cfg
        svg, trace = os.path.join(workdir, f"c{idx:03d}.svg"), os.path.join(workdir, f"c{idx:03d}.json")
        return cfg, svg, trace, run_program(exe, cfg.commands, cfg.args(), svg, trace)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one, enumerate(configs)))
    run_errors = [(cfg, err) for cfg, _, _, err in results if err]
    if len(run_errors) == len(configs):
        print(f"error: the program produced no SVG in any configuration; first answer: {run_errors[0][1]}")
        return 2
    for cfg, svg, trace, err in results:
        rep = Report(cfg.name)
        if err:
            rep.failures.append(f"the program: expected an SVG and a trace, found {err}")
        else:
            try:
                check_svg(read_svg(svg), read_trace(trace), cfg.size or DEFAULT_SIZE, rep)
            except Unusable as e:
                rep.failures.append(f"reading: {e}")
        print_report(rep, cfg.commands)
        failures += rep.failures
        pairs += rep.pairs
        cells += rep.cells
        beads += rep.beads
        notes.update(rep.notes)
        for i, c in rep.identity.items():
            identity.setdefault(i, {}).setdefault((c or "").lower(), []).append(cfg.name)
    for i, colours in sorted(identity.items()):
        if len(colours) > 1:
            desc = "; ".join(f"{c} in {len(v)} (e.g. {v[0]})" for c, v in colours.items())
            failures.append(f"FAIL [all] token place {i} stroke: expected one identity colour in every configuration, "
                            f"found {desc}")
            print(failures[-1])

    ab_line = check_ab(exe, workdir, failures)
    pooled_failures = []
    lines = pooled(pairs, pooled_failures) + fixed_scale(cells, pooled_failures)
    for m in pooled_failures[:MAX_MESSAGES]:
        print(m)
    if len(pooled_failures) > MAX_MESSAGES:
        print(f"FAIL [pooled] ... and {len(pooled_failures) - MAX_MESSAGES} more")
    failures += pooled_failures
    print("--- summary")
    for note in sorted(notes):
        print(f"note: {note}")
    print(f"configurations checked: {len(configs) - len(run_errors)} of {len(configs)}")
    print(f"beads and trails checked: {beads}")
    for line in lines + [ab_line]:
        print(line)
    print("OK" if not failures else f"FAIL: {len(failures)} failure(s)")
    return 1 if failures else 0


def check_ab(exe, workdir, failures):
    svg, trace = os.path.join(workdir, "ab.svg"), os.path.join(workdir, "ab_a.json")
    err = run_program(exe, f"{AB_BASE}; /comparer on; /b {AB_B}", [], svg, trace)
    if err and ("fenêtre" in err or "window" in err) and "comparer" in err:
        return f"A/B: skipped, headless the program answers that /comparer needs the window ({err.splitlines()[0]})"
    rep = Report("A/B /comparer on; /b " + AB_B)
    if err:
        rep.failures.append(f"the program: expected an SVG and a trace, found {err}")
    else:
        # Side B's trace: the same state with B's setting, through a second plain run.
        b_svg, b_trace = os.path.join(workdir, "ab_b.svg"), os.path.join(workdir, "ab_b.json")
        err_b = run_program(exe, f"{AB_BASE}; {AB_B}", [], b_svg, b_trace)
        if err_b:
            rep.failures.append(f"the program (side B alone): expected a trace, found {err_b}")
        else:
            try:
                check_svg(read_svg(svg), {"a": read_trace(trace), "b": read_trace(b_trace)}, DEFAULT_SIZE, rep)
            except Unusable as e:
                rep.failures.append(f"reading: {e}")
    print_report(rep, f"{AB_BASE}; /comparer on; /b {AB_B}")
    failures += rep.failures
    return f"A/B: checked, {rep.beads} beads and trails, {'OK' if not rep.failures else 'FAIL'}"


# --- one file, and the self-test ---------------------------------------------------------------

def judge(root, trace, size, name):
    """One picture with every rule, the pooled ones over its own pairs and cells; (report, summary lines)."""
    rep = Report(name)
    check_svg(root, trace, size, rep)
    pooled_failures = []
    lines = pooled(rep.pairs, pooled_failures) + fixed_scale(rep.cells, pooled_failures)
    rep.failures += [m.replace("FAIL [pooled] ", "", 1) for m in pooled_failures]
    return rep, lines


HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE_SVG = os.path.join(HERE, "fixtures", "svg_small.svg")
FIXTURE_TRACE = os.path.join(HERE, "fixtures", "svg_small_trace.json")


def as_ab(root, trace):
    """The fixture as an A/B picture of two identical stacks: each element with data-* (the root aside)
    marked side a, and a copy of it marked side b; returns the pair of traces."""
    for parent, _ in list(walk(root)):
        for e in list(parent):
            if data_keys(e):
                twin = copy.deepcopy(e)
                e.set("data-side", "a")
                twin.set("data-side", "b")
                parent.append(twin)
    return {"a": trace, "b": copy.deepcopy(trace)}


def mutants():
    """(name, what the failure must mention, mutation of (root, trace), which may return new traces);
    each must be caught."""
    def find(root, **attrs):
        return [e for e, _ in walk(root) if all(e.get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def set_attr(key, value, **attrs):
        return lambda root, t: find(root, **attrs)[0].set(key, value)

    def remove(**attrs):
        def go(root, t):
            target = find(root, **attrs)[0]
            for e, above in walk(root):
                if target in list(e):
                    e.remove(target)
                    return
        return go

    def scale_vector(root, t):
        t["levels"][1]["vectors"][2] = [v * 1.001 for v in t["levels"][1]["vectors"][2]]

    def same_le(root, t):   # both « le » drawn alike at level 0
        a, b = find(root, data_role="trail", data_token="0", data_level="0")[0], \
            find(root, data_role="trail", data_token="3", data_level="0")[0]
        b.set("fill", a.get("fill"))
        for c in range(8):
            ca = find(root, data_part="direction", data_token="0", data_level="0", data_component=str(c))[0]
            cb = find(root, data_part="direction", data_token="3", data_level="0", data_component=str(c))[0]
            cb.set("fill", ca.get("fill"))

    def copy_token(root, t):   # token 1's vector made identical to token 0's at level 2, bead unchanged
        t["levels"][2]["vectors"][1] = list(t["levels"][2]["vectors"][0])

    def wrap_scaled(root, t):
        g = ET.SubElement(root, "g", {"transform": "scale(2)"})
        e = find(root, data_role="bead", data_token="1")[0]
        for parent, _ in walk(root):
            if e in list(parent):
                parent.remove(e)
                break
        g.append(e)

    def shuffle_cues(root, t):   # each bead's cue moved to another bead: the cue no longer follows cos
        cells = find(root, data_part="direction")
        fills = [e.get("fill") for e in cells]
        shift = 8 * 7   # seven beads further on
        for e, f in zip(cells, fills[shift:] + fills[:shift]):
            e.set("fill", f)

    def two_sided(root, t):    # a clearly positive component drawn with a clearly negative one's colour
        vec = t["levels"][0]["vectors"][0]
        nx = norm(vec)
        j_neg, j_pos = min(range(8), key=lambda j: vec[j]), max(range(8), key=lambda j: vec[j])
        assert vec[j_neg] / nx < -SIDE and vec[j_pos] / nx > SIDE
        neg = find(root, data_part="direction", data_token="0", data_level="0", data_component=str(j_neg))[0]
        find(root, data_part="direction", data_token="0", data_level="0", data_component=str(j_pos))[0].set(
            "fill", neg.get("fill"))

    def without_side(root, t):
        ab = as_ab(root, t)
        root.find(".//*[@data-role]").attrib.pop("data-side")
        return ab

    def side_b_short(root, t):
        ab = as_ab(root, t)
        remove(data_side="b", data_role="bead")(root, t)
        return ab

    def step_lower(root, t):
        t["settings"]["step"] = 2

    def to_post(root, t):
        t["settings"]["norm"] = "post"

    def residual_off(root, t):
        t["settings"]["residual"] = False

    def badge(figure, after, text, level=None):   # a badges group with one badge, as the program writes it
        def go(root, t):
            g = ET.SubElement(root, "g", {"class": "badges"})
            attrs = {"data-figure": figure, "data-before": "1", "data-after": after, "fill": "#ffffff"}
            if level is not None:
                attrs["data-level"] = level
            ET.SubElement(g, "text", attrs).text = text
        return go

    return [
        ("data-norm off", "data-norm",
         set_attr("data-norm", "9.99999", data_role="trail", data_token="1", data_level="1")),
        ("norm with 4 digits", "significant", lambda r, t: [e.set("data-norm", f'{float(e.get("data-norm")):.4g}')
                                                             for e in find(r, data_role="bead", data_token="2")]),
        ("trace vector moved", "data-norm", scale_vector),
        ("missing trail", "none", remove(data_role="trail", data_token="4", data_level="1")),
        ("trail called bead", "data-role",
         set_attr("data-role", "bead", data_role="trail", data_token="0", data_level="2")),
        ("radius off", "area", set_attr("r", "30", data_role="bead", data_token="0")),
        ("transform", "transform", set_attr("transform", "translate(1,0)", data_role="bead", data_token="1")),
        ("scaled group", "scaling", wrap_scaled),
        ("rgb() fill", "#rrggbb", set_attr("fill", "rgb(1,2,3)", data_role="bead", data_token="2")),
        ("short hex stroke", "#rrggbb", set_attr("stroke", "#fff", data_role="trail", data_token="2", data_level="0")),
        ("trail not faint", "faint", set_attr("opacity", "1", data_role="trail", data_token="3", data_level="1")),
        ("style colour", "style", set_attr("style", "fill:#000000", data_role="bead", data_token="3")),
        ("data-norm on a ring", "data-norm",
         set_attr("data-norm", "2.82843", data_part="reference", data_token="0", data_level="0")),
        ("cue cell missing", "direction",
         remove(data_part="direction", data_token="2", data_level="3", data_component="5")),
        ("ring wrong", "sqrt(d)", set_attr("r", "5", data_part="reference", data_token="1", data_level="2")),
        ("two le alike", "« le »", same_le),
        ("identical vectors apart", "identical", copy_token),
        ("stroke changes", "identity",
         set_attr("stroke", "#123456", data_role="trail", data_token="4", data_level="0")),
        ("area 2 decimals", "3 decimals",
         lambda r, t: r.set("data-area-per-norm", f'{float(r.get("data-area-per-norm")):.2f}')),
        ("viewBox", "viewBox", lambda r, t: r.set("viewBox", "0 0 1600 901")),
        ("bead above the step", "above the step", step_lower),
        ("attention box missing", "attention", remove(data_part="attention")),
        ("final band missing", "norm bands", remove(data_part="norm", data_level="3")),
        ("band type", "data-norm-type", set_attr("data-norm-type", "rmsnorm", data_part="norm", data_level="1")),
        ("post-norm rings", "(post-norm)", to_post),
        ("arcs with residual off", "residual", residual_off),
        ("badge count off", "§5", badge("attention", "289", "attention par bloc : 1 → 289 (× 289)")),
        ("badge cosine off", "level 2", badge("cosine", "0.5", "cos moyen, ffn 1 : 0,10 → 0,50 (× 5)", "2")),
        ("clamp missing", "data-clamped", lambda r, t: r.set("data-norm-max", "1.000")),
        ("cues shuffled", "Spearman", shuffle_cues),
        ("one colour both sides", "two-sided", two_sided),
        ("same direction, other colours", "one fixed scale",   # token 1 at level 1 pointed as token 0
         lambda r, t: t["levels"][1]["vectors"].__setitem__(1, [2 * v for v in t["levels"][1]["vectors"][0]])),
        ("data-side missing in A/B", "data-side", without_side),
        ("side b short of a bead in A/B", "side b", side_b_short),
    ]


def self_test():
    """The fixture passes; every mutant of it fails with the expected words."""
    root0 = read_svg(FIXTURE_SVG)
    trace0 = read_trace(FIXTURE_TRACE)
    rep, _ = judge(copy.deepcopy(root0), copy.deepcopy(trace0), DEFAULT_SIZE, "fixture")
    bad = 0
    if rep.failures:
        print_report(rep)
        print("FAIL: the fixture itself does not pass")
        bad += 1
    else:
        print(f"fixture: OK ({rep.beads} beads and trails, {len(rep.pairs)} pairs)")
    root = copy.deepcopy(root0)
    rep, _ = judge(root, as_ab(root, copy.deepcopy(trace0)), DEFAULT_SIZE, "fixture as A/B")
    if rep.failures or rep.beads != 40:
        print_report(rep)
        print(f"FAIL: the fixture as A/B does not pass ({rep.beads} beads and trails)")
        bad += 1
    else:
        print(f"fixture as A/B: OK ({rep.beads} beads and trails)")
    for name, word, mutate in mutants():
        root, trace = copy.deepcopy(root0), copy.deepcopy(trace0)
        ab = mutate(root, trace)
        trace = ab if isinstance(ab, dict) and "a" in ab else trace
        rep, _ = judge(root, trace, DEFAULT_SIZE, f"mutant {name}")
        if not any(word in m for m in rep.failures):
            print(f"FAIL: mutant « {name} » not caught (expected a failure mentioning « {word} »); "
                  f"got {rep.failures[:3]}")
            bad += 1
        else:
            print(f"mutant « {name} »: caught ({next(m for m in rep.failures if word in m)[:110]})")
    # The rank correlation on a known case, ties included: ranks 1, 2.5, 2.5, 4, 5 and 1, 2.5, 2.5, 5, 4,
    # so rho = 8.5 / 9.5 = 17/19.
    rho = spearman([1, 2, 2, 3, 4], [10, 20, 20, 30, 25])
    if abs(rho - 17 / 19) > 1e-12 or abs(spearman([3, 1, 2], [30, 10, 20]) - 1) > 1e-12:
        print(f"FAIL: spearman of a known case: expected {17 / 19:.6f}, found {rho}")
        bad += 1
    print("OK" if not bad else f"FAIL: {bad} self-test failure(s)")
    return 1 if bad else 0


def parse_size(text):
    m = re.match(r"^([0-9]+)x([0-9]+)$", text or "")
    if not m:
        raise argparse.ArgumentTypeError(f"expected WxH, got {text!r}")
    return int(m.group(1)), int(m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exe", nargs="?", help="the transformer-bloc executable")
    ap.add_argument("--svg", help="check this one SVG (with --trace) instead of running the program")
    ap.add_argument("--trace", help="the trace of --svg")
    ap.add_argument("--size", type=parse_size, default=DEFAULT_SIZE, help="the window size of --svg (WxH)")
    ap.add_argument("--self-test", action="store_true", help="the checker against its fixture and its mutants")
    ap.add_argument("--keep", help="write the SVGs and traces in this folder and keep them")
    ap.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2), help="programs run at once")
    args = ap.parse_args()
    try:
        if args.self_test:
            return self_test()
        if args.svg or args.trace:
            if not (args.svg and args.trace) or args.exe:
                ap.error("--svg and --trace go together, without EXE")
            rep, lines = judge(read_svg(args.svg), read_trace(args.trace), args.size, os.path.basename(args.svg))
            print_report(rep)
            for note in rep.notes:
                print(f"note: {note}")
            print(f"beads and trails checked: {rep.beads}")
            for line in lines:
                print(line)
            print("OK" if not rep.failures else f"FAIL: {len(rep.failures)} failure(s)")
            return 1 if rep.failures else 0
        if not args.exe:
            ap.error("give the executable, or --svg and --trace, or --self-test")
        if not os.access(args.exe, os.X_OK):
            raise Unusable(f"{args.exe} is not an executable")
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            return check_program(args.exe, args.keep, args.jobs)
        with tempfile.TemporaryDirectory(prefix="svg_check_") as workdir:
            return check_program(args.exe, workdir, args.jobs)
    except Unusable as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
