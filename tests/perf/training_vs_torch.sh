#!/bin/sh
# 300 training steps at L 6, d 16, w 64, batch 16 (issue 15), timed in one run: our whole headless
# process (start-up included) divided by 300, median of 5 processes, beside PyTorch eager on the
# same model (pre-LayerNorm, sinusoidal positions, 2 heads, GELU, tied head, the masked word, Adam
# 3e-3; float64, one thread, the batch as one [16, 6] tensor), median step of 300.
# PyTorch is Debian's python3-torch (apt-get install -y python3-torch); never a test dependency.
#   tests/perf/training_vs_torch.sh [build/app/transformer-bloc]
set -e
BIN=${1:-build/app/transformer-bloc}
exec python3 - "$BIN" <<'PY'
import json, math, os, statistics, subprocess, sys, tempfile, time

binary = sys.argv[1]
commands = "/couches 6; /dimension 16; /ffn 64; /lot 16; /corpus grammaire; /entrainer 300"
runs = []
for _ in range(5):
    start = time.perf_counter()
    subprocess.run([binary, "--headless", "--run", commands], check=True, stdout=subprocess.DEVNULL)
    runs.append((time.perf_counter() - start) / 300 * 1000)
ours = statistics.median(runs)
with tempfile.TemporaryDirectory() as folder:
    trace = os.path.join(folder, "t.json")
    subprocess.run([binary, "--headless", "--run", "/couches 6; /dimension 16; /ffn 64", "--trace", trace], check=True,
                   stdout=subprocess.DEVNULL)
    V = json.load(open(trace))["vocabulary_size"]

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
L, d, w, h, B, n = 6, 16, 64, 2, 16, 6


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))
        self.f1, self.f2 = nn.Linear(d, w), nn.Linear(w, d)

    def forward(self, x):
        u = self.ln1(x)
        split = lambda t: t.view(B, n, h, d // h).transpose(1, 2)
        q, k, v = split(self.q(u)), split(self.k(u)), split(self.v(u))
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d // h), dim=-1)
        x = x + self.o((a @ v).transpose(1, 2).reshape(B, n, d))
        return x + self.f2(F.gelu(self.f1(self.ln2(x))))


class Toy(nn.Module):
    def __init__(self):
        super().__init__()
        self.E = nn.Parameter(torch.randn(V, d))
        p = torch.arange(8.0)[:, None] / torch.pow(10000.0, torch.arange(0, d, 2) / d)
        self.register_buffer("P", torch.stack([p.sin(), p.cos()], -1).reshape(8, d))
        self.blocks = nn.ModuleList(Block() for _ in range(L))
        self.lnf = nn.LayerNorm(d)

    def forward(self, ids, where):
        x = self.E[ids] + self.P[:n]
        for b in self.blocks:
            x = b(x)
        return self.lnf(x)[torch.arange(B), where] @ self.E.T


model = Toy()
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
steps = []
for _ in range(300):
    start = time.perf_counter()
    ids = torch.randint(1, V - 1, (B, n))
    where = torch.randint(0, n, (B,))
    targets = ids[torch.arange(B), where].clone()
    ids[torch.arange(B), where] = V - 1
    loss = F.cross_entropy(model(ids, where), targets)
    opt.zero_grad()
    loss.backward()
    opt.step()
    steps.append((time.perf_counter() - start) * 1000)
torch_ms = statistics.median(steps)
print(f"transformer-bloc: {ours:.3f} ms a step (whole process / 300, median of 5: "
      + ", ".join(f"{r:.3f}" for r in runs) + ")")
print(f"pytorch eager:    {torch_ms:.3f} ms a step (median of 300; torch {torch.__version__}, 1 thread, float64)")
print(f"speed-up: {torch_ms / ours:.1f}x")
PY
