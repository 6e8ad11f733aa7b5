"""`arkmc tune`: improve an archetype's weights by self-play (CMA-ES), checked on held-out seeds."""

from __future__ import annotations

from pathlib import Path

import click

from sim.cli.common import ArkmcError


@click.command()
@click.argument("archetype", default="default")
@click.option("--budget", type=int, default=2000, show_default=True, help="Games played during the search.")
@click.option("--seeds-per-candidate", type=int, default=4, show_default=True,
              help="Deals per candidate, each played from both seats.")
@click.option("--holdout", type=int, default=400, show_default=True,
              help="Games of tuned against start weights on held-out seeds.")
@click.option("--sigma", type=float, default=0.25, show_default=True, help="Initial step size (relative to each weight).")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed of the search and held-out games.")
@click.option("--jobs", type=int, default=-1, show_default=True, help="Parallel workers, -1 = all cores.")
@click.option("--maps", default="random", show_default=True, help="Ark Nova maps option of the games.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Archetype file to write.  [default: tuned_<archetype>.toml]")
def tune(archetype: str, budget: int, seeds_per_candidate: int, holdout: int, sigma: float, seed: int, jobs: int,
         maps: str, out: Path | None) -> None:
    """Tune ARCHETYPE (a shipped name or an archetype .toml file) by 2-player self-play against itself."""
    from heuristics.arknova.evaluation import ArchetypeError
    from heuristics.arknova.heuristic import resolve_weights
    from heuristics.tuning import tune as run_tune, write_archetype

    if budget < 4 * seeds_per_candidate or seeds_per_candidate < 1 or holdout < 0:
        raise ArkmcError(f"--budget must allow two candidates (at least {4 * max(1, seeds_per_candidate)} games), "
                         "--seeds-per-candidate at least 1, --holdout not negative")
    try:
        start = resolve_weights(archetype, None)
    except ArchetypeError as error:
        raise ArkmcError(str(error)) from None
    result = run_tune(start, budget, seeds_per_candidate=seeds_per_candidate, holdout=holdout, seed=seed,
                      sigma=sigma, jobs=jobs, options={"maps": maps})
    name = Path(archetype).stem
    out = out or Path(f"tuned_{name}.toml")
    low, high = result.interval
    write_archetype(out, result.tuned, f"{name} tuned by self-play: {result.search_games} games, seed {seed}; "
                                       f"held-out win rate {result.holdout_rate:.1%} over {result.holdout_games} games")
    click.echo(f"search: {result.search_games} games in {result.generations} generations")
    for field, before in result.start.as_table().items():
        after = result.tuned.as_table()[field]
        if after != before:
            click.echo(f"  {field:<18} {before!s:>8} -> {after:.4g}")
    click.echo(f"held-out: tuned vs start {result.holdout_rate:.1%} over {result.holdout_games} games, "
               f"95% CI [{low:.1%}, {high:.1%}]")
    click.echo(f"wrote {out}")
