"""The teaching map as a plotly figure, for the Brief History board (drawing only, no rules).

``MapView(world, on_click, width=800, presentation=False)`` draws the kit's teaching map — inspired by the published game, not
its board — with Areas, land and strait links, seas, territories coloured by who stands there,
sites, forts, fleets and rings around the territories a click may take; ``draw(...)`` recolours it
from the state's tiles, ``set_view(name)`` zooms. Names are placed beside their markers without
overlapping (a name that cannot be placed clear of the others is left to the hover text), once
per view and size: the placement is kept, so a click redraws colours only. In presentation size
every text plotly draws on the map is at least 18 px (``TEXT_SIZES``), read across a classroom,
and the names are placed for that size.
"""

from __future__ import annotations

import contextlib
import math
from typing import Iterator, NamedTuple

import ipywidgets as widgets

from gamekit.i18n import N_, language, translations

from .maps import TeachingMap
from .words import display_name

_, ngettext, pgettext = translations("brief_history")

#: Said under the map's title (``_(MAP_LABEL)`` in the language in force).
MAP_LABEL = N_("the kit's own teaching map — inspired by the published game, not its board")

# The default size fits a notebook's output area in JupyterLab at a 1280-px window (about 812 px
# of it show); a projector passes a wider ``width``. Plotly's widget needs a width in pixels.
MAP_SIZE = (800, 440)
MIN_WIDTH, MAX_WIDTH = 600, 2400
MAP_MARGIN = {"l": 8, "r": 8, "t": 34, "b": 8}
#: The map's views by their English names (a picker shows ``_(name)``).
VIEWS = {
    N_("World"): ((-141.0, 147.0), (-40.0, 80.0)),
    N_("Europe & the Middle East"): ((-13.0, 62.0), (17.0, 66.0)),
    N_("Africa & India"): ((-12.0, 95.0), (-2.0, 46.0)),
    N_("East Asia"): ((60.0, 145.0), (-12.0, 66.0)),
    N_("The Americas"): ((-141.0, -36.0), (-40.0, 80.0)),
}
# Where the names of seas and oceans (and fleets) are drawn: presentation only.
WATER_LABELS = {
    "North Sea": (3.0, 57.5), "Baltic Sea": (19.0, 56.5), "Mediterranean Sea": (17.0, 34.5),
    "Black Sea": (34.0, 43.5), "Red Sea": (38.5, 21.0), "Persian Gulf": (51.0, 27.0),
    "Arabian Sea": (63.0, 17.0), "Bay of Bengal": (88.0, 14.0), "South China Sea": (113.0, 12.0),
    "Yellow Sea": (122.0, 33.0), "Sea of Japan": (134.0, 42.0), "Gulf of Mexico": (-91.0, 25.5),
    "Caribbean Sea": (-75.0, 14.0), "Atlantic Ocean": (-30.0, 30.0), "Indian Ocean": (75.0, -10.0),
    "Pacific Ocean": (-128.0, 8.0),
}
SEA_COLOUR, EMPTY_FILL, EMPTY_LINE, BARREN_FILL = "#dbe7ef", "#f6f1e4", "#8a8170", "#a59f92"
AREA_TINTS = ("#efe3c8", "#e2ecd5", "#ecdede", "#e0e4ef", "#eee8d2", "#dcebe6", "#eadff0")
LEGAL_RING, INVASION_RING = "#f2b705", "#e8590c"


class TextSizes(NamedTuple):
    """The map's text sizes in pixels: territory names, Area names (with their values), seas'
    and oceans' names, the fleets' word, the title, and the hover text."""

    label: int
    area: int
    water: int
    fleet: int
    title: int
    hover: int


#: Text sizes by presentation size off (a notebook) and on (a projector: none under 18 px).
TEXT_SIZES = {False: TextSizes(label=12, area=13, water=11, fleet=11, title=15, hover=15),
              True: TextSizes(label=18, area=20, water=18, fleet=18, title=22, hover=20)}
