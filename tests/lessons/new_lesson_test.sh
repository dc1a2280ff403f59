#!/usr/bin/env bash
# lessons/new-lesson.sh on a scratch copy of the lesson order and templates: it creates a complete
# lesson folder, adds it to the order, refuses bad or repeated names, and the README it writes
# fails the README check until it is written.
#   new_lesson_test.sh SOURCE_DIR GRIDLOCK_README
set -u
source_dir=$1 readme_tool=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir -p "$scratch/lessons"
cp -r "$source_dir/lessons/templates" "$source_dir/lessons/new-lesson.sh" "$source_dir/lessons/CMakeLists.txt" \
  "$scratch/lessons/"
script=$scratch/lessons/new-lesson.sh

"$script" scratch scratch-lesson X9 "A lesson made by the test" > /dev/null || fail "the script failed"
folder=$scratch/lessons/scratch/scratch-lesson
for f in CMakeLists.txt kernels.cuh main.cu record_steps.cuh README.md; do
  [ -s "$folder/$f" ] || fail "$f was not written"
done
[ -d "$folder/recorded" ] || fail "no recorded/ folder"
! grep -rq "@[A-Z]*@" "$folder" || fail "a template placeholder is left: $(grep -rho '@[A-Z]*@' "$folder" | head -1)"
grep -q "ID scratch-lesson" "$folder/CMakeLists.txt" || fail "CMakeLists.txt does not declare the id"
grep -q "namespace x9" "$folder/kernels.cuh" || fail "the namespace is not the technique's"
order=$(grep -n "add_subdirectory(scratch/scratch-lesson)" "$scratch/lessons/CMakeLists.txt" | cut -d: -f1)
check=$(grep -n "^gridlock_check_lesson_order" "$scratch/lessons/CMakeLists.txt" | cut -d: -f1)
[ -n "$order" ] && [ "$order" -lt "$check" ] || fail "the lesson is not in the order before the check"

"$script" scratch scratch-lesson X9 "Again" > /dev/null 2>&1 && fail "an existing lesson was created again"
[ $? -eq 2 ] || fail "an existing lesson is not a usage error"
"$script" locks Bad_Name L2 "x" > /dev/null 2>&1 && fail "a bad id was accepted"
"$script" locks other-lesson L2 > /dev/null 2>&1 && fail "three arguments were accepted"

out=$("$readme_tool" --check "$folder/README.md" 2>&1) && fail "the template README passed the README check"
echo "$out" | grep -q "to be written" || fail "the README check does not say what is missing: $out"
echo "PASS"
