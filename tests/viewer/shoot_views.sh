#!/bin/sh
# Renders every view the viewer's registry applies to a trace (gridlock-viewer --list-views),
# headless with --screenshot --view NAME at the trace's last step, and checks the images:
#   shoot_views.sh VIEWER PNG_CHECK SIZE OUT_PREFIX TRACE
# writes OUT_PREFIX.NAME.png for each view; fails when no view applies, when a screenshot fails,
# or when viewer_png_check refuses the images (two views must not look alike).
set -e
viewer=$1 check=$2 size=$3 out=$4 trace=$5
here=$(dirname "$0")
views=$("$viewer" --list-views "$trace")
if [ -z "$views" ]; then
  echo "shoot_views.sh: no view applies to $trace" >&2
  exit 1
fi
shots=""
for view in $views; do
  "$here/run_headless.sh" "$viewer" --screenshot "$out.$view.png" --view "$view" --step -1 --size "$size" "$trace"
  shots="$shots $out.$view.png"
done
# shellcheck disable=SC2086 # one argument per screenshot
"$check" --size "$size" --min-colours 200 $shots --differ
