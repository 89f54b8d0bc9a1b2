"""The Brief History board in a real browser: the play notebook in JupyterLab and the Voilà app.

In each, a new game is started by clicking, the people's draft choices are clicked (the pass-the-
screen step included), and an army is placed with the territory picker and its Place button. What
the page then shows (the organiser, the gold, the message, and the colour of every territory on
the plotly map) is checked against the engine replaying the same game: same seed, same clicks,
same seeded agents.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError, expect

from gamekit.brief_history import new_game
from gamekit.brief_history.board import (BARREN_FILL, COLOURS, EMPTY_FILL, INVASION_RING, LEGAL_RING, css_name,
                                         lighter, load_agents)
from gamekit.ui import HUMAN, build_agents

REPO = Path(__file__).resolve().parents[2]
README_SCREENSHOT = REPO / "docs" / "images" / "brief-history-board.png"
CLICK_LIMIT = 40  # draft picks and Bonus tokens before a person's first empire turn: far fewer

pytestmark = pytest.mark.browser


def screenshot_path(tmp_path: Path) -> Path:
    """The README's picture when it is missing or ``GAMEKIT_UPDATE_SCREENSHOTS`` is set (every run
    plays a fresh seed, so it would otherwise rewrite a tracked file), else a scratch file."""
    if os.environ.get("GAMEKIT_UPDATE_SCREENSHOTS") or not README_SCREENSHOT.exists():
        README_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        return README_SCREENSHOT
    return tmp_path / README_SCREENSHOT.name


def page_state(board) -> tuple:
    """What changes after every accepted click (the number of actions taken), or after the screen
    step (the message)."""
    epoch = board.locator(".bh-epoch")
    organiser = board.locator(".bh-organiser")
    return (epoch.get_attribute("data-moves"), epoch.get_attribute("data-phase"),
            board.locator(".bh-status").inner_text(),
            organiser.get_attribute("data-organiser") if organiser.count() else None)


def click_and_wait(board, target) -> None:
    """Click, then wait until the kernel's answer is on the page: the state shown has changed and
    the action buttons are the ones the board lists (new button views render a moment after the
    texts), so that no click lands on a view the kernel is about to replace."""
    before = page_state(board)
    target.click()
    board.page.wait_for_function(
        """([board, before]) => {
             const epoch = board.querySelector('.bh-epoch'), organiser = board.querySelector('.bh-organiser');
             const now = [epoch.dataset.moves, epoch.dataset.phase,
                          board.querySelector('.bh-status').innerText,
                          organiser ? organiser.dataset.organiser : null];
             const choices = board.querySelector('.bh-choices');  // hidden while the screen changes hands
             if (!choices || !choices.offsetParent) return false;
             const listed = choices.dataset.choices.split('|').filter(Boolean);
             const shown = Array.from(board.querySelectorAll('.bh-actions .bh-action'))
                                .map(b => b.innerText.trim());
             return now.some((value, i) => value !== before[i])
                    && shown.sort().join('|') === listed.sort().join('|');
           }""", arg=[board.element_handle(), list(before)])
    assert not board.locator(".bh-status.gk-status-error").count(), board.locator(".bh-status").inner_text()


def action_class(button) -> str:
    """The ``bh-action-<action text>`` class of an action button (its label is in words)."""
    return button.evaluate("b => [...b.classList].find(c => c.startsWith('bh-action-'))")


def as_action(state, clicked: str, seat: int):
    """A click replayed: a button's ``bh-action-...`` class is the legal action it names."""
    if not clicked.startswith("bh-action-"):
        return clicked
    return next(a for a in state.legal_actions(seat) if f"bh-action-{css_name(str(a))}" == clicked)


def draft_until_a_placement(board) -> list[str]:
    """Click the people's choices (the first button each time, behind the screen step when it is
    shown; "establish" at the start of a turn) until a person may place an army; the buttons'
    action classes."""
    clicked = []
    for _ in range(CLICK_LIMIT):
        if board.locator(".bh-place:not(:disabled)").count():
            return clicked
        if board.locator(".bh-pass-screen:visible").count():
            click_and_wait(board, board.locator(".bh-pass-screen"))
            continue
        establish = board.locator(".bh-action-establish")
        button = establish if establish.count() else board.locator(".bh-action").first
        clicked.append(action_class(button))
        click_and_wait(board, button)
    raise AssertionError(f"no placement after {CLICK_LIMIT} clicks: {page_state(board)}")


