"""Static pictures of plotly figures: added when kaleido can draw them, never an error when not."""

from __future__ import annotations

import plotly.graph_objects as go
import plotly.io as pio

from gamekit.ui import figures


def test_a_figure_without_a_browser_stays_interactive(monkeypatch):
    monkeypatch.setattr(figures, "_start_image_server", lambda: False)
    figures.static_images()
    try:
        bundle = go.Figure(go.Bar(x=[1], y=[2]))._repr_mimebundle_()  # what a notebook displays
        assert "application/vnd.plotly.v1+json" in bundle and "image/png" not in bundle
    finally:
        pio.renderers.default = "plotly_mimetype"


def test_a_failing_picture_is_left_out(monkeypatch):
    monkeypatch.setattr(figures, "_start_image_server", lambda: True)

    def broken(self, fig_dict):
        raise RuntimeError("no browser")

    monkeypatch.setattr(figures.QuietPngRenderer, "_draw", broken)
    assert figures.QuietPngRenderer().to_mimebundle(go.Figure().to_dict()) == {}


def test_a_hanging_picture_gives_up_in_a_thread_that_cannot_hold_the_kernel_open(monkeypatch):
    import threading

    monkeypatch.setattr(figures, "_start_image_server", lambda: True)
    monkeypatch.setattr(figures, "PICTURE_TIMEOUT", 0.2)
    monkeypatch.setattr(figures, "_gave_up", False)
    never = threading.Event()
    monkeypatch.setattr(figures.QuietPngRenderer, "_draw", lambda self, fig_dict: never.wait())
    try:
        assert figures.QuietPngRenderer().to_mimebundle(go.Figure().to_dict()) == {}
        assert figures._gave_up  # no more pictures in this kernel: the next figures are not held up
        painters = [t for t in threading.enumerate() if t.name == "gamekit-png"]
        assert painters and all(t.daemon for t in painters)  # the exit never waits for them
    finally:
        never.set()