HIDDEN_AXIS = {"visible": False, "fixedrange": False}  # the map's axes: no ticks, and the view can pan
MARK_SHIFTS = {"monument": 12}  # pixels right and up of the territory's spot (a site may stand there too)
MARKER_RADIUS = 12  # room kept round a territory's marker when names are placed
GLYPH_WIDTH = 0.58  # a rough average glyph width in ems, for placing names without overlaps
LINE_HEIGHT = 1.25  # a line of text in ems (the glyphs' ascent and descent)
#: The look of each trace of marks (its size is scaled down in the whole-world view).
MARK_LOOKS = {
    "fleet": {"symbol": "diamond-wide", "size": 20, "line": {"width": 2, "color": "#222"}},
    "ring": {"symbol": "circle-open", "size": 36, "line": {"width": 4}},  # in the ring's colour
    "fort": {"symbol": "square-open", "size": 31, "color": "#222", "line": {"width": 3, "color": "#222"}},
    "capital": {"symbol": "star", "size": 16, "color": "#f2b705", "line": {"width": 1.5, "color": "#111"}},
    "city": {"symbol": "circle", "size": 10, "color": "#ffffff", "line": {"width": 1.5, "color": "#111"}},
    "monument": {"symbol": "triangle-up", "size": 13, "color": "#ffffff", "line": {"width": 1.5, "color": "#111"}},
}



