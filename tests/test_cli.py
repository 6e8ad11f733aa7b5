"""The arkmc command: real games, readable output, one-line errors with exit code 2."""

from __future__ import annotations

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
