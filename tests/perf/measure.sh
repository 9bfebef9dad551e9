#!/usr/bin/env bash
# Reproduces the performance figures of docs/performance.md, measured the same way every time (issue 6).
# Never a test: it prints figures, it does not judge them. Usage, after a Release build:
#   bash tests/perf/measure.sh [build-dir]
# Needs: taskset (util-linux), /usr/bin/time (package time), xvfb-run. Takes about five minutes.
set -euo pipefail
build=${1:-build}
exe=$build/app/transformer-bloc
bench=$build/tests/bench/transformer-bloc-bench
export XDG_CONFIG_HOME=$(mktemp -d)  # never the user's saved session
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
xvfb=(xvfb-run -a -s "-screen 0 1600x900x24")

echo "== forward pass + trace (Google Benchmark, one core, median of 10), per build of its loops =="
# "best" is what the program picks; the others are what an older processor would run.
for kernels in best avx2 sse2; do
  TB_KERNELS=$kernels taskset -c 1 "$bench" --benchmark_repetitions=10 --benchmark_report_aggregates_only=true \
    --benchmark_filter=forward 2>&1 | awk -v k="$kernels" '/^kernels:/ {used = $2} /_median/ {printf "%-7s %-7s %-45s %s %s\n", k, used, $1, $2, $3}'
done

echo "== headless process (L 6, d 16, w 64, 8 tokens, trace written; median of 20) =="
trace=$(mktemp)
for i in $(seq 20); do
  /usr/bin/time -f "%e %M" "$exe" --headless --trace "$trace" \
    --run "/couches 6; /dimension 16; /ffn 64; /phrase le petit chat dort sur le tapis rouge" 2>&1 >/dev/null | tail -1
done | sort -n | awk '{t[NR]=$1; m[NR]=$2} END {printf "wall %.0f ms (median), peak RSS %d MB\n", t[int((NR+1)/2)]*1000, m[NR]/1024}'
rm -f "$trace"

# A scripted L 6, d 16 pass at 1600x900 under Xvfb (Mesa llvmpipe), --stats, 5 runs: $1 names it,
# $2 is the commands before /propager ($3, when given, runs instead of /propager).
# Software rendering shares the two cores with everything else: run it on a quiet machine, and
# read the median of five runs.
window_pass() {
  echo "== window: scripted L 6, d 16 pass ($1) at 1600x900 under Xvfb (Mesa llvmpipe), --stats, 5 runs =="
  runs=$(mktemp)
  for i in 1 2 3 4 5; do
    TRANSFORMER_BLOC_TEST_ACTIONS="$2; command ${3:-/propager}; settle; quit" \
      /usr/bin/time -f "peak_rss_kb: %M" "${xvfb[@]}" "$exe" --size 1600x900 --fresh --stats 2>&1 | \
      grep -E "^(frames|first_frame_ms|mean_frame_ms|p95_frame_ms|mean_redrawn_percent|peak_rss_kb):" | tr '\n' ' ' | tee -a "$runs"
    echo | tee -a "$runs"
  done
  median() { grep -o "$1: [0-9.]*" "$runs" | awk '{print $2}' | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
  echo "median of 5: first_frame_ms $(median first_frame_ms), mean_frame_ms $(median mean_frame_ms)," \
       "p95_frame_ms $(median p95_frame_ms), mean_redrawn_percent $(median mean_redrawn_percent), peak_rss_mb $(( $(median peak_rss_kb) / 1024 ))"
  rm -f "$runs"
}
window_pass "start-up block" "command /couches 6; command /dimension 16"
# Seed 002's modern block: RMSNorm, RoPE's dials, the GQA chips (h 8 / h_kv 2), SwiGLU's three strips.
window_pass "recette llama" "command /couches 6; command /dimension 16; command /recette llama"
# Seed 002's generation told (issue 36): the prefill, then five words, each through the stack alone,
# the caches growing beside the attention boxes (at /vue vitesse 0,4: the whole story in 22 s).
window_pass "generation" "command /couches 6; command /dimension 16; command /masque causal; command /tetes 8 2; command /vue vitesse 0,4" "/generer 5"
# Seed 002's table side by side: two stories a frame.
window_pass "A/B gpt2 | llama" "command /couches 6; command /dimension 16; command /recette gpt2; command /comparer on; command /b /recette llama"

echo "== window idle: CPU over 10 s once started, --fresh (percent of one core) =="
# --fresh: a restored session would replay its sentence, which is not idle.
"${xvfb[@]}" "$exe" --size 1600x900 --fresh >/dev/null 2>&1 &
runner=$!
sleep 4
pid=$(pgrep -n -f "^$exe --size 1600x900 --fresh" || true)
if [ -n "$pid" ]; then
  ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
  hz=$(getconf CLK_TCK)
  a=$(ticks); sleep 10; b=$(ticks)
  awk -v a="$a" -v b="$b" -v hz="$hz" 'BEGIN {printf "idle_cpu_percent: %.1f\n", 100 * (b - a) / hz / 10}'
  kill "$pid" 2>/dev/null || true
else
  echo "idle_cpu_percent: (window did not start)"
fi
wait "$runner" 2>/dev/null || true
