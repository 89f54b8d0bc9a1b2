"""The Stratego board in a real browser: the play notebook in JupyterLab and the Voilà app. Each
starts a new game from the board's own panel, plays a few moves by clicking squares (a piece, then
a highlighted square), and reads the grid back after every move, checked against the engine
replaying the same game (same seed, same moves, the same seeded agent)."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest

from gamekit.core import derive_seed
from gamekit.stratego import new_game
from gamekit.stratego.agents import AGENTS
from tests.browser.conftest import start_voila

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.browser

README_SCREENSHOT = REPO / "docs" / "images" / "stratego-board.png"
MOVES = 3  # Fire's moves clicked in each test (each answered by the agent)


def screenshot_path(tmp_path: Path) -> Path:
    """The README's picture when it is missing or ``GAMEKIT_UPDATE_SCREENSHOTS`` is set, else a
    scratch file (each game has a fresh seed, so a run would otherwise rewrite a tracked file)."""
    if os.environ.get("GAMEKIT_UPDATE_SCREENSHOTS") or not README_SCREENSHOT.exists():
        README_SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        return README_SCREENSHOT
    return tmp_path / README_SCREENSHOT.name


def next_action(engine):
    """The move the test clicks: an attack when there is one (to see a battle), else the first step."""
    moves = [a for a in engine.legal_actions() if a.kind == "move"]
    return next((a for a in moves if a.attack), moves[0])


def grid_labels(board) -> dict[str, str]:
    """``{square: text on its button}`` read from the page."""
    pairs = board.locator(".st-square").evaluate_all(
        "buttons => buttons.map(b => [[...b.classList].find(c => /^st-square-[a-z][0-9]+$/.test(c)),"
        " b.innerText.trim()])")
    return {css.removeprefix("st-square-"): text for css, text in pairs}


def expected_labels(engine, viewer: int) -> dict[str, str]:
    """What the grid should show to ``viewer``: own ranks, ``?`` for unknown enemies, blank squares."""
    spec = engine.spec
    labels = {spec.square_name(s): "" for s in range(spec.size) if s not in spec.forbidden}
    for piece in engine.observation(viewer).pieces:
        labels[piece.square] = piece.rank or "?"
    return {square: text for square, text in labels.items()}


def play_by_clicking(board, seed: int, *, setups=None, screenshot: Path | None = None,
                     names=("Fire", "Ice")) -> None:
    """Click ``MOVES`` of Fire's moves against the random agent, checking the grid after each
    and the last turn told in the players' ``names``."""
    engine = new_game("classic", setups=setups, seed=seed)
    agent = AGENTS["random"](seed=derive_seed(seed, 1))
    forbidden = {engine.spec.square_name(s) for s in engine.spec.forbidden}
    for turn in range(MOVES):
        action = next_action(engine)
        board.locator(f".st-square-{action.src}").click()
        board.locator(f".st-square-{action.src}.st-selected").wait_for()
        board.locator(f".st-square-{action.attack or action.dst}.st-target").wait_for()
        if screenshot and turn == 1:
            board.screenshot(path=str(screenshot))
        board.locator(f".st-square-{action.attack or action.dst}").click()
        engine.apply(action)
        if not engine.is_terminal:
            engine.apply(agent.act(engine.observation(1), engine.legal_actions(1)))
        board.locator(f".st-moves[data-moves='{engine.moves}']").wait_for()
        wanted = expected_labels(engine, 0)
        shown = {}
        for _ in range(50):  # the squares' updates may land just after the move count's
            shown = {square: text for square, text in grid_labels(board).items() if square not in forbidden}
            if shown == wanted:
                break
            board.page.wait_for_timeout(100)
        assert shown == wanted
    last = engine.log_lines(0, start=len(engine.history) - 1, names=list(names))[0]
    board.locator(".st-last-turn", has_text=last).wait_for()


def place_fire_by_clicking(board) -> str:
    """Open the set-up editor, put the Flag on a1 and Traps on b1 and a2 by clicking, fill the rest
    at random, save; the set-up text the board saved."""
    board.locator(".st-edit-fire").click()
    for piece, squares in (("F", ["a1"]), ("T", ["b1", "a2"])):
        for square in squares:
            board.locator(f".st-palette-{piece}").click()
            board.locator(f".st-palette-{piece}.gk-selected").wait_for()
            board.locator(f".st-square-{square}").click()
            board.locator(f".st-square-{square}", has_text=piece).wait_for()
    board.locator(".st-setup-fill").click()
    board.locator(".st-square-j3.st-piece-fire").wait_for()
    board.locator(".st-setup-done").click()
    board.locator(".st-edit-fire").wait_for()
    box = board.locator(".st-setup-fire textarea")
    for _ in range(50):
        if box.input_value():
            break
        board.page.wait_for_timeout(100)
    return box.input_value()


