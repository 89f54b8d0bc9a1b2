"""Plotly figures that stay visible where no kernel runs (GitHub, nbviewer, a printed handout).

``static_images()`` in a lesson's first cell makes every plotly figure carry a PNG picture beside its
interactive data: JupyterLab shows the interactive chart, a static viewer the picture. The PNG is
drawn by kaleido with the machine's Chromium; where either is missing the figure simply stays
interactive only, so a lesson never fails for want of a picture.
"""

from __future__ import annotations

import atexit
import os
import threading
import warnings

import plotly.io as pio

RENDERER = "gamekit_png"
#: Seconds a picture may take; after one that takes longer, the kernel stops drawing pictures.
PICTURE_TIMEOUT = 120
#: Seconds the browser may take to start.
START_TIMEOUT = 60
#: Seconds the kernel waits for the browser to close when it exits.
STOP_TIMEOUT = 10
_server_started = False
_gave_up = False


def _in_daemon_thread(work, timeout: float):
    """``work()``'s result, or ``TimeoutError`` after ``timeout`` seconds. The thread is a daemon,
    so a browser that hangs can hold up neither the cell nor the kernel's exit (a pool's worker
    threads are joined at exit, and would)."""
    outcome = {}

    def run():
        try:
            outcome["value"] = work()
        except BaseException as error:  # handed to the caller below
            outcome["error"] = error

    thread = threading.Thread(target=run, name="gamekit-png", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TimeoutError(f"no answer within {timeout} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def _stop_image_server(kaleido) -> None:
    try:
        _in_daemon_thread(lambda: kaleido.stop_sync_server(silence_warnings=True), STOP_TIMEOUT)
    except Exception:  # the kernel is going away: a browser that will not close dies with it
        pass


def _start_image_server() -> bool:
    """Keep one Chromium running for all the pictures of a kernel (the first costs seconds, the
    next ones half a second)."""
    global _server_started, _gave_up
    if not _server_started:
        try:
            import kaleido
            _in_daemon_thread(lambda: kaleido.start_sync_server(silence_warnings=True), START_TIMEOUT)
        except Exception:  # no kaleido, no browser, or one that will not start: interactive only
            _gave_up = True  # and the kernel's next figures do not wait for it again
            return False
        atexit.register(_stop_image_server, kaleido)
        _server_started = True
    return True


class QuietPngRenderer(type(pio.renderers["png"])):
    """Plotly's PNG renderer, which gives up silently (no picture) instead of failing the cell."""

    def to_mimebundle(self, fig_dict):
        global _gave_up
        if _gave_up or not _start_image_server():
            return {}
        try:
            return _in_daemon_thread(lambda: self._draw(fig_dict), PICTURE_TIMEOUT)
        except TimeoutError:  # a browser that hangs must not hang the lesson
            _gave_up = True
            return {}
        except Exception:
            return {}

    def _draw(self, fig_dict):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return super().to_mimebundle(fig_dict)


#: Set to ``"0"`` where nothing needs the pictures (a handout draws its charts with plotly.js).
NO_PICTURES = "GAMEKIT_STATIC_IMAGES"


def static_images(width: int = 800, height: int = 450) -> None:
    """From now on, show every plotly figure interactive and as a PNG picture (unless the
    environment variable ``GAMEKIT_STATIC_IMAGES`` is ``"0"``)."""
    if os.environ.get(NO_PICTURES) == "0":
        return
    pio.renderers[RENDERER] = QuietPngRenderer(width=width, height=height)
    pio.renderers.default = f"plotly_mimetype+{RENDERER}"
