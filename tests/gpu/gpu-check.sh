#!/usr/bin/env bash
# The GPU half of the test suite, for a GPU machine that builds only the lessons:
#   tests/gpu/gpu-check.sh [--deps FOLDER] [--record] [--new-lesson] [--out FOLDER]
# Configures the lessons-only preset, builds, and runs every gpu-labelled test (each lesson and
# the GPU tests of the recorder). --deps unpacks the .deb files in FOLDER (nlohmann-json, CLI11,
# GoogleTest) into a private prefix, for a machine without Debian's packages. --record re-records
# every shipped trace (lessons/record-all.sh). --new-lesson also builds and runs, on this GPU, a
# lesson freshly made by lessons/new-lesson.sh in a scratch copy. Logs go to --out (default
# gpu-check/).
set -uo pipefail
cd "$(dirname "$0")/../.."
deps="" record=0 new_lesson=0 out=gpu-check
while [ $# -gt 0 ]; do
  case $1 in
    --deps) deps=$2; shift 2 ;;
    --record) record=1; shift ;;
    --new-lesson) new_lesson=1; shift ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: $0 [--deps FOLDER] [--record] [--new-lesson] [--out FOLDER]" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
prefix_args=()
if [ -n "$deps" ]; then
  prefix=$(mktemp -d)
  for f in "$deps"/*.deb; do dpkg -x "$f" "$prefix"; done
  prefix_args=(-DCMAKE_PREFIX_PATH="$prefix/usr")
fi
status=0
cmake --preset lessons-only "${prefix_args[@]}" > "$out/configure.log" 2>&1 || { cat "$out/configure.log"; exit 1; }
cmake --build build > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
ctest --test-dir build -L gpu --output-on-failure 2>&1 | tee "$out/ctest-gpu.log" || status=1

if [ $record -eq 1 ]; then
  lessons/record-all.sh build > "$out/record.log" 2>&1 || status=1
  build/bin/gridlock-trace-check lessons/*/*/recorded/*.json 2>&1 | tee "$out/trace-check.log" || status=1
fi

if [ $new_lesson -eq 1 ]; then
  scratch=$(mktemp -d)
  tar --exclude=./build --exclude="./$out" -cf - . | tar -C "$scratch" -xf -
  ( cd "$scratch" && lessons/new-lesson.sh locks scratch-lesson X1 "A lesson made from the templates" &&
    cmake --preset lessons-only "${prefix_args[@]}" > /dev/null &&
    cmake --build build --target scratch-lesson > /dev/null &&
    ctest --test-dir build -R "lesson.scratch-lesson" --output-on-failure ) 2>&1 | tee "$out/new-lesson.log" || status=1
fi
exit $status
