#!/usr/bin/env bash
# Every Explore challenge is solved by a key script replayed through the viewer's key handler,
# headless, ending on the goal's banner, with the lesson's recorded claims beside the model and,
# at the start, the kernel's lines lit where the threads are; the
# same script after T (the corrected kernel) does not reach the goal. The solved screen, at 1280x720 and at a presenter's 1280x720 x1.5, has no labels
# over each other and no text under 12 px.
#   explore_challenges_test.sh VIEWER EXPLORE OUT_DIR
set -u
viewer=$1 explore=$2 out=$3
here=$(dirname "$0")
rm -rf "$out" && mkdir -p "$out"
failed=0 count=0
while IFS=$'\t' read -r n lesson title; do
  count=$((count + 1))
  shot() {  # shot NAME KEYS...: a screenshot and its layout report after the keys
    local name=$1
    shift
    "$here/run_headless.sh" "$viewer" --challenge "$n" "$@" --solved --size 1280x720 \
      --screenshot "$out/$name.png" --layout-report "$out/$name.txt" >"$out/$name.log" 2>&1
  }
  legible() {  # legible NAME: no overlapping labels, no text under 12 px
    local overlaps smallest
    overlaps=$(grep -c '^overlap' "$out/$1.txt")
    smallest=$(awk -F'\t' '$1 == "smallest" {print $2}' "$out/$1.txt")
    [ "$overlaps" -eq 0 ] || { echo "FAIL: $1: $overlaps labels over each other"; failed=1; }
    awk -v s="$smallest" 'BEGIN {exit !(s < 12)}' && { echo "FAIL: $1: text at $smallest px"; failed=1; }
  }
  if ! shot "$n-solved"; then
    echo "FAIL: challenge $n ($title): the viewer failed:"; cat "$out/$n-solved.log"; failed=1; continue
  fi
  legible "$n-solved"
  shot "$n-solved-x1.5" --scale 1.5 && legible "$n-solved-x1.5"
  grep -q "^shown	What the recording says ($lesson)" "$out/$n-solved.txt" &&
    grep -q "^shown	.*\.json, " "$out/$n-solved.txt" ||
    { echo "FAIL: challenge $n: no recorded trace of $lesson beside the model"; failed=1; }
  if grep -q "^shown	Challenge solved: " "$out/$n-solved.txt"; then
    echo "challenge $n ($lesson, $title): solved by $("$explore" --solve "$n")"
  else
    echo "FAIL: challenge $n ($title): its solution keys did not reach the goal"; failed=1
  fi
  # At the start, the kernel's lines where the threads are, lit, from the recording's copy.
  "$here/run_headless.sh" "$viewer" --challenge "$n" --size 1280x720 --screenshot "$out/$n-start.png" \
    --layout-report "$out/$n-start.txt" >"$out/$n-start.log" 2>&1 &&
    grep -q "^shown	\(block\|thread\)s\? [0-9, ]* →" "$out/$n-start.txt" &&
    grep -q "^shown	The model's rules" "$out/$n-start.txt" ||
    { echo "FAIL: challenge $n: no line of the kernel lit where its threads are, or no rules to open"; failed=1; }
  shot "$n-corrected" --keys T || { echo "FAIL: challenge $n: the viewer failed on the corrected kernel"; failed=1; }
  if grep -q "^shown	Challenge solved: " "$out/$n-corrected.txt"; then
    echo "FAIL: challenge $n ($title): the same keys solve it on the corrected kernel too"; failed=1
  else
    echo "  the same keys on $(grep -o 'Explore: [a-z-]*' "$out/$n-corrected.txt" | head -1 | cut -c10-): goal not reached"
  fi
done < <("$explore" --challenges)
[ "$count" -gt 0 ] || { echo "FAIL: no challenge listed"; exit 1; }
exit $failed
