#!/usr/bin/env bash
# Presentation that enlarges the data: every view of every lesson's first card, in the picture mode
# (P), at a projector's 1280x720 x1.5 and at 1920x1080 x2, and every comparison the lessons declare
# (its first view) at the same sizes. Each frame's layout report (--layout-report) must show no two
# labels printing over each other, no text under 12 px, and the data canvas on at least 70% of the
# window. The data must grow with the scale, not only the chrome: every kind of data row a view
# reports ("row" lines: a tree's level, a chart's row, a lock's lane) is at least 1.8 times as high
# at 1920x1080 x2 as at 1920x1080 x1, and every view reports at least one (or "none": a histogram,
# whose bars fill the chart). Prints one line per case; exits 1 when any fails.
# OUT_DIR/rows.md gets, for each kind of row, the case that grows least; with README, the test also
# fails where README's table (between "<!-- rows -->" lines) is not that table.
# Usage: layout_test.sh VIEWER LESSON_INDEX OUT_DIR [README]
set -uo pipefail
viewer=$1 index=$2 out=$3 readme=${4:-}
mkdir -p "$out"
failures=0 cases=0
sizes=("1280x720 1.5" "1920x1080 2")
# check NAME ARGS...: shoots, reads the report, prints the verdict.
check() {
  local name=$1 size=$2 scale=$3
  shift 3
  local report=$out/$name.txt
  cases=$((cases + 1))
  if ! "$viewer" --picture --size "$size" --scale "$scale" --screenshot "$out/$name.png" --layout-report "$report" \
    "$@" >/dev/null 2>"$out/$name.err"; then
    echo "FAIL $name: the viewer failed: $(head -c 300 "$out/$name.err")"
    failures=$((failures + 1))
    return
  fi
  local problems=""
  local overlaps smallest canvas
  overlaps=$(grep -c '^overlap' "$report")
  smallest=$(awk -F'\t' '$1 == "smallest" {print $2}' "$report")
  canvas=$(awk -F'\t' '$1 == "canvas" {print $2}' "$report")
  [ "$overlaps" -eq 0 ] || problems+=" $overlaps overlapping labels ($(grep '^overlap' "$report" | head -2 | cut -f2,3 | tr '\t\n' '/;'))"
  awk -v s="$smallest" 'BEGIN {exit !(s < 12)}' && problems+=" text at ${smallest} px ($(awk -F'\t' '$1 == "smallest" {print $3}' "$report"))"
  awk -v c="$canvas" 'BEGIN {exit !(c < 0.70)}' && problems+=" canvas ${canvas} of the window"
  [ "$(grep -c '^row' "$report")" -gt 0 ] || problems+=" no data row reported"
  if [ -n "$problems" ]; then
    echo "FAIL $name:$problems"
    failures=$((failures + 1))
  else
    echo "ok   $name: canvas $canvas, smallest ${smallest} px"
  fi
}
# grows NAME ARGS...: the rows of NAME's 1920x1080 x2 report against the same view at x1.
grows() {
  local name=$1
  shift
  local one=$out/$name.1920x1080x1.txt two=$out/$name.1920x1080x2.txt
  cases=$((cases + 1))
  if ! "$viewer" --picture --size 1920x1080 --scale 1 --screenshot "$out/$name.1920x1080x1.png" \
    --layout-report "$one" "$@" >/dev/null 2>"$out/$name.1920x1080x1.err"; then
    echo "FAIL $name.grows: the viewer failed at x1: $(head -c 300 "$out/$name.1920x1080x1.err")"
    failures=$((failures + 1))
    return
  fi
  local verdict
  verdict=$(awk -F'\t' 'FNR == NR && $1 == "row" {one[$2] = $3; next}
    $1 == "row" && $2 == "none" {seen = 1; next}
    $1 == "row" {seen = 1; if (!($2 in one)) {bad = bad " " $2 " at x2 only"; next}
                 r = $3 / one[$2]; line = line sprintf(" %s %.1f -> %.1f px (%.2fx)", $2, one[$2], $3, r)
                 if (r < 1.8) bad = bad sprintf(" %s %.1f -> %.1f px (%.2fx < 1.8)", $2, one[$2], $3, r)}
    END {if (!seen) bad = bad " no rows at x2"; print (bad == "" ? "ok" line : "FAIL" bad)}' "$one" "$two")
  awk -F'\t' -v name="$name" 'FNR == NR && $1 == "row" {one[$2] = $3; next}
    $1 == "row" && ($2 in one) && one[$2] > 0 {printf "%s\t%.3f\t%s\t%.1f\t%.1f\n", $2, $3 / one[$2], name, one[$2], $3}' \
    "$one" "$two" >>"$out/rows.tsv"
  if [[ $verdict == ok* ]]; then
    echo "ok   $name.grows:${verdict#ok}"
  else
    echo "FAIL $name.grows:${verdict#FAIL}"
    failures=$((failures + 1))
  fi
}
base=$(dirname "$index")
: >"$out/rows.tsv"
# cut, not read: read collapses the empty compare column of a lesson that declares none.
while IFS= read -r line; do
  id=$(cut -f1 <<<"$line") folder=$(cut -f3 <<<"$line") pairs=$(cut -f4 <<<"$line")
  [ -z "$id" ] || [[ $id == \#* ]] && continue
  [[ $folder == /* ]] || folder=$base/$folder
  card=$folder/recorded/$id.classroom.json
  [ -f "$card" ] || card=$(ls "$folder"/recorded/*.json 2>/dev/null | sort | head -1)
  [ -n "$card" ] || continue
  for view in $("$viewer" --list-views "$card"); do
    for s in "${sizes[@]}"; do
      read -r size scale <<<"$s"
      check "$id.$view.${size}x$scale" "$size" "$scale" --view "$view" "$card"
    done
    grows "$id.$view" --view "$view" "$card"
  done
  if [ -n "${pairs:-}" ]; then
    pair=${pairs%%|*}
    a=$folder/recorded/${pair%%,*} b=$folder/recorded/${pair#*,}
    for s in "${sizes[@]}"; do
      read -r size scale <<<"$s"
      check "$id.compare.${size}x$scale" "$size" "$scale" --compare "$a" "$b"
    done
    grows "$id.compare" --compare "$a" "$b"
  fi
done <"$index"
# The case that grows least, per kind of row: the table viewer/README.md quotes.
sort -t$'\t' -k1,1 -k2,2n "$out/rows.tsv" | awk -F'\t' '!seen[$1]++ {
  name = $3; sub(/\./, " ", name)
  printf "| %s | %s | %.1f px | %.1f px | %.2f\xC3\x97 |\n", $1, name, $4, $5, $2}' >"$out/rows.md"
if [ -n "$readme" ]; then
  if ! diff <(sed -n '/^<!-- rows -->$/,/^<!-- rows -->$/p' "$readme" | grep '^| ' | tail -n +2) "$out/rows.md" >"$out/rows.diff"; then
    echo "FAIL $readme: its table of rows is not this run's (viewer/layout_montages.sh writes it):"
    cat "$out/rows.diff"
    failures=$((failures + 1))
  fi
fi
echo "layout: $((cases - failures)) of $cases cases pass"
[ "$failures" -eq 0 ]
