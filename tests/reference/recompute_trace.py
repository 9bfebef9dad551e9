#!/usr/bin/env python3
"""Recompute a transformer-bloc trace file independently and compare it level by level.

Why it exists: the C++ forward pass (core/) must not be checked only against itself. This is a
second implementation, in another language, written from the specification alone (shared/spec:
cli.md "The trace file", channel.md sections 2, 3 and 5), in pure Python 3 standard library so that
it runs on a bare Debian machine with nothing but python3.

    python3 recompute_trace.py TRACE.json [--tolerance 1e-5]

From `settings`, `tokens` and `weights` alone it recomputes the whole forward pass (level 0 =
token embedding + position row; per sublayer: LayerNorm in pre, attention or FFN, residual, LayerNorm
in post; final LayerNorm in pre) and checks, with an absolute tolerance:
  - exactly 2L+2 levels, with the right index and name ("entrée", "attention b", "ffn b", "sortie");
  - every shape (n tokens, d = dimension, w = ffn, h heads, V rows of embeddings, 8 positions);
  - each level's vectors, and on sublayer levels sublayer_output, normalized_input (present iff
    norm is "pre"), attention_weights (each row also sums to 1 within 1e-9) and FFN hidden;
  - the position table: sinusoidal for "sinus", all zeros for "aucun", "rope" and "alibi";
  - the attention variants (cli.md "Modern block variants"): kv_heads (GQA/MQA: query head j reads
    K/V head j // (heads / kv_heads), wk and wv [kv_heads·d_h][d]), RoPE (Q and K turned pair by pair,
    base rope_base) and ALiBi (−2^(−8(j+1)/h)·|i − k| on the scaled scores);
  - norm1/norm2 absent iff norm is "aucune", final_norm present iff norm is "pre"; with norm_type
    "rmsnorm" (cli.md "Modern block variants") each norm is {"gain"} with no "bias", and is computed
    as gain * x / sqrt(mean(x²) + eps), no centring;
  - the gated FFNs (activation "swiglu", "geglu"): W2 (φ(W1 x + b1) ⊙ (W3 x + b3)) + b2, φ = SiLU
    x·sigmoid(x) or exact-erf GELU, hidden = φ(W1 x + b1) ⊙ (W3 x + b3); ffn.w3 [w][d] and ffn.b3 [w]
    present iff gated;
  - parameters.blocks and parameters.total against the formula of channel.md section 5.
Prints one line per level (largest difference), then `OK` or `FAIL: <reason>`.
Exit status: 0 all good, 1 a check failed, 2 the file is unreadable or not a trace.
"""
import argparse
import json
import math
import sys


class Fail(Exception):
    """A check failed (exit status 1)."""


class Malformed(Exception):
    """The file cannot be read as a trace (exit status 2)."""


def need(obj, key, where):
    if not isinstance(obj, dict) or key not in obj:
        raise Malformed(f"missing key '{key}' in {where}")
    return obj[key]


def shaped(a, shape, what):
    """Check that `a` is a nested list of finite numbers of the given shape; return it."""
    if not shape:
        if isinstance(a, bool) or not isinstance(a, (int, float)) or not math.isfinite(a):
            raise Malformed(f"{what}: expected a finite number, got {a!r:.40}")
        return a
    if not isinstance(a, list) or len(a) != shape[0]:
        got = len(a) if isinstance(a, list) else type(a).__name__
        raise Fail(f"{what}: expected {shape[0]} entries, got {got}")
    for i, x in enumerate(a):
        shaped(x, shape[1:], f"{what}[{i}]")
    return a


def choice(settings, key, allowed, default=None):
    v = settings.get(key, default) if default is not None else need(settings, key, "settings")
    if v not in allowed:
        raise Fail(f"settings.{key} = {v!r}, expected one of {allowed}")
    return v


# --- the model ---------------------------------------------------------------------------------

def linear(W, b, x):
    return [math.fsum([*(w * v for w, v in zip(row, x)), bi]) for row, bi in zip(W, b)]


