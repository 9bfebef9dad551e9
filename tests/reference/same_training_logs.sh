#!/bin/sh
# A refactoring of training changes no number: each reference configuration (training/ and
# configurations/) trained 30 steps by two builds, the training logs compared byte for byte.
#   tests/reference/same_training_logs.sh BEFORE_BINARY AFTER_BINARY   (about 5 s for both)
# Prints one line per configuration that differs and exits 1 if any does.
set -eu
before=$1 after=$2
here=$(cd "$(dirname "$0")" && pwd)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
status=0 count=0
for script in "$here"/training/*.txt "$here"/configurations/*.txt; do
  name=$(basename "$(dirname "$script")")_$(basename "$script" .txt)
  for side in before after; do
    eval binary=\$$side
    "$binary" --headless --script "$script" --run "/entrainer 30; /exporter entrainement $logs/$name.$side.json" \
      >/dev/null
  done
  count=$((count + 1))
  cmp -s "$logs/$name.before.json" "$logs/$name.after.json" || { echo "differs: $name"; status=1; }
done
[ $status -eq 0 ] && echo "$count training logs identical"
exit $status
