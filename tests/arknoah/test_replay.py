"""Watching an Ark & Noah game: `arkmc replay` of an Ark & Noah run and `arkmc play --html` write the replay
page with one step per worker planned (quick rules: per turn), each seat's pieces and animals, and the ark
drawn with its walls in their owners' colours, its pitch, food and loaded cages. The page is opened in
headless Chromium as tests/arknova/test_replay.py does for Ark Nova."""

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
from click.testing import CliRunner

from sim.arknoah.ark_drawing import CAGE_FILL, COLOURS, SQUARE_FILL, edge_label
from sim.arknoah.board import bit_list
from sim.arknoah.game import ArkNoah
from sim.arknoah.log import NoahTurnLog
from sim.arknoah.state import BAG, NoahState
from sim.cli import main
from sim.core.decision import Decision
from sim.core.play import play_game
from sim.core.protocols import GameState
from sim.pipeline.experiment import build_experiment, load_experiment
from sim.pipeline.runner import experiment_bots, experiment_factory, new_indexed_game, run
from sim.pipeline.storage import RunFolder

TURNS = ArkNoah.info.turn_decision


@pytest.fixture(scope="module")
def noah_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two four-player games, the heuristic against random bots."""
    out = tmp_path_factory.mktemp("noah-replay") / "run"
    run(build_experiment({"game": "arknoah", "players": 4, "bots": ["noah", "random", "noah", "random"], "games": 2,
                          "seed": 5, "jobs": 1, "out": str(out)}), progress=False)
    return out


@pytest.fixture(scope="module")
def page_file(noah_run: Path) -> Path:
    return replayed_page(noah_run)[0]


@pytest.fixture(scope="module")
def steps(page_file: Path) -> list[dict[str, Any]]:
    return page_data(page_file.read_text())["steps"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def drawings(page_file: Path) -> list[str]:
    return page_data(page_file.read_text())["drawings"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def truth(noah_run: Path) -> list[NoahState]:
    """The replayed game's true state as each step ends (each planning decision's start, then the end)."""
    experiment = load_experiment(None, {"out": str(noah_run)}, resume=True)
    state = new_indexed_game(experiment, experiment_factory(experiment), GAME)
    snapshots = []

    def at_each_turn(game: GameState, decision: Decision, option: Any) -> None:
        if decision.kind in TURNS:
            snapshots.append(game.copy())

    play_game(state, experiment_bots(experiment), recorded(noah_run, "games")["seed"][0], listeners=[at_each_turn])
    return [*snapshots, state]  # type: ignore[list-item]


def recorded(run_dir: Path, table: str) -> pl.DataFrame:
    scan = RunFolder(run_dir).scan(table)
    assert scan is not None
    return scan.filter(pl.col("game") == GAME).collect()


def walls_drawn(svg: str) -> dict[int, set[str]]:
    """Each seat's walls as the drawing names them (seat -> edges such as "h3,0")."""
    return {int(seat): set(edges.split()) for seat, edges in re.findall(r'<path data-seat="(\d)" data-edges="([^"]*)"', svg)}


def walls_of(state: NoahState) -> dict[int, set[str]]:
    board = state.board
    return {seat: {edge_label(board.edge_keys[edge]) for edge in bit_list(mask)}
            for seat, mask in enumerate(state.colour_walls)}


def test_the_page_has_one_step_per_worker_planned(steps: list[dict[str, Any]], noah_run: Path) -> None:
    """The run's own record of every action chosen (the `choices` table) is the page's list of turns."""
    choices = recorded(noah_run, "choices").sort("round", "order")
    assert ArkNoah.info.turn_decision == ("plan", "turn")
    assert [step["kind"] for step in steps] == ["setup"] + ["turn"] * choices.height + ["end"]
    assert [step["seat"] for step in steps[1:-1]] == choices["seat"].to_list(), "the planner, plan after plan"
    for step, row in zip(steps[1:-1], choices.iter_rows(named=True)):
        bonus = f" (+{row['bonus']} bonus)" if row["bonus"] else ""
        assert f"  P{row['seat'] + 1} plans action {row['column']} {row['action']}{bonus}" in step["log"][:2]
    rounds = recorded(noah_run, "games")["rounds"][0]
    assert sum(line.startswith("Round ") for step in steps for line in step["log"]) == rounds
    assert all(index == 0 for step in steps for index, line in enumerate(step["log"])
               if line.startswith("Round ")), "a round's closing lines end its last step"
    last = steps[-2]["log"]  # the last-minute loading is no turn: the last step holds it, after the last round's end
    start = last.index("Last-minute loading (no VP)")
    assert [line[:8] for line in last[start - 4:start]] == ["    P1: ", "    P2: ", "    P3: ", "    P4: "]


