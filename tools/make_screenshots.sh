#!/usr/bin/env bash
# The pictures of README.md and docs/ (docs/img/*.png), made by the program itself: each one a
# --screenshot of the built program under Xvfb at 1600x900 after a few commands, in a configuration
# folder of its own (never the user's last session). Run it after changing the picture:
#   bash tools/make_screenshots.sh [path/to/transformer-bloc]
# Needs xvfb-run (Debian's xvfb, which .ci/setup installs). ImageMagick's convert, when present, keeps
# each file small: 256 colours without dithering (about 170 KB instead of 550 KB), no date chunks.
set -euo pipefail
cd "$(dirname "$0")/.."
program=${1:-build/app/transformer-bloc}
size=1600x900
out=${TB_SCREENSHOTS_DIR:-docs/img}
[[ -x $program ]] || { echo "make_screenshots: $program not found: build it first (README)" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "make_screenshots: xvfb-run not found (apt install xvfb xauth)" >&2; exit 2; }
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
mkdir -p "$out"
command -v convert >/dev/null ||
    echo "make_screenshots: ImageMagick's convert not found: the files stay about 550 KB (apt install imagemagick)" >&2

shot() {  # name commands: the window after the commands (and their animation), as docs/img/name.png
    local run=()
    [[ -n $2 ]] && run=(--run "$2")
    XDG_CONFIG_HOME=$config xvfb-run -a -s "-screen 0 ${size}x24" \
        "$program" --size "$size" "${run[@]}" --screenshot "$out/$1.png"
    if command -v convert >/dev/null; then
        convert "$out/$1.png" -strip -dither None -colors 256 "PNG8:$out/$1.png"
    fi
    echo "$out/$1.png: $(stat -c %s "$out/$1.png") bytes"
}

shot start ""                                                 # the start-up state: README, docs/picture.md
shot collapse "/couches 6; /residuel off"                     # docs/picture.md: the grid at 1,00
shot story "/couches 6; /lecture 2,5"                         # mid-sublayer: attention's arrows
shot llama "/comparer on; /recette 2017; /b /recette llama"   # seed 002's block, A | B
shot lens "/couches 6; /panneau lentille"                     # a panel: the logit lens
# docs/picture.md: word 2 of a generation climbing alone, the caches beside the attention boxes (the
# test hook pins the story's beat: scene/decode.h).
TRANSFORMER_BLOC_TEST_ACTIONS="beat 12.3" shot generation \
    "/masque causal; /corpus grammaire; /couches 2; /tetes 4 2; /entrainer 300; /phrase le chat; /generer 3"
