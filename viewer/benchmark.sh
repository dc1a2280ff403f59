#!/bin/sh
# The viewer's benchmark as viewer/README.md reports it: the largest shipped trace and the lockstep
# model's trace, each in the view it opens on and in the timeline, at 1280x720, 600 frames of
# playback, two runs each; with a second viewer (a baseline build), the two take turns, run by
# run, so that both see the same machine. Prints a Markdown table of what --bench-frames printed.
#   benchmark.sh VIEWER [BASELINE_VIEWER]
# Run it on an otherwise idle machine, under xvfb-run or on a display.
set -e
here=$(dirname "$(realpath "$0")")
lessons="$here/../lessons"
headless="$here/../tests/viewer/run_headless.sh"
viewer=$1 baseline=${2:-}
[ -x "$viewer" ] || { echo "benchmark.sh: give the gridlock-viewer to measure" >&2; exit 2; }
barrier="$lessons/interblock/grid-barrier/recorded/grid-barrier.classroom.json"
lockstep="$lessons/locks/deadlock-lock/recorded/deadlock-lock.lockstep-inside-the-loop.json"
frames=${GRIDLOCK_BENCH_FRAMES:-600}  # fewer for a quick try of the script itself
results=$(mktemp)
trap 'rm -f "$results"' EXIT

# One run: "case build load first median p95 vertices memory" on one line.
measure() {
  name=$1 build=$2 program=$3
  shift 3
  "$headless" "$program" --bench-frames "$frames" --size 1280x720 "$@" 2>&1 | awk -v name="$name" -v build="$build" '
    /^load ms:/ { load = $3 }
    /^first frame ms:/ { first = $4 }
    /^frame time ms:/ { for (i = 1; i <= NF; ++i) { if ($i == "median") median = $(i + 1); if ($i == "p95") p95 = $(i + 1) } }
    /^last frame:/ { vertices = $3 }
    /^memory MiB:/ { memory = $4 }
    END { if (median == "") exit 1; print name, build, load, first, median, p95, vertices, memory }'
}

for run in 1 2; do
  for case in barrier-view barrier-timeline lockstep-view lockstep-timeline; do
    case $case in
      barrier-view) set -- "$barrier" ;;
      barrier-timeline) set -- "$barrier" --view timeline ;;
      lockstep-view) set -- "$lockstep" ;;
      lockstep-timeline) set -- "$lockstep" --view timeline ;;
    esac
    [ -z "$baseline" ] || measure "$case" baseline "$baseline" "$@" >>"$results"
    measure "$case" this "$viewer" "$@" >>"$results"
  done
done

# The table: a row per measure, a column per case, each cell the runs of each build.
awk -v with_baseline="${baseline:+1}" '
  { key = $1 SUBSEP $2; for (m = 3; m <= 8; ++m) cell[key, m] = cell[key, m] (cell[key, m] == "" ? "" : ", ") $m }
  END {
    split("barrier-view barrier-timeline lockstep-view lockstep-timeline", cases, " ")
    split("||load (ms)|first frame (ms)|median frame (ms)|95th percentile (ms)|vertices, last frame|resident memory (MiB)", names, "|")
    header = "| measure |"; rule = "|---|"
    for (c = 1; c <= 4; ++c) { header = header " " cases[c] " |"; rule = rule "---|" }
    print header; print rule
    for (m = 3; m <= 8; ++m) {
      line = "| " names[m] " |"
      for (c = 1; c <= 4; ++c) {
        now = cell[cases[c] SUBSEP "this", m]
        line = line " " (with_baseline ? cell[cases[c] SUBSEP "baseline", m] " → " now : now) " |"
      }
      print line
    }
  }' "$results"
