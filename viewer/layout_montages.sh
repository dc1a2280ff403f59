#!/usr/bin/env bash
# The montages in viewer/README.md: every lesson's first card in its first view, in the picture
# mode, at 1280x720 x1.5 and at 1920x1080 x2, each size tiled into one image. The frames come
# from the layout test (tests/viewer/layout_test.sh), which also checks them; the table of rows in
# viewer/README.md comes from the same run.
#   viewer/layout_montages.sh [BUILD_DIR]   (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
frames=$(mktemp -d)
trap 'rm -rf "$frames"' EXIT
tests/viewer/layout_test.sh "$build/bin/gridlock-viewer" "$build/lesson-index.txt" "$frames" | tail -1
# The table of rows in viewer/README.md, from the same run.
awk -v rows="$frames/rows.md" '/^<!-- rows -->$/ {print; if (!inside) {print "| row | lesson, view | at 1920×1080 ×1 | at ×2 | grows |"; print "|---|---|---|---|---|"; while ((getline line < rows) > 0) print line}; inside = !inside; next}
  !inside {print}' viewer/README.md >"$frames/README.md" && cp "$frames/README.md" viewer/README.md
for s in "1280x720x1.5:layout-720p-x1.5" "1920x1080x2:layout-1080p-x2"; do
  size=${s%%:*} name=${s#*:}
  tiles=()
  while IFS=$'\t' read -r id _ folder _; do
    [ -z "$id" ] || [[ $id == \#* ]] && continue
    card=$folder/recorded/$id.classroom.json
    [ -f "$card" ] || card=$(ls "$folder"/recorded/*.json | sort | head -1)
    view=$("$build/bin/gridlock-viewer" --list-views "$card" | head -1)
    [ -f "$frames/$id.$view.$size.png" ] && tiles+=("$frames/$id.$view.$size.png")
  done <"$build/lesson-index.txt"
  "$build/bin/viewer_montage" "viewer/screenshots/$name.png" 4 480 "${tiles[@]}"
  echo "viewer/screenshots/$name.png: ${#tiles[@]} lessons"
done
