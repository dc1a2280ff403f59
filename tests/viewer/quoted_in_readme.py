#!/usr/bin/env python3
"""Every non-empty line of FILE (a benchmark's table, as its script wrote it) stands, as it is, in
README: the numbers a README shows are the measured ones.

    quoted_in_readme.py FILE README
"""
import sys


def main():
    path, readme_path = sys.argv[1:3]
    with open(readme_path, encoding="utf-8") as f:
        readme = set(f.read().splitlines())
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f.read().splitlines() if line.strip()]
    missing = [line for line in lines if line not in readme]
    for line in missing:
        print("%s lacks this line of %s:\n  %s" % (readme_path, path, line))
    print("%d lines of %s: %d missing from %s" % (len(lines), path, len(missing), readme_path))
    return 1 if missing or not lines else 0


if __name__ == "__main__":
    sys.exit(main())
