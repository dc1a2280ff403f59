#!/usr/bin/python3
"""The viewer as a web page in headless Chromium, held to the desktop viewer.

    browser_test.py SITE DESKTOP_VIEWER PNG_CHECK OUT [--traces N | --first-cards]

SITE is the folder viewer/web/build.sh writes (build-web/site), DESKTOP_VIEWER the desktop
gridlock-viewer, PNG_CHECK viewer_png_check, OUT a folder for the pictures. Needs Debian's
chromium, chromium-driver and python3-selenium. The page is served from 127.0.0.1 by
tests/web/serve.py, which logs every request. Checks, one line each:
  - the gallery fetches no trace, and looks as the desktop's gallery does;
  - every trace in the site's lessons/*/*/recorded/ (or the first N, or with --first-cards each
    lesson's first card: its classroom trace, else the trace named as the lesson), opened from the address at its last
    step, looks as the desktop's --screenshot of the same trace, view and step does: at most 2%
    of the pixels differ;
  - a comparison from the address looks as the desktop's --compare does;
  - keys sent through WebDriver move the step (End), play (Space), open the declared comparison
    (C) and the gallery (G);
  - a lecture from the address is walked with PageDown alone, each stop opening the files the
    desktop's --check-lecture lists for it;
  - clicks through WebDriver on the Export menu download a PNG and an animated GIF with a frame
    for every step;
  - a trace of one's own opens, picked (through the file picker's handler) or dropped on the page;
  - a trace that is not there, one that is cut short, and an address outside the site each get a
    message in the page, which keeps drawing frames.
Exits 1 when any check fails.
"""
import json
import re
import os
import shutil
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
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

    def stop(self):
        return self.driver.execute_script("return window.gridlockStop || 0")

    def notice(self):
        return self.driver.execute_script("return window.gridlockNotice || ''")

    def shoot(self, path):
        with open(path, "wb") as f:
            f.write(self.driver.find_element(By.ID, "canvas").screenshot_as_png)

    def labels(self):
        """The text labels the last frame drew: (text, x0, y0, x1, y1) in page pixels."""
        text = self.driver.execute_script("return Module.ccall('gridlock_labels', 'string', [], [])")
        out = []
        for line in text.splitlines():
            parts = line.split("\t")  # shown, text, x0, y0, x1, y1
            out.append((parts[1],) + tuple(float(v) for v in parts[2:6]))
        return out

    def step_label(self):
        """The playback bar's "step K of N", or None."""
        for label in self.labels():
            found = re.match(r"step (\d+) of (\d+)", label[0])
            if found:
                return int(found.group(1)), int(found.group(2))
        return None

    def click(self, text, timeout=10):
        """Clicks the middle of the first label that reads `text`, as a mouse would."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = [l for l in self.labels() if l[0] == text]
            if found:
                _, x0, y0, x1, y1 = found[0]
                actions = ActionChains(self.driver)
                actions.w3c_actions.pointer_action.move_to_location(int((x0 + x1) / 2), int((y0 + y1) / 2))
                actions.perform()
                time.sleep(0.2)  # a frame sees the mouse there before the press
                actions = ActionChains(self.driver)
                actions.w3c_actions.pointer_action.click()
                actions.perform()
                time.sleep(0.3)
                return True
            time.sleep(0.1)
        return False

    def wait_for_label(self, match, timeout=20):
        """The first label the page draws that `match` accepts, within `timeout` seconds; else None."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            for label in self.labels():
                if match(label[0]):
                    return label[0]
            time.sleep(0.2)
        return None

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


