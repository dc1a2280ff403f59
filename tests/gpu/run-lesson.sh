#!/usr/bin/env bash
# One lesson as a test: run it (exit 77, no usable GPU, passes through as "skipped"), then the
# trace it wrote must load and validate.
#   run-lesson.sh LESSON_EXE TRACE_CHECK_EXE TRACE_PATH [lesson options...]
set -u
lesson=$1 check=$2 trace=$3
shift 3
rm -f "$trace"
"$lesson" --trace "$trace" "$@"
rc=$?
[ "$rc" -eq 0 ] || exit "$rc"
"$check" "$trace"