def place_with_the_picker(board) -> str:
    """Pick the first territory the drop-down offers and click Place; the action text."""
    select = board.locator(".bh-territory-select select")
    label = select.locator("option").first.inner_text()
    select.select_option(label=label)
    assert board.locator(".bh-odds-selected").inner_text().startswith("Picked:")  # the odds line for it
    click_and_wait(board, board.locator(".bh-place"))
    territory, _, _ = label.replace("\u00a0", " ").partition(" — ")  # the drop-down shows no-break spaces
    return f"place {territory}"


def engine_replay(seed: int, players: int, seats: list[str], clicked: list[str]):
    """The engine alone: people play what was clicked, agents are seeded as the board seeds them,
    and the game runs on until a person must choose with nothing left to replay."""
    state = new_game(players, seed=seed)
    agents = build_agents(seats, load_agents(), seed)
    clicked = list(clicked)
    while not state.is_terminal:
        p = state.current_player
        if agents[p] is None:
            if not clicked:
                break
            state.apply(as_action(state, clicked.pop(0), p))
        else:
            state.apply(agents[p].act(state.observation(p), state.legal_actions(p)))
    assert not clicked
    return state


def rgb(colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


def assert_page_matches_engine(board, engine) -> None:
    """The organiser, each colour's gold, and every territory's colour on the plotly map."""
    assert board.locator(".bh-organiser").get_attribute("data-organiser") == str(engine.turn.organiser)
    rows = board.locator(".bh-player-row")
    gold = rows.evaluate_all("rows => rows.map(r => [Number(r.dataset.colour), Number(r.dataset.gold)])")
    assert sorted(map(tuple, gold)) == list(enumerate(engine.gold))
    expected = [rgb(BARREN_FILL if engine.world.is_barren(t.territory) else EMPTY_FILL if t.army is None
                    else COLOURS[t.army] if t.active else lighter(COLOURS[t.army])) for t in engine.tiles()]
    # plotly redraws a moment after the widget's message: wait for the territories' trace to match
    board.page.wait_for_function(
        """([map, expected]) => Array.from(map.querySelectorAll('.scatterlayer .trace')).some(trace =>
             Array.from(trace.querySelectorAll('path.point')).map(p => p.style.fill).join()
               === expected.join())""",
        arg=[board.locator(".bh-map").element_handle(), expected], timeout=10_000)


def open_play_notebook(lab, page) -> None:
    page.goto(f"{lab.url}/lab/tree/42_brief_history_play.ipynb?reset&token={lab.token}", timeout=120_000)
    idle = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"
    page.wait_for_selector(idle, timeout=90_000)
    page.locator(".jp-StatusBar-Widget", has_text="Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").nth(20).wait_for()


def run_cell(page, text: str) -> None:
    """Click into the code cell that holds ``text`` and run it (Shift+Enter)."""
    cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell", has_text=text).first
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")


def test_the_last_epoch_played_to_the_end_by_clicks(lab, page):
    """A short game by clicks: the British in Epoch 6 (a lesson position), to the final score."""
    from gamekit.brief_history.scenarios import scenario

    open_play_notebook(lab, page)
    run_cell(page, "AGENTS = load_agents()")
    run_cell(page, "last_epoch = BriefHistoryBoard(")
    board = page.locator(".bh-board", has_text="British").first
    board.locator(".bh-map .scatterlayer").wait_for(timeout=90_000)
    clicked = []
    for _ in range(CLICK_LIMIT):
        if board.locator(".bh-result").count():
            break
        if board.locator(".bh-place:not(:disabled)").count():
            clicked.append(place_with_the_picker(board))
            continue
        button = board.locator(".bh-actions .bh-action").first
        clicked.append(action_class(button))
        click_and_wait(board, button)
    expect(board.locator(".bh-result")).to_contain_text("Game over", timeout=30_000)
    engine = scenario("British", players=3, seed=4)
    agents = build_agents([HUMAN, "random", "random"], load_agents(), engine.seed)
    while not engine.is_terminal:
        p = engine.current_player
        engine.apply(as_action(engine, clicked.pop(0), p) if agents[p] is None
                     else agents[p].act(engine.observation(p), engine.legal_actions(p)))
    assert not clicked
    scores = board.locator(".bh-score-row").evaluate_all("rows => rows.map(r => Number(r.dataset.score))")
    assert scores == engine.scores()


def test_play_notebook_in_jupyterlab(lab, page):
    page.goto(f"{lab.url}/lab/tree/42_brief_history_play.ipynb?reset&token={lab.token}", timeout=120_000)
    idle = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"
    page.wait_for_selector(idle, timeout=90_000)
    page.locator(".jp-StatusBar-Widget", has_text="Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").nth(20).wait_for()
    # Run the notebook's first four cells (title, imports, text, the Romans' board) with Shift+Enter;
    # saved outputs carry no widget state, so a board in the page means its cell ran live.
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
    for _ in range(4):
        page.keyboard.press("Shift+Enter")
    board = page.locator(".bh-board").first
    board.locator(".bh-map .scatterlayer").wait_for(timeout=90_000)
    assert board.locator(".bh-seed").get_attribute("data-seed") == "0"  # the rulebook's Roman turn
    assert "Romans" in board.locator(".bh-turn").inner_text()
    click_and_wait(board, board.locator(".bh-new-game"))  # 3 players: Ana, and two random agents
    seed = int(board.locator(".bh-seed").get_attribute("data-seed"))
    clicked = draft_until_a_placement(board)
    clicked.append(place_with_the_picker(board))
    engine = engine_replay(seed, 3, [HUMAN, "random", "random"], clicked)
    # the header is redrawn last: wait for it to count the engine's moves rather than read it once
    expect(board.locator(".bh-epoch")).to_have_attribute("data-moves", str(len(engine.history)), timeout=30_000)
    assert_page_matches_engine(board, engine)


def test_voila_app_hot_seat_with_an_agent(voila_app, page, tmp_path):
    server = voila_app("apps/brief_history.ipynb")
    page.goto(f"{server.url}/?token={server.token}", timeout=120_000)
    board = page.locator(".bh-board")
    board.wait_for(timeout=90_000)
    board.locator(".bh-map .scatterlayer").wait_for()
    assert "BriefHistoryBoard(" not in page.locator("body").inner_text()  # no code shown, just the game
    seats = [HUMAN, HUMAN, "random"]  # two people at the screen and one agent
    board.locator(".bh-player-count select").select_option("3")
    for seat, kind in enumerate(seats):
        board.locator(f".gk-seat-{seat} select").select_option(kind)
    click_and_wait(board, board.locator(".bh-new-game"))
    seed = int(board.locator(".bh-seed").get_attribute("data-seed"))
    # hot-seat: while the screen is being passed, no card, hand or choice is on the page
    assert board.locator(".bh-pass-screen:visible").count()
    assert not board.locator(".bh-actions .bh-action").count() and not board.locator(".bh-packet:visible").count()
    assert not board.locator(".bh-hand").inner_text().strip()
    assert board.locator(".bh-choices").get_attribute("data-choices") == ""
    clicked = draft_until_a_placement(board)
    clicked.append(place_with_the_picker(board))
    engine = engine_replay(seed, 3, seats, clicked)
    assert_page_matches_engine(board, engine)
    shot = screenshot_path(tmp_path)
    page.set_viewport_size({"width": 1200, "height": 2600})  # the whole board, without scrolling
    box = board.bounding_box()
    page.screenshot(path=str(shot), clip={"x": box["x"], "y": box["y"], "width": box["width"],
                                          "height": min(box["height"], 1450)})
    assert shot.stat().st_size > 10_000


MAP_NOW = """([map, ringColours]) => {
    const traces = Array.from(map.querySelectorAll('.scatterlayer .trace'));
    const fills = traces.map(trace => Array.from(trace.querySelectorAll('path.point')).map(p => p.style.fill));
    const gd = map.closest('.js-plotly-plot') || map.querySelector('.js-plotly-plot');
    return {fills: fills.reduce((a, b) => (b.length > a.length ? b : a), []),
            rings: Array.from(map.querySelectorAll('.scatterlayer path.point'))
                        .filter(p => ringColours.includes(p.style.stroke)).length,
            plotted: gd && gd.data ? gd.data.map(t => (t.marker && Array.isArray(t.marker.color)) ? t.marker.color.length : -1) : null,
            range: gd && gd.layout ? gd.layout.xaxis.range : null, hidden: map.offsetParent === null,
            first: gd ? gd.dataset.firstPlot === 'yes' : null, replots: window.replots,
            events: (window.mapEvents || []).slice(-40).join('')};
}"""


def map_matches(board, engine, rings: int) -> None:
    """The page's map shows ``engine``'s territories and ``rings`` rings (plotly redraws a moment
    after the widget's message: wait for it). A ring is the only mark drawn in a ring colour."""
    fills = [rgb(BARREN_FILL if engine.world.is_barren(t.territory) else EMPTY_FILL if t.army is None
                 else COLOURS[t.army] if t.active else lighter(COLOURS[t.army])) for t in engine.tiles()]
    ring_colours = [rgb(LEGAL_RING), rgb(INVASION_RING)]
    try:
        board.page.wait_for_function(
            f"""([map, fills, rings, ringColours]) => {{
                 const now = ({MAP_NOW})([map, ringColours]);
                 return now.fills.join() === fills.join() && now.rings === rings;
               }}""", arg=[board.locator(".bh-map").element_handle(), fills, rings, ring_colours], timeout=10_000)
    except TimeoutError:
        now = board.locator(".bh-map").evaluate(f"(map, ringColours) => ({MAP_NOW})([map, ringColours])",
                                                ring_colours)
        tiles = engine.tiles()
        wrong = [(tiles[i].territory, a, b) for i, (a, b) in enumerate(zip(now["fills"], fills)) if a != b]
        moves = board.locator(".bh-epoch").get_attribute("data-moves")
        raise AssertionError(f"the map is not the engine's ({moves} moves shown, {len(engine.history)} "
                             f"played): territories (shown, due) {wrong[:5]}, rings "
                             f"{now['rings']} (not {rings}), page {({k: v for k, v in now.items() if k != 'fills'})}")


def rings_due(engine, passing: bool) -> int:
    """The territories a click may take now (none while the screen is passed)."""
    from gamekit.brief_history.rules import BuildMonument, Overrun, Place

    if passing or engine.is_terminal:
        return 0
    return len({a.territory for a in engine.legal_actions(engine.current_player)
                if isinstance(a, (Place, Overrun, BuildMonument))})


def test_voila_hot_seat_map_updates_after_every_pass_and_a_new_game(voila_app, page):
    """Three people at one screen: the screen is passed many times, then New game, then again.
    The map is one figure kept in the page all along: after every click its territories and rings
    are the engine's (a view of a figure the page had dropped would stop updating)."""
    console = []
    page.on("console", lambda message: console.append(message.text))
    page.on("pageerror", lambda error: console.append(str(error)))
    server = voila_app("apps/brief_history.ipynb")
    page.goto(f"{server.url}/?token={server.token}", timeout=120_000)
    board = page.locator(".bh-board")
    board.locator(".bh-map .scatterlayer").wait_for(timeout=90_000)
    board.locator(".bh-map").evaluate(
        """map => { const gd = map.closest('.js-plotly-plot') || map.querySelector('.js-plotly-plot');
                   gd.dataset.firstPlot = 'yes'; window.replots = 0; window.mapEvents = [];
                   new MutationObserver(records => records.forEach(r => r.removedNodes.forEach(n => {
                       if (n.classList && n.classList.contains('plot-container')) window.replots++; })))
                     .observe(gd, {childList: true, subtree: true});
                   for (const kind of ['plotly_afterplot', 'plotly_restyle', 'plotly_relayout'])
                     gd.on(kind, () => window.mapEvents.push(kind[7]));
                 }""")
    board.locator(".bh-player-count select").select_option("3")
    for seat in range(3):
        board.locator(f".gk-seat-{seat} select").select_option(HUMAN)
    passes = 0
    for game in range(2):
        click_and_wait(board, board.locator(".bh-new-game"))
        seed = int(board.locator(".bh-seed").get_attribute("data-seed"))
        clicked: list[str] = []
        for _ in range(CLICK_LIMIT):
            passing = bool(board.locator(".bh-pass-screen:visible").count())
            engine = engine_replay(seed, 3, [HUMAN] * 3, clicked)
            try:
                map_matches(board, engine, rings_due(engine, passing))
            except AssertionError as stale:
                errors = [line for line in console if "rror" in line]
                raise AssertionError(f"game {game + 1}, after {clicked} and {passes} passes: {stale}; "
                                     f"console errors: {errors[-10:]}") from None
            if clicked and clicked[-1].startswith("place "):
                break  # an army placed after the passes: its colour is on the map
            if passing:
                click_and_wait(board, board.locator(".bh-pass-screen"))
                passes += 1
            elif board.locator(".bh-place:not(:disabled)").count():
                clicked.append(place_with_the_picker(board))
            else:
                establish = board.locator(".bh-action-establish")
                button = establish if establish.count() else board.locator(".bh-action").first
                clicked.append(action_class(button))
                click_and_wait(board, button)
        assert clicked and clicked[-1].startswith("place "), f"no placement in game {game + 1}"
    assert passes >= 6
    assert not [line for line in console if "Error setting state" in line or "Cannot read" in line], console
