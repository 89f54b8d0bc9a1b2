"""The Brief History map's names, read from the figure a board draws: in every view, at the notebook's
size and in presentation size, in English and in Portuguese, no two names plotly draws on the map
overlap, and on a projector none is under 18 px.

Each name's box is worked out here from what the figure holds (its spot, its text position beside
the marker, its font size and its length), with the same estimate of a glyph's width and a line's
height that the map places names by."""

import pytest

from gamekit.brief_history.board import PRESENTATION_MAP_WIDTH, BriefHistoryBoard
from gamekit.brief_history.mapview import (
    GLYPH_WIDTH,
    LINE_HEIGHT,
    MAP_MARGIN,
    MARKER_RADIUS,
    TEXT_SIZES,
    VIEWS,
    WATER_LABELS,
    MapView,
)
from gamekit.i18n import using_language
from gamekit.ui import HUMAN

SIZES = {"notebook": False, "presentation": True}


def overlaps(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def extent(text: str, size: float) -> tuple[float, float]:
    plain = text.replace("<i>", "").replace("</i>", "")
    return GLYPH_WIDTH * size * len(plain), LINE_HEIGHT * size


def to_pixels(figure, x, y):
    """A map spot (degrees) in the figure's pixels, y downwards, at its current zoom."""
    layout = figure.layout
    (x0, x1), (y0, y1) = layout.xaxis.range, layout.yaxis.range
    width = layout.width - MAP_MARGIN["l"] - MAP_MARGIN["r"]
    height = layout.height - MAP_MARGIN["t"] - MAP_MARGIN["b"]
    return (x - x0) * width / (x1 - x0), (y1 - y) * height / (y1 - y0)


def centred_boxes(figure, trace):
    """The boxes of a text trace's names, each centred on its spot."""
    boxes = []
    for x, y, text in zip(trace.x, trace.y, trace.text):
        if text:
            px, py = to_pixels(figure, x, y)
            width, height = extent(text, trace.textfont.size)
            boxes.append((text, (px - width / 2, py - height / 2, px + width / 2, py + height / 2)))
    return boxes


def beside_marker(px, py, position, width, height, r=MARKER_RADIUS):
    return {
        "top center": (px - width / 2, py - r - height, px + width / 2, py - r),
        "bottom center": (px - width / 2, py + r, px + width / 2, py + r + height),
        "middle right": (px + r, py - height / 2, px + r + width, py + height / 2),
        "middle left": (px - r - width, py - height / 2, px - r, py + height / 2),
        "top right": (px + 0.6 * r, py - r - height, px + 0.6 * r + width, py - r),
        "bottom left": (px - 0.6 * r - width, py + r, px - 0.6 * r, py + r + height),
    }[position]


def drawn_names(view: MapView):
    """(text, box in pixels) of every name the figure draws now: Areas', seas' and territories'."""
    figure = view.figure
    names = centred_boxes(figure, figure.data[view.area_label_trace])
    names += centred_boxes(figure, figure.data[view.water_label_trace])
    territories = figure.data[view.territory_trace]
    size = territories.textfont.size
    for x, y, text, position in zip(territories.x, territories.y, territories.text, territories.textposition):
        if text:
            names.append((text, beside_marker(*to_pixels(figure, x, y), position, *extent(text, size))))
    plot = (0, 0, figure.layout.width - MAP_MARGIN["l"] - MAP_MARGIN["r"],
            figure.layout.height - MAP_MARGIN["t"] - MAP_MARGIN["b"])
    return [(text, box) for text, box in names if overlaps(box, plot)]  # plotly clips the others away


@pytest.fixture(scope="module", params=["en", "pt"])
def boards(request):
    """A board in each size, in each language (built once: the map's placement is per view)."""
    with using_language(request.param):
        yield {size: BriefHistoryBoard(players=3, seats=[HUMAN, "random", "random"], seed=2, presentation=on)
               for size, on in SIZES.items()}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("view_name", VIEWS)
def test_no_two_names_on_the_map_overlap(boards, size, view_name):
    view = boards[size].map
    view.set_view(view_name)
    names = drawn_names(view)
    clashes = [(a, b) for i, (a, box) in enumerate(names) for b, other in names[i + 1:] if overlaps(box, other)]
    assert not clashes, f"names over one another in {view_name}: {clashes[:5]}"
    (x0, x1), (y0, y1) = VIEWS[view_name]
    world = view.world
    seen = [any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in map(world.xy, world.territories_in(area)))
            for area in world.areas]
    area_names = view.figure.data[view.area_label_trace]
    for area_seen, x, y, text in zip(seen, area_names.x, area_names.y, area_names.text):
        assert "·" in text  # every Area's name and value, where it shows
        assert area_seen or not (x0 <= x <= x1 and y0 <= y <= y1)  # none of an Area the view leaves out
    trace = view.figure.data[view.territory_trace]
    in_view = [bool(text) for x, y, text in zip(trace.x, trace.y, trace.text) if x0 <= x <= x1 and y0 <= y <= y1]
    assert sum(in_view) >= (0.45 if view_name == "World" else 0.8) * len(in_view)  # most names still show


