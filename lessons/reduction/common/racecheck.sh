#!/usr/bin/env bash
# Re-makes the racecheck reports the warp-level lessons' verdicts rest on: runs every form of every
# lesson that has forms once under compute-sanitizer's racecheck and keeps each whole report where
# the lesson reads it, LESSON/recorded/racecheck/FORM.log:
#   lessons/reduction/common/racecheck.sh [BUILD_DIR]
# A lesson has forms when it answers --list-forms; `LESSON --form FORM` launches that one form
# once. Each report opens with the sources the lesson was built from (`LESSON --list-sources`:
# every lessons/ file its main.cu compiles from, with its hash), so the lesson and the tests can
# tell a report of other sources; a lesson built from other sources than today's files is refused
# (rebuild it first). COMPUTE_SANITIZER names the program (default: compute-sanitizer on the PATH,
# else beside nvcc, else in /usr/local/cuda/bin). Prints each report's summary line. Exit 0 when
# every report ends with racecheck's summary, 1 when one does not (the tool did not finish) or a
# build is out of date, 2 usage.
set -uo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=${1:-build}
index="$build/lesson-index.txt"
hasher="$build/bin/gridlock-sources"
[ -f "$index" ] || { echo "no $index: configure and build first (cmake --preset ...)" >&2; exit 2; }
[ -x "$hasher" ] || { echo "no $hasher: build first (cmake --build $build)" >&2; exit 2; }
sanitizer=${COMPUTE_SANITIZER:-}
if [ -z "$sanitizer" ]; then
  nvcc_dir=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
  for candidate in "$(command -v compute-sanitizer 2>/dev/null)" "$nvcc_dir/compute-sanitizer" \
                   /usr/local/cuda/bin/compute-sanitizer; do
    [ -n "$candidate" ] && [ -x "$candidate" ] && { sanitizer=$candidate; break; }
  done
fi
[ -n "$sanitizer" ] || { echo "compute-sanitizer not found: set COMPUTE_SANITIZER" >&2; exit 2; }

status=0
while IFS=$'\t' read -r id _ dir _; do
  exe="$build/bin/$id"
  [ -x "$exe" ] || continue
  forms=$("$exe" --list-forms 2>/dev/null) || continue
  # The sources this build says it was compiled from, and the same files as they are today.
  built=$("$exe" --list-sources) || { echo "$id: --list-sources failed" >&2; status=1; continue; }
  mapfile -t files < <(sed -n 's/^gridlock source: [^ ]* //p' <<<"$built")
  today=$("$hasher" --root "$root" "${files[@]}")
  if [ "$built" != "$today" ]; then
    echo "$id: built from other sources than today's files: rebuild it (cmake --build $build --target $id)" >&2
    diff <(echo "$built") <(echo "$today") | sed -n 's/^> gridlock source: [^ ]* /  changed since: /p' >&2
    status=1
    continue
  fi
  mkdir -p "$dir/recorded/racecheck"
  for form in $forms; do
    log="$dir/recorded/racecheck/$form.log"
    {
      echo "\$ compute-sanitizer --tool racecheck $id --form $form"
      "$sanitizer" --version | grep -i version | head -1
      echo "$built"
      "$sanitizer" --tool racecheck "$exe" --form "$form" 2>&1
    } > "$log"
    summary=$(grep -o "RACECHECK SUMMARY.*" "$log") || { summary="no RACECHECK SUMMARY: see $log"; status=1; }
    printf '%-38s %-20s %s\n' "$id" "$form" "$summary"
  done
done < "$index"
exit $status
