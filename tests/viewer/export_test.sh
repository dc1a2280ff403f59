#!/bin/sh
# The viewer's exports from the command line, checked:
#   export_test.sh VIEWER PNG_CHECK GIF_CHECK TRACE STEPS OUT_FOLDER
# STEPS is the trace's step count. Every step as numbered PNG frames (count, size, first != last),
# a range of steps (--steps 1:3 makes three frames), and the GIF (decodes, frame count, size,
# first != last). A video where ffmpeg is on the PATH.
set -u
viewer=$1 png_check=$2 gif_check=$3 trace=$4 steps=$5 out=$6
here=$(dirname "$0")
size=960x540
fail() {
  echo "export_test.sh: $*" >&2
  exit 1
}
rm -rf "$out" && mkdir -p "$out"
"$here/run_headless.sh" "$viewer" --size $size --export-frames "$out/frames" "$trace" || fail "frames export failed"
count=$(ls "$out/frames"/frame-*.png | wc -l)
[ "$count" -eq "$steps" ] || fail "$count frames, expected $steps"
first="$out/frames/frame-00000.png"
last=$(ls "$out/frames"/frame-*.png | tail -n 1)
"$png_check" --size $size --min-colours 64 "$first" "$last" --differ || fail "frames: bad first or last"
"$here/run_headless.sh" "$viewer" --size $size --steps 1:3 --export-frames "$out/range" "$trace" || fail "range"
[ "$(ls "$out/range"/frame-*.png | wc -l)" -eq 3 ] || fail "--steps 1:3 did not make 3 frames"
"$here/run_headless.sh" "$viewer" --size $size --export-gif "$out/anim.gif" "$trace" || fail "GIF export failed"
"$gif_check" "$out/anim.gif" --frames "$steps" --size $size || fail "bad GIF"
if command -v ffmpeg >/dev/null 2>&1; then
  "$here/run_headless.sh" "$viewer" --size $size --export-video "$out/anim.mp4" "$trace" || fail "video"
  [ -s "$out/anim.mp4" ] || fail "empty video"
else
  echo "export_test.sh: ffmpeg is not on the PATH; video export not tested"
fi
echo "export_test.sh: ok ($steps frames)"