def test_crowded_europe_thins_out_in_the_world_view_and_its_names_come_back_when_zoomed(boards):
    view = boards["notebook"].map
    world = view.label_layout("World")[1]
    europe = view.label_layout("Europe & the Middle East")[1]
    thinned = [name for name, text in zip(view.names, world) if not text]
    assert thinned and all(text for name, text in zip(view.names, europe) if name in thinned[:5])


@pytest.mark.parametrize("view_name", VIEWS)
def test_presentation_size_draws_every_name_at_18_px_or_more(boards, view_name):
    view = boards["presentation"].map
    view.set_view(view_name)
    figure = view.figure
    assert view.size[0] == PRESENTATION_MAP_WIDTH and figure.layout.font.size >= 18
    assert figure.layout.title.font.size >= 18
    drawn = [trace.textfont.size for trace in figure.data if "text" in (trace.mode or "")]
    assert len(drawn) == 4 and min(drawn) >= 18  # seas, Areas, fleets, territories
    notebook = boards["notebook"].map.figure
    assert max(trace.textfont.size for trace in notebook.data if "text" in (trace.mode or "")) < 18


def test_the_placement_is_worked_out_once_per_view_and_size(boards):
    small, large = boards["notebook"].map, boards["presentation"].map
    for name in VIEWS:
        assert small.label_layout(name) is small.label_layout(name)
        assert small.label_boxes(name) != large.label_boxes(name)  # larger names, placed anew
    again = MapView(small.world, lambda territory: None, width=small.size[0])
    assert again.label_layout("World") is small.label_layout("World")  # shared by every map of that size


def test_a_fleet_is_drawn_under_its_seas_name_clear_of_it(boards):
    board = boards["presentation"]
    view = board.map
    view.set_view("Europe & the Middle East")
    sea = "Mediterranean Sea"
    view.draw(board.state.tiles(), ["#123456"] * 6, {}, {}, [(sea, "#123456")])
    fleets = view.figure.data[view.fleet_trace]
    assert list(fleets.text) and fleets.textfont.size >= 18 and fleets.x[0] == WATER_LABELS[sea][0]
    x, y = to_pixels(view.figure, fleets.x[0], fleets.y[0])
    sea_box = dict(drawn_names(view))["<i>Mediterranean Sea</i>" if view.language == "en" else "<i>Mar Mediterrâneo</i>"]
    assert y - fleets.marker.size / 2 >= sea_box[3] and abs(x - (sea_box[0] + sea_box[2]) / 2) < 1


def test_text_sizes_grow_with_presentation_size():
    small, large = TEXT_SIZES[False], TEXT_SIZES[True]
    assert min(large) >= 18 and all(b > a for a, b in zip(small, large))


def test_resizing_a_map_places_its_names_as_a_new_map_of_that_size_would(boards):
    small = boards["notebook"].map
    resized = MapView(small.world, lambda territory: None, width=small.size[0])
    resized.resize(PRESENTATION_MAP_WIDTH, presentation=True)
    fresh = MapView(small.world, lambda territory: None, width=PRESENTATION_MAP_WIDTH, presentation=True)
    for name in VIEWS:
        resized.set_view(name)
        fresh.set_view(name)
        assert resized.figure.to_dict()["layout"] == fresh.figure.to_dict()["layout"]
        assert [(t.text, t.textposition, t.textfont) for t in resized.figure.data] == \
               [(t.text, t.textposition, t.textfont) for t in fresh.figure.data]
    with pytest.raises(ValueError):
        resized.resize(5000)