def lighter(colour: str, share: float = 0.55) -> str:
    """``colour`` mixed with ``share`` of white (a retired army is drawn paler than a standing one)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(v + (255 - v) * share):02x}" for v in (r, g, b))



# --- the map ---------------------------------------------------------------------------------------
class MapView:
    """The teaching map as a plotly figure: Areas, land and strait links, seas, territories coloured
    by who stands there, sites, forts, fleets, and rings around the territories a click may take.

    ``widget`` is a ``FigureWidget`` (clickable) when anywidget is installed; otherwise a static
    figure in an ``Output`` (the drop-down under the map still places armies). ``width`` in
    pixels (the height follows): the default fits a notebook in JupyterLab at 1280 px.
    ``presentation=True`` draws every text at a projector's size (``TEXT_SIZES``).
    """

    def __init__(self, world: TeachingMap, on_click, *, width: int = MAP_SIZE[0], presentation: bool = False):
        import plotly.graph_objects as go

        self.world = world
        self._set_size(width, presentation)
        self.names = list(world.territories)
        self.language = language()  # the names, seas and title are drawn in it (``relabel`` for another)
        self.shown_names = [display_name(name) for name in self.names]
        self.view = "World"
        self.scale = 1.0  # markers are drawn smaller in the whole-world view
        self._layouts: dict[str, tuple] = {}  # view -> where its names go (worked out once)
        self._boxes: dict[str, list] = {}
        self._waters: dict[str, list] = {}
        self._sent: dict[tuple, object] = {}  # (traces, property) -> the value last sent to the figure
        self._batching = 0  # inside ``one_message_per_trace`` blocks
        self._pending: dict[int, dict] = {}  # trace -> its changes, sent when the outermost block ends
        figure = self._base_figure()
        try:
            self.figure = go.FigureWidget(figure)
            self.widget = self.figure
            self.clickable = True
        except ImportError:  # plotly's FigureWidget needs anywidget
            self.figure = go.Figure(figure)
            self.widget = widgets.Output()
            self.clickable = False
        self.widget.add_class("bh-map")
        if self.clickable:
            self.figure.data[self.territory_trace].on_click(self._clicked)
        self._on_click = on_click
        self.set_view("World")

    # --- building -------------------------------------------------------------------------------
    def _set_size(self, width: int, presentation: bool) -> None:
        if isinstance(width, bool) or not isinstance(width, int) or not MIN_WIDTH <= width <= MAX_WIDTH:
            raise ValueError(f"the map's width is a whole number of pixels, {MIN_WIDTH} to {MAX_WIDTH}, not {width!r}")
        self.size = (width, round(width * MAP_SIZE[1] / MAP_SIZE[0]))
        self.presentation = bool(presentation)
        self.text = TEXT_SIZES[self.presentation]

    def resize(self, width: int, *, presentation: bool = False) -> None:
        """The same figure at another width and text size (presentation size on or off), its names
        placed for them (once per view and size, as always)."""
        self._set_size(width, presentation)
        self._layouts.clear(), self._waters.clear(), self._boxes.clear()
        text = self.text
        self.figure.plotly_relayout({"width": self.size[0], "height": self.size[1], "font.size": text.label,
                                     "hoverlabel.font.size": text.hover, "title.font.size": text.title})
        for trace, size in ((self.water_label_trace, text.water), (self.area_label_trace, text.area),
                            (self.fleet_trace, text.fleet), (self.territory_trace, text.label)):
            self._restyle({"textfont.size": size}, [trace])
        self.set_view(self.view)

    def _base_figure(self) -> dict:
        """The figure before anything is drawn on it, as a dict: built and checked by plotly once
        per map and size (a board makes a new figure whenever the screen changes hands, and a
        plotly figure built trace by trace costs a tenth of a second)."""
        import plotly.graph_objects as go

        key = (id(self.world), self.size, self.text, self.language)
        cached = _BASE_FIGURES.get(key)
        if cached is None or cached[0] is not self.world:
            figure = go.Figure(layout=self._layout())
            self._add_background(figure)
            self._add_territories(figure)
            built = figure.to_dict()
            for trace in built["data"]:
                trace.pop("uid", None)  # each figure gets its own
            marks = {name: getattr(self, name) for name in _TRACE_NAMES}
            cached = _BASE_FIGURES[key] = (self.world, built, marks)
        for name, value in cached[2].items():
            setattr(self, name, value)
        return cached[1]

    def _layout(self) -> dict:
        hidden = HIDDEN_AXIS
        return {
            # no fixed width: the map takes its container's width (a notebook, a projector, 1024 px)
            "width": self.size[0], "height": self.size[1], "margin": MAP_MARGIN, "showlegend": False,
            "paper_bgcolor": "#fbfaf6", "plot_bgcolor": SEA_COLOUR, "hovermode": "closest",
            "dragmode": "pan", "xaxis": dict(hidden), "yaxis": dict(hidden),
            "font": {"family": "DejaVu Sans, Arial, sans-serif", "size": self.text.label, "color": "#1a1a1a"},
            "hoverlabel": {"font": {"size": self.text.hover}},
            # the legend says the rest
            "title": {"text": _("<b>Teaching map</b>: {label}").format(label=_(MAP_LABEL)),
                      "x": 0.01, "y": 0.985,
                      "font": {"size": self.text.title}},
            "modebar": {"remove": ["lasso2d", "select2d", "autoScale2d"]},
        }

    def _add_background(self, figure) -> None:
        import plotly.graph_objects as go

        world = self.world
        self.hulls = {}
        for index, area in enumerate(world.areas):
            xs, ys = _padded_hull([world.xy(t) for t in world.territories_in(area)], radius=3.2)
            self.hulls[area] = (xs, ys)
            figure.add_trace(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", hoverinfo="skip",
                                        fillcolor=AREA_TINTS[index % len(AREA_TINTS)],
                                        line={"color": "#b9b09c", "width": 1}, name=area))
        for kind, dash in (("land", "solid"), ("straits", "dot")):
            xs, ys = [], []
            for name in self.names:
                links = world.land_neighbours(name) if kind == "land" else world.strait_neighbours(name)
                for other in sorted(links):
                    if name < other:
                        (x0, y0), (x1, y1) = world.xy(name), world.xy(other)
                        xs += [x0, x1, None]
                        ys += [y0, y1, None]
            figure.add_trace(go.Scatter(x=xs, y=ys, mode="lines", hoverinfo="skip", name=kind,
                                        line={"color": "#9d9582" if kind == "land" else "#4f7fa8",
                                              "width": 1.3, "dash": dash}))
        waters = self.waters = [w for w in WATER_LABELS if w in world.seas or w in world.oceans]
        self.water_label_trace = len(figure.data)
        figure.add_trace(go.Scatter(
            x=[WATER_LABELS[w][0] for w in waters], y=[WATER_LABELS[w][1] for w in waters], mode="text",
            text=[f"<i>{display_name(w)}</i>" for w in waters], hoverinfo="skip", name="waters",
            textfont={"color": "#3d6a91", "size": self.text.water}))
        self.area_label_trace = len(figure.data)
        areas = [display_name(area) for area in world.areas]
        figure.add_trace(go.Scatter(x=[], y=[], mode="text", text=areas, hoverinfo="skip",
                                    name="areas", textfont={"color": "#6b5a35", "size": self.text.area}))

    def _add_territories(self, figure) -> None:
        import plotly.graph_objects as go

        xs = [self.world.xy(t)[0] for t in self.names]
        ys = [self.world.xy(t)[1] for t in self.names]
        self.fleet_trace = len(figure.data)
        figure.add_trace(go.Scatter(x=[], y=[], mode="markers+text", hoverinfo="skip", name="fleets",
                                    marker=MARK_LOOKS["fleet"], textposition="bottom center",
                                    textfont={"size": self.text.fleet}))
        self.under_trace = len(figure.data)  # rings and forts, drawn round the territories' markers
        figure.add_trace(go.Scatter(x=[], y=[], mode="markers", hoverinfo="skip", name="rings and forts"))
        self.territory_trace = len(figure.data)
        figure.add_trace(go.Scatter(x=xs, y=ys, mode="markers+text", text=self.shown_names, customdata=self.names,
                                    hoverinfo="text", name="territories", textfont={"size": self.text.label},
                                    marker={"size": 16, "line": {"width": 1.5}}))
        self.over_trace = len(figure.data)  # capitals, cities and monuments, drawn over them
        figure.add_trace(go.Scatter(x=[], y=[], mode="markers", hoverinfo="skip", name="sites"))

    # --- drawing -----------------------------------------------------------------------------------
    def relabel(self) -> None:
        """Say the names, seas and title in the language in force, on the same figure (a board's
        language switch keeps the page's view of the map)."""
        if self.language == language():
            return
        self.language = language()
        self.shown_names = [display_name(name) for name in self.names]
        self._layouts.clear(), self._waters.clear(), self._boxes.clear()
        said = self._base_figure()  # the map as first drawn in this language
        waters = self.area_label_trace - 1
        self.figure.plotly_relayout({"title.text": said["layout"]["title"]["text"]})
        self._restyle({"text": list(said["data"][waters]["text"])}, [waters])
        self.set_view(self.view)

    def set_view(self, name: str) -> None:
        """Zoom to one of ``VIEWS``; the names are placed so that none overlaps another (once per
        view: coming back to a view reuses its placement)."""
        if name not in VIEWS:
            raise ValueError(f"the map's views are {', '.join(VIEWS)}, not {name!r}")
        self.view = name
        (x0, x1), (y0, y1) = VIEWS[name]
        positions, texts, area_spots = self.label_layout(name)
        # whole axes, every property given: a dotted path ("xaxis.range") costs plotly six times as much
        self.figure.plotly_relayout({"xaxis": {**HIDDEN_AXIS, "range": [x0, x1]},
                                     "yaxis": {**HIDDEN_AXIS, "range": [y0, y1]}})
        self._restyle({"textposition": positions, "text": texts}, [self.territory_trace])
        self._restyle({"x": [x for x, _ in area_spots], "y": [y for _, y in area_spots]},
                      [self.area_label_trace])
        self._restyle({"text": self.water_texts(name)}, [self.water_label_trace])
        self.scale = 0.72 if name == "World" else 1.0
        self._show_static()

    def label_layout(self, view: str) -> tuple[list[str], list[str], list[tuple[float, float]]]:
        """For ``view``: each territory name's position beside its marker, the names shown (``""``
        where a name would cover another, a sea's or an Area's: its hover text still names it), and
        the Area names' spots. Area names (they carry the values) are placed first, clear of each
        other and where they can of the seas' names, then the seas' names that clear them, then the
        territories' names."""
        if view not in self._layouts:
            key = (id(self.world), self.size, self.text, view, self.language)
            cached = _PLACED.get(key)
            if cached is None or cached[0] is not self.world:  # the same map, size and text: placed alike
                cached = _PLACED[key] = (self.world, *self._place(view))
            self._layouts[view], self._waters[view], self._boxes[view] = cached[1:]
        return self._layouts[view]

    def water_texts(self, view: str) -> list[str]:
        """The seas' and oceans' names ``view`` shows (``""`` where one would cover another name)."""
        self.label_layout(view)
        return self._waters[view]

    def label_boxes(self, view: str) -> list[tuple]:
        """The screen boxes (pixels) of the names ``view`` shows, seas' and Areas' first."""
        self.label_layout(view)
        return self._boxes[view]

    def _place(self, view: str) -> tuple[tuple, list[str], list[tuple]]:
        shown_view, self.view = self.view, view
        markers, frame = self._marker_boxes(), self._frame_boxes()
        area_spots, area_boxes = self._area_label_spots(markers + self._water_boxes(), frame)
        water_texts, waters = self._water_labels(area_boxes)
        soft = markers + frame + waters + area_boxes + self._fleet_boxes(water_texts)
        positions, texts, boxes = self._label_positions(soft, waters + area_boxes)
        self.view = shown_view
        return (positions, texts, area_spots), water_texts, waters + area_boxes + boxes

    def _pixels_per_degree(self) -> tuple[float, float]:
        (x0, x1), (y0, y1) = VIEWS[self.view]
        width = self.size[0] - MAP_MARGIN["l"] - MAP_MARGIN["r"]
        height = self.size[1] - MAP_MARGIN["t"] - MAP_MARGIN["b"]
        return width / (x1 - x0), height / (y1 - y0)

    def _points(self) -> list[tuple[float, float]]:
        kx, ky = self._pixels_per_degree()
        return [(self.world.xy(t)[0] * kx, -self.world.xy(t)[1] * ky) for t in self.names]

    def _marker_boxes(self) -> list[tuple]:
        return [(x - MARKER_RADIUS, y - MARKER_RADIUS, x + MARKER_RADIUS, y + MARKER_RADIUS)
                for x, y in self._points()]

    def _frame_boxes(self) -> list[tuple]:
        """Four wide boxes round the view's plot area: a name placed there would be cut off."""
        kx, ky = self._pixels_per_degree()
        (x0, x1), (y0, y1) = VIEWS[self.view]
        left, right, top, bottom = x0 * kx, x1 * kx, -y1 * ky, -y0 * ky
        far = 10 * (right - left + bottom - top)
        return [(left - far, top - far, left, bottom + far), (right, top - far, right + far, bottom + far),
                (left, top - far, right, top), (left, bottom, right, bottom + far)]

    def _water_boxes(self) -> list[tuple]:
        """The boxes of the seas' and oceans' names (in ``self.waters``' order), where they are drawn."""
        kx, ky = self._pixels_per_degree()
        boxes = []
        for body in self.waters:
            x, y = WATER_LABELS[body]
            width, height = _extent(display_name(body), self.text.water)
            boxes.append((x * kx - width / 2, -y * ky - height / 2, x * kx + width / 2, -y * ky + height / 2))
        return boxes

    def _water_labels(self, labels: list[tuple]) -> tuple[list[str], list[tuple]]:
        """The seas' and oceans' names that cover none of ``labels`` nor a name before them (``""``
        for the others), and the boxes of those shown."""
        texts, boxes = [], []
        for body, box in zip(self.waters, self._water_boxes()):
            clear = not any(_overlap(box, other) for other in labels + boxes)
            texts.append(f"<i>{display_name(body)}</i>" if clear else "")
            boxes += [box] if clear else []
        return texts, boxes

    def _fleet_spot(self, body: str) -> tuple[float, float]:
        """Where a fleet on ``body`` is drawn: just under the sea's name."""
        drop = _extent(display_name(body), self.text.water)[1] / 2 + MARK_LOOKS["fleet"]["size"] / 2 + 1
        x, y = WATER_LABELS[body]
        return x, y - drop / self._pixels_per_degree()[1]

    def _fleet_boxes(self, water_texts: list[str]) -> list[tuple]:
        """Where a fleet would be drawn under each sea's name shown: its mark and its word."""
        kx, ky = self._pixels_per_degree()
        word_width, word_height = _extent(pgettext("map", "fleet"), self.text.fleet)
        half = MARK_LOOKS["fleet"]["size"] / 2
        boxes = []
        for body, text in zip(self.waters, water_texts):
            if text:
                x, y = self._fleet_spot(body)
                x, y = x * kx, -y * ky
                boxes.append((x - half, y - half, x + half, y + half))
                boxes.append((x - word_width / 2, y + half, x + word_width / 2, y + half + word_height))
        return boxes

    def _label_positions(self, taken: list[tuple], labels: list[tuple]) -> tuple[list[str], list[str], list[tuple]]:
        """A position for each name beside its marker, greedily avoiding what is ``taken`` and the
        names placed before it (screen pixels, y downwards); the names shown (a name that would
        still cover one of the ``labels`` or another name is left out); the boxes of those shown."""
        radius = MARKER_RADIUS
        taken, labels, shown = list(taken), list(labels), []
        positions, texts = [], []
        for (x, y), name in zip(self._points(), self.shown_names):
            width, height = _extent(name, self.text.label)
            reach = radius + width + height  # no option box reaches further from the marker
            near = [box for box in taken if box[0] < x + reach and box[2] > x - reach
                    and box[1] < y + reach and box[3] > y - reach]  # the others overlap no option
            options = {
                "top center": (x - width / 2, y - radius - height, x + width / 2, y - radius),
                "bottom center": (x - width / 2, y + radius, x + width / 2, y + radius + height),
                "middle right": (x + radius, y - height / 2, x + radius + width, y + height / 2),
                "middle left": (x - radius - width, y - height / 2, x - radius, y + height / 2),
                "top right": (x + radius * 0.6, y - radius - height, x + radius * 0.6 + width, y - radius),
                "bottom left": (x - radius * 0.6 - width, y + radius, x - radius * 0.6, y + radius + height),
            }
            best = min(options, key=lambda p: sum(_overlap(options[p], box) for box in near))
            positions.append(best)
            if any(_overlap(options[best], box) for box in labels):
                texts.append("")
                continue
            texts.append(name)
            labels.append(options[best])
            shown.append(options[best])
            taken.append(options[best])
        return positions, texts, shown

    def _area_label_spots(self, taken: list[tuple], frame: list[tuple]) -> tuple[list[tuple[float, float]], list[tuple]]:
        """Where each Area's name (and value) goes: above, below or inside its outline, or a line or
        more further out where those would cover another name; of the spots clear of the Area names
        placed before it and inside the view's ``frame`` (where it can), the first that covers
        little of what is ``taken``; the boxes of those shown. An Area with no territory in the view
        has its name off the view too."""
        kx, ky = self._pixels_per_degree()
        (x0, x1), (y0, y1) = VIEWS[self.view]
        spots, boxes = [], []
        for area in self.world.areas:
            if not any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in map(self.world.xy, self.world.territories_in(area))):
                spots.append((2 * x1 - x0, 2 * y1 - y0))  # none of it in the view: its name stays off it too
                continue
            width, height = _extent(f"{display_name(area)} · 00", self.text.area)  # with its value

            def box(spot, width=width, height=height):
                x, y = spot[0] * kx, -spot[1] * ky
                return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)

            def cost(indexed):
                index, spot = indexed
                clash = any(_overlap(box(spot), other) for other in boxes)
                cut = any(_overlap(box(spot), other) for other in frame)
                covered = sum(_overlap(box(spot), other) for other in taken) / (width * height)
                return clash, cut, round(covered, 1), index  # covering a tenth or less counts as clear

            index, best = min(enumerate(self._area_spot_candidates(area, width, height)), key=cost)
            boxes.append(box(best))
            spots.append(best)
        return spots, boxes

    def _area_spot_candidates(self, area: str, width: float, height: float) -> list[tuple[float, float]]:
        """Spots for an Area's name, best first: above, below or inside its outline, then those
        moved out by one to three lines (and half a name sideways)."""
        kx, ky = self._pixels_per_degree()
        xs, ys = self.hulls[area]
        members = self.world.territories_in(area)
        middle = sum(self.world.xy(t)[0] for t in members) / len(members)
        above, below = max(ys) + 10 / ky, min(ys) - 10 / ky
        preferred = [(middle, above), (middle, below), (middle, (max(ys) + min(ys)) / 2),
                     (min(xs) + width / 2 / kx, above), (max(xs) - width / 2 / kx, below)]
        moved = [(x + dx * width / 2 / kx, y + dy * height / ky)
                 for lines in (1, 2, 3) for x, y in preferred[:3]
                 for dy in (lines, -lines) for dx in (0, -1, 1)]
        return preferred + moved

    def _offset(self, name: str, dx_px: float, dy_px: float) -> tuple[float, float]:
        kx, ky = self._pixels_per_degree()
        x, y = self.world.xy(name)
        return x + dx_px / kx, y + dy_px / ky

    def draw(self, tiles, colours: list[str], hover: dict[str, str], rings: dict[str, str],
             fleets: list[tuple[str, str]]) -> None:
        """Colour every territory by its army (``tiles`` from the state), draw sites, forts and the
        acting empire's ``fleets`` (body, colour), and ring the ``rings`` territories (name -> colour).

        Each trace's markers go as one ``marker`` value, not one property per part
        (``marker.color``, ``marker.size``, ...): plotly's widget checks each property path apart,
        and five paths cost five times what one does."""
        world, k = self.world, self.scale
        fills, lines, widths, sizes, symbols = [], [], [], [], []
        for tile in tiles:
            if world.is_barren(tile.territory):
                fills.append(BARREN_FILL), lines.append(BARREN_FILL), widths.append(0)
                sizes.append(12 * k), symbols.append("x")
            elif tile.army is None:
                fills.append(EMPTY_FILL), lines.append(EMPTY_LINE), widths.append(1.5)
                sizes.append(17 * k), symbols.append("circle")
            else:
                colour = colours[tile.army]
                fills.append(colour if tile.active else lighter(colour))
                lines.append("#111" if tile.active else colour)
                widths.append(3 if tile.active else 2.5)
                sizes.append((26 if tile.active else 23) * k)
                symbols.append("circle")
        marker = {"color": fills, "size": sizes, "symbol": symbols, "line": {"color": lines, "width": widths}}
        self._restyle({"marker": marker, "hovertext": [hover.get(t, t) for t in self.names]},
                      [self.territory_trace])
        under = [("ring", name) for name in self.names if name in rings]
        under += [("fort", tile.territory) for tile in tiles if tile.fort]
        over = [(tile.site, tile.territory) for tile in tiles if tile.site in ("capital", "city")]
        over += [("monument", tile.territory) for tile in tiles if tile.monument]
        for trace, marks in ((self.under_trace, under), (self.over_trace, over)):  # a message a trace, if changed
            self._restyle(self._marks(marks, rings), [trace])
        spots = [self._fleet_spot(body) for body, _ in fleets]
        self._restyle({"x": [x for x, _ in spots], "y": [y for _, y in spots],
                       "marker": {**MARK_LOOKS["fleet"], "color": [colour for _, colour in fleets]},
                       "text": [pgettext("map", "fleet")] * len(fleets)},
                      [self.fleet_trace])
        self._show_static()

    def _marks(self, marks: list[tuple[str, str]], rings: dict[str, str]) -> dict:
        """One trace's ``marks`` ((look, territory) pairs, ``MARK_LOOKS``) as its points: each
        its own symbol, size and colours (one trace, and one message, for several kinds)."""
        k, xs, ys = self.scale, [], []
        marker = {"symbol": [], "size": [], "color": [], "line": {"width": [], "color": []}}
        for look, name in marks:
            mark = MARK_LOOKS[look]
            shift = MARK_SHIFTS.get(look, 0) * k
            x, y = self._offset(name, shift, shift)
            xs.append(x), ys.append(y)
            colour = rings[name] if look == "ring" else mark["color"]  # an open ring is drawn in its colour
            marker["symbol"].append(mark["symbol"]), marker["size"].append(mark["size"] * k)
            marker["color"].append(colour)
            marker["line"]["width"].append(mark["line"]["width"])
            marker["line"]["color"].append(mark["line"].get("color", colour))
        return {"x": xs, "y": ys, "marker": marker}

    def rings_drawn(self) -> dict[str, str]:
        """The territories ringed on the figure now, and each ring's colour (what the page draws)."""
        trace = self.figure.data[self.under_trace]
        spots = {self._offset(name, 0, 0): name for name in self.names}
        ring = MARK_LOOKS["ring"]["symbol"]
        return {spots[x, y]: colour for x, y, symbol, colour in
                zip(trace.x or (), trace.y or (), trace.marker.symbol or (), trace.marker.color or ()) if symbol == ring}

    def set_area_labels(self, labels: list[str]) -> None:
        self._restyle({"text": labels}, [self.area_label_trace])

    @contextlib.contextmanager
    def one_message_per_trace(self) -> Iterator[None]:
        """Changes made inside the block go to the page as one message per trace when it ends (a
        view change and a redraw both change the territories' names and markers: one message, and
        one redraw in the browser, not two)."""
        self._batching += 1
        try:
            yield
        finally:
            self._batching -= 1
            if not self._batching:
                pending, self._pending = self._pending, {}
                for trace, changes in pending.items():
                    self._send(changes, [trace])

    def _restyle(self, changes: dict, traces: list[int]) -> None:
        """Give each of ``traces`` every property in ``changes`` (values for one trace, or one per
        trace when several are named): what the map shows already is not sent again."""
        key_of = tuple(traces)
        changes = {key: value for key, value in changes.items() if self._sent.get((key_of, key)) != value}
        if not changes:
            return  # the map shows it already: a message would redraw the same
        self._sent.update(((key_of, key), value) for key, value in changes.items())
        if self._batching and self.clickable and len(traces) == 1:  # a static map is drawn at once
            self._pending.setdefault(traces[0], {}).update(changes)
            return
        self._send(changes, traces)

    def _send(self, changes: dict, traces: list[int]) -> None:
        """One update message for ``traces``.

        Never ``batch_update``, nor several traces with different properties in one message:
        plotly's widget front end stores such a message in its model without decoding the
        placeholders of the properties a trace does not change, so a view drawn later (a board
        built and driven in one cell before it is shown) loses the territories' coordinates."""
        if len(traces) == 1:
            changes = {key: [value] for key, value in changes.items()}
        self.figure.plotly_restyle(changes, trace_indexes=traces)

    def sync_front_end(self) -> None:
        """Make the figure's starting state (what a newly drawn view of it shows) the current one.

        A ``FigureWidget`` inside a board is never displayed by itself, so plotly keeps the state
        it was built with as the start of every new view, and only later changes reach a page that
        connects afterwards (Voilà renders a notebook's widgets after running it). Plotly's own
        display hook refreshes that state; the board calls it whenever the board is displayed."""
        if self.clickable:
            self.figure._repr_mimebundle_()

    def _clicked(self, trace, points, selector) -> None:
        if points.point_inds:
            self._on_click(self.names[points.point_inds[0]])

    def _show_static(self) -> None:
        if not self.clickable:
            from IPython.display import display

            self.widget.clear_output(wait=True)
            with self.widget:
                display(self.figure)


