#!/usr/bin/env bash
# racecheck.sh without a GPU: a stand-in for compute-sanitizer answers for the real R6 lesson (its
# --list-forms and --list-sources need no GPU) with race reports on R6's shared-memory lines of
# today. Checks that racecheck.sh heads each report with the lesson's sources, that
# gridlock-evidence-check finds such a report fresh, its lines on shared memory and a trace citing
# it current, that it names the file of a changed hash, a line that is no shared access and a trace
# of other sources, and that racecheck.sh refuses a build older than the sources, writing nothing.
#   racecheck_script_test.sh REPO BUILD_DIR
set -euo pipefail
repo=$1 build=$2
id=reduce-warp-volatile
kernel=lessons/reduction/$id/kernels.cuh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# A copy of the repository made of links, but for the lesson's recorded/ folder, where the
# reports go; and a build folder of that one lesson.
lesson=$work/root/lessons/reduction/$id
mkdir -p "$lesson" "$work/build/bin"
for entry in "$repo"/lessons/*; do [ "${entry##*/}" = reduction ] || ln -s "$entry" "$work/root/lessons/"; done
for entry in "$repo"/lessons/reduction/*; do [ "${entry##*/}" = "$id" ] || ln -s "$entry" "$work/root/lessons/reduction/"; done
for entry in "$repo/lessons/reduction/$id"/*; do [ "${entry##*/}" = recorded ] || ln -s "$entry" "$lesson/"; done
printf '%s\tR6\t%s\t\n' "$id" "$lesson" > "$work/build/lesson-index.txt"
ln -s "$(cd "$build/bin" && pwd)/$id" "$work/build/bin/$id"
ln -s "$(cd "$build/bin" && pwd)/gridlock-sources" "$work/build/bin/gridlock-sources"

# The stand-in: a race between two of today's shared-memory lines of the fold, as racecheck words it.
store=$(grep -n 's\[lane\] = a + b;' "$repo/$kernel" | head -1 | cut -d: -f1)
load=$(grep -n 'const int a = s\[lane\], b = s\[lane + k\];' "$repo/$kernel" | head -1 | cut -d: -f1)
[ -n "$store" ] && [ -n "$load" ] || fail "R6's fold is not where this test looks for it"
cat > "$work/sanitizer" <<SANITIZER
#!/usr/bin/env bash
[ "\$1" = --version ] && { echo "Version 0.0 (stand-in)"; exit 0; }
exe=\$3 form=\$5
echo "========= COMPUTE-SANITIZER"
echo "========= Warning: Race reported between Write access at void r6::fold<volatile int, X>(T1 *, int)+0x120 in kernels.cuh:${store}"
echo "=========     and Read access at void r6::fold<volatile int, X>(T1 *, int)+0x100 in kernels.cuh:${load} [32 hazards]"
echo "gridlock form run: $id \$form sources \$("\$exe" --list-sources | head -1 | cut -d' ' -f3)"
echo "========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 1 warning)"
SANITIZER
chmod +x "$work/sanitizer"

COMPUTE_SANITIZER=$work/sanitizer "$repo/lessons/reduction/common/racecheck.sh" "$work/build" || fail "racecheck.sh failed"
log=$lesson/recorded/racecheck/documented.log
[ -f "$log" ] || fail "no $log"
grep -q "^gridlock source: fnv1a64:[0-9a-f]* $kernel\$" "$log" || fail "the report's header does not name $kernel"
[ "$(ls "$lesson/recorded/racecheck" | wc -l)" -eq "$("$build/bin/$id" --list-forms | wc -l)" ] ||
  fail "not one report per form"
check="$build/bin/gridlock-evidence-check"
"$check" "$work/root" fresh "$log" || fail "a report made now is not fresh"
"$check" "$work/root" lines "$log" || fail "the fold's lines are not shared accesses"

# A shipped trace of R6 whose facts now cite these reports, with the counts the stand-in's reports
# state (1 race, 32 hazards, 0 errors, 1 warning): current; with other counts, or of other
# sources: not.
built=$("$build/bin/$id" --list-sources | head -1 | cut -d' ' -f3)
count() {  # NAME VALUE: the fact's text and its number
  echo "s/(\"racecheck\.[a-z-]+\.$1\": )\"[0-9]+\"/\1\"$2\"/; s/(\"racecheck\.[a-z-]+\.$1\": \{\"kind\":\"report_count\",\"value\":)[0-9]+/\1$2/"
}
places() {  # the racing places the stand-in's reports name, as text and as the list
  local listed="kernels.cuh:${store} (r6::fold), kernels.cuh:${load} (r6::fold)"
  echo "s/(\"racecheck\.[a-z-]+\.lines\": )\"[^\"]*\"/\1\"$listed\"/; s/(\"racecheck\.[a-z-]+\.lines\": \{\"kind\":\"report_sites\",\"value\":)[0-9]+(,[^]]*\"listed\":)\[[^]]*\]/\12\2[\"kernels.cuh:${store} (r6::fold)\",\"kernels.cuh:${load} (r6::fold)\"]/"
}
cite() {  # HASH [as-shipped]: as-shipped keeps the shipped trace's counts and places
  local counts=""
  [ "${2:-}" = as-shipped ] || counts="$(count races 1); $(count hazards 32); $(count errors 0); $(count warnings 1); $(places)"
  sed -E "s|(\"racecheck\.[a-z-]+\.report\": \"[^ \"]+ )fnv1a64:[0-9a-f]+\"|\1$1\"|; $counts" \
    "$repo/lessons/reduction/$id/recorded/$id.classroom.json" > "$lesson/recorded/$id.json"
  grep -q "racecheck\.[a-z-]*\.report\": \"[^ \"]* $1\"" "$lesson/recorded/$id.json" ||
    fail "the shipped classroom trace cites no racecheck report"
}
cite "$built"
grep -q '"racecheck.documented.hazards": {"kind":"report_count","value":32,' "$lesson/recorded/$id.json" ||
  fail "the shipped classroom trace quotes no count of its documented form's report"
