"""arkmc tournament: balanced seat rotations on the same deals, and a report that agrees with the rows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from sim.arknova.game import ArkNova
from sim.cli import main
from sim.core.protocols import ShapeMeasure
from sim.pipeline.experiment import ExperimentError
from sim.pipeline.storage import RunFolder
from sim.pipeline.tournament import (
    STANDINGS_ORDER,
    Tournament,
    axis_label,
    game_shape,
    load_seats,
    order_notes,
    pairwise,
    ratings,
    separation_notes,
    shape_lines,
    standings,
)

RANDOM_TWIN = "heuristics.random_bot:RandomBot"  # a second random bot under another spec
BOTS = ("random", RANDOM_TWIN, "default")


@pytest.mark.parametrize("bots, players", [(3, 2), (4, 3), (5, 4)])
def test_every_bot_sits_in_every_seat_equally_often(bots: int, players: int) -> None:
    setup = Tournament(bots=tuple(f"bot{index}" for index in range(bots)), out="unused", players=players)
    seatings = setup.seatings()
    tables = {seating.table: set(seating.bots) for seating in seatings}
    assert len(tables) == len(set(map(frozenset, tables.values())))  # every table once
    for table, members in tables.items():
        rotations = [seating.bots for seating in seatings if seating.table == table]
        assert len(rotations) == players
        for seat in range(players):
            assert sorted(rotation[seat] for rotation in rotations) == sorted(members)
    seat_counts = Counter((index, seat) for seating in seatings for seat, index in enumerate(seating.bots))
    assert len(set(seat_counts.values())) == 1
    assert len(seat_counts) == bots * players


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("tournament") / "t"
    result = CliRunner().invoke(main, ["tournament", "--bots", ";".join(BOTS), "--games", "3", "--seed", "5",
                                       "--jobs", "1", "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    return out, result.output


def tournament_in(out: Path) -> Tournament:
    return Tournament(bots=BOTS, out=str(out), games=3, seed=5, jobs=1)


def test_every_rotation_of_a_table_plays_the_same_deals(played: tuple[Path, str]) -> None:
    out, _ = played
    setup = tournament_in(out)
    seeds: dict[int, list[list[int]]] = {}
    for seating in setup.seatings():
        games = RunFolder(out / seating.folder).scan("games").sort("game").collect()
        seeds.setdefault(seating.table, []).append(games["seed"].to_list())
        bots = RunFolder(out / seating.folder).scan("seats").sort("game", "seat").collect()
        assert bots["bot_spec"].cast(pl.String).to_list()[:2] == [BOTS[index] for index in seating.bots]
    assert len(seeds) == 3
    for rotations in seeds.values():
        assert len(rotations) == 2 and rotations[0] == rotations[1] and len(set(rotations[0])) == 3


def test_standings_matrix_and_ratings_agree_with_the_rows(played: tuple[Path, str]) -> None:
    out, output = played
    setup = tournament_in(out)
    seats = load_seats(setup)
    assert seats.height == 3 * 2 * 3 * 2  # tables x rotations x deals x seats
    table = standings(setup, seats)
    assert table["games"].to_list() == [12, 12, 12]
    assert table["wins"].sum() == pytest.approx(18)  # one win per game, a shared one split between the tied seats
    for row in table.iter_rows(named=True):
        own = seats.filter(pl.col("bot") == BOTS.index(row["bot"]))
        assert row["wins"] == pytest.approx(own["win_share"].sum())
        assert row["mean_points"] == pytest.approx(own["points"].mean())
        assert row["points_low"] <= row["mean_points"] <= row["points_high"]
        assert row["win_low"] <= row["win_rate"] <= row["win_high"]
    rates, counts = pairwise(seats, 3)
    assert (counts == counts.T).all() and counts[0, 1] == 6 and np.isnan(np.diag(rates)).all()
    off = ~np.eye(3, dtype=bool)
    assert np.allclose((rates + rates.T)[off], 1.0)
    for i in range(3):  # two players per table: beating the other seat is winning the game
        for j in range(3):
            if i != j:
                games = seats.filter(pl.col("bot").is_in([i, j])).group_by("table", "rotation", "game").agg(
                    pl.col("bot").n_unique().alias("bots")).filter(pl.col("bots") == 2)
                mine = seats.filter(pl.col("bot") == i).join(games, on=["table", "rotation", "game"])
                assert rates[i, j] == pytest.approx(mine["win_share"].mean())  # a shared win counts 1/k
    heuristic = BOTS.index("default")
    assert rates[heuristic, 0] > 0.5 and rates[heuristic, 1] > 0.5
    assert table["bot"][0] == "default"  # the best win rate comes first
    assert table["win_rate"].to_list() == sorted(table["win_rate"].to_list(), reverse=True)
    assert ratings(seats, 3) == ratings(seats, 3)
    assert "default" in output and "pairwise" in output and f"standings by {STANDINGS_ORDER}" in output


def test_the_standings_list_the_higher_win_rate_first_whatever_the_rating(monkeypatch: pytest.MonkeyPatch) -> None:
    # bot 0 wins 3 of 4 two-player games against bot 1, yet is given the lower rating
    monkeypatch.setattr("sim.pipeline.tournament.ratings", lambda seats, bots: [(20.0, 8.0, -4.0), (25.0, 1.0, 22.0)])
    won = [1, 1, 1, 0]
    seats = pl.DataFrame({"game": [g for g in range(4) for _ in (0, 1)], "bot": [0, 1] * 4,
                          "win_share": [float(share) for w in won for share in (w, 1 - w)],
                          "points": [float(share) for w in won for share in (w, 1 - w)]})
    table = standings(Tournament(bots=("a", "b"), out="unused"), seats)
    assert table["bot"].to_list() == ["a", "b"] and table["win_rate"].to_list() == [0.75, 0.25]


def test_the_standings_say_their_order_and_why_a_bot_below_may_look_better() -> None:
    table = pl.DataFrame({"bot": ["a", "b", "c"], "win_rate": [0.60, 0.55, 0.40], "ordinal": [1.0, 2.0, 0.5]})
    rates = np.array([[np.nan, 0.3, 0.7], [0.7, np.nan, 0.6], [0.3, 0.4, np.nan]])
    counts = np.full((3, 3), 20)
    notes = order_notes(table, rates, counts, ("a", "b", "c"))
    assert notes == [
        "note: b is rated above a (2.00 against 1.00) although its win rate is lower: the rating also weighs every "
        "finishing place and is lowered by its uncertainty (mu - 3 sigma)",
        "note: b ranked above a in 70.0% of the 20 games they shared, although its win rate over all its games is lower"]
    rates[1, 0], rates[0, 1] = 0.5, 0.5                      # a tied head-to-head is no reason for a note
    assert order_notes(table.with_columns(pl.Series("ordinal", [3.0, 2.0, 0.5])), rates, counts, ("a", "b", "c")) == []
    assert STANDINGS_ORDER.startswith("win rate, highest first")


def test_bots_that_cannot_be_told_apart_are_named_at_and_just_inside_the_interval() -> None:
    table = pl.DataFrame({"bot": ["a", "b", "c"], "win_rate": [0.7, 0.6, 0.3], "win_low": [0.6, 0.5, 0.2],
                          "win_high": [0.8, 0.7, 0.4]})
    counts = np.array([[0, 40, 40], [40, 0, 0], [40, 0, 0]])
    rates = np.array([[np.nan, 0.65, 0.8], [0.35, np.nan, np.nan], [0.2, np.nan, np.nan]])
    # 26 of 40: Wilson [49.5%, 77.9%] holds 50%; 27 of 40: its low end is above 50%
    assert separation_notes(table, rates, counts, ("a", "b", "c"))[0] == (
        "note: a and b cannot be told apart: a ranked above b in 65.0% [49.5%, 77.9%] of the 40 games they shared "
        "(50% = equal)")
    rates[0, 1] = 27 / 40
    notes = separation_notes(table, rates, counts, ("a", "b", "c"))
    assert notes == []   # b and c never met and their win-rate intervals (0.5-0.7, 0.2-0.4) do not overlap
    just_apart = table.with_columns(pl.Series("win_high", [0.8, 0.7, 0.49]))
    assert separation_notes(just_apart, rates, counts, ("a", "b", "c")) == []
    touching = table.with_columns(pl.Series("win_high", [0.8, 0.7, 0.5]))   # c's high end at b's low end
    assert separation_notes(touching, rates, counts, ("a", "b", "c")) == [
        "note: b and c cannot be told apart: they never shared a game and their win-rate intervals overlap"]


def test_the_report_files_are_written(played: tuple[Path, str]) -> None:
    out, output = played
    assert (out / "report.txt").read_text(encoding="utf-8").splitlines() == output.splitlines()
    assert (out / "pairwise.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pl.read_csv(out / "standings.csv").height == 3
    assert pl.read_parquet(out / "standings.parquet")["bot"].to_list() == pl.read_csv(out / "standings.csv")["bot"].to_list()
    assert pl.read_csv(out / "pairwise.csv").columns == ["bot", *BOTS]


def test_game_shape_agrees_with_the_rows(played: tuple[Path, str]) -> None:
    out, output = played
    setup = tournament_in(out)
    seats = load_seats(setup)
    shape = game_shape(setup, seats)
    assert shape["bot"].to_list() == list(BOTS) and shape["seats"].to_list() == [12, 12, 12]
    games = {}
    for seating in setup.seatings():
        for row in RunFolder(out / seating.folder).scan("games").collect().iter_rows(named=True):
            games[(seating.table, seating.rotation, row["game"])] = row
    for index, row in enumerate(shape.iter_rows(named=True)):
        own = seats.filter(pl.col("bot") == index)
        keys = [(table, rotation, game) for table, rotation, game in own.select("table", "rotation", "game").iter_rows()]
        assert row["turns_median"] == own["turns"].median()
        assert row["sponsors"] == pytest.approx(own["sponsors"].mean())
        assert row["breaks"] == pytest.approx(np.mean([games[key]["breaks"] for key in keys]))
        assert row["score_trigger"] == pytest.approx(np.mean([games[key]["end_trigger"] != -1 for key in keys]))
    heuristic = shape.row(BOTS.index("default"), named=True)
    assert heuristic["score_trigger"] > 0 and heuristic["winner_score"] >= 0
    assert pl.read_csv(out / "shape.csv")["bot"].to_list() == list(BOTS)
    width = max(len(spec) for spec in BOTS)                             # as the report pads its bot column
    lines = shape_lines(shape, ArkNova.info.shape_measures, width)       # Ark Nova's measures, as it declares them
    assert lines[:2] == [
        "game shape: per bot over the games it played (turns per player, share ended by a score of 100, "
        "means per game or seat)",
        f"{'bot':<{width}}  turns   5%-95%  score end  breaks  animals  sponsors  projects  winner score"]
    default = lines[2 + BOTS.index("default")]
    assert default.split() == ["default", f"{heuristic['turns_median']:.0f}",
                               f"{heuristic['turns_5']:.0f}-{heuristic['turns_95']:.0f}",
                               f"{heuristic['score_trigger']:.0%}", *(f"{heuristic[name]:.1f}" for name in (
                                   "breaks", "animals", "sponsors", "projects", "winner_score"))]
    assert "\n".join(lines) in output                                    # what the command printed


def test_game_shape_is_left_out_for_a_game_without_those_columns(played: tuple[Path, str]) -> None:
    out, _ = played
    setup = tournament_in(out)
    bare = load_seats(setup).select("game", "seat", "bot", "points", "rank", "won", "table", "rotation")
    assert game_shape(setup, bare).is_empty() and shape_lines(game_shape(setup, bare), ArkNova.info.shape_measures,
                                                              28) == []


def test_a_shape_measure_of_an_unknown_kind_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match=r"^shape measure 'turns': summary must be one of spread, mean, share, "
                                         r"winner, not 'median'$"):
        ShapeMeasure("turns", summary="median")
    with pytest.raises(ValueError, match=r"^shape measure 'turns': table must be seats or games, not 'turns'$"):
        ShapeMeasure("turns", table="turns")


def test_resume_keeps_the_games_and_a_rerun_without_it_is_refused(played: tuple[Path, str]) -> None:
    out, output = played
    runner = CliRunner()
    arguments = ["tournament", "--bots", ";".join(BOTS), "--games", "3", "--seed", "5", "--jobs", "1",
                 "--out", str(out), "--no-progress"]
    again = runner.invoke(main, arguments)
    assert again.exit_code == 2 and "add --resume" in again.output
    resumed = runner.invoke(main, [*arguments, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert resumed.output == output
    other = runner.invoke(main, [*arguments[:-3], "--seed", "6", "--out", str(out), "--no-progress"])
    assert other.exit_code == 2 and "another tournament: seed is 5 there, 6 here; choose" in other.output


def test_a_tournament_is_extended_to_more_deals_as_if_played_at_that_size(tmp_path: Path) -> None:
    runner = CliRunner()
    extended, whole = tmp_path / "extended", tmp_path / "whole"

    def arguments(games: int, out: Path) -> list[str]:
        return ["tournament", "--bots", "random;" + RANDOM_TWIN, "--games", str(games), "--seed", "5", "--jobs", "1",
                "--out", str(out), "--no-progress"]

    assert runner.invoke(main, arguments(2, extended)).exit_code == 0
    refused = runner.invoke(main, arguments(3, extended))
    assert refused.exit_code == 2 and "add --resume to finish it and extend it to 3 deals per table" in refused.output
    shorter = runner.invoke(main, [*arguments(1, extended), "--resume"])
    assert shorter.exit_code == 2 and "--games 1 would shorten it" in shorter.output
    result = runner.invoke(main, [*arguments(3, extended), "--resume"])
    assert result.exit_code == 0, result.output
    assert runner.invoke(main, arguments(3, whole)).exit_code == 0
    tournament = Tournament(bots=("random", RANDOM_TWIN), out=str(extended), games=3, seed=5, jobs=1)
    grown = load_seats(tournament).sort("table", "rotation", "game", "seat")
    assert grown.height == 2 * 3 * 2          # 2 rotations x 3 deals x 2 seats
    made = load_seats(Tournament(bots=("random", RANDOM_TWIN), out=str(whole), games=3, seed=5, jobs=1))
    assert grown.drop("seconds", strict=False).equals(made.sort("table", "rotation", "game", "seat").drop(
        "seconds", strict=False))


def test_bad_input_gets_one_line_and_exit_code_2(tmp_path: Path) -> None:
    runner = CliRunner()
    out = str(tmp_path / "t")
    for arguments, message in (
        (["--bots", "random"], "1 bot(s) cannot fill a table of 2 players"),
        (["--bots", "random,random"], "bot(s) named twice: random"),
        (["--bots", "random,nobody"], "unknown bot 'nobody'"),
        (["--bots", "random,default", "--games", "0"], "games must be at least 1"),
        (["--bots", "random,default", "--players", "1"], "at least 2 players per table"),
        (["--bots", "random,default", "--players", "5"], "players must be 1-4"),
        (["--bots", "random,default", "--maps", "Z"], "maps must be one of"),
        (["--bots", "random,default", "--backend", "nope"], "backend must be one of"),
    ):
        result = runner.invoke(main, ["tournament", *arguments, "--out", out])
        assert result.exit_code == 2, (arguments, result.output)
        assert message in result.output and len(result.output.strip().splitlines()) == 1
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x.txt").write_text("x")
    result = runner.invoke(main, ["tournament", "--bots", "random,default", "--out", str(tmp_path / "full")])
    assert result.exit_code == 2 and "holds no arkmc tournament" in result.output
    with pytest.raises(ExperimentError):
        Tournament(bots=("a", "b"), out=out, players=3)


USER_BOT = '''
class LastOptionBot:
    """A user's bot in a file of its own: always the last legal option."""

    def choose(self, observation, decision, rng):
        return decision.options[-1]
