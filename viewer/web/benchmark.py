#!/usr/bin/python3
"""The page's frame times in headless Chromium beside the desktop viewer's on this machine, in one
table (viewer/README.md, "In a browser"); not part of CI.

    viewer/web/benchmark.py SITE DESKTOP_VIEWER OUT.md [--frames N]

SITE is build-web/site, DESKTOP_VIEWER build/bin/gridlock-viewer. At 1280x720, for the gallery and
for the largest shipped trace of each view (by file size, among the traces that offer the view):
the page's median and 95th-percentile frame over N frames of playback (bench=N), the empty Dear
ImGui page's (empty=1, measured before and after the cases, the floor every page time stands on),
the part of the page's frame spent building it (events, views, Dear ImGui's draw lists; the rest is
WebGL drawing and presenting it),
and the desktop viewer's --bench-frames on Mesa llvmpipe; then the page's first gallery frame
after the page is requested, the largest trace's opening (from the page's first frame to the first
frame that shows it), three runs each, and the page's download size without traces. Targets: a
median within 10 ms of the empty page's, the first gallery frame within 2 s, the largest trace
opened within 1 s.
"""
import glob
import os
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "../../tests/web"))
from browser_test import Page, browser  # noqa: E402
from serve import SiteServer  # noqa: E402

SIZE = "1280x720"


def desktop_times(viewer, args, frames):
    """The desktop viewer's --bench-frames: (median, p95) in ms."""
    headless = os.path.join(here, "../../tests/viewer/run_headless.sh")
    out = subprocess.run([headless, viewer, "--bench-frames", str(frames), "--size", SIZE] + args,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("frame time ms:"):
            words = line.split()
            return float(words[words.index("median") + 1]), float(words[words.index("p95") + 1])
    raise RuntimeError("no frame times from the desktop viewer: " + out[-300:])


def page_times(page, query, frames):
    """The page's bench=: (median, p95) in ms."""
    page.driver.get(page.server.url("index.html?size=%s&bench=%d&%s" % (SIZE, frames, query)))
    page.wait(lambda: page.driver.execute_script("return !!window.gridlockBench"), 60 + frames)
    result = page.driver.execute_script("return window.gridlockBench")
    return result["median_ms"], result["p95_ms"], result["work_median_ms"], result["build_median_ms"]


def page_moment(page, query, script):
    """Loads the page and returns the number `script` reads once it is there, in ms."""
    page.driver.get(page.server.url("index.html?size=%s&%s" % (SIZE, query)))
    page.wait(lambda: page.driver.execute_script("return " + script + " !== undefined"), 60)
    return page.driver.execute_script("return " + script)


def main():
    site, viewer, out = sys.argv[1:4]
    frames = int(sys.argv[sys.argv.index("--frames") + 1]) if "--frames" in sys.argv else 200
    traces = sorted(glob.glob(os.path.join(site, "lessons/*/*/recorded/*.json")), key=os.path.getsize)
    largest = {}  # view -> the largest trace that offers it
    for trace in traces:
        views = subprocess.run([viewer, "--list-views", trace], capture_output=True, text=True).stdout.split()
        for view in views:
            largest[view] = trace
    cases = [("gallery", "", [])] + [
        ("%s %s" % (os.path.basename(t)[:-len(".json")], v), "trace=%s&view=%s" % (os.path.relpath(t, site), v),
         [t, "--view", v]) for v, t in sorted(largest.items(), key=lambda item: item[1])]

    rows, empty = [], []
    driver = browser()
    try:
        with SiteServer(site) as server:
            page = Page(driver, server)
            empty.append(page_times(page, "empty=1", frames))
            for name, query, args in cases:
                web = page_times(page, query, frames)
                desktop = desktop_times(viewer, args, frames)
                rows.append((name, web, desktop))
                print("%-50s page %6.1f / %6.1f ms (work %5.1f, building %4.1f)  desktop %6.1f / %6.1f ms" % (
                    name, web[0], web[1], web[2], web[3], desktop[0], desktop[1]), flush=True)
            empty.append(page_times(page, "empty=1", frames))
            first = [page_moment(page, "", "window.gridlockFirstFrameMs") for _ in range(3)]
            biggest = traces[-1]
            opened = []
            for _ in range(3):
                shown = page_moment(page, "trace=" + os.path.relpath(biggest, site), "window.gridlockShownMs")
                opened.append(shown - driver.execute_script("return window.gridlockFirstFrameMs"))
            version = driver.capabilities.get("browserVersion", "?")
    finally:
        driver.quit()

    floor = statistics.median([e[0] for e in empty])
    download = {name: os.path.getsize(os.path.join(site, name))
                for name in ["index.html", "gridlock-viewer.js", "gridlock-viewer.wasm", "gridlock-viewer.data"]}
    lines = [
        "Headless Chromium %s (SwiftShader) and the desktop viewer (Mesa llvmpipe), 1280x720, %d frames of "
        "playback a case, on a 2-core machine, %s." % (version, frames, time.strftime("%Y-%m-%d")),
        "",
        "| case | page: median (ms) | page: 95th percentile (ms) | page median − empty page | page: building the "
        "frame, median (ms) | desktop: median (ms) | desktop: 95th percentile (ms) |",
        "|---|---|---|---|---|---|---|",
        "| empty Dear ImGui page (before, after) | %s | %s | | | | |" % (
            ", ".join("%.1f" % e[0] for e in empty), ", ".join("%.1f" % e[1] for e in empty)),
    ]
    worst = 0.0
    for name, web, desktop in rows:
        worst = max(worst, web[0] - floor)
        lines.append("| %s | %.1f | %.1f | %+.1f | %.1f | %.1f | %.1f |" % (
            name, web[0], web[1], web[0] - floor, web[3], desktop[0], desktop[1]))
    lines += [
        "",
        "- Largest page median over the empty page's (%.1f ms): %+.1f ms (target: within 10 ms)." % (floor, worst),
        "- First gallery frame after the page is requested: %s ms (median %.0f; target: 2000)." % (
            ", ".join("%.0f" % f for f in first), statistics.median(first)),
        "- The largest trace, %s (%.1f MB), from the page's first frame to the first frame that shows it: "
        "%s ms (median %.0f; target: 1000)." % (os.path.relpath(biggest, site), os.path.getsize(biggest) / 1e6,
                                                ", ".join("%.0f" % o for o in opened), statistics.median(opened)),
        "- The page without traces or thumbnails: %s bytes (%s)." % (
            "{:,}".format(sum(download.values())), ", ".join("%s %s" % (k, "{:,}".format(v)) for k, v in download.items())),
    ]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
