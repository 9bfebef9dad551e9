#!/usr/bin/env python3
"""Replay a transformer-bloc training log independently, step by step, and compare.

Why it exists: the C++ training (forward, backward, Adam) must not be checked only against itself.
This is a second implementation, in another language, written from the specification alone
(shared/spec/cli.md "The training log", "The trace file", "Modern block variants"; channel.md
sections 2 and 7), in Python 3 and numpy (float64), sharing no code with the C++. The backward
pass is written by hand.

    python3 replay_training.py LOG.json [--steps K] [--warmup-steps N]
    python3 replay_training.py --self-test

From the log's settings, vocabulary_size, layer_norm_eps, objective, mask_id, optimizer and
initial_weights, for each logged step (or the first K):
  - runs the forward pass on each sentence of the batch (ids as logged, <masque> already in place),
    every sentence its own sequence;
  - computes the loss: the mean over every (sentence, target) pair of −log softmax(E·h_p)[id], h_p the
    output vector at the target's position (after the final norm in pre), over all V rows; it must
    agree with the logged loss to a relative 1e-6;
  - computes the gradient of that loss with respect to every trained tensor (every tensor of
    `weights` except the position table, trained only when position is "appris"; the tied embedding
    gets both its gradients, as input and as output head);
  - applies torch.optim.Adam's update (bias-corrected moments, eps after the square root,
    weight_decay as L2 added to the gradient), after clip_grad_norm_ when clip_norm is a number,
    dense on every element, at step k (1-based, as the log numbers its steps) with the rate
    lr · min(1, k / warmup_steps), or lr when warmup_steps is 0 or absent (a linear warm-up, as a
    torch LambdaLR scheduler stepped after each optimizer step would give).
When every step was replayed, final_weights must agree with the replayed weights, tensor by tensor,
to 1e-6·(1 + max|w|), max|w| over that tensor of the log (stricter than over the whole model).
A step that carries "sublayer_gradients" (the program writes them on step 1 and every 10th: what its
gradients panel draws along the training) must list, for each sublayer (attention 1, FFN 1, ...,
FFN L), the mean of |dL/dW| over that sublayer's weight matrices (attention wq, wk, wv, wo; FFN w1,
w2, and w3 when gated; no biases, no norms) of the replayed gradient of that step, to a relative 1e-6.
It also checks that each step's targets fit the objective (mot-suivant: (p, ids[p+1]) for every p;
mot-masque: <masque> at every target position).

Prints one line per step (loss, logged loss, relative difference, the rate the update used), then
`OK` or `FAIL: <reason>`.
Exit status: 0 all good, 1 a mismatch, 2 the file is unreadable or not a training log.

--self-test checks this implementation without the C++: on random small models of many
configurations (every value of every setting, RoPE×GQA, ALiBi×causal, post×RMSNorm, gated×post, MQA
at d 16, L 1 to 6), the analytic gradient against central differences, the forward pass against
recompute_trace.py's (the stdlib reference, imported by the self-test only), Adam and clipping
against hand computations, and the command line on a log it writes itself and on broken copies.
"""
import argparse
import copy
import functools
import json
import math
import os
import sys
import tempfile

import numpy as np


class Fail(Exception):
    """A check failed (exit status 1)."""


class Malformed(Exception):
    """The file cannot be read as a training log (exit status 2)."""


N_MAX = 8                 # maximum sequence length: the position table has 8 rows
LOSS_TOLERANCE = 1e-6     # relative, on every logged loss
WEIGHT_TOLERANCE = 1e-6   # times (1 + max|w|), on the final weights
GRADIENT_TOLERANCE = 1e-6  # relative, on every logged mean |dL/dW| of a sublayer


# --- the configuration ---------------------------------------------------------------------------

def need(obj, key, where):
    if not isinstance(obj, dict) or key not in obj:
        raise Malformed(f"missing key '{key}' in {where}")
    return obj[key]


def integer(v, what, low, high):
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise Fail(f"{what} = {v!r}, expected an integer from {low} to {high}")
    return v


def number(v, what):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise Malformed(f"{what}: expected a finite number, got {v!r:.40}")
    return float(v)


def choice(settings, key, allowed, default=None):
    v = settings.get(key, default) if default is not None else need(settings, key, "settings")
    if v not in allowed:
        raise Fail(f"settings.{key} = {v!r}, expected one of {allowed}")
    return v


class Config:
    """The model's shape and wiring, read from `settings` (start-up value for a missing variant key)."""

    def __init__(self, settings, vocabulary_size, eps):
        s = settings
        if not isinstance(s, dict):
            raise Malformed("settings is not an object")
        self.L = integer(need(s, "layers", "settings"), "settings.layers", 1, 6)
        self.d = integer(need(s, "dimension", "settings"), "settings.dimension", 1, 4096)
        self.w = integer(need(s, "ffn", "settings"), "settings.ffn", 1, 1 << 16)
        self.h = integer(need(s, "heads", "settings"), "settings.heads", 1, self.d)
        self.kv = integer(s.get("kv_heads", self.h), "settings.kv_heads", 1, self.h)
        if self.d % self.h or self.h % self.kv:
            raise Fail(f"heads {self.h} / kv_heads {self.kv} do not fit dimension {self.d}")
        self.dh = self.d // self.h
        self.position = choice(s, "position", ("sinus", "appris", "aucun", "rope", "alibi"))
        self.rope_base = number(s.get("rope_base", 10000), "settings.rope_base")
        if self.position == "rope" and (self.dh % 2 or self.rope_base <= 0):
            raise Fail(f"RoPE needs an even d_h and a positive base (d_h {self.dh}, base {self.rope_base})")
        self.norm = choice(s, "norm", ("pre", "post", "aucune"))
        self.residual = need(s, "residual", "settings")
        if not isinstance(self.residual, bool):
            raise Fail(f"settings.residual = {self.residual!r}, expected true or false")
        self.rms = choice(s, "norm_type", ("layernorm", "rmsnorm"), "layernorm") == "rmsnorm"
        self.causal = choice(s, "mask", ("aucun", "causal"), "aucun") == "causal"
        self.activation = choice(s, "activation", ("gelu", "relu", "swiglu", "geglu"), "gelu")
        self.gated = self.activation in ("swiglu", "geglu")
        self.V = integer(vocabulary_size, "vocabulary_size", 1, 1 << 24)
        self.eps = number(eps, "layer_norm_eps")
        if self.eps <= 0:
            raise Fail(f"layer_norm_eps = {eps!r}, expected a positive number")

    def shapes(self):
        """Every tensor of `weights`, by name, with its shape, in a fixed order."""
        d, w, kvd = self.d, self.w, self.kv * self.dh
        out = {"token_embedding": (self.V, d), "position": (N_MAX, d)}
        norm_keys = ("gain",) if self.rms else ("gain", "bias")
        for b in range(self.L):
            blk = f"blocks[{b}]"
            for sub, nk in (("attention", "norm1"), ("ffn", "norm2")):
                if self.norm != "aucune":
                    for k in norm_keys:
                        out[f"{blk}.{nk}.{k}"] = (d,)
                if sub == "attention":
                    for c, rows in (("q", d), ("k", kvd), ("v", kvd), ("o", d)):
                        out[f"{blk}.attention.w{c}"] = (rows, d)
                        out[f"{blk}.attention.b{c}"] = (rows,)
                else:
                    out[f"{blk}.ffn.w1"], out[f"{blk}.ffn.b1"] = (w, d), (w,)
                    if self.gated:
                        out[f"{blk}.ffn.w3"], out[f"{blk}.ffn.b3"] = (w, d), (w,)
                    out[f"{blk}.ffn.w2"], out[f"{blk}.ffn.b2"] = (d, w), (d,)
        if self.norm == "pre":
            for k in norm_keys:
                out[f"final_norm.{k}"] = (d,)
        return out

    def trained(self, name):
        return name != "position" or self.position == "appris"

    def under(self, prefix):
        """(last name, name) of the tensors under one prefix, in shapes()' order; found once per prefix."""
        found = self.__dict__.setdefault("_under", {})
        if prefix not in found:
            found[prefix] = [(n[len(prefix):], n) for n in self.shapes() if n.startswith(prefix)]
        return found[prefix]