def gif_frames(path):
    """The number of images in a GIF file, read block by block; raises ValueError on a bad file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] not in (b"GIF87a", b"GIF89a"):
        raise ValueError("not a GIF")
    at, frames = 13, 0
    if data[10] & 0x80:
        at += 3 << ((data[10] & 7) + 1)

    def sub_blocks(at):
        while data[at]:
            at += data[at] + 1
        return at + 1

    while data[at] != 0x3B:
        if data[at] == 0x21:  # an extension: label, then sub-blocks
            at = sub_blocks(at + 2)
        elif data[at] == 0x2C:  # an image: descriptor, local colours, LZW size, sub-blocks
            flags = data[at + 9]
            at += 10 + ((3 << ((flags & 7) + 1)) if flags & 0x80 else 0)
            at = sub_blocks(at + 1)
            frames += 1
        else:
            raise ValueError("unknown block 0x%02x at byte %d" % (data[at], at))
    return frames


def lecture_stops(viewer, lecture, index):
    """The desktop's --check-lecture: [(number, title, [file names])]."""
    text = subprocess.run([viewer, "--lecture", lecture, "--check-lecture", "--lessons", index],
                          check=True, capture_output=True, text=True).stdout
    stops = []
    for line in text.splitlines():
        if line.startswith("stop "):
            number, title = line[5:].split(": ", 1)
            stops.append((int(number), title, []))
        elif stops and line.startswith("  ") and os.path.isabs(line.strip()):
            stops[-1][2].append(os.path.basename(line.strip()))
    return stops


def desktop_shot(viewer, args, path):
    subprocess.run([viewer, "--screenshot", path, "--size", "%dx%d" % (WIDTH, HEIGHT)] + args,
                   check=True, capture_output=True)


def first_cards(traces):
    """Each lesson's first card: LESSON.classroom.json where it has one, else LESSON.json."""
    cards = []
    for folder in sorted({os.path.dirname(t) for t in traces}):
        lesson = os.path.basename(os.path.dirname(folder))
        for name in (lesson + ".classroom.json", lesson + ".json"):
            if os.path.join(folder, name) in traces:
                cards.append(os.path.join(folder, name))
                break
    return cards


