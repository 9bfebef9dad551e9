#!/usr/bin/env bash
# Compiler and linker launcher for build_times.sh: runs the command under /usr/bin/time (package
# time), then appends "<target> <cpu seconds>" to $TB_BUILD_TIMES, the target read from the
# object's CMakeFiles path. CPU seconds (user + system, the compiler's own processes included),
# not wall time: other work on the machine does not count.
out="" prev=""
for arg in "$@"; do
  [ "$prev" = "-o" ] && out=$arg
  prev=$arg
done
cpu=$(mktemp)
/usr/bin/time -q -f "%U %S" -o "$cpu" "$@"
status=$?
case $out in
  *CMakeFiles/*.dir/*) target=${out##*CMakeFiles/}; target=${target%%.dir/*} ;;
  *) target=$(basename "$out") ;;
esac
echo "$target $(awk '{printf "%.2f", $1 + $2}' "$cpu")" >>"$TB_BUILD_TIMES"
rm -f "$cpu"
exit $status