def read_weights(W, cfg, what):
    """The JSON `weights` object as {name: float64 array}, every shape and key checked."""
    if not isinstance(W, dict):
        raise Malformed(f"{what} is not an object")
    shapes = cfg.shapes()
    out = {}
    blocks = need(W, "blocks", what)
    if not isinstance(blocks, list) or len(blocks) != cfg.L:
        raise Fail(f"{what}.blocks: expected {cfg.L} blocks")
    expected_top = {"token_embedding", "position", "blocks"} | ({"final_norm"} if cfg.norm == "pre" else set())
    if set(W) != expected_top:
        raise Fail(f"{what} has {sorted(W)}, expected {sorted(expected_top)}")
    for name, shape in shapes.items():
        node = W
        for part in name.replace("[", ".").replace("]", "").split("."):
            node = node[int(part)] if part.isdigit() else need(node, part, what)
        try:
            a = np.array(node, dtype=np.float64)
        except (TypeError, ValueError):
            raise Malformed(f"{what}.{name}: not an array of numbers")
        if a.shape != shape:
            raise Fail(f"{what}.{name}: shape {a.shape}, expected {shape}")
        if not np.all(np.isfinite(a)):
            raise Malformed(f"{what}.{name}: a non-finite number")
        out[name] = a
    for b, blk in enumerate(blocks):                    # no stray tensor (w3 without a gate, a norm in aucune)
        for part in ("attention", "ffn", "norm1", "norm2"):
            mine = {n.split(".", 2)[2] for n in shapes if n.startswith(f"blocks[{b}].{part}.")}
            if part in blk and isinstance(blk[part], dict) and set(blk[part]) != mine:
                raise Fail(f"{what}.blocks[{b}].{part} has {sorted(blk[part])}, expected {sorted(mine)}")
            if (part in blk) != bool(mine):
                raise Fail(f"{what}.blocks[{b}].{part} must be {'present' if mine else 'absent'}")
    return out


def to_json_weights(P, cfg):
    """The inverse of read_weights: {name: array} back to the log's nested `weights` object."""
    W = {"token_embedding": P["token_embedding"].tolist(), "position": P["position"].tolist(),
         "blocks": [{} for _ in range(cfg.L)]}
    for name, a in P.items():
        if name.startswith("blocks["):
            b, part, key = name[7:].replace("]", "").split(".")
            W["blocks"][int(b)].setdefault(part, {})[key] = a.tolist()
        elif name.startswith("final_norm."):
            W.setdefault("final_norm", {})[name.split(".")[1]] = a.tolist()
    return W


# --- the pieces, each with its hand-written backward ---------------------------------------------

def row_mean(x):
    """np.mean(x, axis=1, keepdims=True), the same sum and division, without np.mean's per-call cost."""
    return np.add.reduce(x, axis=1, keepdims=True) / x.shape[1]


def norm_forward(x, g, b, cfg):
    """LayerNorm (biased variance) or RMSNorm over the features of each row of x."""
    if cfg.rms:
        r = np.sqrt(row_mean(x * x) + cfg.eps)
        xh = x / r
        return xh * g, (xh, r)
    xc = x - row_mean(x)
    s = np.sqrt(row_mean(xc * xc) + cfg.eps)
    xh = xc / s
    return xh * g + b, (xh, s)


def norm_backward(dy, g, cache, cfg):
    """(dx, dgain, dbias or None). LayerNorm: dx = (dxh − mean(dxh) − xh·mean(dxh·xh)) / s;
    RMSNorm: dx = (dxh − xh·mean(dxh·xh)) / r."""
    xh, s = cache
    dxh = dy * g
    dg = (dy * xh).sum(axis=0)
    proj = xh * row_mean(dxh * xh)
    if cfg.rms:
        return (dxh - proj) / s, dg, None
    return (dxh - row_mean(dxh) - proj) / s, dg, dy.sum(axis=0)


def rope_tables(n, cfg):
    """cos and sin of θ = p · base^(−2k/d_h) for positions 0..n−1 and every feature pair of Q
    (h heads) and K (kv heads): pair c of a projection is pair k = c mod (d_h/2) of its head."""
    half = cfg.dh // 2
    inv = cfg.rope_base ** (-2.0 * np.arange(half) / cfg.dh)
    theta = np.arange(n, dtype=np.float64)[:, None] * inv[None, :]
    return np.cos(theta), np.sin(theta)


