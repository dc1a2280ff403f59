#!/bin/sh
# Renders the screenshots a lesson's README shows, as its screenshots/shots.txt lists them (one
# line each: a file name, then gridlock-viewer's options with paths from the lesson's folder):
#   lesson_screenshots.sh VIEWER LESSON_FOLDER...
# Each image is written to LESSON_FOLDER/screenshots/ at 1600x900, or at the line's own --size.
# Fails on the first error.
set -e
viewer=$(realpath "$1")
shift
here=$(dirname "$(realpath "$0")")
headless="$here/../tests/viewer/run_headless.sh"
for folder in "$@"; do
  grep -v '^#' "$folder/screenshots/shots.txt" | while read -r name options; do
    [ -n "$name" ] || continue
    size="--size 1600x900"
    case " $options " in *" --size "*) size="" ;; esac
    # shellcheck disable=SC2086 # the options are words
    (cd "$folder" && "$headless" "$viewer" --screenshot "screenshots/$name" $size $options)
  done
done