def test_the_last_step_shows_the_points_the_run_recorded_and_the_walls_on_the_ark(
        page_file: Path, noah_run: Path, truth: list[NoahState], tmp_path: Path) -> None:
    dom = chromium(f"file://{page_file}#step=end", tmp_path, "--dump-dom")
    assert 'id="replay-ready"' in dom and 'data-kind="end"' in dom
    panels = seat_sections(dom)
    shown = {seat: int(re.search(r'<span class="score">(-?\d+)</span>', html).group(1))  # type: ignore[union-attr]
             for seat, html in panels.items()}
    seats = recorded(noah_run, "seats").sort("seat")
    assert shown == {seat: int(points) for seat, points in zip(seats["seat"], seats["points"])}
    final = truth[-1]
    assert not any("<svg" in html for html in panels.values()), "the panels leave the shared ark to the table"
    assert dom.count('class="ark"') == 1, "the ark, drawn once"
    board = re.search(r'<div id="table-drawing" class="drawing">(.*?)</div>', dom, re.S).group(1)  # type: ignore[union-attr]
    assert walls_drawn(board) == walls_of(final)
    assert sum(len(edges) for edges in walls_of(final).values()) > 40


def test_every_step_draws_the_ark_as_the_game_stood(steps: list[dict[str, Any]], drawings: list[str],
                                                    truth: list[NoahState]) -> None:
    """Walls by colour, open hull, pitch spaces, cages with their food and pairs: as the state has them."""
    assert len(truth) == len(steps) - 1, "a state for every step but the end, which shows the last again"
    for step, state in zip(steps, truth):
        board, species = state.board, state.catalog.species
        svgs = {drawings[view["table_drawing"]] for view in step["views"]}
        assert len(svgs) == 1, "the ark is shared: the table's drawing, the same for every seat"
        assert {view["drawing"] for view in step["views"]} == {-1}, "and no seat draws one of its own"
        svg = svgs.pop()
        assert walls_drawn(svg) == walls_of(state), step["label"]
        [hull] = re.findall(r'class="open-hull" data-edges="([^"]*)"', svg)
        assert set(hull.split()) == {edge_label(board.edge_keys[edge])
                                     for edge in bit_list(board.hull & ~state.walls)}
        points = {kind: {tuple(map(int, point.split(","))) for point in text.split()}
                  for kind, text in re.findall(r'class="pitch (\w+)" data-points="([^"]*)"', svg)}
        assert points["pitched"] == {board.pitch_points[space] for space in bit_list(state.pitched)}
        assert points["ready"] == {board.pitch_points[space] for space in bit_list(state.pitchable & ~state.pitched)}
        cages = re.findall(r'<g class="cage" data-cage="\d+" data-squares="([^"]*)" data-food="(\d+)" data-pairs="([^"]*)"',
                           svg)
        assert cages == [(" ".join(f"{x},{y}" for x, y in (board.squares[s] for s in bit_list(cage.squares))),
                          str(state.cage_food[index]),
                          ",".join(species[n].name for n in (state.cage_large[index], state.cage_small[index]) if n >= 0))
                         for index, cage in enumerate(state.cages)]
    final = truth[-1]
    assert final.cages and any(pairs for *_, pairs in re.findall(r'data-food="(\d+)" data-pairs="([^"]+)"',
                                                                 drawings[steps[-1]["views"][0]["table_drawing"]]))
    assert len(drawings) < len(steps), "an ark that did not change is stored once"


