"""The arkmc command: real games, readable output, one-line errors with exit code 2."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
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
        (["play", "--maps", "Z"], "maps must be one of random, draft, a map id"),
        (["play", "--players", "3", "--bots", "random,default"], "names 2 bots for 3 players"),
        (["play", "--maps", "1,2,3"], "maps must list 2 map ids"),
    ):
        result = runner.invoke(main, arguments)
        assert result.exit_code == 2, arguments
        assert message in result.output
        assert "Traceback" not in result.output
    assert runner.invoke(main, ["play", "--players", "9"]).exit_code == 2


def test_bots_lists_the_default_games_bots() -> None:
    result = CliRunner().invoke(main, ["bots"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("Bots of Ark Nova (--game arknova)")


def test_bot_parameters_and_per_seat_bots() -> None:
    runner = CliRunner()
    one = runner.invoke(main, ["play", "--seed", "2", "--bots", "heuristic:horizon=2,shortlist=2"])
    assert one.exit_code == 0, one.output
    mixed = runner.invoke(main, ["play", "--seed", "2", "--bots", "random;heuristic:archetype=sponsor_engine"])
    assert mixed.exit_code == 0, mixed.output
    bad = runner.invoke(main, ["play", "--bots", "default:horizon=1,oops"])
    assert bad.exit_code == 2 and "key=value" in bad.output


def test_games_lists_each_game_with_its_players_options_and_default_bot() -> None:
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "arknova    Ark Nova: 1-4 players (default 2), default bot 'default' (the default game)" in lines
    assert "arknoah    Ark & Noah: 2-4 players (default 4), default bot 'default'" in lines
    assert "--option maps=... or --maps VALUE (default 'A')" in result.output
    assert "--option solo_appeal=... (default 20)" in result.output


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


def test_game_options_are_set_generically_and_a_games_shortcut_is_the_same_option() -> None:
    """`--maps` is Ark Nova's shortcut (GameInfo.shortcuts) for `--option maps=...`, and wins over it."""
    runner = CliRunner()
    generic = runner.invoke(main, ["play", "--seed", "5", "--bots", "random", "--option", "maps=2"]).output
    shortcut = runner.invoke(main, ["play", "--seed", "5", "--bots", "random", "--maps", "2"]).output
    assert generic == shortcut and "map 2 Outdoor Areas, keeps" in generic
    assert runner.invoke(main, ["play", "--seed", "5", "--bots", "random", "--option", "maps=3", "--maps=2"]).output \
        == shortcut
    unknown = runner.invoke(main, ["play", "--option", "colour=red"])
    assert unknown.exit_code == 2 and "unknown Ark Nova option(s): colour" in unknown.output
    malformed = runner.invoke(main, ["play", "--option", "maps"])
    assert malformed.exit_code == 2 and "is not KEY=VALUE" in malformed.output


@pytest.mark.parametrize("command", [["play"], ["run", "--games", "1", "--out", "never"], ["tune"],
                                     ["tournament", "--bots", "random,default", "--out", "never"]])
def test_a_shortcut_for_a_game_without_that_option_is_one_line(command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, "--game", "arknoah", "--maps", "3"])
    assert result.exit_code == 2, result.output
    assert result.output == ("arkmc: error: unknown Ark & Noah option(s): maps (options: players, quick, max_rounds); "
                             "maps is an option of Ark Nova (--game arknova)\n")


@pytest.mark.parametrize("command", [["play"], ["run", "--games", "1", "--out", "never"], ["tune"],
                                     ["tournament", "--bots", "random,default", "--out", "never"],
                                     ["sweep", "--override-path", "cards.401.cost", "--values", "1,2", "--out", "never"]])
def test_an_option_of_another_game_names_that_game(command: list[str]) -> None:
    """Without --game the default game (Ark Nova) refuses Ark & Noah's `quick`; the line says whose it is."""
    result = CliRunner().invoke(main, [*command, "--option", "quick=true"])
    assert result.exit_code == 2, result.output
    assert result.output == ("arkmc: error: unknown Ark Nova option(s): quick; "
                             "quick is an option of Ark & Noah (--game arknoah)\n")


@pytest.mark.parametrize(("arguments", "line"), [
    (["--bots", "defualt"], "unknown bot 'defualt' (did you mean default?); available for arknova: "),
    (["--bots", "random,sponsor_engin"], "unknown bot 'sponsor_engin' (did you mean sponsor_engine?); "),
    (["--game", "arknva"], "unknown game 'arknva' (did you mean arknova?); available: "),
    (["--option", "mapz=3"], "unknown Ark Nova option(s): mapz; mapz (did you mean maps?)"),
    (["--maps", "9"], "maps must be one of random, draft, a map id (A, 0, 1 to 8) or one map id per seat separated by "
                      "commas, got 9"),
    (["--maps", "1,9"], "maps must list 2 map ids (A, 0, 1 to 8), got [1, 9]"),
])
def test_a_mistake_gets_the_fix_in_its_one_line(arguments: list[str], line: str) -> None:
    result = CliRunner().invoke(main, ["play", *arguments])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"arkmc: error: {line}") and result.output.count("\n") == 1, result.output


@pytest.mark.parametrize("arguments", [["--bots", "zzz"], ["--option", "zzz=1"]])
def test_a_name_close_to_none_gets_no_guess(arguments: list[str]) -> None:
    result = CliRunner().invoke(main, ["play", *arguments])
    assert result.exit_code == 2 and "did you mean" not in result.output and " is an option of " not in result.output


def test_the_help_names_whose_shortcut_a_flag_is_and_the_default_game_by_role() -> None:
    for command in ("play", "run", "sweep", "tournament", "tune"):
        text = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
        assert "--maps VALUE A shortcut of Ark Nova for --option maps=VALUE: A, 0, random" in text, command
        assert "[default: the installation's default game, marked in `arkmc games`]" in text, command


def test_the_top_level_help_loads_no_game() -> None:
    """The shortcuts come from the installed games; `arkmc --help` does not pay for loading them."""
    code = ("import sys\nfrom sim.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(name for name in sys.modules if name.endswith('.game') and name.startswith('sim.')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.splitlines()[-1] == "[]"


def test_without_game_a_command_plays_the_installations_default_game(monkeypatch) -> None:
    """No command names a game of its own: the default is the registry's (the `arkmc.default_game` entry point)."""
    from sim.pipeline import experiment

    monkeypatch.setattr(experiment, "default_game", lambda: "arknoah")
    result = CliRunner().invoke(main, ["play", "--bots", "random", "--seed", "1"])
    assert result.exit_code == 0, result.output
    named = CliRunner().invoke(main, ["play", "--game", "arknoah", "--bots", "random", "--seed", "1"])
    assert result.output == named.output and result.output.startswith("Round 1\n  P1 plans action")


def test_bots_for_a_game_and_an_unknown_card_kind() -> None:
    runner = CliRunner()
    listed = runner.invoke(main, ["bots", "--game", "arknova"]).output
    assert "default_search" in listed and "random" in listed
    bad = runner.invoke(main, ["cards", "--kind", "meeple"])
    assert bad.exit_code == 2 and "'meeple' is not a kind of arknova's cards" in bad.output
