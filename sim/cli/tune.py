"""`arkmc tune`: improve a bot archetype's weights by self-play (CMA-ES), checked on held-out seeds."""

from __future__ import annotations

from pathlib import Path

import click

from sim.cli.common import DATA, GAME, OPTION, ArkmcError, check_writable, factory_of, game_config, game_options
from sim.cli.shortcuts import OptionCommand
from sim.core.data_folder import resolved_folder


@click.command(cls=OptionCommand)
@GAME
@click.argument("archetype", default="default")
@click.option("--budget", type=int, default=2000, show_default=True, help="Games played during the search.")
@click.option("--seeds-per-candidate", type=int, default=4, show_default=True,
              help="Deals per candidate, each played from both seats.")
@click.option("--holdout", type=int, default=400, show_default=True,
              help="Games of tuned against start weights on held-out seeds.")
@click.option("--sigma", type=float, default=0.25, show_default=True, help="Initial step size (relative to each weight).")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of the search and held-out games.")
@click.option("--jobs", type=int, default=-1, show_default=True, help="Parallel workers, -1 = all cores.")
@OPTION
@DATA
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Archetype file to write.  [default: tuned_<archetype>.toml]")
def tune(game: str, archetype: str, budget: int, seeds_per_candidate: int, holdout: int, sigma: float, seed: int,
         jobs: int, options: tuple[str, ...], data: str | None, out: Path | None) -> None:
    """Tune ARCHETYPE (a shipped archetype name or an archetype file of the game's tunable bot family)
    by 2-player self-play against itself. The games use the game's study options unless --option says otherwise."""
    from heuristics.tuning import Match, tunable_of, tuned_fields, write_archetype
    from heuristics.tuning import tune as run_tune

    factory = factory_of(game, data)
    family = tunable_of(game)
    if family is None:
        raise ArkmcError(f"{factory.info.name} has no tunable bot family (a bot with a `tunable` attribute)")
    if budget < 4 * seeds_per_candidate or seeds_per_candidate < 1 or holdout < 0:
        raise ArkmcError(f"--budget must allow two candidates (at least {4 * max(1, seeds_per_candidate)} games), "
                         "--seeds-per-candidate at least 1, --holdout not negative")
    out = out or Path(f"tuned_{Path(archetype).stem}.toml")
    check_writable(out)
    chosen = {**factory.info.study_options, **game_options(options)}
    game_config(factory, 2, chosen)
    try:
        start = family.start(archetype)
    except ValueError as error:
        raise ArkmcError(str(error)) from None
    match = Match(game, chosen, family, resolved_folder(data or ""))
    result = run_tune(match, start, budget, seeds_per_candidate=seeds_per_candidate, holdout=holdout, seed=seed,
                      sigma=sigma, jobs=jobs)
    name = Path(archetype).stem
    low, high = result.interval
    write_archetype(out, family.archetype_text(
        result.tuned, f"{name} tuned by self-play: {result.search_games} games, seed {seed}; "
                      f"held-out win rate {result.holdout_rate:.1%} over {result.holdout_games} games"))
    click.echo(f"search: {result.search_games} games in {result.generations} generations")
    for field in tuned_fields(result.start):
        before, after = getattr(result.start, field), getattr(result.tuned, field)
        if after != before:
            click.echo(f"  {field:<18} {before!s:>8} -> {after:.4g}")
    click.echo(f"held-out: tuned vs start {result.holdout_rate:.1%} over {result.holdout_games} games, "
               f"95% CI [{low:.1%}, {high:.1%}]")
    click.echo(f"wrote {out}")
