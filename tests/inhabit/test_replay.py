"""Watching an Inhabit the Earth game: `arkmc replay` of an Inhabit run writes the replay page with one step
per turn, each seat's points by source, menagerie, hand and rack as that seat holds them, and the six
continent trails drawn with every seat's markers in its colour, on their white or black side. The page is
opened in headless Chromium as tests/arknova/test_replay.py does for Ark Nova."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from arknova.test_replay import (
    GAME,
    chromium,
    measured,
    page_data,
    pixels_near,
    replayed_page,
    screenshot,
    seat_sections,
    unreadable,
)

from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.protocols import GameState
from sim.inhabit.catalog import TERRAINS
from sim.inhabit.log import card_text
from sim.inhabit.replay_view import token_text
from sim.inhabit.state import InhabitState
from sim.inhabit.trail_drawing import SEAT_COLORS, TERRAIN_FILL, TOKEN_FILL
from sim.pipeline.experiment import build_experiment, load_experiment
from sim.pipeline.runner import experiment_bots, experiment_factory, new_indexed_game, run
from sim.pipeline.storage import RunFolder


@pytest.fixture(scope="module")
def inhabit_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two three-player games (sun markers on the first spaces), the game's default bot against random."""
    out = tmp_path_factory.mktemp("inhabit-replay") / "run"
    run(build_experiment({"game": "inhabit", "players": 3, "bots": ["default", "random", "default"], "games": 2,
                          "seed": 7, "jobs": 1, "out": str(out)}), progress=False)
    return out


@pytest.fixture(scope="module")
def page_file(inhabit_run: Path) -> Path:
    return replayed_page(inhabit_run)[0]


@pytest.fixture(scope="module")
def data(page_file: Path) -> dict[str, Any]:
    return page_data(page_file.read_text())


def recorded(run_dir: Path, table: str) -> pl.DataFrame:
    scan = RunFolder(run_dir).scan(table)
    assert scan is not None
    return scan.filter(pl.col("game") == GAME).collect()


@pytest.fixture(scope="module")
def truth(inhabit_run: Path) -> list[InhabitState]:
    """The replayed game's true state as each step ends (each turn's start, then the end), from the game itself
    rather than from any seat's observation."""
    experiment = load_experiment(None, {"out": str(inhabit_run)}, resume=True)
    state = new_indexed_game(experiment, experiment_factory(experiment), GAME)
    snapshots = []

    def at_each_turn(game: GameState, decision: Decision, option: Any) -> None:
        if decision.kind == "turn":
            snapshots.append(game.copy())

    play_game(state, experiment_bots(experiment), int(recorded(inhabit_run, "games")["seed"][0]),
              listeners=[at_each_turn])
    return [*snapshots, state]  # type: ignore[list-item]


def test_the_page_has_one_step_per_turn_of_the_recorded_game(data: dict[str, Any], inhabit_run: Path) -> None:
    steps = data["steps"]
    turns = recorded(inhabit_run, "turns").sort("turn")
    assert turns.height > 20
    assert [step["kind"] for step in steps] == ["setup"] + ["turn"] * turns.height + ["end"]
    for step, row in zip(steps[1:-1], turns.iter_rows(named=True), strict=True):
        heading = f"Turn {row['turn'] + 1} - P{row['seat'] + 1}"   # the step is named as the log heads its turn
        assert step["seat"] == row["seat"] and step["label"] == heading
        assert step["log"][0].startswith(f"{heading} {row['action']} ")


def test_the_last_step_shows_the_points_the_run_recorded(page_file: Path, data: dict[str, Any], inhabit_run: Path,
                                                         tmp_path: Path) -> None:
    dom = chromium(f"file://{page_file}#step=end", tmp_path, "--dump-dom")
    assert 'id="replay-ready"' in dom and 'data-kind="end"' in dom
    panels = seat_sections(dom)
    shown = {seat: int(re.search(r'<span class="score">(-?\d+)</span>', html).group(1))  # type: ignore[union-attr]
             for seat, html in panels.items()}
    seats = recorded(inhabit_run, "seats").sort("seat")
    assert shown == dict(zip(seats["seat"], seats["points"].cast(pl.Int64), strict=True))
    for seat, view in enumerate(data["steps"][-1]["views"]):           # the panel's own sum and its sources
        row = seats.row(seat, named=True)
        tracks = dict(view["tracks"])
        assert tracks["points"] == str(int(row["points"]))
        assert [tracks[source].split(":")[0].split(" (")[0] for source in
                ("from regions", "from tokens", "from scoring cards")] == [
            str(row["region_points"]), str(row["token_points"]), str(row["card_points"])]
    assert not any("<svg" in html for html in panels.values()), "the panels leave the shared trails to the table"
    board = re.search(r'<div id="table-drawing" class="drawing">(.*?)</div>', dom, re.S).group(1)  # type: ignore[union-attr]
    assert dom.count('class="trails"') == 1 and 'class="marker"' in board, "the trails, drawn once"


def drawn_markers(svg: str) -> set[tuple[int, ...]]:
    """(seat, class, continent, space, black) of every marker drawn."""
    return {(int(seat), int(cls), int(continent), int(space), side == "black") for seat, cls, continent, space, side in
            re.findall(r'<g class="marker" data-seat="(\d)" data-class="(\d)" data-continent="(\d)" data-space="(\d+)" '
                       r'data-side="(white|black)"', svg)}


def true_markers(state: InhabitState) -> set[tuple[int, ...]]:
    return {(seat, creature.cls, creature.continent, creature.space, creature.black)
            for seat, player in enumerate(state.seats) for creature in player.creatures}


