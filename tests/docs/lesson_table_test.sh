#!/bin/sh
# The README's lesson table lists every lesson of the lesson index, in its order, each with its
# technique (the TECHNIQUE of its gridlock_add_lesson call) and a link to its README, and nothing
# else; the last column's words are the README's own.
#   lesson_table_test.sh SOURCE_DIR LESSON_INDEX
set -u
root=$1 index=$2
expected=$(mktemp) found=$(mktemp)
trap 'rm -f "$expected" "$found"' EXIT
while IFS="$(printf '\t')" read -r id _ folder _; do
  technique=$(sed -n 's/.*TECHNIQUE \([A-Z0-9]*\).*/\1/p' "$folder/CMakeLists.txt" | head -1)
  echo "$technique $id ${folder#$root/}/README.md"
done < "$index" > "$expected"
# The rows under "## Lessons": "| R1 | [id](lessons/.../README.md) | ...".
awk '/^## Lessons/ { on = 1; next } /^## / { on = 0 } on && /^\| [A-Z]/ { print }' "$root/README.md" |
  sed -n 's/^| \([A-Z0-9]*\) | \[\([^]]*\)\](\([^)]*\)) |.*/\1 \2 \3/p' > "$found"
[ -s "$expected" ] || { echo "FAIL: the lesson index $index lists no lesson"; exit 1; }
if ! diff -u "$expected" "$found"; then
  echo "FAIL: README.md's lesson table differs from the lesson index (- the index, + the README)"
  exit 1
fi
echo "lesson table: $(wc -l < "$found") lessons, in the index's order"
