"""`arkmc play`: one game, printed turn by turn."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from sim.cli.common import (
    BOTS,
    DATA,
    GAME,
    OPTION,
    PLAYERS,
    ArkmcError,
    bot_specs,
    check_writable,
    factory_of,
    game_config,
    game_options,
)
from sim.cli.shortcuts import OptionCommand
from sim.core.data_folder import resolved_folder
from sim.core.registry import make_bot
from sim.replay.page import game_facts, replay_page, seat_names, write_page
from sim.replay.recorder import GameRecorder


@click.command(cls=OptionCommand)
@GAME
@PLAYERS
@OPTION
@DATA
@BOTS
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the game.")
@click.option("--html", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Also write the game as one HTML page to watch, turn by turn (as `arkmc replay` does).")
def play(game: str, players: int | None, options: tuple[str, ...], data: str | None, bots: str, seed: int,
         html: Path | None) -> None:
    """Play one game and print every turn (as the game writes it; for Ark Nova: actions, buildings,
    cards, tracks, breaks) and the final scores. Exit code 1, with one line, when a bot breaks the game
    (an illegal option, an exception), 2 for bad input.

    To play a game of a run again (its options, data folder, data overrides, bots and seed, all read from
    the run's folder), use `arkmc replay RUN_DIR GAME --log`: the seed of a run's game is not the run's --seed.
    """
    from sim.core.play import play_game

    factory = factory_of(game, data)
    config = game_config(factory, players, game_options(options))
    specs = bot_specs(bots, config["players"], game)
    if html is not None:
        check_writable(html)
    state = factory.new_game(config, seed)
    recorder = GameRecorder(factory, state, config["players"], click.echo) if html is not None else None
    log = recorder.log if recorder is not None else factory.turn_log(state, click.echo)
    broken = False
    try:
        record = play_game(state, [make_bot(spec, game) for spec in specs], seed, listeners=[recorder or log])
        stopped = "" if record.status == "finished" else f"the game hit the safety cap after {record.decisions} decisions"
    except (Exception, SystemExit) as error:  # a bot that returns an illegal option, raises or exits
        broken, stopped = True, f"the game stopped: {type(error).__name__}: {error}"
    if recorder is not None and html is not None:  # the page of the game, also of one that stopped early
        if stopped:
            recorder.stop(stopped)
        else:
            recorder.finish(record.results)
        _write_page(html, recorder, f"{factory.info.title}: seed {seed}", specs,
                    game_facts(config, seed, resolved_folder(data or "")))
    elif stopped:
        log.flush()
    else:
        log.finish()
    if broken:
        click.echo(f"arkmc: {stopped}", err=True)
        sys.exit(1)
    if stopped:
        raise ArkmcError(stopped)


def _write_page(html: Path, recorder: GameRecorder, title: str, specs: list[str], facts: list[tuple[str, str]]) -> None:
    page = replay_page(recorder.steps, title, seat_names(specs), facts)
    try:
        write_page(html, page)
    except OSError as error:
        raise ArkmcError(f"cannot write {html}: {error.strerror or error}") from None
    click.echo(f"replay written to {html}", err=True)
