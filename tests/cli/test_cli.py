"""The arkmc command: real games, readable output, one-line errors with exit code 2."""

from __future__ import annotations

import re

from click.testing import CliRunner

from sim.cli import main


def test_play_prints_every_turn_and_the_final_scores() -> None:
    result = CliRunner().invoke(main, ["play", "--players", "2", "--seed", "7", "--bots", "random"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("  P1 map A, keeps ")
    assert "Turn 1 - P1" in lines and "Turn 1 - P2" in lines
    assert any(line.startswith("-- break 1") for line in lines)
    assert "Final scores" in lines
    assert sum(1 for line in lines if line.startswith("  #")) == 2


def test_play_is_deterministic() -> None:
    runner = CliRunner()
    first = runner.invoke(main, ["play", "--seed", "3", "--bots", "random"]).output
    assert first == runner.invoke(main, ["play", "--seed", "3", "--bots", "random"]).output
    assert first != runner.invoke(main, ["play", "--seed", "4", "--bots", "random"]).output


def test_bad_input_gets_one_line_and_exit_code_2() -> None:
    runner = CliRunner()
    for arguments, message in (
        (["play", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["play", "--maps", "Z"], "maps must be one of"),
        (["play", "--players", "3", "--bots", "random,default"], "names 2 bots for 3 players"),
        (["play", "--maps", "1,2,3"], "maps must list 2 map ids"),
    ):
        result = runner.invoke(main, arguments)
        assert result.exit_code == 2, arguments
        assert message in result.output
        assert "Traceback" not in result.output
    assert runner.invoke(main, ["play", "--players", "9"]).exit_code == 2


def test_bots_lists_the_registered_bots() -> None:
    result = CliRunner().invoke(main, ["bots"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("appeal_engine")


def test_bot_parameters_and_per_seat_bots() -> None:
    runner = CliRunner()
    one = runner.invoke(main, ["play", "--seed", "2", "--bots", "default:horizon=2,shortlist=2"])
    assert one.exit_code == 0, one.output
    mixed = runner.invoke(main, ["play", "--seed", "2", "--bots", "random;heuristic:archetype=sponsor_engine"])
    assert mixed.exit_code == 0, mixed.output
    bad = runner.invoke(main, ["play", "--bots", "default:horizon=1,oops"])
    assert bad.exit_code == 2 and "key=value" in bad.output


def test_games_lists_each_game_with_its_players_options_and_default_bot() -> None:
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "arknova    Ark Nova: 1-4 players, default bot 'default'" in lines
    assert "arknoah    Ark & Noah: 2-4 players, default bot 'noah'" in lines
    assert "--option maps=... (default 'A')" in result.output and "--option solo_appeal=" in result.output


def test_version() -> None:
    from importlib.metadata import version

    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"arkmc {version('arkmc')}"


def test_every_command_takes_the_game_and_refuses_an_unknown_one() -> None:
    runner = CliRunner()
    for command in (["play"], ["run", "--games", "1"], ["tournament", "--bots", "random,default", "--out", "x"],
                    ["tune"], ["cards"], ["bots"]):
        result = runner.invoke(main, [*command, "--game", "chess"])
        assert result.exit_code == 2, (command, result.output)
        assert re.search(r"unknown game 'chess'; available: (\w+, )*arknova\b", result.output), command
        assert "Traceback" not in result.output


def test_game_options_are_set_generically_and_maps_stays_a_convenience() -> None:
    runner = CliRunner()
    generic = runner.invoke(main, ["play", "--seed", "5", "--bots", "random", "--option", "maps=2"]).output
    convenience = runner.invoke(main, ["play", "--seed", "5", "--bots", "random", "--maps", "2"]).output
    assert generic == convenience and "map 2 Outdoor Areas, keeps" in generic
    unknown = runner.invoke(main, ["play", "--option", "colour=red"])
    assert unknown.exit_code == 2 and "unknown Ark Nova option(s): colour" in unknown.output
    malformed = runner.invoke(main, ["play", "--option", "maps"])
    assert malformed.exit_code == 2 and "is not KEY=VALUE" in malformed.output


def test_bots_for_a_game_and_an_unknown_card_kind() -> None:
    runner = CliRunner()
    listed = runner.invoke(main, ["bots", "--game", "arknova"]).output
    assert "default_search" in listed and "random" in listed
    bad = runner.invoke(main, ["cards", "--kind", "meeple"])
    assert bad.exit_code == 2 and "'meeple' is not a kind of arknova's cards" in bad.output
