#!/usr/bin/env python3
"""Replay a transformer-bloc generation log without any cache, step by step, and compare.

Why it exists: the program's K/V cache (core/model/generation.cpp) must not be checked only against
itself. This replay shares no code with the C++: it reuses the numpy forward pass of
replay_training.py (written from the specification alone) and recomputes, for every logged step,
the whole sequence so far (the prompt and the tokens chosen before it) from position 0, as
shared/spec/cli.md "The generation log" says a replay does:
  - that position's logits z = E · h (h after the final norm in pre) against the logged ones, to
    1e-9·(1 + max|z|);
  - greedy steps (temperature 0): the token is the argmax, the lowest id on a tie (a logged token
    within the tolerance of the maximum is accepted: two logits that close are a tie);
  - T > 0: the token is a valid id with a non-zero probability under softmax(z / T);
  - cache_elements = 2 · L · (position + 1) · h_kv · d_h;
  - the multiply-adds, counted here from the shapes (Q, K, V, O, the FFN's matrices, q·k and a·v
    over the keys a causal query reads, the head V·d), and fewer with the cache from position 1 on;
  - max_abs_diff_without_cache below the same tolerance.

    python3 replay_generation.py LOG.json [--perturb]

--perturb changes one logged logit by 1e-6 before checking: the replay must then fail (a test that
the comparison can fail). Prints one line per step, then `OK` or `FAIL: <reason>`. Exit status: 0
all good, 1 a mismatch, 2 the file is unreadable or not a generation log.
"""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from replay_training import Config, Fail, Malformed, N_MAX, forward, need, read_weights  # noqa: E402

TOLERANCE = 1e-9


def multiply_adds(cfg, keys_per_position, V):
    """Σ over the positions computed of the linear maps and the attention, plus the head."""
    d, w, kvd = cfg.d, cfg.w, cfg.kv * cfg.dh
    total = V * d  # the head, at the chosen position only
    for keys in keys_per_position:
        for _ in range(cfg.L):
            total += d * d + d * kvd + d * kvd + d * d          # W_q, W_k, W_v, W_o
            total += d * w * (3 if cfg.gated else 2)            # W_1 (W_3), W_2
            total += cfg.h * cfg.dh * keys * 2                  # q·k and a·v per head and key
    return total


def check_step(k, step, ids, P, cfg, temperature):
    p = need(step, "position", f"steps[{k}]")
    if p != len(ids) - 1:
        raise Fail(f"step {k}: position {p}, expected {len(ids) - 1}")
    x, _ = forward(P, cfg, np.array(ids))
    z = P["token_embedding"] @ x[p]
    logged = np.array(need(step, "logits", f"steps[{k}]"), dtype=np.float64)
    if logged.shape != z.shape:
        raise Fail(f"step {k}: {logged.shape[0]} logits, expected {z.shape[0]}")
    diff = float(np.max(np.abs(logged - z)))
    bound = TOLERANCE * (1 + float(np.max(np.abs(z))))
    if not diff <= bound:
        raise Fail(f"step {k}: logits differ by {diff:.3e} > {bound:.3e}")
    token = need(step, "token", f"steps[{k}]")
    if not isinstance(token, int) or not 0 <= token < cfg.V:
        raise Fail(f"step {k}: token {token!r} is not an id")
    if temperature == 0:
        best = int(np.argmax(z))
        if token != best and not z[best] - z[token] <= bound:
            raise Fail(f"step {k}: greedy token {token}, argmax {best}")
    else:
        q = np.exp((z - z.max()) / temperature)
        if q[token] / q.sum() <= 0:
            raise Fail(f"step {k}: token {token} has probability 0 at T = {temperature}")
    elements = 2 * cfg.L * (p + 1) * cfg.kv * cfg.dh
    if step.get("cache_elements") != elements:
        raise Fail(f"step {k}: cache_elements {step.get('cache_elements')}, expected {elements}")
    with_cache = multiply_adds(cfg, [p + 1], cfg.V)
    without = multiply_adds(cfg, [q + 1 for q in range(p + 1)], cfg.V)
    if step.get("multiply_adds_with_cache") != with_cache or step.get("multiply_adds_without_cache") != without:
        raise Fail(f"step {k}: multiply-adds {step.get('multiply_adds_with_cache')}/{step.get('multiply_adds_without_cache')},"
                   f" expected {with_cache}/{without}")
    if p > 0 and not with_cache < without:
        raise Fail(f"step {k}: no fewer multiply-adds with the cache")
    if not step.get("max_abs_diff_without_cache", 1.0) <= bound:
        raise Fail(f"step {k}: max_abs_diff_without_cache {step.get('max_abs_diff_without_cache')}")
    print(f"step {k}: position {p} token {token} |dz| {diff:.2e} cache {elements} multiply-adds {with_cache} < {without}")
    return token


def replay(log, perturb=False):
    cfg = Config(need(log, "settings", "log"), need(log, "vocabulary_size", "log"), need(log, "layer_norm_eps", "log"))
    if not cfg.causal:
        raise Fail("a generation log needs the causal mask")
    P = read_weights(need(log, "weights", "log"), cfg, "weights")
    ids = list(need(log, "prompt", "log"))
    temperature = need(need(log, "sampling", "log"), "temperature", "sampling")
    steps = need(log, "steps", "log")
    if not steps or len(ids) + len(steps) > N_MAX:
        raise Fail(f"{len(steps)} steps after a prompt of {len(ids)}: at least one, at most {N_MAX} tokens")
    if perturb:
        steps[-1]["logits"][0] += 1e-6
    for k, step in enumerate(steps):
        ids.append(check_step(k, step, ids, P, cfg, temperature))


def main():
    args = [a for a in sys.argv[1:] if a != "--perturb"]
    if len(args) != 1:
        print(__doc__)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            log = json.load(f)
        replay(log, "--perturb" in sys.argv)
    except (OSError, ValueError, Malformed, KeyError, TypeError) as e:
        print(f"FAIL: unreadable log: {e}")
        return 2
    except Fail as e:
        print(f"FAIL: {e}")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
