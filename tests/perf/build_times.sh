#!/usr/bin/env bash
# CPU seconds spent compiling and linking each target, for docs/ci.md: a fresh build folder whose
# compiler and linker calls go through timed_tool.sh. Never a test. Usage (from the project root):
#   bash tests/perf/build_times.sh <build-dir> [cmake options...] [-- targets...]
# e.g. bash tests/perf/build_times.sh /tmp/bt-release
#      bash tests/perf/build_times.sh /tmp/bt-fuzz --preset fuzz -- $(cat .ci/fuzz_targets)
set -euo pipefail
dir=$1; shift
configure=() targets=()
while (($#)) && [ "$1" != "--" ]; do configure+=("$1"); shift; done
(($#)) && shift && targets=("$@")
tool=$(realpath "$(dirname "$0")/timed_tool.sh")
export TB_BUILD_TIMES=$dir/build_times.txt
rm -rf "$dir"
cmake -S . -B "$dir" "${configure[@]}" -DCMAKE_CXX_COMPILER_LAUNCHER="$tool" -DCMAKE_C_COMPILER_LAUNCHER="$tool" \
  -DCMAKE_CXX_LINKER_LAUNCHER="$tool" -DCMAKE_C_LINKER_LAUNCHER="$tool" >/dev/null
: >"$TB_BUILD_TIMES"
start=$(date +%s)
cmake --build "$dir" -j2 ${targets:+--target "${targets[@]}"} >/dev/null
echo "wall $(( $(date +%s) - start )) s"
awk '{cpu[$1] += $2; total += $2} END {for (t in cpu) printf "%8.1f  %s\n", cpu[t], t; printf "%8.1f  total CPU s\n", total}' \
  "$TB_BUILD_TIMES" | sort -rn
