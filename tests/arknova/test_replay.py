"""Watching a game: `arkmc replay RUN_DIR GAME` plays a run's game again exactly (an override run's too)
and writes a page that steps through it turn by turn; `arkmc play --html` writes the same page. The
page is opened in headless Chromium: it must draw itself, show what the run recorded, step with the
keys and buttons, and show each seat's hand as that seat saw it and nothing another seat hid."""

from __future__ import annotations

import json
import math
import os
import random
import re
import shutil
import subprocess
from collections.abc import Callable
from functools import partial
from html import unescape
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from click.testing import CliRunner

from sim.arknova.game import ArkNova
from sim.arknova.zoo_drawing import centre
from sim.cli import main
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.protocols import GameState
from sim.core.registry import make_bot
from sim.pipeline.experiment import build_experiment, load_experiment
from sim.pipeline.runner import experiment_bots, experiment_factory, new_indexed_game, run
from sim.pipeline.storage import RunFolder
from sim.replay.page import replay_page
from sim.replay.recorder import GameRecorder

GAME = 1  # the game of the Ark Nova run that the tests replay
TOY = "toygame.game:ToyGame"


def chromium_program() -> str:
    """The Chromium to open pages in: ARKMC_CHROMIUM (which `make test` sets, scripts/setup/chromium.sh), else
    the first of chromium, chromium-browser, google-chrome on the PATH; the test fails when there is none."""
    named = os.environ.get("ARKMC_CHROMIUM")
    browser = named or next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
    if browser is None:
        pytest.fail("these tests open the page in Chromium: `make test` installs it (sh scripts/setup/chromium.sh)")
    return browser


def chromium(url: str, tmp_path: Path, *arguments: str) -> str:
    """Open `url` in headless Chromium with `arguments` (--dump-dom or --screenshot=...); its stdout."""
    browser = chromium_program()
    profile = tmp_path / f"chromium-profile-{random.getrandbits(32)}"
    done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                           "--disable-background-networking", "--disable-component-update", "--disable-sync",
                           f"--user-data-dir={profile}", "--window-size=1400,1100", *arguments, url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def screenshot(page: Path, step: str | int, tmp_path: Path, *arguments: str) -> Any:
    """The page at `step` as headless Chromium draws it: an array of RGB pixels, 0-255."""
    from matplotlib.image import imread

    shot = tmp_path / "middle.png"
    chromium(f"file://{page}#step={step}", tmp_path, f"--screenshot={shot}", *arguments)
    return (imread(shot)[:, :, :3] * 255).round().astype(int)


MEASURE = """<script>
(() => {  // every text shown: its size on screen in px, and whether it lies inside its drawing and its building
  const inside = (box, frame) => box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5
    && box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5;
  const rows = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const host = node.parentElement, text = node.textContent.trim();
    if (!text || host.closest("script, title, [hidden], pre#measures")) continue;
    const box = host.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const svg = host.closest("svg");
    let px = parseFloat(getComputedStyle(host).fontSize), within = true;
    if (svg) {
      px *= svg.getScreenCTM().a;
      within = inside(box, svg.getBoundingClientRect());
      const building = host.closest("g.building");
      if (building) within = within && inside(box, building.querySelector("path").getBoundingClientRect());
    }
    const group = host.closest("g[class], ul[class]"), holder = host.closest("div[id]");
    rows.push({text, px, within, drawing: svg ? svg.getAttribute("class") : "",
               group: group ? group.getAttribute("class") : "", holder: holder ? holder.id : ""});
  }
  const out = document.createElement("pre");
  out.id = "measures";
  out.hidden = true;
  out.textContent = JSON.stringify(rows);
  document.body.append(out);
})();
</script></body>"""


def measured(page: Path, step: str | int, tmp_path: Path, *arguments: str) -> list[dict[str, Any]]:
    """Every text the page shows at `step` in headless Chromium: {text, px (its font size on screen), within
    (inside its drawing, and its building if in one), drawing (the svg's class), group (the class of the group or
    list it is in), holder (the id of the block it is in)}."""
    copy = tmp_path / f"measured-{step}.html"
    copy.write_text(page.read_text().replace("</body>", MEASURE))
    dom = chromium(f"file://{copy}#step={step}", tmp_path, "--dump-dom", *arguments)
    found = re.search(r'<pre id="measures" hidden="">(.*?)</pre>', dom, re.S)
    assert found, "the measuring script ran"
    return json.loads(unescape(found.group(1)))  # type: ignore[no-any-return]