# The figure a map starts from, per (map, size in pixels): (the map, the figure as a dict, its parts).
_BASE_FIGURES: dict[tuple, tuple] = {}
_TRACE_NAMES = ("hulls", "waters", "water_label_trace", "area_label_trace", "fleet_trace", "under_trace",
                "territory_trace", "over_trace")

# Where names go, per (map, size in pixels, view): every board in a kernel shares the placements.
_PLACED: dict[tuple, tuple] = {}


def _extent(text: str, size: int) -> tuple[float, float]:
    """About how wide and how tall ``text`` is drawn at ``size`` pixels (an average glyph's width;
    a line's height)."""
    return GLYPH_WIDTH * size * len(text), LINE_HEIGHT * size


def _overlap(a, b) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def _padded_hull(points, radius: float) -> tuple[list[float], list[float]]:
    """The convex hull of small circles round ``points``: an Area's outline on the map."""
    cloud = [(x + radius * math.cos(k * math.pi / 8), y + radius * math.sin(k * math.pi / 8))
             for x, y in points for k in range(16)]
    cloud = sorted(set(cloud))

    def half(seq):
        chain = []
        for p in seq:
            while len(chain) >= 2 and ((chain[-1][0] - chain[-2][0]) * (p[1] - chain[-2][1])
                                       - (chain[-1][1] - chain[-2][1]) * (p[0] - chain[-2][0])) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    hull = half(cloud)[:-1] + half(cloud[::-1])[:-1]
    hull.append(hull[0])
    return [p[0] for p in hull], [p[1] for p in hull]
