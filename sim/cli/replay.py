"""`arkmc replay`: one game of a finished run played again exactly and written as a page to watch."""

from __future__ import annotations

from pathlib import Path

import click

from sim.cli.common import ArkmcError, check_writable


@click.command(context_settings={"ignore_unknown_options": True})  # so that GAME -1 is a bad GAME, not an option
@click.argument("run_dir", type=click.Path(path_type=Path))
@click.argument("game", type=click.IntRange(min=0))
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="The page to write.  [default: reports/NAME-game-GAME.html, NAME = the run folder's name]")
@click.option("--log", "print_log", is_flag=True, help="Also print the game turn by turn, as `arkmc play` does.")
@click.option("--allow-code", is_flag=True,
              help="Let the run folder name Python bots or games (file.py:Class, module:Class). Naming them "
                   "runs their code: only for folders you trust.")
def replay(run_dir: Path, game: int, out: Path | None, print_log: bool, allow_code: bool) -> None:
    """Replay game GAME of the run in RUN_DIR and write it as one HTML page to watch.

    GAME is the game's number in the run's dataset (the `game` column, from 0). The run's folder
    holds everything that made the game: the game and its options (the maps), data overrides, the
    bots and the seed of that game, so an override run replays as well as any. The replay must end
    as the run recorded it (every seat's points, the number of decisions); otherwise it is refused
    with the likely reason (the game's data or the code changed since the run, or a bot with a
    wall-time budget).

    The page needs no network: step through the game turn by turn with the buttons, the slider or
    the arrow keys (Home and End jump to the setup and the final scores); each step shows every
    seat's zoo map drawn (Ark Nova: hex grid, rock and water, build bonuses, buildings with their
    sizes and animals), its tracks, its hand and final-scoring cards as that seat saw them, the
    shared table, and the game's log. Add #step=N to the page's address to open step N.
    """
    from sim.core.registry import code_allowed
    from sim.replay.page import write_page
    from sim.replay.run_game import ReplayError, replay_run_game

    target = out or Path("reports") / f"{run_dir.name}-game-{game}.html"
    check_writable(target)
    log: list[str] = []  # printed once the replay is known to be the run's game
    try:
        with code_allowed(allow_code):
            replayed = replay_run_game(run_dir, game, allow_code, log.append)
    except ReplayError as error:
        raise ArkmcError(str(error)) from None
    if print_log:
        click.echo("\n".join(log))
    try:
        write_page(target, replayed.page())
    except OSError as error:
        raise ArkmcError(f"cannot write {target}: {error.strerror or error}") from None
    points = ", ".join(f"P{result.seat + 1} {result.score:g}" for result in replayed.results)
    click.echo(f"replay written to {target}: {replayed.turns} turns"
               + (f", points {points} as the run recorded" if points else ", stopped by the safety cap as in the run"))
