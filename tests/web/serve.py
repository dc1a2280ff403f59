"""A static server for the web page's tests: the site folder on 127.0.0.1, each request logged.

    with SiteServer(site) as server:
        server.url("index.html?trace=...")
        server.fetched()  # the paths asked for so far, in order
"""
import functools
import http.server
import threading


class _Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, log=None, **kwargs):
        self._log = log
        super().__init__(*args, **kwargs)

    def log_message(self, format, *args):  # the log is kept, not printed
        pass

    def do_GET(self):
        self._log.append(self.path.split("?", 1)[0])
        super().do_GET()


class SiteServer:
    def __init__(self, folder):
        self._log = []
        handler = functools.partial(_Handler, directory=folder, log=self._log)
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._server.server_close()

    def url(self, page):
        return "http://127.0.0.1:%d/%s" % (self._server.server_address[1], page)

    def fetched(self):
        return list(self._log)

    def forget(self):
        self._log.clear()