def test_every_step_draws_the_markers_and_stacks_where_the_game_has_them(data: dict[str, Any],
                                                                         truth: list[InhabitState]) -> None:
    steps, drawings = data["steps"], data["drawings"]
    assert len(truth) == len(steps) - 1, "a state for every step but the end, which shows the last again"
    blacks = 0
    for step, state in zip(steps, truth):
        assert len({view["table_drawing"] for view in step["views"]}) == 1, "the shared boards, alike for every seat"
        assert {view["drawing"] for view in step["views"]} == {-1}, "and no drawing of a seat's own"
        svg = drawings[step["views"][0]["table_drawing"]]
        assert drawn_markers(svg) == true_markers(state), step["label"]
        blacks += sum(marker[4] for marker in true_markers(state))
        stacks = {(int(continent), int(space)): tuple(colors.split(",")) for continent, space, colors, discs in
                  re.findall(r'<g class="tokens" data-at="(\d),(\d+)" data-colors="([a-z,]+)">(.*?)</g>', svg)
                  if re.findall(r'fill="([^"]+)"', discs) == [TOKEN_FILL[color] for color in colors.split(",")]}
        tokens = state.catalog.tokens
        assert stacks == {(continent, space): tuple(tokens[token].color for token in row[space])
                          for continent, (row, trail) in enumerate(zip(state.stacks, state.trails, strict=True))
                          if trail is not None for space in trail.token_spaces if row[space]}
    assert blacks > 5 and len(true_markers(truth[-1])) > 10, "markers on both sides were checked"


def test_the_trails_are_drawn_by_terrain_with_the_sun_covered_spaces(data: dict[str, Any],
                                                                     truth: list[InhabitState]) -> None:
    state = truth[-1]
    svg = data["drawings"][data["steps"][-1]["views"][0]["table_drawing"]]
    drawn = {(int(continent), int(space)): terrain for terrain, spaces in
             re.findall(r'<path class="terrain" data-terrain="([a-z]+)" data-spaces="([^"]*)"', svg)
             for continent, space in (item.split(",") for item in spaces.split())}
    assert drawn == {(continent, space): TERRAINS[terrain] for continent, trail in enumerate(state.trails)
                     if trail is not None for space, terrain in enumerate(trail.terrains) if terrain >= 0}
    assert re.search(r'<g class="suns" data-spaces="2"', svg) and state.start == 2   # three players: two spaces covered
    suns = re.search(r'<g class="suns"[^>]*>(.*?)</g>', svg).group(1)  # type: ignore[union-attr]
    assert suns.count("<circle") == 2 * 6, "a sun on the first two spaces of each of the six boards"


def hidden_cards(state: InhabitState, seat: int) -> set[int]:
    """What seat `seat` cannot see: the other hands, the decks and the face-down discards."""
    others = {card for index, player in enumerate(state.seats) if index != seat for card in player.hand}
    return others | {card for deck in state.decks for card in deck} | {card for pile in state.discard_down for card in pile}


def test_each_seat_sees_its_own_hand_and_rack_and_nothing_another_seat_hid(data: dict[str, Any],
                                                                           truth: list[InhabitState]) -> None:
    leaks_checked = 0
    for step, state in zip(data["steps"], truth):
        catalog = state.catalog
        for seat, view in enumerate(step["views"]):
            player = state.seats[seat]
            private = dict(view["private"])
            assert private["hand"] == [card_text(catalog, number) for number in player.hand]
            assert private["tokens"] == [token_text(catalog, token) for token in player.rack]
            shown = json.dumps(view) + data["drawings"][view["table_drawing"]]
            for number in hidden_cards(state, seat):
                assert card_text(catalog, number) not in shown, f"{step['label']}: P{seat + 1} sees hidden card {number}"
                leaks_checked += 1
    assert leaks_checked > 10_000


def test_the_page_renders_in_chromium(page_file: Path, data: dict[str, Any], tmp_path: Path) -> None:
    """The screenshot shows the boards once, above the three panels: their terrains and the markers in the seats'
    colours."""
    pixels = screenshot(page_file, len(data["steps"]) // 2, tmp_path, "--window-size=1400,2400")
    assert pixels.shape[:2] == (2400, 1400)
    assert pixels_near(pixels, TERRAIN_FILL["water"]) > 3000 and pixels_near(pixels, TERRAIN_FILL["desert"]) > 3000
    for color in SEAT_COLORS[:3]:
        assert pixels_near(pixels, color) > 300, f"markers of {color}"
    assert pixels_near(pixels, SEAT_COLORS[3]) < 50, "no fourth seat at a table of three"


@pytest.mark.parametrize("window", ["1400,1100", "700,1100"])
def test_every_text_is_readable_at_natural_size(page_file: Path, tmp_path: Path, window: str) -> None:
    """At 100% zoom, in a wide and a narrow window (where the drawing scrolls sideways rather than shrink): every
    text at least 10 px, the legend of terrains and class letters among them, each inside the drawing, which is drawn once."""
    texts = measured(page_file, "end", tmp_path, f"--window-size={window}")
    drawn = [text for text in texts if text["drawing"] == "trails"]
    assert len(drawn) > 10 and any(text["group"] == "legend" for text in drawn)
    assert not unreadable(texts), unreadable(texts)
    assert all(text["within"] for text in drawn)
    assert {text["holder"] for text in drawn} == {"table-drawing"}, "drawn once, above the seats"