def layer_norm(x, p, eps):
    mu = math.fsum(x) / len(x)
    var = math.fsum((v - mu) ** 2 for v in x) / len(x)
    s = math.sqrt(var + eps)
    return [(v - mu) / s * g + b for v, g, b in zip(x, p["gain"], p["bias"])]


def rms_norm(x, p, eps):
    r = math.sqrt(math.fsum(v * v for v in x) / len(x) + eps)
    return [v / r * g for v, g in zip(x, p["gain"])]


def rotate(x, pos, dh, base):
    """RoPE (cli.md "Modern block variants"): in each head of dh features, the pair (2k, 2k+1) of the
    token at position pos (from 0) turns by pos * base^(-2k/dh)."""
    out = list(x)
    for start in range(0, len(x), dh):
        for k in range(dh // 2):
            theta = pos * base ** (-2.0 * k / dh)
            a, b = x[start + 2 * k], x[start + 2 * k + 1]
            out[start + 2 * k] = a * math.cos(theta) - b * math.sin(theta)
            out[start + 2 * k + 1] = a * math.sin(theta) + b * math.cos(theta)
    return out


def attention(X, p, h, causal, settings):
    n, d = len(X), len(X[0])
    dh = d // h
    kv_heads = settings.get("kv_heads", h)            # GQA/MQA: K and V have kv_heads heads
    group = h // kv_heads                             # query head j reads K/V head j // group
    position = settings["position"]
    Q, K, V = ([linear(p["w" + c], p["b" + c], x) for x in X] for c in "qkv")
    if position == "rope":                            # after the projections, biases included; not V
        base = settings.get("rope_base", 10000)
        Q = [rotate(q, i, dh, base) for i, q in enumerate(Q)]
        K = [rotate(k, i, dh, base) for i, k in enumerate(K)]
    concat, weights = [[0.0] * d for _ in X], []
    for j in range(h):
        feats = range(j * dh, (j + 1) * dh)
        kv = (j // group) * dh - j * dh               # offset from query feature c to its K/V feature
        slope = 2.0 ** (-8.0 * (j + 1) / h) if position == "alibi" else 0.0
        A = []
        for i in range(n):
            keys = range(i + 1) if causal else range(n)       # causal: key k > query i gets -inf
            s = [math.fsum(Q[i][c] * K[k][c + kv] for c in feats) / math.sqrt(dh) - slope * abs(i - k) for k in keys]
            m = max(s)
            e = [math.exp(v - m) for v in s]
            total = math.fsum(e)
            row = [v / total for v in e] + [0.0] * (n - len(s))
            A.append(row)
            for c in feats:
                concat[i][c] = math.fsum(row[k] * V[k][c + kv] for k in range(n))
        weights.append(A)
    return [linear(p["wo"], p["bo"], c) for c in concat], weights


def gelu(v):
    return 0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0)))


def silu(v):
    # v * sigmoid(v), written so that exp never overflows
    return v / (1.0 + math.exp(-v)) if v >= 0 else v * math.exp(v) / (1.0 + math.exp(v))


GATED = {"swiglu": silu, "geglu": gelu}


def ffn(X, p, activation):
    """W2 act(W1 x + b1) + b2, or gated: W2 (φ(W1 x + b1) ⊙ (W3 x + b3)) + b2; returns (F, hidden)."""
    if activation in GATED:
        phi = GATED[activation]
        H = [[phi(g) * u for g, u in zip(linear(p["w1"], p["b1"], x), linear(p["w3"], p["b3"], x))] for x in X]
    else:
        act = (lambda v: max(v, 0.0)) if activation == "relu" else gelu
        H = [[act(v) for v in linear(p["w1"], p["b1"], x)] for x in X]
    return [linear(p["w2"], p["b2"], hx) for hx in H], H