def rotate(X, cos, sin, heads, inverse=False):
    """Turn each (2k, 2k+1) pair of each head; the inverse (the transpose) for the backward."""
    c, s = np.tile(cos, heads), np.tile(sin, heads)
    if inverse:
        s = -s
    a, b = X[:, 0::2], X[:, 1::2]
    out = np.empty_like(X)
    out[:, 0::2] = a * c - b * s
    out[:, 1::2] = a * s + b * c
    return out


def alibi_slope(j, h):
    return 2.0 ** (-8.0 * (j + 1) / h)


@functools.lru_cache(maxsize=None)
def distances_and_future(n):
    """|i − j| (ALiBi's distances) and the causal mask's future (j > i) for n tokens; read-only."""
    dist = np.abs(np.arange(n)[:, None] - np.arange(n)[None, :]).astype(np.float64)
    future = np.triu(np.ones((n, n), dtype=bool), 1)
    dist.flags.writeable = future.flags.writeable = False
    return dist, future


def attention_forward(U, p, cfg):
    n, dh, group = U.shape[0], cfg.dh, cfg.h // cfg.kv
    Q = U @ p["wq"].T + p["bq"]
    K = U @ p["wk"].T + p["bk"]
    Vv = U @ p["wv"].T + p["bv"]
    rope = None
    if cfg.position == "rope":                     # after the projections, biases included; not V
        rope = rope_tables(n, cfg)
        Q, K = rotate(Q, *rope, cfg.h), rotate(K, *rope, cfg.kv)
    dist, future = distances_and_future(n)
    C = np.empty((n, cfg.d))
    A_all = []
    for j in range(cfg.h):
        qs, ks = slice(j * dh, (j + 1) * dh), slice((j // group) * dh, (j // group + 1) * dh)
        S = Q[:, qs] @ K[:, ks].T / math.sqrt(dh)
        if cfg.position == "alibi":
            S = S - alibi_slope(j, cfg.h) * dist
        if cfg.causal:
            S = np.where(future, -np.inf, S)
        E = np.exp(S - S.max(axis=1, keepdims=True))
        A = E / E.sum(axis=1, keepdims=True)
        C[:, qs] = A @ Vv[:, ks]
        A_all.append(A)
    out = C @ p["wo"].T + p["bo"]
    return out, (U, Q, K, Vv, C, A_all, rope)


def attention_backward(dout, p, cache, cfg):
    U, Q, K, Vv, C, A_all, rope = cache
    dh, group = cfg.dh, cfg.h // cfg.kv
    g = {"wo": dout.T @ C, "bo": dout.sum(axis=0)}
    dC = dout @ p["wo"]
    dQ, dK, dV = np.zeros_like(Q), np.zeros_like(K), np.zeros_like(Vv)
    for j in range(cfg.h):
        qs, ks = slice(j * dh, (j + 1) * dh), slice((j // group) * dh, (j // group + 1) * dh)
        A, dO = A_all[j], dC[:, qs]
        dA = dO @ Vv[:, ks].T
        dV[:, ks] += A.T @ dO
        dS = A * (dA - (dA * A).sum(axis=1, keepdims=True)) / math.sqrt(dh)   # masked: A = 0
        dQ[:, qs] = dS @ K[:, ks]
        dK[:, ks] += dS.T @ Q[:, qs]
    if rope is not None:
        dQ, dK = rotate(dQ, *rope, cfg.h, inverse=True), rotate(dK, *rope, cfg.kv, inverse=True)
    dU = np.zeros_like(U)
    for c, dP in (("q", dQ), ("k", dK), ("v", dV)):
        g["w" + c] = dP.T @ U
        g["b" + c] = dP.sum(axis=0)
        dU += dP @ p["w" + c]
    return dU, g


_erf = np.vectorize(math.erf, otypes=[np.float64])


def gelu(x):
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def gelu_grad(x):
    return 0.5 * (1.0 + _erf(x / math.sqrt(2.0))) + x * np.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)


def sigmoid(x):
    return np.exp(-np.logaddexp(0.0, -x))


def silu(x):
    return x * sigmoid(x)


def silu_grad(x):
    s = sigmoid(x)
    return s * (1.0 + x * (1.0 - s))


def relu(x):
    return np.maximum(x, 0.0)


def relu_grad(x):
    return (x > 0).astype(np.float64)


ACTIVATIONS = {"gelu": (gelu, gelu_grad), "relu": (relu, relu_grad),
               "swiglu": (silu, silu_grad), "geglu": (gelu, gelu_grad)}


def ffn_forward(U, p, cfg):
    phi = ACTIVATIONS[cfg.activation][0]
    a = U @ p["w1"].T + p["b1"]
    up = U @ p["w3"].T + p["b3"] if cfg.gated else None
    H = phi(a) * up if cfg.gated else phi(a)
    return H @ p["w2"].T + p["b2"], (U, a, up, H)


def ffn_backward(dout, p, cache, cfg):
    U, a, up, H = cache
    phi, dphi = ACTIVATIONS[cfg.activation]
    g = {"w2": dout.T @ H, "b2": dout.sum(axis=0)}
    dH = dout @ p["w2"]
    if cfg.gated:
        dup = dH * phi(a)
        g["w3"], g["b3"] = dup.T @ U, dup.sum(axis=0)
        da = dH * up * dphi(a)
    else:
        dup, da = None, dH * dphi(a)
    g["w1"], g["b1"] = da.T @ U, da.sum(axis=0)
    dU = da @ p["w1"]
    if cfg.gated:
        dU += dup @ p["w3"]
    return dU, g


# --- the whole model -----------------------------------------------------------------------------

def sub(P, cfg, prefix):
    """The tensors under one prefix, keyed by their last name (P holds every name of cfg.shapes())."""
    return {last: P[n] for last, n in cfg.under(prefix)}


def forward(P, cfg, ids):
    """Output vectors (n × d) of one sentence, and what the backward needs."""
    n = len(ids)
    x = P["token_embedding"][ids] + P["position"][:n]
    caches = []
    for b in range(cfg.L):
        for kind, nk in (("attention", "norm1"), ("ffn", "norm2")):
            p = sub(P, cfg, f"blocks[{b}].{kind}.")
            nw = sub(P, cfg, f"blocks[{b}].{nk}.")
            fwd = attention_forward if kind == "attention" else ffn_forward
            nc = None
            if cfg.norm == "pre":
                u, nc = norm_forward(x, nw["gain"], nw.get("bias"), cfg)
                f, fc = fwd(u, p, cfg)
                x = x + f if cfg.residual else f
            else:
                f, fc = fwd(x, p, cfg)
                x = x + f if cfg.residual else f
                if cfg.norm == "post":
                    x, nc = norm_forward(x, nw["gain"], nw.get("bias"), cfg)
            caches.append((b, kind, nk, nc, fc))
    final = None
    if cfg.norm == "pre":
        x, final = norm_forward(x, P["final_norm.gain"], P.get("final_norm.bias"), cfg)
    return x, (ids, caches, final)


def backward(dx, P, cfg, cache, G):
    """Add the gradient of one sentence (dx: d loss / d output vectors) into G."""
    ids, caches, final = cache

    def add_norm(prefix, dg, db):
        G[prefix + "gain"] += dg
        if db is not None:
            G[prefix + "bias"] += db

    if final is not None:
        dx, dg, db = norm_backward(dx, P["final_norm.gain"], final, cfg)
        add_norm("final_norm.", dg, db)
    for b, kind, nk, nc, fc in reversed(caches):
        p = sub(P, cfg, f"blocks[{b}].{kind}.")
        bwd = attention_backward if kind == "attention" else ffn_backward
        gain = P.get(f"blocks[{b}].{nk}.gain")
        if cfg.norm == "post":                       # x ← N(x + F(x))
            dx, dg, db = norm_backward(dx, gain, nc, cfg)
            add_norm(f"blocks[{b}].{nk}.", dg, db)
        du, g = bwd(dx, p, fc, cfg)
        for k, v in g.items():
            G[f"blocks[{b}].{kind}.{k}"] += v
        if cfg.norm == "pre":                        # x ← x + F(N(x))
            du, dg, db = norm_backward(du, gain, nc, cfg)
            add_norm(f"blocks[{b}].{nk}.", dg, db)
        dx = dx + du if cfg.residual else du
    np.add.at(G["token_embedding"], ids, dx)         # the embedding as input
    G["position"][:len(ids)] += dx


def batch_loss(P, cfg, batch, grad=True):
    """Mean of −log softmax(E·h_p)[id] over every (sentence, target) pair; with its gradient."""
    pairs = sum(len(t) for _, t in batch)
    G = {n: np.zeros_like(a) for n, a in P.items()} if grad else None
    E = P["token_embedding"]
    total = 0.0
    for ids, targets in batch:
        if not targets:                              # a one-word sentence has no next word
            continue
        out, cache = forward(P, cfg, ids)
        pos = np.array([p for p, _ in targets])
        want = np.array([t for _, t in targets])
        H = out[pos]
        Z = H @ E.T                                  # tied head, no bias
        m = Z.max(axis=1, keepdims=True)
        lse = m[:, 0] + np.log(np.exp(Z - m).sum(axis=1))
        total += float(np.sum(lse - Z[np.arange(len(pos)), want]))
        if grad:
            dZ = np.exp(Z - lse[:, None])
            dZ[np.arange(len(pos)), want] -= 1.0
            dZ /= pairs
            G["token_embedding"] += dZ.T @ H         # the embedding as output head
            dout = np.zeros_like(out)
            np.add.at(dout, pos, dZ @ E)
            backward(dout, P, cfg, cache, G)
    return total / pairs, G


# --- Adam ----------------------------------------------------------------------------------------

class Adam:
    """torch.optim.Adam (not AdamW), with torch.nn.utils.clip_grad_norm_ before each step and the
    linear warm-up of the rate: step t uses lr · min(1, t / warmup_steps) (warmup_steps 0: lr)."""

    def __init__(self, opt):
        if not isinstance(opt, dict) or opt.get("name") != "adam":
            raise Fail(f"optimizer: expected {{\"name\": \"adam\", ...}}, got {opt!r:.80}")
        self.lr = number(need(opt, "lr", "optimizer"), "optimizer.lr")
        self.beta1 = number(need(opt, "beta1", "optimizer"), "optimizer.beta1")
        self.beta2 = number(need(opt, "beta2", "optimizer"), "optimizer.beta2")
        self.eps = number(need(opt, "eps", "optimizer"), "optimizer.eps")
        self.weight_decay = number(opt.get("weight_decay", 0), "optimizer.weight_decay")
        clip = opt.get("clip_norm")
        self.clip_norm = None if clip is None else number(clip, "optimizer.clip_norm")
        self.warmup_steps = integer(opt.get("warmup_steps", 0), "optimizer.warmup_steps", 0, 1 << 30)
        self.t = 0
        self.m, self.v = {}, {}

    def rate(self, t):
        """The rate of step t (1, 2, ...)."""
        if self.warmup_steps == 0:
            return self.lr
        return self.lr * min(1.0, t / self.warmup_steps)

    def step(self, P, G, names):
        if self.clip_norm is not None:
            total = math.sqrt(sum(float(np.sum(G[n] * G[n])) for n in names))
            coef = self.clip_norm / (total + 1e-6)
            if coef < 1.0:
                G = {n: G[n] * coef for n in names}
        self.t += 1
        bc1 = 1.0 - self.beta1 ** self.t
        bc2_sqrt = math.sqrt(1.0 - self.beta2 ** self.t)
        lr = self.rate(self.t)
        for n in names:
            g = G[n] + self.weight_decay * P[n] if self.weight_decay else G[n]
            m = self.m[n] = self.beta1 * self.m.get(n, 0.0) + (1.0 - self.beta1) * g
            v = self.v[n] = self.beta2 * self.v.get(n, 0.0) + (1.0 - self.beta2) * g * g
            P[n] = P[n] - (lr / bc1) * m / (np.sqrt(v) / bc2_sqrt + self.eps)


# --- the replay ----------------------------------------------------------------------------------

def read_batch(step, cfg, objective, mask_id, k):
    batch = need(step, "batch", f"steps[{k}]")
    if not isinstance(batch, list) or not batch:
        raise Malformed(f"steps[{k}].batch: expected a non-empty list")
    out = []
    for i, item in enumerate(batch):
        where = f"step {step.get('step', k + 1)} sentence {i}"
        ids, targets = need(item, "ids", where), need(item, "targets", where)
        if (not isinstance(ids, list) or not 1 <= len(ids) <= N_MAX
                or any(isinstance(t, bool) or not isinstance(t, int) for t in ids)):
            raise Malformed(f"{where}: ids must be 1 to {N_MAX} integers")
        if not all(0 <= t < cfg.V for t in ids):
            raise Fail(f"{where}: an id outside 0..{cfg.V - 1} in {ids}")
        if (not isinstance(targets, list)
                or any(not isinstance(t, list) or len(t) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in t)
                       for t in targets)):
            raise Malformed(f"{where}: targets must be a list of [position, id] pairs")
        targets = [tuple(t) for t in targets]
        n = len(ids)
        if not all(0 <= p < n and 0 <= t < cfg.V for p, t in targets):
            raise Fail(f"{where}: a target outside the sentence or the vocabulary: {targets}")
        if objective == "mot-suivant":
            if targets != [(p, ids[p + 1]) for p in range(n - 1)]:
                raise Fail(f"{where}: mot-suivant targets must be (p, ids[p+1]) for p = 0..{n - 2}, got {targets}")
        elif any(ids[p] != mask_id for p, _ in targets):
            raise Fail(f"{where}: mot-masque target at a position that is not <masque> ({mask_id}): ids {ids}, targets {targets}")
        out.append((ids, targets))
    if not any(t for _, t in out):
        raise Fail(f"step {step.get('step', k + 1)}: no (sentence, target) pair in the batch")
    return out


def compare_weights(mine, theirs, names):
    """Problems (tensor, largest difference, where) of the final weights; tolerance per tensor."""
    problems = []
    for n in names:
        diff = np.abs(mine[n] - theirs[n])
        allowed = WEIGHT_TOLERANCE * (1.0 + float(np.max(np.abs(theirs[n]))))
        worst = float(diff.max())
        if worst > allowed:
            at = tuple(int(i) for i in np.unravel_index(int(diff.argmax()), diff.shape))
            problems.append(f"final_weights.{n}{list(at)} = {theirs[n][at]!r}, replayed {mine[n][at]!r} "
                            f"(|diff| {worst:.2e} > {allowed:.2e}; {int((diff > allowed).sum())} of {diff.size} elements off)")
    return problems


def sublayer_means(G, cfg):
    """Mean |dL/dW| of each sublayer's weight matrices, attention 1, FFN 1, ..., FFN L."""
    out = []
    for b in range(cfg.L):
        for kind, names in (("attention", ("wq", "wk", "wv", "wo")),
                            ("ffn", ("w1", "w2", "w3") if cfg.gated else ("w1", "w2"))):
            parts = [np.abs(G[f"blocks[{b}].{kind}.{n}"]).ravel() for n in names]
            out.append(float(np.concatenate(parts).mean()))
    return out


def check_sublayer_gradients(step, k, G, cfg):
    """Problems of a step's logged sublayer_gradients (none when it has none)."""
    logged = step.get("sublayer_gradients")
    if logged is None:
        return []
    if not isinstance(logged, list) or len(logged) != 2 * cfg.L:
        raise Malformed(f"step {k + 1}: sublayer_gradients must list {2 * cfg.L} numbers")
    mine = sublayer_means(G, cfg)
    problems = []
    for j, (a, b) in enumerate(zip(mine, logged)):
        b = number(b, f"step {k + 1} sublayer_gradients[{j}]")
        rel = abs(a - b) / max(abs(b), 1e-300)
        if rel > GRADIENT_TOLERANCE:
            problems.append(f"step {k + 1}: sublayer {j + 1} mean |dL/dW| {a!r}, logged {b!r} (relative {rel:.1e})")
    return problems


def replay(log, steps_wanted, out=print, warmup_steps=None):
    """Replay a parsed log; return the list of problems (empty when it matches). warmup_steps, when
    given, replaces the log's (a wrong warm-up must then fail: the tests' check of the check)."""
    if not isinstance(log, dict):
        raise Malformed("the top level is not a JSON object")
    cfg = Config(need(log, "settings", "the log"), need(log, "vocabulary_size", "the log"),
                 need(log, "layer_norm_eps", "the log"))
    objective = need(log, "objective", "the log")
    if objective not in ("mot-masque", "mot-suivant"):
        raise Fail(f"objective = {objective!r}, expected mot-masque or mot-suivant")
    if (objective == "mot-suivant") != cfg.causal:
        raise Fail(f"objective {objective} with mask {'causal' if cfg.causal else 'aucun'}: "
                   "the next word goes with the causal mask, the masked word without it")
    mask_id = need(log, "mask_id", "the log")
    if objective == "mot-suivant" and mask_id is not None:
        raise Fail(f"mask_id = {mask_id!r}, expected null for mot-suivant")
    if objective == "mot-masque":
        integer(mask_id, "mask_id", 0, cfg.V - 1)
    adam = Adam(need(log, "optimizer", "the log"))
    if warmup_steps is not None:
        adam.warmup_steps = warmup_steps
    P = read_weights(need(log, "initial_weights", "the log"), cfg, "initial_weights")
    steps = need(log, "steps", "the log")
    if not isinstance(steps, list):
        raise Malformed("steps is not a list")
    names = [n for n in P if cfg.trained(n)]
    count = len(steps) if steps_wanted is None else min(steps_wanted, len(steps))
    problems = []
    for k in range(count):
        step = steps[k]
        number_k = need(step, "step", f"steps[{k}]")
        if number_k != k + 1:
            raise Fail(f"steps[{k}].step = {number_k!r}, expected {k + 1}")
        logged = number(need(step, "loss", f"step {k + 1}"), f"step {k + 1} loss")
        loss, G = batch_loss(P, cfg, read_batch(step, cfg, objective, mask_id, k))
        if not math.isfinite(loss) or not all(np.all(np.isfinite(G[n])) for n in names):
            problems.append(f"step {k + 1}: the replayed loss or gradient is not finite ({loss!r})")
            return problems
        rel = abs(loss - logged) / max(abs(logged), 1e-300)
        out(f"step {k + 1}: loss {loss:.17g} logged {logged:.17g} relative difference {rel:.1e}, "
            f"rate {adam.rate(k + 1):.6g}")
        if rel > LOSS_TOLERANCE:
            problems.append(f"step {k + 1}: loss {loss!r}, logged {logged!r} (relative {rel:.1e} > {LOSS_TOLERANCE:g})")
        gradient_problems = check_sublayer_gradients(step, k, G, cfg)
        problems += gradient_problems
        if "sublayer_gradients" in step and not gradient_problems:
            out(f"step {k + 1}: the {2 * cfg.L} sublayers' mean |dL/dW| agree")
        adam.step(P, G, names)
    if count < len(steps):
        out(f"replayed {count} of {len(steps)} steps: final_weights not compared")
    else:
        final = read_weights(need(log, "final_weights", "the log"), cfg, "final_weights")
        problems += compare_weights(P, final, list(P))
        out(f"final weights compared ({len(P)} tensors, {len(names)} trained)")
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", nargs="?")
    ap.add_argument("--steps", type=int, help="replay only the first K steps (final weights then not compared)")
    ap.add_argument("--warmup-steps", type=int, help="replay with this warm-up instead of the log's (a wrong one must fail)")
    ap.add_argument("--self-test", action="store_true", help="check this implementation without the C++")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test()
    if args.log is None:
        ap.error("a training log is needed (or --self-test)")
    if args.steps is not None and args.steps < 1:
        ap.error("--steps must be a positive integer")
    if args.warmup_steps is not None and args.warmup_steps < 0:
        ap.error("--warmup-steps must be 0 or more")

    def no_constant(name):
        raise Malformed(f"non-finite number {name} in the JSON")
    try:
        with open(args.log, encoding="utf-8") as f:
            log = json.load(f, parse_constant=no_constant)
        problems = replay(log, args.steps, warmup_steps=args.warmup_steps)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, Malformed) as e:
        print(f"error: cannot read {args.log} as a training log: {e}", file=sys.stderr)
        return 2
    except Fail as e:
        print(f"FAIL: {e}")
        return 1
    print("OK" if not problems else "FAIL: " + "; ".join(problems))
    return 1 if problems else 0


# --- self-test -----------------------------------------------------------------------------------

# Each configuration: settings beyond the start-up ones. Together they take every value of every
# setting, and the crossings named in the issue (RoPE×GQA, ALiBi×causal, post×RMSNorm, gated×post,
# MQA at d 16).
SELF_TEST_CONFIGURATIONS = [
    {},                                                                          # start-up: pre, LN, sinus, gelu
    {"norm": "post", "residual": False, "activation": "relu", "position": "appris", "layers": 1},
    {"norm": "aucune", "position": "aucun", "layers": 3},
    {"norm": "aucune", "residual": False, "activation": "swiglu", "ffn": 12},
    {"residual": False, "norm_type": "rmsnorm", "layers": 4, "position": "appris"},
    {"norm": "post", "norm_type": "rmsnorm", "dimension": 16, "heads": 4, "ffn": 8},
    {"position": "rope", "dimension": 16, "heads": 4, "kv_heads": 2, "layers": 3},
    {"position": "alibi", "mask": "causal", "heads": 4},
    {"norm": "post", "activation": "geglu", "position": "appris", "dimension": 16, "ffn": 12},
    {"dimension": 16, "heads": 8, "kv_heads": 1, "norm": "post"},
    {"layers": 6, "ffn": 8, "mask": "causal", "activation": "relu"},
    {"layers": 5, "norm": "aucune", "residual": True, "ffn": 8, "position": "alibi"},
    {"heads": 1, "position": "rope", "rope_base": 100.0, "residual": False},
    {"norm_type": "rmsnorm", "position": "rope", "activation": "swiglu", "heads": 4, "kv_heads": 2,
     "mask": "causal"},                                                          # the llama recipe at d 8
    {"norm": "post", "residual": False, "norm_type": "rmsnorm", "activation": "geglu", "mask": "causal",
     "heads": 4, "kv_heads": 1, "position": "aucun"},
]

START_UP = {"layers": 2, "dimension": 8, "ffn": 16, "heads": 2, "position": "sinus", "residual": True,
            "norm": "pre", "norm_type": "layernorm", "mask": "aucun", "activation": "gelu",
            "rope_base": 10000}


def random_model(cfg, rng):
    """Weights of the spec's shapes; gains and biases away from 1 and 0 so every path carries a gradient."""
    P = {}
    for name, shape in cfg.shapes().items():
        key = name.rsplit(".", 1)[-1]
        if name == "position":
            if cfg.position == "sinus":
                p, c = np.arange(N_MAX)[:, None], np.arange(cfg.d)[None, :]
                angle = p / 10000.0 ** ((c - c % 2) / cfg.d)
                P[name] = np.where(c % 2 == 0, np.sin(angle), np.cos(angle))
            elif cfg.position == "appris":
                P[name] = rng.normal(0.0, 1.0, shape)
            else:
                P[name] = np.zeros(shape)
        elif name == "token_embedding":
            P[name] = rng.normal(0.0, 1.0, shape)
        elif key == "gain":
            P[name] = 1.0 + rng.normal(0.0, 0.2, shape)
        elif len(shape) == 1:
            P[name] = rng.normal(0.0, 0.2, shape)
        else:
            P[name] = rng.normal(0.0, 1.0 / math.sqrt(shape[1]), shape)
    return P


def random_batch(cfg, rng, sentences, mask_id):
    """Sentences of 2 to 8 ids (one of 8), with the objective's targets."""
    batch = []
    for i in range(sentences):
        n = N_MAX if i == 0 else int(rng.integers(2, N_MAX + 1))
        ids = [int(t) for t in rng.integers(0, cfg.V - 1, n)]
        if cfg.causal:
            targets = [(p, ids[p + 1]) for p in range(n - 1)]
        else:
            where = sorted(rng.choice(n, size=1 + (i % 2) * min(1, n - 1), replace=False).tolist())
            targets = [(p, ids[p]) for p in where]
            for p in where:
                ids[p] = mask_id
        batch.append((ids, targets))
    return batch


def check_gradients(P, cfg, batch, rng, label):
    """Analytic gradient against central differences (Richardson-extrapolated: (4·D(h/2) − D(h))/3,
    error O(h⁴), so the attention's strong curvature does not hide behind the tolerance): a random
    direction per tensor (every element at once), the three largest elements of each tensor and a
    random one. Tolerance: relative 1e-6, above the rounding noise of the differences. ReLU's kinks
    take a smaller step, so that no pre-activation crosses zero inside it (the seed is fixed)."""
    problems = []
    loss, G = batch_loss(P, cfg, batch)
    h = 1e-6 if cfg.activation == "relu" else 1e-4
    noise = 1e2 * np.finfo(np.float64).eps * max(1.0, abs(loss)) / h

    def derivative(name, D):
        def at(t):
            Q = dict(P)
            Q[name] = P[name] + t * D
            return batch_loss(Q, cfg, batch, grad=False)[0]
        wide = (at(h) - at(-h)) / (2 * h)
        narrow = (at(h / 2) - at(-h / 2)) / h
        return (4 * narrow - wide) / 3

    for name in P:
        if not cfg.trained(name):
            continue
        D = rng.normal(0.0, 1.0, P[name].shape)
        numeric = derivative(name, D)
        analytic = float(np.sum(G[name] * D))
        if abs(numeric - analytic) > 1e-6 * abs(numeric) + noise:
            problems.append(f"{label}: {name} directional derivative {analytic!r} vs central difference {numeric!r}")
        flat = np.abs(G[name]).ravel()
        for i in set(np.argsort(flat)[-3:].tolist()) | {int(rng.integers(flat.size))}:
            e = np.zeros(P[name].size)
            e[i] = 1.0
            numeric = derivative(name, e.reshape(P[name].shape))
            analytic = float(G[name].ravel()[i])
            if abs(numeric - analytic) > 1e-6 * abs(numeric) + noise:
                idx = [int(v) for v in np.unravel_index(i, P[name].shape)]
                problems.append(f"{label}: d loss / d {name}{idx} = {analytic!r}, central difference {numeric!r}")
    return problems, G


def check_forward_against_stdlib(P, cfg, settings, batch, label):
    """The output vectors of every sentence against recompute_trace.py's forward pass."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import recompute_trace
    problems = []
    t = {"settings": settings, "weights": to_json_weights(P, cfg), "layer_norm_eps": cfg.eps}
    for ids, _ in batch:
        t["tokens"] = [{"id": i} for i in ids]
        levels = recompute_trace.forward(t, cfg.h, cfg.causal, cfg.activation == "relu")
        theirs = np.array(levels[-1]["vectors"])
        mine = forward(P, cfg, ids)[0]
        diff = float(np.max(np.abs(mine - theirs)))
        if diff > 1e-10 * (1.0 + float(np.max(np.abs(theirs)))):
            problems.append(f"{label}: output vectors of {ids} differ from recompute_trace.py by {diff:.1e}")
    return problems


def check_adam():
    """One and two Adam steps on small tensors against a hand computation, with weight decay, with
    clipping, and the dense rule (a zero gradient still moves by its moments)."""
    problems = []

    def close(what, got, want):
        if abs(got - want) > 1e-15 * max(1.0, abs(want)):
            problems.append(f"Adam {what}: {got!r}, by hand {want!r}")

    # Plain Adam, lr 0.1: p = 0.5, g = 0.2 then g = 0 (dense: it still moves).
    opt = Adam({"name": "adam", "lr": 0.1, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8,
                "weight_decay": 0, "clip_norm": None})
    P = {"x": np.array([0.5])}
    opt.step(P, {"x": np.array([0.2])}, ["x"])
    # m = 0.02, v = 0.00004; m̂ = 0.02/0.1 = 0.2, √v̂ = √(0.00004/0.001) = 0.2: p − 0.1·0.2/(0.2 + 1e-8)
    close("step 1", float(P["x"][0]), 0.5 - 0.1 * 0.2 / (0.2 + 1e-8))
    opt.step(P, {"x": np.array([0.0])}, ["x"])
    # m = 0.9·0.02 = 0.018, v = 0.999·0.00004 = 0.00003996;
    # m̂ = 0.018/0.19, √v̂ = √(0.00003996/0.001999)
    p1 = 0.5 - 0.1 * 0.2 / (0.2 + 1e-8)
    close("step 2 (zero gradient)", float(P["x"][0]),
          p1 - 0.1 * (0.018 / 0.19) / (math.sqrt(0.00003996 / 0.001999) + 1e-8))

    # weight_decay 0.5 (L2 into the gradient, not AdamW): p = 2, g = 0.1 → g' = 0.1 + 0.5·2 = 1.1;
    # first step moves by lr·1.1/(1.1 + eps) whatever the moments.
    opt = Adam({"name": "adam", "lr": 0.01, "beta1": 0.8, "beta2": 0.99, "eps": 1e-8,
                "weight_decay": 0.5, "clip_norm": None})
    P = {"x": np.array([2.0])}
    opt.step(P, {"x": np.array([0.1])}, ["x"])
    close("weight decay", float(P["x"][0]), 2.0 - 0.01 * 1.1 / (1.1 + 1e-8))

    # clip_norm 1 over two tensors of gradients (3) and (4): total norm 5, scale 1/(5 + 1e-6); then
    # a second step unclipped (norm 0.5 < 1): m = 0.9·0.1·g1c + 0.1·g2, v likewise.
    opt = Adam({"name": "adam", "lr": 0.1, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8,
                "weight_decay": 0, "clip_norm": 1.0})
    P = {"a": np.array([1.0]), "b": np.array([-1.0])}
    opt.step(P, {"a": np.array([3.0]), "b": np.array([4.0])}, ["a", "b"])
    ga = 3.0 / (5.0 + 1e-6)
    close("clipped step", float(P["a"][0]), 1.0 - 0.1 * ga / (ga + 1e-8))
    opt.step(P, {"a": np.array([0.3]), "b": np.array([-0.4])}, ["a", "b"])
    gb = 4.0 / (5.0 + 1e-6)
    m = 0.9 * 0.1 * gb + 0.1 * -0.4
    v = 0.999 * 0.001 * gb * gb + 0.001 * 0.16
    pb1 = -1.0 - 0.1 * gb / (gb + 1e-8)
    close("second step below the clip", float(P["b"][0]),
          pb1 - 0.1 / 0.19 * m / (math.sqrt(v) / math.sqrt(1 - 0.999 ** 2) + 1e-8))

    # Warm-up over 4 steps, lr 0.01, a constant gradient 0.5: the bias-corrected moments are 0.5 and
    # √0.25 at every step, so step k moves p by lr·min(1, k/4)·0.5/(0.5 + 1e-8): 0.0025, 0.005,
    # 0.0075, then 0.01 (about), each written by hand.
    opt = Adam({"name": "adam", "lr": 0.01, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8,
                "weight_decay": 0, "clip_norm": None, "warmup_steps": 4})
    P = {"x": np.array([1.0])}
    for k, rate in enumerate([0.0025, 0.005, 0.0075, 0.01, 0.01, 0.01], start=1):
        before = float(P["x"][0])
        opt.step(P, {"x": np.array([0.5])}, ["x"])
        moved = before - float(P["x"][0])
        if abs(moved - rate * 0.5 / (0.5 + 1e-8)) > 1e-15:
            problems.append(f"Adam warm-up step {k}: moved {moved!r}, by hand {rate * 0.5 / (0.5 + 1e-8)!r}")
    for warmup in (0, 1):  # none, and N = 1 (min(1, k/1) = 1): both are plain Adam
        opt = Adam({"name": "adam", "lr": 0.1, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8,
                    "weight_decay": 0, "clip_norm": None, "warmup_steps": warmup})
        P = {"x": np.array([0.5])}
        opt.step(P, {"x": np.array([0.2])}, ["x"])
        close(f"warmup_steps {warmup}, step 1", float(P["x"][0]), 0.5 - 0.1 * 0.2 / (0.2 + 1e-8))
    return problems


def check_dense_and_tied(P, cfg, batch, G, label):
    """An embedding row that no sentence uses still has a gradient (the tied head's part)."""
    used = {i for ids, _ in batch for i in ids}
    unused = [r for r in range(cfg.V) if r not in used]
    if unused and not np.any(G["token_embedding"][unused] != 0):
        return [f"{label}: the rows the batch did not use have no gradient (the tied head's part is missing)"]
    return []


def check_command_line(rng):
    """A log written from this implementation replays OK; broken copies fail as they must."""
    problems = []
    settings = dict(START_UP, position="appris", mask="causal")
    cfg = Config(settings, 11, 1e-5)
    P0 = random_model(cfg, rng)
    P = {n: a.copy() for n, a in P0.items()}
    opt_json = {"name": "adam", "lr": 0.01, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8,
                "weight_decay": 0.01, "clip_norm": 0.5, "warmup_steps": 2}
    opt = Adam(opt_json)
    steps = []
    for k in range(3):
        batch = random_batch(cfg, rng, 3, None)
        loss, G = batch_loss(P, cfg, batch)
        steps.append({"step": k + 1, "batch": [{"ids": i, "targets": [list(t) for t in tg]} for i, tg in batch],
                      "loss": loss})
        if k in (0, 2):  # as the program writes them on its recorded steps
            steps[-1]["sublayer_gradients"] = sublayer_means(G, cfg)
        opt.step(P, G, [n for n in P if cfg.trained(n)])
    log = {"settings": settings, "vocabulary_size": 11, "layer_norm_eps": 1e-5, "objective": "mot-suivant",
           "mask_id": None, "optimizer": opt_json, "initial_weights": to_json_weights(P0, cfg),
           "steps": steps, "final_weights": to_json_weights(P, cfg)}

    def run(what, data, args, want):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "log.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write(data if isinstance(data, str) else json.dumps(data))
            import io
            import contextlib
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
                got = main([path, *args])
        if got != want:
            problems.append(f"command line {args} on {what}: exit {got}, expected {want}\n{buf.getvalue()}")

    run("its own log", log, [], 0)
    run("its own log", log, ["--steps", "2"], 0)
    bad = copy.deepcopy(log)
    bad["steps"][1]["loss"] *= 1 + 3e-6
    run("a loss off by 3e-6", bad, [], 1)
    bad = copy.deepcopy(log)
    bad["final_weights"]["blocks"][1]["attention"]["bk"][0] += 3e-6 * (1 + 1)
    run("a final weight off", bad, [], 1)
    bad = copy.deepcopy(log)
    bad["final_weights"]["position"] = log["initial_weights"]["position"]
    run("the learned position table not trained", bad, [], 1)
    bad = copy.deepcopy(log)
    bad["steps"][0]["batch"][0]["targets"][0][1] = (bad["steps"][0]["batch"][0]["targets"][0][1] + 1) % 11
    run("a next-word target that is not the next word", bad, [], 1)
    bad = copy.deepcopy(log)
    bad["steps"][2]["sublayer_gradients"][1] *= 1 + 3e-6
    run("a sublayer's mean |dL/dW| off by 3e-6", bad, [], 1)
    bad = copy.deepcopy(log)
    bad["optimizer"]["warmup_steps"] = 0  # the same steps without the warm-up: step 2's loss differs
    run("the warm-up left out", bad, [], 1)
    bad = copy.deepcopy(log)
    bad["optimizer"]["warmup_steps"] = 2.5
    run("a warm-up that is not an integer", bad, [], 1)
    bad = copy.deepcopy(log)
    bad["steps"][0]["sublayer_gradients"].pop()
    run("sublayer_gradients one short", bad, [], 2)
    run("not JSON", "{\"settings\": ", [], 2)
    run("a trace, not a log", {"settings": settings, "tokens": [], "weights": {}}, [], 2)
    return problems


def self_test():
    rng = np.random.default_rng(20261202)
    problems = check_adam()
    print(f"Adam and clipping against hand computations: {'ok' if not problems else 'FAIL'}")
    for k, extra in enumerate(SELF_TEST_CONFIGURATIONS):
        settings = dict(START_UP, **extra)
        settings.setdefault("kv_heads", settings["heads"])
        cfg = Config(settings, 13, 1e-5)
        label = f"configuration {k} {extra}"
        P = random_model(cfg, rng)
        batch = random_batch(cfg, rng, 3, cfg.V - 1)
        found, G = check_gradients(P, cfg, batch, rng, label)
        found += check_dense_and_tied(P, cfg, batch, G, label)
        found += check_forward_against_stdlib(P, cfg, settings, batch, label)
        print(f"{label}: {sum(a.size for n, a in P.items() if cfg.trained(n))} trained parameters, "
              f"{'ok' if not found else 'FAIL'}")
        problems += found
    found = check_command_line(rng)
    print(f"command line on its own log and broken copies: {'ok' if not found else 'FAIL'}")
    problems += found
    print("OK" if not problems else "FAIL: " + "\n".join(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