def new_game_from_panel(board, *, keep_setups: bool = False) -> int:
    board.locator(".gk-seat-0 select").select_option("human")
    board.locator(".gk-seat-1 select").select_option("random")
    board.locator(".st-mode select").select_option("classic")
    if not keep_setups:
        board.locator(".st-setup-fire textarea").fill("")
    board.locator(".st-setup-ice textarea").fill("")
    old_seed = board.locator(".st-seed").get_attribute("data-seed")
    board.locator(".st-new-game").click()
    board.locator(f".st-seed:not([data-seed='{old_seed}'])").wait_for()
    board.locator(".st-moves[data-moves='0']").wait_for()
    return int(board.locator(".st-seed").get_attribute("data-seed"))


def test_play_notebook_in_jupyterlab(lab, page):
    page.goto(f"{lab.url}/lab/tree/33_stratego_play.ipynb?reset&token={lab.token}")
    idle = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"
    page.wait_for_selector(idle, timeout=90_000)
    page.locator(".jp-StatusBar-Widget", has_text="Python 3 (ipykernel) | Idle").wait_for(timeout=90_000)
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").nth(20).wait_for()
    # Run only the title, the imports, a text cell and the first board (Shift+Enter four times):
    # the later cells play whole agent games, which on a loaded machine outlast any fair timeout.
    # Saved outputs hold no widget state, so a board on the page means its cell ran live.
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
    for _ in range(4):
        page.keyboard.press("Shift+Enter")
    page.locator(".st-board").first.wait_for(timeout=90_000)
    board = page.locator(".st-board").first
    seed = new_game_from_panel(board)
    assert seed == derive_seed(2026, "game", 1)  # the board's next seed after 2026
    play_by_clicking(board, seed, names=("Ana", "Computer"))  # the notebook's names


def test_voila_app_against_an_agent(voila_app, page, tmp_path):
    app = voila_app("apps/stratego.ipynb")
    page.goto(f"{app.url}/?token={app.token}")
    board = page.locator(".st-board")
    board.wait_for(timeout=90_000)
    assert "StrategoBoard(" not in page.locator("body").inner_text()  # no code shown, just the game
    fire = place_fire_by_clicking(board)
    assert fire.splitlines()[2].split()[:2] == ["rF", "rT"] and fire.splitlines()[1].split()[0] == "rT"
    seed = new_game_from_panel(board, keep_setups=True)
    board.locator(".st-square-a1", has_text="F").wait_for()
    shot = screenshot_path(tmp_path)
    play_by_clicking(board, seed, setups=[fire, None], screenshot=shot)
    assert shot.stat().st_size > 10_000


ENDGAME = '''
.   .   .   .   bF  .   .   .   .   .
.   .   .   .   .   .   .   .   .   b3
.   .   .   .   .   .   .   .   .   .
.   .   ~   ~   .   .   ~   ~   .   .
.   .   ~   ~   .   .   ~   ~   .   .
.   .   .   .   .   .   .   .   .   .
.   .   .   .   r2  .   .   .   .   .
rF  .   .   .   .   .   .   .   .   .
'''


