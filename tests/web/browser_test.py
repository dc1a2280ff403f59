#!/usr/bin/python3
"""The viewer as a web page in headless Chromium, held to the desktop viewer.

    browser_test.py SITE DESKTOP_VIEWER PNG_CHECK OUT [--traces N]

SITE is the folder viewer/web/build.sh writes (build-web/site), DESKTOP_VIEWER the desktop
gridlock-viewer, PNG_CHECK viewer_png_check, OUT a folder for the pictures. Needs Debian's
chromium, chromium-driver and python3-selenium. The page is served from 127.0.0.1 by
tests/web/serve.py, which logs every request. Checks, one line each:
  - the gallery fetches no trace, and looks as the desktop's gallery does;
  - every trace in the site's lessons/*/*/recorded/ (or the first N), opened from the address at its last
    step, looks as the desktop's --screenshot of the same trace, view and step does: at most 2%
    of the pixels differ;
  - a comparison from the address looks as the desktop's --compare does;
  - keys sent through WebDriver move the step (End) and open the gallery (G);
  - a trace of one's own opens, picked (through the file picker's handler) or dropped on the page;
  - a trace that is not there, one that is cut short, and an address outside the site each get a
    message in the page, which keeps drawing frames.
Exits 1 when any check fails.
"""
import os
import shutil
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve import SiteServer  # noqa: E402

WIDTH, HEIGHT = 1280, 720
MOST_DIFFERING = 2.0  # percent of pixels
SETTLE_S = 1.5  # after a trace is shown: a step's edges grow in over about a second


def browser():
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                "--window-size=%d,%d" % (WIDTH + 100, HEIGHT + 200), "--hide-scrollbars",
                "--force-device-scale-factor=1"]:
        options.add_argument(arg)
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver), options=options)


