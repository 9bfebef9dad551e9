#!/usr/bin/env bash
# Compiler and linker launcher for build_times.sh: runs the command, then appends
# "<target> <cpu seconds>" to $TB_BUILD_TIMES (the target read from the object's CMakeFiles path).
out="" prev=""
for arg in "$@"; do
  [ "$prev" = "-o" ] && out=$arg
  prev=$arg
done
"$@"
status=$?
# CPU seconds (user + system) of the command, not wall time: other work on the machine does not count.
read -r user system < <(times | tail -1 | sed 's/m/ /g; s/s//g' | awk '{print $1*60+$2, $3*60+$4}')
case $out in
  *CMakeFiles/*.dir/*) target=${out##*CMakeFiles/}; target=${target%%.dir/*} ;;
  *) target=$(basename "$out") ;;
esac
echo "$target $(awk -v u="$user" -v s="$system" 'BEGIN {printf "%.2f", u + s}')" >>"$TB_BUILD_TIMES"
exit $status