def endgame_notebook(tmp_path, language: str = "en") -> Path:
    """A notebook of a hot-seat board (Ana and Rui) three moves from its end, in ``language``."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(
        f"import gamekit\ngamekit.set_language({language!r})\n"
        "from gamekit.stratego import from_ascii\nfrom gamekit.stratego.board import StrategoBoard\n"
        f"StrategoBoard(from_ascii('''{ENDGAME}'''), seats=['human', 'human'], names=['Ana', 'Rui'], seed=1)")]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / f"endgame-{language}.ipynb"
    nbformat.write(notebook, path)
    return path


@pytest.fixture
def endgame_app(tmp_path):
    """A Voilà app of the hot-seat endgame."""
    server = start_voila(endgame_notebook(tmp_path), tmp_path)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def portuguese_endgame_app(tmp_path):
    """The same app in Portuguese."""
    server = start_voila(endgame_notebook(tmp_path, "pt"), tmp_path)
    try:
        yield server
    finally:
        server.stop()


def page_texts(board) -> str:
    """Everything a person at the screen could read in the board: text, and the values and
    tooltips of its inputs and buttons."""
    return board.evaluate(
        "el => [el.innerText, ...[...el.querySelectorAll('textarea, input')].map(i => i.value),"
        " ...[...el.querySelectorAll('[title]')].map(b => b.title)].join('\\n')")


# Samples every animation frame for a while: is the pass-the-screen step shown, and is any square
# showing a piece? A frame with neither is a blank board.
WATCH_FRAMES = """() => { window.stFrames = []; window.stWatching = true; const start = performance.now();
  const shown = el => el.offsetParent !== null;
  const sample = () => {
    const pass = [...document.querySelectorAll('.gk-pass-screen')].some(shown);
    const pieces = [...document.querySelectorAll('.st-square')].some(b => shown(b) && b.innerText.trim());
    window.stFrames.push([pass, pieces, performance.now() - start]);
    if (performance.now() - start < 2500) requestAnimationFrame(sample); else window.stWatching = false;
  };
  requestAnimationFrame(sample); }"""


def take_screen(board, name: str) -> list:
    """Click "I am <name>" and return the frames where the page showed neither the pass screen nor
    a piece (a blank board between the two screens)."""
    button = board.locator(".gk-pass-screen", has_text=f"I am {name}")
    button.wait_for()
    board.page.evaluate(WATCH_FRAMES)
    button.click()
    board.locator(".st-grid").wait_for()
    board.page.wait_for_function("() => window.stWatching === false", timeout=20_000)
    frames = board.page.evaluate("window.stFrames")
    assert any(pieces for _, pieces, _ in frames)  # the next person's pieces came
    return [frame for frame in frames if not frame[0] and not frame[1]]


def test_a_hot_seat_game_played_to_its_end_by_clicks_keeps_each_army_secret(endgame_app, page):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{endgame_app.url}/?token={endgame_app.token}")
    board = page.locator(".st-board")
    board.wait_for(timeout=90_000)
    assert "Scout" not in page_texts(board) and "Dwarf" not in page_texts(board)  # screen not taken yet
    assert take_screen(board, "Ana") == []  # never blank: the pass screen stays until the pieces show
    assert grid_labels(board)["e2"] == "2" and grid_labels(board)["j7"] == "?"
    assert "Dwarf" not in page_texts(board)
    a1 = board.locator(".st-square-a1").bounding_box()
    assert a1["y"] + a1["height"] <= 768  # the bottom row is in view at 1024×768
    board.locator(".st-square-e2").click()
    board.locator(".st-square-e3.st-target").wait_for()
    board.locator(".st-square-e3").click()
    board.locator(".gk-pass-screen", has_text="I am Rui").wait_for()
    assert all(text == "" for text in grid_labels(board).values())  # nothing on the squares now
    assert "Scout" not in page_texts(board) and "Dwarf" not in page_texts(board)
    assert take_screen(board, "Rui") == []
    assert grid_labels(board)["e3"] == "?" and grid_labels(board)["j7"] == "3"
    assert "Scout" not in page_texts(board)
    board.locator(".st-square-j7").click()
    board.locator(".st-square-j6.st-target").wait_for()
    board.locator(".st-square-j6").click()
    assert take_screen(board, "Ana") == []
    board.locator(".st-square-e3").click()
    board.locator(".st-square-e8.st-target").wait_for()
    board.locator(".st-square-e8").click()
    board.locator(".st-result", has_text="Ana (Fire) captures Rui's Flag and wins.").wait_for()
    assert board.locator(".st-result").inner_text().count("wins") == 1  # said once
    assert grid_labels(board)["j6"] == "3"  # the game is over: every piece is shown


def test_the_app_fits_1024_by_768_and_grows_on_a_projector(voila_app, page, tmp_path):
    app = voila_app("apps/stratego.ipynb")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{app.url}/?token={app.token}")
    board = page.locator(".st-board")
    board.wait_for(timeout=90_000)
    board.locator(".st-square-a1").wait_for()
    a1 = board.locator(".st-square-a1").bounding_box()
    assert a1["y"] + a1["height"] <= 768
    page.screenshot(path=str(tmp_path / "stratego-1024.png"))
    page.set_viewport_size({"width": 1920, "height": 1080})
    board.locator(".gk-presentation-toggle").click()
    page.locator(".st-board.gk-presentation").wait_for()
    page.wait_for_timeout(300)
    big = board.locator(".st-square-a1").bounding_box()
    assert big["width"] > a1["width"] * 1.3
    page.screenshot(path=str(tmp_path / "stratego-1920-presentation.png"))


def test_the_hot_seat_endgame_in_portuguese(portuguese_endgame_app, page):
    """Three moves by clicks in the Portuguese app; the board answers in Portuguese."""
    app = portuguese_endgame_app
    page.goto(f"{app.url}/?token={app.token}")
    board = page.locator(".st-board")
    board.wait_for(timeout=90_000)
    board.locator(".st-edit-fire", has_text="Colocar as peças de Fogo").wait_for()
    for name, (src, dst) in (("Ana", ("e2", "e3")), ("Rui", ("j7", "j6")), ("Ana", ("e3", "e8"))):
        board.locator(".gk-pass-screen").click()
        board.locator(f".st-square-{src}").click()
        board.locator(".gk-status", has_text=f"{src} escolhido: carrega num espaço destacado.").wait_for()
        board.locator(f".st-square-{dst}.st-target").wait_for()
        board.locator(f".st-square-{dst}").click()
    board.locator(".st-result", has_text="Fim do jogo: Ana (Fogo) captura a Bandeira de Rui e ganha.").wait_for()
    board.locator(".st-last-turn", has_text="O Batedor de Ana (2) em e3 ataca a Bandeira de Rui (F) em e8").wait_for()
    moves = board.locator(".st-log").inner_text()
    assert moves.lower().startswith("jogadas") and "1. Ana (Fogo) move e2-e3." in moves.splitlines()