class Page:
    def __init__(self, driver, server):
        self.driver, self.server = driver, server

    def open(self, query, title_not="", timeout=60):
        """Loads index.html?query and waits until it has drawn frames, awaits no file, and (with
        title_not) its title has changed from that. Returns the seconds it took."""
        started = time.time()
        self.driver.get(self.server.url("index.html?" + query))
        return self.wait(lambda: self.frames() > 30 and not self.waiting() and
                         (not title_not or self.driver.title != title_not), timeout) - started

    def wait(self, ready, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if ready():
                return time.time()
            time.sleep(0.1)
        raise TimeoutError("the page did not get there in %d s (title %r, frames %d)" %
                           (timeout, self.driver.title, self.frames()))

    def frames(self):
        return self.driver.execute_script("return window.gridlockFrames || 0")

    def waiting(self):
        return self.driver.execute_script("return !!window.gridlockWaiting")

    def notice(self):
        return self.driver.execute_script("return window.gridlockNotice || ''")

    def shoot(self, path):
        with open(path, "wb") as f:
            f.write(self.driver.find_element(By.ID, "canvas").screenshot_as_png)

    def keys(self, *keys):
        canvas = self.driver.find_element(By.ID, "canvas")
        for k in keys:
            canvas.send_keys(k)
            time.sleep(0.25)


class Checks:
    def __init__(self, out, png_check):
        self.out, self.png_check, self.failures, self.count = out, png_check, 0, 0

    def report(self, ok, name, detail):
        self.count += 1
        self.failures += 0 if ok else 1
        print("%s %s: %s" % ("ok  " if ok else "FAIL", name, detail), flush=True)

    def same_picture(self, name, desktop, web):
        result = subprocess.run([self.png_check, "--size", "%dx%d" % (WIDTH, HEIGHT), "--min-colours", "2",
                                 desktop, web, "--same-within", str(MOST_DIFFERING)],
                                capture_output=True, text=True)
        lines = [l for l in (result.stdout + result.stderr).splitlines() if "differ" in l]
        self.report(result.returncode == 0, name, lines[-1] if lines else result.stderr.strip())


def desktop_shot(viewer, args, path):
    subprocess.run([viewer, "--screenshot", path, "--size", "%dx%d" % (WIDTH, HEIGHT)] + args,
                   check=True, capture_output=True)


def main():
    site, viewer, png_check, out = sys.argv[1:5]
    limit = int(sys.argv[sys.argv.index("--traces") + 1]) if "--traces" in sys.argv else None
    os.makedirs(out, exist_ok=True)
    traces = sorted(os.path.relpath(os.path.join(d, f), site)
                    for d, _, files in os.walk(os.path.join(site, "lessons"))
                    if os.path.basename(d) == "recorded" for f in files if f.endswith(".json"))
    traces = traces[:limit] if limit else traces
    checks = Checks(out, png_check)
    size = "size=%dx%d" % (WIDTH, HEIGHT)
    driver = browser()
    try:
        with SiteServer(site) as server:
            page = Page(driver, server)
            # The gallery: no trace before one is opened.
            seconds = page.open(size)
            time.sleep(SETTLE_S)
            fetched = [p for p in server.fetched() if p.endswith(".json")]
            checks.report(not fetched, "gallery fetches no trace",
                          "%d requests, first frame after %.2f s%s" %
                          (len(server.fetched()), seconds, "; fetched " + ", ".join(fetched) if fetched else ""))
            page.shoot(os.path.join(out, "web-gallery.png"))
            desktop_shot(viewer, ["--lessons", os.path.join(site, "lesson-index.txt")],
                         os.path.join(out, "desktop-gallery.png"))
            checks.same_picture("gallery", os.path.join(out, "desktop-gallery.png"), os.path.join(out, "web-gallery.png"))

            # Every trace at its last step.
            for trace in traces:
                name = os.path.basename(trace)[:-len(".json")]
                server.forget()
                seconds = page.open("%s&step=-1&trace=%s" % (size, trace), title_not="gridlock")
                time.sleep(SETTLE_S)
                web, desktop = os.path.join(out, "web-%s.png" % name), os.path.join(out, "desktop-%s.png" % name)
                page.shoot(web)
                desktop_shot(viewer, ["--step", "-1", os.path.join(site, trace)], desktop)
                checks.same_picture("%s (opened in %.2f s)" % (name, seconds), desktop, web)

            # A comparison, from the address.
            pair = ["lessons/locks/critical-section/recorded/critical-section.json",
                    "lessons/locks/critical-section/recorded/critical-section.ordered.json"]
            if all(os.path.exists(os.path.join(site, p)) for p in pair):
                page.open("%s&step=-1&compare=%s,%s" % (size, pair[0], pair[1]), title_not="gridlock")
                time.sleep(SETTLE_S)
                page.shoot(os.path.join(out, "web-compare.png"))
                desktop_shot(viewer, ["--step", "-1", "--compare"] + [os.path.join(site, p) for p in pair],
                             os.path.join(out, "desktop-compare.png"))
                checks.same_picture("compare critical-section with the ordered lock",
                                    os.path.join(out, "desktop-compare.png"), os.path.join(out, "web-compare.png"))

            # Keys through WebDriver: End, Home and G, as a person at the page presses them.
            first = traces[0]
            page.open("%s&trace=%s" % (size, first), title_not="gridlock")
            page.keys(Keys.END)
            page.shoot(os.path.join(out, "web-keys-end.png"))
            desktop_shot(viewer, ["--step", "-1", os.path.join(site, first)], os.path.join(out, "desktop-keys-end.png"))
            checks.same_picture("End goes to the last step", os.path.join(out, "desktop-keys-end.png"),
                                os.path.join(out, "web-keys-end.png"))
            page.keys("g")
            page.wait(lambda: driver.title == "gridlock", 10)
            checks.report(driver.title == "gridlock", "G opens the gallery", "title %r" % driver.title)

            # A person's own trace: through the file picker's handler, and dropped on the page.
            own = os.path.join(site, traces[0])
            with open(own) as f:
                text = f.read()
            for how, script in [
                ("picked", "window.gridlockOpenFiles([new File([arguments[0]], 'mine.json')]);"),
                ("dropped", "const t = new DataTransfer(); t.items.add(new File([arguments[0]], 'mine.json'));"
                            "document.getElementById('canvas').dispatchEvent("
                            "new DragEvent('drop', {dataTransfer: t, bubbles: true, cancelable: true}));")]:
                page.open(size)
                driver.execute_script(script, text)
                try:
                    page.wait(lambda: "mine.json" in driver.title, 20)
                except TimeoutError:
                    pass
                checks.report("mine.json" in driver.title, "a trace " + how + " opens", "title %r" % driver.title)

            # What the page refuses, and says why; it keeps drawing.
            with open(os.path.join(site, "lessons/gallery/cut-short.json"), "w") as f:
                f.write('{"format": "gridlock-trace", "version": 2, "steps": [')
            for query, expected in [("trace=lessons/no-such/recorded/x.json", "no such file"),
                                    ("trace=lessons/gallery/cut-short.json", "cut-short.json"),
                                    ("trace=../../etc/passwd", "may not use"),
                                    ("view=nothing", "is not a view")]:
                page.open(size + "&" + query)
                frames = page.frames()
                time.sleep(0.5)
                notice = page.notice()
                ok = expected in notice and page.frames() > frames
                checks.report(ok, "refused: " + query, repr(notice[:160]))
            os.remove(os.path.join(site, "lessons/gallery/cut-short.json"))
    finally:
        driver.quit()
    print("browser: %d of %d checks pass" % (checks.count - checks.failures, checks.count))
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