def unreadable(texts: list[dict[str, Any]]) -> list[tuple[str, float]]:
    """The texts under 10 px on screen."""
    return [(text["text"], round(text["px"], 1)) for text in texts if text["px"] < 10 - 1e-6]


def page_data(page: str) -> dict[str, Any]:
    """The steps the page carries (the JSON in its #replay-data element)."""
    match = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert match, "the page carries its steps"
    return json.loads(match.group(1))


def seat_sections(dom: str) -> dict[int, str]:
    """Each seat panel's HTML in a DOM that Chromium drew."""
    starts = [(match.start(), int(match.group(1))) for match in re.finditer(r'<section class="seat[^"]*" data-seat="(\d)"', dom)]
    ends = [start for start, _ in starts[1:]] + [dom.index("</section>", starts[-1][0])]
    return {seat: dom[start:end] for (start, seat), end in zip(starts, ends)}


@pytest.fixture(scope="module")
def ark_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three Ark Nova games of the heuristic against random on maps 1-8, with building made dearer (an
    override that changes every game)."""
    out = tmp_path_factory.mktemp("replay") / "dear-building"
    run(build_experiment({"bots": ["default", "random"], "games": 3, "chunk_size": 3, "seed": 11, "jobs": 1,
                          "options": {"maps": "random"}, "overrides": ["tracks.build_cost_per_space=3"],
                          "out": str(out)}), progress=False)
    return out


@pytest.fixture(scope="module")
def page_file(ark_run: Path) -> Path:
    out, output = replayed_page(ark_run)
    assert "points" in output
    return out


def replayed_page(run_dir: Path) -> tuple[Path, str]:
    """`arkmc replay` of game GAME of the run, written beside it: the page and what the command printed,
    which says the replay ended as the run recorded it."""
    out = run_dir.parent / "page.html"
    result = CliRunner().invoke(main, ["replay", str(run_dir), str(GAME), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "as the run recorded" in result.output
    return out, result.output


@pytest.fixture(scope="module")
def truth(ark_run: Path) -> list[Any]:
    """The replayed game's true state as each step ends (each turn's start, then the end), taken from the
    game itself rather than from any seat's observation."""
    experiment = load_experiment(None, {"out": str(ark_run)}, resume=True)
    state = new_indexed_game(experiment, experiment_factory(experiment), GAME)
    snapshots = []

    def at_each_turn(game: GameState, decision: Decision, option: Any) -> None:
        if decision.kind == "turn":
            snapshots.append(game.copy())

    play_game(state, experiment_bots(experiment), _seed(ark_run), listeners=[at_each_turn])
    return [*snapshots, state]


def _seed(run_dir: Path) -> int:
    games = RunFolder(run_dir).scan("games")
    assert games is not None
    return int(games.filter(pl.col("game") == GAME).collect()["seed"][0])


def recorded(run_dir: Path, table: str) -> pl.DataFrame:
    scan = RunFolder(run_dir).scan(table)
    assert scan is not None
    return scan.filter(pl.col("game") == GAME).collect()


