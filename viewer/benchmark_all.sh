#!/bin/sh
# Every case the viewer shows, timed against a baseline build in the same invocation: the gallery,
# every shipped trace in every view it offers (--list-views) and every comparison a lesson
# declares, at 1280x720, 200 frames of playback each (--bench-frames). Each case runs once per
# build, the two builds in turn; the ten cases slowest in this build (by median frame) run twice
# more in each. Writes the table of every case to OUT (Markdown) and prints the summary that
# viewer/README.md quotes.
#   benchmark_all.sh VIEWER BASELINE_VIEWER OUT.md [LESSON_INDEX]
# Run it on an otherwise idle machine, under xvfb-run or on a display. Targets: median frame
# <= 16.7 ms and 95th percentile <= 25 ms in every case, the gallery's first frame <= 300 ms.
set -e
here=$(dirname "$(realpath "$0")")
headless="$here/../tests/viewer/run_headless.sh"
viewer=$1 baseline=$2 out=$3 index=${4:-$here/../build/lesson-index.txt}
[ -x "$viewer" ] && [ -x "$baseline" ] && [ -n "$out" ] ||
  { echo "usage: benchmark_all.sh VIEWER BASELINE_VIEWER OUT.md [LESSON_INDEX]" >&2; exit 2; }
[ -f "$index" ] || { echo "benchmark_all.sh: no lesson index $index (build first)" >&2; exit 2; }
frames=${GRIDLOCK_BENCH_FRAMES:-200}  # fewer for a quick try of the script itself
tab=$(printf '\t')
cases=$(mktemp) results=$(mktemp)
trap 'rm -f "$cases" "$results"' EXIT

# The cases, one a line: NAME<TAB>VIEWER ARGUMENTS.
printf 'gallery\t\n' >"$cases"
# cut, not read: read collapses the empty compare column of a lesson that declares none.
while IFS= read -r line; do
  id=$(printf '%s\n' "$line" | cut -f1) folder=$(printf '%s\n' "$line" | cut -f3)
  pairs=$(printf '%s\n' "$line" | cut -f4)
  case $id in '#'* | '') continue ;; esac
  for trace in "$folder"/recorded/*.json; do
    [ -f "$trace" ] || continue
    for view in $("$viewer" --list-views "$trace" </dev/null); do
      printf '%s %s\t%s --view %s\n' "$(basename "$trace" .json)" "$view" "$trace" "$view" >>"$cases"
    done
  done
  echo "$pairs" | tr '|' '\n' | while IFS=, read -r a b; do
    [ -n "$a" ] && [ -n "$b" ] || continue
    printf 'compare %s %s\t--compare %s %s\n' "$(basename "$a" .json)" "$(basename "$b" .json)" \
      "$folder/recorded/$a" "$folder/recorded/$b" >>"$cases"
  done
done <"$index"

# One run: NAME<TAB>BUILD<TAB>first median p95 (ms).
measure() {
  name=$1 build=$2 program=$3 args=$4
  # shellcheck disable=SC2086 # the arguments are words without spaces
  "$headless" "$program" --bench-frames "$frames" --size 1280x720 $args 2>&1 | awk -v name="$name" -v build="$build" '
    /^first frame ms:/ { first = $4 }
    /^frame time ms:/ { for (i = 1; i <= NF; ++i) { if ($i == "median") median = $(i + 1); if ($i == "p95") p95 = $(i + 1) } }
    END { if (median == "") { print name "\t" build "\tfailed"; exit } print name "\t" build "\t" first " " median " " p95 }'
}

run_cases() {
  while IFS="$tab" read -r name args; do
    measure "$name" baseline "$baseline" "$args" >>"$results" </dev/null
    measure "$name" this "$viewer" "$args" >>"$results" </dev/null
  done
}

total=$(wc -l <"$cases")
echo "benchmark_all.sh: $total cases, $frames frames each" >&2
run_cases <"$cases"
# The ten slowest in this build, twice more.
slowest=$(awk -F "$tab" '$2 == "this" { split($3, m, " "); print m[2] "\t" $1 }' "$results" | sort -g -r | head -10 | cut -f2)
for round in 2 3; do
  echo "$slowest" | while read -r name; do grep -F "$name$tab" "$cases" | head -1; done | run_cases
done

# Per case and build, the runs' values; a case's value is the median of its runs.
awk -F "$tab" -v out="$out" '
  function med(list,   n, v, i, j, t) {
    n = split(list, v, ",")
    for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  {
    if (!($1 in seen)) { seen[$1] = 1; order[++cases] = $1 }
    if ($3 == "failed") { failed[$1, $2] = 1; next }
    split($3, m, " ")
    for (k = 1; k <= 3; ++k) vals[$1, $2, k] = vals[$1, $2, k] (vals[$1, $2, k] == "" ? "" : ",") m[k]
    runs[$1, $2]++
  }
  END {
    print "| case | runs | median frame (ms): baseline → this | 95th percentile (ms): baseline → this | first frame (ms): baseline → this |" > out
    print "|---|---|---|---|---|" > out
    met = 0; worst_median = 0; worst_p95 = 0
    for (c = 1; c <= cases; ++c) {
      name = order[c]
      if (failed[name, "this"] || failed[name, "baseline"]) { print "| " name " | failed |  |  |  |" > out; ++failures; continue }
      for (k = 1; k <= 3; ++k) { b[k] = med(vals[name, "baseline", k]); t[k] = med(vals[name, "this", k]) }
      printf "| %s | %d | %.1f → %.1f | %.1f → %.1f | %.0f → %.0f |\n", name, runs[name, "this"], b[2], t[2], b[3], t[3], b[1], t[1] > out
      ok = t[2] <= 16.7 && t[3] <= 25 && (name != "gallery" || t[1] <= 300)
      if (ok) ++met; else missed = missed "\n  " name sprintf(": median %.1f, p95 %.1f, first %.0f ms", t[2], t[3], t[1])
      if (t[2] > worst_median) { worst_median = t[2]; worst_median_case = name }
      if (t[3] > worst_p95) { worst_p95 = t[3]; worst_p95_case = name }
      if (name == "gallery") gallery = sprintf("gallery: first frame %.0f → %.0f ms, median frame %.1f → %.1f ms", b[1], t[1], b[2], t[2])
    }
    printf "%d of %d cases meet the targets", met, cases
    if (failures) printf " (%d failed to run)", failures
    printf "; slowest median %.1f ms (%s), slowest 95th percentile %.1f ms (%s)\n", worst_median, worst_median_case, worst_p95, worst_p95_case
    print gallery
    if (missed != "") print "missed:" missed
  }' "$results"