'''


def test_a_bot_in_a_users_file_is_rated_against_ours_in_one_command(tmp_path: Path) -> None:
    bot_file = tmp_path / "my_bot.py"
    bot_file.write_text(USER_BOT)
    spec = f"{bot_file}:LastOptionBot"
    out = tmp_path / "t"
    result = CliRunner().invoke(main, ["tournament", "--bots", f"{spec};random", "--games", "4", "--jobs", "2",
                                       "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    standings_table = pl.read_csv(out / "standings.csv")
    assert set(standings_table["bot"]) == {spec, "random"}
    assert standings_table["games"].to_list() == [8, 8]  # 4 deals, each from both seats
    assert spec in result.output


def test_a_broken_bot_file_gets_one_line(tmp_path: Path) -> None:
    bot_file = tmp_path / "broken.py"
    bot_file.write_text("raise RuntimeError('half written')\n")
    result = CliRunner().invoke(main, ["tournament", "--bots", f"{bot_file}:Bot;random", "--out", str(tmp_path / "t")])
    assert result.exit_code == 2
    assert "RuntimeError: half written" in result.output and len(result.output.strip().splitlines()) == 1


def test_axis_labels_drop_folders_and_long_middles() -> None:
    assert axis_label("/home/me/bots/my_bot.py:LastOptionBot") == "my_bot.py:LastOptionBot"
    assert axis_label("default") == "default"
    long = axis_label("heuristic:archetype=/some/very/long/path/style.toml")
    assert len(long) == 28 and long.startswith("heuristic:a") and long.endswith("style.toml")