def test_each_panel_shows_its_seat_and_no_tile_the_bags_hide(steps: list[dict[str, Any]],
                                                            truth: list[NoahState]) -> None:
    hidden_checked = 0
    for step, state in zip(steps, truth):
        in_play = {state.catalog.tiles[tile].species for tile, holder in enumerate(state.holder) if holder != BAG}
        in_bags = [species.name for species in state.catalog.species if species.index not in in_play and any(
            state.holder[tile.number] == BAG for tile in state.catalog.tiles if tile.species == species.index)]
        for seat, view in enumerate(step["views"]):
            tracks, player = dict(view["tracks"]), state.players[seat]
            assert tracks["wall colour"] == COLOURS[seat][0] and tracks["VP"].split()[0] == str(player.vp)
            assert tracks["walls"].startswith(f"{player.walls} in stock, {state.colour_walls[seat].bit_count()} on")
            assert (tracks["pitch"], tracks["food"]) == (f"{player.pitch} in stock", f"{player.food} in stock")
            assert tracks["animals"] == (", ".join(NoahTurnLog.tile(state, tile) for tile in state.tiles_of(seat))
                                         or "none")
            assert dict(view["public"])["bags"] == f"{len(state.bags[1])} males, {len(state.bags[0])} females"
            assert view["private"] == [], "Ark & Noah hides nothing in front of a player"
            shown = json.dumps(view)
            for name in in_bags:
                assert not re.search(rf"\b{name}\b", shown), f"{step['label']}: P{seat + 1}'s panel names {name}, in a bag"
                hidden_checked += 1
    assert hidden_checked > 1000


def test_the_page_renders_the_ark_once_and_big(page_file: Path, tmp_path: Path) -> None:
    """The screenshot shows each seat's walls in its colour and the cages in one ark above the panels, which draw
    none: the ark spans the seats' column (about 950 px of the 1400 px window)."""
    pixels = screenshot(page_file, 30, tmp_path)
    assert pixels.shape[:2] == (1100, 1400)
    ark_pixels = [sum(pixels_near(pixels[:, column:column + 1], fill) for fill in (SQUARE_FILL, *CAGE_FILL.values()))
                  for column in range(1000)]
    drawn = [column for column, count in enumerate(ark_pixels) if count]
    assert drawn[-1] - drawn[0] > 800, "the ark is drawn across the seats' column"
    ark_bottom = max(row for row in range(1100) if pixels_near(pixels[row:row + 1, :1000], CAGE_FILL["empty"])
                     + pixels_near(pixels[row:row + 1, :1000], CAGE_FILL["loaded"]))
    for _, colour in COLOURS:
        assert pixels_near(pixels[:ark_bottom], colour) > 1000, colour
    assert pixels_near(pixels[ark_bottom + 80:, :1000], CAGE_FILL["empty"]) == 0, "no second ark in the panels"


def test_play_html_of_a_quick_game_has_one_step_per_turn(tmp_path: Path) -> None:
    out = tmp_path / "quick.html"
    arguments = ["play", "--game", "arknoah", "--players", "3", "--bots", "noah,random,random", "--seed", "4",
                 "--option", "quick=true"]
    plain = CliRunner().invoke(main, arguments)
    with_page = CliRunner().invoke(main, [*arguments, "--html", str(out)])
    assert with_page.exit_code == 0 and with_page.stdout == plain.stdout, "the same game, printed the same way"
    steps = page_data(out.read_text())["steps"]
    assert "\n".join(line for step in steps for line in step["log"]) + "\n" == plain.stdout
    rounds = sum(line.startswith("Round ") for line in plain.stdout.splitlines())
    assert [step["kind"] for step in steps] == ["setup"] + ["turn"] * 3 * rounds + ["end"]
    assert [step["seat"] for step in steps[1:-1]] == [0, 1, 2] * rounds, "clockwise from the first player"
    assert all(re.match(r"  P\d takes action \d", step["log"][int(step["log"][0].startswith("Round "))])
               for step in steps[1:-1])


@pytest.mark.parametrize("window", ["1400,1100", "700,1100"])
def test_every_text_is_readable_at_natural_size(page_file: Path, tmp_path: Path, window: str) -> None:
    """At 100% zoom, in a wide and a narrow window (where the drawing scrolls sideways rather than shrink): every
    text at least 10 px, the cage labels and the legend among them, each inside the drawing, which is drawn once."""
    texts = measured(page_file, "end", tmp_path, f"--window-size={window}")
    drawn = [text for text in texts if text["drawing"] == "ark"]
    assert len(drawn) > 10 and any(text["group"] == "legend" for text in drawn)
    assert not unreadable(texts), unreadable(texts)
    assert all(text["within"] for text in drawn)
    assert {text["holder"] for text in drawn} == {"table-drawing"}, "drawn once, above the seats"
