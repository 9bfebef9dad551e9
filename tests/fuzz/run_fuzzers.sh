#!/usr/bin/env bash
# Runs every libFuzzer target for a fixed budget with a fixed seed, two at a time (CI, .ci/run).
# Usage: bash tests/fuzz/run_fuzzers.sh <fuzz-build-dir> [runs-scale]
# Each line of the table below: target, seed corpus (tests/fuzz/...), runs (about 30 s each on
# one core of the CI machine; the scale multiplies them, e.g. 10 for a longer local search).
# New inputs go to a temporary folder, never into the repository. A crash, a leak, a timeout (an
# input that takes over 60 s: a freeze) or a broken invariant fails the run; the input is kept in
# <fuzz-build-dir>/fuzz-artifacts/ and its file name printed: after the fix, commit it into the
# target's seed corpus, which the ordinary tests replay.
set -euo pipefail
build=$(realpath "$1")
scale=${2:-1}
here=$(realpath "$(dirname "$0")")
targets=(
  "command_fuzzer    corpus   5000"
  "script_fuzzer     scripts  540000"
  "session_fuzzer    files    60000"
  "lesson_fuzzer     files    240000"
  "corpus_fuzzer     files    30000"
  "vocabulary_fuzzer files    540000"
  "link_fuzzer       links    300000"
)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts"

run_one() {  # target seeds runs
  local target=$1 seeds=$here/$2 runs=$(($3 * scale))
  mkdir -p "$work/$target"
  local start=$(date +%s)
  local status=0
  "$build/tests/fuzz/$target" -seed=1 -runs="$runs" -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$target-" "$work/$target" "$seeds" >"$work/$target.log" 2>&1 || status=$?
  local done_line=$(grep -E '^Done [0-9]+ runs' "$work/$target.log" | tail -1)
  printf '%-18s %s (%d s wall)%s\n' "$target" "${done_line:-no final line}" $(($(date +%s) - start)) \
    "$( ((status)) && echo "  ÉCHEC, statut $status")"
  if ((status)); then
    tail -40 "$work/$target.log"
    ls "$artifacts"/"$target"-* 2>/dev/null | sed 's/^/  entrée gardée : /'
  fi
  return $status
}

failed=0
running=0
for line in "${targets[@]}"; do
  read -r target seeds runs <<<"$line"
  if ((running == 2)); then wait -n || failed=1; running=$((running - 1)); fi
  run_one "$target" "$seeds" "$runs" &
  running=$((running + 1))
done
while ((running)); do wait -n || failed=1; running=$((running - 1)); done
exit $failed
