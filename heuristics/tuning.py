"""Self-play tuning of a bot's weights with CMA-ES (the `cma` package), for any game.

A game's tunable bot family (a bot class with a `tunable` attribute implementing `Tunable`)
gives the start weights of an archetype, a bot playing given weights, and the text of an
archetype file; the weights are a frozen dataclass whose float fields are tuned.

The search runs over multiplicative factors of the start weights (a factor of 1 keeps
a weight, factors are kept at 0 or above, so a weight never changes sign). A candidate's
fitness is its mean final margin in points against the start weights over a few 2-player
games: far less noisy than wins, and a bot that wins by more also wins more often. All
candidates of a generation play the same seeds, each seed once from each seat, so they
are compared on equal deals. The budget counts every game played during the search.
The tuned weights (the search distribution's mean) are then played against the start
weights on held-out seeds, never used during the search, and reported with a Wilson interval.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Protocol

with warnings.catch_warnings():  # cma warns that matplotlib (only for its plots) is missing
    warnings.simplefilter("ignore")
    import cma
from joblib import Parallel, delayed

from sim.core.data_folder import factory_with_data
from sim.core.play import play_game
from sim.core.protocols import Bot
from sim.core.registry import get_game, known_bots
from sim.core.seeds import derive_seeds
from sim.pipeline.summary import wilson

SEARCH_KEY, HOLDOUT_KEY = 1, 2  # seed paths: search games and held-out games never share a seed
Weights = Any  # a frozen dataclass of a family's weights


class Tunable(Protocol):
    """What tuning needs of a bot family. Errors are ValueErrors with a one-line message."""

    def start(self, archetype: str) -> Weights:
        """The weights of a shipped archetype name or an archetype file."""

    def bot(self, weights: Weights) -> Bot:
        """A bot playing these weights."""

    def archetype_text(self, weights: Weights, description: str) -> str:
        """An archetype file holding these weights, which `--bots FILE` can name."""


def tunable_of(game: str) -> Tunable | None:
    """The game's tunable bot family: the one bot registered for it with a `tunable` attribute."""
    found = {id(factory.tunable): factory.tunable for factory in known_bots(game).values()
             if hasattr(factory, "tunable")}
    return next(iter(found.values())) if len(found) == 1 else None


def tuned_fields(weights: Weights) -> tuple[str, ...]:
    """The weights that tuning changes: the float fields."""
    return tuple(field.name for field in fields(weights) if field.type in ("float", float))


@dataclass(frozen=True)
class TuneResult:
    """What a tuning run found and how the tuned weights did on held-out seeds."""

    start: Weights
    tuned: Weights
    search_games: int
    generations: int
    holdout_games: int
    holdout_wins: float  # a shared win counts one half
    interval: tuple[float, float]

    @property
    def holdout_rate(self) -> float:
        return self.holdout_wins / self.holdout_games if self.holdout_games else 0.0


def scaled(start: Weights, factors: Sequence[float]) -> Weights:
    """The start weights with each tuned weight multiplied by its factor (at least 0)."""
    return replace(start, **{name: getattr(start, name) * max(0.0, float(factor))
                             for name, factor in zip(tuned_fields(start), factors)})


@dataclass(frozen=True)
class Match:
    """Where candidates meet: the game, its options (players set to 2), the family playing and the data
    folder in place of the game's own files ("" for none)."""

    game: str
    options: Mapping[str, Any]
    family: Tunable
    data: str = ""


def play_pair(match: Match, first: Weights, second: Weights, seed: int) -> tuple[float, float]:
    """One 2-player game, `first` in seat 0: its result (1 win, 0.5 shared, 0 loss) and its
    margin in points over seat 1."""
    factory = factory_with_data(get_game(match.game), match.data)
    game = factory.new_game(factory.validate({**match.options, "players": 2}), seed)
    record = play_game(game, [match.family.bot(first), match.family.bot(second)], seed)
    results = sorted(record.results, key=lambda result: result.seat)
    winners = [result.seat for result in results if result.rank == 1]
    return (0.0 if 0 not in winners else 1.0 / len(winners)), results[0].score - results[1].score


def compete(match: Match, candidates: Sequence[Weights], opponent: Weights, seeds: Sequence[int],
            jobs: int) -> list[tuple[float, float]]:
    """Each candidate's win rate and mean margin against `opponent`, every seed played from
    both seats, in parallel."""
    tasks = [(index, seat, seed) for index in range(len(candidates)) for seed in seeds for seat in (0, 1)]
    outcomes = Parallel(n_jobs=jobs)(
        delayed(play_pair)(match, *((candidates[index], opponent) if seat == 0 else (opponent, candidates[index])),
                           seed)
        for index, seat, seed in tasks)
    wins, margins = [0.0] * len(candidates), [0.0] * len(candidates)
    for (index, seat, _), (result, margin) in zip(tasks, outcomes, strict=True):
        wins[index] += result if seat == 0 else 1.0 - result
        margins[index] += margin if seat == 0 else -margin
    games = 2 * len(seeds)
    return [(win / games, margin / games) for win, margin in zip(wins, margins, strict=True)]


def tune(match: Match, start: Weights, budget: int, *, seeds_per_candidate: int = 2, holdout: int = 100,
         seed: int = 0, sigma: float = 0.25, jobs: int = 1) -> TuneResult:
    """CMA-ES over the start weights within `budget` search games, then a held-out match.

    Each candidate plays 2 x `seeds_per_candidate` games; the population is CMA-ES's default,
    cut down so at least one generation fits the budget (and never below 2).
    """
    tuned_names = tuned_fields(start)
    per_candidate = 2 * seeds_per_candidate
    default_population = 4 + int(3 * math.log(len(tuned_names)))  # CMA-ES's own default
    population = max(2, min(default_population, budget // per_candidate))
    strategy = cma.CMAEvolutionStrategy([1.0] * len(tuned_names), sigma,
                                        {"popsize": population, "seed": seed + 1, "verbose": -9})
    played, generation = 0, 0
    while played + population * per_candidate <= budget:
        factors = strategy.ask()
        seeds = derive_seeds(seed, seeds_per_candidate, SEARCH_KEY, generation)
        outcomes = compete(match, [scaled(start, x) for x in factors], start, seeds, jobs)
        strategy.tell(factors, [-margin for _, margin in outcomes])
        played += population * per_candidate
        generation += 1
    tuned = scaled(start, strategy.mean)
    holdout_seeds = derive_seeds(seed, (holdout + 1) // 2, HOLDOUT_KEY)
    rate = compete(match, [tuned], start, holdout_seeds, jobs)[0][0] if holdout_seeds else 0.0
    games = 2 * len(holdout_seeds)
    wins = rate * games
    return TuneResult(start, tuned, played, generation, games, wins, wilson(round(wins), games))


def write_archetype(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
