#!/usr/bin/python3
"""The trace reader as a page runs it (WebAssembly, under Node.js) over the trace-reader fuzz
corpus: every file of tests/format/bad/ is refused with the message its line in EXPECTED.tsv
names (the desktop's message, tests/format/bad_corpus_test.cpp), and every shipped trace, the
format's minimal trace and the fuzz regressions go through the fuzz target without an abort.

    reader_test.py NODE READER_JS SOURCE_DIR
Exits 1 when any check fails.
"""
import glob
import os
import subprocess
import sys


def main():
    node, reader, source = sys.argv[1:4]
    bad_dir = os.path.join(source, "tests/format/bad")
    expected = {}
    with open(os.path.join(bad_dir, "EXPECTED.tsv")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, text = line.rstrip("\n").split("\t", 1)
                expected[os.path.join(bad_dir, name)] = text
    good = sorted(glob.glob(os.path.join(source, "lessons/*/*/recorded/*.json")) +
                  glob.glob(os.path.join(source, "tests/format/*.json")))
    others = sorted(glob.glob(os.path.join(source, "tests/fuzz/regressions/*")))
    files = sorted(expected) + good + others
    run = subprocess.run([node, reader] + files, capture_output=True, text=True)
    taken = {}
    for line in run.stdout.splitlines():
        parts = line.split("\t")
        taken[parts[0]] = parts[1:]
    failures = []
    if run.returncode != 0:
        failures.append("the reader stopped (exit %d): %s" % (run.returncode, run.stderr.strip()[-400:]))
    for path, text in expected.items():
        how = taken.get(path)
        if not how or how[0] != "refused" or text not in how[1]:
            failures.append("%s: expected a refusal holding %r, got %r" % (path, text, how))
    for path in good:
        if taken.get(path) != ["read"]:
            failures.append("%s: expected it read, got %r" % (path, taken.get(path)))
    for path in others:
        if path not in taken:
            failures.append("%s: not reached" % path)
    for f in failures:
        print("FAIL " + f)
    print("reader in WebAssembly: %d files; %d refused as the desktop refuses them, %d read, %d regressions "
          "passed; %d failures" % (len(files), len(expected), len(good), len(others), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
