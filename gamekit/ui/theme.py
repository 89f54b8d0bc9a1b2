"""The look shared by every board: one CSS block, injected once per kernel through an ``HTML`` widget.

Colours are chosen to stay readable on a classroom projector (large type, dark text on light
backgrounds, strong borders) and the five seat colours are distinguishable with the common colour
vision deficiencies. Class names start with ``gk-``; a game adds its own (``mh-``, ``lc-``, ...).
"""

from __future__ import annotations

import weakref

import comm
import ipywidgets as widgets

#: One colour per seat (white text on each passes WCAG AA for large bold type).
SEAT_COLOURS = ("#1f5fbf", "#b03a2e", "#1e7b48", "#6c3483", "#8a5a00")

CSS = """
.gk-board { font-size: 16px; color: #1a1a1a; background: #fbfaf6; border: 2px solid #d8d2c4;
  border-radius: 10px; padding: 10px 14px; gap: 8px; max-width: 980px; }
.gk-board .gk-title { font-size: 22px; font-weight: 700; }
.gk-board .gk-muted { color: #555; font-size: 14px; }
.gk-board .gk-seat-name { font-weight: 700; font-size: 18px; }
.gk-board .gk-centred { text-align: center; }
.gk-board .gk-section-title { font-weight: 700; font-size: 15px; text-transform: uppercase;
  letter-spacing: .04em; color: #444; margin: 2px 0; }
.gk-board .widget-html-content, .gk-board .widget-html { font-size: 16px; line-height: 1.4; }
.gk-board .widget-html-content { white-space: normal; }
.gk-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }

/* cards and pieces: buttons (clickable) and chips (shown only) */
.jupyter-widgets.jupyter-button.gk-card, .jupyter-widgets.jupyter-button.gk-piece {
  font-size: 24px; font-weight: 700; border-radius: 8px; border: 3px solid #222;
  box-shadow: 0 2px 3px rgba(0,0,0,.25); color: #fff; padding: 0; }
/* a card that cannot be clicked now keeps its colour (it may matter) but fades, dashed */
.jupyter-widgets.jupyter-button.gk-card:disabled, .jupyter-widgets.jupyter-button.gk-piece:disabled {
  opacity: .45; border-style: dashed; box-shadow: none; cursor: not-allowed; }
/* a card already spent is gone for good: grey and struck through */
.jupyter-widgets.jupyter-button.gk-card.gk-spent:disabled {
  background: #e4e1da !important; color: #9a968c !important; border: 3px dashed #b8b2a4;
  opacity: 1; text-decoration: line-through; }
/* every other disabled button looks disabled too */
.gk-board .jupyter-widgets.jupyter-button:disabled:not(.gk-card):not(.gk-piece) {
  opacity: .4; filter: grayscale(1); cursor: not-allowed; box-shadow: none; }
.jupyter-widgets.jupyter-button.gk-selected { border: 5px solid #f2b705; }
.gk-chip { display: inline-block; min-width: 1.8em; padding: 1px 6px; margin: 1px 2px; border-radius: 6px;
  border: 2px solid #222; font-weight: 700; text-align: center; background: #fff; color: #1a1a1a; }
.gk-chip-big { font-size: 28px; min-width: 2.6em; padding: 10px 12px; border-width: 3px;
  border-radius: 10px; }
.gk-chip-plus { background: #ffe08a; color: #3d2c00; }
.gk-chip-minus { background: #7a1020; color: #fff; }
.gk-chip-cancelled { background: #eee; color: #777; text-decoration: line-through; border-style: dashed; }
.gk-chip-winner { outline: 4px solid #f2b705; }

/* seats */
.gk-seat-panel { border: 3px solid #999; border-radius: 10px; padding: 6px 10px; min-width: 170px;
  background: #fff; }
.gk-seat-panel.gk-active { box-shadow: 0 0 0 4px #f2b705; }

/* messages, log, hot-seat step */
.gk-status .widget-html-content { min-height: 1.6em; padding: 4px 10px; border-radius: 6px;
  font-weight: 600; }
.gk-status-info .widget-html-content { background: #e8f0fb; color: #0d2f66; }
.gk-status-success .widget-html-content { background: #e3f4e8; color: #0f4d27; }
.gk-status-error .widget-html-content { background: #fde4e1; color: #7a1010; border-left: 6px solid #b03a2e; }
.gk-log .widget-html-content { max-height: 220px; overflow-y: auto; font-size: 15px; background: #fff;
  border: 1px solid #d8d2c4; border-radius: 6px; padding: 4px 8px; }
.gk-log ol { margin: 0; padding-left: 1.6em; }
.gk-pass-screen-box { border: 3px dashed #555; border-radius: 10px; padding: 16px; background: #f1efe8;
  align-items: center; }
.jupyter-widgets.jupyter-button.gk-big-button { font-size: 18px; font-weight: 700; height: 44px; }
.gk-table { border-collapse: collapse; font-size: 16px; }
/* the turn's buttons come first: on a 1024x768 screen they stay above the fold */
.gk-action-area { gap: 6px; }
/* presentation size, for a projector: the board fills the window, no text under 18 px */
.gk-board.gk-presentation { max-width: none; width: 100%; box-sizing: border-box; font-size: 22px; }
.gk-board.gk-presentation .widget-html-content, .gk-board.gk-presentation .widget-html,
.gk-board.gk-presentation .gk-table { font-size: 22px; }
.gk-board.gk-presentation .gk-muted, .gk-board.gk-presentation .gk-section-title,
.gk-board.gk-presentation .gk-log .widget-html-content { font-size: 19px; }
.gk-board.gk-presentation .gk-title { font-size: 32px; }
.gk-board.gk-presentation .gk-seat-name { font-size: 24px; }
.gk-board.gk-presentation .gk-chip { font-size: 22px; }
.gk-board.gk-presentation .gk-chip-big { font-size: clamp(34px, 2.6vw, 56px); }
.gk-board.gk-presentation .jupyter-widgets.jupyter-button.gk-card {
  width: clamp(58px, 6vw, 132px) !important; height: clamp(82px, 8.4vw, 185px) !important;
  font-size: clamp(26px, 2.4vw, 52px); }
.gk-board.gk-presentation .jupyter-widgets.jupyter-button.gk-piece {
  width: clamp(52px, 4.6vw, 100px) !important; height: clamp(52px, 4.6vw, 100px) !important;
  font-size: clamp(20px, 1.6vw, 34px); }
.gk-board.gk-presentation .jupyter-widgets.jupyter-button.gk-big-button { font-size: 22px; height: 54px; }
.gk-board.gk-presentation .gk-seat-panel { flex: 1 1 260px !important; }
.gk-board.gk-presentation .widget-dropdown select, .gk-board.gk-presentation .widget-text input,
.gk-board.gk-presentation .widget-toggle-button, .gk-board.gk-presentation .widget-label { font-size: 18px; }
.gk-table th, .gk-table td { border-bottom: 1px solid #ccc; padding: 3px 10px; text-align: left; }
""" + "".join(
    f".gk-seat-colour-{seat} {{ color: {colour}; }}\n"
    f".gk-seat-panel.gk-seat-colour-{seat} {{ border-color: {colour}; color: #1a1a1a; }}\n"
    f".jupyter-widgets.jupyter-button.gk-card.gk-seat-colour-{seat} {{ background: {colour}; "
    f"color: #fff; }}\n"
    for seat, colour in enumerate(SEAT_COLOURS)
)

# one style sheet per kernel: keyed by the kernel's comm manager, since a server process that
# runs one kernel per page (the classroom's Solara pages) must not show a widget of another page
_sheets: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def style_sheet(css: str, css_class: str) -> widgets.HTML:
    """``css`` as an (invisible) ``HTML`` widget with the class ``css_class``: one widget per
    kernel and class, so that every board of a notebook sends it once."""
    sheets = _sheets.setdefault(comm.get_comm_manager(), {})
    sheet = sheets.get(css_class)
    if sheet is None or getattr(sheet, "comm", None) is None:  # first use, or closed since
        sheet = widgets.HTML(f"<style>{css}</style>", layout=widgets.Layout(display="none"))
        sheet.add_class(css_class)
        sheets[css_class] = sheet
    return sheet


def theme() -> widgets.HTML:
    """The style sheet as an (invisible) ``HTML`` widget; every board puts it among its children.

    The same widget is shared by all boards of a kernel, so the CSS is sent once.
    """
    return style_sheet(CSS, "gk-theme")


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (seats beyond five reuse the palette)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