def main():
    site, viewer, png_check, out = sys.argv[1:5]
    limit = int(sys.argv[sys.argv.index("--traces") + 1]) if "--traces" in sys.argv else None
    os.makedirs(out, exist_ok=True)
    traces = sorted(os.path.relpath(os.path.join(d, f), site)
                    for d, _, files in os.walk(os.path.join(site, "lessons"))
                    if os.path.basename(d) == "recorded" for f in files if f.endswith(".json"))
    traces = traces[:limit] if limit else traces
    if "--first-cards" in sys.argv:
        traces = first_cards(traces)
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

            # Keys through WebDriver: End, Space, C and G, as a person at the page presses them.
            first = traces[0]
            page.open("%s&trace=%s" % (size, first), title_not="gridlock")
            page.keys(Keys.END)
            page.shoot(os.path.join(out, "web-keys-end.png"))
            desktop_shot(viewer, ["--step", "-1", os.path.join(site, first)], os.path.join(out, "desktop-keys-end.png"))
            checks.same_picture("End goes to the last step", os.path.join(out, "desktop-keys-end.png"),
                                os.path.join(out, "web-keys-end.png"))
            page.open("%s&trace=%s" % (size, pair[0]), title_not="gridlock")
            page.keys("c")
            page.wait(lambda: "compare" in driver.title and not page.waiting(), 20)
            checks.report("compare" in driver.title, "C opens the declared comparison", "title %r" % driver.title)
            page.keys("g")
            page.wait(lambda: driver.title == "gridlock", 10)
            checks.report(driver.title == "gridlock", "G opens the gallery", "title %r" % driver.title)

            # Exports through the Export menu's items, clicked; the browser downloads them.
            downloads = os.path.join(out, "downloads")
            shutil.rmtree(downloads, ignore_errors=True)
            os.makedirs(downloads)
            driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
            exported = "lessons/reduction/reduce-single-block/recorded/reduce-single-block.classroom.json"
            if not os.path.exists(os.path.join(site, exported)):
                exported = first
            with open(os.path.join(site, exported)) as f:
                steps = len(json.load(f)["steps"])
            stem = os.path.basename(exported)[:-len(".json")]
            page.open("%s&trace=%s" % (size, exported), title_not="gridlock")
            page.keys(Keys.SPACE)
            time.sleep(3)
            playing = page.step_label()  # shown while playing
            page.keys(Keys.SPACE)
            checks.report(playing is not None and playing[0] > 1, "Space plays", "after 3 s: %s" %
                          ("step %d of %d" % playing if playing else "no step shown"))
            page.keys(Keys.HOME)
            for item, name in [("Current view as PNG", stem + ".png"), ("Animation as GIF", stem + ".gif")]:
                page.click("OK", timeout=1)  # acknowledges the last export's message
                clicked = page.click("Export") and page.click(item)
                path = os.path.join(downloads, name)
                try:
                    page.wait(lambda: os.path.exists(path) and not os.path.exists(path + ".crdownload"), 60)
                except TimeoutError:
                    pass
                if name.endswith(".png"):
                    ok = os.path.exists(path) and open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
                    detail = "%s, %d bytes" % (name, os.path.getsize(path)) if os.path.exists(path) else "none"
                else:
                    try:
                        frames = gif_frames(path)
                    except (OSError, ValueError, IndexError) as e:
                        frames, detail = -1, "%s: %s" % (name, e)
                    else:
                        detail = "%s: %d frames for %d steps, %d bytes" % (name, frames, steps, os.path.getsize(path))
                    ok = frames == steps
                checks.report(clicked and ok, "Export > " + item + " downloads", detail if clicked else "no menu item")

            # A lecture from the address, walked with PageDown alone.
            lecture = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../lectures/interblock.lecture")
            stops = lecture_stops(viewer, lecture, os.path.join(site, "lesson-index.txt"))
            page.open("%s&lecture=interblock" % size, title_not="gridlock")
            walked, previous = [], None
            for number, title, files in stops:
                if number > 1:
                    page.keys(Keys.PAGE_DOWN)
                try:
                    page.wait(lambda: page.stop() == number and not page.waiting(), 20)
                except TimeoutError:
                    pass
                time.sleep(SETTLE_S)
                shot = os.path.join(out, "web-lecture-%02d.png" % number)
                page.shoot(shot)
                with open(shot, "rb") as f:
                    picture = f.read()
                opened = all(name[:-len(".json")] in driver.title for name in files[:1]) and \
                    (len(files) < 2 or "compare" in driver.title)
                walked.append(page.stop() == number and opened and picture != previous)
                if not walked[-1]:
                    print("     stop %d %r: page at stop %d, title %r, %s" %
                          (number, title, page.stop(), driver.title,
                           "the picture is the last stop's" if picture == previous else "opens " + ", ".join(files)))
                previous = picture
            checks.report(len(stops) > 1 and all(walked), "lecture walked by PageDown",
                          "%d of %d stops open their files" % (sum(walked), len(stops)))

            # Explore from the address: a challenge played by its solution's keys, then every outcome (E).
            explore = os.path.join(os.path.dirname(os.path.abspath(viewer)), "gridlock-explore")
            solution = subprocess.run([explore, "--solve", "4"], capture_output=True, text=True).stdout.split()
            page.open("%s&challenge=4" % size, title_not="gridlock")
            page.keys(*solution)
            solved = page.wait_for_label(lambda t: t.startswith("Challenge solved: "), 20)
            page.keys("e")
            searched = page.wait_for_label(lambda t: "states, complete" in t, 60)
            # Beside the model, the lesson's recording, fetched from the site: its file and producer.
            recorded = page.wait_for_label(lambda t: ".json, " in t, 30)
            page.shoot(os.path.join(out, "web-explore.png"))
            checks.report(bool(solved) and bool(searched) and bool(recorded) and "Explore" in driver.title,
                          "a challenge from the address, solved by keys",
                          "%d keys; %s; %s; %s" % (len(solution), solved or "no solved banner",
                                                   searched or "no search", recorded or "no recording beside it"))

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
