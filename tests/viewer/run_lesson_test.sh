#!/bin/sh
# Run on this GPU, end to end under a display, with the stand-in lesson (stand_in_lesson.sh.in):
#   run_lesson_test.sh CASE VIEWER PNG_CHECK STAND_IN_FOLDER FIXTURE_TRACE OUT_FOLDER
# CASE: compare (values to command line, progress, the new trace compared with the recorded one),
# cancel, no-gpu (exit 77: the message, no comparison) or no-executable.
set -u
case_name=$1 viewer=$2 png_check=$3 bin=$4 fixture=$5 out=$6
here=$(dirname "$0")
mkdir -p "$out"
log="$out/run-$case_name.log"
shot="$out/run-$case_name.png"
trace=$fixture
export TMPDIR="$out/tmp-$case_name"
mkdir -p "$TMPDIR"
set -- --screenshot "$shot" --size 1280x720 --run-lesson --lesson-bin "$bin" --set n=64 --set variant=fast
case $case_name in
  cancel) set -- "$@" --cancel-after-lines 3 ;;
  no-gpu) export STAND_IN_NO_GPU=1 ;;
  no-executable)
    trace="$out/absent-lesson.json"
    sed 's/"program": *"viewer_fixture_trace"/"program": "absent-lesson"/' "$fixture" >"$trace" ;;
esac
"$here/run_headless.sh" "$viewer" "$@" "$trace" >"$log" 2>&1
rc=$?
cat "$log"
fail() {
  echo "run_lesson_test.sh $case_name: $*" >&2
  exit 1
}
expect() { grep -Eq -- "$1" "$log" || fail "no line matches: $1"; }
refuse() { ! grep -Eq -- "$1" "$log" || fail "a line matches: $1"; }
[ "$rc" -eq 0 ] || fail "the viewer exited with $rc"
"$png_check" --size 1280x720 --min-colours 64 "$shot" || fail "bad screenshot"
case $case_name in
  compare)
    # n and variant come from --set, block and seed from the recorded trace, grid runs depth from
    # the stand-in's --describe-options.
    expect "run command: $bin/viewer_fixture_trace --n 64 --block 1024 --grid 1 --seed 7 --runs 20 --depth 3 --variant fast --trace $TMPDIR/gridlock-runs/viewer_fixture_trace\.fast-[0-9]{8}-[0-9]{6}\.json$"
    expect "run output: args: --n 64 --block 1024 --grid 1 --seed 7 --runs 20 --depth 3 --variant fast --trace "
    for k in 1 2 3 4 5; do expect "run output: progress $k/5"; done
    expect "run ended: done \(exit 0\)"
    expect "comparing $trace with $TMPDIR/gridlock-runs/viewer_fixture_trace\.fast-.*\.json"
    ls "$TMPDIR"/gridlock-runs/viewer_fixture_trace.fast-*.json >/dev/null || fail "no new trace" ;;
  cancel)
    expect "run output: progress 2/5"
    refuse "progress 5/5"
    expect "run ended: cancelled"
    refuse "comparing" ;;
  no-gpu)
    expect "run ended: no usable GPU: .*no usable CUDA device .*\(exit 77\)"
    refuse "comparing" ;;
  no-executable)
    expect "run unavailable: no executable absent-lesson found"
    refuse "run command" ;;
esac
echo "run_lesson_test.sh $case_name: ok"