def forward(t, h, causal, relu):
    """Expected levels, as a list of dicts shaped like the trace's."""
    s, W, eps = t["settings"], t["weights"], t["layer_norm_eps"]
    norm, residual = s["norm"], s["residual"]
    normalize = rms_norm if s.get("norm_type", "layernorm") == "rmsnorm" else layer_norm
    activation = s.get("activation", "gelu")
    X = [[e + q for e, q in zip(W["token_embedding"][tok["id"]], W["position"][i])]
         for i, tok in enumerate(t["tokens"])]
    levels = [{"name": "entrée", "vectors": X}]
    for b, blk in enumerate(W["blocks"], 1):
        for kind, nkey in (("attention", "norm1"), ("ffn", "norm2")):
            lv = {"name": f"{kind} {b}"}
            inp = X
            if norm == "pre":
                inp = lv["normalized_input"] = [normalize(x, blk[nkey], eps) for x in X]
            if kind == "attention":
                F, lv["attention_weights"] = attention(inp, blk["attention"], h, causal, s)
            else:
                F, lv["hidden"] = ffn(inp, blk["ffn"], activation)
            lv["sublayer_output"] = F
            Y = [[a + f for a, f in zip(x, fx)] for x, fx in zip(X, F)] if residual else F
            if norm == "post":
                Y = [normalize(y, blk[nkey], eps) for y in Y]
            X = lv["vectors"] = Y
            levels.append(lv)
    if norm == "pre":
        X = [normalize(x, W["final_norm"], eps) for x in X]
    levels.append({"name": "sortie", "vectors": X})
    return levels


# --- checks ------------------------------------------------------------------------------------