"$check" "$work/root" trace "$lesson/recorded/$id.json" || fail "a trace citing fresh reports is not current"
cite "$built" as-shipped
if out=$("$check" "$work/root" trace "$lesson/recorded/$id.json" 2>&1); then fail "counts the reports do not state passed"; fi
grep -q "racecheck.documented.hazards: the trace says [0-9]* hazards, lessons/reduction/$id/recorded/racecheck/documented.log states 32" <<<"$out" ||
  fail "unexpected: $out"
cite fnv1a64:0000000000000000
if out=$("$check" "$work/root" trace "$lesson/recorded/$id.json" 2>&1); then fail "a trace of other sources passed"; fi
grep -q "it was recorded from sources fnv1a64:0000000000000000" <<<"$out" || fail "unexpected: $out"

# A file that changed since the report: named.
sed "s|^gridlock source: fnv1a64:[0-9a-f]* $kernel\$|gridlock source: fnv1a64:0000000000000000 $kernel|" "$log" > "$work/stale.log"
mkdir -p "$work/stale/$id/recorded/racecheck" && mv "$work/stale.log" "$work/stale/$id/recorded/racecheck/documented.log"
if out=$("$check" "$work/root" fresh "$work/stale/$id/recorded/racecheck/documented.log" 2>&1); then fail "a changed file went unseen"; fi
grep -q "$kernel changed" <<<"$out" || fail "the changed file is not named: $out"

# A line of the fold that is no shared access, and a line outside it: refused.
done_line=$(grep -n '  rec.done(step);' "$repo/$kernel" | head -1 | cut -d: -f1)
sed "s|in kernels.cuh:${load} |in kernels.cuh:${done_line} |" "$log" > "$work/stale/$id/recorded/racecheck/documented.log"
if out=$("$check" "$work/root" lines "$work/stale/$id/recorded/racecheck/documented.log" 2>&1); then fail "rec.done passed as a shared access"; fi
grep -q "kernels.cuh:${done_line} (r6::fold): line ${done_line} of $kernel does not load or store shared memory" <<<"$out" ||
  fail "unexpected: $out"
"$check" "$work/root" moved-lines "$work/stale/$id/recorded/racecheck/documented.log" ||
  fail "moved-lines refused a line inside the fold"
sed "s|in kernels.cuh:${load} |in kernels.cuh:1 |" "$log" > "$work/stale/$id/recorded/racecheck/documented.log"
if out=$("$check" "$work/root" moved-lines "$work/stale/$id/recorded/racecheck/documented.log" 2>&1); then
  fail "line 1 passed as a line of the fold"
fi
grep -q "line 1 of $kernel is in no device function today, not in fold" <<<"$out" || fail "unexpected: $out"

# A build older than the sources: refused, and no report is written.
rm -r "$lesson/recorded"
rm "$work/build/bin/$id"
cat > "$work/build/bin/$id" <<LESSON
#!/usr/bin/env bash
if [ "\$1" = --list-sources ]; then
  "$build/bin/$id" --list-sources | sed 's|^gridlock source: fnv1a64:[0-9a-f]* $kernel\$|gridlock source: fnv1a64:0000000000000000 $kernel|'
else
  exec "$build/bin/$id" "\$@"
fi
LESSON
chmod +x "$work/build/bin/$id"
if out=$(COMPUTE_SANITIZER=$work/sanitizer "$repo/lessons/reduction/common/racecheck.sh" "$work/build" 2>&1); then
  fail "racecheck.sh took an out-of-date build"
fi
grep -q "rebuild it" <<<"$out" || fail "no word of rebuilding: $out"
grep -q "changed since: $kernel" <<<"$out" || fail "the changed file is not named: $out"
[ ! -e "$lesson/recorded/racecheck" ] || fail "racecheck.sh wrote reports of an out-of-date build"
echo "racecheck.sh: fresh reports headed by their sources, stale ones and out-of-date builds refused"