@pytest.fixture(scope="module")
def end_dom(page_file: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The page as Chromium draws its last step."""
    return chromium(f"file://{page_file}#step=end", tmp_path_factory.mktemp("end"), "--dump-dom")


def test_the_page_has_one_step_per_turn_of_the_recorded_game(page_file: Path, ark_run: Path) -> None:
    steps = page_data(page_file.read_text())["steps"]
    turns = recorded(ark_run, "turns").sort("turn")
    assert [step["kind"] for step in steps] == ["setup"] + ["turn"] * turns.height + ["end"]
    assert [step["seat"] for step in steps[1:-1]] == turns["seat"].to_list(), "the seat on turn, turn after turn"
    for step, row in zip(steps[1:-1], turns.iter_rows(named=True)):
        player, turn = f"P{row['seat'] + 1}", row["player_turn"] + 1
        assert step["log"][0] == f"Turn {turn} - {player}"
        assert f"  {player} ends turn {turn}: appeal {row['appeal']}, CP {row['cp']}, reputation {row['reputation']}, " \
            f"money {row['money']}," in "\n".join(step["log"]), "the turn's own lines, ending with its tracks"


def test_the_last_step_shows_the_points_the_run_recorded(end_dom: str, ark_run: Path) -> None:
    assert 'id="replay-ready"' in end_dom, "the page's script ran to its end"
    assert 'data-kind="end"' in end_dom
    shown = {seat: int(re.search(r'<span class="score">(-?\d+)</span>', html).group(1))  # type: ignore[union-attr]
             for seat, html in seat_sections(end_dom).items()}
    seats = recorded(ark_run, "seats").sort("seat")
    assert shown == {seat: int(points) for seat, points in zip(seats["seat"], seats["points"])}


def terrain_cells(html: str, kind: str) -> set[tuple[int, ...]]:
    [text] = re.findall(rf'class="terrain {kind}" data-cells="([^"]*)"', html)
    return {tuple(map(int, item.split(","))) for item in text.split()}


def test_each_zoo_is_drawn_with_its_terrain_and_buildings(end_dom: str, truth: list[Any]) -> None:
    final = truth[-1]
    catalog = final.catalog
    for seat, html in seat_sections(end_dom).items():
        player = final.players[seat]
        zoo_map = catalog.maps[player.map_id]
        rock, water, land = (terrain_cells(html, kind) for kind in ("rock", "water", "land"))
        assert rock == set(zoo_map.rock) and water == set(zoo_map.water) and len(land | rock | water) == 58
        drawn = re.findall(r'<g class="building" data-kind="([^"]+)" data-used="(\d+)" data-cells="([^"]+)"', html)
        assert drawn == [(kind, str(used), " ".join(f"{x},{y}" for x, y in placement.cells))
                         for kind, placement, used in player.buildings]
        assert any(used != "0" for _, used, _ in drawn), "an occupied enclosure is drawn as such"


def hex_centres(path: str) -> list[tuple[float, float]]:
    """The centres of the hexagons of a drawn path: each starts at its corner 0, a radius right of its centre."""
    from sim.arknova.zoo_drawing import RADIUS

    return [(float(x) - RADIUS, float(y)) for x, y in re.findall(r"M(-?[\d.]+),(-?[\d.]+)l", path)]


def test_the_drawn_hexes_touch_exactly_where_the_grid_has_neighbours(truth: list[Any]) -> None:
    """The map as the data files lay it out (x the column from the left, y the half-row from the top): cells
    that are neighbours in the rules share an edge in the drawing, other cells are apart, and each building's
    outline runs along its outer edges only."""
    from sim.arknova.geometry import neighbours
    from sim.arknova.zoo_drawing import RADIUS, zoo_svg

    player = max(truth[-1].players, key=lambda seat: len(seat.buildings))
    svg = zoo_svg(player)
    centres: dict[tuple[int, ...], tuple[float, float]] = {}
    for kind in ("land", "rock", "water"):
        [(cells, path)] = re.findall(rf'class="terrain {kind}" data-cells="([^"]*)" fill="[^"]*" d="([^"]*)"', svg)
        centres.update(zip((tuple(map(int, cell.split(","))) for cell in cells.split()), hex_centres(path), strict=True))
    assert len(centres) == 58
    side = RADIUS * 3 ** 0.5  # the distance between the centres of two hexagons that share an edge
    for cell, point in centres.items():
        for other, elsewhere in centres.items():
            if other != cell:
                touching = abs(math.dist(point, elsewhere) - side) < 0.2
                assert touching == (other in neighbours(cell)), (cell, other)
                assert math.dist(point, elsewhere) > side - 0.2, "no two hexagons overlap"
    assert centres[(0, 1)][0] < centres[(8, 1)][0] and centres[(1, 0)][1] < centres[(1, 12)][1]
    outlined = 0
    for cells, fill, outline in re.findall(r'data-cells="([^"]+)"><title>[^<]*</title><path fill="[^"]*" stroke="[^"]*" '
                                           r'd="([^"]*)"/><path d="([^"]*)"', svg):
        inside = hex_centres(fill)
        segments = re.findall(r"M(-?[\d.]+),(-?[\d.]+)L(-?[\d.]+),(-?[\d.]+)", outline)
        shared = sum(1 for a in inside for b in inside if a < b and abs(math.dist(a, b) - side) < 0.2)
        assert len(segments) == 6 * len(inside) - 2 * shared, cells
        for x1, y1, x2, y2 in segments:
            middle = ((float(x1) + float(x2)) / 2, (float(y1) + float(y2)) / 2)
            assert sum(1 for centre in inside if abs(math.dist(centre, middle) - side / 2) < 0.2) == 1, \
                f"an outline edge of {cells} lies between two of its own cells"
        outlined += 1
    assert outlined == len(player.buildings) > 5


def test_each_seat_sees_its_own_hand_and_nothing_another_seat_hid(page_file: Path, truth: list[Any]) -> None:
    steps = page_data(page_file.read_text())["steps"]
    assert len(truth) == len(steps) - 1, "a state for every step but the end, which shows the last again"
    leaks_checked = 0
    for step, state in zip(steps, truth):
        catalog = state.catalog
        for seat, view in enumerate(step["views"]):
            player = state.players[seat]
            private = dict(view["private"])
            assert private["hand"] == [catalog.card(number).name for number in player.hand]
            assert private["final scoring"] == [catalog.final_scoring[number].name for number in player.final_scoring]
            others = [other for other in state.players if other.seat != seat]
            hidden = {catalog.card(number).name for other in others for number in other.hand} | {
                catalog.final_scoring[number].name for other in others for number in other.final_scoring}
            shown = json.dumps(view)
            legitimate = set(private["hand"]) | set(private["final scoring"]) | {
                catalog.card(number).name for number in state.display}
            for name in hidden:
                if not any(name in other for other in legitimate):  # a name inside a visible one ("Lion" in "Lions")
                    assert name not in shown, f"step {step['label']}: P{seat + 1}'s panel shows {name}, hidden from it"
                    leaks_checked += 1
    assert leaks_checked > 100


def test_the_page_renders_in_chromium(page_file: Path, tmp_path: Path) -> None:
    """The screenshot shows both zoo maps: many pixels in the colours of land, water and occupied enclosures."""
    from sim.arknova.zoo_drawing import BUILDING_FILL, TERRAIN_FILL

    pixels = screenshot(page_file, 40, tmp_path)
    assert pixels.shape[:2] == (1100, 1400)
    heuristic, random_bot = pixels[:, :500], pixels[:, 530:1000]  # the two seat panels, side by side
    for panel in (heuristic, random_bot):
        assert pixels_near(panel, TERRAIN_FILL["land"]) > 5000 and pixels_near(panel, TERRAIN_FILL["water"]) > 500
    assert pixels_near(heuristic, BUILDING_FILL["occupied"]) > 2000, "the heuristic's animals are in their enclosures"


@pytest.fixture(scope="module")
def unique_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`arkmc play --html` of a game in which the default bot builds unique buildings (the Baboon Rock, the
    Spotted Hyena Compound), whose names are too long for the spaces they stand on."""
    out = tmp_path_factory.mktemp("unique") / "game.html"
    done = CliRunner().invoke(main, ["play", "--seed", "7", "--maps", "random", "--html", str(out)])
    assert done.exit_code == 0, done.output
    assert out.read_text().count("(unique building)") > 10
    return out


@pytest.mark.parametrize("window", ["1400,1100", "700,1100"])
@pytest.mark.parametrize("page", ["page_file", "unique_page"])
def test_every_text_is_readable_and_no_label_is_cut_off(page: str, request: pytest.FixtureRequest, tmp_path: Path,
                                                        window: str) -> None:
    """At 100% zoom, in a wide and a narrow window: every text at least 10 px, every label of the zoo maps inside
    the map and inside its building (a unique building's label fits its space: "PBE", named in the legend)."""
    page_file = request.getfixturevalue(page)
    for step in (40, "end"):
        texts = measured(page_file, step, tmp_path, f"--window-size={window}")
        drawn = [text for text in texts if text["drawing"] == "zoo-map"]
        assert len(drawn) > 50 and any(text["group"] == "building" for text in drawn)
        assert not unreadable(texts), (step, unreadable(texts))
        assert not [text["text"] for text in drawn if not text["within"]], step
        legend = [text for text in texts if text["group"] == "legend"]
        assert legend and min(text["px"] for text in legend) >= 12


def legend_keys(drawing: str) -> set[str]:
    return {unescape(key) for key in re.findall(r'<li data-key="([^"]*)"', drawing)}


def labels(drawing: str, group: str) -> list[str]:
    """The texts of the drawing's groups of class `group` (one level of nesting, as the zoo map draws them)."""
    return [unescape(text) for block in re.findall(rf'<g class="{group}"[^>]*>(.*?)</g>', drawing)
            for text in re.findall(r"<text[^>]*>([^<]*)</text>", block)]


@pytest.mark.parametrize("page", ["page_file", "unique_page"])
def test_the_legend_explains_every_symbol_on_the_map(page: str, request: pytest.FixtureRequest) -> None:
    """Enclosure sizes (2, 3 occupied), K, P, PZ/RH/AV with places used, each unique building's code, each
    bonus left uncovered, the map ability's star: every symbol a zoo map draws has its line in the legend."""
    drawings = page_data(request.getfixturevalue(page).read_text())["drawings"]
    symbols_seen = set()
    for drawing in drawings:
        keys = legend_keys(drawing)
        assert "x,y" in keys and {"2", "2\N{BLACK CIRCLE}"} <= keys
        for label in re.findall(r'<g class="building"[^>]*><title>[^<]*</title>.*?<text[^>]*>([^<]*)</text>', drawing):
            symbol = re.sub(r"^(PZ|RH|AV) \d+/\d+$", r"\1 n/m", unescape(label))
            symbol = re.sub(r"^\d(\N{BLACK CIRCLE}?)$", r"2\1", symbol)
            assert symbol in keys, (label, sorted(keys))
            symbols_seen.add(symbol)
        for bonus in labels(drawing, "bonuses"):
            assert bonus in keys, (bonus, sorted(keys))
            symbols_seen.add(bonus)
        if "\N{BLACK STAR}" in drawing.split('<ul class="legend">')[0]:
            assert "\N{BLACK STAR}" in keys
    assert {"K", "P", "2", "2\N{BLACK CIRCLE}"} <= symbols_seen and any(symbol.startswith("$") for symbol in symbols_seen)


def test_the_map_is_numbered_as_the_log_names_its_spaces(page_file: Path) -> None:
    """"P1 builds kiosk on 4,3": the building drawn there stands in column 4 and half-row 3 of the axes drawn."""
    data = page_data(page_file.read_text())
    checked = 0
    for step in data["steps"]:
        for line in step["log"]:
            found = re.match(r"\s+P(\d) builds (\S+) on ((?:\d+,\d+ ?)+)$", line)
            if not found:
                continue
            drawing = data["drawings"][step["views"][int(found.group(1)) - 1]["drawing"]]
            cells = found.group(3).strip()
            assert f'data-cells="{cells}"' in drawing, line
            axes = re.search(r'<g class="axes"[^>]*>(.*?)</g>', drawing).group(1)  # type: ignore[union-attr]
            at = {(float(x), float(y)): text for x, y, text in re.findall(r'<text x="([\d.]+)" y="([\d.]+)">(\d+)</text>', axes)}
            columns = {text: x for (x, y), text in at.items() if y < 15}
            rows = {text: y for (x, y), text in at.items() if x < 15}
            for cell in cells.split():
                column, row = cell.split(",")
                cx, cy = centre((int(column), int(row)))
                assert abs(columns[column] - cx) < 0.1 and abs(rows[row] - 3 - cy) < 0.1, (line, cell)
                checked += 1
    assert checked > 20


def pixels_near(pixels: Any, colour: str) -> int:
    """How many pixels have about this #rrggbb colour."""
    rgb = [int(colour[index:index + 2], 16) for index in (1, 3, 5)]
    return int((abs(pixels - rgb).sum(axis=2) <= 6).sum())


def test_arrow_keys_buttons_and_the_slider_step_through_the_game(page_file: Path, tmp_path: Path) -> None:
    """A user's moves, scripted into a copy of the page; each step shown is noted in the document."""
    script = """<script>
    const seen = [];
    const note = () => seen.push(document.body.dataset.step);
    const key = (name) => { document.dispatchEvent(new KeyboardEvent("keydown", {key: name})); note(); };
    const click = (id) => { document.getElementById(id).click(); note(); };
    note(); key("ArrowRight"); key("ArrowRight"); key("ArrowLeft"); key("End"); key("ArrowRight"); key("Home");
    key("ArrowLeft"); click("step-next"); click("step-end"); click("step-previous"); click("step-first");
    const slider = document.getElementById("step-slider");
    slider.value = "7"; slider.dispatchEvent(new Event("input")); note();
    const out = document.createElement("div"); out.id = "seen"; out.textContent = seen.join(","); document.body.append(out);
    </script></body>"""
    scripted = tmp_path / "scripted.html"
    scripted.write_text(page_file.read_text().replace("</body>", script))
    dom = chromium(f"file://{scripted}#step=3", tmp_path, "--dump-dom")
    last = len(page_data(page_file.read_text())["steps"]) - 1
    seen = re.search(r'<div id="seen">([^<]*)</div>', dom).group(1).split(",")  # type: ignore[union-attr]
    assert seen == [str(step) for step in (2, 3, 4, 3, last, last, 0, 0, 1, last, last - 1, 0, 7)]


def test_an_override_run_replays_only_with_its_overrides(ark_run: Path, tmp_path: Path) -> None:
    """The run's override decides its games: without it, game 1 would be another game."""
    experiment = load_experiment(None, {"out": str(ark_run)}, resume=True)
    plain = new_indexed_game(experiment, ArkNova(), GAME)
    record = play_game(plain, experiment_bots(experiment), _seed(ark_run))
    seats = recorded(ark_run, "seats").sort("seat")
    assert [result.score for result in sorted(record.results, key=lambda r: r.seat)] != seats["points"].to_list()


@pytest.mark.parametrize("changed", ["data", "code"])
def test_a_game_that_no_longer_replays_to_its_result_is_refused(ark_run: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch, changed: str) -> None:
    """Data changed since the run (its data version differs), or code (its commit does): refused in one line,
    without printing the log of the other game it became."""
    original = ArkNova.overridden
    monkeypatch.setattr(ArkNova, "overridden", lambda self, changes: original(
        self, {**changes, "tracks.build_cost_per_space": "4"}))
    if changed == "data":
        monkeypatch.setattr(ArkNova, "data_version", lambda self: "changed")
    else:
        monkeypatch.setattr("sim.replay.run_game.code_version", lambda: {"git_commit": "0123456789abcdef"})
    out = tmp_path / "page.html"
    result = CliRunner().invoke(main, ["replay", str(ark_run), str(GAME), "--out", str(out), "--log"])
    assert result.exit_code == 2 and not out.exists()
    [line] = result.output.splitlines()  # no log of a game that is not the run's
    assert line.startswith(f"arkmc: error: game {GAME} of {ark_run} does not replay to the result the run recorded")
    assert ("data version" in line) if changed == "data" else ("the code changed since the run (commit" in line)


class Quitter:
    """A bot that gives up at once: its games are error rows."""

    name = "quitter"
    games = ("*",)

    def choose(self, observation: Any, decision: Decision, rng: random.Random) -> Any:
        raise RuntimeError("this bot gave up")


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("toy") / "run"
    run(build_experiment({"game": TOY, "bots": ["greedy", "random"], "games": 4, "chunk_size": 2, "seed": 3,
                          "jobs": 1, "out": str(out)}), progress=False)
    return out


def test_a_game_without_a_drawing_gets_its_tracks_hands_and_log(toy_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "toy.html"
    result = CliRunner().invoke(main, ["replay", str(toy_run), "3", "--out", str(out), "--log", "--allow-code"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("Round 1 - P1 "), "--log prints the game as arkmc play does"
    steps = page_data(out.read_text())["steps"]
    assert steps[-1]["kind"] == "end" and steps[-1]["log"][0] == "Final scores"
    views = [view for step in steps for view in step["views"]]
    assert views and all(view["drawing"] == -1 and view["tracks"][0][0] == "points" for view in views)
    seats = RunFolder(toy_run).scan("seats").filter(pl.col("game") == 3).sort("seat").collect()  # type: ignore[union-attr]
    assert [result["score"] for result in steps[-1]["results"]] == seats["points"].to_list()


def test_a_game_without_seat_views_gets_its_log_and_results() -> None:
    """The replay frame knows no game: a factory with no seat_view still gets every step, its log and the results."""
    from toygame.game import ToyGame

    class Plain:
        info = ToyGame.info

        def turn_log(self, state: Any, write: Callable[[str], None]) -> Any:
            return ToyGame().turn_log(state, write)

    state = ToyGame().new_game({"players": 3}, 4)
    recorder = GameRecorder(Plain(), state, 3)  # type: ignore[arg-type]
    record = play_game(state, [make_bot("random", TOY)] * 3, 4, listeners=[recorder])
    recorder.finish(record.results)
    data = page_data(replay_page(recorder.steps, "toy", ["P1", "P2", "P3"], []))
    assert len(data["steps"]) == 2 + 3 * state.round and not any(step["views"] for step in data["steps"])
    assert [result["rank"] for result in data["steps"][-1]["results"]] == [r.rank for r in record.results]


def test_replay_refuses_what_it_cannot_replay_in_one_line(toy_run: Path, tmp_path: Path) -> None:
    quitters = tmp_path / "quitters"
    CliRunner().invoke(main, ["run", "--game", TOY, "--bots", f"{__name__}:Quitter,random", "--games", "1",
                              "--jobs", "1", "--out", str(quitters)])
    partial = tmp_path / "partial"
    shutil.copytree(toy_run, partial)
    manifest = json.loads((partial / "manifest.json").read_text())
    del manifest["chunks_done"]["000001"]
    (partial / "manifest.json").write_text(json.dumps(manifest))
    for part in partial.glob("*/part-000001.parquet"):
        part.unlink()
    for arguments, message in (
        ([str(tmp_path / "nowhere"), "0"], "no run folder"),
        ([str(toy_run), "4", "--allow-code"], "has games 0 to 3; there is no game 4"),
        ([str(partial), "2", "--allow-code"], "game 2 of"),
        ([str(quitters), "0", "--allow-code"], "ended in an error in the run"),
        ([str(toy_run), "0"], "names Python code"),
    ):
        result = CliRunner().invoke(main, ["replay", *arguments, "--out", str(tmp_path / "page.html")])
        assert result.exit_code == 2, (arguments, result.output)
        assert message in result.output and len(result.output.splitlines()) == 1, result.output
    assert "is not saved yet" in CliRunner().invoke(main, ["replay", str(partial), "2", "--allow-code"]).output


def test_play_html_writes_the_page_of_the_game_it_prints(tmp_path: Path) -> None:
    out = tmp_path / "played.html"
    arguments = ["play", "--seed", "5", "--bots", "random", "--maps", "4,7"]
    plain = CliRunner().invoke(main, arguments)
    with_page = CliRunner().invoke(main, [*arguments, "--html", str(out)])
    assert with_page.exit_code == 0 and with_page.stdout == plain.stdout, "the same game, printed the same way"
    assert with_page.stderr == f"replay written to {out}\n"
    steps = page_data(out.read_text())["steps"]
    turns = [line for line in plain.stdout.splitlines() if line.startswith("Turn ")]
    assert [step["log"][0] for step in steps if step["kind"] == "turn"] == turns
    assert "\n".join(line for step in steps for line in step["log"]) + "\n" == plain.stdout


def test_play_html_writes_the_page_of_a_game_a_bot_broke(tmp_path: Path) -> None:
    out = tmp_path / "stopped.html"
    result = CliRunner().invoke(main, ["play", "--game", TOY, "--bots", f"greedy,{__name__}:Quitter", "--seed", "1",
                                       "--html", str(out)])
    stopped = "the game stopped: RuntimeError: this bot gave up"
    assert result.exit_code == 1 and f"arkmc: {stopped}" in result.stderr
    steps = page_data(out.read_text())["steps"]
    assert [step["kind"] for step in steps] == ["setup", "turn", "end"], "P1's turn, then P2 broke the game"
    assert steps[1]["log"][0].startswith("Round 1 - P1 ") and steps[-1]["label"] == "Stopped"
    assert steps[-1]["log"] == [stopped] and not steps[-1]["results"]


def test_a_game_the_safety_cap_stopped_replays_to_the_same_stop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sim.pipeline.runner
    import sim.replay.run_game

    capped = partial(play_game, max_decisions=9)
    monkeypatch.setattr(sim.pipeline.runner, "play_game", capped)
    monkeypatch.setattr(sim.replay.run_game, "play_game", capped)
    out = tmp_path / "capped"
    run(build_experiment({"game": TOY, "games": 2, "seed": 3, "jobs": 1, "out": str(out)}), progress=False)
    page = tmp_path / "capped.html"
    result = CliRunner().invoke(main, ["replay", str(out), "1", "--out", str(page), "--allow-code"])
    assert result.exit_code == 0 and "stopped by the safety cap as in the run" in result.output, result.output
    end = page_data(page.read_text())["steps"][-1]
    assert end["label"] == "Stopped" and end["log"] == ["the game hit the safety cap after 9 decisions, as in the run"]