def check_structure(t, tol):
    """Check settings, shapes and the static tables; return (h, causal, relu, problems)."""
    s = need(t, "settings", "the trace")
    L, d, w, h = (need(s, k, "settings") for k in ("layers", "dimension", "ffn", "heads"))
    for k, v in (("layers", L), ("dimension", d), ("ffn", w), ("heads", h)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise Fail(f"settings.{k} = {v!r}, expected a positive integer")
    if d % h:
        raise Fail(f"settings.heads = {h} does not divide dimension {d}")
    kv = s.get("kv_heads", h)
    if isinstance(kv, bool) or not isinstance(kv, int) or kv < 1 or h % kv:
        raise Fail(f"settings.kv_heads = {kv!r}, expected a divisor of heads = {h}")
    dh = d // h
    position = choice(s, "position", ("sinus", "appris", "aucun", "rope", "alibi"))
    if position == "rope":
        base = need(s, "rope_base", "settings")
        if isinstance(base, bool) or not isinstance(base, (int, float)) or base <= 0 or dh % 2:
            raise Fail(f"settings.rope_base = {base!r} with d_h = {dh}: expected a positive base and an even d_h")
    norm = choice(s, "norm", ("pre", "post", "aucune"))
    if not isinstance(need(s, "residual", "settings"), bool):
        raise Fail(f"settings.residual = {s['residual']!r}, expected true or false")
    causal = choice(s, "mask", ("aucun", "causal"), "aucun") == "causal"
    relu = choice(s, "activation", ("gelu", "relu", "swiglu", "geglu"), "gelu") == "relu"
    gated = s.get("activation", "gelu") in GATED
    rms = choice(s, "norm_type", ("layernorm", "rmsnorm"), "layernorm") == "rmsnorm"
    norm_keys = ("gain",) if rms else ("gain", "bias")
    V, eps = need(t, "vocabulary_size", "the trace"), shaped(need(t, "layer_norm_eps", "the trace"), [], "eps")
    if isinstance(V, bool) or not isinstance(V, int) or V < 1 or eps <= 0:
        raise Fail(f"vocabulary_size = {V!r} / layer_norm_eps = {eps!r} out of range")
    tokens = need(t, "tokens", "the trace")
    if not isinstance(tokens, list) or not 1 <= len(tokens) <= 8:
        raise Fail("tokens: expected a list of 1 to 8 tokens")
    n = len(tokens)
    for i, tok in enumerate(tokens):
        tid = need(tok, "id", f"tokens[{i}]")
        if not isinstance(need(tok, "word", f"tokens[{i}]"), str) or not isinstance(need(tok, "known", f"tokens[{i}]"), bool):
            raise Malformed(f"tokens[{i}]: word must be a string and known a boolean")
        if isinstance(tid, bool) or not isinstance(tid, int) or not 0 <= tid < V:
            raise Fail(f"tokens[{i}].id = {tid!r} is not in 0..{V - 1}")

    W = need(t, "weights", "the trace")
    shaped(need(W, "token_embedding", "weights"), [V, d], "token_embedding")
    P = shaped(need(W, "position", "weights"), [8, d], "position")
    blocks = need(W, "blocks", "weights")
    if not isinstance(blocks, list) or len(blocks) != L:
        raise Fail(f"weights.blocks: expected {L} blocks")
    for b, blk in enumerate(blocks):
        at, ff = need(blk, "attention", f"block {b}"), need(blk, "ffn", f"block {b}")
        for c in "qkvo":
            rows = kv * dh if c in "kv" else d        # wk, wv: [kv_heads·d_h][d]
            shaped(need(at, "w" + c, "attention"), [rows, d], f"blocks[{b}].attention.w{c}")
            shaped(need(at, "b" + c, "attention"), [rows], f"blocks[{b}].attention.b{c}")
        for key, shape in (("w1", [w, d]), ("b1", [w]), ("w2", [d, w]), ("b2", [d])):
            shaped(need(ff, key, "ffn"), shape, f"blocks[{b}].ffn.{key}")
        for key, shape in (("w3", [w, d]), ("b3", [w])):    # the up path of a gated FFN only
            if (key in ff) != gated:
                raise Fail(f"blocks[{b}].ffn.{key} must be {'present' if gated else 'absent'} with activation {s.get('activation', 'gelu')}")
            if gated:
                shaped(ff[key], shape, f"blocks[{b}].ffn.{key}")
        for nk in ("norm1", "norm2"):
            if (nk in blk) != (norm != "aucune"):
                raise Fail(f"blocks[{b}].{nk} must be {'absent' if norm == 'aucune' else 'present'} with norm {norm}")
            if nk in blk:
                if set(blk[nk]) != set(norm_keys):
                    raise Fail(f"blocks[{b}].{nk} has {sorted(blk[nk])}, expected {sorted(norm_keys)}")
                for k in norm_keys:
                    shaped(need(blk[nk], k, nk), [d], f"blocks[{b}].{nk}.{k}")
    if ("final_norm" in W) != (norm == "pre"):
        raise Fail(f"final_norm must be {'present' if norm == 'pre' else 'absent'} with norm {norm}")
    if norm == "pre":
        if set(W["final_norm"]) != set(norm_keys):
            raise Fail(f"final_norm has {sorted(W['final_norm'])}, expected {sorted(norm_keys)}")
        for k in norm_keys:
            shaped(need(W["final_norm"], k, "final_norm"), [d], f"final_norm.{k}")

    levels = need(t, "levels", "the trace")
    if not isinstance(levels, list) or len(levels) != 2 * L + 2:
        raise Fail(f"levels: expected {2 * L + 2} levels (2L+2 with L = {L})")
    for k, lv in enumerate(levels):
        kind = "entrée" if k == 0 else "sortie" if k == 2 * L + 1 else ("attention", "ffn")[(k + 1) % 2]
        name = kind if k in (0, 2 * L + 1) else f"{kind} {(k + 1) // 2}"
        if need(lv, "index", f"levels[{k}]") != k or need(lv, "name", f"levels[{k}]") != name:
            raise Fail(f"levels[{k}]: expected index {k} and name '{name}', got {lv['index']!r}, {lv['name']!r}")
        expected = {"vectors": [n, d]}
        if kind in ("attention", "ffn"):
            expected["sublayer_output"] = [n, d]
            if norm == "pre":
                expected["normalized_input"] = [n, d]
            expected["attention_weights" if kind == "attention" else "hidden"] = [h, n, n] if kind == "attention" else [n, w]
        optional = {"vectors", "sublayer_output", "normalized_input", "attention_weights", "hidden"}
        if set(lv) & optional != set(expected):
            raise Fail(f"level {k} ({name}): has {sorted(set(lv) & optional)}, expected {sorted(expected)}")
        for key, shape in expected.items():
            shaped(lv[key], shape, f"level {k} {key}")

    problems = []
    for k, lv in enumerate(levels):
        for j, head in enumerate(lv.get("attention_weights", [])):
            for i, row in enumerate(head):
                if abs(math.fsum(row) - 1.0) > 1e-9:
                    problems.append(f"level {k} head {j} row {i} of attention_weights sums to {math.fsum(row)!r}")
    if position == "sinus":
        ref = [[(math.sin if c % 2 == 0 else math.cos)(p / 10000 ** ((c - c % 2) / d)) for c in range(d)] for p in range(8)]
        diff = max(abs(a - r) for pr, rr in zip(P, ref) for a, r in zip(pr, rr))
        if diff > tol:
            problems.append(f"position table is not sinusoidal (max |diff| = {diff:.1e})")
    if position in ("aucun", "rope", "alibi") and any(v != 0 for row in P for v in row):
        problems.append(f"position table is not all zeros with position {position}")

    params = need(t, "parameters", "the trace")
    one_norm = d if rms else 2 * d                  # RMSNorm: a gain; LayerNorm: a gain and a bias
    per_block = 4 * (d * d + d) + d * w + w + w * d + d + (2 * one_norm if norm != "aucune" else 0)
    if gated:                                       # a gated FFN's W3 [w][d] and b3 [w]
        per_block += d * w + w
    total = L * per_block + V * d + (8 * d if position == "appris" else 0) + (one_norm if norm == "pre" else 0)
    kv_saved = 2 * (d - kv * dh) * (d + 1)          # GQA/MQA: K and V have kv·d_h rows, not d
    per_block -= kv_saved
    total -= L * kv_saved
    for key, ref in (("blocks", L * per_block), ("total", total)):
        if need(params, key, "parameters") != ref:
            problems.append(f"parameters.{key} = {params[key]!r}, the formula gives {ref}")
    return h, causal, relu, problems


def flat(a):
    return [v for x in a for v in flat(x)] if isinstance(a, list) else [a]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trace")
    ap.add_argument("--tolerance", type=float, default=1e-5)
    args = ap.parse_args()
    if not args.tolerance >= 0:
        ap.error("--tolerance must be a non-negative number")

    def no_constant(name):
        raise Malformed(f"non-finite number {name} in the JSON")
    try:
        with open(args.trace, encoding="utf-8") as f:
            t = json.load(f, parse_constant=no_constant)
        if not isinstance(t, dict):
            raise Malformed("the top level is not a JSON object")
        h, causal, relu, problems = check_structure(t, args.tolerance)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, Malformed) as e:
        print(f"error: cannot read {args.trace} as a trace: {e}", file=sys.stderr)
        return 2
    except Fail as e:
        print(f"FAIL: {e}")
        return 1

    for k, (mine, theirs) in enumerate(zip(forward(t, h, causal, relu), t["levels"])):
        worst, where = 0.0, "vectors"
        for key, value in mine.items():
            if key == "name":
                continue
            diff = max(abs(a - b) for a, b in zip(flat(value), flat(theirs[key])))
            if diff > worst:
                worst, where = diff, key
        print(f"level {k} ({mine['name']}): max |diff| = {worst:.1e}")
        if worst > args.tolerance:
            problems.append(f"level {k} ({mine['name']}): {where} differs by {worst:.1e} > {args.tolerance:g}")
    print("OK" if not problems else "FAIL: " + "; ".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
