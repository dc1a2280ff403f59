#!/usr/bin/env bash
# Presentation that enlarges the data: every view of every lesson's first card, in the picture mode
# (P), at a projector's 1280x720 x1.5 and at 1920x1080 x2, and every comparison the lessons declare
# (its first view) at the same sizes. Each frame's layout report (--layout-report) must show no two
# labels printing over each other, no text under 12 px, and the data canvas on at least 70% of the
# window. Prints one line per case; exits 1 when any fails.
# Usage: layout_test.sh VIEWER LESSON_INDEX OUT_DIR
set -uo pipefail
viewer=$1 index=$2 out=$3
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
  if [ -n "$problems" ]; then
    echo "FAIL $name:$problems"
    failures=$((failures + 1))
  else
    echo "ok   $name: canvas $canvas, smallest ${smallest} px"
  fi
}
base=$(dirname "$index")
while IFS=$'\t' read -r id _ folder pairs; do
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
  done
  if [ -n "${pairs:-}" ]; then
    pair=${pairs%%|*}
    a=$folder/recorded/${pair%%,*} b=$folder/recorded/${pair#*,}
    for s in "${sizes[@]}"; do
      read -r size scale <<<"$s"
      check "$id.compare.${size}x$scale" "$size" "$scale" --compare "$a" "$b"
    done
  fi
done <"$index"
echo "layout: $((cases - failures)) of $cases cases pass"
[ "$failures" -eq 0 ]
